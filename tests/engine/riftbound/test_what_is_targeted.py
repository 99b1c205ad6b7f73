"""What an ability targets, decided by rule 355.10 (352.10 in v1.2) - checked against every
example the rules give, quoted from the real files so no quote can be invented."""

from __future__ import annotations

import pytest

from bot.data.riftbound_rules import RiftboundRules
from bot.engine.riftbound.analysis import analyse
from bot.engine.verdict import VerdictKind

# (rule, quoted card text, ability kind, the nouns it targets)
EXAMPLES_V13 = [
    ("355.9.a", "Kill a unit", "spell", ["unit"]),
    ("355.9.a", "Recycle a unit from your trash", "spell", ["unit"]),
    ("355.9.c", "Counter a spell", "spell", ["spell"]),
    ("355.10.a", "Ready a legend", "spell", ["legend"]),
    ("355.10.a", "Return a unit from your trash to your hand", "spell", ["unit"]),
    ("355.10.a", "You may play a unit from your hand, ignoring its costs", "spell", []),
    ("355.10.b", "Kill a unit at a battlefield", "spell", ["unit"]),
    ("355.10.b", "Kill all units at a battlefield", "spell", ["battlefield"]),
    ("355.10.c", "As an additional cost to play me, kill a friendly unit", "spell", []),
    ("355.10.c", "When a friendly unit dies, kill a gear", "triggered", ["gear"]),
    (
        "355.10.c",
        "When you play me, the next time a friendly unit would die this turn, return it to your hand instead",
        "triggered",
        [],
    ),
    (
        "355.10.c",
        "Choose a friendly unit. The next time it would die this turn, return it to your hand instead",
        "spell",
        ["unit"],
    ),
    (
        "355.10.c.1",
        "When I hold, you may kill another friendly unit here to draw 1",
        "triggered",
        [],
    ),
    (
        "355.10.c.1",
        "When you play me, you may spend a buff to move a friendly unit",
        "triggered",
        ["unit"],
    ),
    ("355.10.d", "Kill all units at battlefields", "spell", []),
    ("355.10.d", "Destroy a unit. Its controller draws 2 cards", "spell", ["unit"]),
    ("355.10.d", "Ready your legend", "spell", []),
    ("355.10.d", "Ready a friendly legend", "spell", ["legend"]),
    ("355.10.d", "Recycle all cards in your trash", "spell", []),
    ("355.10.d.2", "Kill a unit at a battlefield", "spell", ["unit"]),
    ("355.10.e", "Each player kills a unit they control", "spell", []),
    ("355.10.f", "You must recycle one of your runes", "spell", []),
    ("355.10.f", "Recycle a rune you control", "spell", ["rune"]),
    ("355.5.a", "Stun a unit at a battlefield", "spell", ["unit"]),
    ("355.5.a", "Kill all gear", "spell", []),
    (
        "355.11.b",
        "Kill any number of units at a battlefield with total Might 4 or less",
        "spell",
        ["unit"],
    ),
]
# v1.2 says more in 352.10.b than v1.3 does.
EXAMPLES_V12 = [
    ("352.10.b", "Move a unit to a battlefield", "spell", ["unit", "battlefield"]),
    ("352.10.b", "Kill all units at a battlefield", "spell", ["battlefield"]),
    ("352.4.a", "Stun a unit at a battlefield", "spell", ["unit"]),
]


def _quoted_in(rules: RiftboundRules, rule_id: str, quote: str) -> None:
    text = rules.by_id()[rule_id].text.replace("“", '"').replace("”", '"')
    assert f'"{quote}' in text, f"{quote!r} is not quoted in rule {rule_id}"


@pytest.mark.parametrize(("rule_id", "quote", "ability", "targets"), EXAMPLES_V13)
def test_examples_of_355(
    rules_v13: RiftboundRules, rule_id: str, quote: str, ability: str, targets: list[str]
) -> None:
    _quoted_in(rules_v13, rule_id, quote)
    analysis = analyse(quote, ability=ability, version="1.3")
    assert [m.kind for m in analysis.targets] == targets
    verdict = analysis.verdict()
    assert verdict.kind is (VerdictKind.YES if targets else VerdictKind.NO)
    assert "355.10" in verdict.rules


@pytest.mark.parametrize(("rule_id", "quote", "ability", "targets"), EXAMPLES_V12)
def test_examples_of_352(
    rules_v12: RiftboundRules, rule_id: str, quote: str, ability: str, targets: list[str]
) -> None:
    _quoted_in(rules_v12, rule_id, quote)
    analysis = analyse(quote, ability=ability, version="1.2")
    assert [m.kind for m in analysis.targets] == targets


def test_each_exception_cites_its_own_rule() -> None:
    cases = {
        "You may play a unit from your hand, ignoring its costs": "355.10.a",
        "Kill a unit at a battlefield": "355.10.b",
        "As an additional cost to play me, kill a friendly unit": "355.10.c",
        "Ready your legend": "355.10.d",
        "Each player kills a unit they control": "355.10.e",
        "You must recycle one of your runes": "355.10.f",
    }
    for text, expected in cases.items():
        not_targets = [m for m in analyse(text).mentions if not m.is_target]
        assert any(expected in m.rules for m in not_targets), text


def test_v12_cites_352_numbers() -> None:
    verdict = analyse("You must recycle one of your runes", version="1.2").verdict()
    assert "352.10.f" in verdict.rules
    assert not any(r.startswith("355") for r in verdict.rules)


def test_the_word_target_is_not_needed_nor_sufficient() -> None:
    # Riftbound cards never say "target"; the word decides nothing (355.7).
    assert analyse("Stun a unit at a battlefield").targets_anything
    assert not analyse("Kill all gear").targets_anything


def test_passive_abilities_never_target() -> None:
    assert not analyse("Your units here have +1 [M]. Kill a unit", ability="passive").targets


def test_up_to_and_any_number_allow_zero() -> None:
    up_to = analyse("Buff up to two other friendly units").targets[0]
    assert (up_to.min_count, up_to.max_count) == (0, 2)
    assert "355.13" in up_to.rules
    any_number = analyse(
        "Kill any number of units at a battlefield with total Might 4 or less"
    ).targets[0]
    assert (any_number.min_count, any_number.max_count) == (0, None)
    assert any_number.group_limit == ("less", 4)


def test_each_after_a_target_is_the_effect_not_a_restriction() -> None:
    """QA 15 #10: Back to Back's "two friendly units each +2 [M]" read "each +2 [M]" as a
    restriction on the units; "at each battlefield" still is one."""
    [mention] = analyse("Give two friendly units each +2 [M] this turn.").targets
    assert (mention.phrase, mention.restriction) == ("two friendly units", "")
    assert (mention.min_count, mention.max_count) == (2, 2)
