"""Misspelt words in a free-text rules question, read as the nearest word the rules know.

"does tramle work with deathtouch" holds a word no rule and no written question uses: bm25
gives it nothing, and the question loses its subject. A word the ranking doesn't know is read
as the most common known word within one letter (two, for a long word); a word the ranking
knows is never changed, and short words (most are names or slang) are left alone.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable

from rapidfuzz import process
from rapidfuzz.distance import OSA

MIN_CHARS = 5  # shorter unknown words are kept as typed ("ojer" is not "over")
TWO_MISTAKES_MIN_CHARS = 8
_WORD = re.compile(r"[a-z]+")


class Respeller:
    """The words of the rules and written questions, most common first."""

    def __init__(self, texts: Iterable[str]) -> None:
        counts: Counter[str] = Counter()
        for text in texts:
            counts.update(w for w in _WORD.findall(text.lower()) if len(w) >= MIN_CHARS - 1)
        # Most common first: of two words equally near, the common one is meant.
        self._words = [word for word, _ in counts.most_common()]
        self._known = frozenset(self._words)

    def respelled(self, text: str, knows: Callable[[str], bool]) -> str:
        """``text`` with each word that ``knows`` (given the typed word) rejects and that is
        near a known word replaced by it; every other character as typed."""

        def nearest(match: re.Match[str]) -> str:
            word = match.group(0)
            lowered = word.lower()
            if len(lowered) < MIN_CHARS or lowered in self._known or knows(lowered):
                return word
            allowed = 2 if len(lowered) >= TWO_MISTAKES_MIN_CHARS else 1
            found = process.extractOne(
                lowered, self._words, scorer=OSA.distance, score_cutoff=allowed
            )
            return found[0] if found is not None else word

        # Whole words, accented letters included: "créature" is one word, not "cr" + "ature".
        return re.sub(r"[^\W\d_]+", nearest, text)
