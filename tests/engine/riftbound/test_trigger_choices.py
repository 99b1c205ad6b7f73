"""Choices Riftbound leaves to a player as a spell resolves or triggers go on the chain, on
small hand-made cards: the "unless its controller ..." of Shakedown (355.10.d, 359.3.f.2)."""

from __future__ import annotations

import pytest

from bot.engine.errors import EngineError
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.model import RbKind
from bot.engine.riftbound.state import RbCard, RbState
from bot.engine.riftbound.targeting import UnlessChoiceNeeded
from bot.engine.verdict import VerdictKind

GAME = RiftboundGame()
PEAK = RbCard("Targon's Peak", RbKind.BATTLEFIELD)
RECRUIT = RbCard("Recruit", RbKind.UNIT, "", 1)
PORO = RbCard("Poro", RbKind.UNIT, "", 2)
SHAKEDOWN = RbCard(
    "Shakedown",
    RbKind.SPELL,
    "Choose an enemy unit. Deal 6 to it unless its controller has you draw 2.",
)
BOLT = RbCard("Bolt", RbKind.SPELL, "Deal 3 to a unit at a battlefield.")


def _shakedown_on_the_chain() -> tuple[RbState, int]:
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Alice", RECRUIT, battlefield=PEAK)
    state, poro = GAME.add_permanent(state, "Bob", PORO, battlefield=PEAK)
    poro_id = poro.object_ids[0]
    state, played = GAME.play(state, "Alice", SHAKEDOWN, targets=((poro_id,),))
    assert played.kind is VerdictKind.LEGAL
    return state, poro_id


def test_unless_asks_the_chosen_units_controller() -> None:
    state, _ = _shakedown_on_the_chain()
    with pytest.raises(UnlessChoiceNeeded) as asked:
        GAME.resolve_top(state)
    assert asked.value.statements == (
        "Shakedown resolves and Bob has Alice draw 2.",
        "Shakedown resolves and Bob doesn't have Alice draw 2.",
    )
    assert "355.10.d" in asked.value.message
    with pytest.raises(UnlessChoiceNeeded, match="not Alice"):
        GAME.resolve_top(state, unless=("Alice", True))


def test_refusing_the_alternative_deals_the_damage() -> None:
    state, poro_id = _shakedown_on_the_chain()
    after, verdict = GAME.resolve_top(state, unless=("Bob", False))
    assert verdict.kind is VerdictKind.RESOLVED
    assert poro_id not in {o.id for o in after.on_board()}  # 6 damage kills a 2 Might unit
    assert any("Bob doesn't have Alice draw 2" in n for n in verdict.notes)


def test_taking_the_alternative_skips_the_damage() -> None:
    state, poro_id = _shakedown_on_the_chain()
    after, verdict = GAME.resolve_top(state, unless=("Bob", True))
    assert after.obj(poro_id).damage == 0
    [effect] = verdict.effects
    assert not effect.happens and "alternative" in effect.why


def test_a_choice_said_for_a_spell_without_unless_is_refused() -> None:
    state = GAME.new_game(("Alice", "Bob"))
    state, poro = GAME.add_permanent(state, "Bob", PORO, battlefield=PEAK)
    state, _ = GAME.play(state, "Alice", BOLT, targets=((poro.object_ids[0],),))
    with pytest.raises(EngineError, match="has no “unless …” instruction"):
        GAME.resolve_top(state, unless=("Bob", True))
