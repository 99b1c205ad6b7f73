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


def parent_rule_id(rule_id: str) -> str | None:
    """The rule one level up (``355.6.a`` -> ``355.6``); top-level rules have none."""
    head, dot, _ = rule_id.rpartition(".")
    return head if dot else None


def is_rule_id(text: str) -> bool:
    """True when ``text`` looks like a rule number (with or without the trailing dot)."""
    return bool(_RULE_ID.match(text.strip().rstrip(".").lower()))
