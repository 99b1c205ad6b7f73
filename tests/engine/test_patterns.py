"""A remembered pattern answers as its compiled pattern does, and keeps the answer by text."""

from __future__ import annotations

import re

import pytest

from bot.engine import patterns
from bot.engine.patterns import remembered

FIGHT = re.compile(r"\bfights?\b", re.IGNORECASE)
TEXTS = ("Target creature fights another target creature.", "Fight or Flight", "fightsong", "")


def test_it_answers_as_the_pattern_does() -> None:
    kept = remembered(FIGHT)
    for text in TEXTS * 2:  # asked twice: the second answer is the kept one
        for mine, theirs in (
            (kept.search(text), FIGHT.search(text)),
            (kept.match(text), FIGHT.match(text)),
        ):
            assert (mine is None) == (theirs is None)
            if mine is not None and theirs is not None:
                assert (mine.group(0), mine.span()) == (theirs.group(0), theirs.span())


def test_the_answer_is_kept_by_text_and_forgotten_past_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kept = remembered(FIGHT)
    first = kept.search(TEXTS[0])
    assert kept.search(TEXTS[0]) is first  # the same match, not a new search
    monkeypatch.setattr(patterns, "KEPT_TEXTS", 2)
    kept.search("a fight"), kept.search("another fight")  # the limit: all forgotten
    again = kept.search(TEXTS[0])
    assert again is not first and again is not None and again.span() == first.span()
