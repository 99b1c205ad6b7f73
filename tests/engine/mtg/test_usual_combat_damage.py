"""“Combat damage is dealt.”: the damage the rules assign where no player chooses (CR 510.1),
and where a player chooses, a question instead of a silent choice (QA 56 U3).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

import pytest

from bot.engine.errors import EngineError
from bot.engine.frozen import evolve
from bot.engine.mtg.combat_damage import toughness_assigner
from bot.engine.mtg.usual_combat_damage import Assignment, usual_combat_damage
from tests.engine.mtg.scene import Scene


def _fight(scene: Scene, attackers: dict[str, str], blocks: dict[str, list[str]]) -> None:
    for name, controller in attackers.items():
        scene.put(controller, name)
    for blockers in blocks.values():
        for blocker in blockers:
            scene.put("Bob", blocker)
    for name in attackers:
        scene.state, _ = scene.engine.attack(scene.state, scene.ids[name], "Bob", declared=True)
    for attacker, blockers in blocks.items():
        for blocker in blockers:
            scene.state, _ = scene.engine.block(
                scene.state, [scene.ids[blocker]], [scene.ids[attacker]], declared=True
            )


def test_unblocked_to_the_player_and_a_blocked_pair_trade(scene: Scene, cr) -> None:
    cr("An unblocked creature assigns its combat damage to the player, planeswalker, or battle")
    cr("If exactly one creature is blocking it, it assigns all its combat damage to that")
    _fight(
        scene,
        {"Grizzly Bears": "Alice", "Hill Giant": "Alice"},
        {"Grizzly Bears": ["Runeclaw Bear"]},
    )
    usual = usual_combat_damage(scene.state)
    bears, giant, bear = (scene.ids[n] for n in ("Grizzly Bears", "Hill Giant", "Runeclaw Bear"))
    assert set(usual.assignments) == {
        Assignment(bears, bear, 2),
        Assignment(giant, "Bob", 3),
        Assignment(bear, bears, 2),
    }
    assert not usual.first_strike and not usual.notes


def test_first_strike_makes_a_first_step_of_its_own(scene: Scene, cr) -> None:
    cr("the only creatures that assign combat damage in that step are those with first strike")
    _fight(scene, {"White Knight": "Alice"}, {"White Knight": ["Hill Giant"]})
    usual = usual_combat_damage(scene.state)
    knight, giant = scene.ids["White Knight"], scene.ids["Hill Giant"]
    assert usual.first_strike and usual.assignments == (Assignment(knight, giant, 2),)
    scene.state = evolve(scene.state, struck_first=frozenset({knight}))  # its step was dealt
    second = usual_combat_damage(scene.state)
    assert not second.first_strike and second.assignments == (Assignment(giant, knight, 3),)


def test_a_trampler_assigns_lethal_first_and_says_the_excess_is_a_choice(scene: Scene, cr) -> None:
    cr("any excess damage is assigned as its controller chooses among those blocking creatures")
    _fight(scene, {"Colossal Dreadmaw": "Alice"}, {"Colossal Dreadmaw": ["Grizzly Bears"]})
    usual = usual_combat_damage(scene.state)
    dreadmaw, bears = scene.ids["Colossal Dreadmaw"], scene.ids["Grizzly Bears"]
    assert Assignment(dreadmaw, bears, 2) in usual.assignments
    assert Assignment(dreadmaw, "Bob", 4) in usual.assignments
    assert len(usual.notes) == 1 and "702.19b" in usual.notes[0]


def test_a_double_block_asks_for_the_division(scene: Scene, cr) -> None:
    cr("divided as its controller chooses among them")
    _fight(scene, {"Hill Giant": "Alice"}, {"Hill Giant": ["Grizzly Bears", "Llanowar Elves"]})
    with pytest.raises(EngineError, match=r"510\.1c"):
        usual_combat_damage(scene.state)


def test_no_attacker_is_said_plainly(scene: Scene) -> None:
    scene.put("Alice", "Grizzly Bears")
    with pytest.raises(EngineError, match="No creature is attacking"):
        usual_combat_damage(scene.state)


def test_a_trampler_blocked_by_two_is_asked_with_its_excess_to_the_player(scene: Scene, cr) -> None:
    cr("Once all those blocking creatures are assigned lethal damage, any excess damage")
    _fight(
        scene,
        {"Colossal Dreadmaw": "Alice"},
        {"Colossal Dreadmaw": ["Grizzly Bears", "Llanowar Elves"]},
    )
    with pytest.raises(EngineError, match=r"702\.19b") as asked:
        usual_combat_damage(scene.state)
    assert asked.value.hint == (
        "Colossal Dreadmaw assigns 2 damage to Grizzly Bears, 1 damage to Llanowar Elves and "
        "3 damage to Bob."
    )


def test_doran_makes_every_creature_assign_its_toughness(scene: Scene, cr, card) -> None:
    cr("Each attacking creature and each blocking creature assigns combat damage equal to its")
    assert "Each creature assigns combat damage equal to its toughness rather than its power." in (
        card("Doran, the Siege Tower").oracle_text
    )
    scene.put("Alice", "Doran, the Siege Tower")
    _fight(scene, {"Horned Turtle": "Alice"}, {"Horned Turtle": ["Wall of Omens"]})
    usual = usual_combat_damage(scene.state)
    turtle, wall = scene.ids["Horned Turtle"], scene.ids["Wall of Omens"]
    assert set(usual.assignments) == {Assignment(turtle, wall, 4), Assignment(wall, turtle, 4)}
    assert usual.rules == ("510.1a",) and "Doran, the Siege Tower" in usual.notes[0]


def test_brontodon_changes_only_its_controllers_creatures(scene: Scene, card) -> None:
    assert "Each creature you control assigns combat damage" in (
        card("Belligerent Brontodon").oracle_text
    )
    scene.put("Alice", "Belligerent Brontodon")
    _fight(scene, {"Horned Turtle": "Alice"}, {"Horned Turtle": ["Wall of Omens"]})
    usual = usual_combat_damage(scene.state)
    turtle, wall = scene.ids["Horned Turtle"], scene.ids["Wall of Omens"]
    assert usual.assignments == (Assignment(turtle, wall, 4),)  # the Wall, Bob's, assigns 0


def test_lumberknot_needs_toughness_greater_than_power(scene: Scene, card) -> None:
    assert "with toughness greater than its power assigns" in card("Ancient Lumberknot").oracle_text
    scene.put("Alice", "Ancient Lumberknot")
    _fight(scene, {"Horned Turtle": "Alice", "Hill Giant": "Alice"}, {})
    usual = usual_combat_damage(scene.state)
    turtle, giant = scene.ids["Horned Turtle"], scene.ids["Hill Giant"]
    assert set(usual.assignments) == {Assignment(turtle, "Bob", 4), Assignment(giant, "Bob", 3)}
    assert toughness_assigner(scene.state, scene.state.obj(giant)) is None  # 3/3: not greater
