"""Players, objects, abilities and name lists inside statements."""

from __future__ import annotations

from bot.errors import ScenarioError
from bot.scenario.ast import (
    AbilityKind,
    AbilityRef,
    Activate,
    CardSpec,
    Cast,
    Controls,
    GainControl,
    Gains,
    MovesZone,
    ObjectRef,
    PlayerRef,
    Resolve,
    SetStatus,
    TokenSpec,
    ZoneContents,
)
from bot.scenario.parser import parse_script, parse_statement
from tests.scenario.card_names import is_known_name


def parse(text: str, *, index: bool = True, speaker: str = "Carol"):
    return parse_statement(text, speaker=speaker, is_known_name=is_known_name if index else None)


def test_speaker_words_mean_the_speaker():
    cast = parse("I cast Lightning Bolt targeting me")
    assert isinstance(cast, Cast)
    assert cast.player == PlayerRef("Carol")
    assert cast.player.is_speaker
    assert cast.choices.targets == (PlayerRef("Carol"),)
    control = parse("Bob gains control of my Runeclaw Bear")
    assert control == GainControl(
        player=PlayerRef("Bob"), subject=ObjectRef("Runeclaw Bear", controller=PlayerRef("Carol"))
    )


def test_opponent_is_marked_for_the_executor():
    cast = parse("I cast Lightning Bolt targeting opponent")
    assert isinstance(cast, Cast)
    (target,) = cast.choices.targets
    assert isinstance(target, PlayerRef)
    assert target.is_opponent
    assert target.opponent_of == "Carol"


def test_mentions():
    cast = parse("<@123456> casts Lightning Bolt targeting @Dave")
    assert isinstance(cast, Cast)
    assert cast.player == PlayerRef("<@123456>", mention_id=123456)
    assert cast.choices.targets == (PlayerRef("Dave"),)


def test_everyone_and_here_mentions_are_not_players():
    """QA 14 #12: `@everyone controls Runeclaw Bear.` made a player "Everyone"."""
    for text in (
        "@everyone controls Runeclaw Bear",
        "@here casts Lightning Bolt targeting Bob",
        "Bob casts Lightning Bolt targeting @Everyone",
        "@everyone's Runeclaw Bear is tapped",
    ):
        try:
            parse(text)
        except ScenarioError as error:
            assert "everyone in the channel" in str(error), text
        else:
            raise AssertionError(f"{text!r} was accepted")


def test_ordinal_possessive_and_ids():
    gains = parse("Alice's second Runeclaw Bear gains hexproof", index=False)
    assert gains == Gains(
        subject=ObjectRef("Runeclaw Bear", controller=PlayerRef("Alice"), ordinal=2),
        ability="hexproof",
    )
    assert parse("#3 is tapped") == SetStatus(subject=ObjectRef("", object_id=3), status="tapped")
    assert parse("Runeclaw Bear #4 dies") == MovesZone(
        subject=ObjectRef("Runeclaw Bear", object_id=4), to_zone="graveyard", wording="dies"
    )
    assert parse("The second Runeclaw Bear is tapped", index=False) == SetStatus(
        subject=ObjectRef("Runeclaw Bear", ordinal=2), status="tapped"
    )


def test_card_names_with_apostrophes_are_not_possessives():
    results = parse_script(
        "Alice controls Gaea's Cradle. Gaea's Cradle is tapped.", speaker="Alice"
    )
    assert results[1] == SetStatus(subject=ObjectRef("Gaea's Cradle"), status="tapped")
    assert parse("Gaea's Cradle is tapped") == SetStatus(
        subject=ObjectRef("Gaea's Cradle"), status="tapped"
    )


def test_possessive_of_a_player_named_earlier_in_the_script():
    results = parse_script(
        "Bob controls a 2/2 black Zombie token. Bob's Zombie is tapped.", speaker="Alice"
    )
    assert results[1] == SetStatus(
        subject=ObjectRef("Zombie", controller=PlayerRef("Bob")), status="tapped"
    )


