"""What every ``game`` subcommand works with, whichever game the channel plays: the call (who
asks where, the words after the subcommand, the version stamp), the games service, whom "I"
means, and one stored step.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.commands.context import CommandContext
from bot.commands.riftbound_cards import riftbound_executor_for
from bot.commands.scenario import executor_for, speaker_of
from bot.errors import PermissionDeniedError, StateError
from bot.games.errors import NotYoursError
from bot.games.kinds import KindCodec, KindReducer
from bot.games.model import Actor, GameScope, Seating, normalise_player
from bot.games.mtg_reducer import MtgReducer, MtgTableCodec
from bot.games.permissions import ensure_may_change, may_manage
from bot.games.riftbound_reducer import (
    RIFTBOUND,
    ExecutorSource,
    RiftboundReducer,
    RiftboundTableCodec,
)
from bot.games.service import GameService
from bot.games.storage import GameStorage, open_storage
from bot.scenario.cards import CardLookup, full_name
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor


class GameHub:
    """The games service, opened on first use and closed with the other services."""

    def __init__(
        self,
        db_path: Path,
        executor: MtgScenarioExecutor,
        riftbound: ExecutorSource | RiftboundScenarioExecutor | None = None,
        *,
        database_url: str | None = None,
    ) -> None:
        self._db_path = db_path
        self._database_url = database_url
        self._executor = executor
        self._riftbound = riftbound
        self._service: GameService[Any] | None = None
        self._store: GameStorage | None = None
        self._opening = asyncio.Lock()

    async def service(self) -> GameService[Any]:
        # Opened once even when the first commands arrive together (each open would leave a
        # database connection and its thread behind).
        async with self._opening:
            if self._service is None:
                self._store = await open_storage(self._database_url, self._db_path)
                self._service = GameService(
                    self._store,
                    KindReducer(
                        {
                            "mtg": MtgReducer(self._executor),
                            RIFTBOUND: RiftboundReducer(self._riftbound),
                        }
                    ),
                    snapshots=game_codec(),
                )
            return self._service

    async def aclose(self) -> None:
        if self._store is not None:
            await self._store.close()
        self._store = self._service = None


def game_codec() -> KindCodec:
    """Snapshots of both games (the prefixes are stored in old snapshots: keep them)."""
    return KindCodec(
        {"mtg": (b"mtg:", MtgTableCodec()), RIFTBOUND: (b"rb:", RiftboundTableCodec())}
    )


async def games_service(ctx: CommandContext) -> GameService[Any]:
    """The games service of ``ctx``'s services, opened on first use."""
    hub = ctx.services.games
    if hub is None:
        hub = GameHub(
            ctx.services.settings.db_path,
            executor_for(ctx),
            riftbound=lambda: riftbound_executor_for(ctx),
            database_url=ctx.services.settings.database_url,
        )
        ctx.services.games = hub
    return await hub.service()


def scope_of(ctx: CommandContext) -> GameScope:
    return GameScope(guild=ctx.caller.guild, channel=ctx.caller.channel)


