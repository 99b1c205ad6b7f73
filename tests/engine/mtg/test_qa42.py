"""QA 42: a "would die this turn, exile it instead" replacement applies only to a death
(614.1a, 704.5g); a block must obey the attacker's evasion and protection (509.1b).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

import pytest

from bot.engine.errors import IllegalActionError
from bot.engine.model import Zone
from bot.engine.verdict import VerdictKind
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
    # Nothing is exiled now; the replacement is kept for the survivor for the rest of the turn
    # (614.1a: it applies if it would die later this turn).
    assert replacement.happens and replacement.affected == ("Serra Angel",)
    assert "doesn't die (2 damage marked, toughness 4)" in v.reason
    assert "614.1a" in v.rules
    assert zone_of(scene, "Serra Angel") == {Zone.BATTLEFIELD}
    assert set(scene.state.exiled_if_it_dies.values()) == {"Torch the Tower"}


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
    (angel,) = (o for o in scene.state.objects.values() if o.name == "Baneslayer Angel")
    assert angel.zone is Zone.BATTLEFIELD and angel.damage == 4
    # It survives: Lava Coil's replacement waits for its death this turn (614.1a).
    assert v.effects[1].happens and scene.state.exiled_if_it_dies == {angel.id: "Lava Coil"}


def test_a_creature_without_flying_or_reach_cant_block_a_flier(scene, cr) -> None:
    cr("A creature with flying can’t be blocked except by creatures with flying and/or reach.")
    scene.put("Alice", "Serra Angel").put("Bob", "Grizzly Bears").put("Bob", "Giant Spider")
    ids = scene.ids
    with pytest.raises(IllegalActionError, match=r"702\.9b.*509\.1b"):
        scene.engine.block(scene.state, [ids["Grizzly Bears"]], [ids["Serra Angel"]])
    no = scene.engine.can_block(scene.state, ids["Grizzly Bears"], ids["Serra Angel"])
    assert no.kind is VerdictKind.NO and "702.9b" in no.rules
    yes = scene.engine.can_block(scene.state, ids["Giant Spider"], ids["Serra Angel"])
    assert yes.kind is VerdictKind.YES
    scene.state, _ = scene.engine.block(scene.state, [ids["Giant Spider"]], [ids["Serra Angel"]])
    assert scene.state.obj(ids["Serra Angel"]).blocked


def test_a_creature_cant_block_an_attacker_with_protection_from_its_colour(scene, cr) -> None:
    cr("Attacking creatures with protection can’t be blocked by creatures that have the stated")
    scene.put("Alice", "Grizzly Bears").put("Bob", "Llanowar Elves").put("Bob", "Sol Ring")
    ids = scene.ids
    scene.state, _ = scene.engine.gain_ability(
        scene.state, ids["Grizzly Bears"], "protection from green"
    )
    with pytest.raises(IllegalActionError, match=r"protection from green.*702\.16f"):
        scene.engine.block(scene.state, [ids["Llanowar Elves"]], [ids["Grizzly Bears"]])


def test_a_tapped_creature_cant_block(scene, cr) -> None:
    cr("The chosen creatures must be untapped and they can’t also be battles.")
    scene.put("Alice", "Grizzly Bears").put("Bob", "Llanowar Elves")
    ids = scene.ids
    scene.state, _ = scene.engine.set_status(scene.state, ids["Llanowar Elves"], tapped=True)
    no = scene.engine.can_block(scene.state, ids["Llanowar Elves"], ids["Grizzly Bears"])
    assert no.kind is VerdictKind.NO and no.rules == ("509.1a",)
