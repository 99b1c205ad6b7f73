"""QA 37: a counter that names its target again ("counter that spell unless its controller pays
{4} instead", Dazzling Denial; CR 608.2c) or counters "up to one target" ability (Tishana's
Tidebinder) removes it from the stack (701.6a), and asks who pays (118.12a)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor

BOLT_AT_BEARS = (
    "Alice controls Grizzly Bears and a 1/1 white Bird creature token with flying.",
    "Bob casts Lightning Bolt targeting Grizzly Bears.",
    "Alice casts Dazzling Denial targeting Lightning Bolt.",
)


def _steps(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def test_the_instead_counter_removes_the_spell_when_not_paid(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor,
        *BOLT_AT_BEARS,
        "Dazzling Denial resolves and Bob doesn't pay.",
        "What is on the stack?",
    )
    assert steps[3].verdict == "resolved" and "701.6a" in steps[3].rules
    assert "Empty." in steps[4].explanation


def test_the_instead_counter_asks_whether_four_is_paid(executor: MtgScenarioExecutor) -> None:
    steps = _steps(executor, *BOLT_AT_BEARS, "Dazzling Denial resolves.")
    assert steps[3].verdict == "error"
    assert "unless Bob pays {4}" in steps[3].explanation


def test_paying_four_keeps_the_spell(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        *BOLT_AT_BEARS,
        "Dazzling Denial resolves and Bob pays {4}.",
        "What is on the stack?",
    )
    assert "isn't countered" in steps[3].explanation
    assert "Lightning Bolt (Bob)" in steps[4].explanation


def test_without_a_bird_two_is_enough(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears.",
        "Bob casts Lightning Bolt targeting Grizzly Bears.",
        "Alice casts Dazzling Denial targeting Lightning Bolt.",
        "Dazzling Denial resolves and Bob pays {2}.",
        "What is on the stack?",
    )
    assert "isn't countered" in steps[3].explanation
    assert "Lightning Bolt (Bob)" in steps[4].explanation


def test_tidebinder_counters_an_activated_ability(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Prodigal Pyromancer.",
        "Alice activates Prodigal Pyromancer targeting Bob.",
        "Bob casts Tishana's Tidebinder.",
        "Tishana's Tidebinder resolves.",
        "Tishana's Tidebinder's trigger targets Prodigal Pyromancer's ability.",
        "The top of the stack resolves.",
        "What is on the stack?",
        "What is Bob's life total?",
    )
    assert steps[5].verdict == "resolved" and "701.6a" in steps[5].rules
    assert "Empty." in steps[6].explanation
    assert "20" in steps[7].explanation
