"""Answers QA report 58 found wrong, checked against the real cards and Core Rules v1.3:
a gear's "This enters exhausted." (002 over 359.2.d), triggers on discards, other units'
deaths, moves, buffs and the start of the Beginning Phase (383.3), "reacts with" and
"discards" statements, and "on X" finding game objects first."""

from __future__ import annotations

from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def test_gear_that_says_it_enters_exhausted_does(rb: RiftboundScenarioExecutor) -> None:
    # Iron Ballista, Honeyfruit, Scryer's Bloom: "This enters exhausted." (002 over 359.2.d).
    for gear in ("Iron Ballista", "Honeyfruit", "Scryer's Bloom"):
        result = run(rb, f"Alice plays {gear}.\nIs {gear} exhausted?\n")
        assert "enters exhausted" in _said(result, 0)
        assert verdicts(result) == ["legal", "yes"]


def test_exhausted_ballista_cannot_pay_its_exhaust_cost(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Bob controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Iron Ballista.\n"
        "Alice activates Iron Ballista targeting Stalwart Poro.\n",
    )
    assert verdicts(result)[-1] == "illegal"


def test_other_gear_still_enters_ready(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, "Alice plays Serrated Dirk.\nIs Serrated Dirk exhausted?\n")
    assert verdicts(result) == ["legal", "no"]


def test_battle_mistress_readies_when_an_enemy_unit_dies(rb: RiftboundScenarioExecutor) -> None:
    # Battle Mistress (legend): "When one or more enemy units die, ready me." (383.3)
    result = run(
        rb,
        "Alice controls Battle Mistress. Battle Mistress is exhausted.\n"
        "Alice controls Garen, Rugged at Targon's Peak. Bob controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Challenge targeting Garen, Rugged and Stalwart Poro.\n"
        "Challenge resolves.\n"
        "The top of the chain resolves.\n"
        "Is Battle Mistress exhausted?\n",
    )
    assert "When one or more enemy units die" in _said(result, -3)
    assert verdicts(result)[-1] == "no"


