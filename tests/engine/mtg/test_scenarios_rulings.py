"""Scenarios from the Comprehensive Rules' own examples and from official rulings.

Every test quotes the text it checks and first asserts that the quote really is in the CR or
in that card's rulings (loaded through ``shared_data``), so no test can rest on a made-up
ruling.  Cards are real (``oracle-cards.json.gz``) and read by the Oracle-text reader.
"""

from __future__ import annotations

import pytest

from bot.engine.errors import EngineError
from bot.engine.model import Zone
from bot.engine.verdict import VerdictKind as K
from tests.engine.mtg.scene import Scene


def _bears(scene: Scene) -> Scene:
    return (
        scene.put("Alice", "Runeclaw Bear").put("Alice", "Llanowar Elves").put("Bob", "Spellskite")
    )


# ---- CR examples ----------------------------------------------------------------------
def test_115_7e_arc_trail_redirect_swap(scene, cr) -> None:
    cr(
        "You can change the first target to Llanowar Elves and change the second target to Runeclaw Bear."
    )
    _bears(scene)
    assert scene.cast("Bob", "Arc Trail", "Runeclaw Bear", "Llanowar Elves").kind is K.OK
    assert scene.cast("Alice", "Redirect", "Arc Trail").kind is K.OK
    v = scene.resolve(new_targets=["Llanowar Elves", "Runeclaw Bear"])
    assert "115.7e" in v.rules and "changed" in v.reason
    v = scene.resolve()
    assert [e.text for e in v.effects] == [
        "2 damage to Llanowar Elves",
        "1 damage to Runeclaw Bear",
    ]


def test_601_2c_two_target_creatures_need_two(scene, cr) -> None:
    cr("If a spell says “Tap two target creatures,” then the same creature can’t be chosen twice")
    scene.put("Alice", "Runeclaw Bear")
    v = scene.cast("Bob", "Swelter", ["Runeclaw Bear", "Runeclaw Bear"])
    assert v.kind is K.ILLEGAL


def test_601_2c_artifact_and_land_may_be_one_object(scene, cr) -> None:
    cr(
        "can target the same artifact land twice because it uses the word “target” in multiple places"
    )
    scene.put("Bob", "Tree of Tales").put("Bob", "Runeclaw Bear").put("Bob", "Pacifism")
    v = scene.cast(
        "Alice", "Decimate", "Tree of Tales", "Runeclaw Bear", "Pacifism", "Tree of Tales"
    )
    assert v.kind is K.OK


@pytest.fixture
def spec_scene(engine, card) -> Scene:
    """Real card data with the hand-built specs (works around reader gaps)."""
    return Scene(engine, card)


def test_608_2b_sorins_thirst_hand_built_spec(spec_scene, cr) -> None:
    cr("If the creature isn’t a legal target during the resolution of Sorin’s Thirst")
    scene = spec_scene
    scene.put("Alice", "Runeclaw Bear")
    scene.cast("Bob", "Sorin's Thirst", "Runeclaw Bear")
    scene.do("gain_ability", "Runeclaw Bear", "protection from black")
    v = scene.resolve()
    assert v.kind is K.FIZZLED and "702.16b" in v.rules
    assert [e.happens for e in v.effects] == [False, False]
    assert scene.state.player("Bob").life == 20


def test_608_2b_sorins_thirst_protection(scene, cr) -> None:
    cr("Sorin’s Thirst doesn’t resolve. Its controller doesn’t gain any life.")
    scene.put("Alice", "Runeclaw Bear")
    scene.cast("Bob", "Sorin's Thirst", "Runeclaw Bear")
    scene.do("gain_ability", "Runeclaw Bear", "protection from black")
    v = scene.resolve()
    assert v.kind is K.FIZZLED and "702.16b" in v.rules
    assert scene.state.player("Bob").life == 20


def test_608_2b_sorins_thirst_left_battlefield(scene, cr) -> None:
    cr("(say, if the creature has gained protection from black or left the battlefield)")
    scene.put("Alice", "Runeclaw Bear")
    scene.cast("Bob", "Sorin's Thirst", "Runeclaw Bear")
    scene.do("move", "Runeclaw Bear", Zone.HAND)
    v = scene.resolve()
    assert v.kind is K.FIZZLED and "400.7" in v.rules


def test_608_2b_plague_spores_creature_land(scene, cr) -> None:
    cr("Plague Spores still resolves because the black creature land is still a legal target")
    scene.token(
        "Alice",
        "Land Elemental",
        power=2,
        toughness=2,
        colors=("G",),
        card_types=("creature", "land"),
    )
    assert scene.cast("Bob", "Plague Spores", "Land Elemental", "Land Elemental").kind is K.OK
    scene.do("become_colors", "Land Elemental", ["black"])
    v = scene.resolve()
    assert v.kind is K.PARTIAL
    assert v.slots[0].legal is False and v.slots[1].legal is True
    assert not v.effects[0].happens and v.effects[1].happens


def test_115_4_noncreature_artifact_cant_be_any_target(scene, cr) -> None:
    cr("Other game objects, such as noncreature artifacts or spells, can’t be chosen.")
    scene.put("Bob", "Sol Ring")
    v = scene.legal("Alice", "Lightning Bolt", "Sol Ring")
    assert v.kind is K.ILLEGAL and "115.4" in v.rules


def test_115_4_any_target_includes_players(scene, cr) -> None:
    cr("These targets may be creatures, players, planeswalkers, or battles.")
    assert scene.legal("Alice", "Lightning Bolt", "Bob").kind is K.LEGAL


def test_115_2_graveyard_cards_need_text(scene, cr) -> None:
    cr(
        "Only permanents are legal targets for spells and abilities, unless a spell or ability (a) specifies"
    )
    scene.in_zone("Bob", "Grizzly Bears", Zone.GRAVEYARD)
    v = scene.legal("Alice", "Lightning Bolt", "Grizzly Bears")
    assert v.kind is K.ILLEGAL and "115.2" in v.rules


def test_115_5_spell_cant_target_itself(scene, cr) -> None:
    cr("A spell or ability on the stack is an illegal target for itself.")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    scene.cast("Bob", "Cancel", "Lightning Bolt")
    v = scene.legal("Bob", "Cancel", "Cancel")
    assert v.kind is K.ILLEGAL and v.rules == ("115.5",)


def test_115_6_up_to_allows_zero(scene, cr) -> None:
    cr("A spell or ability that requires targets may allow zero targets to be chosen.")
    v = scene.cast("Alice", "Gold Rush", [])
    assert v.kind is K.OK and "115.6" in v.rules
    assert scene.resolve().effects[0].happens


