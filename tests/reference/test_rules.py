"""RuleIndex on the real current Comprehensive Rules (and the 2009 Zendikar version)."""

from __future__ import annotations

import contextlib
import re
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.data.cr_import import import_rules, import_rules_file
from bot.errors import DataError, NotFoundError, UsageError, UserError
from bot.records.rule_numbers import normalize_rule_number, rule_sort_key, sort_key_text
from bot.reference.rules import (
    ChapterAnswer,
    RuleAnswer,
    RuleIndex,
    SearchAnswer,
    SectionAnswer,
    TermAnswer,
    load_aliases,
)
from bot.reference.store import Reference


@pytest.fixture(scope="module")
def index(rules_reference: Reference) -> RuleIndex:
    return rules_reference.rules


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("115.7", "115.7"),
        ("115.7.", "115.7"),
        ("115.7a", "115.7a"),
        ("CR 115.7a", "115.7a"),
        ("cr115.7a", "115.7a"),
        ("r115.7a", "115.7a"),
        ("rule 115.7a", "115.7a"),
        ("Rule 115.7 A", "115.7a"),
        ("115.7 a", "115.7a"),
        ("  115.7A  ", "115.7a"),
        # Forms found by QA 10 (#11): a letter in brackets, a decimal comma, a section sign.
        ("rule 115.7(a)", "115.7a"),
        ("115.7 (a)", "115.7a"),
        ("115,7a", "115.7a"),
        ("§115.7a", "115.7a"),
        ("§ 115.7", "115.7"),
        ("CR §115.7a", "115.7a"),
        # A dash for the dot (QA): "702-19" is 702.19.
        ("702-19", "702.19"),
        ("702–19b", "702.19b"),
        ("2011-06-17", None),
        ("702.19cc", None),
        ("115.7(a", None),
        ("115.7()", None),
        ("115", "115"),
        ("1", "1"),
        ("hexproof", None),
        ("12", None),
        ("115a", None),
        ("1.7", None),
        ("", None),
    ],
)
def test_normalize_rule_number(query: str, expected: str | None) -> None:
    assert normalize_rule_number(query) == expected


_SEPARATORS = st.sampled_from([".", ",", " . ", ", "])
_LETTER_FORMS = st.sampled_from(["{}", "{}", " {}", "({})", " ({})", "{}."])
_PREFIXES = st.sampled_from(["", "rule ", "Rule ", "CR ", "cr", "r. ", "§", "§ ", "CR §", "#"])


@given(
    st.integers(100, 999),
    st.integers(1, 200),
    st.sampled_from("abcdefghijkmnpqrstuvwxyz") | st.just(""),
    _PREFIXES,
    _SEPARATORS,
    _LETTER_FORMS,
    st.booleans(),
)
def test_every_typed_form_of_a_rule_number_reads_as_the_number(
    section: int, rule: int, letter: str, prefix: str, separator: str, form: str, upper: bool
) -> None:
    typed = f"{prefix}{section}{separator}{rule}{form.format(letter.upper() if upper else letter) if letter else ''}"
    assert normalize_rule_number(typed) == f"{section}.{rule}{letter}", typed


@pytest.mark.parametrize("typed", ["rule 115.7(a)", "rule 115,7a", "rule §115.7a"])
def test_odd_forms_of_a_rule_number_show_the_rule(index: RuleIndex, typed: str) -> None:
    answer = index.lookup(typed)
    assert isinstance(answer, RuleAnswer)
    # CR 115.7a: "If an effect allows a player to “change the target(s)” of a spell or ability,
    # each target can be changed only to another legal target."
    assert answer.rule.number == "115.7a"
    assert answer.rule.text.startswith("If an effect allows a player to “change the target(s)”")


def test_sort_keys_follow_document_order() -> None:
    numbers = ["1", "100", "100.1", "100.1a", "100.1b", "100.2", "100.10", "101", "2", "200.1"]
    # Plain string order would put "100.10" before "100.2" and "2" before "200.1" wrongly.
    shuffled = ["100.10", "2", "100.1b", "1", "200.1", "100.2", "101", "100.1a", "100", "100.1"]
    assert sorted(shuffled, key=rule_sort_key) == numbers
    assert sorted(shuffled, key=sort_key_text) == numbers


