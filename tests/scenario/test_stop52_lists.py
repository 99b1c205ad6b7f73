"""A list of permanents whose names have commas (stop 52): "Alice attacks Bob with Thrasta,
Tempest's Roar and Colossal Dreadmaw." declared Thrasta twice (each piece of its name found it)."""

from __future__ import annotations

import pytest

from bot.scenario.executor import MtgScenarioExecutor

SETUP = "Alice controls Thrasta, Tempest's Roar, Llanowar Elves and Colossal Dreadmaw.\n"


@pytest.mark.parametrize(
    ("statement", "said"),
    [
        (
            "Alice attacks Bob with Thrasta, Tempest's Roar and Colossal Dreadmaw.",
            ["Thrasta, Tempest's Roar is tapped, attacking Bob", "Colossal Dreadmaw is tapped"],
        ),
        (
            "Llanowar Elves, Thrasta, Tempest's Roar and Colossal Dreadmaw gain hexproof.",
            [
                "Llanowar Elves gains hexproof",
                "Thrasta, Tempest's Roar gains hexproof",
                "Colossal Dreadmaw gains hexproof",
            ],
        ),
    ],
)
def test_a_name_with_a_comma_is_one_permanent_of_the_list(
    executor: MtgScenarioExecutor, statement: str, said: list[str]
) -> None:
    last = executor.run(SETUP + statement, speaker="Alice").steps[-1]
    assert last.verdict == "ok", last.explanation
    for words in said:
        assert last.explanation.count(words) == 1, last.explanation