@dataclass(frozen=True)
class GameCall:
    """One ``game`` command: who asks where, its words after the subcommand, and its stamp."""

    ctx: CommandContext
    rest: str
    stamp: int | None = None

    @property
    def scope(self) -> GameScope:
        return scope_of(self.ctx)

    @property
    def actor(self) -> Actor:
        caller = self.ctx.caller
        return Actor(user=caller.user, name=caller.name, is_judge=caller.is_judge)

    async def service(self) -> GameService[Any]:
        return await games_service(self.ctx)

    async def speaker(self) -> tuple[str, bool]:
        """Whom "I"/"me" mean in statements: the caller's seat; else their name (not a
        player), and whether the caller holds a seat."""
        seating = await (await self.service()).seating(self.scope)
        held = seating.seats_of(self.actor.user)
        return (held[0], True) if held else (speaker_of(self.ctx), False)

    async def split_player(
        self,
        cards: CardLookup[Any],
        text: str | None = None,
        *,
        bare: Callable[[str], str] | None = None,
    ) -> tuple[str, str | None]:
        """The words after the subcommand (or ``text``) and the player named by a final "by
        Alice", read against this game's players and seats (see :func:`split_player`)."""
        text = self.rest if text is None else text
        if not _BY_PLAYER.match(text):
            return text, None  # no need to read the game
        service = await self.service()
        players = [*(await service.state(self.scope)).game.player_names]
        players += (await service.seating(self.scope)).seats
        return split_player(text, players, cards, bare=bare)

    async def acting_player(self, named: str | None, example: str) -> str:
        """Who acts for a step command: the player named (``by Alice``), else the caller's
        seat; ``example`` is the command shown in the hint when neither is there."""
        seating = await (await self.service()).seating(self.scope)
        if named:
            self.ensure_may_act_as(seating, named)
            return named
        held = seating.seats_of(self.actor.user)
        if held:
            return held[0]
        ensure_may_change(self.actor, seating)  # a stranger learns first that they may not
        raise StateError(
            "You don't hold a seat in this game, so I don't know which player does that.",
            hint=f"Name the player (`{example} by Alice`) or take a seat with `game join Alice`.",
        )

    def ensure_may_act_as(self, seating: Seating, player: str) -> None:
        """A player whose seat another user holds is played by that user (or by the game's
        starter or a judge): a seated user can't cast "by Alice" while someone else plays
        Alice (found by QA 14). Players with no seat may be named by anyone who may change the
        game. A user who may not change the game at all is told that, the one refusal that
        applies to them ("act as your own player" would point to a player they don't have)."""
        holder = seating.holder(player)
        if holder is None or holder == self.actor.user or may_manage(self.actor, seating):
            return
        ensure_may_change(self.actor, seating)
        raise PermissionDeniedError(
            f"{player}'s seat is held by {self.ctx.caller.user_mention(holder)}, so only they, "
            f"the game's starter or a judge act as {player}. Nothing was changed.",
            hint="Act as your own player, or ask the starter to `game seat` you.",
        )

    async def step(self, build: Callable[[Any], Mapping[str, Any]]) -> Any:
        """Store the step action ``build`` makes from the current state (one serialized step);
        the new state."""

        def compute(current: Any) -> tuple[Mapping[str, Any], None]:
            return build(current), None

        with self.naming_owners():
            state, _ = await (await self.service()).change(
                self.scope, self.actor, compute, expected_version=self.stamp
            )
        return state

    @contextlib.contextmanager
    def naming_owners(self) -> Iterator[None]:
        """A refusal to change another user's action names them as this front end does."""
        try:
            yield
        except NotYoursError as error:
            raise error.naming(self.ctx.caller.user_mention(error.owner)) from None


_BY_PLAYER = re.compile(r"^(?P<rest>.+?)\s+by\s+(?P<player>@?[\w'’-]+)\s*$", re.IGNORECASE)


def split_player(
    rest: str,
    players: Collection[str],
    cards: CardLookup[Any],
    *,
    bare: Callable[[str], str] | None = None,
) -> tuple[str, str | None]:
    """``Lightning Bolt by @Alice`` -> (``Lightning Bolt``, ``Alice``).

    Many card names end in "by Word" (Bound by Moonsilver, Raised by Wolves), so the last word
    is taken as the acting player only when it is one of ``players`` (the game's and its
    seats'), or when the whole text names no card but the text before "by" does exactly (a
    player new to the game, "Lightning Bolt by Carol").  Otherwise the whole text is the card,
    and the card lookup's refusal names what was typed ("Struck by Lightning"), not a guess at
    its first word (found by QA 14). ``bare`` takes the options a command allows off the text
    before "by" ("Burst Lightning with kicker by Carol": QA 29 U3) before it is looked up."""
    match = _BY_PLAYER.match(rest)
    if match is None:
        return rest, None
    before, player = match.group("rest"), match.group("player").lstrip("@")
    if normalise_player(player) in {normalise_player(p) for p in players}:
        return before, player
    card_before = bare(before) if bare is not None else before
    if full_name(cards, rest) is None and cards.exact(card_before) is not None:
        return before, player
    return rest, None
