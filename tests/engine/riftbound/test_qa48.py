"""Answers QA report 48 found wrong, checked against the real cards and Core Rules v1.3:
[Level N] "I have +1 [M] and [Keyword]" (824.1.b.1), [Level N] play triggers (727.1.c.1),
keywords given by spells and abilities, and [Vision] (817)."""

from __future__ import annotations

from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def test_level_might_and_deflect_apply_with_the_xp(rb: RiftboundScenarioExecutor) -> None:
    # Mosstomper: "[Level 3][>] I have +1 [M] and [Deflect]." (824.1.b.1, 809.1.c)
    result = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Mosstomper at Targon's Peak.\n"
        "Alice has 3 XP.\n"
        "What is Mosstomper's Might?\n"
        "Bob plays Void Seeker targeting Mosstomper.\n",
    )
    assert "4 Might" in _said(result, 3)
    assert verdicts(result)[4] == "legal"
    said = _said(result, 4)
    assert "Deflect makes it cost 1 more" in said
    assert "active as Alice has 3 XP (824.1.c)" in said


def test_level_deflect_is_inactive_below_the_level(rb: RiftboundScenarioExecutor) -> None:
    # 824.1.d: inactive as soon as the player has less than N XP.
    result = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Mosstomper at Targon's Peak.\n"
        "Alice has 2 XP.\n"
        "What is Mosstomper's Might?\n"
        "Bob plays Void Seeker targeting Mosstomper.\n",
    )
    assert "3 Might" in _said(result, 3)
    assert "4 Might" not in _said(result, 3)
    assert "Deflect" not in _said(result, 4)


def test_level_ganking_allows_a_battlefield_to_battlefield_move(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Gustwalker: "[Level 3][>] I have +1 [M] and [Ganking]." (810.1.b)
    result = run(
        rb,
        "Alice controls Targon's Peak and Bandle Tree. Alice controls Gustwalker at "
        "Targon's Peak.\n"
        "Can Alice move Gustwalker to Bandle Tree?\n"
        "Alice has 3 XP.\n"
        "Can Alice move Gustwalker to Bandle Tree?\n"
        "Show the board.\n",
    )
    assert verdicts(result)[2] == "no"
    assert verdicts(result)[4] == "yes"
    assert "[Ganking]" in _said(result, 5)


def test_a_level_play_trigger_needs_the_xp(rb: RiftboundScenarioExecutor) -> None:
    # Wuju Apprentice: "[Level 6][>] When you play me, draw 1." (824.1.d, 727.1.c.1)
    result = run(rb, "Alice has 2 XP.\nAlice plays Wuju Apprentice.\nWhat is on the chain?\n")
    assert verdicts(result)[1] == "legal"
    assert "inactive: Alice has 2 XP, less than 6" in _said(result, 1)
    assert "727.1.c.1" in result.steps[1].rules
    assert "Empty" in _said(result, 2)


def test_a_level_play_trigger_can_not_be_put_on_the_chain_without_the_xp(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice plays Wuju Apprentice.\n"
        "Wuju Apprentice's first ability goes on the chain with no targets.\n",
    )
    assert verdicts(result)[1] == "illegal"
    assert "Alice has 0 XP" in _said(result, 1)


def test_a_level_play_trigger_with_the_xp(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, "Alice has 6 XP.\nAlice plays Wuju Apprentice.\n")
    assert "on the chain now" in _said(result, 1)


def test_spell_given_ganking_allows_the_move_until_the_turn_ends(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Vault Breaker: "Give a unit [Assault 2] and [Ganking] this turn." (810.1.b, 317.2.c)
    result = run(
        rb,
        "Alice controls Targon's Peak and Bandle Tree. Alice controls Stalwart Poro at "
        "Targon's Peak.\n"
        "Alice plays Vault Breaker targeting Stalwart Poro.\n"
        "Vault Breaker resolves.\n"
        "Can Alice move Stalwart Poro to Bandle Tree?\n"
        "Show the board.\n"
        "It is a later turn.\n"
        "Can Alice move Stalwart Poro to Bandle Tree?\n",
    )
    assert verdicts(result)[3:] == ["resolved", "yes", "ok", "ok", "no"]
    resolved = _said(result, 3)
    assert "given [Assault 2] and [Ganking] this turn" in resolved
    assert "doesn't carry it out" not in resolved
    assert "807.1.c" in result.steps[3].rules  # Assault: only while an attacker
    assert "[Ganking] this turn" in _said(result, 5)
    assert "loses the [Assault 2] and [Ganking] given this turn" in _said(result, 6)


def test_a_might_change_is_not_read_as_a_keyword(rb: RiftboundScenarioExecutor) -> None:
    # Cleave: "Give a unit [Assault 3] this turn." - no Might until it attacks (807.1.c).
    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Cleave targeting Stalwart Poro.\n"
        "Cleave resolves.\n"
        "What is Stalwart Poro's Might?\n",
    )
    assert "given [Assault 3] this turn" in _said(result, 2)
    assert "2 Might" in _said(result, 3)
    poro = next(o for o in result.state.on_board() if o.name == "Stalwart Poro")
    assert poro.keywords_this_turn == ("Assault 3",)


def test_a_play_trigger_gives_the_other_units_here_a_keyword(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Lord Broadmane: "When you play me, give your other units here [Assault] this turn."
    result = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice controls Kinkou Monk at her base.\n"
        "Alice plays Lord Broadmane to Targon's Peak.\n"
        "Resolve the chain.\n",
    )
    board = {o.name: o for o in result.state.on_board()}
    assert board["Stalwart Poro"].keywords_this_turn == ("Assault",)
    assert board["Kinkou Monk"].keywords_this_turn == ()
    assert board["Lord Broadmane"].keywords_this_turn == ()


def test_turn_to_dust_gives_attached_equipment_temporary(rb: RiftboundScenarioExecutor) -> None:
    # Unleashed FAQ: the granted Temporary on attached Equipment is active.
    result = run(
        rb,
        "Alice controls Stalwart Poro at her base. Alice controls Long Sword attached to "
        "Stalwart Poro.\n"
        "Bob plays Turn to Dust targeting Long Sword.\n"
        "Turn to Dust resolves.\n"
        "Show the board.\n",
    )
    assert verdicts(result)[3] == "resolved"
    assert "the [Temporary] given to it is active" in _said(result, 3)
    assert "816.1.b" in result.steps[3].rules
    assert "[Temporary]" in _said(result, 4)


def test_keywords_given_this_turn_survive_a_saved_game(rb: RiftboundScenarioExecutor) -> None:
    from bot.engine.riftbound.state import RbState

    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Vault Breaker targeting Stalwart Poro.\n"
        "Vault Breaker resolves.\n",
    )
    again = RbState.from_dict(result.state.to_dict())
    poro = next(o for o in again.on_board() if o.name == "Stalwart Poro")
    assert poro.keywords_this_turn == ("Assault 2", "Ganking")
    saved = result.state.to_dict()
    for obj in saved["objects"]:
        obj.pop("keywords_this_turn", None)  # a game saved before they were kept
    older = RbState.from_dict(saved)
    assert all(not o.keywords_this_turn for o in older.on_board())


