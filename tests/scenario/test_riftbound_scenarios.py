"""Riftbound scenarios through the executor, on real cards, each checking the rule or FAQ
answer it quotes (read from the real files)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.commands.riftbound_cards import RiftboundCardLookup
from bot.commands.scenario import IndexCardLookup
from bot.data.riftbound_cards import RiftboundCardData
from bot.data.riftbound_rules import RiftboundRules
from bot.engine.riftbound.game import RiftboundGame
from bot.errors import ScenarioError
from bot.reference.riftbound import RiftboundIndex
from bot.reference.store import Reference
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import faq, last, run, verdicts

SETUP = (
    "Alice controls Blazing Scorcher at her base.\n"
    "Bob controls Blazing Scorcher at Targon's Peak.\n"
)


def test_void_seeker_resolves_without_its_moved_target(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    example = rules_v13.by_id()["359.3.e.5"].text
    assert "move the unit to their base" in example and "Draw 1" in example
    result = run(
        rb,
        SETUP + "Alice plays Void Seeker targeting Bob's Blazing Scorcher.\n"
        "Bob's Blazing Scorcher moves to his base.\nThe top of the chain resolves.",
    )
    assert verdicts(result) == ["ok", "ok", "legal", "ok", "partial"]
    step = last(result)
    assert [(e.text, e.happens) for e in step.effects] == [
        ("Deal 4 to a unit at a battlefield", False),
        ("Draw 1", True),
    ]
    assert {"340.1", "359.3.e.1", "359.3.e.5", "359.3.e.7"} <= set(step.rules)
    scorcher = next(o for o in result.state.on_board() if o.controller == "Bob")
    assert scorcher.damage == 0 and scorcher.location == ""  # unaffected, at base
    assert not result.state.chain


def test_a_move_between_battlefields_keeps_the_target(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    assert "to another space on the Board is a Move" in rules_v13.by_id()["441.1"].text
    result = run(
        rb,
        SETUP + "Alice plays Void Seeker targeting Bob's Blazing Scorcher.\n"
        "Bob's Blazing Scorcher moves to The Grand Plaza.\nResolve the chain.",
    )
    assert verdicts(result)[-2:] == ["ok", "resolved"]
    assert "441.1" in result.steps[-2].rules
    # 4 damage on a 5 Might unit: it survives, damaged.
    scorcher = next(o for o in result.state.on_board() if o.controller == "Bob")
    assert (scorcher.location, scorcher.damage) == ("The Grand Plaza", 4)


def test_kill_all_units_at_a_battlefield_targets_the_battlefield(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    text = rules_v13.by_id()["355.10.b"].text
    assert '"Kill all units at a battlefield" targets a battlefield, but not any units' in text
    result = run(
        rb,
        SETUP + 'Does "Kill all units at a battlefield" target?\n'
        "Bob controls a 1 Might Recruit unit token at Targon's Peak.\n"
        "Alice plays Firestorm targeting Targon's Peak.\nThe top of the chain resolves.",
    )
    question = result.steps[2]
    assert question.verdict == "yes" and "a battlefield" in question.explanation
    assert {"355.10.b", "355.10.d"} <= set(question.rules)
    # The seed's v1.2 numbers, named once for the whole answer, after its last statement.
    assert "355.10.b = 352.10.b" in last(result).notes[-1]
    assert not any("v1.2 numbers" in note for step in result.steps[:-1] for note in step.notes)
    assert [t.legal for t in question.targets] == [False, True]  # units no, battlefield yes
    assert verdicts(result)[-2:] == ["legal", "resolved"]
    # Firestorm: "Deal 3 to all enemy units at a battlefield" — the Recruit dies (lethal damage).
    assert not any(o.name == "Recruit" for o in result.state.objects.values())
    assert "323.5" in last(result).rules


def test_kill_a_unit_at_a_battlefield_targets_the_unit_not_the_battlefield(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    text = rules_v13.by_id()["355.10.b"].text
    assert '"Kill a unit at a battlefield" targets a unit, but not a battlefield' in text
    result = run(
        rb,
        SETUP + "Alice plays Hidden Blade targeting Targon's Peak.\n"
        "Alice plays Hidden Blade targeting Alice's Blazing Scorcher.\n"
        "Alice plays Hidden Blade targeting Bob's Blazing Scorcher.",
    )
    assert verdicts(result)[2:] == ["illegal", "illegal", "legal"]
    assert "is a battlefield, not a unit" in result.steps[2].explanation
    assert "not at a battlefield" in result.steps[3].explanation
    assert len(result.state.chain) == 1  # illegal plays changed nothing


def test_the_only_valid_choice_is_still_a_target(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    assert (
        "even if that unit is the only unit currently at a battlefield"
        in rules_v13.by_id()["355.10.d.2"].text
    )
    result = run(rb, SETUP + "Alice plays Blast of Power.\nWhat can Blast of Power target?")
    assert result.steps[2].verdict == "illegal" and "355.8" in result.steps[2].rules
    options = last(result).targets[0].options
    assert [o.label for o in options] == ["Bob's Blazing Scorcher at Targon's Peak"]


def test_units_are_played_to_a_base_or_a_battlefield_you_control(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    assert (
        "controller's Base or a Battlefield the controller controls"
        in rules_v13.by_id()["355.2.a"].text
    )
    assert "becomes a Game Object" in rules_v13.by_id()["359.2"].text
    result = run(
        rb,
        SETUP + "Alice plays Blazing Scorcher at Targon's Peak.\n"
        "Alice plays Blazing Scorcher at her base.\nBob plays Blazing Scorcher at Targon's Peak.",
    )
    assert verdicts(result)[2:] == ["illegal", "legal", "legal"]
    assert "controlled by Bob" in result.steps[2].explanation
    assert {"355.2", "355.2.a", "359.2"} <= set(result.steps[3].rules)
    assert not result.state.chain  # permanents don't wait on the chain
    at_peak = [o for o in result.state.on_board() if o.location == "Targon's Peak"]
    assert [o.controller for o in at_peak] == ["Bob", "Bob"]


def test_a_spell_cannot_target_itself(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    assert (
        'A spell that says "Counter a spell" cannot target itself'
        in rules_v13.by_id()["355.9.c"].text
    )
    result = run(
        rb,
        SETUP + "Alice plays Hidden Blade targeting Bob's Blazing Scorcher.\n"
        "Bob plays Abandon targeting Hidden Blade.\nWhat can Abandon target?\n"
        "Is Abandon a legal target for Abandon?\nResolve the chain.",
    )
    options = [o.label for o in result.steps[4].targets[0].options]
    assert options == ["Alice's Hidden Blade (on the chain)"]
    assert result.steps[5].verdict == "no" and "355.9.c" in result.steps[5].rules
    # Abandon counters Hidden Blade, which returns to its owner's hand and never resolves.
    assert last(result).verdict == "resolved"
    blade = next(o for o in result.state.objects.values() if o.name == "Hidden Blade")
    assert blade.zone.value == "hand"
    assert any(
        o.name == "Blazing Scorcher" and o.controller == "Bob" for o in result.state.on_board()
    )


def test_sigil_of_the_storm_must_does_not_target(
    rb: RiftboundScenarioExecutor, card_data: RiftboundCardData
) -> None:
    answer = faq(card_data, "Does Sigil of the Storm target?")
    assert "None of the choices made for such an ability are targets" in answer
    result = run(
        rb,
        "Does Sigil of the Storm target?\n"
        'Does "When you conquer here, recycle one of your runes." target?',
    )
    assert verdicts(result) == ["no", "yes"]
    assert "355.10.f" in result.steps[0].rules


def test_fox_fire_group_total_might(
    rb: RiftboundScenarioExecutor, card_data: RiftboundCardData, rules_v13: RiftboundRules
) -> None:
    answer = faq(card_data, "Are the units I choose for Fox-Fire targets?")
    assert (
        "choose any number of units at a single battlefield whose current total Might is 4 or less"
        in answer
    )
    assert "collectively fulfill the targeting restriction" in rules_v13.by_id()["355.11.a"].text
    result = run(
        rb,
        "Bob controls three 1 Might Recruit unit tokens at Targon's Peak.\n"
        "Bob controls a 2 Might Sprite unit token at Targon's Peak.\n"
        "Alice plays Fox-Fire targeting #2, #3, #4 and Sprite.\n"
        "Alice plays Fox-Fire targeting #2, #3 and Sprite.\nResolve the chain.",
    )
    assert verdicts(result)[2:] == ["illegal", "legal", "resolved"]
    assert "total Might must be 4 or less" in result.steps[2].explanation
    assert {"355.11", "355.11.a"} <= set(result.steps[2].rules)
    left = [o.id for o in result.state.on_board()]
    assert left == [4]


def test_fox_fire_example_resolves_on_the_chosen_subset(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    example = rules_v13.by_id()["355.11.b"].text
    assert "They could choose to kill the two 2 [M] Recruits" in example
    script = (
        "Bob controls four Recruit at Targon's Peak.\n"  # the token, by its card name
        "Alice plays Fox-Fire targeting #2, #3, #4 and #5.\n"
        # "As a Reaction, another player gives two of those Recruits +1 [M]"
        "Bob's first Recruit gets +1 Might.\nBob's second Recruit gets +1 [M].\n"
        "The top of the chain resolves.\n"
        "Fox-Fire resolves affecting #2, #3 and #4.\n"  # 5 Might: not allowed
        "Fox-Fire resolves affecting #2 and #3.\n"
    )
    result = run(rb, script)
    assert verdicts(result)[1:] == ["legal", "ok", "ok", "error", "error", "partial"]
    asked = result.steps[4].error
    assert asked is not None and "355.11.b" in asked.message and "they have 6 now" in asked.message
    assert "The top of the chain resolves affecting #2 and #3." in asked.statements
    assert "That choice is not one of them" in result.steps[5].explanation
    done = result.steps[6]
    assert [(t.chosen_id, t.legal) for t in done.targets] == [
        (2, True),
        (3, True),
        (4, False),
        (5, False),
    ]
    assert "355.11.b" in done.rules
    assert sorted(o.id for o in result.state.on_board()) == [4, 5]  # the two 1 Might Recruits


def test_the_chain_can_be_asked_for(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Bob controls Recruit at Targon's Peak.\n"
        "Alice plays Void Seeker targeting Recruit.\nRecruit moves to his base.\n"
        "What is on the chain?\n",
    )
    answer = result.steps[-1]
    assert answer.verdict == "ok"
    assert answer.explanation.splitlines()[:3] == [
        "Chain (newest first):",
        "[newest] #3 Void Seeker (Alice)",
        # Where it is now, and where it was chosen (QA 6: it showed the old place).
        # The requirement in full, as the card says it (QA 15 #9: it said only "a unit").
        "    “a unit at a battlefield”: Bob's Recruit (chosen at Targon's Peak) — no longer "
        "legal: Recruit is not at a battlefield.",
    ]


def test_magic_spells_affect_every_legal_target(cards_reference: Reference) -> None:
    mtg = MtgScenarioExecutor(IndexCardLookup(cards_reference.cards))
    result = mtg.run(
        "Alice controls Runeclaw Bear and Llanowar Elves.\n"
        "Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.\n"
        "Arc Trail resolves affecting Runeclaw Bear.\n",
        speaker="alice",
    )
    error = result.steps[2].error
    assert error is not None and "608.2b" in error.message


def test_last_known_information_its_controller_draws_is_ignored(
    rb: RiftboundScenarioExecutor, card_data: RiftboundCardData
) -> None:
    answer = faq(card_data, "Last Known Information")
    assert "no information about that unit is used" in answer
    result = run(
        rb,
        SETUP + "Alice plays Hidden Blade targeting Bob's Blazing Scorcher.\n"
        "Bob's Blazing Scorcher dies.\nThe top of the chain resolves.",
    )
    step = last(result)
    assert step.verdict == "partial"
    assert [(e.text, e.happens) for e in step.effects] == [
        ("Kill a unit at a battlefield", False),
        ("Its controller draws 2", False),
    ]
    assert {"359.3.e.4", "359.3.e.14.a", "359.3.e.10"} <= set(step.rules)


def test_might_decides_a_restriction(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    assert (
        '"unit with Might 4 or greater" only if it meets the appropriate criteria'
        in rules_v13.by_id()["355.9.b"].text
    )
    result = run(
        rb,
        SETUP + "Is Bob's Blazing Scorcher a legal target for Soul Harvest?\n"
        "Bob's Blazing Scorcher has 3 Might.\n"
        "Is Bob's Blazing Scorcher a legal target for Soul Harvest?",
    )
    assert verdicts(result)[2:] == ["no", "ok", "yes"]
    assert "Might 3 or less" in result.steps[2].explanation and "355.9.b" in result.steps[2].rules


def test_back_to_back_needs_both_targets_but_resolves_with_one(
    rb: RiftboundScenarioExecutor, card_data: RiftboundCardData
) -> None:
    answer = faq(card_data, "If a spell has multiple targets, like Back to Back")
    assert "still resolves even if one or both of its targets are no longer valid" in answer
    result = run(
        rb,
        "Alice controls Blazing Scorcher at her base.\n"
        "Alice controls a 2 Might Recruit unit token at Targon's Peak.\n"
        "Alice plays Back to Back targeting Blazing Scorcher.\n"
        "Alice plays Back to Back targeting Blazing Scorcher and Recruit.\n"
        "Recruit dies.\nThe top of the chain resolves.",
    )
    assert verdicts(result)[2:] == ["illegal", "legal", "ok", "partial"]
    assert "needs exactly 2 targets" in result.steps[2].explanation
    assert "359.3.e.8" in last(result).rules  # some targets invalid: the rest still happens
    scorcher = next(o for o in result.state.on_board() if o.name == "Blazing Scorcher")
    assert scorcher.might == 7  # 5 + 2 from Back to Back


def test_a_v12_game_cites_352_numbers(rb_index: RiftboundIndex, rules_v12: RiftboundRules) -> None:
    assert "choose a valid Location" in rules_v12.by_id()["352.2"].text
    old = RiftboundScenarioExecutor(RiftboundCardLookup(rb_index), RiftboundGame(version="1.2"))
    result = old.run(
        SETUP + "Alice plays Blazing Scorcher at Targon's Peak.\n"
        "Alice plays Void Seeker targeting Bob's Blazing Scorcher.\n"
        "Bob's Blazing Scorcher moves to his base.\nResolve the chain.",
        speaker="Alice",
    )
    assert verdicts(result)[2:] == ["illegal", "legal", "ok", "partial"]
    assert "352.2.a" in result.steps[2].rules
    assert {"352.7", "352.8"} <= set(result.steps[3].rules)
    assert {"336.1", "356.3.e.1", "356.3.e.5"} <= set(last(result).rules)


def test_magic_fizzles_where_riftbound_does_what_it_can(
    rb: RiftboundScenarioExecutor, cards_reference: Reference
) -> None:
    mtg = MtgScenarioExecutor(IndexCardLookup(cards_reference.cards))
    magic = mtg.run(
        "Alice controls Runeclaw Bear.\nBob casts Lightning Bolt targeting Runeclaw Bear.\n"
        "Runeclaw Bear dies.\nThe top of the stack resolves.",
        speaker="Bob",
    )
    assert magic.steps[-1].verdict == "fizzled" and "608.2b" in magic.steps[-1].rules
    riftbound = run(
        rb,
        SETUP + "Alice plays Void Seeker targeting Bob's Blazing Scorcher.\n"
        "Bob's Blazing Scorcher dies.\nThe top of the chain resolves.",
    )
    step = last(riftbound)
    assert step.verdict == "partial" and "359.3.e.1" in step.rules
    assert [e.happens for e in step.effects] == [False, True]  # still draws 1
    assert "fizzle" not in {s.verdict for s in riftbound.steps}


def test_magic_statements_are_refused_kindly(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        SETUP + "Bob's Blazing Scorcher gains hexproof.\nTargons Peek is a place.\n"
        "Alice controls Blazing Scorcher at Void Seeker.",
    )
    assert verdicts(result)[2:] == ["error", "error", "error"]
    assert "Riftbound game" in result.steps[2].explanation
    assert "not a battlefield" in result.steps[4].explanation
    # Life (CR 119.3) is Magic's: Riftbound players score points instead.
    life = run(rb, SETUP + "Alice loses 2 life.")
    assert verdicts(life)[-1] == "error" and "Riftbound game" in life.steps[-1].explanation


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.sampled_from(
            [
                "Alice controls Blazing Scorcher at her base",
                "Bob controls Blazing Scorcher at Targon's Peak",
                "Blazing Scorcher moves to",
                "moves to Targon's Peak",
                "is stunned",
                "is exhausted",
                "#2",
                "Bob's",
                "Alice plays Void Seeker targeting",
                "The top of the chain resolves",
                "dies",
                "has 3 Might",
                "at",
                "base",
                "Recruit",
                "Does",
                "target?",
                ".",
                "\n",
            ]
        ),
        min_size=1,
        max_size=12,
    ),
    st.text(max_size=20),
)
def test_any_script_gets_an_answer_per_statement(
    rb: RiftboundScenarioExecutor, words: list[str], noise: str
) -> None:
    script = " ".join(words) + " " + noise
    try:
        result = rb.run(script, speaker="Alice")
    except ScenarioError as error:  # only a script with no statement at all is refused whole
        assert "no statements" in error.message
        return
    assert result.steps and all(step.verdict for step in result.steps)


def test_a_magic_ward_payment_is_refused_not_ignored(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        SETUP + "Alice plays Void Seeker targeting Bob's Blazing Scorcher.\n"
        "The top of the chain resolves and Bob doesn't pay.",
    )
    assert verdicts(result) == ["ok", "ok", "legal", "error"]
    # Only an "unless" instruction (Shakedown's) asks a player to choose as it resolves.
    assert "Void Seeker has no “unless …” instruction for Bob" in last(result).explanation
    assert len(result.state.chain) == 1  # nothing resolved


def test_the_riftbound_help_example_plays_through(rb: RiftboundScenarioExecutor) -> None:
    from bot.commands.dispatch import SCENARIO_EXAMPLES

    (line,) = [line for line in SCENARIO_EXAMPLES if line.startswith("Riftbound")]
    result = run(rb, line.split("): ", 1)[1])
    assert verdicts(result) == ["ok", "legal", "ok", "resolved"]


def test_one_of_several_recruits_is_named_as_in_mtg_games(
    rb: RiftboundScenarioExecutor,
) -> None:
    """The same naming rules as MTG statements (bot/scenario/object_refs.py); base and
    battlefields are one board, so no zone is named."""
    result = rb.run(
        "Bob controls two Recruit at Targon's Peak.\n"
        "Alice plays Void Seeker targeting Recruit.\n"
        "Alice plays Void Seeker targeting the third Recruit.\n"
        "Alice plays Void Seeker targeting the second Recruit.",
        speaker="Alice",
    )
    ambiguous, third, second = result.steps[1:]
    assert ambiguous.error is not None and ambiguous.error.kind == "AmbiguousError"
    assert ambiguous.error.message == "There are 2 objects called Recruit; say which one."
    assert third.error is not None
    assert third.error.message == "There are only 2 objects called Recruit."
    assert second.error is None


def test_answers_tell_apart_units_that_share_a_name(rb: RiftboundScenarioExecutor) -> None:
    # Two units called Blazing Scorcher (#2 and #3; Targon's Peak is #1): the chosen one is
    # named with its id, as in MTG answers; a unit whose name is its own keeps its label.
    result = run(
        rb,
        "Alice controls 2 Blazing Scorcher at Targon's Peak.\n"
        "Bob plays Get Excited targeting Alice's second Blazing Scorcher.\n",
    )
    assert last(result).targets[0].chosen == "Alice's Blazing Scorcher at Targon's Peak (#3)"
    single = run(rb, SETUP.splitlines()[0] + "\nBob plays Get Excited targeting Blazing Scorcher.")
    assert last(single).targets[0].chosen == "Alice's Blazing Scorcher"


def test_explanations_tell_apart_units_that_share_a_name(rb: RiftboundScenarioExecutor) -> None:
    # 355.10.b: "Kill a unit at a battlefield" targets a unit at a battlefield. Two units called
    # Blazing Scorcher (#2 at Targon's Peak, #3 at Alice's base): the explanation names the one
    # that fails the restriction by its id, as its target line does.
    result = run(
        rb,
        "Alice controls Blazing Scorcher at Targon's Peak.\n"
        "Alice controls Blazing Scorcher.\n"
        "Bob plays Hidden Blade targeting Alice's second Blazing Scorcher.\n",
    )
    step = last(result)
    assert step.verdict == "illegal"
    assert "Blazing Scorcher (#3) is not at a battlefield" in step.explanation


def test_scenarios_read_a_card_as_its_newest_erratum_words_it(
    rb: RiftboundScenarioExecutor, rb_index: RiftboundIndex
) -> None:
    """Found by QA 6: scenarios read the gallery's printed text, so Relentless Pursuit (errata
    "Unleashed Errata Updates", 2026-04-03: "You may attach up to one Equipment with the same
    controller to it", was "an Equipment") was refused for want of an Equipment."""
    erratum = rb_index.card("Relentless Pursuit").errata[0]
    assert "attach up to one Equipment" in erratum["new_text"]
    result = run(
        rb,
        "Alice controls Recruit at her base.\nBob controls Sprite at Targon's Peak.\n"
        "Alice plays Relentless Pursuit targeting Recruit, moving it to Targon's Peak.",
    )
    assert verdicts(result)[-1] == "legal"


