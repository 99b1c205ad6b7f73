"""Casting spells, activating abilities and putting triggers on the stack, as a step machine.

Only the steps that bear on targets are modelled (CR 601.2a-d, 602.2b, 603.3d): announce,
modes and X, targets slot by slot, division.  ``CastInProgress`` is a pure value: each
``choose`` returns a new one, ``back`` returns the one before, and ``finish`` puts the spell or
ability on the stack only when every required choice has been made.  An illegal choice raises
``IllegalActionError`` and changes nothing (CR 732: the game returns to before the action).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.engine.cards import CardData
from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.frozen import cached_value, evolve, quick_init
from bot.engine.grouping import split_in_text_order
from bot.engine.model import GameObject, ObjectKind, Zone
from bot.engine.mtg.legality import (
    TargetCheck,
    Targeting,
    check_target,
    controllers_problem,
    legal_options,
    slots_satisfiable,
)
from bot.engine.mtg.oracle_blocks import pawprint_budget, pawprint_costs
from bot.engine.mtg.phrase_vocab import number_value
from bot.engine.mtg.state import (
    ChosenTargets,
    GameState,
    StackEntry,
    TargetRef,
    object_from_card,
    printed_keywords,
)
from bot.engine.mtg.statics import as_seen
from bot.engine.patterns import remembered
from bot.engine.requirements import AbilityKind, AbilitySpec, TargetSlot
from bot.engine.wording import and_list, counted, noun_for, with_article

# CR 702.120a: "Escalate {1}" (Collective Defiance), "Escalate—Discard a card." (Collective
# Brutality): paid once for each mode chosen beyond the first.
ESCALATE = re.compile(r"^Escalate(?: |—)(?P<cost>[^(\n]+?)\.?\s*(?:\(|$)", re.MULTILINE)


class ActionKind(StrEnum):
    CAST = "cast"  # CR 601
    ACTIVATE = "activate"  # CR 602
    TRIGGER = "trigger"  # CR 603.3


class ChoiceKind(StrEnum):
    MODES = "modes"  # CR 601.2b, 700.2
    X = "x"  # CR 601.2b, 107.3
    TARGETS = "targets"  # CR 601.2c
    DIVISION = "division"  # CR 601.2d
    SACRIFICE = "sacrifice"  # CR 601.2b announces the cost, 601.2h pays it
    DONE = "done"


@dataclass(frozen=True)
class ChoiceOption:
    value: int | str
    label: str


@dataclass(frozen=True)
class SacrificeCost:
    """A cost that sacrifices permanents of a kind as the spell is cast: Fling's "Sacrifice a
    creature" (additional, CR 118.8), Lava Dart's flashback "Sacrifice a Mountain" (702.34a)."""

    text: str  # as printed: "Sacrifice a creature"
    count: int
    kinds: tuple[str, ...]  # card types or subtypes in lower case; any of them will do

    def fits(self, state: GameState, obj: GameObject) -> bool:
        seen = as_seen(state, obj)
        return any(
            k in seen.card_types
            or k in seen.subtypes
            or (k == "token" and obj.kind is ObjectKind.TOKEN)  # bargain (702.166a)
            for k in self.kinds
        )

    def candidates(self, state: GameState, player: str) -> list[GameObject]:
        """What ``player`` may sacrifice to pay it: permanents they control of its kind
        (701.21a); a phased-out one is treated as though it doesn't exist (702.26b)."""
        return [
            o
            for o in state.zone_objects(Zone.BATTLEFIELD)
            if o.controller == player and not o.phased_out and self.fits(state, o)
        ]


@quick_init
@dataclass(frozen=True)
class Choice:
    """The next decision: what kind, a prompt, the rule, and the legal options."""

    kind: ChoiceKind
    prompt: str
    rule: str
    options: tuple[ChoiceOption, ...] = ()
    slot: TargetSlot | None = None
    min_count: int = 0
    max_count: int | None = None
    # What isn't offered, and why: modes with no legal target (700.2a); with the options only.
    unavailable: str = ""


_DIVIDED = re.compile(
    r"(\d+|x|one|two|three|four|five|six|seven) (?:damage|[+-]\d+/[+-]\d+ counters?|"
    r"\+1/\+1 counters?) divided",
    re.IGNORECASE,
)
_DISTRIBUTE = re.compile(r"distribute (\d+|x|one|two|three|four|five|six|seven)", re.I)


def taps_its_source(cost: str) -> bool:
    """Whether an activation cost has the tap symbol (CR 107.5: "Tap this permanent")."""
    return "{T}" in cost.upper()


_LIFE_IN_COST = re.compile(r"\bpay (\d+) life\b", re.IGNORECASE)


def life_in_cost(cost: str) -> int:
    """The life an activation cost pays ("{T}, Pay 1 life, Sacrifice ~": Polluted Delta; CR
    119.4), 0 when it pays none."""
    found = _LIFE_IN_COST.search(cost)
    return int(found.group(1)) if found else 0


# "As an additional cost to cast this spell, pay X life." (Toxic Deluge), "... pay 3 life."
# (Fumarole); not "pay 5 life or sacrifice a creature" (Final Payment), a choice.
_ADDITIONAL_LIFE = remembered(
    re.compile(r"as an additional cost to cast this spell, pay (\d+|x) life\.", re.IGNORECASE)
)
# "You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana
# cost." (Force of Will), "If you control a Swamp, you may pay 4 life rather than ..." (Snuff
# Out): an alternative cost (CR 118.9).
_ALTERNATIVE_COST = re.compile(
    r"(?:if you control an? (?P<kind>[a-z]+), )?"
    r"you may (?P<cost>[^.]+?) rather than pay (?:this spell's|its|~'s) mana cost",
    re.IGNORECASE,
)


# "As an additional cost to cast this spell, pay 5 life or sacrifice a creature or
# enchantment." (Final Payment): the caster chooses which as the total cost is determined
# (CR 601.2f), said "by paying 5 life" or "sacrificing X".
_ADDITIONAL_CHOICE = re.compile(
    r"as an additional cost to cast this spell, pay (?P<life>\d+) life or "
    r"(?P<other>sacrifice [^.]+)\.",
    re.IGNORECASE,
)


def additional_cost_choice(text: str) -> re.Match[str] | None:
    """A spell's additional cost that is a choice of paying life or sacrificing (Final
    Payment), or None."""
    return _ADDITIONAL_CHOICE.search(text)


def additional_life(text: str, x: int | None, said: str = "") -> int:
    """The life a spell's additional cost pays (CR 601.2f, 119.4), X's value for "pay X
    life"; with a choice (Final Payment), the life when the cast said "paying N life"; 0 when
    it pays none."""
    found = _ADDITIONAL_LIFE.search(text)
    if found is None:
        choice = _ADDITIONAL_CHOICE.search(text)
        return int(choice["life"]) if choice and re.search(r"\blife\b", said, re.I) else 0
    amount = found.group(1).lower()
    return (x or 0) if amount == "x" else int(amount)


def pays_x_life(text: str) -> bool:
    """Whether a spell's additional cost is "pay X life" (Toxic Deluge), so X is announced as
    it is cast (CR 601.2b, 107.3)."""
    found = _ADDITIONAL_LIFE.search(text)
    return found is not None and found.group(1).lower() == "x"


# "As an additional cost to cast this spell, exile X creature cards from your graveyard"
# (Haunting Misery), "discard X cards" (Firestorm), "sacrifice X creatures": X is chosen and
# announced as the spell is cast (CR 601.2b), unless the text defines it ("where X is ...").
_X_IN_ADDITIONAL_COST = remembered(
    re.compile(
        r"as an additional cost to cast this spell, (?![^.]*\bwhere x is\b)[^.]*?(?:\bx\b|\{x\})",
        re.IGNORECASE,
    )
)


# "As an additional cost to cast this spell, exile X creature cards from your graveyard"
# (Haunting Misery), "... exile a creature card ..." (Corpse Lunge), "... exile six cards ..."
# (Abhorrent Oculus), "... an instant or sorcery card ..." (Draconic Intervention).
_EXILE_FROM_GRAVEYARD = remembered(
    re.compile(
        r"as an additional cost to cast this spell, exile (?P<count>x|a|an|one|two|three|four"
        r"|five|six|seven|eight|\d+) (?P<kind>(?:[a-z]+ or )?(?:[a-z]+ )?)cards? from your "
        r"graveyard",
        re.IGNORECASE,
    )
)


