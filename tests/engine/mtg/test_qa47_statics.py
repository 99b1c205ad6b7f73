"""QA 47 statics on a stated board: a stated Control Magic gives control (CR 613.1b, W9).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

from tests.engine.mtg.scene import Scene


def test_control_magic_stated_attached_gives_its_controller_the_creature(scene: Scene, cr) -> None:
    cr("613.1b Layer 2: Control-changing effects are applied.")
    scene.put("Alice", "Grizzly Bears").put("Bob", "Control Magic")
    v = scene.do("attach", "Control Magic", scene.ids["Grizzly Bears"])
    assert "613.1b" in v.rules
    assert scene.state.obj(scene.ids["Grizzly Bears"]).controller == "Bob"
    scene.do("move", "Control Magic", None)
    # CR 611.2b: the control lasts only while Control Magic is on the battlefield.
    assert scene.state.obj(scene.ids["Grizzly Bears"]).controller == "Alice"


def test_an_aura_that_gives_no_control_changes_no_controller(scene: Scene) -> None:
    scene.put("Alice", "Grizzly Bears").put("Bob", "Pacifism")
    v = scene.do("attach", "Pacifism", scene.ids["Grizzly Bears"])
    assert "613.1b" not in v.rules
    assert scene.state.obj(scene.ids["Grizzly Bears"]).controller == "Alice"


def test_iymrith_has_ward_only_while_untapped(scene: Scene, cr) -> None:
    cr("counter that spell or ability unless that player pays [cost].")
    scene.put("Bob", "Iymrith, Desert Doom")
    iymrith = scene.ids["Iymrith, Desert Doom"]
    assert "ward {4}" in scene.state.keywords_of(iymrith)
    v = scene.cast("Alice", "Murder", "Iymrith, Desert Doom")
    assert "702.21a" in v.rules
    assert any(entry.unless_cost == "{4}" for entry in scene.state.stack)


def test_iymrith_tapped_has_no_ward(scene: Scene) -> None:
    scene.put("Bob", "Iymrith, Desert Doom")
    iymrith = scene.ids["Iymrith, Desert Doom"]
    scene.do("set_status", "Iymrith, Desert Doom", tapped=True)
    assert not any(k.startswith("ward") for k in scene.state.keywords_of(iymrith))
    scene.cast("Alice", "Murder", "Iymrith, Desert Doom")
    assert len(scene.state.stack) == 1


def test_ojutai_hexproof_while_untapped(scene: Scene, cr) -> None:
    cr("“Hexproof” on a permanent means “This permanent can’t be the target of spells")
    scene.put("Bob", "Dragonlord Ojutai")
    assert scene.legal("Alice", "Murder", "Dragonlord Ojutai").kind.value == "illegal"
    scene.do("set_status", "Dragonlord Ojutai", tapped=True)
    assert scene.legal("Alice", "Murder", "Dragonlord Ojutai").kind.value == "legal"


def test_conditions_on_counters_and_other_permanents(scene: Scene) -> None:
    scene.put("Alice", "Ainok Artillerist")
    artillerist = scene.ids["Ainok Artillerist"]
    assert "reach" not in scene.state.keywords_of(artillerist)
    scene.do("add_counters", "Ainok Artillerist", "+1/+1", 1)
    assert "reach" in scene.state.keywords_of(artillerist)
