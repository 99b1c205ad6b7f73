"""How players and judges really say a situation in a judge channel: "they all resolve", "it
resolves", "her bears", "Bob bolts the bears". Each either reads as the statement it means or
gets the statement that would work as its hint, never a wrong reading."""

from __future__ import annotations

import pytest

from bot.errors import ScenarioError
from bot.scenario.ast import (
    Cast,
    CostQuestion,
    Draws,
    ObjectRef,
    Resolve,
    ResolveAll,
    ResolveQuestion,
    TopOfStack,
    WhoseTurn,
)
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.parser import parse_statement
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from tests.scenario.card_names import is_known_name


def parse(text: str):
    return parse_statement(text, speaker="Carol", is_known_name=is_known_name)


@pytest.mark.parametrize(
    "said",
    ["They all resolve.", "They resolve.", "Both resolve.", "All of them resolve.",
     "Everything else resolves.", "The rest resolve.", "All resolve."],
)  # fmt: skip
def test_the_whole_stack_said_as_players_say_it(said: str) -> None:
    assert parse(said) == ResolveAll()


@pytest.mark.parametrize("said", ["It resolves.", "That resolves.", "That spell resolves."])
def test_it_resolves_is_the_top_of_the_stack(said: str) -> None:
    assert parse(said) == Resolve(item=TopOfStack())


def test_a_pronoun_possessive_finds_the_object_by_its_name() -> None:
    cast = parse("Bob casts Lightning Bolt targeting her Grizzly Bears.")
    assert isinstance(cast, Cast)
    assert cast.choices.targets == (ObjectRef("Grizzly Bears"),)
    on = parse("Alice casts Giant Growth on his Runeclaw Bear.")
    assert isinstance(on, Cast)
    assert on.choices.targets == (ObjectRef("Runeclaw Bear"),)


def test_a_spell_said_as_a_verb_gets_the_cast_as_its_hint(executor: MtgScenarioExecutor) -> None:
    """ "Bolt" is Lightning Bolt's nickname (rules_data/nicknames.toml), Murder a card's name."""
    bolts, murders, kills = executor.run(
        "Bob bolts Grizzly Bears.\nBob murders Grizzly Bears.\nBob kills Grizzly Bears.\n",
        speaker="Alice",
    ).steps
    assert bolts.verdict == "error"
    assert "“bolts” isn't a verb the bot reads" in bolts.explanation
    assert "Bob casts Bolt targeting Grizzly Bears." in bolts.explanation
    assert "Bob casts Murder targeting Grizzly Bears." in murders.explanation
    # A verb that is no card's name keeps the general answer.
    assert "isn't a verb the bot reads" not in kills.explanation


def test_a_judge_channel_story_reads_through(executor: MtgScenarioExecutor) -> None:
    """Bolt at a creature, Vines of Vastwood in response: Vines resolves first and the Bolt's
    only target is now illegal for it ("can't be the target of spells or abilities your
    opponents control this turn", Oracle), so Bolt doesn't resolve (608.2b)."""
    steps = executor.run(
        "Alice controls Grizzly Bears.\n"
        "Bob casts Lightning Bolt at her bears.\n"
        "In response, Alice casts Vines of Vastwood on her bears.\n"
        "They all resolve.\n",
        speaker="Alice",
    ).steps
    assert [step.verdict for step in steps] == ["ok", "legal", "legal", "fizzled"]
    assert "Lightning Bolt doesn't resolve" in steps[3].explanation
    assert "608.2b" in steps[3].explanation


def test_players_wordings_of_actions_read_as_the_statement_they_mean(
    executor: MtgScenarioExecutor,
) -> None:
    """ "Counters X with Y" casts Y targeting X; "responds by casting"; tapping a creature for
    mana leaves it tapped (a mana ability, 605.3a); "plays a Forest" plays Forest (305.1)."""
    # A land is played with the stack empty (305.1), so before the Bolt.
    steps = executor.run(
        "Alice controls Grizzly Bears and Llanowar Elves.\n"
        "Alice plays a Forest.\n"
        "Bob casts Lightning Bolt targeting Grizzly Bears.\n"
        "Alice counters Lightning Bolt with Counterspell.\n"
        "Bob responds by casting Shock targeting Llanowar Elves.\n"
        "Alice taps Llanowar Elves for mana.\n",
        speaker="Alice",
    ).steps
    assert [step.verdict for step in steps] == ["ok", "legal", "legal", "legal", "legal", "ok"]
    assert "Alice plays Forest" in steps[1].explanation
    assert "Alice casts Counterspell targeting Lightning Bolt" in steps[3].explanation
    assert "Bob casts Shock targeting Llanowar Elves" in steps[4].explanation
    assert "Llanowar Elves is tapped" in steps[5].explanation


