"""Game sessions: permissions, undo/redo and replay over a ``GameStorage`` and an injected reducer.

Commands on one channel run one at a time (an asyncio lock per scope).  Each change is checked
by the reducer *before* it is stored, then appended with the version it was computed from; if
another process changed the game meanwhile the store raises ``ConflictError`` and the change is
recomputed on the fresh state and retried, so no update is ever lost or applied twice.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import random
import statistics
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from bot.errors import ConflictError, PermissionDeniedError, StateError, UsageError, UserError
from bot.games.errors import NoGameError, NotYoursError, ReplayError, StaleStepError
from bot.games.model import (
    GAME_KINDS,
    ActionRecord,
    Actor,
    GameRecord,
    GameScope,
    HistoryEntry,
    NewEntry,
    Seating,
    SnapshotBlob,
    StoredSnapshot,
    normalise_player,
)
from bot.games.permissions import (
    ensure_may_change,
    ensure_may_end,
    ensure_may_manage,
    may_change,
    may_manage,
    may_take_back,
)
from bot.games.reducer import Reducer, S, SnapshotCodec, StepByStep
from bot.games.replay import history
from bot.games.storage import GameStorage
from bot.games.store import encode_payload

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True)
class Step(Generic[S]):
    """The result of an undo or redo: the new state, the action it affected, the new version.

    ``whole`` lists every stored action taken back or done again, oldest first, when an undo or
    redo took another user's step-by-step action as a whole (``action`` is then its start)."""

    state: S
    action: Mapping[str, Any]
    version: int
    whole: tuple[Mapping[str, Any], ...] = ()


@dataclass
class _Session(Generic[S]):
    """A game loaded in memory: its record, effective actions, redo stack, current state, and
    its seats as last read (a first answer to "may they change it?": the store's append has
    the last word, so seats changed by another process are never bypassed)."""

    game: GameRecord
    applied: list[ActionRecord]
    undone: list[ActionRecord]
    state: S
    seating: Seating
    # Undone actions an undo took back together (a whole step-by-step action): done again
    # together by a redo (QA 64 M1).
    together: frozenset[int] = frozenset()
    # What a cold load would replay after the deepest snapshot, in seconds of reducer work,
    # and what the last few snapshots cost to encode: snapshots are taken by replay cost.
    replay_cost: float = 0.0
    snapshot_costs: tuple[float, ...] = ()

    @property
    def snapshot_cost(self) -> float:
        """What the next snapshot should cost to encode: the median of the last three, so
        one slow encode (a pause of the machine) doesn't let the log grow unsnapshotted for
        as long again; a cold load of that game would replay it all."""
        return statistics.median(self.snapshot_costs) if self.snapshot_costs else 0.0


@dataclass(frozen=True)
class _Snapshot:
    """A change's snapshot decision: the blob to store (None: none), the session's replay
    cost once the change is stored, and what encoding the blob cost."""

    blob: SnapshotBlob | None
    replay_cost: float
    cost: float = 0.0


def seating_name(seating: Seating, player: str) -> str:
    """The player's name as the seat was taken ("Bob"), else as given."""
    key = player.strip().casefold()
    return next((name for name in seating.seats if name.casefold() == key), player)


# A cold load replays at most about this much reducer work past its snapshot.
MIN_REPLAY_SECONDS = 0.004
# A snapshot expected to encode faster than this is encoded on the event loop's thread.
INLINE_ENCODE_SECONDS = 0.005


