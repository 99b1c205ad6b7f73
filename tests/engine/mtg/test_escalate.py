"""Escalate (CR 702.120a): the cast says the extra cost paid for each mode beyond the first."""

from __future__ import annotations

from tests.engine.mtg.scene import Scene


def test_all_three_modes_pay_escalate_twice(scene: Scene, cr, card) -> None:
    cr("For each mode you choose beyond the first as you cast this spell, you pay an additional")
    assert "Escalate {1}" in card("Collective Defiance").oracle_text
    scene.put("Bob", "Hill Giant")
    verdict = scene.cast(
        "Alice", "Collective Defiance", "Bob", "Hill Giant", "Bob", modes=[0, 1, 2]
    )
    assert verdict.ok and "702.120a" in verdict.rules
    assert "escalate cost {1} paid twice" in verdict.reason and "{3}{R}{R} in all" in verdict.reason


def test_one_mode_pays_no_escalate(scene: Scene) -> None:
    scene.put("Bob", "Hill Giant")
    verdict = scene.cast("Alice", "Collective Defiance", "Hill Giant", modes=[1])
    assert verdict.ok and "escalate" not in verdict.reason and "702.120a" not in verdict.rules


def test_a_non_mana_escalate_cost_is_said_beside_the_mana(scene: Scene) -> None:
    scene.put("Bob", "Grizzly Bears")
    verdict = scene.cast("Alice", "Collective Brutality", "Grizzly Bears", "Bob", modes=[1, 2])
    assert "escalate cost “discard a card” paid once" in verdict.reason
    assert "{1}{B} and discard a card" in verdict.reason
