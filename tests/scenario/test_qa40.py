"""QA 40 items as statements: a modal double-faced card in a graveyard has only its front face
(CR 712.8a) and Torment of Hailfire's "Repeat the following process X times" (ruling 2017-07-14)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _said(executor: MtgScenarioExecutor, *lines: str) -> list[str]:
    """What each statement's answer says, its notes and effect lines included."""
    steps = executor.run("\n".join(lines) + "\n", speaker="Alice").steps
    return [
        "\n".join((step.explanation, *step.notes, *(e.why or "" for e in step.effects)))
        for step in steps
    ]


def test_a_spell_fronted_modal_double_faced_card_in_a_graveyard_is_no_land_card(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Alice's graveyard has Shatterskull Smashing and Forest.",
        "Can Alice cast Life from the Loam targeting Shatterskull Smashing?",
        "Can Alice cast Life from the Loam targeting Forest?",
    )
    assert "Shatterskull Smashing is in Alice's graveyard" in steps[0]
    assert "isn't a land" in steps[1]
    assert steps[2].startswith("Yes")


def test_a_modal_double_faced_card_cast_from_the_hand_is_the_stated_card(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Alice's hand has Valakut Awakening.",
        "Alice casts Valakut Awakening.",
        "Valakut Awakening resolves.",
        "Show the board.",
    )
    assert "Valakut Awakening — Alice's graveyard" in steps[3]
    assert "Alice's hand" not in steps[3]
