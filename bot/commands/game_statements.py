"""Statements played on a channel's saved game (MTG or Riftbound), run on its current state
inside the game service's serialized step: the ones that changed it are saved as one action,
so every answer is true of what was stored, and the reply offers the statements that would
answer a question the last one raised (whether a player pays for ward, which group of targets
a spell affects)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields, is_dataclass, replace
from typing import Any, Protocol

from bot.commands.game_calls import GameCall
from bot.commands.reply import Choice, Reply
from bot.commands.scenario import steps_reply
from bot.errors import StateError, UsageError
from bot.games.model import PLAIN_PLAYER_NAME, Actor, GameScope, Seating
from bot.games.permissions import ensure_may_change
from bot.games.service import GameService
from bot.games.table_reducer import refuse_while_in_progress
from bot.scenario.ast import (
    Activate,
    Cast,
    ChangeTargets,
    Discards,
    KeepsLegend,
    LeavesGame,
    OrderTriggers,
    PlayerRef,
    RbHide,
    RbScores,
    RbStatus,
    RbUseSaver,
    Resolve,
    ResolveAll,
    Sacrifice,
    SetStatus,
    StandardMove,
)
from bot.scenario.steps import Step

RunStatements = Callable[[Any], Sequence[Step]]
"""Runs the statements on a game's current state (the reducer's state) and returns the steps."""


async def play_statements(
    service: GameService[Any],
    scope: GameScope,
    actor: Actor,
    speaker: str,
    run: RunStatements,
    *,
    footer_note: str = "",
    expected_version: int | None = None,
) -> Reply:
    """Run statements on the current game and save those that changed it (nothing if none did).

    Questions change nothing, so anyone may ask them; a statement that changes the game needs
    a seat (the service refuses it otherwise, and nothing is saved).
    """

    def compute(state: Any) -> tuple[Mapping[str, Any] | None, Sequence[Step]]:
        steps = run(state)
        effective = [step.statement for step in steps if step.changed]
        if not effective:
            return None, steps
        return {"statement": "\n".join(effective), "speaker": speaker}, steps

    _, steps = await service.change(scope, actor, compute, expected_version=expected_version)
    count = sum(1 for step in steps if step.changed)
    if count:
        stored = f"Saved {count} {'change' if count == 1 else 'changes'} to this channel's game."
    else:
        stored = "Nothing changed, so nothing was saved."
    reply = steps_reply("Game", steps, footer=stored + footer_note)
    offered = offered_choices(steps)
    if offered:
        reply = replace(reply, choices=offered)
    return reply


def offered_choices(steps: Sequence[Step]) -> tuple[Choice, ...]:
    """The statements the last steps offer as next steps: those that would work instead of a
    refused one (a ward payment, a group's subset, Shakedown's "unless"), or that make a choice
    a step left to its default (the order of triggers that triggered together, 383.3.d) while
    no later step changed the game."""
    last_error = steps[-1].error if steps else None
    said: Sequence[str] = ()
    if last_error is not None and last_error.statements:
        said = last_error.statements
    else:
        for step in reversed(steps):
            if step.offers:
                said = step.offers
                break
            if step.changed:
                break
    return tuple(Choice(text.removesuffix("."), f"game {text}") for text in said)


class _Parses(Protocol):
    def parse(self, text: str, *, speaker: str, players: Iterable[str] = ()) -> list[Any]: ...


def refuse_unseated_speaker(
    executor: _Parses, text: str, speaker: str, seated: bool, players: Iterable[str]
) -> None:
    """A caller who holds no seat can't say "I", "me" or "my opponent" in a game's statements:
    those would invent a player named after them (issue 10). Both games use this."""
    if seated or not _names_the_speaker(executor.parse(text, speaker=speaker, players=players)):
        return
    raise StateError(
        "You don't hold a seat in this game, so “I”, “me” and “my opponent” don't name a player.",
        hint="Name the player (`game Alice casts Lightning Bolt targeting Bob.`) or take a seat "
        "with `game join Alice`.",
    )


# Statements in which a player acts (casts, activates, changes targets, sacrifices, discards, keeps a
# legend, leaves, orders their triggers):
# what only the user holding that player's seat may say (QA 14 #5).
_ACTS = (
    Cast,
    Activate,
    ChangeTargets,
    Sacrifice,
    Discards,  # the player chooses what to discard (701.9b), as a sacrifice is chosen
    KeepsLegend,
    LeavesGame,
    OrderTriggers,
    RbHide,
    RbScores,
    RbUseSaver,
)


def refuse_what_the_caller_may_not_say(
    call: GameCall,
    executor: _Parses,
    seating: Seating,
    speaker: str,
    seated: bool,
    players: Sequence[str],
    top_controller: str | None,
    choosers: Sequence[str | None] = (),
) -> None:
    """Both games' checks of statements before they run: "I" from a caller without a seat,
    and a player acting (or choosing) whose seat another user holds.  ``choosers``: for each
    item on the stack, top first, the controller who makes choices as it resolves (Redirect's
    new targets, CR 608.2, 115.7), or None."""
    refuse_unseated_speaker(executor, call.rest, speaker, seated, players)
    refuse_acting_for_others(
        executor,
        call.rest,
        speaker,
        players,
        lambda player: call.ensure_may_act_as(seating, player),
        top_controller,
        choosers,
    )


def refuse_acting_for_others(
    executor: _Parses,
    text: str,
    speaker: str,
    players: Iterable[str],
    may_act_as: Callable[[str], None],
    top_controller: str | None,
    choosers: Sequence[str | None] = (),
) -> None:
    """Raise (through ``may_act_as``) when a statement has a player act whose seat another user
    holds: "Alice casts Lightning Bolt ..." from Bob's user while user alice plays Alice; the
    choices made as the top of the stack resolves are its controller's ("Redirect resolves
    choosing new targets ...", CR 608.2, 115.7; found by QA 16), a payment the payer's.
    Describing the board ("Alice controls ...") is not acting, and stays open to anyone who
    may change the game. A new player's name is plain letters, as a seat's is (QA 16: a
    Cyrillic "Аlice" acted beside Alice)."""
    known = {p.casefold() for p in players}

    def may_act_for(ref: PlayerRef) -> None:
        for name in _players_meant(ref, speaker, players):
            may_act_as(name)

    for statement in executor.parse(text, speaker=speaker, players=tuple(players)):
        _refuse_look_alike_players(statement, known, speaker)
        if isinstance(statement, _ACTS):
            may_act_for(statement.player)
        if isinstance(statement, SetStatus) and (actor := _declaring_player(statement)):
            # "Bob attacks with Shivan Dragon." / "Bob blocks ... with ...": declaring attackers
            # and blockers is that player's action (CR 508.1, 509.1; QA 63 P2); "Shivan Dragon
            # is attacking." describes the board and stays open.
            may_act_for(actor)
        if isinstance(statement, RbStatus) and statement.by is not None:
            # Riftbound: "Alice stuns Stalwart Poro." is her action (423).
            may_act_for(statement.by)
        if isinstance(statement, StandardMove) and not statement.question:
            # Riftbound 144: a unit's standard move is its controller's action (QA 63 P2).
            may_act_for(statement.player)
        if isinstance(statement, Resolve):
            if statement.payment is not None:
                may_act_for(statement.payment.player)
            chooses = (
                statement.retarget is not None
                or statement.affecting
                or statement.on_top is not None
                or statement.colour
            )
            if chooses and top_controller is not None:
                may_act_as(top_controller)
            elif choosers and choosers[0] is not None:
                # "Redirect resolves." with nothing said is a choice too (no new targets), as
                # `game resolve` treats it (QA 20).
                may_act_as(choosers[0])
        if isinstance(statement, ResolveAll):
            for chooser in dict.fromkeys(c for c in choosers if c is not None):
                may_act_as(chooser)


def _players_meant(ref: PlayerRef, speaker: str, players: Iterable[str]) -> tuple[str, ...]:
    """The seats ``ref`` may name: the speaker's own for "I"; for "my opponent" / "opponent"
    the other player of a two-player game (CR 102.2), or every other player when there are
    more, so that no one acts for a seat another user holds by saying "my opponent" (QA 63 P1)."""
    if ref.is_speaker:
        return (speaker,)
    if ref.opponent_of is None:
        return (ref.name,)
    whose = ref.opponent_of.casefold()
    return tuple(p for p in players if p.casefold() != whose)


# A player declaring attackers or blockers: "Bob attacks (Alice) with ...", "Bob blocks ...".
_DECLARES = re.compile(r"\s*(?:@?\w[\w'-]*)\s+(?:attacks|blocks)\b", re.IGNORECASE)


def _declaring_player(statement: SetStatus) -> PlayerRef | None:
    """The player a statement has declare attackers or blockers, or take a special action
    (``by``: turning a face-down creature face up, 116.2b); None when it only describes."""
    if statement.by is not None:
        return statement.by
    controller = statement.subject.controller
    declares = statement.status in ("attacking", "blocking") and _DECLARES.match(statement.text)
    return controller if declares else None


def _refuse_look_alike_players(node: object, known: set[str], speaker: str) -> None:
    if isinstance(node, PlayerRef):
        name = node.name.removeprefix("@")
        new = not node.is_speaker and node.opponent_of is None and node.mention_id is None
        if new and name.casefold() not in known and not PLAIN_PLAYER_NAME.fullmatch(name):
            raise UsageError(
                f"“{name}” can't be a new player's name in a shared game: a name is one word "
                "of plain letters (A-Z, digits, ' and -), so that no one can add a player who "
                "only looks like another.",
                hint="Players so far: " + (", ".join(sorted(known)) or "none") + ".",
            )
        return
    if isinstance(node, list | tuple):
        for item in node:
            _refuse_look_alike_players(item, known, speaker)
    elif is_dataclass(node) and not isinstance(node, type):
        for spec in fields(node):
            _refuse_look_alike_players(getattr(node, spec.name), known, speaker)


def _names_the_speaker(node: object) -> bool:
    """Whether parsed statements refer to the speaker ("I", "me", "my opponent")."""
    if isinstance(node, PlayerRef):
        return node.is_speaker or node.opponent_of is not None
    if isinstance(node, list | tuple):
        return any(_names_the_speaker(item) for item in node)
    if is_dataclass(node) and not isinstance(node, type):
        return any(_names_the_speaker(getattr(node, f.name)) for f in fields(node))
    return False


def refuse_statements_in_progress(actor: Actor, seating: Seating, in_progress: str) -> None:
    """Statements wait while an action is chosen step by step; but someone who may not change
    the game learns that first, as the step commands tell them, and is not sent to `game
    choose`, which would refuse them anyway (found by QA 14)."""
    ensure_may_change(actor, seating)
    refuse_while_in_progress(in_progress)
