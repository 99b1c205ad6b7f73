"""Predefined tokens (CR 111.10): what "a Treasure token" is when nothing else is said.

A token named only by its subtype ("Alice controls a Treasure token.") has the characteristics
the rule defines: a Treasure is an artifact, not a creature, so Shatter can target it and Doom
Blade can't.  Roles are left out (each needs the creature it enchants); an Incubator is its front
face (its back face, the Phyrexian artifact creature, isn't modelled).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PredefinedToken:
    rule: str
    name: str
    card_types: tuple[str, ...]
    subtypes: tuple[str, ...]
    oracle_text: str
    power: int | None = None
    toughness: int | None = None
    colors: tuple[str, ...] = ()


def _artifact(rule: str, name: str, text: str) -> PredefinedToken:
    return PredefinedToken(rule, name, ("artifact",), (name,), text)


PREDEFINED_TOKENS = {
    t.name.casefold(): t
    for t in (
        _artifact("111.10a", "Treasure", "{T}, Sacrifice this token: Add one mana of any color."),
        _artifact("111.10b", "Food", "{2}, {T}, Sacrifice this token: You gain 3 life."),
        _artifact("111.10c", "Gold", "Sacrifice this token: Add one mana of any color."),
        PredefinedToken("111.10d", "Walker", ("creature",), ("Zombie",), "", 2, 2, ("B",)),
        PredefinedToken(
            "111.10e",
            "Shard",
            ("enchantment",),
            ("Shard",),
            "{2}, Sacrifice this token: Scry 1, then draw a card.",
        ),
        _artifact("111.10f", "Clue", "{2}, Sacrifice this token: Draw a card."),
        _artifact(
            "111.10g", "Blood", "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."
        ),
        _artifact(
            "111.10h",
            "Powerstone",
            "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.",
        ),
        # 111.10i: a double-faced token; its front face is a colorless Incubator artifact.
        _artifact("111.10i", "Incubator", "{2}: Transform this token."),
        _artifact(
            "111.10s",
            "Map",
            "{1}, {T}, Sacrifice this token: Target creature you control explores. Activate "
            "only as a sorcery.",
        ),
        _artifact(
            "111.10t",
            "Junk",
            "{T}, Sacrifice this token: Exile the top card of your library. You may play that "
            "card this turn. Activate only as a sorcery.",
        ),
        _artifact(
            "111.10u",
            "Lander",
            "{2}, {T}, Sacrifice this token: Search your library for a basic land card, put it "
            "onto the battlefield tapped, then shuffle.",
        ),
    )
}


def predefined_token(word: str) -> PredefinedToken | None:
    """The predefined token ``word`` names ("Treasure", "clue"), or None."""
    return PREDEFINED_TOKENS.get(word.casefold())
