"""Power and toughness changed by static abilities of permanents: anthems and lords.

"Creatures you control get +1/+1" (Glorious Anthem), "Black creatures get +1/+1" (Bad Moon),
"Other Goblins you control get +1/+1" (Goblin King's first half), "Creatures your opponents
control get -1/-1" apply in layer 7c (CR 613.4c) for as long as their source is on the
battlefield (CR 611.3a), to whatever matches at that moment.  ``as_seen`` gives an object with
them applied, so target restrictions ("power 3 or less", CR 608.2b's re-check) and the board see
the values the game has.  Counters are applied on top by ``GameObject.current_power``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from bot.engine.cards import CARD_TYPES, names_itself
from bot.engine.model import COLOR_NAMES, GameObject, Zone
from bot.engine.mtg.counts import Count, count_caveat, count_of, read_count
from bot.engine.mtg.oracle_subtypes import (
    BASIC_LAND_TYPES,
    CREATURE_TYPES,
    LAND_TYPES,
    type_singular,
)
from bot.engine.mtg.state import STATUS_WORDS, GameState, condition_holds, has_status
from bot.engine.wording import with_article

_COLOURS = frozenset(COLOR_NAMES.values())
_SENTENCE = re.compile(
    r"^(?P<other>other )?(?P<what>[a-z ,-]*?)\s*"
    r"(?P<who>you control |your opponents control |enchanted player controls )?"
    r"gets? (?P<p>[+-]\d+)/(?P<t>[+-]\d+)(?: and [^.]+)?\.$"
)


@dataclass(frozen=True)
class PtStatic:
    """One "[other] [colour] [type] creatures [you control] get +N/+N" ability."""

    other: bool
    colours: frozenset[str]
    subtypes: frozenset[str]
    who: str  # "you", "opponents" or "" (every player's)
    power: int
    toughness: int
    attached: bool = False  # "enchanted creature" / "equipped creature" (CR 301.5, 303.4)
    # Layer 4 and 7b (CR 613.1d, 613.4b): "Each noncreature artifact is an artifact creature
    # with power and toughness each equal to its mana value" (March of the Machines).
    becomes_creature: str = ""  # the card type that becomes a creature
    # March of the Machines' "each noncreature artifact"; Opalescence's "each other non-Aura
    # enchantment" also applies to one another Opalescence made a creature (its base P/T too:
    # Humility and Opalescence ruling, 2006-02-01).
    noncreature_only: bool = True
    # "This creature gets +1/+2 as long as you control a Forest" (Kird Ape): only itself,
    # only while its controller controls a permanent of that type or subtype.
    self_only: bool = False
    while_you_control: str = ""
    # "Threshold — As long as seven or more cards are in your graveyard, this creature gets
    # +2/+2." (Nimble Mongoose): only itself, only while the condition holds as the board says
    # (``condition_holds``; a graveyard isn't the battlefield, so it is checked each time).
    while_condition: str = ""
    # Layer 5 (CR 613.1e): "All creatures are black." (Darkest Hour) sets their colour.
    sets_colour: str = ""
    # Layer 4 (CR 613.1d): "All permanents are artifacts in addition to their other types."
    # (Mycosynth Lattice): the card type every permanent (or creature, land) gains.
    adds_type: str = ""
    adds_to: str = ""  # "permanent", "creature" or "land": what gains it
    # Layers 6 and 7b (CR 613.1f, 613.4b): "All creatures lose all abilities and have base
    # power and toughness 1/1." (Humility).
    loses_abilities: bool = False
    base: tuple[int, int] | None = None
    # Layer 5 beyond creatures: "All cards that aren't on the battlefield, spells, and
    # permanents are colorless" (Mycosynth Lattice: "everything"); "Nonland permanents you
    # control are white. The same is true for spells you control ..." (Celestial Dawn:
    # "yours, nonland").  With ``sets_colour`` ("colorless" for none).
    colour_scope: str = ""
    # Layer 4 (CR 613.1d, 205.1a): an Aura that says what the permanent is, not "in addition
    # to its other types" (Darksteel Mutation: "is an Insect artifact creature", Song of the
    # Dryads: "is a colorless Forest land"): the card types it has then (None: kept) and its
    # subtypes (with card types named, all of them; else its creature types: Lignify).
    sets_types: frozenset[str] | None = None
    sets_subtypes: frozenset[str] | None = None
    # Layer 6: abilities it keeps or gains ("has indestructible", Darksteel Mutation).
    grants: frozenset[str] = frozenset()
    # Only the abilities of its rules text go (CR 305.7; Song of the Dryads ruling: "It will
    # still have any abilities it gained from other effects").
    printed_only: bool = False
    # Layer 4, CR 305.7: "Nonbasic lands are Mountains." (Blood Moon): the land type that
    # replaces a nonbasic land's others, with the abilities of its rules text.
    land_type: str = ""
    # Layer 4: "Each land is a Swamp in addition to its other land types." (Urborg).
    adds_subtype: str = ""
    # Layer 7c, counted (CR 613.4c): "This creature gets +1/+1 for each land card in your
    # graveyard" (Knight of the Reliquary), "Equipped creature gets +1/+0 for each artifact
    # you control" (Cranial Plating), "gets -X/-X, where X is your life total" (Death's
    # Shadow): ``power``/``toughness`` are per one counted; ``per_words`` as written, with
    # ``per`` None when the bot can't count them.
    per: Count | None = None
    per_words: str = ""
    # Card types a creature must also have: "Other artifact creatures you control get +1/+1"
    # (Master of Etherium) — "artifact" is a card type, not a creature type (CR 205.2a).
    card_types: frozenset[str] = frozenset()
    # A status the creatures must have: "Attacking creatures you control get +1/+0" (Gruul War
    # Chant) applies only while each is attacking (CR 506.4, 511.3: until it leaves combat).
    status: str = ""

    @cached_property
    def changes_types(self) -> bool:
        """A layer-4 effect (CR 613.1d)."""
        return bool(
            self.becomes_creature
            or self.adds_type
            or self.sets_types is not None
            or self.sets_subtypes is not None
            or self.land_type
            or self.adds_subtype
        )

    @cached_property
    def is_pump(self) -> bool:
        """Only a layer-7c "+N/+N" (CR 613.4c), the part of a static that a source without
        abilities no longer has."""
        return not (
            self.changes_types or self.sets_colour or self.loses_abilities or self.base
        ) and bool(self.power or self.toughness)

    def applies(self, source: GameObject, obj: GameObject) -> bool:
        if self.land_type:
            return "land" in obj.card_types and "basic" not in obj.supertypes
        if self.adds_subtype:
            return "land" in obj.card_types
        if self.colour_scope == "everything":
            return True
        if self.colour_scope == "yours, nonland":
            return obj.controller == source.controller and "land" not in obj.card_types
        if self.adds_type and self.attached:
            return obj.id == source.attached_to and self.adds_to in obj.card_types
        if self.adds_type:
            return self.adds_to == "permanent" or self.adds_to in obj.card_types
        if "creature" not in obj.card_types and not self.becomes_creature and not self.attached:
            return False  # the common case first: a P/T bonus only changes creatures
        if self.self_only:
            return obj.id == source.id
        if self.becomes_creature:
            return (
                self.becomes_creature in obj.card_types
                and not (self.noncreature_only and "creature" in obj.card_types)
                and not (self.other and obj.id == source.id)
                and "aura" not in obj.subtypes
            )
        if self.attached:
            return obj.id == source.attached_to
        if "creature" not in obj.card_types or (self.other and obj.id == source.id):
            return False
        if self.who == "you" and obj.controller != source.controller:
            return False
        if self.who == "opponents" and obj.controller == source.controller:
            return False
        if self.who == "enchanted player" and obj.controller != source.enchanted_player:
            return False  # Curse of Death's Hold: the cursed player's creatures
        if self.colours and not self.colours & obj.colors:
            return False
        if not self.card_types <= obj.card_types:
            return False
        if self.status and not has_status(obj, self.status):
            return False
        return not (self.subtypes and not self.subtypes & obj.subtypes)


_NOT_GROUPS = frozenset({"this", "enchanted", "equipped", "fortified", "target", "that", "it"})


@lru_cache(maxsize=4096)
def read_pt_statics(oracle_text: str) -> tuple[PtStatic, ...]:
    """The P/T-changing static abilities in a permanent's Oracle text (none for a spell's
    "target creature gets +3/+3", which has a target and is a one-shot effect)."""
    found = []
    for line in oracle_text.lower().splitlines():
        for sentence in re.split(r"(?<=\.)\s+", line.strip()):
            animated = _BECOMES_CREATURE.match(sentence)
            if animated is not None:
                found.append(
                    PtStatic(bool(animated["other"]), frozenset(), frozenset(), "", 0, 0,
                             becomes_creature=animated["kind"],
                             noncreature_only=animated["not"] == "creature")
                )  # fmt: skip
                continue
            ensouled = _ENCHANTED_IS_A_CREATURE.match(sentence)
            if ensouled is not None:
                # Layers 4 and 7b (CR 613.1d, 613.4b): "Enchanted artifact is a creature with
                # base power and toughness 5/5 in addition to its other types" (Ensoul Artifact).
                found.append(
                    PtStatic(False, frozenset(), frozenset(), "", 0, 0, attached=True,
                             adds_type="creature", adds_to=ensouled["kind"],
                             base=(int(ensouled["p"]), int(ensouled["t"])))
                )  # fmt: skip
                continue
            transformed = _ENCHANTED_IS.match(sentence)
            if transformed is not None:
                found.append(_transforming_aura(transformed))
                continue
            mooned = _NONBASIC_LANDS_ARE.match(sentence)
            if mooned is not None:
                found.append(
                    PtStatic(False, frozenset(), frozenset(), "", 0, 0,
                             land_type=type_singular(mooned["type"]))
                )  # fmt: skip
                continue
            urborg = _EACH_LAND_IS_ALSO.match(sentence)
            if urborg is not None:
                found.append(
                    PtStatic(False, frozenset(), frozenset(), "", 0, 0,
                             adds_subtype=urborg["type"])
                )  # fmt: skip
                continue
            based = _ENCHANTED_HAS_BASE.match(sentence)
            if based is not None:
                # Layer 7b (CR 613.4b): "Enchanted creature has base power and toughness 1/1"
                # (the Cursed Role, 111.10j), applied before the +N/+N of layer 7c (613.4c).
                found.append(
                    PtStatic(False, frozenset(), frozenset(), "", 0, 0, attached=True,
                             base=(int(based["p"]), int(based["t"])))
                )  # fmt: skip
                continue
            typed = _ALL_ARE_IN_ADDITION.match(sentence)
            if typed is not None:
                found.append(
                    PtStatic(False, frozenset(), frozenset(), "", 0, 0,
                             adds_type=type_singular(typed["type"]), adds_to=type_singular(typed["what"]))
                )  # fmt: skip
                continue
            humbled = _LOSE_ALL_ABILITIES.match(sentence)
            if humbled is not None:
                base = (int(humbled["p"]), int(humbled["t"])) if humbled["p"] else None
                found.append(
                    PtStatic(bool(humbled["other"]), frozenset(), frozenset(), "", 0, 0,
                             loses_abilities=True, base=base)
                )  # fmt: skip
                continue
            everything = _EVERYTHING_IS.match(sentence) or _NONLAND_YOU_CONTROL_ARE.match(sentence)
            if everything is not None:
                scope = "everything" if everything.re is _EVERYTHING_IS else "yours, nonland"
                found.append(
                    PtStatic(False, frozenset(), frozenset(), "", 0, 0,
                             sets_colour=everything["colour"], colour_scope=scope)
                )  # fmt: skip
                continue
            coloured = _ALL_CREATURES_ARE.match(sentence)
            if coloured is not None:
                found.append(
                    PtStatic(False, frozenset(), frozenset(), "", 0, 0,
                             sets_colour=coloured["colour"])
                )  # fmt: skip
                continue
            counted = _GETS_FOR_EACH.match(sentence)
            if counted is not None:
                found.append(_counted_pump(counted))
                continue
            leading = _AS_LONG_AS_SELF_GETS.match(sentence) or _SELF_GETS_AS_LONG_AS.match(sentence)
            if leading is not None and not _AS_LONG_AS_YOU_CONTROL.match(sentence):
                found.append(
                    PtStatic(False, frozenset(), frozenset(), "", int(leading["p"]),
                             int(leading["t"]), self_only=True,
                             while_condition=leading["condition"])
                )  # fmt: skip
                continue
            conditional = _AS_LONG_AS_YOU_CONTROL.match(sentence)
            if conditional is not None:
                found.append(
                    PtStatic(False, frozenset(), frozenset(), "", int(conditional["p"]),
                             int(conditional["t"]), self_only=True,
                             while_you_control=type_singular(conditional["what"]))
                )  # fmt: skip
                continue
            match = _SENTENCE.match(sentence)
            if match is None or "target" in sentence or "until end of turn" in sentence:
                continue
            words = [w for w in re.split(r"[ ,]+", match["what"]) if w and w not in ("and", "or")]
            if words and words[0] in ("enchanted", "equipped") and not match["other"]:
                # "Equipped creature gets +2/+0" (Bonesplitter): the one it is attached to.
                found.append(
                    PtStatic(
                        False, frozenset(), frozenset(), "", int(match["p"]), int(match["t"]), True
                    )
                )
                continue
            if not words or words[0] in _NOT_GROUPS:
                continue  # "this creature", "target creature": not a group of creatures
            noun = words[-1]
            colours = frozenset(w for w in words[:-1] if w in _COLOURS)
            status = next((w for w in words[:-1] if w in STATUS_WORDS), "")
            kinds = [
                w
                for w in words[:-1]
                if w not in _COLOURS and w not in ("all", "each") and w not in STATUS_WORDS
            ]
            card_types = frozenset(w for w in kinds if w in CARD_TYPES)
            subtypes = set(kinds) - card_types
            if noun not in ("creatures", "creature"):
                subtypes.add(type_singular(noun))  # "other Goblins" -> goblin, "Merfolk" -> merfolk
            who = {
                "you control ": "you",
                "your opponents control ": "opponents",
                "enchanted player controls ": "enchanted player",
            }.get(match["who"] or "", "")
            found.append(
                PtStatic(
                    bool(match["other"]),
                    colours,
                    frozenset(subtypes),
                    who,
                    int(match["p"]),
                    int(match["t"]),
                    card_types=card_types,
                    status=status,
                )
            )
    return tuple(found)


def _transforming_aura(match: re.Match[str]) -> PtStatic:
    """The static of an Aura that says what the enchanted permanent is (layers 4 to 7b)."""
    words = match["desc"].split()
    colour = next((w for w in words if w in _COLOURS or w == "colorless"), "")
    types = frozenset(w for w in words if w in CARD_TYPES)
    subtypes = frozenset(w for w in words if w not in types and w != colour)
    loses = bool(match["lose"] or match["lose2"])
    # CR 305.7: a permanent made a land of a basic land type loses the abilities of its rules
    # text (Song of the Dryads ruling).
    printed_only = not loses and "land" in types and bool(subtypes & BASIC_LAND_TYPES)
    grants = frozenset(k.strip() for k in re.split(r",? and |, ", match["has"] or "") if k)
    return PtStatic(
        False, frozenset(), frozenset(), "", 0, 0, attached=True,
        sets_types=types or None,
        sets_subtypes=subtypes,
        sets_colour=colour,
        loses_abilities=loses or printed_only,
        printed_only=printed_only,
        grants=grants,
        base=(int(match["p"]), int(match["t"])) if match["p"] else None,
    )  # fmt: skip


def statics_in_play(state: GameState) -> tuple[tuple[GameObject, PtStatic], ...]:
    """Every P/T static ability on the battlefield now, with its source (CR 611.3a); one
    with "as long as you control a Forest" only while that is true, one with another "as
    long as" (threshold) only while the bot can tell it holds."""
    found = state.of_battlefield(_statics_in_play)
    if not any(static.while_condition for _, static in found):
        return found
    return tuple(
        (source, static)
        for source, static in found
        if not static.while_condition or condition_holds(state, source, static.while_condition)
    )


