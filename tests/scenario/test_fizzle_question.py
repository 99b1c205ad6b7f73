"""QA 10 #7: “Does X fizzle?” is answered without changing the game (CR 608.2b; Riftbound
359.3.e.1: a spell resolves even if all its targets are illegal)."""

from __future__ import annotations

import pytest

from bot.errors import ScenarioError
from bot.scenario.ast import MovesZone, ObjectRef, TopOfStack, WhatIfQuestion
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_statement
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run as rb_run

BOLT_AT_BEAR = "Alice controls Runeclaw Bear.\nBob casts Lightning Bolt targeting Runeclaw Bear.\n"


def test_a_spell_whose_only_target_is_gone_fizzles(executor: MtgScenarioExecutor) -> None:
    result = executor.run(
        BOLT_AT_BEAR + "Runeclaw Bear is exiled.\nDoes Lightning Bolt fizzle?\n", speaker="Alice"
    )
    step = result.steps[-1]
    assert step.verdict == "yes"
    assert step.explanation.startswith("Yes: ")
    assert "608.2b" in step.rules
    assert not step.changed
    assert len(result.state.stack) == 1  # nothing resolved


def test_a_spell_with_a_legal_target_does_not_fizzle(executor: MtgScenarioExecutor) -> None:
    result = executor.run(BOLT_AT_BEAR + "Will Lightning Bolt fizzle?\n", speaker="Alice")
    step = result.steps[-1]
    assert step.verdict == "no"
    assert step.explanation.startswith("No: ")
    assert "608.2b" in step.rules
    assert len(result.state.stack) == 1


def test_a_riftbound_spell_never_fizzles(rb: RiftboundScenarioExecutor) -> None:
    result = rb_run(
        rb,
        "Alice controls Blazing Scorcher at her base.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Alice plays Void Seeker targeting Bob's Blazing Scorcher.\n"
        "Bob's Blazing Scorcher moves to his base.\nDoes Void Seeker fizzle?",
    )
    step = result.steps[-1]
    assert step.verdict == "no"
    assert "359.3.e.1" in step.rules
    assert "never fizzle" in step.explanation
    assert result.state.chain


@pytest.mark.parametrize(
    "question",
    ["What happens when Lightning Bolt resolves?", "What happens if Lightning Bolt resolves"],
)
def test_what_happens_when_it_resolves_is_answered_on_a_copy(
    executor: MtgScenarioExecutor, question: str
) -> None:
    # QA 10: asked as a question, it was refused with "say it as a statement". CR 608.2b: the
    # Bolt resolves and deals its 3 damage; the Bear, toughness 2, dies (704.5g).
    result = executor.run(BOLT_AT_BEAR + question + "\n", speaker="Alice")
    step = result.steps[-1]
    assert step.verdict == "resolved"
    assert step.explanation.startswith("If Lightning Bolt resolved now: ")
    assert "3 damage to Runeclaw Bear" in step.explanation
    assert "704.5g" in step.rules
    assert not step.changed
    assert len(result.state.stack) == 1  # nothing resolved
    assert any(
        o.name == "Runeclaw Bear" and o.zone.value == "battlefield"
        for o in result.state.objects.values()
    )


def test_what_happens_to_a_spell_whose_target_is_gone(executor: MtgScenarioExecutor) -> None:
    # CR 608.2b: its only target is illegal, so it doesn't resolve.
    result = executor.run(
        BOLT_AT_BEAR + "Runeclaw Bear is exiled.\nWhat happens when Lightning Bolt resolves?\n",
        speaker="Alice",
    )
    step = result.steps[-1]
    assert step.verdict == "fizzled"
    assert "608.2b" in step.rules
    assert len(result.state.stack) == 1


