"""SimCord fixtures: the real bot, on a reference store built once from the real data.

The store holds the MTG cards, Riftbound, the tournament documents (through ``build_reference``)
and the current Comprehensive Rules (through the real CR importer; the 110 history versions
are left out to keep the session fast - no Discord test needs them).
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

import pytest
import simcord

from bot.commands.context import Services
from bot.data.cr_import import import_rules_file
from bot.data.sync import IMPORTERS, build_reference
from bot.frontends.discord.client import RulesBot, create_bot
from bot.reference.store import Reference
from bot.settings import Settings

CURRENT_CR = "MagicCompRules-20260116.txt"


@pytest.fixture(scope="session")
def discord_reference_path(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("discord-reference") / "reference.sqlite"
    build_reference(shared_data, path, importers=[s for s in IMPORTERS if s.folder != "mtg-cr"])
    conn = sqlite3.connect(path)
    try:
        version = import_rules_file(conn, shared_data / "mtg-cr" / CURRENT_CR, current=True)
        conn.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('cr_effective_date', ?)", (version,)
        )
        conn.commit()
    finally:
        conn.close()
    return path


@pytest.fixture(scope="session")
def discord_reference(discord_reference_path: Path) -> Iterator[Reference]:
    reference = Reference(discord_reference_path)
    yield reference
    reference.close()


@pytest.fixture
async def services(discord_reference: Reference, tmp_path: Path) -> AsyncIterator[Services]:
    settings = Settings(data_dir=tmp_path, db_path=tmp_path / "games.sqlite")
    opened = Services(settings=settings, reference=discord_reference)
    yield opened
    if opened.games is not None:  # the games database, opened by the first /game command
        await opened.games.aclose()


@pytest.fixture
async def simcord_bot(services: Services) -> AsyncIterator[RulesBot]:
    bot = create_bot(services, message_content=True)
    yield bot
    await bot.close()  # closes the guild settings store on this test's event loop


RestartBot = Callable[[], Awaitable[RulesBot]]


@pytest.fixture
async def restart_bot(simcord_env: simcord.Env, services: Services) -> AsyncIterator[RestartBot]:
    """Restart the bot as a new process would (same services, a fresh client); every bot
    started this way is closed at the end, or its settings connection would outlive the test."""
    started: list[RulesBot] = []

    async def restart() -> RulesBot:
        bot = create_bot(services, message_content=True)
        started.append(bot)
        await simcord_env.restart_bot(bot)
        return bot

    yield restart
    for bot in started:
        await bot.close()
