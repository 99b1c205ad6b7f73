"""Changing targets one choice at a time (CR 115.7): which targets change, then to what.

The wording decides the first question (CR 115.7a-d): "change the target(s)" changes all of
them or none (115.7a), so there is nothing to pick; "change a target" picks exactly one
(115.7b); "change any number of targets", "choose new targets" (115.7c-d) and a copy's "may
choose new targets" (707.10c) pick any of them, none included.  Then each picked target gets a
new one from the legal options of its slot, one by one.  Only the final set is checked
(115.7e), by the engine's own ``retarget``/``copy_spell``: a final set it refuses is an illegal
choice, refused like an illegal choice while casting.  The division (115.7f) and the mode
(115.8) never change.

``RetargetInProgress`` is a pure value like the engine's ``CastInProgress``: ``choose`` returns
a new one, ``back`` the one before.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.model import Zone
from bot.engine.mtg.cast_copy_triggers import COPY_ON_CAST
from bot.engine.mtg.casting import ChoiceOption
from bot.engine.mtg.legality import (
    Targeting,
    check_target,
    has_quality,
    legal_options,
    targeting_for_entry,
)
from bot.engine.mtg.retarget import Position, copy_spell, positions, retarget
from bot.engine.mtg.state import GameState, StackEntry, TargetRef
from bot.engine.mtg.storm import STORM
from bot.engine.requirements import RetargetKind
from bot.engine.verdict import Verdict, VerdictKind
from bot.engine.wording import counted

KIND_RULE = {
    RetargetKind.CHANGE_THE_TARGETS: "115.7a",
    RetargetKind.CHANGE_A_TARGET: "115.7b",
    RetargetKind.CHANGE_ANY_TARGETS: "115.7c",
    RetargetKind.CHOOSE_NEW_TARGETS: "115.7d",
    RetargetKind.COPY_MAY_CHOOSE_NEW: "707.10c",
}


class RetargetChoiceKind(StrEnum):
    POSITIONS = "positions"  # which targets change (115.7b-d)
    NEW_TARGET = "new target"  # what one of them changes to
    DONE = "done"


@dataclass(frozen=True)
class RetargetChoice:
    """The next decision, shaped like the casting machine's ``Choice``."""

    kind: RetargetChoiceKind
    prompt: str
    rule: str
    options: tuple[ChoiceOption, ...] = ()
    min_count: int = 0
    max_count: int | None = None
    unavailable: str = ""  # as ``Choice.unavailable``: nothing is left out of a retarget's