@pytest.mark.parametrize("query", ["115.7", "CR 115.7", "rule 115.7.", "cr115.7", "r 115.7"])
def test_rule_number_shows_rule_and_subrules(index: RuleIndex, query: str) -> None:
    answer = index.lookup(query)
    assert isinstance(answer, RuleAnswer)
    assert answer.rule.number == "115.7"
    assert [r.number for r in answer.subrules] == [f"115.7{c}" for c in "abcdef"]
    assert answer.section.number == "115" and answer.section.text == "Targets"
    assert answer.version == "2026-01-16"


def test_subrule_with_examples(index: RuleIndex) -> None:
    answer = index.lookup("rule 601.2c")
    assert isinstance(answer, RuleAnswer)
    assert answer.rule.text.startswith("The player announces their choice")
    assert answer.rule.examples[0].startswith("If a spell says “Tap two target creatures,”")
    assert answer.subrules == ()
    d = index.lookup("115.7d")
    assert isinstance(d, RuleAnswer) and "choose new targets" in d.rule.text


def test_section_shows_title_and_rules(index: RuleIndex) -> None:
    answer = index.lookup("115")
    assert isinstance(answer, SectionAnswer)
    assert answer.title == "Targets"
    assert [r.number for r in answer.rules] == [f"115.{n}" for n in range(1, 11)]


def test_chapter_shows_sections(index: RuleIndex) -> None:
    answer = index.lookup("1")
    assert isinstance(answer, ChapterAnswer)
    assert answer.title == "Game Concepts"
    assert ("115", "Targets") in [(s.number, s.text) for s in answer.sections]
    assert all(s.number.startswith("1") and len(s.number) == 3 for s in answer.sections)


@pytest.mark.parametrize("query", ["hexproof", "Hexproof", "HEXPROOF.", "what is hexproof?"])
def test_glossary_term_comes_with_its_rules(index: RuleIndex, query: str) -> None:
    answer = index.lookup(query)
    assert isinstance(answer, TermAnswer)
    assert answer.source == "glossary" and answer.term == "Hexproof"
    assert answer.definition.startswith("A keyword ability that precludes")
    numbers = [r.number for r in answer.rules]
    assert numbers[0] == "702.11" and "702.11b" in numbers
    assert "This permanent can’t be the target" in answer.rules[numbers.index("702.11b")].text


@pytest.mark.parametrize(
    ("query", "term", "first_rule"),
    [
        ("any target", "Any Target", "115.4"),
        ("Any-Target", "Any Target", "115.4"),
        ("mana value", "Mana Value", "202.3"),
        ("mana values", "Mana Value", "202.3"),
        ("targets", "Target", "115"),
        ("state-based actions", "State-Based Actions", "704"),
        ("your", "You, Your", "109.5"),
    ],
)
def test_glossary_variants(index: RuleIndex, query: str, term: str, first_rule: str) -> None:
    answer = index.lookup(query)
    assert isinstance(answer, TermAnswer)
    assert answer.term == term
    assert answer.rules[0].number == first_rule


@pytest.mark.parametrize(
    ("query", "term", "first_rule"),
    [
        ("timestamp", "Timestamp Order", "613.7"),
        ("upkeep", "Upkeep Step", "503"),
        ("cleanup", "Cleanup Step", "514"),
        ("treasure", "Treasure Token", "111.10"),
        ("treasures", "Treasure Token", "111.10"),
        ("main", "Main Phase", "505"),
        ("poison", "Poison Counter", "122"),
    ],
)
def test_a_glossary_term_is_found_without_its_head_noun(
    index: RuleIndex, query: str, term: str, first_rule: str
) -> None:
    answer = index.lookup(query)
    assert isinstance(answer, TermAnswer)
    assert (answer.term, answer.rules[0].number) == (term, first_rule)