def test_what_happens_to_a_spell_not_on_top_says_what_resolves_first(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 405.5, 608.1: only the top object resolves.
    result = executor.run(
        BOLT_AT_BEAR
        + "Alice casts Cloudshift targeting Runeclaw Bear.\n"
        + "What happens when Lightning Bolt resolves?\n",
        speaker="Alice",
    )
    # Asked for Lightning Bolt under Cloudshift: Cloudshift resolves first and flickers the
    # Bear (a new object, 400.7), so the Bolt then has no legal target (608.2b).
    step = result.steps[-1]
    assert step.verdict == "fizzled"
    assert "isn't on top, so what is above it resolves first (405.5)" in step.explanation
    assert "Then Cloudshift resolves" in step.explanation and "405.5" in step.rules


def test_what_happens_when_a_riftbound_spell_resolves(rb: RiftboundScenarioExecutor) -> None:
    # Void Seeker: "Deal 4 to a unit at a battlefield. Draw 1." (359.3: it resolves).
    result = rb_run(
        rb,
        "Alice controls Recruit at Targon's Peak.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Alice plays Void Seeker targeting Blazing Scorcher.\n"
        "What happens when Void Seeker resolves?",
    )
    step = result.steps[-1]
    assert step.verdict == "resolved"
    assert "dealt 4" in " ".join(step.notes)
    assert result.state.chain


def test_what_happens_when_the_stack_or_chain_resolves_plays_all_of_it_out(
    executor: MtgScenarioExecutor, rb: RiftboundScenarioExecutor
) -> None:
    # QA 16: "What happens when the chain resolves?" answered "There is no chain on the
    # chain".  A judge asking it means the whole stack: the newest item resolves first, then
    # the next (CR 405.5; Riftbound 340.1), played out on a copy.
    result = executor.run(
        BOLT_AT_BEAR + "Alice casts Giant Growth targeting Runeclaw Bear.\n"
        "What happens when the stack resolves?\n",
        speaker="Alice",
    )
    step = result.steps[-1]
    assert step.verdict == "resolved"
    assert step.explanation.startswith(
        "If the stack resolved now, newest first (405.5): Giant Growth resolves"
    )
    assert "Then Lightning Bolt resolves" in step.explanation
    assert not step.changed
    assert len(result.state.stack) == 2
    empty = executor.run("What happens when the stack resolves?\n", speaker="Alice")
    assert "the stack is empty" in empty.steps[0].explanation
    chain = rb_run(
        rb,
        "Alice controls Recruit at Targon's Peak.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Alice plays Void Seeker targeting Blazing Scorcher.\n"
        "What happens when the chain resolves?",
    )
    step = chain.steps[-1]
    assert step.verdict == "resolved"
    assert step.explanation.startswith(
        "If the chain resolved now, newest first (340.1): Void Seeker"
    )
    assert "say “Resolve the chain.”" in step.explanation


def test_a_riftbound_statement_without_a_verb_lists_riftbounds_verbs(
    rb: RiftboundScenarioExecutor,
) -> None:
    # QA 16: Riftbound was told Magic's verbs ("casts, activates").
    result = rb_run(rb, "Alice controls Recruit at Targon's Peak.\nAlice dances with Recruit.")
    said = result.steps[-1].explanation
    assert "controls, plays" in said and "casts" not in said and "activates" not in said


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("What happens if Runeclaw Bear dies first?", "Runeclaw Bear"),
        ("What if the target is exiled in response?", "the target"),
        ("What would happen if its target dies?", "its target"),
        ("What happens to Lightning Bolt if Runeclaw Bear dies?", "Runeclaw Bear"),
    ],
)
def test_what_if_questions_parse_to_an_event_and_the_item(question: str, subject: str) -> None:
    parsed = parse_statement(question, speaker="Alice")
    assert isinstance(parsed, WhatIfQuestion)
    assert isinstance(parsed.event, MovesZone)
    assert parsed.event.subject.name == subject
    named = "Lightning Bolt" in question
    assert isinstance(parsed.item, ObjectRef if named else TopOfStack)


def test_a_what_if_about_a_question_is_refused_with_the_form_that_works() -> None:
    with pytest.raises(ScenarioError) as refused:
        parse_statement("What happens if does Shock target?", speaker="A")
    assert "What happens if Runeclaw Bear dies?" in str(refused.value)


def test_what_if_the_target_is_answered_on_a_copy(executor: MtgScenarioExecutor) -> None:
    # QA 15 #13 ("What happens if the target dies first?" was not understood). CR 608.2b: Bolt's
    # only target is gone, so it doesn't resolve; asking changes nothing.
    result = executor.run(BOLT_AT_BEAR + "What happens if the target dies first?\n", speaker="A")
    step = result.steps[-1]
    assert step.verdict == "fizzled"
    assert step.explanation.startswith("If Runeclaw Bear dies: ")
    assert {"608.2b", "400.7"} <= set(step.rules)
    assert not step.changed
    assert [o.name for o in result.state.objects.values() if o.zone.value == "battlefield"] == [
        "Runeclaw Bear"
    ]
    assert len(result.state.stack) == 1


