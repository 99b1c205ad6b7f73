"""Read the Magic Tournament Rules and Infraction Procedure Guide from their official PDFs' text.

Wizards publishes both documents as PDFs only.  Their text (from ``bot.data.pdf_text``, or a
``.txt`` extracted beforehand) opens with a table of contents whose lines end in dot leaders
and a page number (``3.1 Tiebreakers ........ 15``); the body repeats each of those headings at
the start of a line (``3.1     Tiebreakers``).  The contents therefore say which headings to
look for, in which order, and the body between two headings is the first one's text.  IPG
infractions carry their penalty at the end of the heading line and split their text under the
sub-headings Definition, Examples, Philosophy, Additional Remedy and Upgrade.

The result is the same ``DocEntry`` list the parsed-JSON reader gives, so both forms are
imported, checked and stored by one importer (``bot.data.docs_import``).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from bot.errors import DataError

_EFFECTIVE = re.compile(r"Effective\s+(?P<date>[A-Z][a-z]+\s+\d{1,2},\s+\d{4})")
_CONTENTS_LINE = re.compile(
    r"^\s*(?:(?P<number>\d{1,2}(?:\.\d{1,2})?)\.?|Appendix\s+(?P<letter>[A-Z])\s*[—–:-])"
    r"\s*(?P<title>\S.*?)\s*\.{3,}\s*\d+\s*$"
)
_PAGE_NUMBER = re.compile(r"^\s*\d{1,3}\s*$")
PENALTIES = ("No Penalty", "Warning", "Game Loss", "Match Loss", "Disqualification")
IPG_HEADINGS = ("Definition", "Examples", "Philosophy", "Additional Remedy", "Upgrade")


@dataclass(frozen=True)
class ListedHeading:
    """One line of the table of contents: ``3.1`` / ``Tiebreakers`` or ``B`` / ``Time Limits``."""

    number: str
    title: str

    @property
    def is_section(self) -> bool:
        return "." not in self.number and not self.number.isalpha()

    @property
    def parent(self) -> str | None:
        if self.number.isalpha():
            return ""
        head, dot, _ = self.number.partition(".")
        return head if dot else None


@dataclass(frozen=True)
class ParsedText:
    """What the text says: its effective date (ISO) and each heading with the lines under it."""

    effective: str
    bodies: tuple[tuple[ListedHeading, str, tuple[str, ...]], ...]  # (heading, penalty, lines)


def effective_date(text: str) -> str:
    """``"Effective April 21, 2025"`` near the top -> ``"2025-04-21"``."""
    found = _EFFECTIVE.search(text[:3000])
    if not found:
        raise DataError("The document's text has no 'Effective <Month> <day>, <year>' line.")
    raw = re.sub(r"\s+", " ", found.group("date"))
    try:
        return dt.datetime.strptime(raw, "%B %d, %Y").date().isoformat()
    except ValueError as error:
        raise DataError(f"Unreadable effective date {raw!r} in the document's text.") from error


def parse_document_text(text: str, doc: str) -> ParsedText:
    """Split a document's text into its listed headings' bodies; ``DataError`` if it can't."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    listed, body_start = _contents(lines)
    if len(listed) < 10:
        raise DataError(f"The {doc.upper()} text has no readable table of contents.")
    found = _locate(lines, listed, body_start, doc)
    bodies = []
    for index, (heading, line_number, penalty) in enumerate(found):
        end = found[index + 1][1] if index + 1 < len(found) else len(lines)
        body = tuple(line for line in lines[line_number + 1 : end] if not _PAGE_NUMBER.match(line))
        bodies.append((heading, penalty, body))
    return ParsedText(effective_date(text), tuple(bodies))


def _contents(lines: list[str]) -> tuple[list[ListedHeading], int]:
    """The table of contents' headings, and the index of the first line after it."""
    listed: list[ListedHeading] = []
    last = 0
    for index, line in enumerate(lines[:400]):
        match = _CONTENTS_LINE.match(line)
        if match is None:
            continue
        number = match.group("number") or match.group("letter")
        listed.append(ListedHeading(number, _tidy(match.group("title"))))
        last = index
    return listed, last + 1


def _locate(
    lines: list[str], listed: list[ListedHeading], start: int, doc: str
) -> list[tuple[ListedHeading, int, str]]:
    """Where each listed heading starts in the body, in order (with an IPG entry's penalty)."""
    found: list[tuple[ListedHeading, int, str]] = []
    position = start
    for heading in listed:
        pattern = _heading_pattern(heading)
        for index in range(position, len(lines)):
            match = pattern.match(_tidy(lines[index]))
            if match is None:
                continue
            rest = match.group("rest").strip()
            penalty = next((p for p in PENALTIES if rest.casefold().endswith(p.casefold())), "")
            found.append((heading, index, penalty))
            position = index + 1
            break
        else:
            raise DataError(
                f"The {doc.upper()} text lists {heading.number} {heading.title} in its contents "
                "but the heading is not in its body."
            )
    return found


def _heading_pattern(heading: ListedHeading) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(word) for word in heading.title.split())
    if heading.number.isalpha():
        prefix = rf"Appendix\s+{heading.number}\s*[—–:-]\s*"
    else:
        prefix = rf"{re.escape(heading.number)}\.?\s+"
    return re.compile(rf"^\s*{prefix}{words}(?P<rest>.*)$", re.I)


def _tidy(text: str) -> str:
    """One spacing and one dash, whichever the PDF's text extraction produced."""
    text = re.sub(r"\s+[-–—]\s+|(?<=\w)[—–](?=\w)", " — ", text)
    return re.sub(r"\s+", " ", text).strip()


def split_ipg_parts(lines: tuple[str, ...]) -> list[tuple[str, str]]:
    """An IPG entry's text under its sub-headings (text before the first one is untitled)."""
    parts: list[tuple[str, list[str]]] = [("", [])]
    for line in lines:
        heading, colon, rest = line.strip().partition(":")
        if heading in IPG_HEADINGS and (colon or not rest):
            # "Definition" on a line of its own, or "Upgrade: If ..." starting its text.
            parts.append((heading, [rest] if rest.strip() else []))
        else:
            parts[-1][1].append(line)
    merged: dict[str, list[str]] = {}
    for heading, body in parts:
        # A second "Upgrade:" paragraph belongs with the first (Deck Problem has three).
        merged.setdefault(heading, []).extend(["", *body] if heading in merged else body)
    return [(heading, _dedent(body)) for heading, body in merged.items()]


def body_text(lines: tuple[str, ...]) -> str:
    return _dedent(list(lines))


def _dedent(lines: list[str]) -> str:
    """The lines without the layout's left margin (list items keep their own marks)."""
    stripped = [line.strip() for line in lines]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(stripped)).strip()
