"""Bestow and mutate: optional ways to cast a creature card that give the spell a target.

Cast normally, such a card is a creature spell with no target (CR 608.3a). Cast bestowed it is
an Aura spell with enchant creature (702.103b); cast for its mutate cost it is a mutating
creature spell that targets a non-Human creature (702.140a).  Either way, a spell whose target
is illegal as it resolves becomes a plain creature spell and enters the battlefield instead of
being removed from the stack (608.3b, 702.103e, 702.140b).
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.engine.cards import CardData
from bot.engine.errors import IllegalActionError
from bot.engine.model import GameObject
from bot.engine.mtg.state import object_from_card
from bot.engine.requirements import AbilitySpec

BESTOW = "bestow"
MUTATE = "mutate"
CLEAVE = "cleave"
# The keywords whose spell ability is used only when the player casts the card that way.
ALTERNATIVE_CASTS = frozenset({BESTOW, MUTATE, CLEAVE})
RULES = {BESTOW: "702.103b", MUTATE: "702.140a", CLEAVE: "702.148a"}
# What the player is said to do, for answers ("cast bestowed", "cast for its mutate cost").
CAST_AS = {
    BESTOW: "cast bestowed",
    MUTATE: "cast for its mutate cost",
    CLEAVE: "cast for its cleave cost",
}


def is_alternative_cast(spec: AbilitySpec) -> bool:
    return spec.keyword in ALTERNATIVE_CASTS


def as_bestowed(obj: GameObject) -> GameObject:
    """CR 702.103b: it becomes an Aura enchantment with enchant creature. Setting its card
    type replaces its other types and removes its creature types (205.1a), and a noncreature
    has no power or toughness (208.3)."""
    return replace(
        obj,
        card_types=frozenset({"enchantment"}),
        subtypes=frozenset({"aura"}),
        power=None,
        toughness=None,
    )


def is_bestowed(obj: GameObject) -> bool:
    """A bestowed Aura: an Aura whose own text has bestow (a card printed as an Aura with
    bestow doesn't exist; the card's creature side is what the Aura becomes again)."""
    return "aura" in obj.subtypes and any(
        line.lower().startswith("bestow") for line in obj.oracle_text.splitlines()
    )


def unbestowed(obj: GameObject, card: CardData) -> GameObject:
    """CR 702.103f: a bestowed Aura that becomes unattached (or is attached to something it
    can't enchant) ceases to be bestowed: it has its printed characteristics again (the
    creature) and stays on the battlefield, with its status, counters and damage."""
    printed = object_from_card(
        obj.id, card.outside_stack(), owner=obj.owner, controller=obj.controller, zone=obj.zone
    )
    return replace(
        printed,
        tapped=obj.tapped,
        phased_out=obj.phased_out,
        face_down=obj.face_down,
        keywords=printed.keywords | obj.keywords,
        counters=obj.counters,
        damage=obj.damage,
        became_target=obj.became_target,
        targeted_by=obj.targeted_by,
    )


# The "face" of a split card with fuse cast as both halves (CR 702.102a).
FUSED = "fused"
_FUSE_LINE = re.compile(r"^fuse\b.*$", re.IGNORECASE | re.MULTILINE)


def fused(card: CardData) -> CardData:
    """CR 702.102c-d: a fused split spell has the combined characteristics of its two halves
    (both halves' text, in order, and their mana costs together) and is one spell."""
    halves = card.faces
    if len(halves) != 2 or not all(_FUSE_LINE.search(h.oracle_text) for h in halves):
        raise IllegalActionError(
            f"{card.name} has no fuse, so its halves can't be cast together (702.102a).",
            rules=("702.102a",),
        )
    text = "\n".join(_FUSE_LINE.sub("", h.oracle_text).strip() for h in halves)
    return replace(
        halves[0],
        name=card.name,
        oracle_text=text,
        mana_cost=halves[0].mana_cost + halves[1].mana_cost,
        mana_value=halves[0].mana_value + halves[1].mana_value,
        colors=tuple(dict.fromkeys((*halves[0].colors, *halves[1].colors))),
        faces=(),
    )
