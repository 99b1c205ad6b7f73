"""``game``: the channel's saved game — start, play statements, cast step by step, undo, export.

One game per (guild, channel); the scope comes from where the command was typed, never from
the user.  Statements are checked on the current state first: only those that changed the game
are stored (illegal ones change nothing, CR 732.1, and are answered without being stored).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from pathlib import Path
from typing import Any

from bot.commands.context import CommandContext
from bot.commands.game_statements import play_statements
from bot.commands.game_views import (
    choice_reply,
    game_script_reply,
    game_state_reply,
    seats_text,
)
from bot.commands.reply import Reply, Section
from bot.commands.riftbound_game import riftbound_executor_for, riftbound_game
from bot.commands.scenario import executor_for, speaker_of, steps_reply
from bot.errors import UsageError
from bot.games.errors import NoGameError, StaleStepError
from bot.games.model import GAME_KINDS, Actor, GameScope
from bot.games.mtg_reducer import (
    Pending,
    PendingRetarget,
    ScenarioReducer,
    TableCodec,
    TableState,
    require_pending,
)
from bot.games.permissions import ensure_may_change
from bot.games.riftbound_reducer import ExecutorSource, KindCodec, KindReducer, RiftboundReducer
from bot.games.service import GameService
from bot.games.storage import GameStorage, open_storage
from bot.games.table_reducer import refuse_while_in_progress
from bot.scenario.ast import PlayerRef
from bot.scenario.board_view import board_data, board_text
from bot.scenario.executor import ScenarioExecutor
from bot.scenario.retarget_steps import option_label, plan_resolution
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from bot.scenario.stepping import (
    find_ability,
    find_retarget,
    pick_text,
    prompt_for,
    read_pick,
)
from bot.scenario.steps import Step

GAME_USAGE = (
    "game new [mtg|riftbound] · game join NAME · game seat NAME @user · game leave · "
    "game open · game close · game STATEMENTS · game cast CARD [as FACE] [by PLAYER] "
    "(Riftbound: game play CARD) · game choose N · "
    "game activate SOURCE['s first ability] · game retarget SPELL · "
    "game back · game cancel · game resolve · game state · game history · game undo · "
    "game redo · game export · game end"
)


class GameHub:
    """The games service, opened on first use and closed with the other services."""

    def __init__(
        self,
        db_path: Path,
        executor: ScenarioExecutor,
        riftbound: ExecutorSource | RiftboundScenarioExecutor | None = None,
        *,
        database_url: str | None = None,
    ) -> None:
        self._db_path = db_path
        self._database_url = database_url
        self._executor = executor
        self._riftbound = riftbound
        self._service: GameService[TableState] | None = None
        self._store: GameStorage | None = None
        self._opening = asyncio.Lock()

    async def service(self) -> GameService[TableState]:
        # Opened once even when the first commands arrive together (each open would leave a
        # database connection and its thread behind).
        async with self._opening:
            if self._service is None:
                self._store = await open_storage(self._database_url, self._db_path)
                self._service = GameService(
                    self._store,
                    KindReducer(ScenarioReducer(self._executor), RiftboundReducer(self._riftbound)),
                    snapshots=KindCodec(TableCodec()),
                )
            return self._service

    async def aclose(self) -> None:
        if self._store is not None:
            await self._store.close()
        self._store = self._service = None


async def _hub(ctx: CommandContext) -> GameService[TableState]:
    hub = ctx.services.games
    if hub is None:
        hub = GameHub(
            ctx.services.settings.db_path,
            executor_for(ctx),
            riftbound=lambda: riftbound_executor_for(ctx),
            database_url=ctx.services.settings.database_url,
        )
        ctx.services.games = hub
    service: GameService[TableState] = await hub.service()
    return service


def _scope(ctx: CommandContext) -> GameScope:
    return GameScope(guild=ctx.caller.guild, channel=ctx.caller.channel)


async def game(ctx: CommandContext, argument: str) -> Reply:
    """Dispatch ``game SUBCOMMAND ...``; anything else is scenario statements for this game.

    Step commands offered as choices carry the game's version (``game choose 2 @v7``): the
    change is applied only if the game is still at that version, checked in the same step
    that stores it (compare-and-set), so a button clicked after the game has moved on, or a
    second click racing the first, is refused rather than applied to a different step.  Typed
    commands without the stamp always apply to the current step.
    """
    argument, stamped = _split_version_stamp(argument)
    reply = await _dispatch(GameCall(ctx, argument, stamped))
    return await _stamp_choices(ctx, reply)


@dataclass(frozen=True)
class GameCall:
    """One ``game`` command: who asks where, its words after the subcommand, and its stamp."""

    ctx: CommandContext
    rest: str
    stamp: int | None = None

    @property
    def scope(self) -> GameScope:
        return GameScope(guild=self.ctx.caller.guild, channel=self.ctx.caller.channel)

    @property
    def actor(self) -> Actor:
        caller = self.ctx.caller
        return Actor(user=caller.user, name=caller.name, is_judge=caller.is_judge)


_VERSION_STAMP = re.compile(r"\s@v(\d{1,9})\s*$")


def _split_version_stamp(argument: str) -> tuple[str, int | None]:
    match = _VERSION_STAMP.search(argument)
    if match is None:
        return argument, None
    return argument[: match.start()], int(match.group(1))


async def _current_version(ctx: CommandContext) -> int | None:
    try:
        return (await (await _hub(ctx)).game(_scope(ctx))).version
    except NoGameError:
        return None


async def _stamp_choices(ctx: CommandContext, reply: Reply) -> Reply:
    """Stamp the offered step commands with the version they were offered at."""
    steps = [c for c in reply.choices if c.command.startswith("game ")]
    if not steps:
        return reply
    version = await _current_version(ctx)
    if version is None:
        return reply
    stamped = tuple(
        replace(c, command=f"{c.command} @v{version}") if c.command.startswith("game ") else c
        for c in reply.choices
    )
    return replace(reply, choices=stamped)


async def _dispatch(call: GameCall) -> Reply:
    ctx, argument = call.ctx, call.rest
    word, _, rest = argument.strip().partition(" ")
    rest = rest.strip()
    handler = _SUBCOMMANDS.get(word.lower())
    sub = replace(call, rest=rest)
    if word.lower() not in _ANY_KIND and await _is_riftbound(ctx):
        service = await _hub(ctx)
        speaker, seated = await _speaker(call)
        return await riftbound_game(
            ctx,
            argument,
            service,
            call.scope,
            call.actor,
            expected_version=call.stamp,
            speaker=speaker,
            seated=seated,
        )
    if handler is not None:
        return await handler(sub)
    if not argument.strip():
        raise UsageError("`game` needs a subcommand or a statement.", hint=GAME_USAGE)
    return await _statements(call)


# Subcommands that work the same for every kind of game; the rest go to the game's own module.
_ANY_KIND = frozenset(
    {
        "new",
        "start",
        "history",
        "undo",
        "redo",
        "end",
        "join",
        "seat",
        "leave",
        "open",
        "close",
        "seats",
    }
)


async def _is_riftbound(ctx: CommandContext) -> bool:
    try:
        record = await (await _hub(ctx)).game(_scope(ctx))
    except NoGameError:
        return False
    return record.kind == "riftbound"


async def _new(call: GameCall) -> Reply:
    kind = (call.rest or call.ctx.caller.game_hint or "mtg").split()[0].lower()
    if kind not in GAME_KINDS:
        raise UsageError(
            f"There is no game kind “{kind}”.", hint="game new mtg · game new riftbound"
        )
    service = await _hub(call.ctx)
    await service.new(call.scope, kind, call.actor)
    name = "Magic" if kind == "mtg" else "Riftbound"
    seats = (
        " Players take their seats with `game join NAME` (e.g. `game join Alice`); only you, "
        "seated players and judges can change the game."
    )
    body = (
        f"A new {name} game started in this channel. Add to it with statements, e.g. "
        "`game Alice controls Runeclaw Bear.`" + seats
    )
    if kind == "riftbound":
        body = (
            "A new Riftbound game started in this channel. Add to it with statements, e.g. "
            "`game Alice controls Blazing Scorcher at her base.` or `game Bob controls "
            "Blazing Scorcher at Targon's Peak.`; play cards with `game play Void Seeker`." + seats
        )
    return Reply(title=f"New {name} game", body=body, data={"kind": kind})


async def _player(call: GameCall, named: str | None = None) -> str:
    """Who acts for a step command: the player named (``by Alice``), else the caller's seat."""
    if named:
        return named
    seating = await (await _hub(call.ctx)).seating(call.scope)
    held = seating.seats_of(call.actor.user)
    if held:
        return held[0]
    ensure_may_change(call.actor, seating)  # a stranger learns first that they may not
    raise UsageError(
        "You don't hold a seat in this game, so I don't know which player does that.",
        hint="Name the player (`game cast Lightning Bolt by Alice`) or take a seat with "
        "`game join Alice`.",
    )


