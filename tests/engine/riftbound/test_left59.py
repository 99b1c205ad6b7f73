"""Riftbound items left open after QA 59 (stop 49), checked against the real cards and Core
Rules v1.3: statements that buff or ready a unit trigger what a spell's would (383.3), ..."""

from __future__ import annotations

from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def test_a_stated_buff_triggers_simian_ancestor(rb: RiftboundScenarioExecutor) -> None:
    # Simian Ancestor: "When you buff me, ready me." - a statement buffs it as a spell would.
    result = run(
        rb,
        "Alice controls Simian Ancestor at her base. Simian Ancestor is exhausted.\n"
        "Simian Ancestor is buffed.\n"
        "The top of the chain resolves.\n"
        "Is Simian Ancestor exhausted?\n",
    )
    assert "When you buff me, ready me." in _said(result, 2)
    assert "taken as its controller's" in _said(result, 2)
    assert verdicts(result)[-1] == "no"


def test_a_buff_stated_as_the_scenario_starts_triggers_nothing(
    rb: RiftboundScenarioExecutor,
) -> None:
    # "has a buff" says what is so, not that it was just buffed.
    result = run(
        rb,
        "Alice controls Simian Ancestor at her base. Simian Ancestor is exhausted.\n"
        "Simian Ancestor has a buff.\n"
        "Is Simian Ancestor exhausted?\n",
    )
    assert "When you buff me" not in _said(result, 2)
    assert verdicts(result)[-1] == "yes"


def test_a_second_stated_buff_triggers_nothing(rb: RiftboundScenarioExecutor) -> None:
    # 426.1.b.1: a unit with a buff gets no other, so nothing was buffed.
    result = run(
        rb,
        "Alice controls Simian Ancestor at her base. Simian Ancestor has a buff.\n"
        "Simian Ancestor is buffed.\n",
    )
    assert "already has a buff" in _said(result)
    assert "When you buff me" not in _said(result)


def test_a_stated_ready_triggers_irelia(rb: RiftboundScenarioExecutor) -> None:
    # Irelia, Fervent: "When you choose or ready me, give me +1 [M] this turn."
    result = run(
        rb,
        "Alice controls Irelia, Fervent at her base. Irelia, Fervent is exhausted.\n"
        "Irelia, Fervent is readied.\n",
    )
    assert "When you choose or ready me" in _said(result)
    ready = run(rb, "Alice controls Irelia, Fervent at her base.\nIrelia, Fervent is ready.\n")
    assert "When you choose or ready me" not in _said(ready)


def test_stated_kills_and_moves_trigger_watchers_too(rb: RiftboundScenarioExecutor) -> None:
    # Altar of Memories: "When a friendly unit dies"; Volibear, Imposing: "When an opponent
    # moves to a battlefield other than mine" (383.3), both seen from statements.
    killed = run(
        rb,
        "Alice controls Altar of Memories. Alice controls Blazing Scorcher at her base.\n"
        "Blazing Scorcher is killed.\n",
    )
    assert "Altar of Memories's triggered ability" in _said(killed)
    moved = run(
        rb,
        "Bob controls Volibear, Imposing at his base. Alice controls Targon's Peak.\n"
        "Alice controls Blazing Scorcher at her base.\n"
        "Blazing Scorcher moves to Targon's Peak.\n",
    )
    assert "Volibear, Imposing's triggered ability" in _said(moved)


def test_a_hand_is_said_with_is(rb: RiftboundScenarioExecutor) -> None:
    # QA 59 U5: "Alice's hand is X and Y." says what her hand (108.7.a) holds, as "has" does.
    result = run(
        rb,
        "Alice's hand is Blazing Scorcher and Get Excited!.\nWhat is in Alice's hand?\n",
    )
    assert verdicts(result)[0] == "ok"
    assert "Blazing Scorcher" in _said(result) and "Get Excited!" in _said(result)


def test_the_is_error_names_hand_has(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, "Alice controls Blazing Scorcher at her base.\nBlazing Scorcher is fancy.\n")
    assert "“Alice's hand has Stupefy.”" in _said(result)


_APHELIOS = (
    "Alice controls Aphelios, Exalted at her base.\n"
    "Alice controls Long Sword at her base.\n"
    "Alice activates Long Sword's equip ability targeting Aphelios, Exalted.\n"
    "Resolve the chain.\n"
)