def test_what_the_bot_does_not_keep_is_said_with_what_would_work(
    executor: MtgScenarioExecutor,
) -> None:
    draws, counters_it = executor.run(
        "Alice draws a card.\nAlice counters it with Counterspell.\n", speaker="Alice"
    ).steps
    # A draw is a statement now (draw triggers see it, CR 121.2); which card is unknown.
    assert draws.verdict == "ok"
    assert "keeps no library" in draws.explanation
    assert "Alice's hand has …" in draws.explanation
    assert counters_it.verdict == "error"
    assert "name the spell Counterspell counters" in counters_it.explanation


@pytest.mark.parametrize(
    "said", ["What happens?", "What happens now?", "What happens next?",
             "What would happen if everything resolved?", "What happens when the stack resolves?"],
)  # fmt: skip
def test_what_happens_asks_about_the_whole_stack(said: str) -> None:
    assert parse(said) == ResolveQuestion(item=TopOfStack(), whole=True)


def test_what_happens_plays_the_stack_out_without_changing_it(
    executor: MtgScenarioExecutor,
) -> None:
    """Giant Growth on top resolves first (405.5): the Bears are 5/5 when the Bolt's 3 damage
    arrives, so they survive (704.5g); nothing changes until "Resolve the stack."."""
    result = executor.run(
        "Alice controls Grizzly Bears.\n"
        "Bob casts Lightning Bolt targeting Grizzly Bears.\n"
        "Alice casts Giant Growth targeting Grizzly Bears.\n"
        "What happens?\n",
        speaker="Alice",
    )
    step = result.steps[-1]
    assert step.verdict == "resolved"
    assert "Giant Growth resolves" in step.explanation
    assert "Grizzly Bears survives" in step.explanation
    assert len(result.state.stack) == 2


def test_can_a_player_respond(executor: MtgScenarioExecutor) -> None:
    """CR 117.4: the top item resolves once all players pass in succession, so each gets
    priority first; 117.7: what is cast then is "in response" and resolves first. 305.1:
    playing a land doesn't use the stack, so "players can't respond to it"."""
    steps = executor.run(
        "Alice controls Grizzly Bears.\n"
        "Can Bob respond?\n"
        "Bob casts Lightning Bolt targeting Grizzly Bears.\n"
        "Can Alice respond to Lightning Bolt?\n"
        "Lightning Bolt resolves.\n"
        "Alice plays Forest.\n"
        "Can Bob respond to Forest?\n",
        speaker="Alice",
    ).steps
    assert steps[1].verdict == "no"
    assert "the stack is empty" in steps[1].explanation
    assert steps[3].verdict == "yes"
    assert "Alice gets priority before it resolves" in steps[3].explanation
    assert "117.7" in steps[3].explanation
    assert steps[6].verdict == "no"
    assert "special action" in steps[6].explanation and "305.1" in steps[6].explanation


def test_can_a_player_respond_in_riftbound(rb: RiftboundScenarioExecutor) -> None:
    """Riftbound 309.1: "If a Chain exists, the turn is in a Closed State."; 309.1.a: "Only
    cards and abilities with the Reaction keyword can be played or activated in a Closed
    State.\""""
    steps = rb.run(
        "Alice controls Stalwart Poro at Targon's Peak.\n"
        "Bob plays Void Seeker targeting Stalwart Poro.\n"
        "Can Alice respond?\n",
        speaker="Alice",
    ).steps
    assert steps[-1].verdict == "yes"
    assert "Closed State (309.1)" in steps[-1].explanation
    assert "[Reaction]" in steps[-1].explanation


