"""Card text that lets a unit be played where 355.2.a doesn't (355.2.b; QA 48 W5): Deadbloom
Predator's "an occupied enemy battlefield" (169.10.a) and Sai Scout's / Miss Fortune,
Buccaneer's "an open battlefield" (169.10.c)."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.model import RbZone
from bot.engine.riftbound.playing import enemy_battlefield_permission
from bot.engine.riftbound.state import BASE, RbCard, RbState
from bot.engine.verdict import VerdictKind

GAME = RiftboundGame()


def _bob_holds_peak(rb_cards: dict[str, RbCard], unit: str = "Stalwart Poro") -> RbState:
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(
        state, "Bob", rb_cards[unit], battlefield=rb_cards["Targon's Peak"]
    )
    peak = state.battlefield("Targon's Peak")
    assert peak is not None
    return state.with_object(replace(peak, controller="Bob"))


def _open_bandle_tree(rb_cards: dict[str, RbCard]) -> RbState:
    """Bandle Tree is in play, empty, and nobody controls it (Alice's Poro went back home)."""
    state = GAME.new_game(("Alice", "Bob"))
    state, verdict = GAME.add_permanent(
        state, "Alice", rb_cards["Stalwart Poro"], battlefield=rb_cards["Bandle Tree"]
    )
    tree = state.battlefield("Bandle Tree")
    assert tree is not None
    poro = state.obj(verdict.object_ids[0])
    state = state.with_object(replace(poro, zone=RbZone.BASE, location=BASE))
    return state.with_object(replace(tree, controller=""))


def test_an_open_battlefield_is_valid_for_sai_scout(rb_cards: dict[str, RbCard]) -> None:
    state = _open_bandle_tree(rb_cards)
    _, verdict = GAME.play(state, "Alice", rb_cards["Sai Scout"], location="Bandle Tree")
    assert verdict.kind is VerdictKind.LEGAL
    assert {"355.2.b", "169.10.c"} <= set(verdict.rules)
    _, verdict = GAME.play(state, "Alice", rb_cards["Pouty Poro"], location="Bandle Tree")
    assert verdict.kind is VerdictKind.ILLEGAL
    # Miss Fortune, Buccaneer: "Friendly units may be played to open battlefields."
    state, _ = GAME.add_permanent(state, "Alice", rb_cards["Miss Fortune, Buccaneer"])
    _, verdict = GAME.play(state, "Alice", rb_cards["Pouty Poro"], location="Bandle Tree")
    assert verdict.kind is VerdictKind.LEGAL
    assert "Miss Fortune, Buccaneer's text lets Pouty Poro" in " ".join(verdict.notes)
    # Bob's Miss Fortune gives Alice's units nothing.
    state = _open_bandle_tree(rb_cards)
    state, _ = GAME.add_permanent(state, "Bob", rb_cards["Miss Fortune, Buccaneer"])
    _, verdict = GAME.play(state, "Alice", rb_cards["Pouty Poro"], location="Bandle Tree")
    assert verdict.kind is VerdictKind.ILLEGAL


def test_an_occupied_battlefield_is_not_open(rb_cards: dict[str, RbCard]) -> None:
    state = _open_bandle_tree(rb_cards)
    state, _ = GAME.add_permanent(
        state, "Bob", rb_cards["Stalwart Poro"], battlefield=rb_cards["Bandle Tree"]
    )
    tree = state.battlefield("Bandle Tree")
    assert tree is not None
    state = state.with_object(replace(tree, controller=""))
    _, verdict = GAME.play(state, "Alice", rb_cards["Sai Scout"], location="Bandle Tree")
    assert verdict.kind is VerdictKind.ILLEGAL


def test_occupied_enemy_battlefield_is_valid_for_deadbloom_predator(
    rb_cards: dict[str, RbCard],
) -> None:
    state = _bob_holds_peak(rb_cards)
    permission = enemy_battlefield_permission(state, "Alice", rb_cards["Deadbloom Predator"])
    assert permission is not None and permission.battlefields == ("Targon's Peak",)
    assert "169.10.a" in permission.rules
    _, verdict = GAME.play(state, "Alice", rb_cards["Deadbloom Predator"], location="Targon's Peak")
    assert verdict.kind is VerdictKind.LEGAL
    assert {"355.2.b", "169.10.a", "002"} <= set(verdict.rules)
    assert "occupied enemy battlefield" in " ".join(verdict.notes)
    # Dauntless Vanguard has the same text; a plain unit still may not.
    _, verdict = GAME.play(state, "Alice", rb_cards["Dauntless Vanguard"], location="Targon's Peak")
    assert verdict.kind is VerdictKind.LEGAL
    _, verdict = GAME.play(state, "Alice", rb_cards["Pouty Poro"], location="Targon's Peak")
    assert verdict.kind is VerdictKind.ILLEGAL


def test_an_open_battlefield_is_not_an_occupied_enemy_one(rb_cards: dict[str, RbCard]) -> None:
    state = _bob_holds_peak(rb_cards)
    _, verdict = GAME.play(state, "Alice", rb_cards["Sai Scout"], location="Targon's Peak")
    assert verdict.kind is VerdictKind.ILLEGAL


def test_mageseeker_warden_beats_the_permission(rb_cards: dict[str, RbCard]) -> None:
    state = _bob_holds_peak(rb_cards, "Mageseeker Warden")
    _, verdict = GAME.play(state, "Alice", rb_cards["Deadbloom Predator"], location="Targon's Peak")
    assert verdict.kind is VerdictKind.ILLEGAL and "054.1" in verdict.rules


def test_rengar_pouncing_plays_where_its_player_is_attacking(
    rb_cards: dict[str, RbCard],
) -> None:
    state = _bob_holds_peak(rb_cards)
    rengar = rb_cards["Rengar, Pouncing"]
    _, verdict = GAME.play(state, "Alice", rengar, location="Targon's Peak")
    assert verdict.kind is VerdictKind.ILLEGAL  # no unit of Alice's there: no attack
    state, _ = GAME.add_permanent(
        state, "Alice", rb_cards["Pouty Poro"], battlefield=rb_cards["Targon's Peak"]
    )
    peak = state.battlefield("Targon's Peak")
    assert peak is not None
    state = state.with_object(replace(peak, controller="Bob"))  # Bob's, under attack
    _, verdict = GAME.play(state, "Alice", rengar, location="Targon's Peak")
    assert verdict.kind is VerdictKind.LEGAL and "316.4.a" in verdict.rules
