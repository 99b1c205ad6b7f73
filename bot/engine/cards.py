"""Card data the outside world hands to the engine, and type-line parsing (CR 205).

The engine never reads files: loaders build ``CardData`` values (``from_scryfall`` accepts the
Scryfall card shape as a plain dict) and pass them in.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.engine.errors import EngineError
from bot.engine.model import COLOR_NAMES

# CR 205.2a: the card types.
CARD_TYPES: frozenset[str] = frozenset(
    {
        "artifact",
        "battle",
        "conspiracy",
        "creature",
        "dungeon",
        "enchantment",
        "instant",
        "kindred",
        "land",
        "phenomenon",
        "plane",
        "planeswalker",
        "scheme",
        "sorcery",
        "tribal",  # the old name of kindred, still on some type lines
        "vanguard",
    }
)

# CR 205.4a: the supertypes.
SUPERTYPES: frozenset[str] = frozenset(
    {"basic", "legendary", "ongoing", "snow", "world", "elite", "host"}
)

_COLOR_WORDS = frozenset(COLOR_NAMES.values())


@dataclass(frozen=True)
class TypeLine:
    """A type line split into card types, subtypes and supertypes (CR 205.1), all lowercase."""

    card_types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]


# The subtypes of two words (CR 205.3m lists "Time Lord" among the creature types).
TWO_WORD_SUBTYPES: frozenset[str] = frozenset({"time lord"})


# A card's types are read each time an object is made from it (issue 14); a type line always
# reads the same, and the parts are frozen.
@functools.lru_cache(maxsize=4096)
def names_itself(said: str, name: str) -> bool:
    """Whether ``said`` is the card's own name, whole or shortened ("When Yannik enters" on
    Yannik, Scavenging Sentinel; "When Kokusho dies" on Kokusho, the Evening Star: CR 201.5c)."""
    said, name = said.lower().strip(), name.lower()
    return said == name or name.startswith((f"{said},", f"{said} of "))


# The order card types are printed in ("Legendary Enchantment Artifact", "Artifact Land",
# "Land Creature" on Dryad Arbor, "Kindred Instant").
_PRINTED_TYPE_ORDER = (
    "kindred",
    "tribal",
    "enchantment",
    "artifact",
    "land",
    "creature",
    "planeswalker",
    "battle",
    "instant",
    "sorcery",
)


def type_line_of(
    supertypes: frozenset[str], card_types: frozenset[str], subtypes: frozenset[str]
) -> str:
    """A type line made from its parts, as printed (CR 205.1a): "Legendary Creature — Faerie
    Rogue"; the inverse of ``parse_type_line`` (the subtypes in alphabetical order)."""
    rank = {kind: n for n, kind in enumerate(_PRINTED_TYPE_ORDER)}
    kinds = sorted(card_types, key=lambda kind: (rank.get(kind, len(rank)), kind))
    line = " ".join(sorted(supertypes) + kinds).title()
    if subtypes:
        line += " — " + " ".join(sorted(subtypes)).title()
    return line


def parse_type_line(type_line: str) -> TypeLine:
    """Split "Legendary Artifact Creature — Phyrexian Horror" into its parts (CR 205.1a).

    Words before the dash are card types or supertypes; subtypes are the words after it.
    Unknown words before the dash are treated as card types so nothing is silently lost.
    A split card's "Instant // Sorcery" is its two halves combined (CR 709.4), so a type
    both halves share is one card type (Fire // Ice is an instant card, Tarmogoyf counts it
    once), and "//" is no type.
    """
    if " // " in type_line:
        halves = [parse_type_line(half) for half in type_line.split(" // ")]
        return TypeLine(
            frozenset().union(*(half.card_types for half in halves)),
            frozenset().union(*(half.subtypes for half in halves)),
            frozenset().union(*(half.supertypes for half in halves)),
        )
    head, _, tail = type_line.replace(" - ", " — ").partition("—")
    card_types: set[str] = set()
    supertypes: set[str] = set()
    for word in head.lower().split():
        (supertypes if word in SUPERTYPES else card_types).add(word)
    words = tail.lower()
    # "Creature — Time Lord Doctor": a subtype of two words is one subtype (CR 205.3m).
    two_words = {subtype for subtype in TWO_WORD_SUBTYPES if subtype in words}
    for subtype in two_words:
        words = words.replace(subtype, " ")
    subtypes = set(words.split()) | two_words
    return TypeLine(frozenset(card_types), frozenset(subtypes), frozenset(supertypes))


