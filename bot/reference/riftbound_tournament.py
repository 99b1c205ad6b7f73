"""The Riftbound Tournament Rules, read from the reference store's ``rb_document_rules``.

Riftbound has no separate Infraction Procedure Guide: chapter 700 of its Tournament Rules,
"Enforcement and Penalties", names each infraction with its penalty ("Missed Trigger [ No
Penalty ]: ...") and its remedies.  ``mtr ... game:riftbound`` reads the whole document and
``ipg ... game:riftbound`` that chapter.

A query is, in this order:

1. a rule number at any depth ("204.8", "702.5.c.1", "§ 416"); a Magic-style number ("3.2")
   says how this document numbers its rules instead of answering with another rule;
2. a term the document defines: a heading ("Spectator"), a ``Term: definition`` rule ("Head
   Judge", "OPL", "Missed Trigger [ No Penalty ]:"), or a judges' abbreviation of one ("fmgs");
3. free text, ranked over the document's entries as the Magic documents' situations are
   (bot/reference/situations.py), with a table of what players say in the document's words
   (``rules_data/riftbound_tournament_search_synonyms.toml``: a phone is an electronic device).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from bot.errors import NotFoundError, UsageError
from bot.records.names import normalize_name
from bot.records.riftbound_rule_numbers import normalize_rule_id, typed_rule_id
from bot.reference.docs import ALIASES, DocPart
from bot.reference.questions import asked_subject
from bot.reference.riftbound import (
    MAX_SECTION_RULES,
    RiftboundVersion,
    RuleRow,
    RulesVersion,
    defining_rules,
)
from bot.reference.situations import SituationRanker, SituationTable
from bot.reference.store import imported_rows
from bot.resources import load_toml

DOCUMENT = "tournament-rules"  # its key in rb_documents (bot/data/riftbound_import.py)
PENALTY_CHAPTER = "700"  # Enforcement and Penalties
# What players say -> the Tournament Rules' words for it.
SITUATION_TABLE = SituationTable.from_tables(load_toml("riftbound_tournament_search_synonyms.toml"))
MAX_QUERY_CHARS = 300
MAX_ALSO = 3
MAX_AUTOCOMPLETE = 25  # Discord's limit on autocomplete choices
MAX_LABEL_CHARS = 100  # and on a choice's name
LABEL_TEXT_CHARS = 70  # an unnamed rule is labelled by the start of its text
# Free text names as "see also" the other entries that score at least this share of the best.
ALSO_SHARE = 0.4
# Free text is ranked over entries: a rule with what belongs under it, split below its own
# sub-rules when it holds more than this many (702 Game Play Errors into each infraction).
ENTRY_RULES = 25
# A rule's own name: "Missed Trigger [ No Penalty ]: ...", "Organized Play Level (OPL): ...".
_LABEL = re.compile(r"^(?P<name>[^:\[,]{1,60}?)\s*(?:\[\s*(?P<penalty>[^\]]+?)\s*\])?\s*:\s*")
MAX_NAME_WORDS = 8
# How Magic numbers its tournament documents ("3.2", "2.1", "4"): not a Riftbound rule number.
_MAGIC_NUMBER = re.compile(
    r"^(?:section\s*|§\s*)?(?P<number>(?P<major>\d{1,2})(?:\.\d{1,3})*[a-z]?)\.?$", re.I
)


def rule_name(row: RuleRow) -> tuple[str, str | None, str]:
    """A rule's name, its penalty, and its text after them: ("Missed Trigger", "No Penalty",
    "The accountable player ..."); a heading is all name, an unnamed rule all text."""
    if row.kind in ("heading", "chapter"):
        return row.text, None, ""
    label = _LABEL.match(row.text)
    if label is None or len(label.group("name").split()) > MAX_NAME_WORDS:
        return "", None, row.text
    return label.group("name").strip(), label.group("penalty"), row.text[label.end() :]


def rule_label(row: RuleRow) -> str:
    """``"204.8 Spectator"``, ``"702.2 Missed Trigger [No Penalty]"``, or the start of the
    rule's text (cut at a word)."""
    name, penalty, text = rule_name(row)
    shown = f"{name} [{penalty}]" if penalty else name or text
    if len(shown) > LABEL_TEXT_CHARS:
        shown = shown[: LABEL_TEXT_CHARS - 1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"
    return f"{row.id} {shown}"


@dataclass(frozen=True)
class TournamentEntry:
    """A rule and the rules under it, as the free-text ranking reads a section."""

    doc: str
    number: str
    title: str
    parent: str | None
    penalty: str | None
    parts: tuple[DocPart, ...]
    rows: tuple[RuleRow, ...]


@dataclass(frozen=True)
class TournamentAnswer:
    """What a lookup found: the rules to quote, in order (the first is the one answered).

    ``how`` is ``id``, ``term`` or ``search``; ``contents`` means a long section is shown as its
    own rule and the rules directly under it; ``also`` holds other rules that match (a term's
    other definitions, the next best entries); ``confident`` is False when free text matched
    weakly or about as well as another entry.
    """

    title: str
    updated: str
    how: str
    rules: tuple[RuleRow, ...]
    contents: bool = False
    total: int = 0  # the rules in the section, when only its contents are shown
    penalty: str | None = None
    also: tuple[RuleRow, ...] = ()
    confident: bool = True
    penalties_only: bool = False
    # What each rule of a weak match says (its text after its name, or the rules under it).
    summaries: dict[str, str] = field(default_factory=dict)

    @property
    def rule(self) -> RuleRow:
        return self.rules[0]

    @property
    def citation(self) -> str:
        return f"{self.title} {self.rule.id}"

    @property
    def footer(self) -> str:
        return f"{self.title}, last updated {self.updated}"


class TournamentRules:
    """The Riftbound Tournament Rules in memory (885 rules), with their free-text ranking."""

    def __init__(self, title: str, updated: str, rows: Sequence[RuleRow]) -> None:
        self.title = title
        self.updated = updated
        # Headings here head only their own sub-rules ("702.1 Overview" is not 702.2-702.17).
        self.rules = RulesVersion(
            RiftboundVersion(DOCUMENT, updated, True), rows, owning_kinds=("chapter",)
        )
        self._rankers: dict[bool, SituationRanker] = {}

    @classmethod
    def from_connection(cls, conn: sqlite3.Connection) -> TournamentRules:
        missing = (
            "The Riftbound Tournament Rules have not been imported into this reference store "
            "(it predates them, or its riftbound/ folder had no tournament-rules-*.md)."
        )
        (info,) = imported_rows(
            conn, "SELECT title, updated FROM rb_documents WHERE doc = ?", missing, (DOCUMENT,)
        )
        rows = imported_rows(
            conn,
            "SELECT doc, id, ord, level, kind, parent, text FROM rb_document_rules "
            "WHERE doc = ? ORDER BY ord",
            missing,
            (DOCUMENT,),
        )
        return cls(info[0], info[1], [RuleRow(*tuple(row)) for row in rows])

    @property
    def dated_title(self) -> str:
        """The document as a sentence names it."""
        return f"{self.title} (last updated {self.updated})"

    # -- lookups ---------------------------------------------------------------------------

    def lookup(self, query: str, *, penalties_only: bool = False) -> TournamentAnswer:
        """The rules a query means (see the module docstring); ``penalties_only`` reads terms
        and free text in chapter 700 only (``ipg``), while a number is answered wherever it is."""
        text = " ".join(query.split()).strip(" \"'“”‘’`")
        if not text:
            raise UsageError("Give a rule number, a term or some words to look up.", hint=_hint())
        if len(text) > MAX_QUERY_CHARS:
            raise UsageError(
                f"That query is {len(text):,} characters long; a lookup takes at most "
                f"{MAX_QUERY_CHARS}.",
                hint=_hint(),
            )
        number = typed_rule_id(text) or typed_rule_id(text.split()[0])
        if number is not None:
            return self.rule(number, penalties_only=penalties_only)
        # "3.2", "section 4", "2.1 Missed Trigger"; not "2 players drew", which is a question.
        first = text.split()[0]
        magic = _MAGIC_NUMBER.match(text) or ("." in first and _MAGIC_NUMBER.match(first))
        if magic:
            raise self._magic_number(magic, penalties_only=penalties_only)
        words = normalize_name(text)
        words = ALIASES.get(words, words)  # "fmgs": Failure to Maintain Game State
        found = self.term(words, penalties_only=penalties_only)
        if found is None:
            subject = asked_subject(words.replace("'", ""))
            found = self.term(subject, penalties_only=penalties_only) if subject else None
        if found is not None:
            return found
        return self.search(words or text, penalties_only=penalties_only)

    def rule(self, rule_id: str, *, penalties_only: bool = False) -> TournamentAnswer:
        try:
            wanted = normalize_rule_id(rule_id)
        except ValueError as error:
            raise UsageError(
                f"“{rule_id[:40]}” is not a Riftbound Tournament Rules number.", hint=_hint()
            ) from error
        row = self.rules.by_id.get(wanted)
        if row is None:
            raise NotFoundError(
                f"There is no rule {wanted} in the {self.dated_title}.",
                suggestions=[
                    rule_label(self.rules.by_id[n])[:MAX_LABEL_CHARS]
                    for n in self.rules.nearest(wanted)
                ],
            )
        return self._answer("id", row, penalties_only=penalties_only)

    def term(self, term: str, *, penalties_only: bool = False) -> TournamentAnswer | None:
        """The rule that defines a term: a heading named so first ("421 Shuffling"), then a
        ``Term: definition`` rule; the others that do are named in ``also``."""
        headings, definitions = defining_rules(self.rules.rows, term)
        found = [r for r in (*headings, *definitions) if _in_scope(r, penalties_only)]
        if not found:
            return None
        return self._answer(
            "term", found[0], also=tuple(found[1 : 1 + MAX_ALSO]), penalties_only=penalties_only
        )

    def search(self, text: str, *, penalties_only: bool = False) -> TournamentAnswer:
        """Free text: the entry (a rule and what is under it) that best describes it."""
        ranking = self._ranker(penalties_only).rank(text, limit=1 + MAX_ALSO)
        if not ranking.ranked:
            where = "chapter 700 of the " if penalties_only else ""
            raise NotFoundError(
                f"Nothing in {where}the {self.title} matches “{text[:60]}”.",
                hint=f"Try other words, or a rule number. {_hint()}",
            )
        top = ranking.ranked[0]
        best = self.rules.by_id[top.section.number]
        # A weak match lists its closest entries whatever they score; a clear one only those
        # that also match well.
        also = tuple(
            self.rules.by_id[r.section.number]
            for r in ranking.ranked[1:]
            if not ranking.confident or r.score >= ALSO_SHARE * top.score
        )
        return self._answer(
            "search",
            best,
            also=also,
            confident=ranking.confident,
            penalties_only=penalties_only,
        )

    def autocomplete(self, prefix: str, *, penalties_only: bool = False) -> list[tuple[str, str]]:
        """Up to 25 (label, number) choices for a partly typed number or name; never raises."""
        typed = " ".join(prefix[:MAX_QUERY_CHARS].split()).lower().rstrip(".")
        rows = [r for r in self.rules.rows if _in_scope(r, penalties_only)]
        if not typed:
            picks = [r for r in rows if r.level == 0 and r.kind != "plain"]
        elif typed[:1].isdigit():
            # Shallow rules first: "204" offers 204.1-204.8 before 204.1.a.
            picks = sorted((r for r in rows if r.id.startswith(typed)), key=lambda r: r.level)
        else:
            words = normalize_name(typed).split()
            picks = [
                r
                for r in rows
                if (name := normalize_name(rule_name(r)[0])) and all(word in name for word in words)
            ]
        return [(rule_label(r)[:MAX_LABEL_CHARS], r.id) for r in picks[:MAX_AUTOCOMPLETE]]

    # -- internals ---------------------------------------------------------------------------

    def _answer(
        self,
        how: str,
        row: RuleRow,
        *,
        also: tuple[RuleRow, ...] = (),
        confident: bool = True,
        penalties_only: bool = False,
    ) -> TournamentAnswer:
        block = self.rules.block(row)
        shown, contents = block, False
        if len(block) > MAX_SECTION_RULES:
            # A whole chapter or 702's hundred rules: the section and what is directly under it.
            shown, contents = [row, *self._contents(row)], True
        summaries = {} if confident else {r.id: self.summary(r) for r in (row, *also)}
        return TournamentAnswer(
            title=self.title,
            updated=self.updated,
            how=how,
            rules=tuple(shown),
            contents=contents,
            total=len(block),
            penalty=rule_name(row)[1],
            also=also,
            confident=confident,
            penalties_only=penalties_only,
            summaries=summaries,
        )

    def summary(self, row: RuleRow) -> str:
        """What a rule says: its text after its name, else (a heading) the rules under it."""
        _, _, text = rule_name(row)
        return text or " ".join(r.text for r in self.rules.block(row)[1:4])

    def _contents(self, row: RuleRow) -> list[RuleRow]:
        """The rules directly under ``row``: a chapter's hundreds (401-424), else its
        sub-rules one level down."""
        if row.kind == "chapter":
            return [r for r in self.rules.block(row)[1:] if r.level == 0]
        return [r for r in self.rules.block(row)[1:] if r.parent == row.id]

    def _magic_number(self, match: re.Match[str], *, penalties_only: bool) -> NotFoundError:
        """A Magic-style number ("3.2"): how this document numbers its rules, and its nearest
        chapters (for ``ipg``, the penalty chapter's sections)."""
        typed = match.group("number")
        if penalties_only:
            chapter = self.rules.by_id[PENALTY_CHAPTER]
            nearest = [chapter, *self._contents(chapter)]
            message = (
                f"Riftbound has no Infraction Procedure Guide, so there is no section {typed}: "
                f"its penalties are in chapter {PENALTY_CHAPTER} ({chapter.text}) of the "
                f"{self.dated_title}, numbered like 702.2."
            )
        else:
            chapters = [r for r in self.rules.rows if r.kind == "chapter"]
            wanted = int(match.group("major")) * 100
            nearest = sorted(chapters, key=lambda r: abs(int(r.id) - wanted))[:3]
            message = (
                f"The {self.dated_title} have no section {typed}: their rules are numbered "
                "like 204.8 and 702.5.c, in chapters 000 to 700."
            )
        return NotFoundError(
            message, suggestions=[rule_label(r)[:MAX_LABEL_CHARS] for r in nearest]
        )

    def _ranker(self, penalties_only: bool) -> SituationRanker:
        ranker = self._rankers.get(penalties_only)
        if ranker is None:
            entries = [e for e in self.entries if _in_scope(e.rows[0], penalties_only)]
            ranker = self._rankers[penalties_only] = SituationRanker(entries, SITUATION_TABLE)
        return ranker

    @cached_property
    def entries(self) -> list[TournamentEntry]:
        """Every rule but the chapters' titles in one entry: a rule and what is under it, or,
        when that is more than ENTRY_RULES rules, the rule alone and an entry for each rule
        directly under it."""
        found: list[TournamentEntry] = []

        def visit(row: RuleRow) -> None:
            block = self.rules.block(row)
            if len(block) <= ENTRY_RULES:
                found.append(_entry(block))
                return
            found.append(_entry([row]))
            for child in self._contents(row):
                visit(child)

        for row in self.rules.rows:
            if row.level == 0 and row.kind != "chapter":
                visit(row)
        return found


def _entry(rows: Sequence[RuleRow]) -> TournamentEntry:
    head = rows[0]
    name, penalty, text = rule_name(head)
    parts = [DocPart("Definition", text)] if text else []
    if len(rows) > 1:
        parts.append(DocPart("", "\n".join(row.text for row in rows[1:])))
    return TournamentEntry(
        doc=DOCUMENT,
        number=head.id,
        title=name,
        parent=head.parent,
        penalty=penalty,
        parts=tuple(parts),
        rows=tuple(rows),
    )


def _in_scope(row: RuleRow, penalties_only: bool) -> bool:
    return not penalties_only or row.id[:1] == PENALTY_CHAPTER[:1]


def _hint() -> str:
    return "For example: `204.8`, `spectator`, `missed trigger` or `can I take notes`."
