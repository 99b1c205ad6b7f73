"""Import every Comprehensive Rules version into the reference store.

Reads ``mtg-cr/MagicCompRules-*.txt`` (the newest is the current version) and, when present,
every ``mtg-cr/history/*.txt``.  Each version is kept whole, so later features can answer "what
did rule X say in 2009", diff versions and follow renumberings.  Free-text search (FTS5) covers
the current version's rules and glossary only.
"""

from __future__ import annotations

import datetime
import json
import re
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from bot.data.cr_links import relink_all
from bot.data.cr_parser import ParsedRules, decode_rules_text, parse_comprehensive_rules
from bot.data.progress import Progress, no_progress
from bot.errors import DataError
from bot.records.rule_numbers import rule_sort_key, sort_key_text

SCHEMA = """
CREATE TABLE IF NOT EXISTS cr_versions (
    id TEXT PRIMARY KEY,              -- effective date, YYYY-MM-DD
    is_current INTEGER NOT NULL DEFAULT 0,
    source TEXT NOT NULL,             -- file name it was read from
    rule_count INTEGER NOT NULL,
    truncated INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS cr_rules (
    version TEXT NOT NULL REFERENCES cr_versions(id),
    number TEXT NOT NULL,
    parent TEXT,
    sort_key TEXT NOT NULL,
    text TEXT NOT NULL,
    examples TEXT NOT NULL,           -- JSON list of strings
    PRIMARY KEY (version, number)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS cr_rules_by_number ON cr_rules (number, version);
CREATE TABLE IF NOT EXISTS cr_contents (
    version TEXT NOT NULL REFERENCES cr_versions(id),
    number TEXT NOT NULL,             -- "1" chapter or "115" section
    title TEXT NOT NULL,
    PRIMARY KEY (version, number)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS cr_glossary (
    version TEXT NOT NULL REFERENCES cr_versions(id),
    position INTEGER NOT NULL,
    term TEXT NOT NULL,
    definition TEXT NOT NULL,
    PRIMARY KEY (version, position)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS cr_glossary_refs (
    version TEXT NOT NULL,
    position INTEGER NOT NULL,        -- cr_glossary.position
    ordinal INTEGER NOT NULL,
    rule TEXT NOT NULL,
    PRIMARY KEY (version, position, ordinal)
) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS cr_search USING fts5(
    kind UNINDEXED,                   -- "rule" or "glossary"
    key UNINDEXED,                    -- rule number or glossary term
    title,                            -- glossary term / keyword name (weighted higher)
    body,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
"""

SEARCH_RANK = "bm25(0.0, 0.0, 4.0, 1.0)"
_TABLES = ("cr_versions", "cr_rules", "cr_contents", "cr_glossary", "cr_glossary_refs", "cr_search")
_CURRENT_GLOB = "MagicCompRules*.txt"
_DATE_IN_NAME = re.compile(r"(\d{4})-?(\d{2})-?(\d{2})")
# Sections a usable current version must have: targets, casting, resolving, keywords, SBAs.
_KEY_SECTIONS = ("115", "601", "608", "702", "704")
_MIN_CURRENT_RULES = 3000


def import_rules(
    conn: sqlite3.Connection, source_dir: Path, progress: Progress = no_progress
) -> dict[str, str]:
    """Import the current CR and its history from ``source_dir/mtg-cr``; return meta entries."""
    cr_dir = source_dir / "mtg-cr"
    current_files = sorted(cr_dir.glob(_CURRENT_GLOB))
    if not current_files:
        raise DataError(f"No Comprehensive Rules file ({_CURRENT_GLOB}) in {cr_dir}.")
    history_dir = cr_dir / "history"
    history_files = sorted(history_dir.glob("*.txt")) if history_dir.is_dir() else []
    files = [*current_files, *history_files]

    parsed: list[tuple[Path, ParsedRules]] = []
    for done, path in enumerate(files):
        progress("Parsing Comprehensive Rules", done, len(files))
        parsed.append((path, _parse_file(path)))
    progress("Parsing Comprehensive Rules", len(files), len(files))

    # The newest of the MagicCompRules files is current; history may repeat it.
    currents = [(path, rules) for path, rules in parsed if path in current_files]
    current_path, current = max(currents, key=lambda item: _version_id(*item))
    validate_current(current, current_path)

    create_schema(conn)
    _clear(conn)
    current_id = _version_id(current_path, current)
    stored = {current_id}
    with conn:
        _store_version(conn, current_id, current_path.name, current, is_current=True)
        for done, (path, rules) in enumerate(parsed):
            progress("Storing rules versions", done, len(parsed))
            version = _version_id(path, rules)
            if version in stored:
                continue
            stored.add(version)
            _store_version(conn, version, path.name, rules, is_current=False)
        _index_for_search(conn, current)
    progress("Storing rules versions", len(parsed), len(parsed))
    # Which number carries each rule in the next version (renumberings, rewordings).
    relink_all(conn, progress)
    return {
        "cr_effective_date": current_id,
        "cr_versions": str(len(stored)),
        "cr_rules_count": str(len(current.rules)),
    }