def test_a_target_slot_says_its_whole_requirement(rb: RiftboundScenarioExecutor) -> None:
    # QA 15 #9: Gust's "Return a unit at a battlefield with 3 [M] or less to its owner's hand"
    # was labelled just “a unit” once played, and Serrated Dirk's Equip ("Attach this to a unit
    # you control") “a unit”: the design asks for the target slots with their requirement text.
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Serrated Dirk.\n"
        "Alice activates Serrated Dirk targeting Recruit.\n"
        "Serrated Dirk's ability resolves.\nAlice plays Gust targeting Recruit.\n",
    )
    activated, _, played = result.steps[-3:]
    assert played.verdict == "legal" and activated.verdict == "legal"
    assert [(slot.requirement, slot.chosen_id) for slot in played.targets] == [
        ("a unit at a battlefield with 3 [M] or less", 2)
    ]
    assert [(slot.requirement, slot.chosen_id) for slot in activated.targets] == [
        ("a unit you control", 2)
    ]


def test_the_second_pick_of_the_same_unit_is_the_illegal_slot(
    rb: RiftboundScenarioExecutor,
) -> None:
    # QA 17 #16: Clash of Giants ("Choose two units.") at one Blazing Scorcher twice was illegal
    # but both slot lines said legal; the second pick is the one that can't be made (355.9).
    result = run(
        rb,
        "Alice controls Blazing Scorcher at Targon's Peak.\n"
        "Alice plays Clash of Giants targeting Blazing Scorcher and Blazing Scorcher.\n",
    )
    step = result.steps[-1]
    assert step.verdict == "illegal"
    assert [slot.legal for slot in step.targets] == [True, False]
    assert "already chosen" in step.targets[1].why