class GameService(Generic[S]):
    """Per-channel games over ``store``, with states built by ``reducer``.

    ``snapshots`` (optional) serializes states so loading a long game replays only its tail.
    A snapshot is saved when the reducer work a cold load would replay since the last one
    reaches what a snapshot costs to encode (the median of the last three, and at least
    ``MIN_REPLAY_SECONDS``): a game of cheap actions is rarely snapshotted, a costly one often,
    and snapshots cost no more than the replays they save (issue 14).  ``snapshot_every``
    fixes the cadence instead (every N effective actions), for tests and benchmarks that need
    it.  ``conflicts`` counts changes that were recomputed because another writer got there
    first.
    """

    def __init__(
        self,
        store: GameStorage,
        reducer: Reducer[S],
        *,
        snapshots: SnapshotCodec[S] | None = None,
        snapshot_every: int | None = None,
        max_attempts: int = 25,
        cache_size: int = 256,
    ) -> None:
        if (
            (snapshot_every is not None and snapshot_every < 1)
            or max_attempts < 1
            or cache_size < 1
        ):
            raise ValueError("snapshot_every, max_attempts and cache_size must be positive")
        self._store = store
        self._reducer = reducer
        # Whether the reducer chooses actions step by step, decided once: an isinstance check
        # against a runtime-checkable protocol walks the protocol's members each time (issue
        # 14: a tenth of a cheap action's time, on every change).
        self._steps: StepByStep | None = reducer if isinstance(reducer, StepByStep) else None
        self._codec = snapshots
        self._snapshot_every = snapshot_every
        self._max_attempts = max_attempts
        self._cache_size = cache_size
        self._sessions: OrderedDict[GameScope, _Session[S]] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[GameScope, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self.conflicts = 0

    @property
    def store(self) -> GameStorage:
        """The storage the games are kept in (for tools and benchmarks that read it)."""
        return self._store

    # -- commands -----------------------------------------------------------------------------

    async def new(self, scope: GameScope, kind: str, actor: Actor) -> S:
        """Start a ``kind`` game ("mtg" or "riftbound") in ``scope``, started by ``actor``."""
        normalised = kind.strip().casefold()
        if normalised not in GAME_KINDS:
            raise UsageError(
                f"There is no game kind {kind!r}.",
                hint="Start an mtg or a riftbound game.",
                suggestions=GAME_KINDS,
            )
        async with self._lock(scope):
            game = await self._store.create_game(scope, normalised, actor)
            state = self._reducer.initial(normalised)
            self._remember(scope, _Session(game, [], [], state, Seating(actor.user)))
            return state

    async def game(self, scope: GameScope) -> GameRecord:
        """The active game's record (kind, starter, version); ``NoGameError`` if none."""
        game = await self._store.active_game(scope)
        if game is None:
            raise NoGameError()
        return game

    async def state(self, scope: GameScope) -> S:
        """The current state of the channel's game (anyone may look)."""
        async with self._lock(scope):
            return (await self._fresh_session(scope)).state

    async def apply(
        self,
        scope: GameScope,
        action: Mapping[str, Any],
        actor: Actor,
        *,
        expected_version: int | None = None,
    ) -> S:
        """Apply ``action`` (a JSON object) and store it; returns the new state.

        The reducer checks the action first: if it raises ``UserError`` nothing is stored.
        ``expected_version`` (a version stamp on an offered choice) makes the change
        compare-and-set: it is applied only if the game is still at that version.
        """

        def fixed(state: S) -> tuple[Mapping[str, Any], None]:
            return action, None  # made plain JSON once, as it is stored (in ``change``)

        state, _ = await self.change(scope, actor, fixed, expected_version=expected_version)
        return state

    async def change(
        self,
        scope: GameScope,
        actor: Actor,
        compute: Callable[[S], tuple[Mapping[str, Any] | None, T]],
        *,
        expected_version: int | None = None,
    ) -> tuple[S, T]:
        """Compute an action from the game's *current* state and store it, as one step.

        ``compute(state)`` returns the action to store (``None``: nothing to store) and an
        answer; it runs under the channel's lock on the freshest state, and again on a fresh
        state if another process wrote first, so the answer is always true of what was stored.
        Returns the state after the action and the answer.  Only users who may change the game
        get an action stored: anyone else is refused, and what they asked changes nothing.
        """

        async def attempt(session: _Session[S]) -> tuple[S, T]:
            if expected_version is not None and session.game.version != expected_version:
                raise StaleStepError()
            permitted = await self._may_change(scope, session, actor)

            # An action's own work (parsing, the engine: well under a millisecond) runs here:
            # a trip to a worker thread would cost about as much, and the GIL keeps it from
            # running beside the event loop anyway.  Only a snapshot, when one is due (a few
            # milliseconds), is encoded in a worker thread (``_snapshot_after``).
            try:
                action, answer = compute(session.state)
            except StateError as refused:
                # "Casting Shock is in progress: finish its choices first" said to a user who
                # can't make those choices: name who can (QA 20 U6).
                if not permitted:
                    ensure_may_change(actor, session.seating)  # no rights at all: say that
                start = self._in_progress_by(session)
                if (
                    "is in progress" in refused.message
                    and start is not None
                    and start.user != actor.user
                    and not actor.is_judge
                ):
                    raise NotYoursError(start.user, in_progress=True) from None
                raise
            if action is None:
                return session.state, answer  # a question: anyone may look
            if not permitted:
                ensure_may_change(actor, session.seating)
            self._ensure_not_theirs(session, actor, action)
            payload: Mapping[str, Any] = json.loads(encode_payload(action))
            started = time.perf_counter()
            state = self._reducer.apply(session.state, payload)
            snapshot = await self._snapshot_after(session, state, time.perf_counter() - started)
            record = await self._store.append(
                scope, session.game.version, NewEntry.do(payload), actor, snapshot=snapshot.blob
            )
            session.game = replace(session.game, version=record.seq)
            session.applied.append(record)
            session.undone.clear()
            session.state = state
            session.replay_cost = snapshot.replay_cost
            if snapshot.blob is not None:
                session.snapshot_costs = (*session.snapshot_costs[-2:], snapshot.cost)
            return state, answer

        return await self._change(scope, attempt)

    async def undo(
        self, scope: GameScope, actor: Actor, *, expected_version: int | None = None
    ) -> Step[S]:
        """Undo the last effective action (logged as an ``undo`` entry; history is kept)."""

        async def attempt(session: _Session[S]) -> Step[S]:
            await self._ensure_may_change(scope, session, actor)
            if expected_version is not None and session.game.version != expected_version:
                raise StaleStepError()
            if not session.applied:
                raise StateError(
                    "There is nothing to undo in this game.",
                    hint="Undo takes back the last action that is still in effect.",
                )
            target = session.applied[-1]
            self._ensure_may_take_back(session, actor, target, "undo")
            targets = self._whole_action_to_undo(session, actor)
            version = session.game.version
            for taken in reversed(targets):
                # One entry per action, newest first, as the log's grammar undoes them; a crash
                # between two leaves a valid log (the action reopened, which the starter may
                # cancel), never a lost one.
                entry = NewEntry.undo(taken.seq, whole=len(targets) > 1)
                version = (await self._store.append(scope, version, entry, actor)).seq
            # Rebuild from the nearest snapshot: reducers need not know how to reverse actions.
            self._forget(scope)
            fresh = await self._session(scope)
            if len(targets) == 1:
                return Step(fresh.state, copy.deepcopy(target.payload), version)
            payloads = tuple(copy.deepcopy(taken.payload) for taken in targets)
            return Step(fresh.state, payloads[0], version, whole=payloads)

        return await self._change(scope, attempt)

    async def redo(
        self, scope: GameScope, actor: Actor, *, expected_version: int | None = None
    ) -> Step[S]:
        """Redo the last undone action, if no new action came after the undo."""

        async def attempt(session: _Session[S]) -> Step[S]:
            await self._ensure_may_change(scope, session, actor)
            if expected_version is not None and session.game.version != expected_version:
                raise StaleStepError()
            if not session.undone:
                raise StateError(
                    "There is nothing to redo in this game.",
                    hint="Redo works after an undo, before any new action is taken.",
                )
            target = session.undone[-1]
            self._ensure_may_take_back(session, actor, target, "redo")
            targets, state = self._whole_action_to_redo(session, actor)
            version = session.game.version
            for done in targets:
                version = (
                    await self._store.append(scope, version, NewEntry.redo(done.seq), actor)
                ).seq
                session.applied.append(session.undone.pop())
            session.game = replace(session.game, version=version)
            session.state = state
            if len(targets) == 1:
                return Step(state, copy.deepcopy(target.payload), version)
            payloads = tuple(copy.deepcopy(done.payload) for done in targets)
            return Step(state, payloads[0], version, whole=payloads)

        return await self._change(scope, attempt)

    # -- seats --------------------------------------------------------------------------------

    async def seating(self, scope: GameScope) -> Seating:
        """Who holds which seat of the channel's game, its starter, and whether it is open."""
        return await self._store.seating(scope)

    async def join(self, scope: GameScope, player: str, actor: Actor) -> Seating:
        """``actor`` takes ``player``'s seat, if no one else holds it."""
        async with self._lock(scope):
            seating = await self._store.seating(scope)
            holder = seating.holder(player)
            if holder == actor.user:
                return seating
            if holder is not None:
                raise PermissionDeniedError(
                    f"{seating_name(seating, player)}'s seat is already taken.",
                    hint="The game's starter or a judge can reassign it with "
                    f"`game seat {player} @user`.",
                )
            held = seating.seats_of(actor.user)
            if held and not may_manage(actor, seating):
                # One seat each: a player who added another player by a statement doesn't
                # also play them (found by QA 16).
                raise PermissionDeniedError(
                    f"You already play {held[0]} in this game; one seat each.",
                    hint=f"`game leave` first, or ask the starter or a judge to `game seat "
                    f"{player} @you`.",
                )
            return self._seated(scope, await self._store.set_seat(scope, player, actor.user, actor))

    async def seat(self, scope: GameScope, player: str, user: str | None, actor: Actor) -> Seating:
        """The starter or a judge gives ``player``'s seat to ``user`` (``None`` frees it)."""
        async with self._lock(scope):
            seating = await self._store.seating(scope)
            ensure_may_manage(actor, seating)
            others = [
                name
                for name in (seating.seats_of(user) if user is not None else [])
                if normalise_player(name) != normalise_player(player)
            ]
            if others and user != seating.started_by:
                # One seat each, as `game join` keeps it (QA 20: bob was given Alice's seat
                # beside his own, and "I" then meant one of them).
                raise PermissionDeniedError(
                    f"That user already plays {others[0]} in this game; one seat each.",
                    hint=f"`game seat {others[0]} none` first, then `game seat {player} @user`.",
                )
            return self._seated(scope, await self._store.set_seat(scope, player, user, actor))

    async def action_in_progress_by(self, scope: GameScope) -> str | None:
        """The user whose step-by-step action is in progress in the game, if one is."""
        async with self._lock(scope):
            start = self._in_progress_by(await self._fresh_session(scope))
            return start.user if start is not None else None

    async def leave(self, scope: GameScope, actor: Actor) -> tuple[list[str], Seating]:
        """``actor`` gives up every seat they hold; returns the seats freed."""
        async with self._lock(scope):
            seating = await self._store.seating(scope)
            freed = seating.seats_of(actor.user)
            for player in freed:
                seating = await self._store.set_seat(scope, player, None, actor)
            return freed, self._seated(scope, seating)

    async def set_open(self, scope: GameScope, is_open: bool, actor: Actor) -> Seating:
        """The starter or a judge opens the game to everyone in the channel, or closes it."""
        async with self._lock(scope):
            ensure_may_manage(actor, await self._store.seating(scope))
            return self._seated(scope, await self._store.set_open(scope, is_open))

    async def history(self, scope: GameScope) -> list[HistoryEntry]:
        """Every entry of the game's log: what was done, undone or redone, by whom and when."""
        return history(await self._store.actions(scope))

    async def export(self, scope: GameScope) -> list[Mapping[str, Any]]:
        """The effective actions in order (what a script replaying this game would contain)."""
        async with self._lock(scope):
            session = await self._fresh_session(scope)
            return [copy.deepcopy(record.payload) for record in session.applied]

    async def end(self, scope: GameScope, actor: Actor) -> GameRecord:
        """End the channel's game (kept in the database); a new one may then be started.

        Only its starter or a judge may: an ended game can't be taken back.
        """
        async with self._lock(scope):
            ensure_may_end(actor, await self._store.seating(scope))
            ended = await self._store.end_game(scope, actor)
            self._forget(scope)
            return ended

    async def ended_games(self, scope: GameScope) -> list[GameRecord]:
        """The channel's ended games, the latest ended first: ``game reopen N`` names the Nth."""
        ended = [g for g in await self._store.games(scope) if g.ended_at]
        return sorted(ended, key=lambda g: g.ended_at or g.started_at, reverse=True)

    async def reopen(self, scope: GameScope, actor: Actor, which: int = 1) -> GameRecord:
        """Make the channel's ``which``-th latest ended game active again, as it was (its log
        was kept): ``game end`` is then not the end of what users did, even after other games
        were played here since (QA 63 P3). Its starter or a judge may."""
        async with self._lock(scope):
            games = await self.ended_games(scope)
            if not games:
                raise StateError(
                    "No game has ended in this channel, so there is none to reopen.",
                    hint="`game new` starts one.",
                )
            if not 1 <= which <= len(games):
                raise UsageError(
                    f"This channel has {len(games)} ended game{'s' if len(games) > 1 else ''}, "
                    f"so there is no game {which} to reopen.",
                    hint="`game reopen` brings back the latest; `game reopen 2` the one before.",
                )
            ended = games[which - 1]
            if not (actor.is_judge or actor.user == ended.started_by):
                raise PermissionDeniedError(
                    "Only the player who started that game or a judge can reopen it."
                )
            reopened = await self._store.reopen_game(scope, ended.id)
            self._forget(scope)
            return reopened

    # -- sessions -----------------------------------------------------------------------------

    def _lock(self, scope: GameScope) -> asyncio.Lock:
        lock = self._locks.get(scope)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[scope] = lock
        return lock

    async def _may_change(self, scope: GameScope, session: _Session[S], actor: Actor) -> bool:
        """Whether ``actor`` may change the game, by the session's seats; read again before
        refusing, in case another process seated them since."""
        if may_change(actor, session.seating):
            return True
        session.seating = await self._store.seating(scope)
        return may_change(actor, session.seating)

    async def _ensure_may_change(
        self, scope: GameScope, session: _Session[S], actor: Actor
    ) -> None:
        if not await self._may_change(scope, session, actor):
            ensure_may_change(actor, session.seating)

    def _in_progress_by(self, session: _Session[S]) -> ActionRecord | None:
        """The stored action that started the action in progress (a cast chosen step by
        step), if one is: the user who stored it owns the action until it ends."""
        reducer = self._steps
        if reducer is None or not reducer.has_action_in_progress(session.state):
            return None
        return next(
            (r for r in reversed(session.applied) if reducer.starts_action(r.payload)), None
        )

    def _ensure_not_theirs(
        self, session: _Session[S], actor: Actor, action: Mapping[str, Any] | None = None
    ) -> None:
        """Refuse a change to another user's action in progress (judges excepted): its
        choices, going back, cancelling or undoing its steps are theirs.  The game's starter
        may cancel it too, so a player who walked away mid-cast doesn't hold up the game."""
        start = self._in_progress_by(session)
        if start is None or start.user == actor.user or actor.is_judge:
            return
        reducer = self._steps
        cancelling = action is not None and reducer is not None and reducer.cancels_action(action)
        if cancelling and may_manage(actor, session.seating):
            return
        raise NotYoursError(start.user, in_progress=True)

    def _whole_action_to_undo(self, session: _Session[S], actor: Actor) -> list[ActionRecord]:
        """What an undo takes back: the last action, or, when that action finished (or
        cancelled) another user's step-by-step action and the actor is not a judge, that whole
        action from its start.  Taking back only its last step would reopen it as theirs, which
        the starter could then neither finish nor take back."""
        last = session.applied[-1]
        reducer = self._steps
        if actor.is_judge or last.user == actor.user or reducer is None:
            return [last]  # their own step (the starter's cancel reopens what it cancelled)
        if not reducer.continues_action(last.payload):
            return [last]
        start_at = next(
            (
                index
                for index in range(len(session.applied) - 1, -1, -1)
                if reducer.starts_action(session.applied[index].payload)
            ),
            None,
        )
        if start_at is None or session.applied[start_at].user == actor.user:
            return [last]
        whole = session.applied[start_at:]
        for record in whole:
            if not may_take_back(actor, session.seating, record.user):
                raise NotYoursError(record.user, in_progress=False, doing="undo")
        return list(whole)

    def _whole_action_to_redo(
        self, session: _Session[S], actor: Actor
    ) -> tuple[list[ActionRecord], S]:
        """What a redo does again, and the state after it: the last undone action, or, when it
        starts a step-by-step action that an undo took back as a whole, or another user's and
        the actor is not a judge, its undone steps with it until the action is finished (the
        mirror of a whole undo; QA 64 M1: its own player's redo too)."""
        target = session.undone[-1]
        reducer, steps = self._reducer, self._steps
        state = reducer.apply(session.state, target.payload)
        targets = [target]
        whole = target.seq in session.together
        if (
            steps is None
            or not steps.starts_action(target.payload)
            or not (whole or (not actor.is_judge and target.user != actor.user))
        ):
            return targets, state
        for record in reversed(session.undone[:-1]):
            if not steps.has_action_in_progress(state) or not steps.continues_action(
                record.payload
            ):
                break
            if not may_take_back(actor, session.seating, record.user):
                raise NotYoursError(record.user, in_progress=False, doing="redo")
            state = reducer.apply(state, record.payload)
            targets.append(record)
        return targets, state

    def _ensure_may_take_back(
        self, session: _Session[S], actor: Actor, target: ActionRecord, doing: str
    ) -> None:
        """Undo and redo: a player takes back or does again their own actions; the starter
        and judges anyone's, except the steps of another user's action in progress (only
        they or a judge).  Redoing a cancel is cancelling again, which the starter may."""
        self._ensure_not_theirs(session, actor, target.payload if doing == "redo" else None)
        if not may_take_back(actor, session.seating, target.user):
            raise NotYoursError(target.user, in_progress=False, doing=doing)

    def _seated(self, scope: GameScope, seating: Seating) -> Seating:
        """Keep the cached session's seats as this process just changed them."""
        cached = self._sessions.get(scope)
        if cached is not None:
            cached.seating = seating
        return seating

    async def _change(self, scope: GameScope, attempt: Callable[[_Session[S]], Awaitable[T]]) -> T:
        """Run ``attempt`` on the channel's session under its lock, retrying on conflicts.

        A conflict (another process wrote first) or a refusal computed from a stale session
        (permission, reducer rejection) is retried on a freshly loaded session.
        """
        async with self._lock(scope):
            for round_ in range(self._max_attempts):
                session = await self._session(scope)
                try:
                    return await attempt(session)
                except ConflictError:
                    self.conflicts += 1
                except UserError as error:
                    if not await self._is_stale(session):
                        if isinstance(error, PermissionDeniedError):
                            self._forget(scope)  # its seats were out of date: read them again
                        raise
                self._forget(scope)
                # Jitter so processes that collided don't collide again in lockstep, growing
                # exponentially (to 0.25 s) so a busy game still lets every writer through:
                # 4 processes x 50 concurrent commands on one channel all land (issue 14).
                await asyncio.sleep(random.uniform(0, 0.002 * 2 ** min(round_, 7)))
        raise ConflictError(
            "Too many people are changing this game at once, so your change was not saved.",
            hint="Try again in a moment.",
        )

    async def _is_stale(self, session: _Session[S]) -> bool:
        current = await self._store.active_game(session.game.scope)
        return current is None or (current.id, current.version) != (
            session.game.id,
            session.game.version,
        )

    async def _fresh_session(self, scope: GameScope) -> _Session[S]:
        """The session, reloaded if another process changed the game since it was cached."""
        cached = self._sessions.get(scope)
        if cached is not None and await self._is_stale(cached):
            self._forget(scope)
        return await self._session(scope)

    async def _session(self, scope: GameScope) -> _Session[S]:
        cached = self._sessions.get(scope)
        if cached is not None:
            self._sessions.move_to_end(scope)
            return cached
        session = await self._load(scope)
        self._remember(scope, session)
        return session

    async def _load(self, scope: GameScope) -> _Session[S]:
        """Rebuild a session: the deepest usable snapshot, then replay of the remaining actions."""
        game_log = await self._store.load(scope, self._codec.tag if self._codec else None)
        replay = game_log.replay
        restored = self._from_snapshot(game_log.snapshot, replay.applied)
        if restored is None:
            state, start = self._reducer.initial(game_log.game.kind), 0
        else:
            state, start = restored
        started = time.perf_counter()
        for record in replay.applied[start:]:
            try:
                state = self._reducer.apply(state, record.payload)
            except UserError as error:
                raise ReplayError(
                    f"Action #{record.seq} of this channel's game can no longer be replayed: "
                    f"{error.message}",
                    hint="Export the game to see its actions; its starter or a judge can end it.",
                ) from error
        return _Session(
            game_log.game,
            list(replay.applied),
            list(replay.undone),
            state,
            game_log.seating,
            together=replay.together,
            replay_cost=time.perf_counter() - started,
        )

    def _from_snapshot(
        self, snapshot: StoredSnapshot | None, applied: tuple[ActionRecord, ...]
    ) -> tuple[S, int] | None:
        """(state, number of effective actions it covers), or ``None`` without a usable one."""
        if snapshot is None or self._codec is None:
            return None
        seqs = [record.seq for record in applied]
        if snapshot.last_seq not in seqs:
            return None
        try:
            state = self._codec.deserialize(snapshot.blob.data)
        except Exception:
            # A snapshot is only a cache of the log; a bad one costs a full replay, not the game.
            log.warning("ignoring unreadable game snapshot", exc_info=True)
            return None
        return state, seqs.index(snapshot.last_seq) + 1

    async def _snapshot_after(self, session: _Session[S], state: S, cost: float) -> _Snapshot:
        """Whether to store a snapshot of ``state`` (reached by ``cost`` seconds of reducer
        work) with the action that made it, and the session's costs afterwards."""
        replay = session.replay_cost + cost
        kept = _Snapshot(None, replay)
        codec = self._codec
        if codec is None:
            return kept
        if self._snapshot_every is not None:
            if (len(session.applied) + 1) % self._snapshot_every:
                return kept
        elif replay < max(MIN_REPLAY_SECONDS, session.snapshot_cost):
            return kept

        def encode() -> _Snapshot:
            started = time.perf_counter()
            try:
                blob = SnapshotBlob(codec.tag, codec.serialize(state))
            except (TypeError, ValueError):
                # A state JSON can't carry exactly: the action is stored all the same; a
                # snapshot is only a cache of the log, and the log is replayed instead.
                log.warning("no snapshot of this game state", exc_info=True)
                return kept
            return _Snapshot(blob, 0.0, time.perf_counter() - started)

        if session.snapshot_costs and session.snapshot_cost < INLINE_ENCODE_SECONDS:
            return encode()  # cheaper than the trip to a worker thread and back (~0.5 ms)
        # A long encode goes to a worker thread: the GIL lets the event loop in between, so
        # other channels' replies go on.
        return await asyncio.to_thread(encode)

    def _remember(self, scope: GameScope, session: _Session[S]) -> None:
        self._sessions[scope] = session
        self._sessions.move_to_end(scope)
        while len(self._sessions) > self._cache_size:
            self._sessions.popitem(last=False)

    def _forget(self, scope: GameScope) -> None:
        self._sessions.pop(scope, None)
