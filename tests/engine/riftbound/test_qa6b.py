"""Answers QA report 6 found wrong (second part), checked against the real rules, cards and FAQ
files."""

from __future__ import annotations

from bot.data.riftbound_cards import RiftboundCardData
from bot.data.riftbound_rules import RiftboundRules
from bot.engine.riftbound.keywords import grants
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, text_of


def test_deflect_granted_by_other_permanents_is_read_and_summed(
    card_data: RiftboundCardData, rules_v13: RiftboundRules, rb: RiftboundScenarioExecutor
) -> None:
    # 809.2: "If a Unit has Deflect, or has been granted Deflect, and is granted Deflect by an
    # additional source, the Deflect Value of all granted Deflect keywords is summed."
    assert "or has been granted Deflect" in rules_v13.by_id()["809.2"].text
    assert [g.who for g in grants(text_of(card_data, "Petricite Monument"))] == ["Friendly units"]
    allay = grants(text_of(card_data, "Allay, Eager Admirer"))
    assert [(g.who, g.while_at_battlefield) for g in allay] == [("your other units here", True)]
    assert [g.who for g in grants(text_of(card_data, "Breakneck Mech"))] == ["Your Mechs"]
    result = run(
        rb,
        "Bob controls Petricite Monument at his base. Bob controls Allay, Eager Admirer at "
        "Targon's Peak. Bob controls Recruit at Targon's Peak. Bob controls Sprite at his base.\n"
        # Each resolves before the next: Vengeance has no [Reaction] (309.1.a).
        "Alice plays Vengeance targeting Recruit.\nThe top of the chain resolves.\n"
        "Alice plays Vengeance targeting Allay, Eager Admirer.\nThe top of the chain resolves.\n"
        "Alice plays Vengeance targeting Sprite.\n",
    )
    recruit, allay_chosen, sprite = result.steps[-5], result.steps[-3], result.steps[-1]
    assert recruit.verdict == "legal" and "cost 2 more Power" in recruit.explanation
    assert "809.2" in recruit.rules
    # Allay's own [Deflect] plus the Monument's: "your other units here" leaves her out.
    assert "cost 2 more Power" in allay_chosen.explanation
    assert "cost 1 more Power" in sprite.explanation


def test_deflect_granted_only_to_buffed_units_is_not_guessed(card_data: RiftboundCardData) -> None:
    # Spirit's Refuge: "Friendly buffed units have [Deflect] if they didn't already." Buffs
    # aren't tracked on the board, so the grant is not applied rather than applied to all.
    refuge = grants(text_of(card_data, "Spirit's Refuge"))
    assert [g.who for g in refuge] == ["Friendly buffed units"]


