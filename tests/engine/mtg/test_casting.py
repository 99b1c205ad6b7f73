"""Casting as steps (CR 601.2a-d), activation (602.2b) and triggers (603.3d)."""

from __future__ import annotations

import pytest

from bot.engine.errors import EngineError, IllegalActionError
from bot.engine.mtg.casting import ChoiceKind
from bot.engine.mtg.game import MtgGame
from bot.engine.verdict import VerdictKind
from tests.engine.mtg.board import board
from tests.engine.mtg.specs import creature, instant


def test_step_machine_offers_legal_options_and_back(engine: MtgGame) -> None:
    b = board(engine)
    progress = engine.start_cast(b.state, "Alice", instant("Arc Trail"))
    choice = progress.next_choice()
    assert choice.kind is ChoiceKind.TARGETS and choice.rule == "601.2c"
    values = {option.value for option in choice.options}
    assert b.troll not in values and {b.bear, b.skite, "Bob"} <= values
    step = progress.choose(b.bear)
    second = step.next_choice()
    assert b.bear not in {option.value for option in second.options}  # 115.3
    assert "Bob" in {option.value for option in second.options}
    with pytest.raises(IllegalActionError) as error:
        step.choose(b.bear)  # "any other target" (115.3)
    assert "115.3" in error.value.rules
    assert step.back() == progress
    done = step.choose("Bob")
    assert done.next_choice().kind is ChoiceKind.DONE
    state, entry = done.finish()
    assert state.stack[-1] == entry and entry.target_instances == 2
    assert b.state.stack == ()  # the original state is untouched


def test_pending_is_the_next_choice_without_its_options(engine: MtgGame) -> None:
    """Making a choice needs only what kind it is: the options (a legality check per
    candidate, CR 601.2c) are listed for a user only."""
    b = board(engine)
    cryptic = engine.start_cast(b.state, "Alice", instant("Cryptic Command", ("U",)))
    arc = engine.start_cast(b.state, "Alice", instant("Arc Trail"))
    for progress in (cryptic, cryptic.choose((1, 2)), arc, arc.choose(b.bear)):
        offered, pending = progress.next_choice(), progress.pending()
        assert offered.options and pending.options == ()
        assert (pending.kind, pending.prompt, pending.rule, pending.slot) == (
            offered.kind,
            offered.prompt,
            offered.rule,
            offered.slot,
        )
    assert arc.choose(b.bear).choose("Bob").pending().kind is ChoiceKind.DONE


def test_a_started_cast_is_continued_as_if_begun_again(engine: MtgGame) -> None:
    """A caller that started the cast to read its modes and slots hands it on."""
    b = board(engine)
    s, v = engine.cast(b.state, "Bob", instant("Lightning Bolt"), targets=["Alice"])
    bolt = v.object_ids[0]
    cryptic = instant("Cryptic Command", ("U",))
    started = engine.start_cast(s, "Alice", cryptic).choose((0, 1))
    fresh = engine.cast(s, "Alice", cryptic, modes=[0, 1], targets=[bolt, b.skite])
    continued = engine.cast(
        s, "Alice", cryptic, modes=[0, 1], targets=[bolt, b.skite], started=started
    )
    assert continued == fresh and fresh[1].kind is VerdictKind.OK


def test_finish_refuses_unfinished(engine: MtgGame) -> None:
    b = board(engine)
    progress = engine.start_cast(b.state, "Alice", instant("Arc Trail"))
    with pytest.raises(IllegalActionError):
        progress.finish()


def test_cant_cast_without_legal_target(engine: MtgGame) -> None:
    s = engine.new_game(["Alice", "Bob"])
    s2, verdict = engine.cast(s, "Alice", instant("Giant Growth", ("G",)), targets=[])
    assert verdict.kind is VerdictKind.ILLEGAL and "601.2c" in verdict.rules and s2 is s


def test_swelter_needs_two_different_creatures(engine: MtgGame) -> None:
    b = board(engine)
    _, v = engine.cast(b.state, "Alice", instant("Swelter"), targets=[[b.bear, b.bear]])
    assert v.kind is VerdictKind.ILLEGAL and "115.3" in v.rules
    _s, v = engine.cast(b.state, "Alice", instant("Swelter"), targets=[[b.bear, b.elves]])
    assert v.kind is VerdictKind.OK


