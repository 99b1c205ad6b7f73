"""A tiny set of real card names for the parser's tests (the card index stands in for it).

The names are real Oracle names, including the awkward ones: commas ("Ashiok, Dream Render"),
"and" ("Sword of Fire and Ice"), split cards ("Fire // Ice"), apostrophes ("Gaea's Cradle"),
full stops ("Mr. Orfeo, the Boulder") and verbs ("Return to Nature").
"""

from __future__ import annotations

CARD_NAMES = frozenset(
    name.casefold()
    for name in (
        "Runeclaw Bear",
        "Mind Control",
        "Ghostly Flicker",
        "Llanowar Elves",
        "Spellskite",
        "Lightning Bolt",
        "Grizzly Bears",
        "Arc Trail",
        "Fireball",
        "Cryptic Command",
        "Fire // Ice",
        "Redirect",
        "Deflection",
        "Gold Rush",
        "Iron Bully",
        "Arcbound Ravager",
        "Vault Skirge",
        "Giant Growth",
        "Troll Ascetic",
        "Sword of Fire and Ice",
        "Ashiok, Dream Render",
        "Gaea's Cradle",
        "Return to Nature",
        "Mr. Orfeo, the Boulder",
        "Blazing Scorcher",
        "Play with Fire",
        "First Response",
        "Mind Control",
    )
)


def is_known_name(text: str) -> bool:
    """The card index's exact matcher, normalised by case and spacing."""
    return " ".join(text.split()).casefold() in CARD_NAMES
