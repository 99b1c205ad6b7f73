"""Changes that last "until end of turn" or "this turn" (CR 514.2, 611.2a).

A resolved spell or ability that gives a permanent +3/+3 (Giant Growth), a keyword (Jump's
flying) or "can't block" (Goblin Shortcutter, Falter) "until end of turn" or "this turn" is kept
on the game as a ``TurnChange``; "It is a later turn." ends them all, as the cleanup step does
(514.2). An object that changed zones is a new object the change never applied to (400.7).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from bot.engine.frozen import evolve
from bot.engine.model import GameObject
from bot.engine.mtg.state import GameState, TurnChange
from bot.engine.mtg.statics import gaining, pumped
from bot.engine.wording import and_list

_LASTS_THIS_TURN = re.compile(r"\buntil end of turn\b|\bthis turn\b", re.IGNORECASE)


def lasts_this_turn(text: str) -> bool:
    """Whether an effect's text says it lasts only "until end of turn" or "this turn"."""
    return _LASTS_THIS_TURN.search(text) is not None


def pumped_this_turn(state: GameState, object_id: int, power: int, toughness: int) -> GameState:
    """``state`` after the object gets +``power``/+``toughness`` until end of turn (layer 7c,
    CR 613.4c), kept so that "It is a later turn." takes it off again (514.2)."""
    state = state.with_object(pumped(state.obj(object_id), power, toughness))
    return _kept(state, TurnChange(object_id, power=power, toughness=toughness))


def gaining_this_turn(state: GameState, object_id: int, keywords: Iterable[str]) -> GameState:
    """``state`` after the object gains ``keywords`` until end of turn (with its timestamp,
    CR 613.7): those it didn't have already are lost again when "It is a later turn." (514.2)."""
    obj = state.obj(object_id)
    words = frozenset(keywords)
    state = state.with_object(gaining(obj, words, state.next_id))
    new = words - obj.keywords
    return _kept(state, TurnChange(object_id, keywords=new)) if new else state


def player_gaining_this_turn(state: GameState, name: str, keywords: Iterable[str]) -> GameState:
    """``state`` after the player gains ``keywords`` until end of turn (Blossoming Calm's
    hexproof): those the player didn't have already are lost again at a later turn (514.2)."""
    player = state.player(name)
    new = frozenset(keywords) - player.keywords
    state = state.with_player(evolve(player, keywords=player.keywords | new))
    return _kept(state, TurnChange(0, player=player.name, keywords=new)) if new else state


def _kept(state: GameState, change: TurnChange) -> GameState:
    return evolve(state, turn_changes=(*state.turn_changes, change))


def end_turn_changes(state: GameState) -> tuple[GameState, list[str]]:
    """``state`` once every "until end of turn" change has ended (CR 514.2), and what ended,
    one phrase per object ("Grizzly Bears's +3/+3 and flying")."""
    ended: dict[int, list[str]] = {}
    players_ended: dict[str, set[str]] = {}
    for change in state.turn_changes:
        if change.player:
            state, player_lost = _player_change_ended(state, change)
            players_ended.setdefault(change.player, set()).update(player_lost)
            continue
        obj = state.objects.get(change.object_id)
        if obj is None:
            continue  # it left its zone: the new object never had the change (CR 400.7)
        said = ended.setdefault(obj.id, [])
        if change.power or change.toughness:
            obj = pumped(obj, -change.power, -change.toughness)
            said.append(f"{change.power:+d}/{change.toughness:+d}")
        lost = change.keywords & obj.keywords
        if lost:
            obj = _without(obj, lost)
            said.append(_keywords_said(lost))
        state = state.with_object(obj)
    state = evolve(state, turn_changes=())
    return state, [
        f"{state.label(object_id)}'s {and_list(said)}" for object_id, said in ended.items() if said
    ] + [f"{name}'s {_keywords_said(lost)}" for name, lost in players_ended.items() if lost]


def _keywords_said(keywords: Iterable[str]) -> str:
    """ "flying and “hexproof from black”": a keyword of several words is quoted (a granted
    ability is kept in its own quotation marks: Brawl's "{T}: ...")."""
    return and_list(
        f"“{word.strip(chr(34))}”" if " " in word else word for word in sorted(keywords)
    )


def _player_change_ended(state: GameState, change: TurnChange) -> tuple[GameState, set[str]]:
    """The player's keywords gained until end of turn taken off again (CR 514.2); a player who
    left the game keeps no effects to end (104.5)."""
    if change.player.lower() not in {name.lower() for name in state.player_names}:
        return state, set()
    player = state.player(change.player)
    lost = change.keywords & player.keywords
    return state.with_player(evolve(player, keywords=player.keywords - lost)), set(lost)


def _without(obj: GameObject, keywords: frozenset[str]) -> GameObject:
    gained_at = {word: stamp for word, stamp in obj.gained_at.items() if word not in keywords}
    return replace(obj, keywords=obj.keywords - keywords, gained_at=gained_at)
