"""Questions about one object: “Who controls Runeclaw Bear?”, “Who owns ...?”, “Is ... tapped?”
(Riftbound: exhausted or ready), “What is ...'s power?” — answered from the game as it is, with
nothing changed (found by QA 12: “Who controls X?” was “a What ... question asks for legal
targets”)."""

from __future__ import annotations

import pytest

from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from tests.engine.riftbound.scripts import run as rb_run

STOLEN_BEAR = (
    "Alice controls Runeclaw Bear.\n"
    "Runeclaw Bear is tapped.\n"
    "Alice controls Rancor attached to Runeclaw Bear.\n"
    "Bob gains control of Runeclaw Bear.\n"
)


def _last(executor: MtgScenarioExecutor, question: str):  # type: ignore[no-untyped-def]
    result = executor.run(STOLEN_BEAR + question + "\n", speaker="Alice")
    assert all(not step.changed for step in result.steps[-1:])
    return result.steps[-1]


def test_who_controls_a_stolen_creature(executor: MtgScenarioExecutor) -> None:
    # CR 110.2: the controller is, by default, the player who put it onto the battlefield;
    # an effect (here "gains control") changes that; 108.3: the owner stays Alice.
    step = _last(executor, "Who controls Runeclaw Bear?")
    assert step.verdict == "ok"
    assert step.explanation.startswith("Bob controls Runeclaw Bear (#1) (owned by Alice)")
    assert "110.2" in step.rules


def test_who_owns_it(executor: MtgScenarioExecutor) -> None:
    step = _last(executor, "Who owns Runeclaw Bear?")
    assert step.explanation.startswith("Alice owns Runeclaw Bear (#1) (Bob controls it)")
    assert "108.3" in step.rules


@pytest.mark.parametrize(
    ("question", "verdict"),
    [("Is Runeclaw Bear tapped?", "yes"), ("Is Runeclaw Bear untapped?", "no")],
)
def test_is_it_tapped(executor: MtgScenarioExecutor, question: str, verdict: str) -> None:
    step = _last(executor, question)
    assert step.verdict == verdict
    assert "is tapped" in step.explanation
    assert "110.5" in step.rules


@pytest.mark.parametrize(
    "question",
    ["What is Runeclaw Bear's power?", "What is the toughness of Runeclaw Bear", "How big is "
     "Runeclaw Bear?"],
)  # fmt: skip
def test_its_size_counts_the_aura(executor: MtgScenarioExecutor, question: str) -> None:
    # Rancor: "Enchanted creature gets +2/+0 and has trample." on a 2/2 Runeclaw Bear.
    step = _last(executor, question)
    assert "4/2" in step.explanation
    assert "on Bob's battlefield" in step.explanation


def test_an_object_not_in_the_game_is_named_as_missing(executor: MtgScenarioExecutor) -> None:
    step = _last(executor, "Who controls Goblin Guide?")
    assert step.verdict == "error"
    assert "Runeclaw Bear" in step.explanation  # what is there instead


def test_riftbound_exhausted_unit(rb: RiftboundScenarioExecutor) -> None:
    result = rb_run(
        rb,
        "Alice controls Recruit at Targon's Peak.\n"
        "Recruit is exhausted.\n"
        "Is Recruit exhausted?\n"
        "Who controls Recruit?",
    )
    exhausted, controls = result.steps[-2], result.steps[-1]
    assert exhausted.verdict == "yes"
    assert "414" in exhausted.rules
    assert controls.explanation.startswith("Alice controls Recruit (#2)")
    assert "at Targon's Peak" in controls.explanation


def test_who_controls_a_spell_on_the_stack(executor: MtgScenarioExecutor) -> None:
    # QA 16 #10: refused as "in the stack, not on the battlefield". CR 112.2: a spell's
    # controller is, by default, the player who put it on the stack.
    result = executor.run(
        "Bob casts Lightning Bolt targeting Alice.\nWho controls Lightning Bolt?\n"
        "Lightning Bolt resolves.\nWho controls Lightning Bolt?\n",
        speaker="Alice",
    )
    on_stack, in_graveyard = result.steps[1], result.steps[3]
    assert on_stack.explanation.startswith("Bob controls Lightning Bolt (#1)")
    assert "112.2" in on_stack.rules
    # CR 108.4, 108.4a: a card in a graveyard has no controller; its owner stands in.
    assert in_graveyard.explanation.startswith("No one controls Lightning Bolt")
    assert "108.4a" in in_graveyard.rules


def test_a_players_life_total_is_answered_as_it_is_now(executor: MtgScenarioExecutor) -> None:
    # "What is Bob's life?" was "not understood" (stop 35's list). CR 119.1: each player starts
    # with 20; 119.3: losing life lowers it; 704.5a: at 0 or less the player loses.
    result = executor.run(
        "Bob controls Grizzly Bears.\nWhat is Bob's life total?\nBob loses 3 life.\n"
        "How much life does Bob have?\nBob has 0 life.\nWhat's Bob's life?\n",
        speaker="Alice",
    )
    start, _, after, _, dead = result.steps[1:]
    assert (start.verdict, start.explanation) == (
        "ok",
        "Bob has 20 life (each player starts with 20, 119.1).",
    )
    assert after.explanation.startswith("Bob has 17 life") and not after.changed
    assert "loses the game (704.5a)" in dead.explanation and "704.5a" in dead.rules


def test_asking_about_a_players_life_seats_no_one(executor: MtgScenarioExecutor) -> None:
    result = executor.run("Bob controls Grizzly Bears.\nWhat is Carol's life?\n", speaker="Alice")
    step = result.steps[-1]
    assert step.verdict == "error"
    assert "Carol is not in this game (players: Bob)" in step.explanation
    assert result.state.player_names == ("Bob",)


def test_is_dealt_damage_adds_to_what_is_marked(executor: MtgScenarioExecutor) -> None:
    # CR 120.6: damage dealt to a creature stays marked until the cleanup step; 704.5g: at
    # its toughness it is lethal. "has N damage" sets it; "is dealt N damage" adds to it.
    result = executor.run(
        "Bob controls Grizzly Bears.\nGrizzly Bears is dealt 1 damage.\n"
        "What happens if Grizzly Bears is dealt 1 damage?\nGrizzly Bears is dealt 1 damage.\n",
        speaker="Alice",
    )
    first, asked, second = result.steps[1:]
    assert first.explanation.startswith("Grizzly Bears has 1 damage marked on it (120.6)")
    assert "has 2 damage marked on it" in asked.explanation and not asked.changed
    assert "Grizzly Bears dies: 2 damage marked, toughness 2 (704.5g)" in second.explanation
    assert not [o for o in result.state.objects.values() if o.zone.value == "battlefield"]


def test_an_aura_attached_to_nothing_is_kept_with_a_note(executor: MtgScenarioExecutor) -> None:
    # QA 17 #18: "Bob controls Pacifism." with no host; CR 704.5m would put it into the
    # graveyard in a game. It is often stated just as an enchantment to target, so it stays,
    # with a note saying so and how to attach it.
    result = executor.run("Alice controls Runeclaw Bear.\nBob controls Pacifism.\n", speaker="A")
    step = result.steps[-1]
    assert step.verdict == "ok"
    assert any("(303.4, 704.5m)" in note for note in step.notes)
    assert any(o.name == "Pacifism" for o in result.state.objects.values())
