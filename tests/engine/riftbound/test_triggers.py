"""A permanent's own play and death triggers (383.3, 383.3.a, 383.3.e, 808.1.c-d in v1.3), on
small hand-made cards: which trigger as the card is played or dies, what the bot does with each
(the chain, or a note saying the statement), recalls that are not moves (450, 451), and who
controls a battlefield both players have units at (316.4.a, 187.4.b; QA 25 M2)."""

from __future__ import annotations

import pytest

from bot.engine.errors import EngineError
from bot.engine.riftbound.abilities import read_abilities
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.model import RbKind, RbZone
from bot.engine.riftbound.state import RbCard, RbState
from bot.engine.riftbound.triggers import death_triggers, play_triggers
from bot.engine.verdict import VerdictKind

GAME = RiftboundGame()
PEAK = RbCard("Targon's Peak", RbKind.BATTLEFIELD)
RECRUIT = RbCard("Recruit", RbKind.UNIT, "", 1)
SQUIRE = RbCard("Squire", RbKind.UNIT, "When you play me, draw 1.", 2)
CAPTAIN = RbCard(
    "Captain", RbKind.UNIT, "[Legion] - When you play me, play a 1 [M] Recruit unit token here.", 3
)
STUNNER = RbCard("Stunner", RbKind.UNIT, "When you play me, stun a unit.", 2)
MAYBE = RbCard("Maybe", RbKind.UNIT, "When you play me, you may draw 1.", 2)
IFFY = RbCard("Iffy", RbKind.UNIT, "When you play me, if you control a gear, draw 1.", 2)
RAIDER = RbCard("Raider", RbKind.UNIT, "When you play me to a battlefield, draw 1.", 2)
SPITTER = RbCard("Spitter", RbKind.UNIT, "[Deathknell] - Deal 4 to all units at my battlefield.", 1)


def _kinds(card: RbCard, *, to_battlefield: bool = False) -> list[str]:
    found = play_triggers(read_abilities(card.text), to_battlefield=to_battlefield, version="1.3")
    return [t.handling for t in found]


def test_which_play_triggers_trigger_and_how_the_bot_handles_them() -> None:
    assert _kinds(SQUIRE) == ["chain"]
    assert _kinds(STUNNER) == ["targets"]
    # 383.3.a: "you may" first: its controller chooses; 383.3.e: a condition after it.
    assert _kinds(MAYBE) == ["may"]
    assert _kinds(IFFY) == ["if"]
    assert _kinds(RAIDER) == [] and _kinds(RAIDER, to_battlefield=True) == ["chain"]
    assert _kinds(SPITTER) == []
    died = death_triggers(read_abilities(SPITTER.text), "1.3")
    assert [t.handling for t in died] == ["chain"]
    assert death_triggers(read_abilities("When I die in combat, draw 1."), "1.3") == []


def _board() -> RbState:
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Alice", RECRUIT, battlefield=PEAK)
    return state


def test_a_play_trigger_needing_nothing_goes_on_the_chain_once() -> None:
    state, verdict = GAME.play(_board(), "Alice", SQUIRE)
    assert verdict.kind is VerdictKind.LEGAL
    assert [item.name for item in state.chain] == ["Squire's triggered ability"]
    assert any("triggers as it is played" in note for note in verdict.notes)
    squire = next(o.id for o in state.on_board() if o.name == "Squire")
    again, said = GAME.trigger(state, squire)
    assert again.chain == state.chain and "already on the chain" in said.reason


def test_a_legion_play_trigger_without_another_card_stays_off_the_chain() -> None:
    state, verdict = GAME.play(_board(), "Alice", CAPTAIN)
    assert verdict.kind is VerdictKind.LEGAL and not state.chain
    assert any("doesn't trigger" in note for note in verdict.notes)


def test_a_play_trigger_with_a_target_is_left_to_a_statement() -> None:
    state, verdict = GAME.play(_board(), "Alice", STUNNER)
    assert not state.chain
    assert any("“Stunner's trigger targets …”" in note for note in verdict.notes)


def test_deathknell_goes_on_the_chain_as_the_unit_dies() -> None:
    state, spitter = GAME.add_permanent(_board(), "Alice", SPITTER, battlefield=PEAK)
    after, verdict = GAME.leave(state, spitter.object_ids[0], RbZone.TRASH, event="was killed")
    assert [item.keyword for item in after.chain] == ["Deathknell"]
    source = after.obj(after.chain[0].source_id or 0)
    assert source.zone is RbZone.TRASH and source.left_from == "Targon's Peak"
    assert "808.1.d" in verdict.rules


def test_a_recall_is_not_a_move() -> None:
    state = GAME.new_game(("Alice", "Bob"))
    state, made = GAME.add_permanent(state, "Bob", RECRUIT, battlefield=PEAK)
    unit = made.object_ids[0]
    after, verdict = GAME.recall(state, unit)
    assert after.obj(unit).zone is RbZone.BASE and after.moved.get(unit, 0) == 0
    assert {"450", "451"} <= set(verdict.rules) and "moves to" not in verdict.reason
    moved, _ = GAME.move(state, unit, to_base=True)
    assert moved.moved.get(unit) == 1


def test_battlefield_control_is_not_taken_from_statement_order() -> None:
    state = _board()
    state, verdict = GAME.add_permanent(state, "Bob", RECRUIT, battlefield=PEAK)
    peak = state.battlefield("Targon's Peak")
    assert peak is not None and peak.controller == "" and "187.4.b" in verdict.rules
    # Another statement of Alice's units there doesn't make it hers again.
    state, _ = GAME.add_permanent(state, "Alice", RECRUIT, battlefield=PEAK)
    assert state.battlefield("Targon's Peak").controller == ""  # type: ignore[union-attr]
    with pytest.raises(EngineError, match="no statement said who controls Targon's Peak"):
        GAME.play(state, "Alice", SQUIRE, location="Targon's Peak")
    stated, _ = GAME.add_permanent(state, "Alice", PEAK)
    _, played = GAME.play(stated, "Alice", SQUIRE, location="Targon's Peak")
    assert played.kind is VerdictKind.LEGAL
    # Stated control stays when the other player's units are stated there afterwards.
    again, _ = GAME.add_permanent(stated, "Bob", RECRUIT, battlefield=PEAK)
    assert again.battlefield("Targon's Peak").controller == "Alice"  # type: ignore[union-attr]


def test_old_saves_without_stated_control_still_load() -> None:
    """Games saved before ``control_stated`` was kept load with control as the bot took it."""
    state = _board()
    saved = state.to_dict()
    for obj in saved["objects"]:
        del obj["control_stated"]
    loaded = RbState.from_dict(saved)
    peak = loaded.battlefield("Targon's Peak")
    assert peak is not None and peak.controller == "Alice" and not peak.control_stated
    assert RbState.from_dict(state.to_dict()) == state