@dataclass(frozen=True)
class GraveyardExile:
    """A spell's additional cost that exiles cards from its caster's graveyard (CR 601.2h):
    how many, of which card types (any card when empty), and its words."""

    count: int
    types: frozenset[str]
    text: str

    def fits(self, obj: GameObject) -> bool:
        return not self.types or not self.types.isdisjoint(obj.card_types)

    def candidates(self, state: GameState, player: str) -> list[GameObject]:
        """The cards in ``player``'s graveyard that can pay it."""
        return [
            obj
            for obj in state.zone_objects(Zone.GRAVEYARD)
            if obj.owner.casefold() == player.casefold() and self.fits(obj)
        ]


def graveyard_exile(text: str, x: int | None) -> GraveyardExile | None:
    """The additional cost that exiles cards from the caster's graveyard, with X's value."""
    found = _EXILE_FROM_GRAVEYARD.search(text)
    if found is None:
        return None
    word = found["count"].lower()
    count = (x or 0) if word == "x" else 1 if word in ("a", "an") else number_value(word) or 0
    types = frozenset(t for t in re.split(r" or |\s", found["kind"].lower()) if t)
    return GraveyardExile(count, types, found.group(0).split(", ", 1)[1])


def announces_x_in_additional_cost(text: str) -> bool:
    """Whether the spell's additional cost has an X its caster chooses (Haunting Misery)."""
    return _X_IN_ADDITIONAL_COST.search(text) is not None


def alternative_costs(text: str) -> list[str]:
    """The alternative costs a spell's text gives (CR 118.9): "pay 4 life", "sacrifice two
    Mountains"."""
    return [m.group("cost") for m in _ALTERNATIVE_COST.finditer(text)]


def sacrifices_for_alternative_cost(text: str) -> bool:
    """Whether what a spell's caster sacrifices is its alternative cost (Fireblast: "You may
    sacrifice two Mountains rather than pay this spell's mana cost", CR 118.9), not an
    additional cost (Fling, 118.8)."""
    additional = re.search(r"as an additional cost to cast this spell, sacrifice", text, re.I)
    return additional is None and any(
        re.search(r"\bsacrifice\b", c, re.I) for c in alternative_costs(text)
    )


def _chosen_alternative(text: str, said: str) -> re.Match[str] | None:
    """The alternative cost of ``text`` a statement chose (CR 118.9), said as ``said``
    ("paying 4 life", "exiling a blue card", "alternative cost"): with several, the one whose
    action it names; None when that isn't clear."""
    costs = list(_ALTERNATIVE_COST.finditer(text))
    if len(costs) > 1:
        verbs = {w.lower().removesuffix("ing") for w in re.findall(r"[a-z]+ing\b", said, re.I)}
        costs = [c for c in costs if verbs & {w.lower().rstrip("e") for w in c["cost"].split()}]
    return costs[0] if len(costs) == 1 else None


def alternative_life(text: str, said: str) -> int:
    """The life paid by the alternative cost of ``text`` a statement chose (CR 118.9, 119.4)."""
    chosen = _chosen_alternative(text, said)
    return life_in_cost(chosen["cost"]) if chosen is not None else 0


def alternative_condition(text: str, said: str) -> str:
    """What the caster must control to cast it for the alternative cost it chose ("If you
    control a Swamp, you may pay 4 life rather than ...": Snuff Out); "" when nothing."""
    chosen = _chosen_alternative(text, said)
    return (chosen["kind"] or "").lower() if chosen is not None else ""


def sacrifices_its_source(cost: str, name: str) -> bool:
    """Whether an activation cost sacrifices the permanent it is on ("Sacrifice this
    creature", "Sacrifice Mogg Fanatic"; CR 602.2b, 701.21a)."""
    lowered = cost.lower()
    return bool(
        re.search(
            r"\bsacrifice (?:this (?:creature|artifact|enchantment|land|permanent|token)|~)",
            lowered,
        )
        or f"sacrifice {name.lower()}" in lowered
    )


@functools.lru_cache(maxsize=1024)
def _divided_amount(text: str) -> str | None:
    """The word for the amount the text divides ("3", "x"), lowercased, or None."""
    match = _DIVIDED.search(text) or _DISTRIBUTE.search(text)
    return match.group(1).lower() if match else None


def division_total(spec: AbilitySpec, x: int | None) -> int | None:
    """The amount divided among targets (CR 601.2d), if the text states it."""
    word = _divided_amount(spec.text)
    if word is None:
        return None
    if word == "x":
        bigger = x_instead(spec.text)
        if bigger is not None and bigger[1] and x is not None and x >= bigger[0]:
            # Shatterskull Smashing: "If X is 6 or more, ... deals twice X damage divided as
            # you choose among them instead" (its ruling 2020-09-25: divide twice X).
            return 2 * x
        return x
    return number_value(word)


_IF_X_INSTEAD = re.compile(r"\bif x is (\d+) or (?:more|greater)\b[^.]*\binstead\b", re.IGNORECASE)


def x_instead(text: str) -> tuple[int, bool] | None:
    """ "If X is 6 or more, ... instead": the threshold, and whether what it does instead is
    dividing twice X damage (Shatterskull Smashing); None without such a sentence."""
    found = _IF_X_INSTEAD.search(text)
    if found is None:
        return None
    return int(found.group(1)), "twice x damage divided" in found.group(0).lower()


def is_divided_now(slot: TargetSlot, spec: AbilitySpec) -> bool:
    """Divided as you cast it; "divided evenly" is worked out on resolution (Fireball ruling)."""
    evenly = bool(getattr(slot, "divided_evenly", False))
    return slot.divided and not evenly and "divided evenly" not in spec.text.lower()


def _describe(ref: TargetRef, state: GameState) -> str:
    return state.label(ref)