def test_the_target_of_a_spell_with_two_targets_must_be_named(
    executor: MtgScenarioExecutor,
) -> None:
    result = executor.run(
        "Alice controls Runeclaw Bear and Llanowar Elves.\n"
        "Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.\n"
        "What happens if the target dies?\n",
        speaker="Alice",
    )
    step = result.steps[-1]
    assert step.verdict == "error"
    assert "2 targets (Runeclaw Bear, Llanowar Elves)" in step.explanation


def test_a_what_if_with_an_empty_stack_answers_the_event(executor: MtgScenarioExecutor) -> None:
    result = executor.run(
        "Alice controls Runeclaw Bear.\nWhat happens if Runeclaw Bear dies?\n", speaker="Alice"
    )
    step = result.steps[-1]
    assert step.verdict == "ok"
    assert "Runeclaw Bear died" in step.explanation and "Nothing is changed" in step.explanation
    assert not step.changed


@pytest.mark.parametrize(
    "question",
    [
        "What is Arc Trail targeting?",
        "What does Arc Trail target?",
        "Who is the top of the stack targeting?",
        "What are Arc Trail's targets?",
    ],
)
def test_what_a_spell_on_the_stack_is_targeting(
    executor: MtgScenarioExecutor, question: str
) -> None:
    # CR 601.2c: its targets were chosen as it was cast; 608.2b: a target that left its zone
    # is illegal. Asked in these words, it was "not understood".
    result = executor.run(
        "Alice controls Runeclaw Bear and Llanowar Elves.\n"
        "Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.\n"
        f"Runeclaw Bear dies.\n{question}\n",
        speaker="Alice",
    )
    step = result.steps[-1]
    assert step.verdict == "ok" and not step.changed
    assert step.explanation.startswith("Arc Trail (#3, Bob's) targets: “any target”: Runeclaw")
    assert "— illegal: Runeclaw Bear died" in step.explanation
    assert "“any other target”: Llanowar Elves — legal." in step.explanation
    assert step.rules == ("601.2c", "608.2b", "400.7")  # 400.7: why the Bear's is illegal


