"""Reply models: what every command returns, whatever front end shows it.

The console prints them as text or JSON; the Discord renderer turns them into embeds and owns
every Discord limit.  Nothing here knows about either.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
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

    def text_length(self) -> int:
        return len(self.title) + len(self.body) + sum(
            len(s.heading) + len(s.text) for s in self.sections
        )

    def pages(self, max_chars: int) -> list[Reply]:
        """Split the sections into pages of at most ``max_chars`` characters of text each.

        A section longer than a page is cut at line breaks (or hard, as a last resort) so no
        page ever exceeds the limit.  The body stays on the first page.
        """
        if max_chars < 50:
            raise ValueError("pages need at least 50 characters")
        pieces: list[Section] = []
        for section in self.sections:
            room = max_chars - len(section.heading) - 1
            for i, chunk in enumerate(split_text(section.text, room)):
                heading = section.heading if i == 0 else f"{section.heading} (cont.)"[:max_chars]
                pieces.append(Section(heading, chunk))
        body_chunks = split_text(self.body, max_chars) if self.body else [""]
        pages: list[list[Section]] = [[]]
        first_bodies = body_chunks[0]
        used = len(first_bodies)
        for piece in pieces:
            size = len(piece.heading) + len(piece.text)
            if pages[-1] and used + size > max_chars or (not pages[-1] and used + size > max_chars):
                pages.append([])
                used = 0
            pages[-1].append(piece)
            used += size
        result: list[Reply] = []
        extra_bodies = [Reply(self.title, body=chunk) for chunk in body_chunks[1:]]
        for i, group in enumerate(pages):
            result.append(replace(self, body=first_bodies if i == 0 else "", sections=tuple(group)))
        if extra_bodies:
            result[1:1] = [replace(self, body=b.body, sections=()) for b in extra_bodies]
        return [p for p in result if p.body or p.sections] or [replace(self, sections=())]


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
