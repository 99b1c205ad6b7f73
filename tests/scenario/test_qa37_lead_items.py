"""QA 37's minor items the lead took: an attachment in the middle of a list of permanents (M0)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _board(executor: MtgScenarioExecutor, *lines: str) -> tuple[str, str]:
    steps = executor.run("\n".join((*lines, "Show the board.")) + "\n", speaker="Alice").steps
    return steps[0].verdict, steps[-1].explanation


def test_an_attachment_in_the_middle_of_a_list(executor: MtgScenarioExecutor) -> None:
    verdict, board = _board(
        executor,
        "Bob controls Sol Ring, Grizzly Bears, Rancor attached to Grizzly Bears, and Forest.",
    )
    assert verdict == "ok"
    assert "Grizzly Bears 4/2" in board  # Rancor's +2/+0 is on the Bears
    assert "Rancor — attached to Grizzly Bears" in board
    assert "Forest" in board and "Sol Ring" in board


def test_the_host_must_already_be_there(executor: MtgScenarioExecutor) -> None:
    verdict, board = _board(executor, "Bob controls Rancor attached to Grizzly Bears and Forest.")
    assert verdict == "error"
    assert "Forest" not in board
