"""Typical mistakes: the error names what was not understood, where, and what would work."""

from __future__ import annotations

import pytest

from bot.errors import ScenarioError
from bot.scenario.ast import LaterTurn
from bot.scenario.parser import parse_script, parse_statement
from tests.scenario.card_names import is_known_name

MISTAKES = [
    # (statement, fragment not understood, hint that works)
    # ("Alice casts Lightning Bolt at Bob" / "on Bob" / "target Bob" are read as targeting.)
    (
        "Alice casts Lightning Bolt with Bob as the target",
        "with Bob as the target",
        "Alice casts Lightning Bolt targeting Bob.",
    ),
    (
        "Alice cats Lightning Bolt targeting Bob",
        "cats",
        "Alice casts Lightning Bolt targeting Bob.",
    ),
    (
        "Bob actvates Spellskite targeting Arc Trail",
        "actvates",
        "Bob activates Spellskite targeting Arc Trail.",
    ),
    ("Runeclaw Bear gains flyng", "flyng", "Runeclaw Bear gains flying."),
    ("Runeclaw Bear is sleepy", "sleepy", "Runeclaw Bear is tapped."),
    # ("targeting it" is read: the executor decides what "it" is, QA 49 U5.)
    (
        "Alice casts Lightning Bolt targeting them",
        "them",
        "Alice casts Lightning Bolt targeting Bob.",
    ),
    (
        "Alice casts Fireball with X=4 targeting Bob, dividing lots",
        "dividing lots",
        "Alice casts Lightning Bolt targeting Bob.",
    ),
    (
        "Redirect resolves choosing Bob",
        "choosing Bob",
        "Redirect resolves choosing new targets Runeclaw Bear.",
    ),
    # The example is the spell named, not a fixed Redirect (QA 19 U3).
    (
        "Twincast resolves choosing X=5",
        "choosing X=5",
        "Twincast resolves choosing new targets Runeclaw Bear.",
    ),
    (
        "Bob changes Lightning Bolt to Alice",
        "Lightning Bolt to Alice",
        "Bob changes the target of Lightning Bolt to Alice.",
    ),
    (
        "Is Runeclaw Bear hungry?",
        "Is Runeclaw Bear hungry",
        "Is Runeclaw Bear a legal target for Lightning Bolt?",
    ),
    ("Can Alice dance?", "Alice dance", "Can Alice cast Giant Growth targeting Troll Ascetic?"),
    ("Alice casts targeting Bob", "targeting Bob", "Alice casts Lightning Bolt targeting Bob."),
    ("Runeclaw Bear glorps", "Runeclaw Bear glorps", "Alice casts Lightning Bolt targeting Bob."),
    ("Alice controls", "Alice", "Alice controls Runeclaw Bear and Llanowar Elves."),
    # QA 20 M9: an X too long to be a real number says so, and the hint is the same statement.
    (
        "Alice casts Fireball with X=99999999999999999999 targeting Bob",
        "with X=99999999999999999999",
        "Alice casts Fireball with X=4 targeting Bob.",
    ),
]


@pytest.mark.parametrize(("text", "fragment", "hint"), MISTAKES, ids=[m[0] for m in MISTAKES])
def test_mistake_names_fragment_position_and_a_working_statement(text, fragment, hint):
    with pytest.raises(ScenarioError) as caught:
        parse_statement(text, speaker="Alice", is_known_name=is_known_name, position=4)
    error = caught.value
    assert error.position == 4
    assert error.fragment == fragment
    assert error.hint == hint
    assert "Statement 4" in error.message
    assert f"“{fragment}”" in error.message
    # The hint really works.
    parse_statement(hint, speaker="Alice", is_known_name=is_known_name)


def test_errors_in_a_script_carry_their_statement_number():
    results = parse_script(
        "Alice controls Spellskite.\nBob casts Lightning Bolt with Alice as the target.\n"
        "Arc Trail resolves.",
        speaker="Alice",
        is_known_name=is_known_name,
    )
    error = results[1]
    assert isinstance(error, ScenarioError)
    assert error.position == 2
    assert error.hint == "Bob casts Lightning Bolt targeting Alice."


