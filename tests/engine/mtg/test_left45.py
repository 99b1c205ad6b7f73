"""QA 45, left open: "until end of turn" effects end on a later turn (CR 514.2).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

from bot.engine.mtg.statics import as_seen
from tests.engine.mtg.scene import Scene


def _seen(scene: Scene, name: str):  # type: ignore[no-untyped-def]
    return as_seen(scene.state, scene.state.obj(scene.ids[name]))


def test_a_later_turn_ends_resolved_pumps_keywords_and_cant_block(scene, cr) -> None:
    cr("all damage marked on permanents (including phased-out permanents) is removed and all")
    scene.put("Alice", "Grizzly Bears").put("Bob", "Runeclaw Bear")
    scene.cast("Alice", "Giant Growth", "Grizzly Bears")
    scene.resolve()
    scene.cast("Alice", "Jump", "Grizzly Bears")
    scene.resolve()
    scene.cast("Alice", "Falter")
    scene.resolve()
    bears = _seen(scene, "Grizzly Bears")
    assert (bears.power, bears.toughness) == (5, 5) and "flying" in bears.keywords
    blocker, attacker = scene.ids["Runeclaw Bear"], scene.ids["Grizzly Bears"]
    # Falter's "can't block" is one ban for every creature without flying (611.2c).
    assert scene.engine.can_block(scene.state, blocker, attacker).kind == "no"
    scene.state, v = scene.engine.later_turn(scene.state)
    assert "514.2" in v.rules
    assert "Grizzly Bears's" in v.reason and "+3/+3" in v.reason and "flying" in v.reason
    assert "Falter's “Creatures without flying can't block”" in v.reason
    bears = _seen(scene, "Grizzly Bears")
    assert (bears.power, bears.toughness) == (2, 2)
    assert "flying" not in bears.keywords and "can't block" not in bears.keywords
    assert scene.engine.can_block(scene.state, blocker, attacker).kind == "yes"
    assert scene.state.turn_changes == ()


def test_a_later_turn_keeps_a_printed_keyword_the_creature_also_gained(scene, cr) -> None:
    cr("all damage marked on permanents (including phased-out permanents) is removed and all")
    scene.put("Alice", "Serra Angel")
    scene.cast("Alice", "Jump", "Serra Angel")
    scene.resolve()
    scene.state, _ = scene.engine.later_turn(scene.state)
    assert "flying" in _seen(scene, "Serra Angel").keywords


def test_stated_until_end_of_turn_changes_end_and_others_stay(scene, cr) -> None:
    cr("all damage marked on permanents (including phased-out permanents) is removed and all")
    scene.put("Alice", "Grizzly Bears").put("Bob", "Runeclaw Bear")
    scene.do("gain_ability", "Grizzly Bears", "flying", this_turn=True)
    scene.do("pump", "Grizzly Bears", 3, 3, this_turn=True)
    scene.do("gain_ability", "Runeclaw Bear", "reach")
    scene.do("pump", "Runeclaw Bear", 1, 1)
    scene.state, _ = scene.engine.later_turn(scene.state)
    bears, bear = _seen(scene, "Grizzly Bears"), _seen(scene, "Runeclaw Bear")
    assert (bears.power, "flying" in bears.keywords) == (2, False)
    assert (bear.power, "reach" in bear.keywords) == (3, True)


def test_attacking_creatures_get_the_static_pump_only_while_attacking(scene, cr) -> None:
    cr("As soon as the end of combat step ends, all creatures, battles, and planeswalkers")
    scene.put("Alice", "Grizzly Bears").put("Alice", "Llanowar Elves")
    scene.put("Alice", "Gruul War Chant")
    assert _seen(scene, "Grizzly Bears").power == 2
    scene.do("attack", "Grizzly Bears")
    bears = _seen(scene, "Grizzly Bears")
    assert (bears.power, bears.toughness) == (3, 2)
    assert _seen(scene, "Llanowar Elves").power == 1
    scene.state, _ = scene.engine.later_turn(scene.state)
    assert _seen(scene, "Grizzly Bears").power == 2


def test_a_status_word_before_creatures_is_not_a_creature_type() -> None:
    from bot.engine.mtg.statics import read_pt_statics

    (chant,) = read_pt_statics("Attacking creatures you control get +1/+0 and have menace.")
    assert chant.status == "attacking" and not chant.subtypes and chant.who == "you"


def test_a_later_turn_ends_a_players_hexproof_until_end_of_turn_only(scene, cr) -> None:
    # Veil of Summer: "You and permanents you control gain hexproof from blue and from black
    # until end of turn." and "Spells you control can't be countered this turn."
    cr("all damage marked on permanents (including phased-out permanents) is removed and all")
    scene.put("Alice", "Grizzly Bears")
    scene.cast("Alice", "Veil of Summer")
    scene.resolve()
    alice = scene.state.player("Alice")
    assert {"hexproof from black", "hexproof from blue"} <= alice.keywords
    scene.state, _ = scene.engine.gain_ability(scene.state, "Bob", "hexproof")
    scene.state, v = scene.engine.later_turn(scene.state)
    assert "Alice's “hexproof from black”" in v.reason
    alice, bob = scene.state.player("Alice"), scene.state.player("Bob")
    assert not {k for k in alice.keywords if k.startswith(("hexproof", "spells can't"))}
    assert "hexproof" in bob.keywords  # not "until end of turn": it stays
    assert scene.state.turn_changes == ()
