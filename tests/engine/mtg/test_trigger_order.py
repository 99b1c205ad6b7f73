"""Triggers put on the stack together are ordered by their controller (CR 603.3b): the bot takes
an order and says so, for every trigger of one declaration or one event (QA 56 M2, M10).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

from bot.engine.mtg.trigger_order import ORDER_NOTE, latest_order_notes


def test_attackers_declared_one_by_one_get_one_order_for_all_their_triggers(scene, cr) -> None:
    cr(
        "puts each triggered ability they control with a trigger cond"
        "ition that isn’t another ability triggering on the stack in any order they choose"
    )
    scene.put("Alice", "Hero of Bladehold").put("Alice", "Signal Pest")
    scene.state, first = scene.engine.attack(scene.state, scene.ids["Hero of Bladehold"], "Bob")
    scene.state, second = scene.engine.attack(scene.state, scene.ids["Signal Pest"], "Bob")
    assert any(f"Alice {ORDER_NOTE} 2 triggers" in note for note in first.notes)
    assert any(f"Alice {ORDER_NOTE} 3 triggers" in note for note in second.notes)
    assert "603.3b" in second.rules
    # Both battle cries under the token trigger: the Soldiers exist when they resolve.
    keywords = [entry.spec.keyword for entry in scene.state.stack]
    assert keywords[-1] != "battle cry" and keywords[:2] == ["battle cry", "battle cry"]
    merged = latest_order_notes([*first.notes, *second.notes])
    assert [note for note in merged if ORDER_NOTE in note] == [
        note for note in second.notes if ORDER_NOTE in note
    ]
