"""[Ambush] (822.1.b): "I may be played to a battlefield where you control Units" and "I have
[Reaction] as long as I'm being played to a battlefield where you control Units" (QA 36 W3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine.errors import IllegalActionError
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.playing import ambush_battlefields, has_ambush
from bot.engine.riftbound.state import RbCard, RbState
from bot.engine.verdict import VerdictKind

GAME = RiftboundGame()


@pytest.fixture
def board(rb_cards: dict[str, RbCard]) -> RbState:
    """Bob controls Targon's Peak; Alice has Stalwart Poro there; Bob's Hextech Ray is on the
    chain."""
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(
        state, "Alice", rb_cards["Stalwart Poro"], battlefield=rb_cards["Targon's Peak"]
    )
    state, _ = GAME.add_permanent(
        state, "Bob", rb_cards["Blazing Scorcher"], battlefield=rb_cards["Targon's Peak"]
    )
    peak = state.battlefield("Targon's Peak")
    assert peak is not None
    return state.with_object(replace(peak, controller="Bob"))


def test_ambush_is_read_from_the_cards(rb_cards: dict[str, RbCard]) -> None:
    assert has_ambush(rb_cards["Vilemaw"]) and has_ambush(rb_cards["Grim Apothecary"])
    assert not has_ambush(rb_cards["Blazing Scorcher"])


def test_ambush_plays_to_an_enemy_battlefield_where_its_player_has_units(
    board: RbState, rb_cards: dict[str, RbCard]
) -> None:
    assert [b.name for b in ambush_battlefields(board, "Alice")] == ["Targon's Peak"]
    state, verdict = GAME.play(board, "Alice", rb_cards["Vilemaw"], location="Targon's Peak")
    assert verdict.kind is VerdictKind.LEGAL and "822.1.b" in verdict.rules
    assert state.obj(verdict.object_ids[0]).location == "Targon's Peak"


def test_ambush_is_a_reaction_only_to_such_a_battlefield(
    board: RbState, rb_cards: dict[str, RbCard]
) -> None:
    poro = next(o for o in board.objects.values() if o.name == "Stalwart Poro")
    state, verdict = GAME.play(board, "Bob", rb_cards["Hextech Ray"], targets=[[poro.id]])
    assert verdict.kind is VerdictKind.LEGAL
    _, verdict = GAME.play(state, "Alice", rb_cards["Vilemaw"], location="Targon's Peak")
    assert verdict.kind is VerdictKind.LEGAL and "[Reaction]" in " ".join(verdict.notes)
    progress = GAME.start_play(state, "Alice", rb_cards["Vilemaw"])
    assert [v for _, v in progress.next_choice().options] == ["Targon's Peak"]
    with pytest.raises(IllegalActionError, match=r"only through \[Ambush\]"):
        progress.choose("base")
    # Blazing Scorcher has no [Reaction] and no [Ambush].
    _, verdict = GAME.play(state, "Alice", rb_cards["Blazing Scorcher"])
    assert verdict.kind is VerdictKind.ILLEGAL


def test_arachnoid_horror_plays_where_an_enemy_unit_is_alone(
    rb_cards: dict[str, RbCard],
) -> None:
    """QA 36 W4: "I can be played to an occupied battlefield if an enemy unit is alone there."
    and "Friendly units can be played to ..." while it is on the board (002: card text wins)."""
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(
        state, "Bob", rb_cards["Blazing Scorcher"], battlefield=rb_cards["Targon's Peak"]
    )
    peak = state.battlefield("Targon's Peak")
    assert peak is not None
    state = state.with_object(replace(peak, controller="Bob"))
    _, verdict = GAME.play(state, "Alice", rb_cards["Arachnoid Horror"], location="Targon's Peak")
    assert verdict.kind is VerdictKind.LEGAL and "002" in verdict.rules
    _, verdict = GAME.play(state, "Alice", rb_cards["Stalwart Poro"], location="Targon's Peak")
    assert verdict.kind is VerdictKind.ILLEGAL
    state, _ = GAME.add_permanent(state, "Alice", rb_cards["Arachnoid Horror"])
    _, verdict = GAME.play(state, "Alice", rb_cards["Stalwart Poro"], location="Targon's Peak")
    assert verdict.kind is VerdictKind.LEGAL
    # Not alone: a second enemy unit there.
    state, _ = GAME.add_permanent(
        state, "Bob", rb_cards["Stalwart Poro"], battlefield=rb_cards["Targon's Peak"]
    )
    _, verdict = GAME.play(state, "Alice", rb_cards["Arachnoid Horror"], location="Targon's Peak")
    assert verdict.kind is VerdictKind.ILLEGAL
