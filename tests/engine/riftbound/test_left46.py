"""Riftbound items left open at stop 46, checked against the real cards and Core Rules v1.3:
the card Get Excited! discards chosen from a hand of several (QA 46 U1, 422.1)."""

from __future__ import annotations

import pytest

from bot.data.riftbound_cards import RiftboundCardData
from bot.engine.riftbound.model import RbZone
from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, text_of


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def _zone(result: RbScriptResult, name: str) -> RbZone:
    return next(o.zone for o in result.state.objects.values() if o.name == name)


_TWO_IN_HAND = (
    "Bob controls Kinkou Monk at Targon's Peak.\n"
    "Alice's hand has Blazing Scorcher and Daring Poro.\n"
    "Alice plays Get Excited! targeting Kinkou Monk.\n"
)


@pytest.mark.parametrize(
    "said",
    [
        "Get Excited! resolves discarding Blazing Scorcher.",
        "Get Excited! resolves and Alice discards Blazing Scorcher.",
        "Alice discards Blazing Scorcher to Get Excited!",
        "The top of the chain resolves discarding Blazing Scorcher.",
    ],
)
def test_get_excited_discards_the_card_its_controller_names(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor, said: str
) -> None:
    assert "Discard 1. Deal its Energy cost as damage" in text_of(card_data, "Get Excited!")
    result = run(rb, _TWO_IN_HAND + said + "\n")
    assert result.steps[-1].verdict == "resolved"
    text = _said(result)
    assert "Alice discards Blazing Scorcher, chosen from their hand" in text
    assert "dealt 5 (Blazing Scorcher's Energy cost)" in text
    assert "422.1" in result.steps[-1].rules
    assert _zone(result, "Blazing Scorcher") is RbZone.TRASH
    assert _zone(result, "Daring Poro") is RbZone.HAND
    # 5 damage on the 4-Might Kinkou Monk: killed in the cleanup (323.5).
    assert not any(o.name == "Kinkou Monk" for o in result.state.on_board())


