"""Triggered abilities that wait for their targets (CR 603.3, 603.3d).

A triggered ability whose effect targets is put on the stack the next time a player would
receive priority, its controller choosing its targets then (603.3d); the bot can't choose for
them, so it keeps the ability here and the user names its targets ("Blood Artist's trigger
targets Bob."). All triggered abilities go on the stack before any player gets priority (117.5,
603.3b), so nothing on the stack resolves while one waits (QA 42 W2). Riftbound keeps its own
(RbState.waiting_triggers, 383.3).
"""

from __future__ import annotations

import re

from bot.engine.errors import IllegalActionError
from bot.engine.frozen import evolve
from bot.engine.model import GameObject
from bot.engine.mtg.state import GameState, WaitingTrigger

RULES = ("603.3", "603.3d")

# "When this creature enters, choose one —" (Charming Prince): a modal triggered ability, whose
# mode is chosen as it is put on the stack (CR 700.2b, 603.3c).
_MODAL = re.compile(
    r"\bchoose (?:one|two|three|one or more|one or both|any number|up to \w+)\b[^.]*—"
)


def is_modal_trigger(text: str) -> bool:
    """Whether the triggered ability ``text`` is modal (700.2b)."""
    return _MODAL.search(text) is not None


def say_to_put(name: str, text: str) -> str:
    """The statement that puts ``name``'s waiting trigger ``text`` on the stack: its targets
    (603.3d), or for a modal one its mode first (700.2b, 603.3c)."""
    if is_modal_trigger(text):
        return f"“{name}'s trigger goes on the stack choosing …”"
    return f"“{name}'s trigger targets …”"


def chosen_then(text: str) -> str:
    """What its controller chooses as ``text`` goes on the stack."""
    return "the mode and targets" if is_modal_trigger(text) else "the targets"


def wait_for_targets(state: GameState, source: GameObject, text: str, event: str) -> GameState:
    """``state`` with ``source``'s ability ``text`` waiting for its targets, triggered by
    ``event`` ("Grizzly Bears died"): once per event, so two deaths make two (603.2c)."""
    waiting = WaitingTrigger(source.id, source.name, source.controller, text, event)
    return evolve(state, waiting_triggers=(*state.waiting_triggers, waiting))


def current_id(state: GameState, source_id: int) -> int | None:
    """The object ``source_id`` is now, following it through its zone changes (400.7): the
    card in the graveyard a dead Blood Artist became; None once it ceased to exist (a token)."""
    seen: set[int] = set()
    while source_id not in state.objects:
        departure = state.departures.get(source_id)
        if departure is None or departure.new_id is None or source_id in seen:
            return None
        seen.add(source_id)
        source_id = departure.new_id
    return source_id


def stop_waiting(
    state: GameState, source_id: int, text: str
) -> tuple[GameState, WaitingTrigger | None]:
    """``state`` with the waiting trigger that a statement putting ``source_id``'s ability
    ``text`` on the stack names taken off the list, and that trigger; None when none waits
    for it (the bot saw nothing trigger it)."""
    name = state.objects[source_id].name if source_id in state.objects else ""

    def same_source(entry: WaitingTrigger) -> bool:
        return current_id(state, entry.source_id) == source_id

    candidates = [e for e in state.waiting_triggers if same_source(e)] or [
        e for e in state.waiting_triggers if e.name == name
    ]
    found = next((e for e in candidates if e.text == text), None) or next(iter(candidates), None)
    if found is None:
        return state, None
    at = state.waiting_triggers.index(found)
    rest = state.waiting_triggers[:at] + state.waiting_triggers[at + 1 :]
    return evolve(state, waiting_triggers=rest), found


def waiting_refusal(
    state: GameState, doing: str, offers: tuple[str, ...]
) -> IllegalActionError | None:
    """Why ``doing`` ("let the stack resolve") can't happen while a triggered ability waits
    for its targets, with ``offers``, the statements that would put the first one on the
    stack; None when none waits."""
    if not state.waiting_triggers:
        return None
    first = state.waiting_triggers[0]
    more = len(state.waiting_triggers) - 1
    others = f" (and {more} more after it)" if more else ""
    example = f", e.g. “{offers[0].removesuffix('.')}”" if offers else ""
    refusal = IllegalActionError(
        f"{first.name}'s ability triggered when {first.event} (“{first.text}”) and waits to "
        f"go on the stack with {chosen_then(first.text)} {first.controller} chooses{others}: triggered "
        "abilities are put on the stack the next time a player would receive priority, their "
        "targets chosen then, before anyone casts a spell or anything resolves (603.3, "
        f"603.3d). The bot can't choose for {first.controller}, so no one can {doing} until "
        "it is stated.",
        rules=RULES,
        hint=f"Say {say_to_put(first.name, first.text)} first{example}.",
    )
    refusal.statements = offers
    return refusal
