"""Rank Comprehensive Rules against a judge's question in words (issue 13).

An in-memory BM25F over the ~3k rules of one CR version, built the first time a question is
asked.  Each rule is a document with fields of different weight:

- ``body``: the rule's text;
- ``examples``: its examples (they repeat the rule's words in a game situation);
- ``titles``: its section's title ("704. State-Based Actions") and its titled parent rule
  ("702.15 Lifelink") — the words that say what the rule is *about*;
- ``terms``: the glossary terms that cite it ("Illegal Target" cites 608.2b), so a glossary
  entry vouches for its rules instead of standing in for them;
- ``questions``: questions the rule answers, written in players' words
  (``rules_data/rule_questions.tsv``); each is also matched on its own (question_index.py).

On top of bm25, a rule that holds more of the question's (rare) words, or holds two of them
side by side as the question does ("poison counters", "damage equal"), ranks higher: "A and B"
questions are settled by the rule that names both, not by the definition of one.

Words are compared by a light stem ("targets", "targeted", "targeting" -> "target") after the
spellings judges use are folded to the rules' own ("zero" -> "0", "plus one counters" ->
"+1/+1 counters").
"""

from __future__ import annotations

import heapq
import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from bot.reference.question_index import QuestionIndex
from bot.reference.rule_spelling import Respeller

# Field weights, and how strongly each field's length normalises its counts (bm25's b).
BODY_WEIGHT = 1.0
EXAMPLES_WEIGHT = 0.3
TITLES_WEIGHT = 0.6
TERMS_WEIGHT = 1.0
DEFINITIONS_WEIGHT = 0.3
QUESTIONS_FIELD_WEIGHT = 2.0
LENGTH_NORMALISATION = {
    "questions": 0.75,
    "body": 0.75,
    "examples": 0.75,
    "titles": 0.3,
    "terms": 0.3,
    "definitions": 0.75,
}
SATURATION = 1.2  # bm25's k1
# A rule gains up to this share for holding all the question's words (weighted by rarity) ...
COVERAGE_WEIGHT = 1.0
# ... and for each pair of the question's neighbouring words it holds within PAIR_SPAN words.
PAIR_WEIGHT = 0.3
PAIR_SPAN = 3
# A rule that belongs to one keyword ("702.19e" is about trample over planeswalkers) or to
# one variant of the game (chapters 8 and 9: multiplayer, Commander, casual variants) answers
# a question that doesn't name that keyword or variant only rarely: a judge asks about a
# two-player game unless they say otherwise.
OFF_TOPIC = 0.5
# A question that names a glossary term in full ("... target becomes illegal" names "Illegal
# Target") is about the rules that term cites; one that names a section ("... in the cleanup
# step") or a keyword is about its rules: they gain this share times the part of the question
# the name's words make up.
TERM_NAMED_WEIGHT = 1.0
# Rules that other rules and the glossary refer to are the ones that settle things.
CITED_WEIGHT = 0.05
# The questions each rule answers, written in players' words (bot/reference/question_index.py):
# a rule's score is its share of the best score by the rules' own words, plus this much times
# its best written question's share of the asked words. Both this and the ``questions`` field's
# weight (a rule's written questions as one more field) were fitted with the second stage's
# weights below by bench/fit_rule_ranking.py on the development sets.
WRITTEN_QUESTIONS_WEIGHT = 2.0
# How many of the best rules by written questions join the ranking even if the rules' own words
# barely name the question.
WRITTEN_QUESTIONS_DEPTH = 30

