"""Reading a player's pick for a Riftbound play in progress, as MTG's casts read theirs
(``stepping.read_options``): option numbers or names, or none."""

from __future__ import annotations

from typing import Any

from bot.engine.errors import EngineError
from bot.engine.riftbound.modes import match_mode
from bot.engine.riftbound.playing import PlayInProgress, RbChoice
from bot.engine.wording import and_list
from bot.errors import UsageError
from bot.scenario.stepping import NO_PICK_WORDS, Option, Prompt, read_options


def prompt_of(choice: RbChoice) -> Prompt:
    """The choice as numbered options (what ``game choose N`` picks)."""
    options = tuple(
        Option(number, label, value)
        for number, (label, value) in enumerate(choice.options, start=1)
    )
    text = f"{choice.prompt} {choice.unavailable}" if choice.unavailable else choice.prompt
    return Prompt(choice.kind, text, choice.rule, options, choice.min_count, choice.max_count)


def _names(prompt: Prompt) -> dict[str, list[Option]]:
    """Every way to name an option: its label ("Bob's Recruit at Targon's Peak"), the card's
    name alone ("Recruit"), and its value (a location's name, an object's id as ``#3``).  A
    bare number is always the option's number: an id written ``3`` was read first, so
    ``game choose 3`` picked object #3, not the third option shown (QA 12, #6)."""
    names: dict[str, list[Option]] = {}
    for option in prompt.options:
        short = option.label.split("'s ", 1)[-1].split(" at ", 1)[0]
        value = f"#{option.value}" if isinstance(option.value, int) else str(option.value)
        keys = {option.label.casefold(), short.casefold(), value.casefold()}
        if prompt.kind == "mode":  # a mode is named by its text alone
            keys = {option.label.casefold()}
        for key in keys:
            names.setdefault(key, []).append(option)
    return names


def read_pick(progress: PlayInProgress, text: str) -> Any:
    """The action value for what the player typed: the one location or move destination, or
    the targets picked."""
    prompt = prompt_of(progress.next_choice())
    wanted = text.strip()
    if wanted.lower() in NO_PICK_WORDS:
        return []
    if prompt.kind == "mode":
        return _read_mode(progress, prompt, wanted)
    picks = list(read_options(prompt, _names(prompt), wanted))
    if prompt.kind in ("location", "destination", "kill"):
        if len(picks) != 1:
            raise UsageError(f"Choose one {prompt.kind}.")
        return picks[0]
    return picks


def pick_label(progress: PlayInProgress, value: Any) -> str:
    """What a pick means, for the history and undo: the options' labels as they were
    offered ("Bob's Mutated Mouser at Targon's Peak"), not object ids (QA 38 M2)."""
    prompt = prompt_of(progress.next_choice())
    values = list(value) if isinstance(value, (list, tuple)) else [value]
    if not values:
        return "none"
    labels = {option.value: option.label for option in prompt.options}
    return and_list([labels.get(v, f"#{v}" if isinstance(v, int) else str(v)) for v in values])


def _read_mode(progress: PlayInProgress, prompt: Prompt, wanted: str) -> int:
    """The mode picked: its number, its text, or enough of its words (as statements'
    ``choosing ...`` read them)."""
    modal = progress.modal
    try:
        picks = read_options(prompt, _names(prompt), wanted)
    except EngineError:
        if modal is None:
            raise
        # A word or two of one mode's text ("bird"), when no other offered mode has it.
        having = [o for o in prompt.options if wanted.casefold() in o.label.casefold()]
        picks = (
            (having[0].value,)
            if len(having) == 1
            else (match_mode(modal, wanted, progress.card.name),)
        )
    if len(picks) != 1:
        raise UsageError("Choose one mode.")
    return int(picks[0])
