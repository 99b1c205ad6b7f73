"""Predefined tokens (CR 111.10): what "a Treasure token" is when nothing else is said.

A token named only by its subtype ("Alice controls a Treasure token.") has the characteristics
the rule defines: a Treasure is an artifact, not a creature, so Shatter can target it and Doom
Blade can't.  A Role is named by its name and "Role" ("a Monster Role token attached to Runeclaw
Bear": an Aura needs what it enchants); an Incubator is its front face (its back face, the
Phyrexian artifact creature, isn't modelled).
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
    key: str = ""  # the word said after its name: "Role" ("a Monster Role token")

    @property
    def called(self) -> str:
        """How a statement names it: "Treasure", "Monster Role"."""
        return f"{self.name} {self.key}".strip()


def _artifact(rule: str, name: str, text: str) -> PredefinedToken:
    return PredefinedToken(rule, name, ("artifact",), (name,), text)


def _role(rule: str, name: str, text: str) -> PredefinedToken:
    """CR 111.10j-r: "a colorless Aura Role enchantment token named Monster with enchant
    creature and ..."; said "a Monster Role token"."""
    return PredefinedToken(
        rule, name, ("enchantment",), ("Aura", "Role"), f"Enchant creature\n{text}", key="Role"
    )


_ROLES = (
    _role("111.10j", "Cursed", "Enchanted creature has base power and toughness 1/1."),
    _role("111.10k", "Monster", "Enchanted creature gets +1/+1 and has trample."),
    _role("111.10m", "Royal", "Enchanted creature gets +1/+1 and has ward {1}."),
    _role(
        "111.10n",
        "Sorcerer",
        'Enchanted creature gets +1/+1 and has "Whenever this creature attacks, scry 1."',
    ),
    _role(
        "111.10p",
        "Virtuous",
        "Enchanted creature gets +1/+1 for each enchantment you control.",
    ),
    _role(
        "111.10q",
        "Wicked",
        "Enchanted creature gets +1/+1.\nWhen this token is put into a graveyard from the "
        "battlefield, each opponent loses 1 life.",
    ),
    _role(
        "111.10r",
        "Young Hero",
        'Enchanted creature has "Whenever this creature attacks, if its toughness is 3 or '
        'less, put a +1/+1 counter on it."',
    ),
)

PREDEFINED_TOKENS = {
    t.called.casefold(): t
    for t in (
        *_ROLES,
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
    """The predefined token ``word`` names ("Treasure", "clue", "Monster Role"), or None."""
    return PREDEFINED_TOKENS.get(word.casefold())
