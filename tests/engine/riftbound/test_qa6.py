"""Answers QA report 6 found wrong, checked against the real rules and FAQ files."""

from __future__ import annotations

from bot.data.riftbound_cards import RiftboundCardData
from bot.data.riftbound_rules import RiftboundRules
from bot.engine.riftbound.analysis import analyse


def _faq_answer(data: RiftboundCardData, words: str) -> str:
    return next(f.answer for f in data.faqs if words in f.answer)


def test_a_move_destination_is_not_a_target_in_v13(
    card_data: RiftboundCardData, rules_v13: RiftboundRules, rules_v12: RiftboundRules
) -> None:
    # Origins FAQ, Making Choices: "There are two other choices that are not considered
    # targets, but are made while putting something on the chain ... The destination or
    # destinations for any spell or ability whose effect is moving one or more units".
    faq = _faq_answer(card_data, "not considered targets")
    assert "destination or destinations for any spell or ability" in faq
    # v1.3 355.4 only has the destination chosen; v1.2's 352.10.b example called it a target.
    assert "Move Destination" in rules_v13.by_id()["355.4"].text
    assert "targets both a unit and a battlefield" in rules_v12.by_id()["352.10.b"].text
    now = analyse("Move a unit to a battlefield", version="1.3")
    assert [m.kind for m in now.targets] == ["unit"]
    destination = next(m for m in now.mentions if m.kind == "battlefield")
    assert not destination.is_target and "355.4" in destination.rules
    assert "not a target" in destination.reason
    before = analyse("Move a unit to a battlefield", version="1.2")
    assert [m.kind for m in before.targets] == ["unit", "battlefield"]
