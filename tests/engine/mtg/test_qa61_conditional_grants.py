"""QA 61: hexproof, shroud and protection a permanent has only "as long as" a condition holds,
often behind an ability word (Metalcraft —, Threshold —): checked on the board, or said
unchecked, never a silent "legal" (CR 604.2, 611.3a, 207.2c).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

from bot.engine.model import Zone
from tests.engine.mtg.scene import Scene


def test_etched_champion_metalcraft_protection_counts_artifacts(scene: Scene, cr) -> None:
    cr("can’t be targeted by spells with the stated quality")
    scene.put("Bob", "Etched Champion").put("Bob", "Memnite")
    assert scene.legal("Alice", "Lightning Bolt", "Etched Champion").kind.value == "legal"
    scene.put("Bob", "Ornithopter")  # three artifacts now: metalcraft (CR 207.2c)
    verdict = scene.legal("Alice", "Lightning Bolt", "Etched Champion")
    assert verdict.kind.value == "illegal"
    assert "702.16b" in verdict.rules
    # Colourless sources still may (702.16b names the quality).
    assert scene.legal("Alice", "Icy Manipulator", "Etched Champion").kind.value != "illegal"


def test_indomitable_archangel_shroud_stops_its_controller_too(scene: Scene, cr) -> None:
    cr("“Shroud” means “This permanent or player can’t be the target of spells or abilities.”")
    scene.put("Bob", "Indomitable Archangel").put("Bob", "Ornithopter").put("Bob", "Memnite")
    assert scene.legal("Bob", "Giant Growth", "Memnite").kind.value == "legal"
    scene.put("Bob", "Tormod's Crypt")
    assert "shroud" in scene.state.keywords_of(scene.ids["Memnite"])
    assert scene.legal("Bob", "Giant Growth", "Memnite").kind.value == "illegal"
    assert "shroud" not in scene.state.keywords_of(scene.ids["Indomitable Archangel"])


def test_threshold_counts_the_stated_graveyard(scene: Scene) -> None:
    scene.put("Bob", "Mystic Familiar")
    for card in ("Forest", "Swamp", "Island", "Plains", "Counterspell", "Shock"):
        scene.in_zone("Bob", card, Zone.GRAVEYARD)
    # Six cards stated: no threshold, so Doom Blade may target it.
    assert scene.legal("Alice", "Doom Blade", "Mystic Familiar").kind.value == "legal"
    scene.in_zone("Bob", "Serra Angel", Zone.GRAVEYARD)
    verdict = scene.legal("Alice", "Doom Blade", "Mystic Familiar")
    assert verdict.kind.value == "illegal"
    assert "702.16b" in verdict.rules


def test_threshold_with_no_graveyard_stated_is_said_not_assumed(scene: Scene) -> None:
    scene.put("Bob", "Masked Gorgon")
    verdict = scene.legal("Alice", "Giant Growth", "Masked Gorgon")
    assert verdict.kind.value == "legal"
    said = str(verdict.to_dict())
    assert "seven or more cards in Bob's graveyard" in said
    assert "protection from green" in said


def test_vintara_snapper_shroud_needs_no_untapped_lands(scene: Scene) -> None:
    scene.put("Bob", "Vintara Snapper")
    assert scene.legal("Alice", "Lightning Bolt", "Vintara Snapper").kind.value == "illegal"
    scene.put("Bob", "Forest")
    assert scene.legal("Alice", "Lightning Bolt", "Vintara Snapper").kind.value == "legal"
    scene.do("set_status", "Forest", tapped=True)
    assert scene.legal("Alice", "Lightning Bolt", "Vintara Snapper").kind.value == "illegal"


def test_stoic_sphinx_hexproof_until_a_spell_is_cast(scene: Scene, cr) -> None:
    cr("“Hexproof” on a permanent means “This permanent can’t be the target of spells")
    scene.put("Bob", "Stoic Sphinx").put("Alice", "Grizzly Bears").put("Bob", "Memnite")
    assert scene.legal("Alice", "Lightning Bolt", "Stoic Sphinx").kind.value == "illegal"
    # Alice's instant isn't Bob's spell: still hexproof.
    scene.cast("Alice", "Shock", "Grizzly Bears")
    assert scene.legal("Alice", "Lightning Bolt", "Stoic Sphinx").kind.value == "illegal"
    # A creature spell the bot doesn't keep the caster of: it says so.
    assert scene.cast("Bob", "Ambush Viper").kind.value != "illegal"  # flash
    verdict = scene.legal("Alice", "Lightning Bolt", "Stoic Sphinx")
    assert verdict.kind.value == "legal"
    assert "Bob hasn't cast a spell this turn" in str(verdict.to_dict())
    # Bob's own instant: the condition fails, no hexproof and no note.
    scene.cast("Bob", "Giant Growth", "Memnite")
    verdict = scene.legal("Alice", "Lightning Bolt", "Stoic Sphinx")
    assert verdict.kind.value == "legal"
    assert "hexproof" not in str(verdict.to_dict())


def test_the_target_list_counts_a_defined_power_like_the_yes_no_check(scene: Scene, cr) -> None:
    cr("Some static abilities are characteristic-defining abilities.")
    # No static in play: Tarmogoyf's */1+* is still counted for the list (QA 61 W3).
    scene.put("Bob", "Tarmogoyf").in_zone("Bob", "Grizzly Bears", Zone.GRAVEYARD)
    assert scene.legal("Alice", "Reave Soul", "Tarmogoyf").kind.value == "legal"
    assert scene.options("Alice", "Reave Soul") == {"Tarmogoyf"}
    scene.in_zone("Bob", "Lightning Bolt", Zone.GRAVEYARD)
    scene.in_zone("Bob", "Forest", Zone.GRAVEYARD)
    scene.in_zone("Bob", "Tormod's Crypt", Zone.GRAVEYARD)  # four types: a 4/5
    assert scene.options("Alice", "Smite the Monstrous") == {"Tarmogoyf"}
    assert scene.options("Alice", "Reave Soul") == set()


def test_lay_down_arms_counts_its_casters_plains(scene: Scene, cr) -> None:
    cr("announces their choice of an appropriate object or player for each target")
    scene.put("Alice", "Grizzly Bears").put("Bob", "Baneslayer Angel").put("Bob", "Memnite")
    verdict = scene.legal("Alice", "Lay Down Arms", "Baneslayer Angel")
    assert verdict.kind.value == "illegal"
    assert "the number of plains Alice controls is 0" in verdict.reason
    assert scene.options("Alice", "Lay Down Arms") == {"Memnite"}
    for _ in range(5):
        scene.put("Alice", "Plains", alias=f"Plains {_}")
    assert scene.legal("Alice", "Lay Down Arms", "Baneslayer Angel").kind.value == "legal"
    # Bob's Plains are his, not Alice's: "you" is the spell's controller.
    assert scene.options("Bob", "Lay Down Arms") == {"Memnite"}


def test_the_target_list_says_an_unsettled_protection(scene: Scene) -> None:
    scene.put("Bob", "Mystic Familiar").put("Bob", "Grizzly Bears")
    verdict = scene.engine.legal_targets(scene.state, "Alice", scene.card("Doom Blade"))
    assert {o.label for o in verdict.slots[0].options} == {"Mystic Familiar", "Grizzly Bears"}
    assert any("seven or more cards in Bob's graveyard" in note for note in verdict.notes)


def test_card_types_in_your_graveyard_count_only_yours() -> None:
    # Delirium's "card types among cards in your graveyard": the controller's graveyard, not
    # every graveyard as Tarmogoyf's "in all graveyards" (found while reusing counts, QA 61).
    from bot.engine.mtg.counts import read_count

    yours = read_count("the number of card types among cards in your graveyard")
    every = read_count("the number of card types among cards in all graveyards")
    assert yours is not None and yours.whose == "you"
    assert every is not None and every.whose == "all"


def test_metalcraft_counts_the_artifacts_on_the_board(scene: Scene) -> None:
    # "you control three or more artifacts" with two: no protection (Etched Champion).
    scene.put("Bob", "Etched Champion").put("Bob", "Memnite")
    assert "protection from each color" not in scene.state.keywords_of(scene.ids["Etched Champion"])
    scene.put("Bob", "Ornithopter")
    assert "protection from each color" in scene.state.keywords_of(scene.ids["Etched Champion"])