def test_is_its_target_still_legal_and_does_it_still_resolve(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 702.11b: hexproof gained after the Bolt was cast makes its target illegal; 608.2b:
    # with no legal target left it doesn't resolve.
    result = executor.run(
        BOLT_AT_BEAR + "Runeclaw Bear gains hexproof.\nIs Lightning Bolt's target still legal?\n"
        "Does Lightning Bolt still resolve?\n",
        speaker="Alice",
    )
    legal, resolves = result.steps[-2:]
    assert "“any target”: Runeclaw Bear — illegal: Runeclaw Bear has hexproof" in (
        legal.explanation
    )
    assert legal.rules == ("601.2c", "608.2b", "702.11b")
    assert resolves.verdict == "fizzled" and not resolves.changed


def test_what_a_card_not_on_the_stack_would_target(executor: MtgScenarioExecutor) -> None:
    result = executor.run(
        "Alice controls Runeclaw Bear.\nWhat does Lightning Bolt target?\n", speaker="Alice"
    )
    step = result.steps[-1]
    assert step.explanation.startswith(
        "Lightning Bolt isn't on the stack, so it targets nothing yet. Legal targets for "
        "Lightning Bolt: “any target”:"
    )


def test_what_a_riftbound_spell_on_the_chain_is_targeting(rb: RiftboundScenarioExecutor) -> None:
    result = rb_run(
        rb,
        "Bob controls Recruit at Targon's Peak.\nAlice plays Void Seeker targeting Recruit.\n"
        "Recruit moves to his base.\nWhat is Void Seeker targeting?",
    )
    step = result.steps[-1]
    assert step.verdict == "ok"
    assert "“a unit at a battlefield”: Bob's Recruit (chosen at Targon's Peak) — no longer " in (
        step.explanation
    )
    assert step.rules == ("355.6", "355.9")


def test_does_it_die_plays_the_stack_out_on_a_copy(executor: MtgScenarioExecutor) -> None:
    # CR 704.5g: 3 damage on a 2-toughness creature is lethal; Troll Ascetic isn't touched;
    # Swords to Plowshares exiles rather than kills (a creature "dies" when put into a
    # graveyard from the battlefield, 700.4).
    result = executor.run(
        "Bob controls Runeclaw Bear and Troll Ascetic.\n"
        "Alice casts Lightning Bolt targeting Runeclaw Bear.\n"
        "Does Runeclaw Bear die?\nWill Runeclaw Bear survive?\nDoes Troll Ascetic die?\n",
        speaker="Alice",
    )
    dies, survives, other = result.steps[-3:]
    assert (dies.verdict, survives.verdict, other.verdict) == ("yes", "no", "no")
    assert dies.explanation.startswith("Yes: once the stack resolves, Runeclaw Bear dies.")
    assert "704.5g" in dies.rules
    assert other.explanation.startswith("No: once the stack resolves, Troll Ascetic is still")
    assert len(result.state.stack) == 1 and not dies.changed


def test_an_exiled_creature_does_not_die(executor: MtgScenarioExecutor) -> None:
    result = executor.run(
        "Bob controls Runeclaw Bear.\nAlice casts Swords to Plowshares targeting Runeclaw Bear.\n"
        "Does Runeclaw Bear die?\n",
        speaker="Alice",
    )
    step = result.steps[-1]
    assert step.verdict == "no"
    assert step.explanation.startswith("No: once the stack resolves, Runeclaw Bear is exiled.")


def test_a_riftbound_unit_dealt_lethal_damage_dies(rb: RiftboundScenarioExecutor) -> None:
    result = rb_run(
        rb,
        "Bob controls Recruit at Targon's Peak.\nAlice plays Void Seeker targeting Recruit.\n"
        "Does Recruit die?",
    )
    step = result.steps[-1]
    assert step.verdict == "yes"
    assert "323.5" in step.rules and result.state.chain


def test_what_if_a_spell_is_cast_on_an_empty_stack(executor: MtgScenarioExecutor) -> None:
    # The spell the event puts on the stack is what is asked about: it resolves (608.2b), and
    # 3 damage kills the 2-toughness Bear (704.5g); nothing is changed.
    result = executor.run(
        "Alice controls Runeclaw Bear.\n"
        "What happens if Bob casts Lightning Bolt targeting Runeclaw Bear?\n",
        speaker="Alice",
    )
    step = result.steps[-1]
    assert step.verdict == "resolved" and not step.changed
    assert "Then Lightning Bolt resolves" in step.explanation
    assert "stack is empty" not in step.explanation
    assert {"608.2b", "704.5g"} <= set(step.rules) and not result.state.stack


def test_a_spell_countered_in_a_what_if_and_in_response_wordings(
    executor: MtgScenarioExecutor,
) -> None:
    # QA 17 #11: "In response, Bob casts ..." and "... is countered" weren't understood.
    # 701.6a: a countered spell leaves the stack and doesn't resolve; Lightning Bolt still
    # resolves and kills the 2/2 Bear it would have pumped out of reach (704.5g).
    result = executor.run(
        BOLT_AT_BEAR + "In response, Alice casts Giant Growth targeting Runeclaw Bear.\n"
        "What happens if Giant Growth is countered?\nHow much life does Bob have left?\n",
        speaker="Alice",
    )
    cast, asked, life = result.steps[-3:]
    assert cast.verdict == "legal"
    assert asked.explanation.startswith("If Giant Growth is countered: Giant Growth was countered")
    assert "701.6a" in asked.rules and "704.5g" in asked.rules and not asked.changed
    assert life.explanation.startswith("Bob has 20 life")


def test_does_a_player_die_answers_about_losing(executor: MtgScenarioExecutor) -> None:
    # QA 17 #13: "Does Bob die?" looked for an object called Bob. A player doesn't die; at 0
    # or less life they lose the game (704.5a). Bob at 3 life, Lightning Bolt at him.
    result = executor.run(
        "Bob has 3 life.\nAlice casts Lightning Bolt targeting Bob.\nDoes Bob die?\n"
        "Will Bob survive?\n",
        speaker="Alice",
    )
    dies, survives = result.steps[-2:]
    assert (dies.verdict, survives.verdict) == ("yes", "no")
    assert "a player doesn't die, but loses at 0 life" in dies.explanation
    assert "Bob loses the game at 0 life (704.5a)" in dies.explanation
    assert "704.5a" in dies.rules and result.state.stack and not dies.changed


def test_does_a_player_lose_is_answered_without_the_dying_aside(
    executor: MtgScenarioExecutor,
) -> None:
    # Stop 47 left-over: "Does Bob lose?" was answered "a player doesn't die, but ...".
    result = executor.run(
        "Bob has 3 life.\nAlice casts Lightning Bolt targeting Bob.\nDoes Bob lose?\n",
        speaker="Alice",
    )
    loses = result.steps[-1]
    assert loses.verdict == "yes"
    assert loses.explanation.startswith("Yes: once the stack resolves, Bob loses the game")
    assert "doesn't die" not in loses.explanation
