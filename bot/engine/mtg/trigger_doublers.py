"""Permanents that make other abilities trigger an additional time: "If an artifact or creature
entering causes a triggered ability of a permanent you control to trigger, that ability
triggers an additional time." (Panharmonicon; Yarok and Elesh Norn for any permanent), "If a
creature dying causes ..." (Teysa Karlov, Drivnod).

CR 603.2d: "rather than simply determining that such an ability has triggered, determine how
many times it should trigger, then that ability triggers that many times."  Each doubler adds
one (Panharmonicon's ruling: two of them make three, not four), and each instance is put on the
stack separately, its targets chosen for each (the rulings of Panharmonicon and Teysa: "doesn't
copy the triggered ability; it just causes the ability to trigger twice").  Only the
controller's own doublers count ("a permanent you control").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine.model import GameObject, Zone
from bot.engine.mtg.state import GameState
from bot.engine.mtg.statics import loses_all_abilities, rules_text_lost_to

RULE = "603.2d"
_DOUBLER = re.compile(
    r"^if (?:an? )?(?P<what>[a-z ]+?) (?P<event>entering|dying)(?: the battlefield)? causes a "
    r"triggered ability of a permanent you control to trigger, that ability triggers an "
    r"additional time\.?$",
    re.IGNORECASE,
)
_KINDS = frozenset({"artifact", "creature", "enchantment", "land", "planeswalker", "battle"})


@dataclass(frozen=True)
class Extra:
    """How many more times an ability triggers, and what makes it (603.2d)."""

    times: int = 0
    by: tuple[str, ...] = ()

    def note(self, ability: str) -> str:
        """ "Panharmonicon: Flametongue Kavu's ability triggers 2 times (603.2d)"; "" if none."""
        if not self.times:
            return ""
        return (
            f"{' and '.join(self.by)}: {ability} triggers {1 + self.times} times ({RULE}); each "
            "instance goes on the stack on its own, with its own targets if it has any"
        )


def extra_triggers(
    state: GameState,
    source: GameObject,
    *,
    entering: GameObject | None = None,
    dying: GameObject | None = None,
) -> Extra:
    """How many additional times ``source``'s ability triggers because ``entering`` entered
    or ``dying`` died (as it last existed), counting the doublers its controller controls on
    ``state`` (for a death, the state just before it: Teysa dying at the same time still
    counts, her ruling)."""
    subject, event = (entering, "entering") if entering is not None else (dying, "dying")
    if subject is None:
        return Extra()
    by: list[str] = []
    for doubler in state.zone_objects(Zone.BATTLEFIELD):
        if doubler.controller != source.controller or doubler.phased_out:
            continue
        if "additional time" not in doubler.oracle_text:
            continue
        if loses_all_abilities(state, doubler) or rules_text_lost_to(state, doubler):
            continue
        for line in doubler.oracle_text.splitlines():
            found = _DOUBLER.match(line.strip())
            if found and found["event"].lower() == event and _fits(found["what"], subject):
                by.append(doubler.name)
    return Extra(len(by), tuple(by))


def _fits(what: str, subject: GameObject) -> bool:
    kinds = [word for word in what.lower().split() if word != "or"]
    if kinds == ["permanent"]:
        return True
    return all(kind in _KINDS for kind in kinds) and any(
        kind in subject.card_types for kind in kinds
    )
