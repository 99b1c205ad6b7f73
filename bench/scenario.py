"""Figures for the scenario layer: statement throughput, replaying a 500-action game, snapshots.

Usage: ``python bench/scenario.py [REFERENCE_DB]`` (default: the configured data folder).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from bot.commands.scenario import IndexCardLookup
from bot.games.mtg_reducer import MtgReducer, MtgTableCodec
from bot.reference.store import Reference
from bot.scenario.executor import MtgScenarioExecutor
from bot.settings import Settings

EXAMPLE = """\
Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite.
Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.
Alice casts Redirect targeting Arc Trail.
Redirect resolves choosing new targets Llanowar Elves and Runeclaw Bear.
Arc Trail resolves.
"""


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Settings.from_env().reference_db
    reference = Reference(path)
    executor = MtgScenarioExecutor(IndexCardLookup(reference.cards))
    executor.run(EXAMPLE, speaker="alice")  # warm the caches
    started = time.perf_counter()
    rounds = 50
    for _ in range(rounds):
        executor.run(EXAMPLE, speaker="alice")
    per = (time.perf_counter() - started) / rounds / 6 * 1000
    print(f"document example: {per:.2f} ms per statement (warm)")

    reducer = MtgReducer(executor)
    actions = [{"statement": "Alice controls Runeclaw Bear.", "speaker": "alice"}]
    actions += [
        {"statement": f"Bob has {n % 30 + 1} life." if n % 2 else "Runeclaw Bear is tapped.",
         "speaker": "alice"}
        for n in range(499)
    ]  # fmt: skip
    started = time.perf_counter()
    state = reducer.initial("mtg")
    for action in actions:
        state = reducer.apply(state, action)
    replay_ms = (time.perf_counter() - started) * 1000
    print(f"replay of a 500-action game: {replay_ms:.1f} ms")
    codec = MtgTableCodec()
    blob = codec.serialize(state)
    started = time.perf_counter()
    for _ in range(100):
        codec.deserialize(blob)
    load_ms = (time.perf_counter() - started) * 10
    print(f"snapshot: {len(blob)} bytes, {load_ms:.2f} ms to load (the service replays at most "
          "9 actions after it)")  # fmt: skip
    reference.close()


if __name__ == "__main__":
    main()