async def _speaker(call: GameCall) -> tuple[str, bool]:
    """Whom "I"/"me" mean in statements: the caller's seat; else their name (not a player)."""
    seating = await (await _hub(call.ctx)).seating(call.scope)
    held = seating.seats_of(call.actor.user)
    return (held[0], True) if held else (speaker_of(call.ctx), False)


_BY_PLAYER = re.compile(r"^(?P<rest>.+?)\s+by\s+(?P<player>@?[\w'’-]+)\s*$", re.IGNORECASE)


def _split_player(rest: str) -> tuple[str, str | None]:
    match = _BY_PLAYER.match(rest)
    if match is None:
        return rest, None
    return match.group("rest"), match.group("player").lstrip("@")


async def _statements(call: GameCall) -> Reply:
    service = await _hub(call.ctx)
    speaker, seated = await _speaker(call)
    executor = executor_for(call.ctx)

    def run(current: TableState) -> tuple[Step, ...]:
        if current.kind != "mtg":
            raise UsageError(
                "This channel's game is Riftbound; its statements can't be played on a board yet.",
                hint="Use `scenario …` for one-shot answers, or `game end` then `game new mtg`.",
            )
        if current.pending is not None:
            refuse_while_in_progress(current.pending.title)
        if not seated and _names_the_speaker(
            executor.parse(call.rest, speaker=speaker, players=current.game.player_names)
        ):
            # The caller holds no seat: "I"/"me" must not invent a player (issue 10).
            raise UsageError(
                "You don't hold a seat in this game, so “I”, “me” and “my opponent” don't name "
                "a player.",
                hint="Name the player (`game Alice casts Lightning Bolt targeting Bob.`) or "
                "take a seat with `game join Alice`.",
            )
        return executor.run(call.rest, current.game, speaker=speaker).steps

    # A ward trigger's "pays / doesn't pay" come back as choices (CR 702.21a, 118.12a).
    return await play_statements(
        service, call.scope, call.actor, speaker, run, expected_version=call.stamp
    )


