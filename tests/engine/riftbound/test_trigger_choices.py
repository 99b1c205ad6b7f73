"""Choices Riftbound leaves to a player as a spell resolves or triggers go on the chain, on
small hand-made cards: the "unless its controller ..." of Shakedown (355.10.d, 359.3.f.2)."""

from __future__ import annotations

import pytest

from bot.engine.errors import EngineError
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.model import RbKind
from bot.engine.riftbound.state import RbCard, RbState
from bot.engine.riftbound.targeting import UnlessChoiceNeeded
from bot.engine.verdict import Verdict, VerdictKind

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


SENTRY = RbCard("Sentry", RbKind.UNIT, "[Deathknell] - Draw 1.", 1)
SPITTER = RbCard("Spitter", RbKind.UNIT, "[Deathknell] - Deal 4 to all units at my battlefield.", 1)
SCOUT = RbCard("Scout", RbKind.UNIT, "[Deathknell] - Draw 1.", 1)
FLURRY = RbCard("Flurry", RbKind.SPELL, "Deal 1 to all units at battlefields.")


def _flurry_resolved(*bobs: RbCard) -> tuple[RbState, Verdict]:
    state = GAME.new_game(("Alice", "Bob"))
    for card in (SENTRY, SPITTER):
        state, _ = GAME.add_permanent(state, "Alice", card, battlefield=PEAK)
    for card in bobs:
        state, _ = GAME.add_permanent(state, "Bob", card, battlefield=PEAK)
    state, _ = GAME.play(state, "Bob", FLURRY)
    return GAME.resolve_top(state)


def test_triggers_that_trigger_together_are_ordered_by_default_and_said() -> None:
    state, verdict = _flurry_resolved()
    assert [i.source_name for i in state.chain] == ["Sentry", "Spitter"]
    first, second = state.chain
    assert first.batch == second.batch == first.id
    assert "383.3.d" in verdict.rules
    assert verdict.offers == ("Alice puts Spitter's trigger on the chain first.",)
    assert any("Sentry's (#" in n and "first" in n for n in verdict.notes)


def test_their_controller_reorders_them_while_they_are_on_top() -> None:
    state, _ = _flurry_resolved()
    spitter = state.chain[-1]
    refused, said = GAME.order_first(state, "Bob", spitter.id)
    assert said.kind is VerdictKind.ILLEGAL and refused is state
    after, said = GAME.order_first(state, "Alice", spitter.id)
    assert said.kind is VerdictKind.OK
    assert [i.source_name for i in after.chain] == ["Spitter", "Sentry"]
    again, said = GAME.order_first(after, "Alice", spitter.id)
    assert again is after and "already the first" in said.reason
    # Once one of them resolved, the order is past choosing.
    resolved, _ = GAME.resolve_top(after)
    _, said = GAME.order_first(resolved, "Alice", spitter.id)
    assert said.kind is VerdictKind.ILLEGAL


def test_another_players_triggers_from_the_same_event_dont_fix_the_order() -> None:
    """383.3.d.1: each player orders theirs, the turn player's first; Bob's, put on after
    Alice's, don't stop Alice from ordering hers."""
    state, verdict = _flurry_resolved(SCOUT)
    assert [i.source_name for i in state.chain] == ["Sentry", "Spitter", "Scout"]
    assert "383.3.d.1" in verdict.rules
    sentry = state.chain[0]
    after, said = GAME.order_first(state, "Alice", state.chain[1].id)
    assert said.kind is VerdictKind.OK
    assert [i.source_name for i in after.chain] == ["Spitter", "Sentry", "Scout"]
    _, said = GAME.order_first(state, "Bob", state.chain[2].id)
    assert said.kind is VerdictKind.ILLEGAL  # Bob's one trigger has no order to choose
    assert sentry.batch


def test_a_trigger_alone_has_no_order() -> None:
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Alice", SENTRY, battlefield=PEAK)
    state, _ = GAME.play(state, "Bob", FLURRY)
    state, verdict = GAME.resolve_top(state)
    [alone] = state.chain
    assert alone.batch == 0 and not verdict.offers
    _, said = GAME.order_first(state, "Alice", alone.id)
    assert said.kind is VerdictKind.ILLEGAL


def test_the_mark_of_triggers_put_on_together_is_kept_in_snapshots() -> None:
    state, _ = _flurry_resolved()
    loaded = RbState.from_dict(state.to_dict())
    assert [i.batch for i in loaded.chain] == [i.batch for i in state.chain] != [0, 0]
    old = state.to_dict()
    for item in old["chain"]:
        del item["batch"]  # a snapshot from before the mark: none is marked
    assert [i.batch for i in RbState.from_dict(old).chain] == [0, 0]


JAX = RbCard(
    "Jax",
    RbKind.UNIT,
    "Your Equipment everywhere have [Quick-Draw]. (Each gains [Reaction]. When you play it, "
    "attach it to a unit you control.)",
    5,
)
BLADE = RbCard("Blade", RbKind.GEAR, "[Equip] [1]", tags=("Equipment",))


def test_a_granted_quick_draw_offers_each_unit_its_player_controls() -> None:
    """819.1.d: "attach it to a Unit you control": the choice is the player's; each unit is
    named as plainly as tells it apart (Bob's Recruit shares the name)."""
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Alice", JAX)
    state, _ = GAME.add_permanent(state, "Alice", RECRUIT, battlefield=PEAK)
    state, _ = GAME.add_permanent(state, "Bob", RECRUIT, battlefield=PEAK)
    _, verdict = GAME.play(state, "Alice", BLADE)
    assert verdict.offers == (
        "Blade's trigger targets Jax.",
        "Blade's trigger targets Alice's Recruit.",
    )
    assert any("Alice chooses which of Alice's units" in n for n in verdict.notes)
    # Without Jax, the Blade has no Quick-Draw, and nothing is offered.
    bare = GAME.new_game(("Alice", "Bob"))
    bare, _ = GAME.add_permanent(bare, "Alice", RECRUIT, battlefield=PEAK)
    _, verdict = GAME.play(bare, "Alice", BLADE)
    assert verdict.offers == ()


def test_two_different_triggers_of_one_source_are_offered_by_id() -> None:
    twice = RbCard(
        "Twice", RbKind.UNIT, "[Deathknell] - Draw 1.\n[Deathknell] - Channel 1 rune exhausted.", 1
    )
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Alice", twice, battlefield=PEAK)
    state, _ = GAME.play(state, "Bob", FLURRY)
    state, verdict = GAME.resolve_top(state)
    first, second = state.chain
    assert first.source_name == second.source_name == "Twice"
    assert verdict.offers == (f"Alice puts #{second.id} on the chain first.",)
