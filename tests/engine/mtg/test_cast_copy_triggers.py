""" "Whenever you cast ..., copy that spell" triggers (QA 19 M2): Kalamax, the Stormsire; Double
Vision; Swarm Intelligence; Thousand-Year Storm.  Each ruling quoted is checked against the
card's official rulings, and each rule against the CR, before the engine is run."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.mtg.cast_copy_triggers import COPIED_SPELL, COPY_ON_CAST
from tests.engine.mtg.scene import Scene


def copies(scene: Scene) -> list[str]:
    return [e.name for e in scene.state.stack if e.is_copy]


def test_kalamax_copies_the_first_instant_only_while_tapped(scene: Scene, ruling, cr) -> None:
    cr("The ability triggers only if it is; otherwise it does nothing.")
    scene.put("Alice", "Kalamax, the Stormsire", alias="Kalamax")
    verdict = scene.cast("Alice", "Lightning Bolt", "Bob")
    # CR 603.4: "if Kalamax is tapped" is an intervening "if": untapped, nothing triggers.
    assert [e.name for e in scene.state.stack] == ["Lightning Bolt"]
    assert "isn't tapped (603.4)" in verdict.reason
    scene.resolve()
    kalamax = scene.state.obj(scene.ids["Kalamax"])
    scene.state = scene.state.with_object(replace(kalamax, tapped=True))
    verdict = scene.cast("Alice", "Shock", "Bob")
    # The bot keeps no turn: Lightning Bolt, cast in the scenario, was the first instant.
    assert "isn't Alice's first instant spell this turn" in verdict.reason
    assert not any(e.spec.keyword == COPY_ON_CAST for e in scene.state.stack)


def test_a_copy_is_made_after_the_spell_is_countered(scene: Scene, ruling) -> None:
    ruling(
        "Double Vision",
        "A copy is created even if the spell that caused Double Vision's ability to trigger has "
        "been countered by the time that ability resolves.",
    )
    scene.put("Alice", "Double Vision")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    assert scene.state.stack[-1].spec.keyword == COPY_ON_CAST
    scene.cast("Bob", "Counterspell", "Lightning Bolt")
    scene.resolve()  # Counterspell: Lightning Bolt is countered
    scene.resolve()  # Double Vision's trigger
    assert copies(scene) == ["copy of Lightning Bolt"]
    scene.resolve()
    assert scene.state.player("Bob").life == 17


def test_thousand_year_storm_counts_the_earlier_instants_and_sorceries(
    scene: Scene, ruling
) -> None:
    ruling(
        "Thousand-Year Storm",
        "The copies will have the same targets as the spell they're copying unless you choose "
        "new ones.",
    )
    scene.put("Alice", "Thousand-Year Storm")
    scene.cast("Alice", "Opt")
    scene.resolve()  # its trigger: no earlier instant or sorcery, no copy
    scene.resolve()  # Opt
    scene.cast("Alice", "Lightning Bolt", "Bob")
    assert scene.state.stack[-1].x == 1  # one other instant (Opt) cast before it
    scene.resolve(new_targets=["Alice"])
    assert [t.refs for t in scene.state.stack[-1].targets] == [("Alice",)]


def test_an_unfollowed_wording_is_named_not_ignored(scene: Scene) -> None:
    # A trigger whose condition the bot can't check is said to exist, with no stack object.
    scene.put("Alice", "Double Vision")
    vision = scene.state.obj(scene.ids["Double Vision"])
    odd = (
        "Whenever you cast your first instant or sorcery spell each turn, if you control a "
        "Wizard, copy that spell. You may choose new targets for the copy."
    )
    scene.state = scene.state.with_object(replace(vision, oracle_text=odd))
    verdict = scene.cast("Alice", "Lightning Bolt", "Bob")
    assert [e.name for e in scene.state.stack] == ["Lightning Bolt"]
    assert "Double Vision's “Whenever you cast" in verdict.reason
    assert "doesn't follow its wording" in verdict.reason


def test_kalamax_triggers_once_for_each_instant_copied(scene: Scene, ruling) -> None:
    ruling(
        "Kalamax, the Stormsire",
        "If an effect copies an instant spell multiple times, Kalamax's last ability triggers "
        "that many times.",
    )
    ruling(
        "Kalamax, the Stormsire",
        "An ability that triggers when a player copies a spell resolves before the copy.",
    )
    scene.put("Alice", "Kalamax, the Stormsire", alias="Kalamax")
    scene.cast("Alice", "Shock", "Bob")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    # Two copies of Lightning Bolt by hand (as two effects each copying it once).
    bolt = scene.state.stack[-1].object_id
    for _ in range(2):
        scene.state, verdict = scene.engine.copy(scene.state, "Alice", bolt)
        assert "Kalamax, the Stormsire's ability triggers" in " ".join(verdict.notes)
        # Above the copy it triggered on.
        assert scene.state.stack[-1].spec.keyword == COPIED_SPELL
        assert scene.state.stack[-2].is_copy
    triggers = [e for e in scene.state.stack if e.spec.keyword == COPIED_SPELL]
    assert len(triggers) == 2
    scene.resolve()
    assert scene.state.obj(scene.ids["Kalamax"]).counters == {"+1/+1": 1}


def test_a_copy_by_another_player_or_of_a_sorcery_triggers_nothing(scene: Scene) -> None:
    scene.put("Alice", "Kalamax, the Stormsire")
    scene.cast("Alice", "Lava Spike", "Bob")
    scene.state, _ = scene.engine.copy(scene.state, "Alice", scene.state.stack[-1].object_id)
    scene.cast("Alice", "Lightning Bolt", "Bob")
    scene.state, _ = scene.engine.copy(scene.state, "Bob", scene.state.stack[-1].object_id)
    assert not any(e.spec.keyword == COPIED_SPELL for e in scene.state.stack)
