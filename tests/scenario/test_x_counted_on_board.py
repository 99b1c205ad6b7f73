"""Lantern Flare's "[X is the number of creatures you control.]" and "..., where X is the number
of creatures you control" (Craterhoof Behemoth): X is what the text defines (CR 107.3c), counted
on the board as the effect is applied (608.2h), not 0; an X the board can't give (cards in a
hand, colours of mana spent) is still left to the user."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _said(executor: MtgScenarioExecutor, *lines: str) -> list[str]:
    """What each statement's answer says, its notes and effect lines included."""
    steps = executor.run("\n".join(lines) + "\n", speaker="Alice").steps
    return [
        "\n".join(
            (step.explanation, *step.notes, *(f"{e.text} {e.why or ''}" for e in step.effects))
        )
        for step in steps
    ]


def test_lantern_flare_counts_the_creatures_alice_controls(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Alice controls Grizzly Bears, Llanowar Elves and Hill Giant.",
        "Bob controls Serra Angel and Runeclaw Bear.",
        "Alice casts Lantern Flare targeting Serra Angel.",
        "Lantern Flare resolves.",
        "What is Alice's life total?",
    )
    assert "X is 3: the number of creatures Alice controls as it resolves" in steps[3]
    assert "3 damage to Serra Angel" in steps[3]
    assert "[X is the number" not in steps[3]
    assert "Alice has 23 life" in steps[4]


def test_an_x_the_board_doesnt_show_is_left_to_the_user(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Bob controls Serra Angel.",
        "Alice casts Radiant Flames.",
        "Radiant Flames resolves.",
    )
    assert "X is defined by its text, which the bot doesn't track" in steps[2]
