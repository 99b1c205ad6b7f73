"""QA report 10: near-miss wordings get an error that names the mistake and the form that works."""

from __future__ import annotations

import pytest

from bot.errors import ScenarioError
from bot.scenario.ast import Cast, ObjectRef, PlayerRef, Resolve, SetStatus
from bot.scenario.parser import parse_statement
from tests.scenario.card_names import is_known_name


def _error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        parse_statement(text, speaker="Alice", is_known_name=is_known_name, players=("Bob",))
    return caught.value


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Bob casts Lightning Bolt targets Runeclaw Bear", "Runeclaw Bear"),
        ("Bob casts Lightning Bolt aimed at Runeclaw Bear", "Runeclaw Bear"),
        ("Bob casts Lightning Bolt that targets Runeclaw Bear", "Runeclaw Bear"),
        ("Bob casts Lightning Bolt at Runeclaw Bear", "Runeclaw Bear"),
        ("Bob casts Lightning Bolt on Alice's Runeclaw Bear", "Runeclaw Bear"),
        ("Bob casts Lightning Bolt at Alice", "Alice"),
    ],
)
def test_other_target_words_are_read_as_targeting(text: str, target: str) -> None:
    """QA 10 #8: these were read as one misspelled card name; then they got the targeting
    hint. Judges say them all the time, and a known card followed by a card or a player can
    only mean its target: read as "targeting" (the answer says "targeting ...")."""
    parsed = parse_statement(text, speaker="Alice", is_known_name=is_known_name, players=("Bob",))
    assert isinstance(parsed, Cast)
    assert parsed.card == "Lightning Bolt"
    assert [t.name for t in parsed.choices.targets] == [target]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Bob casts Lightning Bolt with Runeclaw Bear as the target", "with … as the target"),
        ("Bob casts Giant Growth on his turn", "on"),
    ],
)
def test_other_target_words_get_the_targeting_hint(text: str, word: str) -> None:
    """What follows isn't a card or a player: the form that works is shown."""
    error = _error(text)
    assert f"targets are given with “targeting”, not “{word}”" in error.message


@pytest.mark.parametrize(
    ("text", "fixed"),
    [
        (
            "Alice controls Runeclaw Bear, Bob controls Spellskite",
            "Alice controls Runeclaw Bear. Bob controls Spellskite.",
        ),
        (
            "Alice controls Runeclaw Bear and Bob controls Grizzly Bears",
            "Alice controls Runeclaw Bear. Bob controls Grizzly Bears.",
        ),
        ("Alice has 20 life, Bob has 5 life", "Alice has 20 life. Bob has 5 life."),
        (
            "Bob casts Lightning Bolt targeting Runeclaw Bear, then Alice casts Giant Growth "
            "targeting Runeclaw Bear",
            "Bob casts Lightning Bolt targeting Runeclaw Bear. Alice casts Giant Growth "
            "targeting Runeclaw Bear.",
        ),
        (
            "Alice controls Runeclaw Bear then I cast Giant Growth targeting Runeclaw Bear",
            "Alice controls Runeclaw Bear. I cast Giant Growth targeting Runeclaw Bear.",
        ),
        (
            "Alice controls Runeclaw Bear, Carol controls Spellskite",
            "Alice controls Runeclaw Bear. Carol controls Spellskite.",
        ),
    ],
)
def test_two_statements_joined_by_a_comma_and_or_then(text: str, fixed: str) -> None:
    """QA 10 #9: the second statement was read as part of a card name or a list."""
    error = _error(text)
    assert "this looks like two statements; end the first with a full stop." in error.message
    assert error.hint == fixed


@pytest.mark.parametrize(
    "text",
    [
        "Alice controls Runeclaw Bear and Llanowar Elves",
        "Alice controls Sword of Fire and Ice",
        "Runeclaw Bear's ward trigger resolves and Bob doesn't pay",
        "Runeclaw Bear's ward trigger resolves and Bob pays",
        "Alice casts Arc Trail targeting Runeclaw Bear and Bob",
    ],
)
def test_one_statement_with_and_is_still_one(text: str) -> None:
    parse_statement(text, speaker="Alice", is_known_name=is_known_name, players=("Bob",))


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("Runeclaw Bear attacks", "Runeclaw Bear is attacking."),
        # A blocker with no attacker named: say which (CR 509.1g).
        ("Grizzly Bears blocks", "Grizzly Bears is blocking."),
    ],
)
def test_combat_verbs_suggest_the_supported_form(text: str, hint: str) -> None:
    """QA 10 #13: these got an unrelated example (a Lightning Bolt cast)."""
    error = _error(text)
    assert error.hint == hint


def test_attacks_a_player_is_read_as_attacking_them() -> None:
    """QA 47 U2: whom it attacks is part of the statement now (CR 508.1b)."""
    statement = parse_statement(
        "Runeclaw Bear attacks Bob", speaker="Alice", is_known_name=is_known_name, players=("Bob",)
    )
    assert isinstance(statement, SetStatus) and statement.status == "attacking"
    assert isinstance(statement.attacks, PlayerRef) and statement.attacks.name == "Bob"


def test_x_blocks_y_is_read_as_x_is_blocking_y() -> None:
    """QA 40 U2: "Llanowar Elves blocks Grizzly Bears." was only hinted; it says the same as
    "... is blocking ..." (CR 509.1g)."""
    said = parse_statement(
        "Grizzly Bears blocks Runeclaw Bear", speaker="Alice", is_known_name=is_known_name
    )
    blocking = parse_statement(
        "Grizzly Bears is blocking Runeclaw Bear", speaker="Alice", is_known_name=is_known_name
    )
    assert said == blocking


def test_a_player_has_a_card_suggests_controls() -> None:
    """QA 10 #16: “Alice has Runeclaw Bear.” suggested “Alice has hexproof.”."""
    error = _error("Alice has Runeclaw Bear")
    assert error.hint == "Alice controls Runeclaw Bear."
    assert "Alice's graveyard has Runeclaw Bear" in error.message
    assert parse_statement("Alice has hexproof", speaker="Alice", is_known_name=is_known_name)


def test_who_can_x_target_reads_as_what_can_x_target() -> None:
    """QA 10 #14."""
    parsed = parse_statement(
        "Who can Lightning Bolt target?", speaker="Alice", is_known_name=is_known_name
    )
    assert type(parsed).__name__ == "LegalTargetsQuestion"


def test_can_a_player_target_two_things_with_a_spell() -> None:
    """QA 10 #14: two targets, as “casts ... targeting A and B” reads them."""
    parsed = parse_statement(
        "Can Alice target Troll Ascetic and Bob with Arc Trail?",
        speaker="Alice",
        is_known_name=is_known_name,
        players=("Bob",),
    )
    assert type(parsed).__name__ == "CanQuestion"
    action = parsed.action  # type: ignore[union-attr]
    assert action.card == "Arc Trail"
    assert [getattr(t, "name", None) for t in action.choices.targets] == ["Troll Ascetic", "Bob"]


@pytest.mark.parametrize("text", ["Mind Control resolves", "Bob's Mind Control resolves"])
def test_a_card_name_ending_in_a_verb_is_not_read_as_a_player(text: str) -> None:
    """QA 29 U2: "Mind Control resolves." was read as a player "Mind" controlling a card
    "resolves"; a card name that ends in a verb keeps it, and the later verb is the verb."""
    parsed = parse_statement(text, speaker="Alice", is_known_name=is_known_name, players=("Bob",))
    assert isinstance(parsed, Resolve)
    assert isinstance(parsed.item, ObjectRef) and parsed.item.name == "Mind Control"