def test_a_glossary_pointer_answers_with_the_entry_it_points_to(index: RuleIndex) -> None:
    # CR glossary: "Range of Influence: See Limited Range of Influence." and "Limited Range of
    # Influence: ... See rule 801" (QA 26 M4: the pointer alone was the whole answer).
    answer = index.lookup("range of influence")
    assert isinstance(answer, TermAnswer)
    assert answer.definition.startswith("See Limited Range of Influence.")
    assert "An optional rule used in some multiplayer games" in answer.definition
    assert answer.rules[0].number == "801"


def test_treasure_shows_the_treasure_token_rule(index: RuleIndex) -> None:
    answer = index.lookup("treasure")
    assert isinstance(answer, TermAnswer)
    assert "111.10a" in [entry.number for entry in answer.rules]


def test_eot_inside_a_question_reads_as_end_of_turn(index: RuleIndex) -> None:
    # "until eot" is the CR's "until end of turn" (514.2), not a question about the end step.
    answer = index.search("until eot")
    assert answer.hits[0].key == "514.2"


def test_keyword_without_glossary_entry_is_found_by_name(index: RuleIndex) -> None:
    answer = index.lookup("web-slinging")
    assert isinstance(answer, TermAnswer)
    assert answer.rules[0].text == "Web-slinging"
    assert answer.rules[0].number.startswith("702.")


@pytest.mark.parametrize(
    ("slang", "rule"),
    [
        ("fizzle", "608.2b"),
        ("ETB", "603.6a"),
        ("cmc", "202.3"),
        ("LTB", "603.6c"),
        ("bounce", "400.7"),
        ("flicker", "400.7"),
        ("APNAP", "101.4"),
        ("summoning sick", "302.6"),
        # "Speed" is also a 2025 mechanic: the glossary's Speed must not answer these.
        ("instant speed", "117.1a"),
        ("sorcery speed", "307.1"),
        ("LKI", "608.2h"),
        ("tutor", "701.23a"),
        ("cantrip", "121.1"),
        ("board wipe", "701.8a"),
        ("pump", "613.4c"),
        ("anthem", "613.4c"),
        ("threaten", "613.1b"),
        ("burn", "120.2b"),
        ("EOT", "513.1"),
        ("manland", "205.1b"),
        ("chump block", "509.1a"),
        ("on the draw", "103.8a"),
    ],
)
def test_slang_points_at_the_rule(index: RuleIndex, slang: str, rule: str) -> None:
    answer = index.lookup(slang)
    assert isinstance(answer, TermAnswer)
    assert answer.source == "alias"
    assert answer.rules[0].number == rule


def test_every_alias_names_existing_rules(index: RuleIndex) -> None:
    for alias in load_aliases():
        for number in alias.rules:
            assert index.rule(number) is not None, (alias.names[0], number)


def test_free_text_ranks_the_change_target_rules_first(index: RuleIndex) -> None:
    answer = index.lookup("can I change the target of a spell")
    assert isinstance(answer, SearchAnswer)
    keys = [hit.key for hit in answer.hits]
    top = keys[:5]
    assert sum(key.startswith("115.7") for key in top) >= 2, keys
    # Results show rule text plainly: no per-word bold (issue 13).
    assert not any("**" in hit.snippet for hit in answer.hits)


def test_free_text_uses_slang(index: RuleIndex) -> None:
    answer = index.lookup("does a spell fizzle if its only target gets hexproof")
    assert isinstance(answer, SearchAnswer)
    assert answer.hits[0].key == "608.2b"
    # The glossary's "Hexproof" isn't the question: it brings the rule it cites instead.
    keys = [hit.key for hit in answer.hits]
    assert any(re.fullmatch(r"702\.11[a-z]?", key) for key in keys), keys
    assert "Hexproof" not in keys


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how much damage does trample assign to the blocker", "702.19"),
        ("what happens when a player has ten poison counters", "704.5c"),
        ("who chooses first when players choose at the same time", "101.4"),
    ],
)
def test_natural_questions_find_the_rule(index: RuleIndex, question: str, expected: str) -> None:
    answer = index.search(question)
    assert any(hit.key.startswith(expected) for hit in answer.hits), [h.key for h in answer.hits]