@dataclass(frozen=True)
class RetargetInProgress:
    """New targets being chosen for the spell or ability ``entry_id`` on the stack.

    ``fixed`` is a new target the text names ("to this creature": Spellskite); ``quality`` one
    it describes ("to another creature": Meddle).  ``positions`` are the numbers (in slot
    order, as ``retarget.positions`` counts them) of the targets that change, ``picks`` their
    new targets so far.  For a copy (707.10c) ``entry_id`` is the spell copied: the copy has its
    targets, and ``actor`` controls it.
    """

    state: GameState
    actor: str
    entry_id: int
    kind: RetargetKind
    fixed: TargetRef | None = None
    quality: str = ""
    single_target_only: bool = False
    must_target: str = ""
    positions: tuple[int, ...] | None = None
    picks: tuple[TargetRef, ...] = ()
    previous: RetargetInProgress | None = None

    # ---- derived -----------------------------------------------------------------------
    @property
    def entry(self) -> StackEntry:
        return self.state.entry(self.entry_id)

    @property
    def places(self) -> list[Position]:
        return positions(self.entry)

    @property
    def rule(self) -> str:
        return KIND_RULE[self.kind]

    @property
    def is_copy(self) -> bool:
        return self.kind is RetargetKind.COPY_MAY_CHOOSE_NEW

    @property
    def targeting(self) -> Targeting:
        entry = self.entry
        if self.is_copy:
            entry = replace(entry, controller=self.actor)  # the copy's controller chooses (707.10c)
        return targeting_for_entry(self.state, entry)

    @property
    def changes(self) -> dict[int, TargetRef]:
        """New targets by position, for the engine's ``retarget`` (only complete pairs)."""
        return dict(zip(self.positions or (), self.picks, strict=False))

    def blocked(self) -> tuple[str, tuple[str, ...]] | None:
        """Why no target can change at all (the effect does nothing), or None."""
        entry, name = self.entry, self.entry.name
        if not entry.is_targeted:
            return f"{name} has no targets, so there is nothing to change (115.6).", ("115.6",)
        if self.single_target_only and entry.target_instances != 1:
            return (
                f"{name} has {entry.target_instances} targets, not a single target (115.9a).",
                ("115.9a",),
            )
        if self.must_target:
            only = next(iter(entry.distinct_targets)) if len(entry.distinct_targets) == 1 else None
            current = self.state.objects.get(only) if isinstance(only, int) else None
            if not has_quality(current, self.must_target, self.state.player_names):
                return (
                    f"{name} doesn't target only one {self.must_target} (115.9c).",
                    ("115.9c",),
                )
        return None

    def new_options(self, number: int) -> list[TargetRef]:
        """The legal new targets for the target at position ``number`` (another one, 115.7)."""
        place = self.places[number]
        if self.fixed is not None:
            check = check_target(self.state, self.targeting, place.slot, self.fixed)
            return [self.fixed] if check.legal and self.fixed != place.ref else []
        found = [
            ref for ref in legal_options(self.state, self.targeting, place.slot) if ref != place.ref
        ]
        if self.quality:
            found = [
                ref
                for ref in found
                if isinstance(ref, int)
                and has_quality(self.state.objects.get(ref), self.quality, self.state.player_names)
            ]
        return found

    def _new_choices(self, number: int) -> list[TargetRef]:
        """The new targets offered for position ``number``: with "change a target" only one
        target changes, so a new one is offered only if the whole set is then legal (115.7b,
        115.7d-e: Arc Lightning's other target can't also become this one); otherwise the final
        set is checked once every pick is made (a swap)."""
        found = self.new_options(number)
        if self.kind is not RetargetKind.CHANGE_A_TARGET:
            return found
        return [ref for ref in found if self.outcome({number: ref}).kind is VerdictKind.CHANGED]

    def place_label(self, number: int) -> str:
        """ "Runeclaw Bear (#1), for “any target”, 2 damage" — a target a player recognises."""
        place = self.places[number]
        amounts = self.entry.chosen(place.slot.index).amounts
        amount = f", {amounts[place.index_in_slot]} assigned" if amounts else ""
        return f"{option_label(self.state, place.ref)} for “{place.slot.text}”{amount}"

    # ---- the machine -------------------------------------------------------------------
    def next_choice(self) -> RetargetChoice:
        name = self.entry.name
        if self.positions is None:
            eligible = [n for n in range(len(self.places)) if self._new_choices(n)]
            options = tuple(ChoiceOption(n, self.place_label(n)) for n in eligible)
            fixed = f" to {option_label(self.state, self.fixed)}" if self.fixed is not None else ""
            if self.kind is RetargetKind.CHANGE_A_TARGET and not eligible:
                # Spellskite when no target can become it legally: nothing changes (its
                # ruling; 115.7b, 115.7d). Choosing none lets it resolve (QA 20: stuck).
                return RetargetChoice(
                    RetargetChoiceKind.POSITIONS,
                    f"No target of {name} can change{fixed} legally, so none changes: choose none.",
                    self.rule,
                    (),
                    0,
                    0,
                )
            if self.kind is RetargetKind.CHANGE_A_TARGET:
                prompt = f"Choose the one target of {name} to change"
                low, high = 1, 1
            else:
                whose = f"the copy of {name}" if self.is_copy else name
                prompt = f"Choose which targets of {whose} to change (none keeps them all)"
                low, high = 0, len(eligible)
            return RetargetChoice(
                RetargetChoiceKind.POSITIONS, prompt + fixed + ".", self.rule, options, low, high
            )
        if len(self.picks) < len(self.positions):
            number = self.positions[len(self.picks)]
            options = tuple(
                ChoiceOption(ref, option_label(self.state, ref))
                for ref in self._new_choices(number)
            )
            return RetargetChoice(
                RetargetChoiceKind.NEW_TARGET,
                f"Choose the new target instead of {self.place_label(number)}.",
                self.rule,
                options,
                1,
                1,
            )
        return RetargetChoice(RetargetChoiceKind.DONE, "Every choice is made.", "115.7e")

    def choose(self, value: object) -> RetargetInProgress:
        """Make the pending choice; an illegal one raises ``IllegalActionError``."""
        choice = self.next_choice()
        if choice.kind is RetargetChoiceKind.POSITIONS:
            picked = self._positions(choice, value)
            fixed = (self.fixed,) * len(picked) if self.fixed is not None else ()
            return replace(self, positions=picked, picks=fixed, previous=self)._checked()
        if choice.kind is RetargetChoiceKind.NEW_TARGET:
            ref = _one_ref(value)
            allowed = [option.value for option in choice.options]
            if ref not in allowed:
                number = (self.positions or ())[len(self.picks)]
                check = check_target(self.state, self.targeting, self.places[number].slot, ref)
                reason = (
                    check.reason
                    if not check.legal
                    else f"{self.state.label(ref)} isn't another legal target for that "
                    f"position ({self.rule})."
                )
                raise IllegalActionError(reason, rules=check.rules or (self.rule,))
            return replace(self, picks=(*self.picks, ref), previous=self)._checked()
        raise EngineError("Every choice is already made.")

    def _positions(self, choice: RetargetChoice, value: object) -> tuple[int, ...]:
        numbers = _ints(value)
        allowed = {int(option.value) for option in choice.options}
        if len(set(numbers)) != len(numbers):
            raise EngineError("Each target can be picked once.")
        for number in numbers:
            if number not in allowed:
                raise IllegalActionError(
                    "That target can't change: there is no other legal target for it "
                    f"({self.rule}).",
                    rules=(self.rule,),
                )
        high = choice.max_count
        if len(numbers) < choice.min_count or (high is not None and len(numbers) > high):
            raise IllegalActionError(
                f"Exactly one target changes with “change a target” (115.7b), not {len(numbers)}."
                if self.kind is RetargetKind.CHANGE_A_TARGET
                else f"Pick at most {counted(high, 'target')} to change.",
                rules=(self.rule,),
            )
        return tuple(sorted(numbers))

    def _checked(self) -> RetargetInProgress:
        """Once every pick is made, the final set must be legal together (CR 115.7e)."""
        if self.next_choice().kind is not RetargetChoiceKind.DONE or not self.changes:
            return self
        verdict = self.outcome()
        if verdict.kind is not VerdictKind.CHANGED:
            raise IllegalActionError(verdict.reason, rules=verdict.rules)
        return self

    def outcome(self, changes: Mapping[int, TargetRef] | None = None) -> Verdict:
        """What the engine says of the final choices, or of ``changes`` (a copy is made to
        check a copy's)."""
        changes = self.changes if changes is None else changes
        if self.is_copy:
            _, verdict = copy_spell(self.state, self.entry_id, self.actor, changes)
            return verdict
        _, verdict = retarget(
            self.state,
            self.entry_id,
            self.kind,
            changes,
            actor=self.actor,
            single_target_only=self.single_target_only,
            must_target=self.must_target,
        )
        return verdict

    def back(self) -> RetargetInProgress:
        if self.previous is None:
            raise EngineError("Nothing to go back to: this is the first choice.")
        return self.previous

    def final_targets(self) -> list[TargetRef]:
        """Every target after the change, in position order (for a replayable statement)."""
        changes = self.changes
        return [changes.get(n, place.ref) for n, place in enumerate(self.places)]


