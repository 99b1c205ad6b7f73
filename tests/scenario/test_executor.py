"""The executor on every kind of statement, with real cards (the language's document)."""

from __future__ import annotations

import pytest

from bot.engine.model import Zone
from bot.errors import ScenarioError
from bot.scenario import ast
from bot.scenario.executor import MtgScenarioExecutor, group_targets, match_modes
from bot.scenario.steps import Step

EXAMPLE = """\
Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite.
Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.
Alice casts Redirect targeting Arc Trail.
Redirect resolves choosing new targets Llanowar Elves and Runeclaw Bear.
Arc Trail resolves.
"""

BOARD = "Alice controls Runeclaw Bear, Llanowar Elves and Spellskite. Bob controls a 2/2 black Zombie token.\n"


def run(executor: MtgScenarioExecutor, script: str):
    return executor.run(script, speaker="Alice")


def verdicts(steps: tuple[Step, ...]) -> list[str]:
    return [step.verdict for step in steps]


def test_document_example(executor: MtgScenarioExecutor) -> None:
    result = run(executor, EXAMPLE)
    arc, redirect, swap, resolution = result.steps[2:]
    assert arc.verdict == "legal" and "115.4" in arc.rules
    assert [t.legal for t in arc.targets] == [True, True]
    assert redirect.verdict == "legal" and "115.1" in redirect.rules
    assert redirect.targets[0].requirement == "target spell"
    assert redirect.targets[0].chosen == "Arc Trail"
    # The design: a retargeting spell's verdict says whether a target changed (115.7).
    assert swap.verdict == "changed" and {"115.7d", "115.7e"} <= set(swap.rules)
    assert "Redirect resolves" in swap.explanation
    assert resolution.verdict == "resolved"
    assert [e.text for e in resolution.effects] == [
        "2 damage to Llanowar Elves",
        "1 damage to Runeclaw Bear",
    ]
    assert not result.state.stack


def test_setup_statements(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        BOARD + "Bob controls a 1/1 white Soldier creature token with flying.\n"
        "Alice has 12 life. Bob has hexproof.\n"
        "Runeclaw Bear is tapped. Runeclaw Bear is attacking.\n"
        "Bob's Zombie has 2 +1/+1 counters.\n"
        "Alice's graveyard has Lightning Bolt and Grizzly Bears.\n",
    )
    assert set(verdicts(result.steps)) == {"ok"}
    state = result.state
    assert state.player("Alice").life == 12 and "hexproof" in state.player("Bob").keywords
    bear = next(o for o in state.objects.values() if o.name == "Runeclaw Bear")
    assert bear.tapped and bear.attacking
    zombie = next(o for o in state.objects.values() if o.name == "Zombie")
    assert zombie.counters == {"+1/+1": 2} and zombie.controller == "Bob"
    soldier = next(o for o in state.objects.values() if o.name == "Soldier")
    assert "flying" in soldier.keywords
    graveyard = {o.name for o in state.zone_objects(Zone.GRAVEYARD)}
    assert graveyard == {"Lightning Bolt", "Grizzly Bears"}


def test_casting_forms(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        BOARD + "Alice casts Lightning Bolt targeting Bob.\n"
        "Alice casts Fireball with X=4 targeting Runeclaw Bear and Bob at instant speed.\n"
        "Alice casts Cryptic Command choosing counter target spell and return target permanent "
        "to its owner's hand, targeting Lightning Bolt and Spellskite.\n"
        "Alice casts Fire // Ice as Fire targeting Bob's Zombie and Bob.\n"
        "Alice activates Spellskite's first ability targeting Fire.\n"
        "Alice casts Gold Rush with no targets.\n",
    )
    bolt, fireball, cryptic, fire, skite, gold = result.steps[2:]
    assert bolt.verdict == "legal" and bolt.targets[0].chosen == "Bob"
    assert fireball.verdict == "legal" and [t.chosen for t in fireball.targets] == [
        "Runeclaw Bear",
        "Bob",
    ]
    assert cryptic.verdict == "legal"
    assert [t.requirement for t in cryptic.targets] == ["target spell", "target permanent"]
    # Two damage divided between two targets can only be 1 and 1 (CR 601.2d).
    assert fire.verdict == "legal" and [t.amount for t in fire.targets] == [1, 1]
    assert skite.verdict == "legal" and skite.targets[0].chosen == "Fire"
    assert gold.verdict == "legal" and "115.6" in gold.rules
    assert len(result.state.stack) == 6


def test_triggers(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        "Alice controls Iron Bully. Bob controls Arcbound Ravager and Vault Skirge.\n"
        "Iron Bully's trigger targets Iron Bully.\n"
        "The modular trigger of Arcbound Ravager targets Vault Skirge.\n",
    )
    bully, modular = result.steps[2:]
    assert bully.verdict == "legal" and "603.3d" in bully.rules
    assert modular.verdict == "legal" and modular.targets[0].chosen == "Vault Skirge"


