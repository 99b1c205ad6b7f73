"""Answers QA report 48 found wrong about costs and wordings, checked against the real cards,
Core Rules v1.3 and the FAQs: Ekko, Recurrent's "Recycle me to" is a cost paid as its
Deathknell goes on the chain (Unleashed FAQ; 355.10.c.1, 416.3)."""

from __future__ import annotations

from bot.data.riftbound_rules import RiftboundRules
from bot.engine.riftbound.rules import KEYWORD_CHECKED
from bot.scenario.riftbound_executor import RbScriptResult, RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run, verdicts


def _said(result: RbScriptResult, step: int = -1) -> str:
    said = result.steps[step]
    effects = (f"{e.text} ({e.why})" for e in said.effects)
    return " ".join((said.explanation, *effects, *said.notes))


def test_ekko_recurrent_is_recycled_as_its_deathknell_goes_on_the_chain(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Targon's Peak. Alice controls Ekko, Recurrent at Targon's Peak.\n"
        "Ekko, Recurrent dies.\n"
        "Show the board.\n"
        "Resolve the chain.\n"
        "Show the board.\n",
    )
    assert verdicts(result) == ["ok", "ok", "ok", "ok", "resolved", "ok"]
    assert "recycled from the trash to the bottom of Alice's Main Deck" in _said(result, 2)
    assert {"355.10.c.1", "416.1.a"} <= set(result.steps[2].rules)
    board = _said(result, 5)
    assert "Ekko, Recurrent — Alice's main deck" in board and "trash" not in board


def test_a_second_ekko_deathknell_cannot_pay_its_recycle_cost(
    rb: RiftboundScenarioExecutor,
) -> None:
    # Karthus, Eternal: the Deathknell triggers twice; the first instance took Ekko from the
    # trash, so the second can't pay (416.3) and doesn't go on the chain.
    result = run(
        rb,
        "Alice controls Karthus, Eternal at her base. Alice controls Ekko, Recurrent at her base.\n"
        "Ekko, Recurrent dies.\n"
        "What is on the chain?\n",
    )
    assert verdicts(result)[2] == "ok"
    assert "can't be paid" in _said(result, 2) and "416.3" in result.steps[2].rules
    assert _said(result, 3).count("Deathknell ability") == 1


def test_a_champion_trigger_is_one_target_despite_the_comma_in_its_name(
    rb: RiftboundScenarioExecutor,
) -> None:
    for named in ("Yasuo, Remorseful's trigger", "the trigger of Yasuo, Remorseful"):
        result = run(
            rb,
            "Alice controls Stalwart Poro at Targon's Peak.\n"
            "Bob controls Yasuo, Remorseful at Targon's Peak.\n"
            "Yasuo, Remorseful's trigger targets Stalwart Poro.\n"
            f"Alice plays Not So Fast targeting {named}.\n",
        )
        assert verdicts(result)[-1] == "legal", _said(result)
        assert "is a unit, not a spell or ability" not in _said(result)


def test_keyword_questions_answer_from_the_board(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Alice controls Pouty Poro at her base.\n"
        "Does Pouty Poro have Deflect?\n"
        "Does Pouty Poro have [Deflect 2]?\n"
        "Does Pouty Poro have Temporary?\n"
        "Alice controls Sprite Mother at her base.\n"
        "Does Pouty Poro have Assault 3?\n",
    )
    assert verdicts(result) == ["ok", "yes", "no", "no", "ok", "no"]
    assert "809.3" in result.steps[1].rules and "816.3" in result.steps[3].rules
    assert "has [Deflect], not [Deflect 2]" in _said(result, 2)


def test_every_keyword_checked_rule_is_in_the_core_rules(rules_v13: RiftboundRules) -> None:
    rules = rules_v13.by_id()
    for keyword, number in KEYWORD_CHECKED.items():
        text = rules[number].text.lower().replace("-", "")
        assert keyword.replace("-", "") in text and "checked" in text, (keyword, number)


