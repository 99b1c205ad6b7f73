"""The order of triggered abilities put on the stack together (CR 603.3b): "If a player has
more than one ability to put on the stack, that player puts them on the stack in any order
they choose."  The bot takes an order and says so, naming the statement that changes it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.mtg.state import GameState, StackEntry, WaitingTrigger
from bot.engine.requirements import AbilityKind
from bot.engine.wording import and_list

ORDER_NOTE = "chooses the order of these"


def order_note(state: GameState, controller: str, together: Sequence[StackEntry]) -> str:
    """What the bot chose for ``controller``'s triggers ``together`` (bottom first), and how to
    say another order (CR 603.3b)."""
    top = state.label(together[-1].object_id)
    below = and_list(state.label(entry.object_id) for entry in together[:-1])
    return (
        f"{controller} {ORDER_NOTE} {len(together)} triggers as they go on the stack (603.3b): "
        f"the bot put {top} on top of {below}, so it resolves first; for another order say "
        f"“{controller} puts {state.label(together[0].object_id)} on the stack last.”"
    )


def latest_order_notes(notes: Sequence[str]) -> tuple[str, ...]:
    """``notes`` without an order note a later one restates: attackers declared together are
    declared one by one, and each declaration's note covers every trigger of the declaration so
    far (QA 56 M10), so only the last one says the whole order."""
    kept: list[str] = []
    for n, note in enumerate(notes):
        player, found, _ = note.partition(f" {ORDER_NOTE} ")
        if found and any(later.startswith(f"{player} {ORDER_NOTE} ") for later in notes[n + 1 :]):
            continue
        kept.append(note)
    return tuple(kept)


def put_together_notes(before: GameState, after: GameState, said: Sequence[str]) -> list[str]:
    """An order note for each player with two or more triggered abilities put on the stack by
    one statement and still there (QA 56 M2: Korvold's "whenever you sacrifice" trigger and
    Kitchen Finks's persist, from one sacrifice), unless ``said`` already has theirs: all of
    them waited for the next time a player would receive priority, so they went on together
    (603.3, 603.3b)."""
    known = {entry.object_id for entry in before.stack}
    new = [
        entry
        for entry in after.stack
        if entry.object_id not in known and entry.spec.kind is AbilityKind.TRIGGERED
    ]
    # Triggers waiting for their targets (603.3d) triggered with them too (QA 59 M2: Blood
    # Artist's targeted trigger and Zulaport Cutthroat's untargeted one, from one death).
    waiting = [w for w in after.waiting_triggers if w not in before.waiting_triggers]
    notes = []
    controllers = (*(entry.controller for entry in new), *(w.controller for w in waiting))
    for controller in dict.fromkeys(controllers):
        own = [entry for entry in new if entry.controller == controller]
        own_waiting = [w for w in waiting if w.controller == controller]
        if len(own) + len(own_waiting) < 2 or any(
            note.startswith(f"{controller} {ORDER_NOTE} ") for note in said
        ):
            continue
        if own_waiting:
            notes.append(waiting_order_note(after, controller, own, own_waiting))
        else:
            notes.append(order_note(after, controller, own))
    return notes


def waiting_order_note(
    state: GameState,
    controller: str,
    stacked: Sequence[StackEntry],
    waiting: Sequence[WaitingTrigger],
) -> str:
    """``order_note`` when some of ``controller``'s triggers wait for their targets: each goes
    on the stack as its targets are stated, on top of those already there (603.3b, 603.3d)."""
    count = len(stacked) + len(waiting)
    names = and_list(f"{w.name}'s trigger" for w in waiting)
    one = len(waiting) == 1
    if not stacked:
        return (
            f"{controller} {ORDER_NOTE} {count} triggers as they go on the stack (603.3b): "
            "each goes on the stack as its targets are stated, the last one stated on top, "
            "so it resolves first."
        )
    below = and_list(state.label(entry.object_id) for entry in stacked)
    return (
        f"{controller} {ORDER_NOTE} {count} triggers as they go on the stack (603.3b): the bot "
        f"put {below} on the stack; {names} {'goes' if one else 'go'} on top once "
        f"{'its targets are' if one else 'their targets are'} stated, so "
        f"{'it resolves' if one else 'they resolve'} first; for another order say “{controller} "
        f"puts {state.label(stacked[0].object_id)} on the stack last.” after that."
    )