def test_a_waiting_modal_trigger_gets_one_instruction(rb: RiftboundScenarioExecutor) -> None:
    # QA 59 M7: Aphelios, Exalted's mode is chosen as it goes on the chain (355.3, 383.3); the
    # answer told to say "... targets ..." as well, and ran its modes together.
    result = run(rb, _APHELIOS + "What is on the chain?\n")
    resolved = _said(result, 3)
    assert "trigger targets" not in resolved
    assert "goes on the chain choosing Ready 2 runes." in resolved
    assert "runes.Channel" not in resolved
    assert "Ready 2 runes. • Channel 1 rune exhausted. • Buff a friendly unit." in resolved
    chain = _said(result)
    assert "Waiting to go on the chain" in chain
    assert "goes on the chain choosing Ready 2 runes." in chain


def test_the_waiting_example_is_a_mode_still_allowed(rb: RiftboundScenarioExecutor) -> None:
    # "choose one that hasn't been chosen this turn": the second attach offers another mode.
    result = run(
        rb,
        _APHELIOS + "Aphelios, Exalted's trigger goes on the chain choosing Ready 2 runes.\n"
        "Resolve the chain.\n"
        "Long Sword is detached.\n"
        "Alice activates Long Sword's equip ability targeting Aphelios, Exalted.\n"
        "Resolve the chain.\n"
        "What is on the chain?\n",
    )
    assert "choosing Channel 1 rune exhausted." in _said(result, -2)
    assert "choosing Channel 1 rune exhausted." in _said(result)


def test_a_chosen_champion_already_on_the_board_is_not_doubled(
    rb: RiftboundScenarioExecutor,
) -> None:
    # QA 59 M8: 108.3.d - the one at her base was played from her Champion Zone.
    result = run(
        rb,
        "Alice controls Jinx, Demolitionist at her base.\n"
        "Alice's Chosen Champion is Jinx, Demolitionist.\n",
    )
    assert "is taken as Alice's Chosen Champion" in _said(result)
    assert [o.zone.value for o in result.state.objects.values()] == ["base"]


def test_a_chosen_champion_stated_first_stays_in_its_zone(rb: RiftboundScenarioExecutor) -> None:
    # Said before the board, the one at her base is another copy (103.2.a.1).
    result = run(
        rb,
        "Alice's Chosen Champion is Jinx, Demolitionist.\n"
        "Alice controls Jinx, Demolitionist at her base.\n",
    )
    zones = sorted(o.zone.value for o in result.state.objects.values())
    assert zones == ["base", "champion zone"]


def test_a_move_from_here_triggers_the_battlefield_and_a_pursuer(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Back-Alley Bar: "When a unit moves from here, give it +1 [M] this turn."; Stealthy
    # Pursuer: "When a friendly unit moves from my location, ..." (383.3, 359.3.f.3).
    result = run(
        rb,
        "Alice controls Back-Alley Bar.\n"
        "Alice controls Stalwart Poro at Back-Alley Bar.\n"
        "Alice controls Stealthy Pursuer at Back-Alley Bar.\n"
        "Alice moves Stalwart Poro to her base.\n"
        "The top of the chain resolves.\nThe top of the chain resolves.\n"
        "What is Stalwart Poro's Might?\n",
    )
    moved = _said(result, 3)
    assert "Back-Alley Bar's triggered ability" in moved
    assert "Stealthy Pursuer's triggered ability" in moved
    assert "3 Might" in _said(result)


def test_a_move_elsewhere_or_an_enemys_move_is_not_seen_by_a_pursuer(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Back-Alley Bar. Bob controls Targon's Peak.\n"
        "Alice controls Stealthy Pursuer at Back-Alley Bar.\n"
        "Bob controls Stalwart Poro at Targon's Peak.\n"
        "Bob moves Stalwart Poro to his base.\n",
    )
    assert "Stealthy Pursuer" not in _said(result)
    # The Pursuer's own move isn't "a friendly unit" moving from its location.
    alone = run(
        rb,
        "Alice controls Back-Alley Bar.\n"
        "Alice controls Stealthy Pursuer at Back-Alley Bar.\n"
        "Alice moves Stealthy Pursuer to her base.\n",
    )
    assert "Stealthy Pursuer's triggered ability" not in _said(alone)
    assert "Back-Alley Bar's triggered ability" in _said(alone)


def test_blast_cone_sees_its_controller_move_an_enemy_unit(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Targon's Peak. Bob controls Stalwart Poro at Targon's Peak.\n"
        "Alice controls Blast Cone.\n"
        "Alice plays Isolate targeting Stalwart Poro.\nIsolate resolves.\n",
    )
    assert "Blast Cone's triggered ability" in _said(result)
    # Its second triggered ability: "Blast Cone's trigger" would name the first.
    assert "“Blast Cone's second trigger goes on the chain with no targets.”" in _said(result)
    own = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice controls Blast Cone.\nAlice moves Stalwart Poro to her base.\n",
    )
    assert "Blast Cone's triggered ability" not in _said(own)


