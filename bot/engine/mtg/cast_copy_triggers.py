"""Triggers that copy the spell just cast: "Whenever you cast ..., copy that spell. You may
choose new targets for the copy." (Kalamax, the Stormsire; Double Vision; Swarm Intelligence;
Thousand-Year Storm's "copy it for each other instant and sorcery spell you've cast before it
this turn").

Each one the cast matches goes on the stack above the spell (CR 603.2, 603.3) and, as it
resolves, copies the spell as storm's trigger does (707.10, 707.10c): the copy keeps the modes,
X, division and targets, new targets may be named for it, and the copy is made even when the
spell has been countered by then (the rulings of each of these cards).  As for storm, the bot
keeps no turn: "this turn" and "your first ... each turn" count the casts of the scenario.
A trigger of this kind whose wording the bot can't follow is named in a note, not ignored.
"""

from __future__ import annotations

import re

from bot.engine.frozen import evolve
from bot.engine.model import GameObject, ObjectKind, Zone
from bot.engine.mtg.cast_triggers import cast_triggers
from bot.engine.mtg.oracle_blocks import refers_to_itself
from bot.engine.mtg.state import GameState, StackEntry, one_effect_trigger, push_trigger
from bot.engine.mtg.statics import loses_all_abilities, rules_text_lost_to
from bot.engine.verdict import Verdict, VerdictKind
from bot.engine.wording import counted

COPY_ON_CAST = "copy on cast"
# What the rulings say of a spell gone by the time the trigger resolves (Kalamax 2020-04-17,
# Double Vision 2020-06-23, Thousand-Year Storm 2018-10-05).
GONE_SOURCE = (
    "rulings of Kalamax, Double Vision and Thousand-Year Storm: “A copy is created even if the "
    "spell that caused [the] ability to trigger has been countered by the time that ability "
    "resolves”"
)

_REMINDER = re.compile(r"\([^)]*\)")
_TRIGGER = re.compile(
    r"^whenever you cast (?P<what>[^,.]+?), (?:if (?P<condition>[^,.]+), )?(?P<may>you may )?"
    r"copy (?:that spell|it)(?P<each> for each [^.]+)?\.[^\n]*$",
    re.IGNORECASE | re.MULTILINE,
)
_WHAT = re.compile(
    r"(?P<first>your first |an? )(?P<types>instant or sorcery|instant|sorcery) spell"
    r"(?P<turn> each turn)?",
    re.IGNORECASE,
)
_TAPPED = re.compile(r"(?P<who>.+) is tapped", re.IGNORECASE)
_EACH_OTHER = re.compile(
    r" for each other instant and sorcery spell you've cast before it this turn", re.IGNORECASE
)


def cast_copy_triggers(state: GameState, entry: StackEntry) -> tuple[GameState, list[str]]:
    """The "copy that spell" triggers of its caster's permanents that the spell just cast
    matches, put on the stack above it, and a note for each (and for one the bot can't
    follow).  Call before the cast is counted (``with_instant_or_sorcery_cast``): "your
    first ... spell each turn" looks at the casts before it."""
    spell = state.objects.get(entry.object_id)
    if spell is None or entry.is_copy:
        return state, []
    notes: list[str] = []
    for source in state.zone_objects(Zone.BATTLEFIELD):
        if source.controller != entry.controller or source.phased_out:
            continue
        if "whenever you cast" not in source.oracle_text.lower():
            continue
        if loses_all_abilities(state, source) or rules_text_lost_to(state, source):
            continue  # no abilities, or none of its rules text (613.1f, 305.7)
        for found in _TRIGGER.finditer(_REMINDER.sub("", source.oracle_text)):
            state, note = _trigger(state, entry, spell, source, found)
            if note:
                notes.append(note)
    return state, notes


def _trigger(
    state: GameState,
    entry: StackEntry,
    spell: GameObject,
    source: GameObject,
    found: re.Match[str],
) -> tuple[GameState, str]:
    line = found[0].strip()
    unmodelled = (
        f"{source.name}'s “{line}” may trigger on this cast (603.2); the bot doesn't follow "
        "its wording, so it puts no trigger on the stack: say what it does"
    )
    what = _WHAT.fullmatch(found["what"].strip())
    if what is None:
        return state, unmodelled
    types = set(what["types"].lower().split(" or "))
    if not types & spell.card_types:
        return state, ""
    player = entry.controller
    before = state.instants_sorceries_cast.get(player, ())
    if what["first"].lower().startswith("your first"):
        if what["turn"] is None:
            return state, unmodelled
        if any(kind in types for kind in before):
            kinds = " or ".join(sorted(types))
            return state, (
                f"{source.name}'s ability doesn't trigger: {spell.name} isn't {player}'s first "
                f"{kinds} spell this turn (603.2; the bot counts the spells cast in this "
                "scenario as this turn's)"
            )
    condition = found["condition"]
    if condition:
        tapped = _TAPPED.fullmatch(condition.strip())
        if tapped is None or not refers_to_itself(tapped["who"], source.name):
            return state, unmodelled
        if not source.tapped:
            # CR 603.4: an intervening "if" clause is checked as the event happens.
            return state, (
                f"{source.name}'s ability doesn't trigger: it says “if {condition}”, and "
                f"{source.name} isn't tapped (603.4)"
            )
    times = 1
    if found["each"]:
        if _EACH_OTHER.fullmatch(found["each"]) is None:
            return state, unmodelled
        times = len(before)
    name = f"{source.name}'s trigger"
    spec = one_effect_trigger(line, line, keyword=COPY_ON_CAST, rule="603.2")
    state, trigger = push_trigger(
        state, source, player, name, spec, line, refers_to=entry.object_id, x=times
    )
    note = (
        f"{source.name}'s ability triggers: {name} (#{trigger.object_id}) is on the stack above "
        f"{spell.name} and will copy it {counted(times, 'time')}"
        + (
            ", with its targets unless new ones are named as it resolves (603.2, 707.10, 707.10c)"
            if entry.is_targeted
            else " (603.2, 707.10)"
        )
    )
    if found["may"]:
        note += f"; it says “you may”, and the bot takes it that {player} does"
    return state, note


