"""Fuzzy name matching shared by MTG cards, Riftbound cards and scenario card names.

A query goes through stages, cheapest first, and the first stage that finds something decides:

1. exact: the normalized name, the name without spaces ("aethervial"), or a nickname;
2. whole words: names that contain every word of the query (the last word may be a prefix, so
   a name cut short still finds its card: "jace mind sculptor", "lightning bo");
3. typos: names sharing a word within one edit of a query word (a symmetric-delete index, so
   a dropped, doubled, swapped or wrong letter costs one dictionary probe), scored on the whole
   name with Levenshtein similarity;
4. last resort: the same similarity over every name (for queries whose words are all mangled or
   glued together).

Entries given first are preferred when two entries normalize to the same name (callers list
real cards before face names and tokens).  Scores are 0-100; ``exact`` marks stage 1.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from bot.errors import AmbiguousError, NotFoundError, UsageError
from bot.records.names import normalize_name

K = TypeVar("K")

MAX_QUERY_CHARS = 200  # the longest printed card name has 141 characters
MAX_SUGGESTIONS = 5
MAX_CHOICE_CHARS = 100  # Discord's limit for an autocomplete choice

# Below this similarity nothing is offered as the answer, only as a suggestion.  Measured by
# bench/lookups.py: at 84, no text of its "not a card" set gets an answer ("the stack" scored
# 80 against The Rack) and every generated typo but the genuinely ambiguous ones does.
MIN_ANSWER_SCORE = 84.0
# A name one letter away from the query scores at least this (for queries this long).
ONE_MISTAKE_SCORE = 85.0
ONE_MISTAKE_MIN_CHARS = 4
TWO_MISTAKES_MIN_CHARS = 8
# The best match must beat the next different entry by this much to be the one answer;
# measured by bench/lookups.py: below 2 a partial name like "herald of" gets a wrong answer,
# above 2 more right answers turn into questions without removing any wrong one.
AMBIGUITY_MARGIN = 2.0
# A typo-stage best score below this also tries the full scan (stage 4).
FULL_SCAN_BELOW = 80.0
# Words in more names than this are too common to narrow the typo stage ("the", "of").
COMMON_WORD_POSTINGS = 1500
# A prefix standing for more words than this is too short to narrow anything.
MAX_PREFIX_WORDS = 400

_NON_WORD = re.compile(r"[\W_]+")


@dataclass(frozen=True)
class NameMatch(Generic[K]):
    name: str
    key: K
    score: float
    exact: bool


def _deletes(word: str) -> set[str]:
    """The word and every string one deletion away: two words within one edit share one."""
    return {word} | {word[:i] + word[i + 1 :] for i in range(len(word))}


class FuzzyNameMatcher(Generic[K]):
    """Finds the entry a typed name means; see the module docstring for the stages."""

    def __init__(
        self, entries: Iterable[tuple[str, K]], aliases: Mapping[str, str] | None = None
    ) -> None:
        self._names: list[str] = []
        self._norms: list[str] = []
        self._keys: list[K] = []
        self._by_norm: dict[str, int] = {}
        self._by_compact: dict[str, int] = {}
        self._word_index: _WordIndex | None = None
        for name, key in entries:
            self._add(name, normalize_name(name), key)
        self._aliases: dict[str, int] = {}
        self.unknown_aliases: list[str] = []
        self._set_aliases(aliases or {})

    @classmethod
    def prenormalized(
        cls, entries: Iterable[tuple[str, str, K]], aliases: Mapping[str, str] | None = None
    ) -> FuzzyNameMatcher[K]:
        """Build from (name, normalize_name(name), key) triples normalized ahead of time (the
        reference store keeps them, so start-up skips 36,000 normalizations)."""
        matcher: FuzzyNameMatcher[K] = cls((), None)
        for name, norm, key in entries:
            matcher._add(name, norm, key)
        matcher._set_aliases(aliases or {})
        return matcher

    def _add(self, name: str, norm: str, key: K) -> None:
        if not norm or norm in self._by_norm:
            return  # an earlier entry owns this name
        index = len(self._names)
        self._names.append(name)
        self._norms.append(norm)
        self._keys.append(key)
        self._by_norm[norm] = index
        self._by_compact.setdefault(norm.replace(" ", ""), index)
        self._word_index = None

    def _set_aliases(self, aliases: Mapping[str, str]) -> None:
        self._aliases = {}
        self.unknown_aliases = []
        for alias, real_name in aliases.items():
            target = self._by_norm.get(normalize_name(real_name))
            if target is None:
                self.unknown_aliases.append(alias)
            else:
                self._aliases[normalize_name(alias)] = target

    def __len__(self) -> int:
        return len(self._names)

    @property
    def names(self) -> list[str]:
        """Every distinct name, in the order given."""
        return list(self._names)

    # -- stage 1 -----------------------------------------------------------------------------

    def _exact_index(self, norm: str) -> int | None:
        found = self._by_norm.get(norm)
        if found is None:
            found = self._aliases.get(norm)
        if found is None:
            found = self._by_compact.get(norm.replace(" ", ""))
        return found

    def exact(self, query: str) -> K | None:
        """The entry whose normalized name (or nickname) is exactly the query's, else None."""
        found = self._exact_index(normalize_name(query))
        return None if found is None else self._keys[found]

    # -- stages 2 to 4 -----------------------------------------------------------------------

    @property
    def _words(self) -> _WordIndex:
        # Built on the first non-exact query, so start-up pays only for the exact tables.
        if self._word_index is None:
            self._word_index = _WordIndex(self._norms)
        return self._word_index

    def _ranked(self, norm: str, limit: int) -> list[NameMatch[K]]:
        found = self._exact_index(norm)
        if found is not None:
            best = NameMatch(self._names[found], self._keys[found], 100.0, True)
            rest = [m for m in self._fuzzy(norm, limit + 1) if m.key != best.key]
            return [best, *rest][:limit]
        return self._fuzzy(norm, limit)

    def _fuzzy(self, norm: str, limit: int) -> list[NameMatch[K]]:
        return [
            NameMatch(self._names[index], self._keys[index], round(score, 2), False)
            for index, score in self._fuzzy_indices(norm, limit)
        ]

    def _fuzzy_indices(self, norm: str, limit: int) -> list[tuple[int, float]]:
        """Stages 2 to 4: (entry index, score) pairs, best first, one per key."""
        words = self._words
        scored: dict[int, float] = {}
        contained = words.containing_all(norm)
        for index in contained:
            # Every query word is in the name: rank by how much of the name the query covers.
            scored[index] = 85.0 + 15.0 * len(norm) / max(len(self._norms[index]), len(norm))
        if not contained:
            candidates = list(words.near(norm))
            pool = limit * 3 + 5
            found = process.extract(
                norm, [self._norms[i] for i in candidates], scorer=fuzz.ratio, limit=pool
            )
            for _, _, position in found:
                index = candidates[position]
                scored[index] = _typo_score(norm, self._norms[index])
            if not scored or max(scored.values()) < FULL_SCAN_BELOW:
                for _, _, index in process.extract(
                    norm, self._norms, scorer=fuzz.ratio, limit=pool, score_cutoff=50
                ):
                    scored[index] = _typo_score(norm, self._norms[index])
        ordered = sorted(scored.items(), key=lambda item: (-item[1], len(self._norms[item[0]])))
        best: list[tuple[int, float]] = []
        seen: list[K] = []
        for index, score in ordered:
            key = self._keys[index]
            if key in seen:
                continue  # a second name (a face) of an entry already listed
            seen.append(key)
            best.append((index, score))
            if len(best) >= limit:
                break
        return best

    def match(self, query: str, limit: int = 5) -> list[NameMatch[K]]:
        """The best matches for ``query``, best first (one per entry); [] for a blank query."""
        norm = normalize_name(query[: MAX_QUERY_CHARS * 2])
        if not norm or limit <= 0:
            return []
        return self._ranked(norm[:MAX_QUERY_CHARS], limit)

    def resolve(self, query: str, *, what: str = "card") -> K:
        """The one entry ``query`` means.

        Raises ``UsageError`` for a blank or overlong query, ``NotFoundError`` when nothing is
        close and ``AmbiguousError`` when several entries are about as close; both carry up to
        five suggestions.
        """
        if len(query) > MAX_QUERY_CHARS:
            raise UsageError(
                f"That {what} name is too long ({len(query)} characters).",
                hint=f"Type the {what}'s name (at most {MAX_QUERY_CHARS} characters).",
            )
        norm = normalize_name(query)
        if not any(ch.isalnum() or ch in "_?!" for ch in norm):
            raise UsageError(
                f"Give a {what} name with at least one letter or digit.",
                hint=f"For example: `{what} Lightning Bolt`." if what == "card" else "",
            )
        found = self._exact_index(norm)
        if found is not None:
            return self._keys[found]
        matches = self._fuzzy(norm, MAX_SUGGESTIONS + 1)
        suggestions = [m.name for m in matches[:MAX_SUGGESTIONS]]
        if not matches or matches[0].score < MIN_ANSWER_SCORE:
            raise NotFoundError(
                f"No {what} is named like “{_shown(query)}”.",
                suggestions=suggestions,
                hint="" if suggestions else f"Check the spelling of the {what} name.",
            )
        best = matches[0]
        if best.exact or len(matches) == 1 or best.score - matches[1].score >= AMBIGUITY_MARGIN:
            return best.key
        close = [m.name for m in matches if best.score - m.score < AMBIGUITY_MARGIN * 2]
        raise AmbiguousError(
            f"Several {what}s match “{_shown(query)}”.",
            suggestions=close[:MAX_SUGGESTIONS],
            hint=f"Type more of the {what}'s name.",
        )

    # -- autocomplete ------------------------------------------------------------------------

    def autocomplete(self, prefix: str, limit: int = 25) -> list[str]:
        """Up to ``limit`` names for a partly typed one, best first, each <= 100 characters.

        Names starting with the text come first (shortest first), then names with a word
        starting with it, then close misspellings.
        """
        norm = normalize_name(prefix[: MAX_QUERY_CHARS * 2])[:MAX_QUERY_CHARS]
        if not norm or limit <= 0:
            return []
        words = self._words
        picked: list[int] = []
        chosen: set[int] = set()

        def take(indices: Iterable[int]) -> bool:
            for index in indices:
                if index not in chosen:
                    chosen.add(index)
                    picked.append(index)
                    if len(picked) >= limit:
                        return True
            return False

        alias = self._aliases.get(norm)
        done = alias is not None and take([alias])
        if not done:
            starts = words.starting_with(norm, limit * 8)
            done = take(sorted(starts, key=lambda i: (len(self._norms[i]), self._norms[i])))
        if not done:
            inside = words.containing_all(norm)
            done = take(sorted(inside, key=lambda i: (len(self._norms[i]), self._norms[i])))
        if not picked and len(norm) >= 3:
            take(index for index, _ in self._fuzzy_indices(norm, limit))
        return [_short(self._names[index]) for index in picked[:limit]]


