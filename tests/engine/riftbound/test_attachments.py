"""Attachments in the Riftbound engine (Core Rules v1.3 434, 435, 718, 719, 137.3), on small
hand-made cards: attaching, detaching, what follows a unit's move or departure, the text a
unit and its gear have, Weaponmaster as a triggered ability, and old saves."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from bot.engine.errors import EngineError
from bot.engine.riftbound.abilities import QUICK_DRAW_TEXT, WEAPONMASTER_TEXT, read_abilities
from bot.engine.riftbound.attachments import attach, detach, follow_attachments
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.model import RbKind, RbZone
from bot.engine.riftbound.state import (
    RbCard,
    RbState,
    active_text,
    board_grants,
    equipped_units,
    new_context,
)

GAME = RiftboundGame()
RECRUIT = RbCard("Recruit", RbKind.UNIT, "", 1)
PEAK = RbCard("Targon's Peak", RbKind.BATTLEFIELD)
# Rules Text, a blank line, then Effect Text (136.1), as the card gallery prints Hexdrinker.
HEXDRINKER = RbCard(
    "Hexdrinker",
    RbKind.GEAR,
    "[Equip] [Body] (Attach this to a unit you control.)\n\n[Deflect] (Opponents must pay.)",
    tags=("Equipment",),
)


def _board() -> tuple[RbState, int, int]:
    """Alice's Recruit at Targon's Peak (#2) and her Hexdrinker in base (#3)."""
    state = GAME.new_game(("Alice", "Bob"))
    state, made = GAME.add_permanent(state, "Alice", RECRUIT, battlefield=PEAK)
    unit = made.object_ids[0]
    state, made = GAME.add_permanent(state, "Alice", HEXDRINKER)
    return state, unit, made.object_ids[0]


def test_attach_moves_the_gear_to_its_unit_and_adds_its_might_bonus() -> None:
    """434.4: the attached card's location becomes the unit's; 137.3: the Might Bonus
    modulates the unit's Might; 137.3.a: it stops when detached; 435.4: detached, it stays
    where the unit is."""
    state, unit, gear = _board()
    state = state.with_object(replace(state.obj(gear), might_bonus=2))
    state, verdict = attach(state, gear, unit)
    assert (state.obj(gear).zone, state.obj(gear).location) == (
        RbZone.BATTLEFIELD,
        "Targon's Peak",
    )
    assert state.obj(gear).attached_to == unit and state.obj(unit).might == 3
    assert "434.4" in verdict.rules and "137.3" in verdict.rules
    state, verdict = detach(state, gear)
    assert state.obj(gear).attached_to is None and state.obj(unit).might == 1
    assert state.obj(gear).location == "Targon's Peak" and "435.4.a" in verdict.rules


def test_attach_refuses_a_unit_as_the_gear_and_a_gear_as_the_unit() -> None:
    state, unit, gear = _board()
    with pytest.raises(EngineError, match="only gear"):
        attach(state, unit, unit)
    with pytest.raises(EngineError, match="not a unit on the board"):
        attach(state, gear, gear)


def test_attached_text_is_the_units_and_the_gears_own_is_inactive() -> None:
    """718.2: the attached card's printed Rules Text is inactive; 718.3: its Effect Text is
    appended to the unit's; so the unit has Hexdrinker's Deflect (granted by Hexdrinker)."""
    state, unit, gear = _board()
    assert "[Equip]" in active_text(state, state.obj(gear))
    assert board_grants(state) == ((), ())
    state, _ = attach(state, gear, unit)
    assert active_text(state, state.obj(gear)) == ""
    assert "[Deflect]" in active_text(state, state.obj(unit))
    assert board_grants(state)[0] == ((unit, 1, "Hexdrinker"),)
    assert GAME.abilities_of(state, gear) == ()


def test_follow_attachments_moves_detaches_and_takes_the_bonus_away() -> None:
    """719.3.a: the gear moves with its unit; 719.5 / 435.4.b: the unit leaving the board
    detaches it where the unit was; 137.3.a: the gear leaving takes its bonus away."""
    state, unit, gear = _board()
    state = state.with_object(replace(state.obj(gear), might_bonus=2))
    attached, _ = attach(state, gear, unit)
    moved = attached.with_object(replace(attached.obj(unit), zone=RbZone.BASE, location=""))
    after, notes, rules = follow_attachments(attached, moved)
    assert after.obj(gear).zone is RbZone.BASE and rules == ["719.3.a"] and notes
    gone, _ = GAME.leave(attached, unit, RbZone.TRASH)
    after, notes, rules = follow_attachments(attached, gone)
    assert after.obj(gear).attached_to is None
    assert after.obj(gear).location == "Targon's Peak" and "452.1" in rules
    lost, _ = GAME.leave(attached, gear, RbZone.TRASH)
    after, notes, rules = follow_attachments(attached, lost)
    assert after.obj(unit).might == 1 and rules == ["137.3.a"]


def test_old_saves_without_attachments_still_load() -> None:
    """Games saved before attachments were modelled have no ``attached_to`` nor
    ``might_bonus`` on their objects: they load with nothing attached."""
    state, unit, gear = _board()
    attached, _ = attach(state, gear, unit)
    assert RbState.from_dict(json.loads(json.dumps(attached.to_dict()))) == attached
    saved = state.to_dict()
    for obj in saved["objects"]:
        del obj["attached_to"], obj["might_bonus"]
    loaded = RbState.from_dict(saved)
    assert loaded == state and loaded.obj(gear).attached_to is None


def test_weaponmaster_is_a_triggered_ability() -> None:
    """821.1: "Weaponmaster is a Triggered Ability keyword" (Sentinel Adept)."""
    text = "[Weaponmaster] (When you play me, you may [Equip] one of your Equipment to me.)"
    (ability,) = read_abilities(text)
    assert (ability.kind, ability.keyword, ability.text) == (
        "triggered",
        "Weaponmaster",
        WEAPONMASTER_TEXT,
    )


def test_quick_draw_is_a_triggered_ability_and_equip_stays_activated() -> None:
    """819.1: "Quick-Draw is a Triggered Ability keyword", short for "When you play this,
    attach it to a Unit you control." (819.1.d); Long Sword's Equip line is still its own."""
    text = (
        "[Quick-Draw] (This has [Reaction]. When you play it, attach it to a unit you control.)\n"
        "[Equip] [Fury] ([Fury]: Attach this to a unit you control.)"
    )
    quick, equip = read_abilities(text)
    assert (quick.kind, quick.keyword, quick.text) == ("triggered", "Quick-Draw", QUICK_DRAW_TEXT)
    assert (equip.kind, equip.keyword, equip.index) == ("activated", "Equip", 1)


def test_a_unit_is_equipped_while_an_equipment_is_attached() -> None:
    """818.3.b: "A Top-Most Card is Equipped as long as one or more of its Attached cards are
    Equipment"; the context of a spell knows which units are."""
    state, unit, gear = _board()
    assert equipped_units(state) == frozenset()
    state, _ = attach(state, gear, unit)
    assert equipped_units(state) == {unit}
    assert new_context(state, "Bob").equipped == {unit}
    state, _ = detach(state, gear)
    assert equipped_units(state) == frozenset()