def test_whole_script_problems():
    with pytest.raises(ScenarioError, match="no statements"):
        parse_script(" ... \n", speaker="Alice")
    with pytest.raises(ScenarioError, match="limit"):
        parse_script("Arc Trail resolves. " * 5000, speaker="Alice")
    results = parse_script("Alice controls " + "Runeclaw Bear, " * 60, speaker="Alice")
    assert isinstance(results[0], ScenarioError)
    assert "limit" in results[0].message


@pytest.mark.parametrize(
    ("statement", "fragment", "says"),
    [
        ("Runeclaw Bear gains ward", "ward", "ward needs its cost"),
        ("Runeclaw Bear gains ward -2", "ward -2", "can't be negative"),
        ("Runeclaw Bear gains protection from purple", "purple", "isn't a quality"),
        ("Runeclaw Bear gains hexproof from Bob", "Bob", "isn't a quality hexproof"),
    ],
)
def test_abilities_that_mean_nothing_are_refused(statement: str, fragment: str, says: str) -> None:
    """Found by QA: these were accepted silently ("ward -2" read as ward {2}; "ward" with no
    cost made an unpayable trigger). Ward has a cost (CR 702.21a); protection and hexproof are
    from a quality (702.16a, 702.11d): a colour, a type, or a player for protection (702.16k)."""
    with pytest.raises(ScenarioError) as caught:
        parse_statement(statement, speaker="Alice", is_known_name=is_known_name)
    assert caught.value.fragment == fragment and says in caught.value.message


@pytest.mark.parametrize(
    ("statement", "ability"),
    [
        ("Runeclaw Bear gains ward—Pay 3 life", "ward—pay 3 life"),
        ("Runeclaw Bear gains ward 2", "ward 2"),
        ("Runeclaw Bear gains protection from Carol", "protection from carol"),
        ("Runeclaw Bear gains protection from instants and sorceries", None),
        ("Runeclaw Bear gains hexproof from monocolored", None),
    ],
)
def test_abilities_with_real_qualities_and_costs_are_read(
    statement: str, ability: str | None
) -> None:
    parsed = parse_statement(statement, speaker="Alice", is_known_name=is_known_name)
    if ability is not None:
        assert parsed.ability.lower() == ability  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "text",
    [
        "Alice passes the turn.",
        "The untap step.",
    ],
)
def test_a_turn_statement_says_the_bot_tracks_no_turn_order(text: str) -> None:
    # QA 20 M7: these used to get "I found no verb I know", as if the wording were the problem.
    with pytest.raises(ScenarioError) as caught:
        parse_statement(text, speaker="Alice", is_known_name=is_known_name, position=2)
    assert caught.value.message.startswith("Statement 2: The bot doesn't track whose turn it is")
    assert "until “It is a later turn.” ends it" in caught.value.message
    assert "game new" in (caught.value.hint or "")
    assert "It is a later turn." in (caught.value.hint or "")


@pytest.mark.parametrize(
    "text", ["It is a later turn.", "A new turn begins.", "The turn ends.", "Next turn."]
)
def test_a_later_turn_is_read_in_magic(text: str) -> None:
    # QA 43 W1: the cleanup step ends "this turn" effects (CR 514.2).
    parsed = parse_statement(text, speaker="Alice", is_known_name=is_known_name)
    assert isinstance(parsed, LaterTurn)


@pytest.mark.parametrize("text", ["It is Bob's next turn.", "Bob's next turn begins."])
def test_a_players_next_turn_is_read_in_magic(text: str) -> None:
    # QA 47 W7: Bob's untap step untaps his permanents (502.3, 302.6).
    parsed = parse_statement(text, speaker="Alice", is_known_name=is_known_name)
    assert isinstance(parsed, LaterTurn)
    assert parsed.player is not None and parsed.player.name == "Bob"


@pytest.mark.parametrize(
    "text",
    ["Alice casts Turnabout.", "Alice casts Time Walk.", "Alice casts End the Festivities."],
)
def test_cards_about_turns_are_not_turn_statements(text: str) -> None:
    parse_statement(text, speaker="Alice", is_known_name=is_known_name)


def test_puts_onto_the_battlefield_says_what_works() -> None:
    results = parse_script(
        "Alice puts Forest into play.", speaker="Alice", is_known_name=is_known_name
    )
    errors = [r for r in results if isinstance(r, ScenarioError)]
    assert errors
    assert "onto the battlefield" in str(errors[0])
