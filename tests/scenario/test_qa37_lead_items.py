"""QA 37 and 38 minor items the lead took: an attachment in the middle of a list of permanents
(QA 37 M0); a pick in a step with no legal choice (QA 38 M3)."""

from __future__ import annotations

from bot.engine.errors import EngineError
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.stepping import Prompt, read_options


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


def test_choosing_in_a_step_with_no_legal_choice_says_so() -> None:
    # QA 38 M3: "There is no option 1; pick 1 to 0." when nothing can be chosen.
    empty = Prompt("targets", "Choose a unit.", "355.9", (), 1, 1)
    try:
        read_options(empty, {}, "1")
    except EngineError as error:
        assert "no legal choice" in error.message
        assert "pick 1 to 0" not in error.message
    else:
        raise AssertionError("a pick with no options was accepted")
