"""Ward puts a real triggered ability on the stack (CR 702.21a, 603.3) and, as it resolves,
counters "that spell or ability" unless its controller pays (CR 118.12a, 701.6a).

Real cards (``oracle-cards.json.gz``) read by the Oracle-text reader; every rule or ruling a
test rests on is quoted and first checked against the CR or that card's official rulings.
"""

from __future__ import annotations

import pytest

from bot.engine.errors import EngineError
from bot.engine.model import ObjectKind, Zone
from bot.engine.mtg.resolution import ResolveChoices
from bot.engine.requirements import RetargetKind
from bot.engine.verdict import VerdictKind as K
from tests.engine.mtg.scene import Scene

WARD_2 = "Waterfall Aerialist"  # Flying, Ward {2}; 3/1
WARD_3 = "Rimeshield Frost Giant"  # Ward {3}; 4/5
WARD_LIFE = "Owlin Shieldmage"  # Flying, Ward—Pay 3 life; 3/3


def names(scene: Scene) -> list[str]:
    """The stack, bottom first."""
    return [entry.name for entry in scene.state.stack]


def zone_of(scene: Scene, name: str) -> set[Zone]:
    return {o.zone for o in scene.state.objects.values() if o.name == name}


def test_printed_ward_triggers_above_the_spell_and_the_cast_stays_legal(scene, cr) -> None:
    cr(
        "Ward [cost] means “Whenever this permanent becomes the target of a spell or ability an "
        "opponent controls, counter that spell or ability unless that player pays [cost].”"
    )
    cr("The ability becomes the topmost object on the stack.")
    scene.put("Alice", WARD_2)
    v = scene.cast("Bob", "Lightning Bolt", WARD_2)
    assert v.kind is K.OK and v.slots[0].legal is True
    assert {"702.21a", "603.3"} <= set(v.rules)
    assert "ward triggered" in v.reason and "now on the stack above Lightning Bolt" in v.reason
    assert names(scene) == ["Lightning Bolt", f"{WARD_2}'s ward trigger"]
    bolt, ward = scene.state.stack
    assert v.object_ids == (bolt.object_id, ward.object_id)
    # Controlled by the warded permanent's controller, from that permanent (CR 603.3a).
    assert ward.controller == "Alice" and ward.source_id == scene.ids[WARD_2]
    assert scene.state.obj(ward.object_id).kind is ObjectKind.TRIGGERED_ABILITY
    # It remembers which spell it counters, the cost and who may pay.
    assert (ward.refers_to, ward.unless_cost, ward.unless_payer) == (bolt.object_id, "{2}", "Bob")


def test_resolving_ward_without_saying_who_pays_is_a_clear_error(scene) -> None:
    scene.put("Alice", WARD_2)
    scene.cast("Bob", "Lightning Bolt", WARD_2)
    before = scene.state
    with pytest.raises(EngineError) as caught:
        scene.engine.resolve_top(before)
    error = caught.value
    assert "unless Bob pays {2}" in error.message and "say whether Bob pays" in error.message
    assert error.statements == (
        "The top of the stack resolves and Bob pays {2}.",
        "The top of the stack resolves and Bob doesn't pay.",
    )
    assert error.statements[0] in error.hint
    with pytest.raises(EngineError):
        scene.engine.resolve_all(before)  # "Resolve the stack" can't guess either


def test_not_paying_counters_the_spell_into_its_owners_graveyard(scene, cr) -> None:
    cr("A countered spell is put into its owner’s graveyard.")
    scene.put("Alice", WARD_2)
    scene.cast("Bob", "Lightning Bolt", WARD_2)
    bolt_id = scene.state.stack[0].object_id
    v = scene.resolve(pays=False)
    assert v.kind is K.RESOLVED
    assert {"702.21a", "118.12a", "701.6a"} <= set(v.rules)
    assert "Lightning Bolt is countered" in v.reason and "Bob's graveyard" in v.reason
    assert [(e.happens, e.affected) for e in v.effects] == [(True, ("Lightning Bolt",))]
    assert scene.state.stack == ()
    assert bolt_id not in scene.state.objects and scene.state.departures[bolt_id].event == (
        "was countered"
    )
    bolt = [o for o in scene.state.objects.values() if o.name == "Lightning Bolt"]
    assert [(o.zone, o.owner) for o in bolt] == [(Zone.GRAVEYARD, "Bob")]
    assert zone_of(scene, WARD_2) == {Zone.BATTLEFIELD}


