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
import functools
import itertools
import re
import threading
from collections import defaultdict
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

# Names holding every word of the query are ranked by how they hold them (see ``_tier``):
SAME_WORDS_TIER = 97.0  # the name's words in another order ("bolt lightning")
TITLE_TIER = 96.0  # the query is a legendary name's title ("thalia" -> Thalia, Guardian of ...)
LEADING_TIER = 92.0  # the name starts with the query's words ("wrath" -> Wrath of God)
WORDS_TIER = 89.0  # every query word is a whole word of the name ("wrath" -> Kaya's Wrath)
PREFIX_TIER = 85.0  # the last word only starts a word of the name ("lightning bo")
COVERAGE_POINTS = 6.0  # ... then by how much of the name the query covers
# How far a card's popularity (``set_priors``: rulings, nicknames, legality) may move it up
# among names of one tier.  It orders candidates; it never makes an answer on its own.
PRIOR_POINTS = 4.0
# Words the query corrected (a typo or a sound-alike of a known word) cost this much each.
CORRECTION_COST = 6.0
MAX_CORRECTED_QUERIES = 8
SOUND_ALIKE_MIN_RATIO = 65.0
# Small words players leave out of long names ("jace mind sculptor").
SMALL_WORDS = frozenset({"a", "an", "and", "at", "for", "from", "in", "of", "on", "the", "to"})


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
        self._index_lock = threading.Lock()
        self._priors: dict[K, float] = {}
        for name, key in entries:
            self._add(name, normalize_name(name), key)
        self._aliases: dict[str, int] = {}
        self._groups: dict[str, tuple[int, ...]] = {}
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

    def set_nickname_groups(self, groups: Mapping[str, Iterable[str]]) -> None:
        """Nicknames for several entries at once ("tron": the three Urza lands): such a
        nickname is answered with the list to pick from, never with one of them or with a
        name merely spelled like it.  Real names unknown here are listed in
        ``unknown_aliases``."""
        self._groups = {}
        for nickname, real_names in groups.items():
            found = []
            for real_name in real_names:
                target = self._by_norm.get(normalize_name(real_name))
                if target is None:
                    self.unknown_aliases.append(f"{nickname}: {real_name}")
                else:
                    found.append(target)
            if found:
                self._groups[normalize_name(nickname)] = tuple(found)

    def set_priors(self, priors: Mapping[K, float]) -> None:
        """How likely each entry is the one meant, 0 to 1 (absent: 0).  Used only to order
        candidates of the same kind of match, never to pick an answer the text doesn't."""
        self._priors = {key: min(1.0, max(0.0, float(value))) for key, value in priors.items()}

    def _prior(self, index: int) -> float:
        return self._priors.get(self._keys[index], 0.0)

    def build_index(self, *, background: bool = False) -> threading.Thread | None:
        """Build the word index now, or (``background``) on a thread while start-up goes on,
        so the first misspelled query doesn't pay for it (about half a second for every card).
        Returns the thread, if one was started."""
        if background:
            thread = threading.Thread(target=self.build_index, name="name-index", daemon=True)
            thread.start()
            return thread
        _ = self._words.sounds  # the word index first, then its sound-alike table
        return None

    @property
    def index_built(self) -> bool:
        return self._word_index is not None

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
        # Built once, by whoever needs it first: the background build (``build_index``) or the
        # first non-exact query, which then waits for the build under way.
        index = self._word_index
        if index is None:
            with self._index_lock:
                index = self._word_index
                if index is None:
                    index = self._word_index = _WordIndex(self._norms)
        return index

    def _ranked(self, norm: str, limit: int) -> list[NameMatch[K]]:
        found = self._exact_index(norm)
        if found is not None:
            best = NameMatch(self._names[found], self._keys[found], 100.0, True)
            rest = [m for m in self._fuzzy(norm, limit + 1) if m.key != best.key]
            return [best, *rest][:limit]
        group = self._groups.get(norm)
        if group is not None:
            # Each of the nickname's entries matches it fully; none of them is the answer.
            return [NameMatch(self._names[i], self._keys[i], 100.0, False) for i in group][:limit]
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
        tiers: dict[int, float] = {}
        self._score_contained(norm, words.containing_all(norm), 0.0, scored, tiers)
        if not scored:
            # Correct the words no name has (a typo, a sound-alike) and look again.
            for corrected, count in words.corrections(norm, MAX_CORRECTED_QUERIES):
                cost = CORRECTION_COST * count
                exact = self._by_norm.get(corrected)
                if exact is not None:
                    scored[exact] = max(scored.get(exact, 0.0), 100.0 - cost)
                    tiers[exact] = max(tiers.get(exact, 0.0), 100.0 - cost)
                contained = words.containing_all(corrected)
                self._score_contained(corrected, contained, cost, scored, tiers)
        if not scored or max(scored.values()) < MIN_ANSWER_SCORE:
            candidates = list(words.near(norm))
            pool = limit * 3 + 5
            found = process.extract(
                norm, [self._norms[i] for i in candidates], scorer=fuzz.ratio, limit=pool
            )
            for _, _, position in found:
                index = candidates[position]
                if index not in tiers:
                    scored[index] = _typo_score(norm, self._norms[index])
            if not scored or max(scored.values()) < FULL_SCAN_BELOW:
                # Last resort: every name with the query's first letter (a typo rarely changes
                # it), then, if that finds nothing close either, every name.
                for bucket in (words.with_initial(norm[0]), range(len(self._norms))):
                    subset = [self._norms[i] for i in bucket]
                    for _, _, position in process.extract(
                        norm, subset, scorer=fuzz.ratio, limit=pool, score_cutoff=50
                    ):
                        index = bucket[position]
                        if index not in tiers:
                            scored[index] = _typo_score(norm, self._norms[index])
                    if scored and max(scored.values()) >= FULL_SCAN_BELOW:
                        break

        def order(item: tuple[int, float]) -> tuple[float, float, int]:
            index, score = item
            tier = tiers.get(index, 0.0)
            return (
                -tier,
                -(score - tier + PRIOR_POINTS * self._prior(index)),
                len(self._norms[index]),
            )

        best: list[tuple[int, float]] = []
        seen: set[K] = set()
        for index, score in sorted(scored.items(), key=order):
            key = self._keys[index]
            if key in seen:
                continue  # a second name (a face) of an entry already listed
            seen.add(key)
            best.append((index, score))
            if len(best) >= limit:
                break
        return best

    def _score_contained(
        self,
        norm: str,
        contained: Iterable[int],
        cost: float,
        scored: dict[int, float],
        tiers: dict[int, float],
    ) -> None:
        """Score names holding every query word: by tier, then by how much of the name the
        query covers, less ``cost`` for corrected words."""
        for index in contained:
            tier = self._tier(norm, index) - cost
            score = tier + COVERAGE_POINTS * len(norm) / max(len(self._norms[index]), len(norm))
            if score > scored.get(index, 0.0):
                scored[index] = score
                tiers[index] = tier

    def _leads(self, name_words: list[str], query_words: list[str]) -> bool:
        """The name starts with the query's words, the last one perhaps cut short
        ("swords to plowshare") unless it is a word of its own ("wrath" doesn't lead
        Wrathful ...)."""
        count = len(query_words)
        if name_words[:count] == query_words:
            return True
        *whole, last = query_words
        return (
            len(name_words) >= count
            and name_words[: count - 1] == whole
            and name_words[count - 1].startswith(last)
            and last not in self._words.postings
        )

    def _tier(self, norm: str, index: int) -> float:
        name_words = self._norms[index].split()
        query_words = norm.split()
        raw = self._names[index]
        if sorted(name_words) == sorted(query_words):
            return SAME_WORDS_TIER
        if "," in raw and normalize_name(raw.split(",", 1)[0]) == norm:
            return TITLE_TIER
        if self._leads(name_words, query_words):
            return LEADING_TIER
        if set(query_words) <= set(name_words):
            return WORDS_TIER
        return PREFIX_TIER

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
        group = self._groups.get(norm)
        if group is not None:
            raise AmbiguousError(
                f"“{_shown(query)}” is a nickname for several {what}s.",
                suggestions=[self._names[i] for i in group][:MAX_SUGGESTIONS],
                hint=f"Ask for one by its full name: `{what} {self._names[group[0]]}`.",
            )
        matches = self._fuzzy(norm, MAX_SUGGESTIONS + 1)
        suggestions = [m.name for m in matches[:MAX_SUGGESTIONS]]
        if not matches or matches[0].score < MIN_ANSWER_SCORE:
            raise NotFoundError(
                f"No {what} is named like “{_shown(query)}”.",
                suggestions=suggestions,
                hint="" if suggestions else f"Check the spelling of the {what} name.",
            )
        best = matches[0]
        # The text alone must set the answer apart: a popular card listed first is still only
        # a suggestion when another name matches the words as well.
        runner_up = max((m.score for m in matches[1:]), default=None)
        if best.exact or runner_up is None or best.score - runner_up >= AMBIGUITY_MARGIN:
            return best.key
        close = [m.name for m in matches if m.score > best.score - AMBIGUITY_MARGIN * 2]
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
        done = done or take(self._groups.get(norm, ()))
        if not done:
            starts = words.starting_with(norm, limit * 8)
            done = take(sorted(starts, key=lambda i: self._completion_order(norm, i)))
        if not done:
            inside = words.containing_all(norm)
            done = take(sorted(inside, key=lambda i: self._completion_order(norm, i)))
        if not picked and len(norm) >= 3:
            take(index for index, _ in self._fuzzy_indices(norm, limit))
        return [_short(self._names[index]) for index in picked[:limit]]

    def _completion_order(self, norm: str, index: int) -> tuple[bool, float, int, str]:
        """The name typed so far first, then the most asked-about, then the shortest."""
        name = self._norms[index]
        return (name != norm, -self._prior(index), len(name), name)


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
        deletes: defaultdict[str, list[str]] = defaultdict(list)
        for word in postings:
            if len(word) >= 3:
                for variant in _deletes(word):
                    deletes[variant].append(word)
        self.deletes: Mapping[str, list[str]] = deletes  # read with .get: nothing is added
        self.sorted_names = sorted(zip(norms, range(len(norms)), strict=True))
        initials: dict[str, list[int]] = {}
        for index, norm in enumerate(norms):
            initials.setdefault(norm[:1], []).append(index)
        self.initials = initials

    def with_initial(self, letter: str) -> list[int]:
        return self.initials.get(letter, [])

    @functools.cached_property
    def sounds(self) -> Mapping[str, list[str]]:
        """Words by ``sound_key``; built after the rest (see ``build_index``), as few queries
        need a sound-alike."""
        sounds: defaultdict[str, list[str]] = defaultdict(list)
        for word in self.postings:
            if len(word) >= 4:
                sounds[sound_key(word)].append(word)
        return sounds

    def corrections(self, norm: str, limit: int) -> list[tuple[str, int]]:
        """The query with its unknown words replaced by known words one edit away or sounding
        alike ("sculpter" -> sculptor, "jinks" -> jinx, "magamuake" -> magmaquake), and how
        many words each version changed; at most ``limit`` versions."""
        options: list[list[str]] = []
        for word in norm.split():
            if word in self.postings or len(word) < 4:
                options.append([word])
                continue
            similar: set[str] = set()
            for variant in _deletes(word):
                similar.update(self.deletes.get(variant, ()))
            # One edit away first; only a word no spelling of it is near sounds alike.
            near = sorted(w for w in similar if OSA.distance(word, w, score_cutoff=1) <= 1)
            if not near:
                # Sound-alikes must still share most letters ("jinks" -> jinx, not "zzzz" ->
                # cease): keys this coarse match garbage too.
                near = sorted(
                    w
                    for w in self.sounds.get(sound_key(word), ())
                    if fuzz.ratio(word, w) >= SOUND_ALIKE_MIN_RATIO
                )
            options.append(near or [word])
        found: list[tuple[str, int]] = []
        original = norm.split()
        for combination in itertools.islice(itertools.product(*options), limit):
            changed = sum(a != b for a, b in zip(combination, original, strict=True))
            if changed:
                found.append((" ".join(combination), changed))
        return found

    def _with_prefix(self, prefix: str, limit: int | None = None) -> list[str]:
        """Words starting with ``prefix`` (at most ``limit``): two binary searches, no scan."""
        words = self.sorted_words
        start = bisect.bisect_left(words, prefix)
        end = bisect.bisect_left(words, prefix + "\U0010ffff", lo=start)
        if limit is not None:
            end = min(end, start + limit)
        return words[start:end]

    def containing_all(self, norm: str) -> set[int]:
        """Names holding every query word; the last one may be the start of a word."""
        *whole, last = norm.split()
        if not whole:
            found: set[int] = set()
            for word in self._with_prefix(last, MAX_PREFIX_WORDS):
                found.update(self.postings[word])
            return found
        postings = []
        for word in whole:
            posting = self.postings.get(word)
            if posting is None:
                return set()
            postings.append(posting)
        last_words = self._with_prefix(last, 51)
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
                similar.update(self._with_prefix(word[: len(word) - 2], MAX_PREFIX_WORDS))
            for other in similar:
                posting = self.postings[other]
                (common if len(posting) > COMMON_WORD_POSTINGS else rare).append(posting)
        for posting in rare or common[:1]:
            candidates.update(posting)
        return candidates

    def starting_with(self, norm: str, limit: int) -> list[int]:
        start = bisect.bisect_left(self.sorted_names, (norm, -1))
        found: list[int] = []
        for name, index in itertools.islice(self.sorted_names, start, start + limit):
            if not name.startswith(norm):
                break
            found.append(index)
        return found


_SOUNDS = str.maketrans({"q": "k", "x": "ks", "z": "s"})
_SOFT_C = re.compile(r"c(?=[eiy])")
_VOWELS = re.compile(r"[aeiouyhw]")
_DOUBLED = re.compile(r"(.)\1+")


def sound_key(word: str) -> str:
    """A rough key for how a word sounds: its first letter, then its consonants with spelling
    variants merged ("jinks" and "jinx" -> jnks, "volibare" and "volibear" -> vlbr)."""
    word = word.replace("ph", "f").replace("ck", "k").replace("qu", "k").translate(_SOUNDS)
    word = _SOFT_C.sub("s", word).replace("c", "k")
    return _DOUBLED.sub(r"\1", word[:1] + _VOWELS.sub("", word[1:]))


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
