"""Storm (CR 702.40): a spell with storm triggers as it is cast, and its trigger copies it once
for each other spell cast before it this turn.

The bot keeps no turn, so "this turn" is the whole scenario, as for Kira's "first time each
turn": every spell cast earlier in it counts (``GameState.spells_cast``; copies aren't cast and
don't count, 707.10).  The trigger goes on the stack above the spell (603.3) and, as it
resolves, puts the copies on the stack with the spell's targets, or with the new ones named as
it resolves ("... resolves choosing new targets Grizzly Bears and Alice", one group per copy);
the user may also change a copy's targets afterwards (707.10c) by saying so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.engine.errors import EngineError
from bot.engine.mtg.retarget import all_positions_labels, copy_spell, positions
from bot.engine.mtg.state import (
    GameState,
    StackEntry,
    TargetRef,
    one_effect_trigger,
    push_trigger,
)
from bot.engine.verdict import Verdict, VerdictKind, merge_rules
from bot.engine.wording import and_list, counted

STORM = "storm"
STORM_TEXT = (
    "Storm (When you cast this spell, copy it for each other spell cast before it this turn. "
    "You may choose new targets for the copies.)"
)


def storm_trigger(state: GameState, entry: StackEntry) -> tuple[GameState, str]:
    """The storm trigger of the spell just cast, put above it (CR 702.40a, 603.3), and a note
    for the cast's answer; the state unchanged and "" when the spell has no storm."""
    spell = state.objects.get(entry.object_id)
    if spell is None or STORM not in spell.keywords:
        return state, ""
    before_it = state.spells_cast  # counted before this spell is (``with_spell_cast``)
    spec = one_effect_trigger(STORM_TEXT, STORM_TEXT, keyword=STORM, rule="702.40a")
    name = f"{spell.name}'s storm trigger"
    state, trigger = push_trigger(
        state,
        spell,
        entry.controller,
        name,
        spec,
        STORM_TEXT,
        refers_to=entry.object_id,
        x=before_it,
    )
    note = (
        f"{spell.name} has storm: {name} (#{trigger.object_id}) is on the stack above it and "
        f"will copy it {counted(before_it, 'time')}, once for each other spell cast before it "
        "(702.40a; the bot counts the spells cast in this scenario as this turn's)"
    )
    return state, note


def resolve_storm(
    state: GameState,
    entry: StackEntry,
    new_targets: Sequence[TargetRef | None] = (),
    *,
    before: GameState | None = None,
) -> tuple[GameState, Verdict]:
    """CR 702.40a: copy the spell once for each spell cast before it; the copies keep its
    targets (707.10), and new ones may be chosen for each (707.10c).  ``state`` is the one
    with the trigger already gone from the stack; ``before`` the one with it still there,
    kept when a new target named is illegal.  ``new_targets``: the new targets named, in
    order, as many for each copy as the spell has (Grapeshot: one each; the Grapeshot ruling
    of 2013-06-07: "You can choose differently for each copy"); copies left without any keep
    the spell's."""
    return resolve_copies(
        state,
        entry,
        new_targets,
        before=before,
        rule="702.40a",
        gone_source="Grapeshot ruling: “Countering a spell with storm won't affect the copies”",
    )


