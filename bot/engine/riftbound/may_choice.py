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
    ``you may`` instructions still to choose (``choosable``, by their index); ``on_chain``: a
    triggered ability's first "you may" instruction, done since it was put on the chain
    (383.3.a)."""

    player: str
    does: bool
    choosable: frozenset[int]
    on_chain: frozenset[int] = frozenset()

    def declines(self, instruction: Instruction) -> bool:
        return not self.does and instruction.index in self.choosable

    def chose(self, instruction: Instruction) -> bool:
        return instruction.index in self.on_chain or (
            self.does and instruction.index in self.choosable
        )


# A triggered ability whose effect starts "you may" (Blast Cone's "When you move an enemy unit,
# you may exhaust this to [Stun] it."): decided as it goes on the chain (383.3.a).
_MAY_FIRST = re.compile(r"^(?:when|at|the \w+ time)\b[^,]*,\s*you may\b", re.IGNORECASE)


def decided_on_chain(item: ChainItem) -> bool:
    """Whether ``item`` is a triggered ability whose effect starts with "you may"."""
    return item.ability == "triggered" and bool(_MAY_FIRST.match(item.text.strip()))


def chosen_on_chain(item: ChainItem, instructions: Sequence[Instruction]) -> frozenset[int]:
    """The first instruction of a triggered ability whose effect starts "you may" (Draven,
    Vanquisher's "you may pay [Fury]. If you do, ..."): its controller chose to do it by putting
    the ability on the chain (383.3.a)."""
    if decided_on_chain(item) and instructions and instructions[0].optional:
        return frozenset({instructions[0].index})
    return frozenset()


def choosable_instructions(item: ChainItem, instructions: Sequence[Instruction]) -> list[int]:
    """The "you may" instructions of ``item`` its controller decides as it resolves: all of a
    spell's; a triggered ability's but a first one, decided as it went on the chain (383.3.a)."""
    on_chain = chosen_on_chain(item, instructions)
    return [i.index for i in instructions if i.optional and i.index not in on_chain]


def unsaid_choice(item: ChainItem, instructions: Sequence[Instruction]) -> MayChoice:
    """No choice said as it resolves: only a trigger's first "you may", chosen on the chain."""
    return MayChoice(item.controller, False, frozenset(), chosen_on_chain(item, instructions))


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
    return MayChoice(
        item.controller, does, frozenset(choosable), chosen_on_chain(item, instructions)
    )


def declined_note(choice: MayChoice, instruction: Instruction, version: str) -> str:
    """What the note says of an optional instruction its controller chose not to do."""
    return (
        f"“You may {instruction.text.rstrip('.')}”: {choice.player} chooses not to, so it "
        f"doesn't happen ({rule('may_perform', version)})."
    )


def chosen_note(choice: MayChoice, instruction: Instruction, version: str) -> str:
    """What the note says of an optional instruction chosen but not carried out by the bot."""
    text = instruction.text.rstrip(".")
    if instruction.index in choice.on_chain and text.lower().startswith("pay "):
        # Draven, Vanquisher: "you may pay [Fury]. If you do, ..." - a cost within a triggered
        # ability's instructions, paid as it went on the chain, not now (383.3.b.1-2).
        cited = chosen_rules(choice, instruction, version)
        return (
            f"“You may {text}”: {choice.player} paid it as the ability went on the chain, not as "
            f"it resolves ({', '.join(cited or (rule('may_perform', version),))}); the bot keeps "
            "no runes, so the payment isn't checked."
        )
    if instruction.index in choice.on_chain:
        chose = (
            f"{choice.player} chose to do it by putting the ability on the chain "
            f"({', '.join(cite_if('trigger_may', version) or (rule('may_perform', version),))})"
        )
    else:
        chose = f"{choice.player} chooses to do it ({rule('may_perform', version)})"
    return (
        f"“You may {instruction.text.rstrip('.')}”: {chose}; it happens, and the bot reports "
        "it but doesn't carry it out on the board."
    )


def chosen_rules(choice: MayChoice, instruction: Instruction, version: str) -> tuple[str, ...]:
    """The rules ``chosen_note`` cites for ``instruction``."""
    if instruction.index not in choice.on_chain:
        return (rule("may_perform", version),)
    if instruction.text.lower().startswith("pay "):
        return (
            *cite_if("trigger_may", version),
            *cite_if("trigger_cost_to_chain", version),
            *cite_if("trigger_cost_not_on_resolution", version),
        )
    return cite_if("trigger_may", version)