def test_115_10_sacrifice_doesnt_target(real_engine, cr) -> None:
    cr("Just because an object or player is being affected by a spell or ability doesn’t make")
    v = real_engine.does_target("Each opponent sacrifices a creature.")
    assert v.kind is K.NO and "115.10a" in v.rules


def test_115_10b_you_isnt_a_target(real_engine, cr) -> None:
    cr("In particular, the word “you” in an object’s text doesn’t indicate a target.")
    assert real_engine.does_target("You gain 3 life.").kind is K.NO
    assert real_engine.does_target("Target player gains 3 life.").kind is K.YES


def test_400_7_returned_object_is_new(scene, cr) -> None:
    cr("An object that moves from one zone to another becomes a new object with no memory of")
    _bears(scene)
    scene.cast("Bob", "Lightning Bolt", "Runeclaw Bear")
    scene.do("move", "Runeclaw Bear", Zone.EXILE)
    back = scene.do("return_to_battlefield", "Runeclaw Bear")
    assert "new object" in back.reason
    v = scene.resolve()
    assert v.kind is K.FIZZLED and "no longer the target" in v.slots[0].why


def test_702_18a_shroud_stops_own_spells(scene, cr) -> None:
    cr("“Shroud” means “This permanent or player can’t be the target of spells or abilities.”")
    scene.put("Alice", "Runeclaw Bear")
    scene.do("gain_ability", "Runeclaw Bear", "shroud")
    v = scene.cast("Alice", "Giant Growth", "Runeclaw Bear")
    assert v.kind is K.ILLEGAL and "702.18a" in v.rules


def test_702_21a_ward_is_a_trigger(scene, cr) -> None:
    cr(
        "Whenever this permanent becomes the target of a spell or ability an opponent controls, counter"
    )
    scene.put("Alice", "Runeclaw Bear")
    scene.do("gain_ability", "Runeclaw Bear", "ward 2")
    v = scene.cast("Bob", "Lightning Bolt", "Runeclaw Bear")
    assert v.kind is K.OK and "702.21a" in v.rules and v.notes
    # The trigger is a real object on the stack, above the spell that targeted (603.3).
    ward = "Runeclaw Bear's ward trigger"
    assert [e.name for e in scene.state.stack] == ["Lightning Bolt", ward]
    assert scene.cast("Alice", "Giant Growth", "Runeclaw Bear").notes == ()
    assert [e.name for e in scene.state.stack] == ["Lightning Bolt", ward, "Giant Growth"]


def test_702_11c_player_hexproof(scene, cr) -> None:
    cr(
        "“Hexproof” on a player means “You can’t be the target of spells or abilities your opponents control.”"
    )
    scene.do("player_gains", "Alice", "hexproof")
    assert scene.cast("Bob", "Lightning Bolt", "Alice").kind is K.ILLEGAL
    assert scene.cast("Alice", "Lightning Bolt", "Alice").kind is K.OK


def test_702_11b_hexproof_permanent(scene, cr) -> None:
    cr(
        "“Hexproof” on a permanent means “This permanent can’t be the target of spells or abilities your opponents control.”"
    )
    scene.put("Bob", "Troll Ascetic")
    v = scene.cast("Alice", "Giant Growth", "Troll Ascetic")
    assert v.kind is K.ILLEGAL and "Troll Ascetic has hexproof" in v.reason
    assert scene.cast("Bob", "Giant Growth", "Troll Ascetic").kind is K.OK


def test_702_16j_protection_from_everything(scene, cr) -> None:
    cr(
        "Such a permanent or player can’t be targeted by spells or abilities and can’t be enchanted by Auras."
    )
    scene.put("Alice", "Runeclaw Bear")
    scene.do("gain_ability", "Runeclaw Bear", "protection from everything")
    v = scene.cast("Alice", "Giant Growth", "Runeclaw Bear")
    assert v.kind is K.ILLEGAL and "702.16j" in v.rules


def test_702_26b_phased_out(scene, cr) -> None:
    cr("a phased-out permanent is treated as though it does not exist")
    scene.put("Alice", "Runeclaw Bear")
    scene.do("phase", "Runeclaw Bear")
    assert "Runeclaw Bear" not in scene.options("Bob", "Lightning Bolt")


def test_603_3d_trigger_without_target_removed(scene, cr) -> None:
    cr(
        "but no legal choices can be made for it, or if a rule or a continuous effect otherwise makes the ability illegal, the ability is simply removed from the stack."
    )
    scene.put("Alice", "Iron Bully")
    scene.do("phase", "Iron Bully")
    v = scene.trigger("Iron Bully")
    assert v.kind is K.FIZZLED and "603.3d" in v.rules and not scene.state.stack


def test_707_10c_copy_keeps_illegal_unchanged_target(scene, cr) -> None:
    cr(
        "The player may leave any number of the targets unchanged, even if those targets would be illegal."
    )
    _bears(scene)
    scene.cast("Bob", "Lightning Bolt", "Runeclaw Bear")
    scene.do("gain_ability", "Runeclaw Bear", "shroud")
    v = scene.cast("Alice", "Twincast", "Lightning Bolt")
    assert v.kind is K.OK
    scene.resolve()
    copy = scene.state.stack[-1]
    assert copy.is_copy and copy.targets[0].refs == (scene.ids["Runeclaw Bear"],)


# ---- Bounty of Might / Swelter (115.3) -------------------------------------------------
@pytest.mark.parametrize(
    "choice",
    [
        ("Runeclaw Bear", "Runeclaw Bear", "Runeclaw Bear"),
        ("Runeclaw Bear", "Llanowar Elves", "Spellskite"),
        ("Runeclaw Bear", "Runeclaw Bear", "Llanowar Elves"),
    ],
)
def test_bounty_of_might_same_or_different(scene, ruling, choice) -> None:
    ruling(
        "Bounty of Might",
        'You may choose the same creature as a target multiple times since Bounty of Might says "target creature" multiple times.',
    )
    _bears(scene)
    assert scene.cast("Alice", "Bounty of Might", *choice).kind is K.OK


@pytest.mark.parametrize("creatures, legal", [(1, False), (2, True)])
def test_swelter_needs_two_different(scene, ruling, creatures, legal) -> None:
    ruling("Swelter", "You can't cast this spell unless you have two different legal targets.")
    scene.put("Bob", "Runeclaw Bear")
    if creatures == 2:
        scene.put("Bob", "Llanowar Elves")
    v = scene.engine.can_play(scene.state, "Alice", scene.card("Swelter"))
    assert (v.kind is K.YES) is legal


