"""Answers QA report 44 found wrong, checked against the real cards, Core Rules v1.3 and the
FAQs: a conquer removes the loser's hidden card (107.3.d), Tianna Crownguard's "opponents
can't gain points", other cards' triggers."""

from __future__ import annotations

from bot.data.riftbound_cards import RiftboundCardData
from bot.engine.riftbound.state import RbState
from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import faq, run, text_of, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def test_a_conquer_removes_the_losers_hidden_card_like_a_stated_control(
    rb: RiftboundScenarioExecutor,
) -> None:
    setup = (
        "Alice controls Targon's Peak.\n"
        "Alice hid Hidden Blade at Targon's Peak last turn.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
    )
    play = "Alice plays Hidden Blade from hiding targeting Blazing Scorcher.\n"
    for change in ("Bob conquers Targon's Peak.\n", "Bob controls Targon's Peak.\n"):
        result = run(rb, setup + change + play)
        assert verdicts(result)[3:] == ["ok", "illegal"], change
        assert "removes the card Alice hid there, Hidden Blade" in _said(result, 3)
        assert "107.3.d" in result.steps[3].rules
        assert "can't be played from hiding" in _said(result)


def test_a_conquer_keeps_the_conquerors_own_hidden_card(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice hid Hidden Blade at Targon's Peak last turn.\n"
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice conquers Targon's Peak.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Alice plays Hidden Blade from hiding targeting Blazing Scorcher.\n",
    )
    assert verdicts(result)[3] == "ok"
    assert "removes the card" not in _said(result, 3)
    assert verdicts(result)[-1] == "legal"


def test_tianna_at_a_battlefield_stops_the_point_not_the_conquer(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "opponents can't gain points" in text_of(card_data, "Tianna Crownguard")
    answer = faq(
        card_data, "Can I still conquer and hold battlefields while my opponent has Tianna"
    )
    assert "You can still conquer and hold battlefields" in answer
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice controls Tianna Crownguard at Targon's Peak.\n"
        "Bob controls Stalwart Poro at Void Gate.\n"
        "Bob conquers Void Gate.\n",
    )
    assert verdicts(result)[-1] == "ok"
    said = _said(result)
    assert "Bob gains no point" in said
    assert "conquer effects still trigger" in said
    assert "054.1" in result.steps[-1].rules


def test_tianna_doesnt_stop_her_controllers_point_or_at_base(
    rb: RiftboundScenarioExecutor,
) -> None:
    own = run(
        rb,
        "Alice controls Tianna Crownguard at Targon's Peak.\nAlice conquers Targon's Peak.\n",
    )
    assert "the point Alice gains" in _said(own)
    at_base = run(
        rb,
        "Alice controls Tianna Crownguard.\n"
        "Bob controls Stalwart Poro at Void Gate.\n"
        "Bob conquers Void Gate.\n",
    )
    assert "the point Bob gains" in _said(at_base)
    assert "gains no point" not in _said(at_base)


