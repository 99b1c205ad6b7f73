"""The reference store: one read-mostly SQLite file built by ``sync`` and swapped atomically.

Each kind of data (rules, cards, Riftbound, tournament documents) owns its tables and its
importer in ``bot.data``; this module opens the finished file and hands out the indexes built
over it, lazily, so start-up stays fast.
"""

from __future__ import annotations

import sqlite3
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from bot.errors import DataMissingError

if TYPE_CHECKING:
    from bot.reference.cards import CardIndex
    from bot.reference.docs import DocsIndex
    from bot.reference.riftbound import RiftboundIndex
    from bot.reference.rule_history import RuleHistory
    from bot.reference.rules import RuleIndex


IMPORT_HINT = (
    "Run `rulesbot sync` to download the current rules and cards, or "
    "`rulesbot sync --from DIR` to import a folder laid out like ../shared/data "
    "(mtg-cr/, mtg-cards/, riftbound/, mtg-docs/)."
)


def imported_rows(
    conn: sqlite3.Connection, sql: str, missing: str, params: tuple[object, ...] = ()
) -> list[sqlite3.Row]:
    """The rows ``sql`` reads from an imported table; ``DataMissingError`` saying ``missing``
    ("No card data has been imported yet.") and how to import when the table is absent or
    empty."""
    try:
        rows: list[sqlite3.Row] = conn.execute(sql, params).fetchall()
    except sqlite3.OperationalError as error:
        raise DataMissingError(missing, hint=IMPORT_HINT) from error
    if not rows:
        raise DataMissingError(missing, hint=IMPORT_HINT)
    return rows


def open_readonly(path: Path) -> sqlite3.Connection:
    """Open the reference file read-only; the bot never writes to it outside ``sync``."""
    if not path.exists():
        raise DataMissingError("No rules or card data has been imported yet.", hint=IMPORT_HINT)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    return conn


class Reference:
    """An open reference store and the indexes over it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.conn = open_readonly(path)

    @cached_property
    def meta(self) -> dict[str, str]:
        rows = self.conn.execute("SELECT key, value FROM meta").fetchall()
        return {row["key"]: row["value"] for row in rows}

    @cached_property
    def cards(self) -> CardIndex:
        from bot.reference.cards import CardIndex

        return CardIndex.from_connection(self.conn)

    @cached_property
    def rules(self) -> RuleIndex:
        from bot.reference.rules import RuleIndex

        return RuleIndex.from_connection(self.conn)

    @cached_property
    def rule_history(self) -> RuleHistory:
        from bot.reference.rule_history import RuleHistory

        return RuleHistory(self.conn, self.rules)

    @cached_property
    def docs(self) -> DocsIndex:
        from bot.reference.docs import DocsIndex

        return DocsIndex.from_connection(self.conn)

    @cached_property
    def riftbound(self) -> RiftboundIndex:
        from bot.reference.riftbound import RiftboundIndex

        return RiftboundIndex.from_connection(self.conn)

    def close(self) -> None:
        self.conn.close()
