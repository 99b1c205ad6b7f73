"""Abilities in quotation marks that a resolving spell gives to creatures: Brawl's "Until end
of turn, all creatures gain "{T}: This creature deals damage equal to its power to target
creature."" (CR 113.1a: an object may gain abilities from an effect; 613.1f: layer 6).

The granted ability is kept with the object's keywords, quotation marks included, so it ends
as they do ("until end of turn": a later turn, 514.2), it shows on the board, and it can be
activated like a printed one (602.1): ``MtgGame.ability_spec`` reads it as that object's text.
"""

from __future__ import annotations

import re

from bot.engine.model import GameObject, Zone
from bot.engine.mtg.state import GameState
from bot.engine.mtg.statics import gaining
from bot.engine.mtg.this_turn import gaining_this_turn, lasts_this_turn

# "Until end of turn, all creatures gain "..."", "Creatures you control gain "..." until end of
# turn", "Each creature you control gains "..."": the creatures on the battlefield as it
# resolves (611.2c) and the quoted ability.
_GROUP_GAINS_QUOTED = re.compile(
    r"^(?:until end of turn, )?(?P<who>all creatures|creatures you control|each creature"
    r"(?: you control)?|other creatures you control) gains? "
    r"(?P<ability>[\"“][^\"”]+[\"”])(?: until end of turn)?\.?$",
    re.IGNORECASE,
)


def is_granted_ability(keyword: str) -> bool:
    """Whether a keyword entry is a granted ability in quotation marks."""
    return keyword[:1] in ('"', "“")


def granted_ability_text(keyword: str) -> str:
    """The granted ability's own text, without its quotation marks."""
    return keyword.strip().strip('"“”')


def group_grants_quoted(state: GameState, controller: str, text: str) -> GameState | None:
    """``state`` after the quoted ability ``text`` gives the creatures it names (``controller``'s
    for "you control"), or None when ``text`` isn't such a grant."""
    found = _GROUP_GAINS_QUOTED.match(text.strip())
    if found is None:
        return None
    who = found["who"].lower()
    ability = '"' + granted_ability_text(found["ability"]) + '"'
    mine = "you control" in who
    for obj in state.zone_objects(Zone.BATTLEFIELD):
        if obj.phased_out or "creature" not in obj.card_types:
            continue
        if mine and obj.controller.casefold() != controller.casefold():
            continue
        state = _gain(state, obj, ability, this_turn=lasts_this_turn(text))
    return state


def _gain(state: GameState, obj: GameObject, ability: str, *, this_turn: bool) -> GameState:
    if this_turn:
        return gaining_this_turn(state, obj.id, {ability})
    return state.with_object(gaining(obj, frozenset({ability}), state.next_id))
