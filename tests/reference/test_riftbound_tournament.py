"""The Riftbound Tournament Rules (riftbound/tournament-rules-2026-05-02.md, "Last Updated
4/29/2026"), looked up in a store imported from the real files.

Every expected answer below was read from the document first: 204.8 is "Spectator", 417
"Electronic Devices" says "At low OPL, digital devices may take the place of written note
sheets.", 702.12 is "Drawing Extra Cards [ Warning ]", and chapter 700 is "Enforcement and
Penalties" (Riftbound has no separate Infraction Procedure Guide).
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.data.progress import no_progress
from bot.data.riftbound_import import import_riftbound
from bot.errors import DataMissingError, NotFoundError, UserError
from bot.reference.riftbound import RiftboundIndex
from bot.reference.riftbound_tournament import TournamentRules


@pytest.fixture(scope="module")
def tournament(rb_index: RiftboundIndex) -> TournamentRules:
    return rb_index.tournament


@pytest.mark.parametrize("typed", ["204.8", "204.8.", "§ 204.8", "204.8 Spectator"])
def test_a_rule_by_number_quotes_it_and_its_sub_rules(
    tournament: TournamentRules, typed: str
) -> None:
    answer = tournament.lookup(typed)
    assert answer.how == "id"
    assert answer.citation == "Riftbound Tournament Rules 204.8"
    assert answer.updated == "2026-04-29"
    assert answer.rule.text == "Spectator"
    ids = [r.id for r in answer.rules]
    assert ids[:3] == ["204.8", "204.8.a", "204.8.b"]
    assert ids[-1] == "204.8.f"  # and nothing of 205
    texts = {r.id: r.text for r in answer.rules}
    assert texts["204.8.c.1"] == (
        "Remaining silent during matches and anywhere else in the venue where silence is required."
    )


def test_a_heading_owns_only_its_own_sub_rules(tournament: TournamentRules) -> None:
    # In the Core Rules a heading owns the rules after it; here "702.1 Overview" is followed by
    # the infractions 702.2-702.17, which are not part of it.
    answer = tournament.lookup("702.1")
    assert {r.id for r in answer.rules} <= {"702.1"} | {
        r.id for r in tournament.rules.rows if r.id.startswith("702.1.")
    }
    assert "702.2" not in [r.id for r in answer.rules]


def test_deep_numbers_and_infractions_with_their_penalty(tournament: TournamentRules) -> None:
    deep = tournament.lookup("702.5.c.1.a")
    assert deep.rule.text.startswith("If one or more of the cards has already been added")
    infraction = tournament.lookup("702.12")
    assert infraction.rule.text.startswith("Drawing Extra Cards [ Warning ]: A player draws")
    assert infraction.penalty == "Warning"
    assert [r.id for r in infraction.rules][-1] == "702.12.b.4"


def test_a_long_section_is_shown_as_its_contents(tournament: TournamentRules) -> None:
    game_play_errors = tournament.lookup("702")
    assert game_play_errors.contents and game_play_errors.total == 106
    assert [r.id for r in game_play_errors.rules] == ["702"] + [f"702.{n}" for n in range(1, 18)]
    chapter = tournament.lookup("700")
    assert [r.id for r in chapter.rules] == ["700", "701", "702", "703", "704"]


@pytest.mark.parametrize(
    ("term", "number", "also"),
    [
        ("spectator", "204.8", ["103.2"]),  # the heading first, then "Spectators: ..."
        ("Head Judge", "204.4", []),
        ("OPL", "205", []),  # "Organized Play Level (OPL): ..."
        ("missed trigger", "702.2", []),  # "Missed Trigger [ No Penalty ]: ..."
        ("cheating", "704.8", []),  # "Cheating [Disqualification]: ..."
        ("what is a game loss", "701.2.b", []),
        ("shuffling", "421", ["701.4"]),
    ],
)
def test_terms(tournament: TournamentRules, term: str, number: str, also: list[str]) -> None:
    answer = tournament.lookup(term)
    assert answer.how == "term"
    assert answer.rule.id == number
    assert [r.id for r in answer.also] == also


@pytest.mark.parametrize(
    ("question", "number", "says"),
    [
        (
            "can I use my phone for notes",
            "417",
            "At low OPL, digital devices may take the place of written note sheets.",
        ),
        (
            "can I take notes",
            "416",
            "Players may take written notes during a match and refer to those notes during "
            "games in the same match.",
        ),
        (
            "what happens if I draw an extra card",
            "702.12",
            "Drawing extra cards is also looking at extra cards, but only this error should be "
            "recorded.",
        ),
        (
            "can we roll a die to decide the winner",
            "703.10",
            "Other methods, including but not limited to flipping a coin, rolling dice, or "
            "playing other games, may not be used to determine a winner.",
        ),
        (
            "can I bet on the match",
            "704.6",
            "Wagering [Disqualification]: Tournament attendees may not wager on any portion of "
            "a tournament, match, or game, including its outcome.",
        ),
    ],
)
def test_free_text_finds_the_rule_that_answers(
    tournament: TournamentRules, question: str, number: str, says: str
) -> None:
    answer = tournament.lookup(question)
    assert answer.how == "search" and answer.confident
    assert answer.rule.id == number
    assert says in [r.text for r in answer.rules]


def test_a_weak_free_text_match_says_so(tournament: TournamentRules) -> None:
    # "who goes first": 407 Play First Rule is the best, but not clearly ahead of the rest.
    answer = tournament.lookup("who goes first")
    assert not answer.confident
    assert answer.rule.id == "407"
    assert answer.also and answer.summaries["407"].startswith(
        "For the first game of a match, a designated player decides"
    )


def test_a_magic_section_number_is_not_answered_with_another_rule(
    tournament: TournamentRules,
) -> None:
    with pytest.raises(NotFoundError) as caught:
        tournament.lookup("3.2")
    assert "no section 3.2" in caught.value.message
    assert "numbered like 204.8" in caught.value.message
    assert caught.value.suggestions[0] == "300 Eligibility"


def test_a_question_starting_with_a_count_is_not_a_section_number(
    tournament: TournamentRules,
) -> None:
    with pytest.raises(NotFoundError, match="no section 4:"):
        tournament.lookup("section 4")
    assert tournament.lookup("2 players drew extra cards").rule.id == "702.12"


def test_an_unknown_number_suggests_the_nearest(tournament: TournamentRules) -> None:
    with pytest.raises(NotFoundError) as caught:
        tournament.lookup("204.9")
    assert caught.value.message == (
        "There is no rule 204.9 in the Riftbound Tournament Rules (last updated 2026-04-29)."
    )
    assert caught.value.suggestions[0] == "204 Competition Roles"
    assert "204.4 Head Judge" in caught.value.suggestions


def test_penalties_only_reads_chapter_700(tournament: TournamentRules) -> None:
    # As `ipg`: Riftbound has no IPG, its penalties are chapter 700 of the Tournament Rules.
    assert tournament.lookup("shuffling", penalties_only=True).rule.id == "701.4"
    assert tournament.lookup("marked cards", penalties_only=True).rule.id == "703.6"
    assert tournament.lookup("marked cards").rule.id == "423"  # the policy, for `mtr`
    late = tournament.lookup("player arrived late", penalties_only=True)
    assert late.rule.id == "703.8" and late.penalties_only
    with pytest.raises(NotFoundError) as caught:
        tournament.lookup("2.1", penalties_only=True)
    assert "Riftbound has no Infraction Procedure Guide" in caught.value.message
    assert "chapter 700 (Enforcement and Penalties)" in caught.value.message
    assert list(caught.value.suggestions[:2]) == ["700 Enforcement and Penalties", "701 General"]


def test_autocomplete(tournament: TournamentRules) -> None:
    choices = tournament.autocomplete("204.8")
    assert choices[0] == ("204.8 Spectator", "204.8")
    assert 0 < len(choices) <= 25
    assert all(len(label) <= 100 and len(value) <= 100 for label, value in choices)
    assert ("702.2 Missed Trigger [No Penalty]", "702.2") in tournament.autocomplete("missed")
    assert all(v.startswith("7") for _, v in tournament.autocomplete("", penalties_only=True))


@pytest.mark.parametrize(
    "query", ['"unbalanced', "'; DROP TABLE rb_document_rules; --", "😀🔥", "x" * 10_000, "   "]
)
def test_hostile_queries_raise_only_friendly_errors(
    tournament: TournamentRules, query: str
) -> None:
    try:
        answer = tournament.lookup(query)
    except UserError as error:
        assert str(error)
        return
    assert answer.rules


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200), st.booleans())
def test_any_text_is_answered_or_refused_kindly(
    tournament: TournamentRules, query: str, penalties_only: bool
) -> None:
    with contextlib.suppress(UserError):
        tournament.lookup(query, penalties_only=penalties_only)


def test_a_store_without_the_tournament_rules_says_to_import_them(
    rb_store: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    # A store built before the Tournament Rules were imported has no rb_documents table.
    old = tmp_path / "old.sqlite3"
    shutil.copyfile(rb_store[0], old)
    with sqlite3.connect(old) as conn:
        conn.execute("DROP TABLE rb_documents")
        conn.execute("DROP TABLE rb_document_rules")
    conn = sqlite3.connect(f"file:{old}?mode=ro", uri=True)
    try:
        index = RiftboundIndex(conn)
        assert index.lookup("355.6").rules  # the rest of Riftbound still answers
        with pytest.raises(DataMissingError) as caught:
            _ = index.tournament
    finally:
        conn.close()
    assert "Tournament Rules have not been imported" in caught.value.message
    assert "rulesbot sync" in caught.value.hint


def test_a_riftbound_folder_without_tournament_rules_still_imports(
    rb_dir: Path, tmp_path: Path
) -> None:
    # The Tournament Rules are optional: the folder is linked, file by file, but for them.
    folder = tmp_path / "data" / "riftbound"
    folder.mkdir(parents=True)
    for path in rb_dir.iterdir():
        if not path.name.startswith("tournament-rules"):
            (folder / path.name).symlink_to(path)
    conn = sqlite3.connect(tmp_path / "store.sqlite3")
    try:
        meta = import_riftbound(conn, folder.parent, no_progress)
        assert "riftbound_tournament_rules" not in meta
        with pytest.raises(DataMissingError):
            _ = RiftboundIndex(conn).tournament
    finally:
        conn.close()
