"""Answers QA report 55 found wrong, checked against the real cards and Core Rules v1.3:
"you score 1 point" carried out (466.1.a.1), "Spend my buff:" paid (702.2.b), Might
increased to another's and swapped (433.1.b, 472.3.d.1.b), "return me to my owner's hand" carried
out (Vayne, Blitzcrank), "When you choose me" / "When you choose a friendly unit" triggers (355.7),
Rek'Sai, Breacher's [Accelerate] for units played from facedown, and Udyr, Wildman's modes (355.3)."""

from __future__ import annotations

from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


AHRI_HOLDS_FROM_6 = (
    "Alice has 6 points.\n"
    "Alice controls Targon's Peak.\n"
    "Alice controls Ahri, Alluring at Targon's Peak.\n"
    "It is Alice's next turn.\n"
    "The top of the chain resolves.\n"
)


def test_you_score_1_point_is_gained_and_wins_without_the_winning_point_limits(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Ahri, Alluring: "When I hold, you score 1 point." - the hold takes Alice to 7, the
    # trigger's point to 8: not a conquer or hold, so no Winning Point restriction
    # (466.1.a.1), and she wins at the cleanup (467).
    result = run(rb, AHRI_HOLDS_FROM_6 + "Does Alice win?\n")
    said = _said(result, 4)
    assert "Alice gains 1 point" in said
    assert "8 points now" in said
    assert "466.1.a.1" in said
    assert "doesn't carry it out" not in said
    assert verdicts(result)[5] == "yes"


def test_a_point_from_an_ability_is_forbidden_by_tianna(rb: RiftboundScenarioExecutor) -> None:
    # Tianna Crownguard: "While I'm at a battlefield, opponents can't gain points." (054.1)
    result = run(
        rb,
        "Bob controls Tianna Crownguard at Bandle Tree.\n"
        + AHRI_HOLDS_FROM_6
        + "How many points does Alice have?\n",
    )
    said = _said(result, 5)
    assert "Alice gains no point: Tianna Crownguard's" in said
    assert "Not checked by the bot" not in said
    assert "6 points" in _said(result)


def test_a_point_of_a_player_with_no_stated_score_is_not_counted(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice controls Ahri, Alluring at Targon's Peak.\n"
        "It is Alice's next turn.\n"
        "The top of the chain resolves.\n",
    )
    assert "doesn't know Alice's score, so it isn't counted" in _said(result)


SETT_BUFFED = (
    "Alice controls Targon's Peak. Alice controls Sett, Brawler at Targon's Peak.\n"
    "Sett, Brawler is buffed.\n"
)


def test_spend_my_buff_is_paid_as_sett_s_ability_is_activated(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Sett, Brawler (4 Might): "Spend my buff: Give me +4 [M] this turn." The buff is spent as
    # the cost is paid (403.1.a, 702.2.b): 4, then 8 - not 5 and 9.
    result = run(
        rb,
        SETT_BUFFED + "Alice activates Sett, Brawler.\n"
        "What is Sett, Brawler's Might?\n"
        "The top of the chain resolves.\n"
        "What is Sett, Brawler's Might?\n"
        "Can Alice activate Sett, Brawler?\n",
    )
    # Steps: Peak, Sett, buffed, activate, Might, resolve, Might, can.
    assert verdicts(result)[3] == "legal"
    assert "removed Sett, Brawler's buff (702.2.b)" in _said(result, 3)
    assert "4 Might" in _said(result, 4)
    assert "8 Might" in _said(result, 6)
    # No buff left, so the cost can't be paid again (702.2.b.1).
    assert verdicts(result)[7] == "no"
    assert "702.2.b.1" in result.steps[7].rules


def test_spend_my_buff_can_t_be_paid_without_a_buff(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Sett, Brawler at Targon's Peak.\n"
        "Alice activates Sett, Brawler.\n",
    )
    assert verdicts(result)[2] == "illegal"
    assert "has no buff" in _said(result, 2)


def test_convergent_mutation_raises_the_chosen_unit_to_the_other_s_might_this_turn(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Convergent Mutation: "Choose a friendly unit. This turn, increase its Might to the Might
    # of another friendly unit." Stalwart Poro 2 -> 5 (Blazing Scorcher's), Mighty (708),
    # back to 2 when the turn ends (317.2.c).
    result = run(
        rb,
        "Alice controls Stalwart Poro and Blazing Scorcher at her base.\n"
        "Alice plays Convergent Mutation targeting Stalwart Poro and Blazing Scorcher.\n"
        "Convergent Mutation resolves.\n"
        "Is Stalwart Poro Mighty?\n"
        "It is Bob's next turn.\n"
        "What is Stalwart Poro's Might?\n",
    )
    said = _said(result, 2)
    assert "+3 Might this turn, up to the 5 Might of Blazing Scorcher" in said
    assert "doesn't carry it out" not in said
    assert verdicts(result)[3] == "yes"
    assert "2 Might" in _said(result)


def test_convergent_mutation_never_lowers_the_might(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Stalwart Poro and Blazing Scorcher at her base.\n"
        "Alice plays Convergent Mutation targeting Blazing Scorcher and Stalwart Poro.\n"
        "Convergent Mutation resolves.\n"
        "What is Blazing Scorcher's Might?\n",
    )
    assert "an increase never lowers it" in _said(result, 2)
    assert "5 Might" in _said(result)


def test_switcheroo_swaps_the_might_of_two_units_this_turn(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Switcheroo: "Swap the Might of two units at the same battlefield this turn." (433.1.b)
    result = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice hid Switcheroo at Targon's Peak last turn.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Alice plays Switcheroo from hiding targeting Stalwart Poro and Blazing Scorcher.\n"
        "Switcheroo resolves.\n"
        "Is Stalwart Poro Mighty?\n"
        "Is Blazing Scorcher Mighty?\n",
    )
    said = _said(result, 5)
    assert "Might swapped this turn (433.1.b)" in said
    assert "Stalwart Poro at Targon's Peak 2 → 5" in said
    assert verdicts(result)[6:] == ["yes", "no"]


def test_vayne_returns_herself_to_hand_and_her_cost_is_paid_going_on_the_chain(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Vayne, Hunter: "When I conquer, you may pay [1] to return me to my owner's hand."
    # The [1] is paid as the trigger goes on the chain (383.3.b.1, 383.3.b.2).
    result = run(
        rb,
        "Bob controls Targon's Peak.\n"
        "Alice controls Vayne, Hunter at Targon's Peak.\n"
        "Alice conquers Targon's Peak.\n"
        "Vayne, Hunter's trigger goes on the chain with no targets.\n"
        "The top of the chain resolves.\n"
        "Where is Vayne, Hunter?\n",
    )
    going = _said(result, 3)
    assert "“pay [1] to” is a cost within the instruction" in going
    assert {"383.3.b.1", "383.3.b.2"} <= set(result.steps[3].rules)
    said = _said(result, 4)
    assert "Vayne, Hunter at Targon's Peak: returned to hand" in said
    assert "doesn't carry it out" not in said
    assert "has left the board, but" not in said
    assert "in Alice's hand" in _said(result)


def test_blitzcrank_returns_itself_to_hand_on_hold(rb: RiftboundScenarioExecutor) -> None:
    # Blitzcrank, Impassive: "When I hold, return me to my owner's hand."
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice controls Blitzcrank, Impassive at Targon's Peak.\n"
        "It is Alice's next turn.\n"
        "The top of the chain resolves.\n"
        "Where is Blitzcrank, Impassive?\n",
    )
    assert "returned to hand" in _said(result, 3)
    assert "in Alice's hand" in _said(result)


def test_a_self_return_whose_source_left_does_nothing(rb: RiftboundScenarioExecutor) -> None:
    # The unit left before its ability resolved: "me" is no longer on the board (359.3.e.12).
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice controls Blitzcrank, Impassive at Targon's Peak.\n"
        "It is Alice's next turn.\n"
        "Blitzcrank, Impassive dies.\n"
        "The top of the chain resolves.\n"
        "Where is Blitzcrank, Impassive?\n",
    )
    assert "is no longer on the board" in _said(result, 4)
    assert "trash" in _said(result)


def test_choosing_irelia_with_a_spell_triggers_her(rb: RiftboundScenarioExecutor) -> None:
    # Irelia, Fervent (4): "When you choose or ready me, give me +1 [M] this turn." Choosing is
    # targeting (355.7); the trigger goes on the chain above Feral Strength: 4 + 1 + 2 = 7.
    result = run(
        rb,
        "Alice controls Irelia, Fervent at Targon's Peak.\n"
        "Alice plays Feral Strength targeting Irelia, Fervent.\n"
        "Resolve the chain.\n"
        "What is Irelia, Fervent's Might?\n",
    )
    said = _said(result, 1)
    assert "triggers because Alice chose Irelia, Fervent with Feral Strength" in said
    assert "355.7" in result.steps[1].rules
    assert "7 Might" in _said(result)


def test_an_opponent_choosing_irelia_doesn_t_trigger_her(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Irelia, Fervent at Targon's Peak.\n"
        "Bob plays Feral Strength targeting Irelia, Fervent.\n",
    )
    assert "Irelia, Fervent's triggered ability" not in _said(result, 1)


def test_choosing_and_readying_irelia_triggers_her_twice(rb: RiftboundScenarioExecutor) -> None:
    # Last Breath: "Ready a friendly unit. It deals damage equal to its Might to an enemy unit
    # at a battlefield." - chosen as it is played, readied as it resolves.
    result = run(
        rb,
        "Alice controls Irelia, Fervent at Targon's Peak.\n"
        "Irelia, Fervent is exhausted.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Alice plays Last Breath targeting Irelia, Fervent and Blazing Scorcher.\n"
        "Resolve the chain.\n"
        "What is Irelia, Fervent's Might?\n",
    )
    assert "because Alice chose Irelia, Fervent" in _said(result, 3)
    assert "because Alice readied Irelia, Fervent with Last Breath" in _said(result, 4)
    assert "6 Might" in _said(result)


def test_blade_dancer_sees_a_friendly_unit_chosen_and_readies_it(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Blade Dancer: "When you choose a friendly unit, you may exhaust me and pay [A] to ready
    # it." A "you may" trigger is its controller's choice (383.3.a); its cost is paid as it
    # goes on the chain (383.3.b.1), and "it" is the unit chosen.
    result = run(
        rb,
        "Alice controls Blade Dancer.\n"
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Stalwart Poro is exhausted.\n"
        "Alice plays Feral Strength targeting Stalwart Poro.\n"
        "Blade Dancer's first ability goes on the chain with no targets.\n"
        "The top of the chain resolves.\n"
        "Is Stalwart Poro exhausted?\n"
        "Is Blade Dancer exhausted?\n",
    )
    assert "Blade Dancer's triggered ability" in _said(result, 3)
    assert "Alice chooses whether to put it on the chain" in _said(result, 3)
    assert "Blade Dancer is exhausted now" in _said(result, 4)
    assert "Stalwart Poro at Targon's Peak: readied" in _said(result, 5)
    assert verdicts(result)[6:] == ["no", "yes"]


def test_an_exhausted_blade_dancer_can_t_pay_its_cost(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Blade Dancer.\n"
        "Blade Dancer is exhausted.\n"
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Feral Strength targeting Stalwart Poro.\n"
        "Blade Dancer's first ability goes on the chain with no targets.\n",
    )
    assert verdicts(result)[4] == "illegal"
    assert "Blade Dancer is exhausted, so it can't pay" in _said(result, 4)


REKSAI_HIDDEN_FAE = (
    "Alice controls Targon's Peak.\n"
    "Alice controls Rek'Sai, Breacher at her base.\n"
    "Alice hid Blastcone Fae at Targon's Peak last turn.\n"
)


def test_rek_sai_gives_accelerate_to_a_unit_played_from_facedown(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Rek'Sai, Breacher: "Friendly units played from anywhere other than a player's hand have
    # [Accelerate]." A card played from facedown isn't played from a hand (811.1.c.3).
    result = run(
        rb,
        REKSAI_HIDDEN_FAE
        + "Alice plays Blastcone Fae from hiding with Accelerate.\nIs Blastcone Fae exhausted?\n",
    )
    assert verdicts(result)[3] == "legal"
    said = _said(result, 3)
    assert "played from facedown, not from a hand (811.1.c.3)" in said
    assert "Rek'Sai, Breacher at base says" in said
    assert "enters ready" in said
    assert "[Quick-Draw]" not in said
    assert verdicts(result)[4] == "no"


def test_without_rek_sai_a_unit_from_facedown_has_no_accelerate(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice hid Blastcone Fae at Targon's Peak last turn.\n"
        "Alice plays Blastcone Fae from hiding with Accelerate.\n",
    )
    assert verdicts(result)[2] == "illegal"


def test_rek_sai_doesn_t_give_accelerate_to_a_unit_played_from_hand(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Rek'Sai, Breacher at her base.\nAlice plays Stalwart Poro with Accelerate.\n",
    )
    assert verdicts(result)[1] == "illegal"


UDYR_BUFFED = (
    "Alice controls Udyr, Wildman at Targon's Peak.\n"
    "Bob controls Pouty Poro and Stalwart Poro at Targon's Peak.\n"
    "Udyr, Wildman is buffed.\n"
)


def test_udyr_s_chosen_mode_is_the_only_one_activated(rb: RiftboundScenarioExecutor) -> None:
    # Udyr, Wildman: "Spend my buff: Choose one you've not chosen this turn - Deal 2 to a unit
    # at a battlefield. / Stun a unit at a battlefield. / Ready me. / Give me [Ganking] this
    # turn." One mode, and only its target (355.3).
    result = run(
        rb,
        UDYR_BUFFED + "Alice activates Udyr, Wildman choosing Deal 2 to a unit at a battlefield, "
        "targeting Stalwart Poro.\n"
        "The top of the chain resolves.\n"
        "Where is Stalwart Poro?\n",
    )
    assert verdicts(result)[3] == "legal"
    said = _said(result, 3)
    assert "choosing “Deal 2 to a unit at a battlefield”" in said
    assert "355.3" in result.steps[3].rules
    assert "wasn't chosen for this ability of Udyr, Wildman earlier this turn" in said
    assert "Stalwart Poro at Targon's Peak: dealt 2" in _said(result, 4)
    assert "trash" in _said(result)


def test_udyr_s_ready_me_mode_needs_no_target(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        UDYR_BUFFED + "Udyr, Wildman is exhausted.\n"
        "Can Alice activate Udyr, Wildman choosing Ready me?\n"
        "Alice activates Udyr, Wildman choosing Ready me.\n"
        "The top of the chain resolves.\n"
        "Is Udyr, Wildman exhausted?\n",
    )
    assert verdicts(result)[4:] == ["yes", "legal", "resolved", "no"]


def test_udyr_without_a_mode_asks_for_one(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, UDYR_BUFFED + "Alice activates Udyr, Wildman.\n")
    assert verdicts(result)[3] == "error"
    assert "say which mode Alice chooses" in _said(result, 3) + str(result.steps[3].error)


EDGE_OF_NIGHT_FROM_HIDING = (
    "Alice controls Targon's Peak.\n"
    "Alice controls Stalwart Poro at Targon's Peak and Pouty Poro at her base.\n"
    "Alice hid Edge of Night at Targon's Peak last turn.\n"
    "Alice plays Edge of Night from hiding.\n"
)


def test_edge_of_night_from_facedown_attaches_to_a_unit_at_its_battlefield(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Edge of Night (errata): "When you play this from face down, attach it to a unit you
    # control (here)." Recalled unattached before its trigger goes on the chain, but "The
    # Hidden rules still require that you choose a unit at the battlefield where you played it
    # from face down" (Spiritforged FAQ; 811.1.d.2).
    result = run(
        rb,
        EDGE_OF_NIGHT_FROM_HIDING + "Edge of Night's trigger targets Pouty Poro.\n"
        "Edge of Night's trigger targets Stalwart Poro.\n"
        "The top of the chain resolves.\n"
        "Where is Edge of Night?\n",
    )
    assert "Edge of Night's triggered ability" in _said(result, 3)
    assert verdicts(result)[4] == "illegal"
    assert "played from hiding at Targon's Peak" in _said(result, 4)
    assert verdicts(result)[5] == "legal"
    assert "Edge of Night is attached to Alice's Stalwart Poro" in _said(result, 6)
    assert "at Targon's Peak" in _said(result)


def test_edge_of_night_played_from_hand_has_no_facedown_trigger(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(rb, "Alice controls Stalwart Poro at her base.\nAlice plays Edge of Night.\n")
    assert verdicts(result)[1] == "legal"
    assert "Edge of Night's triggered ability" not in _said(result, 1)


DORANS_BLADE_EQUIPPED = (
    "Alice controls Stalwart Poro at Targon's Peak and Doran's Blade at her base.\n"
    "Alice activates Doran's Blade's Equip ability targeting Stalwart Poro.\n"
    "The top of the chain resolves.\n"
)


def test_an_unknown_might_bonus_is_said_on_might_answers(rb: RiftboundScenarioExecutor) -> None:
    # 137.3: "A card's Might Bonus modulates the Might of the card to which [it] is Attached";
    # the card data has no Might Bonus for Equipment, so answers say it isn't counted.
    result = run(
        rb,
        DORANS_BLADE_EQUIPPED + "What is Stalwart Poro's Might?\nIs Stalwart Poro Mighty?\n",
    )
    assert "not counting the Might Bonus of Doran's Blade" in _said(result, 2)
    assert "not counting the Might Bonus of Doran's Blade" in _said(result, 3)
    assert "Caution: Not counting the Might Bonus of Doran's Blade" in _said(result, 4)
    assert "137.3" in result.steps[4].rules


def test_a_stated_might_bonus_is_counted_without_caution(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        DORANS_BLADE_EQUIPPED + "Doran's Blade has a +2 Might Bonus.\n"
        "What is Stalwart Poro's Might?\n",
    )
    said = _said(result)
    assert "4 Might" in said
    assert "not counting" not in said


ARMORY_ON_PORO = (
    "Alice controls Unlicensed Armory at her base.\n"
    "Alice controls Stalwart Poro at Targon's Peak.\n"
    "Alice's hand has Blazing Scorcher.\n"
    "Alice activates Unlicensed Armory targeting Stalwart Poro.\n"
    "The top of the chain resolves.\n"
)


def test_unlicensed_armory_s_optional_replacement_is_offered(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Unlicensed Armory: "Discard 1, [E]: Choose a friendly unit. The next time it would die
    # this turn, you may pay [Fury] to heal it, exhaust it, and recall it instead." Alice's
    # choice (369.1): not said, so it dies, and the answer says how to use it.
    result = run(
        rb,
        ARMORY_ON_PORO + "Bob plays Piercing Light targeting Stalwart Poro.\n"
        "Piercing Light resolves.\n"
        "Where is Stalwart Poro?\n",
    )
    assert "Unlicensed Armory's replacement is set up on Alice's Stalwart Poro" in _said(result, 4)
    assert "Alice may pay [Fury]" in _said(result, 4)
    assert "“Alice uses Unlicensed Armory for Stalwart Poro.”" in _said(result, 6)
    assert "trash" in _said(result)


def test_unlicensed_armory_used_recalls_the_unit_instead(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        ARMORY_ON_PORO + "Alice uses Unlicensed Armory for Stalwart Poro.\n"
        "Bob plays Piercing Light targeting Stalwart Poro.\n"
        "Piercing Light resolves.\n"
        "Where is Stalwart Poro?\n",
    )
    assert verdicts(result)[5] == "ok"
    assert "Unlicensed Armory's replacement heals it, exhausts it and recalls it" in _said(
        result, 7
    )
    assert "exhausted, at Alice's base" in _said(result)


APHELIOS_EQUIPPED = (
    "Alice controls Aphelios, Exalted and Stalwart Poro at her base and Long Sword at her base.\n"
    "Alice activates Long Sword's Equip ability targeting Aphelios, Exalted.\n"
    "The top of the chain resolves.\n"
)


def test_attaching_an_equipment_to_aphelios_triggers_its_modal_ability(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Aphelios, Exalted: "When you attach an Equipment to me, choose one that hasn't been
    # chosen this turn - Ready 2 runes. / Channel 1 rune exhausted. / Buff a friendly unit."
    result = run(
        rb,
        APHELIOS_EQUIPPED + "Aphelios, Exalted's trigger goes on the chain choosing Buff a "
        "friendly unit, targeting Stalwart Poro.\n"
        "The top of the chain resolves.\n"
        "What is Stalwart Poro's Might?\n",
    )
    said = _said(result, 2)
    assert "Aphelios, Exalted's triggered ability" in said
    assert "because Alice attached Long Sword to Aphelios, Exalted" in said
    assert "goes on the chain choosing Ready 2 runes" in said
    assert verdicts(result)[3] == "legal"
    assert "Alice chooses “Buff a friendly unit” as it goes on the chain" in _said(result, 3)
    assert "Stalwart Poro at base: buffed" in _said(result, 4)
    assert "3 Might" in _said(result)


def test_aphelios_s_trigger_waits_for_its_mode(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, APHELIOS_EQUIPPED + "Aphelios, Exalted's trigger goes on the chain.\n")
    assert verdicts(result)[3] == "error"
    assert "say which mode Alice chooses as it goes on the chain" in (
        _said(result, 3) + str(result.steps[3].error)
    )


def test_reckoner_s_arena_activates_the_units_conquer_effects(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Reckoner's Arena: "When you hold here, activate the conquer effects of units here."
    # Unleashed FAQ: units there "that trigger on conquering will see a conquer event".
    result = run(
        rb,
        "Alice controls Reckoner's Arena.\n"
        "Alice controls Kai'Sa, Survivor at Reckoner's Arena.\n"
        "It is Alice's next turn.\n"
        "The top of the chain resolves.\n",
    )
    said = _said(result)
    assert "doesn't carry it out" not in said
    assert "Kai'Sa, Survivor's triggered ability (“When I conquer, draw 1.”) triggers" in said


def test_reckoner_s_arena_doesn_t_trigger_yone_s_uncontrolled_conquer(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Unleashed FAQ: Yone's "When I conquer a battlefield that was uncontrolled" - "since the
    # battlefield wasn't previously uncontrolled, Yone's ability will not trigger."
    result = run(
        rb,
        "Alice controls Reckoner's Arena.\n"
        "Alice controls Yone, Blademaster at Reckoner's Arena.\n"
        "It is Alice's next turn.\n"
        "The top of the chain resolves.\n",
    )
    assert "Yone, Blademaster's triggered ability" not in _said(result)


def test_a_facedown_card_is_neither_ready_nor_exhausted(rb: RiftboundScenarioExecutor) -> None:
    # QA 55 M1: a hidden card isn't a unit on the board (355.9.a.3, 107.3).
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice hid Blastcone Fae at Targon's Peak last turn.\n"
        "Is Blastcone Fae exhausted?\n"
        "Where is Blastcone Fae?\n",
    )
    assert verdicts(result)[2] == "no"
    assert "neither ready nor exhausted" in _said(result, 2)
    assert "a facedown card, in Alice's facedown zone at Targon's Peak" in _said(result)
    assert "Might" not in _said(result)


def test_a_might_change_not_carried_out_is_a_caution_on_might_answers(
    rb: RiftboundScenarioExecutor,
) -> None:
    # QA 55 W6: where the bot can't carry a Might change out (Danger Zone's "Give your Mechs
    # +1 [M] this turn"), a later "Is X Mighty?" says it may be off, until the turn ends.
    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Danger Zone.\n"
        "Danger Zone resolves.\n"
        "What is Stalwart Poro's Might?\n"
        "Is Stalwart Poro Mighty?\n"
        "It is Bob's next turn.\n"
        "Is Stalwart Poro Mighty?\n",
    )
    caution = "its Might may differ: Danger Zone's “Give your Mechs +1 [M] this turn”"
    assert caution in _said(result, 3)
    assert caution in _said(result, 4).replace("Caution: Its", "its")
    assert "may differ" not in _said(result, 6)


def test_a_chosen_champion_is_stated_played_and_hidden_from_the_champion_zone(
    rb: RiftboundScenarioExecutor,
) -> None:
    # QA 55 U3: 108.3.d "The Chosen Champion can be played from here as normal"; not from a
    # hand, so Rek'Sai, Breacher gives it [Accelerate].
    result = run(
        rb,
        "Alice controls Rek'Sai, Breacher at her base.\n"
        "Alice's champion zone has Teemo, Strategist.\n"
        "Where is Teemo, Strategist?\n"
        "Alice plays Teemo, Strategist from her champion zone with Accelerate.\n"
        "Show the board.\n",
    )
    assert "in Alice's champion zone" in _said(result, 2)
    assert verdicts(result)[3] == "legal"
    said = _said(result, 3)
    assert "leaves Alice's champion zone" in said
    assert "played from Alice's Champion Zone, not from a hand (108.3.d)" in said
    assert "champion zone" not in _said(result)


def test_a_chosen_champion_is_hidden_from_the_champion_zone(
    rb: RiftboundScenarioExecutor,
) -> None:
    # 811.1.b: "While this card is in your hand or in your Champion Zone ..., you may pay [A]
    # to hide this facedown".
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice's champion zone has Teemo, Strategist.\n"
        "Alice hides Teemo, Strategist at Targon's Peak.\n",
    )
    assert "It leaves Alice's champion zone" in _said(result, 2)


def test_a_hidden_play_trigger_s_example_is_at_its_battlefield(
    rb: RiftboundScenarioExecutor,
) -> None:
    # 811.1.d.2: the play effect of a unit played from hiding chooses at that battlefield, so
    # the example statement doesn't name Rek'Sai at the base (QA 55 W4, p26).
    result = run(rb, REKSAI_HIDDEN_FAE + "Alice plays Blastcone Fae from hiding.\n")
    said = _said(result, 3)
    assert "e.g. “Blastcone Fae's trigger targets" in said
    assert "targets Rek'Sai, Breacher" not in said
