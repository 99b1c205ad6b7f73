"""Static abilities of permanents found ignored by QA 33: "spells you control can't be
countered" (CR 101.2), a ward granted in quotes with a non-mana cost (702.21a), Sigarda's
"can't cause you to sacrifice" (101.2), an Aura that becomes a creature (303.4d), and "target
blocked creature" (509.1h).

Real cards (``oracle-cards.json.gz``); every rule or ruling a test rests on is quoted and
checked against the CR or that card's official rulings.
"""

from __future__ import annotations

from bot.engine.model import Zone
from bot.engine.mtg.resolution import ResolveChoices
from bot.engine.verdict import VerdictKind as K
from tests.engine.mtg.scene import Scene


def on_stack(scene: Scene) -> list[str]:
    """The stack, bottom first."""
    return [entry.name for entry in scene.state.stack]


def zone_of(scene: Scene, name: str) -> set[Zone]:
    return {o.zone for o in scene.state.objects.values() if o.name == name}


def test_hexing_squelcher_keeps_its_controllers_spell_on_the_stack(scene, cr, ruling) -> None:
    cr("the “can’t” effect takes precedence")
    ruling(
        "Destiny Spinner",
        "A spell or ability that counters spells can still target spells that can't be "
        "countered. When that spell or ability resolves, the uncounterable spell won't be "
        "countered",
    )
    scene.put("Alice", "Hexing Squelcher").put("Bob", "Grizzly Bears")
    scene.cast("Alice", "Lightning Bolt", "Grizzly Bears")
    assert scene.cast("Bob", "Counterspell", "Lightning Bolt").kind is K.OK
    v = scene.resolve()
    assert v.kind is K.RESOLVED and "101.2" in v.rules
    assert "Lightning Bolt can't be countered (Hexing Squelcher: “Spells you control" in v.reason
    assert [e.happens for e in v.effects] == [False]
    assert on_stack(scene) == ["Lightning Bolt"]
    assert scene.resolve().kind is K.RESOLVED
    assert zone_of(scene, "Grizzly Bears") == {Zone.GRAVEYARD}


def test_destiny_spinner_protects_creature_spells_but_not_instants(scene) -> None:
    scene.put("Alice", "Destiny Spinner")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    scene.cast("Bob", "Counterspell", "Lightning Bolt")
    v = scene.resolve()
    assert "701.6a" in v.rules and "101.2" not in v.rules
    assert zone_of(scene, "Lightning Bolt") == {Zone.GRAVEYARD}
    scene.cast("Alice", "Serra Angel")
    scene.cast("Bob", "Essence Scatter", "Serra Angel")
    v = scene.resolve()
    assert "Serra Angel can't be countered (Destiny Spinner: “Creature and enchantment" in v.reason
    assert on_stack(scene) == ["Serra Angel"]


def test_destiny_spinner_on_the_stack_doesnt_protect_itself(scene, ruling) -> None:
    ruling("Destiny Spinner", "While it's a spell, it can be countered.")
    scene.cast("Alice", "Destiny Spinner")
    scene.cast("Bob", "Essence Scatter", "Destiny Spinner")
    v = scene.resolve()
    assert "101.2" not in v.rules
    assert zone_of(scene, "Destiny Spinner") == {Zone.GRAVEYARD}


def test_allosaurus_shepherd_protects_only_its_controllers_green_spells(scene) -> None:
    scene.put("Alice", "Allosaurus Shepherd").put("Bob", "Grizzly Bears")
    scene.cast("Bob", "Giant Growth", "Grizzly Bears")
    scene.cast("Alice", "Counterspell", "Giant Growth")
    scene.resolve()
    assert zone_of(scene, "Giant Growth") == {Zone.GRAVEYARD}  # Bob's spell, not Alice's
    scene.cast("Alice", "Giant Growth", "Allosaurus Shepherd")
    scene.cast("Bob", "Counterspell", "Giant Growth")
    v = scene.resolve()
    assert "Allosaurus Shepherd: “Green spells you control can't be countered”" in v.reason
    assert on_stack(scene) == ["Giant Growth"]


