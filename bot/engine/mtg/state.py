"""The MTG game state as targeting sees it: an immutable value, changed by copying.

Every change returns a new ``GameState``; nothing is mutated, so a state can be stored, compared
and replayed.  Ids come from a counter in the state, so the same script always yields the same
ids.  An object that changes zones becomes a new object with a new id (CR 400.7); the old id is
kept in ``departures`` so explanations can say what happened to it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from bot.engine.cards import CardData
from bot.engine.errors import EngineError
from bot.engine.frozen import cached_value, evolve, quick_init
from bot.engine.model import GameObject, ObjectKind, Player, Zone, removed_from_combat
from bot.engine.mtg.exiled_until import (
    LINKED_RETURN,
    RETURNS_AT_ONCE,
    linked_return,
    returns_at_once,
)
from bot.engine.mtg.graveyard_replacements import (
    GraveyardReplacement,
    chosen_among,
    graveyard_replacements,
    replaced_graveyard_event,
)
from bot.engine.mtg.object_index import ObjectIndex
from bot.engine.mtg.oracle_effects import effect_parts
from bot.engine.mtg.oracle_subtypes import type_singular
from bot.engine.mtg.phrase_vocab import (
    ABILITY_WORD_PREFIX,
    CARDS_IN_GRAVEYARD_CONDITION,
    NUMBER_WORDS,
    YOU_CONTROL_CONDITION,
)
from bot.engine.requirements import AbilityKind, AbilitySpec, EffectPart, Mode, TargetSlot
from bot.engine.values import copied_dict, with_item

TargetRef = int | str
"""A chosen target: an object id, or a player's name."""

T = TypeVar("T")

_EMPTY_MAP: Mapping = MappingProxyType({})

# The keywords whose Oracle lines ("Flying, hexproof") the reader splits into abilities, so
# parameters stay with them ("Hexproof from black", "Ward {2}"); each is a CR 702 keyword
# (``keyword_abilities``).
KEYWORD_LINE_STARTS = (
    "flying", "hexproof", "shroud", "protection", "ward", "first strike", "double strike",
    "deathtouch", "lifelink", "vigilance", "reach", "trample", "haste", "menace", "defender",
    "indestructible", "flash", "phasing", "prowess", "intimidate", "fear", "shadow",
)  # fmt: skip


def split_keyword_text(text: str) -> tuple[str, ...]:
    """'Protection from red and from blue' -> two abilities (CR 702.16g, 702.11f)."""
    text = text.strip().lower().rstrip(".")
    match = re.match(r"(protection|hexproof) from (.+)", text)
    if not match:
        return (text,)
    head, rest = match.groups()
    parts = re.split(r",? and from |, from ", rest)
    return tuple(f"{head} from {part.strip()}" for part in parts if part.strip())


# A disguised or cloaked permanent's ward {2} (702.168a, 701.58a).
FACE_DOWN_WARD = frozenset(split_keyword_text("ward {2}"))

# Reminder text, "(…)", which says nothing the rules read.
_REMINDER = re.compile(r"\([^)]*\)")

# A ward line whose cost isn't mana: "Ward—Sacrifice a creature." (CR 702.21a).
_WARD_LINE = re.compile(r"ward\s*[—-]\s*(?P<cost>.+?)\.?", re.IGNORECASE)


def turned_face_down(obj: GameObject, *, with_ward: bool = False) -> GameObject:
    """CR 708.2a: a face-down permanent is a 2/2 creature with no text, no name, no subtypes
    and no mana cost (the bot keeps its name, so users can still say which one they mean);
    disguised or cloaked, it has ward {2} too (702.168a, 701.58a)."""
    return evolve(
        obj,
        face_down=True,
        card_types=frozenset({"creature"}),
        subtypes=frozenset(),
        supertypes=frozenset(),
        colors=frozenset(),
        mana_value=0,
        power=2,
        toughness=2,
        loyalty=None,
        defense=None,
        keywords=FACE_DOWN_WARD if with_ward else frozenset(),
        oracle_text="",
    )


def ward_keyword(line: str) -> str | None:
    """A ward line whose cost isn't mana as a keyword: "Ward—Pay 2 life." -> "ward—pay 2
    life"; None for any other line.  "Ward—{2}, Pay 2 life." is one ability whose cost has two
    parts (CR 702.21a); the cost keeps its printed case ("Raubahn's power") but for each part's
    verb."""
    ward = _WARD_LINE.fullmatch(line.strip())
    if ward is None:
        return None
    parts = re.split(r",\s*", ward["cost"])
    return "ward—" + ", ".join(part[:1].lower() + part[1:] for part in parts)


def printed_keywords(card: CardData) -> frozenset[str]:
    """Keyword abilities with their parameters, read from the Oracle text's keyword lines."""
    return _printed_keywords(card.oracle_text, tuple(card.keywords))


# Every object a card makes reads its keywords again (issue 14: 500 times in a 500-action
# game); the answer depends only on the text and the keyword list.
@functools.lru_cache(maxsize=4096)
def _printed_keywords(oracle_text: str, keywords: tuple[str, ...]) -> frozenset[str]:
    found: set[str] = set()
    # The card data's own keyword list says which other words start keywords (annihilator).
    starts = KEYWORD_LINE_STARTS + tuple(k.lower() for k in keywords)
    for raw_line in oracle_text.splitlines():
        line = _REMINDER.sub("", raw_line).strip()
        if not line:
            continue
        if ward := ward_keyword(line):
            found.add(ward)
            continue
        # "Flying, vigilance" and older "Flying; banding" both list keywords (CR 702.1).
        pieces = [piece.strip() for piece in re.split(r"[,;]\s*(?!from )", line) if piece.strip()]
        if pieces and all(piece.lower().startswith(starts) for piece in pieces):
            for piece in pieces:
                found.update(split_keyword_text(piece))
    firsts = {k.split(" ")[0] for k in found}
    for keyword in keywords:
        lowered = keyword.lower()
        # The card data's bare "Hexproof from" names the "hexproof from artifacts and
        # enchantments" its text already gave (Jaheira; QA 33 M2), not an ability of its own.
        if lowered not in firsts and not any(k.startswith(f"{lowered} ") for k in found):
            found.add(lowered)
    return frozenset(found)


@quick_init
@dataclass(frozen=True)
class ChosenTargets:
    """The targets chosen for one slot (one instance of "target", CR 115.3), in order.

    ``amounts`` is the announced division, one number per target (CR 601.2d); it never changes
    when targets are changed (CR 115.7f).
    """

    slot_index: int
    refs: tuple[TargetRef, ...] = ()
    amounts: tuple[int, ...] = ()


@quick_init
@dataclass(frozen=True)
class StackEntry:
    """A spell or ability on the stack with every choice made for it (CR 601.2, 707.10)."""

    object_id: int
    spec: AbilitySpec
    controller: str
    name: str
    source_id: int | None = None
    modes: tuple[int, ...] = (0,)
    targets: tuple[ChosenTargets, ...] = ()
    x: int | None = None
    is_copy: bool = False
    # A triggered ability that refers to another spell or ability without targeting it, such
    # as ward's "counter that spell or ability unless that player pays [cost]" (CR 702.21a,
    # 118.12a): the object it refers to, the cost, and the player who may pay it.
    refers_to: int | None = None
    unless_cost: str = ""
    unless_payer: str = ""
    # The targets before they were last changed (CR 115.7), for showing what changed.
    previous_targets: tuple[ChosenTargets, ...] = ()
    # Permanents sacrificed to pay its cost (Fling, CR 601.2h): their ids before they left,
    # whose last known information "the sacrificed creature's power" reads (CR 608.2h).
    sacrificed: tuple[int, ...] = ()
    # Cast with flashback: from a graveyard, and exiled whenever it leaves the stack (702.34a).
    flashback: bool = False
    # Cast with jump-start: from a graveyard, and likewise exiled (702.133a).
    jump_start: bool = False
    # A triggered ability's trigger event's object: the creature whose entering triggered
    # "Whenever a creature you control enters, it deals damage equal to its power ..."
    # (Warstorm Surge, Terror of the Peaks), read as it is or last existed (608.2h).
    triggered_by: int | None = None

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        """The target slots of the chosen modes only (CR 700.2c)."""
        return tuple(slot for index in self.modes for slot in self.spec.modes[index].slots)

    def chosen(self, slot_index: int) -> ChosenTargets:
        for chosen in self.targets:
            if chosen.slot_index == slot_index:
                return chosen
        return ChosenTargets(slot_index)

    @property
    def target_instances(self) -> int:
        """How many times anything was chosen as a target (CR 115.9a)."""
        return sum(len(chosen.refs) for chosen in self.targets)

    @property
    def distinct_targets(self) -> frozenset[TargetRef]:
        """The different objects and players targeted (CR 115.9c)."""
        return frozenset(ref for chosen in self.targets for ref in chosen.refs)

    @property
    def is_targeted(self) -> bool:
        """Targeted only if at least one target was chosen (CR 115.6)."""
        return self.target_instances > 0


@dataclass(frozen=True)
class OwedSacrifice:
    """CR 701.21a: a resolved spell told a player to sacrifice ``count`` permanents of their
    choice among ``candidates`` (Diabolic Edict; Crackling Doom's tie for greatest power); the
    user says which, and only one of these will do."""

    source: str  # the spell or ability that asked ("Diabolic Edict")
    count: int
    wanted: str  # what it asked for ("creature", "nontoken creature")
    candidates: tuple[int, ...]


