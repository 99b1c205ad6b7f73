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
    state, _ = GAME.hide(
        board, "Alice", cards["Back Off"], cards["Targon's Peak"], earlier_turn=True
    )
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
    assert "Alice hides Back Off at Targon's Peak on an earlier turn." in verdict.reason


def test_a_hidden_unit_is_played_to_its_battlefield(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    state, _ = GAME.hide(
        board, "Alice", cards["Blastcone Fae"], cards["Targon's Peak"], earlier_turn=True
    )
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
    state, _ = GAME.hide(
        board, "Alice", cards["Back Off"], cards["Targon's Peak"], earlier_turn=True
    )
    assert RbState.from_dict(state.to_dict()) == state
    poro = _id(state, "Stalwart Poro")
    state, _ = GAME.play(state, "Alice", cards["Back Off"], targets=[[poro]], from_hidden=True)
    assert RbState.from_dict(state.to_dict()).chain[-1].from_hidden


def test_a_hidden_units_play_effect_chooses_at_its_battlefield(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    # 811.1.d.2's example: Blastcone Fae's "When you play me, give a unit -2 [M] ...".
    state, _ = GAME.hide(
        board, "Alice", cards["Blastcone Fae"], cards["Targon's Peak"], earlier_turn=True
    )
    state, played = GAME.play(state, "Alice", cards["Blastcone Fae"], from_hidden=True)
    fae = played.object_ids[0]
    assert state.obj(fae).played_from_hiding
    _, away = GAME.trigger(state, fae, targets=[[_id(state, "Watchful Sentry")]])
    assert away.kind is VerdictKind.ILLEGAL and "811.1.d.2" in away.rules
    _, there = GAME.trigger(state, fae, targets=[[_id(state, "Stalwart Poro")]])
    assert there.kind is VerdictKind.LEGAL


def test_a_card_hidden_this_turn_is_played_from_hiding_only_on_a_later_turn(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    # 811.1.b: "Beginning on the next turn, this gains [Reaction] and you may play this".
    state, hidden = GAME.hide(board, "Alice", cards["Back Off"], cards["Targon's Peak"])
    assert "on a later turn" in hidden.reason
    poro = _id(state, "Stalwart Poro")
    _, too_soon = GAME.play(state, "Alice", cards["Back Off"], targets=[[poro]], from_hidden=True)
    assert too_soon.kind is VerdictKind.ILLEGAL and too_soon.rules == ("811.1.b",)
    assert "this turn" in too_soon.reason and "on a later turn" in too_soon.reason
    later, turn = GAME.later_turn(state)
    assert "Alice's Back Off at Targon's Peak may now be played" in turn.reason
    assert "isn't kept apart" not in turn.reason  # "this turn" Might ends with it (317.2.c)
    _, played = GAME.play(later, "Alice", cards["Back Off"], targets=[[poro]], from_hidden=True)
    assert played.kind is VerdictKind.LEGAL
    assert RbState.from_dict(state.to_dict()) == state  # hidden this turn is saved


def test_a_hidden_card_is_removed_when_its_controller_loses_the_battlefield(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    # 107.3.d: "If a player loses Control of a Battlefield, any cards in the Facedown Zone
    # associated with that Battlefield are removed during the next Cleanup"; 323.7: "... place
    # them in their owner's Trash".
    state, _ = GAME.hide(
        board, "Alice", cards["Back Off"], cards["Targon's Peak"], earlier_turn=True
    )
    state, lost = GAME.add_permanent(state, "Bob", cards["Targon's Peak"])
    assert {"107.3.d", "323.7"} <= set(lost.rules)
    assert hidden_card(state, "Alice", "Back Off") is None
    assert any(o.name == "Back Off" and o.zone is RbZone.TRASH for o in state.objects.values())
    poro = _id(state, "Stalwart Poro")
    _, verdict = GAME.play(state, "Alice", cards["Back Off"], targets=[[poro]], from_hidden=True)
    assert verdict.kind is VerdictKind.ILLEGAL and "107.3.d" in verdict.rules
    assert "lost control of Targon's Peak" in verdict.reason


def test_a_unit_a_hidden_spell_plays_is_played_at_its_battlefield(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    # 811.1.d.3: "If a hidden spell ... causes you to play a unit, you must choose to play that
    # unit at that battlefield." Guards!: "Play a 2 [M] Sand Soldier unit token."
    state, _ = GAME.hide(
        board, "Alice", cards["Guards!"], cards["Targon's Peak"], earlier_turn=True
    )
    state, _ = GAME.play(state, "Alice", cards["Guards!"], from_hidden=True)
    state, resolved = GAME.resolve_top(state)
    soldier = next(o for o in state.objects.values() if o.name == "Sand Soldier")
    assert soldier.location == "Targon's Peak" and "811.1.d.3" in resolved.rules
    # From a hand, it goes to its player's base.
    state, _ = GAME.play(board, "Alice", cards["Guards!"])
    state, _ = GAME.resolve_top(state)
    soldier = next(o for o in state.objects.values() if o.name == "Sand Soldier")
    assert soldier.zone is RbZone.BASE


def test_monster_harpoons_instead_replaces_the_first_damage(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    # Monster Harpoon: "Deal 2 to a unit at a battlefield. If you control a facedown card, deal
    # 4 to it instead." 157.2: a later part's replacement alters the earlier part - 4, not 2+4.
    state, _ = GAME.add_permanent(
        board, "Bob", cards["Blazing Scorcher"], battlefield=cards["Targon's Peak"]
    )
    scorcher = _id(state, "Blazing Scorcher")
    hidden, _ = GAME.hide(state, "Alice", cards["Back Off"], cards["Targon's Peak"])
    after, _ = GAME.play(hidden, "Alice", cards["Monster Harpoon"], targets=[[scorcher]])
    after, resolved = GAME.resolve_top(after)
    assert after.obj(scorcher).damage == 4 and "157.2" in resolved.rules
    first = next(e for e in resolved.effects if e.text.startswith("Deal 2"))
    assert not first.happens and "replaces it" in first.why
    # Without a facedown card, only the 2.
    after, _ = GAME.play(state, "Alice", cards["Monster Harpoon"], targets=[[scorcher]])
    after, _ = GAME.resolve_top(after)
    assert after.obj(scorcher).damage == 2


@pytest.mark.parametrize(
    ("card", "kind", "rule"),
    [
        ("Vengeance", VerdictKind.NO, "343.1.a"),
        ("Hextech Ray", VerdictKind.YES, "806.1.c.1"),
        ("Hard Bargain", VerdictKind.YES, "813.2"),
        ("Blazing Scorcher", VerdictKind.NO, "343.1.a"),
    ],
)
def test_whether_a_card_may_be_played_in_a_showdown(
    board: RbState, cards: dict[str, RbCard], card: str, kind: VerdictKind, rule: str
) -> None:
    verdict = GAME.showdown_timing(board, "Bob", cards[card], "showdown")
    assert verdict.kind is kind and rule in verdict.rules
    assert "aren't modelled" in verdict.reason