def normalize_colors(colors: tuple[str, ...] | list[str] | frozenset[str]) -> frozenset[str]:
    """Accept colour letters (``R``) or names (``red``) and return lowercase names (CR 105.1)."""
    names: set[str] = set()
    for color in colors:
        key = color.strip()
        if key.upper() in COLOR_NAMES:
            names.add(COLOR_NAMES[key.upper()])
        elif key.lower() in _COLOR_WORDS:
            names.add(key.lower())
        else:
            raise EngineError(
                f"{color!r} is not a colour.",
                hint="Use W, U, B, R, G or white, blue, black, red, green.",
            )
    return frozenset(names)


# CR 110.4: the card types a permanent can have.
_PERMANENT_TYPES = frozenset(
    {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}
)


def cost_mana_value(cost: str) -> int:
    """The mana value of a mana cost (CR 202.3): generic numbers count as written, each other
    symbol as one, a hybrid symbol as its largest part (202.3f), X as 0 (202.3e)."""
    total = 0
    for symbol in re.findall(r"\{([^}]+)\}", cost.upper()):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol in ("X", "Y", "Z"):
            continue
        else:
            total += max(int(part) if part.isdigit() else 1 for part in symbol.split("/"))
    return total


def _stat(value: Any) -> int | None:
    """Power, toughness and loyalty: printed numbers; None for '*'-style values, which a
    characteristic-defining ability sets from the game (CR 208.2a: Tarmogoyf's "*/1+*")."""
    if value is None or value == "":
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _pt_text(obj: Mapping[str, Any]) -> str:
    """The printed "*/1+*" of a card whose power or toughness isn't a plain number."""
    power, toughness = obj.get("power"), obj.get("toughness")
    if not power or not toughness:  # absent, or empty in some card data
        return ""
    if _stat(power) is not None and _stat(toughness) is not None:
        return ""
    return f"{power}/{toughness}"


def _face_keywords(keywords: Any, face: Mapping[str, Any]) -> tuple[str, ...]:
    """The keywords of a whole card's list that ``face``'s own text names."""
    text = str(face.get("oracle_text", "")).casefold()
    return tuple(
        str(k) for k in keywords if re.search(rf"\b{re.escape(str(k).casefold())}\b", text)
    )


