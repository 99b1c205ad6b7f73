"""Hand-built ability specs for unit tests (independent of the Oracle-text reader)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.cards import CardData
from bot.engine.model import Candidate, GameObject, ObjectKind, Player, TargetContext, Zone
from bot.engine.requirements import (
    AbilityKind,
    AbilitySpec,
    EffectPart,
    FaceTargeting,
    Mode,
    RetargetKind,
    RetargetSpec,
    TargetSlot,
)


@dataclass(frozen=True)
class SimpleFilter:
    """A small concrete TargetFilter: card types (any of), players, zones, controller."""

    text: str
    types: frozenset[str] = frozenset()
    zones: frozenset[Zone] = frozenset({Zone.BATTLEFIELD})
    allows_players: bool = False
    controller: str = ""  # "", "you", "opponent"
    not_colors: frozenset[str] = frozenset()
    kinds: frozenset[ObjectKind] = frozenset()
    unchecked: tuple[str, ...] = ()

    def matches(self, candidate: Candidate, ctx: TargetContext) -> bool:
        if isinstance(candidate, Player):
            if not self.allows_players:
                return False
            return self._relation(candidate.name, ctx)
        obj: GameObject = candidate
        if self.kinds and obj.kind not in self.kinds:
            return False
        if self.types and not (obj.card_types & self.types):
            return False
        if obj.colors & self.not_colors:
            return False
        return self._relation(obj.controller, ctx)

    def mismatch(self, candidate: Candidate, ctx: TargetContext) -> str | None:
        return None  # the generic "doesn't match" answer is enough for these tests

    def _relation(self, player: str, ctx: TargetContext) -> bool:
        if self.controller == "you":
            return player == ctx.controller
        if self.controller == "opponent":
            return ctx.is_opponent(player)
        return True


ANY = SimpleFilter(
    "any target", frozenset({"creature", "planeswalker", "battle"}), allows_players=True
)
CREATURE = SimpleFilter("target creature", frozenset({"creature"}))
SPELL = SimpleFilter(
    "target spell", zones=frozenset({Zone.STACK}), kinds=frozenset({ObjectKind.SPELL})
)
SPELL_OR_ABILITY = SimpleFilter(
    "target spell or ability",
    zones=frozenset({Zone.STACK}),
    kinds=frozenset({ObjectKind.SPELL, ObjectKind.ACTIVATED_ABILITY, ObjectKind.TRIGGERED_ABILITY}),
)
PERMANENT = SimpleFilter("target permanent")
LAND = SimpleFilter("target land", frozenset({"land"}))
NONBLACK = SimpleFilter(
    "target nonblack creature", frozenset({"creature"}), not_colors=frozenset({"black"})
)


def slot(index: int, flt: SimpleFilter, text: str = "", **kw: object) -> TargetSlot:
    return TargetSlot(index=index, text=text or flt.text, filter=flt, **kw)  # type: ignore[arg-type]


def spell(
    text: str,
    *slots: TargetSlot,
    effects: tuple[EffectPart, ...] = (),
    retarget: RetargetSpec | None = None,
) -> AbilitySpec:
    return AbilitySpec(AbilityKind.SPELL, text, (Mode(0, text, slots, effects),), retarget=retarget)


ARC_TRAIL = spell(
    "Arc Trail deals 2 damage to any target and 1 damage to any other target.",
    slot(0, ANY),
    slot(1, ANY, "any other target", distinct_from=(0,)),
    effects=(
        EffectPart("2 damage to any target", (0,)),
        EffectPart("1 damage to any other target", (1,)),
    ),
)
BOLT = spell(
    "Lightning Bolt deals 3 damage to any target.",
    slot(0, ANY),
    effects=(EffectPart("Lightning Bolt deals 3 damage to any target", (0,)),),
)
GIANT_GROWTH = spell("Target creature gets +3/+3 until end of turn.", slot(0, CREATURE))
SWELTER = spell(
    "Swelter deals 2 damage to each of two target creatures.",
    slot(0, CREATURE, "two target creatures", min_count=2, max_count=2),
)
BOUNTY = spell(
    "Target creature gets +3/+3. Target creature gets +3/+3. Target creature gets +3/+3.",
    slot(0, CREATURE),
    slot(1, CREATURE),
    slot(2, CREATURE),
)
FORKED_BOLT = spell(
    "Forked Bolt deals 2 damage divided as you choose among one or two targets.",
    slot(0, ANY, "one or two targets", min_count=1, max_count=2, divided=True),
)
SORINS_THIRST = spell(
    "Sorin's Thirst deals 2 damage to target creature and you gain 2 life.",
    slot(0, CREATURE),
    effects=(EffectPart("2 damage to target creature", (0,)), EffectPart("you gain 2 life")),
)
PLAGUE_SPORES = spell(
    "Destroy target nonblack creature and target land.",
    slot(0, NONBLACK),
    slot(1, LAND),
    effects=(
        EffectPart("destroy target nonblack creature", (0,)),
        EffectPart("destroy target land", (1,)),
    ),
)
GOLD_RUSH = spell(
    "Create a Treasure token. Up to one target creature gets +2/+2.",
    slot(0, CREATURE, "up to one target creature", min_count=0, max_count=1),
    effects=(EffectPart("Create a Treasure token"), EffectPart("gets +2/+2", (0,))),
)
REDIRECT = spell(
    "You may choose new targets for target spell.",
    slot(0, SPELL),
    retarget=RetargetSpec(RetargetKind.CHOOSE_NEW_TARGETS),
)
DEFLECTION = spell(
    "Change the target of target spell with a single target.",
    slot(0, SPELL, "target spell with a single target"),
    retarget=RetargetSpec(RetargetKind.CHANGE_THE_TARGETS, single_target_only=True),
)
TWINCAST = spell(
    "Copy target instant or sorcery spell. You may choose new targets for the copy.",
    slot(0, SPELL),
    retarget=RetargetSpec(RetargetKind.COPY_MAY_CHOOSE_NEW),
)
CANCEL = spell("Counter target spell.", slot(0, SPELL))
CRYPTIC = AbilitySpec(
    AbilityKind.SPELL,
    "Choose two — Counter target spell. Return target permanent to its owner's hand. "
    "Tap all creatures your opponents control. Draw a card.",
    (
        Mode(
            0,
            "Counter target spell.",
            (slot(0, SPELL),),
            (EffectPart("Counter target spell", (0,)),),
        ),
        Mode(
            1,
            "Return target permanent to its owner's hand.",
            (slot(1, PERMANENT),),
            (EffectPart("Return target permanent to its owner's hand", (1,)),),
        ),
        Mode(2, "Tap all creatures your opponents control."),
        Mode(3, "Draw a card."),
    ),
    choose=(2, 2),
)
SPELLSKITE_ABILITY = AbilitySpec(
    AbilityKind.ACTIVATED,
    "Change a target of target spell or ability to this creature.",
    (
        Mode(
            0,
            "Change a target of target spell or ability to this creature.",
            (slot(0, SPELL_OR_ABILITY),),
        ),
    ),
    cost="{U/P}",
    retarget=RetargetSpec(RetargetKind.CHANGE_A_TARGET, new_target_text="to this creature"),
)
IRON_BULLY_TRIGGER = AbilitySpec(
    AbilityKind.TRIGGERED,
    "When this creature enters, put a +1/+1 counter on target creature.",
    (Mode(0, "put a +1/+1 counter on target creature", (slot(0, CREATURE),)),),
    trigger="When this creature enters",
)

SPECS: dict[str, tuple[AbilitySpec, ...]] = {
    "Arc Trail": (ARC_TRAIL,),
    "Lightning Bolt": (BOLT,),
    "Giant Growth": (GIANT_GROWTH,),
    "Swelter": (SWELTER,),
    "Bounty of Might": (BOUNTY,),
    "Forked Bolt": (FORKED_BOLT,),
    "Sorin's Thirst": (SORINS_THIRST,),
    "Plague Spores": (PLAGUE_SPORES,),
    "Gold Rush": (GOLD_RUSH,),
    "Redirect": (REDIRECT,),
    "Deflection": (DEFLECTION,),
    "Twincast": (TWINCAST,),
    "Cancel": (CANCEL,),
    "Cryptic Command": (CRYPTIC,),
    "Spellskite": (SPELLSKITE_ABILITY,),
    "Iron Bully": (IRON_BULLY_TRIGGER,),
}


def fake_reader(card: CardData) -> FaceTargeting:
    return FaceTargeting(card.name, SPECS.get(card.name, ()))


def instant(
    name: str, colors: tuple[str, ...] = ("R",), type_line: str = "Instant", mana_cost: str = "{R}"
) -> CardData:
    return CardData(
        name=name,
        type_line=type_line,
        colors=colors,
        mana_cost=mana_cost,
        oracle_text=SPECS[name][0].text if name in SPECS else "",
    )


def creature(
    name: str,
    colors: tuple[str, ...] = ("G",),
    power: int = 2,
    toughness: int = 2,
    text: str = "",
    keywords: tuple[str, ...] = (),
    type_line: str = "Creature — Bear",
) -> CardData:
    return CardData(
        name=name,
        type_line=type_line,
        colors=colors,
        power=power,
        toughness=toughness,
        oracle_text=text,
        keywords=keywords,
    )
