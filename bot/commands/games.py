"""``game``: the channel's saved game — start, play statements, cast step by step, undo, export.

One game per (guild, channel); the scope comes from where the command was typed, never from
the user.  Statements are checked on the current state first: only those that changed the game
are stored (illegal ones change nothing, CR 732.1, and are answered without being stored).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.commands.context import CommandContext
from bot.commands.game_calls import GameCall, GameHub, games_service, scope_of
from bot.commands.game_variant import GameVariant
from bot.commands.game_views import (
    PICK_SEVERAL,
    game_script_reply,
    game_state_reply,
    seats_text,
)
from bot.commands.mtg_game import MTG_GAME
from bot.commands.reply import Reply, Section
from bot.commands.riftbound_game import RIFTBOUND_GAME
from bot.commands.routing import GAME_NAMES
from bot.engine.errors import IllegalActionError
from bot.errors import PermissionDeniedError, StateError, UsageError
from bot.games.errors import GameExistsError, NoGameError, StaleStepError
from bot.games.model import GAME_KINDS, PLAIN_PLAYER_NAME, GameRecord
from bot.games.permissions import may_manage
from bot.games.service import Step
from bot.games.table_reducer import pending_of
from bot.scenario.parser import has_verb

__all__ = ["GAME_USAGE", "VARIANTS", "GameHub", "game"]

GAME_USAGE = (
    "game new [mtg|riftbound] · game join NAME · game seat NAME @user · game leave · "
    "game open · game close · game STATEMENTS · game cast CARD [as FACE] [by PLAYER] "
    "(Riftbound: game play CARD) · game choose N · "
    "game activate SOURCE['s first ability] · game retarget SPELL · "
    "game back · game cancel · game resolve · game state · game history · game undo · "
    "game redo · game export · game end · game reopen [N]"
)


async def game(ctx: CommandContext, argument: str) -> Reply:
    """Dispatch ``game SUBCOMMAND ...``; anything else is scenario statements for this game.

    Step commands offered as choices carry the game's version (``game choose 2 @v7``): the
    change is applied only if the game is still at that version, checked in the same step
    that stores it (compare-and-set), so a button clicked after the game has moved on, or a
    second click racing the first, is refused rather than applied to a different step.  Typed
    commands without the stamp always apply to the current step.
    """
    argument, stamp = _split_version_stamp(argument)
    stamped = None
    if stamp is not None:
        stamped = await _version_of_this_game(ctx, stamp)
    reply = await _dispatch(GameCall(ctx, argument, stamped))
    return await _stamp_choices(ctx, reply)


# "@v7g12": version 7 of game 12. The game's id is part of the stamp because versions count
# from 0 again in each new game: a button of an ended game must not pick an option of the next
# one (found by QA 14).
_VERSION_STAMP = re.compile(r"\s@v(\d{1,9})(?:g(\d{1,12}))?\s*$")


def _split_version_stamp(argument: str) -> tuple[str, tuple[int, int | None] | None]:
    match = _VERSION_STAMP.search(argument)
    if match is None:
        return argument, None
    game_id = int(match.group(2)) if match.group(2) else None
    return argument[: match.start()], (int(match.group(1)), game_id)


async def _version_of_this_game(ctx: CommandContext, stamp: tuple[int, int | None]) -> int:
    """The version a stamp expects, once it is known to be of the channel's current game (a
    stamp without a game, from before games were named in stamps, is refused as stale)."""
    version, game_id = stamp
    try:
        record = await (await games_service(ctx)).game(scope_of(ctx))
    except NoGameError:
        raise StaleStepError("game") from None
    if game_id != record.id:
        raise StaleStepError("game")
    if version > record.version:
        raise StaleStepError("future")
    return version


async def _current_game(ctx: CommandContext) -> GameRecord | None:
    try:
        return await (await games_service(ctx)).game(scope_of(ctx))
    except NoGameError:
        return None


async def _stamp_choices(ctx: CommandContext, reply: Reply) -> Reply:
    """Stamp the offered step commands with the game and version they were offered at."""
    steps = [c for c in reply.choices if c.command.startswith("game ")]
    if not steps:
        return reply
    record = await _current_game(ctx)
    if record is None:
        return reply
    stamp = f"@v{record.version}g{record.id}"
    stamped = tuple(
        replace(c, command=f"{c.command} {stamp}") if c.command.startswith("game ") else c
        for c in reply.choices
    )
    return replace(reply, choices=stamped)


async def _dispatch(call: GameCall) -> Reply:
    word, _, rest = call.rest.strip().partition(" ")
    word = word.lower()
    sub = replace(call, rest=rest.strip())
    if word == "help" and not sub.rest:
        from bot.commands.info import help_command

        return await help_command(call.ctx, "game")
    handler = _SUBCOMMANDS.get(word)
    if handler is not None and sub.rest and word in _TAKES_NOTHING:
        if word in ("state", "show"):
            # "game Show the board." is a statement (a question) that starts with the word.
            return await _statements(call, await _variant(call))
        raise UsageError(
            f"`game {word}` takes nothing after it"
            + (
                ": it ends the whole game. Nothing was changed."
                if word == "end"
                else "; nothing was changed."
            ),
            hint=f"`game {word}` alone; statements go after `game do` (`game do Alice controls "
            "Runeclaw Bear.`).",
        )
    if handler is not None:
        return await handler(sub)
    # The one place the command asks which game the channel plays; no game yet reads as
    # Magic's commands, whose service calls say there is no game.
    variant = await _variant(call)
    step = variant.step_commands.get(word)
    if step is not None:
        return await step(sub)
    other = next(
        (v for v in VARIANTS.values() if v is not variant and word in v.step_commands), None
    )
    if other is not None and word not in variant.step_commands:
        # "game retarget ..." in a Riftbound game: a subcommand of the other game's, not a
        # statement (QA 24 U6).
        steps = ", ".join(f"`game {w}`" for w in variant.step_commands)
        raise UsageError(
            f"`game {word}` is for {other.title} games; this channel plays {variant.title}, "
            f"whose step-by-step commands are {steps}.",
            hint=GAME_USAGE,
        )
    if not call.rest.strip():
        raise UsageError("`game` needs a subcommand or a statement.", hint=GAME_USAGE)
    _refuse_subcommand_typo(word, sub.rest, variant)
    return await _statements(call, variant)


# An exported Riftbound script opens with the line the one-shot ``scenario`` reads its game
# from ("game: riftbound"); pasted into a game it names the game, not a statement.
_GAME_LINE = re.compile(
    r"\A\s*game:\s*(?P<game>mtg|magic|riftbound|rb)\b[ \t]*[.;]?[ \t]*(?:\n|\Z)", re.I
)


async def _statements(call: GameCall, variant: GameVariant) -> Reply:
    """``game STATEMENTS`` for ``variant``, without a leading "game: KIND" line (refused when it
    names the other game: its statements would be read as this game's)."""
    line = _GAME_LINE.match(call.rest)
    if line is None:
        return await variant.statements(call)
    named = GAME_NAMES[line["game"].lower()]
    if named != variant.kind:
        raise UsageError(
            f"Those statements are for a {VARIANTS[named].title} game; this channel plays "
            f"{variant.title}. Nothing was changed.",
            hint=f"Start a {VARIANTS[named].title} game in another channel (`game new {named}`), "
            "or use `scenario` for a one-shot answer.",
        )
    return await variant.statements(replace(call, rest=call.rest[line.end() :]))


# Subcommands that take no words: ``game End of turn.`` ended the game (found by QA 14).
_TAKES_NOTHING = frozenset(
    {"state", "show", "history", "export", "back", "cancel", "end", "leave", "open", "close",
     "seats"}
)  # fmt: skip


async def _do(call: GameCall) -> Reply:
    """``game do STATEMENTS``: statements only, never a subcommand, whatever their first word
    (``/game do``, and messages in channels that take statements: "End of turn." must not end
    the game)."""
    if not call.rest:
        raise UsageError(
            "`game do` needs statements.", hint="game do Alice controls Runeclaw Bear."
        )
    return await _statements(call, await _variant(call))


def _refuse_subcommand_typo(word: str, rest: str, variant: GameVariant) -> None:
    """``game status`` / ``game chose 2``: one word close to a subcommand, not a statement
    (found by QA 10): say which subcommand was probably meant, as the top level does."""
    if has_verb(f"{word} {rest}"):
        return
    # "game cats Lightning Bolt" (QA 64 M2): a near-miss of a step command that takes a card,
    # with no verb to make it a statement, is that command.
    near_step = difflib.get_close_matches(word, list(variant.step_commands), n=1, cutoff=0.7)
    if rest and not _PICK_LIKE.fullmatch(rest) and not near_step:
        return
    if not rest and (meant_words := _MEANT.get(word.lower())):
        # Words for a subcommand that isn't one ("game reset") were read as statements and,
        # during a cast, answered "... is in progress" (found by QA 14).
        raise UsageError(f"There is no `game {word}`; {meant_words}.", hint=GAME_USAGE)
    names = [*_SUBCOMMANDS, *variant.step_commands, "help"]
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.7)
    if not close and not rest and re.fullmatch(r"[a-z]+", word):
        # "game frobnicate": one lowercase word, no verb, close to no subcommand, is neither a
        # subcommand nor a statement (QA 53 U3).
        raise UsageError(
            f"There is no `game {word}`, and one word isn't a statement: use one of the "
            "subcommands below, or say what happens, e.g. `game Alice controls Runeclaw Bear.`",
            hint=GAME_USAGE,
        )
    if not close:
        return
    meant = " ".join(["game", close[0], *([rest] if rest else [])])
    raise UsageError(f"There is no `game {word}`. Did you mean `{meant}`?", hint=GAME_USAGE)


