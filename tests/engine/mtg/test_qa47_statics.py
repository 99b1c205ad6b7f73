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
