"""Looking up MTR and IPG sections by number, title words and free text, on the real documents."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import DataMissingError, NotFoundError, UsageError, UserError
from bot.reference.docs import MAX_AUTOCOMPLETE, MAX_CHOICE_CHARS, DocsIndex


@pytest.mark.parametrize(
    ("doc", "query", "number", "title"),
    [
        ("mtr", "mtr 3.2", "3.2", "Format Categories"),
        ("mtr", "3.2", "3.2", "Format Categories"),
        ("ipg", "ipg 2.2", "2.2", "Game Play Error — Looking at Extra Cards"),
        ("mtr", "mtr 4.2", "4.2", "Tournament Shortcuts"),
        ("ipg", "ipg 2.5", "2.5", "Game Play Error — Game Rule Violation"),
        ("ipg", "section 1.4", "1.4", "Backing Up"),
        ("mtr", "mtr 4.2.", "4.2", "Tournament Shortcuts"),
        ("mtr", "04.02", "4.2", "Tournament Shortcuts"),
        ("mtr", "5", "5", "Tournament Violations"),
        ("mtr", "appendix b", "B", "Time Limits"),
        ("mtr", "App. C", "C", "Tiebreaker Explanation"),
        ("ipg", "a", "A", "Penalty Quick Reference"),
    ],
)
def test_section_numbers_answer_with_their_titles(
    docs: DocsIndex, doc: str, query: str, number: str, title: str
) -> None:
    match = docs.lookup(doc, query)  # type: ignore[arg-type]
    assert (match.section.number, match.section.title) == (number, title)
    assert match.matched_by == "number"


@pytest.mark.parametrize(
    ("doc", "query", "number", "words"),
    [
        ("ipg", "hidden card error", "2.3", "Hidden Card Error"),
        ("ipg", "ipg hidden card error", "2.3", "Hidden Card Error"),
        ("mtr", "mtr outside assistance", "5.6", "Outside Assistance"),
        ("ipg", "Outside Assistance", "3.2", "Outside Assistance"),
        ("mtr", "shortcut", "4.2", "Tournament Shortcuts"),
        ("ipg", "GRE", "2.5", "Game Rule Violation"),
        ("ipg", "fmgs", "2.6", "Failure to Maintain Game State"),
        ("mtr", "REL", "1.12", "Rules Enforcement Levels"),
        ("ipg", "cheating", "4.8", "Cheating"),
        ("mtr", "cheating", "5.1", "Cheating"),
    ],
)
def test_title_words_find_the_right_section(
    docs: DocsIndex, doc: str, query: str, number: str, words: str
) -> None:
    match = docs.lookup(doc, query)  # type: ignore[arg-type]
    assert match.section.number == number
    assert words in match.section.title
    assert match.matched_by == "title"
    assert match.section not in match.also


@pytest.mark.parametrize(
    ("doc", "query", "number"),
    [
        ("mtr", "what happens when a player concedes", "2.5"),
        ("mtr", "die roll", "3.9"),
        ("ipg", "spectator points out the correct play", "3.2"),
        ("ipg", "forgets to shuffle after searching", "3.9"),
        ("mtr", "can I take notes during a match", "2.11"),
        ("mtr", "electronic devices phone", "2.12"),
    ],
)
def test_free_text_ranks_the_relevant_section_first(
    docs: DocsIndex, doc: str, query: str, number: str
) -> None:
    match = docs.lookup(doc, query)  # type: ignore[arg-type]
    assert match.section.number == number
    assert match.matched_by in {"title", "text"}


def test_naming_the_other_document_first_switches_to_it(docs: DocsIndex) -> None:
    match = docs.lookup("mtr", "ipg 3.2")
    assert (match.section.doc, match.section.title) == (
        "ipg",
        "Tournament Error — Outside Assistance",
    )


@pytest.mark.parametrize(
    ("doc", "query"),
    [("mtr", "4.12"), ("mtr", "12"), ("ipg", "5.1"), ("mtr", "appendix z"), ("ipg", "c")],
)
def test_unknown_numbers_suggest_the_nearest_real_sections(
    docs: DocsIndex, doc: str, query: str
) -> None:
    with pytest.raises(NotFoundError) as caught:
        docs.lookup(doc, query)  # type: ignore[arg-type]
    suggestions = caught.value.suggestions
    assert suggestions
    for suggestion in suggestions:
        named_doc, number = suggestion.split()[:2]
        assert docs.lookup(named_doc, f"{named_doc} {number}").section.number == number  # type: ignore[arg-type]


def test_siblings_are_suggested_for_a_missing_subsection(docs: DocsIndex) -> None:
    with pytest.raises(NotFoundError) as caught:
        docs.lookup("mtr", "4.12")
    assert all(s.startswith("mtr 4.") for s in caught.value.suggestions)


@pytest.mark.parametrize(
    "query",
    [
        "",
        "   ",
        "x" * 10_000,
        "🐉🐉🐉",
        "'; --",
        '"',
        "\x00\x01",
        "mtr",
        "ipg   ",
        "zzzqqq xyzzy plugh",
    ],
)
def test_bad_queries_are_friendly_user_errors(docs: DocsIndex, query: str) -> None:
    with pytest.raises(UserError) as caught:
        docs.lookup("mtr", query)
    assert caught.value.hint


@pytest.mark.parametrize(
    "query",
    [
        "'; DROP TABLE doc_sections; --",
        'shortcut" OR 1=1 --',
        "NEAR(loops shortcuts)",
        "title:loops",
        "loops*",
        "🐉 loops 🐉",
    ],
)
def test_sql_and_fts_syntax_is_treated_as_words(docs: DocsIndex, query: str) -> None:
    try:
        match = docs.lookup("mtr", query)
    except UserError:
        pass
    else:
        assert match.section.doc == "mtr"
    assert docs.lookup("mtr", "4.4").section.title == "Loops"


def test_non_text_queries_and_unknown_documents_are_usage_errors(docs: DocsIndex) -> None:
    with pytest.raises(UsageError):
        docs.lookup("mtr", 42)  # type: ignore[arg-type]
    with pytest.raises(UsageError):
        docs.lookup("jar", "1.1")  # type: ignore[arg-type]


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(query=st.text(max_size=300))
def test_any_text_gives_an_answer_or_a_user_error(docs: DocsIndex, query: str) -> None:
    for doc in ("mtr", "ipg"):
        try:
            match = docs.lookup(doc, query)  # type: ignore[arg-type]
        except UserError:
            continue
        assert match.section.parts or docs.children(match.section)


def test_autocomplete_respects_limits(docs: DocsIndex) -> None:
    assert len(docs.autocomplete("mtr", "")) == MAX_AUTOCOMPLETE
    assert len(docs.autocomplete("mtr", "", limit=500)) == MAX_AUTOCOMPLETE
    assert len(docs.autocomplete("mtr", "", limit=3)) == 3
    assert docs.autocomplete("mtr", "", limit=0) == []
    assert docs.autocomplete("mtr", "", limit=-5) == []
    for choice in docs.autocomplete("ipg", ""):
        assert len(choice.name) <= MAX_CHOICE_CHARS


def test_autocomplete_by_number_prefix_and_title_words(docs: DocsIndex) -> None:
    by_number = docs.autocomplete("mtr", "4.")
    assert by_number and all(c.value == "4" or c.value.startswith("4.") for c in by_number)
    assert [c.value for c in docs.autocomplete("ipg", "hidd")] == ["2.3"]
    assert "3.2" in [c.value for c in docs.autocomplete("ipg", "outside ass")]
    every_value_resolves = docs.autocomplete("mtr", "tour")
    assert every_value_resolves
    for choice in every_value_resolves:
        assert docs.lookup("mtr", choice.value).section.number == choice.value


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(prefix=st.text(max_size=300), limit=st.integers(min_value=-5, max_value=60))
def test_autocomplete_never_raises(docs: DocsIndex, prefix: str, limit: int) -> None:
    choices = docs.autocomplete("ipg", prefix, limit=limit)
    assert len(choices) <= max(0, min(limit, MAX_AUTOCOMPLETE))


def test_a_store_without_documents_says_how_to_import_them() -> None:
    with pytest.raises(DataMissingError) as caught:
        DocsIndex.from_connection(sqlite3.connect(":memory:"))
    assert "sync" in caught.value.hint
