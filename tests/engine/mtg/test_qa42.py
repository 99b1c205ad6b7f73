"""QA 42: a "would die this turn, exile it instead" replacement applies only to a death
(614.1a, 704.5g).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

from bot.engine.model import Zone
from tests.engine.mtg.scene import Scene


def zone_of(scene: Scene, name: str) -> set[Zone]:
    return {o.zone for o in scene.state.objects.values() if o.name == name}


def test_torch_the_tower_leaves_a_survivor_on_the_battlefield(scene, cr) -> None:
    cr("Effects that use the word “instead” are replacement effects")
    scene.put("Bob", "Serra Angel")
    scene.cast("Alice", "Torch the Tower", "Serra Angel")
    v = scene.resolve()
    damage, replacement = v.effects
    assert damage.happens
    assert not replacement.happens
    assert "doesn't die (2 damage marked, toughness 4)" in str(replacement.why)
    assert "614.1a" in v.rules
    assert zone_of(scene, "Serra Angel") == {Zone.BATTLEFIELD}


def test_lava_coil_exiles_a_creature_its_damage_kills(scene) -> None:
    scene.put("Alice", "Blood Artist")
    scene.put("Bob", "Grizzly Bears")
    scene.cast("Alice", "Lava Coil", "Grizzly Bears")
    v = scene.resolve()
    assert all(e.happens for e in v.effects)
    assert zone_of(scene, "Grizzly Bears") == {Zone.EXILE}
    # Exiled instead of dying: Blood Artist doesn't trigger (700.4).
    assert "Blood Artist" not in " ".join(v.notes)


def test_lava_coil_leaves_baneslayer_angel_with_damage(scene) -> None:
    scene.put("Bob", "Baneslayer Angel")
    scene.cast("Alice", "Lava Coil", "Baneslayer Angel")
    v = scene.resolve()
    assert not v.effects[1].happens
    (angel,) = (o for o in scene.state.objects.values() if o.name == "Baneslayer Angel")
    assert angel.zone is Zone.BATTLEFIELD and angel.damage == 4
