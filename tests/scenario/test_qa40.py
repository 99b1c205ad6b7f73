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


def test_torment_of_hailfire_loses_three_life_each_repetition(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Bob controls Grizzly Bears and Sol Ring.",
        "Alice casts Torment of Hailfire with X=3.",
        "Torment of Hailfire resolves and Bob doesn't.",
        "What is Bob's life total?",
    )
    assert "Bob has 11 life" in steps[3]


def test_torment_of_hailfire_a_stated_sacrifice_is_one_repetition(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Bob controls Grizzly Bears and Sol Ring.",
        "Alice casts Torment of Hailfire with X=3.",
        "Torment of Hailfire resolves and Bob sacrifices Sol Ring.",
        "What is Bob's life total?",
        "Show the board.",
    )
    assert "Bob sacrificed Sol Ring (701.21a)" in steps[2]
    assert "Bob did neither twice, losing 3 life each time (6 in all)" in steps[2]
    assert "only 1 of the 3 choices was stated" in steps[2]
    assert "Bob has 14 life" in steps[3]
    assert "Sol Ring — Bob's graveyard" in steps[4]
    assert "Grizzly Bears 2/2" in steps[4]


def test_torment_of_hailfire_refuses_more_choices_than_repetitions_and_lands(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Bob controls Grizzly Bears, Sol Ring and Forest.",
        "Alice casts Torment of Hailfire with X=1.",
        "Torment of Hailfire resolves and Bob sacrifices Grizzly Bears and Sol Ring.",
    )
    assert "makes 1 choices, not 2" in steps[2] or "Which permanent" in steps[2]
    steps = _said(
        executor,
        "Bob controls Grizzly Bears and Forest.",
        "Alice casts Torment of Hailfire with X=2.",
        "Torment of Hailfire resolves and Bob sacrifices Forest and Grizzly Bears.",
    )
    assert "Forest is a land" in steps[2]


def test_torment_of_hailfire_with_nothing_to_give_loses_each_time(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Bob controls Forest.",
        "Bob's hand is empty.",
        "Alice casts Torment of Hailfire with X=2.",
        "Torment of Hailfire resolves.",
        "What is Bob's life total?",
    )
    assert "Bob has 14 life" in steps[4]