@quick_init
@dataclass(frozen=True)
class CastInProgress:
    """A spell being cast or an ability being activated or put on the stack."""

    state: GameState  # the state before the action began (CR 732.1 returns to it)
    action: ActionKind
    player: str
    spec: AbilitySpec
    stack_object: GameObject  # the spell or ability as it will be on the stack (601.2a)
    from_id: int | None = None  # the card being cast, or the ability's source
    card: CardData | None = None
    needs_x: bool = False
    modes: tuple[int, ...] | None = None
    x: int | None = None
    targets: tuple[ChosenTargets, ...] = ()
    divided: bool = False
    previous: CastInProgress | None = None
    sacrificed: tuple[int, ...] = ()  # paid as the cost once targets are chosen (601.2h)
    # The graveyard cards named to pay "exile X creature cards from your graveyard" (601.2h).
    exiled: tuple[int, ...] = ()
    # The cost that sacrifices, asked as a step of its own once targets are chosen (601.2h);
    # None when what is sacrificed is named with the cast, or isn't asked (a statement).
    sacrifice_cost: SacrificeCost | None = None
    # The whole card when ``card`` is one face of it (Stomp of Bonecrusher Giant): what the
    # spell is again once it leaves the stack (CR 715.4, 709.3).
    printed: CardData | None = None
    # An effect lets it be cast now whatever its type (flash granted, 608.2g): CR 117.1a's
    # "when the stack is empty" isn't checked.
    any_time: bool = False
    flashback: bool = False  # cast from a graveyard for its flashback cost (CR 702.34a)
    jump_start: bool = False  # cast from a graveyard with jump-start (CR 702.133a)
    triggered_by: int | None = None  # the object of its trigger event (StackEntry's)
    # Cast for an alternative cost stated in its text, as said ("paying 4 life", "exiling a
    # blue card"; CR 118.9): the life in it is paid too (119.4).
    pitch: str = ""

    # ---- derived ---------------------------------------------------------------------
    # The targeting and the slots follow from the fields alone, and each choice asks for them
    # several times (issue 14): worked out once per step (``evolve`` leaves them behind).
    @cached_value
    def targeting(self) -> Targeting:
        is_spell = self.action is ActionKind.CAST
        source = (
            self.stack_object
            if is_spell
            else (self.state.last_known(self.from_id) if self.from_id is not None else None)
        )
        return Targeting(
            controller=self.player,
            is_spell=is_spell,
            source=source,
            spell_id=self.stack_object.id,
            source_id=self.stack_object.id if is_spell else self.from_id,
            spec=spec_for_modes(self.spec, self.modes),
            name=self.stack_object.name,
            chosen=self.targets,
        )

    @property
    def life_to_pay(self) -> int:
        """The life a spell's total cost pays: its additional cost ("pay X life", with X's
        value) and the alternative cost it is cast for (CR 601.2f, 118.9, 119.4)."""
        if self.action is not ActionKind.CAST or self.card is None:
            return 0
        text = self.card.oracle_text
        life = additional_life(text, self.x, self.pitch)
        return life + (alternative_life(text, self.pitch) if self.pitch else 0)

    @property
    def chosen_modes(self) -> tuple[int, ...]:
        if self.modes is not None:
            return self.modes
        return (0,) if self.spec.choose is None else ()

    @cached_value
    def slots(self) -> tuple[TargetSlot, ...]:
        slots = tuple(slot for i in self.chosen_modes for slot in self.spec.modes[i].slots)
        if self.x is None:
            return slots
        return tuple(_x_bound(slot, self.x) for slot in slots)

    def _pending_slot(self) -> TargetSlot | None:
        done = {chosen.slot_index for chosen in self.targets}
        return next((slot for slot in self.slots if slot.index not in done), None)

    def _divided_slots(self) -> list[TargetSlot]:
        return [slot for slot in self.slots if is_divided_now(slot, self.spec)]

    # ---- the machine ------------------------------------------------------------------
    def next_choice(self) -> Choice:
        """The next decision with its legal options (what a user is offered)."""
        return self._next(with_options=True)

    def pending(self) -> Choice:
        """The next decision without its options: what kind it is, its slot and prompt.
        Listing the options checks every candidate's legality (CR 601.2c), and making a choice
        or finishing needs none of that (issue 14: it was a third of a cast's time)."""
        return self._next(with_options=False)

    def _next(self, *, with_options: bool) -> Choice:
        if self.spec.choose is not None and self.modes is None:
            low, high = self.spec.choose
            legal = (
                [m for m in self.spec.modes if self.mode_is_possible(m.index)]
                if with_options
                else []
            )
            # A mode that would need a target it can't have isn't offered; say which (700.2a).
            missing = [m.text for m in self.spec.modes if with_options and m not in legal]
            budget = pawprint_budget(self.spec.text)
            costs = pawprint_costs(self.spec.text)
            card = self.printed or self.card
            escalate = ESCALATE.search(card.oracle_text) if card is not None else None
            return Choice(
                ChoiceKind.MODES,
                # CR 700.2i: a pawprint spell's modes cost {P} each, and may repeat.
                f"Choose up to {budget} {{P}} worth of modes; the same mode may be chosen more "
                "than once (700.2i)."
                if budget
                else f"Choose {low}"
                + (f" to {high}" if high != low else "")
                + (" mode." if high == 1 else " modes.")
                # CR 702.120a: each mode beyond the first costs the escalate cost too.
                + (
                    " Escalate: each mode beyond the first adds "
                    f"“{escalate['cost'].strip()[:1].lower()}{escalate['cost'].strip()[1:]}” "
                    "to the cost (702.120a)."
                    if escalate and high > 1
                    else ""
                ),
                "700.2a",
                tuple(
                    ChoiceOption(
                        m.index,
                        f"{'{P}' * costs[m.index]} — {m.text}"
                        if budget and m.index < len(costs)
                        else m.text,
                    )
                    for m in legal
                ),
                min_count=low,
                max_count=high,
                unavailable=(
                    "Not available, as nothing can be its target (700.2a): "
                    + "; ".join(f"“{text.rstrip('.')}”" for text in missing)
                    + "."
                    if missing
                    else ""
                ),
            )
        if self.needs_x and self.x is None:
            return Choice(ChoiceKind.X, "Announce the value of X.", "601.2b")
        slot = self._pending_slot()
        if slot is not None:
            # CR 115.3: "another target" can't take what its earlier slots already took.
            taken = {
                ref
                for chosen in self.targets
                if chosen.slot_index in slot.distinct_from
                for ref in chosen.refs
            }
            options = (
                [ref for ref in legal_options(self.state, self.targeting, slot) if ref not in taken]
                if with_options
                else []
            )
            return Choice(
                ChoiceKind.TARGETS,
                f"Choose {self._count_words(slot)} for “{slot.text}”.",
                "601.2c",
                tuple(ChoiceOption(ref, self.state.label(ref)) for ref in options),
                slot=slot,
                min_count=slot.min_count,
                max_count=slot.max_count,
            )
        if self._divided_slots() and not self.divided:
            total = division_total(self.spec, self.x)
            return Choice(
                ChoiceKind.DIVISION,
                f"Divide {total if total is not None else 'the amount'} among the targets, "
                "at least 1 each.",
                "601.2d",
            )
        cost = self.sacrifice_cost
        if cost is not None and not self.sacrificed:
            # CR 601.2h: the cost is paid once targets are chosen (601.2c), so a creature may
            # be targeted and then sacrificed (Flesh Allergy's ruling).
            kind = " or ".join(cost.kinds)
            payers = cost.candidates(self.state, self.player) if with_options else []
            return Choice(
                ChoiceKind.SACRIFICE,
                f"Choose {counted(cost.count, kind)} to sacrifice: its cost "
                f"“{cost.text}” is paid as it is cast.",
                "601.2h",
                tuple(ChoiceOption(o.id, self.state.label(o.id)) for o in payers),
                min_count=cost.count,
                max_count=cost.count,
            )
        return Choice(ChoiceKind.DONE, "Every choice is made.", "601.2")

    @staticmethod
    def _count_words(slot: TargetSlot) -> str:
        if slot.min_count == slot.max_count:
            return counted(slot.min_count, "target")
        top = "any number of" if slot.max_count is None else f"up to {slot.max_count}"
        return f"{slot.min_count} to {top} targets" if slot.min_count else f"{top} targets"

    def mode_is_possible(self, index: int) -> bool:
        """A mode whose targets can't all be chosen can't be chosen (CR 700.2a)."""
        possible, _ = slots_satisfiable(self.state, self.targeting, self.spec.modes[index].slots)
        return possible

    @property
    def graveyard_cost(self) -> GraveyardExile | None:
        """Its additional cost that exiles cards from the caster's graveyard, if any."""
        if self.action is not ActionKind.CAST or self.card is None:
            return None
        return graveyard_exile(self.card.oracle_text, self.x)

    def graveyard_cards_exiled(self) -> tuple[int, ...]:
        """The graveyard cards its cost exiles (CR 601.2h): those named, or all that can pay
        it when there are exactly as many as it needs; none when which ones isn't said, or the
        graveyard isn't stated (then nothing is known to refuse: ``MtgGame.cast`` says so).
        Raises ``IllegalActionError`` when the cost can't be paid (118.3)."""
        cost = self.graveyard_cost
        name = self.stack_object.name
        if self.exiled and (cost is None or not cost.count):
            raise IllegalActionError(
                f"{name}'s cost exiles no cards from a graveyard"
                + (" with X=0" if cost is not None else "")
                + ", so none can be named as exiled for it (601.2h).",
                rules=("601.2h",),
            )
        if cost is None or not cost.count:
            return ()
        have = cost.candidates(self.state, self.player)
        said = f"“{cost.text}”"
        if self.exiled:
            misfits = [self.state.label(i) for i in self.exiled if i not in {o.id for o in have}]
            named = len(set(self.exiled))
            if misfits or named != cost.count:
                kind = " or ".join(sorted(cost.types)) + " card" if cost.types else "card"
                why = (
                    f"{and_list(misfits)} can't pay it: not {with_article(kind)} in "
                    f"{self.player}'s graveyard"
                    if misfits
                    else f"{counted(named, 'card')} named, and it exiles {cost.count}"
                )
                raise IllegalActionError(
                    f"{name}'s cost is {said}: {why} (601.2h).", rules=("601.2h",)
                )
            return self.exiled
        if len(have) < cost.count and self._graveyard_stated():
            held = and_list(o.name for o in have) if have else "none"
            raise IllegalActionError(
                f"{name}'s cost is {said} with {cost.count} to exile, and {self.player}'s "
                f"graveyard has {len(have)} that can pay it ({held}): a cost can't be paid "
                "without what it needs (118.3, 601.2h).",
                rules=("118.3", "601.2h"),
            )
        return tuple(o.id for o in have) if len(have) == cost.count else ()

    def _graveyard_stated(self) -> bool:
        """Whether the board says anything of the caster's graveyard: a card in it. An empty
        graveyard may only be unstated, so a cost from it isn't refused."""
        return any(
            obj.owner.casefold() == self.player.casefold()
            for obj in self.state.zone_objects(Zone.GRAVEYARD)
        )

    def modes_fitting(self, refs: Sequence[TargetRef], *, loosely: bool = False) -> list[int]:
        """For a "Choose one" spell or ability whose mode wasn't named, the modes whose targets
        ``refs`` (in text order) can all legally be: Blue Elemental Blast's "Counter target red
        spell" for a spell, "Destroy target red permanent" for a permanent.  The mode is chosen
        on casting (CR 700.2a) and the targets then (601.2c), so targets that fit one mode only
        can only have been chosen with it.  ``loosely``: the modes whose slots look where the
        targets are (a spell on the stack, a player), legal or not."""
        if self.spec.choose != (1, 1) or self.modes is not None or not refs:
            return []
        fitting = []
        for mode in self.spec.modes:
            slots = mode.slots
            groups, rest = split_in_text_order([(s.min_count, s.max_count) for s in slots], refs)
            if rest or not slots:
                continue
            earlier: tuple[ChosenTargets, ...] = ()
            for slot, group in zip(slots, groups, strict=True):
                if loosely and all(self._where_slot_looks(slot, ref) for ref in group):
                    continue
                if loosely or check_slot_refs(
                    self.state, self.targeting, slot, tuple(group), earlier
                ):
                    break
                earlier = (*earlier, ChosenTargets(slot.index, tuple(group)))
            else:
                fitting.append(mode.index)
        return fitting

    def _where_slot_looks(self, slot: TargetSlot, ref: TargetRef) -> bool:
        """Whether ``ref`` is a player for a slot that takes players, or an object in a zone
        the slot looks in (CR 115.2)."""
        if not isinstance(ref, int):
            return slot.filter.allows_players
        obj = self.state.objects.get(ref)
        return obj is not None and obj.zone in slot.filter.zones

    def back(self) -> CastInProgress:
        if self.previous is None:
            raise EngineError("Nothing to undo: this is the first step.")
        return self.previous

    def choose(self, value: object) -> CastInProgress:
        """Make the pending choice; raises ``IllegalActionError`` if it breaks a rule."""
        choice = self.pending()
        if choice.kind is ChoiceKind.MODES:
            return self._choose_modes(value)
        if choice.kind is ChoiceKind.X:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise EngineError("X must be a whole number, 0 or more.")
            chosen = evolve(self, x=value, previous=self)
            if self.action is ActionKind.CAST and self.card is not None:
                # CR 202.3e: on the stack, X is its chosen value in the spell's mana value
                # (Blaze with X=2 has mana value 3: Mistmeadow Skulk's protection stops it).
                xs = self.card.mana_cost.upper().count("{X}")
                spell = evolve(
                    self.stack_object, mana_value=self.stack_object.mana_value + xs * value
                )
                chosen = evolve(chosen, stack_object=spell)
                # CR 118.3: X can't ask its cost for more graveyard cards than there are.
                chosen.graveyard_cards_exiled()
            return chosen
        if choice.kind is ChoiceKind.TARGETS and choice.slot is not None:
            refs = _as_refs(value)
            return self._choose_targets(choice.slot, refs)
        if choice.kind is ChoiceKind.DIVISION:
            return self._choose_division(value)
        if choice.kind is ChoiceKind.SACRIFICE:
            return self._choose_sacrifice(value)
        raise EngineError("Every choice is already made; finish the action.")

    def _choose_sacrifice(self, value: object) -> CastInProgress:
        """CR 601.2h, 118.3: the cost is paid in full, no more and no less, with permanents
        of its kind that the caster controls (701.21a)."""
        cost = self.sacrifice_cost
        assert cost is not None
        chosen = _as_ints(value) if not isinstance(value, str) else ()
        name = self.stack_object.name
        if len(chosen) != cost.count or len(set(chosen)) != len(chosen):
            raise IllegalActionError(
                f"{name}'s cost is “{cost.text}”: {counted(cost.count, 'permanent')} to "
                f"sacrifice, no more and no fewer (601.2h).",
                rules=("601.2h",),
            )
        for object_id in chosen:
            refused = self.why_not_sacrificed(object_id)
            if refused is not None:
                raise refused
        return evolve(self, sacrificed=chosen, previous=self)

    def why_not_sacrificed(self, object_id: int) -> IllegalActionError | None:
        """Why ``object_id`` can't pay the sacrifice asked for (None when it can)."""
        cost = self.sacrifice_cost
        assert cost is not None
        obj = self.state.objects.get(object_id)
        if obj is None or obj.zone is not Zone.BATTLEFIELD or obj.controller != self.player:
            what = self.state.label(object_id) if obj is not None else f"#{object_id}"
            theirs = obj is not None and obj.controller != self.player
            whose = f" ({obj.controller} controls it)" if obj is not None and theirs else ""
            return IllegalActionError(
                f"{self.player} can sacrifice only a permanent {self.player} controls on the "
                f"battlefield, and {what} isn't one{whose} (701.21a, 118.3).",
                rules=("701.21a", "118.3"),
            )
        if not cost.fits(self.state, obj):
            return IllegalActionError(
                f"{self.stack_object.name}'s cost sacrifices "
                f"{with_article(' or '.join(cost.kinds))}, and {self.state.label(object_id)} "
                "isn't one (601.2h).",
                rules=("601.2h",),
            )
        return None

    def _choose_modes(self, value: object) -> CastInProgress:
        indexes = _as_ints(value)
        assert self.spec.choose is not None
        low, high = self.spec.choose
        if not low <= len(indexes) <= high:
            raise IllegalActionError(
                f"{self.stack_object.name} needs {low}"
                + (f" to {high}" if high != low else "")
                + f" {noun_for(high, 'mode')}, not {len(indexes)} (700.2).",
                rules=("700.2",),
            )
        if len(set(indexes)) != len(indexes) and "same mode more than once" not in self.spec.text:
            raise IllegalActionError(
                "The same mode can't be chosen twice (700.2d).", rules=("700.2d",)
            )
        if budget := pawprint_budget(self.spec.text):
            costs = pawprint_costs(self.spec.text)
            spent = sum(costs[i] for i in indexes if 0 <= i < len(costs))
            if spent > budget:
                # CR 700.2i: the chosen modes' pawprints total no more than the number given.
                raise IllegalActionError(
                    f"{self.stack_object.name} chooses up to {budget} {{P}} worth of modes, and "
                    f"the modes chosen total {spent} {{P}} (700.2i).",
                    rules=("700.2i",),
                )
        for index in indexes:
            if not 0 <= index < len(self.spec.modes):
                raise EngineError(f"{self.stack_object.name} has no mode {index + 1}.")
            if not self.mode_is_possible(index):
                if self.action is ActionKind.TRIGGER:
                    # CR 603.3c: a trigger's illegal mode can't be chosen; another may be, and
                    # with none chosen the ability is removed from the stack.
                    others = [
                        f"“{m.text.split('.')[0]}”"
                        for m in self.spec.modes
                        if m.index != index and self.mode_is_possible(m.index)
                    ]
                    then = (
                        f"its controller chooses another mode ({' or '.join(others)})"
                        if others
                        else "no mode can be chosen, so the ability is removed from the stack"
                    )
                    error = IllegalActionError(
                        f"The mode “{self.spec.modes[index].text}” can't be chosen: it has no "
                        f"legal targets, so {then} (603.3c).",
                        rules=("603.3c", "700.2a"),
                    )
                else:
                    error = IllegalActionError(
                        f"The mode “{self.spec.modes[index].text}” can't be chosen: it has no "
                        "legal targets (700.2a).",
                        rules=("700.2a", "601.2c"),
                    )
                # Why a target the user named for it isn't one (Return the Favor at Arc
                # Trail: 2 targets, not a single target, 115.9a).
                error.why_not = functools.partial(
                    _why_not_in_slots, self, self.spec.modes[index].slots
                )
                raise error
        if len(set(indexes)) != len(indexes):
            spec, indexes = _with_repeated_modes(self.spec, indexes)
            return evolve(self, spec=spec, modes=indexes, previous=self)
        return evolve(self, modes=tuple(indexes), previous=self)

    def _choose_targets(self, slot: TargetSlot, refs: tuple[TargetRef, ...]) -> CastInProgress:
        problem = check_slot_refs(self.state, self.targeting, slot, refs, self.targets)
        if problem is not None:
            # QA 57 M1: equip's own rule says whose creature it attaches to (702.6a).
            equip = ("702.6a",) if self.spec.keyword == "equip" else ()
            raise IllegalActionError(problem.reason, rules=(*equip, *problem.rules))
        chosen = ChosenTargets(slot.index, refs)
        return evolve(self, targets=(*self.targets, chosen), previous=self)

    def _choose_division(self, value: object) -> CastInProgress:
        amounts = _as_ints(value)
        divided = {slot.index for slot in self._divided_slots()}
        refs = [ref for c in self.targets if c.slot_index in divided for ref in c.refs]
        if not refs and amounts:
            # Fiery Justice "targeting Bob, dividing 5": Bob went to its first slot in the
            # card's order ("target opponent" comes after the divided damage) or none did.
            slot = self._divided_slots()[0]
            raise IllegalActionError(
                f"{self.stack_object.name} divides among the targets of “{slot.text}”, and none "
                "were named for it: targets are named in the order the card asks for them "
                "(601.2c); one player may be named again for another “target” word (115.3).",
                rules=("601.2d", "601.2c", "115.3"),
            )
        if len(amounts) != len(refs):
            named = and_list(self.state.label(ref) for ref in refs)
            raise IllegalActionError(
                f"Give one amount for each of the {len(refs)} targets ({named}) (601.2d).",
                rules=("601.2d",),
            )
        if any(amount < 1 for amount in amounts):
            raise IllegalActionError(
                "Each target must receive at least 1 of what is divided (601.2d).",
                rules=("601.2d",),
            )
        total = division_total(self.spec, self.x)
        if total is not None and sum(amounts) != total:
            raise IllegalActionError(
                f"The division must add up to {total}, not {sum(amounts)} (601.2d).",
                rules=("601.2d",),
            )
        remaining = list(amounts)
        targets = []
        for chosen in self.targets:
            if chosen.slot_index in divided:
                count = len(chosen.refs)
                chosen = evolve(chosen, amounts=tuple(remaining[:count]))
                remaining = remaining[count:]
            targets.append(chosen)
        return evolve(self, targets=tuple(targets), divided=True, previous=self)

    def auto_divide(self) -> CastInProgress:
        """With one divided target, the whole amount goes to it, and with as many targets as
        the amount, 1 each (no real choice, 601.2d: at least 1 each; QA 29 M4, Electrolyze's 2
        damage on two targets was asked)."""
        if self.pending().kind is not ChoiceKind.DIVISION:
            return self
        total = division_total(self.spec, self.x)
        count = sum(
            len(c.refs)
            for c in self.targets
            if c.slot_index in {s.index for s in self._divided_slots()}
        )
        if count == 1 and total is not None:
            return self.choose((total,))
        if count > 1 and total == count:
            return self.choose((1,) * count)
        if count == 0:
            return evolve(self, divided=True)
        return self

    def _check_ability_timing(self) -> None:
        """CR 602.5d: "Activate only as a sorcery", equip (702.6a) and loyalty abilities
        (606.3) are activated only when the stack is empty (and in a main phase of their
        controller's turn, which the bot doesn't keep); and a permanent's loyalty abilities
        once a turn (606.3: the scenario is one turn)."""
        loyalty = self.is_loyalty
        if loyalty and self.from_id is not None:
            self._check_loyalty_cost(self.from_id)
        self._check_summoning_sickness()
        closed = self.state.not_main_phase_of(self.player)
        if not self.state.stack and not closed:
            return
        text = self.spec.text.lower()
        why = (
            "it is an equip ability (702.6a)"
            if self.spec.keyword == "equip"
            else "it is a loyalty ability (606.3)"
            if loyalty
            else "it says “Activate only as a sorcery” (602.5d)"
            if "activate only as a sorcery" in text
            else ""
        )
        if not why:
            return
        rule = re.search(r"\(([\d.a-z]+)\)$", why)
        if not self.state.stack:
            # QA 57 W3: only in a main phase of its controller's turn (307.5, 606.3).
            raise IllegalActionError(
                f"It is {closed}: {self.stack_object.name} can be activated only any "
                f"time {self.player} could cast a sorcery, in a main phase of their own turn: "
                f"{why}.",
                rules=(rule[1] if rule else "602.5d", "307.5"),
                hint=f"Say “It is {self.player}'s next turn.” first.",
            )
        top = self.state.stack[-1].name
        raise IllegalActionError(
            f"{self.stack_object.name} can be activated only when the stack is empty, not while "
            f"{top} is on it: {why}.",
            rules=(rule[1] if rule else "602.5d",),
            hint="Resolve the stack first.",
        )

    @property
    def cascading(self) -> int | None:
        """The mana value a resolved cascade trigger lets this cast stay below (702.85a)."""
        return self.state.cascade_casts.get(self.player)

    @property
    def is_loyalty(self) -> bool:
        return self.action is ActionKind.ACTIVATE and is_loyalty_cost(self.spec.cost)

    def _check_loyalty_cost(self, source_id: int) -> None:
        """CR 606.3: once a turn per permanent; 606.6: a negative cost needs that many loyalty
        counters."""
        name = self.state.label(source_id)
        if source_id in self.state.loyalty_activated:
            raise IllegalActionError(
                f"A loyalty ability of {name} was already activated this turn, so {self.player} "
                "can't activate another one until the next turn (606.3).",
                rules=("606.3",),
                hint="The bot keeps no turns: a scenario is one turn. Start a new scenario for "
                "the next turn.",
            )
        source = self.state.objects.get(source_id)
        change = loyalty_change(self.spec.cost, self.x)
        if source is not None and source.loyalty is not None and source.loyalty + change < 0:
            raise IllegalActionError(
                f"{name} has {counted(source.loyalty, 'loyalty counter')}, fewer than the "
                f"{-change} its {self.spec.cost.strip()} ability removes, so it can't be "
                "activated (606.6).",
                rules=("606.6",),
            )

    def _check_summoning_sickness(self) -> None:
        if self.from_id is not None:
            refusal = summoning_sickness_refusal(self.state, self.from_id, self.spec.cost)
            if refusal is not None:
                raise refusal

    def check_timing(self) -> None:
        """CR 117.1a: a noninstant spell is cast only when the stack is empty (the bot keeps
        no turn or phase, so that is the part it checks); checked once the targets are
        chosen, so a target that can't be chosen is what an answer names first."""
        if self.action is ActionKind.ACTIVATE:
            self._check_ability_timing()
            return
        card = self.card
        if self.action is ActionKind.CAST and card is not None and self.state.stack:
            _refuse_sorcery_only(self.state, self.player, card.name)
        if self.action is ActionKind.CAST and card is not None and self.cascading is not None:
            # CR 702.85a: the card cascade exiles has a lesser mana value; it is cast as the
            # trigger resolves, so the stack needn't be empty (608.2g).
            if self.stack_object.mana_value >= self.cascading:
                raise IllegalActionError(
                    f"{self.player}'s cascade lets them cast a card with mana value less than "
                    f"{self.cascading}; {card.name}'s is {self.stack_object.mana_value} (702.85a).",
                    rules=("702.85a",),
                    hint="Cascade exiles cards until one with a lesser mana value; that is the "
                    "one cast.",
                )
            if self.x:
                raise IllegalActionError(
                    f"{card.name} is cast without paying its mana cost, so the only legal "
                    f"choice for X is 0, not {self.x} (107.3b).",
                    rules=("107.3b",),
                )
            return
        closed = self.state.not_main_phase_of(self.player)
        if (
            self.action is not ActionKind.CAST
            or self.any_time
            or card is None
            or not (self.state.stack or closed)
            or "instant" in card.types.card_types
            or "flash" in printed_keywords(card)
            or _flash_allowed(self.state, self.player, card)
        ):
            return
        if not self.state.stack:
            # QA 57 W3: "during their main phase" (117.1a) — it is another player's turn, or
            # the step said isn't a main phase.
            sorcery = "sorcery" in card.types.card_types
            raise IllegalActionError(
                f"It is {closed}: {card.name} isn't an instant and doesn't have flash, "
                f"so {self.player} can cast it only during a main phase of their own turn "
                f"({'307.1, ' if sorcery else ''}117.1a).",
                rules=("307.1", "117.1a") if sorcery else ("117.1a",),
                hint=f"Say “It is {self.player}'s next turn.” first, or cast an instant.",
            )
        top = self.state.stack[-1].name
        raise IllegalActionError(
            f"{card.name} isn't an instant and doesn't have flash, so {self.player} can cast it "
            f"only when the stack is empty, not while {top} is on it (117.1a).",
            rules=("117.1a",),
            hint="Resolve the stack first; or, if an effect lets them cast it now (one that "
            "gives it flash, or tells them to cast it as something resolves, 608.2g), say "
            f"“{self.player} casts {card.name} at instant speed …”.",
        )

    def finish(self) -> tuple[GameState, StackEntry]:
        """Put the spell or ability on the stack with its choices (CR 601.2, 602.2, 603.3).

        Abilities that trigger on its targets (ward, CR 702.21a) are put above it by
        ``MtgGame.finish``."""
        pending = self.pending()
        if pending.kind is not ChoiceKind.DONE:
            raise IllegalActionError(
                f"{self.stack_object.name} isn't finished: {pending.prompt} ({pending.rule}).",
                rules=(pending.rule,),
            )
        self.check_timing()
        state = self.state
        if self.action is ActionKind.ACTIVATE and taps_its_source(self.spec.cost):
            # CR 602.2b, 601.2h: the cost is paid as it is activated; {T} taps the source
            # (107.5).
            source = state.objects.get(self.from_id) if self.from_id is not None else None
            if source is not None:
                state = state.with_object(evolve(source, tapped=True))
        if self.action is ActionKind.ACTIVATE and (life := life_in_cost(self.spec.cost)):
            # CR 119.4, 602.2b: "Pay 1 life" is paid as it is activated: that life is lost.
            payer = state.player(self.player)
            state = state.with_player(evolve(payer, life=payer.life - life))
        if self.action is ActionKind.CAST and (life := self.life_to_pay):
            # CR 601.2h, 119.4: the life in a spell's total cost is paid as it is cast; a
            # player can't pay more life than they have (118.3), so it can't be cast.
            payer = state.player(self.player)
            if life > payer.life:
                raise IllegalActionError(
                    f"{payer.name} has {payer.life} life, so can't pay the {life} life in "
                    f"{self.stack_object.name}'s cost (118.3, 119.4, 601.2h).",
                    rules=("118.3", "119.4", "601.2h"),
                )
            state = state.with_player(evolve(payer, life=payer.life - life))
        source = state.objects.get(self.from_id) if self.from_id is not None else None
        if self.action is ActionKind.ACTIVATE and source is not None and self.is_loyalty:
            # CR 606.4: a loyalty ability's cost puts on or removes loyalty counters; 606.3:
            # once a turn for that permanent.
            if source.loyalty is not None:
                change = loyalty_change(self.spec.cost, self.x)
                source = evolve(source, loyalty=source.loyalty + change)
                state = state.with_object(source)
            state = state.with_loyalty_activated(source.id)
        if (
            self.action is ActionKind.ACTIVATE
            and source is not None
            and source.zone is Zone.BATTLEFIELD
            and sacrifices_its_source(self.spec.cost, source.name)
        ):
            # CR 602.2b, 601.2h: "Sacrifice this creature" is paid as it is activated; the
            # ability exists on its own on the stack (113.7a) and uses its source's last known
            # information (608.2h).
            state, _ = state.move(source.id, Zone.GRAVEYARD, "was sacrificed to pay a cost")
        if (
            self.action is ActionKind.ACTIVATE
            and source is not None
            and source.zone is Zone.HAND
            and "discard this card" in self.spec.cost.lower()
        ):
            # CR 602.2b, 702.29a: cycling's "Discard this card" is paid as it is activated; the
            # ability exists on its own on the stack (113.7a).
            state, _ = state.move(source.id, Zone.GRAVEYARD, "was discarded to pay a cost")
        for object_id in self.sacrificed:
            # CR 601.2c then 601.2h: targets are chosen before costs are paid, so a creature
            # may be targeted and then sacrificed (Flesh Allergy's ruling).
            state, _ = state.move(object_id, Zone.GRAVEYARD, "was sacrificed to pay a cost")
        for object_id in self.graveyard_cards_exiled():
            # CR 601.2h: "exile X creature cards from your graveyard" is paid as it is cast.
            state, _ = state.move(object_id, Zone.EXILE, "was exiled to pay a cost")
        if self.action is ActionKind.CAST and self.from_id is not None:
            state, new_id = state.move(self.from_id, Zone.STACK, "was cast")
            assert new_id is not None
            state = state.with_object(evolve(self.stack_object, id=new_id))
            object_id = new_id
        else:
            state, object_id = state.add_object(
                self.stack_object,
                (self.printed or self.card) if self.action is ActionKind.CAST else None,
            )
        entry = StackEntry(
            object_id=object_id,
            spec=spec_for_modes(self.spec, self.modes),
            controller=self.player,
            name=self.stack_object.name,
            source_id=None if self.action is ActionKind.CAST else self.from_id,
            modes=self.chosen_modes,
            targets=self.targets,
            x=self.x,
            sacrificed=self.sacrificed,
            flashback=self.flashback,
            jump_start=self.jump_start,
            triggered_by=self.triggered_by,
        )
        return state.push(entry), entry