# ---- Redirect ------------------------------------------------------------------------------
def test_redirect_illegal_new_target_keeps_old(scene, ruling) -> None:
    ruling(
        "Redirect",
        "If, for one of the targets, you can't choose a new legal target, then it remains unchanged (even if the current target is illegal).",
    )
    _bears(scene).put("Bob", "Troll Ascetic")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    scene.cast("Bob", "Redirect", "Lightning Bolt")
    # Naming the hexproof Troll is a choice the rules forbid (115.7d): illegal, nothing changes.
    v = scene.resolve(new_targets=["Troll Ascetic"])
    assert v.kind is K.ILLEGAL and "stay as they were" in v.reason and "115.7d" in v.rules
    assert "Redirect resolves" in v.reason
    assert _on_stack(scene, "Lightning Bolt").targets[0].refs == ("Bob",)
    # Naming no new target, Redirect resolves and the target remains unchanged (115.7d: the
    # player may leave any number of targets unchanged).
    v = scene.resolve()
    assert v.kind is K.UNCHANGED and "115.7d" in v.rules
    assert scene.state.stack[-1].targets[0].refs == ("Bob",)


def _on_stack(scene, name: str):  # type: ignore[no-untyped-def]
    return next(entry for entry in scene.state.stack if entry.name == name)


def test_redirect_cant_change_mode(scene, ruling) -> None:
    ruling(
        "Redirect",
        'If the targeted spell is modal (that is, it says "Choose one —" or the like), you can\'t choose a different mode.',
    )
    _bears(scene)
    scene.cast("Bob", "Cryptic Command", "Runeclaw Bear", modes=[1, 3])
    scene.cast("Alice", "Redirect", "Cryptic Command")
    scene.resolve(new_targets=["Spellskite"])
    entry = scene.state.stack[-1]
    assert entry.modes == (1, 3) and entry.targets[0].refs == (scene.ids["Spellskite"],)


def test_redirect_cant_make_spell_target_itself(scene, ruling) -> None:
    ruling("Redirect", "you can't change that spell's target to itself.")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    scene.cast("Bob", "Cancel", "Lightning Bolt")
    scene.cast("Alice", "Redirect", "Cancel")
    v = scene.resolve(new_targets=["Cancel"])
    assert v.kind is K.ILLEGAL and "115.5" in v.rules
    assert _on_stack(scene, "Cancel").targets[0].refs == (scene.ids["Lightning Bolt"],)


def test_redirect_can_point_spell_at_redirect(scene, ruling) -> None:
    ruling(
        "Redirect",
        "You can, however, change that spell's target to Redirect. If you do, that spell won't resolve",
    )
    scene.cast("Alice", "Lightning Bolt", "Bob")
    scene.cast("Bob", "Cancel", "Lightning Bolt")
    scene.cast("Alice", "Redirect", "Cancel")
    v = scene.resolve(new_targets=["Redirect"])
    assert "changed" in v.reason
    v = scene.resolve()  # Cancel: its only target (Redirect) has left the stack
    assert v.kind is K.FIZZLED


def test_redirect_on_untargeted_spell_does_nothing(scene, ruling) -> None:
    ruling("Redirect", "if the targeted spell has no targets")
    scene.cast("Bob", "Runeclaw Bear")
    assert scene.cast("Alice", "Redirect", "Runeclaw Bear").kind is K.OK
    v = scene.resolve()
    assert v.kind is K.UNCHANGED and scene.state.stack[-1].targets == ()


# ---- "with a single target" (115.9a) ----------------------------------------------------
@pytest.mark.parametrize("name", ["Deflection", "Shunt", "Swerve", "Bolt Bend", "Ricochet Trap"])
def test_single_target_spells_refuse_multiple_targets(scene, ruling, name) -> None:
    quote = (
        ruling(name, "If a spell targets multiple things, you can't target it with")
        if name != "Bolt Bend"
        else ruling(
            name,
            "If a spell or ability targets multiple things, you can't target it with Bolt Bend",
        )
    )
    assert quote
    _bears(scene)
    scene.cast("Bob", "Arc Trail", "Runeclaw Bear", "Llanowar Elves")
    v = scene.cast("Alice", name, "Arc Trail")
    assert v.kind is K.ILLEGAL and "115.9a" in v.rules


@pytest.mark.parametrize("name", ["Deflection", "Shunt", "Swerve", "Bolt Bend", "Ricochet Trap"])
def test_single_target_spells_count_instances(scene, ruling, name) -> None:
    ruling(name, "targets the same player or object multiple times, you can't target it with")
    _bears(scene)
    scene.cast("Bob", "Bounty of Might", "Runeclaw Bear", "Runeclaw Bear", "Runeclaw Bear")
    v = scene.cast("Alice", name, "Bounty of Might")
    assert v.kind is K.ILLEGAL and "115.9a" in v.rules


def test_imps_mischief_seeds_of_strength(scene, ruling) -> None:
    ruling("Imp's Mischief", "you can't target that spell with Imp's Mischief")
    _bears(scene)
    scene.cast("Bob", "Seeds of Strength", "Runeclaw Bear", "Runeclaw Bear", "Runeclaw Bear")
    assert scene.cast("Alice", "Imp's Mischief", "Seeds of Strength").kind is K.ILLEGAL


@pytest.mark.parametrize("name", ["Deflection", "Misdirection", "Shunt", "Imp's Mischief"])
def test_single_target_change_is_legal(scene, ruling, name) -> None:
    ruling(
        name,
        "Once the spell resolves, the new target is considered to be targeted by the deflected spell.",
    )
    _bears(scene)
    scene.cast("Bob", "Lightning Bolt", "Alice")
    assert scene.cast("Alice", name, "Lightning Bolt").kind is K.OK
    v = scene.resolve(new_targets=["Bob"])
    assert "changed" in v.reason and scene.state.stack[-1].targets[0].refs == ("Bob",)


@pytest.mark.parametrize("name", ["Deflection", "Misdirection", "Shunt"])
def test_deflection_cant_make_spell_target_itself(scene, ruling, name) -> None:
    ruling(name, "You can't make a spell which is on the stack target itself.")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    scene.cast("Bob", "Cancel", "Lightning Bolt")
    scene.cast("Alice", name, "Cancel")
    v = scene.resolve(new_targets=["Cancel"])
    assert "115.5" in v.rules


