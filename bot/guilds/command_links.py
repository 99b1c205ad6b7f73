"""Command lines too long for a Discord component's 100-character id, kept under a short
stable key, so buttons and select menus built from them still work after a restart.

Storage only, in the settings database (``database.py``); the Discord front end decides when
a line needs a key (``frontends/discord/views.py``).
"""

from __future__ import annotations

import hashlib

from bot.db import run_statement
from bot.guilds.database import SettingsDatabase

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS command_links (
        key TEXT PRIMARY KEY,
        line TEXT NOT NULL
    )""",
)


def link_key(line: str) -> str:
    """A short key naming ``line`` (stable: the same line always gets the same key)."""
    return hashlib.sha256(line.encode("utf-8")).hexdigest()[:24]


class CommandLinks:
    """Remembers long command lines by key."""

    def __init__(self, db: SettingsDatabase) -> None:
        self._db = db

    async def remember(self, line: str) -> str:
        """Store ``line`` under its short key (idempotent) and return the key."""
        key = link_key(line)
        async with self._db.writing() as conn:
            await run_statement(
                conn, "INSERT OR IGNORE INTO command_links VALUES (?, ?)", (key, line)
            )
        return key

    async def recall(self, key: str) -> str | None:
        """The line stored under ``key``; None when no line has that key."""
        row = await self._db.row("SELECT line FROM command_links WHERE key = ?", (key,))
        return None if row is None else str(row[0])