class _WordIndex:
    """Word postings, a symmetric-delete table of words and sorted names for prefix search."""

    def __init__(self, norms: list[str]) -> None:
        postings: dict[str, list[int]] = {}
        for index, norm in enumerate(norms):
            for word in set(norm.split()):
                postings.setdefault(word, []).append(index)
        self.postings = postings
        self.norms = norms
        self.sorted_words = sorted(postings)
        deletes: dict[str, list[str]] = {}
        for word in postings:
            if len(word) >= 3:
                for variant in _deletes(word):
                    deletes.setdefault(variant, []).append(word)
        self.deletes = deletes
        self.sorted_names = sorted((norm, index) for index, norm in enumerate(norms))

    def _with_prefix(self, prefix: str) -> list[str]:
        start = bisect.bisect_left(self.sorted_words, prefix)
        found: list[str] = []
        for word in self.sorted_words[start:]:
            if not word.startswith(prefix):
                break
            found.append(word)
        return found

    def containing_all(self, norm: str) -> set[int]:
        """Names holding every query word; the last one may be the start of a word."""
        *whole, last = norm.split()
        if not whole:
            found: set[int] = set()
            for word in self._with_prefix(last)[:MAX_PREFIX_WORDS]:
                found.update(self.postings[word])
            return found
        postings = []
        for word in whole:
            posting = self.postings.get(word)
            if posting is None:
                return set()
            postings.append(posting)
        last_words = self._with_prefix(last)
        if len(last_words) <= 50:
            last_posting: set[int] = set()
            for word in last_words:
                last_posting.update(self.postings[word])
            postings.append(list(last_posting))
        postings.sort(key=len)
        result = set(postings[0])
        for posting in postings[1:]:
            result.intersection_update(posting)
            if not result:
                return result
        if len(last_words) <= 50:
            return result
        # A short last word ("the fact a"): check it against the few names left.
        return {
            index
            for index in result
            if any(word.startswith(last) for word in self.norms[index].split())
        }

    def near(self, norm: str) -> set[int]:
        """Names with a word within one edit of some query word (common words skipped)."""
        candidates: set[int] = set()
        rare: list[list[int]] = []
        common: list[list[int]] = []
        query_words = norm.split()
        probes = set(query_words)
        if len(query_words) > 1:
            # Words split by a stray space ("spell skite"): try them glued back together.
            probes.add("".join(query_words))
            probes.update(a + b for a, b in itertools.pairwise(query_words))
        for word in probes:
            if len(word) < 3:
                continue
            similar: set[str] = set()
            for variant in _deletes(word):
                similar.update(self.deletes.get(variant, ()))
            if len(word) >= 6:
                # Two mistakes near the end of a long word ("tarmogoyph"): its start still
                # finds it.
                similar.update(self._with_prefix(word[: len(word) - 2])[:MAX_PREFIX_WORDS])
            for other in similar:
                posting = self.postings[other]
                (common if len(posting) > COMMON_WORD_POSTINGS else rare).append(posting)
        for posting in rare or common[:1]:
            candidates.update(posting)
        return candidates

    def starting_with(self, norm: str, limit: int) -> list[int]:
        start = bisect.bisect_left(self.sorted_names, (norm, -1))
        found: list[int] = []
        for name, index in self.sorted_names[start:]:
            if not name.startswith(norm) or len(found) >= limit:
                break
            found.append(index)
        return found


