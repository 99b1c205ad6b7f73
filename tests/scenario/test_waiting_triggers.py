"""Triggers waiting for their targets, as statements (CR 603.3, 603.3d; QA 42 W1/W2): one with
no legal choice doesn't wait (it is removed as it would be put on the stack); a stated one
stops waiting, even when it is removed for want of a legal target."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _run(executor: MtgScenarioExecutor, *lines: str):
    return executor.run("\n".join(lines) + "\n", speaker="Alice")


def test_a_returned_trigger_with_no_legal_target_doesnt_wait(executor: MtgScenarioExecutor) -> None:
    # Nekrataal: "destroy target nonartifact, nonblack creature": none on the board.
    result = _run(
        executor,
        "Alice controls Nekrataal.",
        "Nekrataal is exiled.",
        "Nekrataal returns to the battlefield.",
    )
    assert not result.state.waiting_triggers
    assert "no legal choice exists for its targets, so it is removed" in " ".join(
        result.steps[2].notes
    )


def test_a_stated_trigger_stops_waiting_and_the_stack_resolves(
    executor: MtgScenarioExecutor,
) -> None:
    result = _run(
        executor,
        "Alice controls Blood Artist. Bob controls Grizzly Bears.",
        "Grizzly Bears dies.",
        "Blood Artist's trigger targets Bob.",
        "Resolve the stack.",
    )
    assert [step.verdict for step in result.steps[-2:]] == ["legal", "resolved"]
    assert not result.state.waiting_triggers
    assert result.state.player("Bob").life == 19
