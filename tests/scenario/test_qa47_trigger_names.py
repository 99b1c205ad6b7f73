"""What judges call a permanent's triggered abilities (QA 47 U1): "Iron Bully's ETB", "... enter
the battlefield trigger" (CR 603.6a) and "... death trigger" (603.6c, 700.4)."""

from __future__ import annotations

import pytest

from bot.errors import ScenarioError
from bot.scenario.ast import AbilityKind, Trigger
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_statement
from tests.scenario.card_names import is_known_name


def parse(text: str):
    return parse_statement(text, speaker="Alice", is_known_name=is_known_name)


@pytest.mark.parametrize(
    "text",
    [
        "Iron Bully's ETB targets Grizzly Bears.",
        "Iron Bully's ETB trigger targets Grizzly Bears.",
        "Iron Bully's enter the battlefield trigger targets Grizzly Bears.",
        "Iron Bully's enters-the-battlefield triggered ability targets Grizzly Bears.",
    ],
)
def test_etb_names_the_enters_trigger(text: str) -> None:
    statement = parse(text)
    assert isinstance(statement, Trigger)
    assert statement.ability.source.name == "Iron Bully"
    assert statement.ability.kind is AbilityKind.TRIGGERED
    assert statement.ability.keyword == "etb"


def test_death_trigger_is_the_dies_trigger() -> None:
    statement = parse("Iron Bully's death trigger targets Grizzly Bears.")
    assert isinstance(statement, Trigger)
    assert statement.ability.keyword == "dies"


def test_a_trigger_without_its_source_says_to_name_it() -> None:
    with pytest.raises(ScenarioError) as raised:
        parse("The ETB trigger targets Grizzly Bears.")
    assert "doesn't say whose triggered ability it is" in str(raised.value)
    assert "Grizzly Bears resolves" not in str(raised.value)


def test_the_etb_trigger_is_the_one_waiting(executor: MtgScenarioExecutor) -> None:
    script = (
        "Bob controls Llanowar Elves.\nAlice casts Flametongue Kavu.\n"
        "Flametongue Kavu resolves.\nThe ETB trigger targets Llanowar Elves.\n"
    )
    result = executor.run(script, speaker="Alice")
    last = result.steps[-1]
    assert last.verdict == "legal", last
    assert last.position == 4
    assert not result.state.waiting_triggers


def test_the_trigger_with_two_sources_waiting_stays_an_error(
    executor: MtgScenarioExecutor,
) -> None:
    script = (
        "Alice controls Blood Artist and Perilous Myr.\nBob casts Pyroclasm.\n"
        "Pyroclasm resolves.\nThe trigger targets Bob.\n"
    )
    result = executor.run(script, speaker="Alice")
    assert result.steps[-1].verdict == "error"
