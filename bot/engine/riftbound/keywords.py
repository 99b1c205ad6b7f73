"""What a permanent's printed text says about being chosen: Deflect (rule 809 in v1.3, 735 in
v1.2) and "I can't be chosen by enemy spells and abilities".

Only abilities the permanent always has count: a keyword granted under a condition
("[Level 6][>] I have [Deflect]", "While I'm [Mighty], I have [Deflect]") or to other units
("your other units here have [Deflect]") is not read as the permanent's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Reminder text in parentheses says what a keyword does; it is not an ability of its own.
_REMINDER = re.compile(r"\([^()]*\)")
# The keywords a card opens with: "[Accelerate] [Assault 2] [Deflect] [Ganking]".
_LEADING_KEYWORDS = re.compile(r"^(?:\s*\[[^\]]+\])+")
_KEYWORD = re.compile(r"\[([^\]]+)\]")
_DEFLECT = re.compile(r"deflect(?:\s+(?P<value>\d+))?", re.IGNORECASE)
_UNCHOOSABLE = re.compile(
    r"(?:^|[.\]]\s*)I can[’']t be chosen by enemy spells and abilities", re.IGNORECASE
)
# Keywords that make what follows conditional.
_CONDITIONS = ("level", ">")


@dataclass(frozen=True)
class ChoosingAbilities:
    """``deflect``: the Deflect value (0 without it; "[Deflect]" alone is 1, 809.1.b.3).
    ``enemies_cant_choose``: "I can't be chosen by enemy spells and abilities"."""

    deflect: int = 0
    enemies_cant_choose: bool = False


def choosing_abilities(text: str) -> ChoosingAbilities:
    """Read a permanent's unconditional Deflect and "can't be chosen" from its text."""
    deflect = 0
    unchoosable = False
    for raw_line in text.splitlines():
        line = _REMINDER.sub("", raw_line).strip()
        leading = _LEADING_KEYWORDS.match(line)
        if leading:
            for keyword in _KEYWORD.findall(leading.group(0)):
                if keyword.strip().lower().startswith(_CONDITIONS):
                    break
                found = _DEFLECT.fullmatch(keyword.strip())
                if found:
                    deflect += int(found.group("value") or 1)  # 809.2: values add up
        unconditional = line if not leading else line[leading.end() :]
        if leading and any(
            k.strip().lower().startswith(_CONDITIONS) for k in _KEYWORD.findall(leading.group(0))
        ):
            continue
        if _UNCHOOSABLE.search(unconditional.strip()) and not re.match(
            r"\s*(?:while|if|as long as)\b", unconditional, re.IGNORECASE
        ):
            unchoosable = True
    return ChoosingAbilities(deflect, unchoosable)
