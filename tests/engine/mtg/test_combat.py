"""Blocks stated on the board (CR 509.1g-h), removal from combat (506.4), and the target words
that read them: "blocked", "unblocked", "blocking this creature" (QA 35 U5)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine.errors import IllegalActionError
from bot.engine.model import GameObject, TargetContext, removed_from_combat
from bot.engine.mtg.filters import decided_words
from bot.engine.verdict import VerdictKind
from tests.engine.mtg.scene import Scene
from tests.engine.mtg.test_filters import CTX, creature, described


def _blocked_scene(scene: Scene) -> Scene:
    scene.put("Alice", "Grizzly Bears").put("Alice", "Serra Angel")
    scene.put("Bob", "Llanowar Elves")
    bears, elves = scene.ids["Grizzly Bears"], scene.ids["Llanowar Elves"]
    scene.state, _ = scene.engine.block(scene.state, [elves], [bears])
    return scene


def test_a_block_makes_a_blocked_attacker_and_a_blocker(scene: Scene, cr: Callable) -> None:
    cr("Each one is blocking the attacking creatures chosen for it.")
    cr("An attacking creature with one or more creatures declared as blockers for it becomes")
    _blocked_scene(scene)
    bears = scene.state.obj(scene.ids["Grizzly Bears"])
    elves = scene.state.obj(scene.ids["Llanowar Elves"])
    assert (bears.attacking, bears.blocked) == (True, True)
    assert (elves.blocking, elves.blocking_ids) == (True, (bears.id,))


def test_only_creatures_of_different_players_block(scene: Scene) -> None:
    scene.put("Alice", "Grizzly Bears").put("Alice", "Serra Angel").put("Bob", "Sol Ring")
    ids = scene.ids
    with pytest.raises(IllegalActionError, match=r"509\.1a"):
        scene.engine.block(scene.state, [ids["Serra Angel"]], [ids["Grizzly Bears"]])
    with pytest.raises(IllegalActionError, match=r"506\.3"):
        scene.engine.block(scene.state, [ids["Sol Ring"]], [ids["Grizzly Bears"]])


def test_unblocked_frees_its_blockers(scene: Scene) -> None:
    _blocked_scene(scene)
    bears = scene.ids["Grizzly Bears"]
    scene.state, verdict = scene.engine.set_blocked(scene.state, bears, blocked=False)
    assert verdict.kind is VerdictKind.OK and "no longer blocking" in verdict.reason
    assert scene.state.obj(bears).blocked is False
    assert not scene.state.obj(scene.ids["Llanowar Elves"]).blocking


def test_smite_checks_blocked_and_stays_legal_after_the_blocker_leaves(
    scene: Scene, cr: Callable
) -> None:
    cr("A creature remains blocked even if all the creatures blocking it are removed from combat.")
    _blocked_scene(scene)
    angel = scene.ids["Serra Angel"]
    scene.state, _ = scene.engine.set_blocked(scene.state, angel, blocked=False)
    assert scene.legal("Bob", "Smite", "Grizzly Bears").kind is VerdictKind.LEGAL
    assert not scene.legal("Bob", "Smite", "Grizzly Bears").notes  # decided: no caveat
    refused = scene.legal("Bob", "Smite", "Serra Angel")
    assert refused.kind is VerdictKind.ILLEGAL and "509.1h" in refused.rules
    elves = scene.state.obj(scene.ids["Llanowar Elves"])
    scene.state = scene.state.with_object(removed_from_combat(elves))
    assert scene.legal("Bob", "Smite", "Grizzly Bears").kind is VerdictKind.LEGAL


@pytest.mark.parametrize("change", ["control", "phase"])
def test_control_change_and_phasing_remove_from_combat(
    scene: Scene, change: str, cr: Callable
) -> None:
    cr("A permanent is removed from combat if it leaves the battlefield, if its controller changes")
    _blocked_scene(scene)
    bears = scene.ids["Grizzly Bears"]
    if change == "control":
        scene.state = scene.state.with_controller(bears, "Bob")
    else:
        scene.state = scene.state.with_phased(bears, out=True)
    after = scene.state.obj(bears)
    assert (after.attacking, after.blocked, after.blocking_ids) == (False, None, ())


def test_blocked_and_unblocked_words() -> None:
    smite, mirror = described("target blocked creature"), described("target unblocked creature")
    unsaid = creature(attacking=True)
    blocked, unblocked = (
        creature(attacking=True, blocked=True),
        creature(attacking=True, blocked=False),
    )
    assert smite.matches(blocked, CTX) and not smite.matches(unblocked, CTX)
    assert mirror.matches(unblocked, CTX) and not mirror.matches(blocked, CTX)
    assert smite.matches(unsaid, CTX)  # not said: passes, with the word unchecked
    assert "unblocked" in (smite.mismatch(unblocked, CTX) or "")
    assert decided_words(smite, [blocked], CTX) >= {"blocked"}
    assert "blocked" not in decided_words(smite, [unsaid], CTX)


def _source_blocking(*ids: int) -> TargetContext:
    return TargetContext(
        controller="Alice", players=("Alice", "Bob"), source_id=99, source_combat=(True, ids)
    )


def test_blocking_this_creature_reads_what_it_blocks() -> None:
    knight = described("target creature blocking this creature")  # Knight of Dusk
    assert knight.text == "target creature blocking this creature"
    blocker: GameObject = creature(blocking=True, blocking_ids=(99,))
    assert knight.matches(blocker, CTX)
    assert not knight.matches(creature(blocking=True, blocking_ids=(7,)), CTX)
    assert not knight.matches(creature(), CTX)
    assert knight.matches(creature(blocking=True), CTX)  # whom it blocks isn't said
    assert "blocking this creature" in decided_words(knight, [blocker], CTX)
    assert "blocking this creature" not in decided_words(knight, [creature(blocking=True)], CTX)


def test_blocking_or_blocked_by_it_reads_the_source_too() -> None:
    armasaur = described("target creature blocking or blocked by it")  # Steadfast Armasaur
    attacker = creature(attacking=True, blocked=True)
    assert armasaur.matches(attacker, _source_blocking(1))
    assert not armasaur.matches(attacker, _source_blocking(5))
    assert not armasaur.matches(attacker, CTX)  # the source isn't blocking
    assert armasaur.matches(creature(blocking=True, blocking_ids=(99,)), CTX)


def test_combat_damage_to_a_player_triggers(scene: Scene, cr: Callable) -> None:
    cr("Whenever a game event or game state matches a triggered ability’s trigger event")
    scene.put("Alice", "Ninja of the Deep Hours").put("Alice", "Coastal Piracy")
    ninja = scene.ids["Ninja of the Deep Hours"]
    _, combat = scene.engine.deal_damage(scene.state, ninja, "Bob", 2, combat=True)
    assert "603.2" in combat.rules
    assert "Ninja of the Deep Hours's ability triggers" in combat.reason
    assert "Coastal Piracy's ability triggers" in combat.reason  # "to an opponent"
    _, to_herself = scene.engine.deal_damage(scene.state, ninja, "Alice", 2, combat=True)
    assert "Coastal Piracy" not in to_herself.reason  # Alice isn't her own opponent
    _, ping = scene.engine.deal_damage(scene.state, ninja, "Bob", 2)
    assert "603.2" not in ping.rules and "only on combat damage" in ping.reason
