"""Passive abilities that change Might (472.3), read from the real cards' text by
``keywords.grants`` and applied to the board by ``keywords.passive_might``."""

from __future__ import annotations

import pytest

from bot.data.riftbound_cards import RiftboundCardData
from bot.engine.riftbound.keywords import grants, passive_might
from bot.engine.riftbound.model import RbKind, RbObject, RbZone


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
        "Lee Sin, Centered",  # "Other buffed friendly units ..." - buffs aren't tracked
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
