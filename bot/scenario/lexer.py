"""Cutting a scenario script into statements, and tidying each statement's characters.

A statement ends at a line break, at ``;``, or at ``.``, ``?`` or ``!`` followed by white
space or the end of the script.  A full stop inside ``X=4.5``, ``+1/+1`` or ``Fire // Ice`` is
not followed by a space and so does not cut; quoted text (``"Each opponent sacrifices a
creature."``) is kept whole; abbreviations (``Mr. Orfeo``) and initials (``B.F.M.``) do not end
a statement.
"""

from __future__ import annotations

import re
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


@dataclass(frozen=True)
class RawStatement:
    """One statement as typed (``text``) and tidied for parsing (``clean``)."""

    text: str
    clean: str
    is_question: bool


def tidy(text: str) -> str:
    """Straighten quotes and apostrophes, squeeze white space, drop trailing ``.?!``."""
    flat = _SPACES.sub(" ", text.translate(_TRANSLATE)).strip()
    return flat.rstrip(_TERMINATORS + " ").strip()


def split_statements(script: str) -> list[RawStatement]:
    """Cut ``script`` into statements, skipping empty ones and Discord code fences."""
    pieces: list[str] = []
    for line in script.splitlines():
        if _FENCE.match(line):
            continue
        pieces.extend(_split_line(line.replace("```", " ")))
    statements = []
    for piece in pieces:
        text = piece.strip()
        clean = tidy(text)
        if not any(ch.isalnum() for ch in clean):
            continue
        statements.append(RawStatement(text=text, clean=clean, is_question=text.endswith("?")))
    return statements


def _split_line(line: str) -> list[str]:
    pieces: list[str] = []
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
        if char == ";":
            pieces.append(line[start:index])
            start = index + 1
        elif char in _TERMINATORS and _ends_statement(line, index):
            pieces.append(line[start : index + 1])
            start = index + 1
    pieces.append(line[start:])
    return pieces


def _ends_statement(line: str, index: int) -> bool:
    following = line[index + 1 : index + 2]
    if following and not following.isspace():
        return False
    if line[index] == "!":
        # "Alice casts Kaboom! targeting Bob.": a card's name ends in "!" when the statement
        # goes on in lower case.
        rest = line[index + 1 :].lstrip()
        return not rest or not rest[0].islower()
    if line[index] != ".":
        return True
    match = _LAST_WORD.search(line[:index])
    if match is None:
        return True
    word = match.group(1)
    # "Mr. Orfeo", "B.F.M. (Big Furry Monster)": not the end of a statement.
    return word.lower() not in ABBREVIATIONS and len(word) > 1
