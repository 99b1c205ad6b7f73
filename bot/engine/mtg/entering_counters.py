"""Counters a permanent enters the battlefield with (CR 614.1c: "enters with" is a
replacement effect), whether it is put onto the battlefield or resolves as a spell."""

from __future__ import annotations

import functools
import re

from bot.engine.model import GameObject

_MODULAR = re.compile(r"modular (\d+)")
_REMINDER_TEXT = re.compile(r"\([^)]*\)")
# Not "... for each time it was kicked" and the like: a count the text alone doesn't fix.
_ENTERS_WITH_COUNTERS = re.compile(
    r"enters with (\w+) ([+-]\d+/[+-]\d+|[a-z]+) counters? on (?:it|him|her|them)(?! for each)"
)
_NUMBER_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


@functools.lru_cache(maxsize=1024)
def printed_enters_with(oracle_text: str) -> tuple[tuple[str, int], ...]:
    """The counters "enters with N [kind] counters on it" gives, by kind, by the text alone
    (every permanent that enters asks: issue 14)."""
    printed = _REMINDER_TEXT.sub("", oracle_text.lower())  # not modular's reminder
    found: dict[str, int] = {}
    for match in _ENTERS_WITH_COUNTERS.finditer(printed):
        amount, kind = match.group(1), match.group(2)
        count = int(amount) if amount.isdigit() else _NUMBER_WORDS.get(amount, 0)
        if count:
            found[kind] = found.get(kind, 0) + count
    return tuple(found.items())


def enters_with(obj: GameObject) -> dict[str, int]:
    """Counters a permanent enters with: modular N (CR 702.43a) and "enters with N [kind]
    counters on it" text with a fixed N (a kicked spell's count is written into its text as
    cast: "for each time it was kicked" -> "2")."""
    counters = dict(obj.counters)
    for keyword in obj.keywords:
        if match := _MODULAR.fullmatch(keyword):
            counters["+1/+1"] = counters.get("+1/+1", 0) + int(match.group(1))
    for kind, count in printed_enters_with(obj.oracle_text):
        counters[kind] = counters.get(kind, 0) + count
    return counters