def test_paying_leaves_the_spell_which_then_resolves(scene) -> None:
    scene.put("Alice", WARD_2)
    scene.cast("Bob", "Lightning Bolt", WARD_2)
    v = scene.resolve(pays=True)
    assert v.kind is K.RESOLVED and "Bob pays {2}" in v.reason and "isn't countered" in v.reason
    assert [e.happens for e in v.effects] == [False]
    assert names(scene) == ["Lightning Bolt"]
    v = scene.resolve()
    assert v.kind is K.RESOLVED and [e.text for e in v.effects] == [f"3 damage to {WARD_2}"]
    assert zone_of(scene, WARD_2) == {Zone.GRAVEYARD}  # 3 damage to a 3/1


def test_payer_and_cost_are_checked(scene) -> None:
    scene.put("Alice", WARD_2)
    scene.cast("Bob", "Lightning Bolt", WARD_2)
    state = scene.state
    with pytest.raises(EngineError, match="Bob decides whether to pay"):
        scene.engine.resolve_top(state, ResolveChoices(pays=True, payer="Alice"))
    with pytest.raises(EngineError, match=r"asks for \{2\}, not \{3\}"):
        scene.engine.resolve_top(state, ResolveChoices(pays=True, payer="Bob", cost="{3}"))
    after, v = scene.engine.resolve_top(state, ResolveChoices(pays=True, payer="bob", cost="2"))
    assert v.kind is K.RESOLVED and [e.name for e in after.stack] == ["Lightning Bolt"]


def test_a_pay_choice_for_something_that_asks_none_is_an_error(scene) -> None:
    scene.put("Alice", "Runeclaw Bear")
    scene.cast("Bob", "Lightning Bolt", "Runeclaw Bear")
    with pytest.raises(EngineError, match="doesn't ask anyone to pay"):
        scene.resolve(pays=False)


def test_your_own_spell_on_your_own_ward_creature_triggers_nothing(scene) -> None:
    scene.put("Alice", WARD_2)
    v = scene.cast("Alice", "Giant Growth", WARD_2)
    # No trigger, but the rule that was checked and did not apply is cited (the design:
    # "ward that does not trigger: 702.21a").
    assert v.kind is K.OK and v.notes == () and "702.21a" in v.rules
    assert "only for Alice's opponents" in v.slots[0].why
    assert names(scene) == ["Giant Growth"]


def test_gained_ward_triggers_too_and_ward_from_a_statement_reads_its_cost(scene) -> None:
    scene.put("Alice", "Runeclaw Bear")
    scene.do("gain_ability", "Runeclaw Bear", "ward 2")
    scene.cast("Bob", "Lightning Bolt", "Runeclaw Bear")
    assert scene.state.stack[-1].name == "Runeclaw Bear's ward trigger"
    assert scene.state.stack[-1].unless_cost == "{2}"


def test_each_warded_target_triggers_and_any_unpaid_one_counters(scene, ruling) -> None:
    quote = ruling(
        WARD_2,
        "If a player casts a spell that targets multiple permanents their opponent controls with "
        "ward, each of those ward abilities will trigger. If that player doesn't pay for all of "
        "them, the spell will be countered.",
    )
    assert quote
    scene.put("Alice", WARD_2).put("Alice", WARD_3)
    v = scene.cast("Bob", "Arc Trail", WARD_2, WARD_3)
    assert v.kind is K.OK and len(v.notes) == 2
    assert names(scene) == ["Arc Trail", f"{WARD_2}'s ward trigger", f"{WARD_3}'s ward trigger"]
    assert [e.unless_cost for e in scene.state.stack[1:]] == ["{2}", "{3}"]
    assert scene.resolve(pays=True).kind is K.RESOLVED  # pays {3}
    assert names(scene) == ["Arc Trail", f"{WARD_2}'s ward trigger"]
    v = scene.resolve(pays=False)  # doesn't pay {2}
    assert "Arc Trail is countered" in v.reason and scene.state.stack == ()
    assert zone_of(scene, "Arc Trail") == {Zone.GRAVEYARD}
    assert zone_of(scene, WARD_2) == zone_of(scene, WARD_3) == {Zone.BATTLEFIELD}


