"""Conditions after a part's effect ("Exile target creature if it has any abilities other than
keywords", TL;DR) and "Then if ..., ...": checked as the part is reached (CR 608.2c); one the
bot can't settle from the board is neither applied nor ticked, and the answer says so."""

from __future__ import annotations

from bot.engine.model import Zone
from tests.engine.mtg.scene import Scene


def _zones_of(scene: Scene, name: str) -> list[Zone]:
    return [o.zone for o in scene.state.objects.values() if o.name == name]


def _effect(scene: Scene, start: str) -> tuple[bool, bool, str]:
    assert scene.last is not None
    found = next(e for e in scene.last.effects if e.text.startswith(start))
    return found.happens, found.tracked, found.why or ""


def _resolve(scene: Scene) -> None:
    scene.last = scene.resolve()


def test_tldr_leaves_a_vanilla_creature(scene: Scene) -> None:
    scene.put("Alice", "Grizzly Bears").put("Bob", "Runeclaw Bear")
    scene.cast("Alice", "TL;DR", "Runeclaw Bear")
    _resolve(scene)
    assert _zones_of(scene, "Runeclaw Bear") == [Zone.BATTLEFIELD]
    happens, _, why = _effect(scene, "Exile target creature")
    assert not happens
    assert "Runeclaw Bear has no abilities other than keywords" in why


def test_tldr_leaves_a_creature_with_only_keyword_lines(scene: Scene) -> None:
    scene.put("Bob", "Serra Angel")  # "Flying" / "Vigilance (reminder)"
    scene.cast("Alice", "TL;DR", "Serra Angel")
    _resolve(scene)
    assert _zones_of(scene, "Serra Angel") == [Zone.BATTLEFIELD]


def test_tldr_exiles_a_creature_with_an_activated_ability(scene: Scene) -> None:
    scene.put("Bob", "Llanowar Elves")
    scene.cast("Alice", "TL;DR", "Llanowar Elves")
    _resolve(scene)
    assert _zones_of(scene, "Llanowar Elves") == [Zone.EXILE]


def test_tldr_counts_an_ability_word_ability_as_not_a_keyword(scene: Scene) -> None:
    # TL;DR's reminder: "Landfall and scry aren't keywords".
    scene.put("Bob", "Lotus Cobra")
    scene.cast("Alice", "TL;DR", "Lotus Cobra")
    _resolve(scene)
    assert _zones_of(scene, "Lotus Cobra") == [Zone.EXILE]


def test_wretched_banquet_checks_the_least_power_as_it_resolves(scene: Scene, ruling) -> None:
    ruling(
        "Wretched Banquet",
        "If another creature has less power than the targeted creature at that time, Wretched "
        "Banquet does nothing.",
    )
    scene.put("Alice", "Grizzly Bears").put("Bob", "Craw Wurm")
    scene.cast("Alice", "Wretched Banquet", "Craw Wurm")
    _resolve(scene)
    assert _zones_of(scene, "Craw Wurm") == [Zone.BATTLEFIELD]


def test_wretched_banquet_destroys_one_tied_for_least_power(scene: Scene) -> None:
    scene.put("Alice", "Grizzly Bears").put("Bob", "Runeclaw Bear").put("Bob", "Craw Wurm")
    scene.cast("Alice", "Wretched Banquet", "Runeclaw Bear")
    _resolve(scene)
    assert _zones_of(scene, "Runeclaw Bear") == [Zone.GRAVEYARD]


def test_a_condition_on_the_turn_is_not_applied_and_says_so(scene: Scene) -> None:
    scene.cast("Alice", "Veil of Summer")
    _resolve(scene)
    happens, _, why = _effect(scene, "Draw a card")
    assert not happens
    assert "the bot doesn't check “if an opponent has cast a blue or black spell" in why


def test_then_if_compares_life_totals_after_the_gain(scene: Scene, ruling) -> None:
    ruling("Survival Cache", "Since your life total (12) is greater than an opponent's")
    scene.cast("Alice", "Survival Cache")
    _resolve(scene)  # 22 against 20
    happens, _, _ = _effect(scene, "Then if you have more life")
    assert happens


def test_then_if_with_less_life_does_not_draw(scene: Scene) -> None:
    scene.state, _ = scene.engine.set_life(scene.state, "Alice", 10)
    scene.cast("Alice", "Survival Cache")
    _resolve(scene)  # 12 against 20
    happens, _, why = _effect(scene, "Then if you have more life")
    assert not happens
    assert "isn't true now" in why


def test_a_die_roll_result_is_not_applied(scene: Scene) -> None:
    scene.put("Bob", "Runeclaw Bear")
    scene.cast("Alice", "Boing!", "Runeclaw Bear")
    _resolve(scene)
    happens, _, why = _effect(scene, "If the result is 3 or less")
    assert not happens
    assert "doesn't check “if the result is 3 or less”" in why


def test_another_players_may_is_not_taken_as_done(scene: Scene) -> None:
    # Chain Stasis: "Then that creature's controller may pay {2}{U}. If the player does, ...".
    scene.put("Bob", "Craw Wurm")
    scene.cast("Alice", "Chain Stasis", "Craw Wurm")
    _resolve(scene)
    happens, _, why = _effect(scene, "If the player does")
    assert not happens
    assert "doesn't check “if the player does”" in why