def import_rules_file(conn: sqlite3.Connection, path: Path, *, current: bool) -> str:
    """Import one CR file (tests, manual repairs); returns its version id."""
    rules = _parse_file(path)
    if current:
        validate_current(rules, path)
    create_schema(conn)
    version = _version_id(path, rules)
    # Links between versions go stale when one is replaced; call ``relink_all`` when done.
    with conn:
        for table in ("cr_rules", "cr_contents", "cr_glossary", "cr_glossary_refs"):
            conn.execute(f"DELETE FROM {table} WHERE version = ?", (version,))  # noqa: S608
        conn.execute("DELETE FROM cr_versions WHERE id = ?", (version,))
        if current:
            conn.execute("UPDATE cr_versions SET is_current = 0")
            conn.execute("DELETE FROM cr_search")
        _store_version(conn, version, path.name, rules, is_current=current)
        if current:
            _index_for_search(conn, rules)
    return version


def create_schema(conn: sqlite3.Connection) -> None:
    conn.executescript(SCHEMA)


def validate_current(rules: ParsedRules, path: Path) -> None:
    """Refuse a current version that could not answer rules questions properly."""
    if len(rules.rules) < _MIN_CURRENT_RULES:
        raise DataError(
            f"{path.name} has only {len(rules.rules)} numbered rules; a current Comprehensive "
            f"Rules file has at least {_MIN_CURRENT_RULES}."
        )
    sections = {entry.number for entry in rules.contents}
    missing = [number for number in _KEY_SECTIONS if number not in sections]
    if missing:
        raise DataError(f"{path.name} lacks the sections {', '.join(missing)}.")
    if not rules.glossary or rules.truncated:
        raise DataError(f"{path.name} has no complete glossary; the file looks cut short.")
    if rules.effective_date is None:
        raise DataError(f"{path.name} does not say when it is effective.")


# Two versions published with one rule out of order exist (2008-10-01, 2010-06-18).
_MAX_OUT_OF_ORDER = 2


_TOC_SECTION = re.compile(r"^(\d{3})\.\s+\S", re.MULTILINE)
_BODY_START = re.compile(r"^100\.1\.?\s", re.MULTILINE)


