"""QA 35's items left open: an optional "you may sacrifice" part (608.2d), Barrin's Spite's
"the other" under Sigarda (101.2), Massacre Wurm's life-loss trigger (603.10a), a modal
double-faced card leaving the battlefield (712.8a), "can't be countered" statics with more
words (101.2) and Sigarda against "unless they sacrifice" (101.2).

Real cards (``oracle-cards.json.gz``); every rule or ruling a test rests on is quoted and
checked against the CR or that card's official rulings.
"""

from __future__ import annotations

from bot.engine.model import Zone
from bot.engine.mtg.resolution import uncounterable_because
from bot.engine.verdict import VerdictKind as K
from tests.engine.mtg.scene import Scene

TERGRID = "Tergrid, God of Fright // Tergrid's Lantern"


def zone_of(scene: Scene, name: str) -> set[Zone]:
    return {o.zone for o in scene.state.objects.values() if o.name == name}


def test_an_optional_sacrifice_is_the_controllers_choice_not_done(scene, cr, ruling) -> None:
    ruling(
        "Insatiable Appetite",
        "you don't choose whether to sacrifice a Food until the spell resolves.",
    )
    cr("the player announces these while applying the effect")
    scene.put("Alice", "Grizzly Bears")
    scene.token("Alice", "Food", card_types=("artifact",), subtypes=("food",), power=None)
    scene.cast("Alice", "Insatiable Appetite", "Grizzly Bears")
    v = scene.resolve()
    optional, if_you_do, otherwise = v.effects
    assert optional.tracked is False
    assert optional.why is not None and optional.why.startswith("optional: Alice chooses")
    assert "it happens" not in optional.why
    assert not if_you_do.happens and not otherwise.happens
    assert zone_of(scene, "Food") == {Zone.BATTLEFIELD}


def test_barrins_spite_under_sigarda_returns_no_other(scene, ruling) -> None:
    ruling(
        "Sigarda, Host of Herons",
        "if it would force you to sacrifice a permanent, you just don't. That part of the "
        "effect does nothing.",
    )
    scene.put("Alice", "Grizzly Bears").put("Alice", "Llanowar Elves")
    scene.put("Alice", "Sigarda, Host of Herons")
    scene.cast("Bob", "Barrin's Spite", ["Grizzly Bears", "Llanowar Elves"])
    v = scene.resolve()
    assert [e.happens for e in v.effects] == [True, False, False]
    assert "so none is “the other”" in str(v.effects[2].why)
    assert "608.2c" in v.rules
    assert zone_of(scene, "Grizzly Bears") == zone_of(scene, "Llanowar Elves") == {Zone.BATTLEFIELD}


def test_barrins_spite_without_sigarda_still_returns_the_other(scene) -> None:
    scene.put("Alice", "Grizzly Bears").put("Alice", "Llanowar Elves")
    scene.cast("Bob", "Barrin's Spite", ["Grizzly Bears", "Llanowar Elves"])
    v = scene.resolve()
    assert v.effects[2].happens
    assert "the other" not in str(v.effects[2].why)


def test_thryx_protects_big_spells_cast_not_small_ones_or_copies(scene, ruling) -> None:
    ruling("Thryx, the Sudden Storm", "When that spell or ability resolves, your spell won't be")
    scene.put("Alice", "Thryx, the Sudden Storm")
    scene.cast("Alice", "Time Wipe")
    scene.cast("Alice", "Twincast", "Time Wipe")
    scene.resolve()
    copy, original = scene.state.stack[-1], scene.state.stack[0]
    assert copy.is_copy and not original.is_copy
    assert uncounterable_because(scene.state, original.object_id).startswith(
        "can't be countered (Thryx, the Sudden Storm: “Spells you cast with mana value 5"
    )
    # "Spells ... that you control but didn't cast (perhaps because they're copies ...) can be
    # countered" (Cunning Nightbonder's ruling, the same wording).
    assert uncounterable_because(scene.state, copy.object_id) == ""


def test_nightbonder_protects_only_spells_with_flash(scene) -> None:
    scene.put("Alice", "Cunning Nightbonder")
    scene.cast("Alice", "Ambush Viper")
    scene.cast("Bob", "Counterspell", "Ambush Viper")
    v = scene.resolve()
    assert "Cunning Nightbonder: “Spells with flash you cast" in v.reason
    scene.resolve()
    scene.cast("Alice", "Grizzly Bears")
    scene.cast("Bob", "Counterspell", "Grizzly Bears")
    v = scene.resolve()
    assert "101.2" not in v.rules
    assert zone_of(scene, "Grizzly Bears") == {Zone.GRAVEYARD}


def test_spider_punk_protects_every_players_spells(scene) -> None:
    scene.put("Alice", "Spider-Punk")
    scene.cast("Bob", "Lightning Bolt", "Alice")
    scene.cast("Alice", "Counterspell", "Lightning Bolt")
    v = scene.resolve()
    assert "Spider-Punk: “Spells and abilities can't be countered”" in v.reason
    assert [entry.name for entry in scene.state.stack] == ["Lightning Bolt"]


