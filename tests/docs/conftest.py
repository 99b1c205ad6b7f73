"""A reference store holding only the tournament documents, built once from the real data."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.data.docs_import import import_docs
from bot.data.progress import no_progress
from bot.records.meta import META_SCHEMA
from bot.reference.docs import DocsIndex
from bot.reference.store import Reference


@pytest.fixture(scope="session")
def parsed_docs_dir(shared_data: Path) -> Path:
    (folder,) = sorted((shared_data / "mtg-docs").glob("parsed-*"))[-1:]
    return folder


@pytest.fixture(scope="session")
def docs_db(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("docs") / "reference.sqlite"
    conn = sqlite3.connect(path)
    conn.execute(META_SCHEMA)
    meta = import_docs(conn, shared_data, no_progress)
    conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", meta.items())
    conn.commit()
    conn.close()
    return path


@pytest.fixture(scope="session")
def reference(docs_db: Path) -> Iterator[Reference]:
    ref = Reference(docs_db)
    yield ref
    ref.close()


@pytest.fixture(scope="session")
def docs(reference: Reference) -> DocsIndex:
    return reference.docs
