"""The French term table: it loads, it is big enough, and every rule number it cites is real."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.errors import DataError
from bot.reference.french import FrenchGlossary, glossary, tokens
from bot.resources import load_toml

RULE_LINE = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? (.+)$", re.M)


@pytest.fixture(scope="module")
def current_cr(shared_data: Path) -> dict[str, str]:
    """Rule number -> its text including every subrule, from the real CR file."""
    raw = (shared_data / "mtg-cr" / "MagicCompRules-20260116.txt").read_text(encoding="utf-8-sig")
    text = raw.replace("\r\n", "\n").replace("\r", "\n")
    rules_part = text[: text.rfind("\nGlossary")]
    subtree: dict[str, list[str]] = {}
    for number, body in RULE_LINE.findall(rules_part):
        if number in subtree and body in subtree[number]:
            continue  # the table of contents repeats section titles
        for ancestor in _ancestors(number):
            subtree.setdefault(ancestor, []).append(body)
    return {number: " ".join(bodies) for number, bodies in subtree.items()}


def _ancestors(number: str) -> list[str]:
    """``"115.7a"`` -> ``["115.7a", "115.7", "115"]``."""
    out = [number]
    if number[-1].isalpha():
        out.append(number[:-1])
    if "." in number:
        out.append(number.split(".")[0])
    return list(dict.fromkeys(out))


def test_the_table_loads_and_covers_the_common_vocabulary() -> None:
    terms = glossary().terms
    assert len(terms) >= 80
    assert len({t.french for t in terms}) == len(terms)


def test_every_rule_number_exists_in_the_current_cr(current_cr: dict[str, str]) -> None:
    missing = sorted({r for t in glossary().terms for r in t.rules if r not in current_cr})
    assert missing == []


def test_each_term_points_at_rules_about_it(current_cr: dict[str, str]) -> None:
    """A wrong number is a bug: at least one cited rule must mention the English term."""

    def mentions(number: str, english: str) -> bool:
        text = current_cr[number].casefold()
        words = [w for w in re.findall(r"[a-z]+", english.casefold()) if len(w) >= 3]
        return any(w[:5] in text for w in words) or not words

    wrong = [
        (t.french, t.english, t.rules)
        for t in glossary().terms
        if not any(mentions(r, t.english) for r in t.rules)
    ]
    assert wrong == []


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "no \\[\\[term\\]\\]|empty"),
        ([{"french": "cible"}], "no `english`"),
        ([{"french": "cible", "english": "target", "rules": ["115.77.1"]}], "malformed rule"),
        ([{"french": "cible", "english": "target", "rules": [], "also": "ciblé"}], "`also`"),
        (
            [
                {"french": "cible", "english": "target", "rules": ["115"]},
                {"french": "Ciblé", "english": "aim", "rules": ["115"]},
            ],
            "translate differently",
        ),
        ([{"french": "!!", "english": "x", "rules": []}], "no letters"),
    ],
)
def test_broken_tables_are_data_errors(rows: list[dict], message: str) -> None:
    with pytest.raises(DataError, match=message):
        FrenchGlossary.from_table({"term": rows})


def test_the_shipped_file_parses_as_toml_with_term_entries() -> None:
    data = load_toml("french_terms.toml")
    assert all(tokens(row["french"]) for row in data["term"])
