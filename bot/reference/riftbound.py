"""Riftbound rules and cards, read from the reference store's ``rb_`` tables.

Rules are looked up by number (``355.6.a.1``, with or without the trailing dot), by term
(``Might``, ``Chain``) or by free text (ranked as the Magic rules are, rule_ranking.py), in the
current version of the Core Rules or an older one (``v1.2``).  Cards are found by fuzzy name, with their errata and
the FAQ answers that mention them.
"""

from __future__ import annotations

import difflib
import json
import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from bot.errors import NotFoundError, UsageError
from bot.records.names import normalize_name
from bot.records.riftbound_cards import RiftboundCard, render_symbols
from bot.records.riftbound_rule_numbers import normalize_rule_id, typed_rule_id
from bot.reference.fuzzy import FuzzyNameMatcher
from bot.reference.questions import ASKS_ABOUT, QUESTION_PREFIX, asked_subject
from bot.reference.rule_ranking import STOP_WORDS, RuleOutline, RuleRanker, words_of
from bot.reference.rules import load_written_questions
from bot.reference.store import imported_rows
from bot.resources import load_toml, rules_data_file

if TYPE_CHECKING:
    from bot.reference.riftbound_tournament import TournamentRules

MAX_QUERY_CHARS = 300
MAX_SEARCH_WORDS = 12
MAX_SECTION_RULES = 60
SEARCH_LIMIT = 8
# Rules reworded between versions: how alike two texts must be to be called the same rule.
MIN_COMPARED_CHARS = 30
SIMILAR_WORDS = 0.6
SIMILAR_RATIO = 0.7
MAX_REWORDED_CHECKS = 12  # rows per answer compared by wording (each scans a version)
# English words that say nothing in a question, but those that are words of the game: Might
# is a unit's combat statistic (143.2).
GAME_WORDS = frozenset({"might"})
SEARCH_STOP_WORDS = STOP_WORDS - GAME_WORDS
# Questions each Core Rule answers, in players' words (the Magic search's doc2query, for
# Riftbound): rules_data/riftbound_rule_questions.tsv.
WRITTEN_QUESTIONS_FILE = "riftbound_rule_questions.tsv"
# What players say (often Magic's words) -> the Core Rules' words for it, searched at half weight.
SYNONYMS_FILE = "riftbound_search_synonyms.toml"
# A slang word inside a longer question multiplies its rules' scores by this much.
SLANG_BOOST = 2.0
# A rule's text from here on illustrates it ("Example: Void Seeker ..."): the ranking weighs it
# as the CR's examples, less than the rule's own words.
_EXAMPLE = re.compile(r"\s(?:Examples?:|e\.g\.,?)\s")
# Keyword rules (804-826) and the multiplayer modes (482-484) answer a question that doesn't
# name them only rarely, as Magic's keyword and variant rules do: a player asks about a duel.
_KEYWORD_SECTIONS = range(805, 900)
_MULTIPLAYER_SECTIONS = range(482, 485)
_MULTIPLAYER_WORDS = ("multiplayer", "free for all", "team", "teammate", "three players", "four")
# "can I ...", "is it possible to ...": the question asks what may be done.
_ASKS_PERMISSION = re.compile(
    r"^(?:can|could|may|is it possible)\b|\bcan (?:i|a|an|you|my|the|one|players?|units?)\b"
)
# "the difference between X and Y", "how is X different from Y": a comparison of two things.
_COMPARISON = re.compile(
    r"\b(?:the\s+)?(?:differences?|different|differ)\s+(?:between|from|to)\b", re.IGNORECASE
)
_VERSION_TOKEN = re.compile(
    r"(?:^|\s)(?:version\s*[=:]?\s*v?|v)(?P<version>\d+(?:\.\d+)+)(?=\s|$)", re.I
)
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)


@dataclass(frozen=True)
class RuleRow:
    version: str
    id: str
    order: int
    level: int
    kind: str
    parent: str | None
    text: str

    @property
    def line(self) -> str:
        return f"{self.id}. {self.text}"