def test_vision_triggers_when_played(rb: RiftboundScenarioExecutor) -> None:
    # Jeweled Colossus: "[Vision]" (817.1.b); the recycle is its player's choice (817.2.a).
    result = run(rb, "Alice plays Jeweled Colossus.\nWhat is on the chain?\nResolve the chain.\n")
    assert verdicts(result) == ["legal", "ok", "resolved"]
    assert "817.1.b" in result.steps[0].rules
    assert "Jeweled Colossus's Vision ability" in _said(result, 1)
    resolved = _said(result, 2)
    assert "optional: Alice chooses" in resolved
    assert "“recycle it” happens" not in resolved


def test_a_stated_permanent_does_not_trigger_vision(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, "Alice controls Mystic Poro at her base.\nWhat is on the chain?\n")
    assert "Empty" in _said(result, 1)


def test_granted_vision_triggers_separately(rb: RiftboundScenarioExecutor) -> None:
    # Gemcraft Seer: "Other friendly units have [Vision]." (817.2)
    result = run(
        rb,
        "Alice controls Gemcraft Seer at her base.\nAlice plays Mystic Poro.\n",
    )
    played = _said(result, 1)
    assert "2 instances of [Vision] (Gemcraft Seer gives it [Vision])" in played
    assert "817.2" in result.steps[1].rules
    assert len(result.state.chain) == 2
    # Bob's Gemcraft Seer doesn't give Alice's units Vision; a Seer doesn't give itself one.
    alone = run(rb, "Bob controls Gemcraft Seer at his base.\nAlice plays Gemcraft Seer.\n")
    assert len(alone.state.chain) == 1


def test_passive_ganking_grants_allow_the_move(rb: RiftboundScenarioExecutor) -> None:
    # Windswept Hillock: "Units here have [Ganking]."; Fiora, Victorious: "While I'm
    # [Mighty], I have [Deflect], [Ganking], and [Shield]." (810.1.b, 708)
    result = run(
        rb,
        "Alice controls Windswept Hillock and Targon's Peak.\n"
        "Alice controls Stalwart Poro at Windswept Hillock.\n"
        "Can Alice move Stalwart Poro to Targon's Peak?\n"
        "Alice controls Fiora, Victorious at Targon's Peak.\n"
        "Can Alice move Fiora, Victorious to Windswept Hillock?\n"
        "Fiora, Victorious is buffed.\n"
        "Can Alice move Fiora, Victorious to Windswept Hillock?\n",
    )
    assert [verdicts(result)[i] for i in (2, 4, 6)] == ["yes", "no", "yes"]


