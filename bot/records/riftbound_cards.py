"""Riftbound card records: one printing of a card as the loaders make it
(``data.riftbound_cards``) and the index and commands read it (``reference.riftbound``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Card gallery symbols -> the bracket shorthand the official FAQ and errata use.
_SYMBOLS = {
    "rb_might": "[M]",
    "rb_exhaust": "[E]",
    "rb_rune_rainbow": "[A]",
}
_SYMBOL = re.compile(r":(rb_[a-z0-9_]+):")


@dataclass(frozen=True)
class RiftboundCard:
    """One printing of a card.  ``text`` is ``ability_text`` with symbols as ``[M]``, ``[2]``."""

    id: str
    name: str
    public_code: str
    set_name: str
    set_id: str
    rarity: str
    domains: tuple[str, ...]
    card_types: tuple[str, ...]
    super_types: tuple[str, ...]
    energy: int | None
    might: int | None
    power: int | None
    tags: tuple[str, ...]
    ability_text: str
    image_url: str = ""

    @property
    def text(self) -> str:
        return render_symbols(self.ability_text)

    @property
    def type_line(self) -> str:
        words = [*self.super_types, *self.card_types]
        line = " ".join(words)
        return f"{line} — {', '.join(self.tags)}" if self.tags else line


def render_symbols(text: str) -> str:
    """``:rb_energy_2:`` -> ``[2]``, ``:rb_rune_fury:`` -> ``[Fury]``, ``:rb_might:`` -> ``[M]``."""

    def replace(match: re.Match[str]) -> str:
        code = match.group(1)
        if code in _SYMBOLS:
            return _SYMBOLS[code]
        if code.startswith("rb_energy_"):
            return f"[{code.removeprefix('rb_energy_')}]"
        if code.startswith("rb_rune_"):
            return f"[{code.removeprefix('rb_rune_').title()}]"
        return match.group(0)

    return _SYMBOL.sub(replace, text)
