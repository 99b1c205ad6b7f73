"""Cards changing zones as they are played (``bot.engine.riftbound.zones``)."""

from __future__ import annotations

from bot.engine.errors import EngineError
from bot.engine.riftbound.model import RbKind, RbObject, RbZone
from bot.engine.riftbound.state import RbCard, RbState
from bot.engine.riftbound.zones import (
    THEN_OWNER_PLAYS,
    is_token_card,
    leave_hand,
    new_permanent,
    play_ignoring_cost,
    stated_in_hand,
)

PORO = RbCard("Stalwart Poro", RbKind.UNIT, "[Shield]", 2)
RECRUIT = RbCard("Recruit", RbKind.UNIT, "", 1, ("Recruit",), ("Token",))
TARGONS_PEAK = RbCard("Targon's Peak", RbKind.BATTLEFIELD)


def _in_hand(state: RbState, owner: str, card: RbCard) -> tuple[RbState, int]:
    return state.add(RbObject(0, card.name, card.kind, owner, owner, RbZone.HAND), card)


def test_token_cards_are_tokens_and_cards_are_not() -> None:
    assert is_token_card(RECRUIT) and new_permanent(RECRUIT, "Alice").token
    assert not is_token_card(PORO) and not new_permanent(PORO, "Alice").token


def test_the_copy_in_the_players_own_hand_is_the_one_played() -> None:
    state = RbState(players=("Alice", "Bob"))
    state, _ = _in_hand(state, "Alice", PORO)  # the same card in another player's hand
    state, bobs = _in_hand(state, "Bob", PORO)
    found = stated_in_hand(state, "Bob", "stalwart poro")
    assert found is not None and found.id == bobs
    assert stated_in_hand(state, "Bob", "Recruit") is None


def test_leaving_the_hand_says_what_became_of_the_card() -> None:
    state = RbState(players=("Bob",))
    state, in_hand = _in_hand(state, "Bob", PORO)
    state, played = state.add(new_permanent(PORO, "Bob"), PORO)
    state, note, rules = leave_hand(state, state.obj(in_hand), played)
    assert in_hand not in state.objects and "354" in rules
    assert f"new object, #{played}" in note
    try:
        state.obj(in_hand)
    except EngineError as error:
        assert f"it is now #{played}" in error.message
    else:
        raise AssertionError("the card played is still in the hand")


def test_only_the_three_replay_wordings_are_read() -> None:
    portal = THEN_OWNER_PLAYS.search(
        "banish a friendly unit, then its owner plays it to their base, ignoring its cost."
    )
    shift = THEN_OWNER_PLAYS.search(
        "banish a friendly unit, then its owner plays it, ignoring its cost."
    )
    assert portal is not None and portal.group("where") == "their base"
    assert shift is not None and shift.group("where") is None
    assert THEN_OWNER_PLAYS.search("banish a unit, then play it, reducing its cost by 5.") is None


def _banished_poro(fields: int) -> tuple[RbState, RbObject, RbObject]:
    state = RbState(players=("Alice",))
    for n in range(fields):
        name = ("Targon's Peak", "Rockfall Path")[n]
        state, _ = state.add(
            RbObject(0, name, RbKind.BATTLEFIELD, "Alice", "Alice", RbZone.BATTLEFIELD, name),
            TARGONS_PEAK,
        )
    before = RbObject(
        0, "Stalwart Poro", RbKind.UNIT, "Alice", "Alice", RbZone.BASE, might=2, damage=1
    )
    state, banished = state.add(
        RbObject(0, "Stalwart Poro", RbKind.UNIT, "Alice", "Alice", RbZone.BANISHMENT), PORO
    )
    return state, state.obj(banished), before


def test_a_replayed_unit_is_a_new_exhausted_object_without_its_damage() -> None:
    state, banished, before = _banished_poro(0)
    done = play_ignoring_cost(state, banished, before, "their base")
    assert done.new_id is not None and not done.not_done
    new = done.state.obj(done.new_id)
    assert (new.zone, new.exhausted, new.damage) == (RbZone.BASE, True, 0)
    assert banished.id not in done.state.objects and done.state.played["Alice"] == (done.new_id,)
    assert "without the 1 damage it had" in done.note


def test_any_battlefield_is_the_owners_choice_unless_only_one_is_in_the_game() -> None:
    state, banished, before = _banished_poro(1)
    one = play_ignoring_cost(state, banished, before, "any battlefield")
    assert one.new_id is not None and one.state.obj(one.new_id).location == "Targon's Peak"
    state, banished, before = _banished_poro(2)
    two = play_ignoring_cost(state, banished, before, "any battlefield")
    assert two.new_id is None and two.state is state and "can't choose" in two.note