def test_illegal_actions_are_reported_and_not_applied(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        BOARD + "Bob controls Troll Ascetic.\n"
        "Alice casts Giant Growth targeting Troll Ascetic.\n"
        "Alice casts Lightning Bolt targeting Runeclaw Bear.\n",
    )
    growth, bolt = result.steps[3:]
    assert growth.verdict == "illegal" and "702.11b" in growth.rules and not growth.changed
    assert bolt.verdict == "legal"
    assert [e.name for e in result.state.stack] == ["Lightning Bolt"]


def test_a_statement_depending_on_a_failed_one_says_so(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        BOARD + "Bob controls Troll Ascetic.\n"
        "Alice casts Giant Growth targeting Troll Ascetic.\nGiant Growth resolves.\n",
    )
    last = result.steps[-1]
    assert last.verdict == "error" and last.error is not None
    assert "statement 4" in last.error.message


def test_changes_before_resolution(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        BOARD + "Bob casts Lightning Bolt targeting Runeclaw Bear.\n"
        "Runeclaw Bear gains protection from red.\nLightning Bolt resolves.\n",
    )
    fizzled = result.steps[-1]
    assert fizzled.verdict == "fizzled" and "608.2b" in fizzled.rules
    assert fizzled.targets[0].legal is False


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ("Runeclaw Bear dies.", "400.7"),
        ("Runeclaw Bear is exiled.", "400.7"),
        ("Runeclaw Bear phases out.", "702.26b"),
    ],
)
def test_leaving_makes_targets_illegal(
    executor: MtgScenarioExecutor, change: str, rule: str
) -> None:
    result = run(
        executor,
        BOARD
        + f"Bob casts Lightning Bolt targeting Runeclaw Bear.\n{change}\nResolve the stack.\n",
    )
    assert rule in result.steps[-2].rules
    assert result.steps[-1].verdict == "fizzled"


def test_other_changes(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        BOARD + "Runeclaw Bear gains hexproof. Runeclaw Bear loses hexproof.\n"
        "Runeclaw Bear gains ward 2. Runeclaw Bear becomes blue.\n"
        "Llanowar Elves becomes an artifact. Bob gains control of Spellskite.\n"
        "Llanowar Elves dies. Llanowar Elves returns to the battlefield.\n",
    )
    assert "error" not in verdicts(result.steps)
    state = result.state
    bear = next(o for o in state.objects.values() if o.name == "Runeclaw Bear")
    assert bear.colors == {"blue"} and "hexproof" not in bear.keywords
    assert any(k.startswith("ward") for k in bear.keywords)
    skite = next(o for o in state.objects.values() if o.name == "Spellskite")
    assert skite.controller == "Bob"
    elves = [o for o in state.objects.values() if o.name == "Llanowar Elves"]
    assert [o.zone for o in elves] == [Zone.BATTLEFIELD]


def test_retargeting_statements(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        BOARD + "Bob casts Lightning Bolt targeting Runeclaw Bear.\n"
        "Bob changes the target of Lightning Bolt to Alice.\n"
        "Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves at instant speed.\n"
        "Bob chooses new targets for Arc Trail: Llanowar Elves, Runeclaw Bear.\n",
    )
    change, _, swap = result.steps[3:]
    assert change.verdict == "changed" and change.targets[0].chosen == "Alice"
    assert swap.verdict == "changed" and "115.7d" in swap.rules


def test_questions_do_not_change_the_state(executor: MtgScenarioExecutor) -> None:
    setup = run(executor, BOARD + "Bob controls Troll Ascetic.\n")
    result = executor.run(
        "Can Alice cast Giant Growth targeting Troll Ascetic?\n"
        "Is Runeclaw Bear a legal target for Lightning Bolt?\n"
        "What can Arc Trail target?\n"
        "Does Cryptic Command target?\n"
        'Does "Each opponent sacrifices a creature" target?\n',
        setup.state,
        speaker="Alice",
    )
    can, legal, options, cryptic, edict = result.steps
    assert can.verdict == "no" and "702.11b" in can.rules
    assert legal.verdict == "yes"
    labels = {o.label for o in options.targets[0].options}
    assert {"Runeclaw Bear", "Alice", "Bob"} <= labels and "Troll Ascetic" not in labels
    assert cryptic.verdict == "yes"
    assert edict.verdict == "no" and "115.10a" in edict.rules
    assert result.state is setup.state
    assert not any(step.changed for step in result.steps)


def test_errors_name_the_problem_and_the_closest_cards(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        "Alice controls Runeclaw Baer.\nAlice casts Lightnig Bolt targeting Bob.\n"
        "Alice casts Lightnig Blot targeting Bob.\nAlice frobs.\n",
    )
    first, second, third, fourth = result.steps
    assert first.verdict == "ok"  # a close misspelling is matched, as with `card`
    assert second.verdict == "legal"
    assert third.error is not None and third.error.kind == "AmbiguousError"
    assert "Lightning Bolt" in third.error.suggestions
    assert fourth.verdict == "error" and fourth.error is not None and fourth.error.hint
    bad = run(executor, "Alice controls Qwzxv Plorb.\n").steps[0]
    assert bad.verdict == "error" and bad.error is not None and bad.error.kind == "NotFoundError"


