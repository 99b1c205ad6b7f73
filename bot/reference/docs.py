"""Look up the Magic Tournament Rules (MTR) and Infraction Procedure Guide (IPG).

A query is, in this order of precedence:

1. a section number ("4.2", "section 4", "2.5.") or an appendix ("appendix b", "b");
2. words from a section's title ("outside assistance", "hidden card error"), or a judges'
   abbreviation of one ("gre", "hce", "rel");
3. free text: a situation ("player kept 8 cards") or a question, ranked by what each section
   says happens (bot/reference/situations.py); a weak or close best match says so
   (``DocMatch.confident``).

A query may name the other document first ("ipg 2.5" asked of the MTR): the explicit name wins.
Every failure is a friendly ``UserError``: unknown numbers list the nearest sections, and odd
input (quotes, SQL, emoji, huge pastes) is cleaned or refused, never passed to SQL as syntax.
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, cast, get_args

from rapidfuzz import fuzz, process

from bot.errors import DataMissingError, NotFoundError, UsageError
from bot.records.names import normalize_name
from bot.reference.situations import Ranking, SituationRanker, SituationTable
from bot.resources import load_toml

DocName = Literal["mtr", "ipg"]
DOC_NAMES: tuple[DocName, ...] = get_args(DocName)

MAX_QUERY_CHARS = 200
MAX_AUTOCOMPLETE = 25  # Discord's limit on autocomplete choices
MAX_CHOICE_CHARS = 100  # Discord's limit on a choice's name
MAX_SUGGESTIONS = 5
# What players and judges say -> the documents' words for it (bot/reference/situations.py).
SITUATION_TABLE = SituationTable.from_tables(load_toml("doc_search_synonyms.toml"))

IMPORT_HINT = (
    "The tournament documents have not been imported: run `rulesbot sync --from DIR` "
    "with a folder that has mtg-docs/."
)
EXAMPLES = {
    "mtr": "`mtr 4.2` or `mtr outside assistance`",
    "ipg": "`ipg 2.5` or `ipg hidden card error`",
}

# Abbreviations judges use for IPG infractions and MTR terms, expanded to words of the title so
# they keep working when a new version renumbers sections.
ALIASES: dict[str, str] = {
    "mt": "missed trigger",
    "lec": "looking at extra cards",
    "hce": "hidden card error",
    "mpe": "mulligan procedure error",
    "gre": "game rule violation",
    "grv": "game rule violation",
    "fmgs": "failure to maintain game state",
    "ftmgs": "failure to maintain game state",
    "oa": "outside assistance",
    "dlp": "decklist problem",
    "dp": "deck problem",
    "lpv": "limited procedure violation",
    "cpv": "communication policy violation",
    "usc": "unsporting conduct",
    "idw": "improperly determining a winner",
    "rel": "rules enforcement levels",
    "2hg": "two headed giant",
    "ooos": "out of order sequencing",
}

_DOC_PREFIX = re.compile(r"^(mtr|ipg)\b[\s:.\-]*", re.I)
_SECTION_WORD = re.compile(r"^(?:section|sec|rule|§)\.?\s*", re.I)
_NUMBER = re.compile(r"^(\d{1,3})(?:\.(\d{1,3}))?([a-z])?\.?$", re.I)
_APPENDIX = re.compile(r"^(?:(?:appendix|appx|app|annexe)\.?\s*)?([a-z])\.?$", re.I)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass(frozen=True)
class DocPart:
    heading: str  # "" for an MTR rule's single part
    text: str


@dataclass(frozen=True)
class DocSection:
    """A top-level section ("4"), a numbered entry ("4.2") or an appendix ("A")."""

    doc: DocName
    number: str
    title: str
    parent: str | None
    penalty: str | None
    parts: tuple[DocPart, ...]
    position: int

    @property
    def is_appendix(self) -> bool:
        return self.number.isalpha()

    @property
    def is_top_level(self) -> bool:
        return "." not in self.number and not self.is_appendix

    @property
    def label(self) -> str:
        return f"Appendix {self.number}" if self.is_appendix else self.number

    @property
    def heading(self) -> str:
        joiner = " — " if self.is_appendix else " "
        return f"{self.label}{joiner}{self.title}"

    @property
    def text(self) -> str:
        return "\n\n".join(
            f"{part.heading}\n{part.text}" if part.heading else part.text for part in self.parts
        )


@dataclass(frozen=True)
class DocInfo:
    doc: DocName
    title: str
    effective_date: str  # ISO

    @property
    def effective_label(self) -> str:
        day = dt.date.fromisoformat(self.effective_date)
        return f"{day:%B} {day.day}, {day.year}"

    @property
    def footer(self) -> str:
        return f"{self.title}, effective {self.effective_label}"


@dataclass(frozen=True)
class DocMatch:
    """The answer to a lookup: the section, how it was found, and other relevant sections."""

    section: DocSection
    matched_by: Literal["number", "title", "text"]
    also: tuple[DocSection, ...] = ()
    # False when free text matched weakly or about as well as another section: ``also`` then
    # holds the closest other matches, and no one section should be shown as the answer.
    confident: bool = True


@dataclass(frozen=True)
class DocChoice:
    """An autocomplete entry: ``name`` is shown, ``value`` is what the command receives."""

    name: str
    value: str


class DocsIndex:
    """Both tournament documents, held in memory (a few hundred kB), plus FTS5 on disk."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        documents: dict[DocName, DocInfo],
        sections: dict[DocName, list[DocSection]],
    ) -> None:
        self._conn = conn
        self._documents = documents
        self._sections = sections
        self._by_number = {
            doc: {section.number: section for section in entries}
            for doc, entries in sections.items()
        }
        self._rankers: dict[DocName, SituationRanker] = {}
        self._title_words = {
            (s.doc, s.number): _title_forms(s.title)
            for entries in sections.values()
            for s in entries
        }

    @classmethod
    def from_connection(cls, conn: sqlite3.Connection) -> DocsIndex:
        exists = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE name IN ('doc_documents', 'doc_fts')"
        ).fetchall()
        if len(exists) < 2:
            raise DataMissingError("The tournament documents are not available.", hint=IMPORT_HINT)
        documents: dict[DocName, DocInfo] = {}
        for doc, title, effective in conn.execute(
            "SELECT doc, title, effective_date FROM doc_documents"
        ):
            if doc in DOC_NAMES:
                documents[doc] = DocInfo(doc, title, effective)
        parts: dict[tuple[str, str], list[DocPart]] = {}
        for doc, number, heading, text in conn.execute(
            "SELECT doc, number, heading, text FROM doc_parts ORDER BY doc, number, position"
        ):
            parts.setdefault((doc, number), []).append(DocPart(heading, text))
        sections: dict[DocName, list[DocSection]] = {doc: [] for doc in documents}
        for doc, number, title, parent, position, penalty in conn.execute(
            "SELECT doc, number, title, parent, position, penalty FROM doc_sections "
            "ORDER BY doc, position"
        ):
            if doc in sections:
                sections[doc].append(
                    DocSection(
                        doc,
                        number,
                        title,
                        parent,
                        penalty,
                        tuple(parts.get((doc, number), ())),
                        position,
                    )
                )
        if not all(sections.get(doc) for doc in DOC_NAMES):
            raise DataMissingError("The tournament documents are incomplete.", hint=IMPORT_HINT)
        return cls(conn, documents, sections)

    # --- plain access -----------------------------------------------------------------------

    def document(self, doc: DocName) -> DocInfo:
        return self._documents[_check_doc(doc)]

    def sections(self, doc: DocName) -> tuple[DocSection, ...]:
        return tuple(self._sections[_check_doc(doc)])

    def children(self, section: DocSection) -> tuple[DocSection, ...]:
        return tuple(s for s in self._sections[section.doc] if s.parent == section.number)

    def neighbours(self, section: DocSection) -> tuple[DocSection | None, DocSection | None]:
        """The previous and next numbered entries (sections and appendices included)."""
        entries = self._sections[section.doc]
        index = entries.index(section)
        before = entries[index - 1] if index > 0 else None
        after = entries[index + 1] if index + 1 < len(entries) else None
        return before, after

    def section(self, doc: DocName, number: str) -> DocSection:
        """The section with exactly this number (``"4.2"``, ``"4"``, ``"A"``)."""
        doc = _check_doc(doc)
        found = self._by_number[doc].get(number.upper())
        if found is None:
            raise NotFoundError(
                f"The {self._documents[doc].title} has no section {number}.",
                suggestions=[f"{doc} {s.number} ({s.title})" for s in self.nearest(doc, number)],
                hint=f"Try {EXAMPLES[doc]}.",
            )
        return found

    def nearest(self, doc: DocName, number: str, limit: int = 4) -> list[DocSection]:
        """Sections numbered closest to ``number``: siblings first, else top-level sections."""
        entries = self._sections[_check_doc(doc)]
        match = _NUMBER.match(number)
        if not match:
            return [s for s in entries if s.is_appendix][:limit]
        major, minor = int(match.group(1)), int(match.group(2) or 0)
        siblings = [s for s in entries if s.parent == str(major)]
        if siblings and minor:
            siblings.sort(key=lambda s: abs(int(s.number.split(".")[1]) - minor))
            return siblings[:limit]
        tops = [s for s in entries if s.is_top_level]
        tops.sort(key=lambda s: abs(int(s.number) - major))
        return tops[:limit]

    # --- lookups ----------------------------------------------------------------------------

    def lookup(self, doc: DocName, query: str) -> DocMatch:
        """The section a query means; see the module docstring for the order of precedence."""
        doc = _check_doc(doc)
        text = clean_query(query, doc)
        named = _DOC_PREFIX.match(text)
        if named:
            doc = cast(DocName, named.group(1).lower())
            text = text[named.end() :].strip()
            if not text:
                raise UsageError(
                    f"Which part of the {self._documents[doc].title}?", hint=f"Try {EXAMPLES[doc]}."
                )
        reference = _SECTION_WORD.sub("", text)
        number = _NUMBER.match(reference)
        if number:
            wanted = str(int(number.group(1)))
            if number.group(2):
                wanted += f".{int(number.group(2))}"
            return DocMatch(self.section(doc, wanted), "number")
        appendix = _APPENDIX.match(reference)
        if appendix and appendix.group(1).upper() in self._by_number[doc]:
            return DocMatch(self.section(doc, appendix.group(1).upper()), "number")
        if appendix and (len(reference) == 1 or reference.casefold().startswith("app")):
            self.section(doc, appendix.group(1).upper())  # raises NotFoundError with suggestions
        return self._lookup_words(doc, text)

    def search(self, doc: DocName, query: str, limit: int = 5) -> list[DocSection]:
        """Free-text search: the sections a situation or question describes, best first."""
        return [cast(DocSection, r.section) for r in self.rank(doc, query, limit).ranked]

    def rank(self, doc: DocName, query: str, limit: int = 5) -> Ranking:
        """The sections a situation or question describes, scored, and how sure the best is."""
        doc = _check_doc(doc)
        text = _DOC_PREFIX.sub("", clean_query(query, doc))
        if limit <= 0:
            return Ranking(())
        ranker = self._rankers.get(doc)
        if ranker is None:
            ranker = self._rankers[doc] = SituationRanker(self._sections[doc], SITUATION_TABLE)
        return ranker.rank(text, limit)

    def autocomplete(
        self, doc: DocName, prefix: str, limit: int = MAX_AUTOCOMPLETE
    ) -> list[DocChoice]:
        """Up to ``limit`` (at most 25) sections for a partly typed query; never raises."""
        if doc not in DOC_NAMES or not isinstance(limit, int):
            return []
        limit = max(0, min(limit, MAX_AUTOCOMPLETE))
        if not isinstance(prefix, str) or len(prefix) > MAX_QUERY_CHARS or limit == 0:
            return []
        typed = _DOC_PREFIX.sub("", _CONTROL.sub("", prefix).strip())
        typed = _SECTION_WORD.sub("", typed).strip().rstrip(".")
        entries = self._sections[doc]
        if not typed:
            found = entries
        elif typed[0].isdigit():
            found = [s for s in entries if s.number.startswith(typed)]
        else:
            found = self._autocomplete_words(doc, typed)
        return [DocChoice(s.heading[:MAX_CHOICE_CHARS], s.number) for s in found[:limit]]

    # --- internals --------------------------------------------------------------------------

    def _lookup_words(self, doc: DocName, text: str) -> DocMatch:
        normalized = normalize_name(text)
        if not normalized:
            raise UsageError(
                "There are no words or numbers to look up in that query.",
                hint=f"Try {EXAMPLES[doc]}.",
            )
        expanded = ALIASES.get(normalized, normalized)
        titled = self._title_matches(doc, expanded)
        ranking = self.rank(doc, expanded, limit=MAX_SUGGESTIONS + 1)
        hits = [cast(DocSection, r.section) for r in ranking.ranked]
        if titled:
            best = titled[0]
            also = [s for s in (*titled[1:], *hits) if s != best]
            return DocMatch(best, "title", tuple(_unique(also))[:3])
        if hits:
            return DocMatch(hits[0], "text", tuple(hits[1:4]), confident=ranking.confident)
        titles = {f"{doc} {s.number} ({s.title})": s.title for s in self._sections[doc]}
        close = process.extract(expanded, titles, scorer=fuzz.WRatio, limit=MAX_SUGGESTIONS)
        raise NotFoundError(
            f"Nothing in the {self._documents[doc].title} matches “{text[:60]}”.",
            suggestions=[key for _, score, key in close if score >= 50],
            hint=f"Try a section number or words from a title, like {EXAMPLES[doc]}.",
        )

    def _title_matches(self, doc: DocName, normalized: str) -> list[DocSection]:
        """Sections whose title matches the words: whole title, phrase, then all words."""
        words = [_stem(w) for w in normalized.split()]
        phrase = " ".join(words)
        scored: list[tuple[int, int, int, DocSection]] = []
        for section in self._sections[doc]:
            forms = self._title_words[(doc, section.number)]
            if phrase in forms.wholes:
                score = 3
            elif f" {phrase} " in f" {forms.words} ":
                score = 2
            elif set(words) <= set(forms.words.split()):
                score = 1
            else:
                continue
            scored.append((-score, len(section.title), section.position, section))
        scored.sort(key=lambda item: item[:3])
        return [item[3] for item in scored]

    def _autocomplete_words(self, doc: DocName, typed: str) -> list[DocSection]:
        normalized = normalize_name(typed)
        if not normalized:
            return []
        normalized = ALIASES.get(normalized, normalized)
        *whole, last = normalized.split()
        ranked: list[tuple[int, int, DocSection]] = []
        for section in self._sections[doc]:
            label = normalize_name(section.heading).split()
            if not all(w in label for w in whole) or not any(w.startswith(last) for w in label):
                continue
            rank = 0 if normalize_name(section.title).startswith(normalized) else 1
            ranked.append((rank, section.position, section))
        ranked.sort(key=lambda item: item[:2])
        return [item[2] for item in ranked]


