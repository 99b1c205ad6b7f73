"""One choice at a time (CR 601.2, 602.2b, 115.7): the prompt, its options, and picking by number
or name.

Two step machines ask the questions: the engine's ``CastInProgress`` (casting a spell,
activating an ability) and ``RetargetInProgress`` (changing targets).  This module turns their
next choice into numbered options a player can pick (``game choose 2``), reads such a pick back
into the value the machine wants, names a pick for the game's history, and writes a finished
action back as a statement, so an exported game replays.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from bot.engine.errors import EngineError
from bot.engine.model import ObjectKind
from bot.engine.mtg.casting import CastInProgress, ChoiceKind, ChoiceOption
from bot.engine.mtg.legality import check_target
from bot.engine.mtg.state import GameState, StackEntry, TargetRef
from bot.engine.requirements import RetargetKind
from bot.engine.wording import and_list, inside_sentence
from bot.errors import AmbiguousError, ScenarioError, StateError, UsageError
from bot.scenario import ast
from bot.scenario.ast_text import kicked_text
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.retarget_steps import RetargetInProgress, option_label

# Choices whose options are targets (objects or players), labelled "Llanowar Elves (#2)".
_TARGET_KINDS = ("targets", "new target")
# Choices whose options are objects, named as statements name them ("Bob's Runeclaw Bear", #2).
_OBJECT_KINDS = (*_TARGET_KINDS, "sacrifice")
# Choices answered with numbers rather than options.
_NUMBER_KINDS = ("x", "division")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


class ChoiceLike(Protocol):
    @property
    def kind(self) -> StrEnum: ...
    @property
    def prompt(self) -> str: ...
    @property
    def rule(self) -> str: ...
    @property
    def options(self) -> tuple[ChoiceOption, ...]: ...
    @property
    def min_count(self) -> int: ...
    @property
    def max_count(self) -> int | None: ...
    @property
    def unavailable(self) -> str: ...


class Stepper(Protocol):
    """A step machine: ``CastInProgress`` or ``RetargetInProgress``."""

    @property
    def state(self) -> GameState: ...

    def next_choice(self) -> ChoiceLike: ...


@dataclass(frozen=True)
class Option:
    number: int
    label: str
    value: int | str


@dataclass(frozen=True)
class Prompt:
    """The pending choice: what to decide, the rule, and the numbered legal options."""

    kind: str
    text: str
    rule: str
    options: tuple[Option, ...]
    min_count: int
    max_count: int | None


def prompt_for(progress: Stepper) -> Prompt:
    choice = progress.next_choice()
    kind = choice.kind.value
    options = tuple(
        Option(number, _label(progress.state, kind, option), option.value)
        for number, option in enumerate(choice.options, start=1)
    )
    prompt = f"{choice.prompt} {choice.unavailable}" if choice.unavailable else choice.prompt
    return Prompt(kind, prompt, choice.rule, options, choice.min_count, choice.max_count)


def _label(state: GameState, kind: str, option: ChoiceOption) -> str:
    return option_label(state, option.value) if kind in _TARGET_KINDS else option.label


_X_SAID = re.compile(r"^\s*x\s*(?:=|is\b|equals\b)?\s*", re.IGNORECASE)
_SPLIT = re.compile(r"\s*(?:,|\band\b|\s)\s*")


def read_pick(progress: Stepper, text: str) -> object:
    """The machine's value for what the player typed: option numbers, names, X, or amounts."""
    prompt = prompt_for(progress)
    wanted = text.strip()
    if prompt.kind == "done":
        raise EngineError("Every choice is already made.")
    if prompt.kind in _NUMBER_KINDS:
        if prompt.kind == "x":
            # "X=4", "x is 4" as statements say it (QA 20 U3).
            wanted = _X_SAID.sub("", wanted)
            if re.fullmatch(r"-\s*\d+", wanted):
                raise EngineError(
                    "X can't be negative: a player can't choose a negative number (107.1b).",
                    hint="e.g. `game choose 3`",
                )
        numbers = [p for p in _SPLIT.split(wanted) if p]
        if not numbers or not all(p.isdigit() for p in numbers):
            raise EngineError(
                f"Give {'a number for X' if prompt.kind == 'x' else 'one amount per target'}.",
                hint="e.g. `game choose 3`" if prompt.kind == "x" else "e.g. `game choose 2 1`",
            )
        if any(len(p) > 6 for p in numbers):
            # As statements read numbers (six digits at most): no game needs more (QA 20 M9).
            raise EngineError("That number is too large: give at most six digits.")
        values = [int(p) for p in numbers]
        return values[0] if prompt.kind == "x" else tuple(values)
    if wanted.lower() in NO_PICK_WORDS:
        return ()
    return read_options(
        prompt, _names(progress, prompt), wanted, lambda part: _why_not_target(progress, part)
    )