@dataclass(frozen=True)
class DamageRedirect:
    """A redirection effect from a resolved spell or ability (CR 614.9): damage ``source_id``
    would deal to the player ``protected`` (combat damage only, if ``combat_only``) is dealt
    instead to ``to``, an object, or, when None, the source's controller at that time ("its
    controller": Mirror Strike). ``by`` names the spell or ability. "This turn" lasts until
    "It is a later turn." (CR 514.2)."""

    source_id: int
    protected: str
    by: str
    to: int | None = None
    combat_only: bool = False


@dataclass(frozen=True)
class TurnChange:
    """A change a resolved spell or ability made to one object "until end of turn" or "this
    turn" (Giant Growth's +3/+3, Jump's flying, Goblin Shortcutter's "can't block"): it ends
    in the cleanup step (CR 514.2), when a statement says "It is a later turn.". ``keywords``
    are only those the object didn't have already, which stay when it ends. A change to a
    player ("Alice gains hexproof until end of turn.", Blossoming Calm) names the ``player``
    instead of an object."""

    object_id: int
    player: str = ""
    power: int = 0
    toughness: int = 0
    keywords: frozenset[str] = frozenset()


@dataclass(frozen=True)
class BlockBan:
    """A resolved "[creatures ...] can't block this turn" (Falter, Magmatic Chasm): it doesn't
    change any object's characteristics, so it modifies the rules and also covers creatures
    that arrive after it began (CR 611.2c), until the turn ends (514.2). ``what`` is the group
    as written ("creatures without flying"), ``controller`` whose "you control" it means,
    ``source`` the card that made it."""

    what: str
    controller: str
    source: str


@dataclass(frozen=True)
class DelayedDeathWatch:
    """A delayed triggered ability a resolved spell or ability created that triggers on a
    death (CR 603.7a): "Whenever a creature dies this turn, you gain 1 life." (Death Frenzy),
    "When that creature dies this turn, ..." (Burn Away), earthbend's "When that land dies or
    is put into exile, return it ..." (701.66a). ``source`` is what created it, whose
    controller controls the ability (603.7d, 603.7e); ``what`` the creatures it watches ("a
    creature you control"), or ``subject`` the one it means ("that creature"); ``among``, when
    set, the only objects it watches: those the spell dealt damage to ("a creature dealt damage
    this way", 603.7c; a new object after a zone change is not one of them, 400.7); ``once`` for a
    "When" ability, which triggers only once (603.7c); ``exiled``: being put into exile from
    the battlefield triggers it too; ``this_turn``: it ends with the turn; ``since`` how many
    departures the game had recorded when it was created: only later ones trigger it."""

    source: GameObject
    line: str
    effect: str
    what: str = ""
    subject: int | None = None
    among: tuple[int, ...] | None = None
    once: bool = False
    since: int = 0
    exiled: bool = False
    this_turn: bool = True


@dataclass(frozen=True)
class HeldCombatDamage:
    """Combat damage a saved game's earlier message dealt, whose state-based actions wait for
    the rest of its combat damage step: "all combat damage that's been assigned is dealt
    simultaneously" (CR 510.2), and only then are they checked (704.3). ``hurt``: what was
    dealt damage; ``deathtouched``: the creatures deathtouch reached (704.5h); ``assigned``:
    (source id, damage it was said to deal) pairs, for trample's lethal damage (702.19b);
    ``first_step``: the first-strike combat damage step's (510.4)."""

    hurt: tuple[TargetRef, ...] = ()
    deathtouched: tuple[int, ...] = ()
    assigned: tuple[tuple[int, int], ...] = ()
    first_step: bool = False


@dataclass(frozen=True)
class WaitingTrigger:
    """A triggered ability that triggered and waits for its controller to choose its targets
    as it is put on the stack (CR 603.3, 603.3d): the bot saw the event, and the user names the
    targets. Nothing on the stack resolves before it is put there (603.3b, 117.5)."""

    source_id: int  # the source as the event happened (it may have left since: 603.10a)
    name: str  # the source's name, as "X's trigger targets ..." names it
    controller: str
    text: str  # the triggered ability, as printed
    event: str  # what triggered it ("Grizzly Bears died")


@quick_init
@dataclass(frozen=True)
class Departure:
    """An object that left its zone: what it was, and the new object it became (CR 400.7)."""

    old_id: int
    snapshot: GameObject  # last known information (CR 608.2b uses it for sources)
    event: str  # "died", "was exiled", "left the battlefield", "returned to the battlefield"...
    to_zone: Zone | None
    new_id: int | None = None
    # The Auras and Equipment attached to it just before it left (Skullclamp's "Whenever
    # equipped creature dies", which looks back in time: CR 603.10a).
    attached: tuple[int, ...] = ()


@dataclass(frozen=True)
class TargetRestriction:
    """A "can't be the target of ..." statement applying to one object or player.

    ``opponents_of`` fixes whose opponents are meant: for Vines of Vastwood it is Vines'
    controller, not the creature's (Vines of Vastwood ruling).
    """

    text: str
    spells: bool = True
    abilities: bool = True
    quality: str = ""
    opponents_of: str | None = None


# A prevention shield that prevents all damage (CR 615.1a "prevent all damage ...").
ALL_DAMAGE = -1


# The cached lookups of a state read from its ``players`` alone (``GameState._changed``).
_PLAYER_LOOKUPS = ("player_names", "_players_by_name")