def test_more_players_wordings(executor: MtgScenarioExecutor) -> None:
    """A player "targets X with" a spell casts it (601.2c); pinging with Prodigal Sorcerer
    activates its ability (602.2); "in response" at the end changes nothing the statement
    needs; "Alice's life is 10" sets a life total; "gives X hexproof" is "X gains hexproof"."""
    steps = executor.run(
        "Alice controls Grizzly Bears and Prodigal Sorcerer. Bob controls Runeclaw Bear.\n"
        "Bob targets Grizzly Bears with Lightning Bolt.\n"
        "Alice sacrifices Grizzly Bears in response.\n"
        "Alice pings Bob with Prodigal Sorcerer.\n"
        "Alice's life is 10.\n"
        "Alice gives Runeclaw Bear hexproof.\n"
        "Alice gives the bear +1/+1 until end of turn.\n",
        speaker="Alice",
    ).steps
    assert [step.verdict for step in steps[2:]] == ["legal", "ok", "legal", "ok", "ok", "ok"]
    assert "Bob casts Lightning Bolt targeting Grizzly Bears" in steps[2].explanation
    assert "Grizzly Bears was sacrificed" in steps[3].explanation
    assert "activates Prodigal Sorcerer's ability targeting Bob" in steps[4].explanation
    assert "Alice has 10 life" in steps[5].explanation
    assert "Runeclaw Bear gains hexproof" in steps[6].explanation
    assert "Runeclaw Bear gets +1/+1" in steps[7].explanation


def test_a_kill_without_how_asks_for_how(executor: MtgScenarioExecutor) -> None:
    (kills,) = executor.run("Bob kills Grizzly Bears.\n", speaker="Alice").steps
    assert kills.verdict == "error"
    assert "Grizzly Bears dies." in kills.explanation
    # "gives" is also a card's name (Give // Take): it is no spell cast at "... hexproof".
    (gives,) = executor.run("Alice gives Runeclaw Bear hexproof.\n", speaker="Alice").steps
    assert "isn't a verb the bot reads" not in gives.explanation


def test_loyalty_and_counters_questions(executor: MtgScenarioExecutor) -> None:
    """QA 47 M2: "What is Chandra's loyalty?" wasn't understood; a planeswalker's loyalty is
    the number of loyalty counters on it (CR 306.5b)."""
    steps = executor.run(
        "Alice controls Chandra, Torch of Defiance and Grizzly Bears with two +1/+1 counters.\n"
        "What is Chandra's loyalty?\n"
        "How many loyalty counters does Chandra, Torch of Defiance have?\n"
        "How many counters does Grizzly Bears have?\n",
        speaker="Alice",
    ).steps
    assert [step.verdict for step in steps[1:]] == ["ok", "ok", "ok"]
    assert "loyalty 4" in steps[1].explanation and "loyalty 4" in steps[2].explanation
    assert "2 +1/+1 counters" in steps[3].explanation


def test_a_bare_sacrifice_of_a_card_with_a_sacrifice_ability_says_how_to_activate_it(
    executor: MtgScenarioExecutor,
) -> None:
    """QA 47 M8: Sakura-Tribe Elder ("Sacrifice this creature: Search your library ...") is
    sacrificed for its ability; the bare statement is right but says how to activate it."""
    elder, bears = executor.run(
        "Alice controls Sakura-Tribe Elder and Grizzly Bears.\n"
        "Alice sacrifices Sakura-Tribe Elder.\nAlice sacrifices Grizzly Bears.\n",
        speaker="Alice",
    ).steps[1:]
    assert any("say “Alice activates Sakura-Tribe Elder.” instead" in n for n in elder.notes)
    assert not any("activates" in n for n in bears.notes)


def test_qa49_respond_to_a_trigger_or_a_nickname(executor: MtgScenarioExecutor) -> None:
    """QA 49 W0: Lotus Cobra's landfall trigger uses the stack (ruling 2020-09-25: players may
    respond to it); "the Bolt" is the Lightning Bolt on the stack."""
    steps = executor.run(
        "Alice controls Lotus Cobra. Bob controls Grizzly Bears.\n"
        "Alice plays a Forest.\n"
        "Can Bob respond to Lotus Cobra's trigger?\n"
        "Can Bob respond to the landfall trigger?\n"
        "Bob casts Lightning Bolt targeting Lotus Cobra.\n"
        "Can Alice respond to the Bolt?\n",
        speaker="Alice",
    ).steps
    assert [steps[i].verdict for i in (3, 4, 6)] == ["yes", "yes", "yes"]


