"""Settings: the only place that reads ``os.environ``, once, at start."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.errors import UsageError


def _default_data_dir(env: Mapping[str, str]) -> Path:
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "rulesbot"


def _shards(env: Mapping[str, str]) -> dict[str, Any]:
    """``RULESBOT_SHARD_COUNT=4`` and ``RULESBOT_SHARD_IDS=0,1``; a clear error when malformed."""
    count_text = env.get("RULESBOT_SHARD_COUNT", "").strip()
    ids_text = env.get("RULESBOT_SHARD_IDS", "").strip()
    if not count_text and not ids_text:
        return {}
    if not count_text.isdigit() or int(count_text) < 1:
        raise UsageError(
            f"RULESBOT_SHARD_COUNT must be a whole number of shards, not {count_text!r}.",
            hint="e.g. RULESBOT_SHARD_COUNT=4 RULESBOT_SHARD_IDS=0,1",
        )
    count = int(count_text)
    parts = [part.strip() for part in ids_text.split(",") if part.strip()] if ids_text else []
    if not all(part.isdigit() and int(part) < count for part in parts):
        raise UsageError(
            f"RULESBOT_SHARD_IDS must list shard numbers from 0 to {count - 1}, not {ids_text!r}.",
            hint="e.g. RULESBOT_SHARD_IDS=0,1 for this process's shards (all when unset).",
        )
    return {"shard_count": count, "shard_ids": tuple(int(p) for p in parts) or None}


@dataclass(frozen=True)
class Settings:
    """Everything configurable.  The Discord token is never logged (see ``__repr__``)."""

    data_dir: Path
    db_path: Path
    discord_token: str | None = field(default=None, repr=False)
    dev_guild_id: int | None = None
    # The privileged Message Content intent, for inline references in messages that don't
    # mention the bot; off unless the host turns it on (and enables it in the developer portal).
    discord_message_content: bool = False
    # Where `sync` downloads from: the packaged rules_data/sources.toml unless RULESBOT_SOURCES
    # names another (a local mirror; the tests' loopback server).
    sources_file: Path | None = None
    # A PostgreSQL URL (postgresql://user:password@host:port/db) for games shared by several
    # bot processes; without it games live in the SQLite file db_path.  Never logged.
    database_url: str | None = field(default=None, repr=False)
    # Discord sharding (past 2,500 guilds): how many shards in all, and which this process runs
    # (several processes split the guilds; with RULESBOT_DATABASE_URL they share games).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    @property
    def reference_db(self) -> Path:
        """The imported rules and card data (read-mostly SQLite, swapped atomically by sync)."""
        return self.data_dir / "reference.sqlite"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        data_dir = Path(env.get("RULESBOT_DATA_DIR") or _default_data_dir(env)).expanduser()
        db_path = Path(env.get("RULESBOT_DB") or data_dir / "games.sqlite").expanduser()
        token = env.get("DISCORD_TOKEN") or None
        guild = env.get("RULESBOT_DEV_GUILD", "").strip()
        return cls(
            data_dir=data_dir,
            db_path=db_path,
            discord_token=token,
            dev_guild_id=int(guild) if guild.isdigit() else None,
            discord_message_content=env.get("RULESBOT_MESSAGE_CONTENT", "").lower()
            in ("1", "true", "yes", "on"),
            database_url=env.get("RULESBOT_DATABASE_URL") or None,
            **_shards(env),
            sources_file=Path(env["RULESBOT_SOURCES"]).expanduser()
            if env.get("RULESBOT_SOURCES")
            else None,
        )
