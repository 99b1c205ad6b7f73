"""The written-questions index: questions each rule answers, in players' words (issue 13)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.reference import rule_ranking
from bot.reference.question_index import QuestionIndex
from bot.reference.rule_ranking import RuleRanker, words_of
from bot.reference.rule_spelling import Respeller
from bot.reference.rules import (
    RuleIndex,
    WrittenQuestions,
    load_written_questions,
    still_answered,
    written_questions_version,
)
from bot.reference.store import Reference

# CR 115.10a: "Spells and abilities that don't target ... can affect hexproof and shroud
# creatures" holds none of the words a player asks this with.
_RULES = {
    "115.10a": (
        "Just because an object or player is being affected by a spell or ability doesn't "
        "make that object or player a target of that spell or ability.",
        (),
    ),
    "702.11a": ("Hexproof is a static ability.", ()),
    "702.11b": ("Hexproof on a permanent means it can't be the target of opponents' spells.", ()),
    **{f"1.{n}": (f"Filler rule number {n} about unrelated matters.", ()) for n in range(30)},
}


@pytest.fixture(scope="module")
def index(rules_reference: Reference) -> RuleIndex:
    return rules_reference.rules


_HEADINGS = {"115": "Targets", "702": "Keyword Abilities", "1": "Filler"}


def test_a_written_question_bridges_the_players_words_to_the_rule() -> None:
    asked = words_of("does hexproof save my creature from a board wipe")
    without = RuleRanker.build(_RULES, _HEADINGS, [])
    assert without.rank(asked)[0].key != "115.10a"
    written = [("115.10a", "does hexproof protect my creatures from a board wipe like wrath")]
    ranker = RuleRanker.build(_RULES, _HEADINGS, [], written)
    assert ranker.rank(asked)[0].key == "115.10a"


def test_a_rule_counts_by_its_best_question_not_the_sum_of_all() -> None:
    many = [("1.1", f"something unrelated about board number {n}") for n in range(6)]
    written = [*many, ("1.2", "what happens to a board wipe")]
    index = QuestionIndex([(rule, words_of(text)) for rule, text in written])
    best = index.best(dict.fromkeys(words_of("board wipe"), 1.0))
    assert best["1.2"] > best["1.1"]
    assert 0 < best["1.2"] <= 1.5


def test_questions_for_rules_a_version_lacks_are_left_out() -> None:
    ranker = RuleRanker.build(_RULES, _HEADINGS, [], [("999.9z", "does hexproof stop wipes")])
    assert all(found.key != "999.9z" for found in ranker.rank(words_of("hexproof wipes")))


def test_words_only_the_written_questions_know_still_find_a_rule() -> None:
    ranker = RuleRanker.build(_RULES, _HEADINGS, [], [("115.10a", "does shroud stop a wrath")])
    assert ranker.knows("wrath")
    assert ranker.rank(words_of("wrath"))[0].key == "115.10a"


def test_the_file_reads_rule_and_question_pairs(tmp_path: Path) -> None:
    path = tmp_path / "questions.tsv"
    path.write_text(
        "# a comment\n# cr-version: 2026-01-16\n115.10a\tdoes hexproof stop a wrath\n\n702.11b\t \n"
    )
    assert load_written_questions(path) == WrittenQuestions(
        "2026-01-16", (("115.10a", "does hexproof stop a wrath"),)
    )
    assert written_questions_version(path) == "2026-01-16"


def test_a_question_follows_its_rule_only_while_the_rule_says_the_same() -> None:
    written = WrittenQuestions(
        "2026-01-16",
        (
            ("115.10a", "does hexproof stop a wrath"),
            ("702.11b", "can opp target my hexproof guy"),
            ("702.999", "a rule since removed"),
        ),
    )
    then = {"115.10a": "Just because ...", "702.11b": "Hexproof on a permanent ..."}
    # A later CR rewords 702.11b (it might now be about something else entirely).
    now = {"115.10a": "Just because ...", "702.11b": "Hexproof, reworded ..."}
    assert still_answered(written, now, then) == (("115.10a", "does hexproof stop a wrath"),)
    # Without the version they were written for, every question whose rule exists is kept.
    assert still_answered(written, now, {}) == written.pairs[:2]


def test_every_shipped_question_names_a_rule_of_the_current_cr(
    rules_reference: Reference,
) -> None:
    written = load_written_questions()
    pairs = written.pairs
    index = rules_reference.rules
    assert written.version == index.current_version
    numbers = {number for number, _ in pairs}
    missing = sorted(n for n in numbers if index.rule(n) is None)
    assert not missing, f"questions written for rules the CR lacks: {missing[:10]}"
    assert len(numbers) > 2_000 and len(pairs) > 3 * 2_000 * 0.8
    assert all("\t" not in question and question.strip() for _, question in pairs)


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # Quoted from the rule that answers each one.
        # CR 115.10a: "Just because an object or player is being affected by a spell or ability
        # doesn't make that object or player a target of that spell or ability."
        ("does hexproof stop a wrath of god", "115.10a"),
    ],
)
def test_real_questions_reach_their_rule(index: RuleIndex, question: str, rule: str) -> None:
    top = [hit.key for hit in index.search(question, limit=3).hits]
    assert rule in top


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("does tramle work with deathtouch", "does trample work with deathtouch"),
        ("lightening bolt on a hexprof creature", "lightning bolt on a hexproof creature"),
        ("can i respnd to a trigerred ability", "can i respond to a triggered ability"),
        # Short unknown words are names or slang more often than typos: kept as typed.
        ("ojer taq dies", "ojer taq dies"),
        # An accented word is one word: "créature" was read as "cr" + "ature" -> "crénature".
        ("can a créature block", "can a creature block"),
    ],
)
def test_a_misspelt_word_is_read_as_the_nearest_word_the_rules_use(
    index: RuleIndex, typed: str, read: str
) -> None:
    assert index.search_ranking().respelled(typed) == read


def test_a_misspelt_keyword_still_finds_its_rules(index: RuleIndex) -> None:
    # CR 702.19b: "The controller of an attacking creature with trample first assigns damage to
    # the creature(s) blocking it. ... the rest of that creature's damage is assigned to the
    # player ..."; CR 702.2c: deathtouch makes 1 damage lethal for that assignment.
    answer = index.search("does tramle work with deathtouch")
    assert answer.query == "does tramle work with deathtouch"  # shown as asked
    assert {"702.2c", "702.19b"} & {hit.key for hit in answer.hits[:3]}


_SPELLER = Respeller(["trample deathtouch lightning", "hexproof respond triggered"])


@given(st.text(max_size=80))
def test_respelling_changes_only_unknown_words(text: str) -> None:
    respelled = _SPELLER.respelled(text, knows=lambda word: False)
    assert re.sub(r"[^\W\d_]+", "w", respelled) == re.sub(r"[^\W\d_]+", "w", text)
    assert _SPELLER.respelled(text, knows=lambda word: True) == text


_ASKED = [
    "can i respond to a triggered ability",
    "my guy has trample and deathtouch how much damage goes through",
    "what happens if my spell's only target becomes illegal",
    "does a token copy of a legendary creature die to the legend rule",
    "blood moon and urborg on the battlefield",
    "when does damage wear off",
    "can i cast a sorcery during my opponents turn",
    "clone copying a creature with counters",
]


def test_skipping_rules_that_cant_reach_the_top_changes_no_answer(
    index: RuleIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The pair and name bonuses are worked out only for rules that can still reach the rerank
    # depth; with no bound (every rule worked out) the answers are the same.
    ranker = index.search_ranking()
    fast = [ranker.rank(words_of(q), limit=30) for q in _ASKED]
    monkeypatch.setattr(rule_ranking, "MOST_GAINED", float("inf"))
    assert [ranker.rank(words_of(q), limit=30) for q in _ASKED] == fast
