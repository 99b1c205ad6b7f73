"""Riftbound rule numbers (``355.6.a.1``): recognising, normalising and nesting them, shared by
the rules loader (``data.riftbound_rules``) and the index (``reference.riftbound``)."""

from __future__ import annotations

import re

# A rule number: three digits, then any mix of numeric and single-letter parts.
_RULE_ID = re.compile(r"^\d{3}(?:\.(?:\d+|[a-z]))*$")


def normalize_rule_id(raw: str) -> str:
    """``"355.6.A.1."`` -> ``"355.6.a.1"``; raises ``ValueError`` when it is not a rule number."""
    cleaned = raw.strip().rstrip(".").lower()
    if not _RULE_ID.match(cleaned):
        raise ValueError(f"not a Riftbound rule number: {raw!r}")
    return cleaned


# Ways users write the parts of a number, Magic-style: "355.9b", "355.9(b)", "355,9b", "§355.9".
_TYPED_PREFIX = re.compile(r"^(?:rules?\s*|r\.?\s*)?[#§]?\s*")
_BRACKETED_PART = re.compile(r"\(\s*([a-z0-9]+)\s*\)")
_SEPARATOR = re.compile(r"\s*[.,]\s*")
_GLUED_PART = re.compile(r"(?<=\d)(?=[a-z])|(?<=[a-z])(?=\d)")


def typed_rule_id(typed: str) -> str | None:
    """A rule number as a user may type it -> its id, or ``None`` when it is not one.

    Magic glues a subrule's letter on ("115.7a"), so users write "355.9b" for 355.9.b; brackets,
    a decimal comma and a section sign are read too: "355.9(b)", "355,9b", "§ 355.9.b".
    """
    if len(typed) > 40:
        return None
    cleaned = _TYPED_PREFIX.sub("", typed.strip().lower())
    cleaned = _BRACKETED_PART.sub(r".\1", cleaned)
    cleaned = _GLUED_PART.sub(".", _SEPARATOR.sub(".", cleaned))
    cleaned = re.sub(r"\.{2,}", ".", cleaned).rstrip(".")
    return cleaned if _RULE_ID.fullmatch(cleaned) else None


def parent_rule_id(rule_id: str) -> str | None:
    """The rule one level up (``355.6.a`` -> ``355.6``); top-level rules have none."""
    head, dot, _ = rule_id.rpartition(".")
    return head if dot else None


def is_rule_id(text: str) -> bool:
    """True when ``text`` looks like a rule number (with or without the trailing dot)."""
    return bool(_RULE_ID.match(text.strip().rstrip(".").lower()))
