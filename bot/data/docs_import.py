"""Import the Magic Tournament Rules (MTR) and Infraction Procedure Guide (IPG).

The source is a folder of parsed sections under ``mtg-docs/`` (``parsed-YYYY-MM/``, the newest
one wins): ``<doc>_index.json`` lists the sections and names each section's file
(``section_key``); each section file holds its numbered entries (MTR ``rules`` with
``content``; IPG ``infractions`` with ``penalty``, ``definition``, ``examples``,
``philosophy``, ``additional_remedy`` and ``upgrade``).

Tables (owned here):

- ``doc_documents``: one row per document (``mtr``, ``ipg``) with its title and effective date;
- ``doc_sections``: every top-level section ("4"), numbered entry ("4.2") and appendix ("A");
- ``doc_parts``: the titled parts of an entry's text, in order (an IPG infraction's
  Definition, Examples, Philosophy...; an MTR rule has one untitled part);
- ``doc_fts``: FTS5 over titles, text and (IPG) examples, for free-text lookups ranked by bm25.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.data.doc_text import body_text, parse_document_text, split_ipg_parts
from bot.data.pdf_text import pdf_text
from bot.data.progress import Progress
from bot.errors import DataError

FOLDER = "mtg-docs"
DOCUMENTS = {"mtr": "Magic Tournament Rules", "ipg": "Infraction Procedure Guide"}
# A real document has far more than this; fewer means a truncated or failed parse.
MIN_ENTRIES = {"mtr": 60, "ipg": 25}

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS doc_documents (
        doc TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        effective_date TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS doc_sections (
        doc TEXT NOT NULL,
        number TEXT NOT NULL,
        title TEXT NOT NULL,
        parent TEXT,
        position INTEGER NOT NULL,
        penalty TEXT,
        PRIMARY KEY (doc, number)
    )""",
    """CREATE TABLE IF NOT EXISTS doc_parts (
        doc TEXT NOT NULL,
        number TEXT NOT NULL,
        position INTEGER NOT NULL,
        heading TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (doc, number, position)
    )""",
    """CREATE VIRTUAL TABLE IF NOT EXISTS doc_fts USING fts5(
        doc UNINDEXED, number UNINDEXED, title, body, examples,
        tokenize = 'porter unicode61 remove_diacritics 2'
    )""",
)

# IPG entries keep these fields, shown in this order under these headings.
IPG_PARTS = (
    ("definition", "Definition"),
    ("examples", "Examples"),
    ("philosophy", "Philosophy"),
    ("additional_remedy", "Additional Remedy"),
    ("upgrade", "Upgrade"),
)


@dataclass(frozen=True)
class DocEntry:
    number: str
    title: str
    parent: str | None
    penalty: str | None
    parts: tuple[tuple[str, str], ...]  # (heading, text)


def import_docs(conn: sqlite3.Connection, source_dir: Path, progress: Progress) -> dict[str, str]:
    """Import the MTR and IPG from ``source_dir/mtg-docs``; return their effective dates."""
    docs_dir = source_dir / FOLDER
    for statement in SCHEMA:
        conn.execute(statement)
    for table in ("doc_documents", "doc_sections", "doc_parts", "doc_fts"):
        conn.execute(f"DELETE FROM {table}")  # noqa: S608 - fixed table names, no input
    meta: dict[str, str] = {}
    for done, doc in enumerate(DOCUMENTS):
        progress("Tournament documents", done, len(DOCUMENTS))
        title, effective, entries = newest_document(docs_dir, doc)
        _store(conn, doc, title, effective, entries)
        meta[f"{doc}_effective"] = effective
    progress("Tournament documents", len(DOCUMENTS), len(DOCUMENTS))
    return meta