def test_it_doesnt_have_is_a_condition_not_a_choice(scene: Scene) -> None:
    # Suspend: "If it doesn't have suspend, it gains suspend." (the card is in exile by then).
    scene.put("Bob", "Craw Wurm")
    scene.cast("Alice", "Suspend", "Craw Wurm")
    _resolve(scene)
    happens, tracked, why = _effect(scene, "If it doesn't have suspend")
    # Craw Wurm has no suspend: the condition is checked on the exiled card (608.2c) and the
    # suspend it gains in exile is said, not kept (test_board_conditions_more.py).
    assert (happens, tracked) == (True, False)
    assert "doesn't apply it to the board" in why


def test_a_stated_empty_hand_is_counted(scene: Scene) -> None:
    scene.state, _ = scene.engine.empty_hand(scene.state, "Alice")
    scene.in_zone("Alice", "Plan the Heist", Zone.HAND)
    scene.state, _ = scene.engine.cast(scene.state, "Alice", scene.ids["Plan the Heist"])
    _resolve(scene)
    happens, _, _ = _effect(scene, "Surveil 3 if you have no cards in hand")
    assert happens


def test_an_unstated_hand_asks_for_it(scene: Scene) -> None:
    scene.cast("Alice", "Plan the Heist")
    _resolve(scene)
    happens, _, why = _effect(scene, "Surveil 3")
    assert not happens
    assert "say “Alice's hand is empty.”" in why


def test_the_most_common_colour_is_counted_over_all_permanents(scene: Scene) -> None:
    scene.put("Alice", "Tsabo's Assassin").put("Bob", "Runeclaw Bear")
    scene.put("Bob", "Vampire Nighthawk")  # black 2, green 1
    scene.activate("Alice", "Tsabo's Assassin", "Runeclaw Bear")
    _resolve(scene)
    assert _zones_of(scene, "Runeclaw Bear") == [Zone.BATTLEFIELD]


def test_a_creature_of_the_most_common_colour_is_destroyed(scene: Scene) -> None:
    scene.put("Alice", "Tsabo's Assassin").put("Bob", "Runeclaw Bear")
    scene.put("Bob", "Vampire Nighthawk")  # black 2, green 1
    scene.activate("Alice", "Tsabo's Assassin", "Vampire Nighthawk")
    _resolve(scene)
    assert _zones_of(scene, "Vampire Nighthawk") == [Zone.GRAVEYARD]


def test_if_x_is_without_instead_is_checked_against_the_chosen_x(scene: Scene) -> None:
    # Martial Coup: "If X is 5 or more, destroy all other creatures."
    scene.cast("Alice", "Martial Coup", x=2)
    _resolve(scene)
    happens, tracked, why = _effect(scene, "If X is 5 or more")
    assert not happens and tracked
    assert "“if X is 5 or more” isn't true now" in why


def test_if_it_doesnt_after_an_unchecked_condition_is_not_ticked(scene: Scene) -> None:
    # Weatherlight Compleated: "Then draw a card if it has seven or more phyresis counters on
    # it. If it doesn't, scry 1." (the counters aren't kept, so neither is settled).
    scene.put("Alice", "Weatherlight Compleated")
    scene.trigger("Weatherlight Compleated")
    _resolve(scene)
    happens, tracked, why = _effect(scene, "If it doesn't")
    assert not happens and not tracked
    assert "doesn't check “if it doesn't”" in why


def test_it_in_a_trigger_about_its_source_is_the_source(scene: Scene) -> None:
    # Momentum Rumbler: "Whenever this creature attacks, if it doesn't have first strike, put a
    # first strike counter on it."
    scene.put("Alice", "Momentum Rumbler")
    scene.trigger("Momentum Rumbler")
    _resolve(scene)
    happens, _, _ = _effect(scene, "if it doesn't have first strike")
    assert happens


def test_it_after_a_reveal_is_not_the_source(scene: Scene) -> None:
    # Llanowar Empath: "... reveal the top card of your library. If it's a creature card, put
    # it into your hand." ("it" is the card, not the Empath).
    scene.put("Alice", "Llanowar Empath")
    scene.trigger("Llanowar Empath")
    _resolve(scene)
    happens, _, why = _effect(scene, "If it's a creature card")
    assert not happens
    assert "doesn't check" in why


def test_this_creature_is_the_source(scene: Scene) -> None:
    # Sphinx Sovereign: "you gain 3 life if this creature is untapped. Otherwise, ...".
    scene.put("Alice", "Sphinx Sovereign")
    scene.trigger("Sphinx Sovereign")
    _resolve(scene)
    assert scene.state.player("Alice").life == 23


def test_an_opponent_with_more_life_and_creatures(scene: Scene) -> None:
    # Linvala, the Preserver: "When Linvala enters, if an opponent has more life than you, you
    # gain 5 life."
    scene.put("Alice", "Linvala, the Preserver")
    scene.state, _ = scene.engine.set_life(scene.state, "Alice", 10)
    scene.trigger("Linvala, the Preserver")
    _resolve(scene)
    assert scene.state.player("Alice").life == 15


def test_a_life_threshold_is_read_from_the_life_total(scene: Scene) -> None:
    # Convalescence: "if you have 10 or less life, you gain 1 life."
    scene.put("Alice", "Convalescence")
    scene.state, _ = scene.engine.set_life(scene.state, "Alice", 8)
    scene.trigger("Convalescence")
    _resolve(scene)
    assert scene.state.player("Alice").life == 9
    scene.state, _ = scene.engine.set_life(scene.state, "Alice", 20)
    scene.trigger("Convalescence")
    _resolve(scene)
    assert scene.state.player("Alice").life == 20