def test_qa49_pronouns_targets_left_unsaid_and_failed_statements(
    executor: MtgScenarioExecutor,
) -> None:
    """QA 49 W3-W5: "Alice responds with Giant Growth." names no target (601.2c: targets are
    chosen as it is cast), so it is asked for and nothing changes; "she" names no player;
    answers after a failed statement say it is left out."""
    steps = executor.run(
        "Alice controls Grizzly Bears.\n"
        "Bob casts Lightning Bolt targeting Grizzly Bears.\n"
        "Alice responds with Giant Growth.\n"
        "Can she respond?\n"
        "Does Grizzly Bears die?\n",
        speaker="Alice",
    ).steps
    growth, she, dies = steps[2:]
    assert growth.verdict == "error"
    assert "Alice casts Giant Growth targeting Grizzly Bears." in growth.explanation
    assert she.verdict == "error" and "could be any player" in she.explanation
    assert dies.verdict == "yes"
    # Statement 4 is a question, which never changes the game (QA 62 M2).
    assert any("Statement 3 didn't change the game" in n for n in dies.notes)


@pytest.mark.parametrize(
    ("said", "expected"),
    [("Both players pass.", Resolve(item=TopOfStack())),
     ("No response.", Resolve(item=TopOfStack())),
     ("Bob doesn't respond.", Resolve(item=TopOfStack())),
     ("Alice lets it resolve.", Resolve(item=TopOfStack())),
     ("Let it all resolve.", ResolveAll())],
)  # fmt: skip
def test_passing_priority(said: str, expected: object) -> None:
    """CR 117.4: "If all players pass in succession ..., the spell or ability on top of the
    stack resolves"."""
    assert parse(said) == expected


def test_one_player_passing_says_what_resolves_the_top(executor: MtgScenarioExecutor) -> None:
    (passes,) = executor.run("Bob passes.\n", speaker="Alice").steps
    assert passes.verdict == "error" and "117.4" in passes.explanation
    assert "Both players pass." in passes.explanation


def test_qa49_more_wordings(executor: MtgScenarioExecutor) -> None:
    steps = executor.run(
        "Alice controls Grizzly Bears and Llanowar Elves.\n"
        "Alice taps Llanowar Elves for G.\n"
        "Alice sacs Grizzly Bears.\n"
        "Bob kills Llanowar Elves with Murder.\n"
        "Alice pumps Llanowar Elves with Giant Growth.\n",
        speaker="Alice",
    ).steps
    assert [s.verdict for s in steps[1:]] == ["ok", "ok", "error", "error"]
    assert "Bob casts Murder targeting Llanowar Elves." in steps[3].explanation
    assert "Alice casts Giant Growth targeting Llanowar Elves." in steps[4].explanation


def test_riftbound_one_word_of_a_units_name_and_on(rb: RiftboundScenarioExecutor) -> None:
    """QA 49 W1/U2: "targeting Poro" and "on Bob's Scorcher" name units on the board (a
    spell's choices are made as it is played, 355.6), not a new player or a battlefield."""
    steps = rb.run(
        "Alice controls Stalwart Poro at Targon's Peak. "
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Bob plays Hextech Ray targeting Poro.\n",
        speaker="Alice",
    ).steps
    assert steps[-1].verdict == "legal"
    assert "Stalwart Poro" in steps[-1].explanation
    on = rb.run(
        "Alice controls Stalwart Poro at Targon's Peak. "
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Alice plays Void Seeker on Bob's Scorcher.\n",
        speaker="Alice",
    ).steps
    assert on[-1].verdict == "legal"
    assert "targeting Bob's Blazing Scorcher" in on[-1].explanation


