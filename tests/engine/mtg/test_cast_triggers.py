"""Triggers on a spell being cast (QA 47 W4): "Whenever you cast ...", "Whenever a player
casts ...", "Whenever an opponent casts ..." and prowess.  Every ruling and rule a test rests
on is quoted and checked against the card's official rulings and the CR."""

from __future__ import annotations

from bot.engine.mtg.cast_triggers import KEYWORD
from bot.engine.mtg.statics import as_seen
from tests.engine.mtg.scene import Scene


def names(scene: Scene) -> list[str]:
    return [e.name for e in scene.state.stack]


def test_guttersnipe_triggers_above_the_bolt_and_hits_each_opponent(
    scene: Scene, ruling, cr
) -> None:
    cr("Any abilities that trigger when a spell is cast or put onto the stack trigger at this")
    ruling(
        "Guttersnipe",
        "Guttersnipe's triggered ability resolves before the spell that caused it to trigger. "
        "It resolves even if that spell is countered.",
    )
    scene.put("Alice", "Guttersnipe").put("Bob", "Forest").put("Carol", "Forest")
    verdict = scene.cast("Alice", "Lightning Bolt", "Bob")
    assert names(scene) == ["Lightning Bolt", "Guttersnipe's trigger"]
    assert scene.state.stack[-1].spec.keyword == KEYWORD
    assert "601.2i" in verdict.rules
    scene.cast("Bob", "Counterspell", "Lightning Bolt")
    scene.resolve()  # Counterspell
    scene.resolve()  # Guttersnipe's trigger still resolves
    assert [scene.state.player(p).life for p in ("Alice", "Bob", "Carol")] == [20, 18, 18]


def test_you_cast_doesnt_trigger_on_an_opponents_spell(scene: Scene) -> None:
    scene.put("Alice", "Guttersnipe").put("Alice", "Monastery Swiftspear")
    scene.cast("Bob", "Lightning Bolt", "Alice")
    assert names(scene) == ["Lightning Bolt"]


def test_prowess_triggers_on_a_noncreature_spell_only(scene: Scene, ruling, cr) -> None:
    cr("“Prowess” means “Whenever you cast a noncreature spell, this creature gets +1/+1 until")
    ruling(
        "Monastery Swiftspear",
        "If a spell has multiple types, and one of those types is creature (such as an artifact "
        "creature), casting it won't cause prowess to trigger.",
    )
    scene.put("Alice", "Monastery Swiftspear", alias="Swiftspear")
    scene.cast("Alice", "Ornithopter")
    assert names(scene) == ["Ornithopter"]
    scene.resolve()
    scene.cast("Alice", "Opt")
    assert names(scene) == ["Opt", "Monastery Swiftspear's trigger"]
    scene.resolve()
    swiftspear = as_seen(scene.state, scene.state.obj(scene.ids["Swiftspear"]))
    assert (swiftspear.current_power, swiftspear.current_toughness) == (2, 3)


def test_niv_mizzet_triggers_for_any_players_spell(scene: Scene, ruling) -> None:
    ruling(
        "Niv-Mizzet, Parun",
        "Niv-Mizzet's second triggered ability resolves before the spell that caused it to "
        "trigger.",
    )
    scene.put("Alice", "Niv-Mizzet, Parun")
    verdict = scene.cast("Bob", "Lightning Bolt", "Alice")
    assert names(scene) == ["Lightning Bolt", "Niv-Mizzet, Parun's trigger"]
    trigger = scene.state.stack[-1]
    assert trigger.controller == "Alice"
    assert "Alice draws a card" in verdict.reason


def test_a_targeted_cast_trigger_waits_for_its_targets(scene: Scene, cr) -> None:
    cr("The remainder of the process for putting a triggered ability on the stack is identical")
    scene.put("Alice", "Balefire Liege")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    (waiting,) = scene.state.waiting_triggers
    assert (waiting.name, waiting.event) == ("Balefire Liege", "Alice cast Lightning Bolt")
    assert names(scene) == ["Lightning Bolt"]


def test_a_cast_trigger_the_bot_cant_read_is_named(scene: Scene) -> None:
    # "an instant, sorcery, or Wizard spell": a creature type the bot doesn't read here.
    scene.put("Alice", "A-Rockslide Sorcerer")
    verdict = scene.cast("Alice", "Lightning Bolt", "Bob")
    assert "the bot doesn't follow its wording" in verdict.reason
    assert names(scene) == ["Lightning Bolt"]


def test_a_copy_isnt_cast(scene: Scene, cr) -> None:
    cr("a copy of a spell isn’t cast")
    scene.put("Alice", "Guttersnipe").put("Alice", "Double Vision")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    assert names(scene) == ["Lightning Bolt", "Double Vision's trigger", "Guttersnipe's trigger"]
    scene.resolve()  # Guttersnipe's trigger
    scene.resolve()  # Double Vision's trigger: a copy of Lightning Bolt, not cast
    assert names(scene) == ["Lightning Bolt", "copy of Lightning Bolt"]


def test_when_you_cast_this_spell_on_the_battlefield_says_nothing(scene: Scene) -> None:
    # Ulamog's "When you cast this spell, ..." triggered as it was cast, not for later spells.
    scene.put("Alice", "Ulamog, the Infinite Gyre")
    verdict = scene.cast("Alice", "Lightning Bolt", "Bob")
    assert "Ulamog" not in verdict.reason
    assert names(scene) == ["Lightning Bolt"]


def test_a_cast_trigger_already_put_there_isnt_stated_again(scene: Scene) -> None:
    scene.put("Alice", "Guttersnipe")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    verdict = scene.trigger("Guttersnipe")
    assert verdict.kind.name == "ILLEGAL"
    assert "already on the stack" in verdict.reason
    assert names(scene) == ["Lightning Bolt", "Guttersnipe's trigger"]