def spec_for_modes(spec: AbilitySpec, modes: Sequence[int] | None) -> AbilitySpec:
    """CR 700.2: a modal spell does what its chosen modes say, so its retargeting effect is
    the chosen mode's (Return the Favor: "Copy target ... spell" or "Change the target of
    target spell or ability with a single target", 115.9a), not its first mode's."""
    if spec.choose is None or modes is None:
        return spec
    chosen = next(
        (
            spec.modes[i].retarget
            for i in modes
            if 0 <= i < len(spec.modes) and spec.modes[i].retarget is not None
        ),
        None,
    )
    return spec if chosen == spec.retarget else evolve(spec, retarget=chosen)


def _x_bound(slot: TargetSlot, x: int) -> TargetSlot:
    """CR 601.2b, 601.2c: X is announced before targets, and "X target artifacts" then takes
    exactly X ("In some cases, the number of targets will be defined by the spell's text");
    "up to X target creatures" takes 0 to X (115.6)."""
    if not slot.count_is_x:
        return slot
    up_to = slot.text.lower().lstrip().startswith("up to")
    return evolve(slot, min_count=0 if up_to else x, max_count=x)


def _one_name_per_target_hint(
    state: GameState, refs: tuple[TargetRef, ...], earlier: tuple[ChosenTargets, ...]
) -> str:
    """Seeds of Strength's three "target creature": one name said fills only the first (found
    by a sweep); the same object may be chosen once for each instance of "target" (115.3)."""
    named = next((ref for chosen in earlier for ref in chosen.refs), None)
    if refs or named is None:
        return ""
    name = state.objects[named].name if isinstance(named, int) and named in state.objects else named
    return (
        " Each instance of “target” is a choice of its own, and the same object may be chosen "
        f"once for each (115.3): name one per choice (“targeting {name} twice”)."
    )


