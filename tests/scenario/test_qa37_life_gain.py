"""QA 37 W6: "Players can't gain life" (Sunspine Lynx), "Your opponents can't gain life"
(Erebos), and Skullcrack's "this turn" one stop a life gain: the "can't" wins (CR 101.2), an
exchange that would raise the life total doesn't happen (119.7)."""

from __future__ import annotations

from bot.scenario.executor import MtgScenarioExecutor


def _steps(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def test_a_targeted_gain_is_not_done_and_says_why(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Sunspine Lynx.",
        "Alice casts Healing Salve choosing target player gains 3 life, targeting Bob.",
        "Healing Salve resolves.",
        "What is Bob's life total?",
    )
    gain = steps[2].effects[0]
    assert not gain.happens and "Sunspine Lynx" in gain.why
    assert "Bob has 20 life" in steps[3].explanation


def test_lifelink_damage_is_dealt_but_gains_nothing(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Vampire Nighthawk and Sunspine Lynx.",
        "Vampire Nighthawk deals 2 damage to Bob.",
        "What is Alice's life total?",
        "What is Bob's life total?",
    )
    assert "lifelink gains none" in steps[1].explanation
    assert "Alice has 20 life" in steps[2].explanation
    assert "Bob has 18 life" in steps[3].explanation


def test_erebos_leaves_its_controller_free_to_gain(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Erebos, God of the Dead.",
        "Alice casts Lightning Helix targeting Bob.",
        "Lightning Helix resolves.",
        "What is Alice's life total?",
    )
    assert "Alice has 23 life" in steps[3].explanation


def test_without_a_bar_helix_still_gains(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice casts Lightning Helix targeting Bob.",
        "Lightning Helix resolves.",
        "What is Alice's life total?",
    )
    assert "Alice has 23 life" in steps[2].explanation


def test_an_exchange_that_would_raise_a_barred_total_doesnt_happen(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 119.7: "that player can't make an exchange such that the player's life total would
    # become higher; in that case, the exchange won't happen."
    steps = _steps(
        executor,
        "Alice controls Soul Conduit and Sunspine Lynx.",
        "Bob has 30 life.",
        "Alice activates Soul Conduit targeting Alice and Bob.",
        "Soul Conduit's ability resolves.",
        "What is Alice's life total?",
        "What is Bob's life total?",
    )
    assert "119.7" in steps[3].rules
    assert "Alice has 20 life" in steps[4].explanation
    assert "Bob has 30 life" in steps[5].explanation
