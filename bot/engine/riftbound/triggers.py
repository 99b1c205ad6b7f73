"""Which of a permanent's own triggered abilities trigger as it is played or as it dies, and
whether the bot can put one on the chain by itself.

"When you play me" ("When you play this" for gear, 376.4.a.1 in v1.2) triggers as the card is
played; [Deathknell] ("When I die", 808.1.c) triggers as the unit is killed and goes to the
trash (323.4, 428.1.a.1.b), not when a replacement recalled or banished it instead
(808.1.d.1).  A trigger goes on the chain when its condition is met (383.3), unless its effect
starts with "you may" (the controller chooses, 383.3.a) or a conditional statement follows the
condition that the bot can't check (383.3.e).  One that chooses targets needs its choices,
which only a statement can say.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.riftbound.abilities import RbAbility
from bot.engine.riftbound.analysis import analyse

# The trigger conditions a play meets: "When you play me", "When you play this", "When I'm
# played and when I conquer", "When you play me or when I hold", "When you play me or another
# Dragon".  "... to a battlefield" only when it was played to one; "from face down" never
# here (hidden cards aren't stated).
_PLAY_CONDITION = re.compile(
    r"^when (?:you play (?:me|this)|I['’]m played)(?P<where> to a battlefield)?"
    r"(?:\s+(?:or|and)\s+(?!.*\bface ?down\b).+)?$",
    re.IGNORECASE,
)
_DEATH_CONDITION = re.compile(r"^when I die$", re.IGNORECASE)
_YOU_MAY = re.compile(r"^you may\b", re.IGNORECASE)
_IF = re.compile(r"^if\b", re.IGNORECASE)


@dataclass(frozen=True)
class Triggered:
    """One of the object's abilities whose trigger condition was just met, and what the bot
    does with it: ``chain`` (it needs nothing more: the bot puts it on the chain),
    ``targets`` (its choices must be said), ``may`` (its controller decides, 383.3.a) or
    ``if`` (a condition the bot doesn't check, 383.3.e)."""

    ability: RbAbility
    handling: str


def _condition(ability: RbAbility) -> str:
    return ability.text.partition(",")[0].strip()


def play_triggers(
    abilities: Sequence[RbAbility], *, to_battlefield: bool, version: str
) -> list[Triggered]:
    """The played card's own triggered abilities whose condition the play met (keyword
    triggers that attach gear, Quick-Draw and Weaponmaster, have notes of their own)."""
    found: list[Triggered] = []
    for ability in abilities:
        if ability.kind != "triggered" or ability.keyword or ability.reflexive:
            continue
        condition = _PLAY_CONDITION.match(_condition(ability))
        if condition is None or (condition.group("where") and not to_battlefield):
            continue
        found.append(Triggered(ability, _handling(ability, version)))
    return found


def death_triggers(abilities: Sequence[RbAbility], version: str) -> list[Triggered]:
    """The dead card's [Deathknell] / "When I die" abilities (808.1.c); "When I die in
    combat" (Draven) needs a combat the bot doesn't keep, so it is left out."""
    return [
        Triggered(a, _handling(a, version))
        for a in abilities
        if a.kind == "triggered" and _DEATH_CONDITION.match(_condition(a))
    ]


def _handling(ability: RbAbility, version: str) -> str:
    effect = (ability.effect or "").strip()
    if _YOU_MAY.match(effect):
        return "may"
    if _IF.match(effect):
        return "if"
    if analyse(ability.text, version=version, ability="triggered").targets:
        return "targets"
    return "chain"


__all__ = ["Triggered", "death_triggers", "play_triggers"]
