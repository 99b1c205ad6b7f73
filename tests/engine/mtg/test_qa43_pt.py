"""QA 43: power and toughness that the game counts (CR 604.3, 613.4a) with the resolved
"+N/+N" of layer 7c on top (613.4c); a split card counts its card types once (709.4).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.cards import parse_type_line
from bot.engine.frozen import evolve
from bot.engine.model import Zone
from bot.engine.mtg.counts import read_count
from bot.engine.mtg.state import GameState
from bot.engine.mtg.statics import as_seen, pt_caveats
from tests.engine.mtg.scene import Scene


@dataclass
class _Board:
    state: GameState
    ids: dict[str, int]


def replace(scene: Scene, state: GameState) -> _Board:
    return _Board(state, scene.ids)


def seen_pt(scene: Scene | _Board, name: str) -> tuple[int | None, int | None]:
    seen = as_seen(scene.state, scene.state.obj(scene.ids[name]))
    return seen.current_power, seen.current_toughness


def zone_of(scene: Scene, name: str) -> set[Zone]:
    return {o.zone for o in scene.state.objects.values() if o.name == name}


def test_giant_growth_stays_on_top_of_tarmogoyfs_count(scene, cr) -> None:
    cr("Layer 7a: Effects from characteristic-defining abilities that define power and/or")
    cr("Layer 7c: Effects and counters that modify power and/or toughness")
    scene.put("Alice", "Tarmogoyf")
    scene.cast("Alice", "Giant Growth", "Tarmogoyf")
    scene.resolve()
    # Giant Growth is now an instant in the graveyard: 1/2, then +3/+3.
    assert seen_pt(scene, "Tarmogoyf") == (4, 5)
    scene.cast("Bob", "Lightning Bolt", "Tarmogoyf")
    scene.resolve()
    assert zone_of(scene, "Tarmogoyf") == {Zone.BATTLEFIELD}


def test_dismember_kills_a_small_tarmogoyf(scene) -> None:
    scene.put("Bob", "Tarmogoyf")
    scene.cast("Alice", "Dismember", "Tarmogoyf")
    scene.resolve()
    assert zone_of(scene, "Tarmogoyf") == {Zone.GRAVEYARD}


def test_a_stated_shrink_lowers_tarmogoyf_with_counters(scene) -> None:
    scene.put("Bob", "Tarmogoyf")
    scene.do("add_counters", "Tarmogoyf", "+1/+1", 2)
    assert seen_pt(scene, "Tarmogoyf") == (2, 3)
    v = scene.do("pump", "Tarmogoyf", -2, -2)
    assert "it is now 0/1" in v.reason
    assert seen_pt(scene, "Tarmogoyf") == (0, 1)


def test_a_split_card_has_one_card_type_when_both_halves_share_it(scene, cr) -> None:
    cr("In every zone except the stack, the characteristics of a split card are those of its")
    assert parse_type_line("Instant // Instant").card_types == {"instant"}
    assert parse_type_line("Instant // Sorcery").card_types == {"instant", "sorcery"}
    scene.put("Bob", "Tarmogoyf").in_zone("Alice", "Fire // Ice", Zone.GRAVEYARD)
    assert seen_pt(scene, "Tarmogoyf") == (1, 2)


def test_deaths_shadow_gets_minus_x_where_x_is_your_life_total(scene, rulings) -> None:
    assert "If your life total is negative, X is considered to be 0." in rulings["Death's Shadow"]
    scene.put("Alice", "Death's Shadow")
    scene.state, _ = scene.engine.set_life(scene.state, "Alice", 10)
    assert seen_pt(scene, "Death's Shadow") == (3, 3)
    below_zero = evolve(scene.state.player("Alice"), life=-2)  # (before 704.5a is checked)
    assert seen_pt(replace(scene, state=scene.state.with_player(below_zero)), "Death's Shadow") == (
        13,
        13,
    )
    scene.cast("Bob", "Lightning Bolt", "Death's Shadow")
    scene.resolve()
    assert zone_of(scene, "Death's Shadow") == {Zone.GRAVEYARD}


def test_knight_of_the_reliquary_counts_land_cards_in_its_controllers_graveyard(scene) -> None:
    scene.put("Alice", "Knight of the Reliquary")
    scene.in_zone("Alice", "Forest", Zone.GRAVEYARD).in_zone("Alice", "Mountain", Zone.GRAVEYARD)
    scene.in_zone("Bob", "Plains", Zone.GRAVEYARD)  # not Alice's graveyard
    scene.in_zone("Alice", "Lightning Bolt", Zone.GRAVEYARD)  # not a land card
    assert seen_pt(scene, "Knight of the Reliquary") == (4, 4)
    scene.cast("Bob", "Lightning Bolt", "Knight of the Reliquary")
    scene.resolve()
    assert zone_of(scene, "Knight of the Reliquary") == {Zone.BATTLEFIELD}


def test_cranial_plating_counts_every_artifact_you_control_itself_too(scene, rulings) -> None:
    assert (
        "Cranial Plating is counted by its own ability, so it gives at least +1/+0."
        in rulings["Cranial Plating"]
    )
    scene.put("Alice", "Grizzly Bears").put("Alice", "Ornithopter").put("Alice", "Memnite")
    scene.put("Bob", "Sol Ring")  # Bob's artifact isn't counted
    scene.put("Alice", "Cranial Plating")
    scene.do("attach", "Cranial Plating", scene.ids["Grizzly Bears"])
    assert seen_pt(scene, "Grizzly Bears") == (5, 2)


def test_star_creatures_are_counted_and_pumps_stay_on_top(scene, rulings) -> None:
    assert (
        "As long as Crusader of Odric is on the battlefield, its ability will count itself."
        in rulings["Crusader of Odric"]
    )
    scene.put("Alice", "Crusader of Odric").put("Alice", "Grizzly Bears")
    assert seen_pt(scene, "Crusader of Odric") == (2, 2)
    scene.do("pump", "Crusader of Odric", 3, 3)
    assert seen_pt(scene, "Crusader of Odric") == (5, 5)
    scene.put("Alice", "Master of Etherium").put("Alice", "Ornithopter")
    # Itself and Ornithopter: 2/2; Ornithopter gets "+1/+1" from it (other artifact creatures).
    assert seen_pt(scene, "Master of Etherium") == (2, 2)
    assert seen_pt(scene, "Ornithopter") == (1, 3)
    scene.put("Alice", "Serra Avatar")
    scene.state, _ = scene.engine.set_life(scene.state, "Alice", 5)
    scene.do("pump", "Serra Avatar", 3, 3)
    assert seen_pt(scene, "Serra Avatar") == (8, 8)


def test_lhurgoyf_counts_creature_cards_in_all_graveyards(scene) -> None:
    scene.put("Alice", "Lhurgoyf")
    scene.in_zone("Bob", "Grizzly Bears", Zone.GRAVEYARD).in_zone("Alice", "Forest", Zone.GRAVEYARD)
    assert seen_pt(scene, "Lhurgoyf") == (1, 2)


def test_a_count_the_board_cant_tell_is_said_never_a_silent_zero(scene) -> None:
    scene.put("Alice", "Aeon Chronicler").put("Alice", "Knight of the Reliquary")
    assert seen_pt(scene, "Aeon Chronicler") == (None, None)
    chronicler = scene.state.obj(scene.ids["Aeon Chronicler"])
    (hand,) = pt_caveats(scene.state, chronicler)
    assert "can't count “the number of cards in your hand”" in hand
    assert "Alice's hand isn't stated" in hand
    knight = scene.state.obj(scene.ids["Knight of the Reliquary"])
    (graveyard,) = pt_caveats(scene.state, knight)
    assert "nothing is stated in Alice's graveyard" in graveyard
    scene.in_zone("Alice", "Forest", Zone.GRAVEYARD)
    assert pt_caveats(scene.state, scene.state.obj(scene.ids["Knight of the Reliquary"])) == ()


def test_count_words_are_read_once() -> None:
    land = read_count("land card in your graveyard")
    assert land is not None and (land.zone, land.whose, land.kinds) == (
        "graveyard",
        "you",
        (frozenset({"land"}),),
    )
    spells = read_count("the number of instant and sorcery cards in your graveyard")
    assert spells is not None and spells.kinds == (frozenset({"instant"}), frozenset({"sorcery"}))
    rider = read_count("1 plus the number of lands you control")
    assert rider is not None and (rider.zone, rider.plus) == ("battlefield", 1)
    assert read_count("your devotion to red") is None


def test_champion_of_the_flame_counts_what_is_attached_to_it(scene) -> None:
    scene.put("Alice", "Champion of the Flame").put("Alice", "Grizzly Bears")
    for worn in ("Rancor", "Bonesplitter"):
        scene.put("Alice", worn)
        scene.do("attach", worn, scene.ids["Champion of the Flame"])
    scene.put("Alice", "Short Sword")
    scene.do("attach", "Short Sword", scene.ids["Grizzly Bears"])  # not attached to it
    # 1/1, +2/+2 twice, Rancor's +2/+0 and Bonesplitter's +2/+0.
    assert seen_pt(scene, "Champion of the Flame") == (9, 5)


def test_evolving_adaptive_counts_its_oil_counters(scene) -> None:
    scene.put("Alice", "Evolving Adaptive")
    scene.do("add_counters", "Evolving Adaptive", "oil", 2)
    assert seen_pt(scene, "Evolving Adaptive") == (2, 2)


def test_faeburrow_elder_counts_colours_among_your_permanents(scene) -> None:
    scene.put("Alice", "Faeburrow Elder")  # green and white
    assert seen_pt(scene, "Faeburrow Elder") == (2, 2)
    scene.put("Alice", "Goblin Guide").put("Bob", "Merfolk Looter")
    assert seen_pt(scene, "Faeburrow Elder") == (3, 3)  # Bob's blue doesn't count
