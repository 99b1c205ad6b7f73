"""Comprehensive Rules lookup timings: rule numbers, free-text search, autocomplete.

Targets: number lookup <= 50 µs mean, free-text search p99 <= 10 ms, autocomplete p99 <= 5 ms.
``bench/lookups.py`` calls :func:`measure`; run alone with
``python bench/lookups_rules.py PATH_TO_REFERENCE_SQLITE``.
"""

from __future__ import annotations

import contextlib
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.errors import UserError
from bot.reference.store import Reference

NUMBERS = ["115.7d", "CR 702.11b", "rule 601.2c", "608.2b", "r704.5j", "115", "1", "903.8"]
QUESTIONS = [
    "can I change the target of a spell",
    "does a spell fizzle if its only target gets hexproof",
    "how much damage does trample assign to the blocker",
    "what happens when a player has ten poison counters",
    "who chooses first when players choose at the same time",
    "can I respond to a triggered ability",
    "when does a creature with summoning sickness attack",
    "what happens to auras when the creature leaves the battlefield",
    "how do layers apply to power and toughness",
    "can I cast a sorcery during my opponent's turn",
]
PREFIXES = ["1", "11", "115.", "702.1", "hex", "tar", "mana", "f", "first st", "cr 6"]


def _time_us(action: Callable[[str], object], inputs: Sequence[str], rounds: int) -> list[float]:
    samples = []
    for _ in range(rounds):
        for text in inputs:
            start = time.perf_counter()
            with contextlib.suppress(UserError):
                action(text)
            samples.append((time.perf_counter() - start) * 1e6)
    return samples


def _p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def measure(reference: Reference) -> dict[str, float]:
    """Timings in microseconds (the index is loaded before timing starts)."""
    start = time.perf_counter()
    index = reference.rules
    index.lookup("115.7")
    index.autocomplete("hex")
    # The bot builds the free-text ranking at start-up, on a thread (~0.7 s): not a question's.
    index.build_search_index()
    load_ms = (time.perf_counter() - start) * 1e3
    numbers = _time_us(index.lookup, NUMBERS, 500)
    search = _time_us(index.lookup, QUESTIONS, 20)
    complete = _time_us(index.autocomplete, PREFIXES, 200)
    return {
        "rules_index_load_ms": load_ms,
        "rule_number_mean_us": statistics.fmean(numbers),
        "rule_number_p99_us": _p99(numbers),
        "rule_search_mean_us": statistics.fmean(search),
        "rule_search_p99_us": _p99(search),
        "rule_autocomplete_mean_us": statistics.fmean(complete),
        "rule_autocomplete_p99_us": _p99(complete),
    }


def main(argv: Sequence[str]) -> int:
    if len(argv) != 1:
        print("usage: python bench/lookups_rules.py PATH_TO_REFERENCE_SQLITE", file=sys.stderr)
        return 2
    reference = Reference(Path(argv[0]))
    try:
        for name, value in measure(reference).items():
            print(f"{name:28} {value:12.1f}")
    finally:
        reference.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
