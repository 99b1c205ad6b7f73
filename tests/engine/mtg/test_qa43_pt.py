"""QA 43: power and toughness that the game counts (CR 604.3, 613.4a) with the resolved
"+N/+N" of layer 7c on top (613.4c); a split card counts its card types once (709.4).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

from bot.engine.cards import parse_type_line
from bot.engine.model import Zone
from bot.engine.mtg.statics import as_seen
from tests.engine.mtg.scene import Scene


def seen_pt(scene: Scene, name: str) -> tuple[int | None, int | None]:
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