def _statics_in_play(state: GameState) -> tuple[tuple[GameObject, PtStatic], ...]:
    found = [
        (source, static)
        for source in state.zone_objects(Zone.BATTLEFIELD)
        if not source.phased_out and source.oracle_text
        for static in read_pt_statics(source.oracle_text)
        if not static.while_you_control
        or _controls_a(state, source.controller, static.while_you_control)
    ]
    # Timestamp order (CR 613.7a, 613.7d): a permanent's is when it entered, and an object
    # that enters the battlefield gets a new, higher id (400.7).
    found.sort(key=lambda pair: pair[0].id)
    if not any(static.loses_abilities or static.land_type for _, static in found):
        return tuple(found)
    # A source that loses its abilities loses the statics that haven't applied yet: Blood
    # Moon's "nonbasic lands are Mountains" removes Urborg's ability whatever the order (CR
    # 613.8 dependency, 305.7; Urborg ruling: "it won't turn lands into Swamps, no matter in
    # what order"), and Humility removes an animated Glorious Anthem's +1/+1 (layer 6 before
    # 7c; CR 613.6: what already applied in an earlier layer keeps applying).
    # The layer-4 effects that take away the abilities of a permanent's rules text (CR 305.7):
    # Blood Moon's, and Song of the Dryads' "is a colorless Forest land" (its ruling: "loses
    # all other abilities from its rules text"), so a Song'd Humility or Bonesplitter does
    # nothing.  Their own sources count too: a Song of the Dryads on Blood Moon removes it.
    rewriters = tuple(p for p in found if p[1].land_type or p[1].printed_only)
    kept = []
    for source, static in found:
        if rewriters and _layered(source, rewriters, through=4)[1]:
            continue
        if static.is_pump:
            humbled = _layered(source, found, through=6)[1]
            if humbled:
                continue
        kept.append((source, static))
    return tuple(kept)


