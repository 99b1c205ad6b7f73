"""Answers QA report 48 found wrong, checked against the real cards and Core Rules v1.3:
[Level N] "I have +1 [M] and [Keyword]" (824.1.b.1), [Level N] play triggers (727.1.c.1),
keywords given by spells and abilities, and [Vision] (817)."""

from __future__ import annotations

from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def test_level_might_and_deflect_apply_with_the_xp(rb: RiftboundScenarioExecutor) -> None:
    # Mosstomper: "[Level 3][>] I have +1 [M] and [Deflect]." (824.1.b.1, 809.1.c)
    result = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Mosstomper at Targon's Peak.\n"
        "Alice has 3 XP.\n"
        "What is Mosstomper's Might?\n"
        "Bob plays Void Seeker targeting Mosstomper.\n",
    )
    assert "4 Might" in _said(result, 3)
    assert verdicts(result)[4] == "legal"
    said = _said(result, 4)
    assert "Deflect makes it cost 1 more" in said
    assert "active as Alice has 3 XP (824.1.c)" in said


def test_level_deflect_is_inactive_below_the_level(rb: RiftboundScenarioExecutor) -> None:
    # 824.1.d: inactive as soon as the player has less than N XP.
    result = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Mosstomper at Targon's Peak.\n"
        "Alice has 2 XP.\n"
        "What is Mosstomper's Might?\n"
        "Bob plays Void Seeker targeting Mosstomper.\n",
    )
    assert "3 Might" in _said(result, 3)
    assert "4 Might" not in _said(result, 3)
    assert "Deflect" not in _said(result, 4)


def test_level_ganking_allows_a_battlefield_to_battlefield_move(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Gustwalker: "[Level 3][>] I have +1 [M] and [Ganking]." (810.1.b)
    result = run(
        rb,
        "Alice controls Targon's Peak and Bandle Tree. Alice controls Gustwalker at "
        "Targon's Peak.\n"
        "Can Alice move Gustwalker to Bandle Tree?\n"
        "Alice has 3 XP.\n"
        "Can Alice move Gustwalker to Bandle Tree?\n"
        "Show the board.\n",
    )
    assert verdicts(result)[2] == "no"
    assert verdicts(result)[4] == "yes"
    assert "[Ganking]" in _said(result, 5)


def test_a_level_play_trigger_needs_the_xp(rb: RiftboundScenarioExecutor) -> None:
    # Wuju Apprentice: "[Level 6][>] When you play me, draw 1." (824.1.d, 727.1.c.1)
    result = run(rb, "Alice has 2 XP.\nAlice plays Wuju Apprentice.\nWhat is on the chain?\n")
    assert verdicts(result)[1] == "legal"
    assert "inactive: Alice has 2 XP, less than 6" in _said(result, 1)
    assert "727.1.c.1" in result.steps[1].rules
    assert "Empty" in _said(result, 2)


def test_a_level_play_trigger_can_not_be_put_on_the_chain_without_the_xp(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice plays Wuju Apprentice.\n"
        "Wuju Apprentice's first ability goes on the chain with no targets.\n",
    )
    assert verdicts(result)[1] == "illegal"
    assert "Alice has 0 XP" in _said(result, 1)


def test_a_level_play_trigger_with_the_xp(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, "Alice has 6 XP.\nAlice plays Wuju Apprentice.\n")
    assert "on the chain now" in _said(result, 1)
