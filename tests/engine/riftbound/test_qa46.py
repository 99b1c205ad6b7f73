"""Answers QA report 46 found wrong, checked against the real cards and Core Rules v1.3:
"give me +N [M] this turn" from a triggered or activated ability ends with the turn (317.2.c)."""

from __future__ import annotations

from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def test_an_activated_give_me_might_this_turn_ends_at_a_later_turn(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Vi, Destructive: "Recycle 1 from your trash: Give me +1 [M] this turn." (317.2.c)
    result = run(
        rb,
        "Alice controls Vi, Destructive at Targon's Peak.\n"
        "Alice activates Vi, Destructive.\n"
        "Resolve the chain.\n"
        "What is Vi, Destructive's Might?\n"
        "It is a later turn.\n"
        "What is Vi, Destructive's Might?\n",
    )
    assert verdicts(result)[1:] == ["legal", "resolved", "ok", "ok", "ok"]
    assert "4 Might" in _said(result, 3)
    assert "back to 3 Might" in _said(result, 4)
    assert "3 Might" in _said(result, 5)


def test_a_triggered_give_me_might_this_turn_ends_at_a_later_turn(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Darius, Trifarian: "... give me +2 [M] this turn and ready me." (317.2.c)
    result = run(
        rb,
        "Alice controls Darius, Trifarian at Targon's Peak.\n"
        "Alice controls Blazing Scorcher at her base.\n"
        "Bob controls Kinkou Monk at Targon's Peak.\n"
        "Darius, Trifarian is exhausted.\n"
        "Alice plays Charm targeting Kinkou Monk, moving it to Bob's base.\n"
        "Charm resolves.\n"
        "Alice plays Ride the Wind targeting Blazing Scorcher, moving it to Targon's Peak.\n"
        "Resolve the chain.\n"
        "What is Darius, Trifarian's Might?\n"
        "It is a later turn.\n"
        "What is Darius, Trifarian's Might?\n",
    )
    assert "7 Might" in _said(result, 8)
    assert "5 Might" in _said(result, 10)
    assert "7 Might" not in _said(result, 10)


def test_ride_the_wind_moves_and_readies_the_unit(rb: RiftboundScenarioExecutor) -> None:
    # Ride the Wind: "Move a friendly unit and ready it."
    result = run(
        rb,
        "Alice controls Blazing Scorcher at Vilemaw's Lair.\n"
        "Blazing Scorcher is exhausted.\n"
        "Alice plays Ride the Wind targeting Blazing Scorcher, moving it to Targon's Peak.\n"
        "Ride the Wind resolves.\n"
        "Is Blazing Scorcher exhausted?\n",
    )
    assert verdicts(result)[2:] == ["legal", "resolved", "no"]
    assert "moved to Targon's Peak and readied" in _said(result, 3)


def test_a_standard_move_goes_only_to_the_units_own_base(rb: RiftboundScenarioExecutor) -> None:
    # 144.4.b "Units may move from a Battlefield to their Base."; 107.1.c.
    result = run(
        rb,
        "Alice controls Blazing Scorcher at Targon's Peak.\n"
        "Can Alice move Blazing Scorcher to Bob's base?\n"
        "Alice moves Blazing Scorcher to Bob's base.\n"
        "Alice moves Blazing Scorcher to Alice's base.\n",
    )
    assert verdicts(result)[1:] == ["no", "illegal", "ok"]
    assert "can't go to Bob's base" in _said(result, 2)
    taken = run(
        rb,
        "Alice controls Blazing Scorcher at Targon's Peak.\n"
        "Bob gains control of Blazing Scorcher.\n"
        "Can Bob move Blazing Scorcher to Alice's base?\n"
        "Can Bob move Blazing Scorcher to his base?\n",
    )
    assert verdicts(taken)[2:] == ["no", "yes"]


def test_a_unit_dealing_damage_gets_the_combat_answer(rb: RiftboundScenarioExecutor) -> None:
    # 460.2.c: combat damage isn't modelled; "Y is dealt N damage." is what works.
    result = run(
        rb,
        "Alice controls Blazing Scorcher at Targon's Peak.\n"
        "Bob controls Kinkou Monk at Targon's Peak.\n"
        "Blazing Scorcher deals combat damage to Kinkou Monk.\n"
        "Blazing Scorcher deals 5 damage to Kinkou Monk.\n"
        "Kinkou Monk is dealt 5 damage.\n",
    )
    assert verdicts(result)[2:] == ["error", "error", "ok"]
    assert "not modelled" in _said(result, 2)
    assert "is dealt 5 damage" in _said(result, 3)


def test_no_standard_move_onto_a_battlefield_two_other_players_hold(
    rb: RiftboundScenarioExecutor,
) -> None:
    # 144.4.a.1, 444.2 (multiplayer); one other player's units there is a normal move.
    setup = (
        "Alice controls Blazing Scorcher at her base.\nBob controls Kinkou Monk at Targon's Peak.\n"
    )
    crowded = run(
        rb,
        setup + "Carol controls Vi, Destructive at Targon's Peak.\n"
        "Alice moves Blazing Scorcher to Targon's Peak.\n",
    )
    assert verdicts(crowded)[-1] == "illegal"
    assert "144.4.a.1" in crowded.steps[-1].rules
    duel = run(rb, setup + "Alice moves Blazing Scorcher to Targon's Peak.\n")
    assert verdicts(duel)[-1] == "ok"
