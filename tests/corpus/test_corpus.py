"""Every graded case of the corpus gets the verdicts, rules and effects its source gives.

A case marked ``xfail`` is a known wrong answer: it must still fail (strict), so a fix is noticed
and the mark removed.  ``bench/correctness.py`` prints the pass rate per area.
"""

from __future__ import annotations

import pytest

from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from tests.corpus.runner import Case, grade, load_cases, run_case

CASES = load_cases()


def _params() -> list[object]:
    params = []
    for case in CASES:
        marks = [pytest.mark.xfail(reason=case.xfail, strict=True)] if case.xfail else []
        params.append(pytest.param(case, id=case.id, marks=marks))
    return params


@pytest.mark.parametrize("case", _params())
def test_case(case: Case, executor: MtgScenarioExecutor, rb: RiftboundScenarioExecutor) -> None:
    runner = executor if case.game == "mtg" else rb
    steps = run_case(runner, case)
    problems = grade(case, steps)
    assert not problems, f"{case.id} ({case.source}):\n" + "\n".join(problems)


def test_every_case_quotes_its_source() -> None:
    for case in CASES:
        assert len(case.quote) >= 20, f"{case.id}: quote the words of the source"
        assert case.expect, case.id
