"""Look up the Comprehensive Rules: by number, section, chapter, glossary term, slang or free text.

``RuleIndex`` reads the tables written by ``bot.data.cr_import``.  A version's rules (~3k rows)
are loaded into dictionaries the first time that version is asked for, so a number lookup is a
few dictionary reads; free-text search goes to the FTS5 index, which covers the current version.
"""

from __future__ import annotations

import bisect
import json
import re
import sqlite3
import threading
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from bot.errors import DataMissingError, NotFoundError, UsageError
from bot.records.rule_numbers import (
    kind_of,
    mistyped_rule_number,
    normalize_rule_number,
    parent_number,
    rule_sort_key,
)
from bot.reference.questions import ASKS_ABOUT, QUESTION_PREFIX
from bot.reference.rule_ranking import Ranked, RuleRanker, words_of
from bot.reference.store import IMPORT_HINT, imported_rows
from bot.resources import load_toml, rules_data_file

ALIASES_FILE = "rule_aliases.toml"
SYNONYMS_FILE = "rule_search_synonyms.toml"
# Questions each rule answers, in players' words: ``rule<TAB>question`` (question_index.py).
WRITTEN_QUESTIONS_FILE = "rule_questions.tsv"
MAX_QUERY = 500
MAX_LABEL = 100  # Discord's limit for an autocomplete choice
MAX_TERM_RULES = 30
SEARCH_LIMIT = 8
# How much the rules under the one a question is about ("how does ward work": 702.21's
# subrules) gain over rules that merely mention the subject.
SUBJECT_RULES_BOOST = 3.0
FORMS_HINT = (
    "Ask for a rule number (115.7a, CR 702.11), a section (115), a term (hexproof, any target) "
    "or a question in words (can I change the target of a spell)."
)


# "can I respond to a mana ability", "can a tapped creature block": a question whether something
# may be done, answered by a rule that says what can, can't or may be done.
_ASKS_PERMISSION = re.compile(
    r"^(?:can|could|may|is it possible)\b|\bcan (?:i|a|an|you|my|the|one|players?)\b"
)

# "step 2 of casting", "the third step of casting a spell", "casting step 4": CR 601.2 lists
# casting's steps as 601.2a, 601.2b, ... (a structural question maps to its rule number).
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
    "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
    "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "8th": 8, "9th": 9,
}  # fmt: skip
_STEP = r"(?P<step>[1-9]|" + "|".join(_ORDINALS) + ")"
_CASTING_STEP = re.compile(
    rf"\b(?:(?:the )?{_STEP} step (?:of|in|when) (?:casting|cast)|"
    rf"step {_STEP.replace('step>', 'number>')} (?:of|in|when) (?:casting|cast)|"
    rf"casting(?: a spell)? step {_STEP.replace('step>', 'last>')})\b"
)


def _casting_step(key: str) -> str | None:
    """``601.2b`` for "step 2 of casting"; None when the question names no casting step."""
    match = _CASTING_STEP.search(key)
    if match is None:
        return None
    word = next(g for g in match.groups() if g)
    number = int(word) if word.isdigit() else _ORDINALS[word]
    return f"601.2{chr(ord('a') + number - 1)}"


# Words that carry no rules meaning in a question; dropping them lets bm25 rank on the rest.
_STOP_WORD_TEXT = """a about after again all also am an and any are as at be been before being but by
    can cant could did do does doesnt dont during for from get gets got had has have having he her
    his how i if im in into is isnt it its ive just me might my no not of on or our out rule
    rules she should so some than that thats the their them then there these they this those to
    up us was we were what whats when where which while who whom why will with would wouldnt
    you your youre s t"""
STOP_WORDS = frozenset(_STOP_WORD_TEXT.split())
_WORD = re.compile(r"[^\W_]+")


# --- answers -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleEntry:
    """One numbered rule (or a section/chapter reference, whose text is its title)."""

    number: str
    text: str
    examples: tuple[str, ...] = ()


@dataclass(frozen=True)
class RuleAnswer:
    """A rule or subrule, with its subrules (``115.7`` -> ``115.7a`` ... ``115.7f``)."""

    rule: RuleEntry
    subrules: tuple[RuleEntry, ...]
    section: RuleEntry  # the section it belongs to ("115", "Targets")
    version: str


@dataclass(frozen=True)
class SectionAnswer:
    """A section (``115. Targets``) and its rules, without their subrules."""

    number: str
    title: str
    rules: tuple[RuleEntry, ...]
    version: str


