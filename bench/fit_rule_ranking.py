"""Fit the rules ranking's weights (``FEATURE_WEIGHTS``, the written questions') on the
development sets only.

Run: .venv/bin/python bench/fit_rule_ranking.py PATH_TO_REFERENCE_SQLITE
Coordinate ascent, a few rounds over each weight in turn, each tried at every value of
``GRID`` (ties go to the smaller weight), maximising top-1 + (top-3 + reciprocal rank in the
first ten) / 2 on the development sets (``DEVELOPMENT`` in bench/rules_search.py: the tuning set
and held-out sets 1-4, 401 questions) by their reviewed answers.  The blind fifth set is never
read here: ``bench/rules_search.py`` scores the weights on it afterwards.  Prints the
fitted weights, to be copied into ``bot/reference/rule_ranking.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.rules_search import DEVELOPMENT, Question, answers_it, load_questions  # noqa: E402
from bot.errors import UserError  # noqa: E402
from bot.reference import rule_ranking  # noqa: E402
from bot.reference.rules import RuleIndex  # noqa: E402
from bot.reference.store import Reference  # noqa: E402

GRID = (-2.0, -1.0, -0.6, -0.3, -0.15, 0.0, 0.15, 0.3, 0.6, 1.0, 2.0)
ROUNDS = 3
# The written questions' weights (bot/reference/question_index.py): the field's weight is read
# when the ranking is built, the fusion's when a question is ranked.
WRITTEN_CONSTANTS = ("QUESTIONS_FIELD_WEIGHT", "WRITTEN_QUESTIONS_WEIGHT")
BUILT_WITH = {"QUESTIONS_FIELD_WEIGHT"}
WRITTEN_GRID = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0)
DEPTH = 10


def objective(index: RuleIndex, questions: list[Question]) -> float:
    """top-1 + (top-3 + reciprocal rank) / 2, each a share of ``questions``."""
    total = 0.0
    for question in questions:
        try:
            hits = index.search(question.text, limit=DEPTH).hits
        except UserError:
            continue
        keys = [hit.key for hit in hits if hit.kind != "glossary"]
        found = [answers_it(key, question.reviewed) for key in keys]
        first = next((rank for rank, hit in enumerate(found, 1) if hit), None)
        total += bool(found[:1] and found[0])
        total += (any(found[:3]) + (1 / first if first else 0.0)) / 2
    return total / len(questions)


def fit(index: RuleIndex, questions: list[Question]) -> dict[str, float]:
    """Feature weights from 0, then the written questions' two weights from their current
    values, a few rounds of each in turn."""
    weights = rule_ranking.FEATURE_WEIGHTS
    for name in weights:
        weights[name] = 0.0
    for _ in range(ROUNDS):
        for name in weights:
            tried: dict[float, float] = {}
            for value in GRID:
                weights[name] = value
                tried[value] = objective(index, questions)
            weights[name] = max(GRID, key=lambda value: (tried[value], -abs(value)))
        for constant in WRITTEN_CONSTANTS:
            tried = {}
            for value in WRITTEN_GRID:
                setattr(rule_ranking, constant, value)
                if constant in BUILT_WITH:
                    index.build_search_index(rebuild=True)
                tried[value] = objective(index, questions)
            chosen = max(WRITTEN_GRID, key=lambda value: (tried[value], -abs(value)))
            setattr(rule_ranking, constant, chosen)
            if constant in BUILT_WITH:
                index.build_search_index(rebuild=True)
    return {**weights, **{c: getattr(rule_ranking, c) for c in WRITTEN_CONSTANTS}}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    reference = Reference(Path(argv[0]))
    try:
        questions = [q for path in DEVELOPMENT for q in load_questions(path)]
        fitted = fit(reference.rules, questions)
    finally:
        reference.close()
    for name, value in fitted.items():
        print(f"{name} = {value}" if name.isupper() else f'    "{name}": {value},')
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
