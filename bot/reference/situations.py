"""Find the IPG infraction or MTR section a situation describes, told in words (issue 13).

A judge asks ``ipg player kept 8 cards`` or ``ipg opponent forgot his Dark Confidant trigger``:
what happened at the table, not the infraction's name.  The Infraction Procedure Guide says
what each infraction is by its Definition and, in the words players use at the table, its
Examples: those are the text an infraction is found by.  Its Philosophy and Additional Remedy
explain and fix, and share every infraction's vocabulary, so they count for little: a word
found only there (or only in an example's card names) finds no section on its own.

Each section is scored by a BM25F over its fields (the title's own words, the finding text,
the rest), plus:

- phrases: neighbouring words of the question that stand side by side in the section's title,
  definition or one example ("draws eight cards" for "drew 8 cards") count again;
- coverage: a section that holds more of the question's (rare) words ranks higher;
- a table of what judges say, in ``rules_data/doc_search_synonyms.toml`` (``kept 8`` is a
  mulligan, a forgotten untap step is a Game Rule Violation), adds the documents' words.

Sections that say how penalties work (IPG 1.x) and the appendices describe no situation, and
MTR sections about team formats apply only there: they count for less unless asked about.
The ranking also says how sure it is: the best section's share of the question's words and
its lead over the next (``Ranking.confident``).
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.reference.rule_ranking import stem

# Field weights: a section is found by its title's words and by what it says happens.
TITLE_WEIGHT = 3.0
FINDING_WEIGHT = 1.0
# The rest (Philosophy, Additional Remedy) and what an example is done with (its cards' names)
# count for little, and only for words some section's title or finding text holds.
OTHER_WEIGHT = 0.15
NAMES_WEIGHT = 0.3
LENGTH_NORMALISATION = {"title": 0.3, "finding": 0.6, "names": 0.3, "other": 0.75}
SATURATION = 1.2  # bm25's k1
# Words the table adds for what the question says count this much of a word said.
ADDED_WEIGHT = 0.8
# A pair of the question's neighbouring words standing within PAIR_SPAN words of each other in
# the title, the definition or one example adds this share of the pair's rarity.
PAIR_WEIGHT = 0.6
PAIR_SPAN = 3
# A question that names a section (its name's words in a row) multiplies its score by 1 + this;
# by the table's words ("forgot ... trigger" adds "missed trigger"), by 1 + the second.
NAMED_WEIGHT = 1.0
TABLE_NAMED_WEIGHT = 0.6
# A section holding all the question's words (weighted by rarity) gains this share.
COVERAGE_WEIGHT = 1.0
# Sections that describe no situation, or only a team format's, count for this share of their
# score unless the question names them.
GENERAL_FACTOR = 0.45
VARIANT_FACTOR = 0.45
# How sure: the best section holds at least this share of the question's word weight and is
# ahead of the next by at least this ratio (set on bench/ipg_questions.txt, where most wrong
# best matches were close to the next or held little of the question).
CONFIDENT_COVERAGE = 0.25
CONFIDENT_LEAD = 1.5

# Words that say nothing about what happened ("a player did not ..."), or how it is asked.
STOP_WORDS = frozenset(
    [
        "a", "am", "an", "and", "any", "are", "as", "at", "be", "been", "by", "can", "could",
        "did", "do", "does", "for", "from", "had", "has", "have", "he", "her", "him", "his",
        "how", "i", "if", "im", "in", "into", "is", "it", "its", "me", "my", "of", "on", "or",
        "our", "over", "she", "so", "should", "that", "the", "their", "them", "then", "there",
        "they", "this", "to", "us", "was", "we", "were", "what", "when", "while", "who", "will",
        "with", "would", "you", "your",
    ]
)  # fmt: skip
# Counts, as digits: "drew 8" and "draws eight" are the same words.
_NUMBERS = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
    "seven": "7", "eight": "8", "nine": "9", "ten": "10", "fifteen": "15", "twenty": "20",
    "forty": "40", "sixty": "60",
}  # fmt: skip
# Past forms the stemmer leaves alone (it keeps words of three letters as they are, and knows
# only some irregular verbs), and negations, as one word.
_SHORT_FORMS = {
    "saw": "see", "seen": "see", "hid": "hide", "ran": "run", "won": "win", "sat": "sit",
    "wrote": "write", "written": "write", "told": "tell", "said": "say", "knew": "know",
    "known": "know", "threw": "throw", "thrown": "throw", "shown": "show", "went": "go",
    "gone": "go", "left": "leave", "spoke": "speak", "spoken": "speak", "lying": "lie",
    "lied": "lie", "bought": "buy", "sold": "sell", "stuck": "stick", "dealt": "deal",
    "swore": "swear", "sworn": "swear", "tore": "tear", "torn": "tear",
    "didnt": "not", "doesnt": "not", "dont": "not", "isnt": "not", "wasnt": "not",
    "cant": "not", "cannot": "not", "wont": "not", "never": "not",
}  # fmt: skip
_WORD = re.compile(r"[^\W_]+")


def words_of(text: str) -> list[str]:
    """The stemmed words of ``text`` that say something, in order: "Drew 8 cards" and "draws
    eight cards" are both ``draw 8 card``."""
    text = text.lower().replace("’", "'").replace("'", "")
    out = []
    for word in _WORD.findall(text):
        if word in STOP_WORDS or len(word) > 40:
            continue
        word = _NUMBERS.get(word) or _SHORT_FORMS.get(word) or stem(word)
        out.append(word)
    return out