def test_a_played_unit_enters_ready_only_when_text_always_says_so(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    """QA 24 W8: 359.2.c, a played unit enters exhausted.  Magma Wurm's "Other friendly units
    enter ready." always applies; Breakneck Mech's "I enter ready if you control another Mech."
    and [Accelerate] depend on what the bot doesn't track: exhausted, with a note saying how to
    state otherwise."""
    assert "enters the Board exhausted" in rules_v13.by_id()["359.2.c"].text
    result = run(
        rb,
        "Alice plays Breakneck Mech.\nAlice plays Mister Root.\nAlice plays Magma Wurm.\n"
        "Alice plays Recruit.\nAlice plays Long Sword.",
    )
    assert verdicts(result) == ["legal"] * 5
    ready = {o.name: not o.exhausted for o in result.state.on_board()}
    assert ready == {
        "Breakneck Mech": False,
        "Mister Root": False,
        "Magma Wurm": False,
        "Recruit": True,  # Magma Wurm: "Other friendly units enter ready."
        "Long Sword": True,  # a gear enters ready (359.2.d)
    }
    mech, root = result.steps[0], result.steps[1]
    assert "“I enter ready if you control another Mech.”" in " ".join(mech.notes)
    assert "Breakneck Mech is ready." in " ".join(mech.notes)
    assert "[Accelerate]" in " ".join(root.notes)
    assert "359.2.d" in result.steps[4].rules


def test_angle_shot_rechecks_the_same_controller_as_it_resolves(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    """QA 24 W5: 359.3.e.2, a target no longer meeting the targeting requirements is illegal as
    the spell resolves.  Long Sword changed controller: the attach is ignored, Draw 1 happens;
    at play, the Equipment's line says why the pair fails (QA 24 M10)."""
    assert "no longer meets the targeting requirements" in rules_v13.by_id()["359.3.e.2"].text
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Long Sword. "
        "Bob controls Hexdrinker.\n"
        "Can Alice play Angle Shot targeting Recruit and Hexdrinker?\n"
        "Alice plays Angle Shot targeting Recruit and Long Sword.\n"
        "Bob gains control of Long Sword.\nAngle Shot resolves.",
    )
    assert verdicts(result) == ["ok", "ok", "ok", "no", "legal", "ok", "partial"]
    asked = result.steps[3]
    assert [slot.legal for slot in asked.targets] == [True, False]
    assert "don't have the same controller" in asked.targets[1].why
    resolved = last(result)
    assert [slot.legal for slot in resolved.targets] == [True, False]
    assert [e.happens for e in resolved.effects] == [False, True]
    assert resolved.effects[1].text == "Draw 1"


def test_an_unattached_equipments_effect_text_is_inactive(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    """QA 24 W10: 136.2.b, "Effect Text is inactive unless the card with the Effect Text is
    Attached to another card": Hexdrinker's [Deflect] and Recurve Bow's trigger are below
    the Equip line.  Attached (718.3), they are the unit's: Recurve Bow's trigger is then
    named by the unit, and choosing Hexdrinker itself still costs nothing more."""
    assert "inactive unless" in rules_v13.by_id()["136.2.b"].text
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Bob controls Hexdrinker. "
        "Bob controls Recurve Bow.\n"
        "Alice plays Detonate targeting Hexdrinker.\n"
        "Recurve Bow's trigger targets Recruit.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Recurve Bow is attached to Blazing Scorcher.\n"
        "Recurve Bow's trigger targets Recruit.",
    )
    assert verdicts(result) == ["ok", "ok", "ok", "legal", "error", "ok", "ok", "error"]
    played = result.steps[3]
    assert "Deflect makes it cost" not in played.explanation
    assert "136.2.b" in played.rules and "inactive" in " ".join(played.notes)
    assert "in its Effect Text" in result.steps[4].explanation
    assert "ability of Blazing Scorcher" in result.steps[7].explanation
    assert "718.3" in result.steps[7].explanation


def test_a_move_spell_needs_its_destination(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    """QA 24 W11: 355.4, the destination of each move is chosen as the spell is played.  A
    play without one is an error naming the form that says it; a question weighs every valid
    destination; only the moving unit is weighed against it (Skyward Strike's stun target may
    be there, with its [Level 6] active, 824.1.c); Call to Battle's "to a battlefield you
    control" is checked."""
    assert "Move Destination for each Move" in rules_v13.by_id()["355.4"].text
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Bob controls Stalwart Poro at Rockfall Path. "
        "Bob controls Mystic Poro at Targon's Peak. Alice has 6 XP.\n"
        "Alice plays Temptation targeting Stalwart Poro.\n"
        "Can Alice play Temptation targeting Stalwart Poro?\n"
        "Can Alice play Skyward Strike targeting Stalwart Poro and Mystic Poro, moving it to "
        "Targon's Peak?\n"
        "Can Alice play Call to Battle targeting Recruit and Bob, moving it to Rockfall Path?",
    )
    assert verdicts(result) == ["ok", "ok", "ok", "ok", "error", "yes", "yes", "no"]
    missing = result.steps[4]
    assert "355.4" in missing.rules
    assert (
        "“Alice plays Temptation targeting Stalwart Poro, moving it to Targon's Peak.”"
        in missing.explanation
    )
    assert "moving it to Targon's Peak" in result.steps[5].explanation
    assert "a battlefield you control" in result.steps[7].explanation


def test_a_unit_already_at_the_destination_isnt_moved(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    """QA 24 M5: 355.4.a, "A valid Location is one other than the Units' current Location":
    Flash's units moved to base before it resolves can't be moved there; with none left to
    move, its move doesn't happen, and the answer doesn't say it resolves fully."""
    assert "other than the Units' current Location" in rules_v13.by_id()["355.4.a"].text
    result = run(
        rb,
        "Alice controls Recruit at Targon's Peak. Alice controls Stalwart Poro at Rockfall "
        "Path.\nAlice plays Flash targeting Recruit and Stalwart Poro.\n"
        "Recruit moves to Alice's base.\nStalwart Poro moves to Alice's base.\nFlash resolves.",
    )
    step = last(result)
    assert step.verdict == "resolved" and "355.4.a" in step.rules
    assert [e.happens for e in step.effects] == [False]
    assert "Recruit and Stalwart Poro can't move where they are already" in step.effects[0].why
    assert "resolves fully" not in step.explanation


def test_magic_ways_of_casting_are_refused_not_ignored(rb: RiftboundScenarioExecutor) -> None:
    """ "with kicker" on a Riftbound card was played as if it weren't said; it is refused,
    naming Riftbound's own optional costs (805, 820)."""
    result = run(
        rb, SETUP + "Alice plays Void Seeker with kicker targeting Bob's Blazing Scorcher."
    )
    step = last(result)
    assert step.verdict == "error" and step.error is not None
    assert "Magic way of casting" in step.error.message and "with Repeat" in step.error.hint


def test_can_play_with_repeat_weighs_the_repeat(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        SETUP + "Can Alice play Void Seeker with Repeat targeting Bob's Blazing Scorcher?",
    )
    step = last(result)
    assert step.verdict == "yes" and "the repeat targeting" in step.explanation
    assert "820.1.d" in step.rules


HARD_BARGAIN = (
    "Alice controls Stalwart Poro at Targon's Peak.\n"
    "Bob plays Vengeance targeting Stalwart Poro.\n"
    "Alice plays Hard Bargain with Repeat targeting Vengeance.\n"
)


def test_hard_bargain_with_repeat_asks_its_unless_per_execution(
    rb: RiftboundScenarioExecutor,
) -> None:
    """QA 36 W5: 820.1.d executes "Counter a spell unless its controller pays [2]" again, so
    Bob chooses again: declining once counters Vengeance; declining the first leaves the
    repeat nothing to counter (partial, not an error)."""
    declined = run(rb, HARD_BARGAIN + "Hard Bargain resolves and Bob doesn't pay [2].")
    assert verdicts(declined)[-1] == "partial"
    assert "countered" in " ".join(last(declined).notes)
    for said in ("pays [2] only once", "pays [2] for the first and doesn't pay for the repeat"):
        once = run(rb, HARD_BARGAIN + f"Hard Bargain resolves and Bob {said}.")
        assert verdicts(once)[-1] == "resolved"
        notes = " ".join(last(once).notes)
        assert "The repeat: Bob doesn't pay [2]" in notes and "countered" in notes
    both = run(rb, HARD_BARGAIN + "Hard Bargain resolves and Bob pays [2].")
    assert "countered" not in " ".join(last(both).notes)
    unclear = run(rb, HARD_BARGAIN + "Hard Bargain resolves and Bob pays [2] for the second.")
    assert verdicts(unclear)[-1] == "error"


def test_two_modes_named_are_not_read_as_the_first(rb: RiftboundScenarioExecutor) -> None:
    """QA 36 W6: "choosing Deal 4 to a unit in a base and Kill a gear" with Repeat was read as
    the first mode alone and called illegal for a false reason; now it is an honest error
    (820.2.a allows it; a statement can't name a mode per execution yet), the same mode twice
    works, and two modes without Repeat are refused (355.3: one mode)."""
    setup = "Bob controls Stalwart Poro at his base. Bob controls Long Sword at his base.\n"
    two = run(
        rb,
        setup + "Alice plays Rocket Barrage with Repeat choosing Deal 4 to a unit in a base and "
        "Kill a gear, targeting Stalwart Poro and Long Sword.",
    )
    assert verdicts(two)[-1] == "error" and "820.2.a" in last(two).explanation
    same = run(
        rb,
        setup + "Bob controls Iron Ballista at his base.\nAlice plays Rocket Barrage with Repeat "
        "choosing Kill a gear and Kill a gear, targeting Long Sword and Iron Ballista.",
    )
    assert verdicts(same)[-1] == "legal"
    one = run(
        rb,
        setup + "Alice plays Rocket Barrage choosing Kill a gear and Deal 4 to a unit in a "
        "base, targeting Long Sword.",
    )
    assert verdicts(one)[-1] == "error" and "Choose one" in last(one).explanation


def test_if_i_was_mighty_is_read_from_the_unit_as_it_died(
    rb: RiftboundScenarioExecutor,
) -> None:
    """QA 36 W7: Unsung Hero's "[Deathknell] - If I was [Mighty], draw 2." with 6 Might as it
    died goes on the chain and draws (808.1.d.3, 383.3.e); with 2 Might it doesn't."""
    mighty = run(
        rb,
        "Alice controls Unsung Hero at Targon's Peak.\n"
        "Alice plays Feral Strength with Repeat targeting Unsung Hero.\n"
        "Feral Strength resolves.\nBob plays Vengeance targeting Unsung Hero.\n"
        "Resolve the chain.",
    )
    assert verdicts(mighty)[-1] == "resolved"
    assert [(e.text, e.happens) for e in last(mighty).effects][-1] == (
        "if I was [Mighty], draw 2",
        True,
    )
    plain = run(
        rb,
        "Alice controls Unsung Hero at Targon's Peak.\nBob plays Vengeance targeting Unsung "
        "Hero.\nResolve the chain.",
    )
    assert "wasn't Mighty" in " ".join(last(plain).notes)
