"""Parse the Magic: The Gathering Comprehensive Rules text file as Wizards publishes it.

Every version since 2003 is handled: UTF-8 with or without BOM, UTF-16 with BOM, Windows-1252;
CRLF, LF or bare-CR line endings (mixed within one file too); the 2003-2004 files whose
paragraphs are hard-wrapped at ~100 characters; "Example:" paragraphs, which belong to the rule
above them; and the two glossary layouts (prose before 2009, numbered senses after).

The parser only reads the document's structure.  Checking that a version is complete enough to
serve is the importer's job (``bot.data.cr_import``).
"""

from __future__ import annotations

import codecs
import datetime
import re
from dataclasses import dataclass
from functools import cached_property

from bot.errors import DataError
from bot.records.rule_numbers import RULE_NUMBER, parent_number, rule_sort_key


@dataclass(frozen=True)
class ParsedRule:
    number: str  # "115.7" or "115.7a"
    text: str
    examples: tuple[str, ...]
    parent: str | None  # "115.7a" -> "115.7" -> "115" -> "1"


@dataclass(frozen=True)
class ContentsEntry:
    number: str  # "1" (chapter) or "115" (section)
    title: str


@dataclass(frozen=True)
class GlossaryEntry:
    term: str
    definition: str
    rule_refs: tuple[str, ...]  # rules, sections ("113") and chapters ("4") it points to


@dataclass(frozen=True)
class ParsedRules:
    effective_date: datetime.date | None
    rules: tuple[ParsedRule, ...]
    contents: tuple[ContentsEntry, ...]
    glossary: tuple[GlossaryEntry, ...]
    # No "Credits" line after the glossary: the file was cut short (2013-02-01.txt is).
    truncated: bool = False

    @cached_property
    def by_number(self) -> dict[str, ParsedRule]:
        return {rule.number: rule for rule in self.rules}


_MONTHS = {
    name: index
    for index, name in enumerate(
        (
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ),
        start=1,
    )
}
_EFFECTIVE = re.compile(
    r"(?:effective|current)\s+as\s+of\s+([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})", re.IGNORECASE
)
_RULE_LINE = re.compile(rf"^{RULE_NUMBER.pattern}\.?(?=\s|$)\s*(?P<text>.*)$")
_SECTION_LINE = re.compile(r"^(?P<number>\d{3})\.\s+(?P<title>\S.*)$")
_CHAPTER_LINE = re.compile(r"^(?P<number>\d)\.\s+(?P<title>\S.*)$")
_EXAMPLE_LINE = re.compile(r"^Examples?:\s*(?P<text>.*)$")
_FIRST_RULE = re.compile(r"^100\.1\.?\s")
# "See rule 702.11", "rules 810.8 ... and rule 809.5", "See rules 702.11 and 702.12",
# "section 4": the keyword governs the list of numbers that follows it.
_REF_LIST = re.compile(
    r"\b(?P<kind>rules?|sections?)\s+(?P<list>\d{1,3}(?:\.\d+[a-z]?)?"
    r"(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s*,\s*and\s+|\s+through\s+|[-–])"
    r"\d{1,3}(?:\.\d+[a-z]?)?)*)",
    re.IGNORECASE,
)
_REF_NUMBER = re.compile(r"\d{1,3}(?:\.\d+[a-z]?)?")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
# A wrapped line that starts with a number is a cross-reference when the line before ends so.
_ENDS_WITH_REFERENCE = re.compile(r"\b(?:rules?|see|sections?)\s*$", re.IGNORECASE)

_MAX_TITLE = 80


def decode_rules_text(raw: bytes | str) -> str:
    """Bytes in any encoding Wizards has used -> text with ``\\n`` line endings only."""
    if isinstance(raw, str):
        text = raw.removeprefix("\ufeff")
    elif raw.startswith(codecs.BOM_UTF8):
        text = raw[3:].decode("utf-8", errors="replace")
    elif raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = raw.decode("utf-16", errors="replace")
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            # Files from 2003-2018 are Windows-1252; its five unassigned bytes fall back to
            # Latin-1 so no byte is lost.
            text = raw.decode("cp1252", errors="latin1_fallback")
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ")
    return _CONTROL.sub("", text)


