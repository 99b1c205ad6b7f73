"""The local console: an interactive prompt (line editing and history) and one-shot ``ask``.

The same commands as in Discord, drawn with rich in a terminal (plain text when piped).  User errors print a clear message; any
other exception is a bug, logged with its traceback, and the user gets a short apology.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from bot.app import close_services
from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.commands.reply import Reply
from bot.errors import UserError
from bot.frontends.rich_text import render_rich
from bot.frontends.text import error_text

log = logging.getLogger(__name__)

PROMPT = "rulesbot> "
QUIT_WORDS = frozenset({"quit", "exit", ":q"})
APOLOGY = "Sorry, something went wrong on our side; the details were logged.\n"


def _enable_line_editing(history_file: Path) -> None:
    try:
        import readline
    except ImportError:  # Windows without pyreadline: plain input still works
        return
    history_file.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        readline.read_history_file(history_file)
    readline.set_history_length(1000)
    import atexit

    atexit.register(_save_history, readline, history_file)


def _save_history(readline_module: object, history_file: Path) -> None:
    with contextlib.suppress(OSError):
        readline_module.write_history_file(history_file)  # type: ignore[attr-defined]


async def run_line(services: Services, caller: Caller, line: str) -> Reply | UserError | None:
    """Run one command: its reply, the user error it raised, or None after a bug (logged)."""
    ctx = CommandContext(caller=caller, services=services)
    try:
        return await run_command(ctx, line)
    except UserError as error:
        return error
    except Exception:
        log.exception("command failed: %r", line[:200])
        return None


DEFAULT_PICTURE = "rulesbot-board.png"


async def _picture(
    services: Services, caller: Caller, line: str, out: Console, err: Console
) -> None:
    """``picture [FILE]``: draw this console channel's game as a PNG (default
    rulesbot-board.png)."""
    from bot.pictures import board_png

    words = line.split(maxsplit=1)
    path = Path(words[1].strip() if len(words) > 1 else DEFAULT_PICTURE)
    result = await run_line(services, caller, "game state")
    if not isinstance(result, Reply) or result.picture is None:
        message = error_text(result).rstrip() if isinstance(result, UserError) else APOLOGY
        err.print(message, style="red", markup=False)
        return
    try:
        await asyncio.to_thread(_write_png, path, board_png(result.picture))
    except OSError as error:
        err.print(f"Error: can't write {path}: {error.strerror}.", style="red", markup=False)
        return
    out.print(f"Drew the board to {path}.", markup=False)


def _write_png(path: Path, png: bytes) -> None:
    path.expanduser().write_bytes(png)


def run_console(services: Services, caller: Caller, *, reader: Callable[[str], str] = input) -> int:
    """Read commands until end of input or ``quit``; close the services at the end.

    Ctrl-C cancels the line being typed (or the command running) and gives a new prompt, as a
    shell does; Ctrl-D or ``quit`` leaves.  The prompt is read on the main thread, so Ctrl-C
    reaches it at once (read from a worker thread, it waited for Enter).
    """
    out = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    _enable_line_editing(services.settings.data_dir / "console_history")
    out.print("rulesbot console — type `help` for the commands, `quit` to leave.", markup=False)
    with asyncio.Runner() as runner:
        try:
            while True:
                try:
                    line = reader(PROMPT)
                except KeyboardInterrupt:
                    out.print()  # the line typed so far is dropped; ask again
                    continue
                except EOFError:
                    out.print()
                    return 0
                if line.strip().lower() in QUIT_WORDS:
                    return 0
                if not line.strip():
                    continue
                if line.split()[0].lower() == "picture":
                    runner.run(_picture(services, caller, line, out, err))
                    continue
                try:
                    result = runner.run(run_line(services, caller, line))
                except KeyboardInterrupt:
                    err.print("Cancelled.", style="yellow")
                    continue
                if result is None:
                    err.print(APOLOGY.strip(), style="red", markup=False)
                elif isinstance(result, UserError):
                    err.print(error_text(result).rstrip(), style="red", markup=False)
                else:
                    out.print(render_rich(result))
        finally:
            runner.run(close_services(services))