def test_a_friendly_death_is_seen_once_for_each_unit_but_not_an_enemy_one(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Spectral Centaur: "When another friendly unit dies, give me +2 [M] this turn."
    result = run(
        rb,
        "Alice controls Spectral Centaur and Stalwart Poro at her base.\n"
        "Bob controls Mystic Poro at his base.\n"
        "Bob plays Vengeance targeting Mystic Poro.\n"
        "Vengeance resolves.\n"
        "Bob plays Vengeance targeting Stalwart Poro.\n"
        "Vengeance resolves.\n",
    )
    assert "Spectral Centaur" not in _said(result, 3)
    assert "Spectral Centaur's triggered ability" in _said(result, 5)


def test_altar_of_memories_is_the_players_choice(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Altar of Memories and Stalwart Poro at her base.\n"
        "Bob plays Vengeance targeting Stalwart Poro.\n"
        "Vengeance resolves.\n",
    )
    assert "Alice chooses whether to put it on the chain" in _said(result)


def test_jinx_rebel_readies_and_grows_when_alice_discards(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Jinx, Rebel at her base.\nJinx, Rebel is exhausted.\n"
        "Alice's hand has Stupefy and Gust.\nAlice controls Targon's Peak.\n"
        "Alice plays Jinx, Demolitionist to Targon's Peak.\n"
        "The top of the chain resolves.\nThe top of the chain resolves.\n"
        "What is the might of Jinx, Rebel?\nIs Jinx, Rebel exhausted?\n",
    )
    assert "Jinx, Rebel's triggered ability" in _said(result, 5)
    assert "6 Might" in _said(result, 7)
    assert verdicts(result)[-1] == "no"


def test_move_triggers_of_the_unit_its_equipment_and_an_opponent(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Stalwart Poro at her base.\n"
        "Alice controls Eye of the Herald attached to Stalwart Poro.\n"
        "Bob controls Volibear, Imposing at Grove of the God-Willow.\n"
        "Alice moves Stalwart Poro to Targon's Peak.\n"
        "The top of the chain resolves.\n"
        "The top of the chain resolves.\n"
        "Where is Recruit?\n",
    )
    moved = _said(result, 3)
    assert "When I move, play a 1 [M] Recruit" in moved
    assert "Volibear, Imposing's triggered ability" in moved
    assert "Targon's Peak" in _said(result)


def test_volibear_doesnt_see_its_own_controller_or_a_move_to_its_battlefield(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Bob controls Volibear, Imposing at Targon's Peak.\n"
        "Bob controls Stalwart Poro at his base.\n"
        "Alice controls Mystic Poro at her base.\n"
        "Bob moves Stalwart Poro to Bandle Tree.\n"
        "Alice moves Mystic Poro to Targon's Peak.\n",
    )
    assert "triggered ability" not in _said(result, 3)
    assert "triggered ability" not in _said(result, 4)


def test_noxian_drummer_triggers_only_moving_to_a_battlefield(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Noxian Drummer: "When I move to a battlefield, play a 1 [M] Recruit unit token here."
    result = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Noxian Drummer at Targon's Peak.\n"
        "Alice moves Noxian Drummer to her base.\n",
    )
    assert "triggered ability" not in _said(result)


def test_simian_ancestor_readies_when_buffed(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Blind Monk. Alice controls Simian Ancestor at her base.\n"
        "Simian Ancestor is exhausted.\n"
        "Alice activates Blind Monk targeting Simian Ancestor.\n"
        "The top of the chain resolves.\nThe top of the chain resolves.\n"
        "Is Simian Ancestor exhausted?\n",
    )
    assert "When you buff me, ready me." in _said(result, 4)
    assert verdicts(result)[-1] == "no"


def test_loose_cannon_checks_the_stated_hand(rb: RiftboundScenarioExecutor) -> None:
    one = run(
        rb, "Alice controls Loose Cannon. Alice's hand has Stupefy.\nIt is Alice's next turn.\n"
    )
    assert "on the chain now" in _said(one)
    two = run(
        rb,
        "Alice controls Loose Cannon. Alice's hand has Stupefy and Gust.\nIt is Alice's next turn.\n",
    )
    assert "does nothing this turn" in _said(two)
    assert "on the chain now" not in _said(two)
    unknown = run(rb, "Alice controls Loose Cannon.\nIt is Alice's next turn.\n")
    assert "isn't stated" in _said(unknown)


def test_a_beginning_phase_trigger_is_only_its_controllers(rb: RiftboundScenarioExecutor) -> None:
    # Dr. Mundo, Expert: "At the start of your Beginning Phase, recycle 3 from your trash."
    result = run(rb, "Bob controls Dr. Mundo, Expert at his base.\nIt is Alice's next turn.\n")
    assert "Dr. Mundo" not in " ".join(result.steps[-1].notes)
    result = run(rb, "Bob controls Dr. Mundo, Expert at his base.\nIt is Bob's next turn.\n")
    assert "Dr. Mundo, Expert's triggered ability" in _said(result)


def test_reacts_with_is_read_as_plays(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Jinx, Demolitionist at Targon's Peak.\n"
        "Bob reacts with Stupefy targeting Jinx, Demolitionist.\n",
    )
    assert verdicts(result)[-1] == "legal"
    assert "Bob plays Stupefy" in _said(result)


def test_on_a_first_name_finds_the_unit_in_the_game(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Jinx, Demolitionist at her base.\n"
        "Bob controls Stalwart Poro at Targon's Peak.\n"
        "Bob plays Stupefy on Jinx.\nCan Bob play Stupefy on Poro?\n",
    )
    assert verdicts(result)[-2:] == ["legal", "yes"]
    assert "Jinx, Demolitionist" in _said(result, -2)
    assert "Stalwart Poro" in _said(result)


def test_discarding_a_card_from_the_stated_hand(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Jinx, Rebel at her base. Jinx, Rebel is exhausted.\n"
        "Alice's hand has Stupefy.\nAlice discards Stupefy.\n"
        "The top of the chain resolves.\nIs Jinx, Rebel exhausted?\nWhere is Stupefy?\n",
    )
    assert "Jinx, Rebel's triggered ability" in _said(result, 3)
    assert verdicts(result)[-2] == "no"
    assert "trash" in _said(result)


def test_discarding_a_card_not_in_hand_says_how_to_state_it(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(rb, "Alice discards Gust.\n")
    assert verdicts(result) == ["error"]
    assert "Alice's hand has Gust." in _said(result)


def test_volibear_sees_an_opponents_spell_move_a_unit(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Volibear, Imposing at Targon's Peak.\n"
        "Bob controls Mystic Poro at his base. Bob controls Bandle Tree.\n"
        "Bob plays Ride the Wind targeting Mystic Poro, moving it to Bandle Tree.\n"
        "The top of the chain resolves.\n",
    )
    assert "Volibear, Imposing's triggered ability" in _said(result)
    assert "controlled by Alice" in _said(result)


def test_each_players_beginning_phase_trigger_is_the_turn_players_moment(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Frozen Fortress: "At the start of each player's Beginning Phase, deal 1 to each unit here."
    result = run(
        rb,
        "Bob controls Frozen Fortress. Bob controls Stalwart Poro at Frozen Fortress.\n"
        "It is Alice's next turn.\n",
    )
    said = _said(result)
    assert "Frozen Fortress's triggered ability" in said
    assert "as Alice's Beginning Phase starts" in said


def test_flame_chompers_sees_its_own_discard_from_the_trash(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Flame Chompers: "When you discard me, you may pay [Fury] to play me." (383.3.a)
    result = run(rb, "Alice's hand has Flame Chompers and Gust.\nAlice discards Gust.\n")
    assert "Flame Chompers" not in " ".join(result.steps[-1].notes)
    result = run(rb, "Alice's hand has Flame Chompers.\nAlice discards Flame Chompers.\n")
    said = _said(result)
    assert "Flame Chompers's triggered ability" in said
    assert "Alice chooses whether to put it on the chain" in said


def test_vanguard_helm_sees_only_a_buffed_friendly_unit_die(rb: RiftboundScenarioExecutor) -> None:
    # Vanguard Helm: "When a buffed friendly unit dies, buff another friendly unit."
    result = run(
        rb,
        "Alice controls Vanguard Helm, Stalwart Poro, Mystic Poro and Recruit at her base.\n"
        "Stalwart Poro is buffed.\n"
        "Bob plays Vengeance targeting Mystic Poro.\nVengeance resolves.\n"
        "Bob plays Vengeance targeting Stalwart Poro.\nVengeance resolves.\n",
    )
    assert "Vanguard Helm" not in _said(result, 4)
    assert "Vanguard Helm's triggered ability" in _said(result)
