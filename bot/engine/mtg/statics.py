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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from bot.engine.model import COLOR_NAMES, GameObject, Zone
from bot.engine.mtg.state import GameState
from bot.engine.patterns import remembered

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
    # "This creature gets +1/+2 as long as you control a Forest" (Kird Ape): only itself,
    # only while its controller controls a permanent of that type or subtype.
    self_only: bool = False
    while_you_control: str = ""
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

    def applies(self, source: GameObject, obj: GameObject) -> bool:
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
                and "creature" not in obj.card_types
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
        return not (self.subtypes and not self.subtypes & obj.subtypes)


_NOT_GROUPS = frozenset({"this", "enchanted", "equipped", "fortified", "target", "that", "it"})


def _singular(word: str) -> str:
    if word.endswith("ves"):
        return word[:-3] + "f"  # elves, dwarves, wolves
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


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
                             becomes_creature=animated["kind"])
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
                             adds_type=_singular(typed["type"]), adds_to=_singular(typed["what"]))
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
            conditional = _AS_LONG_AS_YOU_CONTROL.match(sentence)
            if conditional is not None:
                found.append(
                    PtStatic(False, frozenset(), frozenset(), "", int(conditional["p"]),
                             int(conditional["t"]), self_only=True,
                             while_you_control=_singular(conditional["what"]))
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
            kinds = [w for w in words[:-1] if w not in _COLOURS and w not in ("all", "each")]
            subtypes = set(kinds)
            if noun not in ("creatures", "creature"):
                subtypes.add(_singular(noun))  # "other Goblins" -> goblin, "Merfolk" -> merfolk
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
                )
            )
    return tuple(found)


def statics_in_play(state: GameState) -> tuple[tuple[GameObject, PtStatic], ...]:
    """Every P/T static ability on the battlefield now, with its source (CR 611.3a); one
    with "as long as you control a Forest" only while that is true."""
    return state.of_battlefield(_statics_in_play)


def _statics_in_play(state: GameState) -> tuple[tuple[GameObject, PtStatic], ...]:
    found = [
        (source, static)
        for source in state.zone_objects(Zone.BATTLEFIELD)
        if not source.phased_out and source.oracle_text
        for static in read_pt_statics(source.oracle_text)
        if not static.while_you_control
        or _controls_a(state, source.controller, static.while_you_control)
    ]
    # Type changers first (layer 4 before 6 and 7, CR 613.1d; a stable sort keeps the rest).
    found.sort(key=lambda pair: not (pair[1].becomes_creature or pair[1].adds_type))
    return tuple(found)


def _controls_a(state: GameState, player: str, kind: str) -> bool:
    return any(
        obj.controller == player
        and not obj.phased_out
        and (kind in obj.card_types or kind in obj.subtypes)
        for obj in state.zone_objects(Zone.BATTLEFIELD)
    )