def test_a_card_of_several_words_said_as_a_verb(executor: MtgScenarioExecutor) -> None:
    doom, frob = executor.run(
        "Alice controls Grizzly Bears. Bob controls Runeclaw Bear.\n"
        "Alice Doom Blades the bear.\nBob frobnicates Alice.\n",
        speaker="Alice",
    ).steps[2:]
    assert "Alice casts Doom Blade targeting the bear." in doom.explanation
    # The general example is said by the statement's own player, not swapped.
    assert "Bob casts Lightning Bolt targeting Alice." in frob.explanation


def test_is_it_still_alive(executor: MtgScenarioExecutor) -> None:
    """QA 49 U4: "Is Grizzly Bears still alive?" asks whether it is on the battlefield."""
    alive, _, gone = executor.run(
        "Alice controls Grizzly Bears.\nIs Grizzly Bears still alive?\nGrizzly Bears dies.\n"
        "Is Grizzly Bears still there?\n",
        speaker="Alice",
    ).steps[1:]
    assert alive.verdict == "yes" and gone.verdict == "no"


def test_riftbound_stated_might_this_turn_ends_at_a_later_turn(
    rb: RiftboundScenarioExecutor,
) -> None:
    """Riftbound 317.2.c: effects that last "this turn" end as the turn ends; a stated change
    said "this turn" is one (it used to stay for good)."""
    steps = rb.run(
        "Alice controls Blazing Scorcher at Targon's Peak.\n"
        "Blazing Scorcher gets -2 Might this turn.\n"
        "It is a later turn.\n"
        "What is Blazing Scorcher's Might?\n",
        speaker="Alice",
    ).steps
    assert "has 3 Might" in steps[1].explanation
    assert "5 Might" in steps[3].explanation


def test_first_person_setup_wordings(
    executor: MtgScenarioExecutor, rb: RiftboundScenarioExecutor
) -> None:
    """QA 49 U6: "I have Grizzly Bears." was offered "I controls ..."; "I hold Targon's Peak."
    wasn't read (464.2: a player holds a battlefield)."""
    (have,) = executor.run("I have Grizzly Bears.\n", speaker="Alice").steps
    assert "This would work: I control Grizzly Bears." in have.explanation
    hold = rb.run(
        "I control Stalwart Poro at Targon's Peak.\nI hold Targon's Peak.\n", speaker="Alice"
    ).steps
    assert hold[-1].verdict == "ok" and "Alice holds Targon's Peak" in hold[-1].explanation


def test_can_block_a_creature_not_yet_attacking_says_so(executor: MtgScenarioExecutor) -> None:
    """QA 47 M12: "Can Llanowar Elves block Grizzly Bears?" before any attack answered a plain
    yes; only an attacking creature can be blocked (509.1a), so the answer says it is for when
    the Bears attack."""
    before, _, after = executor.run(
        "Alice controls Grizzly Bears. Bob controls Llanowar Elves.\n"
        "Can Llanowar Elves block Grizzly Bears?\n"
        "Grizzly Bears is attacking Bob.\n"
        "Can Llanowar Elves block Grizzly Bears?\n",
        speaker="Alice",
    ).steps[2:]
    assert before.verdict == "yes" and any("isn't stated as attacking" in n for n in before.notes)
    assert after.verdict == "yes" and not any("isn't stated" in n for n in after.notes)


def test_keywords_granted_by_auras_equipment_and_lords_count_in_combat(
    executor: MtgScenarioExecutor,
) -> None:
    """QA 50 W2: Rancor ("Enchanted creature gets +2/+0 and has trample."), Basilisk Collar
    ("Equipped creature has deathtouch and lifelink."), Teysa Karlov ("Creature tokens you
    control have vigilance and lifelink."): 702.19b trample, 702.15b lifelink, 702.20b
    vigilance (attacking doesn't tap it)."""
    steps = executor.run(
        "Alice controls Grizzly Bears and Rancor attached to Grizzly Bears. "
        "Bob controls Llanowar Elves.\n"
        "Grizzly Bears is attacking Bob.\n"
        "Llanowar Elves is blocking Grizzly Bears.\n"
        "Grizzly Bears deals 1 combat damage to Llanowar Elves.\n"
        "Grizzly Bears deals 3 combat damage to Bob.\n",
        speaker="Alice",
    ).steps
    assert steps[-1].verdict == "ok" and "Bob loses 3 life" in steps[-1].explanation
    collar = executor.run(
        "Alice controls Grizzly Bears and Basilisk Collar attached to Grizzly Bears.\n"
        "Grizzly Bears deals 2 damage to Bob.\n",
        speaker="Alice",
    ).steps
    assert "lifelink" in collar[-1].explanation
    teysa = executor.run(
        "Alice controls Teysa Karlov and a 1/1 Spirit creature token.\nSpirit is attacking.\n",
        speaker="Alice",
    ).steps
    assert "tapped" not in teysa[-1].explanation


