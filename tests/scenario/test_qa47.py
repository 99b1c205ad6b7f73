"""QA 47 items as statements: "It is Alice's next turn." is Alice's turn (her untap step,
CR 502.3; summoning sickness, 302.6), and a stated Control Magic gives control (613.1b)."""

from __future__ import annotations

from bot.scenario.ast import LaterTurn
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_statement


def _said(executor: MtgScenarioExecutor, *lines: str) -> list[tuple[str, str]]:
    """Each statement's verdict and what its answer says, its notes included."""
    steps = executor.run("\n".join(lines) + "\n", speaker="Alice").steps
    return [(step.verdict, "\n".join((step.explanation, *step.notes))) for step in steps]


def test_whose_next_turn_is_read() -> None:
    said = parse_statement("It is Alice's next turn.", speaker="Bob")
    assert isinstance(said, LaterTurn) and said.player is not None
    assert said.player.name == "Alice"
    later = parse_statement("It is a later turn.", speaker="Bob")
    assert isinstance(later, LaterTurn) and later.player is None


def test_alices_next_turn_untaps_and_ends_her_summoning_sickness(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Bob controls Grizzly Bears.",
        "Alice casts Prodigal Sorcerer.",
        "Prodigal Sorcerer resolves.",
        "Bob casts Llanowar Elves.",
        "Llanowar Elves resolves.",
        "Alice activates Prodigal Sorcerer targeting Bob.",
        "Resolve the stack.",
        "It is Alice's next turn.",
        "Is Prodigal Sorcerer tapped?",
        "Can Alice activate Prodigal Sorcerer targeting Grizzly Bears?",
        "Can Llanowar Elves attack?",
    )
    assert steps[5][0] == "illegal"  # summoning sick on the turn it arrived (302.6)
    verdict, text = steps[7]
    assert verdict == "ok" and "It is Alice's turn" in text
    assert "(302.6)" in text and "Llanowar Elves" not in text
    assert steps[8][0] == "no"  # untapped
    assert steps[9][0] == "yes"
    assert steps[10][0] == "no"  # Bob's Elves: his turn began before they arrived


def test_an_unnamed_later_turn_untaps_nothing(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Prodigal Sorcerer.",
        "Prodigal Sorcerer is tapped.",
        "It is a later turn.",
        "Is Prodigal Sorcerer tapped?",
    )
    assert steps[3][0] == "yes"


def test_stated_control_magic_gives_control(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Carol controls Grizzly Bears. Alice controls Forest.",
        "Bob controls Control Magic attached to Grizzly Bears.",
        "Who controls Grizzly Bears?",
    )
    assert "613.1b" in steps[2][1]
    assert "Bob controls Grizzly Bears" in steps[3][1]