def test_ordinals_and_ids_pick_one_copy(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        "Alice controls two Runeclaw Bear.\nRuneclaw Bear is tapped.\n"
        "Alice's second Runeclaw Bear is tapped.\n#1 is attacking.\n",
    )
    ambiguous, second, by_id = result.steps[1:]
    assert ambiguous.verdict == "error" and ambiguous.error is not None
    assert ambiguous.error.kind == "AmbiguousError" and "#2" in " ".join(
        ambiguous.error.suggestions
    )
    assert second.object_ids == (2,) and by_id.object_ids == (1,)


def test_a_pump_changes_what_a_power_restriction_allows(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        "Alice controls Runeclaw Bear.\n"
        "Is Runeclaw Bear a legal target for Last Breath?\n"  # target creature with power 2 or less
        "Runeclaw Bear gets +1/+0 until end of turn.\n"
        "Is Runeclaw Bear a legal target for Last Breath?\n"
        "Runeclaw Bear gets +1 Might.\n"
        "Alice gets +2/+2.\n",
    )
    before, pump, after, might, player = result.steps[1:]
    assert (before.verdict, pump.verdict, after.verdict) == ("yes", "ok", "no")
    assert "it is now 3/2" in pump.explanation and "613.4c" in pump.rules
    assert might.verdict == "error" and "Riftbound" in might.explanation
    assert player.verdict == "error"  # a player has no power and toughness


def test_the_stack_and_board_can_be_asked_for_without_changing_them(
    executor: MtgScenarioExecutor,
) -> None:
    result = run(
        executor,
        "What's on the stack?\n"
        "Alice controls Runeclaw Bear and Llanowar Elves.\n"
        "Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.\n"
        "Llanowar Elves dies.\n"
        "What is on the stack?\nShow the board.\n",
    )
    empty, stack, board = result.steps[0], result.steps[4], result.steps[5]
    assert empty.verdict == "ok" and "Stack:\nEmpty." in empty.explanation
    assert stack.verdict == "ok" and not stack.changed
    lines = stack.explanation.splitlines()
    assert lines[:2] == ["Stack (top first):", "[top] #3 Arc Trail (Bob)"]
    assert "“any target”: Runeclaw Bear — legal" in lines[2]
    # The target #2 is told apart from the new object #4 in the graveyard (CR 400.7).
    assert "Llanowar Elves (#2) — illegal" in lines[3] and "400.7" in lines[3]
    assert "Alice's battlefield:\n#1 Runeclaw Bear 2/2" in board.explanation
    assert "#4 Llanowar Elves — Alice's graveyard" in board.explanation


def test_many_copies_are_listed_by_ordinal_up_to_ten(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        "Alice controls 12 Runeclaw Bear.\nBob controls 11 Runeclaw Bear.\n"
        "Runeclaw Bear is tapped.\nBob's 11th Runeclaw Bear is tapped.\n",
    )
    ambiguous, eleventh = result.steps[2:]
    assert ambiguous.error is not None and ambiguous.error.kind == "AmbiguousError"
    assert "There are 23 objects called Runeclaw Bear" in ambiguous.error.message
    assert len(ambiguous.error.suggestions) == 10
    assert list(ambiguous.error.suggestions[:2]) == [
        "Alice's first Runeclaw Bear (#1)",
        "Alice's second Runeclaw Bear (#2)",
    ]
    assert ambiguous.error.suggestions[9] == "Alice's 10th Runeclaw Bear (#10)"
    assert eleventh.object_ids == (23,)


def test_group_targets_fills_slots_in_text_order(executor: MtgScenarioExecutor) -> None:
    from bot.engine.requirements import TargetSlot

    any_filter = None  # grouping looks at the counts only
    one = TargetSlot(0, "target creature", any_filter)  # type: ignore[arg-type]
    up_to_two = TargetSlot(1, "up to two targets", any_filter, min_count=0, max_count=2)  # type: ignore[arg-type]
    assert group_targets([one, up_to_two], [1, 2, 3]) == [[1], [2, 3]]
    assert group_targets([one, up_to_two], [1]) == [[1], []]
    assert group_targets([one], [1, 2]) == [[1], [2]]


def test_step_json_shape(executor: MtgScenarioExecutor) -> None:
    step = run(executor, EXAMPLE).steps[2].to_dict()
    assert {"statement", "verdict", "targets", "effects", "rules", "explanation"} <= set(step)
    assert step["targets"][0]["requirement"] == "any target"
    error = run(executor, "Alice frobs the bear.\n").steps[0].to_dict()
    assert error["verdict"] == "error" and error["error"]["message"]


