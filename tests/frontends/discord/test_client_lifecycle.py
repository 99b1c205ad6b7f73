"""``rulesbot`` with a token: a SIGTERM closes the bot and the games database cleanly, the
token never reaches the logs, and a refused token or an unreachable Discord is a clear error.

The gateway is replaced by a stand-in ``Bot.start`` (there is no Discord here); everything
around it - signal handlers, ``async with bot``, closing, the services - is the real code.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import signal
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import aiohttp
import discord
import pytest
from discord.ext import commands

from bot.__main__ import EXIT_OK, EXIT_USER_ERROR, _run_discord
from bot.app import open_services
from bot.settings import Settings

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.fake-token-for-tests-only"


@pytest.fixture
def settings(discord_reference_path: Path, tmp_path: Path) -> Settings:
    shutil.copy(discord_reference_path, tmp_path / "reference.sqlite")
    return Settings.from_env({"RULESBOT_DATA_DIR": str(tmp_path), "DISCORD_TOKEN": TOKEN})


@pytest.fixture(autouse=True)
def restore_logging() -> Iterator[None]:
    """``run_discord`` configures the bot's loggers for production; put them back."""
    saved = {
        name: (logger.handlers[:], logger.level, logger.propagate)
        for name in ("discord", "bot")
        for logger in [logging.getLogger(name)]
    }
    yield
    for name, (handlers, level, propagate) in saved.items():
        logger = logging.getLogger(name)
        logger.handlers[:], logger.level, logger.propagate = handlers, level, propagate


def fake_start(behaviour: Callable[[commands.Bot], Awaitable[None]]):  # type: ignore[no-untyped-def]
    async def start(self: commands.Bot, token: str, *, reconnect: bool = True) -> None:
        assert token == TOKEN
        await behaviour(self)

    return start


async def test_sigterm_closes_the_bot_and_the_services(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    closed: list[str] = []

    async def until_closed(bot: commands.Bot) -> None:
        done = asyncio.Event()
        real_bot_close = bot.close

        async def close() -> None:
            await real_bot_close()
            done.set()

        bot.close = close  # type: ignore[method-assign]
        # Connected: now the host stops the container.  The handler is installed by now.
        os.kill(os.getpid(), signal.SIGTERM)
        await done.wait()
        assert bot.is_closed()
        closed.append("bot")

    import bot.__main__ as entry

    real_close = entry.close_services

    async def close_services(services):  # type: ignore[no-untyped-def]
        await real_close(services)
        closed.append("services")

    monkeypatch.setattr(commands.Bot, "start", fake_start(until_closed))
    monkeypatch.setattr(entry, "close_services", close_services)
    assert await _run_discord(settings, open_services(settings)) == EXIT_OK
    assert closed == ["bot", "services"]
    logged = capfd.readouterr().err
    assert "shutting down on a signal" in logged and '"stopped"' in logged
    assert TOKEN not in logged
    # The signal handlers are gone again: the default SIGTERM behaviour is back.
    assert signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, signal.default_int_handler)


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (discord.LoginFailure("Improper token has been passed."), "Discord refused the bot token"),
        (aiohttp.ClientConnectionError("no route"), "Could not reach Discord"),
    ],
)
async def test_a_refused_token_or_no_network_is_a_clear_error(
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
    error: Exception,
    message: str,
) -> None:
    async def fail(bot: commands.Bot) -> None:
        raise error

    monkeypatch.setattr(commands.Bot, "start", fake_start(fail))
    assert await _run_discord(settings, open_services(settings)) == EXIT_USER_ERROR
    err = capfd.readouterr().err
    assert message in err and "unset DISCORD_TOKEN" in err
    assert "Traceback" not in err and TOKEN not in err
