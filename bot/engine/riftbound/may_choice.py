"""A player's stated choice of a "you may ..." instruction as a spell or ability resolves:
"Zenith Blade resolves and Alice doesn't." / "... and Alice chooses to move Sinister Poro."

355.12: "If a spell specifies that a player may perform a Game Action on some number of Game
Objects, then all choices are considered targeted and chosen independently of the decision to
perform the Game Action" - the objects were chosen as it was played; whether the action is done
is decided as it resolves, by "you": its controller.  A triggered ability whose effect starts
with "you may" was decided as it went on the chain (383.3.a), so that part isn't asked again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.errors import EngineError
from bot.engine.riftbound.analysis import Instruction
from bot.engine.riftbound.rules import cite_if, rule
from bot.engine.riftbound.state import ChainItem


@dataclass(frozen=True)
class MayChoice:
    """``player`` (the resolving item's controller) does (``does``) or doesn't do each of its
    ``you may`` instructions still to choose (``choosable``, by their index)."""

    player: str
    does: bool
    choosable: frozenset[int]

    def declines(self, instruction: Instruction) -> bool:
        return not self.does and instruction.index in self.choosable

    def chose(self, instruction: Instruction) -> bool:
        return self.does and instruction.index in self.choosable


# A triggered ability whose effect starts "you may" (Blast Cone's "When you move an enemy unit,
# you may exhaust this to [Stun] it."): decided as it goes on the chain (383.3.a).
_MAY_FIRST = re.compile(r"^(?:when|at|the \w+ time)\b[^,]*,\s*you may\b", re.IGNORECASE)


def decided_on_chain(item: ChainItem) -> bool:
    """Whether ``item`` is a triggered ability whose effect starts with "you may"."""
    return item.ability == "triggered" and bool(_MAY_FIRST.match(item.text.strip()))


def choosable_instructions(item: ChainItem, instructions: Sequence[Instruction]) -> list[int]:
    """The "you may" instructions of ``item`` its controller decides as it resolves: all of a
    spell's; a triggered ability's but a first one, decided as it went on the chain (383.3.a)."""
    optional = [i for i in instructions if i.optional]
    if decided_on_chain(item) and instructions and instructions[0].optional:
        optional = optional[1:]
    return [i.index for i in optional]


def may_choice(
    item: ChainItem, instructions: Sequence[Instruction], said: tuple[str, bool], version: str
) -> MayChoice:
    """The choice ``said`` ("and Alice doesn't": ("Alice", False)) of ``item``'s "you may"
    instructions; raises EngineError, nothing changed, when it has none to decide now or
    another player is said to decide (355.12: its controller is "you")."""
    player, does = said
    choosable = choosable_instructions(item, instructions)
    if not choosable:
        reason = (
            f"its “you may …” was {item.controller}'s choice as it went on the chain "
            f"({', '.join(cite_if('trigger_may', version) or (rule('may_perform', version),))})"
            if decided_on_chain(item)
            else "it has no “you may …” instruction"
        )
        raise EngineError(
            f"{item.name} has no “unless …” instruction for {player} to choose, and "
            f"{reason}, so there is nothing to choose as it resolves; nothing was changed.",
            hint=f"Say “{item.name} resolves.”",
        )
    if player.casefold() != item.controller.casefold():
        raise EngineError(
            f"“You may …” in {item.name} is {item.controller}'s choice as it resolves: "
            f"“you” is its controller ({rule('may_perform', version)}), not {player}; nothing "
            "was changed.",
            hint=f"Say “{item.name} resolves and {item.controller} doesn't.” or “{item.name} "
            f"resolves and {item.controller} does.”",
        )
    return MayChoice(item.controller, does, frozenset(choosable))


def declined_note(choice: MayChoice, instruction: Instruction, version: str) -> str:
    """What the note says of an optional instruction its controller chose not to do."""
    return (
        f"“You may {instruction.text.rstrip('.')}”: {choice.player} chooses not to, so it "
        f"doesn't happen ({rule('may_perform', version)})."
    )


def chosen_note(choice: MayChoice, instruction: Instruction, version: str) -> str:
    """What the note says of an optional instruction chosen but not carried out by the bot."""
    return (
        f"“You may {instruction.text.rstrip('.')}”: {choice.player} chooses to do it "
        f"({rule('may_perform', version)}); it happens, and the bot reports it but doesn't "
        "carry it out on the board."
    )
