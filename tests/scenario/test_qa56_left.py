"""QA 56's items left open at stop 48, as statements (report /work/notes/qa_report56.md)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _run(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def _said(step) -> str:  # type: ignore[no-untyped-def]
    return "\n".join((step.explanation, *step.notes, *(e.why or "" for e in step.effects)))


def test_one_event_s_triggers_of_one_player_say_who_orders_them(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 603.3b: each player "puts each triggered ability they control ... on the stack in any
    # order they choose" (QA 56 M2).
    steps = _run(
        executor,
        "Alice controls Korvold, Fae-Cursed King and Kitchen Finks.",
        "Alice sacrifices Kitchen Finks.",
        "Alice puts Korvold, Fae-Cursed King's trigger on the stack last.",
        "The top of the stack resolves.",
        "What is Korvold's power?",
    )
    assert "Alice chooses the order of these 2 triggers" in _said(steps[1])
    assert "603.3b" in steps[1].rules
    assert steps[2].verdict == "ok", _said(steps[2])
    assert "5/5" in _said(steps[4])  # Korvold's counter first: 4/4 + 1


def test_a_single_trigger_needs_no_order(executor: MtgScenarioExecutor) -> None:
    steps = _run(
        executor,
        "Alice controls Korvold, Fae-Cursed King and Grizzly Bears.",
        "Alice sacrifices Grizzly Bears.",
    )
    assert "chooses the order" not in _said(steps[1])