@dataclass(frozen=True)
class RuleAnswer:
    """What a rule lookup found: the rules to quote, in order, and where they come from.

    ``how`` is ``id``, ``term`` or ``search``; ``equivalents`` maps a quoted rule to the same
    text's number in the other versions (``{"355.10": ["v1.2 352.10"]}``), ``reworded`` to a
    close but changed text's number (``{"355.12": ["v1.2 352.12"]}``).
    """

    version: str
    updated: str
    is_current: bool
    how: str
    rules: tuple[RuleRow, ...]
    more: int = 0
    equivalents: dict[str, list[str]] = field(default_factory=dict)
    # A quoted rule worded differently in another version: ``{"355.12": ["v1.2 352.12"]}``.
    reworded: dict[str, list[str]] = field(default_factory=dict)
    # A quoted heading that means little alone, with the heading it sits under when that
    # isn't quoted too: ``{"484.3": "484. 2v2 (Magma Chamber)"}`` for "Victory Score: 11".
    under: dict[str, str] = field(default_factory=dict)

    @property
    def version_label(self) -> str:
        state = "current" if self.is_current else "older version"
        return f"Riftbound Core Rules v{self.version} ({self.updated}, {state})"


@dataclass(frozen=True)
class RiftboundVersion:
    version: str
    updated: str
    is_current: bool


def _headings_above(rules: RulesVersion, shown: Sequence[RuleRow]) -> dict[str, str]:
    """The heading each quoted sub-heading sits under, when that heading isn't quoted: each mode
    of play has its own "Victory Score", and "484.3. Victory Score: 11" alone read as the score
    of every game; it is 2v2's (QA 48 U1)."""
    quoted = {row.id for row in shown}
    above: dict[str, str] = {}
    for row in shown:
        parent = rules.by_id.get(row.parent) if row.parent else None
        if (
            row.kind == "heading"
            and parent is not None
            and parent.kind == "heading"
            and parent.id not in quoted
        ):
            above[row.id] = parent.line
    return above


def _same_rule(row: RuleRow, rules: RulesVersion, other: RulesVersion) -> tuple[str | None, bool]:
    """``row``'s number in the ``other`` version, worded the same, and whether its parent
    decided it.  A sentence several keywords share ("If X is omitted, it is presumed to be 1",
    Deflect and Assault alike) is the one under the rule ``row``'s parent maps to; None when
    that can't be told."""
    ids = other.ids_by_text.get(row.text, [])
    if len(ids) == 1:
        return ids[0], False
    parent = row.id
    while ids and "." in parent:
        parent = parent.rsplit(".", 1)[0]
        above = rules.by_id.get(parent)
        mapped = other.ids_by_text.get(above.text, []) if above is not None else []
        if len(mapped) == 1:
            under = [i for i in ids if i.startswith(mapped[0] + ".")]
            return (under[0], True) if len(under) == 1 else (None, False)
    return None, False


class RulesVersion:
    """One version's rules in memory, in document order.

    ``owning_kinds`` are the kinds of rule that own the rules after them (see ``block``): the
    Core Rules' headings and chapters; only the chapters in the Tournament Rules, whose
    headings ("702.1 Overview") head their own sub-rules only.
    """

    def __init__(
        self,
        info: RiftboundVersion,
        rows: Sequence[RuleRow],
        owning_kinds: tuple[str, ...] = ("heading", "chapter"),
    ) -> None:
        self.info = info
        self.owning_kinds = owning_kinds
        self.rows = list(rows)
        self.by_id = {row.id: row for row in self.rows}
        self.by_text: dict[str, str] = {}
        self.ids_by_text: dict[str, list[str]] = {}
        for row in self.rows:
            self.by_text.setdefault(row.text, row.id)
            self.ids_by_text.setdefault(row.text, []).append(row.id)

    def block(self, row: RuleRow) -> list[RuleRow]:
        """The rule and what belongs under it.

        A heading owns the rules after it down to the next heading of its level or above
        (``355.6 Targeting`` owns 355.7-355.17); any other rule owns its sub-rules.
        """
        found = [row]
        for following in self.rows[row.order + 1 :]:
            if row.kind in self.owning_kinds:
                if following.level < row.level or (
                    following.level == row.level and following.kind in self.owning_kinds
                ):
                    break
            elif not following.id.startswith(row.id + "."):
                break
            found.append(following)
        return found

    def similar(self, text: str) -> str | None:
        """The number of the rule worded most like ``text`` (a rule reworded between
        versions), or None when none is close: word overlap picks the candidates, then
        difflib's ratio (at least ``SIMILAR_RATIO``) the best of them."""
        words = set(_WORD.findall(text.casefold()))
        if len(text) < MIN_COMPARED_CHARS or not words:
            return None
        matcher = difflib.SequenceMatcher(None, autojunk=False)
        matcher.set_seq2(text)
        best: tuple[float, str] | None = None
        for row, row_words in self._words:
            if len(words & row_words) < SIMILAR_WORDS * min(len(words), len(row_words)):
                continue
            matcher.set_seq1(row.text)
            if matcher.quick_ratio() < SIMILAR_RATIO:
                continue
            ratio = matcher.ratio()
            if ratio >= SIMILAR_RATIO and (best is None or ratio > best[0]):
                best = (ratio, row.id)
        return best[1] if best else None

    @cached_property
    def _words(self) -> list[tuple[RuleRow, set[str]]]:
        return [(row, set(_WORD.findall(row.text.casefold()))) for row in self.rows]

    def nearest(self, rule_id: str, limit: int = 5) -> list[str]:
        """Existing numbers close to a missing one: the closest ancestor and its sub-rules."""
        parts = rule_id.split(".")
        while parts:
            candidate = ".".join(parts)
            if candidate in self.by_id and candidate != rule_id:
                anchor = self.by_id[candidate]
                children = [r.id for r in self.block(anchor)[1:] if r.parent == candidate]
                return [candidate, *children][:limit]
            parts.pop()
        try:
            wanted = int(rule_id.split(".")[0])
        except ValueError:
            return []
        tops = [r.id for r in self.rows if r.level == 0]
        tops.sort(key=lambda top: abs(int(top) - wanted))
        return sorted(tops[:limit])