def test_get_excited_with_several_cards_asks_which_and_changes_nothing(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(rb, _TWO_IN_HAND + "Get Excited! resolves.\n")
    step = result.steps[-1]
    assert step.verdict == "error"
    assert "Alice chooses which 1 card of the 2 stated in their hand" in _said(result)
    assert step.error is not None
    assert step.error.statements == (
        "Get Excited! resolves discarding Blazing Scorcher.",
        "Get Excited! resolves discarding Daring Poro.",
    )
    assert [i.name for i in result.state.chain] == ["Get Excited!"]
    assert _zone(result, "Blazing Scorcher") is RbZone.HAND


@pytest.mark.parametrize(
    ("said", "wanted"),
    [
        ("Get Excited! resolves and Bob discards Blazing Scorcher.", "not Bob's"),
        ("Get Excited! resolves discarding Kinkou Monk.", "isn't in Alice's hand"),
        (
            "Get Excited! resolves discarding Blazing Scorcher and Daring Poro.",
            "Alice discards 1 card from the 2 stated in their hand, not 2",
        ),
    ],
)
def test_a_discard_that_cant_be_made_is_refused(
    rb: RiftboundScenarioExecutor, said: str, wanted: str
) -> None:
    result = run(rb, _TWO_IN_HAND + said + "\n")
    assert result.steps[-1].verdict == "error"
    assert wanted in _said(result)
    assert _zone(result, "Blazing Scorcher") is RbZone.HAND


def test_a_spell_with_no_discard_refuses_a_card_to_discard(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Bob controls Kinkou Monk at Targon's Peak.\n"
        "Alice's hand has Blazing Scorcher.\n"
        "Alice plays Void Seeker targeting Kinkou Monk.\n"
        "Void Seeker resolves discarding Blazing Scorcher.\n",
    )
    assert result.steps[-1].verdict == "error"
    assert "has no “Discard …” instruction" in _said(result)


_TWO_SPRITES = (
    "Alice controls Bashful Bloom.\n"
    "Alice plays Sprite Burst.\n"
    "Sprite Burst resolves.\n"
    "Bob controls Kinkou Monk at Targon's Peak.\n"
)


def _sprites(result: RbScriptResult) -> list[str]:
    return [o.name for o in result.state.on_board() if o.name == "Sprite"]


def test_temporary_units_are_killed_as_their_controllers_turn_begins(
    rb: RiftboundScenarioExecutor,
) -> None:
    # 816.1.b: "At the start of this permanent's controller's Beginning Phase, before
    # scoring, kill this." (QA 46 M4)
    result = run(rb, _TWO_SPRITES + "It is Alice's next turn.\n")
    step = result.steps[-1]
    assert step.verdict == "ok"
    assert "816.1.b" in step.rules
    assert "is killed by its [Temporary] trigger" in _said(result)
    assert _sprites(result) == []


def test_temporary_units_wait_for_their_controllers_turn(rb: RiftboundScenarioExecutor) -> None:
    bobs = run(rb, _TWO_SPRITES + "Bob's turn begins.\n")
    assert "stay until their controller's Beginning Phase" in _said(bobs)
    assert _sprites(bobs) == ["Sprite", "Sprite"]
    unsaid = run(rb, _TWO_SPRITES + "It is a later turn.\n")
    said = _said(unsaid)
    assert "have [Temporary]" in said
    assert "say “It is Alice's next turn.”" in said
    assert "816.1.b" in unsaid.steps[-1].rules
    assert _sprites(unsaid) == ["Sprite", "Sprite"]


_HIDDEN_TIDETURNER = (
    "Alice controls Vex, Apathetic at Vilemaw's Lair.\n"
    "Bob controls Targon's Peak.\n"
    "Bob controls Kinkou Monk at his base.\n"
    "Bob hid Tideturner at Targon's Peak last turn.\n"
    "Bob plays Tideturner from hiding.\n"
    "Tideturner's trigger targets Kinkou Monk.\n"
)


def test_triggers_of_a_play_from_hiding_leave_whose_turn_open(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    # 383.3.d.1: "starting with the Turn Player and proceeding in Turn Order, each player
    # orders their Triggered Abilities on the Chain"; a card played from hiding has
    # [Reaction] (811.6), so it may be either player's turn (QA 46 M1).
    assert "When you play me, you may choose a unit you control" in text_of(card_data, "Tideturner")
    result = run(rb, _HIDDEN_TIDETURNER)
    step = result.steps[-1]
    assert step.verdict == "legal"
    assert "383.3.d.1" in step.rules
    said = _said(result)
    assert "Tideturner was played from hiding, so it may be either player's turn" in said
    assert "on Bob's turn it goes under it" in said
    assert [i.source_name for i in result.state.chain] == ["Vex, Apathetic", "Tideturner"]


def test_an_optional_trigger_of_a_unit_played_on_its_turn_goes_under(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Played from hand without [Reaction]: Bob's own turn, so his trigger goes on the chain
    # first, under Vex, Apathetic's (383.3.d.1).
    result = run(
        rb,
        "Alice controls Vex, Apathetic at Vilemaw's Lair.\n"
        "Bob controls Targon's Peak.\n"
        "Bob controls Kinkou Monk at his base.\n"
        "Bob plays Tideturner to Targon's Peak.\n"
        "Tideturner's trigger targets Kinkou Monk.\n",
    )
    assert "who played the unit, is the turn player" in _said(result)
    assert [i.source_name for i in result.state.chain] == ["Tideturner", "Vex, Apathetic"]


def test_units_at_two_places_in_one_statement(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Wraith of Echoes at Targon's Peak and Stalwart Poro at her base.\n"
        "Bob controls Kinkou Monk at Vilemaw's Lair, and Daring Poro at Targon's Peak.\n",
    )
    assert [s.verdict for s in result.steps] == ["ok", "ok"]
    where = {o.name: o.place for o in result.state.on_board() if o.kind.value == "unit"}
    assert where == {
        "Wraith of Echoes": "Targon's Peak",
        "Stalwart Poro": "Alice's base",
        "Kinkou Monk": "Vilemaw's Lair",
        "Daring Poro": "Targon's Peak",
    }


def test_a_gear_played_from_hiding_is_recalled_by_the_next_cleanup(
    rb: RiftboundScenarioExecutor,
) -> None:
    # 452.1: "When an un-attached Gear is created or played at a battlefield ... it is
    # Recalled to its controller's base during the next Cleanup." (QA 44 M8)
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice hid Zhonya's Hourglass at Targon's Peak last turn.\n"
        "Alice plays Zhonya's Hourglass from hiding.\n",
    )
    step = result.steps[-1]
    assert step.verdict == "legal"
    assert "452.1" in step.rules
    assert "the cleanup recalls it to Alice's base" in _said(result)
    hourglass = next(o for o in result.state.on_board() if o.name == "Zhonya's Hourglass")
    assert hourglass.zone is RbZone.BASE


_REFLECTION = (
    "Bob controls Vex, Apathetic at Targon's Peak.\n"
    "Alice plays Mirror Image targeting Vex, Apathetic.\n"
    "Mirror Image resolves.\n"
)


def test_a_legal_target_question_with_no_player_says_whose_answer_is_whose(
    rb: RiftboundScenarioExecutor,
) -> None:
    # "an enemy unit" depends on who plays Charm (QA 46 M8).
    result = run(rb, _REFLECTION + "Is Reflection a legal target for Charm?\n")
    said = _said(result)
    assert said.startswith("It depends on who plays Charm")
    assert "if Bob plays it, yes" in said
    assert "if Alice plays it, no" in said
    named = run(rb, _REFLECTION + "Is Reflection a legal target for Bob's Charm?\n")
    assert named.steps[-1].verdict == "yes"
    assert "It depends" not in _said(named)


def test_a_copys_name_is_asked(rb: RiftboundScenarioExecutor) -> None:
    # 472.1.b.1: a copy takes the name of what it copies (QA 46 M8).
    result = run(rb, _REFLECTION + "What is Reflection's name?\n")
    step = result.steps[-1]
    assert step.verdict == "ok"
    assert "472.1.b.1" in step.rules
    assert "is named Vex, Apathetic: it was played as a Reflection token" in _said(result)


def test_a_recycle_cost_takes_the_card_from_the_trash(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    # 416.3: "When Recycling is listed as a Cost, the action must be able to be completed for
    # the cost to be paid." (QA 46 M9)
    assert "Recycle 1 from your trash: Give me +1" in text_of(card_data, "Vi, Destructive")
    vi = "Alice controls Vi, Destructive at Targon's Peak.\n"
    unknown = run(rb, vi + "Alice activates Vi, Destructive.\n")
    assert unknown.steps[-1].verdict == "legal"
    assert "the bot knows none there" in _said(unknown)
    assert "416.3" in unknown.steps[-1].rules
    one = run(rb, vi + "Alice's trash has Charm.\nAlice activates Vi, Destructive.\n")
    assert "Alice recycles Charm from their trash to the bottom of their Main Deck" in _said(one)
    assert _zone(one, "Charm") is RbZone.MAIN_DECK


def test_a_recycle_cost_with_too_few_cards_stated_is_refused(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Garbage Grabber.\n"
        "Alice's trash has Charm.\n"
        "Alice activates Garbage Grabber.\n",
    )
    assert result.steps[-1].verdict == "illegal"
    assert "needs 3 cards in Alice's trash, and 1 card is stated there" in _said(result)
    assert _zone(result, "Charm") is RbZone.TRASH


def test_a_decrease_held_by_its_minimum_is_said_as_printed(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    # Leona, Zealot: "-8 [M], to a minimum of 1 [M]" on a 5-Might unit (QA 44 M3).
    assert "Stunned enemy units here have -8 [M], to a minimum of 1 [M]." in text_of(
        card_data, "Leona, Zealot"
    )
    result = run(
        rb,
        "Alice controls Leona, Zealot at Targon's Peak.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Blazing Scorcher is stunned.\n"
        "What is Blazing Scorcher's Might?\n",
    )
    said = _said(result)
    assert "1 Might (5, -8 from Leona, Zealot, to a minimum of 1)" in said
    assert "-4 from" not in said


def test_discard_then_draw_discards_the_chosen_cards_and_reports_the_draw(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "[Deathknell] - Discard 2, then draw 2." in text_of(card_data, "Undercover Agent")
    dies = (
        "Alice controls Undercover Agent at her base.\n"
        "Alice's hand has Charm, Void Seeker and Stalwart Poro.\n"
        "Undercover Agent dies.\n"
    )
    asked = run(rb, dies + "Undercover Agent's trigger resolves.\n")
    assert asked.steps[-1].verdict == "error"
    assert "Alice chooses which 2 cards of the 3" in _said(asked)
    said = "Undercover Agent's Deathknell ability resolves discarding Charm and Void Seeker.\n"
    result = run(rb, dies + said)
    assert result.steps[-1].verdict == "resolved"
    text = _said(result)
    assert "Alice discards Charm and Void Seeker" in text
    assert "Then “draw 2” happens; the bot reports it" in text
    assert _zone(result, "Charm") is RbZone.TRASH
    assert _zone(result, "Stalwart Poro") is RbZone.HAND