@pytest.mark.parametrize(
    "question",
    [
        "what happens if my spell's target dies",
        "my spell's target died in response",
        "what if my ability's target leaves the battlefield",
        "the target was exiled before my spell resolved",
    ],
)
def test_a_target_that_left_its_zone_is_illegal_on_resolution(
    index: RuleIndex, question: str
) -> None:
    # CR 608.2b: "A target that's no longer in the zone it was in when it was targeted is
    # illegal."  QA 10 found only 115.x (how targets are chosen) for "target dies".  ("leaves
    # the battlefield" also names 603.6c's leaves-the-battlefield abilities, which may come
    # first since stop 37's written questions.)
    answer = index.search(question)
    assert "608.2b" in [h.key for h in answer.hits[:3]], [h.key for h in answer.hits]


def test_a_question_about_a_glossary_concept_gets_the_rule_first(index: RuleIndex) -> None:
    # Issue 13's example: 608.2b ranked 7th of 8, behind the "Illegal Target" definition and
    # rules about changing targets. The definition now vouches for 608.2b, which it cites.
    answer = index.search("what happens if my spell's only target becomes illegal")
    assert answer.hits[0].key == "608.2b", [h.key for h in answer.hits]
    assert all(hit.kind == "rule" for hit in answer.hits)


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("how does phasing work", "702.26"),
        ("what does sacrifice mean", "701.21"),
        ("how does proliferate work", "701.34"),
    ],
)
def test_a_question_about_one_keyword_gets_its_rule_first(
    index: RuleIndex, question: str, rule: str
) -> None:
    # CR 702.26 is titled "Phasing": the whole keyword rule answers "how does phasing work"
    # (before, a rule that merely mentions phasing came first).  The bare title is shown as
    # the subrule defining it (702.26a "Phasing is a static ability ...").
    first = index.search(question).hits[0]
    assert first.key == f"{rule}a"
    assert first.title.endswith(index.rule(rule).text)


def test_words_that_name_a_section_weigh_for_its_rules(index: RuleIndex) -> None:
    # "cleanup step" is the title of CR 514: its discard rule beats 402.2 (maximum hand size),
    # which ranked first on words alone.
    answer = index.search("discard to hand size in the cleanup step")
    assert answer.hits[0].key == "514.1", [h.key for h in answer.hits]


@pytest.mark.parametrize("query", ["999.9z", "115.99", "116.20", "rule 950"])
def test_unknown_numbers_suggest_the_nearest_rules(index: RuleIndex, query: str) -> None:
    with pytest.raises(NotFoundError) as caught:
        index.lookup(query)
    assert caught.value.suggestions
    assert all(index.rule(s) is not None for s in caught.value.suggestions)
    assert "Did you mean" in str(caught.value)


@pytest.mark.parametrize(
    ("query", "meant"),
    [("702.19cc", "702.19c"), ("rule 115.7a2", "115.7a"), ("702.19x1", "702.19")],
)
def test_a_rule_number_with_more_stuck_to_it_says_which_rule_was_meant(
    index: RuleIndex, query: str, meant: str
) -> None:
    # It was searched as words ("702.19cc" found 608.3g).
    with pytest.raises(NotFoundError) as caught:
        index.lookup(query)
    assert f"There is no rule {query}" in caught.value.message
    assert caught.value.suggestions[0] == meant


def test_a_rule_number_with_a_dash_is_the_rule(index: RuleIndex) -> None:
    answer = index.lookup("702-19")
    assert isinstance(answer, RuleAnswer)
    assert answer.rule.number == "702.19" and answer.rule.text == "Trample"


@pytest.mark.parametrize("query", ["", "   ", "\n\t"])
def test_empty_query_shows_the_expected_form(index: RuleIndex, query: str) -> None:
    with pytest.raises(UsageError) as caught:
        index.lookup(query)
    assert "115.7a" in caught.value.hint