@quick_init
@dataclass(frozen=True)
class GameState:
    """Players, objects by id, the stack (bottom first) and the record of departures."""

    players: tuple[Player, ...] = ()
    objects: Mapping[int, GameObject] = field(default_factory=lambda: _EMPTY_MAP)
    stack: tuple[StackEntry, ...] = ()
    departures: Mapping[int, Departure] = field(default_factory=lambda: _EMPTY_MAP)
    restrictions: Mapping[int | str, tuple[TargetRestriction, ...]] = field(
        default_factory=lambda: _EMPTY_MAP
    )
    cards: Mapping[int, CardData] = field(default_factory=lambda: _EMPTY_MAP)
    next_id: int = 1
    # The cards of a merged permanent, topmost first (CR 729.1, 702.140c); ``cards`` holds
    # what the permanent is: the topmost card's characteristics with every card's abilities.
    merged: Mapping[int, tuple[CardData, ...]] = field(default_factory=lambda: _EMPTY_MAP)
    # Permanents that are copies of another (Clone, Cytoshape; CR 707.2): id -> the copiable
    # values it has now (the copied object's, with the copy effect's exceptions, 707.9b), so
    # a copy of it copies the same (707.3). It leaves with the object: a new object, 400.7.
    copies: Mapping[int, GameObject] = field(default_factory=lambda: _EMPTY_MAP)
    # Prevention shields: how much of the next damage that would be dealt to a player or object
    # is prevented (CR 615.7; ``ALL_DAMAGE``: all of it). The bot keeps no turn, so "this
    # turn" lasts until the shield is used.
    shields: Mapping[TargetRef, int] = field(default_factory=lambda: _EMPTY_MAP)
    # Redirection effects (CR 614.9) from resolved spells and abilities: Mirror Strike's "All
    # combat damage that would be dealt to you this turn by target unblocked creature is
    # dealt to its controller instead".
    damage_redirects: tuple[DamageRedirect, ...] = ()
    # The spell whose "Damage can't be prevented this turn" resolved (Skullcrack, Stomp), ""
    # for none: until "It is a later turn.", no damage is prevented (CR 615.12).
    damage_unpreventable: str = ""
    # Control changes that last while their source stays on the battlefield ("You control
    # enchanted creature", Control Magic; "for as long as this Saga remains on the
    # battlefield"): controlled object -> (source, controller before). CR 611.2b, 613.1b.
    control_changes: Mapping[int, tuple[int, str]] = field(default_factory=lambda: _EMPTY_MAP)
    # Cards in exile that come back when a permanent leaves the battlefield: exiled card ->
    # that permanent (Banishing Light's "until this enchantment leaves the battlefield", CR
    # 610.3; Oblivion Ring's linked "return the exiled card", 607.2a).
    exiled_until: Mapping[int, int] = field(default_factory=lambda: _EMPTY_MAP)
    # Sacrifices a resolved spell left to a player's choice, by player (CR 701.21a).
    owed_sacrifices: Mapping[str, OwedSacrifice] = field(default_factory=lambda: _EMPTY_MAP)
    # Spells cast so far; the bot keeps no turn, so the scenario is "this turn" (storm, 702.40a).
    spells_cast: int = 0
    # The players who played a land this turn (CR 305.2: one land a turn; the bot keeps one
    # turn, so a second land play in a scenario or saved game is refused).
    lands_played: tuple[str, ...] = ()
    # Permanents whose loyalty ability was activated this turn (CR 606.3: once a turn).
    loyalty_activated: frozenset[int] = frozenset()
    # Permanents whose activated abilities can't be activated this turn (Trickbind: "If a
    # permanent's ability is countered this way, activated abilities of that permanent can't
    # be activated this turn"), mana abilities included (ruling 2006-09-25).
    activation_locked: frozenset[int] = frozenset()
    # Permanents that came under their controller's control during the scenario (entered the
    # battlefield or changed control): "summoning sick" creatures (CR 302.6). Those set up
    # with "controls" have been there since the turn began.
    new_to_control: frozenset[int] = frozenset()
    # A player's next cast is the one a resolved cascade trigger allows, with mana value less
    # than this (CR 702.85a): player -> the cascade spell's mana value.
    cascade_casts: Mapping[str, int] = field(default_factory=lambda: _EMPTY_MAP)
    # "Until your next turn, you may cast sorcery spells as though they had flash" (Teferi,
    # Time Raveler's +1) once resolved: player -> the card types it allows ("" for any).
    flash_permissions: Mapping[str, frozenset[str]] = field(default_factory=lambda: _EMPTY_MAP)
    # Spells that left the stack while a triggered ability on it still refers to them (a storm
    # or "copy that spell" trigger): the spell as it last existed there, with its choices, which
    # the trigger still copies (CR 702.40a; Grapeshot ruling 2013-06-07: "Countering a spell
    # with storm won't affect the copies"; 707.10).
    left_stack: Mapping[int, StackEntry] = field(default_factory=lambda: _EMPTY_MAP)
    # The instant and sorcery spells each player cast this turn (the scenario, as for storm), by
    # card type in order: "your first instant spell each turn" (Kalamax), "for each other
    # instant and sorcery spell you've cast before it this turn" (Thousand-Year Storm).
    instants_sorceries_cast: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: _EMPTY_MAP
    )
    # Triggered abilities that triggered and wait for their targets (CR 603.3d), oldest first:
    # the stack doesn't resolve until each is put on it (603.3, 117.5).
    waiting_triggers: tuple[WaitingTrigger, ...] = ()
    # Changes made to objects "until end of turn" / "this turn", oldest first: they end
    # when "It is a later turn." (CR 514.2).
    turn_changes: tuple[TurnChange, ...] = ()
    # "Creatures without flying can't block this turn." resolved, for every creature, even one
    # that arrives later (CR 611.2c); ended when "It is a later turn." (514.2).
    block_bans: tuple[BlockBan, ...] = ()
    # Delayed "dies this turn" triggered abilities of resolved spells (CR 603.7a); ended when
    # "It is a later turn.".
    delayed_deaths: tuple[DelayedDeathWatch, ...] = ()
    # Sieges whose "When the last defense counter is removed" ability has triggered (CR
    # 310.11b): once it has left the stack unresolved, 704.5v puts the battle in the graveyard.
    sieges_defeated: frozenset[int] = frozenset()
    # Regeneration shields from resolved "Regenerate ..." effects: permanent -> how many (CR
    # 701.19a: each replaces its next destruction this turn); ended when "It is a later turn."
    regeneration_shields: Mapping[int, int] = field(default_factory=lambda: _EMPTY_MAP)
    # Permanents that "can't be regenerated this turn" (Incinerate: 701.19c), until a later turn.
    unregenerable: frozenset[int] = frozenset()
    # Permanents a resolved "If that creature would die this turn, exile it instead" (Magma
    # Spray) or "If a creature dealt damage this way would die this turn, ..." (Anger of the
    # Gods) covers: permanent -> the spell's name. Dying this turn, one is exiled instead (CR
    # 614.1a, 614.6); ended when "It is a later turn." (514.2). A new object isn't covered (400.7).
    exiled_if_it_dies: Mapping[int, str] = field(default_factory=lambda: _EMPTY_MAP)
    # A resolved "If a creature [an opponent controls] would die this turn, exile it instead"
    # (Malicious Malfunction, Malicious Eclipse): (the spell's name, "" for every creature or
    # its controller, whose opponents' creatures it covers). A replacement, not a change of
    # characteristics, so it covers creatures that arrive later too (611.2c); until a later turn.
    creatures_exiled_if_they_die: tuple[tuple[str, str], ...] = ()
    # Combat damage dealt at the end of a saved game's message whose state-based actions wait
    # until the rest of its combat damage step is said, or anything else is (CR 510.2, 704.3).
    held_combat_damage: HeldCombatDamage | None = None
    # Creatures that dealt their first-strike combat damage this combat: a double striker's
    # damage said after it is the regular combat damage step's (CR 510.4; QA 56 W5); ended
    # when "It is a later turn." (511.3).
    struck_first: frozenset[int] = frozenset()
    # Creatures whose regular combat damage "Combat damage is dealt." (or a stated combat
    # damage step) dealt this combat: there is no second regular step (510.4; QA 59 W2).
    struck_regular: frozenset[int] = frozenset()
    # Whose turn it is, once "It is Alice's next turn." said so ("" while unsaid): only the
    # active player casts noninstant spells and activates sorcery-speed abilities (117.1a,
    # 307.5; QA 57 W3).
    active_player: str = ""
    # The step said ("It is Bob's end step."; "" for a main phase or unsaid): sorcery-speed
    # actions only in a main phase (117.1a, 307.5).
    turn_step: str = ""

    # ---- lookups -----------------------------------------------------------------------
    def not_main_phase_of(self, player: str) -> str:
        """Where the turn is, when that is known not to be a main phase of ``player``'s own
        turn ("Bob's turn", "Alice's end step"): no sorcery-speed action or land play for
        ``player`` then (117.1a, 305.1, 307.5); "" when nothing said rules it out."""
        active = self.active_player
        if not active or (active.casefold() == player.casefold() and not self.turn_step):
            return ""
        return f"{active}'s {self.turn_step or 'turn'}"

    @cached_value
    def player_names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.players)

    @property
    def players_in_game(self) -> tuple[str, ...]:
        """The players who haven't left the game (CR 104.5)."""
        return tuple(p.name for p in self.players if not p.left_game)

    @cached_value
    def _players_by_name(self) -> Mapping[str, Player]:
        """Each player by their lowercased name (the first, should two share one): a player is
        looked up a dozen times a statement."""
        found: dict[str, Player] = {}
        for player in self.players:
            found.setdefault(player.name.lower(), player)
        return found

    def player(self, name: str) -> Player:
        found = self._players_by_name.get(name.lower())
        if found is not None:
            return found
        raise EngineError(
            f"There is no player called {name!r} in this game.",
            hint="Players so far: " + (", ".join(self.player_names) or "none") + ".",
        )

    def has_player(self, name: str) -> bool:
        return name.lower() in self._players_by_name

    def obj(self, object_id: int) -> GameObject:
        found = self.objects.get(object_id)
        if found is not None:
            return found
        departure = self.departures.get(object_id)
        if departure is not None:
            raise EngineError(
                f"#{object_id} ({departure.snapshot.name}) {departure.event}; that object no "
                "longer exists (CR 400.7).",
                hint=f"Refer to the new object #{departure.new_id}."
                if departure.new_id is not None
                else "",
            )
        raise EngineError(f"There is no object #{object_id} in this game.")

    def entry(self, object_id: int) -> StackEntry:
        for entry in self.stack:
            if entry.object_id == object_id:
                return entry
        raise EngineError(
            f"#{object_id} is not a spell or ability on the stack.",
            hint="Stack now: " + (", ".join(e.name for e in self.stack) or "empty") + ".",
        )

    def stack_entry_or_none(self, object_id: int) -> StackEntry | None:
        for entry in self.stack:
            if entry.object_id == object_id:
                return entry
        return None

    def name_of(self, ref: TargetRef) -> str:
        """The object's name (its last known one if it left), or the player's name."""
        if isinstance(ref, str):
            return ref
        found = self.objects.get(ref)
        if found is not None:
            return found.name
        departure = self.departures.get(ref)
        return departure.snapshot.name if departure else f"#{ref}"

    def label(self, ref: TargetRef) -> str:
        """A name a player recognises in an answer: the name, with the object's id when
        another object has the same name ("Grizzly Bears (#2)"), so "3 damage to Grizzly
        Bears" never leaves a judge wondering which of two bears was hit."""
        name = self.name_of(ref)
        if isinstance(ref, str) or name.startswith("#"):
            return name
        key = name.casefold()
        if any(o.id != ref and o.name.casefold() == key for o in self._index.called(key)):
            return f"{name} (#{ref})"
        return name

    def last_known(self, object_id: int) -> GameObject | None:
        """The object now, or its last known information if it has left (CR 608.2b)."""
        found = self.objects.get(object_id)
        if found is not None:
            return found
        departure = self.departures.get(object_id)
        return departure.snapshot if departure else None

    def restrictions_on(self, ref: TargetRef) -> tuple[TargetRestriction, ...]:
        return self.restrictions.get(ref, ())

    @cached_value
    def granted_keywords(self) -> Mapping[TargetRef, frozenset[str]]:
        """Hexproof and shroud given by static abilities of permanents (Leyline of Sanctity,
        Shalai): "You have hexproof.", "Other creatures you control have hexproof." (CR 604.2),
        and those given "as long as" a condition that holds now (Etched Champion)."""
        return self._grants_now[0]

    @cached_value
    def unsettled_grants(self) -> Mapping[TargetRef, tuple[ConditionalGrant, ...]]:
        """The conditional grants whose condition the bot can't check on this board (a
        graveyard nothing was stated in), by what they would go to: answers say so."""
        return self._grants_now[1]

    @cached_value
    def _grants_now(
        self,
    ) -> tuple[
        Mapping[TargetRef, frozenset[str]], Mapping[TargetRef, tuple[ConditionalGrant, ...]]
    ]:
        return _settled_grants(self)

    def keywords_of(self, ref: TargetRef) -> frozenset[str]:
        """Printed or gained keywords plus those granted by other permanents."""
        if isinstance(ref, str):
            own = self.player(ref).keywords
        else:
            obj = self.obj(ref)
            own = obj.keywords
            if obj.abilities_lost:
                # CR 613.1f, 613.7: losing all abilities also takes away what other permanents
                # granted before it; only abilities gained since (in ``keywords``) count.
                return own
        extra = self.granted_keywords.get(ref)
        return own | extra if extra else own

    def zone_objects(self, zone: Zone) -> tuple[GameObject, ...]:
        """The objects in ``zone``, in the order they entered the game."""
        return self._index.by_zone.get(zone, ())

    def objects_in(self, zones: Iterable[Zone]) -> Sequence[GameObject]:
        """The objects in any of ``zones``, in the order they entered the game: from the zone
        index, so a long game's graveyards aren't walked for a question about the battlefield."""
        groups = [group for zone in zones if (group := self._index.by_zone.get(zone))]
        if len(groups) <= 1:
            return groups[0] if groups else ()
        return sorted((obj for group in groups for obj in group), key=lambda obj: obj.id)

    def objects_named(self, name: str) -> list[GameObject]:
        """The objects a statement's ``name`` means, in every zone: those called it (case
        aside), split cards with a half called it, and tokens with it as their name or a
        subtype (``a Zombie``, ``the Zombie token``)."""
        wanted = name.strip().casefold()
        found = list(self._index.called(wanted))
        bare = wanted.removesuffix(" token").strip()
        if bare != wanted:
            known = {obj.id for obj in found}
            found += [
                obj
                for obj in self._index.called(bare)
                if obj.kind is ObjectKind.TOKEN and obj.id not in known
            ]
            found.sort(key=lambda obj: obj.id)
        return found

    def of_battlefield(self, make: Callable[[GameState], T]) -> T:
        """``make(self)`` for a ``make`` that reads nothing but the battlefield's objects
        (``zone_objects(Zone.BATTLEFIELD)``): worked out once for every state that shares this
        one's battlefield.  The zone index passes these values on to the next state's index
        only while the battlefield's group stays the same tuple of the same frozen objects, so
        the value can't be stale (issue 14: a cast or a resolution makes several states with
        the same battlefield, and each read its statics again)."""
        made = self._index.of_battlefield
        if make in made:
            found: T = made[make]  # type: ignore[assignment]
            return found
        value = made[make] = make(self)
        return value

    @cached_value
    def _index(self) -> ObjectIndex:
        # Built once for a state read without one; a change derives its state's index from
        # this one (``_changed``), so a long game's graveyards are not walked again and again.
        return ObjectIndex.of(self.objects.values())

    def _changed(
        self,
        new: GameState,
        removed: tuple[GameObject, ...] = (),
        added: tuple[GameObject, ...] = (),
    ) -> GameState:
        """``new`` (this state after a change) with its index derived from this one's, and
        its players' lookups this one's while the players are the same tuple (they are read
        from it alone; most changes leave the players be)."""
        mine, theirs = self.__dict__, new.__dict__  # cached values live in the instance dict
        index = mine.get("_index")
        if index is not None:
            theirs["_index"] = index.changed(removed, added) if removed or added else index
        if new.players is self.players:
            for name in _PLAYER_LOOKUPS:
                if name in mine:
                    theirs[name] = mine[name]
        return new

    # ---- changes (each returns a new state) ---------------------------------------------
    def with_player(self, player: Player) -> GameState:
        players = tuple(player if p.name == player.name else p for p in self.players)
        if player.name not in self.player_names:
            players = (*players, player)
        return self._changed(evolve(self, players=players))

    def with_object(self, obj: GameObject) -> GameState:
        objects = copied_dict(self.objects)
        old = objects.get(obj.id)
        objects[obj.id] = obj
        removed = (old,) if old is not None else ()
        return self._changed(evolve(self, objects=objects), removed, (obj,))

    def with_copy(self, object_id: int, values: GameObject) -> GameState:
        """The object is a copy with these copiable values (CR 707.2, 707.3)."""
        return self._changed(evolve(self, copies=with_item(self.copies, object_id, values)))

    def add_object(self, obj: GameObject, card: CardData | None = None) -> tuple[GameState, int]:
        """Add ``obj`` under the next free id; returns the new state and that id."""
        new_id = self.next_id
        objects = copied_dict(self.objects)
        added = objects[new_id] = evolve(obj, id=new_id)
        cards = self.cards
        if card is not None:
            cards = copied_dict(self.cards)
            cards[new_id] = card
        state = evolve(self, objects=objects, cards=cards, next_id=new_id + 1)
        return self._changed(state, (), (added,)), new_id

    def created_token(self, token: GameObject) -> tuple[GameState, int]:
        """A token an effect creates: a new permanent on the battlefield (111.1), new to its
        controller (302.6), so the "enters" abilities it triggers can find it (603.6a)."""
        state, token_id = self.add_object(token)
        return state._changed(
            evolve(state, new_to_control=state.new_to_control | {token_id})
        ), token_id

    def with_shield(self, ref: TargetRef, amount: int) -> GameState:
        """CR 615.7: prevent the next ``amount`` damage to ``ref`` (shields add up)."""
        now = self.shields.get(ref, 0)
        total = ALL_DAMAGE if ALL_DAMAGE in (now, amount) else now + amount
        return self._changed(evolve(self, shields=with_item(self.shields, ref, total)))

    def with_damage_redirect(self, redirect: DamageRedirect) -> GameState:
        """The state with one more redirection effect (CR 614.9)."""
        redirects = (*self.damage_redirects, redirect)
        return self._changed(evolve(self, damage_redirects=redirects))

    def redirected(
        self, source_id: int, target: TargetRef, *, combat: bool
    ) -> tuple[TargetRef, DamageRedirect] | None:
        """Where damage ``source_id`` would deal to ``target`` is dealt instead, and the
        effect that says so (CR 614.9); None when no redirection effect applies. An effect
        whose new recipient has left the battlefield or the game does nothing (614.9)."""
        if not isinstance(target, str):
            return None
        source = self.objects.get(source_id)
        for redirect in self.damage_redirects:
            if (
                redirect.source_id != source_id
                or redirect.protected.casefold() != target.casefold()
                or (redirect.combat_only and not combat)
            ):
                continue
            if redirect.to is None:
                if source is None or not self.has_player(source.controller):
                    return None
                new: TargetRef = source.controller
                if self.player(source.controller).left_game:
                    return None
            else:
                host = self.objects.get(redirect.to)
                if host is None or host.zone is not Zone.BATTLEFIELD:
                    return None
                new = redirect.to
            if new == target:
                return None
            return new, redirect
        return None

    def with_phased(self, object_id: int, *, out: bool) -> GameState:
        """The permanent phased out (or in) with the Auras and Equipment attached to it
        (CR 702.26g: they phase "indirectly"); phasing out removes it from combat (506.4)."""
        obj = self.obj(object_id)
        state = self.with_object(
            removed_from_combat(evolve(obj, phased_out=True))
            if out
            else evolve(obj, phased_out=False)
        )
        for attachment in state.attached_to(object_id):
            state = state.with_object(evolve(attachment, phased_out=out))
        return state

    def attached_to(self, object_id: int) -> list[GameObject]:
        """The Auras and Equipment on the battlefield attached to ``object_id``."""
        return [a for a in self.zone_objects(Zone.BATTLEFIELD) if a.attached_to == object_id]

    def with_spell_cast(self) -> GameState:
        """One more spell cast this turn (storm counts them, CR 702.40a; a copy isn't cast)."""
        return self._changed(evolve(self, spells_cast=self.spells_cast + 1))

    def with_instant_or_sorcery_cast(self, player: str, card_types: frozenset[str]) -> GameState:
        """``player`` cast a spell of ``card_types``: kept when it is an instant or sorcery."""
        kind = (
            "instant" if "instant" in card_types else "sorcery" if "sorcery" in card_types else ""
        )
        if not kind:
            return self
        cast = {**self.instants_sorceries_cast}
        cast[player] = (*cast.get(player, ()), kind)
        return self._changed(evolve(self, instants_sorceries_cast=cast))

    def with_flash_permission(self, player: str, kind: str) -> GameState:
        """``player`` may cast ``kind`` spells ("" any) as though they had flash (702.8a)."""
        kinds = self.flash_permissions.get(player, frozenset()) | {kind}
        return self._changed(
            evolve(self, flash_permissions={**self.flash_permissions, player: kinds})
        )

    def with_cascade_cast(self, player: str, below: int | None) -> GameState:
        """``player`` may cast a card with mana value less than ``below`` now (CR 702.85a);
        ``None``: that cast was made."""
        casts = {k: v for k, v in self.cascade_casts.items() if k != player}
        if below is not None:
            casts[player] = below
        return self._changed(evolve(self, cascade_casts=casts))

    def with_loyalty_activated(self, object_id: int) -> GameState:
        """``object_id``'s loyalty ability was activated this turn (CR 606.3)."""
        return self._changed(evolve(self, loyalty_activated=self.loyalty_activated | {object_id}))

    def with_activation_locked(self, object_id: int) -> GameState:
        """``object_id``'s activated abilities can't be activated this turn (Trickbind)."""
        return self._changed(evolve(self, activation_locked=self.activation_locked | {object_id}))

    def owing_sacrifice(self, player: str, owed: OwedSacrifice | None) -> GameState:
        """The state with ``player``'s sacrifice of choice still to be said (``None``: said)."""
        owing = {k: v for k, v in self.owed_sacrifices.items() if k.casefold() != player.casefold()}
        if owed is not None:
            owing[player] = owed
        return self._changed(evolve(self, owed_sacrifices=owing))

    def owed_sacrifice(self, player: str) -> OwedSacrifice | None:
        """What ``player`` still has to sacrifice, among permanents still on the battlefield."""
        for name, owed in self.owed_sacrifices.items():
            if name.casefold() == player.casefold():
                left = tuple(i for i in owed.candidates if i in self.objects)
                return evolve(owed, candidates=left) if left else None
        return None

    def dealt_after_shield(self, ref: TargetRef, amount: int) -> tuple[GameState, int]:
        """The damage that is still dealt to ``ref`` after its prevention shield, and the state
        with the shield used up (CR 615.7)."""
        shield = self.shields.get(ref, 0)
        if not shield or amount <= 0:
            return self, amount
        if shield == ALL_DAMAGE:
            return self, 0
        prevented = min(shield, amount)
        left = {k: v for k, v in self.shields.items() if k != ref}
        if shield > prevented:
            left[ref] = shield - prevented
        return self._changed(evolve(self, shields=left)), amount - prevented

    def with_restriction(self, ref: TargetRef, restriction: TargetRestriction) -> GameState:
        restrictions = copied_dict(self.restrictions)
        restrictions[ref] = (*restrictions.get(ref, ()), restriction)
        return self._changed(evolve(self, restrictions=restrictions))

    def _exiled_instead_of_dying(self, obj: GameObject) -> str | None:
        """The resolved spell whose "would die this turn, exile it instead" covers ``obj`` (a
        permanent about to die: 700.4), or None."""
        if (spell := self.exiled_if_it_dies.get(obj.id)) is not None:
            return spell
        if "creature" not in obj.card_types:
            return None
        for spell, opponents_of in self.creatures_exiled_if_they_die:
            if not opponents_of or obj.controller.casefold() != opponents_of.casefold():
                return spell
        return None

    def move(
        self, object_id: int, to_zone: Zone | None, event: str
    ) -> tuple[GameState, int | None]:
        """Move an object to another zone: it becomes a new object (CR 400.7).

        Tokens and copies that leave the battlefield or stack cease to exist (CR 704.5d,
        707.10a), so ``to_zone`` None or a token gives no new object.
        """
        old = self.obj(object_id)
        replacements = (
            graveyard_replacements(old, old.zone, self.zone_objects(Zone.BATTLEFIELD))
            if to_zone is Zone.GRAVEYARD
            else []
        )
        if (
            to_zone is Zone.GRAVEYARD
            and old.zone is Zone.BATTLEFIELD
            and (spell := self._exiled_instead_of_dying(old)) is not None
        ):
            # CR 614.1a, 700.4: Magma Spray's "If that creature would die this turn, exile it
            # instead", made as it resolved, replaces this death.
            replacements.insert(0, GraveyardReplacement(spell, Zone.EXILE, "exiled"))
        instead = replacements[0] if replacements else None
        if instead is not None:
            # CR 614.1a, 614.6: Rest in Peace, Anafenza, Progenitus replace the event; the card
            # never goes to the graveyard (so it doesn't die, 700.4). Of several, its owner
            # chooses (616.1): the bot takes the card's own and says so.
            to_zone = instead.to_zone
            chooser = old.owner
            by = chosen_among(instead, [r.source for r in replacements[1:]], chooser)
            event = replaced_graveyard_event(instead, by)
        objects = copied_dict(self.objects)
        del objects[object_id]
        restrictions = {k: v for k, v in self.restrictions.items() if k != object_id}
        stack = tuple(entry for entry in self.stack if entry.object_id != object_id)
        card = self.cards.get(object_id)
        new_id: int | None = None
        next_id = self.next_id
        cards = self.cards
        keeps_existing = (
            to_zone is not None
            and old.kind in (ObjectKind.CARD, ObjectKind.SPELL)
            and card is not None
        )
        added: list[GameObject] = []
        merged = self.merged
        if keeps_existing and card is not None and to_zone is not None:
            cards = copied_dict(self.cards)
            # CR 729.3c: a merged permanent that leaves becomes one new object per card.
            for part in self.merged.get(object_id, (card,)):
                # CR 712.8a: a face up on the battlefield is the whole card elsewhere; 712.13:
                # a modal double-faced spell resolves with the face it was cast as up.
                part = part.elsewhere or part
                if to_zone is Zone.BATTLEFIELD and old.zone is Zone.STACK:
                    part = part.face_up_as(old.name)
                made = object_from_card(
                    next_id,
                    # CR 712.8a: in a graveyard, hand or exile only the front face.
                    part.outside_stack() if to_zone is Zone.BATTLEFIELD else part.off_battlefield(),
                    owner=old.owner,
                    controller=old.owner,
                    zone=to_zone,
                )
                objects[next_id] = made
                cards[next_id] = part
                added.append(made)
                next_id += 1
            new_id = added[0].id
            if instead is not None and instead.counters:
                # Dauthi Voidwalker: "instead exile it with a void counter on it" (122.1).
                marked = evolve(added[0], counters=dict(instead.counters))
                objects[new_id] = added[0] = marked
        if object_id in merged:
            merged = {k: v for k, v in merged.items() if k != object_id}
        control_changes = self.control_changes
        reverted: list[int] = []
        if old.zone is Zone.BATTLEFIELD and control_changes:
            # CR 611.2b: an effect that lasts "for as long as" its source is on the
            # battlefield ends when it leaves: what it took control of goes back.
            for held, (source, before) in list(control_changes.items()):
                if source == object_id and held in objects and objects[held].controller != before:
                    objects[held] = evolve(objects[held], controller=before)
                    reverted.append(held)
            control_changes = {
                held: change
                for held, change in control_changes.items()
                if change[0] != object_id and held != object_id
            }
        attached = (
            tuple(o.id for o in self.zone_objects(Zone.BATTLEFIELD) if o.attached_to == object_id)
            if old.zone is Zone.BATTLEFIELD
            else ()
        )
        departures = with_item(
            self.departures,
            object_id,
            Departure(object_id, old, event, to_zone, new_id, attached=attached),
        )
        left_stack = self.left_stack
        if old.zone is Zone.STACK and any(e.refers_to == object_id for e in stack):
            gone = next((e for e in self.stack if e.object_id == object_id), None)
            if gone is not None:
                left_stack = with_item(left_stack, object_id, gone)
        state = evolve(
            self,
            left_stack=left_stack,
            objects=objects,
            restrictions=restrictions,
            stack=stack,
            departures=departures,
            cards=cards,
            next_id=next_id,
            merged=merged,
            control_changes=control_changes,
        )
        arrived = [o.id for o in added] if to_zone is Zone.BATTLEFIELD else []
        if arrived or reverted:
            state = evolve(state, new_to_control=self.new_to_control | {*arrived, *reverted})
        removed = (old, *(self.objects[held] for held in reverted))
        returned = tuple(objects[held] for held in reverted)
        state = self._changed(state, removed, (*added, *returned))
        if self.exiled_until:
            state = state._exiler_left(object_id, old)
        return state, new_id

    def with_exiled_until(self, card_id: int, source_id: int) -> GameState:
        """``card_id`` (in exile) comes back when ``source_id`` leaves the battlefield (CR
        610.3, 607.2a)."""
        links = with_item(self.exiled_until, card_id, source_id)
        return self._changed(evolve(self, exiled_until=links))

    def released_by(self, source_id: int) -> tuple[GameState, list[int]]:
        """The cards ``source_id`` held in exile that are still there, and this state with
        its links dropped (its linked ability resolving, 607.2a)."""
        held = [
            card
            for card, source in self.exiled_until.items()
            if source == source_id
            and card in self.objects
            and self.objects[card].zone is Zone.EXILE
        ]
        links = {card: source for card, source in self.exiled_until.items() if source != source_id}
        return self._changed(evolve(self, exiled_until=links)), held

    def _exiler_left(self, object_id: int, old: GameObject) -> GameState:
        """After ``object_id`` moved: a card it held in exile returns at once ("until this
        leaves the battlefield", CR 610.3, under its owner's control, 610.3c), or its linked
        "return the exiled card" ability triggers (Oblivion Ring, 603.6c, 607.2a); a held card
        that left exile some other way is held no more."""
        links = {card: source for card, source in self.exiled_until.items() if card != object_id}
        held = [card for card, source in links.items() if source == object_id]
        if not held or old.zone is not Zone.BATTLEFIELD:
            if len(links) == len(self.exiled_until):
                return self
            return self._changed(evolve(self, exiled_until=links))
        state = self
        if returns_at_once(old):
            links = {card: source for card, source in links.items() if source != object_id}
            state = self._changed(evolve(self, exiled_until=links))
            for card in held:
                if card in state.objects and state.objects[card].zone is Zone.EXILE:
                    event = f"returned to the battlefield as {old.name} left it{RETURNS_AT_ONCE}"
                    state, _ = state.move(card, Zone.BATTLEFIELD, event)
            return state
        effect = linked_return(old)
        if effect:
            # The linked ability triggers (603.6c, 603.10a); it keeps the links to resolve.
            spec = one_effect_trigger(
                effect,
                effect,
                keyword=LINKED_RETURN,
                rule="603.6c",
                trigger="leaves the battlefield",
            )
            state, _ = push_trigger(
                state, old, old.controller, f"{old.name}'s trigger", spec, effect
            )
        return state

    def becomes_token(self, object_id: int, token: GameObject, event: str) -> GameState:
        """A copy of a permanent spell resolving becomes ``token`` on the battlefield (CR
        608.3f, 707.10f): the copy leaves the stack, the token is a new permanent, new to its
        controller (302.6), and the copy's departure names it."""
        state, _ = self.move(object_id, None, event)
        state, token_id = state.add_object(
            evolve(token, kind=ObjectKind.TOKEN, zone=Zone.BATTLEFIELD)
        )
        departure = evolve(state.departures[object_id], new_id=token_id)
        return state._changed(
            evolve(
                state,
                departures=with_item(state.departures, object_id, departure),
                new_to_control=state.new_to_control | {token_id},
            )
        )

    def with_control_while(self, object_id: int, player: str, source_id: int) -> GameState:
        """``player`` controls the object for as long as ``source_id`` stays on the
        battlefield (Control Magic, The Akroan War's chapter I; CR 611.2b)."""
        obj = self.obj(object_id)
        before = self.control_changes.get(object_id, (source_id, obj.controller))[1]
        state = self.with_controller(object_id, player)
        changes = with_item(self.control_changes, object_id, (source_id, before))
        return state._changed(evolve(state, control_changes=changes))

    def merge(self, permanent_id: int, card: CardData, *, on_top: bool) -> GameState:
        """CR 702.140c, 729.2: ``card`` (a mutating spell) merges with a permanent, on top or
        under it.  It stays the same object (729.2c) with the topmost card's characteristics
        (729.2a) and every card's abilities (702.140e); its status, counters and damage stay."""
        obj = self.obj(permanent_id)
        parts = self.merged.get(permanent_id) or (self.cards.get(permanent_id) or card,)
        parts = (card, *parts) if on_top else (*parts, card)
        top = parts[0]
        whole = evolve(top, oracle_text="\n".join(p.oracle_text for p in parts if p.oracle_text))
        printed = object_from_card(
            permanent_id,
            whole.outside_stack(),
            owner=obj.owner,
            controller=obj.controller,
            zone=obj.zone,
        )
        # Effects already on it keep applying (729.2c): what changed its power and toughness
        # ("gets +3/+3") carries over onto the new base values.
        was = self.cards.get(permanent_id)
        base = was.outside_stack() if was is not None else None
        power = _carried(printed.power, obj.power, base.power if base else None)
        toughness = _carried(printed.toughness, obj.toughness, base.toughness if base else None)
        merged_obj = evolve(
            obj,
            name=printed.name,
            card_types=printed.card_types,
            subtypes=printed.subtypes,
            supertypes=printed.supertypes,
            colors=printed.colors,
            mana_value=printed.mana_value,
            power=power,
            toughness=toughness,
            keywords=printed.keywords | obj.keywords,
            oracle_text=printed.oracle_text,
        )
        return self._changed(
            evolve(
                self,
                objects=with_item(self.objects, permanent_id, merged_obj),
                cards=with_item(self.cards, permanent_id, whole),
                merged=with_item(self.merged, permanent_id, parts),
            ),
            (obj,),
            (merged_obj,),
        )

    def with_controller(self, object_id: int, player: str) -> GameState:
        """``player`` controls the object now: a permanent (layer 2, CR 613.1b) or a spell or
        ability on the stack, whose choices are then that player's (Commandeer)."""
        obj = self.obj(object_id)
        changed = evolve(obj, controller=player)
        if player != obj.controller:
            # CR 506.4: a permanent whose controller changes is removed from combat.
            changed = removed_from_combat(changed)
        state = self.with_object(changed)
        entry = state.stack_entry_or_none(object_id)
        if entry is not None:
            state = state.replace_entry(evolve(entry, controller=player))
        if player != obj.controller and obj.zone is Zone.BATTLEFIELD:
            # CR 302.6: a creature whose controller changed hasn't been under its new
            # controller's control since their turn began.
            state = state._changed(evolve(state, new_to_control=state.new_to_control | {object_id}))
        return state

    def push(self, entry: StackEntry) -> GameState:
        return self._changed(evolve(self, stack=(*self.stack, entry)))

    def replace_entry(self, entry: StackEntry) -> GameState:
        stack = tuple(entry if e.object_id == entry.object_id else e for e in self.stack)
        return self._changed(evolve(self, stack=stack))


