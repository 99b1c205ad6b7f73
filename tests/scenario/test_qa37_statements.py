"""QA 37: a counter that names its target again ("counter that spell unless its controller pays
{4} instead", Dazzling Denial; CR 608.2c) or counters "up to one target" ability (Tishana's
Tidebinder) removes it from the stack (701.6a), and asks who pays (118.12a); "can't be the
target of ... your opponents control" under a legendary's short name (Thrun) or from an Aura
(Canopy Cover) stops targeting (115.1)."""

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


def test_a_saved_style_target_list_leaves_thrun_out(executor: MtgScenarioExecutor) -> None:
    # QA 37 W5: "What can X target?" and casting both read Thrun's short-name line (115.1).
    steps = _steps(
        executor,
        "Bob controls Thrun, Breaker of Silence and Grizzly Bears.",
        "Alice casts Act of Treason targeting Thrun, Breaker of Silence.",
    )
    assert steps[1].verdict == "illegal"


def test_canopy_cover_under_an_opponents_control_doesnt_stop_its_own_side(
    executor: MtgScenarioExecutor,
) -> None:
    # "your opponents" are Canopy Cover's controller's: Alice's Aura on Bob's Bears stops Bob.
    steps = _steps(
        executor,
        "Bob controls Grizzly Bears.",
        "Alice controls Canopy Cover attached to Grizzly Bears.",
        "Can Alice cast Lightning Bolt targeting Grizzly Bears?",
        "Can Bob cast Giant Growth targeting Grizzly Bears?",
    )
    assert steps[2].verdict == "yes"
    assert steps[3].verdict == "no"


def test_barrage_asks_the_target_colour_and_and_or_means_either(
    executor: MtgScenarioExecutor,
) -> None:
    # QA 37 W7: "5 damage instead if that target is white and/or blue" (608.2c).
    steps = _steps(
        executor,
        "Alice controls Serra Angel.",
        "Bob casts Lithomantic Barrage targeting Serra Angel.",
        "Does Serra Angel die?",
    )
    assert steps[2].verdict == "yes"
