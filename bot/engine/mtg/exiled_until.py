"""Cards exiled "until" their exiler leaves, and the linked "return the exiled card".

Banishing Light, Banisher Priest, Portable Hole: "exile target ... until this enchantment
leaves the battlefield": when it leaves, a second one-shot effect returns the card at once
(CR 610.3), under its owner's control (610.3c); if the exiler left before the effect that
exiles happens, the card doesn't move (610.3b).  Oblivion Ring, Journey to Nowhere: the card
is exiled for good by one ability, and a linked leaves-the-battlefield ability (607.2a,
603.6c) returns "the exiled card" as it resolves.
"""

from __future__ import annotations

import re

from bot.engine.model import GameObject
from bot.engine.patterns import remembered

LINKED_RETURN = "linked return"
# How the departure of a card returned this way ends (``GameState.move``'s event).
RETURNS_AT_ONCE = " (610.3)"  # the keyword of Oblivion Ring's leaves trigger on the stack

_UNTIL_IT_LEAVES = remembered(
    re.compile(r"\buntil (?:this [a-z]+|~) leaves the battlefield\b", re.IGNORECASE)
)
_RETURNS_THE_EXILED_CARD = remembered(
    re.compile(
        r"\bwhen (?:this [a-z]+|~) leaves the battlefield, (?P<effect>return the exiled "
        r"(?:card|cards|permanent|permanents) to the battlefield under (?:its|their) "
        r"owners?'?s?'? control\.?)",
        re.IGNORECASE,
    )
)


def _own_text(source: GameObject) -> str:
    """``source``'s text with its own name read as "~" (201.5)."""
    return source.oracle_text.replace(source.name, "~")


def exiles_until_it_leaves(text: str, source: GameObject) -> bool:
    """Whether an exile effect of ``source`` lasts "until this ... leaves the battlefield"
    (CR 610.3)."""
    return _UNTIL_IT_LEAVES.search(text.replace(source.name, "~")) is not None


def linked_return(source: GameObject) -> str:
    """The effect of ``source``'s "When this ... leaves the battlefield, return the exiled
    card ..." ability (Oblivion Ring; 607.2a), "" if it has none."""
    found = _RETURNS_THE_EXILED_CARD.search(_own_text(source))
    return found["effect"][0].upper() + found["effect"][1:] if found else ""


def returns_at_once(source: GameObject) -> bool:
    """Whether what ``source`` exiled comes back as it leaves, with no trigger (610.3)."""
    return _UNTIL_IT_LEAVES.search(_own_text(source)) is not None


def is_linked_return(text: str) -> bool:
    """Whether a resolving part is Oblivion Ring's "return the exiled card ..." (607.2a)."""
    return re.match(r"return the exiled (?:card|permanent)s?\b", text, re.IGNORECASE) is not None
