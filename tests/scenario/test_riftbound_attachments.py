"""Riftbound Equipment attached to units (Core Rules v1.3 434 Attach, 435 Detach, 716-719
Attachment, 137.3 Might Bonus, 818 Equip, 821 Weaponmaster), through scenario statements
over the real cards."""

from __future__ import annotations

from bot.data.riftbound_rules import RiftboundRules
from bot.engine.riftbound.model import RbObject, RbZone
from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import last, run, verdicts


def _by_name(result: RbScriptResult, name: str) -> RbObject:
    return next(o for o in result.state.objects.values() if o.name == name)


def test_attached_gear_is_where_its_unit_is_and_moves_with_it(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    """434.4: "When a card Attaches to a card, its location becomes the same as the new
    Top-Most Card."  719.3.a: "When the Top-Most Card moves, all Attached cards move with
    it."  718.5.c: attached cards can't be moved separately."""
    rules = rules_v13.by_id()
    assert "location becomes the same" in rules["434.4"].text
    assert "move with it" in rules["719.3.a"].text
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Long Sword attached to Recruit.\n"
        "Show the board.\n"
        "Recruit moves to her base.\n"
        "Long Sword moves to Targon's Peak.",
    )
    assert verdicts(result) == ["ok", "ok", "ok", "ok", "error"]
    assert "Long Sword is attached to Alice's Recruit at Targon's Peak" in (
        result.steps[1].explanation
    )
    assert "attached to Recruit (#2)" in result.steps[2].explanation
    assert "719.3.a" in result.steps[3].rules
    sword = _by_name(result, "Long Sword")
    assert sword.zone is RbZone.BASE and sword.attached_to == 2
    assert "718.5.c" in last(result).explanation


def test_gear_detaches_where_its_unit_was_when_the_unit_dies(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    """719.5: when the Top-Most Card goes to a non-board zone, attached cards detach,
    remaining where they are; 452.1's example: "If the unit dies, the Equipment will be
    recalled during the next cleanup." """
    assert "recalled during the next cleanup" in rules_v13.by_id()["452.1"].text
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Long Sword attached to Recruit.\n"
        "Recruit is killed.",
    )
    assert verdicts(result) == ["ok", "ok", "ok"]
    notes = " ".join(last(result).notes)
    assert "detaches from it and stays at Targon's Peak" in notes
    assert "recalled to its controller's base during the next Cleanup (452.1)" in notes
    sword = _by_name(result, "Long Sword")
    assert sword.attached_to is None
    # The cleanup after the statement (323.7: "Recall all Unattached non-Unit Gear at
    # Battlefields") then recalls it to Alice's base (QA 27 W2).
    assert "the cleanup recalls it to Alice's base" in notes
    assert (sword.zone, sword.location) == (RbZone.BASE, "")


def test_might_bonus_counts_in_might_conditions_and_stops_when_detached(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    """137.3: "A card's Might Bonus modulates the Might of the card to which [it] is
    Attached"; 137.3.a: it stops applying as soon as it is no longer attached.  Gust chooses
    "a unit at a battlefield with 3 [M] or less": Recruit (1) with a +3 bonus has 4."""
    assert "stops applying" in rules_v13.by_id()["137.3.a"].text
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Long Sword attached to Recruit.\n"
        "Long Sword has a +3 Might Bonus.\n"
        "Can Bob play Gust targeting Recruit?\n"
        "Long Sword is detached.\n"
        "Can Bob play Gust targeting Recruit?",
    )
    assert verdicts(result) == ["ok", "ok", "ok", "no", "ok", "yes"]
    assert "has 4 Might" in result.steps[2].explanation
    assert "not Might 3 or less" in result.steps[3].explanation
    assert "Might goes back to 1" in result.steps[4].explanation
    assert "435.4.a" in result.steps[4].rules


def test_a_gear_leaving_the_board_takes_its_bonus_and_may_leave_lethal_damage(
    rb: RiftboundScenarioExecutor,
) -> None:
    """137.3.a: the bonus stops as the gear stops being attached; a unit whose damage is
    then at least its Might is killed in the next cleanup (322, 323.5; QA 27 W1): the Recruit
    token is gone, having ceased to exist (183.1)."""
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Long Sword attached to Recruit.\n"
        "Long Sword has a +2 Might Bonus.\n"
        "Recruit has 2 damage.\n"
        "Bob plays Detonate targeting Long Sword.\n"
        "Detonate resolves.",
    )
    assert verdicts(result)[-1] == "resolved"
    notes = " ".join(last(result).notes)
    assert "no longer attached to Recruit" in notes and "137.3.a" in last(result).rules
    assert "killed in the next cleanup" in notes
    assert "Recruit at Targon's Peak has 2 damage, at least its Might 1: it is killed" in notes
    assert not any(o.name == "Recruit" for o in result.state.on_board())


