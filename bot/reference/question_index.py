"""The questions each rule answers, in players' words, as a second index for free-text search.

The rules' own words often aren't the ones a player asks with ("does hexproof save my guy from a
wrath" is settled by 115.10a, which says "Spells and abilities that don't target"). For each
rule, ``rules_data/rule_questions.tsv`` holds a few questions it answers, written from the rule's
text in the register of a judge channel (a hand-written doc2query). A question is matched
against each written question on its own (bm25), and a rule counts by its best-matching one: a
close paraphrase of one question says more than scattered words over all of them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping

SATURATION = 1.2  # bm25's k1
LENGTH_NORMALISATION = 0.5  # bm25's b: written questions are all short


class QuestionIndex:
    """bm25 over short written questions, each owned by one rule."""

    def __init__(self, questions: Iterable[tuple[str, list[str]]]) -> None:
        """``questions``: (rule number, a question's words as the ranking reads them)."""
        self._owners: list[str] = []
        counted: list[Counter[str]] = []
        for rule, words in questions:
            if words:
                self._owners.append(rule)
                counted.append(Counter(words))
        lengths = [sum(c.values()) for c in counted]
        average = max(sum(lengths) / max(len(lengths), 1), 1.0)
        postings: dict[str, list[tuple[int, float]]] = {}
        b = LENGTH_NORMALISATION
        for position, (counts, length) in enumerate(zip(counted, lengths, strict=True)):
            norm = 1 / (1 - b + b * length / average)
            for word, count in counts.items():
                postings.setdefault(word, []).append((position, count * norm))
        total = len(self._owners)
        self.idf = {
            word: math.log(1 + (total - len(found) + 0.5) / (len(found) + 0.5))
            for word, found in postings.items()
        }
        # Each posting's part of a score but for the asked word's weight, computed once.
        self._parts = {
            word: [
                (position, self.idf[word] * f * (SATURATION + 1) / (SATURATION + f))
                for position, f in found
            ]
            for word, found in postings.items()
        }

    def __len__(self) -> int:
        return len(self._owners)

    def knows(self, word: str) -> bool:
        return word in self._parts

    def best(self, weights: Mapping[str, float]) -> dict[str, float]:
        """Each rule whose written questions share a word with the asked one -> its best
        question's score, as a share of the most a question could score (0 to ~1)."""
        asked = {w: q for w, q in weights.items() if w in self._parts}
        if not asked:
            return {}
        scores: dict[int, float] = {}
        for word, weight in asked.items():
            for position, part in self._parts[word]:
                scores[position] = scores.get(position, 0.0) + weight * part
        # A question holding every asked word once, at average length, scores this much.
        most = sum(weight * self.idf[word] for word, weight in asked.items())
        best: dict[str, float] = {}
        for position, score in scores.items():
            rule = self._owners[position]
            share = score / most
            if share > best.get(rule, 0.0):
                best[rule] = share
        return best
