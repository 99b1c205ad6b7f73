"""Moves counted per object for the turn (Kayn, Unleashed: "If I have moved twice this turn,
I don't take damage."), kept in saved games; games saved before moves were counted load with
none."""

from __future__ import annotations

import json

from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.model import RbKind
from bot.engine.riftbound.state import RbCard, RbState

GAME = RiftboundGame()
PEAK = RbCard("Targon's Peak", RbKind.BATTLEFIELD)
PATH = RbCard("Rockfall Path", RbKind.BATTLEFIELD)
KAYN = RbCard(
    "Kayn, Unleashed",
    RbKind.UNIT,
    "[Ganking]\nIf I have moved twice this turn, I don't take damage.",
    6,
)


def test_moves_are_counted_and_survive_a_save() -> None:
    state = GAME.new_game(("Alice", "Bob"))
    state, verdict = GAME.add_permanent(state, "Alice", KAYN, battlefield=PEAK)
    kayn = verdict.object_ids[0]
    state, _ = GAME.move(state, kayn, battlefield=PATH)
    state, _ = GAME.move(state, kayn, battlefield=PEAK)
    assert state.moved == {kayn: 2}
    again = RbState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.moved == {kayn: 2}
    saved = state.to_dict()
    del saved["moved"]  # a game saved before moves were counted
    assert RbState.from_dict(saved).moved == {}
