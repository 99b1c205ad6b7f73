"""Riftbound's [Hidden] (811): hiding a card facedown at a battlefield its player controls, and
playing it from there with [Reaction], its choices made at that battlefield."""

from __future__ import annotations

import pytest

from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.hidden import has_hidden, hidden_card
from bot.engine.riftbound.model import RbZone
from bot.engine.riftbound.state import RbCard, RbState
from bot.engine.verdict import VerdictKind

GAME = RiftboundGame()


@pytest.fixture
def board(cards: dict[str, RbCard]) -> RbState:
    """Alice controls Targon's Peak; Bob's Stalwart Poro is there, his Watchful Sentry in base."""
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Alice", cards["Targon's Peak"])
    state, _ = GAME.add_permanent(
        state, "Bob", cards["Stalwart Poro"], battlefield=cards["Targon's Peak"]
    )
    state, _ = GAME.add_permanent(state, "Bob", cards["Watchful Sentry"])
    return state


def _id(state: RbState, name: str) -> int:
    return next(o.id for o in state.objects.values() if o.name == name and o.zone != RbZone.HAND)


def test_hidden_is_read_from_the_card(cards: dict[str, RbCard]) -> None:
    assert has_hidden(cards["Back Off"]) and has_hidden(cards["Blastcone Fae"])
    assert not has_hidden(cards["Void Seeker"])


def test_a_hidden_card_is_facedown_at_its_battlefield(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    state, verdict = GAME.hide(board, "Alice", cards["Back Off"], cards["Targon's Peak"])
    assert verdict.kind is VerdictKind.OK
    assert {"811.1.b", "811.1.c.2"} <= set(verdict.rules)
    hidden = hidden_card(state, "Alice", "Back Off")
    assert hidden is not None and hidden.location == "Targon's Peak"
    assert hidden.zone is RbZone.FACEDOWN
    # One card per facedown zone (107.3.b).
    _, again = GAME.hide(state, "Alice", cards["Stand United"], cards["Targon's Peak"])
    assert again.kind is VerdictKind.ILLEGAL and "107.3.b" in again.rules


def test_hiding_needs_a_battlefield_you_control_and_an_open_state(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    _, bobs = GAME.hide(board, "Bob", cards["Back Off"], cards["Targon's Peak"])
    assert bobs.kind is VerdictKind.ILLEGAL and "controlled by Alice" in bobs.reason
    state, _ = GAME.play(
        board, "Bob", cards["Void Seeker"], targets=[[_id(board, "Stalwart Poro")]]
    )
    _, closed = GAME.hide(state, "Alice", cards["Back Off"], cards["Targon's Peak"])
    assert closed.kind is VerdictKind.ILLEGAL and "309.2" in closed.rules


def test_played_from_hiding_it_has_reaction_and_chooses_there(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    state, _ = GAME.hide(board, "Alice", cards["Back Off"], cards["Targon's Peak"])
    poro, sentry = _id(state, "Stalwart Poro"), _id(state, "Watchful Sentry")
    state, _ = GAME.play(state, "Bob", cards["Void Seeker"], targets=[[poro]])
    # From a hand on a Closed State: no [Reaction] (811.3), and the answer says what hiding
    # would have given (811.6).
    _, from_hand = GAME.play(state, "Alice", cards["Back Off"], targets=[[poro]])
    assert from_hand.kind is VerdictKind.ILLEGAL and "811.6" in from_hand.rules
    _, elsewhere = GAME.play(
        state, "Alice", cards["Back Off"], targets=[[sentry]], from_hidden=True
    )
    assert elsewhere.kind is VerdictKind.ILLEGAL and "811.1.d.2" in elsewhere.rules
    after, played = GAME.play(state, "Alice", cards["Back Off"], targets=[[poro]], from_hidden=True)
    assert played.kind is VerdictKind.LEGAL and "811.6" in played.rules
    assert hidden_card(after, "Alice", "Back Off") is None  # it left the facedown zone
    assert after.chain[-1].from_hidden
    # "If you played this from your hand, draw 1" doesn't hold.
    _, resolved = GAME.resolve_top(after)
    draw = next(e for e in resolved.effects if "from your hand" in e.text)
    assert not draw.happens and "from hiding" in draw.why


def test_nothing_hidden_nothing_played_from_hiding(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    poro = _id(board, "Stalwart Poro")
    _, verdict = GAME.play(board, "Alice", cards["Back Off"], targets=[[poro]], from_hidden=True)
    assert verdict.kind is VerdictKind.ILLEGAL
    assert "Alice hides Back Off at Targon's Peak." in verdict.reason


def test_a_hidden_unit_is_played_to_its_battlefield(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    state, _ = GAME.hide(board, "Alice", cards["Blastcone Fae"], cards["Targon's Peak"])
    after, verdict = GAME.play(state, "Alice", cards["Blastcone Fae"], from_hidden=True)
    assert verdict.kind is VerdictKind.LEGAL
    assert after.obj(verdict.object_ids[0]).location == "Targon's Peak"
    _, to_base = GAME.play(
        state, "Alice", cards["Blastcone Fae"], location="base", from_hidden=True
    )
    assert to_base.kind is VerdictKind.ILLEGAL and "811.1.d.1" in to_base.rules


def test_a_hidden_card_and_a_play_from_hiding_are_saved(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    state, _ = GAME.hide(board, "Alice", cards["Back Off"], cards["Targon's Peak"])
    assert RbState.from_dict(state.to_dict()) == state
    poro = _id(state, "Stalwart Poro")
    state, _ = GAME.play(state, "Alice", cards["Back Off"], targets=[[poro]], from_hidden=True)
    assert RbState.from_dict(state.to_dict()).chain[-1].from_hidden


def test_a_hidden_units_play_effect_chooses_at_its_battlefield(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    # 811.1.d.2's example: Blastcone Fae's "When you play me, give a unit -2 [M] ...".
    state, _ = GAME.hide(board, "Alice", cards["Blastcone Fae"], cards["Targon's Peak"])
    state, played = GAME.play(state, "Alice", cards["Blastcone Fae"], from_hidden=True)
    fae = played.object_ids[0]
    assert state.obj(fae).played_from_hiding
    _, away = GAME.trigger(state, fae, targets=[[_id(state, "Watchful Sentry")]])
    assert away.kind is VerdictKind.ILLEGAL and "811.1.d.2" in away.rules
    _, there = GAME.trigger(state, fae, targets=[[_id(state, "Stalwart Poro")]])
    assert there.kind is VerdictKind.LEGAL