def test_a_legality_question_without_a_caster_answers_for_each_player(executor) -> None:
    """Troll Ascetic: "Troll Ascetic can't be the target of spells or abilities your opponents
    control" (hexproof, CR 702.11b) — so the answer depends on who casts Lightning Bolt."""
    result = executor.run(
        "Alice controls Troll Ascetic. Bob controls Runeclaw Bear. "
        "Is Troll Ascetic a legal target for Lightning Bolt?",
        speaker="Alice",
    )
    answer = result.steps[-1].to_dict()
    assert answer["verdict"] == "yes"
    # Found by QA 4: "yes" beside a sentence that began "It depends ... no if ...": the
    # sentence starts with the case that makes it yes.
    assert answer["explanation"].startswith("Yes if Alice casts Lightning Bolt; no if Bob casts")
    assert "702.11b" in answer["rules"]
    plain = (
        executor.run(
            "Alice controls Troll Ascetic. Bob controls Runeclaw Bear. "
            "Is Runeclaw Bear a legal target for Lightning Bolt?",
            speaker="Alice",
        )
        .steps[-1]
        .to_dict()
    )
    assert plain["verdict"] == "yes" and "depends" not in plain["explanation"]


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("Is Troll Ascetic a legal target for Bob's Lightning Bolt?", "no"),
        ("Can Bob's Lightning Bolt target Troll Ascetic?", "no"),
        ("Can Troll Ascetic be targeted by Bob's Lightning Bolt?", "no"),
        ("Is Troll Ascetic a legal target for Lightning Bolt cast by Bob?", "no"),
        ("Can Bob target Troll Ascetic with Lightning Bolt?", "no"),
        ("Is Troll Ascetic a legal target for Alice's Lightning Bolt?", "yes"),
        ("Can Alice target Troll Ascetic with Lightning Bolt?", "yes"),
    ],
)
def test_a_legality_question_naming_the_caster_answers_for_that_caster(
    executor, question: str, verdict: str
) -> None:
    """CR 702.11b: "“Hexproof” on a permanent means “This permanent can't be the target of
    spells or abilities your opponents control.”" Bob is Alice's opponent (found by QA: the
    caster named in the question was ignored, and the answer was "yes")."""
    result = executor.run(
        f"Alice controls Troll Ascetic. Bob controls Runeclaw Bear. {question}", speaker="Alice"
    )
    answer = result.steps[-1].to_dict()
    assert answer["verdict"] == verdict and "depends" not in answer["explanation"]
    if verdict == "no":
        assert answer["rules"] == ["702.11b"]


def test_legal_targets_of_a_card_say_when_they_depend_on_the_caster(executor) -> None:
    """Bob can't choose Troll Ascetic (hexproof, CR 702.11b); Alice can."""
    result = executor.run(
        "Alice controls Troll Ascetic. Bob controls Runeclaw Bear.\n"
        "What can Lightning Bolt target?\nWhat can Bob's Lightning Bolt target?",
        speaker="Alice",
    )
    unnamed, bobs = (step.to_dict() for step in result.steps[-2:])
    assert "if Alice casts it, “any target”: Alice, Bob, Troll Ascetic" in unnamed["explanation"]
    assert "if Bob casts it, “any target”: Alice, Bob, Runeclaw Bear" in unnamed["explanation"]
    assert "Troll Ascetic" not in bobs["explanation"]


def test_one_word_of_an_objects_name_means_that_object_not_a_new_player(executor) -> None:
    """Found by QA: "targeting Bear" made a player called Bear (and Swords to Plowshares
    "illegal: Bear is a player").  A word that names nothing in full but is a word of one
    object's name means that object; of several, the answer asks which."""
    result = executor.run(
        "Alice controls Runeclaw Bear and Llanowar Elves.\n"
        "Bob casts Swords to Plowshares targeting Bear.\n"
        "Alice controls Grizzly Bears and Runeclaw Bear.\n"
        "Bob casts Lightning Bolt targeting Bear.\n"
        "Bob casts Lightning Bolt targeting Carol.",
        speaker="Alice",
    )
    swords, _, twice, carol = (step.to_dict() for step in result.steps[1:])
    assert swords["verdict"] == "legal" and "targeting Runeclaw Bear" in swords["explanation"]
    assert twice["verdict"] == "error" and "could be any of Runeclaw Bear" in twice["explanation"]
    assert carol["verdict"] == "legal"  # a word no object has is still a new player
    assert "Bear" not in result.state.player_names


def test_a_cards_nickname_is_not_made_up_as_a_third_player(executor) -> None:
    """Found in review: with Alice and Bob playing, "targeting Goyf" (Tarmogoyf's nickname,
    nothing in play) made a third player called Goyf, and Lightning Bolt was "legal" against
    someone who isn't playing.  A two-player game's third player is named first; a nickname
    of a card that isn't in the game is the card, which the answer says how to add."""
    result = executor.run(
        "Alice controls Runeclaw Bear. Bob controls Grizzly Bears.\n"
        "Alice casts Lightning Bolt targeting Goyf.\n"
        "Bob controls Tarmogoyf.\n"
        "Alice casts Lightning Bolt targeting Goyf.",
        speaker="Alice",
    )
    missing, _, present = (step.to_dict() for step in result.steps[2:])
    assert missing["verdict"] == "error"
    assert "“Goyf” is Tarmogoyf, which is not in the game" in missing["explanation"]
    assert "Bob controls Tarmogoyf." in missing["explanation"]
    assert present["verdict"] == "legal" and "targeting Tarmogoyf" in present["explanation"]
    assert "Goyf" not in result.state.player_names
    # "Bob" is also a nickname (Dark Confidant), and the usual second player's name.
    opening = executor.run("Alice casts Lightning Bolt targeting Bob.", speaker="Alice")
    assert opening.steps[0].verdict == "legal" and "Bob" in opening.state.player_names