def test_attached_hexdrinker_gives_its_unit_deflect(rb: RiftboundScenarioExecutor) -> None:
    """718.3: an attached card's Effect Text abilities are appended to the unit's Rules Text:
    Hexdrinker's [Deflect] makes choosing the unit cost [A] more (809.1.c), not Hexdrinker."""
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Hexdrinker attached to Recruit.\n"
        "Can Bob play Void Seeker targeting Recruit?\n"
        "Can Bob play Detonate targeting Hexdrinker?",
    )
    assert verdicts(result) == ["ok", "ok", "yes", "yes"]
    assert "Deflect makes it cost 1 more" in result.steps[2].explanation
    assert "granted Deflect by Hexdrinker" in " ".join(result.steps[2].notes)
    assert "Deflect makes it cost" not in last(result).explanation
    assert "ability of Recruit" in " ".join(last(result).notes)


def test_equip_attaches_and_an_attached_gears_equip_is_inactive(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    """818.1.c.2: Equip is "[Cost]: Attach this gear to a unit you control."; 718.2 / 135.4:
    an attached card's printed Rules Text is inactive, and 721.2: inactive abilities
    "cannot be activated"."""
    assert "cannot be activated" in rules_v13.by_id()["721.2"].text
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Long Sword. "
        "Alice controls Stalwart Poro.\n"
        "Alice activates Long Sword targeting Recruit.\n"
        "Long Sword's ability resolves.\n"
        "Alice activates Long Sword targeting Stalwart Poro.",
    )
    assert verdicts(result) == ["ok", "ok", "ok", "legal", "resolved", "error"]
    assert "Long Sword is attached to Alice's Recruit at Targon's Peak" in " ".join(
        result.steps[4].notes
    )
    assert "doesn't carry it out" not in " ".join(result.steps[4].notes)
    assert _by_name(result, "Long Sword").attached_to == 2
    assert "718.2" in last(result).explanation and "721.2" in last(result).explanation


def test_weaponmaster_trigger_attaches_even_an_attached_equipment(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    """821.1: "Weaponmaster is a Triggered Ability keyword."  821.1.c: "When you play me,
    you may choose a Card you control with the Equipment tag ... Pay the cost of its Equip
    ability, reduced by [A], to attach it to this unit."  Sentinel Adept's reminder: "even if
    it's already attached"; 434.1.f: attaching to a new unit detaches it from the old one
    (QA: "Sentinel Adept's trigger targets Long Sword." said it had no triggered ability)."""
    assert "Triggered Ability keyword" in rules_v13.by_id()["821.1"].text
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Long Sword attached to Recruit.\n"
        "Alice controls Sentinel Adept.\n"
        "Sentinel Adept's trigger targets Long Sword.\n"
        "Sentinel Adept's trigger resolves.",
    )
    assert verdicts(result) == ["ok", "ok", "ok", "legal", "resolved"]
    assert "Weaponmaster" in result.steps[3].explanation
    notes = " ".join(last(result).notes)
    assert "Long Sword detaches from Recruit" in notes
    assert "attached to Alice's Sentinel Adept at base" in notes
    # Long Sword's Equip cost, [Fury], has no [A]: paid, not reduced (821.1.c.3; QA 48 M3).
    assert "isn't reduced" in notes and "821.1.c" in last(result).rules
    assert _by_name(result, "Long Sword").attached_to == 4


def test_control_of_unit_and_gear_are_independent(rb: RiftboundScenarioExecutor) -> None:
    """718.5.e: attached cards may have different controllers from their unit; 718.5.f: a
    change of control of the unit doesn't change who controls what is attached."""
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Long Sword attached to Recruit.\n"
        "Bob gains control of Recruit.\n"
        "Bob controls Hexdrinker attached to Recruit.",
    )
    assert verdicts(result) == ["ok", "ok", "ok", "ok"]
    assert "718.5.f" in result.steps[2].rules
    assert _by_name(result, "Long Sword").controller == "Alice"
    assert "718.5.e" not in last(result).rules  # Bob controls both now


def test_attachment_statements_refuse_what_the_rules_dont_allow(
    rb: RiftboundScenarioExecutor,
) -> None:
    """Only a gear attaches to a unit on the board, where the unit is (434.4); the errors
    say what would work and change nothing."""
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Stalwart Poro.\n"
        "Alice controls Long Sword at her base attached to Recruit.\n"
        "Alice controls Blazing Scorcher attached to Recruit.\n"
        "Stalwart Poro is attached to Recruit.\n"
        "Recruit has a +2 Might Bonus.\n"
        "Recruit is equipped with Long Sword.",
    )
    assert verdicts(result) == ["ok", "ok", "error", "error", "error", "error", "error"]
    assert "434.4" in result.steps[2].explanation
    assert "Nothing was put in the game" in result.steps[3].explanation
    assert "only gear" in result.steps[4].explanation
    assert "Might Bonus is printed on gear" in result.steps[5].explanation
    assert [o.name for o in result.state.on_board()] == ["Recruit", "Stalwart Poro"]


def test_unit_first_wordings_attach_too(rb: RiftboundScenarioExecutor) -> None:
    """ "Bob controls Recruit equipped with Long Sword." names the unit first (the MTG
    wording), and "Recruit is equipped with Long Sword." attaches a gear in the game."""
    result = run(
        rb,
        "Bob controls Recruit equipped with Long Sword.\n"
        "Bob controls Hexdrinker.\n"
        "Recruit is equipped with Hexdrinker.",
    )
    assert verdicts(result) == ["ok", "ok", "ok"]
    assert _by_name(result, "Long Sword").attached_to == 1
    assert _by_name(result, "Hexdrinker").attached_to == 1
