"""A card's mandatory additional cost "kill a friendly unit" (356.6): Cruel Patron's "As an
additional cost to play me, kill a friendly unit.", Sacrifice's "... kill a friendly [Mighty]
unit.", Stalking Wolf's "... kill a Bird, Cat, Dog, or Poro you control.".

356.6's own example: "Killing a friendly unit is an additional cost to play that card."  The
unit is chosen as the card is played and killed as the cost is paid (357.2, an Active Kill,
428.1.a.1); a card whose cost no unit can pay can't be played (358.4: the play is undone).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine.riftbound.model import BOARD_ZONES, RbKind, RbObject
from bot.engine.riftbound.state import RbCard, RbState, might_now

# "As an additional cost to play me, kill a friendly [Mighty] unit." - its own line.  A cost
# the player "may" pay (Zaun Punk's "You may kill a friendly gear as an additional cost") is
# optional and isn't read here.
_KILL_COST = re.compile(
    r"^\s*As an additional cost to play (?:me|this),\s*kill\s+"
    r"(?P<what>an? friendly (?P<mighty>\[Mighty\]\s+)?unit|an? (?P<tags>[A-Za-z' ,]+?) you "
    r"control)\s*\.",
    re.IGNORECASE | re.MULTILINE,
)
MIGHTY = 5  # 708: a unit "is Mighty" as long as its Might is 5 or greater


@dataclass(frozen=True)
class KillCost:
    """What a card's additional cost kills: ``what`` as printed ("a friendly [Mighty] unit"),
    only a Mighty unit when ``mighty``, only a unit with one of ``tags`` when any."""

    what: str
    mighty: bool = False
    tags: tuple[str, ...] = ()

    @property
    def words(self) -> str:
        """``what`` without its brackets: "a friendly Mighty unit"."""
        return self.what.replace("[", "").replace("]", "")


def kill_cost(card: RbCard) -> KillCost | None:
    """The card's mandatory "kill a friendly unit" additional cost, if it has one."""
    if card.kind not in (RbKind.UNIT, RbKind.SPELL, RbKind.GEAR):
        return None
    found = _KILL_COST.search(card.text.replace("’", "'"))
    if found is None:
        return None
    tags = found.group("tags")
    return KillCost(
        " ".join(found.group("what").split()),
        mighty=bool(found.group("mighty")),
        tags=tuple(t.lower() for t in re.split(r",\s*(?:or\s+)?|\s+or\s+", tags) if t)
        if tags
        else (),
    )


def why_not_payer(state: RbState, player: str, cost: KillCost, obj: RbObject) -> str:
    """Why killing ``obj`` can't pay ``player``'s ``cost``; "" when it can."""
    if obj.kind is not RbKind.UNIT or obj.zone not in BOARD_ZONES:
        return f"{obj.name} is not a unit on the board"
    if obj.controller != player:
        return f"{obj.name} is {obj.controller or 'nobody'}'s, not a unit {player} controls"
    if cost.mighty:
        might = might_now(state, obj) or 0
        if might < MIGHTY:
            return f"{obj.name} has {might} Might, so it isn't Mighty (5 or more)"
    if cost.tags and not any(tag in obj.tags for tag in cost.tags):
        return f"{obj.name} is not {cost.what.removesuffix(' you control')}"
    return ""


def payers(state: RbState, player: str, cost: KillCost) -> list[RbObject]:
    """The units ``player`` could kill to pay ``cost`` now."""
    return [
        obj
        for obj in state.objects.values()
        if obj.kind is RbKind.UNIT
        and obj.zone in BOARD_ZONES
        and not why_not_payer(state, player, cost, obj)
    ]
