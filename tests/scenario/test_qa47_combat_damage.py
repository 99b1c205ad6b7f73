"""QA 47: stated combat damage (CR 510): the damage of one combat damage step is dealt all at
once (510.2) and the state-based actions follow it (704.3), so a trade stated in two sentences
kills both creatures; first-strike damage is its own step (510.4)."""

from __future__ import annotations

from bot.scenario.ast import CanAttackQuestion, CombatDamageTogether, DealsDamage, SetStatus
from bot.scenario.ast_text import render_statement
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_script

_TRADE = (
    "Alice controls Grizzly Bears. Bob controls Runeclaw Bear.",
    "Grizzly Bears is attacking. Grizzly Bears is blocked by Runeclaw Bear.",
)


def _steps(executor: MtgScenarioExecutor, *lines: str):  # type: ignore[no-untyped-def]
    return executor.run("\n".join(lines) + "\n", speaker="Alice").steps


def test_a_trade_stated_in_two_sentences_kills_both(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        *_TRADE,
        "Grizzly Bears deals 2 combat damage to Runeclaw Bear.",
        "Runeclaw Bear deals 2 combat damage to Grizzly Bears.",
        "Where is Grizzly Bears?",
        "Where is Runeclaw Bear?",
    )
    first, second, attacker, blocker = steps[-4:]
    assert first.verdict == "ok" and "dies" not in first.explanation
    assert "510.2" in first.rules
    assert second.verdict == "ok"
    assert "Grizzly Bears dies" in second.explanation
    assert "Runeclaw Bear dies" in second.explanation
    assert {"510.2", "704.3", "704.5g"} <= set(second.rules)
    assert "graveyard" in attacker.explanation and "graveyard" in blocker.explanation


def test_deathtouch_and_lifelink_of_the_first_damage_are_kept(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor,
        "Alice controls Colossal Dreadmaw. Bob controls Vampire Nighthawk.",
        "Colossal Dreadmaw is attacking. Colossal Dreadmaw is blocked by Vampire Nighthawk.",
        "Vampire Nighthawk deals 2 combat damage to Colossal Dreadmaw.",
        "Colossal Dreadmaw deals 6 combat damage to Vampire Nighthawk.",
        "What is Bob's life total?",
    )
    first, second, life = steps[-3:]
    assert "Bob gains 2 life" in first.explanation
    assert "destroyed" not in first.explanation
    assert "Colossal Dreadmaw is destroyed" in second.explanation
    assert "Vampire Nighthawk dies" in second.explanation
    assert "704.5h" in second.rules
    assert "22" in life.explanation


def test_one_stated_combat_damage_kills_at_once(executor: MtgScenarioExecutor) -> None:
    steps = _steps(executor, *_TRADE, "Grizzly Bears deals 2 combat damage to Runeclaw Bear.")
    assert "Runeclaw Bear dies" in steps[-1].explanation
    assert "wait" not in steps[-1].explanation


def test_first_strike_damage_is_dealt_in_its_own_step(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        *_TRADE,
        "Grizzly Bears gains first strike.",
        "Grizzly Bears deals 2 combat damage to Runeclaw Bear.",
        "Runeclaw Bear deals 2 combat damage to Grizzly Bears.",
    )
    assert "Runeclaw Bear dies" in steps[-2].explanation
    assert steps[-1].verdict == "error"


def test_held_damage_is_settled_when_the_next_statement_fails(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor,
        *_TRADE,
        "Grizzly Bears deals 2 combat damage to Runeclaw Bear.",
        "Runeclaw Bear deals 2 combat damage to Serra Angel.",
        "Where is Runeclaw Bear?",
    )
    assert steps[-2].verdict == "error"
    assert any("Runeclaw Bear dies" in note for note in steps[-2].notes)
    assert "graveyard" in steps[-1].explanation


def test_first_strike_damage_is_read() -> None:
    [statement] = parse_script(
        "White Knight deals 2 first-strike combat damage to Bob.",
        speaker="Alice",
        is_known_name=lambda name: name.casefold() == "white knight",
    )
    assert isinstance(statement, DealsDamage)
    assert statement.combat and statement.first_strike


_TRAMPLE = (
    "Alice controls Colossal Dreadmaw. Bob controls Tolarian Terror.",
    "Colossal Dreadmaw is attacking. Colossal Dreadmaw is blocked by Tolarian Terror.",
)