@pytest.mark.parametrize("name", ["Deflection", "Shunt", "Imp's Mischief"])
def test_no_other_legal_target_no_change(scene, ruling, name) -> None:
    ruling(name, "If there is no other legal target for the spell")
    scene.put("Bob", "Troll Ascetic")
    scene.cast("Bob", "Giant Growth", "Troll Ascetic")
    scene.cast("Alice", name, "Giant Growth")
    v = scene.resolve(new_targets=["Troll Ascetic"])  # the same target is no change at all
    assert "none of them change" in v.reason and "115.7a" in v.rules
    assert scene.state.stack[-1].targets[0].refs == (scene.ids["Troll Ascetic"],)


@pytest.mark.parametrize("name", ["Deflection", "Misdirection"])
def test_single_target_doesnt_check_current_legality(scene, ruling, name) -> None:
    ruling(
        name,
        "This does not check if the current target is legal. It just checks if the spell has a single target.",
    )
    _bears(scene)
    scene.cast("Bob", "Giant Growth", "Runeclaw Bear")
    scene.do("phase", "Runeclaw Bear")
    assert scene.cast("Alice", name, "Giant Growth").kind is K.OK


@pytest.mark.parametrize("name", ["Deflection", "Shunt", "Misdirection"])
def test_deflection_targets_only_the_spell(scene, ruling, name) -> None:
    ruling(
        name,
        "This only targets the spell being changed, not the original or new target of the spell it is affecting.",
    )
    scene.put("Bob", "Troll Ascetic")
    scene.cast("Bob", "Giant Growth", "Troll Ascetic")
    assert scene.cast("Alice", name, "Giant Growth").kind is K.OK


def test_swerve_aura_spell_has_single_target(scene, ruling) -> None:
    ruling(
        "Swerve",
        'Thus, an Aura spell is a "spell with a single target", which means you may use Swerve to change that target.',
    )
    _bears(scene)
    assert scene.cast("Bob", "Pacifism", "Runeclaw Bear").kind is K.OK
    assert scene.cast("Alice", "Swerve", "Pacifism").kind is K.OK
    scene.resolve(new_targets=["Spellskite"])
    assert scene.state.stack[-1].targets[0].refs == (scene.ids["Spellskite"],)


def test_bolt_bend_on_an_ability(scene, ruling) -> None:
    ruling(
        "Bolt Bend",
        "The single target that the target spell or ability targets doesn't have to be a creature you control with power 4 or greater.",
    )
    scene.put("Bob", "Prodigal Pyromancer")
    scene.activate("Bob", "Prodigal Pyromancer", "Alice")
    assert scene.cast("Alice", "Bolt Bend", "Prodigal Pyromancer's ability").kind is K.OK
    scene.resolve(new_targets=["Bob"])
    assert scene.state.stack[-1].targets[0].refs == ("Bob",)


# ---- Meddle (115.9c) ------------------------------------------------------------------------
def test_meddle_needs_one_creature_target(scene, ruling) -> None:
    ruling("Meddle", "Only works on spells with a single target, where that target is a creature.")
    _bears(scene)
    scene.cast("Bob", "Lightning Bolt", "Runeclaw Bear")
    scene.cast("Alice", "Meddle", "Lightning Bolt")
    scene.resolve(new_targets=["Spellskite"])
    assert scene.state.stack[-1].targets[0].refs == (scene.ids["Spellskite"],)


def test_meddle_player_target_unchanged(scene, ruling) -> None:
    ruling("Meddle", "Will not work on spells that target a single creature and a player")
    _bears(scene)
    scene.cast("Bob", "Lightning Bolt", "Alice")
    scene.cast("Alice", "Meddle", "Lightning Bolt")
    v = scene.resolve(new_targets=["Spellskite"])
    assert "115.9c" in v.rules and scene.state.stack[-1].targets[0].refs == ("Alice",)


# ---- Spellskite and Mizzium Meddler (115.7b) ------------------------------------------------
def test_spellskite_takes_a_target(scene, ruling) -> None:
    ruling(
        "Spellskite",
        'If the spell or ability has multiple instances of the word "target," you choose which one target you\'re changing to Spellskite',
    )
    _bears(scene)
    scene.cast("Alice", "Arc Trail", "Bob", "Runeclaw Bear")
    scene.activate("Bob", "Spellskite", "Arc Trail")
    scene.resolve(position=1)
    refs = [r for c in scene.state.stack[-1].targets for r in c.refs]
    assert refs == ["Bob", scene.ids["Spellskite"]]


def test_spellskite_takes_the_target_the_stated_set_names(scene, ruling) -> None:
    """The targets named as they will be say which one Spellskite replaces (found by QA: the
    stated set was ignored and the first target silently changed instead)."""
    ruling(
        "Spellskite",
        'If the spell or ability has multiple instances of the word "target," you choose which one target you\'re changing to Spellskite',
    )
    _bears(scene)
    scene.cast("Alice", "Arc Trail", "Runeclaw Bear", "Llanowar Elves")
    scene.activate("Bob", "Spellskite", "Arc Trail")
    v = scene.resolve(new_targets=["Runeclaw Bear", "Spellskite"])
    assert v.kind is K.CHANGED and "115.7b" in v.rules
    refs = [r for c in scene.state.stack[-1].targets for r in c.refs]
    assert refs == [scene.ids["Runeclaw Bear"], scene.ids["Spellskite"]]


def test_spellskite_cant_change_a_target_to_anything_else(scene, ruling) -> None:
    """Its text names the new target: a stated set with another new target is illegal."""
    ruling("Spellskite", "you choose which one target you're changing to Spellskite")
    _bears(scene)
    scene.cast("Alice", "Arc Trail", "Runeclaw Bear", "Llanowar Elves")
    scene.activate("Bob", "Spellskite", "Arc Trail")
    v = scene.resolve(new_targets=["Bob", "Llanowar Elves"])
    assert v.kind is K.ILLEGAL and "115.7b" in v.rules and "to Spellskite only" in v.reason
    refs = [r for c in _on_stack(scene, "Arc Trail").targets for r in c.refs]
    assert refs == [scene.ids["Runeclaw Bear"], scene.ids["Llanowar Elves"]]
    assert scene.state.stack[-1].name != "Arc Trail"  # the ability is still to resolve


def test_spellskite_says_which_target_it_took_when_none_was_named(scene, ruling) -> None:
    ruling("Spellskite", "you choose which one target you're changing to Spellskite")
    _bears(scene)
    scene.cast("Alice", "Arc Trail", "Runeclaw Bear", "Llanowar Elves")
    scene.activate("Bob", "Spellskite", "Arc Trail")
    v = scene.resolve()
    assert v.kind is K.CHANGED
    assert "took Runeclaw Bear's place" in v.reason
    assert "choosing new targets Runeclaw Bear and Spellskite" in v.reason