_END_OR_UNDO = (
    "to end the game use `game end` (its starter or a judge); to take back the last action, "
    "`game undo`"
)
# One-word commands people try that aren't subcommands, and what they probably want.
_MEANT = {
    **dict.fromkeys(
        ("reset", "delete", "clear", "remove", "wipe", "stop", "quit", "abort", "finish"),
        _END_OR_UNDO,
    ),
    **dict.fromkeys(
        ("revert", "rollback", "takeback", "rewind"),
        "to take back the last action use `game undo` (and `game redo` to put it back)",
    ),
}

# What may follow a mistyped subcommand: numbers (``game chose 2``) or nothing.
_PICK_LIKE = re.compile(r"[\d\s,]*")


VARIANTS: dict[str, GameVariant] = {MTG_GAME.kind: MTG_GAME, RIFTBOUND_GAME.kind: RIFTBOUND_GAME}


def _variant_of(state: Any) -> GameVariant:
    """The game a loaded state belongs to (every game's state says its kind)."""
    return VARIANTS[state.kind]


async def _variant(call: GameCall) -> GameVariant:
    try:
        record = await (await call.service()).game(call.scope)
    except NoGameError:
        return MTG_GAME
    return VARIANTS[record.kind]


async def _new(call: GameCall) -> Reply:
    asked = (call.rest or call.ctx.caller.game_hint or "mtg").strip().lower()
    # "game new game:riftbound" is how every other command names the game (QA 25 M3).
    asked = re.sub(r"^game\s*:\s*", "", asked)
    kind = asked.split()[0] if asked.split() else ""
    kind = GAME_NAMES.get(kind, kind)
    if kind not in GAME_KINDS:
        raise UsageError(
            f"There is no game kind “{kind}”.", hint="game new mtg · game new riftbound"
        )
    service = await call.service()
    await service.new(call.scope, kind, call.actor)
    variant = VARIANTS[kind]
    name = variant.title
    body = (
        f"A new {name} game started in this channel. Add to it with statements, e.g. "
        f"{variant.first_statements} Players take their seats with `game join NAME` "
        "(e.g. `game join Alice`): the first two, and then any player the game names; you or "
        "a judge can seat anyone with `game seat NAME @user`. Only you, seated players and "
        "judges can change the game."
    )
    return Reply(title=f"New {name} game", body=body, data={"kind": kind})


