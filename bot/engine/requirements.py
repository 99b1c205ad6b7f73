"""What a spell or ability asks to target: the values the Oracle-text reader produces.

The reader (``bot/engine/mtg/oracle_targets.py``) turns real Oracle text into these; the game
side (legality, casting, retargeting, resolution) consumes them.  A ``TargetSlot`` is one
instance of the word "target" (CR 115.3); a ``Mode`` is one mode of a modal spell (CR 700.2);
an ``AbilitySpec`` is one spell ability, activated or triggered ability, or keyword that makes
targets (CR 115.1a-e).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from bot.engine.model import Candidate, TargetContext, Zone


class TargetFilter(Protocol):
    """The description after the word "target": which objects and players qualify.

    ``matches`` tests the description only (types, controller, qualities, zone).  Rules that
    stop an object from being targeted whatever the description says (hexproof, shroud,
    protection, CR 115.5 and the rest) belong to the legality module, not here.
    """

    @property
    def text(self) -> str: ...

    @property
    def zones(self) -> frozenset[Zone]:
        """Zones whose objects may qualify; battlefield unless the text says otherwise (115.2)."""
        ...

    @property
    def allows_players(self) -> bool: ...

    def matches(self, candidate: Candidate, ctx: TargetContext) -> bool: ...

    @property
    def unchecked(self) -> tuple[str, ...]:
        """Words of the description the engine can't check (decided by combat or a choice
        it isn't told about); answers name them rather than pass them over."""
        ...

    def mismatch(self, candidate: Candidate, ctx: TargetContext) -> str | None:
        """Why the candidate doesn't fit, as a judge says it ("Alice controls it"), or None
        when no single part of the description can be named."""
        ...


@dataclass(frozen=True)
class TargetSlot:
    """One instance of the word "target" (CR 115.3) and how many objects it takes.

    ``min_count``/``max_count``: "two target creatures" is 2/2, "up to three targets" 0/3
    (CR 115.6), "one or two" 1/2, "any number of" 0/None.  ``distinct_from`` lists the slots
    an ``another target`` must differ from.  ``divided`` marks "divided as you choose"
    (CR 601.2d).
    """

    index: int
    text: str
    filter: TargetFilter
    min_count: int = 1
    max_count: int | None = 1
    divided: bool = False
    distinct_from: tuple[int, ...] = ()
    # Added for the Oracle reader: "divided evenly" (Fireball) fixes the division rather than
    # letting the caster announce it; "X target creatures" takes exactly X (bound on casting).
    divided_evenly: bool = False
    count_is_x: bool = False


@dataclass(frozen=True)
class EffectPart:
    """One part of an effect and the slots it affects, for partial resolution (CR 608.2b)."""

    text: str
    slot_indexes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Mode:
    """One mode of a modal spell or ability (CR 700.2), or the only 'mode' of a plain one."""

    index: int
    text: str
    slots: tuple[TargetSlot, ...] = ()
    effects: tuple[EffectPart, ...] = ()
    # Added: a retargeting effect of this mode (Return the Favor's second mode, CR 115.7).
    retarget: RetargetSpec | None = None


class AbilityKind(StrEnum):
    SPELL = "spell"  # the spell ability of an instant or sorcery, or an Aura's enchant (115.1b)
    ACTIVATED = "activated"  # CR 602
    TRIGGERED = "triggered"  # CR 603
    STATIC = "static"


class RetargetKind(StrEnum):
    """The forms of target-changing text (CR 115.7)."""

    CHANGE_THE_TARGETS = "change the target(s)"  # 115.7a: all or none
    CHANGE_A_TARGET = "change a target"  # 115.7b
    CHANGE_ANY_TARGETS = "change any targets"  # 115.7c
    CHOOSE_NEW_TARGETS = "choose new targets"  # 115.7d
    COPY_MAY_CHOOSE_NEW = "copy; may choose new targets"  # 707.10c
    COPY_FOR_EACH = "a copy for each other target it could have"  # 707.10d (Radiate)
    COPY = "copy"  # 707.10: the copy keeps its targets (Lithoform Engine, Double Major)


@dataclass(frozen=True)
class RetargetSpec:
    """What a retargeting effect may change and to what (CR 115.7, 115.9).

    ``new_target_text`` holds a fixed new target such as "to this creature" (Spellskite) or
    "to you"; ``single_target_only`` is "with a single target" (115.9a); ``must_target`` is
    "that targets only [...]" (115.9c).
    """

    kind: RetargetKind
    new_target_text: str = ""
    single_target_only: bool = False
    must_target: str = ""


@dataclass(frozen=True)
class AbilitySpec:
    """One ability of a card face, read from its Oracle text.

    ``choose`` is (min, max) modes for a modal ability ("choose one or both" is (1, 2));
    ``None`` when not modal.  ``unknown`` lists target phrases that were not understood (the
    coverage benchmark counts them).
    """

    kind: AbilityKind
    text: str
    modes: tuple[Mode, ...]
    choose: tuple[int, int] | None = None
    cost: str = ""
    trigger: str = ""
    retarget: RetargetSpec | None = None
    keyword: str = ""  # set when the ability comes from a keyword (enchant, equip, modular...)
    unknown: tuple[str, ...] = ()
    # Added: uses of the word "target" that make no target ("becomes the target of", "new
    # targets", CR 115.9/115.10), phrases that affect without targeting ("each opponent",
    # "you", CR 115.10), and the CR rule a keyword ability stands for ("702.6a").
    mentions: tuple[str, ...] = ()
    untargeted: tuple[str, ...] = ()
    rule: str = ""

    @property
    def is_targeted(self) -> bool:
        """True when some mode has a target slot (CR 115.1)."""
        return any(mode.slots for mode in self.modes)


@dataclass(frozen=True)
class FaceTargeting:
    """Every ability of one card face (or of the card, for a one-faced card)."""

    name: str
    abilities: tuple[AbilitySpec, ...]
    # Added: abilities in quotes that this face grants to other objects or tokens
    # ('gains "{T}: ... any target"'); they target when *that* object uses them (CR 113.1c).
    granted: tuple[AbilitySpec, ...] = ()
