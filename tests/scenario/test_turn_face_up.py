"""“Alice turns Den Protector face up.” (QA 57 M13): a special action its controller takes any
time they have priority (CR 116.2b, 702.37e), so split second doesn't stop it (702.61b)."""

from __future__ import annotations

from bot.scenario import ast
from bot.scenario.executor import MtgScenarioExecutor

_SETUP = "Alice controls Den Protector.\nDen Protector is face down.\n"


def test_the_statement_is_read_with_its_player(executor: MtgScenarioExecutor) -> None:
    (parsed,) = executor.parse("Alice turns Den Protector face up.", speaker="Alice")
    assert isinstance(parsed, ast.SetStatus) and parsed.status == "face up"
    assert parsed.by is not None and parsed.by.name == "Alice"


def test_split_second_doesnt_stop_it(executor: MtgScenarioExecutor) -> None:
    steps = executor.run(
        _SETUP + "Bob casts Sudden Shock targeting Bob.\nAlice turns Den Protector face up.\n",
        speaker="Alice",
    ).steps
    assert steps[-1].verdict == "ok"
    assert {"116.2b", "702.61b"} <= set(steps[-1].rules)


def test_only_its_controller_turns_it_face_up(executor: MtgScenarioExecutor) -> None:
    result = executor.run(_SETUP + "Bob turns Den Protector face up.\n", speaker="Alice")
    assert result.steps[-1].verdict == "illegal"
    assert next(iter(result.state.objects.values())).face_down
