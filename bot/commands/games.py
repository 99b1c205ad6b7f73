"""``game``: the channel's saved game — start, play statements, cast step by step, undo, export.

One game per (guild, channel); the scope comes from where the command was typed, never from
the user.  Statements are checked on the current state first: only those that changed the game
are stored (illegal ones change nothing, CR 732.1, and are answered without being stored).
"""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path
from typing import Any

from bot.commands.context import CommandContext
from bot.commands.reply import Choice, Reply, Section
from bot.commands.scenario import executor_for, speaker_of, steps_reply
from bot.errors import UsageError
from bot.games.model import GAME_KINDS, Actor, GameScope
from bot.games.mtg_reducer import PendingCast, ScenarioReducer, TableCodec, TableState
from bot.games.service import GameService
from bot.games.store import GameStore
from bot.scenario.board_view import board_data, board_text
from bot.scenario.executor import ScenarioExecutor
from bot.scenario.stepping import Prompt, prompt_for, read_pick

GAME_USAGE = (
    "game new [mtg|riftbound] · game STATEMENTS · game cast CARD [as FACE] · game choose N · "
    "game back · game cancel · game resolve · game state · game history · game undo · "
    "game redo · game export · game end"
)


class GameHub:
    """The games service, opened on first use and closed with the other services."""

    def __init__(self, db_path: Path, executor: ScenarioExecutor) -> None:
        self._db_path = db_path
        self._executor = executor
        self._service: GameService[TableState] | None = None
        self._store: GameStore | None = None

    async def service(self) -> GameService[TableState]:
        if self._service is None:
            self._store = await GameStore.open(self._db_path)
            self._service = GameService(
                self._store, ScenarioReducer(self._executor), snapshots=TableCodec()
            )
        return self._service

    async def aclose(self) -> None:
        if self._store is not None:
            await self._store.close()
        self._store = self._service = None

    def close(self) -> None:
        """Close from synchronous code, even inside a running event loop.

        The database connection is not tied to an event loop, so it is closed on a loop of its
        own in a short-lived thread; its worker thread would otherwise keep the process alive.
        """
        if self._store is None:
            return
        failure: list[BaseException] = []

        def run() -> None:
            try:
                asyncio.run(self.aclose())
            except BaseException as error:  # reported below, in the caller's thread
                failure.append(error)

        worker = threading.Thread(target=run, name="close-games")
        worker.start()
        worker.join()
        if failure:
            raise failure[0]


async def _hub(ctx: CommandContext) -> GameService[TableState]:
    hub = ctx.services.games
    if hub is None:
        hub = GameHub(ctx.services.settings.db_path, executor_for(ctx))
        ctx.services.games = hub
    service: GameService[TableState] = await hub.service()
    return service


def _scope(ctx: CommandContext) -> GameScope:
    return GameScope(guild=ctx.caller.guild, channel=ctx.caller.channel)


def _actor(ctx: CommandContext) -> Actor:
    caller = ctx.caller
    return Actor(user=caller.user, name=caller.name, is_judge=caller.is_judge)


async def game(ctx: CommandContext, argument: str) -> Reply:
    """Dispatch ``game SUBCOMMAND ...``; anything else is scenario statements for this game."""
    word, _, rest = argument.strip().partition(" ")
    rest = rest.strip()
    handler = _SUBCOMMANDS.get(word.lower())
    if handler is not None:
        return await handler(ctx, rest)
    if not argument.strip():
        raise UsageError("`game` needs a subcommand or a statement.", hint=GAME_USAGE)
    return await _statements(ctx, argument)


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
        body += (
            " Riftbound games keep their log; playing statements on a Riftbound board is not "
            "available yet (use `scenario` and `rule game:riftbound`)."
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
            f"{current.pending.card_name} is being cast: finish its choices first.",
            hint="`game choose …`, `game back` or `game cancel`.",
        )
    result = executor_for(ctx).run(text, current.game, speaker=speaker)
    effective = [step.statement for step in result.steps if step.changed]
    stored = ""
    if effective:
        await service.apply(
            scope, {"statement": "\n".join(effective), "speaker": speaker}, _actor(ctx)
        )
        stored = f"Saved {len(effective)} change(s) to this channel's game."
    else:
        stored = "Nothing changed, so nothing was saved."
    return steps_reply("Game", result.steps, footer=stored)


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
    pending = _require_pending(current)
    if not rest:
        raise UsageError("Say which option: its number or its name.", hint="game choose 1")
    value = read_pick(pending.progress, rest)
    state = await service.apply(scope, {"choose": _jsonable(value)}, _actor(ctx))
    return _progress_reply(state)


async def _back(ctx: CommandContext, rest: str) -> Reply:
    state = await (await _hub(ctx)).apply(_scope(ctx), {"back": True}, _actor(ctx))
    return _progress_reply(state)


async def _cancel(ctx: CommandContext, rest: str) -> Reply:
    await (await _hub(ctx)).apply(_scope(ctx), {"cancel": True}, _actor(ctx))
    return Reply(title="Cast cancelled", body="The spell was not cast; the game is as it was.")


async def _resolve(ctx: CommandContext, rest: str) -> Reply:
    if rest.strip(" .").lower() in ("the stack", "all", "everything"):
        return await _statements(ctx, "Resolve the stack.")
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
        sections.append(Section(f"Casting {state.pending.card_name}", prompt.text))
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
        f"\n(A cast of {state.pending.card_name} is in progress and is not included.)"
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
def _require_pending(state: TableState) -> PendingCast:
    if state.pending is None:
        raise UsageError(
            "Nothing is being cast right now.", hint="Start with `game cast Arc Trail`."
        )
    return state.pending


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
    choices += [Choice("Back", "game back"), Choice("Cancel", "game cancel")]
    return tuple(choices)


def _progress_reply(state: TableState) -> Reply:
    if state.pending is None:
        steps = state.last_steps
        return steps_reply(
            "Cast", steps, footer="Every choice is made: the spell is on the stack (601.2)."
        )
    progress = state.pending.progress
    prompt = prompt_for(progress)
    options = "\n".join(f"{o.number}. {o.label}" for o in prompt.options)
    slot_text = {slot.index: slot.text for slot in progress.slots}
    chosen = [
        f"“{slot_text.get(c.slot_index, 'target')}”: "
        + (", ".join(progress.state.label(r) for r in c.refs) or "none")
        for c in progress.targets
    ]
    body = prompt.text + (f" (CR {prompt.rule})" if prompt.rule else "")
    if options:
        body += "\n" + options
    elif prompt.kind == "targets":
        body += "\nThere is no legal choice."
    if prompt.kind == "targets" and prompt.max_count != 1:
        body += "\nPick several with their numbers, e.g. `game choose 1 3`."
    sections = (Section("Chosen so far", "\n".join(chosen)),) if chosen else ()
    return Reply(
        title=f"Casting {state.pending.card_name}",
        body=body,
        sections=sections,
        choices=_choices(prompt),
        data={
            "pending": {
                "card": state.pending.card_name,
                "choice": prompt.kind,
                "prompt": prompt.text,
                "rule": prompt.rule,
                "options": [{"number": o.number, "label": o.label, "value": o.value}
                            for o in prompt.options],
            }
        },
    )  # fmt: skip


def _action_text(action: Any) -> str:
    if "statement" in action:
        return str(action["statement"]).replace("\n", " ")
    if "cast_start" in action:
        return f"start casting {action['cast_start'].get('card')}"
    if "choose" in action:
        return f"choose {action['choose']}"
    if action.get("back"):
        return "go back a step"
    if action.get("cancel"):
        return "cancel the cast"
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
}
