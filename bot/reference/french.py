"""French rules vocabulary: turn a French query into the English one the rules index answers.

The table is the project's own (``rules_data/french_terms.toml``).  Matching ignores accents and
case, treats apostrophes and hyphens as spaces ("l'initiative", "mot-clé"), and folds plurals
in -s/-x and feminine participles in -ée onto one form, so "capacités déclenchées",
"capacite declenchee" and "capacité déclenchée" are the same key.  When several table phrases
occur in a query, the longest wins ("changer la cible" over "cible").

There is no source of French card names yet; ``french_card_name_hint`` gives the card command
the sentence to say so.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.errors import DataError

TERMS_FILE = "french_terms.toml"
MAX_QUERY_CHARS = 500  # longer text is not a lookup; only its start is examined
FRENCH_CARD_NAMES_UNAVAILABLE = "French card names aren't available yet; try the English name."

# Words that are French and not English, so one of them marks a query as French.  Words both
# languages use ("on", "son", "pour", "comment", "a") are left out on purpose.
FRENCH_ONLY_WORDS = frozenset(
    {
        "le",
        "la",
        "les",
        "du",
        "des",
        "une",
        "un",
        "et",
        "est",
        "sont",
        "que",
        "qui",
        "quoi",
        "quand",
        "pourquoi",
        "sur",
        "avec",
        "dans",
        "ce",
        "cette",
        "ces",
        "mon",
        "ma",
        "mes",
        "ta",
        "tes",
        "sa",
        "ses",
        "je",
        "tu",
        "il",
        "elle",
        "nous",
        "vous",
        "ils",
        "elles",
        "peut",
        "peux",
        "puis",
        "pas",
        "ne",
        "si",
        "ou",
        "au",
        "aux",
        "mais",
        "quel",
        "quelle",
        "quels",
        "quelles",
        "leur",
        "leurs",
        "lui",
        "en",
        "de",
        "se",
        "doit",
        "dois",
        "faut",
        "contre",
    }
)
# Table terms spelled like a different English word ("main" is hand, "sort" is spell): alone
# they are weak evidence that a query is French.
ENGLISH_HOMOGRAPHS = frozenset(
    {
        "main",
        "sort",
        "pile",
        "terrain",
        "tour",
        "regard",
        "initiative",
        "lancer",
        "mode",
        "modal",
        "type",
        "zone",
        "copie",
    }
)
_ACCENTED = re.compile(r"[àâäçéèêëîïôöùûüÿœæ]", re.I)
_ELISION = re.compile(r"\b[cdjlmnst]['’]\w|\bqu['’]\w", re.I)
_FOLD = str.maketrans({"œ": "oe", "æ": "ae"})


@dataclass(frozen=True)
class FrenchTerm:
    french: str
    english: str
    rules: tuple[str, ...]
    variants: tuple[str, ...] = ()


@dataclass(frozen=True)
class TermMatch:
    term: FrenchTerm
    start: int  # token positions in the query
    end: int


@dataclass(frozen=True)
class FrenchMatch:
    """What a French query means.

    ``french``/``english`` name the main (longest) term found, so the answer can say
    "« changer la cible » = “change the target”"; ``english_query`` is every term found, in
    English and in query order, to run against the English rules; ``rule_numbers`` lists the
    main term's rules first.
    """

    french: str
    english: str
    english_query: str
    rule_numbers: tuple[str, ...]
    matches: tuple[TermMatch, ...]
    # The words of the query the terms were found in, as typed (casefolded), and whether the
    # terms are the whole query ("main") or words inside a longer one ("second main phase").
    typed_words: tuple[str, ...] = ()
    whole_query: bool = False

    @property
    def note(self) -> str:
        return f"French « {self.french} » = “{self.english}”"


def fold(text: str) -> str:
    """Casefold and strip accents: "Défausse" -> "defausse"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_FOLD))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def stem(word: str) -> str:
    """Fold plurals (-s, -x) and feminine participles (-ée) onto one form, both ways."""
    if len(word) > 3 and word[-1] in "sx" and not word.endswith("ss"):
        word = word[:-1]
    if len(word) > 3 and word.endswith("ee"):
        word = word[:-1]
    return word


def tokens(text: str) -> list[str]:
    """The matching keys of a text's words, in order."""
    return [key for key, _ in keyed_words(text)]


def keyed_words(text: str) -> list[tuple[str, str]]:
    """Each word's matching key with the word as typed (casefolded, accents kept)."""
    out: list[tuple[str, str]] = []
    for word in re.findall(r"[^\W_]+", text.casefold()):
        out.extend((stem(key), word) for key in re.findall(r"[a-z0-9]+", fold(word)))
    return out


