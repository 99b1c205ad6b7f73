"""Build the reference store from a folder of sources and swap it in atomically.

A new store is built beside the live one, every importer validates its own data, SQLite checks
the file, and only then does ``os.replace`` put it in place: a failed or partial import never
replaces good data.
"""

from __future__ import annotations

import importlib
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.data.progress import Progress, no_progress
from bot.errors import DataError
from bot.reference.store import META_SCHEMA

log = logging.getLogger(__name__)

Importer = Callable[[sqlite3.Connection, Path, Progress], dict[str, str]]


@dataclass(frozen=True)
class ImporterSpec:
    """One kind of data: the folder it reads and the function that imports it."""

    name: str
    folder: str
    target: str  # "module:function", imported lazily so a missing optional kind costs nothing
    required: bool

    def load(self) -> Importer:
        module_name, function_name = self.target.split(":")
        function: Importer = getattr(importlib.import_module(module_name), function_name)
        return function


IMPORTERS: tuple[ImporterSpec, ...] = (
    ImporterSpec("Comprehensive Rules", "mtg-cr", "bot.data.cr_import:import_rules", True),
    ImporterSpec("MTG cards", "mtg-cards", "bot.data.cards_import:import_cards", True),
    ImporterSpec("Riftbound", "riftbound", "bot.data.riftbound_import:import_riftbound", False),
    ImporterSpec("Tournament documents", "mtg-docs", "bot.data.docs_import:import_docs", False),
)


@dataclass(frozen=True)
class SyncReport:
    path: Path
    meta: dict[str, str]
    imported: tuple[str, ...]
    skipped: tuple[str, ...]
    seconds: float


def build_reference(
    source_dir: Path,
    dest: Path,
    *,
    progress: Progress = no_progress,
    importers: Sequence[ImporterSpec] = IMPORTERS,
    record_source: Path | None = None,
) -> SyncReport:
    """Import every kind of data found in ``source_dir`` and atomically replace ``dest``.

    ``record_source`` is the folder the store should name as its source when the files will
    be moved there after a successful build (online sync).
    """
    started = time.perf_counter()
    source_dir = source_dir.resolve()
    if not source_dir.is_dir():
        raise DataError(f"{source_dir} is not a folder.")
    missing = [
        f"{spec.folder}/ ({spec.name})"
        for spec in importers
        if spec.required and not (source_dir / spec.folder).is_dir()
    ]
    if missing:
        raise DataError(f"{source_dir} has no {' or '.join(missing)} folder.")
    dest.parent.mkdir(parents=True, exist_ok=True)
    staging = dest.with_name(f".{dest.name}.building-{os.getpid()}")
    staging.unlink(missing_ok=True)
    meta: dict[str, str] = {}
    imported: list[str] = []
    skipped: list[str] = []
    try:
        conn = sqlite3.connect(staging)
        try:
            conn.execute("PRAGMA journal_mode = OFF")  # a fresh file: nothing to roll back to
            conn.execute("PRAGMA synchronous = OFF")
            conn.execute(META_SCHEMA)
            for spec in importers:
                if not (source_dir / spec.folder).is_dir():
                    skipped.append(spec.name)
                    continue
                log.info("importing %s from %s", spec.name, source_dir / spec.folder)
                meta.update(spec.load()(conn, source_dir, progress))
                conn.commit()
                imported.append(spec.name)
            meta["source_dir"] = str(record_source or source_dir)
            meta["synced_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
            conn.executemany(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", sorted(meta.items())
            )
            conn.commit()
            check = conn.execute("PRAGMA integrity_check").fetchone()[0]
            if check != "ok":
                raise DataError(f"The new reference store failed SQLite's integrity check: {check}")
            conn.execute("VACUUM")
        finally:
            conn.close()
        with open(staging, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(staging, dest)
    finally:
        staging.unlink(missing_ok=True)
    return SyncReport(
        dest, meta, tuple(imported), tuple(skipped), time.perf_counter() - started
    )
