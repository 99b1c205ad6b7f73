"""Regeneration (CR 701.19, 614.8): which permanents a "Regenerate ..." effect shields, and the
stated shield "River Boa has a regeneration shield." (QA 54 W1)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.scenario.ast import RegenerationShields
from bot.scenario.ast_text import render_statement
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_script


def _steps(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


@given(st.integers(min_value=1, max_value=9))
def test_a_stated_shield_count_reads_and_renders_back(count: int) -> None:
    said = "a regeneration shield" if count == 1 else f"{count} regeneration shields"
    [statement] = parse_script(
        f"River Boa has {said}.",
        speaker="Alice",
        is_known_name=lambda name: name.casefold() == "river boa",
    )
    assert isinstance(statement, RegenerationShields)
    assert statement.count == count
    assert render_statement(statement) == f"River Boa has {said}."


def test_regenerate_each_creature_you_control_shields_only_yours(
    executor: MtgScenarioExecutor,
) -> None:
    # Loxodon Hierarch: "{G}{W}, Sacrifice this creature: Regenerate each creature you control."
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears and Loxodon Hierarch. Bob controls Runeclaw Bear.",
        "Alice activates Loxodon Hierarch.",
        "Loxodon Hierarch's ability resolves.",
        "Alice casts Murder targeting Runeclaw Bear.",
        "Murder resolves.",
        "Is Grizzly Bears tapped?",
    )
    resolved, _, murdered, tapped = steps[-4:]
    assert "Grizzly Bears has a regeneration shield" in resolved.explanation
    assert "Runeclaw Bear" not in resolved.explanation
    assert "regenerates instead" not in murdered.explanation  # Bob's Bear had no shield
    assert tapped.verdict == "no"


def test_an_auras_regenerate_enchanted_creature_shields_its_host(
    executor: MtgScenarioExecutor,
) -> None:
    # Gaea's Embrace: "{G}: Regenerate enchanted creature."
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears and Gaea's Embrace attached to Grizzly Bears.",
        "Alice activates Gaea's Embrace.",
        "Gaea's Embrace's ability resolves.",
        "Bob casts Doom Blade targeting Grizzly Bears.",
        "Doom Blade resolves.",
    )
    assert "Grizzly Bears has a regeneration shield" in steps[-3].explanation
    assert "Grizzly Bears would be destroyed by Doom Blade" in steps[-1].explanation
    assert "701.19a" in steps[-1].rules


def test_regenerate_by_its_own_short_name(executor: MtgScenarioExecutor) -> None:
    # Thrun, the Last Troll: "{1}{G}: Regenerate Thrun." (its name, shortened: 201.4c)
    steps = _steps(
        executor,
        "Alice controls Thrun, the Last Troll.",
        "Alice activates Thrun.",
        "Thrun's ability resolves.",
        "Thrun, the Last Troll is destroyed.",
    )
    assert "Thrun, the Last Troll has a regeneration shield" in steps[-2].explanation
    assert "regenerates instead" in steps[-1].explanation
