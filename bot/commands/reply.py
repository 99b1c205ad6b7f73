"""Reply models: what every command returns, whatever front end shows it.

The console prints them as text or JSON; the Discord renderer turns them into embeds and owns
every Discord limit.  Nothing here knows about either.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class Section:
    """A titled block of a reply (a rule, a card face, a ruling, a step of a scenario)."""

    heading: str
    text: str


@dataclass(frozen=True)
class Choice:
    """An option the user can pick next (a button or select entry in Discord).

    ``command`` is the console command that picking it runs, e.g. ``game choose 2``.
    """

    label: str
    command: str
    description: str = ""


@dataclass(frozen=True)
class Reply:
    """The answer to one command.

    ``data`` is the machine-readable form printed by ``--json``; ``footer`` names the data
    version the answer comes from; ``choices`` offers next steps.
    """

    title: str
    body: str = ""
    sections: tuple[Section, ...] = ()
    footer: str = ""
    kind: str = "info"
    data: Mapping[str, Any] = field(default_factory=dict)
    choices: tuple[Choice, ...] = ()
    url: str | None = None
    ephemeral: bool = False
    # Short facts shown beside the answer (a card's formats): embed fields in Discord, one
    # "name: value" line each in the console.
    fields: tuple[Section, ...] = ()
    # The board to draw beside the answer (``game state``, a scenario's final state): the
    # board data and which game ("kind"), rendered by the front ends (bot/pictures).
    picture: Mapping[str, Any] | None = None
    # A step that takes several of its options at once ("Choose 2 modes", Arc Lightning's up to
    # three targets): how many of them may be picked together, (fewest, most); a front end
    # that can take several at once (a Discord multi-select) answers `game choose 1 3`.
    pick_several: tuple[int, int] | None = None

    def text_length(self) -> int:
        return (
            len(self.title)
            + len(self.body)
            + sum(len(s.heading) + len(s.text) for s in self.sections)
        )

    def pages(self, max_chars: int) -> list[Reply]:
        """Split the reply into pages of at most ``max_chars`` characters of text each.

        The body comes first; sections follow, cut at line breaks (or hard, as a last resort)
        when one alone is longer than a page, so no page ever exceeds the limit.
        """
        if max_chars < 50:
            raise ValueError("pages need at least 50 characters")
        pieces: list[Section] = []
        for section in self.sections:
            heading = section.heading[: max_chars // 2]
            more = f"{heading} (cont.)"
            chunks = split_text(section.text, max_chars - len(more))
            pieces += [Section(heading if i == 0 else more, c) for i, c in enumerate(chunks)]
        groups: list[tuple[str, list[Section]]] = (
            [(chunk, []) for chunk in split_text(self.body, max_chars)] if self.body else [("", [])]
        )
        body, current = groups.pop()
        used = len(body)
        for piece in pieces:
            size = len(piece.heading) + len(piece.text)
            if (body or current) and used + size > max_chars:
                groups.append((body, current))
                body, current, used = "", [], 0
            current.append(piece)
            used += size
        groups.append((body, current))
        return [replace(self, body=b, sections=tuple(g)) for b, g in groups if b or g] or [self]


# Characters Discord's Markdown reads as marks anywhere in a line, and those it reads as marks
# only at the start of one (a quote, a heading).
_MARKS = re.compile(r"([*_~`|])")
_LINE_MARKS = re.compile(r"^([>#])", re.MULTILINE)


def literal(text: str) -> str:
    """``text`` (a card's name or Oracle text) as Markdown that shows it as written:
    Tarmogoyf's ``*/1+*`` is not italics, a card named ``_____`` is not underlined.  The
    console's plain text takes the escapes out again (bot/frontends/text.py)."""
    return _LINE_MARKS.sub(r"\\\1", _MARKS.sub(r"\\\1", text))


def split_text(text: str, limit: int) -> list[str]:
    """Cut ``text`` into chunks of at most ``limit`` characters, preferring line breaks."""
    if limit <= 0:
        raise ValueError("limit must be positive")
    chunks: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = rest.rfind("\n", 0, limit + 1)
        if cut <= 0:
            cut = rest.rfind(" ", 0, limit + 1)
        if cut <= 0:
            cut = limit
        chunks.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip("\n ")
    if rest or not chunks:
        chunks.append(rest)
    return chunks


def reply_to_json(reply: Reply) -> str:
    """The reply as JSON, to be shown again later without running its command again (the
    pages of an answer that changed a game: running it again would change it again)."""
    return json.dumps(asdict(reply), ensure_ascii=False, separators=(",", ":"), default=str)


def reply_from_json(text: str) -> Reply:
    """The reply ``reply_to_json`` wrote."""
    raw = json.loads(text)
    return Reply(
        **{
            **raw,
            "sections": tuple(Section(**s) for s in raw["sections"]),
            "fields": tuple(Section(**s) for s in raw["fields"]),
            "choices": tuple(Choice(**c) for c in raw["choices"]),
            "pick_several": tuple(raw["pick_several"]) if raw.get("pick_several") else None,
        }
    )
