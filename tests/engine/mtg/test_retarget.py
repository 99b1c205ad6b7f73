"""Changing targets (CR 115.7a-f, 115.8, 115.9) and copies (707.10c)."""

from __future__ import annotations

from bot.engine.mtg.game import MtgGame
from bot.engine.mtg.resolution import ResolveChoices
from bot.engine.requirements import RetargetKind
from bot.engine.verdict import VerdictKind
from tests.engine.mtg.board import board
from tests.engine.mtg.specs import instant


def _arc_trail(engine: MtgGame):
    b = board(engine)
    s, v = engine.cast(b.state, "Bob", instant("Arc Trail"), targets=[b.bear, b.elves])
    return b, s, v.object_ids[0]


def test_choose_new_targets_swap_is_legal(engine: MtgGame) -> None:
    b, s, arc = _arc_trail(engine)
    _s2, v = engine.retarget(
        s, "Alice", arc, [b.elves, b.bear], kind=RetargetKind.CHOOSE_NEW_TARGETS
    )
    assert v.kind is VerdictKind.CHANGED and {"115.7d", "115.7e"} <= set(v.rules)
    assert [r.chosen for r in v.slots] == ["Llanowar Elves", "Runeclaw Bear"]


def test_choose_new_targets_cant_break_another_target(engine: MtgGame) -> None:
    b, s, arc = _arc_trail(engine)
    s2, v = engine.retarget(s, "Alice", arc, [b.elves], kind=RetargetKind.CHOOSE_NEW_TARGETS)
    # Naming a new set the rules forbid is an illegal choice (115.3, 115.7d): nothing changes.
    assert v.kind is VerdictKind.ILLEGAL and "115.3" in v.rules and s2 is s


def test_change_the_targets_is_all_or_none(engine: MtgGame) -> None:
    b, s, arc = _arc_trail(engine)
    s2, v = engine.retarget(s, "Alice", arc, [b.skite, None])
    assert v.kind is VerdictKind.UNCHANGED and "115.7a" in v.rules and s2 is s
    _s3, v = engine.retarget(s, "Alice", arc, [b.skite, "Bob"])
    assert v.kind is VerdictKind.CHANGED


def test_new_target_its_controllers_own_hexproof_cites_the_rule(engine: MtgGame) -> None:
    # QA 57 M2: Bob's own Troll Ascetic as a new target of his Arc Trail: legal, and the answer
    # cites the hexproof rule it checked (702.11b), as a cast does.
    b, s, arc = _arc_trail(engine)
    _s2, v = engine.retarget(
        s, "Alice", arc, [b.troll, b.elves], kind=RetargetKind.CHOOSE_NEW_TARGETS
    )
    assert v.kind is VerdictKind.CHANGED and {"115.7d", "702.11b"} <= set(v.rules)
    assert "hexproof only stops Bob's opponents" in v.reason


def test_change_a_target_to_what_it_already_targets_says_so(engine: MtgGame) -> None:
    # QA 57 M7: Spellskite's ability on a Bolt already targeting Spellskite (115.7a-b).
    b = board(engine)
    s, v = engine.cast(b.state, "Alice", instant("Lightning Bolt"), targets=[b.skite])
    _s2, v = engine.retarget(
        s, "Bob", v.object_ids[0], {0: b.skite}, kind=RetargetKind.CHANGE_A_TARGET
    )
    assert v.kind is VerdictKind.UNCHANGED and {"115.7a", "115.7b"} <= set(v.rules)
    assert "already targets Spellskite" in v.reason and "not 0" not in v.reason


def test_change_to_illegal_target_changes_nothing(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(b.state, "Alice", instant("Lightning Bolt"), targets=["Bob"])
    bolt = v.object_ids[0]
    _s2, v = engine.retarget(s, "Bob", bolt, [b.troll])  # hexproof vs Alice's Bolt
    # "Change the target" (Deflection): only to another legal target, 115.7a (QA 57 M8).
    assert v.kind is VerdictKind.ILLEGAL and {"702.11b", "115.7a"} <= set(v.rules)
    assert "115.7d" not in v.rules
    _s2, v = engine.retarget(s, "Bob", bolt, [b.troll], kind=RetargetKind.CHOOSE_NEW_TARGETS)
    assert v.kind is VerdictKind.ILLEGAL and {"702.11b", "115.7d"} <= set(v.rules)


def test_change_a_target_exactly_one(engine: MtgGame) -> None:
    b, s, arc = _arc_trail(engine)
    _, v = engine.retarget(s, "Bob", arc, [b.skite, "Alice"], kind=RetargetKind.CHANGE_A_TARGET)
    assert v.kind is VerdictKind.ILLEGAL and "115.7b" in v.rules
    _, v = engine.retarget(s, "Bob", arc, {1: b.skite}, kind=RetargetKind.CHANGE_A_TARGET)
    assert v.kind is VerdictKind.CHANGED


def test_division_stays_with_positions(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(
        b.state, "Alice", instant("Forked Bolt"), targets=[[b.skite, "Bob"]], division=[1, 1]
    )
    s, v = engine.retarget(
        s, "Bob", v.object_ids[0], ["Alice", b.elves], kind=RetargetKind.CHANGE_ANY_TARGETS
    )
    assert v.kind is VerdictKind.CHANGED and "115.7f" in v.rules
    assert [r.amount for r in v.slots] == [1, 1]


def test_mode_stays(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(b.state, "Bob", instant("Lightning Bolt"), targets=["Alice"])
    bolt = v.object_ids[0]
    s, v = engine.cast(s, "Alice", instant("Cryptic Command", ("U",)), modes=[0, 3], targets=[bolt])
    s2, v2 = engine.retarget(s, "Bob", v.object_ids[0], [bolt])
    assert v2.kind is VerdictKind.UNCHANGED
    assert s2.entry(v.object_ids[0]).modes == (0, 3)


def test_deflection_needs_a_single_target(engine: MtgGame) -> None:
    _b, s, arc = _arc_trail(engine)
    _, v = engine.cast(s, "Alice", instant("Deflection", ("U",)), targets=[arc])
    assert v.kind is VerdictKind.ILLEGAL and "115.9a" in v.rules


def test_spellskite_takes_the_target(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(b.state, "Alice", instant("Lightning Bolt"), targets=["Bob"])
    bolt = v.object_ids[0]
    s, v = engine.activate(s, "Bob", b.skite, targets=[bolt])
    s, v = engine.resolve_top(s)
    assert "Spellskite" in v.reason
    assert s.entry(bolt).targets[0].refs == (b.skite,)


def test_twincast_copy_may_choose_new_targets(engine: MtgGame) -> None:
    b = board(engine)
    s, v = engine.cast(b.state, "Bob", instant("Lightning Bolt"), targets=["Alice"])
    bolt = v.object_ids[0]
    s, v = engine.cast(s, "Alice", instant("Twincast", ("U",)), targets=[bolt])
    s, v = engine.resolve_top(s, ResolveChoices(copy_targets=["Bob"]))
    assert v.kind is VerdictKind.RESOLVED and "707.10c" in v.rules
    copy = s.stack[-1]
    assert copy.is_copy and copy.targets[0].refs == ("Bob",)
    s, v = engine.resolve_top(s)
    assert s.player("Bob").life == 17
    assert s.stack[-1].object_id == bolt