def test_bounty_may_repeat_across_instances(engine: MtgGame) -> None:
    b = board(engine)
    _, v = engine.cast(
        b.state, "Alice", instant("Bounty of Might", ("G",)), targets=[b.bear, b.bear, b.bear]
    )
    assert v.kind is VerdictKind.OK and len(v.slots) == 3


def test_division_rules(engine: MtgGame) -> None:
    b = board(engine)
    forked = instant("Forked Bolt")
    _, v = engine.cast(b.state, "Alice", forked, targets=[[b.skite, "Bob"]], division=[2, 0])
    assert v.kind is VerdictKind.ILLEGAL and "601.2d" in v.rules
    _, v = engine.cast(b.state, "Alice", forked, targets=[[b.skite, "Bob"]], division=[1, 2])
    assert v.kind is VerdictKind.ILLEGAL
    _, v = engine.cast(b.state, "Alice", forked, targets=[[b.skite, "Bob"]], division=[1, 1])
    assert v.kind is VerdictKind.OK and [r.amount for r in v.slots] == [1, 1]
    _, v = engine.cast(b.state, "Alice", forked, targets=[[b.skite]])
    assert v.slots[0].amount == 2  # one target takes the whole amount


def test_modes_choose_which_slots_exist(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(b.state, "Bob", instant("Lightning Bolt"), targets=["Alice"])
    bolt = v.object_ids[0]
    cryptic = instant("Cryptic Command", ("U",))
    _, v = engine.cast(s, "Alice", cryptic, modes=[0, 1], targets=[bolt, b.skite])
    assert v.kind is VerdictKind.OK and len(v.slots) == 2
    _, v = engine.cast(s, "Alice", cryptic, modes=[2, 3])
    assert v.kind is VerdictKind.OK and "no targets" in v.reason
    _, v = engine.cast(s, "Alice", cryptic, modes=[2, 2])
    assert v.kind is VerdictKind.ILLEGAL and "700.2d" in v.rules
    # With nothing on the stack the counter mode can't be chosen (700.2a).
    _, v = engine.cast(b.state, "Alice", cryptic, modes=[0, 3], targets=[b.bear])
    assert v.kind is VerdictKind.ILLEGAL and "700.2a" in v.rules


def test_up_to_one_allows_zero(engine: MtgGame) -> None:
    s = engine.new_game(["Alice"])
    _, v = engine.cast(s, "Alice", instant("Gold Rush"), targets=[[]])
    assert v.kind is VerdictKind.OK and "115.6" in v.rules


def test_activation_needs_control(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(b.state, "Alice", instant("Lightning Bolt"), targets=["Bob"])
    _, v2 = engine.activate(s, "Alice", b.skite, targets=[v.object_ids[0]])
    assert v2.kind is VerdictKind.ILLEGAL and "602.2" in v2.rules
    _, v3 = engine.activate(s, "Bob", b.skite, targets=[v.object_ids[0]])
    assert v3.kind is VerdictKind.OK and "602.2b" in v3.rules


def test_trigger_without_target_is_removed(engine: MtgGame) -> None:
    s = engine.new_game(["Alice", "Bob"])
    s, v = engine.add_permanent(
        s, "Alice", creature("Iron Bully", colors=(), type_line="Artifact Creature — Golem")
    )
    bully = v.object_ids[0]
    _s2, v = engine.trigger(s, bully, targets=[bully])  # may target its source (115.5 ruling)
    assert v.kind is VerdictKind.OK
    s3, _ = engine.phase(s, bully)
    s4, v = engine.trigger(s3, bully)
    assert v.kind is VerdictKind.FIZZLED and "603.3d" in v.rules and s4 is s3


def test_extra_targets_are_a_malformed_call(engine: MtgGame) -> None:
    b = board(engine)
    with pytest.raises(EngineError):
        engine.cast(b.state, "Alice", instant("Lightning Bolt"), targets=["Bob", "Alice"])