@dataclass(frozen=True)
class ChapterAnswer:
    """A chapter (``1. Game Concepts``) and its sections."""

    number: str
    title: str
    sections: tuple[RuleEntry, ...]
    version: str


@dataclass(frozen=True)
class TermAnswer:
    """A glossary entry, keyword or slang term, with the rules it points to."""

    term: str
    definition: str
    source: str  # "glossary", "keyword", "alias" (slang) or "interaction"
    rules: tuple[RuleEntry, ...]
    version: str


@dataclass(frozen=True)
class SearchHit:
    kind: str  # "rule" or "glossary"
    key: str  # rule number or glossary term
    title: str  # section title of a rule, or the glossary term
    snippet: str  # an excerpt around the first matching word
    text: str  # the full rule text or definition


@dataclass(frozen=True)
class SearchAnswer:
    query: str
    hits: tuple[SearchHit, ...]
    version: str


RuleResult = RuleAnswer | SectionAnswer | ChapterAnswer | TermAnswer | SearchAnswer


# --- slang -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Alias:
    names: tuple[str, ...]
    rules: tuple[str, ...]
    note: str
    search: str
    # "slang" (a word judges hear) or "interaction" (two keywords whose meeting the rules
    # settle, "deathtouch and trample"); answers say which.
    kind: str = "slang"
    # Slang the rules never use says which rules a longer question is about ("fizzle")...
    # unless it only abbreviates the rules' own words: "until eot" is "until end of turn".
    pinned_in_questions: bool = True


def load_aliases(path: Path | None = None) -> tuple[Alias, ...]:
    """The slang table in ``rules_data/rule_aliases.toml`` (or ``path``)."""
    path = path or rules_data_file(ALIASES_FILE)
    with path.open("rb") as handle:
        table = tomllib.load(handle)
    return tuple(
        Alias(
            names=tuple(entry["names"]),
            rules=tuple(entry["rules"]),
            note=entry.get("note", ""),
            search=entry.get("search", ""),
            kind=entry.get("kind", "slang"),
            pinned_in_questions=entry.get("pinned_in_questions", True),
        )
        for entry in table.get("alias", [])
    )


def term_key(text: str) -> str:
    """``"State-Based Actions"`` -> ``"state based actions"``: case and punctuation ignored."""
    text = text.lower().replace("’", "'").replace("'", "")
    return " ".join(_WORD.findall(text))


# The glossary names some things with a head noun players leave out: "upkeep" is the "Upkeep
# Step", "timestamp" the "Timestamp Order", "treasure" the "Treasure Token", "main" the "Main
# Phase".  Tried in this order after the words as typed find nothing.
_TERM_HEADS = ("step", "phase", "token", "counter", "order")


def _singular_forms(key: str) -> list[str]:
    """``targets`` -> ``target``; ``abilities`` -> ``ability``; ``mana values`` -> ``mana value``."""
    forms = []
    if key.endswith("ies"):
        forms.append(key[:-3] + "y")
    if key.endswith("es"):
        forms.append(key[:-2])
    if key.endswith("s"):
        forms.append(key[:-1])
    return forms


# --- one version's data ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Term:
    term: str
    definition: str
    source: str
    refs: tuple[str, ...]


