"""QA 60: targeting findings (Aether Gust's library move, "becomes the target" triggers on a
copy's new targets, multi-slot target order, divided damage with too many targets, Auras put
onto the battlefield).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

import pytest

from bot.engine.errors import EngineError
from bot.engine.model import Zone
from bot.engine.mtg.resolution import ResolveChoices
from tests.engine.mtg.scene import Scene


def zones_of(scene: Scene, name: str) -> set[Zone]:
    return {o.zone for o in scene.state.objects.values() if o.name == name}


def test_aether_gust_takes_a_spell_off_the_stack(scene, cr) -> None:
    cr("An object that moves from one zone to another becomes a new object")
    scene.put("Bob", "Grizzly Bears")
    scene.cast("Alice", "Lightning Bolt", "Grizzly Bears")
    scene.cast("Bob", "Aether Gust", "Lightning Bolt")
    v = scene.resolve()
    assert "400.7" in v.rules
    assert zones_of(scene, "Lightning Bolt") == {Zone.LIBRARY}
    assert not scene.state.stack
    assert zones_of(scene, "Grizzly Bears") == {Zone.BATTLEFIELD}


def test_aether_gust_takes_a_permanent_off_the_battlefield(scene, cr) -> None:
    cr("the player announces these while applying the effect")
    scene.put("Bob", "Grizzly Bears")
    scene.cast("Alice", "Aether Gust", "Grizzly Bears")
    scene.state, v = scene.engine.resolve_top(scene.state, ResolveChoices(on_top=False))
    assert zones_of(scene, "Grizzly Bears") == {Zone.LIBRARY}
    assert "on the bottom of its owner's library" in v.reason


def test_aether_gust_on_a_copy_makes_it_cease_to_exist(scene, cr) -> None:
    cr("If a copy of a spell is in a zone other than the stack, it ceases to exist.")
    scene.put("Bob", "Grizzly Bears")
    scene.cast("Alice", "Lightning Bolt", "Grizzly Bears")
    scene.cast("Alice", "Fork", "Lightning Bolt")
    scene.resolve()
    copy_id = scene.state.stack[-1].object_id
    scene.cast("Bob", "Aether Gust", copy_id)
    scene.resolve()
    assert copy_id not in scene.state.objects
    assert [entry.name for entry in scene.state.stack] == ["Lightning Bolt"]
    assert zones_of(scene, "Lightning Bolt") == {Zone.STACK}


def test_bonecrusher_triggers_for_a_copys_new_target(scene, cr) -> None:
    cr("A copy of a spell is also a spell, even if it has no card associated with it.")
    scene.put("Alice", "Bonecrusher Giant // Stomp", "Bonecrusher Giant")
    scene.put("Alice", "Grizzly Bears")
    scene.cast("Bob", "Shock", "Grizzly Bears")
    scene.cast("Bob", "Fork", "Shock")
    v = scene.resolve(copy_targets=["Bonecrusher Giant"])
    assert "603.2" in v.rules
    assert scene.state.stack[-1].name == "Bonecrusher Giant's trigger"
    scene.resolve()
    assert scene.state.player("Bob").life == 18


def test_bonecrusher_triggers_for_a_copy_keeping_its_target(scene) -> None:
    scene.put("Alice", "Bonecrusher Giant // Stomp", "Bonecrusher Giant")
    scene.cast("Bob", "Shock", "Bonecrusher Giant")
    scene.resolve()  # Bonecrusher's trigger for Shock itself
    scene.cast("Alice", "Twincast", "Shock")
    scene.resolve()
    assert scene.state.stack[-1].name == "Bonecrusher Giant's trigger"
    assert scene.state.stack[-2].is_copy


def test_heroic_doesnt_trigger_for_a_copys_new_target(scene, cr) -> None:
    cr("a copy of a spell isn’t cast")
    scene.put("Alice", "Favored Hoplite").put("Alice", "Grizzly Bears")
    scene.cast("Alice", "Giant Growth", "Grizzly Bears")
    scene.cast("Alice", "Twincast", "Giant Growth")
    scene.resolve(copy_targets=["Favored Hoplite"])
    assert scene.state.stack[-1].is_copy


def test_decimate_targets_named_out_of_order_are_assigned_when_unique(scene, cr) -> None:
    cr("The player announces their choice of an appropriate object or player for each target")
    for name in ("Ornithopter", "Oblivion Ring", "Grizzly Bears", "Forest"):
        scene.put("Alice", name)
    v = scene.cast("Bob", "Decimate", "Ornithopter", "Oblivion Ring", "Grizzly Bears", "Forest")
    assert v.kind.value == "ok"
    chosen = [slot.chosen for slot in v.slots]
    assert chosen == ["Ornithopter", "Grizzly Bears", "Oblivion Ring", "Forest"]


def test_decimate_targets_that_fit_two_orders_are_an_error_not_illegal(scene) -> None:
    for name in ("Ornithopter", "Memnite", "Oblivion Ring", "Forest"):
        scene.put("Alice", name)
    with pytest.raises(EngineError, match="order its text asks"):
        scene.cast("Bob", "Decimate", "Oblivion Ring", "Ornithopter", "Memnite", "Forest")


def test_decimate_in_card_order_with_a_hexproof_creature_stays_illegal(scene) -> None:
    for name in ("Ornithopter", "Oblivion Ring", "Grizzly Bears", "Forest"):
        scene.put("Alice", name)
    scene.do("gain_ability", "Grizzly Bears", "hexproof")
    v = scene.cast("Bob", "Decimate", "Ornithopter", "Grizzly Bears", "Oblivion Ring", "Forest")
    assert v.kind.value == "illegal" and "702.11b" in v.rules


def test_arc_lightning_four_targets_says_too_many_and_the_zero_share(scene, cr) -> None:
    cr("Each of these targets must receive at least one of whatever is being divided.")
    scene.put("Alice", "Grizzly Bears").put("Alice", "Llanowar Elves")
    v = scene.cast(
        "Bob",
        "Arc Lightning",
        "Grizzly Bears",
        "Llanowar Elves",
        "Alice",
        "Bob",
        division=[1, 1, 0, 1],
    )
    assert v.kind.value == "illegal"
    assert {"601.2c", "601.2d"} <= set(v.rules)
    assert "at most 3 targets" in v.reason and "4 were given" in v.reason