def newest_document(docs_dir: Path, doc: str) -> tuple[str, str, list[DocEntry]]:
    """The newest edition of ``doc`` in ``docs_dir``: parsed sections (``parsed-*/``) or the
    official PDF (or its extracted text) as Wizards publishes it, whichever is more recent
    (the parsed form on a tie: its text is cleaner)."""
    if not docs_dir.is_dir():
        raise DataError(f"{docs_dir} is not a folder.")
    files = document_files(docs_dir, doc)
    try:
        folder: Path | None = find_parsed_folder(docs_dir)
    except DataError:
        if not files:
            raise  # names what the folder should hold
        folder = None
    # A damaged parsed folder fails here, PDFs beside it or not.  max() keeps the first of
    # equals: the parsed form, listed first, wins a tie.
    parsed = [read_document(folder, doc)] if folder is not None else []
    editions = parsed + [read_document_file(path, doc) for path in files]
    return max(editions, key=lambda edition: edition[1])


def document_files(docs_dir: Path, doc: str) -> list[Path]:
    """``MTG_MTR_2025_Apr_21_EN.pdf`` (or ``.txt``) and the like, for ``doc`` "mtr"/"ipg"."""
    pattern = re.compile(rf"(?:^|[_\W]){doc}(?:[_\W]|$)", re.I)
    return sorted(
        path
        for path in docs_dir.iterdir()
        if path.is_file() and path.suffix.lower() in (".pdf", ".txt") and pattern.search(path.stem)
    )


def read_document_file(path: Path, doc: str) -> tuple[str, str, list[DocEntry]]:
    """One document from its official PDF or text: (title, ISO effective date, entries)."""
    if path.suffix.lower() == ".pdf":
        text = pdf_text(path)
    else:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise DataError(f"{path.name} is not readable UTF-8 text: {error}") from error
    parsed = parse_document_text(text, doc)
    entries: list[DocEntry] = []
    for heading, penalty, lines in parsed.bodies:
        title = tidy_title(heading.title)
        if heading.is_section:
            entries.append(DocEntry(heading.number, title, None, None, ()))
            continue
        parts = split_ipg_parts(lines) if doc == "ipg" else [("", body_text(lines))]
        kept = tuple(
            (part_heading, strip_repeated_heading(unwrap(text), title))
            for part_heading, text in parts
            if text
        )
        if kept:
            entries.append(
                DocEntry(heading.number, title, heading.parent or None, penalty or None, kept)
            )
    check_entries(entries, doc)
    return DOCUMENTS[doc], parsed.effective, entries


def check_entries(entries: list[DocEntry], doc: str) -> None:
    """Refuse a document that lost entries (a truncated file or a failed parse)."""
    if sum(1 for e in entries if e.parent is not None) < MIN_ENTRIES[doc]:
        raise DataError(f"The {DOCUMENTS[doc]} has too few entries ({len(entries)}); incomplete?")
    numbers = [e.number for e in entries]
    if len(set(numbers)) != len(numbers):
        duplicates = sorted({n for n in numbers if numbers.count(n) > 1})
        raise DataError(f"The {DOCUMENTS[doc]} numbers these twice: {', '.join(duplicates)}.")


def find_parsed_folder(docs_dir: Path) -> Path:
    """The newest ``parsed-*`` folder holding both indexes (or ``docs_dir`` itself)."""
    if not docs_dir.is_dir():
        raise DataError(f"{docs_dir} is not a folder.")
    candidates = sorted((p for p in docs_dir.glob("parsed-*") if p.is_dir()), reverse=True)
    for candidate in [*candidates, docs_dir]:
        if all((candidate / f"{doc}_index.json").is_file() for doc in DOCUMENTS):
            return candidate
    raise DataError(
        f"{docs_dir} has no parsed tournament documents "
        "(expected parsed-*/mtr_index.json and ipg_index.json)."
    )