def _controls_a(state: GameState, player: str, kind: str) -> bool:
    return any(
        obj.controller == player
        and not obj.phased_out
        and (kind in obj.card_types or kind in obj.subtypes)
        for obj in state.zone_objects(Zone.BATTLEFIELD)
    )


_BECOMES_CREATURE = re.compile(
    r"^each (?P<other>other )?non(?P<not>creature|-aura) (?P<kind>artifact|enchantment) is an? "
    r"(?:artifact )?creature (?:in addition to its other types )?(?:with|and has) (?:base )?power "
    r"and (?:base )?toughness each equal to its mana value\.?$"
)
_ENCHANTED_IS_A_CREATURE = re.compile(
    r"^enchanted (?P<kind>artifact|land|enchantment) is an? (?:[a-z]+ )?creature with base "
    r"power and toughness (?P<p>\d+)/(?P<t>\d+) in addition to its other types\.?$"
)
# Darksteel Mutation, Lignify, Frogify, Kenrith's Transformation, Song of the Dryads (not
# "in addition to its other types": Ensoul Artifact above).
_ENCHANTED_IS = re.compile(
    r"^enchanted (?:creature|permanent) (?!.*in addition)(?P<lose>loses all abilities and )?"
    r"is an? (?P<desc>[a-z ]+?)(?: with base power and toughness (?P<p>\d+)/(?P<t>\d+))?"
    r"(?: and has (?P<has>[a-z ]+?))?"
    r"(?P<lose2>,? and (?:it )?loses all (?:other )?abilities[a-z ,]*)?\.?$"
)
_NONBASIC_LANDS_ARE = re.compile(
    r"^nonbasic lands are (?P<type>plains|islands|swamps|mountains|forests)\.?$"
)
_EACH_LAND_IS_ALSO = re.compile(
    r"^each land is an? (?P<type>plains|island|swamp|mountain|forest) in addition to its "
    r"other land types\.?$"
)
_ENCHANTED_HAS_BASE = re.compile(
    r"^(?:enchanted|equipped) creature has base power and toughness (?P<p>\d+)/(?P<t>\d+)\.?$"
)
_ALL_ARE_IN_ADDITION = re.compile(
    r"^all (?P<what>permanents|creatures|lands) are (?P<type>artifacts|enchantments|creatures) "
    r"in addition to their other types\.?$"
)
_LOSE_ALL_ABILITIES = re.compile(
    r"^(?:all |each )?(?P<other>other )?creatures? lose all abilities"
    r"(?: and (?:have|has) base power and toughness (?P<p>\d+)/(?P<t>\d+))?\.?$"
)
_EVERYTHING_IS = re.compile(
    r"^all cards that aren't on the battlefield, spells, and permanents are "
    r"(?P<colour>colorless|white|blue|black|red|green)\.?$"
)
_NONLAND_YOU_CONTROL_ARE = re.compile(
    r"^nonland permanents you control are (?P<colour>white|blue|black|red|green)\.?$"
)
_ALL_CREATURES_ARE = re.compile(r"^all creatures are (?P<colour>white|blue|black|red|green)\.?$")
_GETS_FOR_EACH = re.compile(
    r"^(?P<who>this creature|~|enchanted creature|equipped creature) gets "
    r"(?P<p>[+-](?:\d+|x))/(?P<t>[+-](?:\d+|x))(?: for each (?P<each>[^.]+)|"
    r", where x is (?P<x>[^.]+))\.$"
)


