"""A card's mandatory "kill a friendly unit" additional cost (356.6), read from the real card
texts, chosen as the card is played and paid by killing the unit (357.2, 428.1.a.1)."""

from __future__ import annotations

import pytest

from bot.engine.errors import EngineError
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.kill_costs import KillCost, kill_cost, payers
from bot.engine.riftbound.model import RbZone
from bot.engine.riftbound.playing import PlayInProgress
from bot.engine.riftbound.state import RbCard, RbState
from bot.engine.verdict import VerdictKind

GAME = RiftboundGame()


@pytest.fixture
def board(rb_cards: dict[str, RbCard]) -> RbState:
    state = GAME.new_game(("Alice", "Bob"))
    for player, name in (
        ("Alice", "Stalwart Poro"),
        ("Alice", "Watchful Sentry"),
        ("Bob", "Blazing Scorcher"),
    ):
        state, _ = GAME.add_permanent(state, player, rb_cards[name])
    return state


def test_kill_costs_are_read_from_the_cards(rb_cards: dict[str, RbCard]) -> None:
    assert kill_cost(rb_cards["Cruel Patron"]) == KillCost("a friendly unit")
    assert kill_cost(rb_cards["Sacrifice"]) == KillCost("a friendly [Mighty] unit", mighty=True)
    wolf = kill_cost(rb_cards["Stalking Wolf"])
    assert wolf is not None and wolf.tags == ("bird", "cat", "dog", "poro")
    # Zaun Punk's cost is optional ("You may kill ..."); Deathgrip's kill is an effect.
    assert kill_cost(rb_cards["Zaun Punk"]) is None
    assert kill_cost(rb_cards["Deathgrip"]) is None


def test_only_friendly_units_that_fit_can_pay(board: RbState, rb_cards: dict[str, RbCard]) -> None:
    names = lambda cost: sorted(o.name for o in payers(board, "Alice", cost))  # noqa: E731
    assert names(KillCost("a friendly unit")) == ["Stalwart Poro", "Watchful Sentry"]
    assert names(KillCost("a friendly [Mighty] unit", mighty=True)) == []
    wolf = kill_cost(rb_cards["Stalking Wolf"])
    assert wolf is not None and names(wolf) == ["Stalwart Poro"]


def test_cruel_patron_kills_the_unit_as_its_cost_is_paid(
    board: RbState, rb_cards: dict[str, RbCard]
) -> None:
    sentry = next(o for o in board.objects.values() if o.name == "Watchful Sentry")
    state, verdict = GAME.play(board, "Alice", rb_cards["Cruel Patron"], killed=(sentry.id,))
    assert verdict.kind is VerdictKind.LEGAL
    assert {"356.6", "357.2", "428.1.a.1"} <= set(verdict.rules)
    assert state.objects.get(sentry.id) is None or state.obj(sentry.id).zone is RbZone.TRASH
    # Its [Deathknell] triggers as it dies (808.1.d).
    assert any("Watchful Sentry" in item.name for item in state.chain)


def test_a_kill_cost_no_unit_can_pay_refuses_the_play(
    board: RbState, rb_cards: dict[str, RbCard]
) -> None:
    poro = next(o for o in board.objects.values() if o.name == "Stalwart Poro")
    _, verdict = GAME.play(board, "Alice", rb_cards["Sacrifice"])
    assert verdict.kind is VerdictKind.ILLEGAL and "358.4" in verdict.rules
    _, verdict = GAME.play(board, "Alice", rb_cards["Sacrifice"], killed=(poro.id,))
    assert verdict.kind is VerdictKind.ILLEGAL and "isn't Mighty" in verdict.reason
    scorcher = next(o for o in board.objects.values() if o.name == "Blazing Scorcher")
    _, verdict = GAME.play(board, "Alice", rb_cards["Cruel Patron"], killed=(scorcher.id,))
    assert verdict.kind is VerdictKind.ILLEGAL and "Bob's" in verdict.reason


def test_the_unit_must_be_named_and_only_for_a_kill_cost(
    board: RbState, rb_cards: dict[str, RbCard]
) -> None:
    poro = next(o for o in board.objects.values() if o.name == "Stalwart Poro")
    with pytest.raises(EngineError, match="say which"):
        GAME.play(board, "Alice", rb_cards["Cruel Patron"])
    with pytest.raises(EngineError, match="no additional cost that kills"):
        GAME.play(board, "Alice", rb_cards["Stalwart Poro"], killed=(poro.id,))


def test_a_play_in_progress_asks_for_the_unit_first(
    board: RbState, rb_cards: dict[str, RbCard]
) -> None:
    progress = GAME.start_play(board, "Alice", rb_cards["Cruel Patron"])
    choice = progress.next_choice()
    assert choice.kind == "kill" and choice.rule == "356.6"
    assert [text for text, _ in choice.options] == [
        "Alice's Stalwart Poro at base",
        "Alice's Watchful Sentry at base",
    ]
    chosen = progress.choose(choice.options[0][1])
    assert isinstance(chosen, PlayInProgress) and chosen.next_choice().kind == "location"
    assert chosen.back().killed is None


def test_a_question_says_what_the_cost_would_kill(
    board: RbState, rb_cards: dict[str, RbCard]
) -> None:
    poro = next(o for o in board.objects.values() if o.name == "Stalwart Poro")
    answer = GAME.can_play(board, "Alice", rb_cards["Cruel Patron"], killed=(poro.id,))
    assert answer.kind is VerdictKind.YES
    assert any("would kill Alice's Stalwart Poro" in n for n in answer.notes)
    answer = GAME.can_play(board, "Alice", rb_cards["Sacrifice"])
    assert answer.kind is VerdictKind.NO and "358.4" in answer.rules