# Second stage: the RERANK_DEPTH best by the score above are weighed again by signs that a rule
# *answers* the question rather than mentions its words; each multiplies the score by
# exp(weight * feature), each feature in [0, 1]:
# - ``general``: a numbered rule with lettered subrules (115.7) states the general case; its
#   subrules (115.7a, ...) settle the cases judges ask about;
# - ``examples_only``: the share of the question's words (by rarity) found only in the rule's
#   examples, which tell a story rather than state the rule;
# - ``phrase``: the longest run of the question's words the rule's text holds in the same
#   order, as a share of the question ("put on the stack", "enters the battlefield tapped");
# - ``permission``: a "can I ..." question meets a rule that says what can, can't or may be
#   done;
# - ``defines``: a question about one thing ("what is a modal spell") meets a rule that a
#   glossary term it names cites ("Modal, Mode" cites 700.2): the part of the question the
#   term's words make up.
# Fitted by bench/fit_rule_ranking.py (coordinate ascent on top-1, top-3 and reciprocal rank)
# on the development sets (the tuning set and held-out sets 1-4); the blind fifth set was not.
RERANK_DEPTH = 30
# The most the word-pair and name bonuses can multiply a score by (a name's words are asked
# words, so its share is at most 1).
MOST_GAINED = (1 + PAIR_WEIGHT) * (1 + TERM_NAMED_WEIGHT)
FEATURE_WEIGHTS = {
    "general": 0.0,
    "examples_only": 0.0,
    "phrase": 0.15,
    "permission": 0.15,
    "defines": 0.15,
}

_WORD = re.compile(r"[^\W_]+")
# Words by which a rule says what can, can't or may be done.
_PERMISSION = re.compile(r"\b(?:can|can['’]t|cannot|may)\b", re.IGNORECASE)
_RULE_REFERENCE = re.compile(r"\b(\d{3}\.\d+[a-z]?)\b")
# "+1/+1 counter" and "plus one counter" both become one word, so the pair is not lost to "1".
_PLUS_ONE = re.compile(r"[+]\s*1\s*/\s*[+]\s*1|\bplus\s+one\s+plus\s+one\b|\bplus\s+ones?\b")
_MINUS_ONE = re.compile(
    r"[-−–]\s*1\s*/\s*[-−–]\s*1|\bminus\s+one\s+minus\s+one\b|\bminus\s+ones?\b"
)
_NUMBER_WORDS = {
    "zero": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "fifteen": "15",
    "twenty": "20",
    "forty": "40",
}
# Spellings judges use for the rules' words, compared after stemming.
_SPELLINGS = {"first": "first", "cant": "cannot", "doesnt": "not", "dont": "not", "isnt": "not"}

_STOP_WORD_TEXT = """a about after again all also am an and any are as at be been before being
    but by can cannot could did do does doing for from get gets got had has have having he her
    his how i if im in into is it its ive just me might my of on or our rule rules she should so
    some than that thats the their them then there these they this those to us was we were what
    whats when where which while who whom why will with would you your youre s t work works mean
    means happen happens happened become becomes became"""
STOP_WORDS = frozenset(_STOP_WORD_TEXT.split())
# Past forms the suffix rules can't reach, read as the rules' present ("dealt" -> "deal").
# Words whose ending is no inflection, and the word they stem to: a rune doesn't run (Riftbound's
# runes, Magic's Rune Auras; "when my deck runs out" found Riftbound's Rune Deck rules).
_NOT_INFLECTED = {"rune": "rune", "runes": "rune"}
_IRREGULAR = {
    "chose": "choose",
    "chosen": "choose",
    "lost": "lose",
    "paid": "pay",
    "drew": "draw",
    "drawn": "draw",
    "began": "begin",
    "begun": "begin",
    "gave": "give",
    "given": "give",
    "took": "take",
    "taken": "take",
    "made": "make",
    "spent": "spend",
    "held": "hold",
    "kept": "keep",
    "won": "win",
    "fought": "fight",
    "brought": "bring",
    "sought": "seek",
    "stole": "steal",
    "stolen": "steal",
    "hidden": "hide",
    "forgot": "forget",
    "shuffled": "shuffle",
}