def check_slot_refs(
    state: GameState,
    who: Targeting,
    slot: TargetSlot,
    refs: tuple[TargetRef, ...],
    earlier: tuple[ChosenTargets, ...],
) -> TargetCheck | None:
    """The problems with choosing ``refs`` for ``slot`` (None when the choice is legal)."""
    top = slot.max_count
    if len(refs) < slot.min_count or (top is not None and len(refs) > top):
        wanted = (
            f"exactly {slot.min_count}"
            if slot.min_count == top
            else f"{slot.min_count} to {'any number' if top is None else top}"
        )
        rules = ("115.6", "601.2c") if slot.min_count == 0 else ("601.2c",)
        return TargetCheck(
            False,
            f"“{slot.text}” needs {wanted} {noun_for(top, 'target')}, not {len(refs)} (601.2c)."
            + _one_name_per_target_hint(state, refs, earlier),
            rules,
        )
    if len(set(refs)) != len(refs):
        # CR 115.3: one instance of "target" can't choose the same object twice.
        return TargetCheck(
            False,
            f"“{slot.text}” is one instance of the word target, so it can't choose the same "
            "object or player twice (115.3).",
            ("115.3", "601.2c"),
        )
    for other in earlier:
        if other.slot_index in slot.distinct_from:
            for ref in refs:
                if ref in other.refs:
                    return TargetCheck(
                        False,
                        f"“{slot.text}” asks for another target than the earlier one, and "
                        f"{state.label(ref)} is already chosen: one object may be chosen for "
                        "each instance of “target” only as long as it fits the targeting "
                        "criteria (115.3, 601.2c).",
                        ("115.3", "601.2c"),
                    )
    for ref in refs:
        check = check_target(state, who, slot, ref)
        if not check.legal:
            return check
    return controllers_problem(state, slot, refs, rule="601.2c")