def _counted_pump(match: re.Match[str]) -> PtStatic:
    """ "This creature gets +1/+1 for each land card in your graveyard", "Equipped creature
    gets +1/+0 for each artifact you control", "This creature gets -X/-X, where X is your
    life total": layer 7c, counted as it applies (CR 613.4c)."""
    # "... for each Plains you control and has flying" (Armored Ascension): the count ends
    # before the ability it also grants.
    words = re.sub(r" and (?:has|is|gains?) .*$", "", match["each"] or match["x"])
    per_one = [
        (-1 if n.startswith("-") else 1) * (1 if n[1:] == "x" else int(n[1:]))
        for n in (match["p"], match["t"])
    ]
    return PtStatic(
        False, frozenset(), frozenset(), "", per_one[0], per_one[1],
        attached=match["who"] in ("enchanted creature", "equipped creature"),
        self_only=match["who"] in ("this creature", "~"),
        per=read_count(words), per_words=words,
    )  # fmt: skip


# "[Ability word —] As long as <condition>, this creature gets +2/+2." (Nimble Mongoose,
# Mystic Familiar's "gets +1/+1 and has protection from black": the P/T part).
_AS_LONG_AS_SELF_GETS = re.compile(
    r"^(?:[a-z ]+ — )?as long as (?P<condition>[^,]+), (?:this creature|~) gets "
    r"(?P<p>[+-]\d+)/(?P<t>[+-]\d+)(?: and has [^.]+)?\.?$"
)
# "Threshold — This creature gets +2/+2 as long as there are seven or more cards in your
# graveyard." (Nimble Mongoose).
_SELF_GETS_AS_LONG_AS = re.compile(
    r"^(?:[a-z ]+ — )?(?:this creature|~) gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+) as long as "
    r"(?P<condition>[^.,]+?)\.?$"
)
_AS_LONG_AS_YOU_CONTROL = re.compile(
    r"^(?:this creature|~) gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+) as long as you control an? "
    r"(?P<what>[a-z]+)\.?$"
)