def test_spellskite_can_be_activated_when_not_a_legal_target(scene, ruling) -> None:
    ruling(
        "Spellskite",
        "You can activate Spellskite's ability even if Spellskite isn't a legal target for the target spell or ability",
    )
    _bears(scene)
    scene.cast("Alice", "Lightning Bolt", "Bob")
    scene.cast("Alice", "Cancel", "Lightning Bolt")
    assert scene.activate("Bob", "Spellskite", "Cancel").kind is K.OK
    scene.resolve()
    assert scene.state.stack[-1].targets[0].refs == (scene.ids["Lightning Bolt"],)


def test_spellskite_on_untargeted_spell(scene, ruling) -> None:
    ruling(
        "Spellskite",
        "or even if that spell or ability has no targets. In this case, no targets are changed.",
    )
    _bears(scene)
    scene.cast("Alice", "Divination")
    assert scene.activate("Bob", "Spellskite", "Divination").kind is K.OK
    assert scene.resolve().kind is K.UNCHANGED


def test_spellskite_leaves_before_resolving(scene, ruling) -> None:
    ruling("Spellskite", "If Spellskite leaves the battlefield before its ability resolves")
    _bears(scene)
    scene.cast("Alice", "Lightning Bolt", "Bob")
    scene.activate("Bob", "Spellskite", "Lightning Bolt")
    scene.do("move", "Spellskite", Zone.GRAVEYARD)
    scene.resolve()
    assert scene.state.stack[-1].targets[0].refs == ("Bob",)


def test_spellskite_cant_make_other_targets_illegal(scene, ruling) -> None:
    ruling(
        "Spellskite",
        "If changing one target of a spell or ability to Spellskite would make other targets of that spell or ability illegal, that target can't be changed to Spellskite.",
    )
    _bears(scene)
    scene.cast("Alice", "Arc Trail", "Spellskite", "Runeclaw Bear")
    scene.activate("Bob", "Spellskite", "Arc Trail")
    v = scene.resolve(position=1)
    assert v.kind is K.ILLEGAL and "115.3" in v.rules
    refs = [r for c in _on_stack(scene, "Arc Trail").targets for r in c.refs]
    assert refs == [scene.ids["Spellskite"], scene.ids["Runeclaw Bear"]]


def test_spellskite_one_of_one_slot(scene, ruling) -> None:
    ruling("Spellskite", "you can only change one of the targets to Spellskite")
    _bears(scene)
    scene.cast("Alice", "Fire // Ice", ["Runeclaw Bear", "Bob"], face="Fire", division=[1, 1])
    scene.activate("Bob", "Spellskite", "Fire")
    scene.resolve()
    refs = scene.state.stack[-1].targets[0].refs
    assert len(refs) == 2 and scene.ids["Spellskite"] in refs


def test_retargeting_cant_change_number_of_targets(scene, ruling) -> None:
    ruling(
        "Spellskite",
        "If a spell or ability has a variable number of targets, you can't change the number of targets.",
    )
    _bears(scene)
    scene.cast("Alice", "Fire // Ice", ["Bob"], face="Fire")
    # The design's verdicts: a named new choice the rules forbid is illegal (601.2c).
    verdict = scene.retarget("Bob", "Fire", ["Alice", "Runeclaw Bear"])
    assert verdict.kind is K.ILLEGAL and "601.2c" in verdict.rules
    assert scene.state.stack[-1].targets[0].refs == ("Bob",)


def test_mizzium_meddler_not_a_legal_target(scene, ruling) -> None:
    ruling(
        "Mizzium Meddler",
        "Mizzium Meddler's triggered ability can target a spell or ability even if Mizzium Meddler wouldn't be a legal target for that spell or ability.",
    )
    scene.put("Bob", "Mizzium Meddler")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    scene.cast("Alice", "Cancel", "Lightning Bolt")
    assert scene.trigger("Mizzium Meddler", "Cancel").kind is K.OK
    scene.resolve()
    assert scene.state.stack[-1].targets[0].refs == (scene.ids["Lightning Bolt"],)


def test_mizzium_meddler_takes_bolt(scene, ruling) -> None:
    ruling(
        "Mizzium Meddler",
        "The target of the spell or ability won't change unless Mizzium Meddler fulfills all the targeting criteria.",
    )
    scene.put("Bob", "Mizzium Meddler")
    scene.cast("Alice", "Lightning Bolt", "Bob")
    scene.trigger("Mizzium Meddler", "Lightning Bolt")
    scene.resolve()
    assert scene.state.stack[-1].targets[0].refs == (scene.ids["Mizzium Meddler"],)


# ---- Deflecting Swat, Wild Ricochet, Twincast, Reverberate (115.7d, 707.10c) -----------------
def test_deflecting_swat_keeps_division(scene, ruling) -> None:
    ruling(
        "Deflecting Swat",
        "the division can't be changed although the targets receiving that damage still can.",
    )
    _bears(scene)
    scene.cast("Alice", "Fire // Ice", ["Runeclaw Bear", "Bob"], face="Fire", division=[1, 1])
    scene.cast("Bob", "Deflecting Swat", "Fire")
    scene.resolve(new_targets=["Alice", "Llanowar Elves"])
    chosen = scene.state.stack[-1].targets[0]
    assert chosen.refs == ("Alice", scene.ids["Llanowar Elves"]) and chosen.amounts == (1, 1)


def test_deflecting_swat_new_targets_must_be_legal(scene, ruling) -> None:
    ruling(
        "Deflecting Swat",
        "If you choose new targets for the target spell, the new targets must be legal.",
    )
    _bears(scene).put("Alice", "Troll Ascetic")
    scene.cast("Bob", "Lightning Bolt", "Alice")
    scene.cast("Alice", "Deflecting Swat", "Lightning Bolt")
    v = scene.resolve(new_targets=["Troll Ascetic"])
    assert v.kind is K.ILLEGAL and "702.11b" in v.rules
    assert _on_stack(scene, "Lightning Bolt").targets[0].refs == ("Alice",)


def test_deflecting_swat_cant_change_count(scene, ruling) -> None:
    ruling(
        "Deflecting Swat",
        "If the target spell has a variable number of targets, you can't change how many targets it has.",
    )
    _bears(scene)
    scene.cast("Alice", "Fire // Ice", ["Bob"], face="Fire")
    scene.cast("Bob", "Deflecting Swat", "Fire")
    verdict = scene.resolve(new_targets=["Alice", "Runeclaw Bear"])
    assert verdict.kind is K.ILLEGAL and "Deflecting Swat resolves" in verdict.reason
    assert scene.state.stack[-2].targets[0].refs == ("Bob",)