# "Whenever you copy an instant spell, put a +1/+1 counter on Kalamax." (Kalamax, the
# Stormsire); "Whenever you copy a spell, put a +1/+1 counter on The Twelfth Doctor."
COPIED_SPELL = "copied spell"
_COPY_LINE = re.compile(r"^whenever you copy [^\n]*$", re.IGNORECASE | re.MULTILINE)
_COPY_COUNTER = re.compile(
    r"whenever you copy (?:an? )?(?:(?P<types>instant or sorcery|instant|sorcery) )?spell, "
    r"put a \+1/\+1 counter on (?P<who>[^.]+)\.",
    re.IGNORECASE,
)
COPIED_SPELL_RULING = (
    "Kalamax ruling: “An ability that triggers when a player copies a spell resolves before "
    "the copy. It resolves even if that spell is countered.”"
)


def copied_spell_triggers(
    state: GameState, copy_entry: StackEntry
) -> tuple[GameState, list[str], list[int]]:
    """The "whenever you copy ... spell" triggers of the copier's permanents, put on the stack
    above the copy just made (CR 603.2, 603.3; Kalamax's ruling: it "resolves before the
    copy", and "If an effect copies an instant spell multiple times, Kalamax's last ability
    triggers that many times" - once per call), with a note for each and the ids put there.
    A copy of an ability isn't a spell and triggers nothing."""
    copied = state.objects.get(copy_entry.object_id)
    if copied is None or copied.kind is not ObjectKind.SPELL:
        return state, [], []
    copier = copy_entry.controller
    notes: list[str] = []
    put: list[int] = []
    for source in state.zone_objects(Zone.BATTLEFIELD):
        if source.controller != copier or source.phased_out:
            continue
        if "whenever you copy" not in source.oracle_text.lower():
            continue
        if loses_all_abilities(state, source):
            continue
        for found in _COPY_LINE.finditer(_REMINDER.sub("", source.oracle_text)):
            line = found[0].strip()
            counter = _COPY_COUNTER.fullmatch(line)
            if counter is None or not refers_to_itself(counter["who"], source.name):
                notes.append(
                    f"{source.name}'s “{line}” triggers on this copy (603.2); the bot doesn't "
                    "follow its wording, so it puts no trigger on the stack: say what it does"
                )
                continue
            types = set((counter["types"] or "").lower().split(" or ")) - {""}
            if types and not types & copied.card_types:
                continue
            name = f"{source.name}'s trigger"
            spec = one_effect_trigger(line, line, keyword=COPIED_SPELL, rule="603.2")
            state, trigger = push_trigger(state, source, copier, name, spec, line)
            put.append(trigger.object_id)
            notes.append(
                f"{source.name}'s ability triggers: {name} (#{trigger.object_id}) is on the "
                f"stack above {copy_entry.name} and puts a +1/+1 counter on {source.name} as it "
                f"resolves (603.2; {COPIED_SPELL_RULING})"
            )
    # Magecraft's "Whenever you cast or copy an instant or sorcery spell" (207.2c, 707.10).
    state, magecraft = cast_triggers(state, copy_entry, copied=True)
    return state, [*notes, *magecraft], put


def resolve_copied_spell_trigger(state: GameState, entry: StackEntry) -> tuple[GameState, Verdict]:
    """Kalamax's "put a +1/+1 counter on Kalamax" as it resolves (CR 608.2); ``state`` has the
    trigger already gone from the stack.  A source that left the battlefield gets nothing: a
    permanent that returns is a new object (400.7)."""
    source = state.objects.get(entry.source_id) if entry.source_id is not None else None
    if source is None or source.zone is not Zone.BATTLEFIELD:
        name = state.name_of(entry.source_id) if entry.source_id is not None else "its source"
        return state, Verdict(
            VerdictKind.RESOLVED,
            f"{entry.name} resolves, but {name} is no longer on the battlefield, so no counter "
            "is put on it (608.2, 400.7).",
            ("608.2", "400.7"),
            object_ids=(entry.object_id,),
        )
    counters = dict(source.counters)
    counters["+1/+1"] = counters.get("+1/+1", 0) + 1
    state = state.with_object(evolve(source, counters=counters))
    return state, Verdict(
        VerdictKind.RESOLVED,
        f"{entry.name} resolves: a +1/+1 counter is put on {source.name} (608.2, 122.1a).",
        ("608.2", "122.1a"),
        object_ids=(entry.object_id, source.id),
    )