# CR 604.3: "Tarmogoyf's power is equal to the number of card types among cards in all
# graveyards and its toughness is equal to that number plus 1", "Serra Avatar's power and
# toughness are each equal to your life total".
_DEFINED_PT = re.compile(
    r"^(?:[^.\n—]+ — )?(?P<name>[^.\n]*?)'s power "
    r"(?:and toughness are each equal to (?P<each>[^.\n]+)|is equal to "
    r"(?P<power>[^.\n]+?) and its toughness is equal to that number plus (?P<plus>\d+))\.",
    re.MULTILINE | re.IGNORECASE,
)


@lru_cache(maxsize=1024)
def read_defined_pt(oracle_text: str, name: str) -> tuple[str, Count | None, int] | None:
    """A characteristic-defining ability of the card called ``name`` that sets its power and
    toughness (CR 604.3): its words, what it counts (None: words the bot doesn't count) and
    what toughness adds to it ("that number plus 1"); None when the text has none (a spell's
    "target creature's power and toughness are each equal to ..." isn't one: 604.3a)."""
    match = _DEFINED_PT.search(oracle_text)
    if match is None:
        return None
    # Its own name, or "This creature" (after an ability word: "Domain — Territorial Kavu's
    # power ...", "Chroma — This creature's power ...").
    said = match["name"]
    if said.lower() not in ("this creature", "this token") and not names_itself(said, name):
        return None
    words = match["each"] or match["power"]
    return words, read_count(words), int(match["plus"] or 0)


def _defined_by_count(state: GameState, obj: GameObject) -> GameObject:
    """``obj`` with the power and toughness its characteristic-defining ability counts,
    which works in every zone (CR 208.2a, 604.3): Tarmogoyf's card types in all graveyards,
    Serra Avatar's life total, Crusader of Odric's creatures.  It applies in layer 7a, so the
    resolved "gets +3/+3" of layer 7c (Giant Growth, Dismember's -5/-5) stay on top of it (CR
    613.4a, 613.4c).  Unchanged ("*/*") when the bot can't count it (``pt_caveats`` says why)."""
    defined = read_defined_pt(obj.oracle_text, obj.name)
    if defined is None or defined[1] is None:
        return obj
    count = count_of(state, obj, defined[1])
    if count is None:
        return obj
    boost_p, boost_t = obj.pt_boost
    return replace(obj, power=count + boost_p, toughness=count + defined[2] + boost_t)


