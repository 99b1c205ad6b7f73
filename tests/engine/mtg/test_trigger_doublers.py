"""Trigger doublers (QA 47 W10): Panharmonicon for artifacts and creatures entering, Teysa
Karlov and Drivnod for creatures dying (CR 603.2d).  Every ruling and rule a test rests on is
quoted and checked against the card's official rulings and the CR."""

from __future__ import annotations

from bot.engine.mtg.death_watchers import with_death_triggers
from bot.engine.mtg.trigger_doublers import extra_triggers
from tests.engine.mtg.scene import Scene


def _dies(scene: Scene, name: str) -> None:
    before = scene.state
    after, verdict = scene.engine.destroy(before, scene.ids[name])
    scene.state, scene.last = with_death_triggers(before, after, verdict)


def test_panharmonicon_makes_flametongue_kavus_trigger_wait_twice(scene: Scene, ruling, cr) -> None:
    cr("determine how many times it should trigger, then that ability triggers that many times")
    ruling(
        "Panharmonicon",
        "Panharmonicon's effect doesn't copy the triggered ability; it just causes the ability "
        "to trigger twice.",
    )
    scene.put("Alice", "Panharmonicon").put("Bob", "Llanowar Elves").put("Bob", "Grizzly Bears")
    scene.cast("Alice", "Flametongue Kavu")
    verdict = scene.resolve()
    assert [w.name for w in scene.state.waiting_triggers] == ["Flametongue Kavu"] * 2
    assert "603.2d" in verdict.rules
    assert scene.trigger("Flametongue Kavu", "Llanowar Elves").kind.name == "OK"
    second = scene.trigger("Flametongue Kavu", "Grizzly Bears")
    assert second.kind.name == "OK", second.reason
    assert [e.name for e in scene.state.stack] == ["Flametongue Kavu's trigger"] * 2
    # A third is refused: it entered once and triggered two times.
    assert scene.trigger("Flametongue Kavu", "Llanowar Elves").kind.name == "ILLEGAL"


def test_two_panharmonicons_make_three(scene: Scene, ruling) -> None:
    ruling(
        "Panharmonicon",
        "If you control two Panharmonicons, an artifact or creature entering the battlefield "
        "causes abilities to trigger three times, not four.",
    )
    scene.put("Alice", "Panharmonicon", alias="P1").put("Alice", "Panharmonicon", alias="P2")
    scene.put("Alice", "Soul Warden")
    scene.cast("Alice", "Grizzly Bears")
    scene.resolve()
    assert [e.name for e in scene.state.stack] == ["Soul Warden's trigger"] * 3


def test_panharmonicon_ignores_a_land_and_an_opponents_trigger(scene: Scene, ruling) -> None:
    ruling(
        "Panharmonicon",
        "You don't need to control the permanent entering the battlefield, only the permanent "
        "that has the triggered ability.",
    )
    scene.put("Alice", "Panharmonicon").put("Bob", "Soul Warden", alias="Bob's Warden")
    scene.put("Alice", "Soul Warden", alias="Alice's Warden")
    scene.put("Bob", "Forest")
    warden = scene.state.obj(scene.ids["Alice's Warden"])
    forest = scene.state.obj(scene.ids["Forest"])
    assert extra_triggers(scene.state, warden, entering=forest).times == 0
    scene.cast("Bob", "Grizzly Bears")
    scene.resolve()
    # Bob's Grizzly Bears: Alice's Soul Warden twice, Bob's once (a permanent Bob controls).
    assert sorted(e.controller for e in scene.state.stack) == ["Alice", "Alice", "Bob"]


def test_teysa_makes_blood_artist_trigger_twice_on_its_own_death(scene: Scene, ruling) -> None:
    ruling(
        "Teysa Karlov",
        'Teysa affects a creature\'s own "when this creature dies" triggered abilities as well '
        "as other triggered abilities that trigger when that creature dies.",
    )
    scene.put("Alice", "Teysa Karlov").put("Alice", "Blood Artist")
    _dies(scene, "Blood Artist")
    assert [w.name for w in scene.state.waiting_triggers] == ["Blood Artist"] * 2
    assert "603.2d" in scene.last.rules


def test_drivnod_doubles_perilous_myrs_own_dies_trigger(scene: Scene) -> None:
    scene.put("Alice", "Drivnod, Carnage Dominus").put("Alice", "Perilous Myr")
    _dies(scene, "Perilous Myr")
    assert [w.name for w in scene.state.waiting_triggers] == ["Perilous Myr"] * 2


def test_teysa_dying_at_the_same_time_still_counts(scene: Scene, ruling) -> None:
    ruling(
        "Teysa Karlov",
        "If a creature dying at the same time as Teysa (including Teysa itself dying) causes a "
        "triggered ability of a permanent you control to trigger, that ability triggers an "
        "additional time.",
    )
    scene.put("Alice", "Teysa Karlov").put("Alice", "Perilous Myr")
    before = scene.state
    teysa = before.obj(scene.ids["Teysa Karlov"])
    myr = before.obj(scene.ids["Perilous Myr"])
    assert extra_triggers(before, myr, dying=myr).times == 1
    assert extra_triggers(before, teysa, dying=teysa).by == ("Teysa Karlov",)