def read_document(folder: Path, doc: str) -> tuple[str, str, list[DocEntry]]:
    """Read one document's index and sections: (title, ISO effective date, entries)."""
    index = _load_json(folder / f"{doc}_index.json")
    title = _text(index.get("title")) or DOCUMENTS[doc]
    effective = parse_effective_date(index, folder / f"{doc}_index.json")
    sections = index.get("sections")
    if not isinstance(sections, list) or not sections:
        raise DataError(f"{doc}_index.json lists no sections.")
    entries: list[DocEntry] = []
    for section in sections:
        if not isinstance(section, Mapping):
            raise DataError(f"{doc}_index.json has a malformed section entry: {section!r:.80}")
        key = _text(section.get("section_key"))
        if not re.fullmatch(r"[a-z]+_[a-z0-9_]+", key):
            raise DataError(f"{doc}_index.json has a bad section_key {key!r:.80}.")
        entries.extend(read_section(folder / f"{key}.json", doc, section))
    check_entries(entries, doc)
    return title, effective, entries


def read_section(path: Path, doc: str, listed: Mapping[str, Any]) -> Iterator[DocEntry]:
    """One section file: the section itself, then its entries (an appendix is one entry)."""
    data = _load_json(path)
    number = str(listed.get("section_number", data.get("section_number", ""))).strip()
    if not re.fullmatch(r"\d{1,2}|[A-Z]", number):
        raise DataError(f"{path.name} has a bad section number {number!r:.40}.")
    raw_entries = data.get("rules" if doc == "mtr" else "infractions")
    if not isinstance(raw_entries, list) or not raw_entries:
        raise DataError(f"{path.name} has no entries.")
    section_title = strip_number(_text(data.get("title")) or _text(listed.get("title")), number)
    if number.isalpha():
        # An appendix is a single entry numbered with its letter; keep just that entry.
        (raw,) = raw_entries[:1]
        yield _entry(raw, doc, number, parent="", path=path, fallback_title=section_title)
        return
    yield DocEntry(number, section_title, None, None, ())
    for raw in raw_entries:
        yield _entry(raw, doc, None, parent=number, path=path, fallback_title="")


def _entry(
    raw: Any, doc: str, number: str | None, *, parent: str, path: Path, fallback_title: str
) -> DocEntry:
    if not isinstance(raw, Mapping):
        raise DataError(f"{path.name} has a malformed entry: {raw!r:.80}")
    number = number or _text(raw.get("number"))
    if not re.fullmatch(r"\d{1,2}\.\d{1,2}|[A-Z]", number):
        raise DataError(f"{path.name} has an entry with a bad number {number!r:.40}.")
    if parent and not number.startswith(parent + "."):
        raise DataError(f"{path.name}: entry {number} is not in section {parent}.")
    title = tidy_title(_text(raw.get("title")) or fallback_title)
    if not title:
        raise DataError(f"{path.name}: entry {number} has no title.")
    penalty = _text(raw.get("penalty")) or None
    if doc == "ipg":
        title = strip_penalty(title, penalty)
        parts = [(heading, _field_text(raw.get(key))) for key, heading in IPG_PARTS]
        if penalty is None:
            # Section 1 and the appendices are plain text, not infractions with a definition.
            parts[0] = ("", parts[0][1])
    else:
        parts = [("", _field_text(raw.get("content")))]
    parts = [(heading, strip_repeated_heading(text, title)) for heading, text in parts]
    kept = tuple((heading, text) for heading, text in parts if text)
    if not kept:
        raise DataError(f"{path.name}: entry {number} ({title}) has no text.")
    return DocEntry(number, title, parent or None, penalty, kept)


def parse_effective_date(index: Mapping[str, Any], path: Path) -> str:
    """``"November 10, 2025"`` (or already ISO) -> ``"2025-11-10"``."""
    metadata = index.get("metadata")
    raw = _text(metadata.get("effective_date")) if isinstance(metadata, Mapping) else ""
    for pattern in ("%B %d, %Y", "%Y-%m-%d", "%d %B %Y"):
        try:
            return dt.datetime.strptime(raw, pattern).date().isoformat()
        except ValueError:
            continue
    raise DataError(f"{path.name} has no readable effective date (found {raw!r:.40}).")


