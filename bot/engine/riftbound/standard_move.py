"""The standard move (Core Rules 144 in v1.3, 143 in v1.2): every unit's inherent action to
move itself, paid for by exhausting it. What may stop one: who controls the unit, that it is
already exhausted (144.2), an open chain (144.1.b), and where it may go (144.4: base to a
battlefield, a battlefield to base, battlefield to battlefield only with [Ganking])."""

from __future__ import annotations

from bot.engine.riftbound.model import RbKind, RbObject, RbZone
from bot.engine.riftbound.rules import rule
from bot.engine.riftbound.state import (
    RbState,
    crowded_by,
    keywords_of,
    unchecked_keyword_condition,
)


def standard_move_problem(
    state: RbState,
    player: str,
    unit: RbObject,
    battlefield: str | None,
    *,
    base_of: str | None = None,
) -> tuple[str, tuple[str, ...]] | None:
    """Why ``player`` can't use ``unit``'s standard move to ``battlefield`` (None: to the
    base, ``base_of``'s when the user named whose) now, with the rules; None when nothing
    the bot sees stops it."""
    version = state.version
    move_rule = rule("standard_move", version)
    name = unit.name
    if unit.kind is not RbKind.UNIT or unit.zone not in (RbZone.BASE, RbZone.BATTLEFIELD):
        return f"{name} isn't a unit on the board: only units have the standard move", (move_rule,)
    if unit.controller != player:
        return f"{unit.controller} controls {name}, not {player}", (
            move_rule,
            rule("controller", version),
        )
    if state.chain:
        closed = rule("standard_move_closed", version)
        return (
            f"the chain is open (a Closed State), and the standard move can't be used then ({closed})",
            (closed,),
        )
    if unit.exhausted:
        cost = rule("standard_move_cost", version)
        return (
            f"{name} is exhausted, and exhausting the unit is the standard move's cost ({cost})",
            (cost,),
        )
    destinations = rule("standard_move_destinations", version)
    if battlefield is None and base_of is not None and base_of != unit.controller:
        # 144.4.b "Units may move from a Battlefield to their Base"; 107.1.c: a player's
        # permanents reside in that player's base - never another player's (QA 46 W6).
        own_base = rule("own_base", version)
        return (
            f"a unit moves only to its own base, and {name} is {unit.controller}'s, so it "
            f"can't go to {base_of}'s base ({destinations}, {own_base})",
            (destinations, own_base),
        )
    at_battlefield = unit.zone is RbZone.BATTLEFIELD
    if battlefield is None and not at_battlefield:
        return f"{name} is already at its base", (destinations,)
    if battlefield is not None and (others := crowded_by(state, unit, battlefield)):
        # 144.4.a.1, 444.2: not onto a battlefield where 2 other players have units
        # (multiplayer; QA 46 W2).
        crowded = rule("move_two_other_players", version)
        any_means = rule("move_two_other_players_any", version)
        return (
            f"{' and '.join(others)} both have units at {battlefield}, and a unit can't "
            f"move to a battlefield with units of 2 other players ({crowded}, {any_means})",
            (crowded, any_means),
        )
    if battlefield is not None and at_battlefield:
        if unit.location.casefold() == battlefield.casefold():
            return f"{name} is already at {battlefield}", (destinations,)
        if "ganking" not in {k.casefold() for k in keywords_of(state, unit)}:
            ganking = rule("standard_move_ganking", version)
            # Wily Newtfish's "If you've gained XP this turn, I have +1 [M] and [Ganking].":
            # a condition the bot doesn't keep, so the answer says what decides it.
            unchecked = unchecked_keyword_condition(state, unit, "Ganking")
            caveat = (
                f". But {name} says “{unchecked}”, a condition the bot doesn't keep: if it "
                "holds, it has [Ganking] and may move there"
                if unchecked
                else ""
            )
            return (
                f"{name} is at {unit.location}, and a standard move goes from a battlefield "
                f"only to its base unless the unit has [Ganking] ({destinations}, {ganking})"
                f"{caveat}",
                (destinations, ganking),
            )
    return None
