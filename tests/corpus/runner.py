"""The graded scenario corpus: sourced cases, each a script with the verdicts a judge expects.

Cases live in ``tests/corpus/cases/*.toml`` as ``[[case]]`` tables::

    [[case]]
    id = "redirect-swaps-arc-trail"      # unique across the corpus
    area = "retargeting"                 # what bench/correctness.py groups by
    game = "mtg"                         # or "riftbound"
    source = "CR 115.7d, example"        # where the expectation comes from
    quote = "...the words of the source that decide it..."
    script = '''
    Alice controls Runeclaw Bear.
    ...
    '''
    speaker = "Alice"                    # optional (default Alice)
    saved = true                         # optional: each line is one message of a saved game
    xfail = "why the engine still gets it wrong"   # optional: a known failure, counted as failed

    [[case.expect]]
    step = 4              # 1-based statement number; -1 is the last statement
    verdict = "changed"
    rules = ["115.7d"]    # each must be among the step's cited rules (also in its targets/effects)
    says = ["Llanowar"]   # each must appear (case-insensitive) in what the step says
    not_says = ["fizzle"] # none may appear

Expectations are written from the source before the engine is run on them.  This module only
reads cases and grades results; the test module and ``bench/correctness.py`` run the engines.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from bot.scenario.steps import Step

CASES_DIR = Path(__file__).resolve().parent / "cases"
GAMES = ("mtg", "riftbound")
VERDICTS = (
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
)


@dataclass(frozen=True)
class Expectation:
    step: int
    verdict: str | None = None
    rules: tuple[str, ...] = ()
    says: tuple[str, ...] = ()
    not_says: tuple[str, ...] = ()


@dataclass(frozen=True)
class Case:
    id: str
    area: str
    game: str
    source: str
    quote: str
    script: str
    expect: tuple[Expectation, ...]
    speaker: str = "Alice"
    xfail: str = ""
    saved: bool = False  # each line of the script is one message of a saved game
    file: str = field(default="", compare=False)


class CorpusFormatError(ValueError):
    """A case file that does not follow the format above (every problem, listed at once)."""


def load_cases(directory: Path = CASES_DIR) -> list[Case]:
    """Every case of every ``*.toml`` file under ``directory``, checked for the format."""
    cases: list[Case] = []
    problems: list[str] = []
    for path in sorted(directory.glob("*.toml")):
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        for number, raw in enumerate(data.get("case", []), start=1):
            try:
                cases.append(_case(raw, path.name))
            except (KeyError, TypeError, ValueError) as error:
                problems.append(f"{path.name} case {number} ({raw.get('id', '?')}): {error}")
    seen: set[str] = set()
    for case in cases:
        if case.id in seen:
            problems.append(f"{case.file}: duplicate case id {case.id!r}")
        seen.add(case.id)
    if problems:
        raise CorpusFormatError("\n".join(problems))
    return cases


def _case(raw: dict[str, Any], file: str) -> Case:
    for key in ("id", "area", "game", "source", "quote", "script", "expect"):
        if not raw.get(key):
            raise ValueError(f"missing {key!r}")
    if raw["game"] not in GAMES:
        raise ValueError(f"game must be one of {GAMES}")
    expect = tuple(_expectation(item) for item in raw["expect"])
    unknown = set(raw) - {
        "id",
        "area",
        "game",
        "source",
        "quote",
        "script",
        "expect",
        "speaker",
        "xfail",
        "saved",
    }
    if unknown:
        raise ValueError(f"unknown keys {sorted(unknown)}")
    return Case(
        id=raw["id"], area=raw["area"], game=raw["game"], source=raw["source"],
        quote=" ".join(raw["quote"].split()), script=raw["script"].strip(), expect=expect,
        speaker=raw.get("speaker", "Alice"), xfail=raw.get("xfail", ""), file=file,
        saved=bool(raw.get("saved", False)),
    )  # fmt: skip


class _Runs(Protocol):
    def run(self, text: str, state: Any = None, *, speaker: str, saved: bool = False) -> Any: ...


def run_case(executor: _Runs, case: Case) -> tuple[Step, ...]:
    """The steps of ``case``'s script: one script read whole, or (``saved``) each line one
    message of a saved game, run on the game the messages before it left."""
    if not case.saved:
        return tuple(executor.run(case.script, speaker=case.speaker).steps)
    state = None
    steps: list[Step] = []
    for message in case.script.splitlines():
        if not message.strip():
            continue
        result = executor.run(message, state, speaker=case.speaker, saved=True)
        state = result.state
        steps.extend(result.steps)
    return tuple(steps)


def _expectation(raw: dict[str, Any]) -> Expectation:
    unknown = set(raw) - {"step", "verdict", "rules", "says", "not_says"}
    if unknown:
        raise ValueError(f"unknown expectation keys {sorted(unknown)}")
    verdict = raw.get("verdict")
    if verdict is not None and verdict not in VERDICTS:
        raise ValueError(f"verdict {verdict!r} is not one of {VERDICTS}")
    if not isinstance(raw["step"], int) or raw["step"] == 0:
        raise ValueError("step must be a non-zero integer")
    return Expectation(
        step=raw["step"], verdict=verdict, rules=tuple(raw.get("rules", ())),
        says=tuple(raw.get("says", ())), not_says=tuple(raw.get("not_says", ())),
    )  # fmt: skip


def step_text(step: Step) -> str:
    """Everything a step says to the user, as one string (for ``says``/``not_says``)."""
    parts = [step.statement, step.verdict, step.explanation, *step.notes]
    for slot in step.targets:
        parts += [slot.requirement, slot.chosen, slot.why]
    for effect in step.effects:
        parts += [effect.text, " ".join(effect.affected), effect.why]
    return "\n".join(parts)


def step_rules(step: Step) -> set[str]:
    """Every rule number a step cites, in its verdict and in its target reports."""
    rules = set(step.rules)
    for slot in step.targets:
        rules.update(slot.rules)
    return rules


def grade(case: Case, steps: Sequence[Step]) -> list[str]:
    """What is wrong with ``steps`` as the answer to ``case`` (empty when it is right)."""
    problems: list[str] = []
    for expectation in case.expect:
        index = expectation.step - 1 if expectation.step > 0 else len(steps) + expectation.step
        if not 0 <= index < len(steps):
            problems.append(f"step {expectation.step}: the script gave only {len(steps)} steps")
            continue
        step = steps[index]
        label = f"step {expectation.step} ({step.statement!r})"
        if expectation.verdict is not None and step.verdict != expectation.verdict:
            problems.append(
                f"{label}: verdict {step.verdict!r}, expected {expectation.verdict!r} "
                f"({step.explanation})"
            )
        missing = [rule for rule in expectation.rules if rule not in step_rules(step)]
        if missing:
            problems.append(f"{label}: does not cite {missing} (cites {sorted(step_rules(step))})")
        text = step_text(step).casefold()
        absent = [words for words in expectation.says if words.casefold() not in text]
        if absent:
            problems.append(f"{label}: does not say {absent}")
        present = [words for words in expectation.not_says if words.casefold() in text]
        if present:
            problems.append(f"{label}: says {present}, which it should not")
    return problems


def areas(cases: Iterable[Case]) -> list[str]:
    return sorted({case.area for case in cases})