def test_wild_ricochet_copy_same_targets(scene, ruling) -> None:
    ruling(
        "Wild Ricochet",
        "The copy will have the same targets as the spell it's copying unless you choose new ones.",
    )
    _bears(scene)
    scene.cast("Bob", "Lightning Bolt", "Runeclaw Bear")
    scene.cast("Alice", "Wild Ricochet", "Lightning Bolt")
    scene.resolve(new_targets=["Bob"])
    copy, original = scene.state.stack[-1], scene.state.stack[-2]
    assert (
        copy.is_copy and original.targets[0].refs == ("Bob",) and copy.targets[0].refs == ("Bob",)
    )


def test_wild_ricochet_modal_copy_same_mode(scene, ruling) -> None:
    ruling("Wild Ricochet", "the copy will have the same mode. You can't choose a different one.")
    _bears(scene)
    scene.cast("Bob", "Cryptic Command", "Runeclaw Bear", modes=[1, 3])
    scene.cast("Alice", "Twincast", "Cryptic Command")
    scene.resolve()
    assert scene.state.stack[-1].modes == (1, 3)


def test_wild_ricochet_any_instant_or_sorcery(scene, ruling) -> None:
    ruling(
        "Wild Ricochet",
        "Wild Ricochet can target (and copy) any instant or sorcery spell, not just one with targets.",
    )
    scene.cast("Bob", "Divination")
    assert scene.cast("Alice", "Wild Ricochet", "Divination").kind is K.OK


def test_twincast_modal_copy(scene, ruling) -> None:
    ruling(
        "Twincast",
        'If the spell Twincast copies is modal (that is, it says "Choose one —" or the like), the copy will have the same mode.',
    )
    _bears(scene)
    scene.cast("Bob", "Cryptic Command", "Runeclaw Bear", modes=[1, 3])
    scene.cast("Alice", "Twincast", "Cryptic Command")
    scene.resolve(copy_targets=["Spellskite"])
    copy = scene.state.stack[-1]
    assert copy.modes == (1, 3) and copy.targets[0].refs == (scene.ids["Spellskite"],)


def test_reverberate_illegal_new_target_keeps_old(scene, ruling) -> None:
    ruling(
        "Reverberate",
        "If, for one of the targets, you can't choose a new legal target, then it remains unchanged (even if the current target is illegal).",
    )
    _bears(scene).put("Bob", "Troll Ascetic")
    scene.cast("Bob", "Lightning Bolt", "Runeclaw Bear")
    scene.cast("Alice", "Reverberate", "Lightning Bolt")
    # Naming the hexproof Troll Ascetic is a choice the rules forbid (707.10c): the design
    # answers "illegal" and nothing happens yet ...
    refused = scene.resolve(copy_targets=["Troll Ascetic"])
    assert refused.kind is K.ILLEGAL and "707.10c" in refused.rules
    assert scene.state.stack[-1].name == "Reverberate"
    # ... and with no legal new target named, the copy keeps the old one, as the ruling says.
    scene.resolve()
    assert scene.state.stack[-1].targets[0].refs == (scene.ids["Runeclaw Bear"],)


def test_dualcaster_mage_copies(scene, ruling) -> None:
    ruling(
        "Dualcaster Mage",
        "Dualcaster Mage's triggered ability can target (and copy) any instant or sorcery spell, not just one with targets.",
    )
    scene.put("Alice", "Dualcaster Mage")
    scene.cast("Bob", "Lightning Bolt", "Alice")
    assert scene.trigger("Dualcaster Mage", "Lightning Bolt").kind is K.OK
    scene.resolve(copy_targets=["Bob"])
    assert scene.state.stack[-1].is_copy and scene.state.stack[-1].targets[0].refs == ("Bob",)


# ---- hexproof from, protection from a player, Vines -------------------------------------------
def test_knight_of_grace_black_spell(scene, ruling) -> None:
    ruling(
        "Knight of Grace",
        '"Hexproof from black" means "This permanent can\'t be the target of black spells your opponents control or abilities of black sources your opponents control."',
    )
    scene.put("Bob", "Knight of Grace")
    v = scene.legal("Alice", "Doom Blade", "Knight of Grace")
    assert v.kind is K.ILLEGAL and "702.11d" in v.rules


def test_knight_of_grace_red_spell_ok(scene, ruling) -> None:
    ruling("Knight of Grace", '"Hexproof from [quality]" is a variant of the hexproof ability.')
    scene.put("Bob", "Knight of Grace")
    assert scene.legal("Alice", "Lightning Bolt", "Knight of Grace").kind is K.LEGAL
    assert scene.legal("Bob", "Doom Blade", "Knight of Grace").kind is K.LEGAL


def test_knight_of_grace_loses_hexproof(scene, ruling) -> None:
    ruling(
        "Knight of Grace",
        "If an effect says that a creature loses hexproof or can be targeted as though it didn't have hexproof, this applies to hexproof from black as well.",
    )
    scene.put("Bob", "Knight of Grace")
    scene.do("lose_ability", "Knight of Grace", "hexproof")
    assert scene.legal("Alice", "Doom Blade", "Knight of Grace").kind is K.LEGAL


def test_true_name_nemesis_protection_from_player(scene, ruling) -> None:
    ruling(
        "True-Name Nemesis",
        "Protection from a player means that True-Name Nemesis has protection from each object controlled by that player.",
    )
    scene.put("Alice", "True-Name Nemesis")
    scene.do("gain_ability", "True-Name Nemesis", "protection from Bob")
    v = scene.legal("Bob", "Lightning Bolt", "True-Name Nemesis")
    assert v.kind is K.ILLEGAL and "702.16k" in v.rules
    assert scene.legal("Alice", "Giant Growth", "True-Name Nemesis").kind is K.LEGAL


def test_vines_of_vastwood_is_not_hexproof(scene, ruling) -> None:
    ruling(
        "Vines of Vastwood",
        "If, for example, you target one of your opponent's creatures, your opponents won't be able to target their own creature with spells or abilities.",
    )
    scene.put("Bob", "Runeclaw Bear")
    scene.cast("Alice", "Vines of Vastwood", "Runeclaw Bear")
    scene.resolve()
    assert scene.legal("Bob", "Giant Growth", "Runeclaw Bear").kind is K.ILLEGAL
    assert scene.legal("Alice", "Giant Growth", "Runeclaw Bear").kind is K.LEGAL


