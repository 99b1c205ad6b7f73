"""The Riftbound game facade: board, chain, one-choice-at-a-time play, JSON states, and the
games' shared ``GameEngine`` seam."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.game_engine import GameEngine
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.model import RbKind, RbZone
from bot.engine.riftbound.playing import group_refs
from bot.engine.riftbound.state import BASE, RbCard, RbState
from bot.engine.verdict import VerdictKind

GAME = RiftboundGame()


@pytest.fixture
def board(cards: dict[str, RbCard]) -> RbState:
    state = GAME.new_game(("Alice", "Bob"))
    state, _ = GAME.add_permanent(state, "Alice", cards["Blazing Scorcher"])
    state, _ = GAME.add_permanent(
        state, "Bob", cards["Blazing Scorcher"], battlefield=cards["Targon's Peak"]
    )
    return state


def test_board_has_units_at_a_base_and_a_battlefield(board: RbState) -> None:
    peak = board.battlefield("targon's peak")
    assert peak is not None and peak.controller == "Bob"  # created when first named
    units = board.on_board()
    assert [(u.controller, u.zone, u.location, u.might) for u in units] == [
        ("Alice", RbZone.BASE, "", 5),
        ("Bob", RbZone.BATTLEFIELD, "Targon's Peak", 5),
    ]


def test_state_round_trips_through_json(board: RbState, cards: dict[str, RbCard]) -> None:
    import json

    state, verdict = GAME.play(board, "Alice", cards["Void Seeker"], targets=[[3]])
    assert verdict.kind is VerdictKind.LEGAL
    state, _ = GAME.leave(state, 1, RbZone.TRASH)
    again = RbState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again == state
    with pytest.raises(EngineError, match="new object"):
        again.obj(1)


def test_plays_are_recorded_per_player_and_old_saves_have_none(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    import json

    state, verdict = GAME.play(board, "Alice", cards["Void Seeker"], targets=[[3]])
    assert state.played == {"Alice": (verdict.object_ids[0],)}
    state, refused = GAME.play(state, "Bob", cards["Void Seeker"], targets=[[2]])
    assert refused.kind is VerdictKind.ILLEGAL and "Bob" not in state.played  # not played
    assert RbState.from_dict(json.loads(json.dumps(state.to_dict()))).played == state.played
    saved = state.to_dict()
    del saved["played"]  # a game saved before plays were recorded
    assert RbState.from_dict(saved).played == {}


def test_death_replacements_round_trip_and_old_saves_still_load(board: RbState) -> None:
    import json

    unit = board.obj(3)
    both = board.with_object(
        replace(unit, dies_instead=(("recall", "Tactical Retreat"), ("banish", "Smite")))
    )
    assert RbState.from_dict(json.loads(json.dumps(both.to_dict()))) == both
    # A game saved when a unit kept a single replacement, as a kind and the card's name.
    old = both.to_dict()
    saved = next(o for o in old["objects"] if o["id"] == 3)
    saved["dies_instead"], saved["dies_instead_by"] = "banish", "Smite"
    assert RbState.from_dict(old).obj(3).dies_instead == (("banish", "Smite"),)
    saved["dies_instead"], saved["dies_instead_by"] = "", ""
    assert RbState.from_dict(old).obj(3).dies_instead == ()


def test_play_one_choice_at_a_time_and_back(board: RbState, cards: dict[str, RbCard]) -> None:
    progress = GAME.start_play(board, "Bob", cards["Blazing Scorcher"])
    choice = progress.next_choice()
    assert choice.kind == "location" and choice.rule == "355.2"
    assert [value for _, value in choice.options] == [BASE, "Targon's Peak"]
    progress = progress.choose("Targon's Peak")
    assert progress.next_choice().kind == "done"
    assert progress.back().location is None
    state, verdict = GAME.finish(progress)
    assert verdict.kind is VerdictKind.LEGAL and not state.chain
    assert state.obj(verdict.object_ids[0]).location == "Targon's Peak"

    spell = GAME.start_play(board, "Alice", cards["Void Seeker"])
    choice = spell.next_choice()
    assert choice.kind == "targets" and [v for _, v in choice.options] == [3]
    with pytest.raises(IllegalActionError):
        spell.choose(2)  # Alice's unit is at her base, not at a battlefield
    state, verdict = GAME.finish(spell.choose([3]))
    assert [i.name for i in state.chain] == ["Void Seeker"]


def test_only_the_newest_item_resolves(board: RbState, cards: dict[str, RbCard]) -> None:
    state, first = GAME.play(board, "Alice", cards["Void Seeker"], targets=[[3]])
    # Only a [Reaction] card can be played while the chain is open (309.1.a): Discipline is one.
    might = state.obj(1).might or 0
    state, _ = GAME.play(state, "Bob", cards["Discipline"], targets=[[1]])
    same, verdict = GAME.resolve(state, first.object_ids[0])
    assert verdict.kind is VerdictKind.ILLEGAL and verdict.rules == ("340.1",) and same is state
    state, verdict = GAME.resolve_top(state)
    assert state.obj(1).might == might + 2 and verdict.kind is VerdictKind.RESOLVED


def test_a_token_leaving_the_board_ceases_to_exist(board: RbState) -> None:
    state, verdict = GAME.add_token(board, "Bob", "Recruit", 1)
    token = verdict.object_ids[0]
    state, verdict = GAME.leave(state, token, RbZone.TRASH)
    assert not verdict.object_ids and token not in state.objects


def test_through_the_game_seam_riftbound_has_no_fizzle(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    # 359.3.e.1: a spell whose targets are all illegal still resolves, doing what it can.
    rules: GameEngine[RbState] = GAME  # the seam the executors are written over
    assert rules.game == "riftbound" and rules.has_fizzle is False
    assert rules.does_target("Ready your legend").kind is VerdictKind.NO
    assert rules.is_legal_target(board, "Alice", cards["Void Seeker"], 3).kind is VerdictKind.LEGAL
    assert rules.can_play(board, "Alice", cards["Void Seeker"]).kind is VerdictKind.YES
    state, _ = GAME.play(board, "Alice", cards["Void Seeker"], targets=[[3]])
    state, _ = GAME.leave(state, 3, RbZone.TRASH)
    _, verdict = rules.resolve_top(state)
    assert verdict.kind is VerdictKind.PARTIAL  # never "fizzled"


def test_unknown_ids_and_unplayable_cards_are_errors(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    with pytest.raises(EngineError, match="no object #99"):
        GAME.set_might(board, 99, 3)
    with pytest.raises(IllegalActionError, match="isn't played"):
        GAME.start_play(board, "Alice", cards["Targon's Peak"])
    _, verdict = GAME.play(board, "Alice", cards["Blazing Scorcher"], targets=[[3]])
    assert verdict.kind is VerdictKind.ILLEGAL and "never have targets" in verdict.reason


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=50), max_size=8))
def test_group_refs_keeps_every_ref_in_order(refs: list[int]) -> None:
    from bot.engine.riftbound.analysis import analyse

    targets = analyse("Deal 2 to a unit. Kill up to two gear. Stun a unit.").targets
    groups = group_refs(targets, refs)
    assert [r for g in groups for r in g] == refs
    if len(refs) >= 2:
        assert len(groups[0]) == 1 and len(groups[-1]) >= 1


def test_card_kinds_come_from_real_types(cards: dict[str, RbCard]) -> None:
    assert cards["Targon's Peak"].kind is RbKind.BATTLEFIELD
    assert cards["Fox-Fire"].kind is RbKind.SPELL and cards["Blazing Scorcher"].might == 5
    with pytest.raises(EngineError):
        RbCard.from_types("Nothing", ("Token",))


@pytest.mark.parametrize(
    ("version", "card", "cited"),
    [
        # QA 15 #8: v1.3 has no 352.9.c; only spells and abilities target (355.10) and a
        # permanent's trigger chooses when it triggers (355.5.b).  v1.2 said it in 352.9.c.
        ("1.3", "Riptide Rex", ("355.10", "355.5.b")),
        ("1.3", "Iron Ballista", ("355.10",)),
        ("1.2", "Riptide Rex", ("352.9.c",)),
    ],
)
def test_a_permanent_played_with_targets_cites_its_versions_rules(
    cards: dict[str, RbCard], board: RbState, version: str, card: str, cited: tuple[str, ...]
) -> None:
    state = replace(board, version=version)
    scorcher = next(o for o in state.on_board() if o.controller == "Bob")
    _, verdict = GAME.play(state, "Alice", cards[card], targets=[[scorcher.id]])
    assert verdict.kind is VerdictKind.ILLEGAL
    assert verdict.rules == cited


def test_new_effect_fields_round_trip_and_old_saves_load_without_them(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    """Where a unit left the board, Noxian Guillotine's delayed kill, a reflexive trigger
    waiting and its referents are kept in saves; games saved before them load with none."""
    import json

    state, played = GAME.play(
        board, "Alice", cards["Dragon's Rage"], targets=[[3]], destination=BASE
    )
    unit = state.obj(3)
    state = state.with_object(replace(unit, dies_when_damaged=("Noxian Guillotine",)))
    state = replace(state, reflexive={played.object_ids[0]: (3,)})
    state, _ = GAME.leave(state, 1, RbZone.TRASH)
    trashed = next(o for o in state.objects.values() if o.zone is RbZone.TRASH)
    assert trashed.left_from == "Alice's base"
    assert RbState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    old = state.to_dict()
    del old["reflexive"]
    for saved in old["objects"]:
        del saved["left_from"], saved["dies_when_damaged"]
    for item in old["chain"]:
        del item["referents"]
    loaded = RbState.from_dict(old)
    assert loaded.reflexive == {}
    assert loaded.obj(3).dies_when_damaged == () and loaded.obj(trashed.id).left_from == ""
    assert loaded.chain[0].referents == ()


def test_a_spells_reflexive_trigger_is_a_triggered_ability_of_it(
    board: RbState, cards: dict[str, RbCard]
) -> None:
    state, played = GAME.play(
        board, "Alice", cards["Dragon's Rage"], targets=[[3]], destination=BASE
    )
    reflexive = GAME.reflexive_ability(state, played.object_ids[0])
    assert reflexive is not None and reflexive.reflexive and reflexive.kind == "triggered"
    assert reflexive.text.startswith("Choose another enemy unit at its destination.")
    state, seeker = GAME.play(board, "Alice", cards["Void Seeker"], targets=[[3]])
    assert seeker.kind is VerdictKind.LEGAL
    assert GAME.reflexive_ability(state, seeker.object_ids[0]) is None  # no "Then do this:"