def _why_not_target(progress: Stepper, part: str) -> str | None:
    """Why what the player named can't be the target asked for now, as the statement form
    says it (QA 20: "“Troll Ascetic” is not one of the options", without hexproof, 702.11b)."""
    if not isinstance(progress, CastInProgress):
        return None
    pending = progress.pending()
    if pending.kind is ChoiceKind.SACRIFICE:
        return _why_not_sacrifice(progress, part)
    slot = pending.slot
    state = progress.state
    refs: list[TargetRef] = [o.id for o in state.objects_named(part)]
    refs += [p.name for p in state.players if p.name.casefold() == part.casefold()]
    if slot is None or not refs:
        return None
    check = check_target(state, progress.targeting, slot, refs[0])
    return None if check.legal else check.reason


def _why_not_sacrifice(progress: CastInProgress, part: str) -> str | None:
    """Why what the player named can't pay the sacrifice asked for now (701.21a, 601.2h)."""
    named = progress.state.objects_named(part)
    refused = progress.why_not_sacrificed(named[0].id) if named else None
    return refused.message if refused is not None else None


# What a player types to choose nothing (no target, keep every target).
NO_PICK_WORDS = ("none", "no targets", "no target", "nothing", "keep", "keep them")


def read_options(
    prompt: Prompt,
    names: Mapping[str, Sequence[Option]],
    wanted: str,
    why_not: Callable[[str], str | None] = lambda _part: None,
) -> tuple[int | str, ...]:
    """The options a player picked, for either game: numbers (``1 3``), names (``Spellskite``,
    ``Bob's Recruit``) separated by commas or "and"; ``names`` holds every way to name each
    option.  A name two options share is ambiguous: the answer asks for a number."""
    whole = names.get(wanted.casefold())
    if whole is not None and len(whole) == 1:
        return (whole[0].value,)
    picks: list[int | str] = []
    for part in re.split(r"\s*,\s*|\s+and\s+", wanted):
        part = part.strip()
        if not part:
            continue
        if re.fullmatch(r"\d+(\s+\d+)*", part):
            for number in part.split():
                index = int(number) - 1
                if not prompt.options:
                    # QA 38 M3: "pick 1 to 0" when the step has no legal choice at all.
                    raise EngineError(
                        "This step has no legal choice, so there is nothing to pick: go back "
                        "(`game back`) or cancel (`game cancel`)."
                    )
                if not 0 <= index < len(prompt.options):
                    raise EngineError(
                        f"There is no option {number}; pick 1 to {len(prompt.options)}."
                    )
                picks.append(prompt.options[index].value)
            continue
        found = names.get(part.casefold(), ())
        if len(found) > 1:
            raise AmbiguousError(
                f"More than one option is called “{part}”.",
                suggestions=[f"{o.number}. {o.label}" for o in found],
                hint="Pick it by its number, e.g. `game choose 2`.",
            )
        if not found and not (why := why_not(part)):
            # "game choose Grizly Bears" (QA 53 M5): a misspelling of one option's name picks it,
            # as card lookups forgive misspellings.
            close = difflib.get_close_matches(part.casefold(), list(names), n=3, cutoff=0.8)
            meant = {option.number: option for name in close for option in names[name]}
            if len(meant) == 1:
                found = tuple(meant.values())
        if not found:
            why = why_not(part)
            raise EngineError(
                f"“{part}” is not one of the options" + (f": {why}" if why else "."),
                hint="Options: " + ", ".join(o.label for o in prompt.options) + ".",
            )
        picks.append(found[0].value)
    return tuple(picks)


def _names(progress: Stepper, prompt: Prompt) -> dict[str, list[Option]]:
    """Every way to name an option: its label, and for a target (or a target to change) its
    name and ``#id``."""
    state = progress.state
    names: dict[str, list[Option]] = {}
    for option in prompt.options:
        keys = {option.label.casefold()}
        ref: object = None
        if prompt.kind in _OBJECT_KINDS:
            ref = option.value
        elif prompt.kind == "positions" and isinstance(progress, RetargetInProgress):
            ref = progress.places[int(option.value)].ref
        if isinstance(ref, (int, str)):
            keys.add(state.name_of(ref).casefold())
            if isinstance(ref, int):
                keys.add(f"#{ref}")
                obj = state.objects.get(ref)
                if obj is not None:
                    # "Bob's Runeclaw Bear", as statements say it (QA 20 U2).
                    keys.add(f"{obj.controller}'s {obj.name}".casefold())
        for key in keys:
            names.setdefault(key, []).append(option)
    return names


