"""A resolving part that changes a life total is applied, or said not to be: never a bare ✓
with every life total as it was (CR 608.2b, 119.3)."""

from __future__ import annotations

from tests.engine.mtg.scene import Scene


def _effect(scene: Scene, start: str) -> tuple[bool, bool, str]:
    assert scene.last is not None
    found = next(e for e in scene.last.effects if e.text.startswith(start))
    return found.happens, found.tracked, found.why or ""


def test_tokens_and_you_gain_life_gains_the_life(scene: Scene) -> None:
    # From Under the Floorboards: "Create three tapped 2/2 black Zombie creature tokens and you
    # gain 3 life."
    scene.put("Alice", "Grizzly Bears")
    scene.cast("Alice", "From Under the Floorboards")
    scene.last = scene.resolve()
    assert scene.state.player("Alice").life == 23
    zombies = [o for o in scene.state.objects.values() if o.name.startswith("Zombie")]
    assert len(zombies) == 3


def test_a_checked_condition_then_you_gain_is_applied_once(scene: Scene) -> None:
    # Extinguish the Light: "If its mana value was 3 or less, you gain 3 life."
    scene.put("Bob", "Runeclaw Bear")
    scene.cast("Alice", "Extinguish the Light", "Runeclaw Bear")
    scene.last = scene.resolve()
    assert scene.state.player("Alice").life == 23
    happens, tracked, _ = _effect(scene, "If its mana value was 3 or less")
    assert (happens, tracked) == (True, True)


def test_that_much_life_the_bot_cant_count_is_not_ticked(scene: Scene) -> None:
    # Menacing Ogre: "Each player with the highest number loses that much life."
    scene.put("Alice", "Menacing Ogre").put("Bob", "Runeclaw Bear")
    scene.trigger("Menacing Ogre")
    scene.last = scene.resolve()
    _, tracked, why = _effect(scene, "Each player with the highest number")
    assert not tracked
    assert "doesn't apply it to the board" in why
    assert scene.state.player("Bob").life == 20


def test_you_draw_and_lose_life_loses_the_life(scene: Scene, card) -> None:
    # Decode Transmissions: "You draw two cards and lose 2 life." ("you" said once for both).
    assert card("Decode Transmissions").oracle_text.startswith(
        "You draw two cards and lose 2 life."
    )
    scene.cast("Alice", "Decode Transmissions")
    scene.last = scene.resolve()
    assert scene.state.player("Alice").life == 18
    assert _effect(scene, "You draw two cards and lose 2 life")[:2] == (True, True)
