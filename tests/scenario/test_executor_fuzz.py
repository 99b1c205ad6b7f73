"""Hypothesis runs mutated scripts through the executor on the real card data.

The parser's own fuzzing (test_parse_fuzz.py, >10,000 scripts) proves parsing never crashes;
this proves the rest of the path does not either: whatever parses, the executor answers every
statement with a verdict or a clear error, never an exception, and deterministically.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.scenario.executor import MtgScenarioExecutor
from tests.scenario.test_parse_fuzz import SEPARATORS, random_statement

BOARD = (
    "Alice controls Runeclaw Bear, Llanowar Elves and Spellskite. "
    "Bob controls Troll Ascetic and a 2/2 black Zombie token. "
    "Alice's graveyard has Lightning Bolt and Grizzly Bears. "
)
VERDICTS = {
    "ok",
    "legal",
    "illegal",
    "resolved",
    "fizzled",
    "partial",
    "changed",
    "unchanged",
    "yes",
    "no",
    "error",
}


def random_script(rng: random.Random) -> str:
    statements = [random_statement(rng) for _ in range(rng.randint(1, 6))]
    return BOARD + "".join(s + rng.choice(SEPARATORS) for s in statements)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(seed=2_469_399_497_753_078_784)  # "Resolve ... #3." with #3 a permanent, empty stack
@given(seed=st.integers(0, 2**64))
def test_any_mutated_script_gets_verdicts_or_clear_errors(
    executor: MtgScenarioExecutor, seed: int
) -> None:
    script = random_script(random.Random(seed))
    result = executor.run(script, speaker="Alice")
    answers = [step.to_dict() for step in result.steps]
    assert answers
    for answer in answers:
        assert answer["verdict"] in VERDICTS, answer
        if answer["verdict"] == "error":
            assert answer["error"]["message"], answer
        else:
            assert answer["explanation"], answer
    again = [step.to_dict() for step in executor.run(script, speaker="Alice").steps]
    assert again == answers
