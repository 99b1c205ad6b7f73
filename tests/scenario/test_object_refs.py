"""Naming one object among several with the same name, in both games (bot/scenario/object_refs):
an ordinal picks in game order, no ordinal is ambiguous and shows how to say which one."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bot.engine.errors import EngineError
from bot.errors import AmbiguousError, NotFoundError
from bot.scenario import ast
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.object_refs import MAX_AMBIGUOUS_LISTED, only_opponent, pick_named


@dataclass(frozen=True)
class Thing:
    id: int
    owner: str


def describe(things: list[Thing]) -> list[str]:
    return [f"{t.owner}'s thing (#{t.id})" for t in things]


def test_the_first_zone_holding_any_answers_in_game_order() -> None:
    groups = [("battlefield", []), ("graveyard", [Thing(9, "Bob"), Thing(4, "Ann")])]
    assert pick_named(groups, "Thing", 1, describe) == 4  # ids, not list order
    assert pick_named(groups, "Thing", -1, describe) == 9  # "the last"
    assert pick_named([("battlefield", [Thing(3, "Ann")])], "Thing", None, describe) == 3
    assert pick_named([("battlefield", [])], "Thing", None, describe) is None


def test_too_high_an_ordinal_says_how_many_there_are_and_where() -> None:
    with pytest.raises(NotFoundError) as one:
        pick_named([("battlefield", [Thing(1, "Ann")])], "Thing", 2, describe)
    assert one.value.message == "There is only one Thing on the battlefield."
    with pytest.raises(NotFoundError) as two:
        pick_named([("graveyard", [Thing(1, "Ann"), Thing(2, "Ann")])], "Thing", 3, describe)
    assert two.value.message == "There are only 2 objects called Thing in the graveyard."
    assert list(two.value.suggestions) == ["#1", "#2"]


def test_several_without_an_ordinal_are_ambiguous_with_a_real_example() -> None:
    many = [Thing(n, "Ann") for n in range(1, 15)]
    with pytest.raises(AmbiguousError) as error:
        pick_named([("", many)], "Thing", None, describe)
    assert error.value.message == "There are 14 objects called Thing; say which one."
    assert len(error.value.suggestions) == MAX_AMBIGUOUS_LISTED  # what the front ends show
    # All are "Ann's thing": the example says which one by its place among them (QA 48 M6).
    assert error.value.hint == "Say “Ann's second thing” or use its id, #2."


def test_the_ambiguous_hint_names_the_object_as_statements_do() -> None:
    def placed(group: list[Thing]) -> list[str]:
        places = {1: "Targon's Peak", 2: "base", 3: "Targon's Peak"}
        return [f"{t.owner}'s thing at {places[t.id]} (#{t.id})" for t in group]

    # "Bob's thing at base" is Bob's only one: no place (no statement reads "at base").
    with pytest.raises(AmbiguousError) as unique:
        pick_named([("", [Thing(1, "Ann"), Thing(2, "Bob")])], "Thing", None, placed)
    assert unique.value.hint == "Say “Bob's thing” or use its id, #2."
    # #2 is Ann's first after Bob's #1: the ordinal counts among Ann's, as "Ann's first" does.
    with pytest.raises(AmbiguousError) as shared:
        pick_named(
            [("", [Thing(1, "Bob"), Thing(2, "Ann"), Thing(3, "Ann")])], "Thing", None, placed
        )
    assert shared.value.hint == "Say “Ann's first thing” or use its id, #2."


def test_mtg_statements_name_one_of_several_bears(executor: MtgScenarioExecutor) -> None:
    result = executor.run(
        "Alice controls Runeclaw Bear and Runeclaw Bear. Bob controls Runeclaw Bear. "
        "Runeclaw Bear dies. Alice's second Runeclaw Bear dies. "
        "Alice's second Runeclaw Bear dies.",
        speaker="Alice",
    )
    ambiguous, second, gone = result.steps[2:]
    assert ambiguous.error is not None and ambiguous.error.kind == "AmbiguousError"
    assert ambiguous.error.suggestions == (
        "Alice's first Runeclaw Bear (#1)",
        "Alice's second Runeclaw Bear (#2)",
        "Bob's Runeclaw Bear (#3)",  # his only one: no "first" (QA 10, QA 11)
    )
    assert "Alice's second Runeclaw Bear" in ambiguous.error.hint
    assert second.verdict == "ok" and second.error is None
    assert gone.error is not None
    assert gone.error.message == "There is only one Runeclaw Bear on the battlefield."


def test_a_legendary_card_is_found_by_the_part_of_its_name_before_the_comma(
    executor: MtgScenarioExecutor,
) -> None:
    """Judges say "Teferi" for Teferi, Time Raveler: with one such name in the game, the first
    part of the name finds it (its ability on the stack, named after it, doesn't make it
    ambiguous); with two Teferis, it asks which."""
    result = executor.run(
        "Alice controls Teferi, Time Raveler. Bob controls Grizzly Bears.\n"
        "Alice activates Teferi's second ability targeting Grizzly Bears.\n"
        "Teferi's ability resolves.\n"
        "Alice controls Teferi, Hero of Dominaria.\n"
        "Bob casts Murder targeting Teferi.\n",
        speaker="Alice",
    )
    assert [s.verdict for s in result.steps] == ["ok", "ok", "legal", "resolved", "ok", "error"]
    assert "Teferi, Time Raveler's ability" in result.steps[3].explanation
    assert "could be any of Teferi, Time Raveler (#1), Teferi, Hero of Dominaria" in (
        result.steps[5].explanation
    )


def test_a_short_name_shared_by_two_cards_in_the_game_asks_which(
    executor: MtgScenarioExecutor,
) -> None:
    """Found by QA 8: with Teferi, Time Raveler and Teferi, Mage of Zhalfir, "Teferi's first
    ability" said "There is no Teferi"; with Jace Beleren beside Jace, the Mind Sculptor, "Jace"
    silently meant the Mind Sculptor. Both ask which one."""
    for board, short in (
        ("Alice controls Teferi, Time Raveler. Bob controls Teferi, Mage of Zhalfir.", "Teferi"),
        ("Alice controls Jace, the Mind Sculptor and Jace Beleren.", "Jace"),
    ):
        result = executor.run(
            f"{board}\nAlice activates {short}'s first ability.\n", speaker="Alice"
        )
        last = result.steps[-1]
        assert last.verdict == "error"
        assert f"2 objects called {short}" in last.explanation and "#2" in last.explanation


def _opponent_of(whose: str) -> ast.PlayerRef:
    return ast.PlayerRef(name="opponent", opponent_of=whose)


def test_opponent_is_the_other_of_two_players_and_otherwise_asked_about() -> None:
    """CR 102.2: in a two-player game a player's opponent is the other player. Before both
    are named, whose opponent is meant is said and a name asked for, never guessed; the
    example offered is never the speaker (QA 49 U6)."""
    assert only_opponent(("Alice", "Bob"), _opponent_of("Alice")) == "Bob"
    assert only_opponent(("Alice", "Bob"), _opponent_of("bob")) == "Alice"
    with pytest.raises(EngineError, match="Bob's opponent, who isn't named") as alone:
        only_opponent(("Bob",), _opponent_of("Bob"))
    assert "“Alice”" in str(alone.value.hint) and "“Bob”" not in str(alone.value.hint)
    with pytest.raises(EngineError, match="Bob's opponent, who isn't named"):
        only_opponent((), _opponent_of("Bob"))
    with pytest.raises(EngineError, match="Alice isn't a player in this game \\(Bob is\\)"):
        only_opponent(("Bob",), _opponent_of("Alice"))
    with pytest.raises(EngineError, match="you aren't speaking as one of the players"):
        only_opponent(("Alice", "Bob"), _opponent_of("me"))  # the console without --user
    with pytest.raises(EngineError, match=r"two-player game \(102.2\): this one has 3"):
        only_opponent(("Alice", "Bob", "Carol"), _opponent_of("Alice"), "102.2")
