"""The graded scenario corpus: pass rate per area, for MTG and Riftbound.

Run: .venv/bin/python bench/correctness.py [-v]   (-v lists each failing case and why)
Its last line: ``corpus: PASSED/TOTAL cases (P%)``.  Cases marked xfail count as failed.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.corpus.engines import build_engines  # noqa: E402
from tests.corpus.runner import grade, load_cases  # noqa: E402

DATA = Path(os.environ.get("RULESBOT_SHARED_DATA", ROOT.parent / "shared" / "data"))


def main() -> None:
    verbose = "-v" in sys.argv[1:]
    cases = load_cases()
    with tempfile.TemporaryDirectory() as workdir:
        started = time.perf_counter()
        engines = build_engines(DATA, Path(workdir))
        built = time.perf_counter() - started
        totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        failures: list[str] = []
        started = time.perf_counter()
        for case in cases:
            problems = grade(case, engines.run(case))
            tally = totals[f"{case.game}/{case.area}"]
            tally[1] += 1
            if not problems:
                tally[0] += 1
            else:
                failures.append(
                    f"{case.id} [{case.file}] ({case.xfail or 'unexpected'}): "
                    + "; ".join(problems)
                )
        ran = time.perf_counter() - started
    print(f"data imported in {built:.1f} s; {len(cases)} cases run in {ran:.2f} s")
    for area in sorted(totals):
        passed, total = totals[area]
        print(f"  {area:<40} {passed:>4}/{total:<4} ({100 * passed / total:5.1f}%)")
    if verbose:
        for line in failures:
            print("FAIL", line)
    passed = sum(p for p, _ in totals.values())
    total = sum(t for _, t in totals.values())
    print(f"corpus: {passed}/{total} cases ({100 * passed / max(total, 1):.1f}%)")


if __name__ == "__main__":
    main()