@pytest.mark.parametrize(
    "query",
    [
        "x" * 10_000,
        "target " * 1500,
        "🔥🧙‍♂️",
        "hexproof 🔥",
        "'; DROP TABLE rules; --",
        '"unbalanced quote',
        '"',
        "*",
        "target*",
        "NEAR(target spell)",
        "target NEAR spell",
        "-target",
        "target AND NOT spell",
        "col:target",
        "^target",
        "{2}{U}",
        "\x00\x01",
        "zzzzqqqxxy",
    ],
)
def test_hostile_input_gives_results_or_a_friendly_error(index: RuleIndex, query: str) -> None:
    try:
        answer = index.lookup(query)
    except UserError as error:
        assert error.message
        return
    assert answer.version == "2026-01-16"


@given(st.text(max_size=200))
@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_text_gives_results_or_a_user_error(index: RuleIndex, query: str) -> None:
    try:
        index.lookup(query)
        index.autocomplete(query)
    except UserError:
        pass


def test_the_rules_table_survives_sql_looking_input(index: RuleIndex) -> None:
    with contextlib.suppress(UserError):
        index.lookup("'; DROP TABLE cr_rules; --")
    assert index.rule("115.7d") is not None


# --- autocomplete --------------------------------------------------------------------------


def test_autocomplete_rule_numbers(index: RuleIndex) -> None:
    choices = index.autocomplete("115.7")
    assert [value for _, value in choices] == ["115.7", *(f"115.7{c}" for c in "abcdef")]
    assert choices[0][0].startswith("115.7 Some effects allow a player to change the target")
    assert all(len(label) <= 100 for label, _ in choices)


def test_autocomplete_terms_best_first(index: RuleIndex) -> None:
    assert index.autocomplete("hex")[0] == ("Hexproof", "Hexproof")
    values = [value for _, value in index.autocomplete("target")]
    assert values[0] == "Target"
    assert "Any Target" in values  # a later word of the term matches too
    assert "fizzle" in [v for _, v in index.autocomplete("fizz")]


@pytest.mark.parametrize("prefix", ["", "1", "7", "702", "a", "s", "cr 1", "mana"])
def test_autocomplete_limits(index: RuleIndex, prefix: str) -> None:
    choices = index.autocomplete(prefix)
    assert 0 < len(choices) <= 25
    assert all(len(label) <= 100 and len(value) <= 100 for label, value in choices)
    assert len(index.autocomplete(prefix, limit=3)) <= 3
    assert len(index.autocomplete(prefix, limit=500)) <= 25


def test_autocomplete_values_resolve(index: RuleIndex) -> None:
    for prefix in ("11", "fl", "mana", "c"):
        for _, value in index.autocomplete(prefix):
            index.lookup(value)  # never raises: every offered value is answerable


# --- versions ------------------------------------------------------------------------------


def test_other_versions_stay_reachable(index: RuleIndex) -> None:
    assert index.versions == ("2009-10-01", "2026-01-16")
    assert index.current_version == "2026-01-16"
    old = index.lookup("113", version="2009-10-01")
    assert isinstance(old, SectionAnswer) and old.title == "Targets"
    old_rule = index.rule("113.1", version="2009-10-01")
    assert old_rule is not None and "target" in old_rule.text.lower()
    assert index.rule("113.1") is not None and "target" not in index.rule("113.1").text.lower()
    assert index.version_in_effect("2015-06-01") == "2009-10-01"
    assert index.version_in_effect("2001-01-01") is None
    with pytest.raises(NotFoundError):
        index.lookup("113", version="1999-01-01")
    with pytest.raises(UsageError):
        index.search("targets", version="2009-10-01")


# --- importer ------------------------------------------------------------------------------


def _source_dir(tmp_path: Path, shared_data: Path, history: list[str]) -> Path:
    """A folder laid out like shared/data, linking (not copying) the real files."""
    cr = tmp_path / "mtg-cr"
    (cr / "history").mkdir(parents=True)
    current = shared_data / "mtg-cr" / "MagicCompRules-20260116.txt"
    (cr / current.name).symlink_to(current)
    for name in history:
        (cr / "history" / f"{name}.txt").symlink_to(
            shared_data / "mtg-cr" / "history" / f"{name}.txt"
        )
    return tmp_path