def _latin1_fallback(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return error.object[error.start : error.end].decode("latin-1"), error.end


codecs.register_error("latin1_fallback", _latin1_fallback)


def parse_comprehensive_rules(raw: bytes | str) -> ParsedRules:
    """Parse one CR text file.  Raises ``DataError`` when it is not a CR file at all."""
    lines = decode_rules_text(raw).split("\n")
    start = _find_body_start(lines)
    glossary_at = _find_line(lines, "Glossary", start)
    credits_at = _find_line(lines, "Credits", glossary_at if glossary_at is not None else start)
    body_end = glossary_at if glossary_at is not None else (credits_at or len(lines))
    body = lines[start:body_end]
    wrapped = _is_hard_wrapped(body)
    rules, contents = _BodyParser(wrapped).parse(body)
    glossary: tuple[GlossaryEntry, ...] = ()
    if glossary_at is not None:
        glossary_end = credits_at if credits_at is not None else len(lines)
        glossary = _parse_glossary(lines[glossary_at + 1 : glossary_end], wrapped)
    return ParsedRules(
        effective_date=_effective_date(lines[:start]),
        rules=tuple(rules),
        contents=tuple(contents),
        glossary=glossary,
        truncated=credits_at is None,
    )


def _find_body_start(lines: list[str]) -> int:
    """The chapter heading just before rule 100.1 (the Contents list comes earlier)."""
    for index, line in enumerate(lines):
        if _FIRST_RULE.match(line.strip()):
            first = index
            break
    else:
        raise DataError("This is not a Comprehensive Rules file: rule 100.1 was not found.")
    for back in range(first - 1, max(first - 8, -1), -1):
        if _CHAPTER_LINE.match(lines[back].strip()):
            return back
    return first


def _find_line(lines: list[str], text: str, after: int) -> int | None:
    for index in range(after, len(lines)):
        if lines[index].strip() == text:
            return index
    return None


def _effective_date(preamble: list[str]) -> datetime.date | None:
    match = _EFFECTIVE.search(" ".join(preamble[:40]))
    if match is None:
        return None
    month = _MONTHS.get(match.group(1).lower())
    if month is None:
        return None
    try:
        return datetime.date(int(match.group(3)), month, int(match.group(2)))
    except ValueError:
        return None


def _is_hard_wrapped(body: list[str]) -> bool:
    """2003-2004 files wrap every paragraph; later ones put one paragraph on one line."""
    numbered = plain = 0
    for line in body:
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0].isdigit():
            numbered += 1
        elif not line[0].isspace() and not _EXAMPLE_LINE.match(stripped):
            plain += 1
    return plain > numbered // 2


def _join(previous: str, line: str, wrapped: bool) -> str:
    """Continue a paragraph: a wrapped line joins with a space, an indented one is a new line."""
    piece = line.strip()
    if not previous:
        return piece
    if wrapped and not line[:1].isspace():
        return f"{previous} {piece}"
    return f"{previous}\n{piece}"


class _RuleBuilder:
    def __init__(self, number: str, text: str) -> None:
        self.number = number
        self.text = text
        self.examples: list[str] = []

    def add(self, line: str, wrapped: bool) -> None:
        if self.examples:
            self.examples[-1] = _join(self.examples[-1], line, wrapped)
        else:
            self.text = _join(self.text, line, wrapped)

    def build(self) -> ParsedRule:
        return ParsedRule(
            number=self.number,
            text=self.text,
            examples=tuple(self.examples),
            parent=parent_number(self.number),
        )