@lru_cache(maxsize=65_536)
def stem(word: str) -> str:
    """A light suffix stemmer: enough that a question's word meets the rule's inflection.

    "targets"/"targeted"/"targeting" -> "target", "abilities"/"ability" -> "ability",
    "resolves"/"resolved"/"resolving"/"resolve" -> "resolv", "tapped"/"tapping" -> "tap",
    "applied"/"applies" -> "apply", "chosen"/"chooses" -> "choos".
    """
    if len(word) <= 3 or word.isdigit():
        return word
    if word in _NOT_INFLECTED:
        return _NOT_INFLECTED[word]
    word = _IRREGULAR.get(word, word)
    if word.endswith("ied"):
        word = word[:-3] + ("ie" if len(word) == 4 else "y")  # died -> die, applied -> apply
    elif len(word) == 5 and word.endswith("ying"):
        word = word[:-4] + "ie"  # dying -> die
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ion") and len(word) >= 8:
        word = word[:-3]  # regeneration -> regenerat, as regenerate -> regenerat
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if (
                len(word) > 3
                and word[-1] == word[-2]
                and (word[-1] not in "lsz" or (word[-1] == "l" and len(word) >= 7))
            ):
                word = word[:-1]  # tapped -> tapp -> tap, controlled -> controll -> control
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def words_of(text: str, kept: frozenset[str] = frozenset()) -> list[str]:
    """The stemmed words of ``text`` that carry meaning, in order (stop words dropped, but
    those in ``kept``: Riftbound's "might" is its combat statistic)."""
    text = text.lower().replace("’", "'").replace("'", "")
    if "1" in text or "plus" in text or "minus" in text:
        text = _PLUS_ONE.sub(" plusonecounter ", text)
        text = _MINUS_ONE.sub(" minusonecounter ", text)
    return [word for word in (_index_word(w, kept) for w in _WORD.findall(text)) if word]


@lru_cache(maxsize=65_536)
def _index_word(word: str, kept: frozenset[str] = frozenset()) -> str:
    """The form a word is indexed and asked by; "" for a word that carries no meaning."""
    word = _NUMBER_WORDS.get(word, _SPELLINGS.get(word, word))
    if (word in STOP_WORDS and word not in kept) or len(word) > 40:
        return ""
    stemmed = stem(word)
    # A word can stem onto a stop word ("here" -> "her"): it carries no meaning either (found by
    # the stems property test, an intermittent CI failure).
    return "" if stemmed in STOP_WORDS and stemmed not in kept else stemmed


@dataclass(frozen=True)
class _Document:
    key: str
    kind: str  # "rule" or "glossary"
    fields: dict[str, list[str]]
    topic: frozenset[str] = frozenset()  # words a question names to be about this rule's topic
    # The words of each name the rule goes by: its section's title, its titled parent rule's,
    # each glossary term citing it.
    names: tuple[frozenset[str], ...] = ()
    cited: int = 0  # how many other rules and glossary entries refer to this rule
    permits: bool = False  # the rule says what can, can't or may be done
    general: bool = False  # a numbered rule with lettered subrules (115.7, not 115.7a)
    # The words of each glossary term citing the rule ("Modal, Mode" -> {modal}, {mode}).
    defined_as: tuple[frozenset[str], ...] = ()


@dataclass(frozen=True)
class RuleOutline:
    """Where a rule sits, for a rule set whose numbers don't say it (Riftbound's).

    ``titles``: the headings that own the rule, outermost first ("Combat", "Step 2: The Combat
    Damage Step"); ``topic``: names a question must use for the rule to be on its topic (a
    keyword's rules, a multiplayer mode's), as the CR's keyword and variant rules are.
    """

    titles: tuple[str, ...] = ()
    topic: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ranked:
    kind: str  # "rule" or "glossary"
    key: str  # rule number or glossary term
    score: float


