"""Scryfall bulk-file parsing and the card importer, on the real files and on crafted ones."""

from __future__ import annotations

import gzip
import io
import json
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.data import scryfall
from bot.data.cards_import import import_cards
from bot.data.progress import no_progress
from bot.data.scryfall import iter_cards, iter_json_array, iter_rulings, parse_card
from bot.errors import DataError
from bot.records.cards import card_from_dict

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=10,
)


@settings(max_examples=80, deadline=None)
@given(
    objects=st.lists(st.dictionaries(st.text(max_size=10), JSON_VALUES, max_size=4), max_size=12),
    indent=st.sampled_from([None, 0, 2]),
    chunk=st.integers(min_value=1, max_value=64),
)
def test_json_array_stream_reads_any_layout_and_chunking(
    objects: list[dict[str, object]], indent: int | None, chunk: int
) -> None:
    # Small chunks force objects across chunk boundaries, as in a 150 MB file.
    text = json.dumps(objects, indent=indent, ensure_ascii=False)
    assert list(iter_json_array(io.StringIO(text), chunk_size=chunk)) == objects


@pytest.mark.parametrize("text", ["", "{}", '[{"a": 1}, {"b": ', "not json"])
def test_broken_arrays_raise_data_error(text: str) -> None:
    with pytest.raises(DataError):
        list(iter_json_array(io.StringIO(text)))


def test_missing_keys_become_empty_values() -> None:
    card = parse_card({"object": "card", "oracle_id": "x", "name": "Bare", "layout": "normal"})
    assert card is not None
    assert (card.mana_cost, card.oracle_text, card.power, card.loyalty, card.defense) == ("",) * 5
    assert card.colors == () and card.faces == () and card.cmc == 0.0


def test_art_series_and_non_cards_are_skipped_tokens_flagged() -> None:
    assert (
        parse_card({"object": "card", "oracle_id": "a", "name": "Opt", "layout": "art_series"})
        is None
    )
    assert parse_card({"object": "ruling", "oracle_id": "a", "name": "Opt"}) is None
    token = parse_card(
        {
            "object": "card",
            "oracle_id": "t",
            "name": "Goblin",
            "layout": "token",
            "type_line": "Token Creature — Goblin",
        }
    )
    assert token is not None and token.is_token


def test_reversible_cards_take_their_oracle_id_from_a_face() -> None:
    card = parse_card(
        {
            "object": "card",
            "name": "Zndrsplt // Zndrsplt",
            "layout": "reversible_card",
            "card_faces": [{"name": "Zndrsplt", "oracle_id": "face-id"}, {"name": "Zndrsplt"}],
        }
    )
    assert card is not None and card.oracle_id == "face-id" and len(card.faces) == 2


@pytest.fixture(scope="module")
def real_cards(shared_data: Path) -> dict[str, scryfall.Card]:
    return {
        card.name: card for card in iter_cards(shared_data / "mtg-cards" / "oracle-cards.json.gz")
    }


def test_real_file_has_every_card(real_cards: dict[str, scryfall.Card]) -> None:
    assert len(real_cards) == 34_632  # PROVENANCE.md
    bolt = real_cards["Lightning Bolt"]
    assert (bolt.mana_cost, bolt.type_line, bolt.colors) == ("{R}", "Instant", ("R",))
    assert "3 damage to any target" in bolt.oracle_text


def test_real_multi_face_cards_keep_every_face(real_cards: dict[str, scryfall.Card]) -> None:
    fire_ice = real_cards["Fire // Ice"]
    assert fire_ice.layout == "split"
    assert fire_ice.face_names == ("Fire", "Ice")
    assert fire_ice.faces[1].oracle_text.startswith("Tap target permanent.")
    delver = real_cards["Delver of Secrets // Insectile Aberration"]
    assert delver.mana_cost == ""  # double-faced: the cost is on the front face
    assert (delver.faces[0].mana_cost, delver.faces[1].power, delver.faces[1].toughness) == (
        "{U}",
        "3",
        "2",
    )
    jace = real_cards["Jace, the Mind Sculptor"]
    assert jace.loyalty == "3"


def test_card_survives_its_stored_form(real_cards: dict[str, scryfall.Card]) -> None:
    for name in ("Fire // Ice", "Tarmogoyf", "Jace, the Mind Sculptor"):
        card = real_cards[name]
        assert card_from_dict(json.loads(json.dumps(card.to_dict()))) == card