class _VersionData:
    """Every rule, heading and glossary entry of one CR version, in dictionaries."""

    def __init__(
        self, conn: sqlite3.Connection, version: str, *, with_written: bool = False
    ) -> None:
        self.version = version
        self.rules: dict[str, RuleEntry] = {}
        self.children: dict[str, list[str]] = {}
        rows = conn.execute(
            "SELECT number, parent, text, examples FROM cr_rules WHERE version = ? "
            "ORDER BY sort_key",
            (version,),
        ).fetchall()
        for number, parent, text, examples in rows:
            self.rules[number] = RuleEntry(
                number, text, tuple(json.loads(examples)) if examples != "[]" else ()
            )
            self.children.setdefault(parent or "", []).append(number)
        self.headings: dict[str, str] = dict(
            conn.execute("SELECT number, title FROM cr_contents WHERE version = ?", (version,))
        )
        # Keyword and keyword-action rules are titled by a short text ("702.26 Phasing"):
        # "how does phasing work" is answered by the whole rule (issue 13).
        self.titles: dict[str, str] = {
            term_key(entry.text): number
            for number, entry in self.rules.items()
            if re.fullmatch(r"70[12]\.\d+", number) and len(entry.text.split()) <= 4
        }
        # "what is an emblem": a section titled with the thing ("114. Emblems") opens with the
        # rule that says what it is (114.1).
        self.section_openers: dict[str, str] = {}
        for number, title in self.headings.items():
            if re.fullmatch(r"\d{3}", number) and f"{number}.1" in self.rules:
                key = term_key(title)
                for form in (key, *_singular_forms(key)):
                    self.section_openers.setdefault(form, f"{number}.1")
        # The same by stems: "how does regeneration work" asks about 701.19 "Regenerate".
        self.subjects: dict[str, str] = {}
        for table in (self.titles, self.section_openers):
            for key, number in table.items():
                self.subjects.setdefault(" ".join(words_of(key)), number)
        for number in sorted(self.headings, key=rule_sort_key):
            parent = parent_number(number)
            if parent is not None:
                self.children.setdefault(parent, []).append(number)
        # Every number that exists, in document order, for "nearest rule" suggestions.
        self.ordered = sorted([*self.rules, *self.headings], key=rule_sort_key)
        self.ordered_keys = [rule_sort_key(number) for number in self.ordered]
        self._glossary: list[tuple[str, str, tuple[str, ...]]] = []
        self.terms = self._load_terms(conn)
        self._ranker: RuleRanker | None = None
        self._ranker_lock = threading.Lock()
        # The written questions are read when the ranking is built (its thread, ~17 ms); the
        # texts of the CR they were written for, if another, here, on the caller's thread.
        self._with_written = with_written
        self._written_then: dict[str, str] = {}
        written_for = written_questions_version() if with_written else self.version
        if written_for != self.version:
            self._written_then = dict(
                conn.execute(
                    "SELECT number, text FROM cr_rules WHERE version = ?", (written_for,)
                ).fetchall()
            )

    def _written(self) -> tuple[tuple[str, str], ...]:
        if not self._with_written:
            return ()
        written = load_written_questions()
        if written.version == self.version:
            return written.pairs
        now = {number: entry.text for number, entry in self.rules.items()}
        return still_answered(written, now, self._written_then)

    @property
    def ranker(self) -> RuleRanker:
        """The free-text ranking over this version, built on the first question (~0.2 s)."""
        if self._ranker is None:
            with self._ranker_lock:
                if self._ranker is None:
                    self._ranker = RuleRanker.build(
                        {n: (r.text, r.examples) for n, r in self.rules.items()},
                        self.headings,
                        self._glossary,
                        self._written(),
                    )
        return self._ranker

    def forget_ranker(self) -> None:
        with self._ranker_lock:
            self._ranker = None

    def _load_terms(self, conn: sqlite3.Connection) -> dict[str, _Term]:
        refs: dict[int, list[str]] = {}
        for position, rule in conn.execute(
            "SELECT position, rule FROM cr_glossary_refs WHERE version = ? "
            "ORDER BY position, ordinal",
            (self.version,),
        ):
            refs.setdefault(position, []).append(rule)
        terms: dict[str, _Term] = {}
        glossary = conn.execute(
            "SELECT position, term, definition FROM cr_glossary WHERE version = ? "
            "ORDER BY position",
            (self.version,),
        ).fetchall()
        for position, term, definition in glossary:
            entry = _Term(term, definition, "glossary", tuple(refs.get(position, ())))
            terms.setdefault(term_key(term), entry)
            self._glossary.append((term, definition, entry.refs))
        # "You, Your" is found as "you" and as "your" too, unless those are terms themselves.
        for position, term, definition in glossary:
            if "," in term:
                for part in term.split(","):
                    entry = _Term(term, definition, "glossary", tuple(refs.get(position, ())))
                    terms.setdefault(term_key(part), entry)
        # Keyword abilities and actions (CR 701, 702) are rules whose text is just their name.
        for parent in ("701", "702"):
            for number in self.children.get(parent, []):
                rule = self.rules.get(number)
                if rule is not None and len(rule.text) <= 40 and "." not in rule.text:
                    terms.setdefault(
                        term_key(rule.text), _Term(rule.text, "", "keyword", (number,))
                    )
        return terms

    def nearest(self, number: str, count: int = 3) -> list[str]:
        """Existing numbers around where ``number`` would be, closest in the same family first."""
        at = bisect.bisect_left(self.ordered_keys, rule_sort_key(number))
        window = self.ordered[max(at - count, 0) : at + count]
        parent = parent_number(number)
        window.sort(key=lambda n: (parent_number(n) != parent, abs(self.ordered.index(n) - at)))
        return window[:count]

    @cached_property
    def vocabulary(self) -> frozenset[str]:
        """Every word this version's rules, headings and glossary use, lower-cased as typed
        (no stemming): "main" is there (main phase), "regard" is not ("regardless" is)."""
        texts = [
            *(rule.text for rule in self.rules.values()),
            *self.headings.values(),
            *(f"{term} {definition}" for term, definition, _ in self._glossary),
        ]
        return frozenset(word for text in texts for word in _WORD.findall(text.lower()))

    def entry(self, number: str) -> RuleEntry | None:
        rule = self.rules.get(number)
        if rule is not None:
            return rule
        title = self.headings.get(number)
        return RuleEntry(number, title) if title is not None else None