class RuleRanker:
    """BM25F over one CR version's rules, with coverage and word-pair bonuses."""

    def __init__(
        self,
        documents: Iterable[_Document],
        questions: QuestionIndex | None = None,
        respeller: Respeller | None = None,
        kept_words: frozenset[str] = frozenset(),
    ) -> None:
        self._documents = list(documents)
        self.kept_words = kept_words
        self._questions = questions
        self._respeller = respeller
        self._rule_positions = {
            document.key: position
            for position, document in enumerate(self._documents)
            if document.kind == "rule"
        }
        lengths: dict[str, list[int]] = {name: [] for name in LENGTH_NORMALISATION}
        for document in self._documents:
            for name in LENGTH_NORMALISATION:
                lengths[name].append(len(document.fields.get(name, ())))
        self._average = {
            name: max(sum(values) / max(len(values), 1), 1.0) for name, values in lengths.items()
        }
        # word -> [(document, its field-weighted, length-normalised frequency)], computed once
        # so a question costs one pass over its words' postings.
        self._postings: dict[str, list[tuple[int, float]]] = {}
        for position, document in enumerate(self._documents):
            for word, frequency in self._frequencies(document).items():
                self._postings.setdefault(word, []).append((position, frequency))
        total = len(self._documents)
        self._idf = {
            word: math.log(1 + (total - len(docs) + 0.5) / (len(docs) + 0.5))
            for word, docs in self._postings.items()
        }
        # bm25's saturated frequency of each posting, computed once.
        self._saturated = {
            word: [(position, f / (SATURATION + f)) for position, f in found]
            for word, found in self._postings.items()
        }
        self._prior = [self._prior_of(document) for document in self._documents]
        self._positions = [
            _positions(document.fields.get("body", [])) for document in self._documents
        ]
        self._field_sets = [
            {name: frozenset(words) for name, words in document.fields.items()}
            for document in self._documents
        ]

    def _frequencies(self, document: _Document) -> dict[str, float]:
        found: dict[str, float] = {}
        for name, weight in (
            ("body", BODY_WEIGHT),
            ("examples", EXAMPLES_WEIGHT),
            ("titles", TITLES_WEIGHT),
            ("terms", TERMS_WEIGHT),
            ("definitions", DEFINITIONS_WEIGHT),
            ("questions", QUESTIONS_FIELD_WEIGHT),
        ):
            words = document.fields.get(name, [])
            if not words or not weight:
                continue
            b = LENGTH_NORMALISATION[name]
            norm = weight / (1 - b + b * len(words) / self._average[name])
            for word, count in Counter(words).items():
                found[word] = found.get(word, 0.0) + count * norm
        return found

    @staticmethod
    def _prior_of(document: _Document) -> float:
        prior = 1 + CITED_WEIGHT * math.log1p(document.cited)
        return prior * 0.5 if document.kind == "glossary" else prior

    @classmethod
    def build(
        cls,
        rules: Mapping[str, tuple[str, tuple[str, ...]]],
        headings: Mapping[str, str],
        glossary: Iterable[tuple[str, str, tuple[str, ...]]],
        questions: Iterable[tuple[str, str]] = (),
        outline: Mapping[str, RuleOutline] | None = None,
        kept_words: frozenset[str] = frozenset(),
    ) -> RuleRanker:
        """``rules``: number -> (text, examples); ``glossary``: (term, definition, cited rules);
        ``questions``: (rule number, a question it answers) for the written-questions index
        (pairs naming a rule this version lacks are left out).

        Where a rule's titles and topic are found is the CR's numbering ("702.15b" sits in
        section 702 under "702.15 Lifelink"), unless ``outline`` places the rule: Riftbound's
        headings own the rules after them, not a number prefix ("355.6 Targeting" owns
        355.7-355.17), so its index says which headings own each rule.  ``kept_words``: English
        stop words that are words of the game (Riftbound's Might), read as any other word.
        """

        def read(text: str) -> list[str]:
            return words_of(text, kept_words)

        questions = [(n, q) for n, q in questions if n in rules]
        question_words = [(n, read(q)) for n, q in questions]
        asked_words: dict[str, list[str]] = {}
        for n, words in question_words:
            asked_words.setdefault(n, []).extend(words)
        # Each text is read once: a glossary term's words serve every rule it cites, a section
        # title every rule of the section, a keyword's title every one of its subrules.
        citing: dict[str, list[list[str]]] = {}  # rule -> the words of each term citing it
        defining: dict[str, list[str]] = {}
        documents: list[_Document] = []
        cited_by_terms: Counter[str] = Counter()
        for term, definition, refs in glossary:
            term_words, definition_words = read(term), read(definition)
            # "Modal, Mode" is two names for one thing: a question names either.
            names_of_term = [read(part) for part in term.split(",")]
            for ref in refs:
                citing.setdefault(ref, []).extend(names_of_term)
                cited_by_terms[ref] += 1
                defining.setdefault(ref, []).extend(definition_words)
            if not refs:
                # Nothing to vouch for: the definition is its own answer.
                documents.append(
                    _Document(
                        term,
                        "glossary",
                        {"body": definition_words, "terms": term_words},
                        permits=bool(_PERMISSION.search(definition)),
                    )
                )
        cited: Counter[str] = Counter()
        for number, (text, _examples) in rules.items():
            for ref in set(_RULE_REFERENCE.findall(text)):
                if ref != number:
                    cited[ref] += 1
        cited.update(cited_by_terms)
        general = {number[:-1] for number in rules if number[-1].isalpha()}
        heading_words = {section: read(title) for section, title in headings.items()}
        title_words = {
            number: read(text)
            for number, (text, _examples) in rules.items()
            if len(text.split()) <= 4
        }
        for number, (text, examples) in rules.items():
            cited_by = citing.get(number, [])
            placed = outline.get(number) if outline is not None else None
            if placed is not None:
                owners = [read(title) for title in placed.titles]
                titles = [word for words in owners for word in words]
                names = [*(frozenset(words) for words in owners)]
                names += [frozenset(words) for words in cited_by]
                topic = [word for name in placed.topic for word in read(name)]
            else:
                section = number.split(".")[0]
                titles = list(heading_words.get(section, ()))
                names = [frozenset(titles), *(frozenset(words) for words in cited_by)]
                topic = list(titles) if section[0] in "89" else []
                parent = re.match(r"\d+\.\d+", number)
                if parent is not None and parent.group(0) != number:
                    parent_words = title_words.get(parent.group(0))
                    if parent_words is not None:
                        titles += parent_words
                        names.append(frozenset(parent_words))
                        if section in ("701", "702"):
                            topic += parent_words
            body = read(text)
            if len(text.split()) <= 4 and "." not in text:
                # A keyword's title rule ("702.15 Lifelink") is all title.
                titles, body = titles + body, []
            fields = {
                "body": body,
                "examples": read(" ".join(examples)),
                "titles": titles,
                "terms": [w for words in cited_by for w in words],
                "definitions": defining.get(number, []),
                "questions": asked_words.get(number, []),
            }
            documents.append(
                _Document(
                    number,
                    "rule",
                    fields,
                    frozenset(topic),
                    tuple(n for n in names if n),
                    cited[number],
                    bool(_PERMISSION.search(text)),
                    number in general,
                    tuple(frozenset(words) for words in cited_by if words),
                )
            )
        written = QuestionIndex(question_words)
        respeller = Respeller(
            itertools.chain((text for text, _ in rules.values()), (q for _, q in questions))
        )
        return cls(documents, written if len(written) else None, respeller, kept_words)

    def knows(self, word: str) -> bool:
        """Whether any rule uses ``word`` (a stem from ``words_of``)."""
        return word in self._postings

    def respelled(self, text: str) -> str:
        """``text`` with misspelt words read as the nearest word the rules or the written
        questions use ("tramle" -> "trample"); see rule_spelling.py."""
        if self._respeller is None:
            return text
        return self._respeller.respelled(text, self._understands)

    def _understands(self, word: str) -> bool:
        return all(
            stemmed in self._postings
            or (self._questions is not None and self._questions.knows(stemmed))
            for stemmed in words_of(word, self.kept_words)
        )

    def rank(
        self,
        words: list[str],
        extra: Iterable[str] = (),
        boosts: Mapping[str, float] | None = None,
        limit: int = 8,
        *,
        asks_permission: bool = False,
        subject: Iterable[str] = (),
    ) -> list[Ranked]:
        """The best documents for the question's ``words`` (from ``words_of``), best first.

        ``extra`` words (from slang the question used) count half; ``boosts`` multiply the
        score of named rules; ``asks_permission``: the question asks whether something can be
        done ("can I respond to a mana ability").
        """
        weights: dict[str, float] = {}
        for word in words:
            weights[word] = 1.0
        for word in extra:
            weights.setdefault(word, 0.5)
        written = self._questions.best(weights) if self._questions is not None else {}
        weights = {w: q for w, q in weights.items() if w in self._postings}
        if not weights and not written:
            return []
        asked = set(words)
        total_idf = sum(self._idf[w] * q for w, q in weights.items()) or 1.0
        scores: dict[int, float] = {}
        held: dict[int, float] = {}
        for word, query_weight in weights.items():
            idf = self._idf[word]
            weighted = query_weight * idf
            for position, saturated in self._saturated[word]:
                scores[position] = scores.get(position, 0.0) + weighted * saturated
                held[position] = held.get(position, 0.0) + weighted
        pairs = [
            (a, b) for a, b in itertools.pairwise(words) if a != b and a in weights and b in weights
        ]
        # First the multipliers that cost a lookup, for every rule holding an asked word ...
        cheap: list[tuple[float, int]] = []
        for position, score in scores.items():
            document = self._documents[position]
            score *= self._prior[position] * (1 + COVERAGE_WEIGHT * held[position] / total_idf)
            if document.topic and not document.topic.intersection(weights):
                score *= OFF_TOPIC
            if boosts:
                score *= boosts.get(document.key, 1.0)
            cheap.append((score, position))
        cheap.sort(reverse=True)
        # ... then word pairs and names, which can at most multiply a score by MOST_GAINED, best
        # first, until no later rule could reach the RERANK_DEPTH best: the rest keep their
        # score (each written question's rule still joins, by _with_written).
        scored: list[tuple[float, int]] = []
        best: list[float] = []  # the RERANK_DEPTH best full scores, a min-heap
        for at, (score, position) in enumerate(cheap):
            if len(best) == RERANK_DEPTH and score * MOST_GAINED < best[0]:
                scored.extend(cheap[at:])
                break
            document = self._documents[position]
            if pairs:
                near = _pairs_near(self._positions[position], pairs)
                score *= 1 + PAIR_WEIGHT * near / len(pairs)
            named = [name for name in document.names if name <= asked]
            if named:
                named_idf = max(sum(self._idf.get(w, 0.0) for w in name) for name in named)
                score *= 1 + TERM_NAMED_WEIGHT * named_idf / total_idf
            scored.append((score, position))
            if len(best) < RERANK_DEPTH:
                heapq.heappush(best, score)
            elif score > best[0]:
                heapq.heapreplace(best, score)
        if written:
            scored = self._with_written(scored, written)
        scored.sort(key=lambda item: (-item[0], item[1]))
        question = _Question(words, weights, total_idf, asks_permission, frozenset(subject))
        reranked = [
            (score * math.exp(self._answer_score(position, question)), position)
            for score, position in scored[:RERANK_DEPTH]
        ]
        reranked.sort(key=lambda item: (-item[0], item[1]))
        return [
            Ranked(self._documents[p].kind, self._documents[p].key, s) for s, p in reranked[:limit]
        ]

    def _with_written(
        self, scored: list[tuple[float, int]], written: dict[str, float]
    ) -> list[tuple[float, int]]:
        """Each rule's share of the best score by the rules' words, plus its best written
        question's share; the WRITTEN_QUESTIONS_DEPTH best by written questions join even if
        the rules' words barely name the question.  Only rules that can be among the
        RERANK_DEPTH best are returned (every rule, if the short lists can't show it)."""
        top = max((score for score, _ in scored), default=0.0) or 1.0
        main = {position: score / top for score, position in scored}
        few = 2 * RERANK_DEPTH
        by_questions = heapq.nlargest(few, written.items(), key=lambda item: item[1])
        joined = [
            position
            for number, _ in by_questions[:WRITTEN_QUESTIONS_DEPTH]
            if (position := self._rule_positions.get(number)) is not None
        ]

        def fused(position: int) -> tuple[float, int]:
            share = written.get(self._documents[position].key, 0.0)
            return main.get(position, 0.0) + WRITTEN_QUESTIONS_WEIGHT * share, position

        by_words = heapq.nlargest(few, scored)
        candidates = {position for _, position in by_words} | set(joined)
        candidates.update(
            position
            for number, _ in by_questions[:few]
            if (position := self._rule_positions.get(number)) in main
        )
        found = [fused(position) for position in candidates]
        # A rule in neither short list scores at most this.
        bound = (by_words[-1][0] / top if len(by_words) == few else 0.0) + (
            WRITTEN_QUESTIONS_WEIGHT * by_questions[few - 1][1] if len(by_questions) >= few else 0.0
        )
        kept = heapq.nlargest(RERANK_DEPTH, found)
        if len(kept) == RERANK_DEPTH and kept[-1][0] > bound:
            return found
        return [fused(position) for position in {*main, *joined}]

    def _features(self, position: int, question: _Question) -> dict[str, float]:
        """The second stage's signs that document ``position`` answers ``question``."""
        document = self._documents[position]
        fields = self._field_sets[position]
        body = fields.get("body", frozenset())
        examples = fields.get("examples", frozenset())
        elsewhere = body | fields.get("titles", frozenset()) | fields.get("terms", frozenset())
        elsewhere |= fields.get("definitions", frozenset())
        return {
            "general": 1.0 if document.general else 0.0,
            "examples_only": question.share(self._idf, examples - elsewhere),
            "phrase": _phrase_share(document.fields.get("body", []), question.asked),
            "permission": 1.0 if question.asks_permission and document.permits else 0.0,
            "defines": self._defines(document, question),
        }

    def _defines(self, document: _Document, question: _Question) -> float:
        """For a question about one thing, the part of it a glossary term citing the rule
        names: "what is a modal spell" meets 700.2, cited by "Modal, Mode"."""
        if not question.subject:
            return 0.0
        named = [name for name in document.defined_as if name <= question.subject]
        if not named:
            return 0.0
        return max(question.share(self._idf, name) for name in named)

    def _answer_score(self, position: int, question: _Question) -> float:
        features = self._features(position, question)
        return sum(weight * features[name] for name, weight in FEATURE_WEIGHTS.items())