@dataclass(frozen=True)
class CardData:
    """One card (or one face of a multi-face card) as the engine needs it."""

    name: str
    type_line: str
    oracle_text: str = ""
    mana_cost: str = ""
    mana_value: int = 0
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    colors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    faces: tuple[CardData, ...] = ()
    pt_text: str = ""  # "*/1+*" when an ability defines power or toughness (CR 208.2a)
    # A modal double-faced card's face that is up on the battlefield (Tergrid's Lantern) keeps
    # the whole card here: in every other zone it is that card, with its front face's
    # characteristics (CR 712.8a, 712.8f).
    elsewhere: CardData | None = None

    @property
    def types(self) -> TypeLine:
        return parse_type_line(self.type_line)

    @property
    def color_names(self) -> frozenset[str]:
        return normalize_colors(self.colors)

    @property
    def has_x(self) -> bool:
        """The mana cost contains {X}, so X is announced while casting (CR 601.2b, 107.3)."""
        return "{X}" in self.mana_cost

    @property
    def is_permanent_card(self) -> bool:
        """CR 110.4a: a card that could be put onto the battlefield, one with a permanent type
        on some face (an Adventurer's creature, a modal double-faced card's land back); an
        instant or sorcery can't be a permanent (110.4, 304.4, 307.4)."""
        return any(face.types.card_types & _PERMANENT_TYPES for face in self.faces or (self,))

    def outside_stack(self) -> CardData:
        """What this card is on the battlefield and in every zone but the stack: the front face
        of a double-faced, adventurer or flip card (CR 712.8a, 715.4, 710.1), the whole card
        otherwise (a split Room keeps both halves, CR 709.5)."""
        if not self.faces:
            return self
        front = self.faces[0]
        types = front.types.card_types
        if types & _PERMANENT_TYPES and "room" not in front.types.subtypes:
            return front
        return self

    def off_battlefield(self) -> CardData:
        """What this card is in a zone other than the battlefield or the stack (a graveyard,
        a hand, exile, a library): the front face of every double-faced card, a modal one
        whose front is an instant or sorcery too (Shatterskull Smashing is a sorcery card
        there, not a land card: CR 712.8a); ``outside_stack`` otherwise (a split card keeps
        both halves, 709.4)."""
        if self.spell_only_front:
            return self.faces[0]
        return self.outside_stack()

    def face_up_as(self, name: str) -> CardData:
        """The face called ``name`` when it is a modal double-faced card's other permanent
        face, to be up on the battlefield (Tergrid's Lantern, Shatterskull, the Hammer Pass;
        CR 712.8f, 712.13), knowing the whole card for the other zones (712.8a); this card's
        own ``outside_stack`` face otherwise (an Adventure or split half isn't a permanent
        face, a Room keeps both halves). A modal double-faced card whose front is an instant or
        sorcery is a permanent only with its permanent face up, whichever name calls it
        (Emeria's Call is Emeria, Shattered Skyclave on the battlefield; QA 56 M9)."""
        wanted = name.strip().casefold()
        permanent_faces = [
            face
            for face in self.faces[1:]
            if face.types.card_types & _PERMANENT_TYPES and "room" not in face.types.subtypes
        ]
        for face in permanent_faces:
            if face.name.casefold() == wanted:
                return replace(face, elsewhere=self)
        if permanent_faces and self.spell_only_front:
            return replace(permanent_faces[0], elsewhere=self)
        return self.outside_stack()

    @property
    def spell_only_front(self) -> bool:
        """A modal double-faced card whose front face is an instant or sorcery and whose back
        is a permanent (Emeria's Call // Emeria, Shattered Skyclave): a permanent only with its
        back face up (CR 110.4a, 712.8f)."""
        return bool(
            self.faces
            and not self.faces[0].types.card_types & _PERMANENT_TYPES
            and any(
                face.types.card_types & _PERMANENT_TYPES and "room" not in face.types.subtypes
                for face in self.faces[1:]
            )
        )

    def face(self, name: str) -> CardData:
        """The face called ``name`` (case-insensitive), or this card when it has one face."""
        wanted = name.strip().lower()
        if wanted == self.name.lower() and not self.faces:
            return self
        for face in self.faces:
            if face.name.lower() == wanted:
                return face
        if wanted == self.name.lower():
            return self
        known = [face.name for face in self.faces] or [self.name]
        raise EngineError(
            f"{self.name} has no face called {name!r}.",
            hint="Name one of: " + ", ".join(known) + ".",
        )

    @classmethod
    def from_scryfall(cls, card: Mapping[str, Any]) -> CardData:
        """Build from a card in Scryfall's bulk-data shape (faces for split, adventure, DFC)."""
        faces = tuple(
            cls(
                name=str(face.get("name", "")),
                type_line=str(face.get("type_line", "")),
                oracle_text=str(face.get("oracle_text", "")),
                mana_cost=str(face.get("mana_cost", "")),
                # CR 709.3b, 715.3b: a split half or an Adventure on the stack has only its own
                # mana cost; a transformed back face without one has the front face's (712.8e),
                # a modal one (Sea Gate, Reborn) none: 0 (712.8f; QA 56 W4).
                mana_value=cost_mana_value(str(face.get("mana_cost", "")))
                if face.get("mana_cost")
                else 0
                if card.get("layout") == "modal_dfc"
                else int(float(card.get("cmc", 0) or 0)),
                power=_stat(face.get("power")),
                toughness=_stat(face.get("toughness")),
                loyalty=_stat(face.get("loyalty")),
                defense=_stat(face.get("defense")),
                colors=tuple(face.get("colors", card.get("colors", ())) or ()),
                # The card's keyword list is both faces': a face has those its text names
                # (Tergrid's Lantern has no menace, 712.8f).
                keywords=_face_keywords(card.get("keywords", ()) or (), face),
                pt_text=_pt_text(face),
            )
            for face in card.get("card_faces", ()) or ()
        )
        text = card.get("oracle_text")
        if text is None:
            text = "\n//\n".join(face.oracle_text for face in faces)
        return cls(
            name=str(card.get("name", "")),
            type_line=str(card.get("type_line", "")),
            oracle_text=str(text),
            mana_cost=str(card.get("mana_cost", "") or ""),
            mana_value=int(float(card.get("cmc", 0) or 0)),
            power=_stat(card.get("power")),
            toughness=_stat(card.get("toughness")),
            loyalty=_stat(card.get("loyalty")),
            defense=_stat(card.get("defense")),
            colors=tuple(card.get("colors", ()) or ()),
            keywords=tuple(card.get("keywords", ()) or ()),
            faces=faces,
            pt_text=_pt_text(card),
        )
