"""QA 10 #7: “Does X fizzle?” is answered without changing the game (CR 608.2b; Riftbound
359.3.e.1: a spell resolves even if all its targets are illegal)."""

from __future__ import annotations

import pytest

from bot.errors import ScenarioError
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_statement
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run as rb_run
from tests.scenario.card_names import is_known_name

BOLT_AT_BEAR = "Alice controls Runeclaw Bear.\nBob casts Lightning Bolt targeting Runeclaw Bear.\n"


def test_a_spell_whose_only_target_is_gone_fizzles(executor: MtgScenarioExecutor) -> None:
    result = executor.run(
        BOLT_AT_BEAR + "Runeclaw Bear is exiled.\nDoes Lightning Bolt fizzle?\n", speaker="Alice"
    )
    step = result.steps[-1]
    assert step.verdict == "yes"
    assert step.explanation.startswith("Yes: ")
    assert "608.2b" in step.rules
    assert not step.changed
    assert len(result.state.stack) == 1  # nothing resolved


def test_a_spell_with_a_legal_target_does_not_fizzle(executor: MtgScenarioExecutor) -> None:
    result = executor.run(BOLT_AT_BEAR + "Will Lightning Bolt fizzle?\n", speaker="Alice")
    step = result.steps[-1]
    assert step.verdict == "no"
    assert step.explanation.startswith("No: ")
    assert "608.2b" in step.rules
    assert len(result.state.stack) == 1


def test_a_riftbound_spell_never_fizzles(rb: RiftboundScenarioExecutor) -> None:
    result = rb_run(
        rb,
        "Alice controls Blazing Scorcher at her base.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Alice plays Void Seeker targeting Bob's Blazing Scorcher.\n"
        "Bob's Blazing Scorcher moves to his base.\nDoes Void Seeker fizzle?",
    )
    step = result.steps[-1]
    assert step.verdict == "no"
    assert "359.3.e.1" in step.rules
    assert "never fizzle" in step.explanation
    assert result.state.chain


@pytest.mark.parametrize(
    "text",
    ["What happens when Lightning Bolt resolves?", "What happens if Lightning Bolt resolves"],
)
def test_what_happens_when_it_resolves_points_to_the_statement(text: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_statement(text, speaker="Alice", is_known_name=is_known_name)
    assert caught.value.hint == "Lightning Bolt resolves."
    assert "shows what it does" in caught.value.message
