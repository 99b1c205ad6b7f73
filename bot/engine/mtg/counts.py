"""Numbers a permanent's power and toughness are counted from (CR 604.3, 613.4a, 613.4c).

"Serra Avatar's power and toughness are each equal to your life total", "the number of
creatures you control" (Crusader of Odric), "the number of card types among cards in all
graveyards" (Tarmogoyf), "gets +1/+1 for each land card in your graveyard" (Knight of the
Reliquary), "gets -X/-X, where X is your life total" (Death's Shadow): ``read_count`` reads
the words once, ``count_of`` counts them on a board, and ``count_caveat`` says what the board
can't tell (a hand no statement described) or where the count rests on what was stated (an
empty graveyard), so a count is never a silent 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.engine.cards import CARD_TYPES, SUPERTYPES
from bot.engine.model import COLOR_NAMES, GameObject, Zone
from bot.engine.mtg.oracle_subtypes import ALL_SUBTYPES, type_singular
from bot.engine.mtg.state import GameState
from bot.engine.wording import and_list

_COLOURS = frozenset(COLOR_NAMES.values())
# Nouns that say "an object" and add nothing to what it must be.
_ANY = frozenset({"card", "cards", "permanent", "permanents"})


@dataclass(frozen=True)
class Count:
    """What one "for each" / "equal to" phrase counts, as its words say."""

    words: str  # as written: "land card in your graveyard"
    # "life": a life total; "battlefield", "graveyard", "hand": objects there; "types": the
    # card types among the cards in the graveyards (Tarmogoyf counts types, not cards).
    zone: str
    whose: str  # "you", "opponents" or "all" (relative to the permanent's controller)
    # Each alternative is a set of words an object must all have ("artifact creature"); any
    # alternative will do ("instant and sorcery cards", "artifact and/or enchantment"). None
    # of them: every object there counts ("cards in your hand").
    kinds: tuple[frozenset[str], ...] = ()
    other: bool = False  # "other creatures you control": not the permanent itself
    plus: int = 0  # "1 plus the number of lands you control" (Allosaurus Rider)
    counter: str = ""  # "for each oil counter on it": the kind of counter (zone "counters")


_NUMBER = re.compile(r"^(?:(?P<plus>\d+) plus )?(?:the number of )?(?P<what>.+)$")
_WHERE = (
    # "for each color among permanents you control" (Faeburrow Elder).
    (re.compile(r"^colou?rs? among (?P<d>.+?) (?P<w>you) control$"), "colours"),
    (re.compile(r"^card types among cards in (?P<w>all graveyards|your graveyard)$"), "types"),
    (re.compile(r"^(?P<d>.*?)\s*cards? in (?P<w>your|all) graveyards?$"), "graveyard"),
    (re.compile(r"^(?P<d>.*?)\s*cards? in (?P<w>your) hand$"), "hand"),
    (re.compile(r"^(?P<d>.+?) (?P<w>you|your opponents) controls?$"), "battlefield"),
    (re.compile(r"^(?P<d>.+?) on (?P<w>the) battlefield$"), "battlefield"),
    # "for each Aura and Equipment attached to it" (Champion of the Flame): the creature's.
    (re.compile(r"^(?P<d>.+?) attached to (?P<w>it)$"), "attached"),
    # "for each oil counter on it" (Evolving Adaptive), "... on this Equipment" (Banshee's
    # Blade): on the creature, or on the permanent with the ability.
    (re.compile(r"^(?P<d>\S+) counters? on (?P<w>it|this equipment|this aura)$"), "counters"),
)


@lru_cache(maxsize=1024)
def read_count(words: str) -> Count | None:
    """The count ``words`` describe ("your life total", "the number of artifacts you
    control", "land card in your graveyard"); None for words the bot doesn't count (a
    devotion, "the greatest mana value among ...")."""
    said = words.strip().rstrip(".").lower()
    if said == "your life total":
        return Count(said, "life", "you")
    number = _NUMBER.match(said)
    if number is None:
        return None
    what = number["what"]
    plus = int(number["plus"] or 0)
    for pattern, zone in _WHERE:
        found = pattern.match(what)
        if found is None:
            continue
        # "card types among cards in your graveyard" (delirium, Consuming Blob): the controller's.
        whose = {
            "your": "you",
            "you": "you",
            "your graveyard": "you",
            "your opponents": "opponents",
            "it": "it",
        }.get(found["w"], "all")
        if zone == "types":
            return Count(said, zone, whose, plus=plus)
        if zone == "counters":
            whose = "it" if found["w"] == "it" else "this"
            return Count(said, zone, whose, plus=plus, counter=found["d"])
        other = found["d"].startswith("other ")
        kinds = _kinds(found["d"].removeprefix("other "))
        if kinds is None:
            return None
        return Count(said, zone, whose, kinds, other, plus)
    return None


def _kinds(described: str) -> tuple[frozenset[str], ...] | None:
    """ "instant and sorcery" -> ({instant}, {sorcery}); "artifact creatures" -> ({artifact,
    creature},); "" -> () (anything); None when a word isn't a type, colour or supertype."""
    alternatives = []
    for part in re.split(r",? and/or |,? and |,? or |, ", described):
        words = frozenset(type_singular(w) for w in part.split() if w not in _ANY)
        if not words:
            continue
        if not all(w in CARD_TYPES or w in ALL_SUBTYPES or w in SUPERTYPES or w in _COLOURS
                   for w in words):  # fmt: skip
            return None
        alternatives.append(words)
    return tuple(alternatives)