def counted_pt_words(oracle_text: str, name: str) -> str:
    """What a permanent's own power or toughness counts, as its text says ("your life total":
    Death's Shadow, Serra Avatar; "the number of Forests you control": Dungrove Elder), also
    words the bot can't count ("for each creature you control and each creature card in your
    graveyard": ``pt_caveats`` says so); "" when it counts nothing."""
    defined = read_defined_pt(oracle_text, name)
    if defined is not None and defined[1] is not None:
        return defined[0]
    return next(
        (static.per_words for static in read_pt_statics(oracle_text) if static.self_only),
        "",
    )


def pt_caveats(state: GameState, obj: GameObject) -> tuple[str, ...]:
    """What the bot can't know about ``obj``'s counted power and toughness, or where its
    count rests on what was stated (an empty graveyard counts none), one line each: its
    characteristic-defining ability's (CR 604.3) and those of the "for each" statics that
    apply to it (Knight of the Reliquary's, Cranial Plating's: 613.4c).  Empty when it has
    none or the board says it all."""
    obj = state.objects.get(obj.id, obj)
    said: list[str] = []
    defined = read_defined_pt(obj.oracle_text, obj.name) if obj.power is None else None
    if defined is not None:
        words, count, _ = defined
        if count is None:
            said.append(f"the bot can't count “{words}” ({obj.name}'s power and toughness)")
        elif caveat := count_caveat(state, obj, count):
            said.append(caveat)
    if obj.zone is Zone.BATTLEFIELD:
        seen = _layered(obj, statics_in_play(state), through=4)[0]
        for source, static in statics_in_play(state):
            if (static.per is not None or static.per_words) and static.applies(source, seen):
                if static.per is None:
                    said.append(
                        f"the bot can't count “{static.per_words}” ({source.name}'s "
                        f"{static.power:+d}/{static.toughness:+d} for each is left out)"
                    )
                elif caveat := count_caveat(state, source, static.per):
                    said.append(caveat)
    return tuple(dict.fromkeys(said))


def loses_all_abilities(state: GameState, obj: GameObject) -> bool:
    """Whether a static ability such as Humility's or Lignify's, or an effect such as Turn to
    Frog's, takes away all of ``obj``'s abilities (layer 6, CR 613.1f), printed or granted:
    hexproof and protection are gone too, except what it gained after (613.7: see
    ``abilities_kept``)."""
    if obj.zone is not Zone.BATTLEFIELD:
        return False
    if obj.abilities_lost:
        return True  # an effect took them away (Turn to Frog, "loses all abilities")
    if not state.of_battlefield(_humbling):
        return False  # the common case first: nothing on the battlefield takes abilities away
    return _layered(obj, statics_in_play(state), through=6)[1]


def humbled_by(state: GameState, obj: GameObject) -> str:
    """The name of the permanent whose static ability takes ``obj``'s abilities away
    (Humility, Darksteel Mutation, Lignify), the latest if several; "" for none."""
    statics = statics_in_play(state)
    typed = _layered(obj, statics, through=4)[0]
    names = [
        source.name
        for source, static in statics
        if static.loses_abilities and not static.printed_only and static.applies(source, typed)
    ]
    return names[-1] if names else ""


def rules_text_lost_to(state: GameState, obj: GameObject) -> str:
    """The name of the permanent whose type-changing effect makes ``obj`` a land of a basic
    land type, so that it has lost the abilities of its rules text and has only the mana
    ability of that type (CR 305.7, layer 4): Song of the Dryads (its ruling: "It gains
    "{T}: Add {G}" and loses all other abilities from its rules text"), Blood Moon; "" for
    none.  Abilities other effects gave it stay (305.7), unlike under Humility."""
    if obj.zone is not Zone.BATTLEFIELD:
        return ""
    statics = statics_in_play(state)
    if not any(static.land_type or static.printed_only for _, static in statics):
        return ""  # the common case first
    taker = ""
    for source, static in _plan(statics).changers:
        if static.applies(source, obj):
            if static.land_type or static.printed_only:
                taker = source.name
            obj = _retyped(obj, static)
    return taker


def rules_text_loss(state: GameState, obj: GameObject, name: str) -> str:
    """Why ``obj`` (called ``name``) has lost the abilities of its rules text, rule cited, as
    ``rules_text_lost_to`` finds it: "Troll Ascetic is a Forest land because of Song of the
    Dryads, so it has lost the abilities of its rules text (305.7)"; "" when it hasn't."""
    taker = rules_text_lost_to(state, obj)
    if not taker:
        return ""
    land = " ".join(sorted(as_seen(state, obj).subtypes & BASIC_LAND_TYPES)).title()
    return (
        f"{name} is {with_article(land or 'basic')} land because of {taker}, so it has lost the "
        "abilities of its rules text (305.7)"
    )


def abilities_kept(state: GameState, obj: GameObject) -> frozenset[str]:
    """The keywords ``obj`` has after layer 6 (CR 613.1f): those a "lose all abilities" static
    with an earlier timestamp left (613.7), and those such an Aura gives ("has
    indestructible", Darksteel Mutation)."""
    return as_seen(state, state.objects.get(obj.id, obj)).keywords


def _humbling(state: GameState) -> tuple[tuple[GameObject, PtStatic], ...]:
    """The statics on the battlefield that take abilities away (Humility)."""
    return tuple(
        (source, static)
        for source, static in statics_in_play(state)
        if static.loses_abilities and not static.printed_only
    )