@pytest.mark.parametrize(
    ("target", "meant"),
    [("opponent", "Alice"), ("his opponent", "Alice"), ("himself", "Bob")],
)
def test_opponent_and_himself_are_relative_to_the_caster(executor, target, meant) -> None:
    """Found by QA: in a two-player game "Bob casts Lightning Bolt targeting opponent" was
    refused as "only clear in a two-player game", and "himself" made a player "Himself".
    CR 102.2: in a two-player game, a player's opponent is the other player."""
    result = executor.run(
        f"Alice controls Runeclaw Bear. Bob controls Llanowar Elves.\n"
        f"Bob casts Lightning Bolt targeting {target}.",
        speaker="console",
    )
    step = result.steps[-1].to_dict()
    assert step["verdict"] == "legal"
    assert f"targeting {meant} (any target)" in step["explanation"]
    assert set(result.state.player_names) == {"Alice", "Bob"}


def test_the_help_examples_are_statements_the_bot_understands(
    executor: MtgScenarioExecutor,
) -> None:
    from bot.commands.dispatch import SCENARIO_EXAMPLES
    from bot.errors import ScenarioError

    magic = [line for line in SCENARIO_EXAMPLES if not line.startswith("Riftbound")]
    for line in magic:
        parsed = executor.parse(line, speaker="Alice", players=())
        assert parsed and not [p for p in parsed if isinstance(p, ScenarioError)], line


def test_a_chapter_trigger_goes_on_the_stack_by_its_chapter_number(executor) -> None:  # type: ignore[no-untyped-def]
    """The design document: "The chapter II trigger of X goes on the stack with no targets."
    Fall of the Impostor: "I, II — Put a +1/+1 counter on up to one target creature." (CR
    714.2b: chapter abilities are triggered; 115.6: up to one target may be zero targets)."""
    result = executor.run(
        "Alice controls Fall of the Impostor and Runeclaw Bear.\n"
        "The chapter II trigger of Fall of the Impostor goes on the stack with no targets.\n"
        "The chapter I trigger of Fall of the Impostor goes on the stack targeting Runeclaw Bear.\n"
        "Fall of the Impostor's chapter IV ability targets Runeclaw Bear.",
        speaker="Alice",
    )
    verdicts = [step.verdict for step in result.steps]
    assert verdicts == ["ok", "legal", "legal", "error"]
    assert "115.6" in result.steps[1].rules
    assert result.steps[2].targets[0].chosen == "Runeclaw Bear"
    assert "chapter iv" in result.steps[3].explanation.lower()


def test_taps_and_untaps_read_as_is_tapped(executor: MtgScenarioExecutor) -> None:
    result = run(
        executor,
        "Alice controls Royal Assassin. Bob controls Goblin Piker. Goblin Piker taps.\n"
        "Alice activates Royal Assassin targeting Goblin Piker.\nGoblin Piker untaps.\n"
        "The top of the stack resolves.\nGoblin Piker becomes tapped.\n",
    )
    verdicts = [step.verdict for step in result.steps]
    # CR 608.2b: "destroy target tapped creature" rechecks "tapped" as it resolves.
    assert verdicts == ["ok", "ok", "ok", "legal", "ok", "fizzled", "ok"]
    (piker,) = [o for o in result.state.objects.values() if o.name == "Goblin Piker"]
    assert piker.tapped  # "becomes tapped"


def test_a_statement_parsed_again_reads_the_same_and_errors_are_never_remembered(
    executor: MtgScenarioExecutor,
) -> None:
    """Games replay their statements on every load: parsing is remembered per process (issue
    14), which must not change what a statement means, for whom, or which players it knows."""
    text = "Bob casts Lightning Bolt targeting Alice."
    first = executor.parse(text, speaker="bob", players=("Alice", "Bob"))
    again = executor.parse(text, speaker="bob", players=("Alice", "Bob"))
    assert again == first and again is not first
    again.clear()  # a caller's list is its own
    assert executor.parse(text, speaker="bob", players=("Alice", "Bob")) == first
    mine = executor.parse("I cast Lightning Bolt targeting Bob.", speaker="alice")
    theirs = executor.parse("I cast Lightning Bolt targeting Bob.", speaker="carol")
    assert mine != theirs  # "I" is whoever speaks
    broken = "Bob casts targeting."
    assert any(isinstance(item, Exception) for item in executor.parse(broken, speaker="bob"))
    assert any(isinstance(item, Exception) for item in executor.parse(broken, speaker="bob"))


