"""How the scenario layer finds cards, without knowing where they are stored.

The scenario language depends on the engine only (architecture: scenario -> engine), so it asks
for cards through this small protocol; the commands layer adapts the card index to it.
"""

from __future__ import annotations

from typing import Protocol

from bot.engine.cards import CardData


class CardLookup(Protocol):
    """Card names as the judge typed them -> the engine's ``CardData``."""

    def exact(self, name: str) -> CardData | None:
        """The card named exactly ``name`` (case, accents and punctuation aside), or None."""
        ...

    def resolve(self, name: str) -> CardData:
        """The card ``name`` means, allowing misspellings.

        Raises ``NotFoundError`` or ``AmbiguousError`` naming the closest cards.
        """
        ...


class MappingCardLookup:
    """A lookup over a fixed set of cards (tests and benchmarks); exact names only."""

    def __init__(self, cards: dict[str, CardData]) -> None:
        self._cards = {name.casefold(): card for name, card in cards.items()}

    def exact(self, name: str) -> CardData | None:
        return self._cards.get(name.strip().casefold())

    def resolve(self, name: str) -> CardData:
        from bot.errors import NotFoundError

        card = self.exact(name)
        if card is None:
            raise NotFoundError(f"No card is named “{name}”.")
        return card