def test_an_equipments_trigger_names_the_equipment(rb: RiftboundScenarioExecutor) -> None:
    # Eye of the Herald's "When I move" is Poro's while attached (718.3).
    result = run(
        rb,
        "Alice controls Targon's Peak.\n"
        "Alice controls Stalwart Poro at her base.\n"
        "Alice controls Eye of the Herald attached to Stalwart Poro.\n"
        "Alice moves Stalwart Poro to Targon's Peak.\n",
    )
    assert "Stalwart Poro's triggered ability from Eye of the Herald" in _said(result)


def test_how_much_damage_a_unit_deals_is_its_combat_might(rb: RiftboundScenarioExecutor) -> None:
    # QA 58 U4: "“does” is not a verb I know"; 460.2.c sums the side's Might.
    result = run(
        rb,
        "Alice controls Garen, Rugged at her base.\n"
        "How much damage does Garen, Rugged deal?\n"
        "How much combat damage will Garen, Rugged deal as an attacker?\n",
    )
    assert verdicts(result) == ["ok", "ok", "ok"]
    assert "+2 as an attacker ([Assault 2])" in _said(result, 1)
    assert "7 Might while it is one" in _said(result)


def test_blitzcrank_moves_the_chosen_enemy_unit_to_here(rb: RiftboundScenarioExecutor) -> None:
    # QA 58 U7: "you may move an enemy unit to here" - put on the chain with a unit chosen,
    # it moves that unit to Blitzcrank's battlefield (359.3.f: "here" is its source's).
    result = run(
        rb,
        "Alice controls Targon's Peak. Bob controls Stalwart Poro at his base.\n"
        "Alice plays Blitzcrank, Impassive to Targon's Peak.\n"
        "Blitzcrank, Impassive's trigger targets Stalwart Poro.\n"
        "The top of the chain resolves.\n",
    )
    poro = next(o for o in result.state.objects.values() if o.name == "Stalwart Poro")
    assert poro.location == "Targon's Peak"
    assert "don't put it on the chain" in _said(result)


def test_the_peak_is_the_battlefield_in_play(rb: RiftboundScenarioExecutor) -> None:
    # QA 58 M11: "the Peak" found the unit Peak Guardian; Targon's Peak is in play.
    result = run(rb, "Alice controls Targon's Peak.\nAlice controls Stalwart Poro at the Peak.\n")
    assert "at Targon's Peak" in _said(result)
    # Any battlefield in play, by one of its words.
    both = run(
        rb,
        "Alice controls Targon's Peak. Bob controls Back-Alley Bar.\n"
        "Alice controls Stalwart Poro at the Bar.\n",
    )
    assert "at Back-Alley Bar" in _said(both)


def test_the_board_names_each_battlefields_controller(rb: RiftboundScenarioExecutor) -> None:
    # QA 58 M2: control decides hiding, playing units there and scoring (811.1.b).
    result = run(
        rb,
        "Alice controls Targon's Peak.\nAlice hides Teemo, Scout at Targon's Peak.\nShow the board.\n",
    )
    assert "Targon's Peak:\nEmpty.\n(controlled by Alice)\n#2 Teemo, Scout, hidden" in _said(result)


def test_might_of_demacia_counts_the_units_stated_there(rb: RiftboundScenarioExecutor) -> None:
    # QA 58 M9: "if you have 4+ units at that battlefield" (383.3.e) is decided, not left.
    setup = "Alice controls Might of Demacia - Starter. Bob controls Targon's Peak.\n"
    three = run(
        rb,
        setup + "Alice controls Stalwart Poro, Stalwart Poro and Stalwart Poro at Targon's Peak.\n"
        "Alice conquers Targon's Peak.\n",
    )
    assert "fewer than 4" in _said(three)
    four = run(
        rb,
        setup + "Alice controls Stalwart Poro, Stalwart Poro, Stalwart Poro and Stalwart Poro "
        "at Targon's Peak.\nAlice conquers Targon's Peak.\n",
    )
    assert "Might of Demacia - Starter's triggered ability" in _said(four)
    assert "doesn't check" not in _said(four)


def test_a_unit_that_already_died_is_said_to_be_in_the_trash(
    rb: RiftboundScenarioExecutor,
) -> None:
    # QA 58 M1: "Did you mean: Sunlit Guardian?" suggested the same name.
    result = run(
        rb,
        "Bob controls Sunlit Guardian at his base.\nSunlit Guardian dies.\nSunlit Guardian dies.\n",
    )
    assert "the game has Sunlit Guardian in Bob's trash" in _said(result)