def option_label(state: GameState, ref: TargetRef) -> str:
    """ "Llanowar Elves (#2)" for an object, the name for a player; "Bob's Runeclaw Bear (#3)"
    when another object has its name, so a list of options says whose is whose (QA 20 U2)."""
    if isinstance(ref, str):
        return ref
    label = f"{state.name_of(ref)} (#{ref})"
    obj = state.objects.get(ref)
    if obj is not None and obj.zone is Zone.BATTLEFIELD and state.label(ref) == label:
        return f"{obj.controller}'s {label}"
    return label


def start_retarget(
    state: GameState,
    actor: str,
    entry_id: int,
    kind: RetargetKind,
    *,
    fixed: TargetRef | None = None,
    quality: str = "",
    single_target_only: bool = False,
    must_target: str = "",
) -> RetargetInProgress:
    """A target change of ``kind``; "change the target(s)" picks every target at once or,
    when one of them has no other legal target, none (CR 115.7a)."""
    machine = RetargetInProgress(
        state,
        actor,
        entry_id,
        kind,
        fixed,
        quality,
        single_target_only,
        must_target,
    )
    if machine.blocked() is not None:
        return replace(machine, positions=())
    if kind is RetargetKind.CHANGE_THE_TARGETS:
        count = len(machine.places)
        every = all(machine.new_options(n) for n in range(count))
        picked = tuple(range(count)) if every else ()
        fixed_picks = (fixed,) * len(picked) if fixed is not None else ()
        return replace(machine, positions=picked, picks=fixed_picks)
    return machine


def why_unchangeable(machine: RetargetInProgress) -> tuple[str, tuple[str, ...]] | None:
    """Why a direct change can't change anything (so it is refused), or None."""
    blocked = machine.blocked()
    if blocked is not None:
        return blocked
    if machine.next_choice().kind is RetargetChoiceKind.DONE and not machine.changes:
        return (
            f"{machine.entry.name}'s targets can't all change to other legal targets, so none "
            "of them can (115.7a).",
            ("115.7a",),
        )
    if machine.positions is None and not machine.next_choice().options:
        return (
            f"No target of {machine.entry.name} has another legal choice ({machine.rule}).",
            (machine.rule,),
        )
    return None


@dataclass(frozen=True)
class ResolutionPlan:
    """The choices a resolving retargeting spell or ability asks for (Redirect, Twincast...).

    ``then_copy``: after new targets, the spell is copied and the copy may get new targets too
    (Wild Ricochet).
    """

    machine: RetargetInProgress
    then_copy: bool = False
    copies: int = 0  # a storm or "copy that spell" trigger: how many copies, each asked