def test_players_keep_the_spelling_they_were_first_named_with():
    results = parse_script("Bob controls Spellskite. bob has 3 life.", speaker="Alice")
    assert results[1].player == PlayerRef("Bob")  # type: ignore[union-attr]


def test_one_word_card_versus_one_word_player():
    cast = parse("Alice casts Lightning Bolt targeting Spellskite")
    assert isinstance(cast, Cast)
    assert cast.choices.targets == (ObjectRef("Spellskite"),)
    cast = parse("Alice casts Lightning Bolt targeting Zed")
    assert isinstance(cast, Cast)
    assert cast.choices.targets == (PlayerRef("Zed"),)
    # Without the card index the parser can't know; the executor decides.
    cast = parse("Alice casts Lightning Bolt targeting Zed", index=False)
    assert isinstance(cast, Cast)
    (target,) = cast.choices.targets
    assert isinstance(target, ObjectRef)
    assert target.could_be_player


def test_name_lists_split_by_the_longest_known_name():
    controls = parse(
        "Alice controls Sword of Fire and Ice, Ashiok, Dream Render and Mr. Orfeo, the Boulder"
    )
    assert controls == Controls(
        player=PlayerRef("Alice"),
        permanents=(
            CardSpec("Sword of Fire and Ice"),
            CardSpec("Ashiok, Dream Render"),
            CardSpec("Mr. Orfeo, the Boulder"),
        ),
    )
    without_index = parse("Alice controls Sword of Fire and Ice", index=False)
    assert isinstance(without_index, Controls)
    assert without_index.permanents == (CardSpec("Sword of Fire"), CardSpec("Ice"))
    quoted = parse('Alice controls "Sword of Fire and Ice" and Spellskite', index=False)
    assert isinstance(quoted, Controls)
    assert quoted.permanents == (CardSpec("Sword of Fire and Ice"), CardSpec("Spellskite"))


def test_card_names_containing_verbs_and_clause_words():
    cast = parse("Alice casts Return to Nature targeting Spellskite")
    assert isinstance(cast, Cast)
    assert cast.card == "Return to Nature"
    cast = parse("Alice casts Play with Fire targeting Bob")
    assert isinstance(cast, Cast)
    assert cast.card == "Play with Fire"
    assert parse("Return to Nature resolves") == Resolve(item=ObjectRef("Return to Nature"))
    # "Control" is a verb too ("Alice and Bob control ..."): the known name wins (sweep of
    # Auras, found by the mtg-abilities helper).
    assert parse("Mind Control resolves") == Resolve(item=ObjectRef("Mind Control"))
    assert parse("Alice's Mind Control resolves") == Resolve(
        item=ObjectRef("Mind Control", controller=PlayerRef("Alice"))
    )
    assert isinstance(parse("Bob controls Mind Control"), Controls)


def test_counts_and_plurals():
    controls = parse("Bob controls two Runeclaw Bears and three 1/1 Goblin tokens")
    assert controls == Controls(
        player=PlayerRef("Bob"),
        permanents=(
            CardSpec("Runeclaw Bear", count=2),
            TokenSpec(power=1, toughness=1, subtypes=("goblin",), count=3),
        ),
    )


def test_token_keywords_joined_by_and():
    controls = parse("Bob controls a 1/1 white Soldier creature token with flying and vigilance")
    assert isinstance(controls, Controls)
    (token,) = controls.permanents
    assert isinstance(token, TokenSpec)
    assert token.keywords == ("flying", "vigilance")
    assert token.is_creature


def test_abilities_by_keyword_index_and_kind():
    activate = parse("Bob activates the second ability of Spellskite targeting Lightning Bolt")
    assert isinstance(activate, Activate)
    assert activate.ability == AbilityRef(source=ObjectRef("Spellskite"), index=2)
    resolve = parse("Arcbound Ravager's modular trigger resolves")
    assert resolve == Resolve(
        item=AbilityRef(
            source=ObjectRef("Arcbound Ravager"), kind=AbilityKind.TRIGGERED, keyword="modular"
        )
    )


