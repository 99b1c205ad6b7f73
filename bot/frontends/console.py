"""The local console: an interactive prompt (line editing and history) and one-shot ``ask``.

The same commands as in Discord, rendered as text.  User errors print a clear message; any
other exception is a bug, logged with its traceback, and the user gets a short apology.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from pathlib import Path

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.errors import UserError
from bot.frontends.text import error_text, render_text

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


async def answer(services: Services, caller: Caller, line: str) -> tuple[str, int]:
    """Run one command; return the text to print and the exit status (0 ok, 1 user error)."""
    ctx = CommandContext(caller=caller, services=services)
    try:
        reply = await run_command(ctx, line)
    except UserError as error:
        return error_text(error), 1
    except Exception:
        log.exception("command failed: %r", line[:200])
        return APOLOGY, 1
    return render_text(reply), 0


async def repl(services: Services, caller: Caller) -> None:
    """Read commands until end of input or ``quit``."""
    import asyncio

    _enable_line_editing(services.settings.data_dir / "console_history")
    print("rulesbot console — type `help` for the commands, `quit` to leave.")
    loop = asyncio.get_running_loop()
    while True:
        try:
            line = await loop.run_in_executor(None, input, PROMPT)
        except (EOFError, KeyboardInterrupt):
            print()
            return
        if line.strip().lower() in QUIT_WORDS:
            return
        if not line.strip():
            continue
        text, _status = await answer(services, caller, line)
        sys.stdout.write(text)
        sys.stdout.flush()