async def _state(call: GameCall) -> Reply:
    service = await call.service()
    state = await service.state(call.scope)
    record = await service.game(call.scope)
    seating = await service.seating(call.scope)
    variant = _variant_of(state)
    reply = game_state_reply(
        call.ctx,
        record,
        seating,
        variant.board_text(call, state.game),
        variant.board_data(state.game),
        variant.in_progress(state),
    )
    if reply.choices:
        return reply
    return replace(reply, choices=variant.board_choices(state.game))


# choose/back/cancel work on the state the step loads, so the game they answer for is that
# state's own kind, with no look-up of the game beforehand.
async def _choose(call: GameCall) -> Reply:
    if not call.rest:
        raise UsageError("Say which option: its number or its name.", hint="game choose 1")
    try:
        state = await call.step(lambda now: _variant_of(now).choose(now, call.rest))
    except IllegalActionError as error:
        if "700.2" in error.rules and not error.hint:
            # "Cryptic Command needs 2 modes, not 1": every mode in one command (QA 10).
            error.hint = PICK_SEVERAL
        raise
    return _variant_of(state).progress_reply(state)


async def _back(call: GameCall) -> Reply:
    state = await call.step(lambda _now: {"back": True})
    return _variant_of(state).progress_reply(state)


async def _cancel(call: GameCall) -> Reply:
    titles: list[str] = []
    leaves: list[str | None] = []

    def build(now: Any) -> Mapping[str, Any]:
        variant = _variant_of(now)
        pending_of(now, variant.start_hint)  # nothing in progress: say how to start one
        in_progress = variant.in_progress(now)
        titles.append(in_progress[0] if in_progress else "The action")
        leaves.append(variant.cancelled(now))
        return {"cancel": True}

    await call.step(build)
    left = leaves[-1] or "the game is as it was."
    return Reply(title="Cancelled", body=f"{titles[-1]} stopped; {left}")