def _as_refs(value: object) -> tuple[TargetRef, ...]:
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        return (value,)
    if isinstance(value, Sequence):
        refs = tuple(value)
        if all(isinstance(r, (int, str)) and not isinstance(r, bool) for r in refs):
            return refs
    raise EngineError("Targets are object ids (numbers) or player names.")


def _as_ints(value: object) -> tuple[int, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,)
    if isinstance(value, Sequence) and not isinstance(value, str):
        items = tuple(value)
        if all(isinstance(v, int) and not isinstance(v, bool) for v in items):
            return items
    raise EngineError("Expected whole numbers.")


def _with_repeated_modes(
    spec: AbilitySpec, indexes: Sequence[int]
) -> tuple[AbilitySpec, tuple[int, ...]]:
    """A mode chosen again (Mystic Confluence: "You may choose the same mode more than once")
    is a copy with its own target slots, so each instance gets its own target (CR 700.2d)."""
    modes = list(spec.modes)
    next_slot = 1 + max((slot.index for mode in modes for slot in mode.slots), default=-1)
    seen: set[int] = set()
    chosen: list[int] = []
    for index in indexes:
        if index not in seen:
            seen.add(index)
            chosen.append(index)
            continue
        original = modes[index]
        renumber = {slot.index: next_slot + n for n, slot in enumerate(original.slots)}
        next_slot += len(original.slots)
        copy = evolve(
            original,
            index=len(modes),
            slots=tuple(
                evolve(
                    slot,
                    index=renumber[slot.index],
                    distinct_from=tuple(renumber.get(i, i) for i in slot.distinct_from),
                )
                for slot in original.slots
            ),
            effects=tuple(
                evolve(part, slot_indexes=tuple(renumber.get(i, i) for i in part.slot_indexes))
                for part in original.effects
            ),
        )
        modes.append(copy)
        chosen.append(copy.index)
    return evolve(spec, modes=tuple(modes)), tuple(chosen)