_BECOMES_CREATURE = re.compile(
    r"^each (?P<other>other )?non(?:creature|-aura) (?P<kind>artifact|enchantment) is an? "
    r"(?:artifact )?creature (?:in addition to its other types )?(?:with|and has) (?:base )?power "
    r"and (?:base )?toughness each equal to its mana value\.?$"
)
_ENCHANTED_IS_A_CREATURE = re.compile(
    r"^enchanted (?P<kind>artifact|land|enchantment) is an? (?:[a-z]+ )?creature with base "
    r"power and toughness (?P<p>\d+)/(?P<t>\d+) in addition to its other types\.?$"
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
_AS_LONG_AS_YOU_CONTROL = re.compile(
    r"^(?:this creature|~) gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+) as long as you control an? "
    r"(?P<what>[a-z]+)\.?$"
)


_CARD_TYPES_IN_GRAVEYARDS = remembered(
    re.compile(
        r"power is equal to the number of card types among cards in all graveyards and its "
        r"toughness is equal to that number plus (\d+)",
        re.IGNORECASE,
    )
)


def graveyard_card_types(state: GameState) -> frozenset[str]:
    """Every card type among cards in all graveyards (Tarmogoyf counts types, not cards)."""
    found: set[str] = set()
    for card in state.zone_objects(Zone.GRAVEYARD):
        found |= card.card_types
    return frozenset(found)


def _defined_by_graveyards(state: GameState, obj: GameObject) -> GameObject:
    """Tarmogoyf's characteristic-defining ability, which works in every zone (CR 208.2a,
    604.3): power is the number of card types in all graveyards, toughness that plus 1."""
    match = _CARD_TYPES_IN_GRAVEYARDS.search(obj.oracle_text)
    if match is None:
        return obj
    count = len(graveyard_card_types(state))
    return replace(obj, power=count, toughness=count + int(match.group(1)))


def loses_all_abilities(state: GameState, obj: GameObject) -> bool:
    """Whether a static ability such as Humility's, or an effect such as Turn to Frog's, takes
    away all of ``obj``'s abilities (layer 6, CR 613.1f), printed or granted: hexproof and
    protection are gone too. (The bot doesn't order such effects by timestamp, 613.7: each one
    applies.)"""
    if obj.zone is not Zone.BATTLEFIELD:
        return False
    if obj.abilities_lost:
        return True  # an effect took them away (Turn to Frog, "loses all abilities")
    humbling = state.of_battlefield(_humbling)
    if not humbling or "creature" not in as_seen(state, obj).card_types:
        return False  # the common case first: nothing on the battlefield takes abilities away
    return any(not (static.other and source.id == obj.id) for source, static in humbling)


def _humbling(state: GameState) -> tuple[tuple[GameObject, PtStatic], ...]:
    """The statics on the battlefield that take abilities away (Humility)."""
    return tuple(
        (source, static) for source, static in statics_in_play(state) if static.loses_abilities
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
    """``obj`` with the layer-7c effects of static abilities applied to its power and
    toughness (CR 613.4c); the object itself when none applies."""
    if obj.power is None or obj.toughness is None:
        obj = _defined_by_graveyards(state, obj)
    if obj.zone is not Zone.BATTLEFIELD:
        return _colour_off_the_battlefield(state, obj, statics)
    power = toughness = 0
    # statics_in_play lists type-changing statics first, so one pass sees layer 4 and 7b
    # (CR 613.1d, 613.4b) before the +N/+N of layer 7c.
    for source, static in statics if statics is not None else statics_in_play(state):
        if not static.applies(source, obj):
            continue
        if static.adds_type:
            obj = replace(obj, card_types=obj.card_types | {static.adds_type})
            if static.base is not None:
                # Layer 7b (CR 613.4b): the base power and toughness it sets.
                obj = replace(obj, power=static.base[0], toughness=static.base[1])
        elif static.loses_abilities:
            # Layer 6 then 7b: no keywords (hexproof, flying...), and the base P/T it sets.
            obj = replace(obj, keywords=frozenset())
            if static.base is not None:
                obj = replace(obj, power=static.base[0], toughness=static.base[1])
        elif static.becomes_creature:
            obj = replace(
                obj,
                card_types=obj.card_types | {"creature"},
                power=obj.mana_value,
                toughness=obj.mana_value,
            )
        elif static.sets_colour:
            colours = frozenset() if static.sets_colour == "colorless" else {static.sets_colour}
            obj = replace(obj, colors=frozenset(colours))
        elif static.base is not None:
            # Layer 7b (CR 613.4b): the base power and toughness an Aura sets (the Cursed
            # Role); the +N/+N of layer 7c are added to it below, counters after that.
            if obj.power is not None and obj.toughness is not None:
                obj = replace(obj, power=static.base[0], toughness=static.base[1])
        else:
            power += static.power
            toughness += static.toughness
    if (not power and not toughness) or obj.power is None or obj.toughness is None:
        return obj
    return replace(obj, power=obj.power + power, toughness=obj.toughness + toughness)
