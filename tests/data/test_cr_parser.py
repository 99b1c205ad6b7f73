"""The Comprehensive Rules parser on the real files: the current one and all 110 versions."""

from __future__ import annotations

import contextlib
import datetime
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.data.cr_parser import (
    ContentsEntry,
    ParsedRules,
    decode_rules_text,
    extract_rule_refs,
    parse_comprehensive_rules,
)
from bot.errors import DataError
from bot.records.rule_numbers import parent_number, rule_sort_key
from tests.conftest import _find_shared_data

CURRENT = "MagicCompRules-20260116.txt"


@pytest.fixture(scope="module")
def current_raw(shared_data: Path) -> bytes:
    return (shared_data / "mtg-cr" / CURRENT).read_bytes()


@pytest.fixture(scope="module")
def current(current_raw: bytes) -> ParsedRules:
    return parse_comprehensive_rules(current_raw)


def test_current_has_3114_numbered_rules_from_100_1_to_905_6(current: ParsedRules) -> None:
    # Rules ("100.1") and subrules ("100.1a") count; section headings ("100.") do not.
    assert len(current.rules) == 3114
    assert current.rules[0].number == "100.1"
    assert current.rules[-1].number == "905.6"
    assert len({rule.number for rule in current.rules}) == 3114
    keys = [rule_sort_key(rule.number) for rule in current.rules]
    assert keys == sorted(keys)


def test_effective_date_and_line_endings(current: ParsedRules, current_raw: bytes) -> None:
    assert current.effective_date == datetime.date(2026, 1, 16)
    assert current_raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in current_raw
    assert not current.truncated


def test_rule_text_is_clean(current: ParsedRules) -> None:
    rule = current.by_number["115.7d"]
    assert rule.text.startswith("If an effect allows a player to “choose new targets”")
    assert rule.parent == "115.7"
    assert current.by_number["702.11b"].text == (
        "“Hexproof” on a permanent means “This permanent can’t be the target of spells or "
        "abilities your opponents control.”"
    )
    assert current.by_number["702.11"].text == "Hexproof"
    assert current.by_number["115.7"].parent == "115"
    for rule in current.rules:
        assert rule.text and "\r" not in rule.text and not rule.text[0].isspace()


def test_examples_belong_to_the_rule_above_them(current: ParsedRules) -> None:
    casting = current.by_number["601.2c"]
    assert casting.text.startswith("The player announces their choice")
    assert len(casting.examples) == 1
    assert casting.examples[0].startswith("If a spell says “Tap two target creatures,”")
    assert "Example" not in casting.text
    assert sum(len(rule.examples) for rule in current.rules) == 276
    assert current.by_number["608.2b"].examples[0].startswith("Sorin’s Thirst")


def test_indented_paragraphs_stay_with_their_rule(current: ParsedRules) -> None:
    basic = [r for r in current.rules if "Cards printed in sets prior to the Eighth" in r.text]
    assert len(basic) == 1
    assert "\nCards printed in sets prior" in basic[0].text


def test_contents_lists_chapters_and_sections(current: ParsedRules) -> None:
    contents = {entry.number: entry.title for entry in current.contents}
    assert [n for n in contents if len(n) == 1] == [str(n) for n in range(1, 10)]
    assert contents["1"] == "Game Concepts"
    assert contents["115"] == "Targets"
    assert contents["702"] == "Keyword Abilities"
    assert contents["905"] == "Conspiracy Draft"
    assert ContentsEntry("608", "Resolving Spells and Abilities") in current.contents
    sections = {rule.number.split(".")[0] for rule in current.rules}
    assert sections <= set(contents)


