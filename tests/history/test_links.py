"""Renumbering links computed at import, checked on the real 2009 -> 2026 Targets rules."""

from __future__ import annotations

import itertools
import sqlite3
from pathlib import Path

import pytest

from bot.data.cr_links import VersionText, comparable, link_versions
from bot.reference.rule_history import RuleHistory

# Read side by side (2009-10-01 section 113 "Targets", 2026-01-16 section 115 "Targets"):
# each of these 2009 rules survives, reworded at most, under the 2026 number given.
TARGETS_2009_TO_2026 = {
    "113.1": "115.1",
    "113.1a": "115.1a",
    "113.1b": "115.1b",
    "113.1c": "115.1c",
    "113.1d": "115.1d",
    "113.1e": "115.1e",
    "113.2": "115.2",
    "113.3": "115.3",
    "113.4": "115.5",  # "...an illegal target for itself."; 115.4 ("any target") was inserted
    "113.5": "115.6",  # zero or more targets
    "113.6": "115.7",  # changing targets, since split into 115.7 and 115.7a-f
    "113.6a": "115.8",  # modal spells: changing targets doesn't change the mode
    "113.7": "115.9",  # objects that check what a spell targets
    "113.7a": "115.9b",  # "that targets [something]": a and b swapped places
    "113.7b": "115.9a",  # "with a single target", now "with [a number of] targets"
    "113.7c": "115.9c",
    "113.9": "115.10",
    "113.9a": "115.10a",
    "113.9b": "115.10b",  # the word "you" doesn't indicate a target
}


@pytest.mark.parametrize(("old", "new"), sorted(TARGETS_2009_TO_2026.items()))
def test_targets_2009_map_to_2026_subrule_by_subrule(
    history: RuleHistory, old: str, new: str
) -> None:
    today = history.today(old, "2009-10-01")
    assert today is not None and today.number == new


def test_every_2009_targets_rule_is_followed_to_today(history: RuleHistory) -> None:
    rows = history._conn.execute(
        "SELECT number FROM cr_rules WHERE version = '2009-10-01' AND number LIKE '113.%'"
    ).fetchall()
    assert {row[0] for row in rows} == set(TARGETS_2009_TO_2026)


def test_sections_follow_their_titles(history: RuleHistory) -> None:
    # Targets: 415 (2003-2009), 113 (M10), 114 (2010), 115 (2019).
    assert [s.number for s in history.lineage("115", "2026-01-16")][:1] == ["415"]
    numbers = {s.version: s.number for s in history.lineage("115", "2026-01-16")}
    assert numbers["2009-05-01"] == "415"
    assert numbers["2009-10-01"] == "113"
    assert numbers["2010-07-16"] == "114"
    assert numbers["2019-07-12"] == "115"


def test_links_are_one_to_one_between_consecutive_versions(full_rules_path: Path) -> None:
    conn = sqlite3.connect(full_rules_path)
    versions = [row[0] for row in conn.execute("SELECT id FROM cr_versions ORDER BY id")]
    pairs = conn.execute("SELECT DISTINCT from_version, to_version FROM cr_links").fetchall()
    assert sorted(pairs) == list(itertools.pairwise(versions))
    duplicated = conn.execute(
        "SELECT count(*) FROM (SELECT to_version, to_number FROM cr_links "
        "GROUP BY to_version, to_number HAVING count(*) > 1)"
    ).fetchone()[0]
    assert duplicated == 0
    # An unchanged rule keeps its number: most links between two recent versions are "same".
    methods = dict(
        conn.execute(
            "SELECT method, count(*) FROM cr_links WHERE from_version = '2025-11-14' "
            "GROUP BY method"
        ).fetchall()
    )
    assert methods["same"] > 0.9 * sum(methods.values())
    conn.close()


def test_linking_two_distant_versions_directly(full_rules_path: Path) -> None:
    """The linker works on any two versions, not only neighbours (a gap of 16 years here)."""
    conn = sqlite3.connect(full_rules_path)
    older = VersionText.load(conn, "2009-10-01")
    newer = VersionText.load(conn, "2026-01-16")
    conn.close()
    links = {link.from_number: link.to_number for link in link_versions(older, newer)}
    assert links["113"] == "115"
    for old in ("113.1", "113.1a", "113.2", "113.3", "113.7c", "113.9b"):
        assert links[old] == TARGETS_2009_TO_2026[old]


def test_comparable_ignores_quotes_case_and_rule_references() -> None:
    assert comparable("See rule 114.6a, “Target.”") == comparable('see  rule 115.7a, "target."')
    assert comparable("It’s") != comparable("It is")
