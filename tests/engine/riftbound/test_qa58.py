"""Answers QA report 58 found wrong, checked against the real cards and Core Rules v1.3:
a gear's "This enters exhausted." (002 over 359.2.d), triggers on discards, other units'
deaths, moves, buffs and the start of the Beginning Phase (383.3), "reacts with" and
"discards" statements, and "on X" finding game objects first."""

from __future__ import annotations

from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def test_gear_that_says_it_enters_exhausted_does(rb: RiftboundScenarioExecutor) -> None:
    # Iron Ballista, Honeyfruit, Scryer's Bloom: "This enters exhausted." (002 over 359.2.d).
    for gear in ("Iron Ballista", "Honeyfruit", "Scryer's Bloom"):
        result = run(rb, f"Alice plays {gear}.\nIs {gear} exhausted?\n")
        assert "enters exhausted" in _said(result, 0)
        assert verdicts(result) == ["legal", "yes"]


def test_exhausted_ballista_cannot_pay_its_exhaust_cost(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Bob controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Iron Ballista.\n"
        "Alice activates Iron Ballista targeting Stalwart Poro.\n",
    )
    assert verdicts(result)[-1] == "illegal"


def test_other_gear_still_enters_ready(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, "Alice plays Serrated Dirk.\nIs Serrated Dirk exhausted?\n")
    assert verdicts(result) == ["legal", "no"]


def test_battle_mistress_readies_when_an_enemy_unit_dies(rb: RiftboundScenarioExecutor) -> None:
    # Battle Mistress (legend): "When one or more enemy units die, ready me." (383.3)
    result = run(
        rb,
        "Alice controls Battle Mistress. Battle Mistress is exhausted.\n"
        "Alice controls Garen, Rugged at Targon's Peak. Bob controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Challenge targeting Garen, Rugged and Stalwart Poro.\n"
        "Challenge resolves.\n"
        "The top of the chain resolves.\n"
        "Is Battle Mistress exhausted?\n",
    )
    assert "When one or more enemy units die" in _said(result, -3)
    assert verdicts(result)[-1] == "no"


def test_a_friendly_death_is_seen_once_for_each_unit_but_not_an_enemy_one(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Spectral Centaur: "When another friendly unit dies, give me +2 [M] this turn."
    result = run(
        rb,
        "Alice controls Spectral Centaur and Stalwart Poro at her base.\n"
        "Bob controls Mystic Poro at his base.\n"
        "Bob plays Vengeance targeting Mystic Poro.\n"
        "Vengeance resolves.\n"
        "Bob plays Vengeance targeting Stalwart Poro.\n"
        "Vengeance resolves.\n",
    )
    assert "Spectral Centaur" not in _said(result, 3)
    assert "Spectral Centaur's triggered ability" in _said(result, 5)


def test_altar_of_memories_is_the_players_choice(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Altar of Memories and Stalwart Poro at her base.\n"
        "Bob plays Vengeance targeting Stalwart Poro.\n"
        "Vengeance resolves.\n",
    )
    assert "Alice chooses whether to put it on the chain" in _said(result)
