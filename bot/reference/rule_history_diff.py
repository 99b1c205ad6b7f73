"""Word-level differences between two wordings of a rule, readable in Discord and a terminal.

Removed words are shown ``~~struck~~`` and added words ``__underlined__`` (Discord renders both;
the console shows them struck and underlined, plain text as ``[-removed-]`` and ``{+added+}``).  Curly and straight quotes compare equal, so a
typographic pass over the whole document does not show up as a change of every rule.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from bot.records.names import straight_quotes

_TOKEN = re.compile(r"\S+")
_LINE_BREAK = re.compile(r" *\n *")


@dataclass(frozen=True)
class DiffPiece:
    kind: str  # "same", "removed" or "added"
    text: str


def _key(word: str) -> str:
    return straight_quotes(word)


def same_words(old: str, new: str) -> bool:
    """True when only quotes or spacing differ."""
    return [_key(w) for w in old.split()] == [_key(w) for w in new.split()]


def word_diff(old: str, new: str) -> tuple[DiffPiece, ...]:
    """The pieces that turn ``old`` into ``new``, word by word (line breaks kept as words)."""
    old_words = _words(old)
    new_words = _words(new)
    matcher = difflib.SequenceMatcher(
        None, [_key(w) for w in old_words], [_key(w) for w in new_words], autojunk=False
    )
    pieces: list[DiffPiece] = []
    for tag, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        if tag == "equal":
            pieces.append(DiffPiece("same", _join(new_words[new_start:new_end])))
            continue
        if old_end > old_start:
            pieces.append(DiffPiece("removed", _join(old_words[old_start:old_end])))
        if new_end > new_start:
            pieces.append(DiffPiece("added", _join(new_words[new_start:new_end])))
    return tuple(pieces)


def render_diff(pieces: tuple[DiffPiece, ...]) -> str:
    """``~~removed words~~ __added words__`` between the unchanged words."""
    out: list[str] = []
    for piece in pieces:
        if piece.kind == "same":
            out.append(piece.text)
        else:
            out.extend(_marked(piece.text, "~~" if piece.kind == "removed" else "__"))
    return _LINE_BREAK.sub("\n", " ".join(part for part in out if part)).strip()


def changed_share(pieces: tuple[DiffPiece, ...]) -> float:
    """The share of all words (old and new together) that were removed or added."""
    same = sum(len(p.text.split()) for p in pieces if p.kind == "same")
    changed = sum(len(p.text.split()) for p in pieces if p.kind != "same")
    total = 2 * same + changed  # an unchanged word is in both wordings
    return changed / total if total else 0.0


def _marked(text: str, mark: str) -> list[str]:
    # Marks can't span a line break in Discord: mark each line on its own.
    lines = [f"{mark}{line.strip()}{mark}" if line.strip() else "" for line in text.split("\n")]
    return ["\n".join(lines)]


def _words(text: str) -> list[str]:
    words: list[str] = []
    for number, line in enumerate(text.split("\n")):
        if number:
            words.append("\n")
        words.extend(_TOKEN.findall(line))
    return words


def _join(words: list[str]) -> str:
    return _LINE_BREAK.sub("\n", " ".join(words))