def pick_text(progress: Stepper, value: object) -> str:
    """What a pick means, for the history: ``Llanowar Elves (#2)``, ``X=3``, ``2 and 1``."""
    prompt = prompt_for(progress)
    values = tuple(value) if isinstance(value, (tuple, list)) else (value,)
    if prompt.kind == "x":
        return f"X={values[0]}"
    if prompt.kind == "division":
        return "divide " + and_list([str(v) for v in values])
    if not values:
        return "none" if prompt.kind != "positions" else "keep every target"
    labels = {option.value: option.label for option in prompt.options}
    named = [labels.get(v, str(v)) for v in values]
    if prompt.kind == "positions":
        return "change " + and_list(named)
    if prompt.kind == "sacrifice":
        return "sacrifice " + and_list(named)
    return and_list(named)


# ---- what a step-by-step action is about ------------------------------------------------------
def _parse_one(
    executor: MtgScenarioExecutor, state: GameState, text: str, speaker: str
) -> ast.Statement:
    parsed = executor.parse(text, speaker=speaker, players=state.player_names)
    if len(parsed) != 1:
        raise UsageError(f"“{text}” names more than one thing.", hint="Name one object.")
    item = parsed[0]
    if isinstance(item, ScenarioError):
        raise item
    return item


def find_ability(
    executor: MtgScenarioExecutor, state: GameState, speaker: str, text: str
) -> tuple[int, int | None]:
    """The object and its activated ability (0-based, None for "its targeted one") that
    ``Spellskite``, ``Spellskite's first ability`` or ``#3's second ability`` name."""
    statement = _parse_one(
        executor, state, f"{speaker} activates {text.strip().rstrip('.')}.", speaker
    )
    if not isinstance(statement, ast.Activate):
        raise UsageError(
            f"“{text}” is not an ability to activate.", hint="game activate Spellskite"
        )
    if statement.choices.targets or statement.choices.modes:
        raise UsageError(
            "`game activate` asks for the targets one at a time.",
            hint="Name only the ability, or play the whole statement: "
            "`game Bob activates Spellskite targeting Arc Trail.`",
        )
    # The executor's own lookups, so names mean the same as in statements.
    return executor.find_activated_ability(state, statement.ability, speaker=speaker)


_RETARGET_WORDING = re.compile(
    r"(?:(?P<kind>one|a|any|all|the)\s+(?:of\s+the\s+|of\s+its\s+)?targets?\s+of\s+)?(?P<item>.+)",
    re.IGNORECASE,
)
_KIND_WORDS = {
    "one": RetargetKind.CHANGE_A_TARGET,  # CR 115.7b
    "a": RetargetKind.CHANGE_A_TARGET,
    "any": RetargetKind.CHANGE_ANY_TARGETS,  # CR 115.7c
    "all": RetargetKind.CHANGE_THE_TARGETS,  # CR 115.7a
    "the": RetargetKind.CHANGE_THE_TARGETS,
}


def find_retarget(
    executor: MtgScenarioExecutor, state: GameState, speaker: str, text: str
) -> tuple[int, RetargetKind]:
    """The stack object and the kind of change ``game retarget …`` names: ``Arc Trail``
    (choose new targets, 115.7d), ``one target of Arc Trail`` (115.7b), ``any targets of …``
    (115.7c), ``the targets of …`` (all or none, 115.7a)."""
    match = _RETARGET_WORDING.fullmatch(text.strip().rstrip("."))
    if match is None:
        raise UsageError("Say which spell or ability on the stack.", hint="game retarget Arc Trail")
    word = (match.group("kind") or "").lower()
    kind = _KIND_WORDS.get(word, RetargetKind.CHOOSE_NEW_TARGETS)
    statement = _parse_one(executor, state, f"{match.group('item')} resolves.", speaker)
    if not isinstance(statement, ast.Resolve):
        raise StateError(f"“{text}” is not a spell or ability on the stack.")
    return executor.find_stack_object(state, statement.item, speaker=speaker), kind


# ---- statements that replay a finished action ---------------------------------------------------
def describe(state: GameState, ref: TargetRef) -> str:
    """A name the statement reader finds again: the name, or ``#id`` when names repeat."""
    if isinstance(ref, str):
        return ref
    obj = state.objects.get(ref)
    if obj is not None and obj.kind in (ObjectKind.ACTIVATED_ABILITY, ObjectKind.TRIGGERED_ABILITY):
        return f"#{ref}"
    name = state.name_of(ref)
    same = [o for o in state.objects.values() if o.name.casefold() == name.casefold()]
    return name if len(same) <= 1 else f"#{ref}"


