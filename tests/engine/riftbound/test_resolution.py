"""Valid targets (355.9), groups (355.11), splitting (355.14) and resolving with illegal targets
(359.3.e: no fizzle), with the rules' own examples quoted from the real files."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.data.riftbound_rules import RiftboundRules
from bot.engine.errors import EngineError
from bot.engine.riftbound.analysis import analyse
from bot.engine.riftbound.model import RbContext, RbKind, RbObject, RbZone
from bot.engine.riftbound.rules import RULES, V12_ONLY, V13_ONLY
from bot.engine.riftbound.targeting import (
    GroupChoiceNeeded,
    check_choice,
    check_split,
    legal_group_subsets,
    resolve,
    split_options,
)
from bot.engine.verdict import VerdictKind

CTX = RbContext(controller="Alice", players=("Alice", "Bob"), spell_id=99)


def unit(
    id_: int,
    controller: str = "Bob",
    *,
    at: str = "Targon's Peak",
    might: int = 1,
    name: str = "Recruit",
) -> RbObject:
    zone = RbZone.BATTLEFIELD if at else RbZone.BASE
    return RbObject(id_, name, RbKind.UNIT, controller, controller, zone, at, might, token=True)


def test_every_cited_rule_exists_in_its_version(
    rules_v13: RiftboundRules, rules_v12: RiftboundRules
) -> None:
    files = {"1.3": rules_v13.by_id(), "1.2": rules_v12.by_id()}
    for version, table in RULES.items():
        missing = [n for n in table.values() if n not in files[version]]
        assert not missing, (version, missing)
    assert all(n in files["1.2"] for n in V12_ONLY.values())
    assert all(n in files["1.3"] for n in V13_ONLY.values())


def test_void_seeker_example_draws_even_when_the_unit_moved(rules_v13: RiftboundRules) -> None:
    example = rules_v13.by_id()["359.3.e.5"].text
    assert 'Void Seeker, a spell that says "Deal 4 to a unit at a battlefield. Draw 1."' in example
    analysis = analyse("Deal 4 to a unit at a battlefield. Draw 1.")
    target = unit(1)
    assert check_choice(analysis, [[target]], CTX).kind is VerdictKind.LEGAL
    moved = replace(target, zone=RbZone.BASE, location="")  # moved to its base by a Reaction
    verdict = resolve(analysis, [[target]], {1: moved}, CTX)
    assert verdict.kind is VerdictKind.PARTIAL  # never "fizzled"
    assert [e.happens for e in verdict.effects] == [False, True]
    assert {"359.3.e.1", "359.3.e.5", "359.3.e.7"} <= set(verdict.rules)


def test_spell_with_no_executable_instruction_is_still_played(rules_v13: RiftboundRules) -> None:
    assert (
        "the spell has no effect but is still considered played"
        in rules_v13.by_id()["359.3.e.10"].text
    )
    analysis = analyse("Deal 2 to a unit at a battlefield")
    verdict = resolve(analysis, [[unit(1)]], {1: unit(1, at="")}, CTX)
    assert verdict.kind is VerdictKind.PARTIAL
    assert "359.3.e.10" in verdict.rules
    assert not any(e.happens for e in verdict.effects)


def test_target_that_left_the_board_is_a_new_object() -> None:
    verdict = resolve(analyse("Kill a unit"), [[unit(1)]], {1: None}, CTX)
    assert "359.3.e.4" in verdict.rules
    assert verdict.slots[0].legal is False


def test_legal_target_resolves_fully_with_1_2_numbers() -> None:
    analysis = analyse("Deal 4 to a unit at a battlefield. Draw 1.", version="1.2")
    verdict = resolve(analysis, [[unit(1)]], {1: unit(1)}, CTX)
    assert verdict.kind is VerdictKind.RESOLVED
    assert verdict.rules == ("356.3.e.1",)


@pytest.mark.parametrize(
    ("text", "candidate", "ok", "rule"),
    [
        ("Kill an enemy unit", unit(1, "Alice"), False, "355.9.b"),
        ("Kill an enemy unit", unit(1, "Bob"), True, "355.9"),
        ("Kill a unit at a battlefield", unit(1, at=""), False, "355.9.b"),
        ("Kill a unit you control", unit(1, "Bob"), False, "355.9.b"),
        ("Kill a unit with Might 4 or greater", unit(1, might=3), False, "355.9.b"),
        ("Kill a unit with Might 4 or greater", unit(1, might=4), True, "355.9"),
        ("Kill a unit", replace(unit(1), zone=RbZone.HAND), False, "355.10.a"),
        ("Kill a gear", unit(1), False, "355.9.b"),
        (
            "Counter a spell",
            RbObject(99, "Counter", RbKind.SPELL, "Alice", "Alice", RbZone.CHAIN),
            False,
            "355.9.c",
        ),
        (
            "Counter a spell",
            RbObject(7, "Bolt", RbKind.SPELL, "Bob", "Bob", RbZone.CHAIN),
            True,
            "355.9",
        ),
        (
            "Ready a legend",
            RbObject(5, "Jinx", RbKind.LEGEND, "Bob", "Bob", RbZone.LEGEND_ZONE),
            True,
            "355.9",
        ),
        (
            "Recycle a unit from your trash",
            replace(unit(1, "Alice"), zone=RbZone.TRASH, location=""),
            True,
            "355.9",
        ),
        # 355.9.b: "your trash" is the trash of the spell's controller, not Bob's (QA 15 #3).
        (
            "Recycle a unit from your trash",
            replace(unit(1), zone=RbZone.TRASH, location=""),
            False,
            "355.9.b",
        ),
        ("Recycle a unit from your trash", unit(1), False, "355.9.a"),
    ],
)
def test_valid_targets_355_9(
    rules_v13: RiftboundRules, text: str, candidate: RbObject, ok: bool, rule: str
) -> None:
    assert rule in rules_v13.by_id()
    verdict = check_choice(analyse(text), [[candidate]], CTX)
    assert (verdict.kind is VerdictKind.LEGAL) is ok
    assert rule in verdict.rules


def test_an_ability_may_target_its_own_source() -> None:
    # 355.9.c: abilities and their sources are separate objects.
    ctx = RbContext("Bob", ("Alice", "Bob"), spell_id=50, source_id=1)
    assert (
        check_choice(analyse("Give a unit +1 [M] this turn"), [[unit(1)]], ctx).kind
        is VerdictKind.LEGAL
    )


def test_fox_fire_example_355_11_b(rules_v13: RiftboundRules, rules_v12: RiftboundRules) -> None:
    example = rules_v13.by_id()["355.11.b"].text
    assert (
        "They could choose to kill the two 2 [M] Recruits, or the two 1 [M] Recruits plus one 2 [M] Recruit."
        in example
    )
    analysis = analyse("Kill any number of units at a battlefield with total Might 4 or less.")
    recruits = [unit(i) for i in range(1, 5)]
    assert check_choice(analysis, [recruits], CTX).kind is VerdictKind.LEGAL
    # A Reaction gives two of them +1 Might: 1, 1, 2, 2.
    now = {r.id: (replace(r, might=2) if r.id > 2 else r) for r in recruits}
    assert check_choice(analysis, [list(now.values())], CTX).kind is VerdictKind.ILLEGAL
    subsets = legal_group_subsets(recruits, now, analysis.targets[0], CTX, "Targon's Peak")
    largest = [s for s in subsets if len(s) == len(subsets[0])]
    assert sorted(largest) == [(1, 2, 3), (1, 2, 4)]  # two 1s plus one 2
    assert (3, 4) in subsets  # the two 2s


def test_fox_fire_resolves_on_the_subset_its_controller_chooses(rules_v13: RiftboundRules) -> None:
    example = rules_v13.by_id()["355.11.b"].text
    assert "Fox-Fire's controller must choose a legal subset of the original targets" in example
    analysis = analyse("Kill any number of units at a battlefield with total Might 4 or less.")
    recruits = [unit(i) for i in range(1, 5)]
    now = {r.id: (replace(r, might=2) if r.id > 2 else r) for r in recruits}  # 1, 1, 2, 2
    with pytest.raises(GroupChoiceNeeded) as asked:
        resolve(analysis, [recruits], now, CTX)  # never "all four die" nor a silent pick
    assert "they have 6 now" in asked.value.message and "355.11.b" in asked.value.message
    assert (3, 4) in asked.value.options and (1, 2, 3) in asked.value.options
    assert asked.value.statements[0] == "The top of the chain resolves affecting #1, #2 and #3."
    # "They could choose to kill the two 2 [M] Recruits"
    verdict = resolve(analysis, [recruits], now, CTX, affecting={3, 4})
    assert verdict.kind is VerdictKind.PARTIAL
    assert [s.legal for s in verdict.slots] == [False, False, True, True]
    assert verdict.effects[0].happens and "355.11.b" in verdict.rules
    assert "chose to leave Recruit, Recruit out of the group" in verdict.reason
    # "They can't choose to affect units at the same battlefield that weren't initially chosen"
    with pytest.raises(GroupChoiceNeeded, match="That choice is not one of them"):
        resolve(analysis, [recruits], now, CTX, affecting={1, 2, 3, 4})
    with pytest.raises(EngineError, match="There is nothing to choose"):
        resolve(analysis, [recruits[:3]], now, CTX, affecting={3})  # 1+1+2 is still 4


def test_a_group_that_still_meets_its_restriction_needs_no_choice() -> None:
    analysis = analyse("Kill any number of units at a battlefield with total Might 4 or less.")
    recruits = [unit(i) for i in range(1, 5)]
    # One Recruit died (a new object); the other three still total 3 Might.
    verdict = resolve(analysis, [recruits], {1: None, 2: unit(2), 3: unit(3), 4: unit(4)}, CTX)
    assert verdict.kind is VerdictKind.PARTIAL and verdict.effects[0].happens
    assert [s.legal for s in verdict.slots] == [False, True, True, True]
    assert "355.11.b" not in verdict.rules
    # Every Recruit grew to 5 Might: no subset qualifies, so none is affected.
    grown = {r.id: replace(r, might=5) for r in recruits}
    verdict = resolve(analysis, [recruits], grown, CTX)
    assert not any(s.legal for s in verdict.slots) and not verdict.effects[0].happens


def test_fox_fire_units_that_left_differ_between_versions(
    rules_v13: RiftboundRules, rules_v12: RiftboundRules
) -> None:
    assert (
        "can, however, choose to affect units that were initially chosen as targets that left"
        in rules_v13.by_id()["355.11.b"].text
    )
    assert (
        "they can't affect any units that are no longer at the chosen battlefield"
        in rules_v12.by_id()["352.11.b"].text
    )
    analysis = analyse("Kill any number of units at a battlefield with total Might 4 or less.")
    recruits = [unit(i) for i in range(1, 3)]
    now = {r.id: replace(r, location="Sunken Temple") for r in recruits}  # both moved together
    assert legal_group_subsets(recruits, now, analysis.targets[0], CTX, "Targon's Peak", "1.3")[
        0
    ] == (1, 2)
    assert (
        legal_group_subsets(recruits, now, analysis.targets[0], CTX, "Targon's Peak", "1.2") == []
    )
    # On resolution: v1.3 kills both where they are now; v1.2 can't affect them.
    assert all(s.legal for s in resolve(analysis, [recruits], now, CTX).slots)
    old = analyse(
        "Kill any number of units at a battlefield with total Might 4 or less.", version="1.2"
    )
    assert not any(s.legal for s in resolve(old, [recruits], now, CTX).slots)


def test_group_must_be_at_one_battlefield() -> None:
    analysis = analyse("Kill any number of units at a battlefield with total Might 4 or less.")
    verdict = check_choice(analysis, [[unit(1), unit(2, at="Sunken Temple")]], CTX)
    assert verdict.kind is VerdictKind.ILLEGAL and "355.11.a" in verdict.rules


def test_split_5_damage_allows_at_most_5_targets(rules_v13: RiftboundRules) -> None:
    assert (
        'instructs them to "Split 5 damage" may only choose up to 5 units'
        in rules_v13.by_id()["355.14.c"].text
    )
    analysis = analyse(
        "When I attack, deal 5 damage split among any number of enemy units here.",
        ability="triggered",
    )
    five = [unit(i) for i in range(1, 6)]
    assert check_choice(analysis, [five], CTX).kind is VerdictKind.LEGAL
    verdict = check_choice(analysis, [[*five, unit(6)]], CTX)
    assert verdict.kind is VerdictKind.ILLEGAL and "355.14.c" in verdict.rules


def test_split_shares_are_at_least_one_each() -> None:
    assert check_split(5, {1: 3, 2: 2}).kind is VerdictKind.LEGAL
    bad = check_split(5, {1: 5, 2: 0})
    assert bad.kind is VerdictKind.ILLEGAL and "355.14.g" in bad.rules
    assert check_split(5, {1: 2, 2: 2}).kind is VerdictKind.ILLEGAL


def test_alpha_strike_splits_at_most_the_chosen_units_might(rules_v13: RiftboundRules) -> None:
    assert "each Unit chosen is Targeted" in rules_v13.by_id()["355.14.a"].text
    analysis = analyse(
        "Choose a friendly unit. It deals damage equal to its Might split among enemy units at "
        "battlefields. Then for each unit this kills, do this: Gain 1 XP."
    )
    friendly, split = analysis.targets
    assert friendly.phrase == "a friendly unit" and not friendly.splits_damage
    assert split.split_might and (split.min_count, split.max_count) == (1, None)
    assert "355.14.a" in split.rules
    mine = unit(1, "Alice", might=2)
    two, three = [unit(2), unit(3)], [unit(2), unit(3), unit(4)]
    assert check_choice(analysis, [[mine], two], CTX).kind is VerdictKind.LEGAL
    verdict = check_choice(analysis, [[mine], three], CTX)
    assert verdict.kind is VerdictKind.ILLEGAL and "355.14.c" in verdict.rules
    at_base = check_choice(analysis, [[mine], [unit(2, at="")]], CTX)
    assert at_base.kind is VerdictKind.ILLEGAL


def test_more_split_targets_than_damage_drops_some(rules_v13: RiftboundRules) -> None:
    assert "determines which Targets cease being Targets" in rules_v13.by_id()["355.14.h"].text
    assert check_split(1, {1: 0, 2: 1}).kind is VerdictKind.LEGAL
    assert check_split(1, {1: 1, 2: 1}).kind is VerdictKind.ILLEGAL
    assert check_split(2, {1: 2, 2: 0}).kind is VerdictKind.ILLEGAL  # enough for both
    assert split_options(1, 3) == [(1, 0, 0), (0, 1, 0), (0, 0, 1)]


def test_too_few_targets_and_wrong_shape() -> None:
    # Two targets under v1.2 352.10.b ("targets both"); in v1.3 the destination is no target.
    analysis = analyse("Move a unit to a battlefield", version="1.2")
    field = RbObject(20, "Targon's Peak", RbKind.BATTLEFIELD, "Bob", "Bob", RbZone.BATTLEFIELD)
    assert check_choice(analysis, [[unit(1)], [field]], CTX).kind is VerdictKind.LEGAL
    assert check_choice(analysis, [[unit(1)], []], CTX).kind is VerdictKind.ILLEGAL
    with pytest.raises(EngineError):
        check_choice(analysis, [[unit(1)]], CTX)


def test_its_might_after_choose_is_null_once_the_chosen_unit_is_gone() -> None:
    # As Strike Down ("Choose an equipped friendly unit. It deals damage equal to its Might to
    # an enemy unit."): "It" is the unit chosen by "Choose ...", and it has left the board: its
    # Might is null (359.3.e.12), so nothing is dealt even though the enemy unit is legal.
    analysis = analyse(
        "Choose a friendly unit. It deals damage equal to its Might to an enemy unit."
    )
    mine, theirs = unit(1, "Alice"), unit(2)
    gone = resolve(analysis, [[mine], [theirs]], {1: None, 2: theirs}, CTX)
    assert [e.happens for e in gone.effects] == [False]
    assert "359.3.e.12" in gone.rules
    still = resolve(analysis, [[mine], [theirs]], {1: mine, 2: theirs}, CTX)
    assert [e.happens for e in still.effects] == [True]


def test_a_swap_needs_both_of_its_units() -> None:
    analysis = analyse("Swap the Might of two units at the same battlefield this turn.")
    first, second = unit(1, "Alice", might=5), unit(2, might=2)
    verdict = resolve(analysis, [[first, second]], {1: first, 2: None}, CTX)
    assert [e.happens for e in verdict.effects] == [False]
    assert "359.3.e.6" in verdict.rules
    both = resolve(analysis, [[first, second]], {1: first, 2: second}, CTX)
    assert [e.happens for e in both.effects] == [True]


REPULSE = (
    "Choose a friendly unit at a battlefield. Counter an enemy spell or ability that chooses it "
    "and no other friendly unit."
)


def test_repulse_counters_what_chooses_its_unit_and_no_other_friendly_unit() -> None:
    analysis = analyse(REPULSE)
    assert analysis.targets[1].restriction == "that chooses it and no other friendly unit"
    poro, recruit, scorcher = unit(1, might=2), unit(2), unit(3, "Alice", might=5)
    spell = RbObject(50, "Falling Star", RbKind.SPELL, "Alice", "Alice", RbZone.CHAIN)

    def bob(*chose: RbObject) -> RbContext:
        return RbContext("Bob", ("Alice", "Bob"), spell_id=99, chain_choices=((50, chose),))

    assert check_choice(analysis, [[poro], [spell]], bob(poro, scorcher)).kind is VerdictKind.LEGAL
    two = check_choice(analysis, [[poro], [spell]], bob(poro, recruit))
    assert two.kind is VerdictKind.ILLEGAL and "no other friendly unit" in two.reason
    other = check_choice(analysis, [[recruit], [spell]], bob(poro))
    assert other.kind is VerdictKind.ILLEGAL and "doesn't choose" in other.reason
    # Stalwart Poro has died: the spell no longer chooses it (359.3.e.4), only Scorcher.
    gone = resolve(analysis, [[poro], [spell]], {1: None, 50: spell}, bob(scorcher))
    assert [slot.legal for slot in gone.slots] == [False, False]
    assert "no longer chooses" in gone.slots[1].why
