"""Akoum Hellkite's "If that land is a Mountain, ... 2 damage instead" (QA 47 W5): checked
against the land whose entering triggered it (CR 608.2c; the landfall ruling quoted)."""

from __future__ import annotations

from bot.engine.model import Zone
from tests.engine.mtg.scene import Scene


def _play(scene: Scene, player: str, land: str) -> None:
    scene.state, verdict = scene.engine.play_land(scene.state, player, scene.card(land))
    scene.ids[land] = verdict.object_ids[0]


def test_a_mountain_makes_it_two_damage(scene: Scene, ruling) -> None:
    ruling(
        "Akoum Hellkite",
        "If the ability has an additional or replacement effect that depends on the land having "
        "a certain basic land type, the ability will check that land's type as the ability "
        "resolves.",
    )
    scene.put("Alice", "Akoum Hellkite")
    _play(scene, "Alice", "Mountain")
    scene.trigger("Akoum Hellkite", "Bob")
    scene.resolve()
    assert scene.state.player("Bob").life == 18


def test_a_forest_makes_it_one_damage(scene: Scene) -> None:
    scene.put("Alice", "Akoum Hellkite")
    _play(scene, "Alice", "Forest")
    scene.trigger("Akoum Hellkite", "Bob")
    scene.resolve()
    assert scene.state.player("Bob").life == 19


def test_a_mountain_gone_by_then_is_checked_as_it_last_existed(scene: Scene, ruling) -> None:
    ruling(
        "Akoum Hellkite",
        "If, at that time, the land that entered the battlefield is no longer on the "
        "battlefield, use its types when it left the battlefield to determine what happens.",
    )
    scene.put("Alice", "Akoum Hellkite")
    _play(scene, "Alice", "Mountain")
    scene.trigger("Akoum Hellkite", "Bob")
    scene.state, _ = scene.engine.move(scene.state, scene.ids["Mountain"], Zone.HAND)
    scene.resolve()
    assert scene.state.player("Bob").life == 18