def test_a_ward_trigger_whose_spell_is_gone_does_nothing(scene) -> None:
    scene.put("Alice", WARD_2).put("Alice", WARD_3)
    scene.cast("Bob", "Arc Trail", WARD_2, WARD_3)
    scene.resolve(pays=False)  # the {3} trigger counters Arc Trail
    assert names(scene) == [f"{WARD_2}'s ward trigger"]
    v = scene.resolve()  # nothing left to counter, so nobody is asked
    assert v.kind is K.RESOLVED and "does nothing" in v.reason
    assert "no longer on the stack" in v.reason and "608.2" in v.rules
    assert [e.happens for e in v.effects] == [False] and scene.state.stack == ()


def test_one_spell_targeting_one_permanent_three_times_triggers_ward_once(scene, cr) -> None:
    cr("An ability triggers only once each time its trigger event occurs.")
    scene.put("Alice", WARD_2)
    v = scene.cast("Bob", "Bounty of Might", WARD_2, WARD_2, WARD_2)
    assert v.kind is K.OK
    assert names(scene) == ["Bounty of Might", f"{WARD_2}'s ward trigger"]


def test_the_trigger_counters_even_if_the_warded_creature_is_gone(scene, ruling) -> None:
    ruling(
        "Bronze Guardian",
        "Once a ward ability has triggered, it doesn't matter if the artifact loses ward (most "
        "likely because Bronze Guardian leaves the battlefield in response) before the ability "
        "resolves. The controller of the spell or ability will still have to pay {2} or the "
        "spell or ability will be countered.",
    )
    scene.put("Alice", "Bronze Guardian")
    scene.cast("Bob", "Giant Growth", "Bronze Guardian")
    scene.do("move", "Bronze Guardian", Zone.HAND)
    v = scene.resolve(pays=False)
    assert "Giant Growth is countered" in v.reason and scene.state.stack == ()


def test_ward_gained_after_targeting_does_not_trigger(scene, ruling) -> None:
    ruling(
        "Hall of Storm Giants",
        "If an opponent casts a spell or ability that targets Hall of Storm Giants, and you "
        "activate the last ability in response, the ward ability Hall of Storm Giants gains "
        "won't trigger.",
    )
    scene.put("Alice", "Runeclaw Bear")
    scene.cast("Bob", "Lightning Bolt", "Runeclaw Bear")
    scene.do("gain_ability", "Runeclaw Bear", "ward 3")
    assert names(scene) == ["Lightning Bolt"]
    assert scene.resolve().kind is K.RESOLVED


def test_ward_with_a_life_cost(scene, cr) -> None:
    cr("If a player pays life, the payment is subtracted from their life total")
    scene.put("Alice", WARD_LIFE)
    v = scene.cast("Bob", "Lightning Bolt", WARD_LIFE)
    assert "unless Bob pays 3 life" in v.reason
    assert scene.state.stack[-1].unless_cost == "pay 3 life"
    before = scene.state
    v = scene.resolve(pays=True)
    assert v.kind is K.RESOLVED and "119.4" in v.rules
    assert scene.state.player("Bob").life == 17 and names(scene) == ["Lightning Bolt"]

    # CR 118.3: a player with less life can't pay it; nothing changes.
    poor, _ = scene.engine.set_life(before, "Bob", 2)
    after, v = scene.engine.resolve_top(poor, ResolveChoices(pays=True))
    assert v.kind is K.ILLEGAL and {"118.3", "119.4"} <= set(v.rules) and after is poor
    after, v = scene.engine.resolve_top(poor, ResolveChoices(pays=False))
    assert "Bob doesn't pay 3 life, so Lightning Bolt is countered" in v.reason
    assert after.player("Bob").life == 2 and after.stack == ()
    with pytest.raises(EngineError, match="asks for 3 life, not 2 life"):
        scene.engine.resolve_top(poor, ResolveChoices(pays=True, cost="2 life"))


