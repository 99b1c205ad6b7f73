"""QA 42 items as statements: Skullclamp's "Whenever equipped creature dies, draw two cards"
triggers for the creature it was attached to just before the death (CR 603.10a), also when
equipping it is what killed an X/1 (704.5f)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _said(executor: MtgScenarioExecutor, *lines: str) -> list[str]:
    """What each statement's answer says, its notes included."""
    steps = executor.run("\n".join(lines) + "\n", speaker="Alice").steps
    return ["\n".join((step.explanation, *step.notes)) for step in steps]


SKULLCLAMP_TRIGGERS = "Skullclamp's ability triggers as"


def test_skullclamp_triggers_when_the_equipped_creature_dies(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Alice controls Grizzly Bears, Runeclaw Bear and Skullclamp attached to Grizzly Bears.",
        "Runeclaw Bear dies.",
        "Grizzly Bears dies.",
    )
    assert SKULLCLAMP_TRIGGERS not in steps[1]
    assert f"{SKULLCLAMP_TRIGGERS} Grizzly Bears dies" in steps[2]
    assert "Draw two cards" in steps[2]


def test_skullclamp_triggers_when_equipping_kills_an_x_1(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Llanowar Elves and Skullclamp.",
        "Alice activates Skullclamp targeting Llanowar Elves.",
        "The top of the stack resolves.",
    )
    assert "Llanowar Elves dies: its toughness is 0 (704.5f)" in steps[2]
    assert f"{SKULLCLAMP_TRIGGERS} Llanowar Elves dies" in steps[2]


def test_an_unattached_skullclamp_doesnt_trigger(executor: MtgScenarioExecutor) -> None:
    steps = _said(executor, "Alice controls Grizzly Bears and Skullclamp.", "Grizzly Bears dies.")
    assert SKULLCLAMP_TRIGGERS not in steps[1]