def test_glossary_entries_and_their_rule_references(current: ParsedRules) -> None:
    glossary = {entry.term: entry for entry in current.glossary}
    assert len(glossary) == 725
    assert glossary["Hexproof"].rule_refs == ("702.11",)
    assert glossary["Any Target"].rule_refs == ("115.4",)
    assert glossary["Mana Value"].rule_refs == ("202.3",)
    assert glossary["Counter"].rule_refs == ("701.6", "122")
    assert glossary["Zone"].rule_refs == ("4",)  # "See section 4"
    ability = glossary["Ability"].definition.split("\n")
    assert ability[0] == "1. Text on an object that explains what that object does or can do."
    assert ability[2].startswith("See rule 113")
    assert "Credits" not in glossary and "Wither" in glossary


@pytest.mark.parametrize(
    ("text", "refs"),
    [
        ("See rule 702.11, “Hexproof.”", ("702.11",)),
        ("See rules 603.6c and 603.10.", ("603.6c", "603.10")),
        (
            "See rule 104, “Ending the Game,” and rules 810.8 and rule 809.5.",
            ("104", "810.8", "809.5"),
        ),
        ("See section 4, “Zones.”", ("4",)),
        ("deals 20 damage", ()),
    ],
)
def test_extract_rule_refs(text: str, refs: tuple[str, ...]) -> None:
    assert extract_rule_refs(text) == refs


def test_every_encoding_and_line_ending_gives_the_same_rules(current_raw: bytes) -> None:
    text = decode_rules_text(current_raw)
    expected = parse_comprehensive_rules(current_raw)
    for raw in (
        text.encode("utf-8"),
        text.replace("\n", "\r").encode("utf-8"),
        text.replace("\n", "\r\n").encode("utf-16"),
        text,
    ):
        assert parse_comprehensive_rules(raw) == expected


def test_parents_chain_to_the_chapter() -> None:
    assert parent_number("115.7a") == "115.7"
    assert parent_number("115.7") == "115"
    assert parent_number("115") == "1"
    assert parent_number("1") is None


# --- all versions --------------------------------------------------------------------------


def _history_files() -> list[Path]:
    # Parametrizing needs the list at collection time, before fixtures exist.
    return sorted((_find_shared_data() / "mtg-cr" / "history").glob("*.txt"))


def test_history_holds_110_versions(shared_data: Path) -> None:
    files = sorted((shared_data / "mtg-cr" / "history").glob("*.txt"))
    assert len(files) == 110
    metadata = json.loads((shared_data / "mtg-cr" / "history" / "metadata.json").read_text())
    known = set(metadata["KnownExistingDates"])
    assert {f.stem for f in files} <= known


@pytest.mark.parametrize("path", _history_files(), ids=lambda p: p.stem)
def test_every_historical_version_parses(path: Path) -> None:
    parsed = parse_comprehensive_rules(path.read_bytes())
    year = int(path.stem[:4])
    print(f"{path.stem}: {len(parsed.rules)} rules, {len(parsed.glossary)} glossary entries")
    # 514 rules in March 2003, growing to 3,114 in January 2026.
    assert 500 <= len(parsed.rules) <= 3200
    assert parsed.effective_date is not None
    # Files are named by publication date; the stated date can differ (2006-06-01.txt is the
    # June 2004 text), but never by more than two years.
    assert abs(parsed.effective_date.year - year) <= 2
    numbers = [rule.number for rule in parsed.rules]
    assert len(set(numbers)) == len(numbers)
    assert numbers[0] == "100.1"
    contents = {entry.number: entry.title for entry in parsed.contents}
    assert contents["1"] and contents["100"] == "General"
    assert len({number[0] for number in numbers}) >= 5  # chapters 1-5 at least
    assert all(number.split(".")[0] in contents for number in numbers)
    assert sum(len(rule.examples) for rule in parsed.rules) >= 60
    assert parsed.glossary, "every version has a glossary"
    if not parsed.truncated:
        assert len(parsed.glossary) >= 200


def test_targets_were_rule_113_in_zendikar(shared_data: Path) -> None:
    parsed = parse_comprehensive_rules(
        (shared_data / "mtg-cr" / "history" / "2009-10-01.txt").read_bytes()
    )
    assert ContentsEntry("113", "Targets") in parsed.contents
    assert "target" in parsed.by_number["113.1"].text.lower()


