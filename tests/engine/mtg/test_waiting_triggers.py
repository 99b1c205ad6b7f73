"""Triggered abilities waiting for their targets (CR 603.3, 603.3d; QA 42 W2), and the end of
the game stopping the stack (104.2a, 800.4a; QA 40 M4).

Real cards (``oracle-cards.json.gz``); every rule a test rests on is quoted and checked
against the CR.
"""

from __future__ import annotations

from bot.engine.model import Zone
from bot.engine.mtg.death_watchers import with_death_triggers
from bot.engine.mtg.waiting_triggers import current_id, stop_waiting, waiting_refusal
from bot.engine.verdict import Verdict, VerdictKind
from tests.engine.mtg.scene import Scene

BLOOD_ARTIST = (
    "Whenever this creature or another creature dies, target player loses 1 life and you gain "
    "1 life."
)


def _dies(scene: Scene, name: str) -> None:
    """``name`` is destroyed, and what its death triggers is seen (as a statement does)."""
    before = scene.state
    after, verdict = scene.engine.destroy(before, scene.ids[name])
    scene.state, _ = with_death_triggers(before, after, verdict)


def test_a_death_leaves_blood_artists_trigger_waiting(scene: Scene, cr) -> None:
    cr("puts it on the stack as an object that’s not a card the next time a player would")
    scene.put("Alice", "Blood Artist").put("Bob", "Grizzly Bears")
    _dies(scene, "Grizzly Bears")
    (waiting,) = scene.state.waiting_triggers
    assert (waiting.name, waiting.controller, waiting.text) == (
        "Blood Artist",
        "Alice",
        BLOOD_ARTIST,
    )
    assert waiting.event == "Grizzly Bears died"


def test_each_death_is_one_waiting_trigger_and_stating_one_takes_the_oldest(scene: Scene) -> None:
    scene.put("Alice", "Blood Artist").put("Bob", "Grizzly Bears").put("Bob", "Llanowar Elves")
    _dies(scene, "Grizzly Bears")
    _dies(scene, "Llanowar Elves")
    assert [w.event for w in scene.state.waiting_triggers] == [
        "Grizzly Bears died",
        "Llanowar Elves died",
    ]
    state, stated = stop_waiting(scene.state, scene.ids["Blood Artist"], BLOOD_ARTIST)
    assert stated is not None and stated.event == "Grizzly Bears died"
    assert [w.event for w in state.waiting_triggers] == ["Llanowar Elves died"]


def test_a_waiting_trigger_follows_its_source_to_the_graveyard(scene: Scene) -> None:
    # Blood Artist sees itself die (603.10a): its trigger is stated from the card in the
    # graveyard, a new object (400.7).
    scene.put("Alice", "Blood Artist")
    _dies(scene, "Blood Artist")
    (waiting,) = scene.state.waiting_triggers
    in_graveyard = current_id(scene.state, waiting.source_id)
    assert in_graveyard is not None and in_graveyard != scene.ids["Blood Artist"]
    assert scene.state.obj(in_graveyard).zone is Zone.GRAVEYARD
    state, stated = stop_waiting(scene.state, in_graveyard, BLOOD_ARTIST)
    assert stated == waiting and not state.waiting_triggers


def test_nothing_waits_for_a_trigger_the_bot_didnt_see(scene: Scene) -> None:
    scene.put("Alice", "Blood Artist")
    state, stated = stop_waiting(scene.state, scene.ids["Blood Artist"], BLOOD_ARTIST)
    assert stated is None and state is scene.state


def test_resolving_is_refused_while_a_trigger_waits_with_the_statements_that_name_it(
    scene: Scene, cr
) -> None:
    cr("the ability is simply removed from the stack")
    scene.put("Alice", "Blood Artist").put("Bob", "Grizzly Bears")
    _dies(scene, "Grizzly Bears")
    refusal = scene.engine.waiting_refusal(scene.state, "let the stack resolve")
    assert refusal is not None
    assert refusal.rules == ("603.3", "603.3d")
    assert "Blood Artist's ability triggered when Grizzly Bears died" in refusal.message
    assert refusal.statements == (
        "Blood Artist's trigger targets Alice.",
        "Blood Artist's trigger targets Bob.",
    )
    assert waiting_refusal(scene.engine.new_game(("Alice",)), "resolve", ()) is None


def test_resolve_the_stack_puts_death_triggers_on_it_and_stops_at_a_waiting_one(
    scene: Scene,
) -> None:
    # Massacre Wurm's -2/-2 kills Bob's Bears: its own "loses 2 life" trigger goes on the stack,
    # and Blood Artist's waits, so the Wurm's doesn't resolve yet (603.3).
    scene.put("Alice", "Blood Artist").put("Bob", "Grizzly Bears")
    scene.cast("Alice", "Massacre Wurm")
    scene.state, verdicts = scene.engine.resolve_all(scene.state)
    assert "The stack stops here" in verdicts[-1].reason
    assert [e.name for e in scene.state.stack] == ["Massacre Wurm's trigger"]
    assert [w.name for w in scene.state.waiting_triggers] == ["Blood Artist"]
    assert scene.state.player("Bob").life == 20


def test_the_stack_stops_when_the_game_is_over(scene: Scene, cr) -> None:
    cr("A player still in the game wins the game if that player’s opponents have all left")
    scene.state = scene.engine.set_life(scene.state, "Alice", 1)[0]
    scene.put("Alice", "Soul Warden").put("Bob", "Impact Tremors")
    scene.cast("Bob", "Raise the Alarm")
    scene.state, verdicts = scene.engine.resolve_all(scene.state)
    last: Verdict = verdicts[-1]
    assert last.kind is VerdictKind.RESOLVED
    assert "nothing else on the stack resolves (104.2a)" in last.reason
    assert scene.state.player("Alice").life == 0  # no Soul Warden trigger after she lost
    assert scene.state.stack  # what was left never resolves


def test_a_player_who_left_takes_their_triggers_and_is_no_opponent(real_engine, card, cr) -> None:
    cr("if that player controlled any objects on the stack not represented by cards, those")
    scene = Scene(real_engine, card, players=("Alice", "Bob", "Carol"))
    scene.state = scene.engine.set_life(scene.state, "Alice", 1)[0]
    scene.put("Alice", "Soul Warden").put("Bob", "Impact Tremors")
    scene.cast("Bob", "Raise the Alarm")
    scene.state, verdicts = scene.engine.resolve_all(scene.state)
    said = " ".join(v.reason for v in verdicts)
    assert "Alice's spells and abilities on the stack leave with Alice and never resolve" in said
    assert not scene.state.stack
    assert scene.state.player("Alice").life == 0  # the second trigger didn't reach her
    assert scene.state.player("Carol").life == 18
