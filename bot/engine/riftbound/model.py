"""Riftbound game objects as targeting sees them: units at a base or a battlefield, gear, runes,
legends, champions, battlefields, and spells and abilities on the chain."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum


class RbZone(StrEnum):
    """Where an object is.  Board zones: bases and battlefields (rule 107)."""

    BASE = "base"
    BATTLEFIELD = "battlefield"  # a unit or gear at a battlefield, or the battlefield itself
    LEGEND_ZONE = "legend zone"
    CHAMPION_ZONE = "champion zone"
    FACEDOWN = "facedown zone"
    CHAIN = "chain"
    TRASH = "trash"
    HAND = "hand"
    MAIN_DECK = "main deck"
    RUNE_DECK = "rune deck"
    BANISHMENT = "banishment"


# Rule 355.10.a.1: Battlefield Zones, Bases, Trashes, Legend Zones, Champion Zones and Facedown
# Zones are public; spells and abilities on the chain can be targeted too (355.9.a).
PUBLIC_ZONES = frozenset(
    {
        RbZone.BASE,
        RbZone.BATTLEFIELD,
        RbZone.TRASH,
        RbZone.LEGEND_ZONE,
        RbZone.CHAMPION_ZONE,
        RbZone.FACEDOWN,
        RbZone.CHAIN,
    }
)
BOARD_ZONES = frozenset({RbZone.BASE, RbZone.BATTLEFIELD})


class RbKind(StrEnum):
    UNIT = "unit"
    GEAR = "gear"
    RUNE = "rune"
    LEGEND = "legend"
    BATTLEFIELD = "battlefield"
    SPELL = "spell"
    ABILITY = "ability"
    PLAYER = "player"  # a player chosen as a target ("Choose an opponent", 355.9.a)


@dataclass(frozen=True)
class RbObject:
    """One object.  ``location`` is the battlefield's name for things at a battlefield, empty at
    a base.  An object that leaves the board and comes back is a new object with a new id
    (rule 359.3.e.4)."""

    id: int
    name: str
    kind: RbKind
    owner: str
    controller: str
    zone: RbZone = RbZone.BASE
    location: str = ""
    might: int | None = None
    tags: frozenset[str] = frozenset()
    exhausted: bool = False
    token: bool = False
    champion: bool = False
    source_id: int | None = None  # for an ability on the chain: the object it came from
    damage: int = 0  # damage marked on a unit (rule 141 in v1.2)
    stunned: bool = False
    deflect: int = 0  # its Deflect value: enemies pay that much more to choose it (809)
    enemies_cant_choose: bool = False  # "I can't be chosen by enemy spells and abilities"
    # Its printed cost (131.4): Energy, and how many Power symbols; None when it has none.
    energy: int | None = None
    power: int | None = None
    # The replacements resolved spells set up for its death this turn (Smite's "If it would
    # die this turn, banish it instead", Highlander's "heal it, exhaust it, and recall it
    # instead"), in the order they were set up: ("banish" or "recall", the card that set it
    # up, for the answer) (369.1).  Each is kept: several may apply to one death (372).
    dies_instead: tuple[tuple[str, str], ...] = ()
    # Where it was on the board as it left (a battlefield's name or "Alice's base"; "" if it
    # wasn't on the board): "my battlefield" of its own "When I die" ability is read when that
    # trigger condition was met (359.3.f.3; Kog'Maw, Caustic's Deathknell).
    left_from: str = ""
    # The cards whose delayed trigger kills it the next time it takes damage this turn (Noxian
    # Guillotine, 390.2), in the order they were set up.
    dies_when_damaged: tuple[str, ...] = ()
    # The unit a gear is attached to (its Top-Most Card, 434.1, 719), None when unattached.
    attached_to: int | None = None
    # A gear's Might Bonus (137.3): the card data the bot has doesn't print it, so it is None
    # until a statement says it ("Long Sword has +2 Might.").
    might_bonus: int | None = None
    # A battlefield whose controller a statement named ("Alice controls Targon's Peak."), not
    # one the bot took from the first player whose units were stated there (QA 25 M2).
    control_stated: bool = False
    # The Effect Text attached Equipment appended to its Rules Text as it died (718.3), kept
    # on the card in the trash: its [Deathknell] from that text triggers (808.1.d.3: "note
    # ... its attributes ... to process the trigger"; Sacred Shears).
    died_with: str = ""
    # A Buff counter on it (426.1.b, 702.3: one at most); its +1 Might (703) is in ``might``.
    buffed: bool = False
    # The players whose damage is marked on it ("their damage": a deal action they are
    # responsible for, Unleashed FAQ on Elder Dragon), for "Any amount of your damage is
    # enough to kill enemy units".
    damage_by: tuple[str, ...] = ()
    # Damage modifiers resolved spells set up on it this turn, in the order set up, as
    # ("prevent next" or "double", the card): Counter Strike's "The next time that unit would
    # be dealt damage this turn, prevent it" (437), Lotus Trap's "Double all damage that would
    # be dealt to it this turn".
    damage_shields: tuple[tuple[str, str], ...] = ()
    # A permanent played from hiding (811.1.b): its play effect's targets are chosen at its
    # battlefield (811.1.d.2; Blastcone Fae's example).
    played_from_hiding: bool = False
    # A facedown card hidden this turn (811.1.b: "Beginning on the next turn, ... you may play
    # this"): the bot keeps no turns, so a card hidden in the scenario is taken as hidden this
    # turn until a statement says a later turn began ("on a later turn").
    hidden_this_turn: bool = False
    # Delayed triggers resolved spells set up on its death this turn (390.2), in the order set
    # up, as (the card, its controller, the instruction): Deadly Flourish's "When it dies this
    # turn, play a Gold gear token exhausted".
    when_dies: tuple[tuple[str, str, str], ...] = ()
    # Keywords it has beyond its card's text (its rules text is read for printed ones): a
    # token's "with [Temporary]" (184.2), or given by a resolved spell (Shadow's Call's "Give
    # it [Temporary]").
    keywords: tuple[str, ...] = ()
    # The part of ``might`` resolved effects gave "this turn" (Pridestalker's +1, Last Stand's
    # doubling, Stupefy's -1): it expires as the turn ends (317.2.c), so "It is a later turn."
    # takes it off again.
    might_this_turn: int = 0
    # Who may not move it for the rest of the turn, set up by a resolved trigger, as (the
    # player, the card): Vex, Apathetic's "They can't move it this turn." (054.1, 317.2.c).
    cant_move: tuple[tuple[str, str], ...] = ()
    # The name a token was played with when it has since become a copy of another unit and
    # taken its name (Mirror Image's Reflection, 472.1.b.1): statements may still call it so.
    played_as: str = ""
    # Keywords a resolved spell or ability gave it "this turn" (Vault Breaker's "Give a unit
    # [Assault 2] and [Ganking] this turn."): they expire as the turn ends (317.2.c), so "It is
    # a later turn." takes them off again.
    keywords_this_turn: tuple[str, ...] = ()
    # The battlefield a permanent played from hiding was hidden at (811.1.d): its play
    # effect's choices are made there even once it has left it (Edge of Night, recalled
    # unattached before its attach trigger goes on the chain; QA 55 W8).
    played_from_hiding_at: str = ""

    def given_might_this_turn(self, amount: int) -> RbObject:
        """This unit with ``amount`` more Might until the turn ends (317.2.c); a unit without
        Might (gear) stays as it is."""
        if self.might is None:
            return self
        return replace(
            self, might=self.might + amount, might_this_turn=self.might_this_turn + amount
        )

    @property
    def at_battlefield(self) -> bool:
        return self.zone is RbZone.BATTLEFIELD and self.kind is not RbKind.BATTLEFIELD

    @property
    def place(self) -> str:
        """Where it is on the board, as "here" means it: a battlefield's name or a base
        (``Alice's base``); empty off the board."""
        if self.zone is RbZone.BATTLEFIELD:
            return self.location or self.name
        if self.zone is RbZone.BASE:
            return f"{self.controller}'s base"
        return ""

    @property
    def label(self) -> str:
        if self.kind in (RbKind.BATTLEFIELD, RbKind.PLAYER):
            return self.name
        where = f" at {self.location}" if self.at_battlefield else ""
        return f"{self.controller}'s {self.name}{where}"


def told_apart(label: str, obj: RbObject, shared_names: frozenset[str]) -> str:
    """``label`` of ``obj``, with the object's id when another object has its name (one of
    ``shared_names``, case-folded): "Alice's Blazing Scorcher (#3)"."""
    if obj.kind not in (RbKind.BATTLEFIELD, RbKind.PLAYER) and obj.name.casefold() in shared_names:
        return f"{label} (#{obj.id})"
    return label


@dataclass(frozen=True)
class RbContext:
    """Who controls the spell or ability ("you", "friendly"), the players, and which object
    is the spell or ability itself (it can't target itself, 355.9.c) and its source.

    ``here``: where an ability's source is (``RbObject.place``), for "enemy units here"; None
    when unknown (a spell, quoted text).  ``chain_choices``: what each spell or ability on the
    chain chose, for "a spell or ability that chooses a friendly unit"."""

    controller: str
    players: tuple[str, ...]
    spell_id: int | None = None
    source_id: int | None = None
    teammates: frozenset[str] = frozenset()
    here: str | None = None
    chain_choices: tuple[tuple[int, tuple[RbObject, ...]], ...] = ()
    # Names (case-folded) that several objects share: answers name those objects by id too.
    shared_names: frozenset[str] = frozenset()
    # Deflect other permanents grant (Petricite Monument's "Friendly units have [Deflect]"):
    # (receiving object's id, value, granting permanent's name), added to its own (809.2).
    granted_deflect: tuple[tuple[int, int, str], ...] = ()

    # "Can't be chosen by enemy spells and abilities" other permanents grant (Alpha Wildclaw's
    # "Your units here with less Might than me ..."): (protected id, protecting permanent).
    protected_by: tuple[tuple[int, str], ...] = ()
    # A reflexive trigger's referents (387): what "it" of the spell that made it is, now
    # (Dragon's Rage's moved unit: "another enemy unit at its destination").
    referents: tuple[RbObject, ...] = ()
    # The units with an Equipment attached: "equipped" (818.3), for "an equipped unit".
    equipped: frozenset[int] = frozenset()
    # Might as passive abilities on the board make it (Darius, Executioner's "Other friendly
    # units have +1 [M] here."): (object id, Might now), for the objects they change (472.3).
    might_now: tuple[tuple[int, int], ...] = ()
    # The keywords objects on the board have now, printed or given (object id, keywords):
    # Shadow's Call's "a friendly unit without [Temporary]" (355.9.b).
    keywords: tuple[tuple[int, tuple[str, ...]], ...] = ()
    # (controller, battlefield name) for each battlefield where a player has units: Moonfall's
    # "Choose a battlefield where you have units" (355.9: a choice meets its description).
    units_at: frozenset[tuple[str, str]] = frozenset()

    def might_of(self, obj: RbObject) -> int | None:
        """``obj``'s Might now: its own, changed by passive abilities on the board (472.3)."""
        return next((might for i, might in self.might_now if i == obj.id), obj.might)

    def has_keyword(self, obj: RbObject, keyword: str) -> bool:
        """Does ``obj`` have ``keyword`` now ("Temporary"), printed or given?"""
        wanted = keyword.casefold()
        return any(
            i == obj.id and any(k.casefold() == wanted for k in found) for i, found in self.keywords
        )

    def protectors(self, obj: RbObject) -> tuple[str, ...]:
        """The permanents whose abilities say ``obj`` can't be chosen by enemies."""
        return tuple(name for i, name in self.protected_by if i == obj.id)

    def deflect_of(self, obj: RbObject) -> int:
        """``obj``'s Deflect value now: its own plus every grant's, summed (809.2)."""
        return obj.deflect + sum(value for i, value, _ in self.granted_deflect if i == obj.id)

    def deflect_granters(self, obj: RbObject) -> tuple[str, ...]:
        """The permanents that grant ``obj`` Deflect."""
        return tuple(name for i, _, name in self.granted_deflect if i == obj.id)

    def label(self, obj: RbObject) -> str:
        """``obj.label``, with its id when another object has its name."""
        return told_apart(obj.label, obj, self.shared_names)

    def chose(self, item_id: int) -> tuple[RbObject, ...]:
        return next((objects for i, objects in self.chain_choices if i == item_id), ())

    def is_friendly(self, player: str) -> bool:
        return player == self.controller or player in self.teammates

    def is_enemy(self, player: str) -> bool:
        return player in self.players and not self.is_friendly(player)