def _fits(obj: GameObject, kinds: tuple[frozenset[str], ...]) -> bool:
    has = obj.card_types | obj.subtypes | obj.supertypes | obj.colors
    return not kinds or any(words <= has for words in kinds)


def _players(state: GameState, controller: str, whose: str) -> set[str]:
    if whose == "you":
        return {controller}
    names = {p.name for p in state.players if not p.left_game}
    return names - {controller} if whose == "opponents" else names


def count_of(
    state: GameState, source: GameObject, count: Count, subject: GameObject | None = None
) -> int | None:
    """What ``count`` is for ``source`` (its controller is "you"; ``subject``, the creature
    the ability changes, is "it") on this board; None when the board can't tell (a hand no
    statement described: CR 118.3's hidden zone)."""
    it = subject if subject is not None else source
    if count.zone == "counters":
        return (it if count.whose == "it" else source).counters.get(count.counter, 0) + count.plus
    if count.zone == "attached":
        return count.plus + sum(
            1
            for obj in state.zone_objects(Zone.BATTLEFIELD)
            if obj.attached_to == it.id and not obj.phased_out and _fits(obj, count.kinds)
        )
    players = _players(state, source.controller, count.whose)
    if count.zone == "life":
        return state.player(source.controller).life + count.plus
    if count.zone == "types":
        found: set[str] = set()
        for card in state.zone_objects(Zone.GRAVEYARD):
            if card.owner in players:
                found |= card.card_types
        return len(found) + count.plus
    if count.zone == "colours":
        colours: set[str] = set()
        for obj in state.zone_objects(Zone.BATTLEFIELD):
            if obj.controller in players and not obj.phased_out and _fits(obj, count.kinds):
                colours |= obj.colors
        return len(colours) + count.plus
    counted = counted_objects(state, source.controller, count, source.id)
    return None if counted is None else len(counted) + count.plus


def counted_objects(
    state: GameState, controller: str, count: Count, source_id: int | None = None
) -> tuple[GameObject, ...] | None:
    """The objects a battlefield, graveyard or hand ``count`` counts for ``controller`` (its
    "you"; ``source_id``, what "other" leaves out): "How many creatures does Alice control?"
    asks it too (QA 59 U6). None when a hand the count reads isn't stated (CR 118.3's hidden
    zone) or the count isn't of objects in a zone."""
    players = _players(state, controller, count.whose)
    if count.zone == "hand":
        if any(not state.player(name).hand_stated for name in players):
            return None
        zone, by_owner = Zone.HAND, True
    elif count.zone in ("graveyard", "battlefield"):
        zone = Zone.GRAVEYARD if count.zone == "graveyard" else Zone.BATTLEFIELD
        by_owner = zone is Zone.GRAVEYARD  # a card in a graveyard has no controller (108.4a)
    else:
        return None
    return tuple(
        obj
        for obj in state.zone_objects(zone)
        if (obj.owner if by_owner else obj.controller) in players
        and not obj.phased_out  # CR 702.26b: treated as though it doesn't exist
        and not (count.other and obj.id == source_id)
        and _fits(obj, count.kinds)
    )


def count_caveat(state: GameState, source: GameObject, count: Count) -> str:
    """What a reader should know about ``count`` on this board: that a hand isn't known, or
    that a graveyard the count reads has nothing stated in it (so it counted none there);
    "" when the board says it all."""
    return player_count_caveat(state, source.controller, count)


def player_count_caveat(state: GameState, controller: str, count: Count) -> str:
    """``count_caveat`` for a count whose "you" is ``controller``."""
    players = sorted(_players(state, controller, count.whose))
    if count.zone == "hand":
        unknown = [name for name in players if not state.player(name).hand_stated]
        if unknown:
            return (
                f"the bot can't count “{count.words}”: {and_list(unknown)}'s hand isn't "
                f"stated; say “{unknown[0]}'s hand is empty.”, then the cards in it"
            )
    if count.zone in ("graveyard", "types"):
        owners = {card.owner for card in state.zone_objects(Zone.GRAVEYARD)}
        # A graveyard said to be empty ("Alice's graveyard is empty.") is known, not unstated.
        empty = [
            name
            for name in players
            if name not in owners and not state.player(name).graveyard_stated
        ]
        # "All graveyards" with a card stated in one of them: the others were left empty.
        if empty and (count.whose != "all" or len(empty) == len(players)):
            graveyards = and_list([f"{name}'s" for name in empty]) + (
                " graveyards" if len(empty) > 1 else " graveyard"
            )
            return (
                f"“{count.words}” counts only the cards stated, and nothing is stated in "
                f"{graveyards}: say “{empty[0]}'s graveyard has ...” to count them"
            )
    return ""