def test_apostles_blessing_target_you_control(scene, ruling) -> None:
    ruling("Apostle's Blessing", "You choose the target as part of casting the spell.")
    scene.put("Alice", "Runeclaw Bear").put("Bob", "Spellskite")
    assert scene.legal("Alice", "Apostle's Blessing", "Runeclaw Bear").kind is K.LEGAL
    assert scene.legal("Alice", "Apostle's Blessing", "Spellskite").kind is K.ILLEGAL


def test_gods_willing_fizzles_no_scry(scene, ruling) -> None:
    ruling(
        "Gods Willing",
        "If the target creature is an illegal target by the time Gods Willing tries to resolve, the spell doesn't resolve. You won't scry 1.",
    )
    scene.put("Alice", "Runeclaw Bear")
    scene.cast("Alice", "Gods Willing", "Runeclaw Bear")
    scene.do("move", "Runeclaw Bear", Zone.GRAVEYARD)
    v = scene.resolve()
    assert v.kind is K.FIZZLED and not any(e.happens for e in v.effects)


# ---- Teferi's Protection: players with protection, phasing --------------------------------------
def test_teferis_protection_player(scene, ruling) -> None:
    ruling("Teferi's Protection", "3) That player can't be the target of spells or abilities.")
    scene.do("player_gains", "Alice", "protection from everything")
    assert scene.legal("Bob", "Lightning Bolt", "Alice").kind is K.ILLEGAL
    assert scene.legal("Alice", "Lightning Bolt", "Alice").kind is K.ILLEGAL


def test_teferis_protection_gained_in_response(scene, ruling) -> None:
    ruling(
        "Teferi's Protection",
        "Gaining protection from everything causes a spell or ability on the stack to have an illegal target if it targets you.",
    )
    scene.cast("Bob", "Lightning Bolt", "Alice")
    scene.do("player_gains", "Alice", "protection from everything")
    v = scene.resolve()
    assert v.kind is K.FIZZLED and "702.16j" in v.rules and scene.state.player("Alice").life == 20


def test_phased_out_cant_be_targeted(scene, ruling) -> None:
    ruling(
        "Teferi's Protection",
        "While a permanent is phased out, it's treated as though it doesn't exist. It can't be the target of spells or abilities",
    )
    scene.put("Alice", "Runeclaw Bear")
    scene.do("phase", "Runeclaw Bear")
    v = scene.legal("Bob", "Lightning Bolt", "Runeclaw Bear")
    assert v.kind is K.ILLEGAL and "702.26b" in v.rules


def test_phasing_out_in_response_fizzles(scene, ruling) -> None:
    ruling(
        "Teferi's Protection",
        "A permanent phasing out causes a spell or ability on the stack to have an illegal target if it targets that permanent.",
    )
    scene.put("Alice", "Runeclaw Bear")
    scene.cast("Bob", "Murder", "Runeclaw Bear")
    scene.do("phase", "Runeclaw Bear")
    assert scene.resolve().kind is K.FIZZLED
    assert scene.ids["Runeclaw Bear"] in scene.state.objects


# ---- modal and split spells ---------------------------------------------------------------------
def test_cryptic_command_no_draw_when_all_illegal(scene, ruling) -> None:
    ruling(
        "Cryptic Command",
        "if you choose the second and fourth modes, and the permanent is an illegal target when Cryptic Command tries to resolve, you won't draw a card.",
    )
    _bears(scene)
    scene.cast("Alice", "Cryptic Command", "Spellskite", modes=[1, 3])
    scene.do("gain_ability", "Spellskite", "shroud")
    v = scene.resolve()
    assert v.kind is K.FIZZLED and len(v.effects) == 2 and not any(e.happens for e in v.effects)


def test_cryptic_command_two_different_modes(scene, ruling) -> None:
    ruling("Cryptic Command", "You must choose two different modes.")
    v = scene.cast("Alice", "Cryptic Command", modes=[3, 3])
    assert v.kind is K.ILLEGAL and "700.2d" in v.rules


def test_cryptic_command_mode_needs_a_target(scene, ruling) -> None:
    ruling("Cryptic Command", "You choose both modes as you cast Cryptic Command.")
    v = scene.cast("Alice", "Cryptic Command", "Bob", modes=[0, 3])  # no spell on the stack
    assert v.kind is K.ILLEGAL and "700.2a" in v.rules


def test_ice_illegal_target_no_draw(scene, ruling) -> None:
    ruling(
        "Fire // Ice",
        "If the target permanent becomes an illegal target for Ice, the spell doesn't resolve. You don't draw a card.",
    )
    scene.put("Bob", "Runeclaw Bear")
    scene.cast("Alice", "Fire // Ice", "Runeclaw Bear", face="Ice")
    scene.do("gain_ability", "Runeclaw Bear", "protection from blue")
    v = scene.resolve()
    assert v.kind is K.FIZZLED


def test_fire_one_illegal_target_gets_one(scene, ruling) -> None:
    ruling(
        "Fire // Ice",
        "If Fire targets two creatures and one becomes an illegal target, the remaining target is dealt 1 damage, not 2.",
    )
    _bears(scene)
    scene.cast(
        "Bob", "Fire // Ice", ["Runeclaw Bear", "Llanowar Elves"], face="Fire", division=[1, 1]
    )
    scene.do("move", "Llanowar Elves", Zone.HAND)
    v = scene.resolve()
    assert v.kind is K.PARTIAL and "1 damage to Runeclaw Bear" in v.effects[0].text


def test_fire_division_at_least_one_each(scene, ruling) -> None:
    ruling("Fire // Ice", "Each target must be assigned at least 1 damage.")
    _bears(scene)
    v = scene.cast(
        "Bob", "Fire // Ice", ["Runeclaw Bear", "Llanowar Elves"], face="Fire", division=[2, 0]
    )
    assert v.kind is K.ILLEGAL and "601.2d" in v.rules


def test_split_card_choose_one_half(scene, ruling) -> None:
    ruling("Fire // Ice", "To cast a split card, you choose one half to cast.")
    with pytest.raises(EngineError):
        scene.cast("Alice", "Fire // Ice", ["Bob"])


def test_electrolyze_one_illegal_still_draws(scene, ruling) -> None:
    ruling(
        "Electrolyze",
        "If Electrolyze targets two creatures and one becomes an illegal target, the remaining target is dealt 1 damage, not 2. You'll still draw a card.",
    )
    _bears(scene)
    scene.cast("Bob", "Electrolyze", ["Runeclaw Bear", "Llanowar Elves"], division=[1, 1])
    scene.do("gain_ability", "Llanowar Elves", "hexproof")
    v = scene.resolve()
    assert v.kind is K.PARTIAL
    assert [e.happens for e in v.effects] == [True, True]


