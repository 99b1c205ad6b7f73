"""Targets named in another order than the card's text asks for them (QA 60 U1).

Targets are announced slot by slot in the order of the card's text (CR 601.2c), and the
scenario language takes them in that order.  "Decimate targeting Ornithopter, Oblivion Ring,
Grizzly Bears and Forest" names them in a natural order instead (artifact, enchantment,
creature, land, where the card says "target artifact, target creature, target enchantment, and
target land").  When the order given doesn't fit the slots' descriptions but exactly one
assignment of the named objects does, that is what was meant: the targets are taken in it.
When several assignments fit, the bot can't tell which was meant: it asks for the card's order
instead of answering with a rules verdict for a phrasing problem.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from bot.engine.errors import EngineError
from bot.engine.model import GameObject
from bot.engine.mtg.legality import Targeting, with_granted_keywords
from bot.engine.mtg.state import GameState, TargetRef
from bot.engine.mtg.statics import as_seen
from bot.engine.requirements import TargetSlot
from bot.engine.wording import and_list

# Past this many slots the permutations get too many to try (Decimate has four).
_MOST_SLOTS = 6


def _fits_description(state: GameState, who: Targeting, slot: TargetSlot, obj: GameObject) -> bool:
    """Whether ``obj`` is the kind of object ``slot`` describes ("target creature", 115.1),
    leaving aside what else may stop it being chosen (hexproof, protection: checked later)."""
    if obj.zone not in slot.filter.zones:
        return False
    return slot.filter.matches(
        with_granted_keywords(state, as_seen(state, obj)), who.context(state)
    )


def _one(given: TargetRef | Sequence[TargetRef]) -> TargetRef | None:
    """The one target named for a slot, given alone or grouped for its slot."""
    if isinstance(given, (int, str)):
        return given
    return given[0] if len(given) == 1 else None


def in_slot_order(
    state: GameState,
    who: Targeting,
    slots: Sequence[TargetSlot],
    targets: Sequence[TargetRef | Sequence[TargetRef]],
    name: str,
) -> list[TargetRef | Sequence[TargetRef]]:
    """``targets`` (one object per slot) in the order of ``slots`` (CR 601.2c): unchanged when
    that order fits the slots or no order does; reordered when exactly one order does; an
    ``EngineError`` naming the slot order when several do."""
    given = list(targets)
    if not (2 <= len(slots) <= _MOST_SLOTS) or len(given) != len(slots):
        return given
    if any(slot.min_count != 1 or slot.max_count != 1 or slot.divided for slot in slots):
        return given
    objects = [state.objects.get(ref) if isinstance(ref, int) else None for ref in map(_one, given)]
    if any(obj is None for obj in objects):
        return given  # players, or an object that left: the usual checks say what's wrong
    fits = [
        [_fits_description(state, who, slot, obj) for slot in slots]
        for obj in objects
        if obj is not None
    ]
    if all(fits[i][i] for i in range(len(slots))):
        return given  # in the card's order already: any illegality is a rules verdict
    # The same object named twice (Dryad Arbor as the creature and the land, 115.3) gives the
    # same assignment either way round: one choice, not two.
    orders = {
        tuple(_one(given[target]) for target in order): order
        for order in itertools.permutations(range(len(given)))
        if all(fits[target][slot] for slot, target in enumerate(order))
    }
    if len(orders) == 1:
        return [given[target] for target in next(iter(orders.values()))]
    if len(orders) > 1:
        wanted = and_list(f"“{slot.text}”" for slot in slots)
        raise EngineError(
            f"{name}'s targets are chosen in the order its text asks for them (601.2c): "
            f"{wanted}; the objects named fit more than one of them, so say them in that order.",
            hint=f"Say “… casts {name} targeting …” with one object for each, in that order.",
        )
    return given  # none fits: the usual check says which target doesn't match


__all__ = ["in_slot_order"]
