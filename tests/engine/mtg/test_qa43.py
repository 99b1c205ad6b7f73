"""QA 43: a fight's and a bite's damage is each creature's own, dealt through the same path as
any damage a source deals (protection 702.16e, deathtouch 702.2b, lifelink 702.15b, wither
120.3d).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

from bot.engine.frozen import evolve
from bot.engine.model import Zone
from tests.engine.mtg.scene import Scene


def zone_of(scene: Scene, name: str) -> set[Zone]:
    return {o.zone for o in scene.state.objects.values() if o.name == name}


def test_fight_damage_from_a_protected_quality_is_prevented(scene, cr) -> None:
    cr("Any damage that would be dealt by sources that have the stated quality to a permanent")
    scene.put("Alice", "Grizzly Bears").put("Bob", "Vampire Nighthawk")
    scene.do("gain_ability", "Grizzly Bears", "protection from black")
    scene.cast("Bob", "Prey Upon", "Vampire Nighthawk", "Grizzly Bears")
    v = scene.resolve()
    assert "702.16e" in v.rules
    bears = scene.state.obj(scene.ids["Grizzly Bears"])
    nighthawk = scene.state.obj(scene.ids["Vampire Nighthawk"])
    assert bears.damage == 0 and nighthawk.damage == 2
    assert scene.state.player("Bob").life == 20  # prevented damage gains no life


def test_fight_applies_deathtouch_and_lifelink(scene, cr) -> None:
    cr("that’s been dealt damage by a source with deathtouch since the last time state-based")
    cr("Damage dealt by a source with lifelink causes that source’s controller")
    scene.put("Alice", "Serra Angel").put("Bob", "Vampire Nighthawk")
    scene.cast("Bob", "Prey Upon", "Vampire Nighthawk", "Serra Angel")
    v = scene.resolve()
    assert {"702.2b", "704.5h", "702.15b", "701.14a"} <= set(v.rules)
    assert zone_of(scene, "Serra Angel") == {Zone.GRAVEYARD}
    assert zone_of(scene, "Vampire Nighthawk") == {Zone.GRAVEYARD}  # 4 damage, toughness 3
    assert scene.state.player("Bob").life == 22


def test_bite_applies_deathtouch_lifelink_and_protection(scene) -> None:
    scene.put("Alice", "Serra Angel").put("Alice", "Grizzly Bears")
    scene.put("Bob", "Vampire Nighthawk")
    scene.cast("Bob", "Rabid Bite", "Vampire Nighthawk", "Serra Angel")
    scene.resolve()
    assert zone_of(scene, "Serra Angel") == {Zone.GRAVEYARD}
    assert scene.state.player("Bob").life == 22
    scene.do("gain_ability", "Grizzly Bears", "protection from black")
    scene.cast("Bob", "Rabid Bite", "Vampire Nighthawk", "Grizzly Bears")
    v = scene.resolve()
    assert "702.16e" in v.rules
    assert zone_of(scene, "Grizzly Bears") == {Zone.BATTLEFIELD}
    assert scene.state.player("Bob").life == 22


def test_fight_with_wither_gives_counters(scene, cr) -> None:
    cr("Damage dealt to a creature by a source with wither and/or infect causes")
    scene.put("Alice", "Boggart Ram-Gang").put("Bob", "Serra Angel")
    scene.cast("Alice", "Prey Upon", "Boggart Ram-Gang", "Serra Angel")
    scene.resolve()
    angel = scene.state.obj(scene.ids["Serra Angel"])
    assert angel.counters.get("-1/-1") == 3 and angel.damage == 0


def test_stated_damage_and_fight_say_the_same(scene) -> None:
    """The stated "X deals N damage to Y" and the fight read one damage function."""
    scene.put("Alice", "Grizzly Bears").put("Bob", "Vampire Nighthawk")
    v = scene.do("deal_damage", "Vampire Nighthawk", scene.ids["Grizzly Bears"], 2)
    assert "is destroyed: any damage from a source with deathtouch is lethal" in v.reason
    assert scene.state.player("Bob").life == 22


def test_damage_cant_be_prevented_this_turn_beats_protection(scene, cr) -> None:
    cr("If unpreventable damage would be dealt, any applicable prevention effects are still")
    scene.put("Alice", "Goblin Guide").put("Bob", "Grizzly Bears")
    scene.do("gain_ability", "Grizzly Bears", "protection from red")
    scene.cast("Alice", "Skullcrack", "Bob")
    scene.resolve()
    assert scene.state.damage_unpreventable == "Skullcrack"
    v = scene.do("deal_damage", "Goblin Guide", scene.ids["Grizzly Bears"], 2)
    assert "615.12" in v.rules and "702.16e" not in v.rules
    assert zone_of(scene, "Grizzly Bears") == {Zone.GRAVEYARD}


def test_stomp_then_pyroclasm_damages_a_protected_creature(scene) -> None:
    scene.put("Bob", "Grizzly Bears")
    scene.do("gain_ability", "Grizzly Bears", "protection from red")
    scene.cast("Alice", "Bonecrusher Giant // Stomp", "Bob", face="Stomp")
    scene.resolve()
    scene.cast("Alice", "Pyroclasm")
    v = scene.resolve()
    assert "615.12" in v.rules
    assert zone_of(scene, "Grizzly Bears") == {Zone.GRAVEYARD}


def test_unpreventable_damage_doesnt_use_up_a_shield(scene, cr) -> None:
    cr("Existing damage prevention shields won’t be reduced by damage that can’t be prevented.")
    scene.put("Alice", "Goblin Guide").put("Bob", "Serra Angel")
    scene.state = scene.state.with_shield(scene.ids["Serra Angel"], 3)
    scene.cast("Alice", "Skullcrack", "Bob")
    scene.resolve()
    v = scene.do("deal_damage", "Goblin Guide", scene.ids["Serra Angel"], 2)
    assert "615.12" in v.rules
    assert scene.state.obj(scene.ids["Serra Angel"]).damage == 2
    assert scene.state.shields[scene.ids["Serra Angel"]] == 3


def test_sunspine_lynx_makes_damage_unpreventable(scene) -> None:
    scene.put("Alice", "Sunspine Lynx").put("Bob", "Grizzly Bears")
    scene.do("gain_ability", "Grizzly Bears", "protection from red")
    v = scene.do("deal_damage", "Sunspine Lynx", scene.ids["Grizzly Bears"], 5)
    assert "Sunspine Lynx" in v.reason and "615.12" in v.rules
    assert zone_of(scene, "Grizzly Bears") == {Zone.GRAVEYARD}


def test_a_later_turn_ends_this_turns_effects(scene, cr) -> None:
    cr("all damage marked on permanents (including phased-out permanents) is removed and all")
    scene.put("Alice", "Goblin Guide").put("Bob", "Grizzly Bears").put("Bob", "Serra Angel")
    scene.do("gain_ability", "Grizzly Bears", "protection from red")
    scene.cast("Alice", "Skullcrack", "Bob")
    scene.resolve()
    scene.do("deal_damage", "Goblin Guide", scene.ids["Serra Angel"], 2)
    scene.state, v = scene.engine.later_turn(scene.state)
    assert "514.2" in v.rules and "Skullcrack" in v.reason
    assert scene.state.damage_unpreventable == ""
    assert scene.state.obj(scene.ids["Serra Angel"]).damage == 0
    v = scene.do("deal_damage", "Goblin Guide", scene.ids["Grizzly Bears"], 2)
    assert "702.16e" in v.rules
    assert zone_of(scene, "Grizzly Bears") == {Zone.BATTLEFIELD}
    scene.state, _ = scene.engine.change_life(scene.state, "Bob", 3)
    assert scene.state.player("Bob").life == 20  # 17 after Skullcrack, may gain again


def test_anger_of_the_gods_exiles_each_creature_its_damage_kills(scene, cr) -> None:
    cr("If an event is replaced, it never happens.")
    scene.put("Alice", "Kitchen Finks").put("Alice", "Serra Angel").put("Alice", "Blood Artist")
    scene.put("Alice", "Grizzly Bears")
    scene.do("gain_ability", "Grizzly Bears", "protection from red")
    scene.cast("Bob", "Anger of the Gods")
    v = scene.resolve()
    assert {"614.1a", "614.6"} <= set(v.rules)
    assert zone_of(scene, "Kitchen Finks") == {Zone.EXILE}
    assert zone_of(scene, "Blood Artist") == {Zone.EXILE}
    assert zone_of(scene, "Serra Angel") == {Zone.BATTLEFIELD}  # 3 damage, toughness 4
    assert zone_of(scene, "Grizzly Bears") == {Zone.BATTLEFIELD}  # dealt no damage
    said = " ".join(v.notes) + v.reason
    assert "persist ability triggers" not in said


def test_anger_of_the_gods_after_stomp_exiles_the_protected_creature(scene) -> None:
    scene.put("Alice", "Grizzly Bears")
    scene.do("gain_ability", "Grizzly Bears", "protection from red")
    scene.cast("Bob", "Bonecrusher Giant // Stomp", "Alice", face="Stomp")
    scene.resolve()
    scene.cast("Bob", "Anger of the Gods")
    scene.resolve()
    assert zone_of(scene, "Grizzly Bears") == {Zone.EXILE}


def test_a_pingers_deathtouch_and_lifelink_apply_to_its_ability_damage(scene) -> None:
    """Prodigal Pyromancer with Basilisk Collar's deathtouch and lifelink: "This creature deals
    1 damage to any target" is the creature's own damage (702.2b, 702.15b)."""
    scene.put("Alice", "Prodigal Pyromancer").put("Bob", "Serra Angel")
    for keyword in ("deathtouch", "lifelink"):
        scene.do("gain_ability", "Prodigal Pyromancer", keyword)
    scene.activate("Alice", "Prodigal Pyromancer", "Serra Angel")
    v = scene.resolve()
    assert {"702.2b", "704.5h", "702.15b"} <= set(v.rules)
    assert zone_of(scene, "Serra Angel") == {Zone.GRAVEYARD}
    assert scene.state.player("Alice").life == 21