def test_cant_be_chosen_granted_to_other_units_is_applied(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    # Alpha Wildclaw (7 Might): "Your units here with less Might than me can't be chosen by
    # enemy spells and abilities."
    wildclaw = grants(text_of(card_data, "Alpha Wildclaw"))
    assert [(g.who, g.enemies_cant_choose) for g in wildclaw] == [
        ("Your units here with less Might than me", True)
    ]
    result = run(
        rb,
        "Bob controls Alpha Wildclaw at Targon's Peak. Bob controls Recruit at Targon's Peak.\n"
        "Bob controls Sprite at The Grand Plaza.\n"
        "Alice plays Void Seeker targeting Recruit.\n"
        "Alice plays Void Seeker targeting Sprite.\n",
    )
    here, elsewhere = result.steps[-2:]
    assert here.verdict == "illegal" and "Alpha Wildclaw" in here.explanation
    assert elsewhere.verdict == "legal"


def test_another_location_is_away_from_the_source_or_the_first_choice(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    # Origins FAQ, Tideturner: errata "to restrict its targeting to a unit you control and to
    # make sure that it can target a unit at another location".
    assert "a unit you control at another location" in text_of(card_data, "Tideturner")
    assert any("target a unit at another location" in f.answer for f in card_data.faqs)
    # Smoke and Mirrors: "Choose a unit you control and another unit you control at a
    # different location."
    assert "another unit you control at a different location" in text_of(
        card_data, "Smoke and Mirrors"
    )
    result = run(
        rb,
        "Alice controls Tideturner at Targon's Peak. Alice controls Recruit at Targon's Peak.\n"
        "Alice controls Sprite at her base.\n"
        # The questions first: with the trigger on the chain, only a [Reaction] card could be
        # played (309.1.a), and Smoke and Mirrors has none.
        "Can Alice play Smoke and Mirrors targeting Recruit and Tideturner?\n"
        "Can Alice play Smoke and Mirrors targeting Sprite and Tideturner?\n"
        "Tideturner's trigger targets Recruit.\n"
        "Tideturner's trigger targets Sprite.\n",
    )
    assert [s.verdict for s in result.steps[-4:]] == ["no", "yes", "illegal", "legal"]


def test_up_to_one_at_each_location_is_one_per_location(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    # Unleashed FAQ, Elder Dragon: "It is the equivalent to saying 'Deal 1 to up to one enemy
    # unit at battlefield A. Deal 1 to up to one enemy unit at battlefield B. ...'" and "any
    # units that are moved to a location other than the one where they were targeted will no
    # longer fulfill the targeting restriction ... and will be unaffected".
    faq = next(f.answer for f in card_data.faqs if "equivalent to saying" in f.answer)
    assert "up to one enemy unit at battlefield A" in faq
    result = run(
        rb,
        "Alice controls Elder Dragon at her base. Bob controls Recruit at Targon's Peak.\n"
        "Bob controls Sprite at Targon's Peak. Bob controls Pouty Poro at his base.\n"
        "Elder Dragon's trigger targets Recruit and Sprite.\n"
        "Elder Dragon's trigger targets Recruit and Pouty Poro.\n"
        "Recruit moves to Bob's base.\n"
        "The top of the chain resolves.\n",
    )
    same_place, two_places, _, resolved = result.steps[-4:]
    assert same_place.verdict == "illegal" and "each location" in same_place.explanation
    assert two_places.verdict == "legal"
    assert resolved.verdict == "partial" and "Recruit is no longer legal" in resolved.explanation


def test_temptation_destination_is_given_and_checked(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    # Temptation: "Move an enemy unit to a location where there's a unit with the same
    # controller." The unit after "where there's" only restricts the destination (355.10.b).
    text = text_of(card_data, "Temptation")
    assert "to a location where there's a unit with the same controller" in text.replace("’", "'")
    result = run(
        rb,
        "Bob controls Recruit at Targon's Peak. Bob controls Sprite at his base.\n"
        "Alice controls Blazing Scorcher at The Grand Plaza.\n"
        "Does Temptation target?\n"
        "Alice plays Temptation targeting Recruit, moving it to The Grand Plaza.\n"
        "Alice plays Temptation targeting Recruit, moving it to Bob's base.\n",
    )
    asked, elsewhere, home = result.steps[-3:]
    assert "It targets an enemy unit." in asked.explanation
    assert elsewhere.verdict == "illegal" and "Bob has no unit at The Grand Plaza" in (
        elsewhere.explanation
    )
    assert home.verdict == "legal"


def test_a_group_split_over_battlefields_says_so(
    rules_v13: RiftboundRules, rb: RiftboundScenarioExecutor
) -> None:
    # 355.11.b (v1.3): "... as long as those units are all located at the same battlefield".
    assert "all located at the same battlefield" in rules_v13.by_id()["355.11.b"].text
    result = run(
        rb,
        "Bob controls four Recruit at Targon's Peak.\n"
        "Alice plays Fox-Fire targeting #2, #3, #4 and #5.\n"
        "#2 moves to The Grand Plaza.\n"
        "Fox-Fire resolves affecting #2 and #3.\n",
    )
    refused = result.steps[-1]
    assert refused.error is not None
    assert "no longer all at one battlefield (they are at Targon's Peak and The Grand Plaza)" in (
        refused.error.message
    )
