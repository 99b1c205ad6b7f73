"""Conquer and hold effects (383.4.c, 383.4.d): which triggered abilities a player's conquer or
hold of a battlefield triggers, and how many times.

Combat and showdowns aren't modelled, so a conquer or a hold is stated ("Alice conquers
Targon's Peak."): the units' own "When I conquer" / "When I hold" (and [Hunt], 823.1.c.1)
trigger for the player's units at that battlefield (383.4.c.2.a, 383.4.d.2.a); "When you
conquer" / "When you hold" of anything the player controls (383.4.c.2.b, 383.4.d.2.b); "When
you conquer here" of the battlefield itself (466.2).  "Your conquer effects for conquering
here trigger an additional time" (Red Brambleback) and its hold twin (Blue Sentinel) add one
each.  A condition with more words ("... with one or more [Mighty] units") is one the bot
doesn't check, so it is not announced.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.riftbound.abilities import RbAbility

# A 1v1 game, the bot's default mode (480.3: "Victory Score: 8").
DUEL_VICTORY_SCORE = 8

CONQUER = "conquer"
HOLD = "hold"

# "When I conquer", "When you hold here", "When you conquer or hold", "When you or an ally
# hold", "When I'm played and when I conquer" (the part after "and" is the conquer).
_SCORE_CONDITION = re.compile(
    r"^when (?:I['’]m played (?:and|or) when )?(?P<who>I|you|you or an ally) "
    r"(?P<what>conquer or hold|conquer|hold)(?P<here> here)?"
    # Sunken Temple: "When you conquer here with one or more [Mighty] units".
    r"(?P<mighty> with one or more \[mighty\] units)?"
    # Yone, Blademaster: "When I conquer a battlefield that was uncontrolled" (169.10.b).
    r"(?P<uncontrolled> a battlefield that was uncontrolled)?$",
    re.IGNORECASE,
)
# Any other condition that names a conquer or hold ("When I conquer after an attack", "The
# first time I conquer each turn"): not read, so named as not checked.
_NAMES_SCORE = re.compile(r"\b(?P<what>conquer|hold)\b", re.IGNORECASE)
_AGAIN = re.compile(
    r"your (?P<what>conquer|hold) effects for (?:conquering|holding) here trigger an "
    r"additional time",
    re.IGNORECASE,
)
# "[Hunt 2] (When I conquer or hold, gain 2 XP.)": short for "When I Conquer or Hold, my
# controller gains X XP" (823.1.c.1).
# "[Hunt]" alone is Hunt 1 (Hunter's Machete: "(When I conquer or hold, gain 1 XP.)").
_HUNT = re.compile(r"\[Hunt(?:\s*(?P<n>\d+))?\]", re.IGNORECASE)
HUNT_TEXT = "When I conquer or hold, gain {n} XP."


@dataclass(frozen=True)
class ScoreEffect:
    """An ability a conquer or hold triggers: ``whose`` is "unit" ("When I ..."), "player"
    ("When you ...") or "here" ("When you ... here")."""

    ability: RbAbility
    whose: str
    # "... with one or more [Mighty] units": the player's units there must include one (708).
    needs_mighty: bool = False
    # "... a battlefield that was uncontrolled": no player controlled it before (169.10.b).
    needs_uncontrolled: bool = False


def score_effects(abilities: Sequence[RbAbility], how: str) -> list[ScoreEffect]:
    """The triggered abilities among ``abilities`` whose condition a ``how`` (``CONQUER`` or
    ``HOLD``) meets."""
    found: list[ScoreEffect] = []
    for ability in abilities:
        if ability.kind != "triggered" or ability.reflexive:
            continue
        condition = _SCORE_CONDITION.match(ability.text.partition(",")[0].strip())
        if condition is None or how not in condition.group("what").lower():
            continue
        who = condition.group("who").lower()
        whose = "unit" if who == "i" else "here" if condition.group("here") else "player"
        found.append(
            ScoreEffect(
                ability,
                whose,
                bool(condition.group("mighty")),
                bool(condition.group("uncontrolled")),
            )
        )
    return found


def unread_score_conditions(abilities: Sequence[RbAbility], how: str) -> list[RbAbility]:
    """The triggered abilities among ``abilities`` whose condition names a ``how`` in words
    ``score_effects`` doesn't read ("When I conquer after an attack"): the bot says it doesn't
    check them rather than pass them over in silence (QA 44 U1)."""
    found: list[RbAbility] = []
    for ability in abilities:
        if ability.kind != "triggered" or ability.reflexive or ability.keyword:
            continue
        condition = ability.text.partition(",")[0].strip()
        named = {m.group("what").lower() for m in _NAMES_SCORE.finditer(condition)}
        if how in named and _SCORE_CONDITION.match(condition) is None:
            found.append(ability)
    return found


def adds_another_time(text: str, how: str) -> bool:
    """Does ``text`` say its controller's ``how`` effects for scoring its battlefield trigger
    an additional time (Red Brambleback, Blue Sentinel)?"""
    return any(m.group("what").lower() == how for m in _AGAIN.finditer(text))


def hunt_value(text: str) -> int:
    """The Hunt Value of a unit's [Hunt X] (823.1.c.3), the sum of them (823.2); 0 without."""
    return sum(int(m.group("n") or 1) for m in _HUNT.finditer(text))


__all__ = [
    "CONQUER",
    "DUEL_VICTORY_SCORE",
    "HOLD",
    "HUNT_TEXT",
    "ScoreEffect",
    "adds_another_time",
    "hunt_value",
    "score_effects",
    "unread_score_conditions",
]
