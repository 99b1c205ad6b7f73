"""Import Scryfall's Oracle cards and rulings into the reference store.

Tables (owned here):

- ``cards``: one row per Oracle card, with the card as JSON for display (``Card.to_dict``);
- ``card_names``: every name a card is found by (its full name, each face's name), normalized
  once here so the bot's start-up does not redo it.  ``priority`` orders names that collide
  (a real card's full name, then face names, then tokens) and ``lang`` leaves room for printed
  names in other languages;
- ``card_rulings``: the official rulings, by ``oracle_id``.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path

from bot.data.progress import Progress
from bot.data.scryfall import iter_cards, iter_rulings
from bot.errors import DataError
from bot.records.cards import Card
from bot.records.names import NORMALIZER_VERSION, normalize_name

FOLDER = "mtg-cards"
CARD_FILES = ("oracle-cards.json.gz", "oracle-cards.json")
RULING_FILES = ("rulings.json.gz", "rulings.json")
# Written by bot.data.download beside a real Scryfall download: {"updated_at": {kind: iso}}.
SOURCE_STAMP = "source.json"
MIN_CARDS = 20_000
MIN_RULINGS = 10_000
CANARY_CARDS = ("Lightning Bolt", "Fire // Ice")
BATCH = 2_000

PRIORITY_CARD, PRIORITY_FACE, PRIORITY_TOKEN_CARD, PRIORITY_TOKEN_FACE = 0, 1, 2, 3

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS cards (
        id INTEGER PRIMARY KEY,
        oracle_id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        layout TEXT NOT NULL,
        is_token INTEGER NOT NULL,
        data TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS card_names (
        name TEXT NOT NULL,
        normalized TEXT NOT NULL,
        card_id INTEGER NOT NULL REFERENCES cards(id),
        face_index INTEGER,
        priority INTEGER NOT NULL,
        lang TEXT NOT NULL DEFAULT 'en'
    )""",
    """CREATE TABLE IF NOT EXISTS card_rulings (
        oracle_id TEXT NOT NULL,
        published_at TEXT NOT NULL,
        source TEXT NOT NULL,
        comment TEXT NOT NULL
    )""",
    # How many rulings each card has: read at start-up to order look-alike names (a card
    # people ask about has rulings), so it is counted once here instead of at every start.
    """CREATE TABLE IF NOT EXISTS card_ruling_counts (
        card_id INTEGER PRIMARY KEY REFERENCES cards(id),
        rulings INTEGER NOT NULL
    )""",
)
INDEXES = (
    "CREATE INDEX IF NOT EXISTS card_names_normalized ON card_names (normalized)",
    "CREATE INDEX IF NOT EXISTS card_rulings_oracle ON card_rulings (oracle_id, published_at)",
)


def _find(folder: Path, names: tuple[str, ...], what: str) -> Path:
    for name in names:
        if (folder / name).is_file():
            return folder / name
    raise DataError(f"{folder} has no {what} file (expected {' or '.join(names)}).")


def cards_date(folder: Path, cards_file: Path) -> str:
    """The date of the card data: Scryfall's ``updated_at`` when the download recorded it,
    else the day the file was written (UTC)."""
    return _dated(folder, cards_file)[0]


def _dated(folder: Path, cards_file: Path) -> tuple[str, str]:
    """``(date, "updated")`` from Scryfall's own stamp, ``(date, "imported")`` from the file."""
    stamp = folder / SOURCE_STAMP
    if stamp.is_file():
        try:
            updated = json.loads(stamp.read_text(encoding="utf-8")).get("updated_at", {})
        except (ValueError, OSError) as error:
            raise DataError(f"{stamp} is not valid JSON: {error}") from error
        value = updated.get("oracle_cards") if isinstance(updated, dict) else updated
        if isinstance(value, str) and len(value) >= 10:
            return value[:10], "updated"
    mtime = cards_file.stat().st_mtime
    return dt.datetime.fromtimestamp(mtime, tz=dt.UTC).date().isoformat(), "imported"


def _name_rows(card_id: int, card: Card) -> list[tuple[str, str, int, int | None, int]]:
    full, face = (
        (PRIORITY_TOKEN_CARD, PRIORITY_TOKEN_FACE)
        if card.is_token
        else (PRIORITY_CARD, PRIORITY_FACE)
    )
    rows: list[tuple[str, str, int, int | None, int]] = [
        (card.name, normalize_name(card.name), card_id, None, full)
    ]
    for index, face_name in enumerate(card.face_names):
        if face_name and face_name != card.name:
            rows.append((face_name, normalize_name(face_name), card_id, index, face))
    return rows


def _then_new_reversibles(
    cards: Iterable[Card], known_names: set[str], reversible: list[Card]
) -> Iterator[Card]:
    """Every card, holding back the reversible ones ("Sol Ring // Sol Ring", a Secret Lair
    printing with a face on each side) until the end: those whose faces are all cards of
    their own are left out, so lookups and autocomplete don't offer Sol Ring twice.
    ``known_names`` is filled by the caller as it imports."""
    for card in cards:
        if card.layout == "reversible_card":
            reversible.append(card)
        else:
            yield card
    for card in reversible:
        faces = [name for name in card.face_names if name] or card.name.split(" // ")
        if not all(name in known_names for name in faces):
            yield card