def strip_number(title: str, number: str) -> str:
    """``"4. Communication"`` -> ``"Communication"``; ``"Appendix B—Time Limits"`` -> ``"Time
    Limits"``."""
    title = re.sub(rf"^{re.escape(number)}\.\s*", "", title)
    title = re.sub(rf"^appendix\s+{re.escape(number)}\s*[—–-]\s*", "", title, flags=re.I)
    return title.strip()


SMALL_WORDS = frozenset(
    {"a", "an", "and", "at", "for", "from", "in", "of", "on", "or", "the", "to"}
)


def tidy_title(title: str) -> str:
    """IPG section 1 titles are set in capitals ("BACKING UP"); show them in title case."""
    if not title.isupper():
        return title
    words = title.casefold().split()
    return " ".join(
        w if i and w in SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words)
    )


def strip_penalty(title: str, penalty: str | None) -> str:
    """The parsed IPG titles end with the penalty ("Hidden Card Error Warning"); drop it."""
    if penalty and title.casefold().endswith(" " + penalty.casefold()):
        return title[: -len(penalty)].rstrip()
    return title


def strip_repeated_heading(text: str, title: str) -> str:
    """Appendix text starts by repeating its heading ("Appendix B—Time Limits"); drop it."""
    first, _, rest = text.partition("\n")
    if _letters(title) and _letters(first).endswith(_letters(title)):
        return rest.strip()
    return text


def unwrap(text: str) -> str:
    """Rejoin lines the PDF layout wrapped mid-sentence, keeping real line breaks (lists,
    paragraphs).  A wrapped line is long and is followed by a lowercase continuation or does
    not end a sentence."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out: list[str] = []
    for line in lines:
        line = line.rstrip()
        if out and out[-1] and line and _continues(out[-1], line):
            out[-1] = f"{out[-1]} {line.lstrip()}"
        else:
            out.append(line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip()


def _continues(previous: str, line: str) -> bool:
    if len(previous) < 70 or re.match(r"\s*(?:[•\-–]|\d+[.)]|[A-Z][.)]\s)", line):
        return False
    return line[:1].islower() or not re.search(r"[.:;!?”\"')]$", previous)


def _field_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return "\n".join(unwrap(_text(item)) for item in value if _text(item))
    return unwrap(_text(value))


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.casefold())


def _load_json(path: Path) -> Any:
    if not path.is_file():
        raise DataError(f"{path} is missing.")
    try:
        with path.open(encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"{path.name} is not readable JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise DataError(f"{path.name} is not a JSON object.")
    return data


def _store(
    conn: sqlite3.Connection, doc: str, title: str, effective: str, entries: Iterable[DocEntry]
) -> None:
    conn.execute(
        "INSERT INTO doc_documents (doc, title, effective_date) VALUES (?, ?, ?)",
        (doc, title, effective),
    )
    for position, entry in enumerate(entries):
        conn.execute(
            "INSERT INTO doc_sections (doc, number, title, parent, position, penalty) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (doc, entry.number, entry.title, entry.parent, position, entry.penalty),
        )
        conn.executemany(
            "INSERT INTO doc_parts (doc, number, position, heading, text) VALUES (?, ?, ?, ?, ?)",
            [
                (doc, entry.number, i, heading, text)
                for i, (heading, text) in enumerate(entry.parts)
            ],
        )
        conn.execute(
            "INSERT INTO doc_fts (doc, number, title, body, examples) VALUES (?, ?, ?, ?, ?)",
            (
                doc,
                entry.number,
                entry.title,
                "\n".join(text for heading, text in entry.parts if heading != "Examples"),
                # Its own column: an IPG infraction is found by what happened (issue 13), and
                # its examples say what happens in the words players and judges use.
                "\n".join(text for heading, text in entry.parts if heading == "Examples"),
            ),
        )