def test_a_countered_triggered_ability_is_removed_from_the_stack(scene) -> None:
    scene.put("Alice", WARD_2).put("Bob", "Iron Bully")
    v = scene.trigger("Iron Bully", WARD_2)
    assert v.kind is K.OK and "702.21a" in v.rules
    assert names(scene) == ["Iron Bully's trigger", f"{WARD_2}'s ward trigger"]
    ability_id = scene.state.stack[0].object_id
    v = scene.resolve(pays=False)
    assert "it is removed from the stack" in v.reason and scene.state.stack == ()
    assert ability_id not in scene.state.objects  # an ability just ceases to exist
    assert scene.state.departures[ability_id].to_zone is None


def test_an_activated_ability_triggers_ward_too(scene) -> None:
    scene.put("Alice", WARD_3).put("Bob", "Prodigal Pyromancer")
    v = scene.activate("Bob", "Prodigal Pyromancer", WARD_3)
    assert v.kind is K.OK
    assert names(scene) == ["Prodigal Pyromancer's ability", f"{WARD_3}'s ward trigger"]


def test_the_ward_trigger_has_no_targets(scene, cr) -> None:
    cr("Just because an object or player is being affected by a spell or ability doesn’t make")
    scene.put("Alice", WARD_2)
    scene.cast("Bob", "Lightning Bolt", WARD_2)
    ward = scene.state.stack[-1]
    assert ward.slots == () and ward.targets == () and not ward.is_targeted
    listed = scene.engine.legal_targets(scene.state, "Alice", ward.object_id)
    assert listed.slots == () and "has no targets (115.10a)" in listed.reason
    bolt = scene.state.stack[0].object_id
    asked = scene.engine.is_legal_target(scene.state, "Alice", ward.object_id, bolt)
    assert asked.kind is K.NO and "115.10a" in asked.rules


# ---- becoming a new target (CR 115.7, 603.2e) -----------------------------------------------
def test_deflection_moving_a_spell_onto_a_ward_creature_triggers_ward(scene) -> None:
    scene.put("Alice", WARD_2)
    scene.cast("Bob", "Lightning Bolt", "Alice")
    assert names(scene) == ["Lightning Bolt"]
    scene.cast("Bob", "Deflection", "Lightning Bolt")
    v = scene.resolve(new_targets=[WARD_2])
    assert v.kind is K.CHANGED and "ward triggered" in v.reason and "702.21a" in v.rules
    assert names(scene) == ["Lightning Bolt", f"{WARD_2}'s ward trigger"]
    assert scene.state.stack[-1].refers_to == scene.ids["Lightning Bolt"]


def test_a_direct_change_of_targets_triggers_ward_only_for_new_targets(scene, cr) -> None:
    cr("they don’t trigger if that state already exists or retrigger if it persists")
    scene.put("Alice", WARD_2).put("Alice", "Runeclaw Bear")
    scene.cast("Bob", "Arc Trail", WARD_2, "Runeclaw Bear")
    scene.resolve(pays=True)
    assert names(scene) == ["Arc Trail"]
    # The same two targets, swapped: nothing becomes a target, so nothing triggers.
    v = scene.retarget("Bob", "Arc Trail", ["Runeclaw Bear", WARD_2])
    assert v.kind is K.CHANGED and v.notes == () and names(scene) == ["Arc Trail"]
    # Every target changes (115.7a), but the ward creature stays one of them: no trigger.
    v = scene.retarget("Bob", "Arc Trail", [WARD_2, "Alice"])
    assert v.kind is K.CHANGED and v.notes == () and names(scene) == ["Arc Trail"]
    # It stops being a target (115.7d), then becomes one again: that triggers ward.
    new = RetargetKind.CHOOSE_NEW_TARGETS
    assert scene.retarget("Bob", "Arc Trail", ["Runeclaw Bear"], kind=new).kind is K.CHANGED
    assert names(scene) == ["Arc Trail"]
    v = scene.retarget("Bob", "Arc Trail", [WARD_2], kind=new)
    assert v.kind is K.CHANGED and "603.3" in v.rules and len(v.notes) == 1
    assert names(scene) == ["Arc Trail", f"{WARD_2}'s ward trigger"]
    assert scene.state.stack[0].targets[0].refs == (scene.ids[WARD_2],)


