"""Build a reference store holding the Comprehensive Rules, once per test session.

Only the current CR and the Zendikar version (2009-10-01, targets were rule 113) are imported,
through the real importer, so index and command tests run on real data but stay fast.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.data.cr_import import import_rules_file
from bot.records.meta import META_SCHEMA

CURRENT_FILE = "MagicCompRules-20260116.txt"
OLD_VERSION = "2009-10-01"

_built: dict[Path, Path] = {}


def build_rules_reference(shared_data: Path, directory: Path) -> Path:
    """The path of a reference SQLite file with the current CR and one old version."""
    if shared_data in _built:
        return _built[shared_data]
    path = directory / "reference.sqlite"
    conn = sqlite3.connect(path)
    try:
        current = import_rules_file(conn, shared_data / "mtg-cr" / CURRENT_FILE, current=True)
        import_rules_file(
            conn, shared_data / "mtg-cr" / "history" / f"{OLD_VERSION}.txt", current=False
        )
        conn.execute(META_SCHEMA)
        conn.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('cr_effective_date', ?)", (current,)
        )
        conn.commit()
    finally:
        conn.close()
    _built[shared_data] = path
    return path
