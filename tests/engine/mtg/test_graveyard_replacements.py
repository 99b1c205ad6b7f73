"""QA 47 W3: static "would die / would be put into a graveyard ... instead" replacements other
than Rest in Peace's (Anafenza, Progenitus, Darksteel Colossus, Void Maw, Firestorm Phoenix),
read by one reader and applied where every card changes zones (CR 614.1a, 614.6, 700.4).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

from bot.engine.frozen import evolve
from bot.engine.model import GameObject, ObjectKind, Zone
from bot.engine.mtg.graveyard_replacements import graveyard_replacement
from tests.engine.mtg.scene import Scene


def zone_of(scene: Scene, name: str) -> set[Zone]:
    return {o.zone for o in scene.state.objects.values() if o.name == name}


def _obj(name: str, owner: str, text: str = "", **kw: object) -> GameObject:
    return GameObject(
        id=hash(name) % 1000,
        name=name,
        owner=owner,
        controller=owner,
        oracle_text=text,
        card_types=frozenset({"creature"}),
        **kw,  # type: ignore[arg-type]
    )


ANAFENZA = (
    "If a nontoken creature an opponent owns would die or a creature card not on the "
    "battlefield would be put into an opponent's graveyard, exile that card instead."
)


def test_anafenza_reads_both_of_its_subjects() -> None:
    anafenza = _obj("Anafenza, the Foremost", "Alice", ANAFENZA)
    bears = _obj("Grizzly Bears", "Bob")
    token = _obj("Soldier", "Bob", kind=ObjectKind.TOKEN)
    own = _obj("Llanowar Elves", "Alice")
    bolt = evolve(_obj("Lightning Bolt", "Bob"), card_types=frozenset({"instant"}))
    found = graveyard_replacement(bears, Zone.BATTLEFIELD, [anafenza])
    assert found is not None and found.to_zone is Zone.EXILE
    assert graveyard_replacement(bears, Zone.HAND, [anafenza]) is not None  # a discard
    assert graveyard_replacement(token, Zone.BATTLEFIELD, [anafenza]) is None  # nontoken
    assert graveyard_replacement(own, Zone.BATTLEFIELD, [anafenza]) is None  # its own
    assert graveyard_replacement(bolt, Zone.STACK, [anafenza]) is None  # not a creature card


def test_a_one_shot_or_unread_replacement_is_not_read_as_a_static() -> None:
    bears = _obj("Grizzly Bears", "Bob")
    for text in (
        "If that creature would die this turn, exile it instead.",
        "If a Warlock you control would die, exile it instead.",
        "(If a creature with a finality counter on it would die, exile it instead.)",
    ):
        source = _obj("Source", "Alice", text)
        assert graveyard_replacement(bears, Zone.BATTLEFIELD, [source]) is None, text


def test_progenitus_own_replacement_works_from_the_hand_too(cr) -> None:
    cr("113.6b An ability that states which zones it functions in functions only from those zones.")
    text = (
        "If Progenitus would be put into a graveyard from anywhere, reveal Progenitus and "
        "shuffle it into its owner's library instead."
    )
    progenitus = _obj("Progenitus", "Alice", text, zone=Zone.HAND)
    found = graveyard_replacement(progenitus, Zone.HAND, [])
    assert found is not None and found.to_zone is Zone.LIBRARY
    rest = _obj(
        "Rest in Peace",
        "Alice",
        "If a card or token would be put into a graveyard from anywhere, exile it instead.",
        zone=Zone.HAND,
    )
    assert graveyard_replacement(rest, Zone.HAND, []) is None  # works only on the battlefield


def test_anafenza_exiles_what_pyroclasm_kills_and_nothing_dies(scene: Scene, cr) -> None:
    cr("614.6. If an event is replaced, it never happens.")
    cr("700.4. The term dies means “is put into a graveyard from the battlefield.”")
    scene.put("Alice", "Anafenza, the Foremost").put("Bob", "Grizzly Bears")
    scene.put("Bob", "Perilous Myr")
    scene.cast("Alice", "Pyroclasm")
    v = scene.resolve()
    assert {"614.6", "700.4"} <= set(v.rules)
    assert zone_of(scene, "Grizzly Bears") == {Zone.EXILE}
    assert zone_of(scene, "Perilous Myr") == {Zone.EXILE}
    assert not any("Perilous Myr's ability triggers" in note for note in v.notes)
    assert zone_of(scene, "Anafenza, the Foremost") == {Zone.BATTLEFIELD}


def test_progenitus_destroyed_goes_to_its_library_with_a_note(scene: Scene) -> None:
    scene.put("Alice", "Progenitus").put("Bob", "Grizzly Bears")
    scene.cast("Bob", "Wrath of God")
    v = scene.resolve()
    assert zone_of(scene, "Progenitus") == {Zone.LIBRARY}
    assert zone_of(scene, "Grizzly Bears") == {Zone.GRAVEYARD}
    assert any("Progenitus is shuffled into its owner's library instead" in n for n in v.notes)


def test_darksteel_colossus_sacrificed_to_fling_goes_to_its_library(scene: Scene) -> None:
    scene.put("Alice", "Darksteel Colossus")
    v = scene.cast("Alice", "Fling", "Bob", sacrificed=[scene.ids["Darksteel Colossus"]])
    assert zone_of(scene, "Darksteel Colossus") == {Zone.LIBRARY}
    assert "614.6" in v.rules
    scene.resolve()
    assert scene.state.player("Bob").life == 9  # last known power 11 (608.2h)


def test_dauthi_voidwalker_exiles_with_a_void_counter(scene: Scene) -> None:
    scene.put("Alice", "Dauthi Voidwalker")
    scene.cast("Bob", "Shock", "Alice")
    v = scene.resolve()
    shock = [o for o in scene.state.objects.values() if o.name == "Shock"]
    assert [o.zone for o in shock] == [Zone.EXILE]
    assert shock[0].counters.get("void") == 1
    assert any("with a void counter on it instead" in n for n in v.notes)


def test_kalitas_exiles_and_says_the_token_is_not_made(scene: Scene) -> None:
    scene.put("Alice", "Kalitas, Traitor of Ghet").put("Bob", "Grizzly Bears")
    scene.cast("Alice", "Lightning Bolt", "Grizzly Bears")
    v = scene.resolve()
    assert zone_of(scene, "Grizzly Bears") == {Zone.EXILE}
    said = " ".join((v.reason, *v.notes))
    assert "doesn't carry out the rest of it" in said and "Zombie" in said
