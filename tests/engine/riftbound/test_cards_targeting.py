"""Targeting on real card text, errata and FAQ answers (quoted from the real files)."""

from __future__ import annotations

import pytest

from bot.data.riftbound_cards import RiftboundCardData
from bot.engine.riftbound.analysis import analyse
from bot.engine.riftbound.model import RbContext, RbKind, RbObject
from bot.engine.riftbound.targeting import check_target


def _erratum(data: RiftboundCardData, name: str):  # type: ignore[no-untyped-def]
    return next(e for e in data.errata if e.card_name == name)


def _card_text(data: RiftboundCardData, name: str) -> str:
    return next(c.text for c in data.gallery.cards if c.name == name)


def test_cards_json_loads_950_cards_with_their_fields(card_data: RiftboundCardData) -> None:
    cards = card_data.gallery.cards
    assert len(cards) == 950
    scorcher = next(c for c in cards if c.name == "Blazing Scorcher")
    assert (scorcher.energy, scorcher.might, scorcher.power) == (5, 5, None)
    assert scorcher.domains == ("Fury",) and scorcher.card_types == ("Unit",)
    assert scorcher.tags == ("Dragon", "Noxus")
    assert "[1][Fury]" in scorcher.text  # :rb_energy_1::rb_rune_fury: rendered


def test_sigil_of_the_storm_errata_made_it_a_must(card_data: RiftboundCardData) -> None:
    erratum = _erratum(card_data, "Sigil of the Storm")
    assert "must recycle one of your runes" in erratum.new_text
    new = analyse(erratum.new_text, ability="triggered")
    assert not new.targets_anything
    assert any("355.10.f" in m.rules for m in new.mentions)
    old = analyse(erratum.old_text, ability="triggered")
    assert [m.kind for m in old.targets] == ["rune"]


def test_deathgrip_errata_turned_a_cost_into_a_target(card_data: RiftboundCardData) -> None:
    faq = next(f for f in card_data.faqs if "Deathgrip a cost or a target" in f.question)
    assert "Deathgrip" in faq.card_names
    erratum = _erratum(card_data, "Deathgrip")
    old = analyse(erratum.old_text)
    assert next(m.role for m in old.mentions if m.kind == "unit") == "cost"
    assert "355.10.c.1" in old.mentions[0].rules
    new = analyse(erratum.new_text)
    assert [m.phrase for m in new.targets] == ["a friendly unit", "another friendly unit"]


@pytest.mark.parametrize(
    ("name", "kind", "low", "high"),
    [
        ("Salvage", "gear", 0, 1),
        ("Kinkou Monk", "unit", 0, 2),
        ("Sona, Harmonious", "rune", 0, 4),
        ("Dark Child - Starter", "rune", 0, 2),
        ("Targon's Peak", "rune", 0, 2),
    ],
)
def test_up_to_errata(
    card_data: RiftboundCardData, name: str, kind: str, low: int, high: int
) -> None:
    erratum = next(
        e
        for e in card_data.errata
        if e.card_name.replace(",", " -") in (name, name.replace(",", " -")) or e.card_name == name
    )
    ability = "spell" if name == "Salvage" else "triggered"
    targets = analyse(erratum.new_text, ability=ability).targets
    assert [(t.kind, t.min_count, t.max_count) for t in targets] == [(kind, low, high)]


def test_disarming_rake_faq_you_may_is_not_part_of_the_effect(card_data: RiftboundCardData) -> None:
    faq = next(f for f in card_data.faqs if f.topic == "Triggered Abilities")
    assert 'Disarming Rake reads "When you play me, you may kill a gear."' in faq.answer
    assert [
        m.kind
        for m in analyse("When you play me, you may kill a gear.", ability="triggered").targets
    ] == ["gear"]


def test_sona_faq_condition_is_not_the_effect(card_data: RiftboundCardData) -> None:
    text = _card_text(card_data, "Sona, Harmonious")
    analysis = analyse(text, ability="triggered")
    assert [m.kind for m in analysis.targets] == ["rune"]
    assert all(m.role == "trigger condition" for m in analysis.mentions if m.kind == "battlefield")


def test_fox_fire_card_text_is_a_group_target(card_data: RiftboundCardData) -> None:
    text = _card_text(card_data, "Fox-Fire")
    target = analyse(text).targets[0]
    assert target.group_limit == ("less", 4)
    assert {"355.11", "355.13"} <= set(target.rules)
    faq = next(
        f
        for f in card_data.faqs
        if f.question.startswith("Are the units I choose for Fox-Fire targets")
    )
    assert "Fox-Fire" in faq.card_names


def test_volibear_split_damage_has_at_most_5_targets(card_data: RiftboundCardData) -> None:
    text = _card_text(card_data, "Volibear, Furious")
    analysis = analyse(text.split("\n")[-1] if "\n" in text else text, ability="triggered")
    split = [m for m in analysis.targets if m.split_amount]
    assert split and split[0].split_amount == 5 and split[0].max_count == 5
    assert "355.14.c" in split[0].rules


def test_void_seeker_targets_one_unit_and_draws(card_data: RiftboundCardData) -> None:
    analysis = analyse(_card_text(card_data, "Void Seeker"))
    assert [m.kind for m in analysis.targets] == ["unit"]
    assert [m.role for m in analysis.mentions if m.kind == "battlefield"] == ["restriction"]


def test_errata_are_attached_and_faqs_cut_per_question(card_data: RiftboundCardData) -> None:
    assert len(card_data.errata) == 55
    assert {a.source_id for a in card_data.faqs} >= {
        "riftbound-origins-faq",
        "rq-vegas-2026-rulings",
    }
    sigil = [f for f in card_data.faqs if "Sigil of the Storm" in f.card_names]
    assert any("Does Sigil of the Storm target" in f.question for f in sigil)
    # one-word names only from headings: "Block" the card is not every "block" in prose
    assert not any(
        "Block" in f.card_names and "Block" not in f.question + f.topic for f in card_data.faqs
    )


def test_pickpocket_gear_energy_cost_limit_is_a_restriction(card_data: RiftboundCardData) -> None:
    # Pickpocket: "When you play me, you may kill a gear with Energy cost no more than [1]."
    # The limit is a targeting restriction (355.9.b) on the gear's printed cost (131.4).
    text = _card_text(card_data, "Pickpocket")
    assert "Energy cost no more than [1]" in text
    mention = analyse(text, ability="triggered").targets[0]
    ctx = RbContext("Alice", ("Alice", "Bob"))
    cheap = RbObject(1, "Cheap Gear", RbKind.GEAR, "Bob", "Bob", energy=1)
    dear = RbObject(2, "Dear Gear", RbKind.GEAR, "Bob", "Bob", energy=2)
    assert check_target(cheap, mention, ctx).ok
    refused = check_target(dear, mention, ctx)
    assert not refused.ok and "costs 2 Energy" in refused.why
    assert refused.rules == ("355.9.b", "131.4")