def test_a_spells_damage_isnt_a_creatures(scene) -> None:
    scene.put("Alice", "Vampire Nighthawk").put("Bob", "Serra Angel")
    scene.cast("Alice", "Shock", "Serra Angel")
    scene.resolve()
    assert zone_of(scene, "Serra Angel") == {Zone.BATTLEFIELD}
    assert scene.state.player("Alice").life == 20


def test_a_later_turn_ends_combat_and_mirror_strikes_redirection(scene, cr) -> None:
    cr("As soon as the end of combat step ends, all creatures, battles, and planeswalkers")
    scene.put("Alice", "Grizzly Bears").put("Bob", "Serra Angel")
    angel = scene.ids["Serra Angel"]
    scene.state = scene.state.with_object(evolve(scene.state.obj(angel), attacking=True))
    scene.cast("Alice", "Mirror Strike", "Serra Angel")
    scene.resolve()
    assert scene.state.damage_redirects
    scene.state, v = scene.engine.later_turn(scene.state)
    assert {"514.2", "511.3"} <= set(v.rules) and "Mirror Strike" in v.reason
    assert not scene.state.damage_redirects and not scene.state.obj(angel).attacking
    scene.do("deal_damage", "Serra Angel", "Alice", 4, combat=True)
    assert scene.state.player("Alice").life == 16
