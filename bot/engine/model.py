"""Plain values the engine works on: players, objects and their characteristics.

This is the contract between the requirement parser (what a card asks for) and the game side
(what is on the board and on the stack).  Fields may be added with defaults; none may be
removed or change meaning without updating both sides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from bot.engine.frozen import evolve, quick_init


class Zone(StrEnum):
    """Game zones (CR 400.1)."""

    BATTLEFIELD = "battlefield"
    STACK = "stack"
    GRAVEYARD = "graveyard"
    HAND = "hand"
    LIBRARY = "library"
    EXILE = "exile"
    COMMAND = "command"


class ObjectKind(StrEnum):
    """What sort of object this is; spells and abilities live on the stack (CR 112, 113)."""

    CARD = "card"
    TOKEN = "token"
    SPELL = "spell"
    ACTIVATED_ABILITY = "activated ability"
    TRIGGERED_ABILITY = "triggered ability"
    EMBLEM = "emblem"


COLOR_NAMES: Mapping[str, str] = MappingProxyType(
    {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
)

_EMPTY: Mapping[str, int] = MappingProxyType({})
# CR 103.4: "Each player begins the game with a starting life total of 20."
STARTING_LIFE = 20


@quick_init
@dataclass(frozen=True)
class Player:
    """A player.  ``keywords`` holds lowercase abilities such as ``hexproof`` (CR 702.11d);
    ``counters`` the counters they have, by kind ("poison": CR 122.1f)."""

    name: str
    life: int = STARTING_LIFE
    keywords: frozenset[str] = frozenset()
    counters: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    # Lost or conceded: out of the game, no longer a legal target (CR 104.5, 800.4a).
    left_game: bool = False
    # The hand holds only the cards stated ("Bob's hand is empty."): a hand no statement
    # described may hold unknown cards, so a discard from it can't be refused (CR 118.3).
    hand_stated: bool = False
    # The graveyard was said to be empty ("Alice's graveyard is empty."): it holds only the
    # cards put there since, so counting it (threshold, delirium) is no guess (CR 404.1).
    graveyard_stated: bool = False


@quick_init
@dataclass(frozen=True)
class GameObject:
    """A snapshot of one object's characteristics and status, as targeting sees it.

    ``id`` is the object's identity: an object that changes zones becomes a new object with a
    new id (CR 400.7).  Types, subtypes, supertypes, colours and keywords are lowercase
    (``creature``, ``bear``, ``legendary``, ``green``, ``hexproof from black``).
    """

    id: int
    name: str
    owner: str
    controller: str
    zone: Zone = Zone.BATTLEFIELD
    kind: ObjectKind = ObjectKind.CARD
    card_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    mana_value: int = 0
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    keywords: frozenset[str] = frozenset()
    oracle_text: str = ""
    tapped: bool = False
    attacking: bool = False
    blocking: bool = False
    # CR 509.1h: an attacking creature is blocked (True) or unblocked (False) once blockers are
    # declared, and stays so until it is removed from combat; None while that isn't said.
    blocked: bool | None = None
    # CR 509.1g: the attacking creatures a blocking creature blocks, when they are said ("Llanowar
    # Elves is blocking Grizzly Bears."); empty while a blocker's attacker isn't said.
    blocking_ids: tuple[int, ...] = ()
    # CR 508.1b: the player (name) or planeswalker or battle (id) an attacking creature attacks,
    # when it is said ("Grizzly Bears is attacking Bob."); None while that isn't said.
    attacked: str | int | None = None
    # CR 310.8: the player a battle's controller chose to protect it ("Bob protects Invasion of
    # Zendikar."); None while unsaid, when ``battles.protector_of`` works it out (310.11a).
    protector: str | None = None
    phased_out: bool = False
    face_down: bool = False
    counters: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    # For abilities on the stack: the object the ability came from (CR 113.7).
    source_id: int | None = None
    # Damage marked on a creature this turn (CR 120.6); the bot keeps no turn, so it stays.
    damage: int = 0
    # The object or player an Aura or Equipment is attached to (CR 301.5, 303.4).
    attached_to: int | None = None
    # The player an Aura is attached to (a Curse: "Enchant player", CR 303.4, 702.5a).
    enchanted_player: str | None = None
    # It has become the target of a spell or ability (for "the first time each turn" triggers
    # such as Kira's; the bot keeps no turn, so the whole scenario counts as one).
    became_target: bool = False
    # The players whose spells or abilities it has become the target of (valiant: "... of a
    # spell or ability you control for the first time each turn"), counted as above.
    targeted_by: frozenset[str] = frozenset()
    # An effect took all its abilities away (Turn to Frog, "loses all abilities": layer 6,
    # CR 613.1f): its printed ones are gone; ``keywords`` holds only those gained since.
    abilities_lost: bool = False
    # Layer 7c changes from resolved effects ("gets +3/+3", Giant Growth), already counted in
    # ``power`` and ``toughness``: an effect that sets base power and toughness (layer 7b:
    # Humility, Turn to Frog) replaces what is under them, not them (CR 613.4b-c).
    pt_boost: tuple[int, int] = (0, 0)
    # The timestamp (CR 613.7) of the resolved effect that set its base power and toughness
    # (Turn to Frog); 0 while they are the printed ones.
    base_stamp: int = 0
    # Keywords gained from resolved effects or statements, with their timestamps (CR 613.7):
    # "lose all abilities" from a static with an earlier timestamp leaves them (Humility, then
    # Ranger's Guile: hexproof; Lignify ruling: "Any abilities granted ... after Lignify
    # entered the battlefield will work normally").
    gained_at: Mapping[str, int] = field(default_factory=lambda: _EMPTY)

    @property
    def counter_bonus(self) -> int:
        """+1/+1 and -1/-1 counters together (CR 122.3: they cancel out)."""
        return self.counters.get("+1/+1", 0) - self.counters.get("-1/-1", 0)

    @property
    def current_power(self) -> int | None:
        return None if self.power is None else self.power + self.counter_bonus

    @property
    def current_toughness(self) -> int | None:
        return None if self.toughness is None else self.toughness + self.counter_bonus

    @property
    def is_permanent(self) -> bool:
        """On the battlefield, and so a permanent (CR 110.1)."""
        return self.zone is Zone.BATTLEFIELD

    @property
    def is_spell(self) -> bool:
        return self.zone is Zone.STACK and self.kind is ObjectKind.SPELL

    @property
    def is_ability(self) -> bool:
        return self.kind in (ObjectKind.ACTIVATED_ABILITY, ObjectKind.TRIGGERED_ABILITY)


def removed_from_combat(obj: GameObject) -> GameObject:
    """CR 506.4: "A creature that's removed from combat stops being an attacking, blocking,
    blocked, and/or unblocked creature." (leaving, a new controller, phasing out, an effect)"""
    if not (obj.attacking or obj.blocking or obj.blocked is not None or obj.blocking_ids):
        return obj
    return evolve(
        obj, attacking=False, blocking=False, blocked=None, blocking_ids=(), attacked=None
    )