def test_spellbreaker_behemoth_protects_only_creature_spells_with_power_5_or_more(scene) -> None:
    # "Creature spells you control with power 5 or greater can't be countered."
    scene.put("Alice", "Spellbreaker Behemoth")
    scene.cast("Alice", "Serra Angel")  # 4/4
    scene.cast("Bob", "Counterspell", "Serra Angel")
    assert "101.2" not in scene.resolve().rules
    scene.cast("Alice", "Colossal Dreadmaw")  # 6/6
    scene.cast("Bob", "Counterspell", "Colossal Dreadmaw")
    v = scene.resolve()
    assert "101.2" in v.rules and "Spellbreaker Behemoth: “Creature spells" in v.reason
    assert on_stack(scene) == ["Colossal Dreadmaw"]


def test_squelcher_under_humility_has_no_ability_to_protect_spells(scene, cr) -> None:
    cr("613.1f Layer 6: Ability-adding effects, keyword counters, ability-removing effects")
    scene.put("Alice", "Hexing Squelcher").put("Bob", "Humility")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    scene.cast("Bob", "Counterspell", "Lightning Bolt")
    v = scene.resolve()
    assert "101.2" not in v.rules
    assert zone_of(scene, "Lightning Bolt") == {Zone.GRAVEYARD}


def test_a_ward_granted_in_quotes_with_a_life_cost_triggers(scene, cr) -> None:
    cr(
        "Ward [cost] means “Whenever this permanent becomes the target of a spell or ability an "
        "opponent controls, counter that spell or ability unless that player pays [cost].”"
    )
    scene.put("Alice", "Hexing Squelcher").put("Alice", "Grizzly Bears")
    assert "ward—pay 2 life" in scene.state.keywords_of(scene.ids["Grizzly Bears"])
    v = scene.cast("Bob", "Lightning Bolt", "Grizzly Bears")
    assert "702.21a" in v.rules and "unless Bob pays 2 life" in v.reason
    assert on_stack(scene) == ["Lightning Bolt", "Grizzly Bears's ward trigger"]
    ward = scene.state.stack[-1]
    assert (ward.unless_cost, ward.unless_payer) == ("pay 2 life", "Bob")
    v = scene.resolve(pays=False)
    assert "Lightning Bolt is countered" in v.reason
    assert zone_of(scene, "Grizzly Bears") == {Zone.BATTLEFIELD}


def test_a_quoted_sacrifice_ward_is_granted_to_every_permanent_you_control(scene) -> None:
    # Mishra, Tamer of Mak Fawa: "Permanents you control have "Ward—Sacrifice a permanent.""
    scene.put("Alice", "Mishra, Tamer of Mak Fawa").put("Alice", "Grizzly Bears")
    scene.put("Bob", "Llanowar Elves")
    for name in ("Mishra, Tamer of Mak Fawa", "Grizzly Bears"):
        assert "ward—sacrifice a permanent" in scene.state.keywords_of(scene.ids[name])
    assert "ward—sacrifice a permanent" not in scene.state.keywords_of(scene.ids["Llanowar Elves"])


def test_sigarda_stops_an_opponents_edict(scene, ruling) -> None:
    ruling(
        "Sigarda, Host of Herons",
        "As a spell or ability an opponent controls resolves, if it would force you to "
        "sacrifice a permanent, you just don't. That part of the effect does nothing.",
    )
    scene.put("Alice", "Grizzly Bears").put("Alice", "Sigarda, Host of Herons")
    scene.cast("Bob", "Diabolic Edict", "Alice")
    v = scene.resolve()
    assert v.kind is K.RESOLVED and "101.2" in v.rules
    assert "Alice sacrifices nothing: Bob is an opponent" in v.reason
    assert [(e.happens, e.why) for e in v.effects] == [
        (False, "Sigarda, Host of Herons stops it (101.2)")
    ]
    assert zone_of(scene, "Grizzly Bears") == {Zone.BATTLEFIELD}
    assert not scene.state.owed_sacrifices


