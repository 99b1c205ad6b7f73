"""``game``: the channel's saved game — start, play statements, cast step by step, undo, export.

One game per (guild, channel); the scope comes from where the command was typed, never from
the user.  Statements are checked on the current state first: only those that changed the game
are stored (illegal ones change nothing, CR 732.1, and are answered without being stored).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.commands.context import CommandContext
from bot.commands.game_statements import save_and_answer
from bot.commands.reply import Choice, Reply, Section
from bot.commands.riftbound_game import riftbound_executor_for, riftbound_game
from bot.commands.scenario import executor_for, speaker_of, steps_reply
from bot.errors import UsageError, UserError
from bot.games.errors import NoGameError
from bot.games.model import GAME_KINDS, Actor, GameScope
from bot.games.mtg_reducer import (
    Pending,
    PendingRetarget,
    ScenarioReducer,
    TableCodec,
    TableState,
    require_pending,
)
from bot.games.riftbound_reducer import ExecutorSource, KindCodec, KindReducer, RiftboundReducer
from bot.games.service import GameService
from bot.games.store import GameStore
from bot.scenario.board_view import board_data, board_text
from bot.scenario.executor import ScenarioExecutor
from bot.scenario.retarget_steps import option_label, plan_resolution
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from bot.scenario.stepping import (
    Prompt,
    find_ability,
    find_retarget,
    pick_text,
    prompt_for,
    read_pick,
)

GAME_USAGE = (
    "game new [mtg|riftbound] · game STATEMENTS · game cast CARD [as FACE] (Riftbound: "
    "game play CARD) · game choose N · "
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
    ) -> None:
        self._db_path = db_path
        self._executor = executor
        self._riftbound = riftbound
        self._service: GameService[TableState] | None = None
        self._store: GameStore | None = None

    async def service(self) -> GameService[TableState]:
        if self._service is None:
            self._store = await GameStore.open(self._db_path)
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
        )
        ctx.services.games = hub
    service: GameService[TableState] = await hub.service()
    return service


def _scope(ctx: CommandContext) -> GameScope:
    return GameScope(guild=ctx.caller.guild, channel=ctx.caller.channel)


def _actor(ctx: CommandContext) -> Actor:
    caller = ctx.caller
    return Actor(user=caller.user, name=caller.name, is_judge=caller.is_judge)


async def game(ctx: CommandContext, argument: str) -> Reply:
    """Dispatch ``game SUBCOMMAND ...``; anything else is scenario statements for this game.

    Step commands offered as choices carry the game's version (``game choose 2 @v7``): a
    button clicked after the game has moved on is refused rather than applied to a different
    step.  Typed commands without the stamp always apply to the current step.
    """
    argument, stamped = _split_version_stamp(argument)
    if stamped is not None:
        current = await _current_version(ctx)
        if current != stamped:
            raise UserError(
                "That choice belongs to an earlier step of this game, so nothing was changed.",
                hint="`game state` shows where the game is now.",
            )
    reply = await _dispatch(ctx, argument)
    return await _stamp_choices(ctx, reply)


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


async def _dispatch(ctx: CommandContext, argument: str) -> Reply:
    word, _, rest = argument.strip().partition(" ")
    rest = rest.strip()
    handler = _SUBCOMMANDS.get(word.lower())
    if word.lower() not in _ANY_KIND and await _is_riftbound(ctx):
        service = await _hub(ctx)
        return await riftbound_game(ctx, argument, service, _scope(ctx), _actor(ctx))
    if handler is not None:
        return await handler(ctx, rest)
    if not argument.strip():
        raise UsageError("`game` needs a subcommand or a statement.", hint=GAME_USAGE)
    return await _statements(ctx, argument)


# Subcommands that work the same for every kind of game; the rest go to the game's own module.
_ANY_KIND = frozenset({"new", "start", "history", "undo", "redo", "end"})


async def _is_riftbound(ctx: CommandContext) -> bool:
    try:
        record = await (await _hub(ctx)).game(_scope(ctx))
    except NoGameError:
        return False
    return record.kind == "riftbound"


async def _new(ctx: CommandContext, rest: str) -> Reply:
    kind = (rest or "mtg").split()[0].lower()
    if kind not in GAME_KINDS:
        raise UsageError(
            f"There is no game kind “{kind}”.", hint="game new mtg · game new riftbound"
        )
    service = await _hub(ctx)
    await service.new(_scope(ctx), kind, _actor(ctx))
    name = "Magic" if kind == "mtg" else "Riftbound"
    body = (
        f"A new {name} game started in this channel. Add to it with statements, e.g. "
        "`game Alice controls Runeclaw Bear.`"
    )
    if kind == "riftbound":
        body = (
            "A new Riftbound game started in this channel. Add to it with statements, e.g. "
            "`game Alice controls Blazing Scorcher at her base.` or `game Bob controls "
            "Blazing Scorcher at Targon's Peak.`; play cards with `game play Void Seeker`."
        )
    return Reply(title=f"New {name} game", body=body, data={"kind": kind})


async def _statements(ctx: CommandContext, text: str) -> Reply:
    service = await _hub(ctx)
    scope = _scope(ctx)
    current = await service.state(scope)
    speaker = speaker_of(ctx)
    if current.kind != "mtg":
        raise UsageError(
            "This channel's game is Riftbound; its statements can't be played on a board yet.",
            hint="Use `scenario …` for one-shot answers, or `game end` then `game new mtg`.",
        )
    if current.pending is not None:
        raise UsageError(
            f"{current.pending.title} is in progress: finish its choices first.",
            hint="`game choose …`, `game back` or `game cancel`.",
        )
    result = executor_for(ctx).run(text, current.game, speaker=speaker)
    # A ward trigger's "pays / doesn't pay" come back as choices (CR 702.21a, 118.12a).
    return await save_and_answer(service, scope, _actor(ctx), speaker, result.steps)


async def _cast(ctx: CommandContext, rest: str) -> Reply:
    if not rest:
        raise UsageError("Say which card to cast.", hint="game cast Arc Trail")
    face = None
    match = re.fullmatch(r"(.+?)\s+as\s+(.+)", rest, re.IGNORECASE)
    if match:
        rest, face = match.group(1), match.group(2)
    card = executor_for(ctx).cards.resolve(rest)
    action = {"cast_start": {"player": speaker_of(ctx), "card": card.name, "face": face}}
    state = await (await _hub(ctx)).apply(_scope(ctx), action, _actor(ctx))
    return _progress_reply(state)


async def _choose(ctx: CommandContext, rest: str) -> Reply:
    service = await _hub(ctx)
    scope = _scope(ctx)
    current = await service.state(scope)
    pending = require_pending(current)
    if not rest:
        raise UsageError("Say which option: its number or its name.", hint="game choose 1")
    value = read_pick(pending.progress, rest)
    action = {"choose": _jsonable(value), "picked": pick_text(pending.progress, value)}
    state = await service.apply(scope, action, _actor(ctx))
    return _progress_reply(state)


async def _back(ctx: CommandContext, rest: str) -> Reply:
    state = await (await _hub(ctx)).apply(_scope(ctx), {"back": True}, _actor(ctx))
    return _progress_reply(state)


async def _cancel(ctx: CommandContext, rest: str) -> Reply:
    service = await _hub(ctx)
    pending = require_pending(await service.state(_scope(ctx)))
    await service.apply(_scope(ctx), {"cancel": True}, _actor(ctx))
    return Reply(title="Cancelled", body=f"{pending.title} stopped; the game is as it was.")


async def _activate(ctx: CommandContext, rest: str) -> Reply:
    """Activate an ability one choice at a time (CR 602.2b)."""
    if not rest:
        raise UsageError("Say whose ability.", hint="game activate Spellskite")
    service = await _hub(ctx)
    current = await service.state(_scope(ctx))
    speaker = speaker_of(ctx)
    source_id, ability = find_ability(executor_for(ctx), current.game, speaker, rest)
    game = current.game
    # The activating player: the speaker if playing, else the controller (CR 602.2).
    player = speaker if game.has_player(speaker) else game.obj(source_id).controller
    name = game.label(source_id)
    action = {
        "activate_start": {"player": player, "source": source_id, "ability": ability, "name": name}
    }
    return _progress_reply(await service.apply(_scope(ctx), action, _actor(ctx)))


async def _retarget(ctx: CommandContext, rest: str) -> Reply:
    """Change the targets of a spell or ability on the stack, one choice at a time (115.7)."""
    if not rest:
        raise UsageError("Say which spell or ability on the stack.", hint="game retarget Arc Trail")
    service = await _hub(ctx)
    current = await service.state(_scope(ctx))
    stack_id, kind = find_retarget(executor_for(ctx), current.game, speaker_of(ctx), rest)
    start = {
        "player": speaker_of(ctx),
        "stack_id": stack_id,
        "kind": kind.value,
        "name": current.game.label(stack_id),
    }
    action = {"retarget_start": start}
    return _progress_reply(await service.apply(_scope(ctx), action, _actor(ctx)))


async def _resolve(ctx: CommandContext, rest: str) -> Reply:
    if rest.strip(" .").lower() in ("the stack", "all", "everything"):
        return await _statements(ctx, "Resolve the stack.")
    service = await _hub(ctx)
    current = await service.state(_scope(ctx))
    if current.pending is None and plan_resolution(current.game) is not None:
        # Redirect, Deflection, Spellskite, Twincast: new targets, one choice at a time (115.7).
        action = {"resolve_start": {"player": speaker_of(ctx)}}
        return _progress_reply(await service.apply(_scope(ctx), action, _actor(ctx)))
    if re.search(r"\bpays?\b", rest, re.IGNORECASE):
        # `game resolve and Bob doesn't pay`: a ward trigger's choice (CR 702.21a, 118.12a).
        return await _statements(ctx, f"The top of the stack resolves {rest.rstrip(' .')}.")
    return await _statements(ctx, "The top of the stack resolves.")


async def _state(ctx: CommandContext, rest: str) -> Reply:
    service = await _hub(ctx)
    scope = _scope(ctx)
    state = await service.state(scope)
    record = await service.game(scope)
    sections = [Section(heading, text) for heading, text in board_text(state.game)]
    choices: tuple[Choice, ...] = ()
    if state.pending is not None:
        prompt = prompt_for(state.pending.progress)
        sections.append(Section(state.pending.title, prompt.text))
        choices = _choices(prompt)
    data: dict[str, Any] = {
        "kind": record.kind,
        "version": record.version,
        **board_data(state.game),
    }
    return Reply(
        title=f"{'Magic' if record.kind == 'mtg' else 'Riftbound'} game in #{ctx.caller.channel}",
        sections=tuple(sections),
        footer=f"started by {record.started_by}; {record.version} log entries",
        data=data,
        choices=choices,
    )


async def _history(ctx: CommandContext, rest: str) -> Reply:
    entries = await (await _hub(ctx)).history(_scope(ctx))
    lines = []
    for entry in entries:
        what = _action_text(entry.action)
        mark = "" if entry.kind != "do" or entry.in_effect else " (undone)"
        verb = {"do": "", "undo": "undo: ", "redo": "redo: "}[entry.kind]
        lines.append(f"{entry.seq}. {entry.name or entry.user}: {verb}{what}{mark}")
    return Reply(
        title="Game history",
        body="\n".join(lines) or "Nothing has happened yet.",
        data={"history": [{"seq": e.seq, "kind": e.kind, "action": dict(e.action),
                           "user": e.user, "in_effect": e.in_effect} for e in entries]},
    )  # fmt: skip


async def _undo(ctx: CommandContext, rest: str) -> Reply:
    step = await (await _hub(ctx)).undo(_scope(ctx), _actor(ctx))
    return Reply(title="Undone", body=f"Took back: {_action_text(step.action)}")


async def _redo(ctx: CommandContext, rest: str) -> Reply:
    step = await (await _hub(ctx)).redo(_scope(ctx), _actor(ctx))
    return Reply(title="Redone", body=f"Did again: {_action_text(step.action)}")


async def _export(ctx: CommandContext, rest: str) -> Reply:
    state = await (await _hub(ctx)).state(_scope(ctx))
    script = "\n".join(state.transcript)
    note = (
        f"\n({state.pending.title} is in progress and is not included.)"
        if state.pending is not None
        else ""
    )
    return Reply(
        title="Game script",
        body=(script or "The game is empty.") + note,
        data={"script": script, "statements": list(state.transcript)},
    )


async def _end(ctx: CommandContext, rest: str) -> Reply:
    record = await (await _hub(ctx)).end(_scope(ctx), _actor(ctx))
    return Reply(
        title="Game ended",
        body=f"The {record.kind} game of this channel has ended; `game new` starts another.",
    )


# ---- helpers ----------------------------------------------------------------------------------
def _jsonable(value: object) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _choices(prompt: Prompt) -> tuple[Choice, ...]:
    choices = [
        Choice(f"{option.number}. {option.label}", f"game choose {option.number}")
        for option in prompt.options
    ]
    if prompt.kind == "targets" and prompt.min_count == 0:
        choices.append(Choice("No target", "game choose none"))
    if prompt.kind == "positions" and prompt.min_count == 0:
        choices.append(Choice("Keep every target", "game choose none"))
    choices += [Choice("Back", "game back"), Choice("Cancel", "game cancel")]
    return tuple(choices)


_FINISHED = {
    "legal": ("Cast", "Every choice is made: it is on the stack (601.2, 602.2b)."),
    "changed": ("Targets changed", "Only the final set of targets was checked (115.7e)."),
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
    options = "\n".join(f"{o.number}. {o.label}" for o in prompt.options)
    chosen = _chosen_so_far(pending)
    body = prompt.text + (f" (CR {prompt.rule})" if prompt.rule else "")
    if options:
        body += "\n" + options
    elif prompt.kind in ("targets", "new target", "positions"):
        body += "\nThere is no legal choice."
    if prompt.kind in ("targets", "positions") and prompt.max_count != 1:
        body += "\nPick several with their numbers, e.g. `game choose 1 3`."
    sections = (Section("Chosen so far", "\n".join(chosen)),) if chosen else ()
    return Reply(
        title=pending.title,
        body=body,
        sections=sections,
        choices=_choices(prompt),
        data={
            "pending": {
                "card": pending.card_name,
                "title": pending.title,
                "choice": prompt.kind,
                "prompt": prompt.text,
                "rule": prompt.rule,
                "options": [{"number": o.number, "label": o.label, "value": o.value}
                            for o in prompt.options],
            }
        },
    )  # fmt: skip


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


_SUBCOMMANDS = {
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
}