Candidate = GameObject | Player
"""Anything that can be chosen as a target."""


@dataclass(frozen=True)
class Attachment:
    """An Aura, Equipment or Fortification on the battlefield and what it is attached to (CR
    301.5a, 303.4b), as "target enchanted creature" or "target Aura attached to a creature"
    read it: ``kind`` is its subtype ("aura", "equipment", "fortification"); ``host`` the
    object it is attached to, None when the board doesn't say (an Aura stated without "attached
    to"), with that object's card types and controller; ``on_player`` an Aura enchanting a
    player (a Curse)."""

    id: int
    name: str
    controller: str
    kind: str
    host: int | None = None
    host_name: str = ""
    host_types: frozenset[str] = frozenset()
    host_controller: str = ""
    on_player: bool = False


@quick_init
@dataclass(frozen=True)
class TargetContext:
    """Who is choosing, for phrases such as ``you control`` or ``another``.

    ``controller`` is the player who controls the spell or ability ("you", CR 109.5);
    ``source_id`` the object the ability comes from or the spell itself ("another", "other");
    ``players`` every player in the game, so ``opponent`` can be decided (CR 102.2).
    """

    controller: str
    players: tuple[str, ...]
    source_id: int | None = None
    spell_id: int | None = None
    # The source's power, toughness and mana value now, for "less than this creature's power".
    source_stats: tuple[tuple[str, int | None], ...] = ()
    # Whether the source is blocking, and the attackers it is said to block (CR 509.1g), for
    # "target creature blocked by this creature" (Steadfast Armasaur).
    source_combat: tuple[bool, tuple[int, ...]] = (False, ())
    # The Auras, Equipment and Fortifications on the battlefield (CR 301.5a, 303.4b), for
    # "target enchanted creature"; None when the board wasn't read (the words then pass).
    attachments: tuple[Attachment, ...] | None = None

    def attached_kinds(self, object_id: int) -> frozenset[str] | None:
        """The kinds of attachment on ``object_id`` ("aura", "equipment"); None when the board
        wasn't read."""
        if self.attachments is None:
            return None
        return frozenset(a.kind for a in self.attachments if a.host == object_id)

    def hosts_unsaid(self, kind: str) -> bool:
        """Whether an attachment of ``kind`` is on the battlefield with its host not said (an
        Aura stated without "attached to ..."): it may be on any object."""
        return self.attachments is not None and any(
            a.kind == kind and a.host is None and not a.on_player for a in self.attachments
        )

    def attachment(self, object_id: int) -> Attachment | None:
        if self.attachments is None:
            return None
        return next((a for a in self.attachments if a.id == object_id), None)

    def source_stat(self, stat: str) -> int | None:
        return dict(self.source_stats).get(stat)

    def is_opponent(self, player: str) -> bool:
        return player != self.controller and player in self.players