@dataclass(frozen=True)
class _TitleForms:
    words: str  # every word of the title, stemmed
    wholes: frozenset[str]  # the whole title, and the part after a category ("… — Slow Play")


def _title_forms(title: str) -> _TitleForms:
    def stemmed(text: str) -> str:
        return " ".join(_stem(w) for w in normalize_name(text).split())

    wholes = {stemmed(title)}
    for separator in ("—", "–"):
        if separator in title:
            wholes.add(stemmed(title.split(separator, 1)[1]))
    return _TitleForms(stemmed(title), frozenset(wholes))


def _stem(word: str) -> str:
    """Plural to singular, enough to match "shortcut" to "Tournament Shortcuts"."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def clean_query(query: object, doc: str = "mtr") -> str:
    """Validate and tidy a typed query: a string of sensible length, no control characters."""
    if not isinstance(query, str):
        raise UsageError(
            "The query must be text.", hint=f"Try {EXAMPLES.get(doc, EXAMPLES['mtr'])}."
        )
    if len(query) > MAX_QUERY_CHARS:
        raise UsageError(
            f"That query is {len(query):,} characters long; "
            f"a section lookup takes at most {MAX_QUERY_CHARS}.",
            hint=f"Try {EXAMPLES.get(doc, EXAMPLES['mtr'])}.",
        )
    text = " ".join(_CONTROL.sub(" ", unicodedata.normalize("NFKC", query)).split())
    text = text.strip(" \"'“”‘’`")
    if not text:
        raise UsageError(
            "Give a section number or some words to look up.",
            hint=f"Try {EXAMPLES.get(doc, EXAMPLES['mtr'])}.",
        )
    return text


def _check_doc(doc: object) -> DocName:
    if doc not in DOC_NAMES:
        raise UsageError(f"Unknown document {doc!r:.20}.", hint="Use `mtr` or `ipg`.")
    return doc


def _unique(sections: Iterable[DocSection]) -> list[DocSection]:
    seen: set[str] = set()
    out: list[DocSection] = []
    for section in sections:
        if section.number not in seen:
            seen.add(section.number)
            out.append(section)
    return out
