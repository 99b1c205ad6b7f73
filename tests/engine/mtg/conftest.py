"""Engine fixtures: real cards, rulings and the CR, loaded once through ``shared_data``."""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.engine.cards import CardData
from bot.engine.mtg.game import MtgGame
from bot.engine.requirements import FaceTargeting
from tests.engine.mtg.scene import Scene
from tests.engine.mtg.specs import fake_reader


def _real_reader_or_none() -> Callable[[CardData], FaceTargeting] | None:
    try:
        from bot.engine.mtg.game import default_reader
        from bot.engine.mtg.oracle_targets import read_face  # noqa: F401
    except ImportError:
        return None
    return default_reader


@pytest.fixture(scope="session")
def scryfall_cards(shared_data: Path) -> dict[str, dict]:
    with gzip.open(shared_data / "mtg-cards" / "oracle-cards.json.gz", "rt", encoding="utf-8") as f:
        cards = json.load(f)
    return {card["name"]: card for card in cards}


@pytest.fixture(scope="session")
def rulings(shared_data: Path, scryfall_cards: dict[str, dict]) -> dict[str, list[str]]:
    """Official rulings by card name."""
    with gzip.open(shared_data / "mtg-cards" / "rulings.json.gz", "rt", encoding="utf-8") as f:
        raw = json.load(f)
    by_id: dict[str, list[str]] = defaultdict(list)
    for ruling in raw:
        by_id[ruling["oracle_id"]].append(ruling["comment"])
    return {name: by_id.get(card["oracle_id"], []) for name, card in scryfall_cards.items()}


@pytest.fixture(scope="session")
def cr_text(shared_data: Path) -> str:
    raw = (shared_data / "mtg-cr" / "MagicCompRules-20260116.txt").read_text(encoding="utf-8-sig")
    return raw.replace("\r\n", "\n").replace("\r", "\n")


@pytest.fixture(scope="session")
def card(scryfall_cards: dict[str, dict]) -> Callable[[str], CardData]:
    def build(name: str) -> CardData:
        return CardData.from_scryfall(scryfall_cards[name])

    return build


@pytest.fixture(scope="session")
def real_engine() -> MtgGame:
    """The engine with the Oracle-text reader when it exists, else the hand-built specs."""
    reader = _real_reader_or_none()
    return MtgGame(reader) if reader is not None else MtgGame(fake_reader)


@pytest.fixture(scope="session")
def engine() -> MtgGame:
    """The engine with hand-built specs only (unit tests independent of the reader)."""
    return MtgGame(fake_reader)


@pytest.fixture
def scene(real_engine: MtgGame, card: Callable[[str], CardData]) -> Scene:
    """A board to build with real cards, for scenario tests."""
    return Scene(real_engine, card)


@pytest.fixture
def ruling(rulings: dict[str, list[str]]) -> Callable[[str, str], str]:
    """Checks that a quote is one of a card's official rulings, and returns it."""

    def check(name: str, quote: str) -> str:
        assert any(quote in text for text in rulings[name]), f"not a ruling of {name}: {quote}"
        return quote

    return check


@pytest.fixture
def cr(cr_text: str) -> Callable[[str], str]:
    """Checks that a quote is in the Comprehensive Rules, and returns it."""

    def check(quote: str) -> str:
        assert quote in cr_text, f"not in the CR: {quote}"
        return quote

    return check
