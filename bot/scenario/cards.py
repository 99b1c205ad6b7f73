"""How the scenario layer finds cards, without knowing where they are stored.

The scenario language depends on the engine only (architecture: scenario -> engine), so it asks
for cards through this small protocol; the commands layer adapts the card index to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

from bot.engine.cards import CardData
from bot.errors import UserError

Card_co = TypeVar("Card_co", covariant=True)


class CardLookup(Protocol[Card_co]):
    """Card names as the judge typed them -> the engine's card (MTG's ``CardData``, Riftbound's
    ``RbCard``); the commands layer adapts each game's card index to it."""

    def exact(self, name: str) -> Card_co | None:
        """The card named exactly ``name`` (case, accents and punctuation aside), or None."""
        ...

    def names(self) -> Iterable[str]:
        """Every card name (and face name): the statement splitter keeps those holding ``.?!;``
        whole ("TL;DR", "Get Excited!")."""
        ...

    def resolve(self, name: str) -> Card_co:
        """The card ``name`` means, allowing misspellings.

        Raises ``NotFoundError`` or ``AmbiguousError`` naming the closest cards.
        """
        ...


MtgCardLookup = CardLookup[CardData]


class _Named(Protocol):
    @property
    def name(self) -> str: ...


def full_name(cards: CardLookup[_Named], name: str) -> str | None:
    """The full name of the card ``name`` means, shortened or misspelled ("Bolt" ->
    "Lightning Bolt"); None when it names no card, or several."""
    try:
        return cards.resolve(name).name
    except UserError:
        return None
