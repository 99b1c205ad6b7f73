"""The layer helpers of ``statics`` (QA 26): resolved pumps kept apart from base power and
toughness (CR 613.4b-c), keyword timestamps (613.7), and the statics of Auras and lands that
change what a permanent is (613.1d-f, 305.7)."""

from __future__ import annotations

from bot.engine.model import GameObject, Zone
from bot.engine.mtg.state import GameState
from bot.engine.mtg.statics import (
    as_seen,
    gaining,
    loses_all_abilities,
    pumped,
    read_pt_statics,
    rules_text_loss,
    rules_text_lost_to,
    statics_in_play,
    with_base,
)

BEARS = GameObject(
    id=2,
    name="Grizzly Bears",
    owner="Alice",
    controller="Alice",
    card_types=frozenset({"creature"}),
    subtypes=frozenset({"bear"}),
    colors=frozenset({"green"}),
    power=2,
    toughness=2,
)


def _state(*objects: GameObject) -> GameState:
    return GameState(objects={o.id: o for o in objects}, next_id=max(o.id for o in objects) + 1)


def _permanent(object_id: int, name: str, text: str, **fields: object) -> GameObject:
    return GameObject(
        id=object_id,
        name=name,
        owner="Alice",
        controller="Alice",
        zone=Zone.BATTLEFIELD,
        oracle_text=text,
        **fields,  # type: ignore[arg-type]
    )


def test_a_pump_is_kept_apart_from_the_base_it_is_added_to() -> None:
    grown = pumped(BEARS, 3, 3)
    assert (grown.power, grown.toughness, grown.pt_boost) == (5, 5, (3, 3))
    frog = with_base(grown, 1, 1, stamp=9)
    assert (frog.power, frog.toughness, frog.base_stamp) == (4, 4, 9)


def test_a_pump_on_a_permanent_without_printed_power_waits_for_a_base() -> None:
    ring = _permanent(1, "Sol Ring", "{T}: Add {C}{C}.", card_types=frozenset({"artifact"}))
    grown = pumped(ring, 3, 3)
    assert (grown.power, grown.pt_boost) == (None, (3, 3))


def test_gained_keywords_carry_their_timestamp() -> None:
    guarded = gaining(BEARS, {"hexproof"}, stamp=7)
    assert guarded.keywords == {"hexproof"} and guarded.gained_at == {"hexproof": 7}
    assert gaining(BEARS, (), stamp=7) is BEARS


def test_humility_keeps_what_was_gained_after_it_and_a_resolved_pump() -> None:
    humility_text = "All creatures lose all abilities and have base power and toughness 1/1."
    humility = _permanent(1, "Humility", humility_text, card_types=frozenset({"enchantment"}))
    bears = gaining(pumped(BEARS, 3, 3), {"hexproof"}, stamp=5)
    seen = as_seen(_state(humility, bears), bears)
    assert (seen.power, seen.toughness, seen.keywords) == (4, 4, {"hexproof"})
    older = gaining(pumped(BEARS, 3, 3), {"hexproof"}, stamp=1)
    later_humility = _permanent(3, "Humility", humility_text, card_types=frozenset({"enchantment"}))
    assert as_seen(_state(later_humility, older), older).keywords == frozenset()


def test_aura_and_land_statics_are_read() -> None:
    (mutation,) = read_pt_statics(
        "Enchant creature\nEnchanted creature is an Insect artifact creature with base power and "
        "toughness 0/1 and has indestructible, and it loses all other abilities, card types, "
        "and creature types."
    )
    assert mutation.sets_types == {"artifact", "creature"} and mutation.sets_subtypes == {"insect"}
    assert mutation.base == (0, 1) and mutation.grants == {"indestructible"}
    assert mutation.loses_abilities and not mutation.printed_only
    (song,) = read_pt_statics("Enchant permanent\nEnchanted permanent is a colorless Forest land.")
    assert song.sets_types == {"land"} and song.sets_colour == "colorless" and song.printed_only
    (moon,) = read_pt_statics("Nonbasic lands are Mountains.")
    assert moon.land_type == "mountain"
    (urborg,) = read_pt_statics("Each land is a Swamp in addition to its other land types.")
    assert urborg.adds_subtype == "swamp"


def test_blood_moon_removes_urborgs_ability_whatever_the_order() -> None:
    urborg_text = "Each land is a Swamp in addition to its other land types."
    land = {"card_types": frozenset({"land"})}
    forest = _permanent(3, "Forest", "", supertypes=frozenset({"basic"}),
                        subtypes=frozenset({"forest"}), **land)  # fmt: skip
    for moon_id, urborg_id in ((1, 2), (2, 1)):
        moon = _permanent(moon_id, "Blood Moon", "Nonbasic lands are Mountains.")
        urborg = _permanent(urborg_id, "Urborg, Tomb of Yawgmoth", urborg_text,
                            supertypes=frozenset({"legendary"}), **land)  # fmt: skip
        state = _state(moon, urborg, forest)
        assert as_seen(state, forest).subtypes == {"forest"}
        assert as_seen(state, urborg).subtypes == {"mountain"}


_SONG = "Enchant permanent\nEnchanted permanent is a colorless Forest land."
_HUMILITY = "All creatures lose all abilities and have base power and toughness 1/1."


def test_song_of_the_dryads_takes_the_rules_text_and_leaves_what_was_gained() -> None:
    troll = _permanent(1, "Troll Ascetic", "Hexproof", card_types=frozenset({"creature"}),
                       keywords=frozenset({"hexproof", "trample"}), power=3, toughness=2)  # fmt: skip
    troll = gaining(troll, {"trample"}, stamp=5)  # (as if an effect gave it trample)
    song = _permanent(7, "Song of the Dryads", _SONG, attached_to=1,
                      card_types=frozenset({"enchantment"}), subtypes=frozenset({"aura"}))  # fmt: skip
    state = _state(troll, song)
    assert rules_text_lost_to(state, troll) == "Song of the Dryads"
    assert not loses_all_abilities(state, troll)  # only its rules text's (305.7)
    assert as_seen(state, troll).keywords == {"trample"}
    assert rules_text_loss(state, troll, "Troll Ascetic") == (
        "Troll Ascetic is a Forest land because of Song of the Dryads, so it has lost the "
        "abilities of its rules text (305.7)"
    )
    assert rules_text_lost_to(_state(troll), troll) == ""
    assert rules_text_loss(_state(troll), troll, "Troll Ascetic") == ""


def test_a_songd_permanent_has_no_statics_and_blood_moon_takes_a_lands_too() -> None:
    humility = _permanent(1, "Humility", _HUMILITY, card_types=frozenset({"enchantment"}))
    bears = BEARS
    song = _permanent(7, "Song of the Dryads", _SONG, attached_to=1,
                      card_types=frozenset({"enchantment"}), subtypes=frozenset({"aura"}))  # fmt: skip
    assert as_seen(_state(humility, bears), bears).power == 1
    state = _state(humility, bears, song)
    assert all(source.name != "Humility" for source, _ in statics_in_play(state))
    assert as_seen(state, bears).power == 2
    moon = _permanent(3, "Blood Moon", "Nonbasic lands are Mountains.")
    factory = _permanent(4, "Mishra's Factory", "{T}: Add {C}.", card_types=frozenset({"land"}))
    assert rules_text_lost_to(_state(moon, factory), factory) == "Blood Moon"
