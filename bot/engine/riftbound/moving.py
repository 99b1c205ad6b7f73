"""A spell's move whose destination its controller chooses as it is played (355.4: "choose a
valid Location as the Move Destination for each Move that will be performed").

Charm's "Move an enemy unit.", Tricksy Tentacles' "... to a single location" and Call to
Battle's "... to a battlefield you control" leave the destination to the player; Flash's "to
base" and Moonfall's "to that battlefield" don't.  Only a spell with one such move is read here:
Void Assault's two moves would need a destination each, which the bot doesn't model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.riftbound.analysis import TargetAnalysis
from bot.engine.riftbound.model import RbObject
from bot.engine.riftbound.resolution import destination_problem
from bot.engine.riftbound.restrictions import move_forbidden_by
from bot.engine.riftbound.rules import rule
from bot.engine.riftbound.state import BASE, RbState, crowded_by
from bot.engine.verdict import Verdict, VerdictKind

# A quoted ability a spell gives ("that unit has "When I conquer, you may move me ..."") is
# not the spell's own move.
_QUOTED = re.compile(r"[\"“][^\"”]*[\"”]")
_MOVE = re.compile(r"\bmove\b", re.I)
# Where a move goes when the text says: "to base", "to its base", "to that battlefield",
# "to the other's location", "there".  "to a battlefield", "to a single location" and no
# destination at all are chosen by the player.
_FIXED = re.compile(r"\bto (?!an? )\S|\b(?:there|here)\W*$", re.I)
_PLACE_NOUNS = frozenset({"battlefield", "battlefields", "location", "locations", "base", "bases"})
_YOU_CONTROL = re.compile(r"\bto a battlefield you control\b", re.I)


@dataclass(frozen=True)
class ChosenMove:
    """The move whose destination is chosen, and the targets (indexes among the target
    mentions) it moves."""

    moving: tuple[int, ...]


def chosen_move(analysis: TargetAnalysis) -> ChosenMove | None:
    """The spell's one move with a destination chosen as it is played, or None (no move, a
    destination the text fixes or that is itself a target, or several such moves)."""
    targets = analysis.targets
    found: list[ChosenMove] = []
    for instruction in analysis.instructions:
        if instruction.part != "effect":
            continue  # "They move a unit they control ..." is chosen by others (355.10.e)
        text = _QUOTED.sub("", instruction.text)
        starts = [m.start() for m in _MOVE.finditer(text)]
        mentioned = [analysis.mentions[i] for i in instruction.mention_indexes]
        for n, start in enumerate(starts):
            clause = text[start : starts[n + 1] if n + 1 < len(starts) else len(text)]
            if _FIXED.search(clause):
                continue
            if any(m.is_target and m.noun.lower() in _PLACE_NOUNS for m in mentioned):
                continue  # Showstopper's "a battlefield" is chosen as one of its targets
            moving = tuple(
                index
                for index, target in enumerate(targets)
                if any(target is m for m in mentioned) and target.noun.lower() not in _PLACE_NOUNS
            )
            if moving:
                found.append(ChosenMove(moving))
    return found[0] if len(found) == 1 else None


def moving_objects(move: ChosenMove, chosen: Sequence[Sequence[RbObject]]) -> list[RbObject]:
    """The objects chosen for the targets the move moves."""
    return [o for n in move.moving if n < len(chosen) for o in chosen[n]]


def destination_refusal(
    state: RbState,
    text: str,
    moving: Sequence[RbObject],
    destination: str,
    player: str,
    base_of: str | None = None,
) -> Verdict | None:
    """Why ``destination`` isn't a valid destination for ``moving`` (355.4.a, and what the
    text allows: Call to Battle's "to a battlefield you control"), or None."""
    refused = destination_problem(state, text, [list(moving)], destination, base_of)
    if refused is not None:
        return refused
    for unit in moving:
        forbidden = move_forbidden_by(state, unit, destination, player)
        if forbidden is not None:
            # Vilemaw's Lair's "Units can't move from here to base": a move there could only
            # be ignored (054.1, 359.3.e.6), so it isn't offered as a destination.
            return Verdict(
                VerdictKind.ILLEGAL,
                f"{unit.name} can't move to {destination_label(destination, [unit])}: "
                f"{forbidden.source.name} says {forbidden.quoted} "
                f"({rule('cant_beats_can', state.version)}).",
                (rule("cant_beats_can", state.version), rule("move_destination", state.version)),
            )
    if destination != BASE:
        for unit in moving:
            if others := crowded_by(state, unit, destination):
                # 444.2: not to a battlefield where 2 other players have units, by any means
                # (QA 46 W2: Showstopper onto Bob's and Carol's units).
                any_means = rule("move_two_other_players_any", state.version)
                return Verdict(
                    VerdictKind.ILLEGAL,
                    f"{unit.name} can't move to {destination}: {' and '.join(others)} both have "
                    f"units there, and a unit can't move to a battlefield with units of 2 other "
                    f"players by any means ({any_means}).",
                    (any_means, rule("move_destination", state.version)),
                )
    if _YOU_CONTROL.search(text) and destination != BASE:
        battlefield = state.battlefield(destination)
        if battlefield is not None and battlefield.controller != player:
            return Verdict(
                VerdictKind.ILLEGAL,
                f"{player} doesn't control {battlefield.name}: the text moves it “to a "
                "battlefield you control”.",
                (rule("move_destination", state.version),),
            )
    return None


def destination_label(destination: str, moving: Sequence[RbObject]) -> str:
    """How answers name a destination: a battlefield's name, or whose base ("Bob's base";
    "their bases" when the units have different controllers)."""
    if destination != BASE:
        return destination
    owners = list(dict.fromkeys(o.controller for o in moving))
    return f"{owners[0]}'s base" if len(owners) == 1 else "their bases"


def valid_destinations(
    state: RbState, text: str, moving: Sequence[RbObject], player: str
) -> list[tuple[str, str]]:
    """Each valid destination for ``moving`` as (label, value): its controller's base
    (``BASE``), then the battlefields in the game."""
    candidates = [BASE, *(b.name for b in state.battlefields())]
    return [
        (destination_label(where, moving), where)
        for where in candidates
        if destination_refusal(state, text, moving, where, player) is None
    ]


def why_nowhere(state: RbState, text: str, moving: Sequence[RbObject], player: str) -> str:
    """Why no location in the game is a valid destination for ``moving``: each candidate's
    refusal."""
    reasons = []
    for where in [BASE, *(b.name for b in state.battlefields())]:
        refused = destination_refusal(state, text, moving, where, player)
        if refused is not None:
            reasons.append(f"{destination_label(where, moving)}: {refused.reason.rstrip('.')}")
    return "; ".join(reasons)


def pronoun(moving: Sequence[RbObject]) -> str:
    """ "it" or "them", as statements say the moved units."""
    return "it" if len(moving) == 1 else "them"