class _BodyParser:
    """Walks the numbered part of the document line by line."""

    def __init__(self, wrapped: bool) -> None:
        self.wrapped = wrapped
        self.rules: list[ParsedRule] = []
        self.contents: list[ContentsEntry] = []
        self.current: _RuleBuilder | None = None
        self.last_key: tuple[int, int, int, str] = (0, -1, -1, "")
        self.chapter = 0
        self.section = 0
        self.heading: int | None = None  # the section whose heading was seen last
        self.seen: set[str] = set()

    def parse(self, body: list[str]) -> tuple[list[ParsedRule], list[ContentsEntry]]:
        previous = ""
        for line in body:
            stripped = line.strip()
            if stripped and len(stripped) > 1:
                self._line(line, stripped, previous)
            previous = stripped
        self._finish_rule()
        return self.rules, self.contents

    def _line(self, line: str, stripped: str, previous: str) -> None:
        if self._try_rule(stripped, previous):
            return
        # In a wrapped file, "See rule\n702.11." starts a line with a number that is no rule.
        after_reference = bool(previous) and bool(_ENDS_WITH_REFERENCE.search(previous))
        if not after_reference and self._try_heading(stripped):
            return
        example = _EXAMPLE_LINE.match(stripped)
        if example is not None and self.current is not None:
            self.current.examples.append(example.group("text"))
            return
        if self.current is not None:
            self.current.add(line, self.wrapped)

    def _try_rule(self, stripped: str, previous: str) -> bool:
        match = _RULE_LINE.match(stripped)
        if match is None:
            return False
        section = match.group("section")
        rule = f"{int(match.group('rule'))}{match.group('letter')}"
        number = f"{section}.{rule}"
        key = rule_sort_key(number)
        # Mid-paragraph in a hard-wrapped file, a number at a line start is a new rule only if
        # it continues the numbering and does not follow "See rule".
        if (
            self.wrapped
            and previous
            and (key <= self.last_key or _ENDS_WITH_REFERENCE.search(previous))
        ):
            return False
        if self.heading is not None and int(section) != self.heading:
            # Misprints such as "432.2b" under "423. Drawing a Card" (2006) or "501.2" under
            # "510. Status": a rule belongs to the section whose heading it sits under.
            repaired = f"{self.heading:03d}.{rule}"
            if rule_sort_key(repaired) > self.last_key and repaired not in self.seen:
                number, key = repaired, rule_sort_key(repaired)
        if number in self.seen:
            return False
        self._finish_rule()
        self.current = _RuleBuilder(number, match.group("text").strip())
        self.seen.add(number)
        self.last_key = max(key, self.last_key)
        self.section = max(self.section, key[1])
        self.chapter = max(self.chapter, key[0])
        return True

    def _try_heading(self, stripped: str) -> bool:
        section = _SECTION_LINE.match(stripped)
        if section is not None:
            number = int(section.group("number"))
            title = section.group("title").strip()
            if number > self.section and number // 100 >= self.chapter and len(title) <= _MAX_TITLE:
                self._finish_rule()
                self.section = number
                self.heading = number
                self.chapter = number // 100
                self.last_key = rule_sort_key(section.group("number"))
                self.contents.append(ContentsEntry(section.group("number"), title))
                return True
            return False
        chapter = _CHAPTER_LINE.match(stripped)
        if chapter is not None:
            number = int(chapter.group("number"))
            title = chapter.group("title").strip()
            if number > self.chapter and len(title) <= _MAX_TITLE and not title[0].isdigit():
                self._finish_rule()
                self.chapter = number
                self.section = number * 100 - 1
                self.last_key = rule_sort_key(str(number))
                self.contents.append(ContentsEntry(str(number), title))
                return True
        return False

    def _finish_rule(self) -> None:
        if self.current is not None:
            self.rules.append(self.current.build())
            self.current = None


def _parse_glossary(lines: list[str], wrapped: bool) -> tuple[GlossaryEntry, ...]:
    """Entries are blocks separated by blank lines: the term, then its definition lines."""
    entries: list[GlossaryEntry] = []
    block: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            block.append(line)
            continue
        if len(block) >= 2 and len(block[0].strip()) <= _MAX_TITLE:
            definition = ""
            for part in block[1:]:
                definition = _join(definition, part, wrapped)
            entries.append(
                GlossaryEntry(block[0].strip(), definition, extract_rule_refs(definition))
            )
        block = []
    return tuple(entries)


def extract_rule_refs(text: str) -> tuple[str, ...]:
    """The CR numbers a passage points to ("See rule 702.11", "section 4"), in order, once."""
    refs: list[str] = []
    for match in _REF_LIST.finditer(text):
        is_section = match.group("kind").lower().startswith("section")
        for number in _REF_NUMBER.findall(match.group("list")):
            plausible = len(number) in (1, 3) if is_section else ("." in number or len(number) == 3)
            if not plausible:
                continue
            if number not in refs:
                refs.append(number)
    return tuple(refs)