def test_real_rulings_have_dates(shared_data: Path) -> None:
    rulings = list(iter_rulings(shared_data / "mtg-cards" / "rulings.json.gz"))
    assert len(rulings) == 46_608
    assert all(len(r.published_at) == 10 and r.published_at[4] == "-" for r in rulings[:500])


# -- the importer ----------------------------------------------------------------------------


def test_import_stores_cards_names_and_rulings(
    cards_reference_path: Path, shared_cards_date: str
) -> None:
    conn = sqlite3.connect(cards_reference_path)
    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    # The file's 34,632 cards (PROVENANCE.md) less 70 reversible printings whose faces are
    # cards of their own ("Sol Ring // Sol Ring").
    assert meta["cards_count"] == "34562"
    assert meta["cards_date"] == shared_cards_date  # no Scryfall stamp: the file's date
    rows = conn.execute(
        "SELECT n.name, n.face_index, n.lang FROM card_names n JOIN cards c ON c.id = n.card_id"
        " WHERE c.name = 'Fire // Ice' ORDER BY n.priority, n.face_index"
    ).fetchall()
    assert rows == [("Fire // Ice", None, "en"), ("Fire", 0, "en"), ("Ice", 1, "en")]
    ruling_count = conn.execute("SELECT COUNT(*) FROM card_rulings").fetchone()[0]
    assert ruling_count == int(meta["card_rulings_count"]) == 46_608
    conn.close()


def _write_cards(
    folder: Path, cards: list[dict[str, object]], rulings: list[dict[str, object]]
) -> None:
    (folder / "mtg-cards").mkdir(parents=True)
    (folder / "mtg-cards" / "oracle-cards.json").write_text(json.dumps(cards), encoding="utf-8")
    with gzip.open(folder / "mtg-cards" / "rulings.json.gz", "wt", encoding="utf-8") as out:
        json.dump(rulings, out)


def test_import_refuses_a_truncated_card_list(tmp_path: Path) -> None:
    _write_cards(
        tmp_path,
        [{"object": "card", "oracle_id": "b", "name": "Lightning Bolt", "layout": "normal"}],
        [
            {
                "object": "ruling",
                "oracle_id": "b",
                "source": "wotc",
                "published_at": "2020-01-01",
                "comment": "x",
            }
        ],
    )
    with pytest.raises(DataError, match="only 1 cards"):
        import_cards(sqlite3.connect(":memory:"), tmp_path, no_progress)


def test_import_refuses_a_folder_without_files(tmp_path: Path) -> None:
    (tmp_path / "mtg-cards").mkdir()
    with pytest.raises(DataError, match="Oracle cards"):
        import_cards(sqlite3.connect(":memory:"), tmp_path, no_progress)


def test_cards_date_prefers_scryfalls_updated_at(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.data import cards_import

    cards = [
        {"object": "card", "oracle_id": str(i), "name": f"Card {i}", "layout": "normal"}
        for i in range(3)
    ] + [
        {"object": "card", "oracle_id": "b", "name": name, "layout": "normal"}
        for name in ["Lightning Bolt"]
    ]
    cards.append({"object": "card", "oracle_id": "fi", "name": "Fire // Ice", "layout": "split"})
    rulings = [
        {
            "object": "ruling",
            "oracle_id": "b",
            "source": "wotc",
            "published_at": "2020-01-01",
            "comment": "x",
        }
    ]
    _write_cards(tmp_path, cards, rulings)
    stamp = {
        "updated_at": {"oracle_cards": "2026-12-01T09:04:51.123+00:00", "rulings": "2026-12-01"}
    }
    (tmp_path / "mtg-cards" / "source.json").write_text(json.dumps(stamp), encoding="utf-8")
    monkeypatch.setattr(cards_import, "MIN_CARDS", 3)
    monkeypatch.setattr(cards_import, "MIN_RULINGS", 1)
    monkeypatch.setattr(cards_import, "MIN_TEXT_SHARE", 0.0)  # these tiny cards have no text
    meta = import_cards(sqlite3.connect(":memory:"), tmp_path, no_progress)
    assert meta["cards_date"] == "2026-12-01" and meta["cards_count"] == "5"
    assert meta["cards_date_kind"] == "updated"
    (tmp_path / "mtg-cards" / "source.json").unlink()
    os.utime(tmp_path / "mtg-cards" / "oracle-cards.json", (1_700_000_000, 1_700_000_000))
    undated = import_cards(sqlite3.connect(":memory:"), tmp_path, no_progress)
    assert (undated["cards_date"], undated["cards_date_kind"]) == ("2023-11-14", "imported")