def test_sigarda_doesnt_stop_the_others_sacrifice_or_its_controllers_own(scene) -> None:
    scene.put("Alice", "Grizzly Bears").put("Alice", "Sigarda, Host of Herons")
    scene.put("Bob", "Serra Angel")
    scene.cast("Bob", "Innocent Blood")
    v = scene.resolve()
    # Bob's own spell makes Bob sacrifice: the part happens, for him.
    assert [e.happens for e in v.effects] == [True]
    assert zone_of(scene, "Serra Angel") == {Zone.GRAVEYARD}
    assert zone_of(scene, "Grizzly Bears") == {Zone.BATTLEFIELD}
    scene.cast("Alice", "Diabolic Edict", "Alice")
    v = scene.resolve()
    assert "Alice chooses which creature to sacrifice" in str(v.effects[0].why)


def test_sigarda_forbids_sacrificing_to_pay_an_opponents_ward(scene, ruling) -> None:
    ruling(
        "Sigarda, Host of Herons",
        "If a spell or ability an opponent controls states something happens unless you "
        "sacrifice a permanent (as Mogis, God of Slaughter does), you can't choose to sacrifice "
        "a permanent.",
    )
    scene.put("Alice", "Mishra, Tamer of Mak Fawa")
    scene.put("Bob", "Sigarda, Host of Herons").put("Bob", "Grizzly Bears")
    scene.cast("Bob", "Lightning Bolt", "Mishra, Tamer of Mak Fawa")
    before = scene.state
    scene.state, v = scene.engine.resolve_top(
        before, ResolveChoices(pays=True, sacrificed=(scene.ids["Grizzly Bears"],))
    )
    assert v.kind is K.ILLEGAL and v.rules == ("101.2",)
    assert "Bob can't sacrifice a permanent to pay it" in v.reason
    assert scene.state is before
    v = scene.resolve(pays=False)
    assert "Lightning Bolt is countered" in v.reason


def test_an_aura_that_becomes_a_creature_goes_to_the_graveyard(scene, cr) -> None:
    cr(
        "An Aura that’s also a creature can’t enchant anything. If this occurs somehow, the "
        "Aura becomes unattached, then is put into its owner’s graveyard."
    )
    scene.put("Alice", "Grizzly Bears").put("Alice", "Rancor")
    scene.state, _ = scene.engine.attach(
        scene.state, scene.ids["Rancor"], scene.ids["Grizzly Bears"]
    )
    v = scene.do("become_types", "Rancor", ["creature"])
    assert {"303.4d", "704.5m"} <= set(v.rules)
    assert "Rancor goes to its owner's graveyard: it is a creature" in v.reason
    assert zone_of(scene, "Rancor") == {Zone.GRAVEYARD}
    bears = scene.state.obj(scene.ids["Grizzly Bears"])
    assert bears.current_power == 2


def test_a_blocked_creature_must_be_attacking(scene, cr, ruling) -> None:
    cr("An attacking creature with one or more creatures declared as blockers for it becomes")
    ruling("Smite", 'A "blocked creature" is an attacking creature')
    scene.put("Alice", "Grizzly Bears").put("Bob", "Llanowar Elves")
    scene.do("set_status", "Grizzly Bears", attacking=True)
    assert scene.options("Bob", "Smite") == {"Grizzly Bears"}
    no = scene.legal("Bob", "Smite", "Llanowar Elves")
    assert no.kind is K.ILLEGAL and "509.1h" in no.rules
    assert "it is not attacking, so it isn't a blocked creature (509.1h, 115.1)" in no.reason
    yes = scene.legal("Bob", "Smite", "Grizzly Bears")
    assert yes.kind is K.LEGAL
    # Whether it was blocked isn't known: said, as casting it says.
    assert any("Not checked by the bot: “blocked”" in note for note in yes.notes)
    listing = scene.engine.legal_targets(scene.state, "Bob", scene.card("Smite"))
    assert any("“blocked”" in note for note in listing.notes)