def test_electrolyze_all_illegal(scene, ruling) -> None:
    ruling(
        "Electrolyze",
        "If all chosen targets are illegal as Electrolyze tries to resolve, it won't resolve and none of its effects will happen.",
    )
    _bears(scene)
    scene.cast("Bob", "Electrolyze", ["Runeclaw Bear"])
    scene.do("move", "Runeclaw Bear", Zone.EXILE)
    v = scene.resolve()
    assert v.kind is K.FIZZLED and not any(e.happens for e in v.effects)


def test_fireball_zero_targets(scene, ruling) -> None:
    ruling(
        "Fireball", "You may cast Fireball with zero targets, regardless of the value chosen for X."
    )
    v = scene.cast("Alice", "Fireball", [], x=5)
    assert v.kind is K.OK


def test_fireball_needs_x(scene, ruling) -> None:
    ruling("Fireball", "For example, if X is 5 and you choose three target creatures")
    _bears(scene)
    # X left out of the statement is asked for (an error with the form that says it), not an
    # illegal cast (QA 19 U6).
    with pytest.raises(EngineError, match=r"say the value of X.*601\.2b"):
        scene.cast("Alice", "Fireball", ["Runeclaw Bear"])
    assert (
        scene.cast("Alice", "Fireball", ["Runeclaw Bear", "Llanowar Elves", "Spellskite"], x=5).kind
        is K.OK
    )


def test_fireball_divides_among_the_targets_still_legal(scene, ruling) -> None:
    ruling(
        "Fireball",
        "The division involves only targets that are still legal as Fireball resolves.",
    )
    _bears(scene)
    scene.cast("Alice", "Fireball", ["Runeclaw Bear", "Bob"], x=4)
    scene.do("move", "Runeclaw Bear", Zone.EXILE)
    v = scene.resolve()
    assert v.kind is K.PARTIAL
    # Its cost-increase paragraph is a static ability (CR 601.2f), not a part that "happens".
    assert [(e.text, e.happens) for e in v.effects] == [("4 damage to Bob", True)]


def test_blessed_alliance_same_player_two_modes(scene, ruling) -> None:
    ruling(
        "Blessed Alliance", "The same is true if the chosen modes target a player (or opponent)."
    )
    v = scene.cast("Alice", "Blessed Alliance", "Bob", "Bob", modes=[0, 2])
    assert v.kind is K.OK


def test_blessed_alliance_one_illegal_others_affected(scene, ruling) -> None:
    ruling(
        "Blessed Alliance",
        "If one target of an escalate spell becomes illegal, the other targets will still be affected.",
    )
    scene.cast("Alice", "Blessed Alliance", "Alice", "Bob", modes=[0, 2])
    scene.do("player_gains", "Bob", "hexproof")
    v = scene.resolve()
    assert v.kind is K.PARTIAL and scene.state.player("Alice").life == 24


# ---- triggers -----------------------------------------------------------------------------------
def test_iron_bully_targets_itself(scene, ruling) -> None:
    ruling("Iron Bully", "Iron Bully can be the target of its own ability.")
    scene.put("Alice", "Iron Bully")
    assert scene.trigger("Iron Bully", "Iron Bully").kind is K.OK


def test_arcbound_ravager_modular(scene, ruling) -> None:
    ruling(
        "Arcbound Ravager",
        "modular will put a number of +1/+1 counters on the target artifact creature",
    )
    scene.put("Alice", "Arcbound Ravager").put("Alice", "Vault Skirge").put(
        "Alice", "Runeclaw Bear"
    )
    scene.do("move", "Arcbound Ravager", Zone.GRAVEYARD, event="died")
    v = scene.engine.trigger(
        scene.state, scene.ids["Arcbound Ravager"], targets=[scene.ids["Runeclaw Bear"]]
    )[1]
    assert v.kind is K.ILLEGAL
    assert scene.trigger("Arcbound Ravager", "Vault Skirge").kind is K.OK


def test_persist_returns_as_new_object(scene, ruling) -> None:
    ruling(
        "Glen Elendra Archmage",
        "When a permanent with persist returns to the battlefield, it's a new object with no memory of or connection to its previous existence.",
    )
    scene.put("Bob", "Glen Elendra Archmage")
    scene.cast("Alice", "Lightning Bolt", "Glen Elendra Archmage")
    scene.do("move", "Glen Elendra Archmage", Zone.GRAVEYARD, event="died")
    scene.do("return_to_battlefield", "Glen Elendra Archmage")
    assert scene.resolve().kind is K.FIZZLED


def test_pongify_no_ape(scene, ruling) -> None:
    ruling(
        "Pongify",
        "If the target creature is an illegal target by the time Pongify tries to resolve, the spell won't resolve. No player creates an Ape token.",
    )
    scene.put("Bob", "Runeclaw Bear")
    scene.cast("Alice", "Pongify", "Runeclaw Bear")
    scene.do("gain_ability", "Runeclaw Bear", "protection from blue")
    v = scene.resolve()
    assert v.kind is K.FIZZLED and not any(e.happens for e in v.effects)


def test_electrickery_single_target_you_dont_control(scene, ruling) -> None:
    ruling(
        "Electrickery",
        "If you don't pay the overload cost of a spell, that spell will have a single target.",
    )
    scene.put("Alice", "Runeclaw Bear").put("Bob", "Llanowar Elves")
    assert scene.legal("Alice", "Electrickery", "Llanowar Elves").kind is K.LEGAL
    assert scene.legal("Alice", "Electrickery", "Runeclaw Bear").kind is K.ILLEGAL


def test_return_to_dust_second_target_optional(scene, ruling) -> None:
    ruling("Return to Dust", "Return to Dust can always target a second artifact or enchantment")
    scene.put("Bob", "Sol Ring").put("Bob", "Pacifism")
    assert scene.cast("Alice", "Return to Dust", "Sol Ring", "Pacifism").kind is K.OK


def test_return_to_dust_one_target(scene, ruling) -> None:
    ruling("Return to Dust", "it just won't exile it if it's not your main phase")
    scene.put("Bob", "Sol Ring")
    assert scene.cast("Alice", "Return to Dust", "Sol Ring", []).kind is K.OK


def test_kira_targets_are_still_legal(scene, ruling) -> None:
    ruling(
        "Frost Titan",
        "You may target any permanent with Frost Titan's second ability. It's okay if that permanent is already tapped.",
    )
    scene.put("Alice", "Frost Titan").put("Bob", "Runeclaw Bear")
    scene.do("set_status", "Runeclaw Bear", tapped=True)
    assert scene.trigger("Frost Titan", "Runeclaw Bear", ability=1).kind is K.OK
