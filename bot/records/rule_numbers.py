"""Comprehensive Rules numbers: recognising, normalising, ordering and nesting them.

A CR number is a chapter (``1``), a section (``115``), a rule (``115.7``) or a subrule
(``115.7a``).  Subrule letters skip "l" and "o" (CR introduction), which changes nothing here.
This module is pure (no I/O) so the parser, the importer and the index share one definition.
"""

from __future__ import annotations

import re

# A rule or subrule as written at the start of a CR line: "115.7." or "115.7a".
RULE_NUMBER = re.compile(r"(?P<section>\d{3})\.(?P<rule>\d{1,3})(?P<letter>[a-z]?)")

# What users type: "115.7a", "CR 115.7a", "cr115.7a", "r115.7a", "rule 115.7 a", "115.7.", "#115",
# and forms from other documents and languages: "115.7(a)", "§115.7a", "115,7a" (decimal comma),
# "115-7a" (a dash for the dot).
_QUERY_NUMBER = re.compile(
    r"""^\s*
    (?:(?:comp(?:rehensive)?\s*rules?|cr|rules?|r)\s*[#:.]?\s*)?
    [\#§]?\s*
    (?P<head>\d{1,3})
    (?:\s*[.,\-–]\s*(?P<rule>\d{1,3}))?
    \s*\.?\s*
    (?:(?P<letter>[a-z])|\(\s*(?P<bracketed>[a-z])\s*\))?
    \s*\.?\s*$""",
    re.IGNORECASE | re.VERBOSE,
)

# A rule number with more stuck to it: "702.19cc", "115.7a2", "702.1234".
_NUMBER_AND_MORE = re.compile(
    r"^\s*(?:(?:cr|rules?|r)\s*)?[\#§]?\s*"
    r"(?P<number>\d{3}\s*[.,\-–]\s*\d{1,3}[a-z]?)(?P<more>[a-z0-9]+)\s*\.?\s*$",
    re.IGNORECASE,
)

# Sorts after every real number; used for junk so sorting never fails.
_LAST = (10**6, 0, 0, "")


def normalize_rule_number(query: str) -> str | None:
    """``"CR 115.7 A"`` -> ``"115.7a"``; ``None`` when the text is not a CR number form.

    Chapters are one digit, sections three; a letter needs a rule (``115a`` is not a form).
    """
    if len(query) > 40:
        return None
    match = _QUERY_NUMBER.match(query)
    if match is None:
        return None
    head, rule = match.group("head"), match.group("rule")
    letter = match.group("letter") or match.group("bracketed")
    if rule is None:
        if letter or len(head) == 2:
            return None
        return str(int(head)) if len(head) == 1 else head
    if len(head) != 3:
        return None
    return f"{head}.{int(rule)}{(letter or '').lower()}"


def mistyped_rule_number(query: str) -> str | None:
    """``"702.19cc"`` -> ``"702.19c"``: the rule number a query starts with when more letters
    or digits are stuck to it, so it is not a number form; ``None`` otherwise."""
    if len(query) > 40 or normalize_rule_number(query) is not None:
        return None
    match = _NUMBER_AND_MORE.match(query)
    return normalize_rule_number(match.group("number")) if match else None


def rule_sort_key(number: str) -> tuple[int, int, int, str]:
    """Order CR numbers as the document does: ``1`` < ``100`` < ``100.1`` < ``100.1a`` < ``100.2``.

    Anything that is not a CR number sorts last instead of raising.
    """
    if number.isdigit() and len(number) == 1:
        return (int(number), -1, -1, "")
    if number.isdigit() and len(number) == 3:
        return (int(number[0]), int(number), -1, "")
    match = RULE_NUMBER.fullmatch(number)
    if match is None:
        return _LAST
    section = int(match.group("section"))
    return (section // 100, section, int(match.group("rule")), match.group("letter"))


def sort_key_text(number: str) -> str:
    """A string that sorts like :func:`rule_sort_key`, for SQL ``ORDER BY``."""
    chapter, section, rule, letter = rule_sort_key(number)
    return f"{chapter:07d}.{section + 1:04d}.{rule + 1:04d}.{letter}"


def parent_number(number: str) -> str | None:
    """``115.7a`` -> ``115.7``; ``115.7`` -> ``115``; ``115`` -> ``1``; a chapter has none."""
    match = RULE_NUMBER.fullmatch(number)
    if match is not None:
        if match.group("letter"):
            return f"{match.group('section')}.{match.group('rule')}"
        return match.group("section")
    if number.isdigit() and len(number) == 3:
        return number[0]
    return None


def kind_of(number: str) -> str:
    """``"chapter"``, ``"section"``, ``"rule"``, ``"subrule"`` or ``"other"``."""
    if number.isdigit():
        return {1: "chapter", 3: "section"}.get(len(number), "other")
    match = RULE_NUMBER.fullmatch(number)
    if match is None:
        return "other"
    return "subrule" if match.group("letter") else "rule"
