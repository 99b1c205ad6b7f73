"""Riftbound items left open at stop 47, checked against the real cards and Core Rules v1.3:
the Scoring Step of the turn player's next turn (QA 50 W5, 315.2.b.2)."""

from __future__ import annotations

from bot.data.riftbound_cards import RiftboundCardData
from bot.scenario import ast
from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from bot.scenario.script_executor import ScriptRun
from tests.engine.riftbound.scripts import run, text_of


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


_GUSTWALKER_HOLDS = (
    "Alice controls Gustwalker at Targon's Peak. Alice controls Targon's Peak. "
    "Alice has 5 points. Alice has 2 XP.\n"
)


def test_next_turn_holds_the_battlefields_its_player_controls(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    # 315.2.b.2: "The Turn Player Holds all Battlefields they Control."
    assert "[Hunt 2] (When I conquer or hold, gain 2 XP.)" in text_of(card_data, "Gustwalker")
    result = run(rb, _GUSTWALKER_HOLDS + "It is Alice's next turn.\n")
    step = result.steps[-1]
    assert step.verdict == "ok"
    assert {"315.2.b.2", "464.2", "466.1", "823.1.c.1"} <= set(step.rules)
    said = _said(result)
    assert "Alice holds Targon's Peak" in said
    assert "6 points now" in said
    assert "Gustwalker's [Hunt]" in said
    # The Channel and Draw Phases need decks the bot doesn't keep: said, not silently skipped.
    assert "Channel Phase" in said and "Draw Phase" in said
    assert result.state.points["Alice"] == 6
    assert ("Alice", "Targon's Peak") in result.state.scored
    assert len(result.state.chain) == 1


def test_hunt_from_the_hold_turns_level_keywords_on(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        _GUSTWALKER_HOLDS
        + "It is Alice's next turn.\nThe top of the chain resolves.\n"
        + "Does Gustwalker have Ganking?\n",
    )
    assert result.state.xp["Alice"] == 4
    assert result.steps[-1].verdict == "yes"


def test_hold_at_seven_gains_the_winning_point(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Mosstomper at Targon's Peak. Alice controls Targon's Peak. "
        "Alice has 7 points. Mosstomper is exhausted.\nIt is Alice's next turn.\n",
    )
    step = result.steps[-1]
    assert "466.1.b.1" in step.rules
    assert "wins the game" in _said(result)
    assert result.state.points["Alice"] == 8


def test_the_other_players_turn_holds_nothing_of_hers(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, _GUSTWALKER_HOLDS + "It is Bob's next turn.\n")
    said = _said(result)
    assert "holds Targon's Peak" not in said
    assert "Bob controls no battlefield" in said
    assert result.state.points["Alice"] == 5
    assert not result.state.chain


def test_a_later_turn_of_nobody_said_scores_nothing_and_says_who_would(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(rb, _GUSTWALKER_HOLDS + "It is a later turn.\n")
    said = _said(result)
    assert "say “It is Alice's next turn.”" in said
    assert "315.2.b.2" in result.steps[-1].rules
    assert result.state.points["Alice"] == 5


_SCOUT_IN_HAND = "Alice's hand has Sai Scout and Mosstomper.\n"


def test_open_battlefield_play_to_a_battlefield_never_stated_is_yes_if_open(
    card_data: RiftboundCardData, rb: RiftboundScenarioExecutor
) -> None:
    # Sai Scout: "You may play me to an open battlefield." (355.2.b, 169.10.c; QA 50 M4)
    assert "You may play me to an open battlefield." in text_of(card_data, "Sai Scout")
    result = run(rb, _SCOUT_IN_HAND + "Can Alice play Sai Scout to Targon's Peak?\n")
    step = result.steps[-1]
    assert step.verdict == "yes"
    assert "Yes if Targon's Peak is open" in _said(result)
    assert {"355.2.b", "169.10.c", "355.2.a"} <= set(step.rules)
    # A question changes nothing: the battlefield supposed open isn't added.
    assert result.state.battlefield("Targon's Peak") is None


def test_a_play_to_a_battlefield_never_stated_asks_who_controls_it(
    rb: RiftboundScenarioExecutor,
) -> None:
    scout = run(rb, _SCOUT_IN_HAND + "Alice plays Sai Scout to Targon's Peak.\n")
    assert scout.steps[-1].verdict == "error"
    assert "Say “Nobody controls Targon's Peak.” if it is open" in _said(scout)
    mosstomper = run(rb, _SCOUT_IN_HAND + "Can Alice play Mosstomper to Targon's Peak?\n")
    assert mosstomper.steps[-1].verdict == "no"
    assert "no statement said who controls Targon's Peak" in _said(mosstomper)


def test_a_stated_open_battlefield_is_a_plain_yes(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Nobody controls Targon's Peak.\n" + _SCOUT_IN_HAND + "Can Alice play Sai Scout to "
        "Targon's Peak?\n",
    )
    assert result.steps[-1].verdict == "yes"
    assert "Yes if" not in _said(result)


# QA 50 U5: the answers to "How much XP does Alice have?" and "Has Alice won?" (their
# wordings are read by the parser; these are the state reads behind them).


def test_xp_read_names_level_abilities_on_and_off_and_xp_on_the_chain(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(rb, _GUSTWALKER_HOLDS + "It is Alice's next turn.\n")
    before = rb.engine.xp_of(result.state, "Alice")
    assert before.kind == "ok"
    assert "Alice has 2 XP (728)" in before.reason
    assert "[Level 3] is off" in before.reason
    assert "on the chain gives more once resolved" in before.reason
    assert "824.1.c" in before.rules
    after = run(
        rb, _GUSTWALKER_HOLDS + "It is Alice's next turn.\nThe top of the chain resolves.\n"
    )
    read = rb.engine.xp_of(after.state, "Alice")
    assert "Alice has 4 XP" in read.reason
    assert "[Level 3] is on" in read.reason
    assert "on the chain" not in read.reason


def test_xp_never_stated_is_unknown(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, "Alice controls Gustwalker at Targon's Peak.\n")
    read = rb.engine.xp_of(result.state, "Alice")
    assert "No statement said how much XP Alice has" in read.reason


def test_has_won_reads_the_victory_score_and_the_opponents_points(
    rb: RiftboundScenarioExecutor,
) -> None:
    held = run(
        rb,
        "Alice controls Mosstomper at Targon's Peak. Alice controls Targon's Peak. "
        "Alice has 7 points.\n",
    )
    assert rb.engine.has_won(held.state, "Alice").kind == "no"
    won = run(
        rb,
        "Alice controls Mosstomper at Targon's Peak. Alice controls Targon's Peak. "
        "Alice has 7 points. Bob has 5 points.\nIt is Alice's next turn.\n",
    )
    answer = rb.engine.has_won(won.state, "Alice")
    assert answer.kind == "yes"
    assert {"467", "480.3"} <= set(answer.rules)
    assert rb.engine.has_won(won.state, "Bob").kind == "no"
    tied = run(rb, "Alice has 8 points. Bob has 8 points.\n")
    assert "more points than any opponent" in rb.engine.has_won(tied.state, "Alice").reason
    unknown = run(rb, "Alice controls Targon's Peak.\n")
    assert "No statement said how many points Alice has" in (
        rb.engine.has_won(unknown.state, "Alice").reason
    )


def test_the_executor_answers_the_xp_and_won_questions(rb: RiftboundScenarioExecutor) -> None:
    # What the parser's "How much XP does Alice have?" / "Has Alice won?" become (mtg-qa49u).
    result = run(
        rb,
        "Alice controls Mosstomper at Targon's Peak. Alice controls Targon's Peak. "
        "Alice has 7 points. Alice has 1 XP. Bob has 3 points.\nIt is Alice's next turn.\n",
    )
    alice = ast.PlayerRef("Alice")
    script = ScriptRun(speaker="Alice")
    state, xp = rb._dispatch(result.state, ast.RbXp(player=alice, xp=None), script)
    assert state == result.state
    assert "Alice has 1 XP" in xp.reason and "Mosstomper's [Level 3] is off" in xp.reason
    state, won = rb._dispatch(result.state, ast.RbWonQuestion(player=alice), script)
    assert state == result.state
    assert won.kind == "yes"
