"""Abilities that trigger when their permanent becomes a target (Bonecrusher Giant, Frost
Titan's neighbours, "whenever this creature becomes the target of a spell or ability an
opponent controls" ...).

Becoming a target is an event (CR 603.2): when a spell is cast, an ability activated or put on
the stack, or targets are changed, each targeted permanent whose Oracle text says "Whenever
[it] becomes the target of [spell or ability], [effect]" triggers once for that spell, however
many times it is targeted (CR 603.2c; Bonecrusher Giant's ruling), and the trigger goes on the
stack above what targeted it (CR 603.3), so it resolves first.  Ward is the keyword form of the
same event and has its own module.

Only abilities whose effect chooses no target are put on the stack here; one that targets
("... deals 2 damage to any target") is named in a note so its targets can be stated.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine.frozen import evolve
from bot.engine.model import GameObject, ObjectKind, Zone
from bot.engine.mtg.state import (
    GameState,
    StackEntry,
    TargetRef,
    one_effect_trigger,
    push_trigger,
)
from bot.engine.mtg.statics import loses_all_abilities, rules_text_lost_to
from bot.engine.mtg.waiting_triggers import wait_for_targets

RULES = ("603.2", "603.3")
KEYWORD = "becomes-target"

_SENTENCE = re.compile(
    # After an ability word, which has no rules meaning (CR 207.2c): "Valiant — Whenever ...".
    r"^(?:[a-z' ]+ — )?(?:whenever|when) (?P<subject>[^,]+?) becomes the target of (?P<what>[^,]+?)"
    r"(?P<first> for the first time each turn)?, (?P<effect>.+?)\.?$",
    re.IGNORECASE,
)
# Kira, Great Glass-Spinner: 'Creatures you control have "Whenever this creature becomes the
# target of a spell or ability for the first time each turn, counter that spell or ability."'
_GRANTED = re.compile(
    r'^(?P<other>other )?creatures you control have "(?P<quoted>(?:whenever|when) this creature '
    r'becomes the target of [^"]+)"',
    re.IGNORECASE,
)
# Heroic (Battlewise Hoplite): "Whenever you cast a spell that targets this creature, ...": a
# cast trigger, not a "becomes the target" one: it doesn't trigger when targets are changed
# or for abilities (Battlewise Hoplite's rulings, 2013-09-15).
_CAST_TARGETING = re.compile(
    r"^(?:heroic — )?whenever you cast a spell that targets (?P<subject>[^,]+?), "
    r"(?P<effect>.+?)\.?$",
    re.IGNORECASE,
)
_COUNTER_THAT = re.compile(r"^counter that (?:spell or ability|spell|ability)\.?$", re.IGNORECASE)
_SELF = (
    "this creature",
    "this permanent",
    "this artifact",
    "this enchantment",
    "this land",
    "this planeswalker",
    "~",
)
_SPELLS = re.compile(r"^an? (?P<kinds>(?:[a-z]+ or )?[a-z]+ )?spell(?P<or_ability> or ability)?$")
_COUNTER_UNLESS = re.compile(
    r"^counter that (?:spell or ability|spell|ability) unless its controller pays "
    r"(?P<cost>(?:\{[^}]*\})+)\.?$",
    re.IGNORECASE,
)
_THAT_CONTROLLER = re.compile(r"\bthat (?:spell|ability|spell or ability)'s controller\b")


@dataclass(frozen=True)
class TargetedTrigger:
    """One "becomes the target" ability read from Oracle text."""

    source_text: str  # the whole sentence, as printed
    spells: bool
    abilities: bool
    spell_kinds: tuple[str, ...]  # "aura", "instant", "sorcery": only spells of these kinds
    controller: str  # "", "opponent" or "you"
    effect: str
    first_time_each_turn: bool = False
    cast_only: bool = False  # heroic: only when the spell is cast, not when targets change

    def fires_for(self, state: GameState, source: GameObject, entry: StackEntry) -> bool:
        stack_object = state.objects.get(entry.object_id)
        is_ability = stack_object is not None and stack_object.kind in (
            ObjectKind.TRIGGERED_ABILITY,
            ObjectKind.ACTIVATED_ABILITY,
        )
        if is_ability and not self.abilities:
            return False
        if not is_ability:
            if not self.spells:
                return False
            if self.spell_kinds and stack_object is not None:
                kinds = stack_object.card_types | stack_object.subtypes
                if not kinds & set(self.spell_kinds):
                    return False
        if self.controller == "opponent" and entry.controller == source.controller:
            return False
        return not (self.controller == "you" and entry.controller != source.controller)


# Read for every permanent each spell or ability targets (issue 14); the answer is a frozen
# value that depends only on the two strings.
@functools.lru_cache(maxsize=2048)
def read_targeted_triggers(name: str, oracle_text: str) -> tuple[TargetedTrigger, ...]:
    """The "whenever [this] becomes the target of ..." abilities of a card with ``name``."""
    found = []
    short = name.split(",")[0].strip().lower()
    for line in oracle_text.splitlines():
        heroic = _CAST_TARGETING.match(line.strip())
        if heroic and heroic["subject"].strip().lower() in (name.lower(), short, *_SELF):
            found.append(
                TargetedTrigger(
                    line.strip(), True, False, (), "you", heroic["effect"], cast_only=True
                )
            )
            continue
        match = _SENTENCE.match(line.strip())
        if match is None:
            continue
        subject = match["subject"].strip().lower()
        if subject not in (name.lower(), short, *_SELF):
            continue  # about another object ("enchanted creature", "a creature you control")
        what = match["what"].strip().lower()
        controller = ""
        for suffix, who in ((" an opponent controls", "opponent"), (" you control", "you")):
            if what.endswith(suffix):
                what, controller = what[: -len(suffix)], who
        first = bool(match["first"])
        if what in ("an ability", "a backup ability"):
            found.append(
                TargetedTrigger(line.strip(), False, True, (), controller, match["effect"], first)
            )
            continue
        spells = _SPELLS.match(what)
        if spells is None:
            continue
        kinds = tuple(k for k in (spells["kinds"] or "").split() if k != "or")
        found.append(
            TargetedTrigger(
                line.strip(),
                True,
                bool(spells["or_ability"]),
                kinds,
                controller,
                match["effect"],
                first,
            )
        )
    return tuple(found)


def _granted_triggers(state: GameState, obj: GameObject) -> tuple[TargetedTrigger, ...]:
    """ "Becomes the target" abilities other permanents give ``obj`` (Kira)."""
    if "creature" not in obj.card_types:
        return ()
    found: list[TargetedTrigger] = []
    for source in state.zone_objects(Zone.BATTLEFIELD):
        if (
            source.phased_out
            or source.controller != obj.controller
            or 'have "' not in (source.oracle_text)
        ):
            continue
        for line in source.oracle_text.splitlines():
            match = _GRANTED.match(line.strip())
            if match and not (match["other"] and source.id == obj.id):
                found.extend(read_targeted_triggers(obj.name, match["quoted"]))
    return tuple(found)


def targeted_triggers(
    state: GameState, entry: StackEntry, refs: Iterable[TargetRef], *, cast: bool = True
) -> tuple[GameState, tuple[StackEntry, ...], tuple[str, ...]]:
    """Put the "becomes the target" triggers of the permanents in ``refs`` on the stack (one
    per ability and permanent, CR 603.2c), in target order; returns the state, the triggers
    and a note for each (also for a trigger that needs targets, which is left to be stated)."""
    made: list[StackEntry] = []
    notes: list[str] = []
    seen: set[int] = set()
    for ref in refs:
        if not isinstance(ref, int) or ref in seen:
            continue
        seen.add(ref)
        obj = state.objects.get(ref)
        if obj is None or obj.zone is not Zone.BATTLEFIELD or obj.phased_out:
            continue
        if loses_all_abilities(state, obj):
            continue  # no abilities, so nothing to trigger (613.1f)
        # Song of the Dryads: the triggers of its rules text are gone, not those other
        # permanents give it (305.7).
        printed = (
            ()
            if rules_text_lost_to(state, obj)
            else read_targeted_triggers(obj.name, obj.oracle_text)
        )
        triggers = (*printed, *_granted_triggers(state, obj))
        for trigger in triggers:
            if not trigger.fires_for(state, obj, entry) or (trigger.cast_only and not cast):
                continue
            if trigger.first_time_each_turn and (
                obj.controller in obj.targeted_by
                if trigger.controller == "you"
                else obj.became_target
            ):
                # Valiant counts only its controller's spells and abilities ("... you control for
                # the first time each turn"): an opponent's Bolt earlier doesn't use it up.
                # Kira: only the first spell or ability to target it this turn is countered.
                whose = (
                    f" of a spell or ability {obj.controller} controls"
                    if trigger.controller == "you"
                    else ""
                )
                notes.append(
                    f"{obj.name} was already a target{whose} earlier, so "
                    f"“{trigger.source_text}” doesn't trigger again (603.2)"
                )
                continue
            if re.search(r"\btarget\b", trigger.effect, re.IGNORECASE):
                # Its targets are the user's to name, before anything resolves (603.3d).
                event = f"{obj.name} became the target of {entry.name}"
                state = wait_for_targets(state, obj, trigger.source_text, event)
                notes.append(
                    f"{obj.name}'s ability triggers ({trigger.source_text}); state its targets "
                    f"with “{obj.name}'s trigger goes on the stack targeting …” (603.2, 603.3d)"
                )
                continue
            state, made_entry = _put_on_stack(state, obj, entry, trigger)
            made.append(made_entry)
            event = (
                f"{entry.controller} cast {entry.name} targeting {obj.name}"
                if trigger.cast_only
                else f"{obj.name} became the target of {entry.name}"
            )
            notes.append(
                f"{event}, so its ability triggered (“{trigger.source_text.split(',')[0]}”): "
                f"{made_entry.name} (#{made_entry.object_id}) is on the stack above "
                f"{entry.name} and resolves first (603.2, 603.3)"
            )
    for ref in seen:
        obj = state.objects.get(ref)
        if obj is not None and not (obj.became_target and entry.controller in obj.targeted_by):
            targeted_by = obj.targeted_by | {entry.controller}
            state = state.with_object(evolve(obj, became_target=True, targeted_by=targeted_by))
    return state, tuple(made), tuple(notes)


def _put_on_stack(
    state: GameState, source: GameObject, entry: StackEntry, trigger: TargetedTrigger
) -> tuple[GameState, StackEntry]:
    # "That spell's controller" is fixed now: the trigger still deals its damage if the spell
    # is countered before it resolves (Bonecrusher Giant's ruling, 2019-10-04).
    effect = _THAT_CONTROLLER.sub(entry.controller, trigger.effect)
    effect = re.sub(r"\s*\([^)]*\)", "", effect).strip()  # reminder text is not an effect
    effect = re.sub(r"^it ", f"{source.name} ", effect)
    # Valiant: "put a +1/+1 counter on it": it is this permanent.
    effect = re.sub(r"\bcounters? on it$", lambda m: m[0][:-2] + "this creature", effect)
    # "Sacrifice it" (Phantasmal Bear, Treacherous Blessing): it is this permanent.
    effect = re.sub(
        r"^sacrifice (?:it|this \w+)$", f"sacrifice {source.name}", effect, flags=re.IGNORECASE
    )
    spec = one_effect_trigger(
        trigger.source_text,
        effect,
        keyword=KEYWORD,
        rule="603.2",
        trigger=trigger.source_text.split(",")[0],
    )
    unless = _COUNTER_UNLESS.match(effect)
    counters = unless is not None or _COUNTER_THAT.match(effect) is not None
    return push_trigger(
        state,
        source,
        source.controller,
        f"{source.name}'s trigger",
        spec,
        effect,
        # Frost Titan: "counter that spell or ability unless its controller pays {2}" is paid
        # or declined as it resolves, like ward (CR 118.12a).
        refers_to=entry.object_id if counters else None,
        unless_cost=unless["cost"] if unless else "",
        unless_payer=entry.controller if unless else "",
    )
