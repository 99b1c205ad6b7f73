"""Restrictions on attacking and blocking read from rules text (CR 508.1c, 509.1b): a
creature's own "can't block", an Aura's or Equipment's "enchanted/equipped creature can't ...",
defender (702.3b), and "Can X attack?" (508.1a, 302.6)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine.errors import IllegalActionError
from bot.engine.frozen import evolve
from bot.engine.verdict import VerdictKind
from tests.engine.mtg.scene import Scene


def _attached(scene: Scene, attachment: str, host: str) -> None:
    scene.state, _ = scene.engine.attach(scene.state, scene.ids[attachment], scene.ids[host])


def test_pacifism_stops_the_enchanted_creature_blocking_and_attacking(
    scene: Scene, cr: Callable
) -> None:
    # Pacifism: "Enchanted creature can't attack or block."
    cr("effects that say a creature can’t block")
    cr("effects that say a creature can’t attack")
    scene.put("Alice", "Grizzly Bears").put("Bob", "Runeclaw Bear").put("Bob", "Pacifism")
    _attached(scene, "Pacifism", "Runeclaw Bear")
    ids = scene.ids
    scene.state, _ = scene.engine.set_status(scene.state, ids["Grizzly Bears"], attacking=True)
    no = scene.engine.can_block(scene.state, ids["Runeclaw Bear"], ids["Grizzly Bears"])
    assert no.kind is VerdictKind.NO and "Pacifism says it can't block" in no.reason
    assert "509.1b" in no.rules
    with pytest.raises(IllegalActionError, match=r"Pacifism says it can't block"):
        scene.engine.block(scene.state, [ids["Runeclaw Bear"]], [ids["Grizzly Bears"]])
    cant = scene.engine.can_attack(scene.state, ids["Runeclaw Bear"])
    assert cant.kind is VerdictKind.NO and cant.rules == ("508.1c",)
    with pytest.raises(IllegalActionError, match=r"508\.1c"):
        scene.engine.attack(scene.state, ids["Runeclaw Bear"])


def test_a_creature_without_its_aura_blocks_again(scene: Scene) -> None:
    # The restriction is the Aura's: an unenchanted Runeclaw Bear has none.
    scene.put("Alice", "Grizzly Bears").put("Bob", "Runeclaw Bear").put("Bob", "Pacifism")
    ids = scene.ids
    scene.state, _ = scene.engine.set_status(scene.state, ids["Grizzly Bears"], attacking=True)
    yes = scene.engine.can_block(scene.state, ids["Runeclaw Bear"], ids["Grizzly Bears"])
    assert yes.kind is VerdictKind.YES


def test_own_text_and_equipment_restrictions(scene: Scene) -> None:
    # Bloodghast: "This creature can't block."; Phantom Warrior: "This creature can't be
    # blocked."; Whispersilk Cloak: "Equipped creature can't be blocked and has shroud."
    scene.put("Alice", "Phantom Warrior").put("Alice", "Grizzly Bears")
    scene.put("Alice", "Whispersilk Cloak").put("Bob", "Bloodghast").put("Bob", "Runeclaw Bear")
    _attached(scene, "Whispersilk Cloak", "Grizzly Bears")
    ids = scene.ids
    for attacker in ("Phantom Warrior", "Grizzly Bears"):
        scene.state, _ = scene.engine.set_status(scene.state, ids[attacker], attacking=True)
    bloodghast = scene.engine.can_block(scene.state, ids["Bloodghast"], ids["Phantom Warrior"])
    assert bloodghast.kind is VerdictKind.NO and "its text says it can't block" in bloodghast.reason
    warrior = scene.engine.can_block(scene.state, ids["Runeclaw Bear"], ids["Phantom Warrior"])
    assert warrior.kind is VerdictKind.NO and "Phantom Warrior can't be blocked" in warrior.reason
    cloaked = scene.engine.can_block(scene.state, ids["Runeclaw Bear"], ids["Grizzly Bears"])
    assert cloaked.kind is VerdictKind.NO and "Whispersilk Cloak says so" in cloaked.reason


def test_humility_takes_the_restriction_away(scene: Scene, cr: Callable) -> None:
    # Humility: "All creatures lose all abilities ..." — Bloodghast's "can't block" too.
    cr("Layer 6: Ability-adding effects, keyword counters, ability-removing effects")
    scene.put("Alice", "Grizzly Bears").put("Alice", "Humility").put("Bob", "Bloodghast")
    ids = scene.ids
    scene.state, _ = scene.engine.set_status(scene.state, ids["Grizzly Bears"], attacking=True)
    yes = scene.engine.can_block(scene.state, ids["Bloodghast"], ids["Grizzly Bears"])
    assert yes.kind is VerdictKind.YES


def test_can_attack_answers_defender_tapped_haste_and_summoning_sickness(
    scene: Scene, cr: Callable
) -> None:
    cr("A creature with defender can’t attack.")
    cr("This rule is informally called the “summoning sickness” rule.")
    scene.put("Alice", "Wall of Omens").put("Alice", "Goblin Guide").put("Alice", "Grizzly Bears")
    ids = scene.ids
    wall = scene.engine.can_attack(scene.state, ids["Wall of Omens"])
    assert wall.kind is VerdictKind.NO and "702.3b" in wall.rules
    guide = scene.engine.can_attack(scene.state, ids["Goblin Guide"])
    assert guide.kind is VerdictKind.YES and "702.10b" in guide.rules
    bears = scene.engine.can_attack(scene.state, ids["Grizzly Bears"])
    assert bears.kind is VerdictKind.YES and "302.6" in bears.rules
    assert "isn't told when it entered" in bears.reason
    scene.state, _ = scene.engine.set_status(scene.state, ids["Grizzly Bears"], tapped=True)
    tapped = scene.engine.can_attack(scene.state, ids["Grizzly Bears"])
    assert tapped.kind is VerdictKind.NO and tapped.rules == ("508.1a",)


def test_control_magic_stated_on_the_board_leaves_the_creature_able_to_attack(
    scene: Scene, cr: Callable
) -> None:
    # QA 50 M2: a described board is an established one; the statement doesn't say when
    # Control Magic took the Bears, so they aren't known to be summoning sick (302.6).
    cr("This rule is informally called the “summoning sickness” rule.")
    scene.put("Bob", "Grizzly Bears").put("Alice", "Control Magic")
    _attached(scene, "Control Magic", "Grizzly Bears")
    bears = scene.ids["Grizzly Bears"]
    assert scene.state.obj(bears).controller == "Alice"
    verdict = scene.engine.can_attack(scene.state, bears)
    assert verdict.kind is VerdictKind.YES and "302.6" in verdict.rules
    assert "isn't told when it came under Alice's control" in verdict.reason
    scene.state, _ = scene.engine.attack(scene.state, bears)
    assert scene.state.obj(bears).attacking


def test_control_magic_stated_on_a_creature_that_entered_this_scenario_keeps_it_sick(
    scene: Scene,
) -> None:
    # 302.6: a creature that entered during the scenario stays summoning sick, whoever's
    # stated Aura later takes it.
    scene.put("Alice", "Control Magic").put("Bob", "Grizzly Bears")
    bears = scene.ids["Grizzly Bears"]
    # As if Bob had cast the Bears this turn.
    scene.state = evolve(scene.state, new_to_control=scene.state.new_to_control | {bears})
    _attached(scene, "Control Magic", "Grizzly Bears")
    verdict = scene.engine.can_attack(scene.state, bears)
    assert verdict.kind is VerdictKind.NO and verdict.rules == ("302.6",)
