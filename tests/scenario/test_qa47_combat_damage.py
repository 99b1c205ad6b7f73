"""QA 47: stated combat damage (CR 510): the damage of one combat damage step is dealt all at
once (510.2) and the state-based actions follow it (704.3), so a trade stated in two sentences
kills both creatures; first-strike damage is its own step (510.4)."""

from __future__ import annotations

from bot.scenario.ast import DealsDamage
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_script

_TRADE = (
    "Alice controls Grizzly Bears. Bob controls Runeclaw Bear.",
    "Grizzly Bears is attacking. Grizzly Bears is blocked by Runeclaw Bear.",
)


def _steps(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def test_a_trade_stated_in_two_sentences_kills_both(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        *_TRADE,
        "Grizzly Bears deals 2 combat damage to Runeclaw Bear.",
        "Runeclaw Bear deals 2 combat damage to Grizzly Bears.",
        "Where is Grizzly Bears?",
        "Where is Runeclaw Bear?",
    )
    first, second, attacker, blocker = steps[-4:]
    assert first.verdict == "ok" and "dies" not in first.explanation
    assert "510.2" in first.rules
    assert second.verdict == "ok"
    assert "Grizzly Bears dies" in second.explanation
    assert "Runeclaw Bear dies" in second.explanation
    assert {"510.2", "704.3", "704.5g"} <= set(second.rules)
    assert "graveyard" in attacker.explanation and "graveyard" in blocker.explanation


def test_deathtouch_and_lifelink_of_the_first_damage_are_kept(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor,
        "Alice controls Colossal Dreadmaw. Bob controls Vampire Nighthawk.",
        "Colossal Dreadmaw is attacking. Colossal Dreadmaw is blocked by Vampire Nighthawk.",
        "Vampire Nighthawk deals 2 combat damage to Colossal Dreadmaw.",
        "Colossal Dreadmaw deals 6 combat damage to Vampire Nighthawk.",
        "What is Bob's life total?",
    )
    first, second, life = steps[-3:]
    assert "Bob gains 2 life" in first.explanation
    assert "destroyed" not in first.explanation
    assert "Colossal Dreadmaw is destroyed" in second.explanation
    assert "Vampire Nighthawk dies" in second.explanation
    assert "704.5h" in second.rules
    assert "22" in life.explanation


def test_one_stated_combat_damage_kills_at_once(executor: MtgScenarioExecutor) -> None:
    steps = _steps(executor, *_TRADE, "Grizzly Bears deals 2 combat damage to Runeclaw Bear.")
    assert "Runeclaw Bear dies" in steps[-1].explanation
    assert "wait" not in steps[-1].explanation


def test_first_strike_damage_is_dealt_in_its_own_step(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        *_TRADE,
        "Grizzly Bears gains first strike.",
        "Grizzly Bears deals 2 combat damage to Runeclaw Bear.",
        "Runeclaw Bear deals 2 combat damage to Grizzly Bears.",
    )
    assert "Runeclaw Bear dies" in steps[-2].explanation
    assert steps[-1].verdict == "error"


def test_held_damage_is_settled_when_the_next_statement_fails(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor,
        *_TRADE,
        "Grizzly Bears deals 2 combat damage to Runeclaw Bear.",
        "Runeclaw Bear deals 2 combat damage to Serra Angel.",
        "Where is Runeclaw Bear?",
    )
    assert steps[-2].verdict == "error"
    assert any("Runeclaw Bear dies" in note for note in steps[-2].notes)
    assert "graveyard" in steps[-1].explanation


def test_first_strike_damage_is_read() -> None:
    [statement] = parse_script(
        "White Knight deals 2 first-strike combat damage to Bob.",
        speaker="Alice",
        is_known_name=lambda name: name.casefold() == "white knight",
    )
    assert isinstance(statement, DealsDamage)
    assert statement.combat and statement.first_strike