async def _history(call: GameCall) -> Reply:
    entries = await (await call.service()).history(call.scope)
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


def _one_at_a_time(call: GameCall, verb: str) -> None:
    """``game undo 3``: undo and redo take one action; extra words were silently ignored
    (found by QA 10)."""
    if call.rest:
        what = "a count" if call.rest.strip().lstrip("-").isdigit() else f"“{call.rest.strip()}”"
        raise UsageError(
            f"`game {verb}` takes nothing after it ({what} was given): "
            + ("undo takes back" if verb == "undo" else "redo does again")
            + " one action at a time.",
            hint=f"`game {verb}`, repeated as often as needed.",
        )


async def _undo(call: GameCall) -> Reply:
    _one_at_a_time(call, "undo")
    with call.naming_owners():
        step = await (await call.service()).undo(
            call.scope, call.actor, expected_version=call.stamp
        )
    # QA 60 M10: after a refused statement, undo takes back the change before it, which read
    # as undoing the refused one: only saved changes are ever taken back.
    return Reply(
        title="Undone",
        body=f"Took back: {_whole_text(step)} (undo takes back the last saved change; a "
        "statement the bot refused changed nothing, so it is never the one taken back).",
    )


def _whole_text(step: Step[Any], *, redo: bool = False) -> str:
    """What an undo or redo affected; a whole step-by-step action is listed step by step."""
    if not step.whole:
        return _action_text(step.action)
    steps = "; ".join(_action_text(action) for action in step.whole)
    said = (
        f"the whole action ({steps}): it was taken back as one, so it is done again as one."
        if redo
        else f"the whole action ({steps}): it was another player's, chosen step by step, so it "
        "is taken as one (only they or a judge go through its steps one by one)."
    )
    if step.whole[-1].get("cancel"):
        # Found by QA 8: a cancelled action changed nothing, so neither does taking it back.
        said += " It had been cancelled, so the game looks the same: it had changed nothing."
    return said


async def _redo(call: GameCall) -> Reply:
    _one_at_a_time(call, "redo")
    with call.naming_owners():
        step = await (await call.service()).redo(
            call.scope, call.actor, expected_version=call.stamp
        )
    return Reply(title="Redone", body=f"Did again: {_whole_text(step, redo=True)}")


async def _export(call: GameCall) -> Reply:
    state = await (await call.service()).state(call.scope)
    pending = _variant_of(state).in_progress(state)
    return game_script_reply(state.kind, state.transcript, pending[0] if pending else None)


async def _end(call: GameCall) -> Reply:
    record = await (await call.service()).end(call.scope, call.actor)
    name = VARIANTS[record.kind].title
    return Reply(
        title="Game ended",
        body=f"The {name} game of this channel has ended; `game new` starts another. Its "
        "starter or a judge can bring it back as it was with `game reopen`, even after other "
        "games here (`game reopen 2` is the one ended before the latest).",
    )


# "game reopen", "game reopen 2", "game reopen #2": which ended game, the latest first.
_REOPEN_WHICH = re.compile(r"#?(?P<n>\d{1,4})")


