"""One game as the ``game`` command sees it: the seam between the command and the two games.

The command's own subcommands (new, seats, history, undo, redo, state, export, choose, back,
cancel, end) are written once over this; a game brings only what truly differs: its step
commands (MTG's ``cast``/``activate``/``retarget``, Riftbound's ``play``, each game's
``resolve``), how its statements are played, its board, how a pick is read and the choice in
progress.  The game kind is decided once, where the command finds
the channel's game (``bot.commands.games``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.commands.game_calls import GameCall
from bot.commands.reply import Choice, Reply
from bot.scenario.stepping import Prompt

Handler = Callable[[GameCall], Awaitable[Reply]]


@dataclass(frozen=True)
class GameVariant:
    kind: str  # as stored with the game: "mtg", "riftbound"
    title: str  # as users read it: "Magic", "Riftbound"
    # How a new game is filled, shown when it starts: example statements and step commands.
    first_statements: str
    step_commands: Mapping[str, Handler]  # subcommand word -> handler
    statements: Handler  # `game STATEMENTS`
    # The call and the engine's game state (the table's ``game``) -> its board, drawn as
    # (zone, text) sections ...
    board_text: Callable[[GameCall, Any], list[tuple[str, str]]]
    board_data: Callable[[Any], dict[str, Any]]  # ... and as data
    players: Callable[[Any], tuple[str, ...]]  # the engine state's players, in order
    # The action in progress, if any: its title and the choice it waits for.
    in_progress: Callable[[Any], tuple[str, Prompt] | None]
    start_hint: str  # how to start a step-by-step action ("Start with `game cast …`.")
    # `game choose TEXT`: the stored action for that pick of the choice in progress (a clear
    # error when nothing is in progress or the pick is not an option).
    choose: Callable[[Any, str], Mapping[str, Any]]
    # The answer after a step: the next choice, or the finished action's verdicts.
    progress_reply: Callable[[Any], Reply]
    # What cancelling the action in progress leaves, when that is more than "the game is as
    # it was" (a trigger stepped after `game resolve`: the spell stays resolved); None: that.
    cancelled: Callable[[Any], str | None] = lambda _state: None
    # Choices the board itself waits for, offered by `game state` when no action is in
    # progress (Magic's legend rule, CR 704.5j: "keep #N" for each legend of a group).
    board_choices: Callable[[Any], tuple[Choice, ...]] = lambda _game: ()