# --- the index -------------------------------------------------------------------------------


class RuleIndex:
    """The Comprehensive Rules in every imported version; the current one by default."""

    def __init__(self, conn: sqlite3.Connection, current: str, versions: tuple[str, ...]) -> None:
        self._conn = conn
        self.current_version = current
        self.versions = versions
        self._data: dict[str, _VersionData] = {}
        self._lock = threading.Lock()

    @classmethod
    def from_connection(cls, conn: sqlite3.Connection) -> RuleIndex:
        rows = imported_rows(
            conn,
            "SELECT id, is_current FROM cr_versions ORDER BY id",
            "The Comprehensive Rules have not been imported yet.",
        )
        current = [row[0] for row in rows if row[1]]
        if not current:
            raise DataMissingError(
                "The Comprehensive Rules have not been imported yet.", hint=IMPORT_HINT
            )
        return cls(conn, current[-1], tuple(row[0] for row in rows))

    # -- versions --

    def _version(self, version: str | None) -> _VersionData:
        version = version or self.current_version
        data = self._data.get(version)
        if data is not None:
            return data
        if version not in self.versions:
            at = bisect.bisect_left(self.versions, version)
            raise NotFoundError(
                f"There is no Comprehensive Rules version {version[:20]!r}.",
                suggestions=self.versions[max(at - 1, 0) : at + 1],
                hint="Versions are named by their effective date, YYYY-MM-DD.",
            )
        with self._lock:
            data = self._data.get(version)
            if data is None:
                # Free-text search covers the current version only.
                data = _VersionData(
                    self._conn, version, with_written=version == self.current_version
                )
                self._data[version] = data
        return data

    def version_in_effect(self, date: str) -> str | None:
        """The version in force on ``date`` (YYYY-MM-DD), or None before the first one."""
        at = bisect.bisect_right(self.versions, date)
        return self.versions[at - 1] if at else None

    def rule(self, number: str, version: str | None = None) -> RuleEntry | None:
        """One rule, section or chapter by exact number in a version (current by default)."""
        normalized = normalize_rule_number(number)
        return self._version(version).entry(normalized) if normalized else None

    def nearest(self, number: str, version: str | None = None, count: int = 3) -> list[str]:
        """Numbers that exist in a version around where ``number`` would be."""
        return self._version(version).nearest(number, count)

    def uses_word(self, word: str, version: str | None = None) -> bool:
        """Whether the rules' own text uses ``word`` as typed (case ignored, no stemming)."""
        return word.lower() in self._version(version).vocabulary

    def children(self, number: str, version: str | None = None) -> list[RuleEntry]:
        data = self._version(version)
        return [e for n in data.children.get(number, []) if (e := data.entry(n)) is not None]

    # -- lookups --

    def lookup(self, query: str, version: str | None = None) -> RuleResult:
        """Answer a number, section, chapter, term, slang word or free-text question."""
        text = _clean_query(query)
        data = self._version(version)
        number = normalize_rule_number(text)
        if number is not None:
            return self._by_number(data, number)
        typed_over = mistyped_rule_number(text)
        if typed_over is not None:
            # "702.19cc" is a rule number mistyped, not words to search for.
            # The number typed, else its parent ("702.19x1" -> 702.19), then its neighbours.
            meant = [n for n in (typed_over, parent_number(typed_over)) if n and data.entry(n)]
            nearby = [n for n in data.nearest(typed_over) if n not in meant[:1]]
            raise NotFoundError(
                f"There is no rule {text.strip()[:20]} in the Comprehensive Rules effective "
                f"{data.version}.",
                suggestions=[*meant[:1], *nearby][:3],
                hint=FORMS_HINT,
            )
        term = self._term(data, text)
        if term is not None:
            return term
        return self.search(text, version=version)

    def _by_number(self, data: _VersionData, number: str) -> RuleResult:
        kind = kind_of(number)
        if kind == "chapter" and number in data.headings:
            return ChapterAnswer(
                number,
                data.headings[number],
                tuple(self.children(number, data.version)),
                data.version,
            )
        if kind == "section" and number in data.headings:
            return SectionAnswer(
                number,
                data.headings[number],
                tuple(self.children(number, data.version)),
                data.version,
            )
        rule = data.rules.get(number)
        if rule is None:
            raise NotFoundError(
                f"There is no rule {number} in the Comprehensive Rules effective {data.version}.",
                suggestions=data.nearest(number),
                hint=FORMS_HINT,
            )
        section_number = number.split(".")[0]
        section = RuleEntry(section_number, data.headings.get(section_number, ""))
        subrules = tuple(data.rules[n] for n in data.children.get(number, []) if n in data.rules)
        return RuleAnswer(rule, subrules, section, data.version)

    def term(self, query: str, version: str | None = None) -> TermAnswer | None:
        """The glossary term, keyword or slang word ``query`` names, without searching."""
        return self._term(self._version(version), _clean_query(query))

    def _term(self, data: _VersionData, text: str) -> TermAnswer | None:
        key = term_key(QUESTION_PREFIX.sub("", text).rstrip("?"))
        if not key:
            return None
        for candidate in (key, *_singular_forms(key)):
            found = data.terms.get(candidate)
            if found is not None:
                return self._term_answer(data, found)
            alias = self._aliases_by_name.get(candidate)
            if alias is not None:
                return TermAnswer(
                    term=text.strip(),
                    definition=alias.note,
                    source="interaction" if alias.kind == "interaction" else "alias",
                    rules=tuple(self._expand_refs(data, alias.rules)),
                    version=data.version,
                )
        for candidate in (key, *_singular_forms(key)):
            for head in _TERM_HEADS:
                found = data.terms.get(f"{candidate} {head}")
                if found is not None and found.source == "glossary":
                    return self._term_answer(data, found)
        return None

    def _term_answer(self, data: _VersionData, term: _Term) -> TermAnswer:
        seen = _SEE_ALSO.fullmatch(term.definition.strip())
        target = data.terms.get(term_key(seen.group(1))) if seen is not None else None
        if target is not None and target is not term and not term.refs:
            # "Range of Influence: See Limited Range of Influence." says nothing by itself: the
            # answer is the entry it points to, led by the pointer (QA 26 M4).
            return TermAnswer(
                term.term,
                f"{term.definition.strip()}\n{target.term}: {target.definition}",
                term.source,
                tuple(self._expand_refs(data, target.refs)),
                data.version,
            )
        return TermAnswer(
            term.term,
            term.definition,
            term.source,
            tuple(self._expand_refs(data, term.refs)),
            data.version,
        )

    def _expand_refs(self, data: _VersionData, refs: Iterable[str]) -> list[RuleEntry]:
        """Each referenced rule with its subrules; a section with its rules; a chapter alone."""
        shown: list[RuleEntry] = []
        seen: set[str] = set()
        for ref in refs:
            entry = data.entry(ref)
            if entry is None or ref in seen:
                continue
            family = [entry]
            if kind_of(ref) in ("rule", "section"):
                family += [e for n in data.children.get(ref, []) if (e := data.entry(n))]
            for item in family:
                if item.number not in seen and len(shown) < MAX_TERM_RULES:
                    seen.add(item.number)
                    shown.append(item)
        return shown

    # -- free text --

    def build_search_index(
        self, *, background: bool = False, rebuild: bool = False
    ) -> threading.Thread | None:
        """Build the free-text ranking of the current rules now, or (``background``) on a
        thread, so the first question in words doesn't wait for it (~1.3 s).  Returns the
        thread, if one was started.  ``rebuild``: build it again (bench/fit_rule_ranking.py
        after changing a weight read at build time)."""
        data = self._version(None)  # read from SQLite here, on the caller's thread
        if rebuild:
            data.forget_ranker()
        if background:
            thread = threading.Thread(target=lambda: data.ranker, name="rules-ranking", daemon=True)
            thread.start()
            return thread
        data.ranker  # noqa: B018 - built on first access
        return None

    def search_ranking(self) -> RuleRanker:
        """The free-text ranking of the current rules (built on first use)."""
        return self._version(None).ranker

    def search(
        self, text: str, version: str | None = None, limit: int = SEARCH_LIMIT
    ) -> SearchAnswer:
        """Rank the current rules and glossary against ``text`` (FTS5 bm25, stop words dropped)."""
        text = _clean_query(text)
        data = self._version(version)
        if data.version != self.current_version:
            raise UsageError(
                f"Free-text search covers the current rules ({self.current_version}) only.",
                hint="Look up a rule number in an older version instead.",
            )
        asked_as = text
        text = data.ranker.respelled(text)  # "tramle" -> "trample"
        words = [w for w in _WORD.findall(term_key(text)) if len(w) <= 40]
        meaningful = [w for w in words if w not in STOP_WORDS] or words
        stems = words_of(text)
        if not stems:
            why = (
                f"{', '.join(repr(w) for w in dict.fromkeys(words[:5]))} "
                f"{'is' if len(set(words)) == 1 else 'are'} too common to search by"
                if words
                else "there are no words in it"
            )
            raise UsageError(
                f"There is nothing to search for in that text: {why}.", hint=FORMS_HINT
            )
        pinned: list[str] = []
        extra: list[str] = []
        boosts: dict[str, float] = {}
        padded = f" {' '.join(words)} "
        for alias in self._aliases:
            named = [n for n in alias.names if f" {term_key(n)} " in padded]
            if not named:
                continue
            name_words = words_of(max(named, key=len))
            covered = len(name_words) / len(stems)
            if covered >= 1 or (
                alias.pinned_in_questions and not any(data.ranker.knows(w) for w in name_words)
            ):
                # The question is the slang word itself, or slang the rules never use
                # ("fizzle", "ETB"): it says exactly which rules the question is about.
                pinned.extend(alias.rules)
            else:
                # Slang inside a longer question says what it is about, but the question's
                # other words decide which of the slang's rules answers it ("stack" in "does
                # playing a land use the stack" must not put 405.1 first).
                extra.extend(words_of(alias.search))
                for number in alias.rules:
                    boosts[number] = max(boosts.get(number, 1.0), 1 + covered)
        for said, written in self._synonyms.items():
            if f" {said} " in padded:
                extra.extend(words_of(written))
        asked = ASKS_ABOUT.fullmatch(term_key(text))
        subject_stems: list[str] = []
        if asked is not None:
            subject = term_key(next(g for g in asked.groups() if g))
            subject_stems = words_of(subject)
            titled = (
                data.titles.get(subject)
                or data.section_openers.get(subject)
                # By stems only when every word counts: "any target" is not "target".
                or (
                    data.subjects.get(" ".join(subject_stems))
                    if len(subject_stems) == len(subject.split())
                    else None
                )
            )
            if titled is not None:
                pinned.insert(0, titled)
                # "how does ward work": the rest of the answer is ward's own rules (702.21a-d),
                # not rules that merely mention ward.
                for child in data.children.get(titled, []):
                    boosts[child] = max(boosts.get(child, 1.0), SUBJECT_RULES_BOOST)
        step = _casting_step(term_key(text))
        if step is not None and step in data.rules:
            pinned.insert(0, step)
        ranked = data.ranker.rank(
            stems,
            extra,
            boosts,
            limit=limit + len(pinned),
            asks_permission=_ASKS_PERMISSION.search(term_key(text)) is not None,
            subject=subject_stems,
        )
        hits = self._hits(data, " ".join(meaningful), meaningful, pinned, ranked)
        if not hits:
            raise NotFoundError(
                f"Nothing in the Comprehensive Rules matches {text[:60]!r}.", hint=FORMS_HINT
            )
        return SearchAnswer(asked_as, tuple(hits[:limit]), data.version)

    def _hits(
        self,
        data: _VersionData,
        asked: str,
        terms: list[str],
        pinned: list[str],
        ranked: list[Ranked],
    ) -> list[SearchHit]:
        highlight = _highlighter(terms)
        hits: list[SearchHit] = []
        for number in pinned:
            rule = data.rules.get(number)
            if rule is not None:
                hits.append(self._rule_hit(data, number, _opening))
        term = data.terms.get(asked)
        if term is not None and term.source == "glossary":
            # The question is the term itself: its definition answers it, after
            # the rule the question's form points to.
            hits.append(
                SearchHit(
                    "glossary", term.term, term.term, highlight(term.definition), term.definition
                )
            )
        for found in ranked:
            if found.kind == "glossary":
                glossary = data.terms.get(term_key(found.key))
                text = glossary.definition if glossary else ""
                hits.append(SearchHit("glossary", found.key, found.key, highlight(text), text))
                continue
            if found.key in data.rules:
                hits.append(self._rule_hit(data, found.key, highlight))
        unique: list[SearchHit] = []
        seen: set[tuple[str, str]] = set()
        for hit in hits:
            if (hit.kind, hit.key) not in seen:
                seen.add((hit.kind, hit.key))
                unique.append(hit)
        return unique

    @staticmethod
    def _rule_hit(data: _VersionData, number: str, excerpt: Callable[[str], str]) -> SearchHit:
        """A rule as a search result.  A rule that is only a title ("702.62 Suspend") says
        nothing by itself: it is shown as its first subrule, the one that defines it
        ("702.62a Suspend is a keyword that ..."), titled "Keyword Abilities: Suspend"."""
        rule = data.rules[number]
        section = data.headings.get(number.split(".")[0], "")
        first = next(iter(data.children.get(number, ())), None)
        if first in data.rules and _is_title(rule.text):
            defined = data.rules[first]
            title = f"{section}: {rule.text}" if section else rule.text
            return SearchHit("rule", first, title, excerpt(defined.text), defined.text)
        # A subrule of a titled rule ("702.19c" under "702.19 Trample") is labelled the same
        # way as the titled rule's own hit, so one list doesn't mix "Keyword Abilities:
        # Trample" with bare "Keyword Abilities" (QA 23 M9).
        parent = data.rules.get(parent_number(number) or "")
        if parent is not None and _is_title(parent.text) and section:
            section = f"{section}: {parent.text}"
        return SearchHit("rule", number, section, excerpt(rule.text), rule.text)

    # -- autocomplete --

    def autocomplete(self, prefix: str, limit: int = 25) -> list[tuple[str, str]]:
        """(label, value) choices for a partly typed query, best first, at most ``limit``."""
        limit = max(0, min(limit, 25))
        data = self._version(None)
        text = prefix.strip()[:MAX_QUERY]
        if not text:
            return [
                (_label(f"{n}. {data.headings[n]}"), n)
                for n in sorted(data.headings, key=rule_sort_key)
                if len(n) == 1
            ][:limit]
        number_prefix = _number_prefix(text)
        if number_prefix is not None:
            return self._complete_numbers(data, number_prefix, limit)
        return self._complete_terms(data, term_key(text), limit)

    def _complete_numbers(
        self, data: _VersionData, prefix: str, limit: int
    ) -> list[tuple[str, str]]:
        at = bisect.bisect_left(self._sorted_numbers, prefix)
        found: list[str] = []
        for number in self._sorted_numbers[at:]:
            if not number.startswith(prefix):
                break
            found.append(number)
        found.sort(key=rule_sort_key)
        choices = []
        for number in found[:limit]:
            entry = data.entry(number)
            text = entry.text if entry else ""
            choices.append((_label(f"{number} {text}"), number))
        return choices

    def _complete_terms(self, data: _VersionData, key: str, limit: int) -> list[tuple[str, str]]:
        if not key:
            return []
        names = self._sorted_terms
        at = bisect.bisect_left(names, (key, ""))
        starts: list[tuple[str, str]] = []
        for name_key, name in names[at:]:
            if not name_key.startswith(key) or len(starts) >= limit:
                break
            starts.append((name_key, name))
        inside = (
            [(k, n) for padded, k, n in self._padded_terms if f" {key}" in padded]
            if len(starts) < limit
            else []
        )
        choices: list[tuple[str, str]] = []
        seen: set[str] = set()
        for _, name in [*starts, *inside]:
            if name not in seen and len(choices) < limit:
                seen.add(name)
                choices.append((_label(name), name[:MAX_LABEL]))
        return choices

    @cached_property
    def _sorted_numbers(self) -> list[str]:
        data = self._version(None)
        return sorted([*data.rules, *data.headings])

    @cached_property
    def _sorted_terms(self) -> list[tuple[str, str]]:
        data = self._version(None)
        names = {term_key(t.term): t.term for t in data.terms.values()}
        for alias in self._aliases:
            for name in alias.names:
                names.setdefault(term_key(name), name)
        return sorted(names.items())

    @cached_property
    def _padded_terms(self) -> list[tuple[str, str, str]]:
        """Terms with a leading space, so " key" finds a match at any word start."""
        return [(f" {key}", key, name) for key, name in self._sorted_terms]

    @cached_property
    def _aliases(self) -> tuple[Alias, ...]:
        return load_aliases()

    @cached_property
    def _synonyms(self) -> dict[str, str]:
        """Words judges say -> the rules' words for them (``rules_data/rule_search_synonyms``)."""
        table: dict[str, str] = load_toml(SYNONYMS_FILE)["said"]
        return {term_key(said): written for said, written in table.items()}

    @cached_property
    def _aliases_by_name(self) -> dict[str, Alias]:
        return {term_key(name): alias for alias in self._aliases for name in alias.names}


