"""The Oracle reader on the real card text (CR 115, 601.2c/d, 700.2, 702)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.model import Zone
from bot.engine.mtg.filters import TargetDescription
from bot.engine.mtg.oracle_targets import read_face, read_text
from bot.engine.requirements import AbilityKind, FaceTargeting, RetargetKind, TargetSlot


@pytest.fixture(scope="module")
def cards(shared_data: Path) -> dict[str, dict]:
    raw = gzip.decompress((shared_data / "mtg-cards" / "oracle-cards.json.gz").read_bytes())
    return {card["name"]: card for card in json.loads(raw)}


def face(cards: dict[str, dict], name: str, face_name: str | None = None) -> FaceTargeting:
    card = cards[name]
    data = card
    if face_name is not None:
        data = next(f for f in card["card_faces"] if f["name"] == face_name)
    return read_face(
        data.get("name", name),
        data.get("type_line") or card.get("type_line", ""),
        data.get("oracle_text") or "",
        card.get("keywords") or [],
    )


def only_slots(reading: FaceTargeting, kind: AbilityKind | None = None) -> list[TargetSlot]:
    abilities = [a for a in reading.abilities if kind is None or a.kind is kind]
    return [slot for a in abilities for mode in a.modes for slot in mode.slots]


def desc(slot: TargetSlot) -> TargetDescription:
    assert isinstance(slot.filter, TargetDescription)
    return slot.filter


def test_lightning_bolt_is_any_target(cards):
    (slot,) = only_slots(face(cards, "Lightning Bolt"))
    assert slot.text == "any target"
    assert desc(slot).any_target and desc(slot).allows_players


def test_arc_trail_has_two_slots_the_second_distinct(cards):
    ability = face(cards, "Arc Trail").abilities[0]
    first, second = ability.modes[0].slots
    assert (first.text, second.text) == ("any target", "any other target")
    assert second.distinct_from == (0,)
    assert [e.slot_indexes for e in ability.modes[0].effects] == [(0,), (1,)]


def test_bounty_of_might_uses_the_word_three_times(cards):
    slots = only_slots(face(cards, "Bounty of Might"))
    assert [s.index for s in slots] == [0, 1, 2]
    assert all(s.min_count == s.max_count == 1 and not s.distinct_from for s in slots)


def test_swelter_two_target_creatures_is_one_slot_of_two(cards):
    (slot,) = only_slots(face(cards, "Swelter"))
    assert (slot.min_count, slot.max_count) == (2, 2)


def test_fireball_divides_among_any_number(cards):
    reading = face(cards, "Fireball")
    (slot,) = only_slots(reading)
    assert (slot.min_count, slot.max_count, slot.divided, slot.divided_evenly) == (
        0,
        None,
        True,
        True,
    )
    # "This spell costs {1} more ... for each target beyond the first" is a static ability
    # (CR 601.2f): its "target" is a mention, not a slot, and not part of the spell's effect.
    spell, cost = reading.abilities
    assert cost.kind is AbilityKind.STATIC and any("each target" in m for m in cost.mentions)
    assert [e.text for e in spell.modes[0].effects] == [
        "Fireball deals X damage divided evenly, rounded down, among any number of targets."
    ]


def test_forked_bolt_one_or_two_targets_divided_as_you_choose(cards):
    (slot,) = only_slots(face(cards, "Forked Bolt"))
    assert (slot.min_count, slot.max_count, slot.divided, slot.divided_evenly) == (
        1,
        2,
        True,
        False,
    )


def test_cryptic_command_choose_two_of_four_modes(cards):
    (ability,) = face(cards, "Cryptic Command").abilities
    assert ability.choose == (2, 2)
    assert [len(m.slots) for m in ability.modes] == [1, 1, 0, 0]
    assert ability.modes[0].slots[0].text == "target spell"
    assert desc(ability.modes[0].slots[0]).zones == {Zone.STACK}
    assert ability.modes[1].slots[0].index == 1


def test_fire_and_ice_faces(cards):
    fire = face(cards, "Fire // Ice", "Fire")
    ice = face(cards, "Fire // Ice", "Ice")
    (fire_slot,) = only_slots(fire)
    (ice_slot,) = only_slots(ice)
    assert (fire_slot.min_count, fire_slot.max_count, fire_slot.divided) == (1, 2, True)
    assert ice_slot.text == "target permanent"


def test_gold_rush_up_to_one(cards):
    (slot,) = only_slots(face(cards, "Gold Rush"))
    assert (slot.min_count, slot.max_count) == (0, 1)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Murder", "target creature"),
        ("Doom Blade", "target nonblack creature"),
        ("Naturalize", "target artifact or enchantment"),
        ("Disenchant", "target artifact or enchantment"),
        ("Counterspell", "target spell"),
        ("Stifle", "target activated or triggered ability"),
        ("Unsummon", "target creature"),
        ("Raise Dead", "target creature card from your graveyard"),
        ("Reanimate", "target creature card from a graveyard"),
        ("Duress", "target opponent"),
    ],
)
def test_single_slot_spells(cards, name, text):
    (slot,) = only_slots(face(cards, name), AbilityKind.SPELL)
    assert slot.text == text


def test_raise_dead_and_reanimate_zones(cards):
    (raise_dead,) = only_slots(face(cards, "Raise Dead"))
    (reanimate,) = only_slots(face(cards, "Reanimate"))
    assert desc(raise_dead).zones == {Zone.GRAVEYARD}
    assert desc(raise_dead).owner.value == "you"
    assert desc(reanimate).owner.value == "any"


def test_stifle_targets_abilities_on_the_stack(cards):
    (slot,) = only_slots(face(cards, "Stifle"))
    assert desc(slot).zones == {Zone.STACK}
    assert not desc(slot).allows_players


@pytest.mark.parametrize("name", ["Pyroclasm", "Syphon Mind", "Troll Ascetic"])
def test_no_targets(cards, name):
    reading = face(cards, name)
    assert not any(a.is_targeted for a in reading.abilities)


def test_pyroclasm_affects_each_creature_without_targeting(cards):
    (ability,) = face(cards, "Pyroclasm").abilities
    assert "each creature" in ability.untargeted


def test_pacifism_aura_spell_targets_through_enchant(cards):
    (enchant, _static) = face(cards, "Pacifism").abilities
    assert (enchant.kind, enchant.keyword, enchant.rule) == (AbilityKind.SPELL, "enchant", "702.5a")
    assert enchant.modes[0].slots[0].text == "target creature"


def test_animate_dead_enchants_a_creature_card_in_a_graveyard(cards):
    enchant = face(cards, "Animate Dead").abilities[0]
    assert desc(enchant.modes[0].slots[0]).zones == {Zone.GRAVEYARD}


def test_equip_is_an_activated_ability_targeting_your_creature(cards):
    equip = next(a for a in face(cards, "Bonesplitter").abilities if a.keyword == "equip")
    assert (equip.kind, equip.cost) == (AbilityKind.ACTIVATED, "{1}")
    assert equip.modes[0].slots[0].text == "target creature you control"


def test_modular_without_reminder_text(cards):
    ravager = cards["Arcbound Ravager"]
    text = ravager["oracle_text"].split(" (")[0]  # keyword line, reminder text removed
    reading = read_face("Arcbound Ravager", ravager["type_line"], text, ravager["keywords"])
    modular = next(a for a in reading.abilities if a.keyword == "modular")
    assert modular.kind is AbilityKind.TRIGGERED
    assert modular.modes[0].slots[0].text == "target artifact creature"


def test_mutate_targets_a_non_human_you_own(cards):
    reading = face(cards, "Gemrazer")
    mutate = next(a for a in reading.abilities if a.keyword == "mutate")
    assert mutate.kind is AbilityKind.SPELL
    assert "human" in desc(mutate.modes[0].slots[0]).alternatives[0].not_subtypes
    trigger = next(a for a in reading.abilities if a.kind is AbilityKind.TRIGGERED)
    assert trigger.modes[0].slots[0].text == "target artifact or enchantment an opponent controls"


def test_flametongue_kavu_trigger(cards):
    (ability,) = face(cards, "Flametongue Kavu").abilities
    assert ability.kind is AbilityKind.TRIGGERED
    assert ability.trigger == "When this creature enters"
    assert ability.modes[0].slots[0].text == "target creature"


def test_prodigal_sorcerer_activated(cards):
    (ability,) = face(cards, "Prodigal Sorcerer").abilities
    assert (ability.kind, ability.cost) == (AbilityKind.ACTIVATED, "{T}")
    assert ability.modes[0].slots[0].text == "any target"


def test_loyalty_costs_are_activated_abilities(cards):
    reading = face(cards, "Liliana of the Veil")
    costs = [a.cost for a in reading.abilities]
    assert costs == ["+1", "−2", "−6"]
    assert all(a.kind is AbilityKind.ACTIVATED for a in reading.abilities)


@pytest.mark.parametrize(
    ("name", "kind", "single"),
    [
        ("Deflection", RetargetKind.CHANGE_THE_TARGETS, True),
        ("Shunt", RetargetKind.CHANGE_THE_TARGETS, True),
        ("Swerve", RetargetKind.CHANGE_THE_TARGETS, True),
        ("Misdirection", RetargetKind.CHANGE_THE_TARGETS, True),
        ("Bolt Bend", RetargetKind.CHANGE_THE_TARGETS, True),
        ("Imp's Mischief", RetargetKind.CHANGE_THE_TARGETS, True),
        ("Redirect", RetargetKind.CHOOSE_NEW_TARGETS, False),
        ("Deflecting Swat", RetargetKind.CHOOSE_NEW_TARGETS, False),
        ("Wild Ricochet", RetargetKind.CHOOSE_NEW_TARGETS, False),
        ("Twincast", RetargetKind.COPY_MAY_CHOOSE_NEW, False),
        ("Spellskite", RetargetKind.CHANGE_A_TARGET, False),
        ("Meddle", RetargetKind.CHANGE_THE_TARGETS, True),
    ],
)
def test_retargeting_cards(cards, name, kind, single):
    ability = next(a for a in face(cards, name).abilities if a.retarget)
    assert ability.retarget is not None
    assert ability.retarget.kind is kind
    assert ability.retarget.single_target_only is single
    assert ability.is_targeted  # each of them targets the spell it changes


def test_spellskite_new_target_is_itself(cards):
    (ability,) = face(cards, "Spellskite").abilities
    assert ability.retarget is not None and ability.retarget.new_target_text == "this creature"
    assert ability.modes[0].slots[0].text == "target spell or ability"


def test_meddle_must_target_a_creature(cards):
    (ability,) = face(cards, "Meddle").abilities
    assert ability.retarget is not None
    assert ability.retarget.must_target == "creature"
    assert ability.retarget.new_target_text == "another creature"


def test_spree_modes_each_with_their_own_retarget(cards):
    (ability,) = face(cards, "Return the Favor").abilities
    assert ability.choose == (1, 2)
    kinds = [m.retarget.kind for m in ability.modes if m.retarget]
    assert kinds == [RetargetKind.COPY_MAY_CHOOSE_NEW, RetargetKind.CHANGE_THE_TARGETS]


def test_quoted_granted_ability_is_not_the_spells_target():
    reading = read_text(
        'Target creature gains "{T}: This creature deals 1 damage to any target" until end of turn.'
    )
    (spell,) = reading.abilities
    assert [s.text for s in only_slots(reading)] == ["target creature"]
    (granted,) = reading.granted
    assert granted.kind is AbilityKind.ACTIVATED
    assert granted.modes[0].slots[0].text == "any target"
    del spell


@pytest.mark.parametrize(
    "text",
    [
        "Each opponent sacrifices a creature.",
        "You draw two cards.",
        "Choose a creature. It gets +2/+2 until end of turn.",
        "Destroy all creatures.",
    ],
)
def test_cr_115_10_phrases_do_not_target(text):
    reading = read_text(text)
    assert not any(a.is_targeted for a in reading.abilities)
    assert reading.abilities[0].untargeted


def test_becomes_the_target_is_a_mention_not_a_slot():
    (ability,) = read_text(
        "Whenever this creature becomes the target of a spell, draw a card.", type_line="Creature"
    ).abilities
    assert not ability.is_targeted and not ability.unknown
    assert ability.mentions


def test_up_to_and_x_counts():
    (slot,) = only_slots(read_text("Tap up to three target creatures."))
    assert (slot.min_count, slot.max_count) == (0, 3)
    (x_slot,) = only_slots(read_text("Destroy X target artifacts."))
    assert x_slot.count_is_x and x_slot.max_count is None


def test_another_target_on_a_permanent_means_not_the_source():
    (slot,) = only_slots(
        read_text(
            "Whenever this creature attacks, another target creature you control gets +1/+1.",
            type_line="Creature",
        )
    )
    assert desc(slot).not_source and not slot.distinct_from


def test_modal_header_target_belongs_to_every_mode():
    (ability,) = read_text(
        "Target opponent chooses one —\n• That player discards a card.\n• That player loses 3 life."
    ).abilities
    assert all(mode.slots and mode.slots[0].text == "target opponent" for mode in ability.modes)


def test_unknown_phrases_are_reported_not_guessed():
    (ability,) = read_text("Destroy target creature with four or more wheels.").abilities
    assert ability.unknown


def test_read_face_is_deterministic(cards):
    card = cards["Cryptic Command"]
    args = (card["name"], card["type_line"], card["oracle_text"])
    assert read_face(*args) == read_face(*args)


_ORACLE_WORDS = st.sampled_from(
    [
        "target",
        "creature",
        "you",
        "control",
        "an",
        "opponent",
        "controls",
        "up",
        "to",
        "two",
        "any",
        "number",
        "of",
        "another",
        "with",
        "flying",
        "power",
        "2",
        "or",
        "less",
        "card",
        "graveyard",
        "spell",
        "ability",
        "choose",
        "one",
        "—",
        "•",
        "that",
        "it",
        "each",
        "opponent",
        ".",
        ",",
        ":",
        "{T}",
        "When",
        "Whenever",
        "deals",
        "damage",
        "to",
        '"',
        "(",
        ")",
        "\n",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_ORACLE_WORDS, max_size=40).map(" ".join))
def test_random_text_never_raises(text):
    reading = read_text(text)
    assert reading == read_text(text)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=120))
def test_arbitrary_unicode_never_raises(text):
    read_face("X", "Creature", text)


@pytest.fixture(scope="module")
def sample_texts(cards) -> list[str]:
    texts = [
        c.get("oracle_text") or ""
        for c in cards.values()
        if "target" in (c.get("oracle_text") or "")
    ]
    return texts[::40]


def test_mutated_real_oracle_text_never_raises(sample_texts):
    for text in sample_texts:
        for cut in (len(text) // 3, len(text) // 2):
            read_face("X", "Instant", text[:cut] + " target " + text[cut:])
            read_face("X", "Creature", text.replace(" ", "  ", 2)[::-1])


def test_a_counter_on_the_source_after_a_targeted_clause_is_its_own_part(cards):
    # Patchwork Crawler: "Exile target creature card from your graveyard and put a +1/+1
    # counter on this creature." The counter goes on the source, not the target, so it is a
    # part of its own that affects no target slot (CR 608.2b).
    reading = face(cards, "Patchwork Crawler")
    (ability,) = [a for a in reading.abilities if a.kind is AbilityKind.ACTIVATED]
    parts = [(p.text, p.slot_indexes) for p in ability.modes[0].effects]
    assert parts == [
        ("Exile target creature card from your graveyard", (0,)),
        ("put a +1/+1 counter on this creature.", ()),
    ]


def test_the_sentence_after_a_quoted_ability_is_its_own_part(cards):
    # Ogre Chitterlord: '... create two 1/1 black Rat creature tokens with "This token can't
    # block." Then if you control five or more Rats, ...': the full stop inside the quotes
    # ends the sentence, so the "Then if" part is checked on its own (CR 608.2c).
    reading = face(cards, "Ogre Chitterlord")
    (ability,) = [a for a in reading.abilities if a.kind is AbilityKind.TRIGGERED]
    texts = [p.text for p in ability.modes[0].effects]
    assert texts == [
        'create two 1/1 black Rat creature tokens with "This token can\'t block."',
        "Then if you control five or more Rats, each Rat you control gets +2/+0 until end of turn.",
    ]


# CR 701.41a: "'Support N' on a permanent means 'Put a +1/+1 counter on each of up to N other
# target creatures.' 'Support N' on an instant or sorcery spell means 'Put a +1/+1 counter on
# each of up to N target creatures.'"
def test_support_on_a_spell_targets_up_to_n_creatures(cards):
    slots = only_slots(face(cards, "Lead by Example"), AbilityKind.SPELL)
    assert [(s.min_count, s.max_count) for s in slots] == [(0, 2)]
    assert "other" not in slots[0].text


def test_support_on_a_permanent_targets_other_creatures(cards):
    slots = only_slots(face(cards, "Gladehart Cavalry"), AbilityKind.TRIGGERED)
    assert [(s.min_count, s.max_count) for s in slots[:1]] == [(0, 6)]
    assert "other target creatures" in slots[0].text


def test_support_x_in_a_trigger_with_a_condition(cards):
    # Jubilant Mascot: "... you may pay {3}{W}. If you do, support 2."
    slots = only_slots(face(cards, "Jubilant Mascot"), AbilityKind.TRIGGERED)
    assert [(s.min_count, s.max_count) for s in slots] == [(0, 2)]


# CR 701.66a: "'Earthbend N' means 'Target land you control becomes a 0/0 land creature with
# haste in addition to its other types. Put N +1/+1 counters on it. ...'"
def test_earthbend_targets_a_land_you_control(cards):
    slots = only_slots(face(cards, "Earthbending Lesson"), AbilityKind.SPELL)
    assert [s.text for s in slots] == ["target land you control"]


def test_earthbend_then_earthbend_is_two_targets(cards):
    slots = only_slots(face(cards, "Cracked Earth Technique"), AbilityKind.SPELL)
    assert [s.text for s in slots] == ["target land you control"] * 2


def test_earthbend_in_a_trigger(cards):
    slots = only_slots(face(cards, "Badgermole"), AbilityKind.TRIGGERED)
    assert [s.text for s in slots] == ["target land you control"]