# "You have hexproof." (Leyline of Sanctity), "You have protection from each of your
# opponents." (Absolute Virtue), "Other creatures you control have shroud.", "Artifacts you
# control have indestructible." (Darksteel Forge), "Creatures you control get +1/+1 and have
# flying and indestructible." (Eldrazi Monument: only the keywords the bot tracks are kept).
_GRANT = re.compile(
    r'^(.+?) (?:gets? [+-]\d+/[+-]\d+ and )?(?:have|has) ([^.]+?|[“"][^”"]+[”"])\.?$',
    re.IGNORECASE,
)
# An ability granted in quotes (CR 113.1a: "an object may be granted an ability"): "Ward—Pay 2
# life." with its own full stop inside the quotes.
_QUOTED_ABILITY = re.compile(r'[“"](?P<ability>[^”"]+)[”"]')


# "Equipped creature has hexproof and haste." (Swiftfoot Boots), "Enchanted creature gets +1/+1
# and has protection from creatures." (Spirit Mantle).
_ATTACHED_GRANT = re.compile(
    r"^(?:enchanted|equipped) (?:creature|permanent|land|artifact)"
    # Up to the sentence's end: "has protection from white. This effect doesn't remove this
    # Aura." (White Ward, CR 702.16n) grants protection from white alone.
    # "... is an Insect artifact creature with base power and toughness 0/1 and has
    # indestructible, and it loses all other abilities" (Darksteel Mutation) keeps that one.
    r"(?: gets [+-]\d+/[+-]\d+ and| is an? [a-z ]+?(?: with base power and toughness \d+/\d+)?"
    # "Equipped creature can't be blocked and has shroud." (Whispersilk Cloak; QA 45 W1).
    r" and| can't be blocked and)? (?:has|gains) (?P<what>[^.]+)(?:\..*)?$",
    re.IGNORECASE,
)
# Haste too: it decides whether a creature that just arrived may use {T} abilities (302.6).
# Evasion and reach decide blocks (Levitation's "Creatures you control have flying", Lord of
# Atlantis's islandwalk; 509.1b, 702.9b, 702.14c).
_GRANTABLE = (
    "hexproof",
    "shroud",
    "protection from",
    "indestructible",
    "haste",
    "ward",
    "flying",
    "reach",
    "menace",
    "fear",
    "intimidate",
    "shadow",
    "horsemanship",
    "skulk",
    "islandwalk",
    "swampwalk",
    "forestwalk",
    "mountainwalk",
    "plainswalk",
    # What combat damage and attacking read (Rancor's trample, Basilisk Collar's deathtouch
    # and lifelink, Teysa's tokens' vigilance; 510.1, 702.2, 702.15, 702.19, 702.20; QA 50 W2).
    "trample",
    "deathtouch",
    "lifelink",
    "vigilance",
    "first strike",
    "double strike",
    "infect",
    "wither",
)


