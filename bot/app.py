"""Open and close the long-lived services every front end shares."""

from __future__ import annotations

import gc
import importlib
import logging
import shutil
import tempfile
import threading
from dataclasses import replace
from pathlib import Path

from bot.commands.context import Services
from bot.data.download import (
    OfflineError,
    copy_previous_sources,
    download_all,
    load_sources,
    seed_history,
)
from bot.data.progress import Progress, no_progress
from bot.data.sync import SyncReport, build_reference
from bot.errors import DataMissingError
from bot.reference.store import IMPORT_HINT, Reference
from bot.settings import Settings

log = logging.getLogger(__name__)


def open_services(settings: Settings) -> Services:
    """Open the reference store (raises ``DataMissingError`` with how to import when absent)."""
    return Services(settings=settings, reference=Reference(settings.reference_db))


# What the first ``game`` or ``scenario`` command would import (``bot.commands.dispatch``
# imports them lazily, so one-shot commands don't pay for them).
WARM_MODULES = ("bot.commands.games", "bot.commands.scenario")


def warm_up(services: Services) -> threading.Thread | None:
    """For a long-running front end (Discord, the interactive console): load the card names now
    and build their misspelling index on a thread, so the first misspelled card a user types
    is answered at once instead of after half a second; the same for the free-text ranking of
    the rules.  The game and scenario commands (the rules engines, the Oracle-text reader and
    its patterns) are imported on the same thread: the commands import them on first use, which
    put a second or so of imports into the first game answer (issue 14).  Once all is ready,
    ``settle_memory``.  One-shot commands skip this.

    Returns the thread that finishes the warm-up (None without card data)."""
    try:
        cards = services.reference.cards
        rules = services.reference.rules
    except DataMissingError:
        return None  # no card data yet: the commands say how to import it
    builds = [cards.matcher.build_index(background=True), rules.build_search_index(background=True)]

    def finish() -> None:
        for module in WARM_MODULES:
            importlib.import_module(module)
        for build in builds:
            if build is not None:
                build.join()
        settle_memory()

    thread = threading.Thread(target=finish, name="warm-up", daemon=True)
    thread.start()
    return thread


YOUNG_COLLECTION_THRESHOLD = 10_000


def settle_memory() -> None:
    """Move what the process holds so far (the reference data, its indexes: millions of
    objects kept until exit) out of the cyclic garbage collector's reach.  Its full
    collections otherwise walk them all: ~20 ms pauses, seen in the middle of loading a game
    (issue 14: a cold load's p95 of 50 ms against a median of 13).  Objects frozen here are
    still freed by reference counting when dropped; only cycles among them would stay.

    The youngest generation is then collected every ``YOUNG_COLLECTION_THRESHOLD``
    allocations instead of Python's 700: casting one spell builds thousands of short-lived
    containers (states, choices, reports) that reference counting frees anyway, and the
    default ran a young collection several times per action (issue 14: 10-20% of a game's
    actions per second).  Cyclic garbage waits a little longer; nothing else changes."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, middle, oldest)


async def close_services(services: Services) -> None:
    """Close the games database (opened on first use by the ``game`` command) and the reference."""
    games = services.games
    services.games = None
    try:
        if games is not None:
            await games.aclose()
    finally:
        services.reference.close()


def previous_source_dir(settings: Settings) -> Path | None:
    try:
        reference = Reference(settings.reference_db)
    except DataMissingError:
        return None
    try:
        source = reference.meta.get("source_dir")
    finally:
        reference.close()
    return Path(source) if source else None


def sync_from_folder(
    settings: Settings, folder: Path, progress: Progress = no_progress, *, force: bool = False
) -> SyncReport:
    return build_reference(folder, settings.reference_db, progress=progress, force=force)


def sync_online(
    settings: Settings,
    progress: Progress = no_progress,
    *,
    force: bool = False,
    history_from: Path | None = None,
) -> SyncReport:
    """Download the current official files and rebuild the store; the old one stays on failure.

    The download starts from a copy of the previous import's sources, so what a source doesn't
    bring (older Comprehensive Rules in the history, Riftbound's older rules, errata and FAQ, a
    source that is unreachable today) is kept.  ``history_from`` seeds the Comprehensive Rules
    history from a folder of ``YYYY-MM-DD.txt`` versions.  The report lists each source's outcome.
    """
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    previous = previous_source_dir(settings)
    kept = settings.data_dir / "sources"
    fresh = settings.data_dir / "sources.new"
    sources = load_sources(settings.sources_file)
    with tempfile.TemporaryDirectory(prefix="rulesbot-sync-", dir=settings.data_dir) as tmp:
        staging = Path(tmp) / "sources"
        copy_previous_sources(previous, staging)
        results = download_all(staging, progress, sources, previous)
        if history_from is not None:
            seed_history(staging, history_from)
        shutil.rmtree(fresh, ignore_errors=True)
        shutil.move(staging, fresh)
    try:
        report = build_reference(
            fresh, settings.reference_db, progress=progress, record_source=kept, force=force
        )
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    old = settings.data_dir / "sources.old"
    shutil.rmtree(old, ignore_errors=True)
    if kept.exists():
        kept.rename(old)
    fresh.rename(kept)
    shutil.rmtree(old, ignore_errors=True)
    return replace(report, sources=tuple(results))


def ensure_data(settings: Settings, progress: Progress = no_progress) -> None:
    """On first start with no data, run ``sync``; offline, say exactly how to import a folder."""
    if settings.reference_db.exists():
        return
    log.info("no reference data at %s: syncing from the official sources", settings.reference_db)
    try:
        sync_online(settings, progress)
    except OfflineError as error:
        raise DataMissingError(
            f"No rules or card data yet, and the official sources can't be reached ({error}).",
            hint=IMPORT_HINT,
        ) from error
