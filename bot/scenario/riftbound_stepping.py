"""Reading a player's pick for a Riftbound play in progress, as MTG's casts read theirs
(``stepping.read_options``): option numbers or names, or none."""

from __future__ import annotations

from typing import Any

from bot.engine.riftbound.playing import PlayInProgress, RbChoice
from bot.errors import UsageError
from bot.scenario.stepping import NO_PICK_WORDS, Option, Prompt, read_options


def prompt_of(choice: RbChoice) -> Prompt:
    """The choice as numbered options (what ``game choose N`` picks)."""
    options = tuple(
        Option(number, label, value)
        for number, (label, value) in enumerate(choice.options, start=1)
    )
    return Prompt(
        choice.kind, choice.prompt, choice.rule, options, choice.min_count, choice.max_count
    )


def _names(prompt: Prompt) -> dict[str, list[Option]]:
    """Every way to name an option: its label ("Bob's Recruit at Targon's Peak"), the card's
    name alone ("Recruit"), and its value (a location's name, an object's id as ``#3``).  A
    bare number is always the option's number: an id written ``3`` was read first, so
    ``game choose 3`` picked object #3, not the third option shown (QA 12, #6)."""
    names: dict[str, list[Option]] = {}
    for option in prompt.options:
        short = option.label.split("'s ", 1)[-1].split(" at ", 1)[0]
        value = f"#{option.value}" if isinstance(option.value, int) else str(option.value)
        for key in {option.label.casefold(), short.casefold(), value.casefold()}:
            names.setdefault(key, []).append(option)
    return names


def read_pick(progress: PlayInProgress, text: str) -> Any:
    """The action value for what the player typed: the one location, or the targets picked."""
    prompt = prompt_of(progress.next_choice())
    wanted = text.strip()
    if wanted.lower() in NO_PICK_WORDS:
        return []
    picks = list(read_options(prompt, _names(prompt), wanted))
    if prompt.kind == "location":
        if len(picks) != 1:
            raise UsageError("Choose one location.")
        return picks[0]
    return picks
