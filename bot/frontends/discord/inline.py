"""Find inline references in a chat message: ``[[card]]``, ``[[card|rulings]]``, ``CR 115.7a``.

Pure parsing: returns the command calls to run, in order, without duplicates.  Text in code
(``` blocks and `spans`) is ignored, so quoting a reference never triggers it.
"""

from __future__ import annotations

import re

from bot.commands.dispatch import CARD, RIFTBOUND_CARD, RULE, RULINGS, CommandCall

# One reply holds at most 10 embeds (Discord's limit); more references are named as skipped.
MAX_REFERENCES = 10
MAX_NAME_CHARS = 100

_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
_CARD = re.compile(r"\[\[([^\[\]\n|]{1,200})(?:\|([^\[\]\n]{0,20}))?\]\]")
# CR 115.7a, CR 702, cr 601.2c - a rule number (CR 100.1a..999.99z) or a section (100-999).
_RULE = re.compile(r"\bCR\s*(\d{3}(?:\.\d{1,3}[a-z]?)?)(?![\w.]*\d)", re.IGNORECASE)


def find_references(text: str, game: str = "mtg") -> list[CommandCall]:
    """Command calls for every reference in ``text``, in order, without duplicates.

    ``[[name]]`` looks the card up in ``game``; ``[[name|rulings]]`` lists an MTG card's
    rulings; ``CR <number>`` is always the Magic Comprehensive Rules.
    """
    plain = _CODE.sub(" ", text)
    found: list[tuple[int, CommandCall]] = []
    for match in _CARD.finditer(plain):
        name = " ".join(match[1].split())[:MAX_NAME_CHARS]
        if not name:
            continue
        option = (match[2] or "").strip().lower()
        if option == "rulings":
            found.append((match.start(), RULINGS.call(name)))
        elif game == "riftbound":
            found.append((match.start(), RIFTBOUND_CARD.call(name)))
        else:
            found.append((match.start(), CARD.call(name)))
    for match in _RULE.finditer(plain):
        found.append((match.start(), RULE.call(match[1].lower())))
    calls: list[CommandCall] = []
    for _, call in sorted(found, key=lambda item: item[0]):
        if call not in calls:
            calls.append(call)
    return calls