def _colour_off_the_battlefield(
    state: GameState,
    obj: GameObject,
    statics: Sequence[tuple[GameObject, PtStatic]] | None,
) -> GameObject:
    """A spell (or a card off the battlefield) with the colour Mycosynth Lattice or Celestial
    Dawn gives it (layer 5, 613.1e): "spells you control are white" matters to protection."""
    for source, static in statics if statics is not None else statics_in_play(state):
        # Celestial Dawn: "spells you control and nonland cards you own that aren't on the
        # battlefield".
        yours = obj.controller if obj.zone is Zone.STACK else obj.owner
        covers = static.colour_scope == "everything" or (
            static.colour_scope == "yours, nonland"
            and yours == source.controller
            and "land" not in obj.card_types
        )
        if covers:
            colours = frozenset() if static.sets_colour == "colorless" else {static.sets_colour}
            obj = replace(obj, colors=frozenset(colours))
    return obj


def as_seen(
    state: GameState,
    obj: GameObject,
    statics: Sequence[tuple[GameObject, PtStatic]] | None = None,
) -> GameObject:
    """``obj`` with the continuous effects of static abilities applied, layer by layer (CR
    613.1d-f, 613.4b-c): its types, colour, keywords, power and toughness; the object itself
    when none applies.  Counters are added on top by ``GameObject.current_power`` (613.4d)."""
    if obj.power is None or obj.toughness is None:
        obj = _defined_by_count(state, obj)
    if obj.zone is not Zone.BATTLEFIELD:
        return _colour_off_the_battlefield(state, obj, statics)
    in_play = statics if statics is not None else statics_in_play(state)
    return _layered(obj, in_play, state=state)[0]


@dataclass(frozen=True)
class _Plan:
    """One list of statics sorted by the layers they act in (read once per list: a board of
    200 objects is seen against the same list 200 times)."""

    changers: tuple[tuple[GameObject, PtStatic], ...]  # layer 4
    colourers: tuple[tuple[GameObject, PtStatic], ...]  # layer 5
    strippers: tuple[tuple[GameObject, PtStatic], ...]  # layer 6
    power: tuple[tuple[GameObject, PtStatic], ...]  # layer 7b and 7c


_last_plan: list[tuple[Sequence[tuple[GameObject, PtStatic]], _Plan]] = []


def _plan(statics: Sequence[tuple[GameObject, PtStatic]]) -> _Plan:
    last = _last_plan[0] if _last_plan else None  # read once: another thread may replace it
    if last is not None and last[0] is statics:
        return last[1]
    plan = _Plan(
        # "Nonbasic lands are Mountains" last: whether it applies depends on the others (CR
        # 613.8a: Song of the Dryads makes a creature a land it then applies to, either order).
        tuple(
            sorted(
                (pair for pair in statics if pair[1].changes_types),
                key=lambda pair: bool(pair[1].land_type),
            )
        ),
        tuple(pair for pair in statics if pair[1].sets_colour),
        tuple(pair for pair in statics if pair[1].loses_abilities or pair[1].grants),
        tuple(
            pair for pair in statics if pair[1].becomes_creature or pair[1].base or pair[1].is_pump
        ),
    )
    _last_plan[:] = [(statics, plan)]
    return plan