def test_a_token_named_with_the_ceases_to_exist_when_it_dies(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 111.7: "A token that's in a zone other than the battlefield ceases to exist."
    # "The" before an object's name is an article, unless the card's name has it (The
    # Ur-Dragon), which the exact name finds first.
    result = run(
        executor,
        "Bob controls a 2/2 black Zombie token. The Zombie token dies. "
        "Bob controls The Ur-Dragon. The Ur-Dragon dies.",
    )
    assert verdicts(result.steps) == ["ok", "ok", "ok", "ok"]
    token_dies, dragon_dies = result.steps[1], result.steps[3]
    assert "ceases to exist" in token_dies.explanation and token_dies.rules[:2] == (
        "111.7",
        "704.5d",
    )
    assert "new object" in dragon_dies.explanation and "400.7" in dragon_dies.rules
    assert [o.name for o in result.state.zone_objects(Zone.GRAVEYARD)] == ["The Ur-Dragon"]


def test_a_zone_contains_cards_and_errors_show_the_whole_statement(
    executor: MtgScenarioExecutor,
) -> None:
    # "contains" is another way to say what a zone has (the scenario language's
    # "Alice's graveyard has Lightning Bolt and Grizzly Bears.").
    result = run(
        executor,
        "Alice's graveyard contains Lightning Bolt and Opt. "
        "Runeclaw Bear contains hexproof. Runeclaw Bear gets big.",
    )
    assert verdicts(result.steps) == ["ok", "error", "error"]
    assert [o.name for o in result.state.zone_objects(Zone.GRAVEYARD)] == ["Lightning Bolt", "Opt"]
    # A statement not understood is shown whole, whatever quotes its explanation holds.
    assert [step.statement for step in result.steps[1:]] == [
        "Runeclaw Bear contains hexproof.",
        "Runeclaw Bear gets big.",
    ]
    assert "says what a zone holds" in result.steps[1].explanation


def test_a_player_sacrifices_only_what_they_control(executor: MtgScenarioExecutor) -> None:
    # CR 701.21a: "To sacrifice a permanent, its controller moves it from the battlefield
    # directly to its owner's graveyard. A player can't sacrifice something that isn't a
    # permanent, or something that's a permanent they don't control."
    result = run(
        executor,
        "Alice controls Grizzly Bears. Bob controls Runeclaw Bear. "
        "Alice sacrifices Runeclaw Bear. Alice sacrifices Grizzly Bears. "
        "Runeclaw Bear gets exiled.",
    )
    assert verdicts(result.steps) == ["ok", "ok", "illegal", "ok", "ok"]
    refused, sacrificed = result.steps[2], result.steps[3]
    assert refused.rules == ("701.21a",) and "Bob controls it" in refused.explanation
    assert "701.21a" in sacrificed.rules and "sacrificed" in sacrificed.explanation
    graveyard = [o.name for o in result.state.zone_objects(Zone.GRAVEYARD)]
    exile = [o.name for o in result.state.zone_objects(Zone.EXILE)]
    assert graveyard == ["Grizzly Bears"] and exile == ["Runeclaw Bear"]  # "gets" = "is"


def test_players_have_poison_counters_but_not_plus_one_counters(
    executor: MtgScenarioExecutor,
) -> None:
    # CR 122.1f: "If a player has ten or more poison counters, that player loses the game as a
    # state-based action." CR 122.1a: +X/+Y counters are on creatures, not players.
    result = run(
        executor,
        # Bob's last: once he has lost, Alice has won and nothing more happens (104.2a).
        "Alice controls Grizzly Bears. I have 3 poison counters. Alice has 2 +1/+1 counters. "
        "Grizzly Bears has 2 +1/+1 counters. Bob has 10 poison counters.",
    )
    assert verdicts(result.steps) == ["ok", "ok", "error", "ok", "ok"]
    bob, alice = result.steps[4], result.steps[1]
    assert {"122.1f", "704.5c"} <= set(bob.rules) and "loses the game" in bob.explanation
    # CR 104.2a: Alice, the only player left, wins; Bob has left the game (104.5).
    assert "Alice wins the game" in bob.explanation
    assert [p.name for p in result.state.players if p.left_game] == ["Bob"]
    assert alice.rules == ("122.1",) and "loses" not in alice.explanation
    assert "is a player" in result.steps[2].explanation
    players = {p.name: dict(p.counters) for p in result.state.players}
    assert players == {"Alice": {"poison": 3}, "Bob": {"poison": 10}}
    [bear] = result.state.zone_objects(Zone.BATTLEFIELD)
    assert dict(bear.counters) == {"+1/+1": 2}


def test_answers_tell_apart_objects_that_share_a_name(executor: MtgScenarioExecutor) -> None:
    # Two Grizzly Bears: "3 damage to Grizzly Bears" wouldn't say which one was hit, so an
    # answer names an object by its id when another object has its name (CR 400.7 makes each
    # a different object); an object whose name is its own keeps the plain name.
    result = run(
        executor,
        "Alice controls 2 Grizzly Bears and Runeclaw Bear.\n"
        "Bob casts Lightning Bolt targeting Alice's second Grizzly Bears.\n"
        "Lightning Bolt resolves.\n"
        "Alice's first Grizzly Bears is tapped.\n"
        "Runeclaw Bear is tapped.\n",
    )
    cast, resolution, first_tapped, bear_tapped = result.steps[1:]
    assert cast.targets[0].chosen == "Grizzly Bears (#2)"
    assert [e.text for e in resolution.effects] == ["3 damage to Grizzly Bears (#2)"]
    assert "Grizzly Bears (#2) dies: 3 damage marked, toughness 2 (704.5g)" in (
        resolution.explanation
    )
    assert first_tapped.explanation == "Grizzly Bears (#1) is tapped."
    assert bear_tapped.explanation == "Runeclaw Bear is tapped."


CRYPTIC_MODES = (
    "Counter target spell.",
    "Return target permanent to its owner's hand.",
    "Tap all creatures your opponents control.",
    "Draw a card.",
)


@pytest.mark.parametrize(
    ("typed", "chosen"),
    [
        (("counter target spell", "draw a card"), (0, 3)),
        (("counter", "draw"), (0, 3)),
        (("bounce target permanent", "draw a card"), (1, 3)),
        (("return target permanent to its owner's hand", "tap all creatures"), (1, 2)),
        (("2", "4"), (1, 3)),
    ],
)
def test_typed_modes_mean_the_modes_that_share_their_words(typed, chosen) -> None:
    """Found by QA: "bounce target permanent" was read as "Counter target spell" (the word
    "target" was enough), so a bounce was answered as a counter (CR 700.2)."""
    assert match_modes(CRYPTIC_MODES, ast.Choices(modes=typed)) == chosen


def test_a_typed_mode_sharing_no_word_with_any_mode_is_an_error() -> None:
    with pytest.raises(ScenarioError, match="is not one of the modes"):
        match_modes(CRYPTIC_MODES, ast.Choices(modes=("frobnicate target thing",)))


def test_a_quality_after_from_keeps_its_name_capitalized(executor: MtgScenarioExecutor) -> None:
    """Left from QA 4: "gains protection from Bob" was echoed "protection from bob" when Bob
    had not appeared yet (True-Name Nemesis's chosen player, 702.16k); creature types keep
    their capital as Oracle text writes them ("protection from Humans"), colours and card types
    stay lower case."""
    result = run(
        executor,
        "Alice controls True-Name Nemesis.\n"
        "True-Name Nemesis gains protection from Bob.\n"
        "True-Name Nemesis gains Protection from Red and from humans.\n"
        "True-Name Nemesis gains protection from creatures.\n",
    )
    said = [step.explanation for step in result.steps[1:]]
    assert said == [
        "True-Name Nemesis gains protection from Bob.",
        "True-Name Nemesis gains protection from red and from Humans.",
        "True-Name Nemesis gains protection from creatures.",
    ]


def test_removing_counters_is_said_to_be_untracked(executor: MtgScenarioExecutor) -> None:
    """Hex Parasite's "Remove up to X counters from target permanent" was ticked as done while
    Liliana kept her loyalty (QA 9, M6): a part the bot doesn't carry out must say so."""
    result = executor.run(
        "Alice controls Hex Parasite. Bob controls Liliana of the Veil.\n"
        "Alice activates Hex Parasite targeting Liliana of the Veil with X=2.\n"
        "Hex Parasite's ability resolves.",
        speaker="Alice",
    )
    removal = result.steps[-1].effects[0]
    # X is named as announced (107.3a; QA 33 M4).
    assert removal.text.startswith("Remove up to 2 counters") and removal.tracked is False


def test_is_in_exile_moves_an_object_and_asks_whose_for_a_card_not_in_the_game(executor) -> None:
    """QA 16 minor #7: "Lightning Bolt is in exile." was not understood, though "... is
    exiled" and "... casts X from exile" were.  An object in the game goes to its owner's zone
    (CR 400.3) as a new object (400.7); a card named for the first time needs its owner."""
    result = executor.run(
        "Alice controls Runeclaw Bear. Bob controls Grizzly Bears.\n"
        "Runeclaw Bear is in exile.\n"
        "Grizzly Bears is in the graveyard.\n"
        "Lightning Bolt is in exile.\n",
        speaker="Alice",
    )
    exiled, buried, missing = (step.to_dict() for step in result.steps[2:])
    assert exiled["verdict"] == "ok" and "400.7" in exiled["rules"]
    assert buried["verdict"] == "ok"
    zones = {o.name: o.zone for o in result.state.objects.values()}
    assert zones == {"Runeclaw Bear": Zone.EXILE, "Grizzly Bears": Zone.GRAVEYARD}
    assert missing["verdict"] == "error"
    assert "say whose it is: “Lightning Bolt is in Alice's exile.”" in missing["explanation"]


def test_life_paid_and_a_loss_are_said_once(executor) -> None:
    """QA 16 minor #3: "Alice pays 1 life (0 left)" was said in the answer and again as a
    note.  CR 119.4 (life paid), 704.5a (0 life: she loses before anyone has priority)."""
    result = executor.run(
        "Bob has 20 life. Alice has 1 life.\n"
        "Alice controls Polluted Delta.\n"
        "Alice activates Polluted Delta.\n",
        speaker="Alice",
    )
    step = result.steps[-1]
    assert step.explanation.count("Alice pays 1 life (0 left)") == 1
    assert "Alice loses the game: 0 life (704.5a)" in step.explanation
    assert not any("pays 1 life" in note or "loses the game" in note for note in step.notes)
    assert "704.5a" in step.rules


def test_a_remembered_statement_still_names_its_players_when_replayed(
    executor: MtgScenarioExecutor,
) -> None:
    """A statement that says "I" or "opponent" is written with the players it meant each time
    it runs from the parse cache; one that names them plainly is its own text (issue 14: only
    the first kind is walked)."""
    setup = "Alice controls Runeclaw Bear. Bob controls Llanowar Elves."
    for _ in range(2):  # the second run comes from the cache
        state = executor.run(setup, speaker="alice").state
        mine = executor.run("I have 17 life.", state, speaker="alice").steps[-1]
        theirs = executor.run("My opponent has 16 life.", state, speaker="alice").steps[-1]
        plain = executor.run("Bob has 15 life.", state, speaker="alice").steps[-1]
        assert (mine.portable, mine.script_line) == ("Alice has 17 life.", "Alice has 17 life.")
        assert theirs.portable == "Bob has 16 life."
        assert (plain.portable, plain.script_line) == ("", "Bob has 15 life.")


def test_players_gain_and_lose_life(executor) -> None:
    """Found in review (QA 16's helper): "Bob gains 1 life." and "Alice loses 3 life." were
    not understood, only "has N life".  CR 119.3: "If an effect causes a player to gain life or
    lose life, that player's life total is adjusted accordingly."; 704.5a at 0 life."""
    result = executor.run(
        "Alice has 20 life. Bob has 20 life.\n"
        "Bob gains 1 life.\n"
        "I lose 3 life.\n"
        "Bob loses 21 life.\n",
        speaker="Alice",
    )
    gained, lost, fatal = result.steps[2:]
    assert gained.verdict == "ok" and "Bob gains 1 life and has 21 now" in gained.explanation
    assert "119.3" in gained.rules
    assert lost.portable == "Alice loses 3 life."  # an export names the player
    assert "Bob loses the game: 0 life (704.5a)" in fatal.explanation
    assert {p.name: p.life for p in result.state.players} == {"Alice": 17, "Bob": 0}


def test_the_copy_names_a_permanent_that_is_a_copy(executor: MtgScenarioExecutor) -> None:
    # CR 707.2: a Clone that entered as a copy of Thalia is a Thalia; "the copy" names it, and
    # keeping it puts the original into its owner's graveyard (704.5j).
    result = run(
        executor,
        "Alice controls Thalia, Guardian of Thraben.\n"
        "Alice casts Clone.\n"
        "Clone resolves copying Thalia, Guardian of Thraben.\n"
        "Bob casts Lightning Bolt targeting the copy.\n"
        "Alice keeps the copy.\n"
        "Bob casts Murder targeting Alice's copy.\n"
        "Alice casts Clone.\n"
        "Clone resolves copying Thalia, Guardian of Thraben.\n"
        "Alice keeps the copy.\n",
    )
    bolt, kept, murder, _, _, ambiguous = result.steps[3:]
    # The legend rule's choice comes first (704.3): nothing is cast before it.
    assert bolt.verdict == "illegal" and bolt.rules == ("704.3", "704.5j")
    assert "Say “Alice keeps #1.” or “Alice keeps #3.” first." in bolt.explanation
    assert (
        kept.verdict == "ok" and "Alice keeps Thalia, Guardian of Thraben (#3)" in kept.explanation
    )
    assert murder.verdict == "legal" and murder.targets[0].chosen_id == 3
    # Two copies now (the kept one and the new Clone): "the copy" is ambiguous, by id.
    assert ambiguous.verdict == "error" and "#3" in ambiguous.explanation


def test_riftbound_optional_costs_are_refused_in_a_magic_game(
    executor: MtgScenarioExecutor,
) -> None:
    """ "with Repeat" / "with Accelerate" are Riftbound's (820, 805): a Magic spell is refused
    with what would work, not cast as if they weren't said."""
    result = run(executor, "Alice casts Lightning Bolt with Repeat targeting Bob.")
    [step] = result.steps
    assert step.verdict == "error" and step.error is not None
    assert "Riftbound keyword" in step.error.message


def test_an_aura_stated_on_a_creature_not_yet_stated_says_to_state_it(executor) -> None:  # type: ignore[no-untyped-def]
    """QA 50 M2's setup said in one statement: there is nothing to attach Control Magic to
    yet (303.4), and the answer gives the statement that puts Bob's Grizzly Bears there; a
    misspelt name still gets the closest names."""
    result = executor.run(
        "Alice controls Control Magic enchanting Bob's Grizzly Bears.\n"
        "Alice controls Pacifism attached to Grizly Bears.",
        speaker="Alice",
    )
    first, second = (step.to_dict() for step in result.steps)
    assert first["verdict"] == "error"
    assert "“Bob controls Grizzly Bears.”" in first["explanation"]
    assert second["verdict"] == "error" and "There is no Grizly Bears" in second["explanation"]
    assert not result.state.objects