# ---- starting an action ----------------------------------------------------------------
def _castability(progress: CastInProgress) -> CastInProgress:
    """CR 601.2c (and 700.2a): the action is impossible unless every required target
    instance can get a legal choice; a modal one needs enough possible modes."""
    name = progress.stack_object.name
    if progress.spec.choose is not None:
        low = progress.spec.choose[0]
        possible = [m for m in progress.spec.modes if progress.mode_is_possible(m.index)]
        repeatable = "same mode more than once" in progress.spec.text  # Mystic Confluence
        if (len(possible) < low and not repeatable) or not possible:
            enough = (
                "none of its modes has a legal target"
                if low <= 1 or not possible
                else f"only {len(possible)} of its modes {'has' if len(possible) == 1 else 'have'} "
                f"legal targets, and it needs {low}"
            )
            error = IllegalActionError(
                f"{name} can't be {_verb(progress.action)}: {enough} (700.2a, 601.2c).",
                rules=("700.2a", "601.2c"),
            )
            error.why_not = functools.partial(_why_not_in_modes, progress)
            raise error
        return progress
    slots = progress.slots
    feasible, blocked = slots_satisfiable(progress.state, progress.targeting, slots)
    if not feasible and blocked is not None:
        rule = {"cast": "601.2c", "activate": "602.2b", "trigger": "603.3d"}[progress.action]
        example = _blocking_example(progress, blocked)
        rules = (rule, "601.2c") if rule != "601.2c" else (rule,)
        if progress.spec.keyword == "equip":
            # QA 57 M1: equip's own rule says whose creature it attaches to.
            rules = ("702.6a", *rules)
        tail = f"; for example: {example.reason}" if example else "."
        plain = (
            f"{name} can't be {_verb(progress.action)}: there is no legal choice for "
            f"“{blocked.text}” ({rule})"
        )
        error = IllegalActionError(
            plain + (tail if example else "."),
            rules=rules + (example.rules if example else ()),
        )
        error.why_not = functools.partial(_why_not, progress, blocked)
        error.without_example = (plain, rules)
        raise error
    return progress


def _why_not(
    progress: CastInProgress, slot: TargetSlot, ref: object
) -> tuple[str, tuple[str, ...]] | None:
    """Why a target the user named can't be chosen for ``slot`` (None if it could be)."""
    if not isinstance(ref, int | str) or isinstance(ref, bool):
        return None
    if isinstance(ref, str) and not progress.state.has_player(ref):
        return None
    check = check_target(progress.state, progress.targeting, slot, ref)
    return None if check.legal else (check.reason, check.rules)


def _why_not_in_slots(
    progress: CastInProgress, slots: Sequence[TargetSlot], ref: object
) -> tuple[str, tuple[str, ...]] | None:
    """Why a target the user named can't be chosen for any of ``slots`` (None if it could)."""
    found = [_why_not(progress, slot, ref) for slot in slots]
    if not found or any(why is None for why in found):
        return None
    return next(why for why in found if why is not None)


def _why_not_in_modes(progress: CastInProgress, ref: object) -> tuple[str, tuple[str, ...]] | None:
    """Why a target the user named can't be chosen for a target of any mode (CR 700.2a): Red
    Elemental Blast at green Grizzly Bears isn't blue.  The reason given is that of a mode
    whose target is in the zone the object is in (not 115.2: a permanent for "target blue
    spell"), else the first; None when some mode could take it."""
    found = [_why_not(progress, slot, ref) for mode in progress.spec.modes for slot in mode.slots]
    if not found or any(why is None for why in found):
        return None
    reasons = [why for why in found if why is not None]
    return next((why for why in reasons if "115.2" not in why[1]), reasons[0])


def _blocking_example(progress: CastInProgress, slot: TargetSlot) -> TargetCheck | None:
    """The most telling reason a candidate was refused: one that fits the description but a
    rule (hexproof, 115.9a...) stops it."""
    from bot.engine.mtg.legality import candidates

    first: TargetCheck | None = None
    for ref in candidates(progress.state, slot):
        check = check_target(progress.state, progress.targeting, slot, ref)
        if check.legal:
            continue
        if check.by_restriction or not set(check.rules) & {"115.1", "115.2", "115.4"}:
            return check
        first = first or check
    return None if first is None or "115.1" in first.rules else first
    return progress


def _verb(action: ActionKind) -> str:
    return {"cast": "cast", "activate": "activated", "trigger": "put on the stack"}[action]


ENTERS_THE_BATTLEFIELD = "It enters the battlefield under its controller's control"


def permanent_spell_spec(card: CardData) -> AbilitySpec:
    """A spell with no spell ability (a creature, say): nothing to target."""
    from bot.engine.requirements import Mode

    if not card.is_permanent_card:
        # CR 110.4, 608.2n: an instant or sorcery with only keyword lines (cascade, rebound)
        # never enters the battlefield; it does nothing more as it resolves.
        return AbilitySpec(kind=AbilityKind.SPELL, text="", modes=(Mode(0, ""),))
    # CR 608.3: resolving, it becomes a permanent; its own abilities aren't the spell's effect.
    return AbilitySpec(kind=AbilityKind.SPELL, text="", modes=(Mode(0, ENTERS_THE_BATTLEFIELD),))


def start_cast(
    state: GameState,
    player: str,
    card: CardData,
    spec: AbilitySpec,
    *,
    card_id: int | None = None,
    printed: CardData | None = None,
    as_spell: Callable[[GameObject], GameObject] | None = None,
) -> CastInProgress:
    """CR 601.2a: propose casting ``card`` (one face of ``printed``, if given) whose spell
    ability is ``spec``; ``as_spell`` gives the spell the characteristics a way of casting it
    does (bestowed, an Aura: 702.103b), before its targets are weighed (601.2c)."""
    state.player(player)
    _refuse_uncastable(state, player, card)
    owner = player
    if card_id is not None:
        owner = state.obj(card_id).owner
    spell = object_from_card(
        state.next_id, card, owner=owner, controller=player, zone=Zone.STACK, kind=ObjectKind.SPELL
    )
    progress = CastInProgress(
        state=state,
        action=ActionKind.CAST,
        player=player,
        spec=spec,
        stack_object=spell,
        from_id=card_id,
        card=card,
        # CR 601.2b: X is announced for an X in the mana cost (107.3) or in an additional
        # cost ("pay X life": Toxic Deluge).
        needs_x=card.has_x
        or pays_x_life(card.oracle_text)
        or announces_x_in_additional_cost(card.oracle_text),
        printed=printed if printed is not None and printed is not card else None,
    )
    if as_spell is not None:
        progress = evolve(progress, stack_object=as_spell(progress.stack_object))
    return _castability(progress)


