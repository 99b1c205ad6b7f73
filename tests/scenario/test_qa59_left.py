"""QA 59's MTG items left open after the lead's fixes, as statements (report
/work/notes/qa_report59.md)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _run(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def _said(step) -> str:  # type: ignore[no-untyped-def]
    return "\n".join((step.explanation, *step.notes, *(e.why or "" for e in step.effects)))


def test_a_list_of_attackers_and_blockers_is_their_players_own(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 508.1a / 509.1a: the attacking / defending player's own creatures (QA 59 U1).
    steps = _run(
        executor,
        "Alice controls Grizzly Bears, Llanowar Elves and Hill Giant.",
        "Bob controls Grizzly Bears and Llanowar Elves.",
        "Alice attacks Bob with Grizzly Bears and Hill Giant.",
        "Bob blocks Hill Giant with Grizzly Bears and Llanowar Elves.",
        "Is Bob's Llanowar Elves blocking?",
        "Is Alice's Llanowar Elves attacking?",
    )
    assert steps[2].verdict == "ok", _said(steps[2])
    assert "Grizzly Bears (#1)" in steps[2].explanation
    assert steps[3].verdict == "ok", _said(steps[3])
    assert "Grizzly Bears (#4) and Llanowar Elves (#5)" in steps[3].explanation
    assert steps[4].verdict == "yes"
    assert steps[5].verdict == "no"


def test_a_named_owner_in_the_list_is_kept(executor: MtgScenarioExecutor) -> None:
    # A creature named by its id or whose it is isn't rewritten (QA 59 U1).
    steps = _run(
        executor,
        "Alice controls Grizzly Bears.",
        "Bob controls Grizzly Bears.",
        "Alice attacks Bob with #1.",
    )
    assert steps[2].verdict == "ok", _said(steps[2])
    assert "Grizzly Bears (#1)" in steps[2].explanation
