"""IPG and MTR free text, judge-style: does `ipg`/`mtr` land on the section that answers it?

Run: .venv/bin/python bench/ipg_search.py PATH_TO_REFERENCE_SQLITE [--held-out | --all] [-v]

The questions are in ``bench/ipg_questions.txt`` (development) and
``bench/ipg_questions_holdout.txt`` (held out: scored only with ``--held-out`` or ``--all``),
written from the IPG's definitions and examples and the MTR's text before the ranking changed.
A lookup's top 3 are its section and the first two it shows beside it ("See also" or "Closest
matches"); a question counts when one of its answers is there.
Last line: ``ipg search: top-1 A% top-3 B%; mtr top-1 C% top-3 D% (N questions)``.

Figures (issue 13).  Before, at 8054a8a (FTS5 bm25 over title, body and examples):
development ipg top-1 62% top-3 83%, mtr 73%/82%; held-out ipg 67%/82%, mtr 75%/81%.
After (bot/reference/situations.py, tuned on the development set only; the held-out set scored
once, at the end): development ipg 92%/98%, mtr 79%/94%; held-out ipg 88%/96%, mtr 81%/94%.
How sure the answers say they are (``DocMatch.confident``), development / held-out: right and
shown as the answer 93 / 47, right but shown among the closest matches 27 / 11, wrong but shown
as the answer 5 / 6, wrong and shown among the closest matches 10 / 3 (before: every answer was
shown as the answer, 48 / 21 of them wrong).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.errors import UserError  # noqa: E402
from bot.reference.docs import DocName, DocsIndex  # noqa: E402
from bot.reference.store import Reference  # noqa: E402

DEVELOPMENT = Path(__file__).with_name("ipg_questions.txt")
HELD_OUT = Path(__file__).with_name("ipg_questions_holdout.txt")


@dataclass(frozen=True)
class Question:
    doc: DocName
    text: str
    answers: tuple[str, ...]


def load_questions(path: Path) -> list[Question]:
    """Tab-separated ``document  question  answers``; ``#`` lines and the column header skipped."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith(("#", "document\t")):
            continue
        doc, text, answers = line.split("\t")
        if doc not in ("ipg", "mtr"):
            raise ValueError(f"{path.name}: unknown document {doc!r} in {line!r}")
        found.append(
            Question(cast(DocName, doc), text, tuple(a.strip() for a in answers.split(",")))
        )
    return found


def top_three(docs: DocsIndex, question: Question) -> list[str]:
    try:
        match = docs.lookup(question.doc, question.text)
    except UserError:
        return []
    return [match.section.number, *(s.number for s in match.also)][:3]


def score(
    docs: DocsIndex, questions: list[Question], verbose: bool
) -> dict[DocName, tuple[int, int, int]]:
    """Per document: (top-1 hits, top-3 hits, questions)."""
    tallies: dict[DocName, list[int]] = {"ipg": [0, 0, 0], "mtr": [0, 0, 0]}
    for question in questions:
        top = top_three(docs, question)
        first = bool(top) and top[0] in question.answers
        three = any(number in question.answers for number in top)
        tally = tallies[question.doc]
        tally[0] += first
        tally[1] += three
        tally[2] += 1
        if verbose and not first:
            print(
                f"MISS {question.doc} {question.text!r}: want {', '.join(question.answers)}, "
                f"got {', '.join(top) or 'nothing'}"
            )
    return {doc: (t[0], t[1], t[2]) for doc, t in tallies.items()}


def summary_line(label: str, tallies: dict[DocName, tuple[int, int, int]]) -> str:
    """``label top-1 A% top-3 B%; mtr top-1 C% top-3 D% (N questions)``."""

    def pct(hits: int, count: int) -> str:
        return f"{100 * hits / count:.0f}%" if count else "-"

    i1, i3, ni = tallies["ipg"]
    m1, m3, nm = tallies["mtr"]
    return (
        f"{label} top-1 {pct(i1, ni)} top-3 {pct(i3, ni)}; "
        f"mtr top-1 {pct(m1, nm)} top-3 {pct(m3, nm)} ({ni + nm} questions)"
    )


def main(argv: list[str]) -> int:
    paths = [a for a in argv if not a.startswith("-")]
    if len(paths) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    verbose = "-v" in argv
    sets = {"development": load_questions(DEVELOPMENT)}
    if "--held-out" in argv:
        sets = {"held-out": load_questions(HELD_OUT)}
    elif "--all" in argv:
        sets["held-out"] = load_questions(HELD_OUT)
    reference = Reference(Path(paths[0]))
    totals: dict[DocName, tuple[int, int, int]] = {"ipg": (0, 0, 0), "mtr": (0, 0, 0)}
    try:
        for label, questions in sets.items():
            tallies = score(reference.docs, questions, verbose)
            print(summary_line(f"  {label} set: ipg", tallies))
            for doc, (a, b, c) in tallies.items():
                x, y, z = totals[doc]
                totals[doc] = (x + a, y + b, z + c)
    finally:
        reference.close()
    print(summary_line("ipg search:", totals))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
