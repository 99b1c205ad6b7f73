"""Link each Comprehensive Rules number to the number carrying the same rule in the next version.

Rules get renumbered (Targets was 415 until 2009, then 113, 114 in 2010 and 115 since 2019) and
reworded, so "the same rule" is decided by matching, between two consecutive versions:

1. the same number with the same wording, then the same wording under another number;
2. sections by title (``Targets`` -> ``Targets``), else by where most of their rules went;
3. remaining rules by text similarity (rapidfuzz) inside the matched section, rules before
   subrules so a subrule prefers to follow its parent, keeping its position when it can;
4. what is still left, anywhere in the document, only when the text clearly survives.

Each older number gets at most one newer number and the other way round, so following links
version after version gives one lineage per rule.  Words are compared with curly quotes, case and
rule references (which renumbering changes by itself) flattened.  The links are computed once, at
import time, into ``cr_links``; ``bot.reference.rule_history`` follows them.
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from bot.records.names import straight_quotes
from bot.records.rule_numbers import kind_of, parent_number

SCHEMA = """
CREATE TABLE IF NOT EXISTS cr_links (
    from_version TEXT NOT NULL,
    from_number TEXT NOT NULL,
    to_version TEXT NOT NULL,
    to_number TEXT NOT NULL,
    score REAL NOT NULL,              -- 100 = same words; lower = reworded (rapidfuzz ratio)
    method TEXT NOT NULL,             -- same, moved, title, votes, section, anywhere
    PRIMARY KEY (from_version, from_number)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS cr_links_backward ON cr_links (to_version, to_number);
"""

# Below these a pair of rules is not "the same rule" (ratio 0-100, bonuses included).
SECTION_THRESHOLD = 60.0
ANYWHERE_THRESHOLD = 78.0
_MIN_RATIO = 50.0
# Keeping the number, the kind (rule/subrule) and the parent's lineage are evidence too.
_SAME_POSITION_BONUS = 15.0
_SAME_KIND_BONUS = 8.0
_PARENT_BONUS = 10.0
# Short rules ("702.9. Flying") are matched on wording only when identical or nearly so.
_SHORT_TEXT = 30
_SHORT_THRESHOLD = 90.0

_RULE_REFERENCE = re.compile(r"\b\d{3}(?:\.\d+[a-z]?)?\b")


# Most rules keep their words from one version to the next: 220k rows hold ~12k texts.
@functools.lru_cache(maxsize=65536)
def comparable(text: str) -> str:
    """The words of a rule as compared: no case, straight quotes, rule references blanked."""
    text = straight_quotes(text).lower()
    return " ".join(_RULE_REFERENCE.sub("#", text).split())


@dataclass(frozen=True)
class Link:
    from_number: str
    to_number: str
    score: float
    method: str


@dataclass
class VersionText:
    """One version's numbered rules and headings, as the linker needs them."""

    version: str
    rules: dict[str, str]  # number -> comparable text
    headings: dict[str, str]  # "1" / "115" -> title
    sections: dict[str, list[str]] = field(default_factory=dict)  # "115" -> its rule numbers

    def __post_init__(self) -> None:
        for number in self.rules:
            self.sections.setdefault(number.split(".")[0], []).append(number)

    @classmethod
    def load(cls, conn: sqlite3.Connection, version: str) -> VersionText:
        rules = {
            number: comparable(text)
            for number, text in conn.execute(
                "SELECT number, text FROM cr_rules WHERE version = ?", (version,)
            )
        }
        headings = dict(
            conn.execute("SELECT number, title FROM cr_contents WHERE version = ?", (version,))
        )
        return cls(version, rules, headings)


class _Matching:
    """A one-to-one matching being built between an older and a newer version."""

    def __init__(self, older: VersionText, newer: VersionText) -> None:
        self.older = older
        self.newer = newer
        self.forward: dict[str, Link] = {}
        self.taken: set[str] = set()

    def add(self, old: str, new: str, score: float, method: str) -> None:
        self.forward[old] = Link(old, new, round(score, 1), method)
        self.taken.add(new)

    def free_old(self, numbers: Iterable[str]) -> list[str]:
        return [n for n in numbers if n not in self.forward]

    def free_new(self, numbers: Iterable[str]) -> list[str]:
        return [n for n in numbers if n not in self.taken]


def link_versions(older: VersionText, newer: VersionText) -> list[Link]:
    """The links from ``older``'s numbers (rules, sections, chapters) to ``newer``'s."""
    matching = _Matching(older, newer)
    _link_identical(matching)
    section_map = _map_sections(older, newer, matching.forward)
    _link_within_sections(matching, section_map)
    _link_anywhere(matching)
    rule_links = list(matching.forward.values())
    return rule_links + _link_headings(older, newer, rule_links)


def _link_identical(matching: _Matching) -> None:
    older, newer = matching.older, matching.newer
    for number, text in older.rules.items():
        if newer.rules.get(number) == text:
            matching.add(number, number, 100.0, "same")
    by_text: dict[str, list[str]] = defaultdict(list)
    for number in matching.free_new(newer.rules):
        by_text[newer.rules[number]].append(number)
    for number in matching.free_old(older.rules):
        candidates = matching.free_new(by_text.get(older.rules[number], ()))
        if len(candidates) == 1:
            matching.add(number, candidates[0], 100.0, "moved")


def _title_key(title: str) -> str:
    return comparable(title).rstrip(".")


def _map_sections(
    older: VersionText, newer: VersionText, links: dict[str, Link]
) -> dict[str, tuple[str, float, str]]:
    """Older section -> (newer section, score, method): same title first, else rule votes."""
    newer_by_title: dict[str, list[str]] = defaultdict(list)
    for number, title in newer.headings.items():
        if kind_of(number) == "section":
            newer_by_title[_title_key(title)].append(number)
    mapped: dict[str, tuple[str, float, str]] = {}
    for number, title in older.headings.items():
        if kind_of(number) != "section":
            continue
        same = newer_by_title.get(_title_key(title), [])
        if same:
            mapped[number] = (number if number in same else same[0], 100.0, "title")
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for link in links.values():
        votes[link.from_number.split(".")[0]][link.to_number.split(".")[0]] += 1
    for section in older.sections:
        if section in mapped or section not in votes:
            continue
        target, count = votes[section].most_common(1)[0]
        share = count / len(older.sections[section])
        if count >= 2 or share >= 0.5:
            mapped[section] = (target, round(100.0 * share, 1), "votes")
    return mapped


def _position(number: str) -> str:
    """``115.7a`` -> ``7a``: where a rule sits inside its section."""
    return number.partition(".")[2]


def _score(
    matching: _Matching, old: str, new: str, ratio: float, sections: dict[str, str]
) -> float:
    """Text similarity plus the structural evidence that ``old`` became ``new``."""
    shortest = min(len(matching.older.rules[old]), len(matching.newer.rules[new]))
    if shortest < _SHORT_TEXT and ratio < _SHORT_THRESHOLD:
        return 0.0
    score = ratio
    if _position(old) == _position(new) and sections.get(old.split(".")[0]) == new.split(".")[0]:
        score += _SAME_POSITION_BONUS
    if kind_of(old) == kind_of(new):
        score += _SAME_KIND_BONUS
    old_parent, new_parent = parent_number(old), parent_number(new)
    parent_link = matching.forward.get(old_parent or "")
    if (
        kind_of(old) == "subrule"
        and parent_link is not None
        and parent_link.to_number == new_parent
    ):
        score += _PARENT_BONUS
    return score


def _similarities(text: str, choices: dict[str, str], least: float) -> dict[str, float]:
    """Similarity 0-100 of ``text`` to each choice worth considering.

    Plain ratio punishes a rule that gained or lost a sentence; averaging it with the token-set
    ratio (which ignores words only one side has) keeps such a rule recognisable, while the plain
    ratio still separates rules that merely share vocabulary.  Scores below ``least`` are
    dropped early (rapidfuzz stops comparing once a cutoff can't be reached).
    """
    ratios = {
        key: score
        for _, score, key in process.extract(
            text, choices, scorer=fuzz.ratio, score_cutoff=max(0.0, 2 * least - 100), limit=None
        )
    }
    combined: dict[str, float] = {}
    for _, token_set, key in process.extract(
        text, choices, scorer=fuzz.token_set_ratio, score_cutoff=least, limit=None
    ):
        ratio = ratios.get(key, 0.0)
        score = max(ratio, (ratio + token_set) / 2)
        if score >= least:
            combined[key] = score
    return combined


def _assign(
    matching: _Matching,
    olds: list[str],
    candidates: Callable[[str], list[str]],
    sections: dict[str, str],
    threshold: float,
    method: str,
) -> None:
    """Greedy one-to-one assignment, best scoring pairs first."""
    # No bonus can lift a pair whose words alone score below this over the threshold.
    least = max(_MIN_RATIO, threshold - _SAME_POSITION_BONUS - _SAME_KIND_BONUS - _PARENT_BONUS)
    if not sections:
        least = max(least, threshold - _SAME_KIND_BONUS - _PARENT_BONUS)
    pairs: list[tuple[float, float, str, str]] = []
    for old in olds:
        choices = {n: matching.newer.rules[n] for n in candidates(old) if n not in matching.taken}
        if not choices:
            continue
        found = _similarities(matching.older.rules[old], choices, least)
        for new, ratio in found.items():
            score = _score(matching, old, new, ratio, sections)
            if score >= threshold:
                pairs.append((score, ratio, old, new))
    pairs.sort(key=lambda pair: (-pair[0], pair[2], pair[3]))
    for _, ratio, old, new in pairs:
        if old not in matching.forward and new not in matching.taken:
            matching.add(old, new, ratio, method)


def _link_within_sections(
    matching: _Matching, section_map: dict[str, tuple[str, float, str]]
) -> None:
    sections = {old: new for old, (new, _, _) in section_map.items()}
    # An unmapped section is looked for under its own number.
    for section in matching.older.sections:
        sections.setdefault(section, section)

    def same_section(old: str) -> list[str]:
        return matching.newer.sections.get(sections[old.split(".")[0]], [])

    for kind in ("rule", "subrule"):  # parents first, so subrules can follow them
        olds = [n for n in matching.free_old(matching.older.rules) if kind_of(n) == kind]
        _assign(matching, olds, same_section, sections, SECTION_THRESHOLD, "section")


def _link_anywhere(matching: _Matching) -> None:
    leftovers = matching.free_new(matching.newer.rules)
    if not leftovers:
        return
    for kind in ("rule", "subrule"):
        olds = [n for n in matching.free_old(matching.older.rules) if kind_of(n) == kind]
        _assign(matching, olds, lambda _old: leftovers, {}, ANYWHERE_THRESHOLD, "anywhere")


def _link_headings(older: VersionText, newer: VersionText, rule_links: list[Link]) -> list[Link]:
    """Sections and chapters: by title, else by where their rules went."""
    links: list[Link] = []
    linked = {link.from_number: link for link in rule_links}
    taken: set[str] = set()
    for kind in ("section", "chapter"):
        mapped = _map_sections_or_chapters(older, newer, linked, kind)
        for old, (new, score, method) in sorted(mapped.items(), key=lambda item: -item[1][1]):
            if new not in taken:
                taken.add(new)
                link = Link(old, new, score, method)
                links.append(link)
                linked[old] = link
    return links


def _map_sections_or_chapters(
    older: VersionText, newer: VersionText, linked: dict[str, Link], kind: str
) -> dict[str, tuple[str, float, str]]:
    by_title: dict[str, list[str]] = defaultdict(list)
    for number, title in newer.headings.items():
        if kind_of(number) == kind:
            by_title[_title_key(title)].append(number)
    members: dict[str, list[str]] = defaultdict(list)
    # A section's members are its rules; a chapter's are its sections.
    member_kinds = ("rule", "subrule") if kind == "section" else ("section",)
    for number in linked:
        if kind_of(number) in member_kinds:
            members[number.split(".")[0] if kind == "section" else number[0]].append(number)
    mapped: dict[str, tuple[str, float, str]] = {}
    for number in {*older.headings, *members}:
        if kind_of(number) != kind:
            continue
        same = by_title.get(_title_key(older.headings.get(number, "")), [])
        if same and number in older.headings:
            mapped[number] = (number if number in same else same[0], 100.0, "title")
            continue
        votes = Counter(
            linked[m].to_number.split(".")[0] if kind == "section" else linked[m].to_number[0]
            for m in members.get(number, [])
        )
        if votes:
            target, count = votes.most_common(1)[0]
            total = (
                len(older.sections.get(number, []))
                if kind == "section"
                else len([h for h in older.headings if parent_number(h) == number])
            )
            share = count / max(total, count)
            if share >= 0.5 and kind_of(target) == kind:
                mapped[number] = (target, round(100.0 * share, 1), "votes")
    return mapped


# --- storage --------------------------------------------------------------------------------


def create_schema(conn: sqlite3.Connection) -> None:
    conn.executescript(SCHEMA)


def store_links(conn: sqlite3.Connection, older: str, newer: str, links: Iterable[Link]) -> int:
    rows = [(older, k.from_number, newer, k.to_number, k.score, k.method) for k in links]
    conn.executemany(
        "INSERT OR REPLACE INTO cr_links "
        "(from_version, from_number, to_version, to_number, score, method) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        rows,
    )
    return len(rows)


def relink_all(
    conn: sqlite3.Connection, progress: Callable[[str, int, int], None] | None = None
) -> int:
    """Recompute every link between consecutive stored versions; returns the number stored."""
    create_schema(conn)
    versions = [row[0] for row in conn.execute("SELECT id FROM cr_versions ORDER BY id")]
    total = 0
    with conn:
        conn.execute("DELETE FROM cr_links")
        previous: VersionText | None = None
        for done, version in enumerate(versions):
            if progress is not None:
                progress("Linking rule numbers across versions", done, len(versions))
            current = VersionText.load(conn, version)
            if previous is not None:
                total += store_links(
                    conn, previous.version, version, link_versions(previous, current)
                )
            previous = current
    if progress is not None:
        progress("Linking rule numbers across versions", len(versions), len(versions))
    return total
