"""Cascade (CR 702.85): a spell with cascade triggers as it is cast; its trigger exiles cards
from the top of its controller's library until a nonland card with lesser mana value, which
they may cast without paying its mana cost.

The bot keeps no library, so the user says what was exiled by casting it: after the trigger
resolves, that player's next cast is the cascade's. It is cast while the trigger resolves, so
the stack needn't be empty (608.2g), it must have a lesser mana value than the cascade spell
(702.85a), and it goes on the stack above the cascade spell, so it resolves first.
"""

from __future__ import annotations

import re

from bot.engine.mtg.state import GameState, StackEntry, one_effect_trigger, push_trigger
from bot.engine.verdict import Verdict, VerdictKind

CASCADE = "cascade"
CASCADE_TEXT = (
    "Cascade (When you cast this spell, exile cards from the top of your library until you "
    "exile a nonland card that costs less. You may cast it without paying its mana cost. Put "
    "the exiled cards on the bottom of your library in a random order.)"
)
_TWICE = re.compile(r"^cascade, cascade\b", re.I | re.M)  # Maelstrom Wanderer (702.85c)


def cascade_triggers(state: GameState, entry: StackEntry) -> tuple[GameState, str]:
    """The cascade triggers of the spell just cast, put above it (CR 702.85a, 603.3), and a
    note for the cast's answer; the state unchanged and "" when it has no cascade."""
    spell = state.objects.get(entry.object_id)
    if spell is None or CASCADE not in spell.keywords:
        return state, ""
    spec = one_effect_trigger(CASCADE_TEXT, CASCADE_TEXT, keyword=CASCADE, rule="702.85a")
    name = f"{spell.name}'s cascade trigger"
    times = 2 if _TWICE.search(spell.oracle_text) else 1
    made = []
    for _ in range(times):
        state, trigger = push_trigger(
            state,
            spell,
            entry.controller,
            name,
            spec,
            CASCADE_TEXT,
            refers_to=entry.object_id,
            x=spell.mana_value,
        )
        made.append(f"#{trigger.object_id}")
    note = (
        f"{spell.name} has cascade: {name} ({', '.join(made)}) is on the stack above it and "
        f"will let {entry.controller} cast a nonland card with mana value less than "
        f"{spell.mana_value} without paying its mana cost (702.85a)"
    )
    return state, note


def resolve_cascade(state: GameState, entry: StackEntry) -> tuple[GameState, Verdict]:
    """CR 702.85a: the controller may cast the exiled card; ``state`` has the trigger gone.
    The bot has no library, so it waits for the cast to be said."""
    bound = entry.x or 0
    player = entry.controller
    state = state.with_cascade_cast(player, bound)
    return state, Verdict(
        VerdictKind.RESOLVED,
        f"{entry.name} resolves: {player} exiles cards from the top of their library until a "
        f"nonland card with mana value less than {bound}, and may cast it without paying its "
        "mana cost (702.85a). The bot keeps no library: say what was cast, e.g. "
        f"“{player} casts Lightning Bolt targeting …”. It is cast as the trigger resolves, so "
        "the stack needn't be empty (608.2g), and it resolves before the cascade spell.",
        ("702.85a", "608.2g"),
        object_ids=(entry.object_id,),
    )
