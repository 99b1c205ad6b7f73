"""Card and term names as they are compared: casefolded, accents and punctuation gone."""

from __future__ import annotations

import re
import unicodedata

# Letters NFKD does not decompose but players type without: Æther, Øre, Ærathi.
_FOLD = str.maketrans(
    {"æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}
)
_APOSTROPHES = re.compile(r"['’‘`´]")
_NON_WORD = re.compile(r"[\W_]+")
# Bumped whenever normalize_name changes, so stored normalized names are known to be stale.
NORMALIZER_VERSION = "2"


def normalize_name(text: str) -> str:
    """Casefold, strip accents, drop punctuation and collapse spaces.

    Apostrophes vanish without a space ("Urza's" -> "urzas"); every other punctuation mark
    separates words ("Lim-Dûl" -> "lim dul", "Fire // Ice" -> "fire ice").
    """
    # Casefold again after NFKD: compatibility forms such as "𝕬" decompose to capitals.
    folded = unicodedata.normalize("NFKD", text.casefold().translate(_FOLD)).casefold()
    bare = "".join(ch for ch in folded if not unicodedata.combining(ch))
    bare = _APOSTROPHES.sub("", bare)
    words = _NON_WORD.sub(" ", bare).split()
    if not words:
        # A name of punctuation only (the Unhinged card "_____") is still a name.
        return " ".join(text.casefold().split())
    return " ".join(words)


_QUOTES = (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("—", "-"), ("–", "-"))


def straight_quotes(text: str) -> str:
    """Curly quotes and dashes as typed on a keyboard: ``“it’s”`` -> ``"it's"``."""
    for curly, straight in _QUOTES:
        text = text.replace(curly, straight)
    return text