def test_other_zones():
    assert parse("Lightning Bolt is in Alice's graveyard") == ZoneContents(
        player=PlayerRef("Alice"), zone="graveyard", cards=(CardSpec("Lightning Bolt"),)
    )
    assert parse("Alice has Lightning Bolt and Grizzly Bears in her graveyard") == ZoneContents(
        player=PlayerRef("Alice"),
        zone="graveyard",
        cards=(CardSpec("Lightning Bolt"), CardSpec("Grizzly Bears")),
    )
    # Riftbound's trash is its graveyard.
    trash = parse("Alice's trash has Blazing Scorcher")
    assert isinstance(trash, ZoneContents)
    assert trash.zone == "graveyard"


def test_lowercase_chat_style_reads_the_same():
    assert parse("alice casts lightning bolt targeting bob.") == Cast(
        player=PlayerRef("alice"),
        card="lightning bolt",
        choices=parse("Alice casts Lightning Bolt targeting bob").choices,  # type: ignore[union-attr]
    )


def test_failed_statement_does_not_stop_the_script():
    results = parse_script(
        "Alice controls Spellskite. Alice frobs Spellskite. Arc Trail resolves.",
        speaker="Alice",
        is_known_name=is_known_name,
    )
    assert isinstance(results[0], Controls)
    assert isinstance(results[1], ScenarioError)
    assert results[1].position == 2
    assert results[2] == Resolve(item=ObjectRef("Arc Trail"))
    assert results[2].position == 3


def test_ordinals_past_fifth_are_written_as_people_write_them() -> None:
    from bot.scenario.ast_text import render_statement

    statement = parse("Alice's 22nd Runeclaw Bear is tapped", index=False)
    assert render_statement(statement) == "Alice's 22nd Runeclaw Bear is tapped."
    assert parse(render_statement(statement).rstrip("."), index=False) == statement


def test_a_name_said_twice_fills_two_target_choices():
    # CR 115.3: the same object may be chosen once for each instance of "target".
    cast = parse("Alice casts Seeds of Strength targeting Grizzly Bears twice and Bob")
    assert isinstance(cast, Cast)
    assert cast.choices.targets == (
        ObjectRef("Grizzly Bears"),
        ObjectRef("Grizzly Bears"),
        PlayerRef("Bob"),
    )
    thrice = parse("Alice casts Seeds of Strength targeting Grizzly Bears three  times")
    assert isinstance(thrice, Cast)
    assert thrice.choices.targets == (ObjectRef("Grizzly Bears"),) * 3


def test_a_card_named_like_a_combat_word_is_still_cast():
    # Riftbound's Block is a spell: "plays Block" is not "is blocking" (found by a sweep).
    cast = parse("Alice casts Block targeting Grizzly Bears")
    assert isinstance(cast, Cast)
    assert cast.choices.targets == (ObjectRef("Grizzly Bears"),)


def test_on_the_object_is_read_as_its_target():
    # QA 29 U4: "bolt on the bears" blamed "on", though "targeting the bears" works; the
    # object is then found on the board like any target.
    cast = parse("Bob casts Lightning Bolt on the bears")
    assert isinstance(cast, Cast)
    assert cast.choices.targets == (ObjectRef("the bears"),)


def test_a_colour_choice_that_is_not_one_colour_names_the_colours():
    # QA 31 M5: "choosing purple" got an unrelated retargeting example.
    for said in ("purple", "red and blue"):
        try:
            parse(f"Mother of Runes's ability resolves choosing {said}")
        except ScenarioError as error:
            assert "white, blue, black, red or green" in str(error)
            assert error.hint == "Mother of Runes's ability resolves choosing red."
        else:
            raise AssertionError(f"choosing {said} was accepted")
    assert isinstance(parse("Mother of Runes's ability resolves choosing red"), Resolve)
