"""How players and judges really say a situation in a judge channel: "they all resolve", "it
resolves", "her bears", "Bob bolts the bears". Each either reads as the statement it means or
gets the statement that would work as its hint, never a wrong reading."""

from __future__ import annotations

import pytest

from bot.scenario.ast import Cast, ObjectRef, Resolve, ResolveAll, ResolveQuestion, TopOfStack
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
    assert "“bolts” names a card as a verb" in bolts.explanation
    assert "Bob casts Bolt targeting Grizzly Bears." in bolts.explanation
    assert "Bob casts Murder targeting Grizzly Bears." in murders.explanation
    # A verb that is no card's name keeps the general answer.
    assert "names a card as a verb" not in kills.explanation


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
    steps = executor.run(
        "Alice controls Grizzly Bears and Llanowar Elves.\n"
        "Bob casts Lightning Bolt targeting Grizzly Bears.\n"
        "Alice counters Lightning Bolt with Counterspell.\n"
        "Bob responds by casting Shock targeting Llanowar Elves.\n"
        "Alice taps Llanowar Elves for mana.\n"
        "Alice plays a Forest.\n",
        speaker="Alice",
    ).steps
    assert [step.verdict for step in steps] == ["ok", "legal", "legal", "legal", "ok", "legal"]
    assert "Alice casts Counterspell targeting Lightning Bolt" in steps[2].explanation
    assert "Bob casts Shock targeting Llanowar Elves" in steps[3].explanation
    assert "Llanowar Elves is tapped" in steps[4].explanation
    assert "Alice plays Forest" in steps[5].explanation


def test_what_the_bot_does_not_keep_is_said_with_what_would_work(
    executor: MtgScenarioExecutor,
) -> None:
    draws, counters_it = executor.run(
        "Alice draws a card.\nAlice counters it with Counterspell.\n", speaker="Alice"
    ).steps
    assert draws.verdict == "error"
    assert "keeps no libraries" in draws.explanation
    assert "Alice's hand has Lightning Bolt." in draws.explanation
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
        "Alice plays Forest.\n"
        "Can Bob respond to Forest?\n",
        speaker="Alice",
    ).steps
    assert steps[1].verdict == "no"
    assert "the stack is empty" in steps[1].explanation
    assert steps[3].verdict == "yes"
    assert "Alice gets priority before it resolves" in steps[3].explanation
    assert "117.7" in steps[3].explanation
    assert steps[5].verdict == "no"
    assert "special action" in steps[5].explanation and "305.1" in steps[5].explanation


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
    assert "names a card as a verb" not in gives.explanation


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