def _names_the_speaker(node: object) -> bool:
    """Whether parsed statements refer to the speaker ("I", "me", "my opponent")."""
    if isinstance(node, PlayerRef):
        return node.is_speaker or node.opponent_of is not None
    if isinstance(node, list | tuple):
        return any(_names_the_speaker(item) for item in node)
    if is_dataclass(node) and not isinstance(node, type):
        return any(_names_the_speaker(getattr(node, f.name)) for f in fields(node))
    return False


async def _step(call: GameCall, build: Callable[[TableState], Mapping[str, Any]]) -> TableState:
    """Store the step action ``build`` makes from the current state (one serialized step)."""

    def compute(current: TableState) -> tuple[Mapping[str, Any], None]:
        return build(current), None

    service = await _hub(call.ctx)
    state, _ = await service.change(call.scope, call.actor, compute, expected_version=call.stamp)
    return state


_CAST_OPTION = re.compile(
    r"\s+(?:with|for|paying)\s+(?:its\s+)?(overload|kicker)(?:\s+cost)?(?:\s+paid)?\s*$",
    re.IGNORECASE,
)


async def _cast(call: GameCall) -> Reply:
    rest, named = _split_player(call.rest)
    if not rest:
        raise UsageError(
            "Say which card to cast.",
            hint="game cast Arc Trail [with kicker | with overload] [by Alice]",
        )
    face = None
    # "with overload" ("target" reads "each", CR 702.96a), "with kicker" (CR 702.33d).
    options: set[str] = set()
    while option := _CAST_OPTION.search(rest):
        options.add(option.group(1).lower())
        rest = rest[: option.start()].strip()
    match = re.fullmatch(r"(.+?)\s+as\s+(.+)", rest, re.IGNORECASE)
    if match:
        rest, face = match.group(1), match.group(2)
    card = executor_for(call.ctx).cards.resolve(rest)
    player = await _player(call, named)
    action = {
        "cast_start": {
            "player": player,
            "card": card.name,
            "face": face,
            "overload": "overload" in options,
            "kicked": "kicker" in options,
        }
    }
    return _progress_reply(await _step(call, lambda _current: action))