@dataclass(frozen=True)
class _Question:
    words: list[str]  # in the question's order
    weights: dict[str, float]  # each word the rules know -> 1, or 0.5 for slang's words
    total_idf: float
    asks_permission: bool
    subject: frozenset[str] = frozenset()  # the thing a "what is ..." question asks about

    @property
    def asked(self) -> list[str]:
        return [word for word in self.words if word in self.weights]

    def share(self, idf: Mapping[str, float], held: frozenset[str]) -> float:
        """The part of the question's words (weighted by rarity) among ``held``."""
        found = sum(idf[word] * weight for word, weight in self.weights.items() if word in held)
        return found / self.total_idf


def _phrase_share(body: list[str], asked: list[str]) -> float:
    """The longest run of the question's words that ``body`` holds in the same order, as a
    share of the question: 0 for a run of one word, 1 for the whole question."""
    if len(asked) < 2:
        return 0.0
    longest = 1
    starts: dict[str, list[int]] = {}
    for position, word in enumerate(asked):
        starts.setdefault(word, []).append(position)
    for at, word in enumerate(body):
        for start in starts.get(word, ()):
            length = 1
            while (
                at + length < len(body)
                and start + length < len(asked)
                and body[at + length] == asked[start + length]
            ):
                length += 1
            longest = max(longest, length)
    return (longest - 1) / (len(asked) - 1)


def _positions(words: list[str]) -> dict[str, list[int]]:
    where: dict[str, list[int]] = {}
    for position, word in enumerate(words):
        where.setdefault(word, []).append(position)
    return where


def _pairs_near(where: dict[str, list[int]], pairs: list[tuple[str, str]]) -> int:
    """How many of the question's word pairs stand within PAIR_SPAN words of each other."""
    found = 0
    for a, b in pairs:
        first, second = where.get(a), where.get(b)
        if first and second and any(abs(i - j) <= PAIR_SPAN for i in first for j in second):
            found += 1
    return found
