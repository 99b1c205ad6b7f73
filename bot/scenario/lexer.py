"""Cutting a scenario script into statements, and tidying each statement's characters.

A statement ends at a line break, at ``;``, or at ``.``, ``?`` or ``!`` followed by white
space or the end of the script.  A full stop inside ``X=4.5``, ``+1/+1`` or ``Fire // Ice`` is
not followed by a space and so does not cut; quoted text (``"Each opponent sacrifices a
creature."``) is kept whole; abbreviations (``Mr. Orfeo``) and initials (``B.F.M.``) do not end
a statement.  Card names of the scenario's game that hold such marks (``TL;DR``, ``Get
Excited!``, ``Now You See Me . . .``, ``Continue?``) are found first (``CardNameGuard``) and
never cut; a mark ending such a name ends the statement too only when what follows doesn't go
on in lower case, and the clean text keeps it (the name as the card spells it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from bot.scenario.lexicon import ABBREVIATIONS

_QUOTES = {'"': '"', "“": "”", "”": "”", "«": "»"}
_TRANSLATE = str.maketrans(
    {
        "’": "'",
        "‘": "'",
        "`": "'",
        "“": '"',
        "”": '"',
        "«": '"',
        "»": '"',
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
        "－": "-",
        "＝": "=",
    }
)
_SPACES = re.compile(r"\s+")
_LAST_WORD = re.compile(r"([A-Za-z]+)$")
_FENCE = re.compile(r"^\s*```[A-Za-z]*\s*$")
_TERMINATORS = ".?!"
# What cuts a line into statements: a name holding one of these is guarded.
_MARKS = ".?!;"
_CUTTING = re.compile(r"[.?!;]")
# How a name's own characters may be typed: any white space, curly or straight apostrophes,
# and an ellipsis as "...", ". . ." or "…" ("Now You See Me . . .", "Where We're Going...").
_NAME_PIECES = re.compile(r"(\s*(?:\.\s*){2}\.|\s*…|\s+|['’‘`])")


@dataclass(frozen=True)
class RawStatement:
    """One statement as typed (``text``) and tidied for parsing (``clean``)."""

    text: str
    clean: str
    is_question: bool


class CardNameGuard:
    """The card names of one game that hold a mark cutting statements (``.?!;``): found in a
    line before it is cut, so "Alice casts TL;DR targeting Bob." stays one statement.  Built
    once per card pool; names are matched case-insensitively, as whole words.

    The splitter runs on every message, so a line is only searched for the names whose word
    before a mark is the word before one of the line's marks ("tl" for "TL;DR", "me" for
    "Now You See Me . . ."): most lines have none."""

    def __init__(self, names: Iterable[str]) -> None:
        self._by_word: dict[str, list[re.Pattern[str]]] = {}
        # Quotes are the card's own ('"Ach! Hans, Run!"'); quoted text is kept whole anyway.
        for name in {name.strip('"') for name in names if _CUTTING.search(name)}:
            pattern = re.compile(_name_pattern(name), re.I)
            for word in {_word_before(name, m.start()) for m in _CUTTING.finditer(name)}:
                self._by_word.setdefault(word, []).append(pattern)

    def spans(self, line: str) -> list[tuple[int, int]]:
        """Where known names holding a cutting mark stand in ``line``, as (start, end), in
        order; of two overlapping names the longer ("Welcome to . . . // Jurassic Park")."""
        patterns = {
            pattern
            for mark in _CUTTING.finditer(line)
            for pattern in self._by_word.get(_word_before(line, mark.start()), ())
        }
        found = sorted(
            (m.span() for pattern in patterns for m in pattern.finditer(line)),
            key=lambda span: (span[0], -span[1]),
        )
        spans: list[tuple[int, int]] = []
        for span in found:
            if not spans or span[0] >= spans[-1][1]:
                spans.append(span)
        return spans


def _word_before(text: str, index: int) -> str:
    """The word before the mark at ``index``, past spaces and other marks, lower case ("me"
    for each full stop of "Now You See Me . . .")."""
    end = index
    while end > 0 and text[end - 1] in " .?!;":
        end -= 1
    start = end
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    return text[start:end].lower()


def _name_pattern(name: str) -> str:
    """A regular expression finding ``name`` however its spaces, apostrophes and ellipsis
    are typed, as whole words."""
    pieces = []
    for piece in _NAME_PIECES.split(name):
        if not piece:
            continue
        if piece.replace(" ", "") in {"...", "…"}:
            pieces.append(r"\s*(?:(?:\.\s?){2}\.|…)")
        elif piece.isspace():
            pieces.append(r"\s+")
        elif piece in "'’‘`":
            pieces.append("['’‘`]")
        else:
            pieces.append(re.escape(piece))
    start = r"(?<!\w)" if name[0].isalnum() else ""
    end = r"(?!\w)" if name[-1].isalnum() else ""
    return start + "".join(pieces) + end


def tidy(text: str) -> str:
    """Straighten quotes and apostrophes, squeeze white space, drop trailing ``.?!``."""
    flat = _SPACES.sub(" ", text.translate(_TRANSLATE)).strip()
    return flat.rstrip(_TERMINATORS + " ").strip()


def split_statements(script: str, names: CardNameGuard | None = None) -> list[RawStatement]:
    """Cut ``script`` into statements, skipping empty ones and Discord code fences; ``names``
    (the game's card names holding ``.?!;``) are never cut."""
    pieces: list[tuple[str, int | None]] = []
    for line in script.splitlines():
        if _FENCE.match(line):
            continue
        pieces.extend(_split_line(line.replace("```", " "), names))
    statements = []
    for piece, name_end in pieces:
        text = piece.strip()
        if name_end is None:
            clean = tidy(text)
        else:
            # "Bob targets Blazing Scorcher with Get Excited!": the "!" is the name's own.
            clean = _SPACES.sub(" ", piece[:name_end].translate(_TRANSLATE)).strip()
        if not any(ch.isalnum() for ch in clean):
            continue
        asked = text.endswith("?") and (name_end is None or len(piece.rstrip()) > name_end)
        statements.append(RawStatement(text=text, clean=clean, is_question=asked))
    return statements


def _split_line(line: str, names: CardNameGuard | None) -> list[tuple[str, int | None]]:
    """The statements of one line, each with where a guarded name ending it ends (the piece's
    length up to the name's last mark), or None."""
    spans = names.spans(line) if names is not None else []
    pieces: list[tuple[str, int | None]] = []
    start = 0
    closing: str | None = None
    for index, char in enumerate(line):
        if closing is not None:
            if char == closing or (closing == "”" and char == '"'):
                closing = None
            continue
        if char in _QUOTES:
            closing = _QUOTES[char]
            continue
        if char not in _MARKS:
            continue
        span = next((s for s in spans if s[0] <= index < s[1]), None) if spans else None
        if span is not None and index < span[1] - 1:
            continue  # "TL;DR", "Now You See Me . . .": inside a card's name
        # "Bob casts TL;DR. Alice ...": a mark just after a name is no abbreviation's ("Dr.").
        after_name = span is None and any(end == index for _, end in spans)
        if char == ";" and span is None:
            pieces.append((line[start:index], _name_end(line, start, index, spans)))
            start = index + 1
        elif char in _TERMINATORS and _ends_statement(
            line, index, ends_name=span is not None, after_name=after_name
        ):
            pieces.append((line[start : index + 1], _name_end(line, start, index + 1, spans)))
            start = index + 1
    pieces.append((line[start:], _name_end(line, start, len(line), spans)))
    return pieces


def _name_end(line: str, start: int, stop: int, spans: list[tuple[int, int]]) -> int | None:
    """Where a guarded name ends in ``line[start:stop]`` (from ``start``) when only marks and
    spaces follow it there ("... with Get Excited!?"), else None."""
    for name_start, name_stop in reversed(spans):
        if start <= name_start and name_stop <= stop:
            tail = line[name_stop:stop]
            return name_stop - start if not tail.strip(_TERMINATORS + " \t") else None
    return None


def _ends_statement(
    line: str, index: int, *, ends_name: bool = False, after_name: bool = False
) -> bool:
    following = line[index + 1 : index + 2]
    if following and not following.isspace():
        return False
    if after_name:
        return True
    if line[index] == "!" or ends_name:
        # "Alice casts Kaboom! targeting Bob.", "Alice casts Now You See Me . . . targeting
        # Grizzly Bears.": a card's name ends in a mark when the statement goes on in lower case.
        rest = line[index + 1 :].lstrip()
        return not rest or not rest[0].islower()
    if line[index] != ".":
        return True
    match = _LAST_WORD.search(line[:index])
    if match is None:
        return True
    word = match.group(1)
    # "Mr. Orfeo", "B.F.M. (Big Furry Monster)": not the end of a statement; a lone letter
    # ("at Battlefield A. Bob controls ...", QA 50 r04) is, unless it ends dotted initials.
    initials = len(word) == 1 and line[index - 2 : index - 1] == "."
    return word.lower() not in ABBREVIATIONS and not initials
