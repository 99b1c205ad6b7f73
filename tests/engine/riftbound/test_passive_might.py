"""Passive abilities that change Might (472.3), read from the real cards' text by
``keywords.grants`` and applied to the board by ``keywords.passive_might``; and the other
words about a unit's state that targeting and conditions read from the board (QA 25)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.data.riftbound_cards import RiftboundCardData
from bot.engine.riftbound.analysis import analyse
from bot.engine.riftbound.keywords import grants, passive_might
from bot.engine.riftbound.model import RbContext, RbKind, RbObject, RbZone
from bot.engine.riftbound.targeting import Check, check_target


def text_of(data: RiftboundCardData, name: str) -> str:
    return next(c.text for c in data.gallery.cards if c.name == name)


def unit(
    object_id: int, controller: str, might: int, where: str = "Targon's Peak", **kw: object
) -> RbObject:
    zone = RbZone.BATTLEFIELD if where else RbZone.BASE
    return RbObject(
        object_id,
        f"Unit {object_id}",
        RbKind.UNIT,
        controller,
        controller,
        zone,
        where,
        might,
        **kw,  # type: ignore[arg-type]
    )


def test_the_might_grants_printed_on_real_cards(card_data: RiftboundCardData) -> None:
    (darius,) = [g for g in grants(text_of(card_data, "Darius, Executioner")) if g.might]
    assert (darius.who, darius.might) == ("Other friendly units here", 1)
    (leona,) = [g for g in grants(text_of(card_data, "Leona, Zealot")) if g.might]
    assert (leona.who, leona.might, leona.might_floor) == ("Stunned enemy units here", -8, 1)
    (ramhound,) = grants(text_of(card_data, "Trusty Ramhound"))
    assert (ramhound.who, ramhound.while_another_here) == ("I", True)
    ornn = [g for g in grants(text_of(card_data, "Ornn, Forge God")) if g.might]
    assert [(g.who, g.for_each) for g in ornn] == [("I", "friendly gear")]


@pytest.mark.parametrize(
    "name",
    [
        "Yi, Meditative",  # "While you have 8+ runes, I have +4 [M]." - runes aren't tracked
        "Gustwalker",  # "[Level 3][>] I have +1 [M] ..." - XP isn't tracked
    ],
)
def test_conditions_the_board_cant_check_change_nothing(
    card_data: RiftboundCardData, name: str
) -> None:
    source = unit(1, "Alice", 4)
    others = [unit(2, "Alice", 2), unit(3, "Alice", 3)]
    board = [(source, text_of(card_data, name)), *((o, "") for o in others)]
    assert passive_might(board) == ()


def test_lee_sin_centered_gives_buffed_friendly_units_at_his_battlefield_two(
    card_data: RiftboundCardData,
) -> None:
    """QA 36 W2: "Other buffed friendly units at my battlefield have +2 [M]." - buffs are
    kept (426.1.b); "my battlefield" is the one Lee Sin is at, none when he is at base."""
    text = text_of(card_data, "Lee Sin, Centered")
    lee = replace(unit(1, "Alice", 6), name="Lee Sin, Centered")
    buffed = unit(2, "Alice", 3, buffed=True)
    plain = unit(3, "Alice", 2)
    enemy = unit(4, "Bob", 3, buffed=True)
    elsewhere = unit(5, "Alice", 3, "Void Gate", buffed=True)
    board = [(lee, text), (buffed, ""), (plain, ""), (enemy, ""), (elsewhere, "")]
    assert {m.object_id: m.might for m in passive_might(board)} == {2: 5}
    at_base = replace(lee, zone=RbZone.BASE, location="")
    at_base_buffed = replace(buffed, zone=RbZone.BASE, location="")
    assert passive_might([(at_base, text), (at_base_buffed, "")]) == ()


def test_sett_kingpin_gets_one_for_each_buffed_friendly_unit_at_his_battlefield(
    card_data: RiftboundCardData,
) -> None:
    text = text_of(card_data, "Sett, Kingpin")
    sett = replace(unit(1, "Alice", 5), name="Sett, Kingpin")
    board = [(sett, text), (unit(2, "Alice", 3, buffed=True), ""), (unit(3, "Alice", 2), "")]
    assert {m.object_id: m.might for m in passive_might(board)} == {1: 6}


def test_other_friendly_units_here_only() -> None:
    garen = unit(1, "Alice", 5)
    friend, elsewhere, enemy = (
        unit(2, "Alice", 2),
        unit(3, "Alice", 2, "Rockfall Path"),
        unit(4, "Bob", 2),
    )
    board = [(garen, "Other friendly units have +1 [M] here."), (friend, ""), (elsewhere, "")]
    board.append((enemy, ""))
    (changed,) = passive_might(board)
    assert (changed.object_id, changed.might, changed.changes) == (2, 3, (("Unit 1", 1),))


def test_decreases_come_after_increases_and_stop_at_the_minimum() -> None:
    # 472.3.d: increases first, then decreases, each limited as it applies.
    leona = unit(1, "Alice", 6)
    darius = unit(2, "Bob", 6)
    stunned = unit(3, "Bob", 5, stunned=True)
    board = [
        (leona, "Stunned enemy units here have -8 [M], to a minimum of 1 [M]."),
        (darius, "Other friendly units have +1 [M] here."),
        (stunned, ""),
    ]
    (changed,) = passive_might(board)
    assert changed.might == 1
    assert changed.changes == (("Unit 2", 1), ("Unit 1", -5))


def test_a_unit_below_the_minimum_is_not_raised() -> None:
    leona = unit(1, "Alice", 6)
    weak = unit(2, "Bob", 0, stunned=True)
    board = [(leona, "Stunned enemy units here have -8 [M], to a minimum of 1 [M]."), (weak, "")]
    (changed,) = passive_might(board)
    assert changed.might == 0


def test_for_each_friendly_gear_counts_gear_on_the_board() -> None:
    ornn = unit(1, "Alice", 4)
    sword = RbObject(2, "Long Sword", RbKind.GEAR, "Alice", "Alice")
    enemy_gear = RbObject(3, "Doran's Blade", RbKind.GEAR, "Bob", "Bob")
    board = [(ornn, "I have +1 [M] for each friendly gear."), (sword, ""), (enemy_gear, "")]
    (changed,) = passive_might(board)
    assert (changed.object_id, changed.might) == (1, 5)


def test_a_battlefields_units_here() -> None:
    camp = RbObject(
        1,
        "Trifarian War Camp",
        RbKind.BATTLEFIELD,
        "Bob",
        "",
        RbZone.BATTLEFIELD,
        "Trifarian War Camp",
    )
    there = unit(2, "Alice", 3, "Trifarian War Camp")
    elsewhere = unit(3, "Bob", 3, "Targon's Peak")
    board = [(camp, "Units here have +1 [M]. (This includes attackers.)"), (there, "")]
    board.append((elsewhere, ""))
    assert [(m.object_id, m.might) for m in passive_might(board)] == [(2, 4)]


def _check(text: str, candidate: RbObject, ctx: RbContext) -> Check:
    return check_target(candidate, analyse(text).targets[0], ctx)


def test_might_restrictions_read_might_now() -> None:
    ramhound = unit(1, "Alice", 2)
    ctx = RbContext("Bob", ("Alice", "Bob"), spell_id=9, might_now=((1, 4),))
    check = _check("Return a unit at a battlefield with 3 [M] or less.", ramhound, ctx)
    assert not check.ok and "it has 4 Might now" in check.why
    assert _check(
        "Return a unit at a battlefield with 3 [M] or less.", ramhound, replace(ctx, might_now=())
    ).ok


@pytest.mark.parametrize(
    ("text", "fits", "misses"),
    [
        ("Kill a stunned unit.", {"stunned": True}, {}),
        ("Kill a damaged unit.", {"damage": 1}, {}),
    ],
)
def test_stunned_and_damaged_targets_are_read_from_the_board(
    text: str, fits: dict[str, object], misses: dict[str, object]
) -> None:
    # 355.9.b: the words describing a target restrict it; no card chooses one yet, so a
    # quoted text stands in.
    ctx = RbContext("Alice", ("Alice", "Bob"), spell_id=9)
    assert _check(text, unit(1, "Bob", 3, **fits), ctx).ok
    assert not _check(text, unit(1, "Bob", 3, **misses), ctx).ok


def test_combat_words_match_no_unit() -> None:
    # Attackers exist only in combat (459.2.b.3), which isn't modelled.
    ctx = RbContext("Alice", ("Alice", "Bob"), spell_id=9)
    check = _check("Stun an attacking unit.", unit(1, "Bob", 3), ctx)
    assert not check.ok and "the bot" in check.why


def test_buffed_is_read_from_the_unit() -> None:
    # A Buff counter (426.1.b) is kept on the unit: "a buffed unit" is one that has it.
    ctx = RbContext("Alice", ("Alice", "Bob"), spell_id=9)
    assert _check("Kill a buffed unit.", unit(1, "Bob", 3, buffed=True), ctx).ok
    check = _check("Kill a buffed unit.", unit(1, "Bob", 3), ctx)
    assert not check.ok and "not buffed" in check.why


def test_already_stunned_is_read_before_the_stun() -> None:
    # Existential Dread: "[Stun] an attacking enemy unit. If it's already stunned, return it to
    # its owner's hand instead." - "it" as the stun found it.
    from bot.engine.riftbound.resolution import _condition
    from bot.engine.riftbound.state import ChainItem, RbState

    item = ChainItem(9, "Existential Dread", "Alice", "")
    before = unit(1, "Bob", 3, stunned=True)
    now = replace(before, stunned=True)
    state = RbState(("Alice", "Bob"), {1: now})
    held, why = _condition(
        "If it's already stunned",
        state,
        item,
        referents=[now],
        it_was=[before],
        them=[now],
        did=(None, ""),
    )
    assert held is True and "already stunned" in why
    held, _ = _condition(
        "If it's already stunned",
        state,
        item,
        referents=[now],
        it_was=[replace(before, stunned=False)],
        them=[now],
        did=(None, ""),
    )
    assert held is False