def test_an_unchecked_ganking_condition_is_said(rb: RiftboundScenarioExecutor) -> None:
    # Wily Newtfish: "If you've gained XP this turn, I have +1 [M] and [Ganking]."
    result = run(
        rb,
        "Alice controls Windswept Hillock and Targon's Peak.\n"
        "Alice controls Wily Newtfish at Targon's Peak.\n"
        "Can Alice move Wily Newtfish to Windswept Hillock?\n",
    )
    assert verdicts(result)[2] == "no"
    assert "a condition the bot doesn't keep: if it holds" in _said(result, 2)


def test_a_mech_grant_covers_only_mechs(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Breakneck Mech: "Your Mechs have [Deflect] and [Ganking]." - Alice's Mechs only.
    result = run(
        rb,
        "Alice controls Windswept Hillock and Targon's Peak.\n"
        "Alice controls Breakneck Mech at Targon's Peak.\n"
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Can Alice move Breakneck Mech to Windswept Hillock?\n"
        "Can Alice move Stalwart Poro to Windswept Hillock?\n",
    )
    assert verdicts(result)[3:] == ["yes", "no"]


def test_a_given_keyword_is_not_read_as_a_target_restriction(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Block: "Give a unit [Shield 3] and [Tank] this turn." - the target is "a unit".
    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Block targeting Stalwart Poro.\n"
        "Block resolves.\n",
    )
    assert result.steps[1].targets[0].requirement == "a unit"
    assert "given [Shield 3] and [Tank] this turn" in _said(result, 2)
    assert "815.1.b" in result.steps[2].rules


def test_level_cant_be_chosen_applies_with_the_xp(rb: RiftboundScenarioExecutor) -> None:
    # Master Yi, Unstoppable: "[Level 16][>] I can't be chosen by enemy spells and abilities."
    result = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Master Yi, Unstoppable at Targon's Peak.\n"
        "Alice has 15 XP.\n"
        "Can Bob play Void Seeker targeting Master Yi, Unstoppable?\n"
        "Alice has 16 XP.\n"
        "Can Bob play Void Seeker targeting Master Yi, Unstoppable?\n",
    )
    assert [verdicts(result)[i] for i in (3, 5)] == ["yes", "no"]
    assert "[Level 16]" in _said(result, 5)


def test_the_might_answer_names_keywords_given_this_turn(rb: RiftboundScenarioExecutor) -> None:
    # Cleave: "Give a unit [Assault 3] this turn." (807.1.c: +3 only while an attacker)
    result = run(
        rb,
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Alice plays Cleave targeting Stalwart Poro.\n"
        "Cleave resolves.\n"
        "What is Stalwart Poro's Might?\n",
    )
    said = _said(result, 3)
    assert "2 Might" in said
    assert "[Assault 3] this turn (+3 Might while an attacker, 807.1.c" in said


def test_might_and_a_keyword_given_together(rb: RiftboundScenarioExecutor) -> None:
    # Yuumi, Magical Cat: "... give one of your other units here +3 [M] and [Tank] this turn."
    result = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Yuumi, Magical Cat and Stalwart Poro at "
        "Targon's Peak.\n"
        "Yuumi, Magical Cat's trigger targets Stalwart Poro.\n"
        "Resolve the chain.\n",
    )
    assert result.steps[3].targets[0].requirement == "one of your other units here"
    assert "+3 Might" in _said(result, 3)
    poro = next(o for o in result.state.on_board() if o.name == "Stalwart Poro")
    assert poro.keywords_this_turn == ("Tank",)


def test_a_level_activated_ability_needs_the_xp(rb: RiftboundScenarioExecutor) -> None:
    # Honeyfruit: "[Level 6][>] [>>][Reaction][>] [E]: [Add] [1][A]." (824.1.d, 727.1.c.3)
    result = run(
        rb,
        "Alice controls Honeyfruit at her base.\n"
        "Can Alice activate Honeyfruit's second ability?\n"
        "Alice has 6 XP.\n"
        "Can Alice activate Honeyfruit's second ability?\n",
    )
    assert [verdicts(result)[i] for i in (1, 3)] == ["no", "yes"]
    assert "727.1.c.3" in result.steps[1].rules
    assert "[Level 6]" not in _said(result, 3).split("cost")[1]  # the Level isn't a cost
