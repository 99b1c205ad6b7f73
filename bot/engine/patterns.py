"""Compiled patterns that keep their answers, for the texts a game asks about again and again.

Resolving a spell asks some seventy patterns of each part of its Oracle text ("does it say
fight?", "does it deal damage to you?"), and a game resolves the same few spells over and over:
the same searches of the same texts, a twentieth of a game's reducer time (issue 14).  A
pattern's answer for a text never changes, and a match is a read-only value, so the answer is
kept by the text itself and handed out again.  Only ``search`` and ``match`` of a whole text
are offered; anything else is a plain compiled pattern's job.
"""

from __future__ import annotations

import re

# Texts kept per pattern before it forgets them all: Oracle texts are few, but a pattern may
# also be asked about statements users typed.
KEPT_TEXTS = 4096

_UNSEEN: object = object()


class RememberedPattern:
    """``pattern``'s ``search`` and ``match``, each answer kept by its text."""

    __slots__ = ("_matched", "_searched", "pattern")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self._searched: dict[str, re.Match[str] | None] = {}
        self._matched: dict[str, re.Match[str] | None] = {}

    def search(self, text: str) -> re.Match[str] | None:
        found = self._searched.get(text, _UNSEEN)
        if found is _UNSEEN:
            if len(self._searched) >= KEPT_TEXTS:
                self._searched.clear()
            found = self._searched[text] = self.pattern.search(text)
        return found  # type: ignore[return-value]

    def match(self, text: str) -> re.Match[str] | None:
        found = self._matched.get(text, _UNSEEN)
        if found is _UNSEEN:
            if len(self._matched) >= KEPT_TEXTS:
                self._matched.clear()
            found = self._matched[text] = self.pattern.match(text)
        return found  # type: ignore[return-value]

    def __repr__(self) -> str:
        return f"remembered({self.pattern!r})"


def remembered(pattern: re.Pattern[str]) -> RememberedPattern:
    """``pattern``, keeping its answers (see the module's docstring)."""
    return RememberedPattern(pattern)
