"""Import Riftbound's Core Rules (every version found), cards, errata, FAQ and Tournament Rules
into the store.

Reads ``<source_dir>/riftbound/``: ``core-rules-v*.md`` or ``.pdf`` (at least one), ``cards.json``, and
optionally ``errata.json``, ``faqs.json`` and ``tournament-rules-YYYY-MM-DD.md`` (the newest).
Tables are prefixed ``rb_``; Core Rules text is indexed with FTS5 for free-text search.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

from bot.data.pdf_text import pdf_text
from bot.data.progress import Progress
from bot.data.riftbound_cards import (
    CardGallery,
    CardNameFinder,
    RiftboundErratum,
    RiftboundFaqEntry,
    load_articles,
    load_cards,
    parse_errata,
    parse_faqs,
)
from bot.data.riftbound_rules import (
    RiftboundDocument,
    RiftboundRules,
    parse_document,
    parse_rules,
    parse_rules_text,
)
from bot.errors import DataError

FOLDER = "riftbound"
# Fewer rules than this means a truncated or wrongly converted file (v1.2 has 1,795).
MIN_RULES = 1000
# The same for the Tournament Rules (the 2026-04-29 edition has 885).
MIN_TOURNAMENT_RULES = 300
# Each imported document's key in rb_documents and rb_document_rules.
TOURNAMENT_RULES = "tournament-rules"

SCHEMA = """
CREATE TABLE IF NOT EXISTS rb_rule_versions (
    version TEXT PRIMARY KEY, updated TEXT NOT NULL, is_current INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS rb_rules (
    version TEXT NOT NULL, id TEXT NOT NULL, ord INTEGER NOT NULL, level INTEGER NOT NULL,
    kind TEXT NOT NULL, parent TEXT, text TEXT NOT NULL, PRIMARY KEY (version, id)
);
CREATE VIRTUAL TABLE IF NOT EXISTS rb_rules_fts USING fts5(
    version UNINDEXED, id UNINDEXED, text, tokenize = 'porter unicode61'
);
CREATE TABLE IF NOT EXISTS rb_cards (
    id TEXT PRIMARY KEY, ord INTEGER NOT NULL, name TEXT NOT NULL, public_code TEXT NOT NULL,
    set_name TEXT NOT NULL, set_id TEXT NOT NULL, rarity TEXT NOT NULL, domains TEXT NOT NULL,
    card_types TEXT NOT NULL, super_types TEXT NOT NULL, energy INTEGER, might INTEGER,
    power INTEGER, tags TEXT NOT NULL, ability_text TEXT NOT NULL, image_url TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rb_errata (
    id INTEGER PRIMARY KEY, card_name TEXT, listed_name TEXT NOT NULL, new_text TEXT NOT NULL,
    old_text TEXT NOT NULL, note TEXT NOT NULL, source_title TEXT NOT NULL,
    published TEXT NOT NULL, url TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rb_faqs (
    id INTEGER PRIMARY KEY, source_id TEXT NOT NULL, source_title TEXT NOT NULL,
    published TEXT NOT NULL, url TEXT NOT NULL, topic TEXT NOT NULL, question TEXT NOT NULL,
    answer TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rb_faq_cards (
    faq_id INTEGER NOT NULL, card_name TEXT NOT NULL, PRIMARY KEY (faq_id, card_name)
);
CREATE TABLE IF NOT EXISTS rb_documents (
    doc TEXT PRIMARY KEY, title TEXT NOT NULL, updated TEXT NOT NULL, source TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rb_document_rules (
    doc TEXT NOT NULL, id TEXT NOT NULL, ord INTEGER NOT NULL, level INTEGER NOT NULL,
    kind TEXT NOT NULL, parent TEXT, text TEXT NOT NULL, PRIMARY KEY (doc, id)
);
"""

_VERSION_FILE = re.compile(r"^core-rules-v(?P<version>\d+(?:\.\d+)*)\.(?:md|pdf)$")


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def name_key(name: str) -> str:
    """Loose key for matching names written differently ("Dark Child, Starter" / "- Starter")."""
    return " ".join(re.sub(r"[^\w']+", " ", name.casefold().replace("’", "'")).split())


def find_rule_files(folder: Path) -> dict[str, Path]:
    files: dict[str, Path] = {}
    # The Markdown conversion sorts before the PDF, so the official PDF wins a tie.
    for path in sorted(folder.glob("core-rules-v*.*")):
        match = _VERSION_FILE.match(path.name)
        if match:
            files[match.group("version")] = path
    return files


def read_rules_file(path: Path, version: str) -> RiftboundRules:
    """One version of the Core Rules: the official PDF, or its Markdown conversion."""
    if path.suffix == ".pdf":
        return parse_rules_text(pdf_text(path), version=version)
    return parse_rules(path.read_text(encoding="utf-8"), version=version)


def import_riftbound(
    conn: sqlite3.Connection, source_dir: Path, progress: Progress
) -> dict[str, str]:
    folder = source_dir / FOLDER
    rule_files = find_rule_files(folder)
    if not rule_files:
        raise DataError(f"{folder} holds no core-rules-v*.md or .pdf file (Riftbound Core Rules).")
    if not (folder / "cards.json").exists():
        raise DataError(f"{folder} has no cards.json (Riftbound card gallery).")
    conn.executescript(SCHEMA)
    for table in (
        "rb_rule_versions",
        "rb_rules",
        "rb_rules_fts",
        "rb_cards",
        "rb_errata",
        "rb_faqs",
        "rb_faq_cards",
        "rb_documents",
        "rb_document_rules",
    ):
        conn.execute(f"DELETE FROM {table}")  # noqa: S608 - fixed table names, no user input

    versions = sorted(rule_files, key=version_key)
    current = versions[-1]
    current_rules: RiftboundRules | None = None
    for n, version in enumerate(versions):
        progress("Riftbound rules", n, len(versions))
        rules = read_rules_file(rule_files[version], version)
        if len(rules.rules) < MIN_RULES:
            raise DataError(
                f"Riftbound Core Rules v{version} has only {len(rules.rules)} rules; "
                "the file looks truncated."
            )
        _store_rules(conn, rules, is_current=version == current)
        if version == current:
            current_rules = rules
    progress("Riftbound rules", len(versions), len(versions))
    assert current_rules is not None

    gallery = load_cards(folder / "cards.json")
    _store_cards(conn, gallery)
    progress("Riftbound cards", len(gallery.cards), len(gallery.cards))
    names = [card.name for card in gallery.cards]
    errata = _load_errata(folder)
    _store_errata(conn, errata, names)
    faqs = _load_faqs(folder, CardNameFinder(names))
    _store_faqs(conn, faqs)

    meta = {
        "riftbound_rules_versions": ",".join(versions),
        "riftbound_rules_current": f"{current} ({current_rules.updated})",
        "riftbound_cards_count": str(len(gallery.cards)),
        "riftbound_cards_updated": gallery.updated,
        "riftbound_errata_count": str(len(errata)),
        "riftbound_faq_count": str(len(faqs)),
    }
    tournament = _load_tournament_rules(folder)
    if tournament is not None:
        document, source = tournament
        _store_document(conn, TOURNAMENT_RULES, document, source)
        meta["riftbound_tournament_rules"] = f"last updated {document.updated}"
    return meta


def _store_rules(conn: sqlite3.Connection, rules: RiftboundRules, *, is_current: bool) -> None:
    conn.execute(
        "INSERT INTO rb_rule_versions (version, updated, is_current) VALUES (?, ?, ?)",
        (rules.version, rules.updated, int(is_current)),
    )
    conn.executemany(
        "INSERT INTO rb_rules (version, id, ord, level, kind, parent, text) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(rules.version, r.id, r.order, r.level, r.kind, r.parent, r.text) for r in rules.rules],
    )
    conn.executemany(
        "INSERT INTO rb_rules_fts (version, id, text) VALUES (?, ?, ?)",
        [(rules.version, r.id, r.text) for r in rules.rules],
    )


def _load_tournament_rules(folder: Path) -> tuple[RiftboundDocument, str] | None:
    """The newest ``tournament-rules-YYYY-MM-DD.md`` and its file name, or None when there is
    none (the Tournament Rules are optional)."""
    files = sorted(folder.glob("tournament-rules-*.md"))
    if not files:
        return None
    path = files[-1]
    document = parse_document(path.read_text(encoding="utf-8"), min_rules=MIN_TOURNAMENT_RULES)
    return document, path.name


def _store_document(
    conn: sqlite3.Connection, doc: str, document: RiftboundDocument, source: str
) -> None:
    conn.execute(
        "INSERT INTO rb_documents (doc, title, updated, source) VALUES (?, ?, ?, ?)",
        (doc, document.title, document.updated, source),
    )
    conn.executemany(
        "INSERT INTO rb_document_rules (doc, id, ord, level, kind, parent, text) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(doc, r.id, r.order, r.level, r.kind, r.parent, r.text) for r in document.rules],
    )


def _store_cards(conn: sqlite3.Connection, gallery: CardGallery) -> None:
    conn.executemany(
        "INSERT INTO rb_cards (id, ord, name, public_code, set_name, set_id, rarity, domains, "
        "card_types, super_types, energy, might, power, tags, ability_text, image_url) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                card.id,
                n,
                card.name,
                card.public_code,
                card.set_name,
                card.set_id,
                card.rarity,
                json.dumps(card.domains),
                json.dumps(card.card_types),
                json.dumps(card.super_types),
                card.energy,
                card.might,
                card.power,
                json.dumps(card.tags),
                card.ability_text,
                card.image_url,
            )
            for n, card in enumerate(gallery.cards)
        ],
    )


def _load_errata(folder: Path) -> list[RiftboundErratum]:
    path = folder / "errata.json"
    return parse_errata(load_articles(path)) if path.exists() else []


def _load_faqs(folder: Path, finder: CardNameFinder) -> list[RiftboundFaqEntry]:
    path = folder / "faqs.json"
    return parse_faqs(load_articles(path), finder) if path.exists() else []


def _store_errata(
    conn: sqlite3.Connection, errata: list[RiftboundErratum], names: list[str]
) -> None:
    by_key = {name_key(name): name for name in names}
    conn.executemany(
        "INSERT INTO rb_errata (card_name, listed_name, new_text, old_text, note, source_title, "
        "published, url) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                by_key.get(name_key(e.card_name)),
                e.card_name,
                e.new_text,
                e.old_text,
                e.note,
                e.source_title,
                e.published,
                e.url,
            )
            for e in errata
        ],
    )


def _store_faqs(conn: sqlite3.Connection, faqs: list[RiftboundFaqEntry]) -> None:
    for entry in faqs:
        cursor = conn.execute(
            "INSERT INTO rb_faqs (source_id, source_title, published, url, topic, question, "
            "answer) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                entry.source_id,
                entry.source_title,
                entry.published,
                entry.url,
                entry.topic,
                entry.question,
                entry.answer,
            ),
        )
        conn.executemany(
            "INSERT OR IGNORE INTO rb_faq_cards (faq_id, card_name) VALUES (?, ?)",
            [(cursor.lastrowid, name) for name in entry.card_names],
        )