def plan_resolution(state: GameState, *, copy_triggers: bool = False) -> ResolutionPlan | None:
    """What the top of the stack asks as it resolves, or None when it asks nothing.

    Mirrors what resolution does (``resolution._apply_retarget``): the first legal target that
    is a spell or ability on the stack is the one whose targets change (or that is copied).
    ``copy_triggers``: a storm or "copy that spell" trigger (Grapeshot, Double Vision) asks
    new targets for each copy too (steps stored before it did replay without).
    """
    if not state.stack:
        return None
    entry = state.stack[-1]
    if copy_triggers and entry.spec.keyword in (STORM, COPY_ON_CAST):
        return _plan_copies(state, entry)
    spec = entry.spec.retarget
    if spec is None:
        return None
    who = targeting_for_entry(state, entry)
    target_id = next(
        (
            place.ref
            for place in positions(entry)
            if isinstance(place.ref, int)
            and state.stack_entry_or_none(place.ref) is not None
            and check_target(state, who, place.slot, place.ref).legal
        ),
        None,
    )
    if target_id is None:
        return None  # CR 608.2b: it doesn't resolve, or there is nothing to change
    if spec.kind is RetargetKind.COPY_MAY_CHOOSE_NEW:
        machine = start_retarget(state, entry.controller, target_id, spec.kind)
        return ResolutionPlan(machine) if _asks(machine) else None
    fixed_text = spec.new_target_text.lower().strip()
    fixed: TargetRef | None = None
    quality = ""
    if fixed_text.startswith(("to this", "to ~", "this")) and entry.source_id is not None:
        fixed = entry.source_id
    elif fixed_text in ("to you", "you"):
        fixed = entry.controller
    elif fixed_text:
        quality = re.sub(r"^(?:to )?(?:another|an|a|other)\s+", "", fixed_text)
    machine = start_retarget(
        state,
        entry.controller,
        target_id,
        spec.kind,
        fixed=fixed,
        quality=quality,
        single_target_only=spec.single_target_only,
        must_target=spec.must_target,
    )
    then_copy = "copy that spell" in entry.spec.text.lower()
    if not _asks(machine) and not then_copy:
        return None
    return ResolutionPlan(machine, then_copy)


def _plan_copies(state: GameState, trigger: StackEntry) -> ResolutionPlan | None:
    """Storm's or Double Vision's trigger: new targets for each copy it makes, one copy after
    the other (CR 707.10c; Grapeshot ruling: "You may choose new targets for any of the
    copies. You can choose differently for each copy").  None when there is nothing to ask:
    the spell has no targets, or none could change, or it has left the stack (its copies are
    made from it as it last existed, with its targets; 608.2h)."""
    spell = state.stack_entry_or_none(trigger.refers_to) if trigger.refers_to is not None else None
    times = trigger.x or 0
    if spell is None or times < 1 or not spell.is_targeted:
        return None
    machine = start_retarget(
        state, trigger.controller, spell.object_id, RetargetKind.COPY_MAY_CHOOSE_NEW
    )
    return ResolutionPlan(machine, copies=times) if _asks(machine) else None


def next_copy_stage(done: RetargetInProgress) -> RetargetInProgress:
    """The next copy's new targets, chosen on the same board as the last (each copy is put on
    the stack with the spell's targets unless new ones are chosen for it, 707.10c)."""
    return start_retarget(done.state, done.actor, done.entry_id, RetargetKind.COPY_MAY_CHOOSE_NEW)


def copy_stage(first: RetargetInProgress) -> RetargetInProgress:
    """After Wild Ricochet's new targets: the copy of the spell as it now is (707.10c)."""
    state = first.state
    if first.changes:
        state, _ = retarget(state, first.entry_id, first.kind, first.changes, actor=first.actor)
    return start_retarget(state, first.actor, first.entry_id, RetargetKind.COPY_MAY_CHOOSE_NEW)


def _asks(machine: RetargetInProgress) -> bool:
    return machine.next_choice().kind is not RetargetChoiceKind.DONE


def _one_ref(value: object) -> TargetRef:
    if isinstance(value, Sequence) and not isinstance(value, str):
        items = tuple(value)
        if len(items) != 1:
            raise EngineError("Choose one new target.")
        value = items[0]
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        return value
    raise EngineError("A new target is an object id (a number) or a player's name.")


def _ints(value: object) -> tuple[int, ...]:
    items = tuple(value) if isinstance(value, Sequence) and not isinstance(value, str) else (value,)
    if all(isinstance(v, int) and not isinstance(v, bool) for v in items):
        return items
    raise EngineError("Pick targets by their numbers.")
