"""Shared fixtures.  Real data comes from ../shared/data through ``shared_data`` only."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.riftbound_fixtures import (  # noqa: F401 - fixtures for every test directory
    card_data,
    rb,
    rb_cards,
    rb_dir,
    rb_index,
    rb_store,
    rules_v12,
    rules_v13,
)

REPO_ROOT = Path(__file__).resolve().parents[1]


def _find_shared_data() -> Path:
    configured = os.environ.get("RULESBOT_SHARED_DATA")
    candidates = [Path(configured)] if configured else []
    candidates.append(REPO_ROOT.parent / "shared" / "data")
    for candidate in candidates:
        if (candidate / "PROVENANCE.md").exists():
            return candidate
    raise RuntimeError(
        "The real reference data was not found: expected ../shared/data beside the repository "
        "(or set RULESBOT_SHARED_DATA)."
    )


@pytest.fixture(autouse=True)
def no_thread_left_running() -> Iterator[None]:
    """Fail the test that leaves a non-daemon thread running (an unclosed aiosqlite connection,
    say): Python waits for such threads at exit, so one leak makes the whole run hang."""
    before = set(threading.enumerate())
    yield
    left = [t for t in threading.enumerate() if t not in before and not t.daemon]
    for thread in left:
        thread.join(timeout=2)  # a closed connection's thread ends a moment after close()
    alive = [t.name for t in left if t.is_alive()]
    if alive:
        pytest.fail(f"the test left non-daemon thread(s) running: {', '.join(alive)}")


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The folder of real reference data (CR, cards, Riftbound, tournament documents)."""
    return _find_shared_data()


@pytest.fixture(scope="session")
def shared_cards_date(shared_data: Path) -> str:
    """The date the importer gives the shared card data: it has no Scryfall stamp, so the day
    its file was written (UTC).  The copy is re-made per machine, so no test may hard-code it."""
    import datetime as dt

    written = (shared_data / "mtg-cards" / "oracle-cards.json.gz").stat().st_mtime
    return dt.datetime.fromtimestamp(written, tz=dt.UTC).date().isoformat()


@pytest.fixture(scope="session")
def reference_db(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A full reference store (every CR version, cards, Riftbound, documents), built once.

    This is exactly what ``rulesbot sync --from ../shared/data`` builds.
    """
    from bot.data.sync import build_reference

    path = tmp_path_factory.mktemp("reference") / "reference.sqlite"
    build_reference(shared_data, path)
    return path


@pytest.fixture(scope="session")
def reference(reference_db: Path):  # type: ignore[no-untyped-def]
    """The full reference store, opened read-only once per session."""
    from bot.reference.store import Reference

    opened = Reference(reference_db)
    yield opened
    opened.close()


@pytest.fixture(scope="session")
def cards_reference_path(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A reference store holding only the MTG cards and rulings (fast: ~5 s), built once."""
    import sqlite3

    from bot.data.cards_import import import_cards
    from bot.data.progress import no_progress
    from bot.records.meta import META_SCHEMA

    path = tmp_path_factory.mktemp("cards-reference") / "reference.sqlite"
    conn = sqlite3.connect(path)
    try:
        conn.execute(META_SCHEMA)
        meta = import_cards(conn, shared_data, no_progress)
        conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", sorted(meta.items()))
        conn.commit()
    finally:
        conn.close()
    return path


@pytest.fixture(scope="session")
def cards_reference(cards_reference_path: Path):  # type: ignore[no-untyped-def]
    """The cards-only reference store, opened read-only once per session."""
    from bot.reference.store import Reference

    opened = Reference(cards_reference_path)
    yield opened
    opened.close()


@pytest.fixture(scope="session")
def postgres_admin_url() -> Iterator[str]:
    """A PostgreSQL server for this test run (skipped, saying why, without its binaries)."""
    from tests.postgres_server import MISSING, binaries_available, postgres_server

    if not binaries_available():
        pytest.skip(MISSING)
    with postgres_server() as url:
        yield url


def _postgres_admin(url: str, statement: str) -> None:
    """Run one statement as the server's admin, on a loop of its own (fixtures set up outside
    the test's event loop)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    import asyncpg

    async def run() -> None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(statement)
        finally:
            await conn.close()

    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, run()).result()


@pytest.fixture
def postgres_url(postgres_admin_url: str) -> Iterator[str]:
    """A fresh, empty database on the test server, dropped afterwards."""
    import uuid

    name = f"test_{uuid.uuid4().hex[:12]}"
    _postgres_admin(postgres_admin_url, f'CREATE DATABASE "{name}"')
    yield postgres_admin_url.rsplit("/", 1)[0] + f"/{name}"
    _postgres_admin(postgres_admin_url, f'DROP DATABASE "{name}" WITH (FORCE)')
