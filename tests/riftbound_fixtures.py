"""Riftbound fixtures: the real files parsed once, and a reference store built from them
(made available to every test by ``tests/conftest.py``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.commands.riftbound_cards import RiftboundCardLookup
from bot.data.progress import no_progress
from bot.data.riftbound_cards import RiftboundCardData, load_card_data
from bot.data.riftbound_import import import_riftbound
from bot.data.riftbound_rules import RiftboundRules, parse_rules
from bot.engine.riftbound.state import RbCard
from bot.reference.riftbound import RiftboundIndex
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor


@pytest.fixture(scope="session")
def rb_dir(shared_data: Path) -> Path:
    return shared_data / "riftbound"


@pytest.fixture(scope="session")
def rules_v13(rb_dir: Path) -> RiftboundRules:
    return parse_rules((rb_dir / "core-rules-v1.3.md").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def rules_v12(rb_dir: Path) -> RiftboundRules:
    return parse_rules((rb_dir / "core-rules-v1.2.md").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def rb_store(
    shared_data: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, dict[str, str]]:
    path = tmp_path_factory.mktemp("riftbound") / "reference.sqlite3"
    conn = sqlite3.connect(path)
    meta = import_riftbound(conn, shared_data, no_progress)
    conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", sorted(meta.items()))
    conn.commit()
    conn.close()
    return path, meta


@pytest.fixture(scope="session")
def rb_index(rb_store: tuple[Path, dict[str, str]]) -> RiftboundIndex:
    conn = sqlite3.connect(f"file:{rb_store[0]}?mode=ro", uri=True, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    return RiftboundIndex.from_connection(conn)


@pytest.fixture(scope="session")
def card_data(rb_dir: Path) -> RiftboundCardData:
    """The gallery's cards with their FAQ answers and errata, read from the real files."""
    return load_card_data(rb_dir)


@pytest.fixture(scope="session")
def rb(rb_index: RiftboundIndex) -> RiftboundScenarioExecutor:
    """A Riftbound scenario executor over the real cards."""
    return RiftboundScenarioExecutor(RiftboundCardLookup(rb_index))


@pytest.fixture(scope="session")
def rb_cards(card_data: RiftboundCardData) -> dict[str, RbCard]:
    """Every Riftbound card by name as the engine sees it (its first printing)."""
    found: dict[str, RbCard] = {}
    for card in card_data.gallery.cards:
        found.setdefault(
            card.name,
            RbCard.from_types(
                card.name,
                card.card_types,
                card.text,
                might=card.might,
                tags=card.tags,
                super_types=card.super_types,
                domains=card.domains,
            ),
        )
    return found