def test_hard_wrapped_2003_paragraphs_are_joined(shared_data: Path) -> None:
    parsed = parse_comprehensive_rules(
        (shared_data / "mtg-cr" / "history" / "2003-10-01.txt").read_bytes()
    )
    rule = parsed.by_number["100.1"]
    assert rule.text == (
        "These Magic rules assume a game between two players. Optional rules allow for more "
        "players but aren't discussed here. These rules can be found at the Wizards of the Coast "
        "website at www.wizards.com/default.asp?x=magic/rules/multiplayer."
    )
    # "See rule\n419.8" is a cross-reference, not a new rule 419.8 inside chapter 2.
    assert not [r for r in parsed.rules if r.number == "419.8" and r.text.startswith('"Sources')]


def test_misnumbered_rules_are_filed_under_their_heading(shared_data: Path) -> None:
    # The October 2006 text prints "432.2b" under "423. Drawing a Card".
    parsed = parse_comprehensive_rules(
        (shared_data / "mtg-cr" / "history" / "2006-10-01.txt").read_bytes()
    )
    assert "Two-Headed Giant" in parsed.by_number["423.2b"].text
    assert "423.3" in parsed.by_number


def test_truncated_file_is_flagged(shared_data: Path) -> None:
    parsed = parse_comprehensive_rules(
        (shared_data / "mtg-cr" / "history" / "2013-02-01.txt").read_bytes()
    )
    assert parsed.truncated
    assert len(parsed.rules) > 1900


# --- robustness ----------------------------------------------------------------------------


def test_a_file_that_is_not_the_rules_is_refused() -> None:
    with pytest.raises(DataError, match=r"100\.1"):
        parse_comprehensive_rules(b"Hello\r\nworld")


@given(st.binary(max_size=2000))
@settings(max_examples=200)
def test_random_bytes_raise_only_data_error(raw: bytes) -> None:
    with contextlib.suppress(DataError):
        parse_comprehensive_rules(raw)


@given(st.text(max_size=500))
def test_random_text_around_rule_100_1_never_crashes(text: str) -> None:
    document = f"1. Game\n\n100. General\n\n100.1. Rule.\n{text}\nGlossary\n\n{text}"
    try:
        parsed = parse_comprehensive_rules(document)
    except DataError:
        return
    numbers = [rule.number for rule in parsed.rules]
    assert len(set(numbers)) == len(numbers)


@given(data=st.data())
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_mutated_real_file_keeps_its_invariants(data: st.DataObject, current_raw: bytes) -> None:
    lines = decode_rules_text(current_raw).split("\n")
    start = data.draw(st.integers(0, len(lines) - 1))
    piece = lines[start : start + data.draw(st.integers(0, 400))]
    for _ in range(data.draw(st.integers(0, 5))):
        if not piece:
            break
        at = data.draw(st.integers(0, len(piece) - 1))
        action = data.draw(st.sampled_from(["drop", "dup", "cut", "junk"]))
        if action == "drop":
            del piece[at]
        elif action == "dup":
            piece.insert(at, piece[at])
        elif action == "cut":
            piece[at] = piece[at][: len(piece[at]) // 2]
        else:
            piece[at] = data.draw(st.text(max_size=30))
    document = "\n".join(["1. Game Concepts", "", "100. General", "", "100.1. Rule.", *piece])
    separator = data.draw(st.sampled_from(["\n", "\r\n", "\r"]))
    raw = document.replace("\n", separator).encode(data.draw(st.sampled_from(["utf-8", "utf-16"])))
    try:
        parsed = parse_comprehensive_rules(raw)
    except DataError:
        return
    numbers = [rule.number for rule in parsed.rules]
    assert len(set(numbers)) == len(numbers)
    for rule in parsed.rules:
        assert rule.parent == parent_number(rule.number)