async def _reopen(call: GameCall) -> Reply:
    said = call.rest.strip()
    which = _REOPEN_WHICH.fullmatch(said)
    if said and which is None:
        raise UsageError(
            f"`game reopen` takes the number of an ended game, not “{said[:40]}”; nothing was "
            "changed.",
            hint="`game reopen` brings back the latest ended game; `game reopen 2` the one "
            "ended before it.",
        )
    service = await call.service()
    try:
        record = await service.reopen(call.scope, call.actor, int(which["n"]) if which else 1)
    except GameExistsError as running:
        # One game runs in a channel at a time: the running one ends first; it can come back
        # later the same way (QA 20 U8, QA 63 P3).
        raise StateError(
            running.message.rstrip(".") + ": an ended game comes back only when none is running.",
            hint="Its starter or a judge can `game end` it first; then `game reopen 2` brings "
            "back the game ended before it (`game reopen` alone, the latest).",
        ) from None
    name = VARIANTS[record.kind].title
    earlier = len(await service.ended_games(call.scope))
    more = (
        f" {earlier} more ended game{'s' if earlier > 1 else ''} can be brought back the same "
        "way (`game reopen N`, the latest first)."
        if earlier
        else ""
    )
    return Reply(
        title="Game reopened",
        body=f"The {name} game this channel ended is running again, as it was "
        f"({record.version} log entries); `game state` shows it.{more}",
    )


# ---- seats ------------------------------------------------------------------------------------
# Words that name no player: pronouns, the console's own user, Discord's group mentions.
_NOT_PLAYER_NAMES = frozenset(
    {"i", "me", "my", "you", "your", "opponent", "console", "everyone", "here", "someone",
     "nobody", "none", "all", "each", "judge"}
)  # fmt: skip


def _player_name(text: str, usage: str) -> str:
    """A player's name as a seat command takes it, or an error saying what is wrong with it."""
    name = text.strip().removeprefix("@")
    if not name:
        raise UsageError("Say which player's seat, by the name used in the game.", hint=usage)
    if len(name) > 32:
        raise UsageError(
            f"A player's name is at most 32 characters; that one has {len(name):,}.", hint=usage
        )
    if not PLAIN_PLAYER_NAME.fullmatch(name):
        raise UsageError(
            "A player's name is one word of plain letters (A-Z, digits, ' and -), starting "
            "with a letter: no spaces, emoji, accents or invisible characters, so that no one "
            "can take a seat that only looks like another player's.",
            hint=usage,
        )
    if name.casefold() in _NOT_PLAYER_NAMES:
        raise UsageError(f"“{name}” can't be a player's name.", hint=usage)
    return name


async def _join(call: GameCall) -> Reply:
    player = _player_name(call.rest, "game join Alice")
    service = await call.service()
    state = await service.state(call.scope)
    players = _variant_of(state).players(state.game)
    seating = await service.seating(call.scope)
    known = next((p for p in players if p.casefold() == player.casefold()), None)
    named = {p.casefold() for p in (*players, *seating.seats)}
    first_two = len(named) < 2  # a new game's two players take their seats themselves
    if known is None and not first_two and not seating.open and not may_manage(call.actor, seating):
        # A seat is the right to change the game: once the game has its two players, only
        # the starter or a judge adds one (found by QA 14: anyone could take a seat under any
        # new name).
        free = [p for p in players if seating.holder(p) is None]
        raise PermissionDeniedError(
            f"{player} isn't a player in this game, so there is no seat of that name to take.",
            hint=(f"Free seats: {', '.join(free)} (`game join {free[0]}`). " if free else "")
            + f"The game's starter or a judge can add you as {player} with "
            f"`game seat {player} @you`.",
        )
    player = known or player
    seating = await service.join(call.scope, player, call.actor)
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
    seating = await (await call.service()).seat(call.scope, player, user, call.actor)
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
    service = await call.service()
    stopped = ""
    if await service.action_in_progress_by(call.scope) == call.actor.user:
        # Their own step-by-step action ends with their seat: left behind, no one but the
        # starter or a judge could end it, and they weren't told (QA 20 U4).
        stopped = (await _cancel(call)).body + " "
    freed, seating = await service.leave(call.scope, call.actor)
    body = stopped + (
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
    seating = await (await call.service()).set_open(call.scope, is_open, call.actor)
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
    seating = await (await call.service()).seating(call.scope)
    return Reply(
        title="Seats",
        body=seats_text(call.ctx, seating),
        data={"seats": dict(seating.seats), "open": seating.open},
    )


# ---- helpers ----------------------------------------------------------------------------------
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
    "do": _do,
    "new": _new,
    "start": _new,
    "state": _state,
    "show": _state,
    "history": _history,
    "undo": _undo,
    "redo": _redo,
    "export": _export,
    "choose": _choose,
    "back": _back,
    "cancel": _cancel,
    "end": _end,
    "reopen": _reopen,
    "join": _join,
    "seat": _seat,
    "leave": _leave,
    "open": _open,
    "close": _close,
    "seats": _seats,
}
