"""Korvold, Fae-Cursed King's "put a +1/+1 counter on Korvold and draw a card": a legendary
card's shortened name in its own text is that card (CR 201.4c), so the counter is put on it;
another permanent's name is not."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _said(executor: MtgScenarioExecutor, *lines: str) -> list[str]:
    """What each statement's answer says, its notes included."""
    steps = executor.run("\n".join(lines) + "\n", speaker="Alice").steps
    return ["\n".join((step.explanation, *step.notes)) for step in steps]


def test_korvold_gets_its_counter_when_alice_sacrifices(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Viscera Seer, Korvold, Fae-Cursed King and Grizzly Bears.",
        "Alice activates Viscera Seer, sacrificing Grizzly Bears.",
        "Resolve the stack.",
        "Where is Korvold?",
    )
    assert "→ Korvold, Fae-Cursed King" in steps[2]
    assert "doesn't apply it" not in steps[2]
    assert "5/5" in steps[3]
    assert "1 +1/+1 counter" in steps[3]