def test_import_rules_stores_every_version(tmp_path: Path, shared_data: Path) -> None:
    source = _source_dir(tmp_path, shared_data, ["2003-03-15", "2006-06-01", "2026-01-16"])
    conn = sqlite3.connect(":memory:")
    steps: list[str] = []
    meta = import_rules(conn, source, lambda task, done, total: steps.append(task))
    # 2026-01-16 is both the current file and a history file: stored once, as current.
    # 2006-06-01.txt says it is effective June 1, 2004, and is stored under that date.
    assert meta == {
        "cr_effective_date": "2026-01-16",
        "cr_versions": "3",
        "cr_rules_count": "3114",
    }
    versions = conn.execute("SELECT id, is_current, rule_count FROM cr_versions ORDER BY id")
    assert versions.fetchall() == [
        ("2003-03-15", 0, 514),
        ("2004-06-01", 0, 697),
        ("2026-01-16", 1, 3114),
    ]
    text = conn.execute(
        "SELECT text FROM cr_rules WHERE version = '2003-03-15' AND number = '102.8'"
    ).fetchone()[0]
    assert text.startswith("If a player has ten or more poison counters")
    assert conn.execute("SELECT count(*) FROM cr_search").fetchone()[0] == 3114 + 725
    assert steps


def test_importing_a_cut_short_current_file_is_refused(tmp_path: Path, shared_data: Path) -> None:
    raw = (shared_data / "mtg-cr" / "MagicCompRules-20260116.txt").read_bytes()
    cr = tmp_path / "mtg-cr"
    cr.mkdir()
    (cr / "MagicCompRules-20260116.txt").write_bytes(raw[: len(raw) // 2])
    # The file's own table of contents names sections the cut removed.
    with pytest.raises(
        DataError, match=r"lists \d+ section\(s\) in its contents that have no rules"
    ):
        import_rules(sqlite3.connect(":memory:"), tmp_path, lambda *_: None)
    with pytest.raises(DataError, match="No Comprehensive Rules file"):
        import_rules(sqlite3.connect(":memory:"), tmp_path / "nowhere", lambda *_: None)


def test_import_rules_file_replaces_a_version(tmp_path: Path, shared_data: Path) -> None:
    conn = sqlite3.connect(":memory:")
    path = shared_data / "mtg-cr" / "history" / "2009-10-01.txt"
    assert import_rules_file(conn, path, current=False) == "2009-10-01"
    assert import_rules_file(conn, path, current=False) == "2009-10-01"
    count = conn.execute("SELECT count(*) FROM cr_rules WHERE version = '2009-10-01'")
    assert count.fetchone()[0] == 1599


@pytest.mark.slow
def test_import_all_110_versions(tmp_path: Path, shared_data: Path) -> None:
    conn = sqlite3.connect(tmp_path / "all.sqlite")
    meta = import_rules(conn, shared_data, lambda *_: None)
    assert meta == {
        "cr_effective_date": "2026-01-16",
        "cr_versions": "110",
        "cr_rules_count": "3114",
    }
    index = RuleIndex.from_connection(conn)
    assert len(index.versions) == 110
    assert index.rule("113.1", version="2009-10-01") is not None


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # 114.1: "... An emblem is a marker used to represent an object that has one or more
        # abilities, but usually no other characteristics." (114. Emblems)
        ("what is an emblem", "114.1"),
        # 111.1: "... A token is a marker used to represent any permanent that isn't
        # represented by a card." (111. Tokens)
        ("what is a token", "111.1"),
    ],
)
def test_what_is_a_thing_a_section_is_about_opens_with_its_first_rule(
    index: RuleIndex, question: str, rule: str
) -> None:
    answer = index.lookup(question)
    assert isinstance(answer, SearchAnswer)
    assert answer.hits[0].key == rule
