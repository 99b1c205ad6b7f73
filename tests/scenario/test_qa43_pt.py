"""QA 43 items as statements: counted power and toughness (CR 604.3, 613.4a, 613.4c) say what
the board can't tell, and a setup doesn't put a creature into the graveyard before the script
says what it counts (704.5f)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _said(executor: MtgScenarioExecutor, *lines: str) -> list[str]:
    """What each statement's answer says, its notes included."""
    steps = executor.run("\n".join(lines) + "\n", speaker="Alice").steps
    return ["\n".join((step.explanation, *step.notes)) for step in steps]


def test_deaths_shadow_stated_before_the_life_total_waits_for_it(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _said(
        executor,
        "Alice controls Death's Shadow.",
        "Alice controls Grizzly Bears.",
        "Alice has 10 life.",
        "What is Death's Shadow's power?",
    )
    assert "Death's Shadow is -7/-7 at 20 life" in steps[0]
    assert "Alice has 10 life." in steps[0]
    assert "Death's Shadow" not in steps[1]  # said once, as it is stated
    assert "3/3" in steps[3]


def test_the_next_action_checks_the_state_based_actions(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Dungrove Elder.",
        "Bob casts Shock targeting Alice.",
        "Shock resolves.",
        "Where is Dungrove Elder?",
    )
    assert "Dungrove Elder is 0/0" in steps[0]
    assert "Dungrove Elder dies" in steps[2]
    assert "graveyard" in steps[3]


def test_an_unknown_hand_and_an_empty_graveyard_are_said(executor: MtgScenarioExecutor) -> None:
    steps = _said(
        executor,
        "Alice controls Maro and Knight of the Reliquary.",
        "What is Maro's power?",
        "What is Knight of the Reliquary's power?",
        "Alice's hand is empty.",
        "Alice's hand has Forest and Island.",
        "Alice's graveyard has Forest.",
        "What is Maro's power?",
        "What is Knight of the Reliquary's power?",
    )
    assert "*/*" in steps[1] and "Alice's hand isn't stated" in steps[1]
    assert "2/2" in steps[2] and "nothing is stated in Alice's graveyard" in steps[2]
    assert "Maro is 0/0" in steps[3]
    assert "2/2" in steps[6] and "isn't stated" not in steps[6]
    assert "3/3" in steps[7] and "nothing is stated" not in steps[7]


def test_a_count_the_bot_cant_read_is_said_as_the_creature_is_stated(
    executor: MtgScenarioExecutor,
) -> None:
    (said,) = _said(executor, "Alice controls Moon-Vigil Adherents.")
    assert "Moon-Vigil Adherents is 0/0" in said
    assert "the bot can't count" in said
