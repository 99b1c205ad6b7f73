"""Regeneration shields (CR 701.19, 614.8).

"Regenerate [permanent]" from a resolving spell or ability means "The next time [permanent]
would be destroyed this turn, instead remove all damage marked on it and its controller taps it.
If it's an attacking or blocking creature, remove it from combat." (701.19a). It is a
destruction-replacement effect (614.8): it replaces being destroyed (a "destroy" effect, lethal
damage 704.5g, deathtouch damage 704.5h), never being sacrificed, exiled or put into the
graveyard for toughness 0 or less (704.5f). "Can't be regenerated" doesn't stop a shield being
made; it stops it being applied (701.19c).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from bot.engine.cards import names_itself
from bot.engine.frozen import evolve
from bot.engine.model import Zone, removed_from_combat
from bot.engine.mtg.state import GameState

RULES = ("701.19a", "614.8")

# "Regenerate this creature", "Regenerate target creature", "Regenerate enchanted creature",
# "Regenerate Thrun", "Regenerate each creature you control" (the effect, not "can't be
# regenerated").
_REGENERATE = re.compile(r"^regenerate\b(?P<what>[^.]*)", re.IGNORECASE)
_SELF = re.compile(r"^(?:this (?:creature|permanent|token|artifact)|~|it)$", re.IGNORECASE)
_HOST = re.compile(r"^(?:enchanted|equipped) creature$", re.IGNORECASE)
_EACH_YOU_CONTROL = re.compile(r"^(?:each|all) (?P<what>[a-z ]*?)creatures? you control$", re.I)
# "Destroy target creature. It can't be regenerated." / "They can't be regenerated." /
# "Creatures destroyed this way can't be regenerated.": the destruction ignores shields.
_NO_REGENERATION = re.compile(r"\bcan't be regenerated(?! this turn)", re.IGNORECASE)
# "A creature dealt damage this way can't be regenerated this turn." (Incinerate), "Target
# creature can't be regenerated this turn." (Cinder Wall's kin): kept until a later turn.
_NOT_THIS_TURN = re.compile(r"\bcan't be regenerated this turn\b", re.IGNORECASE)


def regenerates(text: str) -> bool:
    """Whether a resolving part is a "Regenerate ..." effect (701.19a)."""
    return _REGENERATE.match(text.strip()) is not None


def bars_regeneration(text: str) -> bool:
    """Whether a spell's or ability's text makes its destruction ignore shields ("It can't be
    regenerated.", 701.19c)."""
    return _NO_REGENERATION.search(text) is not None


def bars_regeneration_this_turn(text: str) -> bool:
    """Whether a part says its objects "can't be regenerated this turn" (Incinerate)."""
    return _NOT_THIS_TURN.search(text) is not None


def regenerated_objects(
    state: GameState,
    text: str,
    source_id: int | None,
    controller: str,
    targets: Iterable[int],
) -> list[int]:
    """The permanents a "Regenerate ..." part makes a shield for: its targets, else the
    ability's source ("this creature", its own name), the permanent its source is attached to
    ("enchanted creature"), or each creature its controller controls."""
    found = _REGENERATE.match(text.strip())
    if found is None:
        return []
    chosen = [ref for ref in targets if ref in state.objects]
    if chosen:
        return chosen
    what = found["what"].strip()
    # Carapace's "Sacrifice this Aura: Regenerate enchanted creature": the creature it was
    # attached to as it left (last known information, 608.2h).
    source = state.last_known(source_id) if source_id is not None else None
    if _HOST.match(what):
        host = source.attached_to if source is not None else None
        return [host] if host is not None and host in state.objects else []
    if each := _EACH_YOU_CONTROL.match(what):
        kind = each["what"].strip().lower()
        return [
            obj.id
            for obj in state.zone_objects(Zone.BATTLEFIELD)
            if obj.controller == controller
            and "creature" in obj.card_types
            and (not kind or kind in obj.subtypes)
        ]
    if (
        source is not None
        and source.id in state.objects
        and (_SELF.match(what) or (bool(what) and names_itself(what, source.name)))
    ):
        return [source.id]
    return []


def with_shield(state: GameState, object_id: int) -> GameState:
    """``state`` with one more regeneration shield on the permanent (701.19a: each applies
    to one destruction)."""
    shields: Mapping[int, int] = state.regeneration_shields
    return evolve(state, regeneration_shields={**shields, object_id: shields.get(object_id, 0) + 1})


def with_regeneration_barred(state: GameState, object_id: int) -> GameState:
    """``state`` where the permanent "can't be regenerated this turn" (701.19c)."""
    return evolve(state, unregenerable=state.unregenerable | {object_id})


def shielded(state: GameState, object_id: int, *, barred: bool = False) -> bool:
    """Whether destroying the permanent now would be replaced by regeneration: it has a shield
    and nothing says it can't be regenerated (701.19c)."""
    return (
        not barred
        and state.regeneration_shields.get(object_id, 0) > 0
        and object_id not in state.unregenerable
    )


def barred_shield_note(state: GameState, object_id: int, *, barred: bool) -> str:
    """Why a shield on a destroyed permanent did nothing ("" when it had none)."""
    if state.regeneration_shields.get(object_id, 0) <= 0:
        return ""
    if not (barred or object_id in state.unregenerable):
        return ""
    return (
        f"{state.label(object_id)}'s regeneration shield isn't applied: it can't be "
        "regenerated (701.19c), so it is destroyed"
    )


def regenerate(state: GameState, object_id: int, why: str) -> tuple[GameState, str]:
    """``state`` after a shield replaces the permanent's destruction (701.19a): one shield is
    used, all damage marked on it is removed, its controller taps it, and it leaves combat.
    ``why``: what would have destroyed it ("by Murder", "(3 damage marked, toughness 1, 704.5g)")."""
    obj = state.obj(object_id)
    fighting = obj.attacking or obj.blocking
    healed = removed_from_combat(evolve(obj, damage=0, tapped=True))
    left = state.regeneration_shields.get(object_id, 0) - 1
    shields = {k: v for k, v in state.regeneration_shields.items() if k != object_id}
    if left > 0:
        shields[object_id] = left
    state = evolve(state.with_object(healed), regeneration_shields=shields)
    said = (
        f"{state.label(object_id)} would be destroyed {why}, but it regenerates instead "
        "(614.8): its damage is removed and it is tapped"
    )
    if fighting:
        said += ", and removed from combat"
    if left > 0:
        said += f"; {left} regeneration shield{'s' if left != 1 else ''} left"
    return state, said + " (701.19a)"


def regenerated_instead(
    state: GameState, object_id: int, why: str, *, barred: bool = False
) -> tuple[GameState, str] | None:
    """The state and what happened when a shield replaces destroying the permanent now (``why``
    it would be destroyed), or None when it is destroyed (no shield, or it can't be
    regenerated: 701.19c)."""
    if not shielded(state, object_id, barred=barred):
        return None
    return regenerate(state, object_id, why)