@functools.lru_cache(maxsize=1024)
def _grants(oracle_text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What each "... have hexproof" line of the text grants: (who, the keywords).  Each new
    state reads its battlefield's lines again (issue 14), so each text is read once."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for line in oracle_text.splitlines():
        line, condition = _condition_split(_REMINDER.sub("", line).strip())
        if condition:
            continue  # "... as long as ...": ``_conditional_grants`` reads it
        match = _GRANT.match(line)
        if not match:
            continue
        words = match.group(2)
        if quoted := _QUOTED_ABILITY.fullmatch(words):
            # Other creatures you control have "Ward—Pay 2 life." (Hexing Squelcher): the
            # quoted ability is the keyword, its cost as printed (CR 702.21a).
            if ward := ward_keyword(quoted["ability"]):
                found.append((match.group(1), (ward,)))
                continue
            words = quoted["ability"].rstrip(".")
        pieces = (
            [words]  # "protection from red and from blue": one grant, split below
            if words.lower().startswith("protection from")
            else re.split(r",? and |, ", words)
        )
        keywords = _grantable_keywords(pieces)
        if keywords:
            found.append((match.group(1), keywords))
    return tuple(found)


@functools.lru_cache(maxsize=1024)
def attached_grants(oracle_text: str) -> tuple[str, ...]:
    """The targeting keywords an Aura or Equipment gives what it is attached to."""
    found: list[str] = []
    for line in oracle_text.splitlines():
        match = _ATTACHED_GRANT.match(_REMINDER.sub("", line).strip())
        if match is None:
            continue
        for piece in re.split(r",? and (?!from )|, (?!from )", match["what"]):
            if piece.strip().lower().startswith(_GRANTABLE):
                found.extend(split_keyword_text(piece))
    return tuple(found)


@quick_init
@dataclass(frozen=True)
class ConditionalGrant:
    """Keywords a permanent's static ability gives only "as long as" a condition holds
    (Etched Champion's "Metalcraft — This creature has protection from each color as long as
    you control three or more artifacts"; CR 604.2, 611.3a, 207.2c)."""

    source_id: int
    subjects: str  # "SELF" (the source itself), or the grant's words: "artifacts you control"
    keywords: tuple[str, ...]
    condition: str  # its words: "you control three or more artifacts"


def _battlefield_grants(
    state: GameState,
) -> tuple[Mapping[TargetRef, frozenset[str]], tuple[ConditionalGrant, ...]]:
    """The keywords the battlefield's objects grant, read from those objects alone, and the
    conditional grants whose condition reads more than the battlefield (a graveyard, the
    spells cast this turn) or that the bot can't read: ``GameState`` settles those per state
    (``of_battlefield`` keeps a value only while the battlefield stays the same)."""
    # (Imported here: the layers read this module's GameState.)
    from bot.engine.mtg.statics import loses_all_abilities, rules_text_lost_to

    granted: dict[TargetRef, set[str]] = {}
    pending: list[ConditionalGrant] = []
    for source in state.zone_objects(Zone.BATTLEFIELD):
        if source.phased_out or not source.oracle_text:
            continue
        attached = attached_grants(source.oracle_text) if source.attached_to is not None else ()
        grants = _grants(source.oracle_text)
        conditional = _conditional_grants(source.oracle_text, source.name)
        if not (attached or grants or conditional):
            continue
        if loses_all_abilities(state, source) or rules_text_lost_to(state, source):
            # Shalai under Humility, or made a Forest by Song of the Dryads: it has no ability
            # left to grant anything (613.1f, 305.7; 613.8: the grant depends on the removal).
            continue
        for keyword in attached:
            assert source.attached_to is not None
            granted.setdefault(source.attached_to, set()).add(keyword)
        for subjects, keywords in grants:
            for keyword in keywords:
                _apply_grant(state, source, subjects, keyword, granted)
        for subjects, keywords, condition in conditional:
            grant = ConditionalGrant(source.id, subjects, keywords, condition)
            holds = _battlefield_condition_holds(state, source, condition)
            if holds is None:
                pending.append(grant)
            elif holds:
                # "Iymrith has ward {4} as long as it's untapped." (CR 604.2, 611.3a: it
                # applies at any moment to whatever its text indicates).
                _grant_to(state, source, grant, granted)
    return {ref: frozenset(words) for ref, words in granted.items()}, tuple(pending)


def _grant_to(
    state: GameState,
    source: GameObject,
    grant: ConditionalGrant,
    granted: dict[TargetRef, set[str]],
) -> None:
    if grant.subjects == "SELF":
        granted.setdefault(source.id, set()).update(grant.keywords)
        return
    for keyword in grant.keywords:
        _apply_grant(state, source, grant.subjects, keyword, granted)


def _settled_grants(
    state: GameState,
) -> tuple[Mapping[TargetRef, frozenset[str]], Mapping[TargetRef, tuple[ConditionalGrant, ...]]]:
    """``GameState.granted_keywords`` and ``GameState.unsettled_grants`` of this state: the
    battlefield's grants, with each pending conditional grant checked now (a graveyard's
    cards, the spells cast) and those the bot can't check kept apart, by what they'd go to."""
    granted, pending = state.of_battlefield(_battlefield_grants)
    if not pending:
        return granted, _EMPTY_MAP
    merged = {ref: set(words) for ref, words in granted.items()}
    open_grants: dict[TargetRef, list[ConditionalGrant]] = {}
    for grant in pending:
        source = state.objects.get(grant.source_id)
        if source is None:
            continue
        holds = condition_holds(state, source, grant.condition)
        if holds:
            _grant_to(state, source, grant, merged)
        elif holds is None:
            given: dict[TargetRef, set[str]] = {}
            _grant_to(state, source, grant, given)
            for ref in given:
                open_grants.setdefault(ref, []).append(grant)
    return (
        {ref: frozenset(words) for ref, words in merged.items()},
        {ref: tuple(found) for ref, found in open_grants.items()},
    )


# A static ability's "as long as" condition, before or after what it does: "This creature has
# shroud as long as you control no untapped lands." (Vintara Snapper), "Threshold — As long as
# there are seven or more cards in your graveyard, this creature gets +1/+1 and has protection
# from black." (Mystic Familiar); an ability word says nothing the rules read (207.2c). Not "for
# as long as" (a duration, 611.2b).
_ABILITY_WORD = re.compile(rf"^{ABILITY_WORD_PREFIX}")
_LEADING_AS_LONG_AS = re.compile(r"^as long as (?P<condition>[^,]+), (?P<rest>.+)$", re.I)
_TRAILING_AS_LONG_AS = re.compile(
    r"^(?P<rest>.+?)(?<!\bfor) as long as (?P<condition>[^.,]+?)\.?$", re.I
)


def _condition_split(line: str) -> tuple[str, str]:
    """A line without its ability word, and its "as long as" condition ("" when none)."""
    line = _ABILITY_WORD.sub("", line)
    found = _LEADING_AS_LONG_AS.match(line) or _TRAILING_AS_LONG_AS.match(line)
    if found is None:
        return line, ""
    rest = found["rest"].strip().rstrip(".")
    return rest[:1].upper() + rest[1:] + ".", found["condition"].strip().lower()


_CONDITIONAL_SELF_GRANT = re.compile(
    r"^(?:this creature|this permanent|this land|this artifact|SELF) "
    r"(?:gets [+-]\d+/[+-]\d+ and )?has (?P<what>[^.]+?)\.$",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=1024)
def _conditional_grants(
    oracle_text: str, name: str
) -> tuple[tuple[str, tuple[str, ...], str], ...]:
    """What each "... has KEYWORD as long as CONDITION" line gives: (who: "SELF" or the
    grant's subject words, the keywords, the condition's words)."""
    if "as long as" not in oracle_text.lower():
        return ()
    text = oracle_text
    for own in sorted({name, name.split(",")[0]}, key=len, reverse=True):
        if len(own) > 2:
            text = re.sub(rf"\b{re.escape(own)}\b", "SELF", text)
    found: list[tuple[str, tuple[str, ...], str]] = []
    for line in text.splitlines():
        rest, condition = _condition_split(_REMINDER.sub("", line).strip())
        if not condition:
            continue
        if itself := _CONDITIONAL_SELF_GRANT.match(rest):
            subjects, words = "SELF", itself["what"]
        elif (group := _GRANT.match(rest)) and not group[1].lower().startswith("target"):
            subjects, words = group[1], group[2]  # "Artifacts you control have shroud"
        else:
            continue
        pieces = (
            [words]  # "protection from green and from white": one grant, split below
            if words.lower().startswith("protection from")
            else re.split(r",? and |, ", words)
        )
        keywords = _grantable_keywords(pieces)
        if keywords:
            found.append((subjects, keywords, condition))
    return tuple(found)


_ITS_STATUS = re.compile(r"^(?:it's|it is|self is) (?P<status>untapped|tapped|attacking|blocking)$")
_HAS_COUNTER = re.compile(r"^it has (?:a|one or more) (?P<kind>\S+) counters? on it$")
_YOU_CONTROL_ONE = re.compile(
    r"^you control (?P<article>an?|another) (?:(?P<narrower>\w+) )?(?P<noun>\w+)$"
)
_NO_SPELL_CAST = re.compile(r"^you haven't cast a spell this turn$")


def _battlefield_condition_holds(
    state: GameState, source: GameObject, condition: str
) -> bool | None:
    """Whether a condition of a permanent's own static ability holds now, for a condition
    that reads only the battlefield; None for any other (``condition_holds`` checks it)."""
    if status := _ITS_STATUS.match(condition):
        word = status["status"]
        if word in ("tapped", "untapped"):
            return source.tapped == (word == "tapped")
        return source.attacking if word == "attacking" else source.blocking
    if condition in ("it's enchanted", "it's equipped"):
        kind = (
            condition.removeprefix("it's ")
            .replace("enchanted", "aura")
            .replace("equipped", "equipment")
        )
        return any(
            obj.attached_to == source.id and kind in obj.subtypes
            for obj in state.zone_objects(Zone.BATTLEFIELD)
        )
    if counter := _HAS_COUNTER.match(condition):
        return source.counters.get(counter["kind"], 0) > 0
    if control := _YOU_CONTROL_ONE.match(condition):
        noun = type_singular(control["noun"]).lower()
        narrower = control["narrower"]
        return any(
            obj.controller == source.controller
            and not (control["article"] == "another" and obj.id == source.id)
            and (noun == "permanent" or noun in obj.card_types or noun in obj.subtypes)
            and (narrower is None or narrower in obj.colors or _narrowed(obj, narrower))
            for obj in state.zone_objects(Zone.BATTLEFIELD)
            if not obj.phased_out
        )
    if how_many := YOU_CONTROL_CONDITION.match(condition):
        # "you control three or more artifacts" (metalcraft), "you control no untapped
        # lands" (Vintara Snapper): counted as ``counts`` counts.
        return _you_control_how_many(state, source, how_many)
    return None


def _you_control_how_many(
    state: GameState, source: GameObject, found: re.Match[str]
) -> bool | None:
    """ "you control three or more artifacts", "you don't control an untapped land" (608.2c's
    count, read by ``counts``); None for words it doesn't count."""
    from bot.engine.mtg.counts import counted_objects, read_count

    word = found["count"].lower()
    status, _, what = found["what"].lower().partition(" ")
    if status not in ("tapped", "untapped"):
        status, what = "", found["what"].lower()
    count = read_count(f"{what} you control")
    if count is None or count.zone != "battlefield" or word == "another":
        return None
    needed = 1 if word in ("a", "an", "no") else NUMBER_WORDS.get(word, -1)
    if word.isdigit():
        needed = int(word)
    objects = counted_objects(state, source.controller, count, source.id)
    if needed < 0 or objects is None:
        return None
    number = sum(1 for obj in objects if not status or obj.tapped == (status == "tapped"))
    more = (found["more"] or "").strip().lower()
    if more in ("or fewer", "or less"):
        met = number <= needed
    else:
        met = number >= needed if (more or needed == 1) else number == needed
    return not met if bool(found["negated"]) != (word == "no") else met


def condition_holds(state: GameState, source: GameObject, condition: str) -> bool | None:
    """Whether a condition of a permanent's own static ability holds now; None when the bot
    can't tell (a condition it doesn't read, an unstated graveyard): the answer says so."""
    on_battlefield = _battlefield_condition_holds(state, source, condition)
    if on_battlefield is not None:
        return on_battlefield
    if graveyard := CARDS_IN_GRAVEYARD_CONDITION.match(condition):
        # Threshold, delirium: the cards (or card types) stated in that graveyard.
        from bot.engine.mtg.counts import count_of, player_count_caveat, read_count

        word = graveyard["n"].lower()
        needed = NUMBER_WORDS.get(word, int(word) if word.isdigit() else 0)
        count = read_count(f"the number of {graveyard['what'].lower()} in your graveyard")
        number = count_of(state, source, count) if count is not None else None
        if count is None or number is None or not needed:
            return None
        if number >= needed:
            return True
        # Nothing stated in that graveyard: the bot can't count it (``counts``).
        return None if player_count_caveat(state, source.controller, count) else False
    if _NO_SPELL_CAST.match(condition):
        # The bot keeps one turn (``spells_cast``), and who cast an instant or sorcery in it,
        # but not who cast any other spell.
        if state.instants_sorceries_cast.get(source.controller):
            return False
        known = sum(len(kinds) for kinds in state.instants_sorceries_cast.values())
        # Every spell cast was another player's instant or sorcery: none was this player's.
        return True if state.spells_cast == known else None
    return None


def _apply_grant(
    state: GameState,
    source: GameObject,
    subjects: str,
    keyword: str,
    granted: dict[TargetRef, set[str]],
) -> None:
    for subject in re.split(r",? and |, ", subjects.lower()):
        subject = subject.strip()
        quality = ""
        if qualified := _WITH_QUALITY.fullmatch(subject):
            # "Creatures you control with +1/+1 counters on them have trample." (Badgermole;
            # QA 62 W2): only those with that quality, checked now (613.1f, 611.3a).
            subject, quality = qualified["base"], qualified["quality"]
        if subject == "you":
            granted.setdefault(source.controller, set()).add(keyword)
            continue
        # "Other creatures you control have ...", or every one: "All creatures have haste"
        # (Concordant Crossroads).
        # "Sliver creatures you control" (Sliver Hivelord), "Other tapped creatures you
        # control" (Adept Watershaper): a word before the noun narrows it.
        match = re.fullmatch(r"(other )?(?:(\w+) )?(\w+?)s? you control", subject) or re.fullmatch(
            r"all (other )?(?:(\w+) )?(\w+?)s?", subject
        )
        if not match and (kind := re.fullmatch(r"other (\w+)", subject)):
            # "Other Merfolk get +1/+1 and have islandwalk." (Lord of Atlantis): every other
            # permanent of that creature type, whoever controls it.
            for obj in state.zone_objects(Zone.BATTLEFIELD):
                if obj.id != source.id and type_singular(kind[1]).lower() in obj.subtypes:
                    granted.setdefault(obj.id, set()).add(keyword)
            continue
        if not match:
            continue
        other, narrower, noun = match.groups()
        everyone = subject.startswith("all ")
        for obj in state.zone_objects(Zone.BATTLEFIELD):
            if obj.controller != source.controller and not everyone:
                continue
            if other and obj.id == source.id:
                continue
            if narrower and not _narrowed(obj, narrower):
                continue
            if noun == "token" and obj.kind is not ObjectKind.TOKEN:
                continue  # "Creature tokens you control have vigilance" (Teysa Karlov)
            if quality and not _has_quality(obj, quality):
                continue
            if noun in ("permanent", "token") or noun in obj.card_types or noun in obj.subtypes:
                granted.setdefault(obj.id, set()).add(keyword)


# "creatures you control with +1/+1 counters on them", "... with flying": a grant's subject
# narrowed by what each object has.
_WITH_QUALITY = re.compile(r"(?P<base>.+? you control|all .+?) with (?P<quality>.+)")
_WITH_COUNTERS = re.compile(
    r"(?:an? |one or more )?(?P<kind>[+-]\d+/[+-]\d+|\w+) counters? on (?:them|it)"
)


def _has_quality(obj: GameObject, quality: str) -> bool:
    """Whether ``obj`` has what "with ..." asks: counters of a kind, or a keyword of its own
    (its printed or gained ones: a grant never reads other grants, 613.8 aside)."""
    if counters := _WITH_COUNTERS.fullmatch(quality):
        return obj.counters.get(counters["kind"], 0) > 0
    return quality in obj.keywords


def _narrowed(obj: GameObject, word: str) -> bool:
    """Whether ``obj`` is what the word before a grant's noun says: tapped or untapped, or a
    subtype, type or supertype ("Sliver creatures", "legendary creatures")."""
    if word in STATUS_WORDS:
        return has_status(obj, word)
    return word in obj.subtypes or word in obj.card_types or word in obj.supertypes


# Words before "creatures" that name a status, not a type: "Attacking creatures you control
# get +1/+0 and have menace." (Gruul War Chant), "Other tapped creatures you control have
# hexproof" (Adept Watershaper).
STATUS_WORDS = frozenset({"tapped", "untapped", "attacking", "blocking"})


def has_status(obj: GameObject, word: str) -> bool:
    """Whether ``obj`` is ``word`` (one of ``STATUS_WORDS``) now: a creature is attacking or
    blocking from its declaration until it is removed from combat (CR 506.4, 511.3)."""
    if word in ("tapped", "untapped"):
        return obj.tapped == (word == "tapped")
    return obj.attacking if word == "attacking" else obj.blocking


def make_token(
    name: str,
    controller: str,
    *,
    card_types: Iterable[str] = ("creature",),
    subtypes: Iterable[str] = (),
    colors: frozenset[str] = frozenset(),
    power: int | None = None,
    toughness: int | None = None,
    keywords: Iterable[str] = (),
    oracle_text: str = "",
    tapped: bool = False,
) -> GameObject:
    """A token as created or stated (CR 111.1-111.4): owned and controlled by ``controller``;
    ``keywords`` as written ("flying", "protection from red")."""
    found: set[str] = set()
    for keyword in keywords:
        found.update(split_keyword_text(keyword))
    return GameObject(
        id=0,
        name=name,
        owner=controller,
        controller=controller,
        kind=ObjectKind.TOKEN,
        card_types=frozenset(t.lower() for t in card_types),
        subtypes=frozenset(s.lower() for s in subtypes),
        colors=colors,
        power=power,
        toughness=toughness,
        keywords=frozenset(found),
        oracle_text=oracle_text,
        tapped=tapped,
    )


def _carried(new_base: int | None, now: int | None, old_base: int | None) -> int | None:
    """A merged permanent's power or toughness: its new printed value plus what effects had
    changed the old one by (729.2c)."""
    if new_base is None or now is None or old_base is None:
        return new_base
    return new_base + (now - old_base)


def object_from_card(
    object_id: int,
    card: CardData,
    *,
    owner: str,
    controller: str,
    zone: Zone,
    kind: ObjectKind = ObjectKind.CARD,
) -> GameObject:
    """The object a card (or the face being cast) makes, with its printed characteristics."""
    types = card.types
    return GameObject(
        id=object_id,
        name=card.name,
        owner=owner,
        controller=controller,
        zone=zone,
        kind=kind,
        card_types=types.card_types,
        subtypes=types.subtypes,
        supertypes=types.supertypes,
        colors=card.color_names,
        mana_value=card.mana_value,
        power=card.power,
        toughness=card.toughness,
        loyalty=card.loyalty,
        defense=card.defense,
        keywords=printed_keywords(card),
        oracle_text=card.oracle_text,
    )


def one_effect_trigger(
    text: str, effect: str, *, keyword: str, rule: str, trigger: str = ""
) -> AbilitySpec:
    """The spec of a triggered ability the engine puts on the stack itself (ward, storm,
    cascade, "becomes the target"): one mode, one effect, no targets of its own (CR 603.3)."""
    return AbilitySpec(
        kind=AbilityKind.TRIGGERED,
        text=text,
        modes=(Mode(0, effect, effects=(EffectPart(effect),)),),
        trigger=trigger,
        keyword=keyword,
        rule=rule,
    )


def push_line_trigger(
    state: GameState, source: GameObject, line: str, effect: str, *, keyword: str, rule: str
) -> tuple[GameState, StackEntry]:
    """``source``'s untargeted triggered ability ``line`` ("Whenever ..., EFFECT") put on the
    stack by its controller, doing ``effect`` as the trigger will (CR 603.3): the cast, draw
    and attack triggers the bot notices put theirs this way."""
    spec = one_effect_trigger(line, effect, keyword=keyword, rule=rule, trigger=line.split(",")[0])
    # Its effect in parts, as the reader splits the same ability said to go on the stack:
    # "You may pay {1}. If you do, you gain 1 life." (Urza's Chalice) is a payment its
    # controller chooses as it resolves, then what it settles (608.2c, 608.2d).
    parts = effect_parts(effect, effect, 0, len(effect), [], 0)
    if len(parts) > 1:
        mode = spec.modes[0]
        spec = evolve(
            spec, modes=(evolve(mode, effects=tuple(EffectPart(text) for text, _ in parts)),)
        )
    name = f"{source.name}'s trigger"
    return push_trigger(state, source, source.controller, name, spec, effect)


def push_trigger(
    state: GameState,
    source: GameObject,
    controller: str,
    name: str,
    spec: AbilitySpec,
    text: str,
    *,
    refers_to: int | None = None,
    unless_cost: str = "",
    unless_payer: str = "",
    x: int | None = None,
) -> tuple[GameState, StackEntry]:
    """A triggered ability put on top of the stack (CR 603.3): an object of its own on the
    stack, controlled by ``controller``, with ``source``'s colours and id (113.7); ``text``
    is what it says it does; ``refers_to`` the spell it acts on (ward, Kira, storm)."""
    ability = GameObject(
        id=0,
        name=name,
        owner=controller,
        controller=controller,
        zone=Zone.STACK,
        kind=ObjectKind.TRIGGERED_ABILITY,
        colors=source.colors,
        source_id=source.id,
        oracle_text=text,
    )
    state, object_id = state.add_object(ability)
    entry = StackEntry(
        object_id=object_id,
        spec=spec,
        controller=controller,
        name=name,
        source_id=source.id,
        refers_to=refers_to,
        unless_cost=unless_cost,
        unless_payer=unless_payer,
        x=x,
    )
    return state.push(entry), entry


def _grantable_keywords(pieces: Iterable[str]) -> tuple[str, ...]:
    """The keywords the pieces of a granted list name ("flying", "ward {4}"), those the bot
    grants (``_GRANTABLE``), each piece split into its keywords."""
    return tuple(
        keyword
        for piece in pieces
        if piece.strip().lower().startswith(_GRANTABLE)
        for keyword in split_keyword_text(piece)
    )