def test_respond_to_a_trigger_named_loosely(
    executor: MtgScenarioExecutor, rb: RiftboundScenarioExecutor
) -> None:
    """QA 50 W7: "the trigger", "the Vision trigger", "Sai Scout's Vision" name the trigger on
    the stack (117.4; Riftbound 309.1.a: a chain makes a Closed State)."""
    steps = executor.run(
        "Alice controls Guttersnipe.\nAlice casts Shock targeting Bob.\n"
        "Can Bob respond to the trigger?\n",
        speaker="Alice",
    ).steps
    assert steps[-1].verdict == "yes" and "Guttersnipe's trigger" in steps[-1].explanation
    chain = rb.run(
        "Alice's hand has Sai Scout.\nAlice plays Sai Scout at her base.\n"
        "Can Bob respond to the Vision trigger?\nCan Bob respond to Sai Scout's Vision?\n",
        speaker="Alice",
    ).steps
    assert [s.verdict for s in chain[-2:]] == ["yes", "yes"]


def test_a_statement_said_as_a_question_changes_nothing(executor: MtgScenarioExecutor) -> None:
    """QA 50 W3: "Colossal Dreadmaw has deathtouch?" gave it deathtouch; a cast asked with
    "?" is asked whether it can be cast (601.2c), the game unchanged."""
    steps = executor.run(
        "Alice controls Colossal Dreadmaw. Bob controls Grizzly Bears.\n"
        "Colossal Dreadmaw has deathtouch?\n"
        "Bob casts Lightning Bolt targeting Colossal Dreadmaw?\n",
        speaker="Alice",
    )
    has, cast = steps.steps[2:]
    assert has.verdict == "error" and "nothing was changed" in has.explanation
    assert cast.verdict == "yes"
    assert not steps.state.stack
    assert "deathtouch" not in steps.state.keywords_of(1)


def test_riftbound_next_turn_readies_the_turn_players_permanents(
    rb: RiftboundScenarioExecutor,
) -> None:
    """QA 50 W5, Core Rules 315.1.b: "The Turn Player readies all Game Objects they control
    that are able to be readied." The other player's stay exhausted."""
    steps = rb.run(
        "Alice controls Stalwart Poro at Targon's Peak. "
        "Bob controls Blazing Scorcher at Targon's Peak.\n"
        "Stalwart Poro is exhausted.\nBlazing Scorcher is exhausted.\n"
        "It is Alice's next turn.\n"
        "Where is Stalwart Poro?\nWhere is Blazing Scorcher?\n",
        speaker="Alice",
    ).steps
    assert "315.1.b" in steps[4].explanation
    assert "ready" in steps[5].explanation and "exhausted" in steps[6].explanation


@pytest.mark.parametrize(
    ("said", "count", "draw_step"),
    [
        ("Alice draws a card.", 1, False),
        ("Alice draws two cards.", 2, False),
        ("Bob draws 3 cards.", 3, False),
        ("Bob draws for the turn.", 1, True),
        ("Bob draws a card for the turn.", 1, True),
    ],
)
def test_a_draw_is_read_with_its_count_and_whether_it_is_the_draw_steps(
    said: str, count: int, draw_step: bool
) -> None:
    drawn = parse(said)
    assert isinstance(drawn, Draws)
    assert (drawn.count, drawn.draw_step) == (count, draw_step)


@pytest.mark.parametrize("said", ["Alice draws lots of cards.", "Alice draws the Bolt."])
def test_a_draw_said_unclearly_gets_the_forms_that_work(said: str) -> None:
    with pytest.raises(ScenarioError) as failure:
        parse(said)
    assert "Alice draws two cards." in str(failure.value)


