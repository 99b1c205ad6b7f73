"""Zone statements as a first-time user types them (stop 51): the speaker's "my graveyard",
and a count where the card names belong."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import ScenarioError
from bot.scenario.ast import EmptyHand, ZoneContents
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.lexicon import NUMBER_WORDS
from bot.scenario.parser import parse_statement

from .card_names import is_known_name


@pytest.mark.parametrize(
    ("text", "zone"),
    [("My graveyard has Opt.", "graveyard"), ("My hand has Opt and Shock.", "hand")],
)
def test_my_zone_is_the_speakers(text: str, zone: str) -> None:
    parsed = parse_statement(text, speaker="Alice", is_known_name=is_known_name)
    assert isinstance(parsed, ZoneContents)
    assert parsed.player.is_speaker and parsed.zone == zone


def test_my_hand_is_empty_is_the_speakers() -> None:
    parsed = parse_statement("My hand is empty.", speaker="Alice", is_known_name=is_known_name)
    assert isinstance(parsed, EmptyHand) and parsed.player.is_speaker


@given(
    count=st.one_of(
        st.integers(min_value=0, max_value=999).map(str),
        st.sampled_from(sorted(set(NUMBER_WORDS) - {"no"})),
    ),
    zone=st.sampled_from(["graveyard", "hand", "library"]),
    form=st.sampled_from(
        [
            "Alice's {zone} has {n} cards.",
            "Alice has {n} cards in her {zone}.",
            "My {zone} has {n} more cards.",
        ]
    ),
)
def test_a_card_count_asks_for_the_names(count: str, zone: str, form: str) -> None:
    # ("no cards in her hand" is an empty hand, tested with EmptyHand.)
    # A count was read as a card named "cards" ("Several cards match “cards”"); the bot keeps a
    # zone's cards by name, so it says to name them (never a made-up card).
    text = form.format(zone=zone, n=count)
    with pytest.raises(ScenarioError) as raised:
        parse_statement(text, speaker="Alice", is_known_name=is_known_name)
    assert "by name, not by count" in str(raised.value)
    assert "Several cards match" not in str(raised.value)


def test_the_count_error_leaves_the_board_alone(executor: MtgScenarioExecutor) -> None:
    steps = executor.run(
        "Alice controls Dreadwing Scavenger.\nAlice has 7 cards in her graveyard.\n"
        "My graveyard has Opt.\n",
        speaker="Alice",
    ).steps
    assert steps[1].verdict == "error"
    assert "Alice's graveyard has Opt, Shock and Forest." in steps[1].explanation
    assert steps[2].verdict == "ok" and "Opt is in Alice's graveyard" in steps[2].explanation


@pytest.mark.parametrize(
    ("text", "modal"),
    [
        ("When this creature enters, choose one —\n• Scry 2.\n• You gain 3 life.", True),
        ("When this creature enters, choose one or both —\n• Draw a card.", True),
        ("When this creature enters, it deals 1 damage to any target.", False),
        ("When this creature enters, choose a color.", False),
    ],
)
def test_a_modal_trigger_is_put_on_the_stack_choosing_its_mode(text: str, modal: bool) -> None:
    # CR 700.2b: a modal trigger's mode is chosen as it goes on the stack (QA 60 M13).
    from bot.engine.mtg.waiting_triggers import is_modal_trigger, say_to_put

    assert is_modal_trigger(text) is modal
    said = say_to_put("Charming Prince", text)
    assert ("choosing …" in said) is modal and ("targets …" in said) is not modal


def test_a_failed_question_is_not_said_to_leave_the_game_out(
    executor: MtgScenarioExecutor,
) -> None:
    # A question never changes the game (QA 62 M2); a refused statement still is named.
    steps = executor.run(
        "Alice controls Grizzly Bears.\nHow many loyalties are on Grizzly Bears?\n"
        "Is Grizzly Bears on the battlefield?\nAlice casts Shock targeting Mox Pearl.\n"
        "Is Grizzly Bears tapped?\n",
        speaker="Alice",
    ).steps
    assert steps[1].verdict == "error"
    assert not any("didn't change the game" in note for note in steps[2].notes)
    assert steps[3].verdict == "error"
    assert any("Statement 4 didn't change the game" in note for note in steps[4].notes)


@pytest.mark.parametrize(
    ("text", "aspect"),
    [
        ("Is Grizzly Bears a creature?", "type creature"),
        ("Is Llanowar Elves still an Elf?", "type elf"),
        ("Is Grizzly Bears legendary?", "type legendary"),
    ],
)
def test_a_type_question_parses(text: str, aspect: str) -> None:
    from bot.scenario.ast import ObjectQuestion

    parsed = parse_statement(text, speaker="Alice", is_known_name=is_known_name)
    assert isinstance(parsed, ObjectQuestion) and parsed.aspect == aspect


@pytest.mark.parametrize(
    "text",
    [
        "Is Lightning Bolt countered?",
        "Was Lightning Bolt countered?",
        "Has Lightning Bolt been countered?",
    ],
)
def test_a_countered_question_parses(text: str) -> None:
    from bot.scenario.ast import FizzleQuestion

    parsed = parse_statement(text, speaker="Alice", is_known_name=is_known_name)
    assert isinstance(parsed, FizzleQuestion) and parsed.countered


def test_words_that_are_not_types_keep_their_questions() -> None:
    from bot.scenario.ast import IsLegalTargetQuestion, ObjectQuestion

    legal = parse_statement(
        "Is Grizzly Bears a legal target for Lightning Bolt?",
        speaker="Alice",
        is_known_name=is_known_name,
    )
    assert isinstance(legal, IsLegalTargetQuestion)
    tapped = parse_statement(
        "Is Grizzly Bears tapped?", speaker="Alice", is_known_name=is_known_name
    )
    assert isinstance(tapped, ObjectQuestion) and tapped.aspect == "tapped"


def test_a_target_question_ending_in_a_subtype_is_not_a_type_question() -> None:
    from bot.scenario.ast import IsLegalTargetQuestion

    parsed = parse_statement(
        "Is Grizzly Bears a legal target for Bonecrusher Giant?",
        speaker="Alice",
        is_known_name=is_known_name,
    )
    assert isinstance(parsed, IsLegalTargetQuestion)


@pytest.mark.parametrize(
    ("text", "aspect"),
    [
        ("Does Grizzly Bears have trample?", "keyword trample"),
        ("Does Grizzly Bears still have first strike?", "keyword first strike"),
        ("Does Grizzly Bears have protection from red?", "keyword protection from red"),
    ],
)
def test_a_keyword_question_parses(text: str, aspect: str) -> None:
    from bot.scenario.ast import ObjectQuestion

    parsed = parse_statement(text, speaker="Alice", is_known_name=is_known_name)
    assert isinstance(parsed, ObjectQuestion) and parsed.aspect == aspect


def test_an_empty_zone_other_than_a_hand_or_graveyard_says_what_works() -> None:
    # "Alice's library is empty." answered "Several cards match “empty”".
    with pytest.raises(ScenarioError) as raised:
        parse_statement("Alice's library is empty.", speaker="Alice", is_known_name=is_known_name)
    assert "only a hand or a graveyard can be said to be empty" in str(raised.value)


@pytest.mark.parametrize(
    "text",
    [
        "Alice's graveyard is empty.",
        "Alice has no cards in her graveyard.",
        "My graveyard is empty.",
    ],
)
def test_an_empty_graveyard_is_a_statement(text: str) -> None:
    """Stop 52: a graveyard said empty is known (CR 404.1), for threshold and delirium."""
    from bot.scenario.ast import EmptyGraveyard

    parsed = parse_statement(text, speaker="Alice", is_known_name=is_known_name)
    assert isinstance(parsed, EmptyGraveyard) and parsed.player.name == "Alice"
