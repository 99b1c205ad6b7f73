"""The legend rule (CR 704.5j): "If two or more legendary permanents with the same name are
controlled by the same player, that player chooses one of them, and the rest are put into their
owners' graveyards."

The choice is the player's, so the bot can't make it: each statement that leaves such a group
on the battlefield says so and how to state the choice (``Alice keeps #3.``), and that statement
puts the others into their owners' graveyards.

Until it is made, nothing that needs a player to have priority goes ahead: state-based actions
are performed before a player would receive priority (CR 704.3), so a spell cast, an ability
activated or triggered, or the stack resolving, waits for the choice (``choose_legend_first``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.model import Zone
from bot.engine.mtg.state import GameState

LEGEND_RULE = "704.5j"
STATE_BASED_ACTIONS_FIRST = "704.3"


@dataclass(frozen=True)
class LegendGroup:
    """Legendary permanents one player controls that share a name, oldest first."""

    controller: str
    name: str
    ids: tuple[int, ...]


def legend_groups(state: GameState) -> tuple[LegendGroup, ...]:
    """Every group the legend rule applies to now: two or more legendary permanents with the
    same name and controller (a face-down permanent has no name, 708.2a; Spark Double's copy
    isn't legendary, so it doesn't count)."""
    found: dict[tuple[str, str], list[int]] = {}
    for obj in state.zone_objects(Zone.BATTLEFIELD):
        if obj.phased_out or not obj.name or "legendary" not in obj.supertypes:
            continue
        found.setdefault((obj.controller, obj.name), []).append(obj.id)
    return tuple(
        LegendGroup(controller, name, tuple(sorted(ids)))
        for (controller, name), ids in found.items()
        if len(ids) > 1
    )


def legend_rule_note(state: GameState, group: LegendGroup) -> str:
    """What the legend rule does to ``group`` and how to say the choice it waits for."""
    listed = ", ".join(f"#{object_id}" for object_id in group.ids)
    said = " or ".join(f"“{statement}”" for statement in keep_statements(group))
    return (
        f"{group.controller} controls {len(group.ids)} legendary permanents named "
        f"{group.name} ({listed}): by the legend rule {group.controller} chooses one of them "
        f"and the rest go to their owners' graveyards ({LEGEND_RULE}); the bot doesn't choose, "
        f"so say which stays: {said}"
    )


def keep_statements(group: LegendGroup) -> tuple[str, ...]:
    """The statements that make ``group``'s choice, one for each permanent that may stay."""
    return tuple(f"{group.controller} keeps #{object_id}." for object_id in group.ids)


def choose_legend_first(
    state: GameState, doing: str, *, opening: str = "Not yet"
) -> IllegalActionError | None:
    """Why ``doing`` ("cast Lightning Bolt") waits while a legend rule choice is pending, or
    None when none is; the message starts with ``opening``.

    CR 704.3: "Whenever a player would get priority ... the game checks for any of the listed
    conditions for state-based actions, then performs all applicable state-based actions"; the
    legend rule is one (704.5j), and triggered abilities go on the stack only after them. So
    with two legends of a name on one player's battlefield no one has priority yet: nothing is
    cast, activated or resolved, and no trigger is put on the stack, until the choice is made.
    The bot can't choose for the player, and carrying on as if both stayed would answer about
    a board that can't exist, so the action is refused with the statements that choose."""
    groups = legend_groups(state)
    if not groups:
        return None
    waiting = "; ".join(
        f"{group.controller} controls {len(group.ids)} legendary permanents named "
        f"{group.name} ({', '.join(f'#{i}' for i in group.ids)})"
        for group in groups
    )
    statements = tuple(s for group in groups for s in keep_statements(group))
    said = " or ".join(f"“{s}”" for s in statements[:2])
    error = IllegalActionError(
        f"{opening}: {waiting}, so the legend rule's choice comes first ({LEGEND_RULE}). "
        "State-based actions are performed before any player gets priority "
        f"({STATE_BASED_ACTIONS_FIRST}), so no one can {doing} until "
        f"{groups[0].controller} says which one stays; the rest go to their owners' graveyards.",
        rules=(STATE_BASED_ACTIONS_FIRST, LEGEND_RULE),
        hint=f"Say {said} first.",
    )
    error.statements = statements
    return error


def keep_legend(state: GameState, player: str, kept: int) -> tuple[GameState, LegendGroup]:
    """``player`` chooses ``kept`` for the legend rule: the others of its group are put into
    their owners' graveyards (CR 704.5j; not destroyed, so indestructible doesn't help, but a
    creature put there dies, 700.4). Returns the state and the group chosen from."""
    obj = state.obj(kept)
    label = state.label(kept)
    group = next((g for g in legend_groups(state) if kept in g.ids), None)
    if group is None:
        why = (
            f"{label} isn't on the battlefield"
            if obj.zone is not Zone.BATTLEFIELD
            else f"{label} isn't legendary"
            if "legendary" not in obj.supertypes
            else f"{obj.controller} controls no other legendary permanent named {obj.name}"
        )
        groups = legend_groups(state)
        raise EngineError(
            f"The legend rule ({LEGEND_RULE}) has nothing to choose here: {why}.",
            hint=(
                f"Say “{groups[0].controller} keeps #{groups[0].ids[-1]}.”"
                if groups
                else "A player keeps one of two legendary permanents with the same name they "
                "control: “Alice keeps #3.”"
            ),
        )
    if group.controller != state.player(player).name:
        raise EngineError(
            f"{group.controller} controls {label}, so {group.controller} chooses which "
            f"{group.name} stays ({LEGEND_RULE}), not {state.player(player).name}.",
            hint=f"{group.controller} keeps #{kept}.",
        )
    for object_id in group.ids:
        if object_id != kept:
            state, _ = state.move(
                object_id, Zone.GRAVEYARD, f"was put into its owner's graveyard ({LEGEND_RULE})"
            )
    return state, group
