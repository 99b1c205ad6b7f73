"""Riftbound's optional additional costs: [Accelerate] (805) and [Repeat] (820), read from the
real card texts, paid as a card is played and carried out as it enters or resolves."""

from __future__ import annotations

import pytest

from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.optional_costs import (
    OptionalCosts,
    accelerate_cost,
    power_words,
    refusal,
    repeat_costs,
    repeated_text,
)
from bot.engine.riftbound.playing import group_for_executions, target_analysis
from bot.engine.riftbound.state import RbCard, RbState
from bot.engine.verdict import VerdictKind

GAME = RiftboundGame()


@pytest.fixture
def board(cards: dict[str, RbCard]) -> RbState:
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(
        state, "Bob", cards["Blazing Scorcher"], battlefield=cards["Targon's Peak"]
    )
    state, _ = GAME.add_permanent(
        state, "Bob", cards["Stalwart Poro"], battlefield=cards["Targon's Peak"]
    )
    return state


def test_repeat_costs_are_read_per_instance(cards: dict[str, RbCard]) -> None:
    assert repeat_costs(cards["Frigid Touch"]) == ("[2]",)
    assert repeat_costs(cards["Square Up"]) == ("Discard 1",)
    # Curtain Call: three instances, each paid or not (820.1.c.2).
    assert repeat_costs(cards["Curtain Call"]) == ("[1]", "[A]", "[1][A]")
    assert repeat_costs(cards["Hidden Blade"]) == ()
    assert repeat_costs(cards["Blazing Scorcher"]) == ()


def test_costs_are_said_with_the_cards_domain(cards: dict[str, RbCard]) -> None:
    assert power_words("[2][C]", cards["Piercing Light"]) == "[2] and 1 Fury Power"
    # [C] on a card of two domains is any Power (135.2.e.6.b).
    assert power_words("[1][C]", cards["Danger Zone"]) == "[1] and 1 any-domain Power"
    cost, rules = accelerate_cost(cards["Blazing Scorcher"], "1.3")
    assert cost == "[1] and 1 Fury Power" and rules == ("805.1.a", "805.1.a.1")


def test_refusals_name_the_rule(cards: dict[str, RbCard]) -> None:
    poro = refusal(cards["Stalwart Poro"], OptionalCosts(accelerated=True), "1.3")
    assert poro is not None and "Shield" in poro.message and "805.1" in poro.rules
    assert refusal(cards["Blazing Scorcher"], OptionalCosts(accelerated=True), "1.3") is None
    unit = refusal(cards["Blazing Scorcher"], OptionalCosts(repeats=1), "1.3")
    assert unit is not None and unit.rules == ("820.1.a",)
    twice = refusal(cards["Frigid Touch"], OptionalCosts(repeats=2), "1.3")
    assert twice is not None and "820.1.c.3" in twice.rules
    assert refusal(cards["Curtain Call"], OptionalCosts(repeats=3), "1.3") is None
    # Given Repeat by an effect (Temporal Portal): one instance.
    assert refusal(cards["Hidden Blade"], OptionalCosts(repeats=1), "1.3") is None


def test_as_you_play_instructions_are_not_repeated(cards: dict[str, RbCard]) -> None:
    text = repeated_text(cards["Wallop"].text)
    assert "As you play" not in text and "Ready a unit." in text


def test_targets_named_once_are_the_repeats_too(cards: dict[str, RbCard]) -> None:
    blade = target_analysis(cards["Hidden Blade"], "1.3").targets
    assert group_for_executions(blade, [2], 2) == ([[2], [2]], True)
    assert group_for_executions(blade, [2, 3], 2) == ([[2], [3]], False)
    # Piercing Light's second target is "up to one": A and B are the two executions' firsts.
    light = target_analysis(cards["Piercing Light"], "1.3").targets
    assert group_for_executions(light, [2, 3], 2) == ([[2], [], [3], []], False)