_VARIANT_TITLE = re.compile(r"two-headed giant|\bteam", re.I)
_VARIANT_WORDS = frozenset(words_of("team teammate two-headed giant 2hg"))
_CHANGELOG = re.compile(r"changes from previous versions", re.I)
_CHANGE_WORDS = frozenset(words_of("change changed changes update updated"))
_FINDING_HEADINGS = frozenset({"", "Definition", "Examples"})
_EXAMPLE_START = re.compile(r"^\s*[A-Z]\.\s+", re.M)


class Section(Protocol):
    """What the ranking reads of a document section (bot.reference.docs.DocSection)."""

    @property
    def doc(self) -> str: ...
    @property
    def number(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def parent(self) -> str | None: ...
    @property
    def penalty(self) -> str | None: ...
    @property
    def parts(self) -> Sequence[_Part]: ...


class _Part(Protocol):
    @property
    def heading(self) -> str: ...
    @property
    def text(self) -> str: ...


# --- what judges say -----------------------------------------------------------------------


@dataclass(frozen=True)
class Phrase:
    """A phrase of the table: words said, in order: ``None`` for any number, each word at most ``gaps[i]`` words
    after the previous one (``...`` in the table: any distance)."""

    words: tuple[str | None, ...]
    gaps: tuple[int, ...]

    def find(self, said: Sequence[str]) -> list[int] | None:
        """The positions of the pattern's words in ``said``, or None."""
        for start, word in enumerate(said):
            if _fits(self.words[0], word):
                found = self._rest(said, [start])
                if found is not None:
                    return found
        return None

    def _rest(self, said: Sequence[str], found: list[int]) -> list[int] | None:
        index = len(found)
        if index == len(self.words):
            return found
        last = found[-1]
        for position in range(last + 1, min(len(said), last + 2 + self.gaps[index])):
            if _fits(self.words[index], said[position]):
                done = self._rest(said, [*found, position])
                if done is not None:
                    return done
        return None


def _fits(wanted: str | None, word: str) -> bool:
    return word.isdigit() if wanted is None else word == wanted


# Words between two words of a phrase in the table, unless it says "..." (any number).
PHRASE_GAP = 1
ANY_GAP = 1_000


def parse_phrase(phrase: str) -> Phrase | None:
    """``forget ... trigger``, ``keep # card``: the table's phrase, compared as stems."""
    words: list[str | None] = []
    gaps: list[int] = []
    gap = 0  # the first word's gap is unused
    for token in phrase.split():
        if token == "...":
            gap = ANY_GAP
            continue
        stems: list[str | None] = [None] if token == "#" else list(words_of(token))
        for stemmed in stems:
            words.append(stemmed)
            gaps.append(gap)
            gap = PHRASE_GAP
    return Phrase(tuple(words), tuple(gaps)) if words else None


@dataclass(frozen=True)
class SituationTable:
    """What judges and players say -> the documents' words for it.

    ``said`` entries add their words to the question; ``meant`` entries put them in place of
    the words said (words that would mislead: "drew an extra card" is not about looking at
    extra cards).
    """

    said: tuple[tuple[Phrase, tuple[str, ...]], ...]
    meant: tuple[tuple[Phrase, tuple[str, ...]], ...]

    @classmethod
    def from_tables(cls, tables: Mapping[str, Mapping[str, str]]) -> SituationTable:
        def entries(name: str) -> tuple[tuple[Phrase, tuple[str, ...]], ...]:
            out = []
            for phrase, written in tables.get(name, {}).items():
                pattern = parse_phrase(phrase)
                if pattern is not None:
                    out.append((pattern, tuple(words_of(written))))
            return tuple(out)

        return cls(entries("said"), entries("meant"))

    def read(self, said: Sequence[str]) -> tuple[list[str], list[str]]:
        """The question's words (some replaced) and the words the table adds."""
        words = list(said)
        added: list[str] = []
        for pattern, meant in self.meant:
            found = pattern.find(words)
            if found is not None:
                # The documents' words take the place of the first word said, so they are
                # words said (full weight, neighbours of the words around them).
                dropped = set(found)
                words = [
                    *words[: found[0]],
                    *meant,
                    *(w for i, w in enumerate(words) if i > found[0] and i not in dropped),
                ]
        for pattern, written in self.said:
            if pattern.find(words) is not None:
                added.extend(written)
        return words, added


# --- the sections ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Document:
    section: Section
    fields: dict[str, list[str]]  # "title", "finding", "other"
    passages: tuple[tuple[str, ...], ...]  # title, definition, each example: where pairs count
    name: tuple[str, ...]  # the words of the section's own name ("hidden card error")
    factor: float  # GENERAL_FACTOR or VARIANT_FACTOR for sections that need asking for
    variant: bool
    changelog: bool


def _document(
    section: Section, by_number: Mapping[str, Section], others: re.Pattern[str] | None
) -> _Document:
    name = tuple(words_of(_name(section.title)))
    finding: list[str] = []
    names: list[str] = []
    other: list[str] = []
    passages: list[tuple[str, ...]] = [name]
    for part in section.parts:
        # An infraction's text names others to send a case elsewhere ("excess cards arising
        # from an improper mulligan is a Game Play Error — Hidden Card Error"): their names
        # are not what happens here.
        text = others.sub(" ", part.text) if others else part.text
        if part.heading == "Examples":
            for example in _EXAMPLE_START.split(text):
                said, named = _example_words(example)
                finding.extend(said)
                names.extend(named)
                passages.append(tuple(said))
        elif part.heading in _FINDING_HEADINGS:
            words = words_of(text)
            finding.extend(words)
            passages.append(tuple(words))
        else:
            other.extend(words_of(text))
    parent = by_number.get(section.parent) if section.parent else None
    variant = bool(
        _VARIANT_TITLE.search(section.title) or (parent and _VARIANT_TITLE.search(parent.title))
    )
    # IPG sections without a penalty (1.x, the appendices) say how penalties work: no one
    # commits them.  IPG 1.1 defines the penalties; 2.1-4.8 are the infractions.
    general = section.doc == "ipg" and not section.penalty
    factor = VARIANT_FACTOR if variant else GENERAL_FACTOR if general else 1.0
    return _Document(
        section,
        {"title": list(name), "finding": finding, "names": names, "other": other},
        tuple(p for p in passages if p),
        name,
        factor,
        variant,
        bool(_CHANGELOG.search(section.title)),
    )


_SENTENCE = re.compile(r"(?<=[.!?])\s+|[“”\"(]")
_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


def _example_words(example: str) -> tuple[list[str], list[str]]:
    """An example's words, and apart from them the words of the cards and other things it
    names (capitalised inside a sentence: "casts Wrath of God for 3W"): an infraction is found
    by what happened, whichever card it happened with."""
    said: list[str] = []
    named: list[str] = []
    for sentence in _SENTENCE.split(example):
        for index, token in enumerate(_TOKEN.findall(sentence)):
            (named if index and token[:1].isupper() else said).extend(words_of(token))
    return said, named


def _name(title: str) -> str:
    """An infraction's own name: "Game Play Error — Hidden Card Error" -> "Hidden Card Error"."""
    return title.split("—", 1)[1].strip() if "—" in title else title


def _names_except(section: Section, sections: Sequence[Section]) -> re.Pattern[str] | None:
    """The names of the document's other infractions as its text writes them: in full
    ("Unsporting Conduct – Cheating", any dash) or, for names of two words or more, alone."""
    names = []
    for other in sections:
        if other is section or "—" not in other.title:
            continue
        category, name = (part.strip() for part in other.title.split("—", 1))
        names.append(rf"{re.escape(category)}\s*[—–-]\s*{re.escape(name)}")
        if len(name.split()) > 1:
            names.append(re.escape(name))
    return re.compile("|".join(names)) if names else None


@dataclass(frozen=True)
class Ranked:
    section: Section
    score: float
    coverage: float  # the share of the question's word weight the section holds


@dataclass(frozen=True)
class Ranking:
    ranked: tuple[Ranked, ...]

    @property
    def confident(self) -> bool:
        """Whether the best section clearly answers: it holds enough of the question and is
        well ahead of the next one."""
        if not self.ranked:
            return False
        best = self.ranked[0]
        if best.coverage < CONFIDENT_COVERAGE:
            return False
        return len(self.ranked) == 1 or best.score >= CONFIDENT_LEAD * self.ranked[1].score


class SituationRanker:
    """BM25F with phrase and coverage bonuses over one document's sections."""

    def __init__(self, sections: Iterable[Section], table: SituationTable) -> None:
        entries = list(sections)
        by_number = {s.number: s for s in entries}
        self._documents = [_document(s, by_number, _names_except(s, entries)) for s in entries]
        self._table = table
        count = len(self._documents)
        frequency: Counter[str] = Counter()
        for document in self._documents:
            frequency.update(set(document.fields["title"]) | set(document.fields["finding"]))
        self._idf = {
            word: math.log(1 + (count - n + 0.5) / (n + 0.5)) for word, n in frequency.items()
        }
        self._unknown_idf = math.log(1 + (count + 0.5) / 0.5)
        self._average = {
            name: max(1.0, sum(len(d.fields[name]) for d in self._documents) / max(1, count))
            for name in LENGTH_NORMALISATION
        }
        self._counts = [
            {name: Counter(words) for name, words in d.fields.items()} for d in self._documents
        ]

    def rank(self, text: str, limit: int = 5) -> Ranking:
        said = words_of(text)
        words, added = self._table.read(said)
        weights: dict[str, float] = {}
        for word in words:
            weights[word] = max(weights.get(word, 0.0), 1.0)
        for word in added:
            weights[word] = max(weights.get(word, 0.0), ADDED_WEIGHT)
        known = {w: q for w, q in weights.items() if w in self._idf}
        if not known:
            return Ranking(())
        total = sum(q * self._idf[w] for w, q in weights.items() if w in self._idf)
        total += sum(q * self._unknown_idf for w, q in weights.items() if w not in self._idf)
        pairs = [(a, b) for a, b in itertools.pairwise(words) if a != b]
        pairs += [(a, b) for a, b in itertools.pairwise(added) if a != b]
        asks_variant = bool(_VARIANT_WORDS & set(said))
        asks_changes = bool(_CHANGE_WORDS & set(said))
        scored: list[Ranked] = []
        for document, counts in zip(self._documents, self._counts, strict=True):
            if document.changelog and not asks_changes:
                continue  # repeats every section's words but describes no situation
            score, held = self._bm25(document, counts, known)
            if score <= 0:
                continue
            coverage = held / total if total else 0.0
            score *= 1 + COVERAGE_WEIGHT * coverage
            score += PAIR_WEIGHT * self._pairs(document, pairs)
            if _contains(words, document.name):
                score *= 1 + NAMED_WEIGHT
            elif _contains(added, document.name):
                score *= 1 + TABLE_NAMED_WEIGHT
            if document.factor != 1.0 and not (document.variant and asks_variant):
                score *= document.factor
            scored.append(Ranked(document.section, score, coverage))
        scored.sort(key=lambda r: -r.score)
        return Ranking(tuple(scored[:limit]))

    def _bm25(
        self, document: _Document, counts: dict[str, Counter[str]], weights: dict[str, float]
    ) -> tuple[float, float]:
        score = 0.0
        held = 0.0
        for word, weight in weights.items():
            frequency = 0.0
            for name, field_weight in (
                ("title", TITLE_WEIGHT),
                ("finding", FINDING_WEIGHT),
                ("names", NAMES_WEIGHT),
                ("other", OTHER_WEIGHT),
            ):
                n = counts[name][word]
                if n:
                    b = LENGTH_NORMALISATION[name]
                    norm = 1 - b + b * len(document.fields[name]) / self._average[name]
                    frequency += field_weight * n / norm
            if frequency:
                idf = self._idf[word]
                score += weight * idf * frequency / (SATURATION + frequency)
                if counts["title"][word] or counts["finding"][word]:
                    held += weight * idf
        return score, held

    def _pairs(self, document: _Document, pairs: list[tuple[str, str]]) -> float:
        found = 0.0
        for a, b in pairs:
            for passage in document.passages:
                if _near(passage, a, b):
                    found += (self._idf.get(a, 0.0) + self._idf.get(b, 0.0)) / 2
                    break
        return found


def _contains(words: Sequence[str], phrase: Sequence[str]) -> bool:
    size = len(phrase)
    return size > 0 and any(
        tuple(words[i : i + size]) == tuple(phrase) for i in range(len(words) - size + 1)
    )


def _near(passage: Sequence[str], a: str, b: str) -> bool:
    at = [i for i, w in enumerate(passage) if w == a]
    if not at:
        return False
    return any(
        w == b and any(0 < abs(i - j) <= PAIR_SPAN for j in at) for i, w in enumerate(passage)
    )