def test_a_back_face_on_the_battlefield_is_the_front_face_in_the_graveyard(scene, cr) -> None:
    cr(
        "While a double-faced card is outside the game or in a zone other than the battlefield "
        "or stack, it has only the characteristics of its front face."
    )
    lantern = scene.card(TERGRID).face_up_as("Tergrid's Lantern")
    assert lantern.name == "Tergrid's Lantern" and lantern.elsewhere is not None
    assert "menace" not in {k.lower() for k in lantern.keywords}
    scene.state, v = scene.engine.add_permanent(scene.state, "Bob", lantern)
    permanent = scene.state.obj(v.object_ids[0])
    assert permanent.card_types == {"artifact"} and not permanent.keywords
    scene.ids["Tergrid's Lantern"] = permanent.id
    scene.cast("Alice", "Disenchant", "Tergrid's Lantern")
    scene.resolve()
    assert zone_of(scene, "Tergrid, God of Fright") == {Zone.GRAVEYARD}
    assert zone_of(scene, "Tergrid's Lantern") == set()


def test_a_back_face_cast_enters_with_that_face_up(scene, cr) -> None:
    cr(
        "By default, a resolving double-faced spell that becomes a permanent is put onto the "
        "battlefield with the same face up that was face up on the stack."
    )
    assert scene.cast("Alice", TERGRID, face="Tergrid's Lantern").kind is K.OK
    scene.resolve()
    assert zone_of(scene, "Tergrid's Lantern") == {Zone.BATTLEFIELD}
    assert zone_of(scene, "Tergrid, God of Fright") == set()
    lantern = scene.state.obj(max(scene.state.objects))
    assert lantern.card_types == {"artifact"} and "legendary" in lantern.supertypes


def test_a_front_face_or_an_adventurer_is_itself(card) -> None:
    giant = card("Bonecrusher Giant // Stomp")
    assert giant.face_up_as("Stomp").name == "Bonecrusher Giant"  # an Adventure isn't a face up
    assert card(TERGRID).face_up_as("Tergrid, God of Fright").elsewhere is None


def test_unless_they_sacrifice_is_the_players_choice_not_both(scene, cr) -> None:
    cr("[Do something] unless [a player does something else].")
    scene.put("Bob", "Grizzly Bears").put("Alice", "Demanding Dragon")
    v = scene.trigger("Demanding Dragon", "Bob")
    assert v.kind is K.OK
    v = scene.resolve()
    assert v.effects[0].tracked is False
    assert "Bob chooses as it resolves whether to sacrifice" in str(v.effects[0].why)
    assert scene.state.player("Bob").life == 20
    assert zone_of(scene, "Grizzly Bears") == {Zone.BATTLEFIELD}


def test_unless_they_sacrifice_with_nothing_to_sacrifice_happens(scene) -> None:
    scene.put("Alice", "Demanding Dragon")
    scene.trigger("Demanding Dragon", "Bob")
    v = scene.resolve()
    assert v.effects[0].tracked and scene.state.player("Bob").life == 15


def test_sigarda_leaves_only_the_discard_against_tergrids_lantern(scene, ruling) -> None:
    ruling(
        "Sigarda, Host of Herons",
        "If a spell or ability an opponent controls states something happens unless you "
        "sacrifice a permanent (as Mogis, God of Slaughter does), you can't choose to sacrifice "
        "a permanent.",
    )
    scene.put("Alice", "Sigarda, Host of Herons").put("Alice", "Grizzly Bears")
    lantern = scene.card(TERGRID).face_up_as("Tergrid's Lantern")
    scene.state, v = scene.engine.add_permanent(scene.state, "Bob", lantern)
    scene.ids["Tergrid's Lantern"] = v.object_ids[0]
    assert scene.activate("Bob", "Tergrid's Lantern", "Alice").kind is K.OK
    v = scene.resolve()
    assert "Alice can't choose to sacrifice a permanent" in v.reason and "101.2" in v.rules
    assert "whether to discard a card instead" in str(v.effects[0].why)
    assert scene.state.player("Alice").life == 20


def test_sigarda_and_an_empty_hand_leave_the_life_loss(scene) -> None:
    scene.put("Alice", "Sigarda, Host of Herons").put("Alice", "Grizzly Bears")
    lantern = scene.card(TERGRID).face_up_as("Tergrid's Lantern")
    scene.state, v = scene.engine.add_permanent(scene.state, "Bob", lantern)
    scene.ids["Tergrid's Lantern"] = v.object_ids[0]
    scene.state, _ = scene.engine.empty_hand(scene.state, "Alice")
    scene.activate("Bob", "Tergrid's Lantern", "Alice")
    v = scene.resolve()
    assert v.effects[0].tracked and scene.state.player("Alice").life == 17


def test_spider_punk_protects_abilities_from_stifle(scene) -> None:
    scene.put("Alice", "Spider-Punk").put("Alice", "Prodigal Pyromancer")
    scene.activate("Alice", "Prodigal Pyromancer", "Bob")
    scene.cast("Bob", "Stifle", "Prodigal Pyromancer's ability")
    v = scene.resolve()
    assert "can't be countered (Spider-Punk" in v.reason and "101.2" in v.rules
    assert [entry.name for entry in scene.state.stack] == ["Prodigal Pyromancer's ability"]