@dataclass(frozen=True)
class RiftboundCardEntry:
    """A card by name: its printings (first is preferred), errata and FAQ answers."""

    name: str
    printings: tuple[RiftboundCard, ...]
    errata: tuple[dict[str, str], ...]
    faqs: tuple[dict[str, str], ...]

    @property
    def card(self) -> RiftboundCard:
        return self.printings[0]

    def faq_is_about(self, faq: dict[str, str]) -> bool:
        """Whether an FAQ answer is this card's own (it is named in the topic or question), not
        one that only names it in passing, as Volibear's names Stalwart Poro (QA 48 M1)."""
        return _names(f"{faq['topic']}\n{faq['question']}", self.name)


def _names(text: str, name: str) -> bool:
    plain = text.replace("ʼ", "'").replace("’", "'")
    return re.search(rf"(?<![\w']){re.escape(name)}(?![\w'])", plain, re.IGNORECASE) is not None


class RiftboundIndex:
    """Rule and card lookups over an open reference store."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        rows = imported_rows(
            conn,
            "SELECT version, updated, is_current FROM rb_rule_versions",
            "No Riftbound data has been imported yet.",
        )
        self.versions = {row[0]: RiftboundVersion(row[0], row[1], bool(row[2])) for row in rows}
        self.current = next(v for v in self.versions.values() if v.is_current).version
        self._rules: dict[str, RulesVersion] = {}
        self._rankers: dict[str, RuleRanker] = {}

    @classmethod
    def from_connection(cls, conn: sqlite3.Connection) -> RiftboundIndex:
        return cls(conn)

    # -- rules -------------------------------------------------------------------------------

    def rules_version(self, version: str | None = None) -> RulesVersion:
        version = self._check_version(version)
        if version not in self._rules:
            rows = self.conn.execute(
                "SELECT version, id, ord, level, kind, parent, text FROM rb_rules "
                "WHERE version = ? ORDER BY ord",
                (version,),
            ).fetchall()
            self._rules[version] = RulesVersion(
                self.versions[version], [RuleRow(*tuple(row)) for row in rows]
            )
        return self._rules[version]

    def _check_version(self, version: str | None) -> str:
        if version is None:
            return self.current
        cleaned = version.strip().lower().removeprefix("version").strip(" =:").removeprefix("v")
        if cleaned not in self.versions:
            raise NotFoundError(
                f"There is no Riftbound Core Rules version “{version[:20]}” here.",
                suggestions=[f"v{v}" for v in sorted(self.versions)],
            )
        return cleaned

    def lookup(self, query: str) -> RuleAnswer:
        """A rule by number, a term, or free text; ``v1.2``/``version=1.2`` picks the version."""
        text, version = split_version(query)
        text = text.strip()
        if not text:
            raise UsageError(
                "Give a rule number, a term or some words to look for.",
                hint="For example: `355.6`, `Might`, `Showdown`, or `target at a battlefield`.",
            )
        # The whole query ("§ 355.9.b", "355.9 (b)"), else its first word ("355.6 Targeting").
        number = typed_rule_id(text) or typed_rule_id(text.split()[0])
        if number is not None:
            return self.rule(number, version)
        slang = _riftbound_slang().get(text.casefold())
        if slang is not None:
            # "fizzle": a Magic word the Core Rules never use (QA 23 M6).
            rules = self.rules_version(version)
            rows = [rules.by_id[i] for i in slang.get(rules.info.version, ()) if i in rules.by_id]
            if rows:
                return self._answer(rules, "term", rows)
        found = self.term(text, version)
        if found is None:
            subject = asked_subject(" ".join(_WORD.findall(text.casefold())).replace("'", ""))
            found = self.term(subject, version) if subject else None
        if found is not None:
            return found
        return self.search(text, version)

    def rule(self, rule_id: str, version: str | None = None) -> RuleAnswer:
        rules = self.rules_version(version)
        try:
            wanted = normalize_rule_id(rule_id)
        except ValueError as error:
            raise UsageError(
                f"“{rule_id[:40]}” is not a Riftbound rule number.",
                hint="Rule numbers look like 355, 355.6, 355.6.a or 355.6.a.1.",
            ) from error
        row = rules.by_id.get(wanted)
        if row is None:
            older = self._older_number(rules, wanted)
            if older is not None:
                raise older
            raise NotFoundError(
                f"Rule {wanted} is not in the Riftbound Core Rules v{rules.info.version}.",
                suggestions=rules.nearest(wanted),
            )
        block = rules.block(row)
        return self._answer(rules, "id", block)

    def _older_number(self, rules: RulesVersion, wanted: str) -> NotFoundError | None:
        """A number missing from ``rules`` that another version has (older rulings say
        "352.6" for v1.2's targeting rules): where that rule is now, or that it is gone."""
        for other in sorted(self.versions, reverse=True):
            if other == rules.info.version:
                continue
            old = self.rules_version(other).by_id.get(wanted)
            if old is None:
                continue
            now = rules.by_text.get(old.text) or rules.similar(old.text)
            where = f"Riftbound Core Rules v{rules.info.version}"
            if now is not None:
                return NotFoundError(
                    f"Rule {wanted} is not in the {where}: {wanted} is v{other}'s number for "
                    f"“{old.text[:120]}”, which v{rules.info.version} numbers {now}.",
                    suggestions=[now, f"{wanted} v{other}"],
                )
            return NotFoundError(
                f"Rule {wanted} is not in the {where}. In v{other}, {wanted} is "
                f"“{old.text[:120]}”; v{rules.info.version} has no rule worded like it.",
                suggestions=[f"{wanted} v{other}", *rules.nearest(wanted)],
            )
        return None

    def term(self, term: str, version: str | None = None) -> RuleAnswer | None:
        """The rules that define a term: a heading named so, or a ``Term : definition`` rule."""
        rules = self.rules_version(version)
        headings, definitions = defining_rules(rules.rows, term)
        headings = [h for h in headings if not _named_earlier(rules.rows, h, term)]
        # A keyword's glossary entry defines it: "806 Action" before "158.2.a Action" (a
        # spell's property, which says "See rule 806. Action for more information").
        headings.sort(key=lambda h: int(h.id.split(".")[0]) not in _KEYWORD_SECTIONS)
        if not headings and not definitions:
            return None
        quoted: list[RuleRow] = []
        for found in [*definitions, *headings][:3]:
            for row in rules.block(found):
                if row not in quoted:
                    quoted.append(row)
        return self._answer(rules, "term", quoted)

    def search(
        self, text: str, version: str | None = None, limit: int = SEARCH_LIMIT
    ) -> RuleAnswer:
        """Free-text search, ranked as the Magic rules are (rule_ranking.py): BM25F over each
        rule's text, the titles of the headings that own it and the questions written for it
        (``rules_data/riftbound_rule_questions.tsv``), with players' words read as the rules'
        (``rules_data/riftbound_search_synonyms.toml``).  A heading found is shown with the
        rule that opens it ("815 Tank" says nothing by itself)."""
        rules = self.rules_version(version)
        ranker = self.ranker(rules)
        text = ranker.respelled(text[: MAX_QUERY_CHARS * 4])  # "tnak" -> "tank"
        # "define priority", "difference between conquer and hold": the words that ask are
        # no part of what is asked about (478 "must define", 433.1.b "the difference between").
        asked_words = _COMPARISON.sub(" ", QUESTION_PREFIX.sub("", text.strip()))
        stems = words_of(asked_words, GAME_WORDS)[: MAX_SEARCH_WORDS * 2]
        if not stems:
            raise UsageError(
                "There are no words to look for in that query.",
                hint="Try a rule number like 355.6 or words like `target battlefield`.",
            )
        key = _plain(text)
        padded = f" {key} "
        extra: list[str] = []
        for said, written in _synonyms().items():
            if f" {said} " in padded:
                extra.extend(words_of(written, GAME_WORDS))
        boosts: dict[str, float] = {}
        for word, table in _riftbound_slang().items():
            if f" {word} " in padded:
                for number in table.get(rules.info.version, ()):
                    boosts[number] = max(boosts.get(number, 1.0), SLANG_BOOST)
        asked = ASKS_ABOUT.fullmatch(key)
        subject = words_of(next(g for g in asked.groups() if g), GAME_WORDS) if asked else []
        ranked = ranker.rank(
            stems,
            extra,
            boosts,
            limit=limit,
            asks_permission=_ASKS_PERMISSION.search(key) is not None,
            subject=subject,
        )
        rows: list[RuleRow] = []
        for found in ranked:
            row = rules.by_id.get(found.key)
            if row is None:
                continue
            shown = [row]
            if row.kind in rules.owning_kinds:
                shown += [r for r in rules.block(row)[1:] if r.kind not in rules.owning_kinds][:1]
            rows.extend(r for r in shown if r not in rows)
        if not rows:
            raise NotFoundError(
                f"No Riftbound rule mentions “{' '.join(fts_words(text))[:60]}”.",
                hint="Try fewer or different words, or a rule number such as 355.6.",
            )
        return self._answer(rules, "search", rows[:limit])

    def ranker(self, rules: RulesVersion) -> RuleRanker:
        """The free-text ranking over one version's rules, built on its first question."""
        version = rules.info.version
        if version not in self._rankers:
            self._rankers[version] = _build_ranker(rules, self._written_questions(rules))
        return self._rankers[version]

    def _written_questions(self, rules: RulesVersion) -> list[tuple[str, str]]:
        """The written questions, by this version's numbers: those written for another
        version follow their rule's text to its number here, and are left out when the rule
        was reworded or its text is shared by several rules."""
        written = load_written_questions(rules_data_file(WRITTEN_QUESTIONS_FILE))
        if written.version == rules.info.version or written.version not in self.versions:
            return list(written.pairs)
        then = self.rules_version(written.version).by_id
        moved: list[tuple[str, str]] = []
        for number, question in written.pairs:
            row = then.get(number)
            now = rules.ids_by_text.get(row.text, []) if row is not None else []
            if len(now) == 1:
                moved.append((now[0], question))
        return moved

    def _answer(self, rules: RulesVersion, how: str, rows: Sequence[RuleRow]) -> RuleAnswer:
        shown = list(rows[:MAX_SECTION_RULES])
        equivalents: dict[str, list[str]] = {}
        reworded: dict[str, list[str]] = {}
        for other in sorted(self.versions):
            if other == rules.info.version:
                continue
            other_rules = self.rules_version(other)
            checks = 0
            for row in shown:
                same, by_parent = _same_rule(row, rules, other_rules)
                if same and (by_parent or len(row.text) > MIN_COMPARED_CHARS):
                    equivalents.setdefault(row.id, []).append(f"v{other} {same}")
                elif (
                    row.text not in other_rules.ids_by_text
                    and checks < MAX_REWORDED_CHECKS
                    and how == "id"
                ):
                    checks += 1
                    close = other_rules.similar(row.text)
                    if close is not None:
                        reworded.setdefault(row.id, []).append(f"v{other} {close}")
        return RuleAnswer(
            version=rules.info.version,
            updated=rules.info.updated,
            is_current=rules.info.is_current,
            how=how,
            rules=tuple(shown),
            more=max(0, len(rows) - len(shown)),
            equivalents=equivalents,
            reworded=reworded,
            under=_headings_above(rules, shown),
        )

    def autocomplete_rules(self, prefix: str, limit: int = 25) -> list[str]:
        """Up to ``limit`` (<= 25) ``"355.6 Targeting"`` labels for a partly typed number or word."""
        limit = max(0, min(limit, 25))
        text, version = split_version(prefix[:MAX_QUERY_CHARS])
        try:
            rules = self.rules_version(version)
        except NotFoundError:
            return []
        typed = text.strip().lower().rstrip(".")
        if not typed:
            picks = [row for row in rules.rows if row.level == 0][:limit]
        elif typed[:1].isdigit():
            picks = [row for row in rules.rows if row.id.startswith(typed)][:limit]
        else:
            words = _WORD.findall(typed)
            picks = [
                row
                for row in rules.rows
                if row.kind in ("heading", "chapter")
                and all(word in row.text.lower() for word in words)
            ][:limit]
        return [f"{row.id} {row.text}"[:100] for row in picks]

    @cached_property
    def tournament(self) -> TournamentRules:
        """The Tournament Rules (``DataMissingError`` when the store predates them)."""
        from bot.reference.riftbound_tournament import TournamentRules

        return TournamentRules.from_connection(self.conn)

    # -- cards -------------------------------------------------------------------------------

    @cached_property
    def _cards(self) -> dict[str, RiftboundCardEntry]:
        printings: dict[str, list[RiftboundCard]] = {}
        for row in self.conn.execute(
            "SELECT id, name, public_code, set_name, set_id, rarity, domains, card_types, "
            "super_types, energy, might, power, tags, ability_text, image_url FROM rb_cards "
            "ORDER BY ord"
        ):
            card = RiftboundCard(
                id=row[0],
                name=row[1],
                public_code=row[2],
                set_name=row[3],
                set_id=row[4],
                rarity=row[5],
                domains=tuple(json.loads(row[6])),
                card_types=tuple(json.loads(row[7])),
                super_types=tuple(json.loads(row[8])),
                energy=row[9],
                might=row[10],
                power=row[11],
                tags=tuple(json.loads(row[12])),
                ability_text=row[13],
                image_url=row[14],
            )
            printings.setdefault(card.name, []).append(card)
        errata: dict[str, list[dict[str, str]]] = {}
        for row in self.conn.execute(
            "SELECT card_name, new_text, old_text, note, source_title, published, url "
            "FROM rb_errata WHERE card_name IS NOT NULL ORDER BY published DESC, id"
        ):
            keys = ("new_text", "old_text", "note", "source_title", "published", "url")
            errata.setdefault(row[0], []).append(dict(zip(keys, row[1:], strict=True)))
        faqs: dict[str, list[dict[str, str]]] = {}
        for row in self.conn.execute(
            "SELECT c.card_name, f.topic, f.question, f.answer, f.source_title, f.published, "
            "f.url FROM rb_faq_cards c JOIN rb_faqs f ON f.id = c.faq_id "
            "ORDER BY f.published DESC, f.id"
        ):
            keys = ("topic", "question", "answer", "source_title", "published", "url")
            faqs.setdefault(row[0], []).append(dict(zip(keys, row[1:], strict=True)))
        entries: dict[str, RiftboundCardEntry] = {}
        for name, cards in _merge_art_variants(printings).items():
            # Prefer a regular printing over a showcase one for the image and set shown.
            ordered = sorted(cards, key=lambda c: c.rarity == "Showcase")
            entry = RiftboundCardEntry(
                name=name,
                printings=tuple(ordered),
                errata=tuple(errata.get(name, ())),
                faqs=tuple(faqs.get(name, ())),
            )
            # The card's own answers first; those that only mention it follow (stable sort).
            own_first = sorted(entry.faqs, key=lambda faq: not entry.faq_is_about(faq))
            entries[name] = replace(entry, faqs=tuple(own_first))
        return entries

    @cached_property
    def _variant_names(self) -> dict[str, str]:
        """The gallery's own names of merged art variants (``Recruit (DE)``) -> the card."""
        return {
            printing.name: entry.name
            for entry in self._cards.values()
            for printing in entry.printings
            if printing.name != entry.name
        }

    @cached_property
    def card_matcher(self) -> FuzzyNameMatcher[str]:
        named = [(name, name) for name in self._cards] + list(self._variant_names.items())
        return FuzzyNameMatcher.prenormalized(
            [(name, normalize_name(name), key) for name, key in named]
            + [
                (entry.name, normalize_name(spelling), entry.name)
                for entry in self._cards.values()
                for spelling in _other_spellings(entry)
            ]
        )

    def card(self, query: str) -> RiftboundCardEntry:
        """The card a typed name means (fuzzy); NotFoundError/AmbiguousError with suggestions."""
        return self._cards[self.card_matcher.resolve(query, what="Riftbound card")]

    def card_by_name(self, name: str) -> RiftboundCardEntry | None:
        return self._cards.get(self._variant_names.get(name, name))

    def card_names(self) -> list[str]:
        return list(self._cards)

    def autocomplete_cards(self, prefix: str, limit: int = 25) -> list[str]:
        return self.card_matcher.autocomplete(prefix, limit=min(limit, 25))


# The gallery names a token's art variants by region: "Recruit (DE)", "Recruit (NX)"...
_ART_VARIANT = re.compile(r"^(?P<name>.+?) \((?P<variant>[A-Z]{2,3})\)$")


def _game_text(card: RiftboundCard) -> tuple[object, ...]:
    return (
        card.card_types,
        card.super_types,
        card.domains,
        card.energy,
        card.might,
        card.power,
        card.tags,
        card.ability_text,
    )


# An apostrophe inside a champion's name ("Kog'Maw", "Kai'Sa", "Rek'Sai"), not a possessive
# "'s": players type it as a space too ("kog maw"; QA 48 U2).
_INNER_APOSTROPHE = re.compile(r"(?<=\w)['’ʼ](?=\w{2})")


def _other_spellings(entry: RiftboundCardEntry) -> list[str]:
    """Names players also type for a card: "Kog Maw, Caustic" for Kog'Maw, Caustic, and a token
    with "token" after its name ("gold token", "recruit token"; QA 48 U2)."""
    spellings = []
    spaced = _INNER_APOSTROPHE.sub(" ", entry.name)
    if spaced != entry.name:
        spellings.append(spaced)
    if "Token" in entry.card.super_types:
        spellings.append(f"{entry.name} token")
    return spellings


def _merge_art_variants(
    printings: dict[str, list[RiftboundCard]],
) -> dict[str, list[RiftboundCard]]:
    """One card per game name: art variants that differ only by a region code in their name
    and have the same game text are printings of one card (players say "a Recruit token");
    variants whose text differs stay apart, under the gallery's names."""
    groups: dict[str, list[str]] = {}
    for name in printings:
        match = _ART_VARIANT.match(name)
        groups.setdefault(match.group("name") if match else name, []).append(name)
    merged: dict[str, list[RiftboundCard]] = {}
    for base, names in groups.items():
        cards = [card for name in names for card in printings[name]]
        if len(names) > 1 and len({_game_text(card) for card in cards}) == 1:
            merged[base] = cards
        else:
            for name in names:
                merged[name] = printings[name]
    return merged


def defining_rules(rows: Sequence[RuleRow], term: str) -> tuple[list[RuleRow], list[RuleRow]]:
    """The rules that define ``term`` (of at most four words): the headings named so, and the
    ``Term: definition`` rules.  A definition may name its abbreviation or a penalty before the
    colon, as the Tournament Rules do ("Organized Play Level (OPL): ...", "Missed Trigger [ No
    Penalty ]: ..."), and the abbreviation names it too."""
    wanted = " ".join(_WORD.findall(term.casefold()))
    if not wanted or len(wanted.split()) > 4:
        return [], []
    variants = {wanted, wanted.removesuffix("s"), wanted + "s", "the " + wanted}
    escaped = re.escape(wanted)
    defines = re.compile(
        rf"^(?:{escaped}s?(?:\s*\([^)]*\))?|[^:(]*\(\s*{escaped}\s*\))\s*(?:\[[^\]]*\]\s*)?:"
    )
    headings: list[RuleRow] = []
    definitions: list[RuleRow] = []
    for row in rows:
        words = " ".join(_WORD.findall(row.text.casefold()))
        if row.kind in ("heading", "chapter") and words in variants:
            headings.append(row)
        elif defines.match(row.text.casefold()):
            definitions.append(row)
    return headings, definitions


def _named_earlier(rows: Sequence[RuleRow], heading: RuleRow, term: str) -> bool:
    """Whether a shallower heading before ``heading`` already names ``term``: the term is
    introduced there, and ``heading`` only labels a step of another topic.  "652.5.b Focus"
    is what happens to Focus when a player is removed; Focus is "311 Priority and Focus"."""
    wanted = " ".join(_WORD.findall(term.casefold()))
    variants = [set(v.split()) for v in {wanted, wanted.removesuffix("s"), wanted + "s"} if v]
    for row in rows:
        if row.order >= heading.order:
            return False
        if row.kind in ("heading", "chapter") and row.level < heading.level:
            words = set(_WORD.findall(row.text.casefold()))
            if any(variant <= words for variant in variants):
                return True
    return False


def split_version(query: str) -> tuple[str, str | None]:
    """``"355.6 v1.2"`` -> (``"355.6"``, ``"1.2"``); the version may be written ``version=1.2``."""
    match = _VERSION_TOKEN.search(query)
    if not match:
        return query, None
    rest = (query[: match.start()] + " " + query[match.end() :]).strip()
    return rest, match.group("version")


def fts_words(text: str) -> list[str]:
    """The words of a free-text query as typed, question words ("what is a") left out: what
    an answer that found nothing quotes back (they are also safe to quote into an FTS5 MATCH
    expression)."""
    words = [w.replace("'", "") for w in _WORD.findall(text[: MAX_QUERY_CHARS * 4].casefold())]
    words = [w for w in words if w]
    meaningful = [w for w in words if w not in SEARCH_STOP_WORDS]
    return (meaningful or words)[:MAX_SEARCH_WORDS]


def _build_ranker(rules: RulesVersion, questions: Sequence[tuple[str, str]]) -> RuleRanker:
    """Magic's free-text ranking over a Riftbound version: each rule with its examples apart,
    the headings that own it as its titles, ``Term: definition`` rules as its glossary."""
    texts: dict[str, tuple[str, tuple[str, ...]]] = {}
    outline: dict[str, RuleOutline] = {}
    glossary: list[tuple[str, str, tuple[str, ...]]] = []
    owners: list[RuleRow] = []
    # "652.5.b Focus" labels a step of removing a player; it titles no rule (311 does).
    step_labels = {
        row.id
        for row in rules.rows
        if row.kind in rules.owning_kinds and _named_earlier(rules.rows, row, row.text)
    }
    for row in rules.rows:
        # A heading owns the rules after it down to the next heading of its level or above;
        # any rule ends the headings below its level (RulesVersion.block).
        owning = row.kind in rules.owning_kinds
        while owners and (
            owners[-1].level > row.level or (owning and owners[-1].level == row.level)
        ):
            owners.pop()
        body, *examples = _EXAMPLE.split(row.text)
        texts[row.id] = (body.strip(), tuple(examples))
        titles = tuple(o.text for o in owners if o.kind == "heading" and o.id not in step_labels)
        section = row.id.split(".")[0]
        # The heading that opens the rule's section: "808 Deathknell" for 808.1.d.
        opening = next((o.text for o in owners if o.id == section), None)
        topic: tuple[str, ...] = ()
        if int(section) in _KEYWORD_SECTIONS and opening and not owning:
            topic = (opening,)
        elif int(section) in _MULTIPLAYER_SECTIONS:
            topic = (*titles[:1], *_MULTIPLAYER_WORDS)
        outline[row.id] = RuleOutline(titles, topic)
        term, colon, definition = row.text.partition(":")
        if colon and not owning and 0 < len(term.split()) <= 3 and term[:1].isupper():
            glossary.append((term, definition.strip(), (row.id,)))
        if owning:
            owners.append(row)
    return RuleRanker.build(texts, {}, glossary, questions, outline, GAME_WORDS)


def _plain(text: str) -> str:
    """Lower case words without punctuation, as question shapes are matched."""
    return " ".join(w.replace("'", "") for w in _WORD.findall(text.casefold()))


@lru_cache(maxsize=1)
def _synonyms() -> dict[str, str]:
    """rules_data/riftbound_search_synonyms.toml: players' words -> the Core Rules' words."""
    table: dict[str, str] = load_toml(SYNONYMS_FILE)["said"]
    return {_plain(said): written for said, written in table.items()}


def card_text(card: RiftboundCard) -> str:
    return render_symbols(card.ability_text)


def current_text(entry: RiftboundCardEntry) -> str:
    """The card's text, as its newest erratum words it when the gallery still shows the wording
    that erratum replaced (Relentless Pursuit's "an Equipment", now "up to one Equipment")."""
    gallery = entry.card.text
    if not entry.errata:
        return gallery
    newest = entry.errata[0]
    if _words(newest.get("old_text", "")) != _words(gallery) or not newest.get("new_text"):
        return gallery  # the gallery already has it (or differs in a way we can't tell)
    text = re.sub(r"\n\s*\n", "\n", newest["new_text"].strip())
    # The errata write a power of the card's domain as [C]; the gallery names the domain.
    domains = entry.card.domains
    return text.replace("[C]", f"[{domains[0].title()}]") if len(domains) == 1 else text


def _words(text: str) -> str:
    """A card text without symbols, spacing or case, to compare two wordings."""
    return " ".join(re.sub(r"\[[^\]]*\]", " ", text).lower().split())


@lru_cache(maxsize=1)
def _riftbound_slang() -> dict[str, dict[str, list[str]]]:
    """rules_data/riftbound_slang.toml: Magic words and the Riftbound rules that answer them."""
    return {
        word.casefold(): dict(table) for word, table in load_toml("riftbound_slang.toml").items()
    }
