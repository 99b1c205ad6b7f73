"""A player who loses or concedes leaves the game (CR 104.3a, 104.5), and in a multiplayer game
takes what they own with them (800.4a)."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.model import ObjectKind, Zone
from bot.engine.mtg.state import GameState

_ABILITIES = (ObjectKind.ACTIVATED_ABILITY, ObjectKind.TRIGGERED_ABILITY)


def losers(state: GameState) -> list[tuple[str, str]]:
    """Players still in the game whom a state-based action makes lose: 0 or less life
    (704.5a), ten or more poison counters (704.5c). None once the game is over (104.2a)."""
    found: list[tuple[str, str]] = []
    if len(state.players_in_game) < 2:
        return found
    for player in state.players:
        if player.left_game:
            continue
        if player.life <= 0:
            found.append((player.name, f"{player.life} life (704.5a)"))
        elif player.counters.get("poison", 0) >= 10:
            found.append((player.name, f"{player.counters['poison']} poison counters (704.5c)"))
    return found


def leave_game(
    state: GameState, name: str, why: str, *, loses: bool = True, last: bool = True
) -> tuple[GameState, list[str]]:
    """``name`` loses the game (``why`` says how, with its rule) and leaves it (104.5); with
    ``loses`` false, only "leaves" is said (a draw for them leaves the game too). ``last``
    false: other players lose at the same moment (704.3), so who won isn't said yet."""
    state = state.with_player(replace(state.player(name), left_game=True))
    notes = [f"{name} {'loses' if loses else 'leaves'} the game: {why}"]
    if len(state.players) > 2:
        state, notes = _take_away(state, name, notes, loses=loses)
    still_in = state.players_in_game
    if not last:
        return state, notes
    if len(still_in) == 1:
        # CR 104.2a: a player still in the game when all opponents have left wins.
        notes.append(f"{still_in[0]} wins the game (104.2a)")
    elif not still_in:
        notes.append("nobody is left, so the game is a draw (104.4a)")
    return state, notes


def _take_away(
    state: GameState, name: str, notes: list[str], *, loses: bool
) -> tuple[GameState, list[str]]:
    """What leaves with a player in a multiplayer game (800.4a), even the one whose leaving
    ends it: the board then shows what is left."""
    # CR 800.4a: in a multiplayer game, the objects the player owns leave the game with them;
    # effects giving them control of others' objects end (those go back); anything else they
    # still control is exiled; abilities they control cease to exist.
    for obj in list(state.objects.values()):
        if obj.controller == name and obj.owner != name and obj.zone is Zone.BATTLEFIELD:
            before = state.control_changes.get(obj.id, (0, obj.owner))[1]
            back = before if before != name else obj.owner
            state = state.with_controller(obj.id, back)
            notes.append(f"{state.label(obj.id)} goes back to {back}'s control (800.4a)")
    # CR 800.4a: their spells and abilities on the stack leave too: named, since a judge asks
    # whether a trigger of theirs still resolves (QA 40 M4).
    on_stack = [f"{e.name} (#{e.object_id})" for e in state.stack if e.controller == name]
    # An ability on the stack has no owner of its own: it carries its source's, yet exists
    # independently of that source (CR 113.7a), so only the ones this player controls go.
    owned = [
        o.id
        for o in state.objects.values()
        if o.owner == name and (o.controller == name or o.kind not in _ABILITIES)
    ]
    for object_id in owned:
        state, _ = state.move(object_id, None, f"left the game with {name} (800.4a)")
    controlled = [
        o.id for o in state.objects.values() if o.controller == name and o.zone is not Zone.EXILE
    ]
    for object_id in controlled:
        to_zone = None if state.obj(object_id).zone is Zone.STACK else Zone.EXILE
        state, _ = state.move(object_id, to_zone, f"was exiled: {name} left the game (800.4a)")
    said = (
        f"{name} leaves the game, and so does everything {name} owns"
        if loses
        else f"everything {name} owns leaves with {name}"
    )
    if owned or controlled:
        notes.append(f"{said}; anything else {name} controlled is exiled (104.5, 800.4a)")
    elif loses:
        notes.append(f"{name} leaves the game (104.5, 800.4a)")
    if on_stack:
        gone = ", ".join(on_stack)
        notes.append(
            f"{name}'s spells and abilities on the stack leave with {name} and never resolve: "
            f"{gone} (800.4a)"
        )
    return state, notes
