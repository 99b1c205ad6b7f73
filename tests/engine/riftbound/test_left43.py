"""Riftbound items left open at stop 44, checked against the real cards and Core Rules v1.3:
"this turn" Might ending with the turn (317.2.c), Vex, Apathetic's "They can't move it this
turn" (054.1), a waiting trigger ordered with the others of its event (383.3.d), a copy's name
(472.1.b.1), parts that were reported only (Friendship, Get Excited!, Bashful Bloom, Heedless Resurrection, Here to Help),
Skyward Strike's moved target named (QA 41 U2), "from hiding" in timing questions (U3), "Is X stunned?" off the board (M2), where a hidden card is (M6), a waiting trigger on the board (M4), "Alice moves X to Y." read as her standard move."""

from __future__ import annotations

from bot.data.riftbound_cards import RiftboundCardData
from bot.engine.riftbound.model import RbZone
from bot.engine.riftbound.state import RbState
from bot.scenario.riftbound_board_view import board_text
from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, text_of, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def _might(result: RbScriptResult, name: str) -> int | None:
    return next(o.might for o in result.state.objects.values() if o.name == name)


def test_might_given_this_turn_ends_at_a_later_turn(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "+2 [M] this turn and another unit -2 [M] this turn" in text_of(
        card_data, "Defiant Dance"
    )
    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Bob controls Towering Combatant at Targon's Peak.\n"
        "Alice plays Defiant Dance targeting Stalwart Poro and Towering Combatant.\n"
        "Defiant Dance resolves.\n"
        "It is a later turn.\n",
    )
    assert verdicts(result)[-1] == "ok"
    ended = _said(result)
    assert "Stalwart Poro at Targon's Peak is back to 2 Might" in ended
    assert "317.2.c" in result.steps[-1].rules
    assert _might(result, "Stalwart Poro") == 2
    assert _might(result, "Towering Combatant") == 3


def test_doubled_might_ends_but_a_buff_and_a_stated_might_stay(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "Double a friendly unit's Might this turn" in text_of(card_data, "Last Stand")
    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice controls Towering Combatant at Targon's Peak.\n"
        "Towering Combatant has 5 Might.\n"
        "Stalwart Poro is buffed.\n"
        "Alice plays Last Stand targeting Stalwart Poro.\n"
        "Last Stand resolves.\n"
        "It is a later turn.\n",
    )
    # 2 printed + 1 buff = 3, doubled to 6 this turn; back to 3 (the buff stays: 426.1.b).
    assert _might(result, "Stalwart Poro") == 3
    assert _might(result, "Towering Combatant") == 5
    assert "Towering Combatant" not in _said(result)


def test_this_turn_might_survives_a_save(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Last Stand targeting Stalwart Poro.\n"
        "Last Stand resolves.\n",
    )
    again = RbState.from_dict(result.state.to_dict())
    poro = next(o for o in again.objects.values() if o.name == "Stalwart Poro")
    assert (poro.might, poro.might_this_turn) == (4, 2)


_VEX_STUNS_PORO = (
    "Bob controls Targon's Peak.\n"
    "Bob controls Vex, Apathetic at Targon's Peak.\n"
    "Alice plays Stalwart Poro.\n"
    "The top of the chain resolves.\n"
)