def test_a_blocked_creature_without_trample_cant_hit_the_player(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(executor, *_TRADE, "Grizzly Bears deals 2 combat damage to Bob.")
    assert steps[-1].verdict == "illegal"
    assert "510.1c" in steps[-1].rules


def test_trample_assigns_lethal_to_its_blocker_first(executor: MtgScenarioExecutor) -> None:
    short = _steps(
        executor,
        *_TRAMPLE,
        "Colossal Dreadmaw deals 2 combat damage to Tolarian Terror.",
        "Colossal Dreadmaw deals 4 combat damage to Bob.",
    )
    assert short[-1].verdict == "illegal"
    assert "702.19b" in short[-1].rules
    assert "needs 3 more" in short[-1].explanation
    lethal = _steps(
        executor,
        *_TRAMPLE,
        "Colossal Dreadmaw deals 5 combat damage to Tolarian Terror.",
        "Colossal Dreadmaw deals 1 combat damage to Bob.",
    )
    assert [step.verdict for step in lethal[-2:]] == ["ok", "ok"]
    assert "Tolarian Terror dies" in lethal[-1].explanation


def test_deathtouch_and_trample_need_only_one_damage_to_the_blocker(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor,
        *_TRAMPLE,
        "Colossal Dreadmaw gains deathtouch.",
        "Colossal Dreadmaw deals 1 combat damage to Tolarian Terror.",
        "Colossal Dreadmaw deals 5 combat damage to Bob.",
    )
    assert [step.verdict for step in steps[-2:]] == ["ok", "ok"]
    assert "Tolarian Terror is destroyed" in steps[-1].explanation


def test_no_more_than_its_power_in_one_step(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears. Bob controls Llanowar Elves and Runeclaw Bear.",
        "Grizzly Bears is attacking.",
        "Llanowar Elves is blocking Grizzly Bears. Runeclaw Bear is blocking Grizzly Bears.",
        "Grizzly Bears deals 1 combat damage to Llanowar Elves.",
        "Grizzly Bears deals 2 combat damage to Runeclaw Bear.",
    )
    assert steps[-1].verdict == "illegal"
    assert "510.1a" in steps[-1].rules
    assert "1 already said" in steps[-1].explanation


def test_only_attacking_or_blocking_creatures_deal_combat_damage(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears. Bob controls Llanowar Elves.",
        "Grizzly Bears is attacking.",
        "Llanowar Elves deals 1 combat damage to Alice.",
    )
    assert steps[-1].verdict == "illegal"
    assert "510.1" in steps[-1].rules


def test_combat_not_stated_takes_the_damage_as_said(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor, "Alice controls Grizzly Bears.", "Grizzly Bears deals 2 combat damage to Bob."
    )
    assert steps[-1].verdict == "ok"


def test_a_blocker_deals_its_damage_to_the_creature_it_blocks(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(executor, *_TRADE, "Runeclaw Bear deals 2 combat damage to Alice.")
    assert steps[-1].verdict == "illegal"
    assert "510.1d" in steps[-1].rules


def test_an_unblocked_attacker_doesnt_hit_a_creature(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears. Bob controls Runeclaw Bear.",
        "Grizzly Bears is attacking and unblocked.",
        "Grizzly Bears deals 2 combat damage to Runeclaw Bear.",
    )
    assert steps[-1].verdict == "illegal"
    assert "510.1b" in steps[-1].rules


_FOUR = "Alice controls Grizzly Bears. Bob controls Llanowar Elves. Carol controls Runeclaw Bear."


def test_whom_a_creature_attacks_is_said_and_shown(executor: MtgScenarioExecutor) -> None:
    steps = _steps(executor, _FOUR, "Grizzly Bears is attacking Bob.", "Show the board.")
    assert steps[-2].verdict == "ok"
    assert "attacking Bob (508.1b)" in steps[-2].explanation
    assert "attacking Bob" in steps[-1].explanation


def test_a_player_attacks_with_creatures(executor: MtgScenarioExecutor) -> None:
    for said in ("Alice attacks Carol with Grizzly Bears.", "Grizzly Bears attacks Carol."):
        steps = _steps(executor, _FOUR, said, "Is Grizzly Bears attacking?")
        assert steps[-2].verdict == "ok", said
        assert "Carol" in steps[-2].explanation
        assert steps[-1].verdict == "yes"


def test_several_creatures_attack_one_player(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears and Llanowar Elves. Bob controls Forest.",
        "Alice attacks Bob with Grizzly Bears and Llanowar Elves.",
        "Show the board.",
    )
    assert steps[-2].verdict == "ok"
    assert steps[-1].explanation.count("attacking Bob") == 2


def test_only_the_defending_players_creatures_block(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        _FOUR,
        "Grizzly Bears is attacking Bob.",
        "Can Runeclaw Bear block Grizzly Bears?",
        "Runeclaw Bear is blocking Grizzly Bears.",
        "Llanowar Elves is blocking Grizzly Bears.",
    )
    assert steps[-3].verdict == "no" and "509.1a" in steps[-3].rules
    # Refused as the blocks of another player's creatures are (509.1a).
    assert steps[-2].verdict in ("illegal", "error")
    assert "only Bob's creatures can block it" in steps[-2].explanation
    assert steps[-1].verdict == "ok"


def test_a_planeswalker_can_be_attacked_and_a_creature_cant(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears. Bob controls Jace, the Mind Sculptor.",
        "Alice controls Liliana of the Veil.",
        "Can Grizzly Bears attack Jace, the Mind Sculptor?",
        "Can Grizzly Bears attack Liliana of the Veil?",
        "Can Grizzly Bears attack Alice?",
        "Bob controls Llanowar Elves.",
        "Grizzly Bears is attacking Llanowar Elves.",
    )
    jace, liliana, alice, _, elves = steps[-5:]
    assert jace.verdict == "yes" and "Jace, the Mind Sculptor" in jace.explanation
    assert liliana.verdict == "no" and "506.2" in liliana.rules
    assert alice.verdict == "no" and "506.2" in alice.rules
    assert elves.verdict == "illegal" and "506.3" in elves.rules


def test_unblocked_damage_goes_to_whom_it_attacks(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        _FOUR,
        "Grizzly Bears is attacking Carol.",
        "Grizzly Bears deals 2 combat damage to Bob.",
        "Grizzly Bears deals 2 combat damage to Carol.",
    )
    assert steps[-2].verdict == "illegal" and "510.1b" in steps[-2].rules
    assert steps[-1].verdict == "ok"


def test_removed_from_combat_forgets_whom_it_attacked(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        _FOUR,
        "Grizzly Bears is attacking Bob.",
        "Grizzly Bears is removed from combat.",
        "Grizzly Bears is attacking.",
        "Can Runeclaw Bear block Grizzly Bears?",
    )
    assert steps[-1].verdict == "yes"


def test_a_player_attacking_gets_a_hint_with_creatures(executor: MtgScenarioExecutor) -> None:
    steps = _steps(executor, _FOUR, "Alice attacks Bob.")
    assert steps[-1].verdict == "error"
    text = steps[-1].explanation + " ".join(steps[-1].notes)
    assert "Alice is attacking" not in text


def test_a_double_striker_deals_its_power_in_each_step(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears. Bob controls Forest.",
        "Grizzly Bears gains double strike.",
        "Grizzly Bears is attacking and unblocked.",
        "Grizzly Bears deals 2 combat damage to Bob.",
        "Grizzly Bears deals 2 combat damage to Bob.",
        "What is Bob's life total?",
    )
    assert [step.verdict for step in steps[-3:-1]] == ["ok", "ok"]
    assert "16" in steps[-1].explanation


def test_a_trade_in_one_saved_game_message(executor: MtgScenarioExecutor) -> None:
    state = executor.run("\n".join(_TRADE), speaker="Alice").state
    result = executor.run(
        "Grizzly Bears deals 2 combat damage to Runeclaw Bear. "
        "Runeclaw Bear deals 2 combat damage to Grizzly Bears.",
        state,
        speaker="Alice",
    )
    assert "Grizzly Bears dies" in result.steps[-1].explanation
    assert not [obj for obj in result.state.objects.values() if obj.damage]


def test_an_attacked_planeswalker_gone_leaves_no_combat_damage(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears. Bob controls Jace, the Mind Sculptor.",
        "Grizzly Bears is attacking Jace, the Mind Sculptor.",
        "Jace, the Mind Sculptor dies.",
        "Grizzly Bears deals 2 combat damage to Bob.",
    )
    assert steps[-1].verdict == "illegal"
    assert "left the battlefield" in steps[-1].explanation


def test_assigned_damage_is_read_as_one_step() -> None:
    [statement] = parse_script(
        "Colossal Dreadmaw assigns 1 damage to Tolarian Terror and 5 damage to Bob.",
        speaker="Alice",
        is_known_name=lambda name: name.casefold() in {"colossal dreadmaw", "tolarian terror"},
    )
    assert isinstance(statement, CombatDamageTogether)
    assert [part.amount for part in statement.parts] == [1, 5]
    assert all(part.combat for part in statement.parts)


def test_a_refused_part_refuses_the_whole_assignment(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        *_TRAMPLE,
        "Colossal Dreadmaw assigns 1 damage to Tolarian Terror and 5 damage to Bob.",
        "What is Bob's life total?",
    )
    assert steps[-2].verdict == "illegal" and "702.19b" in steps[-2].rules
    assert "20" in steps[-1].explanation


def test_combat_damage_without_amounts_gets_a_statement_that_works(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor, *_TRADE, "Grizzly Bears and Runeclaw Bear deal combat damage to each other."
    )
    assert steps[-1].verdict == "error"
    assert steps[-1].error is not None
    assert "Grizzly Bears deals 2 combat damage to Runeclaw Bear and" in (steps[-1].error.hint)


def test_how_much_damage_can_be_assigned(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        *_TRAMPLE,
        "How much damage can Colossal Dreadmaw assign to Bob?",
        "How much damage can Tolarian Terror assign to Alice?",
        "How much combat damage can Colossal Dreadmaw deal to Tolarian Terror?",
    )
    to_bob, blocker, to_terror = steps[-3:]
    assert "Up to 1" in to_bob.explanation and "needs 5" in to_bob.explanation
    assert blocker.explanation.startswith("None") and "510.1d" in blocker.rules
    assert "Up to 6" in to_terror.explanation


def test_what_the_bot_cant_check_is_noted(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Thorn Elemental and Furnace of Rath. Bob controls Tolarian Terror.",
        "Thorn Elemental is attacking. Thorn Elemental is blocked by Tolarian Terror.",
        "Thorn Elemental deals 14 combat damage to Bob.",
    )
    assert steps[-1].verdict == "ok"
    notes = " ".join(steps[-1].notes)
    assert "as though it weren't blocked" in notes and "Furnace of Rath" in notes


def test_doran_lets_a_blocker_deal_its_toughness(executor: MtgScenarioExecutor) -> None:
    steps = _steps(
        executor,
        "Alice controls Grizzly Bears. Bob controls Doran, the Siege Tower.",
        "Grizzly Bears is attacking. Grizzly Bears is blocked by Doran, the Siege Tower.",
        "Grizzly Bears deals 2 combat damage to Bob.",
        "Doran, the Siege Tower deals 5 combat damage to Grizzly Bears.",
    )
    assert steps[-2].verdict == "illegal"  # blocked, no trample: Doran changes only amounts
    assert steps[-1].verdict == "ok"
    assert any("toughness" in note for note in steps[-1].notes)


def test_attacks_and_damage_together_read_back_as_written() -> None:
    """A game's transcript writes a statement back (``render_statement``): whom it attacks
    and each part of the damage dealt together are kept."""
    known = {"grizzly bears", "runeclaw bear"}
    for text in (
        "Grizzly Bears is attacking Bob.",
        "Grizzly Bears is attacking Bob and unblocked.",
        "Grizzly Bears is attacking Bob, blocked by Runeclaw Bear.",
        "Grizzly Bears deals 2 combat damage to Runeclaw Bear and Runeclaw Bear deals 2 "
        "combat damage to Grizzly Bears.",
        "Can Grizzly Bears attack Bob?",
    ):
        [statement] = parse_script(
            text, speaker="Alice", is_known_name=lambda name: name.casefold() in known
        )
        assert isinstance(statement, SetStatus | CombatDamageTogether | CanAttackQuestion)
        assert render_statement(statement) == text


def test_whom_it_attacks_and_how_it_was_blocked_in_one_statement(
    executor: MtgScenarioExecutor,
) -> None:
    steps = _steps(
        executor,
        _FOUR,
        "Grizzly Bears is attacking Carol, blocked by Runeclaw Bear.",
        "Grizzly Bears is attacking Bob, blocked by Runeclaw Bear.",
        "Show the board.",
    )
    assert steps[-3].verdict == "ok"
    assert "attacking Carol" in steps[-3].explanation and "509.1g" in steps[-3].rules
    assert steps[-2].verdict in ("illegal", "error")  # Carol's creature can't block (509.1a)
    assert "attacking Carol, blocked by Runeclaw Bear" in steps[-1].explanation
