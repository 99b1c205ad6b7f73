"""Changing targets and choosing new targets (CR 115.7, 115.8, 115.9, 707.10c).

Targets are addressed by position: every target of the spell or ability in slot order (the
order its text asks for them), so Arc Trail's positions are 0 (2 damage) and 1 (1 damage).
The mode never changes (115.8), nor the number of targets, nor the division (115.7f).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.engine.errors import EngineError
from bot.engine.frozen import evolve, quick_init
from bot.engine.model import ObjectKind
from bot.engine.mtg.cast_copy_triggers import copied_spell_triggers
from bot.engine.mtg.legality import (
    TargetCheck,
    check_target,
    has_quality,
    legal_options,
    targeting_for_entry,
)
from bot.engine.mtg.state import ChosenTargets, GameState, StackEntry, TargetRef
from bot.engine.mtg.targeted_triggers import RULES as TARGETED_TRIGGER_RULES
from bot.engine.mtg.targeted_triggers import targeted_triggers
from bot.engine.mtg.ward import WARD_RULES, ward_notes, ward_triggers
from bot.engine.requirements import RetargetKind, TargetSlot
from bot.engine.verdict import SlotReport, Verdict, VerdictKind, merge_rules
from bot.engine.wording import and_list, counted

_KIND_RULE = {
    RetargetKind.CHANGE_THE_TARGETS: "115.7a",
    RetargetKind.CHANGE_A_TARGET: "115.7b",
    RetargetKind.CHANGE_ANY_TARGETS: "115.7c",
    RetargetKind.CHOOSE_NEW_TARGETS: "115.7d",
    RetargetKind.COPY_MAY_CHOOSE_NEW: "707.10c",
}
# The rule that lets a target stay unchanged though it is illegal: 115.7a for "change" (which
# 115.7b-c follow), 115.7d for "choose new targets", 707.10c for a copy's new targets.
_KEEPS_ILLEGAL_RULE = {
    RetargetKind.CHOOSE_NEW_TARGETS: "115.7d",
    RetargetKind.COPY_MAY_CHOOSE_NEW: "707.10c",
}


@quick_init
@dataclass(frozen=True)
class Position:
    slot: TargetSlot
    index_in_slot: int
    ref: TargetRef


def positions(entry: StackEntry) -> list[Position]:
    """Every target instance of ``entry`` in slot order (CR 115.9a counts these)."""
    found = []
    for slot in entry.slots:
        for i, ref in enumerate(entry.chosen(slot.index).refs):
            found.append(Position(slot, i, ref))
    return found


def _normalise(
    new_targets: Sequence[TargetRef | None] | Mapping[int, TargetRef], count: int
) -> dict[int, TargetRef]:
    if isinstance(new_targets, Mapping):
        wanted = dict(new_targets)
    else:
        # More new targets than it has is refused by retarget() (601.2c).
        wanted = {i: ref for i, ref in enumerate(new_targets) if ref is not None}
    for index in wanted:
        if not 0 <= index < count:
            raise EngineError(f"There is no target number {index + 1} to change.")
    return wanted


def _set_problem(
    state: GameState, entry: StackEntry, final: list[TargetRef], changed: set[int]
) -> tuple[str, tuple[str, ...]] | None:
    """Problems of the final set as a whole (CR 115.7e): 115.3 and "another target"."""
    places = positions(entry)
    by_slot: dict[int, list[tuple[int, TargetRef]]] = {}
    for number, (place, ref) in enumerate(zip(places, final, strict=True)):
        by_slot.setdefault(place.slot.index, []).append((number, ref))
    for slot in entry.slots:
        seen: dict[TargetRef, int] = {}
        for number, ref in by_slot.get(slot.index, []):
            if ref in seen and (number in changed or seen[ref] in changed):
                return (
                    f"{state.label(ref)} would be chosen twice for the one instance of target "
                    f"“{slot.text}” (115.3).",
                    ("115.3",),
                )
            seen[ref] = number
        for other in slot.distinct_from:
            for number, ref in by_slot.get(slot.index, []):
                for other_number, other_ref in by_slot.get(other, []):
                    if ref == other_ref and (number in changed or other_number in changed):
                        return (
                            f"“{slot.text}” asks for another target than the earlier one, "
                            f"and {state.label(ref)} would be both (115.3).",
                            ("115.3",),
                        )
    return None


def _with_refs(entry: StackEntry, final: list[TargetRef]) -> StackEntry:
    remaining = list(final)
    targets = []
    for chosen in entry.targets:
        count = len(chosen.refs)
        # CR 115.7f: the division (amounts) stays with each position.
        targets.append(evolve(chosen, refs=tuple(remaining[:count])))
        remaining = remaining[count:]
    return evolve(entry, targets=tuple(targets))


def retarget(
    state: GameState,
    entry_id: int,
    kind: RetargetKind,
    new_targets: Sequence[TargetRef | None] | Mapping[int, TargetRef],
    *,
    actor: str = "",
    single_target_only: bool = False,
    must_target: str = "",
    named: bool = True,
) -> tuple[GameState, Verdict]:
    """Apply one target-changing effect; returns the state and a changed/unchanged verdict.

    When nothing can change, everything stays as it was (``unchanged``), which is what
    happens in the game: the effect does nothing (115.7a, Deflection rulings).  When the player
    ``named`` new targets that the rules forbid (115.7b, 115.7d, 115.3, 115.5), the choice
    itself is ``illegal``: nothing changes and the player must choose again.
    """
    entry = state.entry(entry_id)
    places = positions(entry)
    if kind not in _KIND_RULE:
        # A copy that keeps its targets (707.10) or one for each other target (707.10d)
        # changes no target: it is made by ``copy_spell``, not here.
        raise EngineError(f"“{kind}” makes a copy and changes no target (707.10)")
    rule = _KIND_RULE[kind]
    too_many = not isinstance(new_targets, Mapping) and len(new_targets) > len(places)
    wanted = {} if too_many else _normalise(new_targets, len(places))
    who = targeting_for_entry(state, entry)
    name = entry.name

    def unchanged(
        reason: str, rules: tuple[str, ...], *, forbidden: bool = False
    ) -> tuple[GameState, Verdict]:
        # A forbidden choice the player named is illegal; else the effect just does nothing.
        kind = VerdictKind.ILLEGAL if forbidden and named else VerdictKind.UNCHANGED
        return state, Verdict(
            kind,
            reason,
            merge_rules((rule,), rules),
            slots=_reports(state, entry, places, [p.ref for p in places], set()),
            object_ids=(entry_id,),
        )

    if too_many:
        # CR 601.2c: "Once the number of targets the spell has is determined, that number
        # doesn't change" (Fork ruling 2004-10-04: a copy "must use the same number of targets
        # the original spell did"; Deflecting Swat 2020-04-17: "you can't change how many
        # targets it has").  New targets replace the ones it has, one for one.
        has = f"{counted(len(places), 'target')}" if places else "no targets"
        given = len(new_targets)
        return unchanged(
            f"{name} has {has}, and changing or choosing new targets can't change how many "
            f"it has, but {given} {'were' if given > 1 else 'was'} given (601.2c, 115.7).",
            ("601.2c", "115.7"),
            forbidden=True,
        )
    if not places:
        return unchanged(
            f"{name} has no targets, so there is nothing to change (115.6).", ("115.6",)
        )
    if single_target_only and entry.target_instances != 1:
        return unchanged(
            f"{name} was put on the stack with {entry.target_instances} targets, not a single "
            "target (115.9a).",
            ("115.9a",),
        )
    if must_target:
        distinct = entry.distinct_targets
        only = next(iter(distinct)) if len(distinct) == 1 else None
        current = state.objects.get(only) if isinstance(only, int) else None
        if current is None or not has_quality(current, must_target, state.player_names):
            return unchanged(
                f"{name} doesn't target only one {must_target} now (115.9c).", ("115.9c",)
            )
    if kind is RetargetKind.CHANGE_THE_TARGETS and not wanted:
        # "Change the target" is done if possible (Bolt Bend's rulings): with one other legal
        # target for each, it is that one; with several, the player must say which.
        others = [
            [ref for ref in legal_options(state, who, place.slot) if ref != place.ref]
            for place in places
        ]
        if all(len(choices) == 1 for choices in others):
            wanted = {i: choices[0] for i, choices in enumerate(others)}
        elif not all(others):
            # CR 115.7a: "If a target can't be changed to another legal target, the original
            # target is unchanged" (Ricochet Trap ruling 2010-03-01: "If there are no legal
            # targets to choose from, the target isn't changed").
            stuck = next(
                place for place, choices in zip(places, others, strict=True) if not choices
            )
            said = (
                f"{name}'s target isn't changed: there is no other legal target for it"
                if len(places) == 1
                else f"None of {name}'s targets change: there is no other legal target for "
                f"“{stuck.slot.text}” ({state.label(stuck.ref)})"
            )
            return unchanged(f"{said} (115.7a).", ("115.7a",))
        elif all(choices for choices in others):
            raise EngineError(
                f"{name}'s target must change to another legal target if possible (115.7a): "
                "say which one.",
                hint="Other legal targets: "
                + "; ".join(", ".join(state.label(r) for r in choices) for choices in others)
                + ".",
            )
    # Changing a target means choosing a different one (115.7a "another legal target").
    changed = {i for i, ref in wanted.items() if ref != places[i].ref}
    if kind is RetargetKind.CHANGE_THE_TARGETS and len(changed) != len(places):
        kept = [i for i in range(len(places)) if i not in changed]
        movable = [
            i
            for i in kept
            if i in wanted
            and any(ref != places[i].ref for ref in legal_options(state, who, places[i].slot))
        ]
        if named and movable:
            # Naming the target it already has, when another legal one exists, is a choice
            # "change the target" doesn't allow: it must be another legal target (115.7a).
            first = places[movable[0]]
            return unchanged(
                f"{state.label(first.ref)} is already {name}'s target; “change the target” "
                "means choosing another legal target, and one exists, so that choice can't be "
                "made (115.7a).",
                ("115.7a",),
                forbidden=True,
            )
        return unchanged(
            f"{name}'s targets aren't all changed to other legal targets, so none of them "
            "change (115.7a).",
            ("115.7a",),
        )
    if kind is RetargetKind.CHANGE_A_TARGET and not changed and wanted:
        # QA 57 M7: Spellskite's ability on a spell that already targets Spellskite.
        already = and_list(dict.fromkeys(state.label(ref) for ref in wanted.values()))
        return unchanged(
            f"{name} already targets {already}, so no target changes: a changed target is "
            "another one (115.7a, 115.7b).",
            ("115.7a", "115.7b"),
        )
    if kind is RetargetKind.CHANGE_A_TARGET and len(changed) != 1:
        return unchanged(
            f"Exactly one target of {name} may be changed, not {len(changed)} (115.7b).",
            ("115.7b",),
            forbidden=len(changed) > 1,
        )
    if not changed:
        return unchanged(f"No target of {name} was changed.", (rule,))
    # Rules checked for a new target that didn't make it illegal are cited too (QA 57 M2:
    # Bob's own Troll Ascetic as Arc Trail's new target, hexproof 702.11b).
    checked: list[TargetCheck] = []
    for i in sorted(changed):
        check = check_target(state, who, places[i].slot, wanted[i])
        if check.legal and set(check.rules) - {"115.1", "115.4", "613.1f"}:
            checked.append(check)
        if not check.legal:
            # 115.7a: a target that can't change to a legal one stays; all-or-none kinds keep
            # all of them.  115.7d: new targets must be legal.  The rule cited is the effect's
            # own kind's (QA 57 M8: Misdirection "changes the target", 115.7a, not 115.7d).
            return unchanged(
                f"{state.label(wanted[i])} isn't a legal new target for “{places[i].slot.text}”, "
                f"so {name}'s targets stay as they were: {check.reason}",
                merge_rules(check.rules, (rule,) if named else ()),
                forbidden=True,
            )
    final = [wanted.get(i, place.ref) for i, place in enumerate(places)]
    problem = _set_problem(state, entry, final, changed)
    if problem is not None:
        reason, rules = problem
        extra = ("115.7d",) if kind is RetargetKind.CHOOSE_NEW_TARGETS else ()
        return unchanged(
            f"The new targets aren't legal together: {reason}",
            (*rules, *extra, "115.7e"),
            forbidden=True,
        )
    new_entry = evolve(_with_refs(entry, final), previous_targets=entry.targets)
    new_state = state.replace_entry(new_entry)
    listed = ", ".join(state.label(ref) for ref in final)
    rule_list = [rule, "115.7e"]
    if any(c.amounts for c in entry.targets):
        rule_list.append("115.7f")  # the division stayed with each target
    if entry.spec.choose is not None:
        rule_list.append("115.8")  # the mode stayed
    notes: tuple[str, ...] = ()
    wards: tuple[StackEntry, ...] = ()
    if kind is not RetargetKind.COPY_MAY_CHOOSE_NEW:  # a copy's wards: see copy_spell
        # CR 702.21a, 603.2e: a permanent that becomes a new target triggers ward; one that
        # stays a target doesn't trigger again.
        before = entry.distinct_targets
        fresh = [ref for ref in final if ref not in before]
        new_state, wards = ward_triggers(new_state, new_entry, fresh)
        notes = ward_notes(new_state, wards)
        rule_list.extend(WARD_RULES if wards else ())
        # CR 603.2: a permanent that becomes a new target triggers its "becomes the target"
        # abilities too (Bonecrusher Giant), once.
        new_state, _, targeted_notes = targeted_triggers(new_state, new_entry, fresh, cast=False)
        if targeted_notes:
            notes = (*notes, *targeted_notes)
            rule_list.extend(TARGETED_TRIGGER_RULES)
    who_text = f"{actor} changed" if actor else "Changed"
    # CR 115.7d (and 115.7a): a target left unchanged may stay although it is illegal; it is
    # still illegal, and the spell won't affect it as it resolves (608.2b).
    still_illegal = [
        (final[i], check)
        for i, place in enumerate(places)
        if i not in changed
        and not (check := check_target(new_state, who, place.slot, final[i])).legal
    ]
    if still_illegal:
        keep_rule = _KEEPS_ILLEGAL_RULE.get(kind, "115.7a")
        labels = ", ".join(state.label(ref) for ref, _ in still_illegal)
        whys = " ".join(check.reason for _, check in still_illegal)
        verb = "stays" if len(still_illegal) == 1 else "stay"
        fresh_labels = ", ".join(state.label(final[i]) for i in sorted(changed))
        new_ones = (
            f"the new target, {fresh_labels}, is legal"
            if len(changed) == 1
            else f"the new targets, {fresh_labels}, are legal"
        )
        reason = (
            f"{who_text} {name}'s targets to {listed}; only the final set of targets is checked: "
            f"{new_ones}, and {labels}, left unchanged, {verb} illegal, which changing targets "
            f"allows ({', '.join(merge_rules(rule_list, (keep_rule,)))}): {whys}"
        )
        rule_list = list(merge_rules(rule_list, (keep_rule,), *(c.rules for _, c in still_illegal)))
    else:
        reason = (
            f"{who_text} {name}'s targets to {listed}; only the final set of targets is "
            f"checked, and it is legal ({', '.join(rule_list)})."
        )
    if checked:
        reason = reason[:-1] + "; " + "; ".join(c.reason.rstrip(".") for c in checked) + "."
        rule_list = list(
            merge_rules(
                rule_list,
                *(tuple(r for r in c.rules if r not in ("115.1", "115.4")) for c in checked),
            )
        )
    if notes:
        reason = reason[:-1] + "; " + "; ".join(n.rstrip(".") for n in notes) + "."
    return new_state, Verdict(
        VerdictKind.CHANGED,
        reason,
        tuple(rule_list),
        slots=_reports(new_state, new_entry, positions(new_entry), final, changed),
        notes=notes,
        object_ids=(entry_id, *(ward.object_id for ward in wards)),
    )


def _reports(
    state: GameState,
    entry: StackEntry,
    places: list[Position],
    final: list[TargetRef],
    changed: set[int],
) -> tuple[SlotReport, ...]:
    who = targeting_for_entry(state, entry)
    reports = []
    for number, (place, ref) in enumerate(zip(places, final, strict=True)):
        check = check_target(state, who, place.slot, ref)
        amounts = entry.chosen(place.slot.index).amounts
        reports.append(
            SlotReport(
                slot_index=place.slot.index,
                requirement=place.slot.text,
                chosen=state.label(ref),
                chosen_id=ref if isinstance(ref, int) else None,
                legal=check.legal,
                why=("changed; " if number in changed else "") + check.reason,
                rules=check.rules,
                amount=amounts[place.index_in_slot] if amounts else None,
            )
        )
    return tuple(reports)


def copy_spell(
    state: GameState,
    entry_id: int,
    controller: str,
    new_targets: Sequence[TargetRef | None] | Mapping[int, TargetRef] = (),
    *,
    colour: str = "",
    gone: StackEntry | None = None,
) -> tuple[GameState, Verdict]:
    """Copy a spell or ability on the stack (CR 707.10) and maybe choose new targets (707.10c).

    The copy keeps modes, X, targets and the division (707.10, 700.2g); only new targets must
    be legal, and unchanged ones may stay even if illegal (707.10c).  ``colour``: "except that
    the copy is red" (Fork), an exception to the copy's copiable values (707.9b).  ``gone``:
    the spell as it last was on the stack, when it has left it (countered before a storm
    trigger resolved, which still copies it: 702.40a).
    """
    original = gone if gone is not None else state.entry(entry_id)
    state.player(controller)
    before = state
    source = state.last_known(entry_id) if gone is not None else state.obj(entry_id)
    if source is None:
        raise EngineError(f"{original.name} is no longer known, so it can't be copied.")
    copy_obj = evolve(
        source,
        controller=controller,
        owner=controller,
        kind=(ObjectKind.SPELL if source.kind is ObjectKind.SPELL else source.kind),
    )
    if colour:
        copy_obj = evolve(copy_obj, colors=frozenset({colour}))
    state, copy_id = state.add_object(copy_obj)  # no card: a copy ceases to exist off the stack
    copy_entry = evolve(
        original,
        object_id=copy_id,
        controller=controller,
        is_copy=True,
        name=f"copy of {original.name}",
    )
    state = state.push(copy_entry)
    if not new_targets:
        state, wards = _copy_wards(state, copy_entry)
        notes = ward_notes(state, wards)
        state, targeted_notes = _copy_targeted_triggers(state, copy_entry)
        notes = (*notes, *targeted_notes)
        # Kalamax's "Whenever you copy an instant spell": above the copy (its ruling).
        state, copied_notes, copied_ids = copied_spell_triggers(state, copy_entry)
        notes = (*notes, *copied_notes)
        reason = (
            f"{controller} put a copy of {original.name} on the stack with the same mode and "
            "targets (707.10)."
        )
        if notes:
            reason = reason[:-1] + "; " + "; ".join(n.rstrip(".") for n in notes) + "."
        return state, Verdict(
            VerdictKind.OK,
            reason,
            merge_rules(
                ("707.10",),
                WARD_RULES if wards else (),
                TARGETED_TRIGGER_RULES if targeted_notes else (),
                ("603.2",) if copied_ids else (),
            ),
            slots=_reports(
                state,
                copy_entry,
                positions(copy_entry),
                [p.ref for p in positions(copy_entry)],
                set(),
            ),
            notes=notes,
            object_ids=(copy_id, *(ward.object_id for ward in wards), *copied_ids),
        )
    after, verdict = retarget(
        state, copy_id, RetargetKind.COPY_MAY_CHOOSE_NEW, new_targets, actor=controller
    )
    if verdict.kind is VerdictKind.ILLEGAL:
        # A new target named for the copy that the rules forbid (707.10c): no copy yet.
        return before, verdict
    after, wards = _copy_wards(after, after.entry(copy_id))
    notes = ward_notes(after, wards)
    after, targeted_notes = _copy_targeted_triggers(after, after.entry(copy_id))
    notes = (*notes, *targeted_notes)
    after, copied_notes, copied_ids = copied_spell_triggers(after, after.entry(copy_id))
    notes = (*notes, *copied_notes)
    reason = verdict.reason
    if notes:
        reason = reason[:-1] + "; " + "; ".join(n.rstrip(".") for n in notes) + "."
    kind = VerdictKind.CHANGED if verdict.kind is VerdictKind.CHANGED else VerdictKind.OK
    return after, evolve(
        verdict,
        kind=kind,
        reason=reason,
        rules=merge_rules(
            ("707.10", "707.10c"),
            verdict.rules,
            WARD_RULES if wards else (),
            TARGETED_TRIGGER_RULES if targeted_notes else (),
            ("603.2",) if copied_ids else (),
        ),
        notes=notes,
        object_ids=(copy_id, *(ward.object_id for ward in wards), *copied_ids),
    )


def _copy_wards(
    state: GameState, copy_entry: StackEntry
) -> tuple[GameState, tuple[StackEntry, ...]]:
    """CR 707.10c, 702.21a: the copy is put on the stack with its targets, which become targets
    of a new spell or ability, so ward triggers for each of them."""
    return ward_triggers(state, copy_entry, [place.ref for place in positions(copy_entry)])


def _copy_targeted_triggers(
    state: GameState, copy_entry: StackEntry
) -> tuple[GameState, tuple[str, ...]]:
    """CR 112.1a, 603.2: a copy of a spell is a spell, so its targets (kept or new, 707.10c)
    "become the target of a spell" and Bonecrusher Giant's or Valiant's ability triggers, as
    ward does (``_copy_wards``); heroic doesn't, as a copy isn't cast (707.10)."""
    refs = [place.ref for place in positions(copy_entry)]
    state, _, notes = targeted_triggers(state, copy_entry, refs, cast=False)
    return state, notes


def all_positions_labels(state: GameState, entry: StackEntry) -> list[str]:
    return [state.label(place.ref) for place in positions(entry)]


__all__ = ["ChosenTargets", "Position", "copy_spell", "positions", "retarget"]