def test_points_count_up_and_the_conquer_needs_every_battlefield(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice's score is 6.\n"
        "Alice controls Targon's Peak. Bob controls Bandle Tree.\n"
        "Alice controls Stalwart Poro at Bandle Tree.\n"
        "Alice holds Targon's Peak.\n"
        "Alice conquers Bandle Tree.\n"
        "How many points does Alice have?\n",
    )
    assert verdicts(result) == ["ok"] * 7
    assert "7 points now" in _said(result, 4)
    # 7 points, and both battlefields scored this turn: the conquer gains the Winning Point.
    assert "466.1.b.2" in result.steps[5].rules and "8 points and wins" in _said(result, 5)
    assert "Alice has 8 points" in _said(result, 6)


def test_points_are_kept_in_a_saved_game(rb: RiftboundScenarioExecutor) -> None:
    from bot.engine.riftbound.state import RbState

    state = run(rb, "Alice has 3 points.\n").state
    assert RbState.from_dict(state.to_dict()).points == {"Alice": 3}


def test_unknown_points_are_said_so(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb, "Alice controls Stalwart Poro at Targon's Peak.\nAlice conquers Targon's Peak.\n"
    )
    assert "doesn't know Alice's score" in _said(result, 1)


def test_a_possessive_after_a_choice_is_not_its_restriction(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Stalwart Poro at her base.\n"
        "Alice plays Last Stand targeting Stalwart Poro.\n",
    )
    assert [slot.requirement for slot in result.steps[1].targets] == ["a friendly unit"]


def test_riftbound_is_and_phase_errors_use_riftbound_words(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "It is Alice's Beginning Phase.\nAlice's Ending Phase starts.\nStalwart Poro is asleep.\n",
    )
    for step in result.steps:
        said = _said(result, step.position - 1)
        assert step.verdict == "error"
        assert "graveyard" not in said and "phases out" not in said and "tapped" not in said
    assert "doesn't keep a turn's phases" in _said(result, 0)
    assert "doesn't keep a turn's phases" in _said(result, 1)


def test_an_empty_battlefield_hold_is_noted(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, "Alice controls Bandle Tree.\nAlice holds Bandle Tree.\n")
    assert "187.4.c" in result.steps[1].rules
    assert "No unit of Alice's is at Bandle Tree" in _said(result, 1)
    held = run(rb, "Alice controls Stalwart Poro at Bandle Tree.\nAlice holds Bandle Tree.\n")
    assert "187.4.c" not in held.steps[1].rules


def test_weaponmaster_reduces_only_an_equip_cost_with_a(rb: RiftboundScenarioExecutor) -> None:
    script = (
        "Alice controls Stalwart Poro at her base. Alice controls {gear} attached to Stalwart "
        "Poro.\nAlice plays Sentinel Adept.\nSentinel Adept's trigger targets {gear}.\n"
        "The top of the chain resolves.\n"
    )
    sword = _said(run(rb, script.format(gear="Long Sword")))
    assert "“[Fury]” (no [A] in it, so it isn't reduced" in sword
    axe = _said(run(rb, script.format(gear="Spinning Axe")))
    assert "“[A]”, reduced by [A]," in axe


def test_an_attached_equipments_equip_question_is_no_quoting_the_equip(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Alice controls Stalwart Poro at her base. Alice controls Long Sword attached to "
        "Stalwart Poro.\nAlice controls Pouty Poro at her base.\n"
        "Can Alice activate Long Sword's Equip ability targeting Pouty Poro?\n",
    )
    assert verdicts(result)[-1] == "no"
    said = _said(result)
    assert "Attach this gear to a unit you control" in said and "When you play" not in said


def test_an_uncontrolled_battlefield_is_open_for_sai_scout(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Nobody controls Bandle Tree.\n"
        "Alice plays Sai Scout to Bandle Tree.\n"
        "Bob controls Stalwart Poro at Targon's Peak.\n"
        "Targon's Peak is uncontrolled.\n",
    )
    assert verdicts(result) == ["ok", "legal", "ok", "error"]
    assert "169.10.b" in result.steps[0].rules


def test_a_legion_cost_reduction_is_noted(rb: RiftboundScenarioExecutor) -> None:
    result = run(rb, "Alice plays Noxus Hopeful.\nAlice plays Noxus Hopeful.\n")
    assert "doesn't apply" in _said(result, 0) and "812.1.c" in result.steps[0].rules
    assert "played Noxus Hopeful this turn" in _said(result, 1)
    assert "Quick-Draw" not in _said(result, 0)