def _refuse_uncastable(state: GameState, player: str, card: CardData) -> None:
    """Cards that can't be cast at all, whatever their targets: a land is played, not cast
    (305.1, 305.9; a modal double-faced card's land face too, 712.12), and a legendary instant
    or sorcery needs a legendary creature or planeswalker (205.4e)."""
    types = card.types
    if "land" in types.card_types:
        raise IllegalActionError(
            f"{card.name} is a land, and a land is never cast: it is played, a special action "
            "that doesn't use the stack (305.1, 305.9).",
            rules=("305.1", "305.9"),
            hint=f"Say “{player} controls {card.name}.” to put it onto the battlefield.",
        )
    legendary_spell = "legendary" in types.supertypes and types.card_types & {
        "instant",
        "sorcery",
    }
    if legendary_spell and not any(
        seen.controller == player
        and "legendary" in seen.supertypes
        and seen.card_types & {"creature", "planeswalker"}
        for seen in (as_seen(state, obj) for obj in state.zone_objects(Zone.BATTLEFIELD))
    ):
        kind = "sorcery" if "sorcery" in types.card_types else "instant"
        raise IllegalActionError(
            f"{card.name} is a legendary {kind}: {player} can't cast it without controlling a "
            "legendary creature or a legendary planeswalker (205.4e).",
            rules=("205.4e",),
        )


_OWN_FLASH = re.compile(r"\bcast (?:this spell|~|this card) as though it had flash\b", re.I)
# Teferi, Mage of Zhalfir: "Creature cards you own that aren't on the battlefield have flash."
_CARDS_HAVE_FLASH = re.compile(
    r"\b(?P<kind>[a-z]+) cards you own that aren't on the battlefield have flash\b", re.I
)
GRANTED_FLASH = re.compile(
    r"\byou may cast (?:(?P<kind>[a-z]+) )?spells as though they had flash\b", re.I
)


def summoning_sickness_refusal(
    state: GameState, source_id: int, cost: str
) -> IllegalActionError | None:
    """CR 302.6: a creature's {T} or {Q} ability (mana abilities too) can't be activated
    unless it has been under its controller's control continuously since their most recent
    turn began (haste excepted, 702.10c). The scenario is one turn: a creature that entered or
    changed control in it hasn't. A creature by an effect (March of the Machines) counts."""
    source = state.objects.get(source_id)
    if (
        source is None
        or ("{T}" not in cost.upper() and "{Q}" not in cost.upper())
        or source.zone is not Zone.BATTLEFIELD
        or source.id not in state.new_to_control
        or "creature" not in as_seen(state, source).card_types
        or "haste" in state.keywords_of(source.id)
    ):
        return None
    name = state.label(source.id)
    return IllegalActionError(
        f"{name} came under {source.controller}'s control during this scenario and has no "
        "haste, so its ability with the tap symbol in its cost can't be activated until "
        f"{source.controller}'s next turn (302.6).",
        rules=("302.6",),
        # "It is a later turn." doesn't say whose turn it is (QA 47 W7).
        hint=f"“It is {source.controller}'s next turn.” moves to that turn; if {source.name} "
        f"has been under {source.controller}'s control since their turn began, set it up with "
        f"“{source.controller} controls {source.name}.” instead.",
    )


def is_loyalty_cost(cost: str) -> bool:
    """A loyalty ability's cost: "+1", "−3", "0", "−X" (CR 606.4)."""
    return bool(re.fullmatch(r"[+−-]?(?:\d+|x)", cost.strip().lower()))


def loyalty_change(cost: str, x: int | None) -> int:
    """How many loyalty counters a loyalty cost puts on (+) or removes (−) (CR 606.4); "−X"
    removes the X chosen for it (0 until chosen)."""
    text = cost.strip().lower().replace("−", "-")
    amount = (x or 0) if text.lstrip("+-") == "x" else int(text.lstrip("+-"))
    return -amount if text.startswith("-") else amount


_SORCERY_ONLY = remembered(
    re.compile(r"\beach opponent can cast spells only any time they could cast a sorcery\b", re.I)
)


def sorcery_speed_limiter(state: GameState, player: str) -> GameObject | None:
    """The opponent's permanent that lets ``player`` cast spells only any time they could cast
    a sorcery (Teferi, Time Raveler: 307.5), if any."""
    return next(
        (
            obj
            for obj in state.zone_objects(Zone.BATTLEFIELD)
            if not obj.phased_out
            and obj.controller.casefold() != player.casefold()
            and _SORCERY_ONLY.search(obj.oracle_text)
        ),
        None,
    )


def _refuse_sorcery_only(state: GameState, player: str, name: str) -> None:
    """Teferi, Time Raveler (and Mage of Zhalfir, Druid of Argoth): "Each opponent can cast
    spells only any time they could cast a sorcery" means only while the stack is empty (307.5),
    instants and flash included; an effect letting the player cast it anyway loses to the
    restriction (101.2)."""
    if (obj := sorcery_speed_limiter(state, player)) is not None:
        top = state.stack[-1].name
        raise IllegalActionError(
            f"{obj.name} ({obj.controller}'s) lets {player} cast spells only any time they "
            f"could cast a sorcery: not while {top} is on the stack, so not {name} "
            "(307.5; an effect that lets them cast it anyway loses to it, 101.2).",
            rules=("307.5", "101.2"),
            hint=f"Resolve the stack first, or take {obj.name} off the battlefield.",
        )


def _static_lines(text: str) -> list[str]:
    """A card's lines that aren't activated abilities (a cost and a colon: "{T}:", "[+1]:"),
    so a loyalty ability's "until your next turn" grant isn't read as always on."""
    return [line for line in text.splitlines() if not re.match(r"^[^:\n\"]{1,40}:\s", line)]


def _flash_allowed(state: GameState, player: str, card: CardData) -> bool:
    """CR 702.8a by another effect: the card's own text (Ghitu Fire, Rout: "as though it had
    flash", usually for an extra cost the user says was paid) or a permanent its caster
    controls (Vedalken Orrery, Leyline of Anticipation; "creature spells": those only)."""
    text = card.oracle_text.replace(card.name, "~")
    if _OWN_FLASH.search(text):
        return True
    types = card.types.card_types
    allowed = state.flash_permissions.get(player, frozenset())
    if "" in allowed or allowed & types:
        return True  # a resolved effect's permission (Teferi, Time Raveler's +1)
    for obj in state.zone_objects(Zone.BATTLEFIELD):
        if obj.controller.casefold() != player.casefold() or obj.phased_out:
            continue
        for line in _static_lines(obj.oracle_text):
            granted = GRANTED_FLASH.search(line) or _CARDS_HAVE_FLASH.search(line)
            if granted and (granted["kind"] is None or granted["kind"].lower() in types):
                return True
    return False


def start_ability(
    state: GameState,
    source_id: int,
    spec: AbilitySpec,
    *,
    controller: str | None = None,
) -> CastInProgress:
    """CR 602.2 / 603.3: an activated or triggered ability of ``source_id`` (may be LKI)."""
    source = state.last_known(source_id)
    if source is None:
        state.obj(source_id)  # raises the friendly error
        raise EngineError(f"There is no object #{source_id}.")
    player = controller or source.controller
    state.player(player)
    triggered = spec.kind is AbilityKind.TRIGGERED
    kind = ObjectKind.TRIGGERED_ABILITY if triggered else ObjectKind.ACTIVATED_ABILITY
    ability = GameObject(
        id=state.next_id,
        name=f"{source.name}'s {'trigger' if triggered else 'ability'}",
        owner=player,
        controller=player,
        zone=Zone.STACK,
        kind=kind,
        colors=source.colors,
        source_id=source_id,
        oracle_text=spec.text,
    )
    progress = CastInProgress(
        state=state,
        action=ActionKind.TRIGGER if triggered else ActionKind.ACTIVATE,
        player=player,
        spec=spec,
        stack_object=ability,
        from_id=source_id,
        # "{X}" in a mana cost, or a loyalty cost "−X" (CR 601.2b via 602.2b, 606.4).
        needs_x="{X}" in spec.cost or spec.cost.strip().upper().endswith("X"),
    )
    return _castability(progress)