async def _choose(call: GameCall) -> Reply:
    if not call.rest:
        raise UsageError("Say which option: its number or its name.", hint="game choose 1")

    def build(current: TableState) -> Mapping[str, Any]:
        pending = require_pending(current)
        value = read_pick(pending.progress, call.rest)
        return {"choose": _jsonable(value), "picked": pick_text(pending.progress, value)}

    return _progress_reply(await _step(call, build))


async def _back(call: GameCall) -> Reply:
    return _progress_reply(await _step(call, lambda _current: {"back": True}))


async def _cancel(call: GameCall) -> Reply:
    titles: list[str] = []

    def build(current: TableState) -> Mapping[str, Any]:
        titles.append(require_pending(current).title)
        return {"cancel": True}

    await _step(call, build)
    return Reply(title="Cancelled", body=f"{titles[-1]} stopped; the game is as it was.")


async def _activate(call: GameCall) -> Reply:
    """Activate an ability one choice at a time (CR 602.2b)."""
    rest, named = _split_player(call.rest)
    if not rest:
        raise UsageError("Say whose ability.", hint="game activate Spellskite")
    executor = executor_for(call.ctx)
    speaker, seated = await _speaker(call)
    chosen = named or (speaker if seated else None)

    def build(current: TableState) -> Mapping[str, Any]:
        game = current.game
        source_id, ability = find_ability(executor, game, speaker, rest)
        # The activating player: the one named or seated if playing, else the controller
        # (CR 602.2: only an object's controller activates its abilities).
        player = chosen if chosen and game.has_player(chosen) else game.obj(source_id).controller
        return {
            "activate_start": {
                "player": player,
                "source": source_id,
                "ability": ability,
                "name": game.label(source_id),
            }
        }

    return _progress_reply(await _step(call, build))


async def _retarget(call: GameCall) -> Reply:
    """Change the targets of a spell or ability on the stack, one choice at a time (115.7)."""
    rest, named = _split_player(call.rest)
    if not rest:
        raise UsageError(
            "Say which spell or ability on the stack.", hint="game retarget Arc Trail [by Bob]"
        )
    executor = executor_for(call.ctx)
    player = await _player(call, named)

    def build(current: TableState) -> Mapping[str, Any]:
        stack_id, kind = find_retarget(executor, current.game, player, rest)
        return {
            "retarget_start": {
                "player": player,
                "stack_id": stack_id,
                "kind": kind.value,
                "name": current.game.label(stack_id),
            }
        }

    return _progress_reply(await _step(call, build))


async def _resolve(call: GameCall) -> Reply:
    rest = call.rest
    if rest.strip(" .").lower() in ("the stack", "all", "everything"):
        return await _statements(replace(call, rest="Resolve the stack."))
    if re.search(r"\bpays?\b", rest, re.IGNORECASE):
        # `game resolve and Bob doesn't pay`: a ward trigger's choice (CR 702.21a, 118.12a).
        return await _statements(
            replace(call, rest=f"The top of the stack resolves {rest.rstrip(' .')}.")
        )
    service = await _hub(call.ctx)
    current = await service.state(call.scope)
    if current.pending is None and plan_resolution(current.game) is not None:
        # Redirect, Deflection, Spellskite, Twincast: new targets, one choice at a time (115.7).
        # The choices are its controller's (CR 608.2): the top object's, not the caller's.
        top = current.game.stack[-1]

        def build(now: TableState) -> Mapping[str, Any]:
            if not now.game.stack or now.game.stack[-1].object_id != top.object_id:
                raise StaleStepError()
            return {"resolve_start": {"player": top.controller}}

        return _progress_reply(await _step(call, build))
    return await _statements(replace(call, rest="The top of the stack resolves."))


async def _state(call: GameCall) -> Reply:
    ctx = call.ctx
    service = await _hub(ctx)
    state = await service.state(call.scope)
    record = await service.game(call.scope)
    seating = await service.seating(call.scope)
    pending = state.pending
    return game_state_reply(
        ctx,
        record,
        seating,
        board_text(state.game),
        board_data(state.game),
        (pending.title, prompt_for(pending.progress)) if pending is not None else None,
    )