def test_a_copy_targeting_a_ward_creature_triggers_ward(scene, cr) -> None:
    cr("Once the player has decided what the copy’s targets will be, the copy is put onto the")
    scene.put("Alice", WARD_2)
    scene.cast("Bob", "Lightning Bolt", "Alice")
    scene.cast("Bob", "Twincast", "Lightning Bolt")
    v = scene.resolve(copy_targets=[WARD_2])
    assert v.kind is K.RESOLVED and "702.21a" in v.rules
    assert names(scene) == [
        "Lightning Bolt",
        "copy of Lightning Bolt",
        f"{WARD_2}'s ward trigger",
    ]
    copy_id = scene.state.stack[1].object_id
    v = scene.resolve(pays=False)
    assert (
        "copy of Lightning Bolt is countered" in v.reason and "removed from the stack" in v.reason
    )
    assert names(scene) == ["Lightning Bolt"] and copy_id not in scene.state.objects


def test_a_question_about_casting_says_ward_would_trigger(scene) -> None:
    scene.put("Alice", WARD_2)
    v = scene.engine.can_play(
        scene.state, "Bob", scene.card("Lightning Bolt"), targets=[scene.ids[WARD_2]]
    )
    assert (
        v.kind is K.YES and "ward would trigger" in v.reason and "now on the stack" not in v.reason
    )
    assert scene.state.stack == ()


def test_a_payment_the_player_cant_make_is_not_offered(scene, cr) -> None:
    # QA 9, M3: a game's button offered "... and Bob pays" with 2 life against 3 life.
    cr(
        "If a cost or effect allows a player to pay an amount of life greater than 0, the player "
        "may do so only if their life total is greater than or equal to the amount of the payment."
    )
    scene.put("Alice", WARD_LIFE)
    scene.state, _ = scene.engine.set_life(scene.state, "Bob", 2)
    scene.cast("Bob", "Lightning Bolt", WARD_LIFE)
    with pytest.raises(EngineError) as caught:
        scene.engine.resolve_top(scene.state)
    assert caught.value.statements == ("The top of the stack resolves and Bob doesn't pay.",)
    assert "Bob has 2 life, so can't pay 3 life" in caught.value.hint


def test_each_creature_that_could_be_sacrificed_is_offered(scene, cr) -> None:
    cr(
        "To sacrifice a permanent, its controller moves it from the battlefield directly to its "
        "owner’s graveyard."
    )
    scene.put("Alice", "Evin, Waterdeep Opportunist")
    scene.put("Bob", "Runeclaw Bear").put("Bob", "Grizzly Bears").put("Bob", "Forest")
    scene.cast("Bob", "Lightning Bolt", "Evin, Waterdeep Opportunist")
    with pytest.raises(EngineError) as caught:
        scene.engine.resolve_top(scene.state)
    assert caught.value.statements == (
        "The top of the stack resolves and Bob pays, sacrificing Runeclaw Bear.",
        "The top of the stack resolves and Bob pays, sacrificing Grizzly Bears.",
        "The top of the stack resolves and Bob doesn't pay.",
    )
    # The same choice asked when paying without naming the creature.
    with pytest.raises(EngineError) as asked:
        scene.engine.resolve_top(scene.state, ResolveChoices(pays=True))
    assert asked.value.statements == caught.value.statements[:2]
    assert "say which creature Bob sacrifices" in asked.value.message


def test_ward_discard_with_no_card_known_in_hand_is_said_to_be_assumed(scene, cr) -> None:
    # QA 60 M1: the only card stated in Bob's hand was the one he cast.
    cr("A player can’t pay a cost without having the necessary resources to pay it fully.")
    scene.put("Alice", "Westgate Regent")
    scene.cast("Bob", "Lightning Bolt", "Westgate Regent")
    v = scene.resolve(pays=True)
    assert "not stated in their hand" in v.reason and "assumed" in v.reason
