"""Turn SQLite's storage failures into the friendly ``StorageError``.

Only conditions of the file or the machine are mapped (busy/locked, read-only, full, I/O,
cannot open, damaged or not a database at all); any other ``sqlite3`` error is a bug and propagates with its traceback.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from bot.errors import StorageError

# Primary result codes (https://sqlite.org/rescode.html); extended codes keep them in the low byte.
SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_READONLY = 8
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_NOTADB = 26

_NOTHING_SAVED = "nothing was changed"


def storage_error_for(error: sqlite3.Error) -> StorageError | None:
    """The friendly error for a storage condition, or ``None`` if ``error`` is a bug."""
    code = getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(error).lower()
    if primary in (SQLITE_BUSY, SQLITE_LOCKED) or "database is locked" in text:
        return StorageError(
            f"The game database is busy (another process is writing to it), so {_NOTHING_SAVED}.",
            hint="Try again in a moment.",
        )
    if primary == SQLITE_READONLY or "readonly database" in text:
        return StorageError(
            f"The game database is read-only, so {_NOTHING_SAVED}.",
            hint="Ask the bot's host to make the game database writable.",
        )
    if primary == SQLITE_FULL or "database or disk is full" in text:
        return StorageError(
            f"The game database is full, so {_NOTHING_SAVED}.",
            hint="Ask the bot's host to free disk space or end old games.",
        )
    if (
        primary in (SQLITE_CORRUPT, SQLITE_NOTADB)
        or "file is not a database" in text
        or "malformed" in text
    ):
        # Random bytes, another program's file or a damaged copy: SQLite refuses it before any
        # write, so the file is as it was.
        return StorageError(
            "The game database file is damaged or is not a rulesbot games database, so "
            f"{_NOTHING_SAVED}.",
            hint="Ask the bot's host to restore the game database from a backup, or to move "
            "the file away so that the bot starts a new one.",
        )
    if primary in (SQLITE_IOERR, SQLITE_CANTOPEN) or "unable to open database" in text:
        return StorageError(
            f"The game database could not be read or written, so {_NOTHING_SAVED}.",
            hint="Ask the bot's host to check the game database file and its folder.",
        )
    return None


@contextmanager
def storage_errors() -> Iterator[None]:
    """Re-raise storage conditions inside the block as ``StorageError``."""
    try:
        yield
    except sqlite3.Error as error:
        friendly = storage_error_for(error)
        if friendly is None:
            raise
        raise friendly from error