async def _history(call: GameCall) -> Reply:
    entries = await (await _hub(call.ctx)).history(call.scope)
    lines = []
    for entry in entries:
        what = _action_text(entry.action)
        mark = "" if entry.kind != "do" or entry.in_effect else " (undone)"
        verb = {"do": "", "undo": "undo: ", "redo": "redo: "}[entry.kind]
        who = call.ctx.caller.user_mention(entry.user)
        lines.append(f"{entry.seq}. {who}: {verb}{what}{mark}")
    return Reply(
        title="Game history",
        body="\n".join(lines) or "Nothing has happened yet.",
        data={"history": [{"seq": e.seq, "kind": e.kind, "action": dict(e.action),
                           "user": e.user, "in_effect": e.in_effect} for e in entries]},
    )  # fmt: skip


async def _undo(call: GameCall) -> Reply:
    step = await (await _hub(call.ctx)).undo(call.scope, call.actor, expected_version=call.stamp)
    return Reply(title="Undone", body=f"Took back: {_action_text(step.action)}")


async def _redo(call: GameCall) -> Reply:
    step = await (await _hub(call.ctx)).redo(call.scope, call.actor, expected_version=call.stamp)
    return Reply(title="Redone", body=f"Did again: {_action_text(step.action)}")


async def _export(call: GameCall) -> Reply:
    state = await (await _hub(call.ctx)).state(call.scope)
    pending = state.pending.title if state.pending is not None else None
    return game_script_reply(state.kind, state.transcript, pending)


async def _end(call: GameCall) -> Reply:
    record = await (await _hub(call.ctx)).end(call.scope, call.actor)
    name = "Magic" if record.kind == "mtg" else "Riftbound"
    return Reply(
        title="Game ended",
        body=f"The {name} game of this channel has ended; `game new` starts another.",
    )


# ---- seats ------------------------------------------------------------------------------------
_PLAYER_NAME = re.compile(r"@?[A-Za-z][\w'’-]{0,31}")


def _player_name(text: str, usage: str) -> str:
    name = text.strip().removeprefix("@")
    if not _PLAYER_NAME.fullmatch(name):
        raise UsageError("Say which player's seat, by the name used in the game.", hint=usage)
    return name


async def _join(call: GameCall) -> Reply:
    player = _player_name(call.rest, "game join Alice")
    seating = await (await _hub(call.ctx)).join(call.scope, player, call.actor)
    return Reply(
        title="Seat taken",
        body=f"You play {player} in this channel's game: “I” and “me” now mean {player}, and "
        "you can change the game.",
        sections=(Section("Seats", seats_text(call.ctx, seating)),),
        data={"seats": dict(seating.seats)},
    )


async def _seat(call: GameCall) -> Reply:
    usage = "game seat Bob @user (or `game seat Bob none` to free it)"
    player_text, _, user_text = call.rest.partition(" ")
    player = _player_name(player_text, usage)
    user = _user_id(user_text.strip(), usage)
    seating = await (await _hub(call.ctx)).seat(call.scope, player, user, call.actor)
    body = (
        f"{player}'s seat is free."
        if user is None
        else f"{player} is played by {call.ctx.caller.user_mention(user)}."
    )
    return Reply(
        title="Seats",
        body=body,
        sections=(Section("Seats", seats_text(call.ctx, seating)),),
        data={"seats": dict(seating.seats)},
    )


def _user_id(text: str, usage: str) -> str | None:
    """A user id from a mention (``<@123>``, ``<@!123>``) or a plain id; ``none`` frees."""
    if text.lower() in ("none", "nobody", "free"):
        return None
    match = re.fullmatch(r"<@!?(\d{1,25})>|(\d{1,25})|(@?[\w.-]{1,32})", text)
    if not text or match is None:
        raise UsageError("Say who gets the seat: a mention or a user id.", hint=usage)
    return match.group(1) or match.group(2) or match.group(3).removeprefix("@")


