"""Riftbound in ``game`` and ``scenario``: the card lookup over the Riftbound index, and the
``game`` subcommands of a channel whose game is Riftbound (statements, ``game play``,
``game choose``, ``game back``, ``game cancel``, ``game resolve``, ``game state``,
``game export``).  ``bot.commands.games`` sends a Riftbound game's commands here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from bot.commands.context import CommandContext
from bot.commands.game_views import (
    choice_reply,
    game_script_reply,
    game_state_reply,
)
from bot.commands.reply import Reply
from bot.engine.riftbound.state import RbCard
from bot.errors import DataMissingError, UsageError
from bot.games.model import Actor, GameScope
from bot.games.riftbound_reducer import RiftboundTable, play_title, require_pending
from bot.games.service import GameService
from bot.games.table_reducer import refuse_while_in_progress
from bot.reference.riftbound import RiftboundCardEntry, RiftboundIndex
from bot.reference.store import IMPORT_HINT
from bot.scenario.riftbound_board_view import board_data, board_text
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from bot.scenario.riftbound_stepping import prompt_of, read_pick
from bot.scenario.steps import Step

RIFTBOUND_GAME_USAGE = (
    "game STATEMENTS · game play CARD · game choose N · game back · game cancel · "
    "game resolve [all] · game state · game history · game undo · game redo · game export · "
    "game end"
)
_CACHE_SIZE = 2048


def rb_card(entry: RiftboundCardEntry) -> RbCard:
    card = entry.card
    return RbCard.from_types(
        entry.name,
        card.card_types,
        card.text,
        might=card.might,
        tags=card.tags,
        super_types=card.super_types,
    )


class RiftboundCardLookup:
    """``RbCardLookup`` over the Riftbound index: the same fuzzy matcher as ``card game:riftbound``."""

    def __init__(self, index: RiftboundIndex) -> None:
        self._index = index
        self._names = {name.casefold(): name for name in index.card_names()}
        self.exact = lru_cache(maxsize=_CACHE_SIZE)(self._exact)  # type: ignore[method-assign]
        self.resolve = lru_cache(maxsize=_CACHE_SIZE)(self._resolve)  # type: ignore[method-assign]

    def _exact(self, name: str) -> RbCard | None:
        found = self._names.get(" ".join(name.replace("’", "'").split()).casefold())
        entry = self._index.card_by_name(found) if found else None
        return None if entry is None else rb_card(entry)

    def _resolve(self, name: str) -> RbCard:
        return rb_card(self._index.card(name.strip()))

    def exact(self, name: str) -> RbCard | None:
        return self._exact(name)

    def resolve(self, name: str) -> RbCard:
        return self._resolve(name)


def riftbound_executor_for(ctx: CommandContext) -> RiftboundScenarioExecutor:
    """One Riftbound executor per set of services (built on first use)."""
    services = ctx.services
    executor = services.riftbound_executor
    if executor is None:
        index = getattr(ctx.reference, "riftbound", None)
        if index is None:
            raise DataMissingError("No Riftbound data has been imported yet.", hint=IMPORT_HINT)
        executor = RiftboundScenarioExecutor(RiftboundCardLookup(index))
        services.riftbound_executor = executor
    return executor


# ---- the game subcommands ---------------------------------------------------------------------
async def riftbound_game(
    ctx: CommandContext,
    argument: str,
    service: GameService[Any],
    scope: GameScope,
    actor: Actor,
    *,
    expected_version: int | None = None,
    speaker: str = "",
    seated: bool = False,
) -> Reply:
    """``game …`` in a channel whose game is Riftbound.

    ``speaker`` is whom "I" means (the caller's seat when ``seated``); ``expected_version`` is
    the version stamp of an offered choice, checked as the change is stored (compare-and-set).
    """
    from bot.commands.game_statements import play_statements

    word, _, rest = argument.strip().partition(" ")
    word, rest = word.lower(), rest.strip()

    async def step(build: Callable[[RiftboundTable], Mapping[str, Any]]) -> RiftboundTable:
        state, _ = await service.change(
            scope, actor, lambda current: (build(current), None), expected_version=expected_version
        )
        return state

    if word in ("play", "cast"):
        match = re.fullmatch(r"(?P<card>.+?)\s+by\s+(?P<player>@?[\w'’-]+)", rest, re.IGNORECASE)
        card_text, named = (match["card"], match["player"].lstrip("@")) if match else (rest, None)
        if not card_text:
            raise UsageError("Say which card to play.", hint="game play Void Seeker [by Alice]")
        if named is None and not seated:
            raise UsageError(
                "You don't hold a seat in this game, so I don't know which player plays it.",
                hint=f"Name the player (`game play {card_text} by Alice`) or take a seat with "
                "`game join Alice`.",
            )
        card = riftbound_executor_for(ctx).cards.resolve(card_text)
        action = {"play_start": {"player": named or speaker, "card": card.name}}
        return progress_reply(await step(lambda _current: action))
    if word == "choose":
        if not rest:
            raise UsageError("Say which option: its number or its name.", hint="game choose 1")
        return progress_reply(
            await step(lambda current: {"choose": read_pick(require_pending(current), rest)})
        )
    if word == "back":
        return progress_reply(await step(lambda _current: {"back": True}))
    if word == "cancel":
        await step(lambda current: (require_pending(current), {"cancel": True})[1])
        return Reply(title="Play cancelled", body="The card was not played; the game is as it was.")
    if word in ("state", "show"):
        return await _state(ctx, service, scope)
    if word == "export":
        state = await service.state(scope)
        pending = state.pending
        playing = f"A play of {pending.card.name}" if pending is not None else None
        return game_script_reply("riftbound", state.transcript, playing)
    text = argument
    if word == "resolve":
        text = (
            "Resolve the chain."
            if rest.strip(" .").lower() in ("all", "the chain", "everything")
            else "The top of the chain resolves."
        )
    executor = riftbound_executor_for(ctx)

    def run(current: RiftboundTable) -> Sequence[Step]:
        if current.pending is not None:
            refuse_while_in_progress(play_title(current.pending))
        return executor.run(text, current.game, speaker=speaker).steps

    # A group's subsets (355.11.b) or a split's divisions (355.14.e) come back as choices.
    return await play_statements(
        service,
        scope,
        actor,
        speaker,
        run,
        footer_note=" Riftbound Core Rules numbers.",
        expected_version=expected_version,
    )


def progress_reply(state: RiftboundTable) -> Reply:
    from bot.commands.scenario import steps_reply

    if state.pending is None:
        return steps_reply(
            "Play", state.last_steps, footer="Every choice is made (358.1): the card is played."
        )
    progress = state.pending
    chosen = []
    if progress.location is not None and progress.needs_location:
        chosen.append(f"Location: {progress.location}")
    targets = progress.analysis.targets
    for mention, group in zip(targets, progress.picks, strict=False):
        chosen.append(
            f"“{mention.phrase}”: " + (", ".join(progress.state.label(i) for i in group) or "none")
        )
    return choice_reply(
        play_title(progress),
        progress.card.name,
        prompt_of(progress.next_choice()),
        chosen,
        rule_prefix="rule ",
    )


async def _state(ctx: CommandContext, service: GameService[Any], scope: GameScope) -> Reply:
    state: RiftboundTable = await service.state(scope)
    record = await service.game(scope)
    seating = await service.seating(scope)
    pending = state.pending
    return game_state_reply(
        ctx,
        record,
        seating,
        board_text(state.game),
        board_data(state.game),
        (play_title(pending), prompt_of(pending.next_choice())) if pending is not None else None,
    )


__all__ = [
    "RIFTBOUND_GAME_USAGE",
    "RiftboundCardLookup",
    "progress_reply",
    "riftbound_executor_for",
    "riftbound_game",
]
