"""MTG card records: one Oracle card, its faces, a ruling, as the loaders make them
(``data.scryfall``) and the indexes and commands read them (``reference.cards``,
``commands.cards``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

# Scryfall layouts of tokens and emblems: cards a name lookup should not prefer.
TOKEN_LAYOUTS = frozenset({"token", "double_faced_token", "emblem"})


@dataclass(frozen=True, slots=True)
class CardFace:
    name: str
    mana_cost: str
    type_line: str
    oracle_text: str
    power: str
    toughness: str
    loyalty: str
    defense: str
    colors: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """One Oracle card.  ``faces`` is empty for single-faced cards (and meld parts, which
    Scryfall models as separate cards linked by ``all_parts``)."""

    oracle_id: str
    name: str
    layout: str
    mana_cost: str
    cmc: float
    type_line: str
    oracle_text: str
    power: str
    toughness: str
    loyalty: str
    defense: str
    colors: tuple[str, ...]
    color_identity: tuple[str, ...]
    keywords: tuple[str, ...]
    faces: tuple[CardFace, ...]
    # (format, "legal" | "restricted" | "banned"), as the card data says; formats where the
    # card is not legal are left out.  Empty in stores imported before it was kept.
    legalities: tuple[tuple[str, str], ...] = ()

    @property
    def is_token(self) -> bool:
        return self.layout in TOKEN_LAYOUTS or self.type_line.startswith("Token")

    @property
    def face_names(self) -> tuple[str, ...]:
        return tuple(face.name for face in self.faces)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict; ``card_from_dict`` reads it back."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Ruling:
    oracle_id: str
    source: str
    published_at: str
    comment: str


def card_from_dict(data: Mapping[str, Any]) -> Card:
    """Read back ``Card.to_dict()`` (the form stored in the reference store)."""
    faces = tuple(CardFace(**{**face, "colors": tuple(face["colors"])}) for face in data["faces"])
    return Card(
        **{
            **data,
            "colors": tuple(data["colors"]),
            "color_identity": tuple(data["color_identity"]),
            "keywords": tuple(data["keywords"]),
            "faces": faces,
            "legalities": tuple(tuple(pair) for pair in data.get("legalities", ())),
        }
    )