def test_accelerated_unit_enters_ready(board: RbState, cards: dict[str, RbCard]) -> None:
    state, verdict = GAME.play(
        board, "Alice", cards["Blazing Scorcher"], costs=OptionalCosts(accelerated=True)
    )
    assert verdict.kind is VerdictKind.LEGAL
    assert not state.obj(verdict.object_ids[0]).exhausted
    assert {"805.1.a", "805.6", "143.4.a"} <= set(verdict.rules)
    state, verdict = GAME.play(board, "Alice", cards["Blazing Scorcher"])
    assert state.obj(verdict.object_ids[0]).exhausted


def test_repeat_on_the_same_target_does_nothing_more(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    recruit = next(o.id for o in board.on_board() if o.name == "Blazing Scorcher")
    state, verdict = GAME.play(
        board, "Alice", cards["Hidden Blade"], targets=[[recruit]], costs=OptionalCosts(repeats=1)
    )
    assert verdict.kind is VerdictKind.LEGAL
    assert state.chain[-1].repeats == 1 and len(state.chain[-1].chosen) == 2
    # The chain item keeps its repeats through a snapshot.
    assert RbState.from_dict(state.to_dict()).chain[-1].repeats == 1
    state, resolved = GAME.resolve_top(state)
    assert resolved.kind is VerdictKind.PARTIAL
    assert [e.happens for e in resolved.effects] == [True, True, False, False]
    assert "820.1.d.1" in resolved.rules


def test_repeat_with_two_targets_kills_both(board: RbState, cards: dict[str, RbCard]) -> None:
    ids = [o.id for o in board.on_board() if o.name in ("Blazing Scorcher", "Stalwart Poro")]
    state, _ = GAME.play(
        board, "Alice", cards["Hidden Blade"], targets=[ids], costs=OptionalCosts(repeats=1)
    )
    state, resolved = GAME.resolve_top(state)
    assert resolved.kind is VerdictKind.RESOLVED
    assert not any(o.name in ("Blazing Scorcher", "Stalwart Poro") for o in state.on_board())


def test_step_by_step_asks_for_the_repeats_targets(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    progress = GAME.start_play(board, "Alice", cards["Hidden Blade"], OptionalCosts(repeats=1))
    recruit = next(o.id for o in board.on_board() if o.name == "Blazing Scorcher")
    progress = progress.choose(recruit)
    choice = progress.next_choice()
    assert choice.kind == "targets" and "for the repeat" in choice.prompt
    assert choice.rule == "820.2"
    progress = progress.choose(recruit)
    assert progress.next_choice().kind == "done"


def test_domains_round_trip_and_old_cards_have_none(cards: dict[str, RbCard]) -> None:
    scorcher = cards["Blazing Scorcher"]
    assert RbCard.from_dict(scorcher.to_dict()) == scorcher
    old = {k: v for k, v in scorcher.to_dict().items() if k != "domains"}
    assert RbCard.from_dict(old).domains == ()


def test_a_spell_that_banishes_itself_isnt_repeated(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    """RQ Las Vegas 2026: "A repeated spell does not resolve again if it is banished during
    execution."  The cleanup the skipped repeat would have run still happens (321)."""
    state, _ = GAME.add_permanent(board, "Alice", cards["Blazing Scorcher"])
    friendly = next(o.id for o in state.on_board() if o.controller == "Alice")
    enemy = next(o.id for o in state.on_board() if o.name == "Stalwart Poro")
    state, played = GAME.play(
        state,
        "Alice",
        cards["Arcane Shift"],
        targets=[[friendly, enemy]],
        costs=OptionalCosts(repeats=1),
    )
    assert played.kind is VerdictKind.LEGAL
    state, resolved = GAME.resolve_top(state)
    assert any("its repeat isn't executed" in note for note in resolved.notes)
    assert len(resolved.effects) == 3  # the first execution's only
    assert enemy not in state.objects or state.obj(enemy).zone.value != "battlefield"
