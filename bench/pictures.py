"""Board picture render time: a 30-permanent board with a 6-item stack, each item targeting.

Run: .venv/bin/python bench/pictures.py
Builds the board with the real engine and cards (from ../shared/data), then draws it
repeatedly.  Its last line: ``pictures: 30 objects + 6 stack items rendered in M ms median
(p95 P ms, N runs; goal <= 50 ms)``.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.pictures.board import render_board  # noqa: E402
from bot.pictures.view import mtg_view  # noqa: E402
from bot.scenario.board_view import board_data  # noqa: E402
from tests.corpus.engines import build_engines  # noqa: E402

DATA = Path(os.environ.get("RULESBOT_SHARED_DATA", ROOT.parent / "shared" / "data"))
RUNS = 60


def main() -> None:
    with tempfile.TemporaryDirectory() as workdir:
        engines = build_engines(DATA, Path(workdir))
        script = " ".join(
            ["Alice controls Runeclaw Bear."] * 10
            + ["Alice controls Forest."] * 5
            + ["Bob controls Llanowar Elves."] * 10
            + ["Bob controls Spellskite."] * 5
            + [f"Bob casts Shock targeting #{n}." for n in range(1, 6)]
            + ["Alice casts Redirect targeting #35."]
        )
        result = engines.mtg.run(script, speaker="Alice")
        failed = [step.statement for step in result.steps if step.error is not None]
        if failed:
            raise SystemExit(f"setup failed: {failed[:3]}")
        view = mtg_view(board_data(result.state))
    pieces = sum(len(p) for area in view.areas for _, p in area.groups)
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        picture = render_board(view)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    median, p95 = statistics.median(times), times[int(len(times) * 0.95) - 1]
    print(
        f"image {picture.layout.width}x{picture.layout.height}, {len(picture.png):,} bytes, "
        f"{len(picture.layout.arrows)} arrows"
    )
    print(
        f"pictures: {pieces} objects + {len(view.stack)} stack items rendered in {median:.1f} ms "
        f"median (p95 {p95:.1f} ms, {RUNS} runs; goal <= 50 ms)"
    )


if __name__ == "__main__":
    main()