def test_vex_apathetic_forbids_its_player_to_move_the_unit_this_turn(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "They can't move it this turn." in text_of(card_data, "Vex, Apathetic")
    result = run(
        rb,
        _VEX_STUNS_PORO
        + "Stalwart Poro moves to Targon's Peak.\n"
        + "Alice plays Ride the Wind targeting Stalwart Poro, moving it to Targon's Peak.\n",
    )
    assert verdicts(result)[3:] == ["resolved", "illegal", "illegal"]
    assert "Alice can't move" in _said(result, 3)
    for step in (4, 5):
        assert "Vex, Apathetic says “They can't move it this turn”" in _said(result, step)
        assert "054.1" in result.steps[step].rules
    poro = next(o for o in result.state.objects.values() if o.name == "Stalwart Poro")
    assert poro.place == "Alice's base"
    assert RbState.from_dict(result.state.to_dict()) == result.state


def test_vex_apathetic_doesnt_stop_an_opponents_move_or_a_later_turns(
    rb: RiftboundScenarioExecutor,
) -> None:
    # "They" is the player who played the unit: Bob's spells may still move it.
    later = run(
        rb, _VEX_STUNS_PORO + "It is a later turn.\nStalwart Poro moves to Targon's Peak.\n"
    )
    assert "Vex, Apathetic's “this turn” effect ends" in _said(later, 4)
    assert verdicts(later)[-1] == "ok"
    moved_by_bob = run(
        rb,
        _VEX_STUNS_PORO
        + "Bob plays Charm targeting Stalwart Poro, moving it to Targon's Peak.\n"
        + "Charm resolves.\n",
    )
    assert verdicts(moved_by_bob)[-2:] == ["legal", "resolved"]
    poro = next(o for o in moved_by_bob.state.objects.values() if o.name == "Stalwart Poro")
    assert poro.place == "Targon's Peak"


def test_a_waiting_trigger_is_ordered_with_the_others_of_its_event(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "When you play a unit, give a unit +1 [M] this turn." in text_of(
        card_data, "Pridestalker"
    )
    assert "When you play me, draw 1." in text_of(card_data, "Lecturing Yordle")
    played = run(rb, "Alice controls Pridestalker.\nAlice plays Lecturing Yordle.\n")
    assert [w.batch for w in played.state.waiting_triggers] == [played.state.chain[0].id]
    assert RbState.from_dict(played.state.to_dict()) == played.state
    result = run(
        rb,
        "Alice controls Pridestalker.\n"
        "Alice plays Lecturing Yordle.\n"
        "Pridestalker's trigger targets Lecturing Yordle.\n"
        "Alice puts Pridestalker's trigger on the chain first.\n"
        "The top of the chain resolves.\n",
    )
    assert verdicts(result)[2:] == ["legal", "ok", "resolved"]
    assert "It triggered at the same time as Lecturing Yordle's" in _said(result, 2)
    assert "383.3.d" in result.steps[2].rules
    assert "Alice puts Pridestalker's trigger on the chain first." in result.steps[2].offers
    assert "Lecturing Yordle's triggered ability resolves" in _said(result)
    assert [i.source_name for i in result.state.chain] == ["Pridestalker"]


def test_a_lone_waiting_trigger_has_no_order_to_choose(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Pridestalker.\n"
        "Alice plays Stalwart Poro.\n"
        "Pridestalker's trigger targets Stalwart Poro.\n",
    )
    assert result.state.chain[-1].batch == 0
    assert "same time" not in _said(result)


def test_mirror_images_reflection_takes_the_copied_units_name(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "It becomes a copy of that unit." in text_of(card_data, "Mirror Image")
    result = run(
        rb,
        "Bob controls Vex, Mocking at Targon's Peak.\n"
        "Alice plays Mirror Image targeting Vex, Mocking.\n"
        "Mirror Image resolves.\n"
        "What is Reflection's Might?\n"
        "Alice plays Shadow's Call targeting Alice's Vex, Mocking.\n",
    )
    copy = next(o for o in result.state.on_board() if o.token)
    assert (copy.name, copy.played_as, copy.might) == ("Vex, Mocking", "Reflection", 5)
    assert "it is named Vex, Mocking" in _said(result, 2)
    assert "472.1.b.1" in result.steps[2].rules
    assert "5 Might" in _said(result, 3)
    assert verdicts(result)[-1] == "illegal"  # "without [Temporary]" (355.9.b)
    assert RbState.from_dict(result.state.to_dict()) == result.state


def test_friendship_counts_each_listed_tag_among_its_players_units_once(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "for each of the following tags among your units - Bird, Cat, Dog, and Poro" in (
        text_of(card_data, "Friendship")
    )
    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice controls Frisky Hunter at Targon's Peak.\n"
        "Alice controls Daring Poro.\n"
        "Bob controls Loyal Pup.\n"
        "Alice plays Friendship targeting Stalwart Poro.\n"
        "Friendship resolves.\n",
    )
    # Poro (twice, counted once) and Cat are Alice's; Bob's Dog isn't among her units.
    assert _might(result, "Stalwart Poro") == 4
    said = _said(result)
    assert "2 (Cat and Poro)" in said
    assert "doesn't carry it out" not in said
    alone = run(
        rb,
        "Bob controls Loyal Pup.\nAlice plays Friendship targeting Loyal Pup.\n"
        "Friendship resolves.\n",
    )
    pup = next(o for o in alone.state.objects.values() if o.name == "Loyal Pup")
    assert pup.might_this_turn == 0
    assert "+0 Might" in _said(alone)


_GET_EXCITED = (
    "Alice controls Blazing Scorcher at Targon's Peak.\n"
    "Bob controls Towering Combatant at Targon's Peak.\n"
    "Alice plays Get Excited! targeting Towering Combatant.\n"
    "Get Excited! resolves.\n"
)


def test_get_excited_discards_the_only_card_in_hand_and_deals_its_energy(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "Discard 1. Deal its Energy cost as damage to a unit at a battlefield." in (
        text_of(card_data, "Get Excited!")
    )
    result = run(rb, "Alice's hand has Lecturing Yordle.\n" + _GET_EXCITED)
    said = _said(result)
    assert "Alice discards Lecturing Yordle" in said
    assert "dealt 3 (Lecturing Yordle's Energy cost)" in said
    assert {"422.1", "417"} <= set(result.steps[-1].rules)
    yordle = next(o for o in result.state.objects.values() if o.name == "Lecturing Yordle")
    assert yordle.zone is RbZone.TRASH
    assert not any(o.name == "Towering Combatant" for o in result.state.on_board())


def test_get_excited_doesnt_choose_among_several_cards_or_an_unknown_hand(
    rb: RiftboundScenarioExecutor,
) -> None:
    two = run(rb, "Alice's hand has Lecturing Yordle and Stalwart Poro.\n" + _GET_EXCITED)
    # The choice is asked for (QA 46 U1): nothing changes until it is said.
    assert two.steps[-1].verdict == "error"
    assert "Alice chooses which 1 card of the 2 stated in their hand" in _said(two)
    assert sum(o.zone is RbZone.HAND for o in two.state.objects.values()) == 2
    unknown = run(rb, _GET_EXCITED)
    assert "knows no card in Alice's hand" in _said(unknown)
    combatant = next(o for o in unknown.state.on_board() if o.name == "Towering Combatant")
    assert combatant.damage == 0


def test_bashful_blooms_discount_is_counted_as_it_is_activated(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "This ability costs [1] less for each friendly unit with [Temporary]." in (
        text_of(card_data, "Bashful Bloom")
    )
    result = run(
        rb,
        "Alice controls Bashful Bloom.\n"
        "Alice plays Sprite Burst.\n"
        "Sprite Burst resolves.\n"
        "Alice activates Bashful Bloom.\n"
        "The top of the chain resolves.\n",
    )
    activated = _said(result, 3)
    assert "Alice has 2 (Sprite (#3) and Sprite (#4))" in activated
    assert "Alice pays “[2], [E]”" in activated
    assert "403.3" in result.steps[3].rules
    resolved = _said(result)
    assert "costs [1] less" not in resolved  # a discount, not an instruction (403.3)
    assert sum(o.name == "Sprite" for o in result.state.on_board()) == 3


def test_heedless_resurrection_plays_the_chosen_unit_from_the_trash(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "Play a unit from your trash that costs no more Energy and no more Power" in (
        text_of(card_data, "Heedless Resurrection")
    )
    result = run(
        rb,
        "Alice controls Towering Combatant at Targon's Peak.\n"
        "Alice's trash has Stalwart Poro.\n"
        "Alice plays Heedless Resurrection targeting Stalwart Poro, killing Towering Combatant.\n"
        "Heedless Resurrection resolves.\n",
    )
    assert verdicts(result)[-2:] == ["legal", "resolved"]
    assert "Alice plays Stalwart Poro from trash to Alice's base, ignoring its cost" in (
        _said(result)
    )
    assert "356.1.b.1" in result.steps[-1].rules
    poro = next(o for o in result.state.objects.values() if o.name == "Stalwart Poro")
    assert (poro.zone, poro.exhausted) == (RbZone.BASE, True)


def test_here_to_help_leaves_the_hand_choice_to_its_player(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "You may play a unit from hand to a battlefield you control" in (
        text_of(card_data, "Here to Help")
    )
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice's hand has Lecturing Yordle.\n"
        "Alice plays Here to Help targeting Targon's Peak.\n"
        "Here to Help resolves.\n",
    )
    # A card in a hand isn't a target (355.10.a): only the battlefield is chosen.
    assert verdicts(result)[-2:] == ["legal", "resolved"]
    said = _said(result)
    assert "Alice chooses as it resolves whether to play a unit from their hand" in said
    assert "“Alice plays Lecturing Yordle to Targon's Peak.”" in said
    assert "doesn't carry it out" not in said
    assert {"355.12", "355.10.a"} <= set(result.steps[-1].rules)


_SKYWARD = (
    "Alice has 6 XP.\n"
    "Bob controls Targon's Peak.\n"
    "Bob controls Stalwart Poro at Targon's Peak.\n"
    "Bob controls Towering Combatant at Targon's Peak.\n"
)


def _stunned_and_moved(result: RbScriptResult) -> tuple[bool, str]:
    board = {o.name: o for o in result.state.on_board()}
    return board["Towering Combatant"].stunned, board["Stalwart Poro"].place


def test_skyward_strikes_moved_unit_can_be_named_in_any_order(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    assert "Move an enemy unit.\n[Level 6][>] [Stun] an enemy unit." in text_of(
        card_data, "Skyward Strike"
    )
    for play in (
        "targeting Stalwart Poro and Towering Combatant, moving Stalwart Poro to Bob's base",
        "targeting Towering Combatant and Stalwart Poro, moving Stalwart Poro to Bob's base",
        "targeting Stalwart Poro, moving it to Bob's base, and Towering Combatant",
    ):
        result = run(
            rb, _SKYWARD + f"Alice plays Skyward Strike {play}.\nSkyward Strike resolves.\n"
        )
        assert verdicts(result)[-2:] == ["legal", "resolved"], play
        assert _stunned_and_moved(result) == (True, "Bob's base"), play


def test_a_moved_unit_that_isnt_a_target_is_refused(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        _SKYWARD
        + "Bob controls Vex, Mocking at Targon's Peak.\n"
        + "Alice plays Skyward Strike targeting Towering Combatant and Stalwart Poro, "
        + "moving Vex, Mocking to Bob's base.\n",
    )
    assert verdicts(result)[-1] == "error"
    assert "Vex, Mocking is said to be moved, but it isn't one of the targets" in (
        result.steps[-1].explanation
    )


def test_a_showdown_question_about_a_hidden_card_reads_from_hiding(
    rb: RiftboundScenarioExecutor,
) -> None:
    asked = "Can Alice play Back Off from hiding during a showdown?\n"
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        + asked
        + "Alice hides Back Off at Targon's Peak.\n"
        + asked
        + "It is a later turn.\n"
        + asked,
    )
    assert verdicts(result)[1::2] == ["no", "no", "yes"]
    assert "has no Back Off hidden facedown" in _said(result, 1)
    assert "this turn" in _said(result, 3)
    assert "811.6" in result.steps[-1].rules
    assert "hidden at Targon's Peak since an earlier turn" in _said(result)


def test_a_unit_off_the_board_is_not_stunned(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Bob controls Towering Combatant at his base.\n"
        "Towering Combatant is stunned.\n"
        "Towering Combatant is banished.\n"
        "Is Towering Combatant stunned?\n",
    )
    assert verdicts(result)[-1] == "no"
    assert "is not stunned: it is in Bob's banishment, off the board" in _said(result)
    assert "423" in result.steps[-1].rules


def test_where_is_a_hidden_card_names_its_battlefield(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice hides Lotus Trap at Targon's Peak.\n"
        "Where is Lotus Trap?\n",
    )
    assert "in Alice's facedown zone at Targon's Peak" in _said(result)


def test_the_board_shows_a_trigger_waiting_for_its_targets(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, "Alice controls Pridestalker.\nAlice plays Stalwart Poro.\n")
    blocks = dict(board_text(result.state))
    assert "Pridestalker's triggered ability (Alice)" in blocks["Waiting to go on the chain"]
    stated = run(
        rb,
        "Alice controls Pridestalker.\nAlice plays Stalwart Poro.\n"
        "Pridestalker's trigger targets Stalwart Poro.\n",
    )
    assert "Waiting to go on the chain" not in dict(board_text(stated.state))


def test_a_player_moving_a_unit_is_read_as_its_move(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        _VEX_STUNS_PORO
        + "Alice moves Stalwart Poro to Targon's Peak.\n"
        + "Bob moves Vex, Apathetic to his base.\n",
    )
    assert verdicts(result)[-2:] == ["illegal", "ok"]
    assert "Vex, Apathetic says “They can't move it this turn”" in _said(result, -2)
    vex = next(o for o in result.state.on_board() if o.name == "Vex, Apathetic")
    assert vex.place == "Bob's base"