def resolve_copies(
    state: GameState,
    entry: StackEntry,
    new_targets: Sequence[TargetRef | None] = (),
    *,
    before: GameState | None = None,
    rule: str,
    gone_source: str,
) -> tuple[GameState, Verdict]:
    """A trigger that copies the spell it refers to ``entry.x`` times (storm, 702.40a; "copy
    that spell", 707.10), as ``resolve_storm`` says; ``rule`` is the trigger's rule, and
    ``gone_source`` the ruling that says a spell gone from the stack is still copied."""
    assert entry.refers_to is not None
    spell = state.stack_entry_or_none(entry.refers_to)
    # Countered (or otherwise gone) before this resolved: the copies are still made, from the
    # spell as it last existed on the stack (Grapeshot ruling 2013-06-07: "Countering a spell
    # with storm won't affect the copies"; 608.2h).
    gone = state.left_stack.get(entry.refers_to) if spell is None else None
    spell = spell or gone
    times = entry.x or 0
    if spell is None:
        return state, Verdict(
            VerdictKind.RESOLVED,
            f"{entry.name} resolves, but the spell it copies is no longer on the stack: the "
            "copies would still be made from it as it last existed, which the bot doesn't "
            f"apply ({rule}, 608.2h).",
            (rule, "608.2h"),
            object_ids=(entry.object_id,),
        )
    chunks = _targets_per_copy(entry, spell, times, new_targets, rule)
    made: list[int] = []
    triggered: list[str] = []  # what each copy triggered (Kalamax's "whenever you copy")
    for chunk in chunks:
        copied, verdict = copy_spell(state, spell.object_id, entry.controller, chunk, gone=gone)
        if verdict.kind is VerdictKind.ILLEGAL:
            # CR 707.10c: "If the player chooses to change some or all of the targets, the new
            # targets must be legal."  Nothing is copied; the trigger waits for a legal choice.
            return before if before is not None else state, replace(
                verdict, object_ids=(entry.object_id, *verdict.object_ids)
            )
        state = copied
        made.extend(verdict.object_ids[:1])
        triggered.extend(note for note in verdict.notes if "ability triggers" in note)
    copies = counted(times, "copy", "copies")
    notes: tuple[str, ...] = (
        (
            f"{spell.name} left the stack before {entry.name} resolved; the copies are made "
            f"from it as it last existed there ({rule}, 608.2h; {gone_source})",
        )
        if gone is not None
        else ()
    ) + tuple(triggered)
    if any(chunks):
        aimed = "; ".join(
            f"#{i} targeting {and_list(all_positions_labels(state, state.entry(i)))}" for i in made
        )
        return state, Verdict(
            VerdictKind.RESOLVED,
            f"{entry.name} resolves: {copies} of {spell.name} on the stack ({aimed}); new "
            f"targets are chosen for each copy as it is put on the stack ({rule}, 707.10c).",
            merge_rules((rule, "707.10c"), ("608.2h",) if gone is not None else ()),
            notes=notes,
            object_ids=(entry.object_id, *made),
        )
    where = ", ".join(f"#{i}" for i in made)
    return state, Verdict(
        VerdictKind.RESOLVED,
        f"{entry.name} resolves: {copies} of {spell.name} on the stack"
        + (f" ({where})" if where else "")
        + f", with its targets; new targets may be chosen for each copy ({rule}, 707.10c).",
        merge_rules((rule, "707.10c"), ("608.2h",) if gone is not None else ()),
        notes=notes,
        object_ids=(entry.object_id, *made),
    )


def _targets_per_copy(
    trigger: StackEntry,
    spell: StackEntry,
    times: int,
    named: Sequence[TargetRef | None],
    rule: str,
) -> list[list[TargetRef | None]]:
    """The new targets named, cut into one group per copy in order (CR 707.10c); an empty
    group keeps the spell's targets."""
    groups: list[list[TargetRef | None]] = [[] for _ in range(times)]
    if not named:
        return groups
    each = len(positions(spell))
    if each == 0:
        raise EngineError(
            f"{spell.name} has no targets, so its copies have no new targets to choose ({rule}).",
            hint=f"Say “{trigger.name} resolves.”",
        )
    if len(named) % each or len(named) > each * times:
        raise EngineError(
            f"{trigger.name} makes {counted(times, 'copy', 'copies')}, each with "
            f"{counted(each, 'target')}: name new targets for the copies in order, {each} for "
            f"each, up to {each * times} in all ({len(named)} were named) ({rule}, 707.10c).",
            hint="Or, after it resolves, say “Alice chooses new targets for #N: ...” for a copy.",
        )
    for number in range(len(named) // each):
        groups[number] = list(named[number * each : (number + 1) * each])
    return groups
