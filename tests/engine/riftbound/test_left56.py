"""Left-overs of QA report 55, checked against the real cards and Core Rules v1.3: a stated
Might clears the caution of a Might change the bot didn't carry out (708)."""

from __future__ import annotations

from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


DANGER_ZONE_RESOLVED = (
    "Alice controls Stalwart Poro and Blazing Scorcher at Targon's Peak.\n"
    "Alice plays Danger Zone.\n"
    "Danger Zone resolves.\n"
)


def test_a_stated_might_clears_the_caution_of_an_unapplied_might_change(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Danger Zone's "Give your Mechs +1 [M] this turn" isn't carried out; once the user says
    # Blazing Scorcher's real Might, that number counts it: no caution on it, still one on
    # the unit whose Might wasn't said.
    result = run(
        rb,
        DANGER_ZONE_RESOLVED + "Blazing Scorcher has 5 Might.\n"
        "What is Blazing Scorcher's Might?\n"
        "Is Blazing Scorcher Mighty?\n"
        "Is Stalwart Poro Mighty?\n"
        "Bob plays Piercing Light targeting Blazing Scorcher.\n"
        "Piercing Light resolves.\n",
    )
    assert "may differ" not in _said(result, 4)
    assert verdicts(result)[5] == "yes"
    assert "may differ" not in _said(result, 5)
    assert "may differ" in _said(result, 6)
    assert "survives" in _said(result, 8)
    assert "Caution" not in _said(result, 8)


def test_a_might_change_not_carried_out_after_the_statement_cautions_again(
    rb: RiftboundScenarioExecutor,
) -> None:
    # A second unapplied change after the stated Might isn't in the user's number.
    result = run(
        rb,
        DANGER_ZONE_RESOLVED + "Blazing Scorcher has 5 Might.\n"
        "Alice plays Danger Zone.\n"
        "Danger Zone resolves.\n"
        "Is Blazing Scorcher Mighty?\n",
    )
    assert "may differ" in _said(result, -1)


def test_a_changed_might_keeps_the_caution(rb: RiftboundScenarioExecutor) -> None:
    # "gets +1 Might" changes the bot's number; it doesn't say what the unit really has.
    result = run(
        rb,
        DANGER_ZONE_RESOLVED + "Blazing Scorcher gets +1 Might this turn.\n"
        "Is Blazing Scorcher Mighty?\n",
    )
    assert "may differ" in _said(result, -1)


UDYR_AND_PORO = (
    "Alice controls Targon's Peak.\n"
    "Alice controls Udyr, Wildman at Targon's Peak.\n"
    "Bob controls Pouty Poro and Stalwart Poro at Targon's Peak.\n"
    "Udyr, Wildman is buffed.\n"
    "Alice activates Udyr, Wildman choosing Deal 2 to a unit at a battlefield, targeting "
    "Stalwart Poro.\n"
    "The top of the chain resolves.\n"
    "Udyr, Wildman is buffed.\n"
)


def test_udyr_s_mode_chosen_this_turn_can_t_be_chosen_again(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Udyr, Wildman: "Spend my buff: Choose one you've not chosen this turn - Deal 2 to a unit
    # at a battlefield. / Stun ... / Ready me. / Give me [Ganking] this turn." (002: the card's
    # text decides.)
    result = run(
        rb,
        UDYR_AND_PORO + "Can Alice activate Udyr, Wildman choosing Deal 2 to a unit at a "
        "battlefield, targeting Pouty Poro?\n"
        "Alice activates Udyr, Wildman choosing Ready me.\n"
        "Resolve the chain.\n"
        "It is Alice's next turn.\n"
        "Udyr, Wildman is buffed.\n"
        "Alice activates Udyr, Wildman choosing Deal 2 to a unit at a battlefield, targeting "
        "Pouty Poro.\n",
    )
    assert verdicts(result)[7] == "no"
    said = _said(result, 7)
    assert "“Deal 2 to a unit at a battlefield” was already chosen for it this turn" in said
    assert "“Stun a unit at a battlefield”, “Ready me” and “Give me [Ganking] this turn”" in said
    assert "002" in result.steps[7].rules
    assert verdicts(result)[8] == "legal"
    assert "doesn't keep which modes" not in _said(result, 8)
    # A later turn: every mode may be chosen again.
    assert verdicts(result)[12] == "legal", _said(result, 12)


def test_a_refused_repeat_mode_changes_nothing(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        UDYR_AND_PORO + "Alice activates Udyr, Wildman choosing Deal 2 to a unit at a "
        "battlefield, targeting Pouty Poro.\n"
        "Is Udyr, Wildman buffed?\n",
    )
    assert verdicts(result)[7] == "illegal"
    assert verdicts(result)[8] == "yes"


APHELIOS_TWICE = (
    "Alice controls Aphelios, Exalted and Stalwart Poro at her base and Long Sword and "
    "Doran's Blade at her base.\n"
    "Alice activates Long Sword's Equip ability targeting Aphelios, Exalted.\n"
    "The top of the chain resolves.\n"
    "Aphelios, Exalted's trigger goes on the chain choosing Buff a friendly unit, targeting "
    "Stalwart Poro.\n"
    "The top of the chain resolves.\n"
    "Alice activates Doran's Blade's Equip ability targeting Aphelios, Exalted.\n"
    "The top of the chain resolves.\n"
)


def test_aphelios_s_mode_chosen_this_turn_can_t_be_chosen_again(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Aphelios, Exalted: "When you attach an Equipment to me, choose one that hasn't been
    # chosen this turn - Ready 2 runes. / Channel 1 rune exhausted. / Buff a friendly unit."
    result = run(
        rb,
        APHELIOS_TWICE + "Aphelios, Exalted's trigger goes on the chain choosing Buff a "
        "friendly unit, targeting Aphelios, Exalted.\n",
    )
    assert verdicts(result)[7] == "illegal"
    assert "“Buff a friendly unit” was already chosen for it this turn" in _said(result, 7)


ARMORY = (
    "Alice controls Unlicensed Armory at her base.\n"
    "Alice controls Stalwart Poro at Targon's Peak.\n"
)


def test_a_discard_cost_is_paid_from_the_stated_hand(rb: RiftboundScenarioExecutor) -> None:
    # Unlicensed Armory: "Discard 1, [E]: Choose a friendly unit. ..." - 422.3: the discard
    # must be completed for the cost to be paid; the card goes to the trash (422.1).
    result = run(
        rb,
        ARMORY + "Alice's hand has Blazing Scorcher and Pouty Poro.\n"
        "Alice activates Unlicensed Armory targeting Stalwart Poro, discarding Blazing Scorcher.\n"
        "Where is Blazing Scorcher?\n"
        "Where is Pouty Poro?\n",
    )
    assert verdicts(result)[3] == "legal"
    assert "discarded Blazing Scorcher from Alice's hand" in _said(result, 3)
    assert "422.3" in result.steps[3].rules
    assert "Alice's trash" in _said(result, 4)
    assert "Alice's hand" in _said(result, 5)


def test_a_discard_cost_with_a_choice_asks_which(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        ARMORY + "Alice's hand has Blazing Scorcher and Pouty Poro.\n"
        "Alice activates Unlicensed Armory targeting Stalwart Poro.\n"
        "Can Alice activate Unlicensed Armory targeting Stalwart Poro?\n",
    )
    assert verdicts(result)[3] == "error"
    said = str(result.steps[3].error)
    assert "Alice chooses which of the 2 stated in hand" in said
    assert "discarding Blazing Scorcher" in said
    assert verdicts(result)[4] == "yes"
    assert "would discard 1 card of the 2 stated in hand" in _said(result, 4)


def test_a_discard_cost_with_the_only_card_stated_discards_it(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        ARMORY + "Alice's hand has Blazing Scorcher.\n"
        "Alice activates Unlicensed Armory targeting Stalwart Poro.\n"
        "Where is Blazing Scorcher?\n",
    )
    assert verdicts(result)[3] == "legal"
    assert "Alice's trash" in _said(result, 4)


def test_a_discard_cost_with_no_hand_stated_says_how_to_state_it(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        ARMORY + "Alice activates Unlicensed Armory targeting Stalwart Poro.\n"
        "Alice's hand has Blazing Scorcher.\n"
        "Alice activates Unlicensed Armory targeting Stalwart Poro, discarding Pouty Poro.\n",
    )
    assert verdicts(result)[2] == "legal"
    assert "which the bot doesn't know" in _said(result, 2)
    assert verdicts(result)[4] == "error"
    assert "Alice's hand has Pouty Poro" in str(result.steps[4].error)


def test_gutter_palace_s_discard_cost_is_paid(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Gutter Palace: "Discard 1, [E]: Play a 1 [M] Bird unit token with [Deflect]." A card
    # named twice is one card; the one stated is discarded.
    result = run(
        rb,
        "Alice controls Gutter Palace.\n"
        "Alice's hand has Blazing Scorcher.\n"
        "Alice activates Gutter Palace, discarding Blazing Scorcher.\n",
    )
    assert verdicts(result)[2] == "legal"
    assert "discarded Blazing Scorcher" in _said(result, 2)


def test_discarding_is_not_read_for_a_play(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        ARMORY + "Alice's hand has Blazing Scorcher and Pouty Poro.\n"
        "Alice plays Get Excited! targeting Stalwart Poro, discarding Blazing Scorcher.\n",
    )
    assert verdicts(result)[3] == "error"
    assert "not for playing a card" in str(result.steps[3].error)


def test_a_chosen_champion_is_stated_in_the_champion_zone(rb: RiftboundScenarioExecutor) -> None:
    # 103.2.a.1: the Chosen Champion "will be placed in the Champion Zone at the start of the
    # game"; 108.3.d: "can be played from here as normal".
    result = run(
        rb,
        "Alice's Chosen Champion is Teemo, Strategist.\n"
        "Where is Teemo, Strategist?\n"
        "Jinx, Rebel is Bob's Chosen Champion.\n"
        "Alice plays Teemo, Strategist from her champion zone.\n",
    )
    said = _said(result, 0)
    assert "Teemo, Strategist is in Alice's champion zone" in said
    assert "Alice's Chosen Champion" in said
    assert {"103.2.a.1", "108.3.b", "108.3.d"} <= set(result.steps[0].rules)
    assert "in Alice's champion zone" in _said(result, 1)
    assert "Jinx, Rebel is in Bob's champion zone" in _said(result, 2)
    assert verdicts(result)[3] == "legal"


def test_a_chosen_champion_must_be_a_champion_unit_and_only_one(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice's Chosen Champion is Stalwart Poro.\n"
        "Alice's Chosen Champion is Teemo, Strategist.\n"
        "Alice's champion zone has Jinx, Rebel.\n",
    )
    assert verdicts(result)[0] == "error"
    assert "isn't a champion unit" in str(result.steps[0].error)
    assert "103.2.a.2" in str(result.steps[0].error)
    assert verdicts(result)[2] == "error"
    assert "already holds Teemo, Strategist" in str(result.steps[2].error)


YASUO_MOVES_THRICE = (
    "Alice has 3 points.\n"
    "Alice controls Targon's Peak.\n"
    "Bob controls Grove of the God-Willow.\n"
    "Alice controls Yasuo, Windrider at Targon's Peak.\n"
    "Yasuo, Windrider moves to Grove of the God-Willow.\n"
    "Yasuo, Windrider moves to Targon's Peak.\n"
)


def test_yasuo_s_third_move_triggers_and_scores(rb: RiftboundScenarioExecutor) -> None:
    # Yasuo, Windrider: "The third time I move in a turn, you score 1 point." (383.1: "the
    # [Nth] time" is a trigger condition); the point is gained as it resolves (466.1.a.1).
    result = run(
        rb,
        YASUO_MOVES_THRICE + "How many points does Alice have?\n"
        "Yasuo, Windrider moves to her base.\n"
        "How many points does Alice have?\n"
        "The top of the chain resolves.\n"
        "How many points does Alice have?\n",
    )
    assert "triggers" not in _said(result, 5)
    said = _said(result, 7)
    assert "The third time I move in a turn, you score 1 point." in said
    assert "moves for the third time this turn" in said
    assert "on the chain now" in said
    assert "3 points" in _said(result, 8)
    assert "on the chain scores for Alice once resolved" in _said(result, 8)
    assert "4 points now" in _said(result, 9)
    assert "Alice has 4 points" in _said(result, 10)


def test_a_recall_is_not_yasuo_s_move(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, YASUO_MOVES_THRICE + "Yasuo, Windrider is recalled.\n")
    assert "triggers" not in _said(result, -1)


def test_draven_s_combat_points_are_said_not_counted(rb: RiftboundScenarioExecutor) -> None:
    # Draven, Audacious: "The first time I win a combat each turn, you score 1 point." / "When
    # I die in combat, choose an opponent. They score 1 point." - combat isn't modelled.
    result = run(
        rb,
        "Alice has 3 points.\n"
        "Bob has 7 points.\n"
        "Alice controls Draven, Audacious at Targon's Peak.\n"
        "How many points does Alice have?\n"
        "Draven, Audacious dies.\n"
        "Does Bob win?\n"
        "How many points does Alice have?\n",
    )
    said = _said(result, 3)
    assert "Not counted" in said
    assert "The first time I win a combat each turn, you score 1 point." in said
    assert "They score" not in said
    assert verdicts(result)[5] == "no"
    assert "When I die in combat, choose an opponent. They score 1 point." in _said(result, 5)
    assert "“Bob has 8 points.”" in _said(result, 5)
    assert "Not counted" not in _said(result, 6)


def test_aphelios_s_ready_2_runes_mode_goes_on_the_chain(rb: RiftboundScenarioExecutor) -> None:
    # The bot keeps no runes: "Ready 2 runes" chooses none it could check, so the mode isn't
    # refused (it was "removed" for want of a target), and the runes are left to Alice.
    result = run(
        rb,
        APHELIOS_TWICE + "Aphelios, Exalted's trigger goes on the chain choosing Ready 2 runes.\n"
        "The top of the chain resolves.\n",
    )
    assert verdicts(result)[7] == "legal"
    assert "removed" not in _said(result, 7)
    assert "Ready 2 runes" in _said(result, 8)


def test_draven_showboat_s_might_is_increased_by_the_points(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Draven, Showboat: "My Might is increased by your points." (3 printed Might).
    result = run(
        rb,
        "Alice has 3 points.\n"
        "Alice controls Draven, Showboat at her base.\n"
        "What is Draven, Showboat's Might?\n"
        "Alice has 1 point.\n"
        "Is Draven, Showboat Mighty?\n"
        "Bob controls Draven, Showboat at his base.\n"
        "Is Bob's Draven, Showboat Mighty?\n",
    )
    assert "6 Might (3, +3 from Draven, Showboat)" in _said(result, 2)
    assert verdicts(result)[4] == "no"
    assert "4 Might" in _said(result, 4)
    assert verdicts(result)[6] == "no"
    assert "increased by Bob's points, which no statement gave" in _said(result, 6)


def test_yasuo_s_third_move_by_a_spell_triggers(rb: RiftboundScenarioExecutor) -> None:
    # Ride the Wind: "Move a friendly unit and ready it." - the third move this turn.
    result = run(
        rb,
        YASUO_MOVES_THRICE
        + "Alice plays Ride the Wind targeting Yasuo, Windrider, moving it to her base.\n"
        "The top of the chain resolves.\n"
        "The top of the chain resolves.\n",
    )
    assert "moves for the third time this turn" in _said(result, 7)
    assert "4 points now" in _said(result, 8)