def _typo_score(query: str, name: str) -> float:
    """Similarity 0-100 for a mistyped name.

    The mean of indel similarity (``fuzz.ratio``, kind to dropped and doubled letters) and
    Damerau similarity (OSA: a swapped pair of letters is one mistake, not two), so "threatne"
    is nearer "Threaten" than "Threat".
    """
    similarity = (fuzz.ratio(query, name) + 100.0 * OSA.normalized_similarity(query, name)) / 2
    if len(query) >= ONE_MISTAKE_MIN_CHARS and OSA.distance(query, name, score_cutoff=1) <= 1:
        # One mistake is a typo, however short the name ("katma" -> Karma scores only 80).
        return max(similarity, ONE_MISTAKE_SCORE)
    if (
        len(query) >= TWO_MISTAKES_MIN_CHARS
        and name.startswith(query[: len(query) - 3])
        and OSA.distance(query, name, score_cutoff=2) <= 2
    ):
        # Two mistakes in the last letters of a long name ("tarmogoyph"): the start is sure.
        return max(similarity, ONE_MISTAKE_SCORE)
    return similarity


def _short(name: str) -> str:
    return name if len(name) <= MAX_CHOICE_CHARS else name[: MAX_CHOICE_CHARS - 1] + "…"


def _shown(query: str) -> str:
    """The query as echoed back in a message: one line, at most 60 characters."""
    flat = " ".join(query.split())
    return flat if len(flat) <= 60 else flat[:59] + "…"
