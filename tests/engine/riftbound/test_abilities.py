"""Activated and triggered abilities on the chain (377, 383, 398-406 in v1.3), with targets, on
real cards, each test checking the rule, FAQ or erratum text it relies on (read from the real
files): an ability is a separate object from its source (355.9.c), its cost and trigger
condition are not targets (355.10.c), only its source's controller activates it (188.4.a), and
it resolves like a spell, doing what it can (406.5, 359.3.e)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.commands.riftbound_cards import RiftboundCardLookup
from bot.data.riftbound_cards import RiftboundCardData
from bot.data.riftbound_rules import RiftboundRules
from bot.engine.riftbound.abilities import EQUIP_TEXT, read_abilities
from bot.engine.riftbound.game import RiftboundGame
from bot.engine.riftbound.model import RbKind, RbZone
from bot.engine.riftbound.rules import RULES, V13_ONLY
from bot.engine.riftbound.state import RbState
from bot.errors import ScenarioError
from bot.reference.riftbound import RiftboundIndex
from bot.scenario.riftbound_board_view import board_data, board_text
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import faq, last, run, text_of, verdicts


def test_abilities_are_read_from_the_printed_text(
    card_data: RiftboundCardData, rules_v13: RiftboundRules
) -> None:
    rules = rules_v13.by_id()
    assert '"[2]: Draw 1" is an activated ability. The cost is 2 energy.' in rules["377.1"].text
    hook = read_abilities(text_of(card_data, "Baited Hook"))
    assert [(a.kind, a.cost) for a in hook] == [("activated", "[1][Order], [E]")]
    assert hook[0].effect.startswith("Kill a friendly unit.")
    # [Equip] is short for "[Cost]: Attach this gear to a unit you control." (818.1.c.2); the
    # reminder text "([Body]: Attach this to a unit you control.)" is not a second ability.
    assert f'"[Cost]: {EQUIP_TEXT}"' in rules["818.1.c.2"].text
    hexdrinker = text_of(card_data, "Hexdrinker")
    assert "([Body]: Attach this to a unit you control.)" in hexdrinker
    assert [(a.kind, a.keyword, a.text) for a in read_abilities(hexdrinker)] == [
        ("activated", "Equip", f"[Body]: {EQUIP_TEXT}")
    ]
    volibear = read_abilities(text_of(card_data, "Volibear, Furious"))  # [Deflect 2] is passive
    assert [(a.kind, a.text) for a in volibear] == [
        ("triggered", "When I attack, deal 5 damage split among any number of enemy units here.")
    ]
    # An ability granted to other objects in quotes is not the card's own.
    assert read_abilities(text_of(card_data, "Forge of the Fluft")) == ()
    assert [a.kind for a in read_abilities(text_of(card_data, "Blood Rose"))] == [
        "triggered",
        "activated",
    ]


def test_an_ability_can_target_its_own_source(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    rule = rules_v13.by_id()["355.9.c"].text
    assert (
        "An ability of a permanent can target that permanent, because abilities and their "
        "sources are separate objects."
    ) in rule
    result = run(
        rb,
        "Bob controls Arena Kingpin at Targon's Peak.\n"
        "Bob activates Arena Kingpin targeting Arena Kingpin.\n"
        "Is Arena Kingpin a legal target for Arena Kingpin's ability?\n"
        "Arena Kingpin's ability resolves.",
    )
    assert verdicts(result) == ["ok", "legal", "yes", "resolved"]
    activated = result.steps[1]
    assert "355.9.c" in activated.rules and "188.4.a" in activated.rules
    assert any("separate objects" in note for note in activated.notes)
    kingpin = next(o for o in result.state.on_board() if o.name == "Arena Kingpin")
    assert kingpin.might == 3 + 3  # "Give a unit +3 [M] this turn"
    assert not result.state.chain and "406.5" in last(result).rules


def test_costs_and_trigger_conditions_are_not_targets(
    rb: RiftboundScenarioExecutor, card_data: RiftboundCardData, rules_v13: RiftboundRules
) -> None:
    rules = rules_v13.by_id()
    assert (
        '"When I hold, you may kill another friendly unit here to draw 1" does not target anything'
    ) in rules["355.10.c.1"].text
    assert (
        '"When a friendly unit dies, kill a gear" targets a gear, but not a friendly unit'
        in rules["355.10.c"].text
    )
    assert "you may kill a unit you control here to draw 1" in text_of(card_data, "Dusk Rose Lab")
    result = run(
        rb,
        'Does "When I hold, you may kill another friendly unit here to draw 1" target?\n'
        "Does Dusk Rose Lab's trigger target?\n"
        "Does Forgotten Signpost's ability target?\n"
        "Does Volibear, Furious's trigger target?",
    )
    assert verdicts(result) == ["no", "no", "yes", "yes"]
    assert "355.10.c.1" in result.steps[0].rules and "355.10.c.1" in result.steps[1].rules
    # "[Action][>] Exhaust a unit you control, [E]: Move a different unit you control ...": the
    # unit exhausted as the cost is not a target, the one moved is.
    signpost = result.steps[2]
    assert [(t.requirement, t.legal) for t in signpost.targets[:2]] == [
        ("a unit", False),
        ("a different unit you control", True),
    ]
    assert "355.10.c" in signpost.targets[0].rules
    assert "“When I attack” " not in last(result).explanation
    assert last(result).explanation.endswith("It targets any number of enemy units.")


def test_an_ability_resolves_after_its_source_leaves(
    rb: RiftboundScenarioExecutor, card_data: RiftboundCardData
) -> None:
    answer = faq(card_data, "Can I use Sun Disc's ability the turn I play it")
    assert "Sun Disc's activated ability is not Sun Disc" in answer
    result = run(
        rb,
        "Alice controls Iron Ballista at her base.\n"
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Alice activates Iron Ballista targeting Blazing Scorcher.\n"
        "Iron Ballista dies.\nWhat is on the chain?\nIron Ballista's ability resolves.",
    )
    assert verdicts(result) == ["ok", "ok", "legal", "ok", "ok", "resolved"]
    assert "which has left the board" in result.steps[4].explanation
    assert "separate object and still resolves" in last(result).notes[0]
    scorcher = next(o for o in result.state.on_board() if o.name == "Blazing Scorcher")
    assert scorcher.damage == 2 and not result.state.chain
    [ability_id] = result.steps[2].object_ids
    assert ability_id not in result.state.objects  # an ability has no card: it is cleared


def test_only_the_controller_of_its_source_activates_it(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    rules = rules_v13.by_id()
    assert (
        "the Controller of an Ability's Source is the Controller of that Ability"
        in rules["188.4.a"].text
    )
    assert "controlling player chooses when and whether to activate" in rules["378"].text
    result = run(
        rb,
        "Bob controls Iron Ballista at his base.\n"
        "Alice controls Blazing Scorcher at Targon's Peak.\n"
        "Alice activates Iron Ballista targeting Blazing Scorcher.\n"
        "Can Alice activate Iron Ballista targeting Blazing Scorcher?\n"
        "Can Bob activate Iron Ballista targeting Blazing Scorcher?\n"
        "Bob activates Iron Ballista targeting Blazing Scorcher.",
    )
    assert verdicts(result) == ["ok", "ok", "illegal", "no", "yes", "legal"]
    assert {"188.4.a", "378"} <= set(result.steps[2].rules)
    assert "Only the player who controls Iron Ballista (Bob)" in result.steps[2].explanation
    [item] = result.state.chain
    assert (item.controller, item.ability, item.source_name) == (
        "Bob",
        "activated",
        "Iron Ballista",
    )


def test_deflect_taxes_an_enemy_ability_that_chooses_it(
    rb: RiftboundScenarioExecutor, card_data: RiftboundCardData
) -> None:
    answer = faq(card_data, "What about Deflect costs?")
    assert (
        "Deflect is a mandatory additional cost, meaning you must pay it if you want to "
        "finalize a spell or ability that chooses something with Deflect"
    ) in answer
    assert "[Deflect 2]" in text_of(card_data, "Volibear, Furious")
    assert "I can't be chosen by enemy spells and abilities." in text_of(card_data, "Ruin Runner")
    result = run(
        rb,
        "Alice controls Iron Ballista at her base.\nBob controls Iron Ballista at his base.\n"
        "Bob controls Volibear, Furious and Ruin Runner at Targon's Peak.\n"
        # Each resolves before the next: only [Reaction] abilities go on an open chain (309.1.a).
        "Alice activates Alice's Iron Ballista targeting Volibear, Furious.\n"
        "The top of the chain resolves.\n"
        "Bob activates Bob's Iron Ballista targeting Volibear, Furious.\n"
        "The top of the chain resolves.\n"
        # Its [E] cost exhausted it (414.5); ready it to activate it again (414.4).
        "Alice's Iron Ballista is ready.\n"
        "Alice activates Alice's Iron Ballista targeting Ruin Runner.",
    )
    enemy, own, unchoosable = result.steps[3], result.steps[5], result.steps[8]
    assert enemy.verdict == "legal" and "cost 2 more Power" in enemy.explanation
    assert {"809.1.c", "809.1.d"} <= set(enemy.rules)
    assert own.verdict == "legal" and "Deflect" not in own.explanation  # not an opponent's
    assert unchoosable.verdict == "illegal" and "can't be chosen" in unchoosable.explanation


def test_baited_hook_does_what_it_can_when_its_target_left(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    example = rules_v13.by_id()["359.3.e.12"].text
    assert (
        "While Baited Hook's ability is on the chain, an opponent reacts with a spell that "
        "returns the friendly unit to its owner's hand"
    ) in example
    assert "can't choose any unit from among them" in example
    result = run(
        rb,
        "Bob controls Baited Hook and Blazing Scorcher at his base.\n"
        "Bob activates Baited Hook targeting Blazing Scorcher.\n"
        "Blazing Scorcher returns to its owner's hand.\nThe top of the chain resolves.",
    )
    assert verdicts(result) == ["ok", "legal", "ok", "partial"]  # never "fizzled"
    step = last(result)
    assert [(e.text.split()[0], e.happens) for e in step.effects] == [
        ("Kill", False),
        ("Look", True),
        ("banish", False),
        ("Then", True),
    ]
    assert {"359.3.e.1", "359.3.e.7", "359.3.e.12", "406.5"} <= set(step.rules)
    assert "[1][Order], [E]" in result.steps[1].notes[0]  # the cost, paid, never a target


def test_a_trigger_with_nothing_to_choose_never_goes_on_the_chain(
    rb: RiftboundScenarioExecutor, card_data: RiftboundCardData, rules_v13: RiftboundRules
) -> None:
    answer = faq(card_data, "Can Janna's play effect be used to heal my units")
    assert (
        "Triggered abilities in Riftbound can't be placed on the chain unless all required "
        "targets can be chosen."
    ) in answer
    rules = rules_v13.by_id()
    assert "remove it from the Chain now" in rules["402.3"].text
    assert "it is not legal to activate it" in rules["402.2"].text
    # No unit is at a battlefield, so neither ability has anything to choose.
    result = run(
        rb,
        "Alice controls Yasuo, Remorseful and Iron Ballista at her base.\n"
        "Bob controls Blazing Scorcher at his base.\n"
        "Yasuo, Remorseful's trigger targets nothing.\n"
        "Alice activates Iron Ballista.",
    )
    trigger, activation = result.steps[2:]
    assert trigger.verdict == "ok" and not trigger.changed and "402.3" in trigger.rules
    assert "never becomes a chain item" in trigger.explanation
    assert activation.verdict == "illegal" and "402.2" in activation.rules
    assert not result.state.chain


def test_here_is_where_the_source_is_when_it_resolves(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    example = rules_v13.by_id()["359.3.f.2"].text
    assert (
        'When the attack trigger resolves, "here" is no longer the battlefield where combat '
        "is ongoing and the attack trigger mistargets"
    ) in example
    base = (
        "Alice controls Yasuo, Remorseful at The Grand Plaza.\n"
        "Bob controls Blazing Scorcher at The Grand Plaza.\n"
        "Bob controls a 1 Might Recruit unit token at his base.\n"
    )
    result = run(
        rb,
        base + "Yasuo, Remorseful's trigger targets Recruit.\n"
        "Yasuo, Remorseful's trigger targets Blazing Scorcher.\n"
        "Yasuo, Remorseful moves to her base.\nThe top of the chain resolves.",
    )
    assert verdicts(result)[3:] == ["illegal", "legal", "ok", "partial"]
    assert "not here" in result.steps[3].explanation
    assert {"359.3.f.2", "359.3.e.7"} <= set(last(result).rules)
    assert next(o for o in result.state.on_board() if o.name == "Blazing Scorcher").damage == 0
    # Had Yasuo stayed, he deals damage equal to his Might (6) to the unit: it dies.
    stayed = run(
        rb,
        base + "Yasuo, Remorseful's trigger targets Blazing Scorcher.\n"
        "The top of the chain resolves.",
    )
    assert last(stayed).verdict == "resolved"
    assert not any(o.name == "Blazing Scorcher" for o in stayed.state.on_board())


def test_split_damage_is_divided_as_the_trigger_resolves(
    rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules
) -> None:
    rules = rules_v13.by_id()
    assert "not decided until the resolution of the spell or ability" in rules["355.14.e"].text
    assert "may only choose up to 5 units" in rules["355.14.c"].text
    setup = (
        "Bob controls Volibear, Furious at Targon's Peak.\n"
        "Alice controls Blazing Scorcher and a 1 Might Recruit unit token at Targon's Peak.\n"
    )
    result = run(
        rb,
        setup + "Volibear, Furious's trigger targets #3 and #4, dividing 4 and 1.\n"
        "Volibear, Furious's trigger targets #3 and #4.\nThe top of the chain resolves.\n"
        "The top of the chain resolves dividing 3 and 3.\n"
        "The top of the chain resolves dividing 4 and 1.",
    )
    assert verdicts(result)[2:] == ["error", "legal", "error", "error", "resolved"]
    assert "355.14.e" in result.steps[2].explanation
    asked = result.steps[4].error
    assert asked is not None and "355.14.e" in asked.message
    assert asked.statements[:2] == (
        "The top of the chain resolves dividing 3 and 2.",
        "The top of the chain resolves dividing 4 and 1.",
    )
    assert "add up to 6, not 5" in result.steps[5].explanation
    scorcher = next(o for o in result.state.on_board() if o.name == "Blazing Scorcher")
    assert scorcher.damage == 4
    assert not any(o.name == "Recruit" for o in result.state.objects.values())  # 1 is lethal
    # "Resolve the chain" resolves what it can and stops where the controller must divide.
    stopped = run(
        rb,
        setup + "Volibear, Furious's trigger targets #3 and #4.\n"
        # Stupefy has [Reaction], so it may be played onto the open chain (309.1.a).
        "Alice plays Stupefy targeting Volibear, Furious.\nResolve the chain.\n"
        "Volibear, Furious resolves dividing 1 and 4.",
    )
    assert verdicts(stopped)[2:] == ["legal", "legal", "resolved", "resolved"]
    assert "waits for a choice" in stopped.steps[4].explanation
    assert not stopped.state.chain


def test_not_so_fast_counters_an_enemy_ability_that_chooses_a_friendly_unit(
    rb: RiftboundScenarioExecutor, card_data: RiftboundCardData, rules_v13: RiftboundRules
) -> None:
    assert "Counter an enemy spell or ability that chooses a friendly unit or gear." in text_of(
        card_data, "Not So Fast"
    )
    assert (
        '"Spell" and "ability" refer to objects on the Chain' in rules_v13.by_id()["355.9.a.2"].text
    )
    result = run(
        rb,
        "Bob controls Iron Ballista at his base.\n"
        "Bob controls Arena Kingpin at Targon's Peak.\n"
        "Alice controls Blazing Scorcher at Targon's Peak.\n"
        # One ability on the chain at a time: a second activation would need [Reaction] (309.1.a).
        "Bob activates Arena Kingpin targeting Arena Kingpin.\n"
        "Alice plays Not So Fast targeting Arena Kingpin's ability.\n"
        "Does Not So Fast target?\n"
        "The top of the chain resolves.\n"
        "Bob activates Iron Ballista targeting Blazing Scorcher.\n"
        "Alice plays Not So Fast targeting Iron Ballista's ability.\n"
        "Resolve the chain.",
    )
    assert verdicts(result)[3:] == [
        "legal", "illegal", "yes", "resolved", "legal", "legal", "resolved"
    ]  # fmt: skip
    assert "chooses a friendly unit or gear" in result.steps[4].explanation
    question = result.steps[5]
    assert [(t.requirement, t.legal) for t in question.targets] == [
        ("an enemy spell or ability that chooses a friendly unit or gear", True),
        ("a friendly unit or gear", False),
    ]  # what it chose only restricts the choice (355.10.b)
    assert any("countered" in note for note in last(result).notes)
    assert next(o for o in result.state.on_board() if o.name == "Blazing Scorcher").damage == 0
    assert next(o for o in result.state.on_board() if o.name == "Arena Kingpin").might == 6


def test_use_conditions_and_equip(rb: RiftboundScenarioExecutor, rules_v13: RiftboundRules) -> None:
    rules = rules_v13.by_id()
    assert "Ultrasoft Poro must be located at a battlefield" in rules["377.2.b"].text
    assert "Equip's choice is a Target." in rules["818.1.b.1"].text
    result = run(
        rb,
        "Bob controls Ultrasoft Poro at his base.\nBob activates Ultrasoft Poro.\n"
        "Ultrasoft Poro moves to Targon's Peak.\nBob activates Ultrasoft Poro.\n"
        "The top of the chain resolves.\n"  # Equip isn't a [Reaction] (309.1.a)
        "Bob controls Hexdrinker at his base.\n"
        "Bob activates Hexdrinker targeting Hexdrinker.\n"
        "Bob activates Hexdrinker's Equip ability targeting Ultrasoft Poro.\n"
        "What can Hexdrinker's ability target?",
    )
    assert verdicts(result) == [
        "ok", "illegal", "ok", "legal", "resolved", "ok", "illegal", "legal", "ok"
    ]  # fmt: skip
    assert "377.2.b" in result.steps[1].rules
    assert "is a gear, not a unit" in result.steps[6].explanation
    assert {"818.1.c.2", "818.1.b.1"} <= set(result.steps[7].rules)
    assert "Ultrasoft Poro" in last(result).explanation


def test_the_board_shows_abilities_with_their_source_and_targets(
    rb: RiftboundScenarioExecutor,
) -> None:
    result = run(
        rb,
        "Bob controls Volibear, Furious at Targon's Peak.\n"
        "Alice controls Blazing Scorcher and Iron Ballista at her base.\n"
        "Alice activates Iron Ballista targeting Volibear, Furious.\n"
        "Volibear, Furious's trigger targets nothing.",
    )
    # "any number of enemy units here" allows none (355.13): the trigger goes on the chain.
    trigger, activated = board_data(result.state)["chain"]  # newest first
    assert trigger["kind"] == "triggered" and trigger["targets"] == []
    assert trigger["source"] == {
        "id": 2,
        "name": "Volibear, Furious",
        "left": False,
        "label": "Bob's Volibear, Furious at Targon's Peak",
    }
    assert activated["kind"] == "activated" and activated["source"]["name"] == "Iron Ballista"
    assert activated["targets"][0]["chosen"] == "Bob's Volibear, Furious at Targon's Peak"
    text = dict(board_text(result.state))["Chain (newest first)"]
    assert "triggered ability of Bob's Volibear, Furious at Targon's Peak (#2)" in text
    assert "activated ability of Alice's Iron Ballista at base" in text
    assert "“a unit at a battlefield”: Bob's Volibear, Furious at Targon's Peak — legal" in text


def test_abilities_on_the_chain_survive_a_snapshot(rb: RiftboundScenarioExecutor) -> None:
    result = run(
        rb,
        "Bob controls Volibear, Furious at Targon's Peak.\n"
        "Alice controls Blazing Scorcher at Targon's Peak.\n"
        "Volibear, Furious's trigger targets Blazing Scorcher.\n"
        "Volibear, Furious dies.",
    )
    again = RbState.from_dict(result.state.to_dict())
    assert again == result.state
    [item] = again.chain
    assert (item.ability, item.source_name, item.keyword) == ("triggered", "Volibear, Furious", "")
    ability = again.obj(item.id)
    assert ability.kind is RbKind.ABILITY and ability.zone is RbZone.CHAIN
    # The source died; "here" is nowhere now (359.3.e.12), so the trigger mistargets.
    resolved = rb.run("The top of the chain resolves.", again, speaker="Alice")
    assert resolved.steps[0].verdict == "partial"


def test_rule_numbers_for_abilities_exist_in_both_versions(
    rules_v13: RiftboundRules, rules_v12: RiftboundRules
) -> None:
    files = {"1.3": rules_v13.by_id(), "1.2": rules_v12.by_id()}
    for concept in (
        "ability_controller",
        "activated",
        "triggered",
        "trigger_no_options",
        "activated_no_options",
        "ability_resolves",
        "equip",
        "equip_target",
    ):
        for version, table in RULES.items():
            assert table[concept] in files[version], (version, concept)
    assert all(number in files["1.3"] for number in V13_ONLY.values())
    assert "Activated Abilities are recognized" in files["1.2"][RULES["1.2"]["activated"]].text


def test_v12_games_cite_v12_numbers(rb_index: RiftboundIndex) -> None:
    old = RiftboundScenarioExecutor(RiftboundCardLookup(rb_index), RiftboundGame("1.2"))
    result = old.run(
        "Bob controls Iron Ballista at his base.\n"
        "Alice controls Blazing Scorcher at Targon's Peak.\n"
        "Bob activates Iron Ballista targeting Blazing Scorcher.\n"
        "Alice activates Iron Ballista targeting Blazing Scorcher.\n"
        "Bob's Iron Ballista is killed.\nThe top of the chain resolves.",
        speaker="Alice",
    )
    assert verdicts(result) == ["ok", "ok", "legal", "illegal", "ok", "resolved"]
    assert {"185.4.a", "370.2", "388.1"} <= set(result.steps[2].rules)
    assert {"185.4.a", "371"} <= set(result.steps[3].rules)
    assert {"394.5", "352.8.c"} <= set(last(result).rules)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.sampled_from(
            [
                "Bob controls Volibear, Furious at Targon's Peak",
                "Alice controls Iron Ballista at her base",
                "Alice controls Blazing Scorcher at Targon's Peak",
                "Alice activates Iron Ballista targeting",
                "Volibear, Furious's trigger targets",
                "Iron Ballista's ability",
                "resolves",
                "dividing 3 and 2",
                "The top of the chain resolves",
                "Alice plays Not So Fast targeting",
                "#3",
                "#4",
                "and",
                "dies",
                "What can",
                "target?",
                "Does",
                "Bob activates Hexdrinker",
                ".",
                "\n",
            ]
        ),
        min_size=1,
        max_size=12,
    )
)
def test_any_ability_script_gets_an_answer_per_statement(
    rb: RiftboundScenarioExecutor, words: list[str]
) -> None:
    script = " ".join(words)
    try:
        result = rb.run(script, speaker="Alice")
    except ScenarioError as error:  # only a script with no statement at all is refused whole
        assert "no statements" in error.message
        return
    assert result.steps
    for step in result.steps:
        assert step.verdict != "error" or (step.error is not None and step.error.message)


def test_a_trigger_written_after_legion_is_marked_as_dependent() -> None:
    """812.1.b.1: "[Legion] - When you play me, ..." is an ability the card has only if another
    card was played this turn; the same trigger without [Legion] is not marked."""
    (duo,) = read_abilities("[Legion] - When you play me, give a unit +2 [M] this turn.")
    assert duo.kind == "triggered" and duo.legion
    assert duo.text == "When you play me, give a unit +2 [M] this turn."
    (plain,) = read_abilities("When you play me, give a unit +2 [M] this turn.")
    assert not plain.legion


def test_a_cost_is_said_without_its_timing_keywords() -> None:
    # QA 32 M5: Divining Shells' "[Action][>] Kill this, [E]: ..." costs "Kill this, [E]";
    # a cost that starts with Energy keeps it.
    shells = read_abilities("[Action][>] Kill this, [E]: Give a unit +2 [M] this turn.")
    assert shells[0].cost_said == "Kill this, [E]"
    hook = read_abilities("[1][Order], [E]: Kill a friendly unit.")
    assert hook[0].cost_said == "[1][Order], [E]"