def _choices_text(before: GameState, entry: StackEntry) -> str:
    text = ""
    if entry.spec.choose is not None:
        modes = [entry.spec.modes[i].text.rstrip(".") for i in entry.modes]
        text += " choosing " + " and ".join(inside_sentence(m, entry.name) for m in modes) + ","
    if entry.x is not None:
        text += f" with X={entry.x}"
    refs: list[str] = [describe(before, r) for c in entry.targets for r in c.refs]
    amounts: Sequence[int] = [a for c in entry.targets for a in c.amounts]
    text += (" targeting " + and_list(refs)) if refs else " with no targets"
    if amounts:
        text += ", dividing " + and_list([str(a) for a in amounts])
    return text + "."


def cast_statement(
    before: GameState,
    entry: StackEntry,
    card_name: str,
    face: str | None,
    *,
    overload: bool = False,
    kicked: int = 0,
    gift_to: str | None = None,
    bargained: bool = False,
    alternative: str = "",
    any_time: bool = False,
) -> str:
    """A statement that casts the same spell with the same choices (for ``game export``)."""
    text = f"{entry.controller} casts {card_name}"
    if face:
        text += f" as {face}"
    if overload:
        text += " with overload"
    if kicked:
        text += kicked_text(kicked)
    if gift_to is not None:
        text += f" promising the gift to {gift_to}"
    if bargained:
        text += " with bargain"
    if alternative:
        text += f" with {alternative}"
    if entry.flashback:
        text += " with flashback"
    if any_time:
        text += " at instant speed"
    if entry.sacrificed:
        # Paid as it was cast (601.2h), said as a statement says it.
        text += " sacrificing " + and_list([describe(before, i) for i in entry.sacrificed])
    return text + _choices_text(before, entry)


def activation_statement(before: GameState, entry: StackEntry, ability: int | None) -> str:
    """ "Bob activates Spellskite's first ability targeting Arc Trail." (CR 602.2)."""
    assert entry.source_id is not None
    text = _activates(before, entry.controller, entry.source_id, ability)
    if entry.sacrificed:
        # Viscera Seer's cost, paid as it was activated (602.2b, 601.2h).
        text += " sacrificing " + and_list([describe(before, i) for i in entry.sacrificed])
    return text + _choices_text(before, entry)


def trigger_statement(before: GameState, entry: StackEntry, ability: int | None) -> str:
    """ "Journey to Nowhere's trigger goes on the stack targeting Grizzly Bears." (CR 603.3);
    ``ability``: its number among the source's triggered abilities when "X's trigger" alone
    would name another one."""
    assert entry.source_id is not None
    source = describe(before, entry.source_id)
    if ability is None:
        which = "trigger"
    else:
        which = (
            _ORDINALS[ability] if ability < len(_ORDINALS) else f"{ability + 1}th"
        ) + " trigger"
    return f"{source}'s {which} goes on the stack" + _choices_text(before, entry)


def mana_activation_statement(
    before: GameState, player: str, source_id: int, ability: int | None
) -> str:
    """ "Alice activates Treasure." for a mana ability, which never goes on the stack (605.3a)."""
    return _activates(before, player, source_id, ability) + "."


def _activates(before: GameState, player: str, source_id: int, ability: int | None) -> str:
    source = describe(before, source_id)
    if ability is None:
        return f"{player} activates {source}"
    ordinal = _ORDINALS[ability] if ability < len(_ORDINALS) else f"{ability + 1}th"
    return f"{player} activates {source}'s {ordinal} ability"


def change_statement(machine: RetargetInProgress) -> str:
    """A direct change: "Bob chooses new targets for Arc Trail: Llanowar Elves, Runeclaw Bear."

    Any finished change replays as "choose new targets" (CR 115.7d): the unchanged targets
    are given as they are, and the changed ones were legal.
    """
    item = describe(machine.state, machine.entry_id)
    targets = ", ".join(describe(machine.state, ref) for ref in machine.final_targets())
    return f"{machine.actor} chooses new targets for {item}: {targets}."


def resolve_statement(before: GameState, resolving_id: int, machine: RetargetInProgress) -> str:
    """ "Redirect resolves choosing new targets A and B." (or just "… resolves.").

    A change to a target the text names (Spellskite's "to this creature") is written the same
    way, with every target after it: which one changed is a choice made as it resolves
    (115.7b), and "… resolves." alone would replay by changing the first one.
    """
    item = describe(before, resolving_id)
    if not machine.changes or machine.is_copy:
        return f"{item} resolves."
    targets = and_list([describe(before, ref) for ref in machine.final_targets()])
    return f"{item} resolves choosing new targets {targets}."
