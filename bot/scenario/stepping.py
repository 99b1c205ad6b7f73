"""Casting one choice at a time (CR 601.2): the prompt, its options, and picking by number or name.

The engine's ``CastInProgress`` is the step machine; this module turns its next choice into
numbered options a player can pick (``game choose 2``) and reads such a pick back into the value
the engine wants.  A finished cast is written back as a statement, so an exported game replays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.errors import EngineError
from bot.engine.mtg.casting import CastInProgress, Choice, ChoiceKind
from bot.engine.mtg.state import GameState, StackEntry, TargetRef


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


def prompt_for(progress: CastInProgress) -> Prompt:
    choice: Choice = progress.next_choice()
    options = tuple(
        Option(number, option.label, option.value)
        for number, option in enumerate(choice.options, start=1)
    )
    return Prompt(
        choice.kind.value, choice.prompt, choice.rule, options, choice.min_count, choice.max_count
    )


_SPLIT = re.compile(r"\s*(?:,|\band\b|\s)\s*")


def read_pick(progress: CastInProgress, text: str) -> object:
    """The engine value for what the player typed: option numbers, names, X, or amounts."""
    choice = progress.next_choice()
    wanted = text.strip()
    if choice.kind is ChoiceKind.DONE:
        raise EngineError("Every choice is already made.")
    if choice.kind in (ChoiceKind.X, ChoiceKind.DIVISION):
        numbers = [p for p in _SPLIT.split(wanted) if p]
        if not numbers or not all(p.isdigit() for p in numbers):
            raise EngineError(
                f"Give {'a number for X' if choice.kind is ChoiceKind.X else 'one amount per target'}.",
                hint="e.g. `game choose 3`"
                if choice.kind is ChoiceKind.X
                else "e.g. `game choose 2 1`",
            )
        values = [int(p) for p in numbers]
        return values[0] if choice.kind is ChoiceKind.X else tuple(values)
    if wanted.lower() in ("none", "no targets", "nothing"):
        return ()
    labels = {option.label.casefold(): option.value for option in choice.options}
    if wanted.casefold() in labels:
        return (labels[wanted.casefold()],)
    picks: list[int | str] = []
    for part in re.split(r"\s*,\s*|\s+and\s+", wanted):
        part = part.strip()
        if not part:
            continue
        if re.fullmatch(r"\d+(\s+\d+)*", part):
            for number in part.split():
                index = int(number) - 1
                if not 0 <= index < len(choice.options):
                    raise EngineError(
                        f"There is no option {number}; pick 1 to {len(choice.options)}."
                    )
                picks.append(choice.options[index].value)
        elif part.casefold() in labels:
            picks.append(labels[part.casefold()])
        else:
            raise EngineError(
                f"“{part}” is not one of the options.",
                hint="Options: " + ", ".join(o.label for o in choice.options) + ".",
            )
    return tuple(picks)


def describe(state: GameState, ref: TargetRef) -> str:
    """A name the statement reader finds again: the name, or ``#id`` when names repeat."""
    if isinstance(ref, str):
        return ref
    name = state.label(ref)
    same = [o for o in state.objects.values() if o.name.casefold() == name.casefold()]
    return name if len(same) <= 1 else f"#{ref}"


def cast_statement(before: GameState, entry: StackEntry, card_name: str, face: str | None) -> str:
    """A statement that casts the same spell with the same choices (for ``game export``)."""
    text = f"{entry.controller} casts {card_name}"
    if face:
        text += f" as {face}"
    if entry.spec.choose is not None:
        modes = [entry.spec.modes[i].text.rstrip(".") for i in entry.modes]
        text += " choosing " + " and ".join(m[:1].lower() + m[1:] for m in modes) + ","
    if entry.x is not None:
        text += f" with X={entry.x}"
    refs: list[str] = [describe(before, r) for c in entry.targets for r in c.refs]
    amounts: Sequence[int] = [a for c in entry.targets for a in c.amounts]
    text += (" targeting " + _and(refs)) if refs else " with no targets"
    if amounts:
        text += ", dividing " + _and([str(a) for a in amounts])
    return text + "."


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
