"""Target wordings and effects the reader once missed: "choose two target creatures controlled
by the same player" (CR 601.2c, 608.2b), "target creature with a morph ability" (708.2a),
Syncopate's {X} (107.3a), a colour chosen for the ability's own source (105.3, 608.2d)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from bot.engine.cards import parse_type_line
from bot.engine.errors import EngineError
from bot.engine.model import Zone
from bot.engine.mtg.filters import TargetDescription, keyword_names
from bot.engine.mtg.oracle_targets import read_face
from bot.engine.mtg.resolution import ResolveChoices
from bot.engine.requirements import FaceTargeting, TargetSlot
from bot.engine.verdict import VerdictKind as K
from tests.engine.mtg.scene import Scene


@pytest.fixture(scope="module")
def cards(shared_data: Path) -> dict[str, dict]:
    raw = gzip.decompress((shared_data / "mtg-cards" / "oracle-cards.json.gz").read_bytes())
    return {card["name"]: card for card in json.loads(raw)}


def reading(cards: dict[str, dict], name: str) -> FaceTargeting:
    card = cards[name]
    return read_face(name, card["type_line"], card["oracle_text"], card.get("keywords") or [])


def slots(cards: dict[str, dict], name: str) -> list[TargetSlot]:
    read = reading(cards, name)
    return [slot for a in read.abilities for mode in a.modes for slot in mode.slots]


def desc(slot: TargetSlot) -> TargetDescription:
    assert isinstance(slot.filter, TargetDescription)
    return slot.filter


# ---- the reader ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "count", "together"),
    [
        ("Barrin's Spite", 2, "same"),
        ("Cannibalize", 2, "same"),
        ("Incriminate", 2, "same"),
        ("Retribution", 2, "same"),
        ("Run Away Together", 2, "different"),
        ("Fulgent Distraction", 2, ""),
        ("Scheming Symmetry", 2, ""),
        ("Victimize", 2, ""),
        ("Wild Swing", 3, ""),
    ],
)
def test_choose_n_target_things_is_a_slot_not_a_mention(cards, name, count, together):
    # CR 115.1a: "Choose two target creatures" is the word target making targets; only the
    # noun "targets" after "chooses one or more" is a mention (115.9, Psychic Battle).
    (slot,) = slots(cards, name)
    assert slot.min_count == slot.max_count == count
    assert desc(slot).controllers == together


def test_psychic_battle_chooses_targets_is_still_a_mention(cards):
    read = reading(cards, "Psychic Battle")
    assert not [a for a in read.abilities if a.is_targeted]
    assert any("or more targets" in m for a in read.abilities for m in a.mentions)


def test_axis_of_mortality_have_two_target_players(cards):
    (slot,) = slots(cards, "Axis of Mortality")
    assert slot.text == "two target players" and slot.min_count == 2


def test_meddle_only_one_target_stays_a_mention(cards):
    assert [slot.text for slot in slots(cards, "Meddle")] == ["target spell"]


def test_thraben_charm_any_number_of_target_players(cards):
    texts = [slot.text for slot in slots(cards, "Thraben Charm")]
    assert "any number of target players" in texts


def test_backslide_with_a_morph_ability(cards):
    (slot,) = slots(cards, "Backslide")
    assert desc(slot).keywords_all == {"morph"}
    # A keyword with a cost counts by its name (Exalted Angel's "Morph {2}{W}{W}").
    assert "morph" in keyword_names(frozenset({"morph {2}{w}{w}", "flying"}))


def test_clause_before_the_zone_is_read(cards):
    (slot,) = slots(cards, "Mizzix's Mastery")
    assert desc(slot).zones == {Zone.GRAVEYARD}
    assert "that's an instant or sorcery" in desc(slot).unchecked


def test_verdant_command_loyalty_ability(cards):
    texts = [slot.text for slot in slots(cards, "Verdant Command")]
    assert "target loyalty ability of a planeswalker" in texts


# ---- casting and resolving -----------------------------------------------------------------


def test_barrins_spite_targets_must_have_one_controller(scene: Scene) -> None:
    scene.put("Alice", "Grizzly Bears").put("Alice", "Runeclaw Bear")
    scene.put("Bob", "Llanowar Elves")
    v = scene.cast("Bob", "Barrin's Spite", ["Grizzly Bears", "Llanowar Elves"])
    assert v.kind is K.ILLEGAL and "601.2c" in v.rules
    assert not scene.state.stack
    v = scene.cast("Bob", "Barrin's Spite", ["Grizzly Bears", "Runeclaw Bear"])
    assert v.kind is K.OK


def test_barrins_spite_fizzles_when_control_splits(scene: Scene) -> None:
    scene.put("Alice", "Grizzly Bears").put("Alice", "Runeclaw Bear")
    scene.cast("Bob", "Barrin's Spite", ["Grizzly Bears", "Runeclaw Bear"])
    scene.state = scene.state.with_controller(scene.ids["Runeclaw Bear"], "Bob")
    v = scene.resolve()
    assert v.kind is K.FIZZLED and "608.2b" in v.rules


def test_run_away_together_needs_different_controllers(scene: Scene) -> None:
    scene.put("Alice", "Grizzly Bears").put("Alice", "Runeclaw Bear")
    v = scene.cast("Alice", "Run Away Together", ["Grizzly Bears", "Runeclaw Bear"])
    assert v.kind is K.ILLEGAL and "different players" in v.reason


def test_cannibalize_doesnt_exile_and_counter_both(scene: Scene) -> None:
    # Its ruling: "You choose which gets the counters and which is to get exiled on
    # resolution" (608.2d): the bot asks for the result instead of doing both to both.
    scene.put("Alice", "Grizzly Bears").put("Alice", "Runeclaw Bear")
    scene.cast("Bob", "Cannibalize", ["Grizzly Bears", "Runeclaw Bear"])
    v = scene.resolve()
    assert v.kind is K.RESOLVED and "608.2d" in v.rules
    for name in ("Grizzly Bears", "Runeclaw Bear"):
        obj = scene.state.obj(scene.ids[name])
        assert obj.zone is Zone.BATTLEFIELD and not obj.counters
    assert any(not e.tracked and "is exiled" in e.why for e in v.effects)


def test_backslide_turns_the_target_face_down(scene: Scene) -> None:
    scene.put("Alice", "Exalted Angel").put("Alice", "Grizzly Bears")
    assert scene.cast("Bob", "Backslide", "Grizzly Bears").kind is K.ILLEGAL
    assert scene.cast("Bob", "Backslide", "Exalted Angel").kind is K.OK
    v = scene.resolve()
    angel = scene.state.obj(scene.ids["Exalted Angel"])
    assert v.kind is K.RESOLVED and "708.2a" in v.rules
    assert angel.face_down and (angel.power, angel.toughness) == (2, 2) and not angel.keywords


def test_syncopate_x_is_the_announced_value(scene: Scene) -> None:
    scene.put("Alice", "Grizzly Bears")
    scene.cast("Alice", "Giant Growth", "Grizzly Bears")
    scene.cast("Bob", "Syncopate", "Giant Growth", x=2)
    with pytest.raises(EngineError, match=r"asks for \{2\}"):
        scene.engine.resolve_top(scene.state, ResolveChoices(pays=True, cost="{3}"))
    scene.state, v = scene.engine.resolve_top(scene.state, ResolveChoices(pays=True, cost="{2}"))
    assert v.kind is K.RESOLVED and "isn't countered" in v.reason


def test_syncopate_unpaid_exiles_the_spell(scene: Scene) -> None:
    scene.put("Alice", "Grizzly Bears")
    scene.cast("Alice", "Giant Growth", "Grizzly Bears")
    scene.cast("Bob", "Syncopate", "Giant Growth", x=2)
    scene.state, v = scene.engine.resolve_top(scene.state, ResolveChoices(pays=False, cost="{2}"))
    assert v.kind is K.RESOLVED
    assert [o.name for o in scene.state.zone_objects(Zone.EXILE)] == ["Giant Growth"]


def test_wild_mongrel_becomes_the_colour_chosen(scene: Scene) -> None:
    scene.put("Alice", "Wild Mongrel")
    scene.activate("Alice", "Wild Mongrel")
    scene.state, v = scene.engine.resolve_top(scene.state, ResolveChoices(colour="red"))
    mongrel = scene.state.obj(scene.ids["Wild Mongrel"])
    assert v.kind is K.RESOLVED
    assert mongrel.colors == {"red"} and (mongrel.power, mongrel.toughness) == (3, 3)


def test_mondo_gecko_hexproof_from_the_chosen_colour(scene: Scene) -> None:
    scene.put("Alice", "Mondo Gecko")
    scene.activate("Alice", "Mondo Gecko")
    scene.state, _ = scene.engine.resolve_top(scene.state, ResolveChoices(colour="red"))
    gecko = scene.state.obj(scene.ids["Mondo Gecko"])
    assert "hexproof from red" in gecko.keywords and "hexproof" not in gecko.keywords


def test_barrins_spite_needs_two_creatures_under_one_player(scene: Scene) -> None:
    # CR 601.2c: the spell can't be cast without a legal choice for every target; two
    # creatures under different players aren't one.
    scene.put("Alice", "Grizzly Bears").put("Bob", "Llanowar Elves")
    assert scene.engine.can_play(scene.state, "Alice", scene.card("Barrin's Spite")).kind is K.NO
    assert (
        scene.engine.can_play(scene.state, "Alice", scene.card("Run Away Together")).kind is K.YES
    )
    scene.put("Alice", "Runeclaw Bear")
    assert scene.engine.can_play(scene.state, "Bob", scene.card("Barrin's Spite")).kind is K.YES


@pytest.mark.parametrize(
    "name",
    [
        "Mizzix's Mastery",  # "target card that's an instant or sorcery from your graveyard"
        "Raise the Draugr",  # "... that share a creature type from your graveyard"
        "Riveteers Ascendancy",  # "with lesser mana value"
        "Puca's Mischief",  # "with equal or lesser mana value"
        "Mysterious Stranger",  # "from that graveyard"
        "Lodestone Bauble",  # "from a player's graveyard"
        "Coiling Stalker",  # "that doesn't have a +1/+1 counter on it"
        "Magewright's Stone",  # "that has an activated ability with {T} in its cost"
        "Echoing Assault",  # "that's attacking that player"
        "Kotose, the Silent Spider",  # "other than a basic land card from ..."
        "Rosie Cotton of South Lane",  # "other than Rosie Cotton" (its shortened name)
        "Shield Broker",  # "noncommander"
        "Labro Bot",  # "target host card or card with augment"
        "Time Lord Regeneration",  # "target Time Lord" (two words, CR 205.3m)
        "Viconia, Disciple of Arcana",  # "from among cards exiled with this creature"
    ],
)
def test_wordings_now_read(cards, name):
    read = reading(cards, name)
    assert not [phrase for a in read.abilities for phrase in a.unknown]
    assert any(a.is_targeted for a in read.abilities)


def test_rosie_cotton_other_than_itself(cards):
    (slot,) = slots(cards, "Rosie Cotton of South Lane")
    assert desc(slot).not_source


def test_time_lord_is_one_subtype_on_the_type_line():
    assert parse_type_line("Legendary Creature — Time Lord Doctor").subtypes == {
        "time lord",
        "doctor",
    }


def test_axis_of_mortality_exchanges_life_totals(scene: Scene) -> None:
    # CR 701.12c: each player gains or loses the life to equal the other's previous total.
    scene.put("Alice", "Axis of Mortality")
    scene.state = scene.engine.set_life(scene.state, "Alice", 5)[0]
    scene.trigger("Axis of Mortality", ["Alice", "Bob"])
    v = scene.resolve()
    assert v.kind is K.RESOLVED and "701.12c" in v.rules
    assert (scene.state.player("Alice").life, scene.state.player("Bob").life) == (20, 5)


def test_colour_of_choice_unsaid_asks_for_it(scene: Scene) -> None:
    # CR 608.2d: the colour is chosen as it resolves; the bot asks rather than guessing.
    scene.put("Alice", "Wild Mongrel")
    scene.activate("Alice", "Wild Mongrel")
    with pytest.raises(EngineError, match=r"608\.2d") as raised:
        scene.resolve()
    assert "Wild Mongrel's ability resolves choosing blue." in raised.value.statements