@pytest.mark.parametrize(
    "said",
    ["How much does Lightning Bolt cost?", "What does Lightning Bolt cost?",
     "What is the mana value of Lightning Bolt?", "What's Lightning Bolt's CMC?",
     "What is the cost of Lightning Bolt?", "What is Lightning Bolt's mana cost?"],
)  # fmt: skip
def test_a_cost_question_names_the_card(said: str) -> None:
    assert parse(said) == CostQuestion(card="Lightning Bolt")


def test_a_power_question_is_still_about_the_board() -> None:
    assert not isinstance(parse("What is Grizzly Bears's power?"), CostQuestion)


def test_riftbound_one_word_of_several_units_names_asks_which(
    rb: RiftboundScenarioExecutor,
) -> None:
    """The helper both games share (``one_called_in_part``): of several units with the word,
    the answer lists them as the MTG executor does ("could be any of ...")."""
    steps = rb.run(
        "Alice controls Stalwart Poro at Targon's Peak. Alice controls Mystic Poro at her base.\n"
        "Bob plays Hextech Ray targeting Poro.\n",
        speaker="Alice",
    ).steps
    assert steps[-1].verdict == "error"
    assert "“Poro” could be any of Alice's Stalwart Poro" in steps[-1].explanation
    assert "Name the one you mean in full, or by its #id." in " ".join(
        (steps[-1].explanation, *steps[-1].notes)
    )


def test_qa49_players_wordings_run_as_the_statements_they_mean(
    executor: MtgScenarioExecutor,
) -> None:
    """QA 49 U1, U4, U6, U7: each wording reads as the statement it means, or a question."""
    steps = executor.run(
        "Alice controls Grizzly Bears and Rancor attached to Grizzly Bears. Bob controls "
        "Runeclaw Bear and Wall of Omens.\n"
        "Alice gives Grizzly Bears a +1/+1 counter.\n"
        "Alice puts a +1/+1 counter on Grizzly Bears.\n"
        "Runeclaw Bear takes 2 damage.\n"
        "Grizzly Bears is attacking Bob.\n"
        "Bob blocks Grizzly Bears with Wall of Omens.\n"
        "Does Grizzly Bears have trample?\n"
        "Bob goes face with Lightning Bolt.\n"
        "Can my opponent respond?\n",
        speaker="Alice",
    ).steps
    said = {step.statement: step for step in steps}
    assert "2 +1/+1 counters" in said["Alice puts a +1/+1 counter on Grizzly Bears."].explanation
    assert "Runeclaw Bear dies" in said["Runeclaw Bear takes 2 damage."].explanation
    assert "Wall of Omens is blocking Grizzly Bears" in (
        said["Bob blocks Grizzly Bears with Wall of Omens."].explanation
    )
    assert "trample" in said["Does Grizzly Bears have trample?"].explanation
    assert "targeting Alice" in said["Bob goes face with Lightning Bolt."].explanation
    assert said["Can my opponent respond?"].verdict == "yes"


def test_does_a_player_lose_plays_the_stack_out(executor: MtgScenarioExecutor) -> None:
    """QA 49 U4: "Does Alice lose?" answered "nothing is said after “loses”"."""
    steps = executor.run(
        "Alice has 3 life.\nBob casts Lightning Bolt targeting Alice.\nDoes Alice lose?\n"
        "Does Bob lose the game?\n",
        speaker="Alice",
    ).steps
    assert [step.verdict for step in steps[-2:]] == ["yes", "no"]
    assert "704.5a" in steps[-2].rules


def test_whose_turn_is_said_without_a_new_turn() -> None:
    """QA 50 M3 offered "It is Bob's next turn." for "It is Bob's turn."; since QA 57 W3 the
    bot keeps whose turn it is, so it is a statement of its own (no turn ends)."""
    said = parse("It is Bob's turn.")
    assert isinstance(said, WhoseTurn) and said.player.name == "Bob" and not said.step
    step = parse("It is Bob's end step.")
    assert isinstance(step, WhoseTurn) and step.step == "end step"
