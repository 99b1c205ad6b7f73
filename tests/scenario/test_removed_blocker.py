"""Balduvian Warlord: "Remove target blocking creature from combat. Creatures it was blocking
that hadn't become blocked by another creature this combat become unblocked, then it blocks an
attacking creature of your choice." (CR 506.4, 509.1h; its rulings)."""

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


def test_the_attacker_it_alone_blocked_becomes_unblocked(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Balduvian Warlord and Grizzly Bears.",
        "Bob controls Hill Giant and Serra Angel.",
        "Hill Giant is attacking.",
        "Serra Angel is attacking.",
        "Grizzly Bears is blocking Hill Giant.",
        "Alice activates Balduvian Warlord targeting Grizzly Bears.",
        "The top of the stack resolves.",
        "Is Hill Giant blocked?",
        "Is Grizzly Bears blocking?",
    )
    assert "Hill Giant becomes unblocked (509.1h)" in steps[6]
    assert "Alice chooses which attacking creature Grizzly Bears blocks" in steps[6]
    assert "unblocked" in steps[7]
    assert "not blocking" in steps[8]


def test_it_blocks_the_only_attacker_again(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Balduvian Warlord and Grizzly Bears. Bob controls Hill Giant.",
        "Hill Giant is attacking.",
        "Grizzly Bears is blocking Hill Giant.",
        "Alice activates Balduvian Warlord targeting Grizzly Bears.",
        "The top of the stack resolves.",
        "Is Hill Giant blocked?",
    )
    assert "Grizzly Bears blocks Hill Giant, the only attacking creature" in steps[5]
    assert "blocked by Grizzly Bears" in steps[6]


def test_another_blocker_keeps_the_attacker_blocked(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Balduvian Warlord, Grizzly Bears and Llanowar Elves.",
        "Bob controls Hill Giant.",
        "Hill Giant is attacking.",
        "Grizzly Bears is blocking Hill Giant.",
        "Llanowar Elves is blocking Hill Giant.",
        "Alice activates Balduvian Warlord targeting Grizzly Bears.",
        "The top of the stack resolves.",
    )
    assert "Hill Giant stays blocked: another creature blocks it" in steps[6]