def _reset(conn: sqlite3.Connection) -> None:
    for statement in SCHEMA:
        conn.execute(statement)
    for table in ("card_names", "card_ruling_counts", "card_rulings", "cards"):
        conn.execute(f"DELETE FROM {table}")  # noqa: S608 - fixed table names


def import_cards(conn: sqlite3.Connection, source_dir: Path, progress: Progress) -> dict[str, str]:
    """Import ``source_dir/mtg-cards``; raise ``DataError`` if the data is incomplete."""
    folder = source_dir / FOLDER
    cards_file = _find(folder, CARD_FILES, "Oracle cards")
    rulings_file = _find(folder, RULING_FILES, "rulings")
    _reset(conn)

    oracle_ids: dict[str, int] = {}
    with_text = 0
    card_rows: list[tuple[int, str, str, str, int, str]] = []
    name_rows: list[tuple[str, str, int, int | None, int]] = []
    known_names: set[str] = set()
    reversible: list[Card] = []
    for card in _then_new_reversibles(iter_cards(cards_file), known_names, reversible):
        if card.oracle_id in oracle_ids:
            continue  # one row per Oracle card; Scryfall never repeats one, but be safe
        card_id = len(oracle_ids) + 1
        oracle_ids[card.oracle_id] = card_id
        with_text += bool(card.oracle_text or any(face.oracle_text for face in card.faces))
        data = json.dumps(card.to_dict(), ensure_ascii=False, separators=(",", ":"))
        card_rows.append(
            (card_id, card.oracle_id, card.name, card.layout, int(card.is_token), data)
        )
        name_rows.extend(_name_rows(card_id, card))
        known_names.add(card.name)
        known_names.update(card.face_names)
        if len(card_rows) >= BATCH:
            _flush_cards(conn, card_rows, name_rows)
            progress("MTG cards", len(oracle_ids), None)
    _flush_cards(conn, card_rows, name_rows)
    progress("MTG cards", len(oracle_ids), len(oracle_ids))

    ruling_count = 0
    batch: list[tuple[str, str, str, str]] = []
    for ruling in iter_rulings(rulings_file):
        if ruling.oracle_id not in oracle_ids:
            continue  # a ruling on a card the file does not have (skipped layouts)
        batch.append((ruling.oracle_id, ruling.published_at, ruling.source, ruling.comment))
        if len(batch) >= BATCH * 5:
            conn.executemany("INSERT INTO card_rulings VALUES (?, ?, ?, ?)", batch)
            ruling_count += len(batch)
            batch.clear()
            progress("MTG rulings", ruling_count, None)
    conn.executemany("INSERT INTO card_rulings VALUES (?, ?, ?, ?)", batch)
    ruling_count += len(batch)
    progress("MTG rulings", ruling_count, ruling_count)
    for statement in INDEXES:
        conn.execute(statement)
    conn.execute(
        "INSERT INTO card_ruling_counts (card_id, rulings) SELECT c.id, COUNT(*)"
        " FROM card_rulings r JOIN cards c ON c.oracle_id = r.oracle_id GROUP BY c.id"
    )

    # The file's size decides whether it is complete: count the reversible printings left out.
    left_out = sum(1 for card in reversible if card.oracle_id not in oracle_ids)
    _validate(conn, len(oracle_ids) + left_out, ruling_count)
    _validate_text_share(with_text, len(oracle_ids))
    date, kind = _dated(folder, cards_file)
    return {
        "cards_date": date,
        # "updated": Scryfall's own date for the data; "imported": the source had none.
        "cards_date_kind": kind,
        "cards_count": str(len(oracle_ids)),
        "card_rulings_count": str(ruling_count),
        "card_names_normalizer": NORMALIZER_VERSION,
    }


def _flush_cards(
    conn: sqlite3.Connection,
    card_rows: list[tuple[int, str, str, str, int, str]],
    name_rows: list[tuple[str, str, int, int | None, int]],
) -> None:
    conn.executemany("INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?)", card_rows)
    conn.executemany(
        "INSERT INTO card_names (name, normalized, card_id, face_index, priority)"
        " VALUES (?, ?, ?, ?, ?)",
        name_rows,
    )
    card_rows.clear()
    name_rows.clear()


# Vanilla creatures and basic lands have no rules text; about 97% of cards have some.  A file
# whose Oracle text was stripped (a broken export, a wrong bulk type) must not replace good data.
MIN_TEXT_SHARE = 0.85


def _validate_text_share(with_text: int, card_count: int) -> None:
    share = with_text / max(card_count, 1)
    if share < MIN_TEXT_SHARE:
        raise DataError(
            f"Only {share:.0%} of the {card_count} cards in the Oracle cards file have rules "
            f"text (at least {MIN_TEXT_SHARE:.0%} expected): the text looks stripped."
        )


def _validate(conn: sqlite3.Connection, card_count: int, ruling_count: int) -> None:
    if card_count < MIN_CARDS:
        raise DataError(
            f"The Oracle cards file holds only {card_count} cards (at least {MIN_CARDS} expected):"
            " it is probably truncated."
        )
    if ruling_count < MIN_RULINGS:
        raise DataError(
            f"The rulings file holds only {ruling_count} rulings on known cards"
            f" (at least {MIN_RULINGS} expected)."
        )
    for name in CANARY_CARDS:
        if conn.execute("SELECT 1 FROM cards WHERE name = ?", (name,)).fetchone() is None:
            raise DataError(f"The Oracle cards file has no {name}: it is not a full card list.")
