"""Which moved enemy unit a "When you move an enemy unit" trigger is about: Blast Cone's "When
you move an enemy unit, you may exhaust this to [Stun] it."

It triggers once for each enemy unit its controller moves, and each instance's "it" is the
unit whose move it saw: information from the trigger condition, fixed when the condition is met
(359.3.f.3).  With one such unit the bot knows it; with more, the player says which instance
goes on the chain ("Blast Cone's second trigger goes on the chain for Sinister Poro."), and the
bot doesn't guess.

The bot counts the enemy units moved this turn (``RbState.moved``); it doesn't keep who moved
them, so a unit its own controller moved is counted too.
"""

from __future__ import annotations

import re

from bot.engine.errors import EngineError
from bot.engine.riftbound.abilities import RbAbility
from bot.engine.riftbound.model import BOARD_ZONES, RbKind, RbObject
from bot.engine.riftbound.rules import cite_if, rule
from bot.engine.riftbound.state import RbState, label
from bot.engine.wording import and_list

MOVE_ENEMY_CONDITION = re.compile(r"^when you move an enemy unit$", re.IGNORECASE)


def about_moved_enemy(ability: RbAbility) -> bool:
    """Whether ``ability``'s trigger condition is "When you move an enemy unit"."""
    return bool(MOVE_ENEMY_CONDITION.match(ability.text.partition(",")[0].strip()))


def moved_enemies(
    state: RbState, source_id: int, ability_index: int, controller: str
) -> tuple[list[RbObject], list[RbObject]]:
    """The enemy units of ``controller`` moved this turn and still on the board, and those of
    them an instance of the same ability already on the chain is about (each move triggers
    it once, 359.3.f.3)."""
    moved = [
        state.objects[i]
        for i in state.moved
        if i in state.objects
        and state.objects[i].kind is RbKind.UNIT
        and state.objects[i].zone in BOARD_ZONES
        and state.objects[i].controller.casefold() != controller.casefold()
    ]
    taken_ids = {
        r.id
        for item in state.chain
        if item.source_id == source_id and item.index == ability_index and item.is_ability
        for r in item.referents
    }
    return moved, [u for u in moved if u.id in taken_ids]


def moved_enemy_for(
    state: RbState,
    source: RbObject,
    ability: RbAbility,
    controller: str,
    about: int | None,
    statement: str,
) -> tuple[RbObject | None, str]:
    """The moved enemy unit the trigger going on the chain is about, and the note saying so
    (None and "" when the bot can't know: no enemy unit moved in the scenario).  ``about``:
    the unit the statement names; ``statement``: how to say the trigger goes on the chain
    (for the hint).  Raises EngineError, nothing changed, when ``about`` isn't an enemy unit
    moved this turn whose trigger is still to go on the chain, or when none is named and more
    than one could be it."""
    version = state.version
    cited = ", ".join(cite_if("trigger_condition_info", version) or (rule("move", version),))
    if not about_moved_enemy(ability):
        if about is None:
            return None, ""
        raise EngineError(
            f"“for …” names the moved enemy unit a “When you move an enemy unit” trigger is "
            f"about; {source.name}'s triggered ability (“{ability.text}”) isn't one, so "
            "nothing was changed.",
            hint=f"Say “{statement}.”",
        )
    moved, taken = moved_enemies(state, source.id, ability.index, controller)
    free = [u for u in moved if u not in taken]
    if about is not None:
        unit = state.objects.get(about)
        if unit is None or all(u.id != about for u in moved):
            named = unit.name if unit is not None else f"#{about}"
            were = and_list(label(u) for u in moved) if moved else "none on the board"
            raise EngineError(
                f"{source.name}'s triggered ability is about an enemy unit {controller} "
                f"moved ({cited}), and {named} isn't an enemy unit moved this turn (moved "
                f"enemy units: {were}), so nothing was changed.",
                hint=f"Say “{statement} for {free[0].name}.”" if free else "",
            )
        if unit in taken:
            raise EngineError(
                f"{source.name}'s trigger for {label(unit)} is already on the chain: it "
                f"triggered once for that move ({cited}), so nothing was changed.",
                hint=f"Say “{statement} for {free[0].name}.”" if free else "",
            )
        return unit, (
            f"{source.name}'s “it” is {label(unit)}, the moved enemy unit {controller} named: each "
            f"enemy unit moved triggers it once, and that instance is about that unit ({cited})."
        )
    if len(free) > 1:
        raise EngineError(
            f"{controller} moved {len(free)} enemy units ({and_list(label(u) for u in free)}), "
            f"and {source.name}'s triggered ability triggered once for each: its “it” is the "
            f"unit whose move it saw ({cited}), so say which one this is; nothing was changed.",
            hint="Say which: " + " or ".join(f"“{statement} for {u.name}.”" for u in free),
        )
    if not free:
        return None, ""
    return free[0], (
        f"{source.name}'s “it” is {label(free[0])}, the enemy unit {controller} moved ({cited})."
    )