def test_darius_trifarian_as_the_second_card_triggers_and_resolves(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "When you play your second card in a turn" in text_of(card_data, "Darius, Trifarian")
    assert faq(card_data, "If I play Darius, Trifarian as my second card").startswith(
        "Yes, this works."
    )
    result = run(
        rb,
        "Alice plays Stalwart Poro.\n"
        "Alice plays Darius, Trifarian.\n"
        "Resolve the chain.\n"
        "What is Darius, Trifarian's Might?\n"
        "Is Darius, Trifarian exhausted?\n",
    )
    assert "second card Alice played this turn" in _said(result, 1)
    assert "+2 Might this turn, readied" in _said(result, 2)
    assert "7 Might" in _said(result, 3)
    assert verdicts(result)[-1] == "no"


def test_darius_trifarian_first_or_third_card_doesnt_trigger(
    rb: RiftboundScenarioExecutor,
) -> None:
    first = run(rb, "Alice plays Darius, Trifarian.\n")
    assert "triggered ability" not in _said(first)
    third = run(
        rb,
        "Alice plays Stalwart Poro.\nAlice plays Sun Disc.\nAlice plays Darius, Trifarian.\n",
    )
    assert "triggered ability" not in _said(third)
    # Bob's second card doesn't trigger Alice's Darius.
    bobs = run(
        rb,
        "Alice controls Darius, Trifarian.\nBob plays Stalwart Poro.\nBob plays Sun Disc.\n",
    )
    assert "Darius" not in _said(bobs)


def test_sun_disc_makes_only_the_next_unit_enter_ready_this_turn(
    rb: RiftboundScenarioExecutor,
) -> None:
    setup = "Alice plays Sun Disc.\nAlice activates Sun Disc.\nResolve the chain.\n"
    result = run(
        rb,
        setup + "Alice plays Stalwart Poro.\n"
        "Is Stalwart Poro exhausted?\n"
        "Alice plays Blazing Scorcher.\n"
        "Is Blazing Scorcher exhausted?\n",
    )
    assert verdicts(result)[4:] == ["no", "legal", "yes"]
    assert "Sun Disc's effect" in _said(result, 3)
    later = run(rb, setup + "It is a later turn.\nAlice plays Stalwart Poro.\n")
    assert "Sun Disc" in _said(later, 3)
    assert "enters exhausted" in _said(later)
    # Bob's next unit isn't Alice's.
    bobs = run(rb, setup + "Bob plays Stalwart Poro.\n")
    assert "enters exhausted" in _said(bobs)


def test_the_next_unit_ready_effect_survives_a_saved_game() -> None:
    state = RbState().with_next_unit_ready("Alice", "Sun Disc")
    assert RbState.from_dict(state.to_dict()).next_unit_ready == (("Alice", "Sun Disc"),)


def test_wraith_of_echoes_sees_another_friendly_unit_die_once_a_turn(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "friendly unit dies each turn" in text_of(card_data, "Wraith of Echoes")
    result = run(
        rb,
        "Alice controls Wraith of Echoes, Watchful Sentry and Stalwart Poro.\n"
        "Bob plays Vengeance targeting Stalwart Poro.\n"
        "Vengeance resolves.\n"
        "Resolve the chain.\n"
        "Bob plays Vengeance targeting Watchful Sentry.\n"
        "Vengeance resolves.\n"
        "Resolve the chain.\n"
        "It is a later turn.\n"
        "Bob plays Vengeance targeting Wraith of Echoes.\n"
        "Vengeance resolves.\n",
    )
    assert "Wraith of Echoes's triggered ability" in _said(result, 2)
    assert "Wraith of Echoes's triggered ability" not in _said(result, 5)
    # Wraith doesn't see its own death (Origins FAQ).
    assert "Wraith of Echoes's triggered ability" not in _said(result, 9)
    # Bob's unit dying isn't a friendly unit of Alice's.
    bobs = run(
        rb,
        "Alice controls Wraith of Echoes.\n"
        "Bob controls Stalwart Poro.\n"
        "Alice plays Vengeance targeting Stalwart Poro.\n"
        "Vengeance resolves.\n",
    )
    assert "Wraith" not in _said(bobs)


def test_immortal_phoenix_triggers_from_the_trash_on_its_owners_spell_kill(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "When you kill a unit with a spell" in text_of(card_data, "Immortal Phoenix")
    own = run(
        rb,
        "Alice controls Immortal Phoenix at Targon's Peak.\n"
        "Alice plays Hidden Blade targeting Immortal Phoenix.\n"
        "Hidden Blade resolves.\n",
    )
    assert "Alice's spell killed Immortal Phoenix" in _said(own)
    # On the board it does nothing: its text works from the trash.
    on_board = run(
        rb,
        "Alice controls Immortal Phoenix.\n"
        "Bob controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Hidden Blade targeting Stalwart Poro.\n"
        "Hidden Blade resolves.\n",
    )
    assert "Immortal Phoenix's triggered ability" not in _said(on_board)
    # A unit's death that no spell caused isn't a kill with a spell.
    stated = run(
        rb,
        "Alice's trash has Immortal Phoenix.\nBob controls Stalwart Poro.\nStalwart Poro dies.\n",
    )
    assert "Immortal Phoenix's triggered ability" not in _said(stated)


def test_yone_needs_an_uncontrolled_battlefield_and_its_trigger_is_named_plainly(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Yone, Blademaster at Targon's Peak.\n"
        "Bob controls Blazing Scorcher.\n"
        "Alice conquers Targon's Peak.\n"
        "Yone, Blademaster's trigger targets Blazing Scorcher.\n"
        "Resolve the chain.\n",
    )
    assert "Yone, Blademaster's triggered ability" in _said(result, 2)
    assert verdicts(result)[3:] == ["legal", "resolved"]
    assert "Blazing Scorcher" in _said(result) and "killed" in _said(result)
    held = run(
        rb,
        "Bob controls Targon's Peak.\n"
        "Alice controls Yone, Blademaster at Targon's Peak.\n"
        "Alice conquers Targon's Peak.\n",
    )
    assert "Yone" not in _said(held)


def test_a_conquer_trigger_in_words_not_read_is_named(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Tryndamere, Barbarian at Targon's Peak.\nAlice conquers Targon's Peak.\n",
    )
    assert "Not checked by the bot: Tryndamere, Barbarian's “When I conquer after an attack" in (
        _said(result)
    )
    # A unit elsewhere isn't named: "When I conquer" is about its own battlefield.
    elsewhere = run(
        rb,
        "Alice controls Tryndamere, Barbarian.\n"
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice conquers Targon's Peak.\n",
    )
    assert "Not checked" not in _said(elsewhere)


def test_ember_monk_sees_only_cards_played_from_hiding(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "When you play a card from [Hidden]" in text_of(card_data, "Ember Monk")
    hidden = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice controls Ember Monk.\n"
        "Alice hid Hidden Blade at Targon's Peak last turn.\n"
        "Bob controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Hidden Blade from hiding targeting Stalwart Poro.\n"
        "Resolve the chain.\n"
        "What is Ember Monk's Might?\n",
    )
    assert "Ember Monk's triggered ability" in _said(hidden, 4)
    assert "6 Might" in _said(hidden)
    from_hand = run(
        rb,
        "Alice controls Ember Monk.\n"
        "Bob controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Hidden Blade targeting Stalwart Poro.\n",
    )
    assert "Ember Monk" not in _said(from_hand)


def test_pickpocket_if_you_do_follows_the_kill_it_carried_out(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "you may kill a gear" in text_of(card_data, "Pickpocket")
    result = run(
        rb,
        "Bob controls Gold.\n"
        "Alice plays Pickpocket.\n"
        "Pickpocket's trigger targets Gold.\n"
        "Resolve the chain.\n",
    )
    assert verdicts(result)[-1] == "resolved"
    said = _said(result)
    assert "Bob's Gold at base was killed" in said
    assert "Alice's Gold at base" in said


def test_showstopper_destination_is_chosen_not_targeted_and_carried_out(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "then move it to a battlefield" in text_of(card_data, "Showstopper")
    result = run(
        rb,
        "Alice controls Stalwart Poro.\n"
        "Alice plays Showstopper targeting Stalwart Poro, moving it to Targon's Peak.\n"
        "Showstopper resolves.\n"
        "What is Stalwart Poro's Might?\n",
    )
    assert verdicts(result)[1:3] == ["legal", "resolved"]
    assert "then moved to Targon's Peak" in _said(result, 2)
    assert "3 Might" in _said(result) and "at Targon's Peak" in _said(result)
    # A unit that already has a buff gets no other, and still moves.
    buffed = run(
        rb,
        "Alice controls Stalwart Poro.\n"
        "Stalwart Poro has a buff.\n"
        "Alice plays Showstopper targeting Stalwart Poro, moving it to Targon's Peak.\n"
        "Showstopper resolves.\n"
        "What is Stalwart Poro's Might?\n",
    )
    assert "already has a buff" in _said(buffed, 3)
    assert "3 Might" in _said(buffed) and "at Targon's Peak" in _said(buffed)


def test_a_reported_cost_reduction_sets_off_no_might_caution(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Blazing Scorcher.\n"
        "Bob controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Sky Splitter targeting Stalwart Poro.\n"
        "Sky Splitter resolves.\n",
    )
    assert "it is killed" in _said(result)
    assert "Caution" not in _said(result)


def test_ravenborn_tome_gives_only_the_next_spell_bonus_damage(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "The next spell you play this turn deals 1 Bonus Damage" in text_of(
        card_data, "Ravenborn Tome"
    )
    setup = (
        "Alice controls Ravenborn Tome.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Alice activates Ravenborn Tome.\n"
        "Ravenborn Tome's ability resolves.\n"
    )
    result = run(
        rb, setup + "Alice plays Void Seeker targeting Blazing Scorcher.\nVoid Seeker resolves.\n"
    )
    assert "is dealt 5, not 4" in _said(result)
    assert "it is killed" in _said(result)
    # Bob's spell isn't Alice's next spell; and the turn's end ends it.
    bobs = run(
        rb, setup + "Bob plays Void Seeker targeting Blazing Scorcher.\nVoid Seeker resolves.\n"
    )
    assert "Bonus Damage from" not in _said(bobs)
    later = run(
        rb,
        setup + "It is a later turn.\n"
        "Alice plays Void Seeker targeting Blazing Scorcher.\n"
        "Void Seeker resolves.\n",
    )
    assert "Ravenborn Tome" in _said(later, 4)
    assert "Bonus Damage from" not in _said(later)
    state = RbState().with_next_spell_bonus("Alice", "Ravenborn Tome", 1)
    assert RbState.from_dict(state.to_dict()).next_spell_bonus == (
        ("Alice", "Ravenborn Tome", 1, 0),
    )