def listed_sections(text: str) -> list[str]:
    """The sections the file's own table of contents lists ("Contents" ... before rule 100.1)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    start = text.find("\nContents")
    body = _BODY_START.search(text)
    if start < 0 or body is None or body.start() < start:
        return []
    return _TOC_SECTION.findall(text, start, body.start())


def validate_structure(rules: ParsedRules, text: str, path: Path) -> None:
    """Refuse a file with whole sections missing or shuffled (a damaged or cut copy).

    Every section the file's table of contents lists must have numbered rules, except a
    chapter's opening "General" heading (600 has none in most versions), and rules come in
    order.  Every published version since 2003 passes.
    """
    with_rules = {rule.number.split(".", 1)[0] for rule in rules.rules if "." in rule.number}
    empty = [
        number
        for number in listed_sections(text)
        if not number.endswith("00") and number not in with_rules
    ]
    if empty:
        shown = ", ".join(empty[:6]) + (" …" if len(empty) > 6 else "")
        raise DataError(
            f"{path.name} lists {len(empty)} section(s) in its contents that have no rules "
            f"({shown}): the file is damaged or cut."
        )
    keys = [rule_sort_key(rule.number) for rule in rules.rules]
    disorder = [rules.rules[i].number for i in range(1, len(keys)) if keys[i] < keys[i - 1]]
    if len(disorder) > _MAX_OUT_OF_ORDER:
        raise DataError(
            f"{path.name} has {len(disorder)} rules out of order (first {disorder[0]}): the "
            "file is damaged."
        )


def _parse_file(path: Path) -> ParsedRules:
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise DataError(f"Could not read {path}: {error}") from error
    try:
        rules = parse_comprehensive_rules(raw)
    except DataError as error:
        raise DataError(f"{path.name}: {error}") from error
    validate_structure(rules, decode_rules_text(raw), path)
    return rules


def _version_id(path: Path, rules: ParsedRules) -> str:
    """The date the text says it takes effect; the file name's date when it says none.

    The stated date wins because some archived files are misnamed (``2006-06-01.txt`` is the
    June 1, 2004 text).
    """
    if rules.effective_date is not None:
        return rules.effective_date.isoformat()
    match = _DATE_IN_NAME.search(path.stem)
    if match is not None:
        try:
            return datetime.date(*(int(part) for part in match.groups())).isoformat()
        except ValueError:
            pass
    raise DataError(f"{path.name}: no effective date in the text or the file name.")


def _clear(conn: sqlite3.Connection) -> None:
    with conn:
        for table in _TABLES:
            conn.execute(f"DELETE FROM {table}")  # noqa: S608 - fixed table names


def _store_version(
    conn: sqlite3.Connection, version: str, source: str, rules: ParsedRules, *, is_current: bool
) -> None:
    conn.execute(
        "INSERT INTO cr_versions (id, is_current, source, rule_count, truncated) "
        "VALUES (?, ?, ?, ?, ?)",
        (version, int(is_current), source, len(rules.rules), int(rules.truncated)),
    )
    conn.executemany(
        "INSERT INTO cr_rules (version, number, parent, sort_key, text, examples) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (
            (
                version,
                rule.number,
                rule.parent,
                sort_key_text(rule.number),
                rule.text,
                json.dumps(list(rule.examples), ensure_ascii=False),
            )
            for rule in rules.rules
        ),
    )
    conn.executemany(
        "INSERT OR IGNORE INTO cr_contents (version, number, title) VALUES (?, ?, ?)",
        ((version, entry.number, entry.title) for entry in rules.contents),
    )
    conn.executemany(
        "INSERT INTO cr_glossary (version, position, term, definition) VALUES (?, ?, ?, ?)",
        ((version, position, e.term, e.definition) for position, e in enumerate(rules.glossary)),
    )
    conn.executemany(
        "INSERT INTO cr_glossary_refs (version, position, ordinal, rule) VALUES (?, ?, ?, ?)",
        _glossary_refs(version, rules),
    )


def _glossary_refs(version: str, rules: ParsedRules) -> Iterable[tuple[str, int, int, str]]:
    for position, entry in enumerate(rules.glossary):
        for ordinal, ref in enumerate(entry.rule_refs):
            yield version, position, ordinal, ref


def _index_for_search(conn: sqlite3.Connection, rules: ParsedRules) -> None:
    titles = {entry.number: entry.title for entry in rules.contents}
    rows: list[tuple[str, str, str, str]] = []
    for rule in rules.rules:
        # A keyword's own rule ("702.11. Hexproof") carries its name as the title.
        title = rule.text if rule.parent in {"701", "702"} else titles.get(rule.number, "")
        body = "\n".join((rule.text, *rule.examples))
        rows.append(("rule", rule.number, title, body))
    rows.extend(("glossary", e.term, e.term, e.definition) for e in rules.glossary)
    conn.executemany("INSERT INTO cr_search (kind, key, title, body) VALUES (?, ?, ?, ?)", rows)
    # ORDER BY rank lets FTS5 rank inside the index; titles (keyword and glossary names) weigh
    # four times the body.
    conn.execute("INSERT INTO cr_search (cr_search, rank) VALUES ('rank', ?)", (SEARCH_RANK,))
