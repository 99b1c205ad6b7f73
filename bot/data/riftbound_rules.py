"""Parse the Riftbound Core Rules as converted from the official PDF.

The source is Markdown holding one ``<div class="rule-row ...">`` per rule, with the rule number
and text in two inner divs and HTML entities inside.  The PDF conversion left two kinds of
damage that this parser repairs, because both lose information otherwise:

* the last part of some rule numbers slid into the text (``352.2.`` + ``a By default, ...`` is
  rule 352.2.a, as the official text shows).  It is repaired only when the number would
  otherwise repeat an earlier one, so list items such as ``1. Combat ends.`` keep their text;
* words of a long rule spilled into rows with no number; they are joined back onto the rule
  they belong to.

It also left a space after each word it had styled ("Might : The combat statistic of a Unit ."),
which is taken out: the official text reads "Might: The combat statistic of a Unit."
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from bot.errors import DataError
from bot.records.riftbound_rule_numbers import normalize_rule_id, parent_rule_id

_ROW = re.compile(
    r'<div class="rule-row (?P<classes>[^"]*)">\s*<div class="rule-id">(?P<id>.*?)</div>\s*'
    r'<div class="rule-text">(?P<text>.*?)</div>\s*</div>',
    re.S,
)
_TITLE_VERSION = re.compile(r"^#\s*Riftbound Core Rules v(?P<version>\d+(?:\.\d+)*)", re.M)
_UPDATED = re.compile(r"Last Updated:\s*(?P<date>\d{4}-\d{2}-\d{2})")
# Text that starts with the lost last part of its rule number: "a Effect ...", "4 The ...".
_SPILLED_PART = re.compile(r"^(?P<part>[a-z]|\d{1,2}) (?=\S)")


@dataclass(frozen=True)
class RiftboundRule:
    """One numbered rule.  ``level`` is its depth (``355`` is 0, ``355.6.a.1`` is 3)."""

    id: str
    text: str
    kind: str  # "chapter", "heading" or "plain", from the source's row class
    order: int
    parent: str | None

    @property
    def level(self) -> int:
        return self.id.count(".")


@dataclass(frozen=True)
class RiftboundRules:
    """One version of the Core Rules."""

    version: str
    updated: str
    rules: tuple[RiftboundRule, ...] = field(repr=False)

    def by_id(self) -> dict[str, RiftboundRule]:
        return {rule.id: rule for rule in self.rules}


def _row_kind(classes: str) -> str:
    for kind in ("chapter", "heading", "cont"):
        if f"rule-{kind}" in classes.split():
            return kind
    return "plain"


def _clean_text(raw: str) -> str:
    text = html.unescape(raw)
    return re.sub(r"\s+", " ", text).strip()


# The conversion put a space after each word it had styled (a glossary term): "Might : The
# combat statistic of a Unit .", "( e.g. ...", "non- Unit Gear".
_SPACE_BEFORE = re.compile(r"(?<=\S)\s+(?=[.,:;!?)](?:\s|$|[\"')]))")
_SPACE_AFTER_BRACKET = re.compile(r"\(\s+")
_SPACE_AFTER_NON = re.compile(r"\b(non)-\s+(?=\w)", re.I)


def _repair_spacing(text: str) -> str:
    text = _SPACE_BEFORE.sub("", text)
    text = _SPACE_AFTER_BRACKET.sub("(", text)
    return _SPACE_AFTER_NON.sub(r"\1-", text)


def parse_rules(source: str, *, version: str | None = None) -> RiftboundRules:
    """Parse one Core Rules file; raises ``DataError`` if it holds no rules or no version."""
    if version is None:
        found = _TITLE_VERSION.search(source)
        if not found:
            raise DataError("The Riftbound rules file has no '# Riftbound Core Rules vX.Y' title.")
        version = found.group("version")
    updated_match = _UPDATED.search(source)
    updated = updated_match.group("date") if updated_match else ""
    rows = (
        (row.group("id"), _clean_text(row.group("text")), _row_kind(row.group("classes")))
        for row in _ROW.finditer(source)
    )
    rules = _rows_to_rules(rows)
    if not rules:
        raise DataError(f"No rule rows found in the Riftbound Core Rules v{version}.")
    return RiftboundRules(version=version, updated=updated, rules=tuple(rules))


@dataclass(frozen=True)
class RiftboundDocument:
    """A Riftbound document numbered like the Core Rules (the Tournament Rules), dated."""

    title: str
    updated: str  # ISO date the document says it was last updated
    rules: tuple[RiftboundRule, ...] = field(repr=False)


_DOCUMENT_TITLE = re.compile(r"^#\s*(?P<title>Riftbound [^\n(]*?)\s*(?:\(|$)", re.M)
# The Tournament Rules write their date the American way: "Last Updated 4/29/2026".
_US_UPDATED = re.compile(r"Last Updated:?\s*(?P<month>\d{1,2})/(?P<day>\d{1,2})/(?P<year>\d{4})")


def parse_document(source: str, *, min_rules: int) -> RiftboundDocument:
    """Parse a Riftbound document in the Core Rules' row layout (the Tournament Rules).

    Its rows are read, repaired and numbered as the Core Rules' are; raises ``DataError`` when
    it has no title, no date or fewer than ``min_rules`` rules (a truncated file).
    """
    title_match = _DOCUMENT_TITLE.search(source)
    if not title_match:
        raise DataError("The Riftbound document has no '# Riftbound ...' title.")
    title = title_match.group("title")
    iso = _UPDATED.search(source)
    american = _US_UPDATED.search(source)
    if iso:
        updated = iso.group("date")
    elif american:
        year, month, day = (int(american.group(p)) for p in ("year", "month", "day"))
        updated = f"{year:04d}-{month:02d}-{day:02d}"
    else:
        raise DataError(f"The {title} say nowhere when they were last updated.")
    rows = (
        (row.group("id"), _clean_text(row.group("text")), _row_kind(row.group("classes")))
        for row in _ROW.finditer(source)
    )
    rules = _rows_to_rules(rows)
    if len(rules) < min_rules:
        raise DataError(
            f"The {title} hold only {len(rules)} numbered rules; the file looks truncated."
        )
    return RiftboundDocument(title=title, updated=updated, rules=tuple(rules))


_TEXT_VERSION = re.compile(r"Core Rules\s*(?:v|version\s*)(?P<version>\d+(?:\.\d+)+)", re.I)
# A rule as the PDF prints it: its number at the start of a line, then its text.
_TEXT_RULE = re.compile(r"^\s*(?P<id>\d{3}(?:\.(?:\d+|[a-zA-Z]))*\.)\s+(?P<text>\S.*)$")
_PAGE_NUMBER = re.compile(r"^\s*(?:page\s*)?\d{1,3}(?:\s*(?:/|of)\s*\d{1,3})?\s*$", re.I)
# A line printed on many pages (the running header or footer) is not part of any rule.
_REPEATED_LINE = 5


def parse_rules_text(source: str, *, version: str | None = None) -> RiftboundRules:
    """Parse the Core Rules from the official PDF's text (``bot.data.pdf_text``).

    Each rule starts on a line with its number (``355.6. Targeting``); the lines after it, up
    to the next number, continue its text.  Page numbers and running headers are dropped.
    """
    if version is None:
        found = _TEXT_VERSION.search(source[:5000])
        if not found:
            raise DataError("The Riftbound rules PDF names no 'Core Rules vX.Y' version.")
        version = found.group("version")
    updated_match = _UPDATED.search(source)
    updated = updated_match.group("date") if updated_match else ""
    lines = [line.strip() for line in source.replace("\r", "\n").split("\n")]
    counts: dict[str, int] = {}
    for line in lines:
        counts[line] = counts.get(line, 0) + 1
    rows: list[tuple[str, str, str]] = []
    for line in lines:
        if not line or _PAGE_NUMBER.match(line) or counts[line] >= _REPEATED_LINE:
            continue
        match = _TEXT_RULE.match(line)
        if match:
            rule_id, text = match.group("id"), match.group("text").strip()
            rows.append((rule_id, text, _text_kind(rule_id, text)))
        elif rows:
            rows.append(("", line, "cont"))
    rules = _rows_to_rules(rows)
    if len(rules) < 100:
        raise DataError(
            f"Only {len(rules)} numbered rules were read from the Riftbound Core Rules "
            f"v{version} PDF; it is incomplete or not the rules."
        )
    return RiftboundRules(version=version, updated=updated, rules=tuple(rules))


def _text_kind(rule_id: str, text: str) -> str:
    """The PDF's typesetting isn't in its text: a chapter is a hundred (``300.``), a heading a
    short title without a full stop, anything else a plain rule."""
    number = rule_id.rstrip(".")
    if "." not in number and number.endswith("00"):
        return "chapter"
    if len(text) <= 60 and not text.endswith((".", ":")):
        return "heading"
    return "plain"


def _rows_to_rules(rows: Iterable[tuple[str, str, str]]) -> list[RiftboundRule]:
    rules: list[RiftboundRule] = []
    seen: set[str] = set()
    for raw_id, text, kind in rows:
        raw_id = raw_id.strip()
        if not raw_id:
            # Words spilled from the rule above (or the title block before rule 000).
            if rules and text:
                last = rules[-1]
                joined = f"{last.text} {text}".strip()
                rules[-1] = RiftboundRule(last.id, joined, last.kind, last.order, last.parent)
            continue
        try:
            rule_id = normalize_rule_id(raw_id)
        except ValueError as error:
            raise DataError(f"Unreadable Riftbound rule number {raw_id!r}.") from error
        spilled = _SPILLED_PART.match(text)
        if rule_id in seen and spilled:
            rule_id = f"{rule_id}.{spilled.group('part')}"
            text = text[spilled.end() :]
        rule_id = _unique(rule_id, seen)
        seen.add(rule_id)
        rules.append(
            RiftboundRule(
                id=rule_id,
                text=text,  # spacing repaired below, once spilled words are joined
                kind="plain" if kind == "cont" else kind,
                order=len(rules),
                parent=parent_rule_id(rule_id),
            )
        )
    return [replace(rule, text=_repair_spacing(rule.text)) for rule in rules]


def _unique(rule_id: str, seen: set[str]) -> str:
    """A number the source repeats with no repair possible keeps its rows apart: ``461.7~2``.

    Dropping either row would lose official text, and merging them would misquote both.
    """
    if rule_id not in seen:
        return rule_id
    copy = 2
    while f"{rule_id}~{copy}" in seen:
        copy += 1
    return f"{rule_id}~{copy}"
