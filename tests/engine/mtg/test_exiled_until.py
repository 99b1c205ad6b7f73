"""Cards exiled until their exiler leaves (CR 610.3) and Oblivion Ring's linked return
(603.6c, 607.2a): QA 35 W1."""

from __future__ import annotations

from bot.engine.model import Zone
from bot.engine.mtg.exiled_until import LINKED_RETURN
from bot.engine.verdict import VerdictKind as K
from tests.engine.mtg.scene import Scene


def _zone_of(scene: Scene, name: str) -> list[Zone]:
    return [o.zone for o in scene.state.objects.values() if o.name == name]


def test_banishing_light_leaving_returns_the_card_at_once(scene: Scene, cr) -> None:
    cr("This second one-shot effect returns the object to its previous zone.")
    scene.put("Alice", "Grizzly Bears").put("Bob", "Banishing Light")
    assert scene.trigger("Banishing Light", "Grizzly Bears").kind is K.OK
    scene.resolve()
    assert _zone_of(scene, "Grizzly Bears") == [Zone.EXILE]
    scene.do("destroy", "Banishing Light")
    assert _zone_of(scene, "Grizzly Bears") == [Zone.BATTLEFIELD]
    assert not scene.state.stack  # no trigger: the return is immediate (610.3)
    (bears,) = [o for o in scene.state.objects.values() if o.name == "Grizzly Bears"]
    assert bears.controller == "Alice"  # its owner's control (610.3c)


def test_banishing_light_gone_before_its_trigger_resolves_exiles_nothing(scene: Scene, cr) -> None:
    cr("the specified event has already occurred before that one-shot effect would occur")
    scene.put("Alice", "Grizzly Bears").put("Bob", "Banishing Light")
    scene.trigger("Banishing Light", "Grizzly Bears")
    scene.do("destroy", "Banishing Light")
    v = scene.resolve()
    assert _zone_of(scene, "Grizzly Bears") == [Zone.BATTLEFIELD]
    assert "610.3b" in v.rules and not v.effects[0].happens


def test_oblivion_ring_leaving_triggers_its_linked_return(scene: Scene) -> None:
    scene.put("Alice", "Grizzly Bears").put("Bob", "Oblivion Ring")
    scene.trigger("Oblivion Ring", "Grizzly Bears")
    scene.resolve()
    scene.do("destroy", "Oblivion Ring")
    assert _zone_of(scene, "Grizzly Bears") == [Zone.EXILE]  # not yet: a trigger (603.6c)
    assert [e.spec.keyword for e in scene.state.stack] == [LINKED_RETURN]
    v = scene.resolve()
    assert v.kind is K.RESOLVED and "Grizzly Bears" in v.reason
    assert _zone_of(scene, "Grizzly Bears") == [Zone.BATTLEFIELD]
    assert not scene.state.exiled_until


def test_oblivion_ring_gone_before_its_trigger_exiles_for_good(scene: Scene) -> None:
    # The linked return finds nothing (it left first); the enter trigger then exiles for good.
    scene.put("Alice", "Grizzly Bears").put("Bob", "Oblivion Ring")
    scene.trigger("Oblivion Ring", "Grizzly Bears")
    scene.do("destroy", "Oblivion Ring")
    assert len(scene.state.stack) == 1  # nothing held yet, so no linked trigger to resolve
    scene.resolve()
    assert _zone_of(scene, "Grizzly Bears") == [Zone.EXILE]
    assert not scene.state.exiled_until