@dataclass(frozen=True)
class WrittenQuestions:
    """The questions each rule answers (``rules_data/rule_questions.tsv``), written against
    the CR version ``version``."""

    version: str
    pairs: tuple[tuple[str, str], ...]  # (rule number, question)


# The CR's effective date, or the version of Riftbound's Core Rules ("1.3").
_WRITTEN_FOR = re.compile(r"#\s*cr-version:\s*(\d{4}-\d{2}-\d{2}|\d+(?:\.\d+)+)\s*$")


def written_questions_version(path: Path | None = None) -> str:
    """The CR version the written questions were written from (their ``# cr-version:``
    line, among the comments that open the file), without reading the questions."""
    path = path or rules_data_file(WRITTEN_QUESTIONS_FILE)
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if not line.startswith("#"):
                break
            if written_for := _WRITTEN_FOR.match(line):
                return written_for.group(1)
    return ""


def load_written_questions(path: Path | None = None) -> WrittenQuestions:
    """``rule<TAB>question`` lines; ``#`` lines are comments, one of them ``# cr-version:
    YYYY-MM-DD``, the CR the questions were written from."""
    path = path or rules_data_file(WRITTEN_QUESTIONS_FILE)
    version = ""
    pairs: list[tuple[str, str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            written_for = _WRITTEN_FOR.match(line)
            version = written_for.group(1) if written_for else version
            continue
        number, _, question = line.partition("\t")
        if question.strip():
            pairs.append((number.strip(), question.strip()))
    return WrittenQuestions(version, tuple(pairs))


def still_answered(
    written: WrittenQuestions, now: dict[str, str], then: dict[str, str]
) -> tuple[tuple[str, str], ...]:
    """The written questions whose rule says in ``now`` (number -> text) what it said in
    ``then``, the version they were written for: a later CR may renumber or reword a rule, and
    its old questions would then point at the wrong one.  Without ``then`` (that version isn't
    imported), every question whose rule exists is kept."""
    return tuple(
        (number, question)
        for number, question in written.pairs
        if number in now and (not then or then.get(number) == now[number])
    )


SNIPPET_CHARS = 240


def _highlighter(terms: list[str]) -> Callable[[str], str]:
    """A short excerpt of a rule, starting near the first of the query's words."""
    stems = sorted({term[:-1] if len(term) > 4 else term for term in terms}, key=len, reverse=True)
    pattern = re.compile(
        r"\b(" + "|".join(re.escape(stem) for stem in stems) + r")\w*", re.IGNORECASE
    )

    def highlight(text: str) -> str:
        first = pattern.search(text)
        start = 0 if first is None else max(0, first.start() - SNIPPET_CHARS // 3)
        if start:
            start = text.find(" ", start) + 1 or start
        excerpt = text[start : start + SNIPPET_CHARS]
        if start + SNIPPET_CHARS < len(text):
            excerpt = excerpt.rsplit(" ", 1)[0] + "…"
        # Plain text: per-word bold made results noisy in Discord and the console (issue 13).
        return ("…" if start else "") + excerpt

    return highlight


def _opening(text: str) -> str:
    """The start of a rule, cut at a word: a rule the question pins (its subject's definition)
    is shown from its first word."""
    if len(text) <= SNIPPET_CHARS:
        return text
    cut = text[:SNIPPET_CHARS]
    sentence_end = cut.rfind(". ")
    if sentence_end > SNIPPET_CHARS // 2:
        return cut[: sentence_end + 1] + " …"  # whole sentences read better than a torn one
    return cut.rsplit(" ", 1)[0] + "…"


# A glossary entry that only points to another one: "See Limited Range of Influence."
_SEE_ALSO = re.compile(r"See ([^.]+?)\.?", re.IGNORECASE)


def _is_title(text: str) -> bool:
    """A rule text that only names its subject ("Suspend", "Exile"), with no sentence."""
    return len(text.split()) <= 4 and not text.rstrip().endswith((".", "”", ":"))


def _clean_query(query: str) -> str:
    text = " ".join(query.split())
    if not text:
        raise UsageError("Tell me which rule to look up.", hint=FORMS_HINT)
    if len(text) > MAX_QUERY:
        raise UsageError(
            f"That query is {len(text)} characters long; ask in at most {MAX_QUERY}.",
            hint=FORMS_HINT,
        )
    return text


_NUMBER_PREFIX = re.compile(
    r"^(?:(?:cr|rules?|r)\s*)?(?P<digits>\d{1,3}(?:\.\d{0,3}[a-z]?)?)$", re.IGNORECASE
)


def _number_prefix(text: str) -> str | None:
    match = _NUMBER_PREFIX.match(text.replace(" ", ""))
    return match.group("digits").lower() if match else None


def _label(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"