async def _leave(call: GameCall) -> Reply:
    freed, seating = await (await _hub(call.ctx)).leave(call.scope, call.actor)
    body = (
        f"You left {' and '.join(freed)}'s seat."
        if freed
        else "You don't hold a seat in this game."
    )
    return Reply(
        title="Seats",
        body=body,
        sections=(Section("Seats", seats_text(call.ctx, seating)),),
        data={"seats": dict(seating.seats)},
    )


async def _open(call: GameCall) -> Reply:
    return await _set_open(call, True)


async def _close(call: GameCall) -> Reply:
    return await _set_open(call, False)


async def _set_open(call: GameCall, is_open: bool) -> Reply:
    seating = await (await _hub(call.ctx)).set_open(call.scope, is_open, call.actor)
    body = (
        "Anyone in this channel can now change the game (`game close` to stop that)."
        if is_open
        else "Only the starter, seated players and judges can change the game now."
    )
    return Reply(
        title="Game opened" if is_open else "Game closed",
        body=body,
        sections=(Section("Seats", seats_text(call.ctx, seating)),),
        data={"open": seating.open},
    )


async def _seats(call: GameCall) -> Reply:
    seating = await (await _hub(call.ctx)).seating(call.scope)
    return Reply(
        title="Seats",
        body=seats_text(call.ctx, seating),
        data={"seats": dict(seating.seats), "open": seating.open},
    )


# ---- helpers ----------------------------------------------------------------------------------
def _jsonable(value: object) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


_FINISHED = {
    "legal": ("Cast", "Every choice is made: it is on the stack (601.2, 602.2b)."),
    "changed": ("Targets changed", "Only the final set of targets was checked (115.7e)."),
    "unchanged": ("Targets unchanged", "Nothing could change, so every target stays (115.7a)."),
}


def _progress_reply(state: TableState) -> Reply:
    pending = state.pending
    if pending is None:
        steps = state.last_steps
        verdict = steps[-1].verdict if steps else ""
        title, footer = _FINISHED.get(verdict, ("Resolved", "Resolved with the choices made."))
        if title == "Cast" and " activates " in steps[-1].statement:
            title = "Activated"
        return steps_reply(title, steps, footer=footer)
    prompt = prompt_for(pending.progress)
    return choice_reply(pending.title, pending.card_name, prompt, _chosen_so_far(pending))


def _chosen_so_far(pending: Pending) -> list[str]:
    if isinstance(pending, PendingRetarget):
        machine = pending.progress
        return [
            f"{machine.place_label(number)} → {option_label(machine.state, ref)}"
            for number, ref in machine.changes.items()
        ]
    progress = pending.progress
    slot_text = {slot.index: slot.text for slot in progress.slots}
    return [
        f"“{slot_text.get(c.slot_index, 'target')}”: "
        + (", ".join(option_label(progress.state, r) for r in c.refs) or "none")
        for c in progress.targets
    ]


def _action_text(action: Any) -> str:
    if "statement" in action:
        return str(action["statement"]).replace("\n", " ")
    if "cast_start" in action:
        return f"start casting {action['cast_start'].get('card')}"
    if "play_start" in action:
        return f"start playing {action['play_start'].get('card')}"
    if "activate_start" in action:
        return f"start activating {action['activate_start'].get('name', 'an ability')}"
    if "retarget_start" in action:
        start = action["retarget_start"]
        what = start.get("name") or f"#{start.get('stack_id')}"
        return f"start changing the targets of {what}"
    if "resolve_start" in action:
        return "resolve the top of the stack, choosing its new targets"
    if "choose" in action:
        # The option's label as it was offered ("Llanowar Elves (#2)"), not the stored value.
        return f"choose {action.get('picked') or action['choose']}"
    if action.get("back"):
        return "go back a step"
    if action.get("cancel"):
        return "cancel the action in progress"
    return str(dict(action))


_SUBCOMMANDS: dict[str, Callable[[GameCall], Awaitable[Reply]]] = {
    "new": _new,
    "start": _new,
    "state": _state,
    "show": _state,
    "history": _history,
    "undo": _undo,
    "redo": _redo,
    "export": _export,
    "end": _end,
    "cast": _cast,
    "choose": _choose,
    "back": _back,
    "cancel": _cancel,
    "resolve": _resolve,
    "activate": _activate,
    "retarget": _retarget,
    "join": _join,
    "seat": _seat,
    "leave": _leave,
    "open": _open,
    "close": _close,
    "seats": _seats,
}