class FrenchGlossary:
    """The term table, indexed by the token sequence of every spelling."""

    def __init__(self, terms: Sequence[FrenchTerm]) -> None:
        if not terms:
            raise DataError("The French term table is empty.")
        self.terms = tuple(terms)
        self._phrases: dict[tuple[str, ...], FrenchTerm] = {}
        for term in self.terms:
            for spelling in (term.french, *term.variants):
                key = tuple(tokens(spelling))
                if not key:
                    raise DataError(f"French term {spelling!r} has no letters.")
                known = self._phrases.setdefault(key, term)
                if known.english.casefold() != term.english.casefold():
                    raise DataError(
                        f"French terms {known.french!r} and {term.french!r} both read as "
                        f"{' '.join(key)!r} but translate differently."
                    )
        self._longest = max(len(key) for key in self._phrases)
        self._weak = frozenset(
            key
            for key, term in self._phrases.items()
            if set(key) <= ENGLISH_HOMOGRAPHS or tuple(tokens(term.english)) == key
        )
        self._same_in_english = frozenset(
            key for key, term in self._phrases.items() if tuple(tokens(term.english)) == key
        )

    @classmethod
    def from_table(cls, data: Mapping[str, Any]) -> FrenchGlossary:
        rows = data.get("term")
        if not isinstance(rows, list):
            raise DataError("The French term table has no [[term]] entries.")
        return cls([_term_from_row(row, i) for i, row in enumerate(rows, start=1)])

    def find(self, query: str) -> list[TermMatch]:
        """Non-overlapping table phrases in the query, longest first, then left to right."""
        words = tokens(query[:MAX_QUERY_CHARS]) if isinstance(query, str) else []
        candidates: list[TermMatch] = []
        for start in range(len(words)):
            for length in range(min(self._longest, len(words) - start), 0, -1):
                term = self._phrases.get(tuple(words[start : start + length]))
                if term is not None:
                    candidates.append(TermMatch(term, start, start + length))
                    break  # the longest phrase starting here is enough
        candidates.sort(key=lambda m: (-(m.end - m.start), -len(m.term.french), m.start))
        chosen: list[TermMatch] = []
        taken: set[int] = set()
        for match in candidates:
            span = set(range(match.start, match.end))
            if not span & taken:
                chosen.append(match)
                taken |= span
        return chosen

    def translate(self, query: str) -> FrenchMatch | None:
        if not isinstance(query, str):
            return None
        found = self.find(query)
        typed = [word for _, word in keyed_words(query[:MAX_QUERY_CHARS])]
        if not self.is_probably_french(query):
            # A term typed exactly as its English spelling ("creature", "flash") in a query that
            # does not otherwise read as French is English: leave it to the English lookup.
            found = [
                m
                for m in found
                if " ".join(typed[m.start : m.end]) != " ".join(m.term.english.casefold().split())
            ]
        if not found:
            return None
        main = found[0]
        in_order = sorted(found, key=lambda m: m.start)
        rules = _unique([*main.term.rules, *(r for m in in_order for r in m.term.rules)])
        return FrenchMatch(
            french=main.term.french,
            english=main.term.english,
            english_query=" ".join(_unique(m.term.english for m in in_order)),
            rule_numbers=tuple(rules),
            matches=tuple(found),
            typed_words=tuple(typed[i] for m in in_order for i in range(m.start, m.end)),
            whole_query=sum(m.end - m.start for m in found) == len(typed),
        )

    def french_score(self, query: str) -> int:
        """Evidence that a query is French: accents, elisions, French-only words, table terms
        (2 for a term that is not also English, 1 for a homograph like "main")."""
        if not isinstance(query, str):
            return 0
        text = query[:MAX_QUERY_CHARS]
        words = set(re.findall(r"[a-z0-9]+", fold(text)))
        score = len(words & FRENCH_ONLY_WORDS)
        score += bool(_ACCENTED.search(text)) + bool(_ELISION.search(text))
        for match in self.find(text):
            key = tuple(tokens(match.term.french))
            if key in self._same_in_english:
                continue
            score += 1 if key in self._weak else 2
        return score

    def is_probably_french(self, query: str) -> bool:
        return self.french_score(query) >= 2


def _term_from_row(row: Any, number: int) -> FrenchTerm:
    if not isinstance(row, Mapping):
        raise DataError(f"French term #{number} is not a table.")
    french, english = row.get("french"), row.get("english")
    rules, variants = row.get("rules", []), row.get("also", [])
    if not isinstance(french, str) or not french.strip():
        raise DataError(f"French term #{number} has no `french`.")
    if not isinstance(english, str) or not english.strip():
        raise DataError(f"French term {french!r} has no `english`.")
    if not _strings(rules) or not all(re.fullmatch(r"\d{3}(?:\.\d+[a-z]?)?", r) for r in rules):
        raise DataError(f"French term {french!r} has malformed rule numbers {rules!r}.")
    if not _strings(variants):
        raise DataError(f"French term {french!r} has a malformed `also` list.")
    return FrenchTerm(french.strip(), english.strip(), tuple(rules), tuple(variants))


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


@lru_cache(maxsize=1)
def glossary() -> FrenchGlossary:
    """The project's table, loaded once."""
    from bot.resources import load_toml

    try:
        data = load_toml(TERMS_FILE)
    except (OSError, ValueError) as exc:
        raise DataError(f"rules_data/{TERMS_FILE} could not be read: {exc}") from exc
    return FrenchGlossary.from_table(data)


def translate_query(query: str) -> FrenchMatch | None:
    """The English query for a French one, or None when no French term is recognised."""
    return glossary().translate(query)


def is_probably_french(query: str) -> bool:
    """True when the query reads as French (accents, French words, French rules terms)."""
    return glossary().is_probably_french(query)


def french_card_name_hint(query: str) -> str | None:
    """For the card command when nothing matched: say French names are not supported yet.

    Any accent or French word is enough here, since no English card name matched anyway.
    """
    return FRENCH_CARD_NAMES_UNAVAILABLE if glossary().french_score(query) >= 1 else None
