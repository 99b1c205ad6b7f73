"""Build the reference store from a folder of sources and swap it in atomically.

A new store is built beside the live one, every importer validates its own data, SQLite checks
the file, and only then does ``os.replace`` put it in place: a failed or partial import never
replaces good data.
"""

from __future__ import annotations

import importlib
import logging
import os
import re
import sqlite3
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.data.download import SourceResult
from bot.data.progress import Progress, no_progress
from bot.errors import DataError
from bot.records.meta import META_SCHEMA

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
    sources: tuple[SourceResult, ...] = ()  # each download's outcome (online sync only)


# Counts that only grow from one official release to the next (a few cards may merge or leave).
_COUNTED = {
    "cr_rules_count": "numbered rules in the current Comprehensive Rules",
    "cr_versions": "Comprehensive Rules versions",
    "cards_count": "MTG cards",
    "card_rulings_count": "MTG rulings",
    "riftbound_cards_count": "Riftbound cards",
}
MAX_DROP = 0.10
_STAGING = re.compile(r"\.(?P<name>.+)\.building-(?P<pid>\d+)")


def _run_importer(
    spec: ImporterSpec, conn: sqlite3.Connection, source_dir: Path, progress: Progress
) -> dict[str, str]:
    """Run one importer; a damaged file (truncated, bit-flipped, not UTF-8, not JSON) is a
    ``DataError`` naming the data, never a traceback."""
    try:
        return spec.load()(conn, source_dir, progress)
    except DataError:
        raise
    except (
        OSError,
        EOFError,
        ValueError,
        zlib.error,
        KeyError,
        TypeError,
        IndexError,
        AttributeError,
        sqlite3.Error,
    ) as error:
        detail = str(error) or type(error).__name__
        raise DataError(
            f"The {spec.name} data in {source_dir / spec.folder} is damaged or unreadable "
            f"({type(error).__name__}: {detail[:200]})"
        ) from error


def read_meta(store: Path) -> dict[str, str]:
    """The meta entries of an existing reference store (empty when there is none)."""
    if not store.exists():
        return {}
    try:
        conn = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
        try:
            return dict(conn.execute("SELECT key, value FROM meta").fetchall())
        finally:
            conn.close()
    except sqlite3.Error:
        return {}  # an unreadable old store has nothing worth protecting


def refuse_sharp_drops(old: dict[str, str], new: dict[str, str]) -> None:
    """Refuse new data with far fewer rules or cards than the data it would replace."""
    drops = []
    for key, what in _COUNTED.items():
        if not (old.get(key, "").isdigit() and new.get(key, "").isdigit()):
            continue
        before, after = int(old[key]), int(new[key])
        if before and after < before * (1 - MAX_DROP):
            drops.append(f"{what}: {before:,} → {after:,} ({(after - before) / before:.0%})")
    if drops:
        raise DataError(
            "The new data has far fewer entries than the data in use ("
            + "; ".join(drops)
            + "). If that is expected, run the sync again with --force."
        )


def remove_stale_builds(dest: Path) -> list[Path]:
    """Remove half-built stores left by syncs that were killed (their process is gone)."""
    removed = []
    for candidate in dest.parent.glob(f".{dest.name}.building-*"):
        match = _STAGING.fullmatch(candidate.name)
        if match is None or match.group("name") != dest.name:
            continue
        pid = int(match.group("pid"))
        if pid != os.getpid() and _is_running(pid):
            continue  # another sync is building right now
        candidate.unlink(missing_ok=True)
        removed.append(candidate)
        log.info("removed %s, left by a sync that did not finish", candidate.name)
    return removed


def _is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, owned by someone else
    return True


def build_reference(
    source_dir: Path,
    dest: Path,
    *,
    progress: Progress = no_progress,
    importers: Sequence[ImporterSpec] = IMPORTERS,
    record_source: Path | None = None,
    force: bool = False,
) -> SyncReport:
    """Import every kind of data found in ``source_dir`` and atomically replace ``dest``.

    ``record_source`` is the folder the store should name as its source when the files will
    be moved there after a successful build (online sync).  A sharp drop in the number of
    rules or cards compared with the data in ``dest`` is refused unless ``force``.
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
    remove_stale_builds(dest)
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
                meta.update(_run_importer(spec, conn, source_dir, progress))
                conn.commit()
                imported.append(spec.name)
            if not force:
                refuse_sharp_drops(read_meta(dest), meta)
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
    return SyncReport(dest, meta, tuple(imported), tuple(skipped), time.perf_counter() - started)