def _layered(
    obj: GameObject,
    statics: Sequence[tuple[GameObject, PtStatic]],
    through: int = 7,
    state: GameState | None = None,
) -> tuple[GameObject, bool]:
    """``obj`` after the statics' layers 4 to ``through`` (CR 613.1), each layer's effects in
    timestamp order (the order of ``statics``, 613.7), and whether it lost all its abilities
    in layer 6 (through layer 4: whether it lost those of its rules text there, 305.7)."""
    plan = _plan(statics)
    # The type changers that applied in layer 4, by source and static: the rest of their
    # effect applies in later layers to what they changed (CR 613.6).
    retyped: set[tuple[int, int]] = set()
    rewritten = False  # made a land of a basic land type: its rules text's abilities go (305.7)
    for source, static in plan.changers:
        if static.applies(source, obj):
            retyped.add((source.id, id(static)))
            rewritten = rewritten or bool(static.land_type) or static.printed_only
            obj = _retyped(obj, static)
    if through < 5:
        return obj, rewritten
    for source, static in plan.colourers:
        if static.applies(source, obj):
            colours = frozenset() if static.sets_colour == "colorless" else {static.sets_colour}
            obj = replace(obj, colors=frozenset(colours))
    humbled = obj.abilities_lost
    for source, static in plan.strippers:
        if static.changes_types:
            if (source.id, id(static)) not in retyped:
                continue  # (a type changer applies from layer 4 on, to what it changed there)
        elif not static.applies(source, obj):
            continue
        if static.loses_abilities:
            # CR 613.7: what it gained after this static's timestamp (its source entered) is
            # kept; so is all it gained if only its rules text goes (305.7).
            keywords = frozenset(
                k
                for k in obj.keywords
                if k in obj.gained_at and (static.printed_only or obj.gained_at[k] > source.id)
            )
            obj = replace(obj, keywords=keywords)
            humbled = humbled or not static.printed_only
        if static.grants:
            obj = replace(obj, keywords=obj.keywords | static.grants)
    if through < 7:
        return obj, humbled
    power = toughness = 0
    base_setters: list[tuple[int, tuple[int, int]]] = []
    for source, static in plan.power:
        if static.changes_types:
            if (source.id, id(static)) not in retyped:
                continue
            base = (obj.mana_value, obj.mana_value) if static.becomes_creature else static.base
            if base is not None:
                base_setters.append((source.id, base))
        elif static.base is not None:
            if static.applies(source, obj):
                base_setters.append((source.id, static.base))
        elif static.applies(source, obj):
            # "+1/+1 for each land card in your graveyard", "-X/-X, where X is your life
            # total": counted now, on the board ``state`` (none known: left out, and
            # ``pt_caveats`` says so).
            times = 1
            if static.per is not None or static.per_words:
                counted = None
                if static.per is not None and state is not None:
                    counted = count_of(state, source, static.per, obj)
                # CR 107.1b: a negative count is 0 (Death's Shadow ruling: "If your life
                # total is negative, X is considered to be 0").
                times = max(counted or 0, 0)
            power += static.power * times
            toughness += static.toughness * times
    if base_setters and "creature" in obj.card_types:
        # Layer 7b (CR 613.4b), in timestamp order with what a resolved effect set (Turn to
        # Frog); the last one decides the base, and the resolved +N/+N of layer 7c stay on it
        # (613.4c; Darksteel Mutation ruling: it "does not overwrite effects that change the
        # enchanted creature's power or toughness without setting it to a specific value").
        boost_p, boost_t = obj.pt_boost
        if obj.base_stamp and obj.power is not None and obj.toughness is not None:
            base_setters.append((obj.base_stamp, (obj.power - boost_p, obj.toughness - boost_t)))
        base_setters.sort(key=lambda setter: setter[0])
        base_p, base_t = base_setters[-1][1]
        obj = replace(obj, power=base_p + boost_p, toughness=base_t + boost_t)
    if (not power and not toughness) or obj.power is None or obj.toughness is None:
        return obj, humbled
    return replace(obj, power=obj.power + power, toughness=obj.toughness + toughness), humbled


def _retyped(obj: GameObject, static: PtStatic) -> GameObject:
    """``obj`` after one layer-4 effect (CR 613.1d, 205.1a-b, 305.7)."""
    if static.adds_type:
        return replace(obj, card_types=obj.card_types | {static.adds_type})
    if static.becomes_creature:
        return replace(obj, card_types=obj.card_types | {"creature"})
    if static.land_type:
        # CR 305.7: its land types are replaced; other subtypes (creature types) stay.
        subtypes = (obj.subtypes - LAND_TYPES) | {static.land_type}
        return replace(obj, subtypes=subtypes, keywords=_gained_only(obj))
    if static.adds_subtype:
        return replace(obj, subtypes=obj.subtypes | {static.adds_subtype})
    card_types, subtypes = obj.card_types, obj.subtypes
    if static.sets_types is not None:
        card_types, subtypes = static.sets_types, static.sets_subtypes or frozenset()
    elif static.sets_subtypes is not None:
        subtypes = (obj.subtypes - CREATURE_TYPES) | static.sets_subtypes
    obj = replace(obj, card_types=card_types, subtypes=subtypes)
    if "creature" not in card_types:
        obj = replace(obj, power=None, toughness=None)  # CR 208.3: no power or toughness
    return obj


def _gained_only(obj: GameObject) -> frozenset[str]:
    """The keywords effects gave ``obj``, without those of its rules text (CR 305.7)."""
    return frozenset(k for k in obj.keywords if k in obj.gained_at)


def pumped(obj: GameObject, power: int, toughness: int) -> GameObject:
    """``obj`` after a resolved "gets +N/+N" (layer 7c, CR 613.4c), kept apart from its base
    so a later "base power and toughness" (layer 7b) doesn't erase it."""
    boost_p, boost_t = obj.pt_boost
    if obj.power is None or obj.toughness is None:
        # A permanent a static makes a creature (Opalescence, Ensoul Artifact): the +N/+N go
        # on the base power and toughness that static sets (``as_seen``).
        return replace(obj, pt_boost=(boost_p + power, boost_t + toughness))
    return replace(
        obj,
        power=obj.power + power,
        toughness=obj.toughness + toughness,
        pt_boost=(boost_p + power, boost_t + toughness),
    )


def with_base(obj: GameObject, power: int, toughness: int, stamp: int) -> GameObject:
    """``obj`` after a resolved effect set its base power and toughness (layer 7b, CR 613.4b;
    Turn to Frog) at timestamp ``stamp``: the resolved +N/+N stay on it (613.4c)."""
    boost_p, boost_t = obj.pt_boost
    return replace(obj, power=power + boost_p, toughness=toughness + boost_t, base_stamp=stamp)


def gaining(obj: GameObject, keywords: Iterable[str], stamp: int) -> GameObject:
    """``obj`` after gaining ``keywords`` from an effect with timestamp ``stamp`` (CR 613.7):
    a "lose all abilities" static older than it leaves them."""
    words = frozenset(keywords)
    if not words:
        return obj
    gained = dict(obj.gained_at)
    gained.update(dict.fromkeys(words, stamp))
    return replace(obj, keywords=obj.keywords | words, gained_at=gained)
