"""The JSON snapshot codec of MTG games: states reached by random scripts on the real cards
come back equal and behave the same; a snapshot is data, never code."""

from __future__ import annotations

import json
import pickle
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.commands.scenario import IndexCardLookup
from bot.engine.mtg.state import Departure, GameState, StackEntry
from bot.errors import UserError
from bot.games.json_values import DataclassJson, LazyMapping, SnapshotFormatError
from bot.games.mtg_reducer import MtgReducer, MtgTable, MtgTableCodec, table_json
from bot.reference.store import Reference
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.stepping import prompt_for, read_pick

STATEMENTS = (
    "Alice controls Runeclaw Bear and Llanowar Elves.",
    "Bob controls Spellskite and Troll Ascetic.",
    "Bob controls a 2/2 black Zombie token with flying.",
    "Alice has 12 life.",
    "Alice has hexproof.",
    "Runeclaw Bear gains protection from red.",
    "Llanowar Elves has 2 +1/+1 counters.",
    "Runeclaw Bear is tapped.",
    "Alice's graveyard has Lightning Bolt and Grizzly Bears.",
    "Bob casts Lightning Bolt targeting Alice.",
    "Bob casts Forked Bolt targeting Runeclaw Bear and Llanowar Elves, dividing 1 and 1.",
    "Alice casts Redirect targeting Lightning Bolt.",
    "Alice casts Twincast targeting Forked Bolt.",
    "Alice controls Double Vision.",
    "Alice casts Redirect targeting Arc Trail.",
    "Bob activates Spellskite targeting Lightning Bolt.",
    "Runeclaw Bear dies.",
    "Runeclaw Bear returns to the battlefield.",
)
STARTS: tuple[Mapping[str, Any], ...] = (
    {"cast_start": {"player": "Bob", "card": "Arc Trail"}},
    {"cast_start": {"player": "Alice", "card": "Cryptic Command"}},
    {"cast_start": {"player": "Alice", "card": "Fireball"}},
    {"cast_start": {"player": "Alice", "card": "Redirect"}},
    {"cast_start": {"player": "Alice", "card": "Twincast"}},
    {"cast_start": {"player": "Alice", "card": "Fling", "asks_sacrifice": True}},
    {"activate_start": {"player": "Bob", "source": 3, "ability": None}},
    {"resolve_start": {"player": "Alice"}},
    {"resolve_start": {"player": "Alice", "asks_copies": True, "asks_triggers": True}},
    {"cast_start": {"player": "Alice", "card": "Journey to Nowhere"}},
    *({"retarget_top": kind} for kind in ("choose new targets", "change a target")),
)
SETUP = (
    {"statement": "Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite."},
    {"statement": "Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves."},
    {"statement": "Alice casts Redirect targeting Arc Trail."},
)

# How a script starts: often by resolving Redirect or changing Arc Trail's targets step by step.
LEADS: tuple[tuple[Mapping[str, Any], ...], ...] = (
    (),
    ({"resolve_start": {"player": "Alice"}},),
    ({"resolve_start": {"player": "Alice"}}, {"pick": 1}),
    ({"resolve_start": {"player": "Alice"}}, {"choose": [0, 1]}),
    ({"retarget_top": "choose new targets"},),
    ({"statement": "Alice casts Twincast targeting Arc Trail."}, {"resolve_start": {}}),
)


@pytest.fixture(scope="module")
def reducer(cards_reference: Reference) -> MtgReducer:
    return MtgReducer(MtgScenarioExecutor(IndexCardLookup(cards_reference.cards)))


def actions() -> st.SearchStrategy[Mapping[str, Any]]:
    """Statements, the start of a step-by-step action, or a step of the one in progress."""
    return st.one_of(
        st.sampled_from(STATEMENTS).map(lambda text: {"statement": text, "speaker": "alice"}),
        st.sampled_from(STARTS),
        st.integers(1, 4).map(lambda n: {"pick": n}),
        st.integers(1, 4).map(lambda n: {"pick": n}),
        st.just({"back": True}),
        st.just({"cancel": True}),
    )


def apply(reducer: MtgReducer, state: MtgTable, action: Mapping[str, Any]) -> MtgTable:
    """Apply as the game service would: a rejected action changes nothing."""
    try:
        if "pick" in action:
            if state.pending is None:
                return state
            options = len(prompt_for(state.pending.progress).options) or 1
            value = read_pick(state.pending.progress, str((action["pick"] - 1) % options + 1))
            action = {"choose": value}
        if "retarget_top" in action:
            if not state.game.stack:
                return state
            top = state.game.stack[-1].object_id
            kind = action["retarget_top"]
            action = {"retarget_start": {"player": "Bob", "stack_id": top, "kind": kind}}
        return reducer.apply(state, json.loads(json.dumps(action)))
    except UserError:
        return state


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    lead=st.sampled_from(LEADS),
    script=st.lists(actions(), min_size=1, max_size=14),
    cut=st.integers(0, 14),
)
def test_states_reached_by_random_scripts_round_trip_and_behave_the_same(
    reducer: MtgReducer,
    lead: tuple[Mapping[str, Any], ...],
    script: list[Mapping[str, Any]],
    cut: int,
) -> None:
    codec = MtgTableCodec()
    state = reducer.initial("mtg")
    script = [*lead, *script]
    for action in (*SETUP, *script[:cut]):
        state = apply(reducer, state, action)
    blob = codec.serialize(state)
    loaded = codec.deserialize(blob)
    assert loaded == state
    assert codec.serialize(loaded) == blob  # a stable form: same state, same bytes
    for action in script[cut:]:
        state, loaded = apply(reducer, state, action), apply(reducer, loaded, action)
        assert loaded == state


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(lead=st.sampled_from(LEADS), script=st.lists(actions(), min_size=1, max_size=12))
def test_a_codec_that_remembers_encodings_writes_what_a_fresh_one_writes(
    reducer: MtgReducer, lead: tuple[Mapping[str, Any], ...], script: list[Mapping[str, Any]]
) -> None:
    """Snapshots reuse the encoded form of objects unchanged since the last one (issue 14): a
    snapshot after every action must still be byte for byte what a new codec writes."""
    remembering = MtgTableCodec(table_json())
    state = reducer.initial("mtg")
    for action in (*SETUP, *lead, *script):
        state = apply(reducer, state, action)
        assert remembering.serialize(state) == MtgTableCodec(table_json()).serialize(state)


def test_cards_written_before_are_reused_only_for_the_same_cards(reducer: MtgReducer) -> None:
    """A game's cards are written at the start of each snapshot, reusing the text of the
    cards of a snapshot before (issue 14): the game grown, taken back to an earlier state,
    or gone another way from it, every snapshot is what a fresh codec writes."""
    remembering = MtgTableCodec(table_json())
    cycle = [
        {"statement": text, "speaker": "alice"}
        for text in (
            "Alice controls Runeclaw Bear and Llanowar Elves.",
            "Runeclaw Bear dies.",
            "Bob casts Lightning Bolt targeting Llanowar Elves.",
            "Lightning Bolt resolves.",
        )
    ]
    states = [reducer.initial("mtg")]
    for action in (*SETUP, *cycle, *cycle):
        states.append(apply(reducer, states[-1], action))
    assert len(states[-1].game.cards) > len(states[len(SETUP)].game.cards) > 0
    branch = apply(reducer, states[5], {"statement": "Bob controls Troll Ascetic."})
    for state in (*states, states[4], states[-1], states[2], branch, states[-1]):
        blob = remembering.serialize(state)
        assert blob == MtgTableCodec(table_json()).serialize(state)
        assert remembering.deserialize(blob) == state


def test_a_snapshot_equals_its_state_without_keeping_the_last_reply(
    reducer: MtgReducer,
) -> None:
    codec = MtgTableCodec()
    state = reducer.initial("mtg")
    for action in SETUP:
        state = apply(reducer, state, action)
    state = apply(reducer, state, {"statement": "Bob casts Lightning Bolt targeting Alice."})
    assert state.last_steps  # the reply to the cast
    loaded = codec.deserialize(codec.serialize(state))
    assert loaded.last_steps == ()
    assert loaded == state  # a game loaded after a restart is the same game
    assert loaded.game == state.game and loaded.transcript == state.transcript


def test_a_pending_retarget_keeps_its_steps(reducer: MtgReducer) -> None:
    codec = MtgTableCodec()
    state = reducer.initial("mtg")
    for action in (
        *SETUP,
        {"resolve_start": {"player": "Alice"}},
        {"choose": [0, 1]},
        {"choose": 2},
    ):
        state = reducer.apply(state, action)
    loaded = codec.deserialize(codec.serialize(state))
    assert loaded.pending == state.pending
    assert loaded.pending is not None and loaded.pending.progress.previous is not None
    back = reducer.apply(loaded, {"back": True})
    assert back.pending is not None and back.pending.progress.picks == ()
    done = reducer.apply(loaded, {"choose": 1})
    assert [t.refs for t in done.game.stack[-1].targets] == [(2,), (1,)]


def test_a_cast_stored_before_sacrifices_were_asked_replays_as_it_was(
    reducer: MtgReducer,
) -> None:
    # A log written before the sacrifice step existed (no "asks_sacrifice") is the same game
    # replayed: its Fling finished once its target was chosen, without a sacrifice.
    state = reducer.initial("mtg")
    for action in (
        {"statement": "Alice controls Serra Angel. Bob has 20 life."},
        {"cast_start": {"player": "Alice", "card": "Fling"}},
        {"choose": "Bob"},
    ):
        state = reducer.apply(state, action)
    assert state.pending is None and state.game.stack[-1].sacrificed == ()
    asked = reducer.initial("mtg")
    for action in (
        {"statement": "Alice controls Serra Angel. Bob has 20 life."},
        {"cast_start": {"player": "Alice", "card": "Fling", "asks_sacrifice": True}},
        {"choose": "Bob"},
    ):
        asked = reducer.apply(asked, action)
    codec = MtgTableCodec()
    loaded = codec.deserialize(codec.serialize(asked))
    assert loaded.pending == asked.pending  # the sacrifice still to choose survives a restart
    done = reducer.apply(loaded, {"choose": [1]})
    assert done.game.stack[-1].sacrificed == (1,)


def test_a_countered_spell_a_storm_trigger_still_copies_survives_a_restart(
    reducer: MtgReducer,
) -> None:
    # GameState.left_stack keeps Grapeshot as it was on the stack once it is countered, so its
    # storm trigger copies it (702.40a); a game saved then must load with it.
    state = reducer.initial("mtg")
    for text in (
        "Alice casts Opt.",
        "Opt resolves.",
        "Alice casts Grapeshot targeting Bob.",
        "Bob casts Counterspell targeting Grapeshot.",
        "Counterspell resolves.",
    ):
        state = reducer.apply(state, {"statement": text, "speaker": "alice"})
    assert state.game.left_stack
    codec = MtgTableCodec()
    loaded = codec.deserialize(codec.serialize(state))
    assert loaded == state
    done = reducer.apply(loaded, {"statement": "Resolve the stack.", "speaker": "alice"})
    assert done.game.player("Bob").life == 19


def test_old_pickled_snapshots_are_refused_without_running_them(tmp_path: Path) -> None:
    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self) -> tuple[Any, ...]:
            return (marker.write_text, ("pwned",))

    codec = MtgTableCodec()
    assert codec.tag != "table-pickle-v1"  # older snapshots are ignored by tag
    with pytest.raises((SnapshotFormatError, ValueError)):
        codec.deserialize(pickle.dumps(Payload()))
    assert not marker.exists()


def test_tampered_snapshots_are_refused(reducer: MtgReducer) -> None:
    codec = MtgTableCodec()
    state = reducer.initial("mtg")
    for action in SETUP:
        state = reducer.apply(state, action)
    data = json.loads(codec.serialize(state))
    slot_filter = data["game"]["stack"][0]["spec"]["modes"][0]["slots"][0]["filter"]
    assert slot_filter["$t"] == "TargetDescription"
    for tamper in ("os.system", "Reference", "MtgScenarioExecutor"):
        slot_filter["$t"] = tamper
        with pytest.raises(SnapshotFormatError):
            codec.deserialize(json.dumps(data).encode())
    slot_filter["$t"] = "TargetDescription"
    # The cards: a reference to no card, a key not a number.
    first_card = data["game"]["cards"][0]
    for tamper in ([first_card[0], {"$r": 10**6}], ["1", {"$r": 0}], [1, {"$r": "0"}]):
        data["game"]["cards"][-1] = tamper
        with pytest.raises(SnapshotFormatError):
            codec.deserialize(json.dumps(data).encode())
    data["game"]["cards"][-1] = first_card
    data["game"]["players"][0]["__class__"] = "x"
    with pytest.raises(SnapshotFormatError):
        codec.deserialize(json.dumps(data).encode())


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    lead=st.sampled_from(LEADS),
    script=st.lists(actions(), min_size=1, max_size=12),
    cut=st.integers(0, 12),
)
def test_a_game_goes_on_alike_from_a_snapshot_whose_departures_are_read_when_asked_for(
    reducer: MtgReducer,
    lead: tuple[Mapping[str, Any], ...],
    script: list[Mapping[str, Any]],
    cut: int,
) -> None:
    """Departures are decoded only when the game asks for one (issue 14): a game carried on
    from a snapshot, without ever comparing it first, plays and snapshots as the original."""
    codec = MtgTableCodec()
    state = reducer.initial("mtg")
    script = [*lead, *script]
    for action in (*SETUP, "Runeclaw Bear dies.", *script[:cut]):
        if isinstance(action, str):
            action = {"statement": action, "speaker": "alice"}
        state = apply(reducer, state, action)
    loaded = codec.deserialize(codec.serialize(state))
    for action in script[cut:]:
        state, loaded = apply(reducer, state, action), apply(reducer, loaded, action)
    # Compared only now, so the departures were decoded by the game alone until here.
    assert codec.deserialize(codec.serialize(loaded)) == state
    assert loaded == state


def test_departures_are_decoded_only_when_asked_for(reducer: MtgReducer) -> None:
    codec = MtgTableCodec()
    state = reducer.initial("mtg")
    for text in (
        "Alice controls Runeclaw Bear and Llanowar Elves.",
        "Runeclaw Bear dies.",
        "Llanowar Elves is exiled.",
    ):
        state = reducer.apply(state, {"statement": text, "speaker": "alice"})
    blob = codec.serialize(state)
    departures = codec.deserialize(blob).game.departures
    assert isinstance(departures, LazyMapping) and departures.unread == 2
    assert codec.serialize(codec.deserialize(blob)) == blob  # unread ones written as read
    assert departures[1] == state.game.departures[1] and departures.unread == 1
    # CR 400.7: a new departure is a new mapping; the one read from the snapshot is unchanged.
    gone = Departure(3, state.game.objects[3], "died", None)
    added = departures.with_item(3, gone)
    assert (len(departures), len(added), added[3], added.unread) == (2, 3, gone, 1)
    assert 3 not in departures and dict(added) == {**state.game.departures, 3: gone}


def test_a_lazy_class_must_not_hold_shared_objects() -> None:
    # A stack entry holds its ability (shared): decoded on its own, the reference would dangle.
    with pytest.raises(TypeError, match="can't be lazy"):
        DataclassJson(GameState, (StackEntry,), shared=(StackEntry,), lazy=(StackEntry,))


def test_a_statement_that_looks_like_the_codecs_placeholder_round_trips(
    reducer: MtgReducer,
) -> None:
    """Long mappings are written ahead as text and stand in the tree as NUL-marked
    placeholders (issue 14); a user who types one into the transcript gets the plain path."""
    codec = MtgTableCodec()
    state = reducer.initial("mtg")
    for action in SETUP:
        state = reducer.apply(state, action)
    for mark in ("\x00piece0\x00", "\x00piece1\x00", "\x00piece2\x00"):
        tricky = replace(state, transcript=(*state.transcript, mark))
        blob = codec.serialize(tricky)
        assert codec.deserialize(blob) == tricky
        assert codec.deserialize(blob).game.objects == state.game.objects


def test_a_snapshot_written_before_objects_kept_their_layer_timestamps_still_loads(
    reducer: MtgReducer,
) -> None:
    # Objects saved before QA 26 have no pt_boost, base_stamp or gained_at: they load with the
    # defaults (no resolved pump, printed base, nothing gained), and the game goes on.
    codec = MtgTableCodec()
    state = reducer.initial("mtg")
    for action in SETUP:
        state = reducer.apply(state, action)
    data = json.loads(codec.serialize(state))
    old = _without_keys(data, {"pt_boost", "base_stamp", "gained_at"})
    loaded = codec.deserialize(json.dumps(old).encode())
    assert loaded.game.objects.keys() == state.game.objects.keys()
    for obj in loaded.game.objects.values():
        assert obj.pt_boost == (0, 0) and obj.base_stamp == 0 and not obj.gained_at
    after = reducer.apply(loaded, {"statement": "Runeclaw Bear gets +1/+1."})
    bear = next(o for o in after.game.objects.values() if o.name == "Runeclaw Bear")
    assert (bear.power, bear.pt_boost) == (3, (1, 1))


def _without_keys(value: Any, keys: set[str]) -> Any:
    if isinstance(value, dict):
        return {k: _without_keys(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_without_keys(v, keys) for v in value]
    return value


def test_a_copy_of_a_permanent_round_trips_and_older_snapshots_without_copies_load(
    reducer: MtgReducer,
) -> None:
    codec = MtgTableCodec()
    state = reducer.initial("mtg")
    for text in (
        "Bob controls Troll Ascetic.",
        "Alice casts Clone.",
        "Clone resolves copying Troll Ascetic.",
    ):
        state = apply(reducer, state, {"statement": text})
    assert list(state.game.copies) == [3]  # the Clone that entered as a Troll Ascetic (707.2)
    loaded = codec.deserialize(codec.serialize(state))
    assert loaded == state
    assert loaded.game.copies[3].name == "Troll Ascetic"
    # A snapshot written before copies were kept has no "copies" field: it loads, with none.
    plain = reducer.initial("mtg")
    plain = apply(reducer, plain, {"statement": "Bob controls Troll Ascetic."})
    data = json.loads(codec.serialize(plain))
    assert "copies" not in data["game"]
    assert codec.deserialize(json.dumps(data).encode()).game.copies == {}


DOUBLE_VISION = (
    {"statement": "Alice controls Double Vision. Bob controls Grizzly Bears and Llanowar Elves."},
    {"statement": "Alice casts Lightning Bolt targeting Grizzly Bears.", "speaker": "alice"},
)


def test_a_resolve_stored_before_copies_were_asked_replays_as_it_was(
    reducer: MtgReducer,
) -> None:
    # A log written before copy triggers were stepped (no "asks_copies") is the same game
    # replayed: Double Vision's trigger resolved at once, its copy keeping the Bolt's target.
    state = reducer.initial("mtg")
    for action in (*DOUBLE_VISION, {"resolve_start": {"player": "Alice"}}):
        state = reducer.apply(state, action)
    assert state.pending is None
    assert [e.name for e in state.game.stack] == ["Lightning Bolt", "copy of Lightning Bolt"]
    asked = reducer.initial("mtg")
    for action in (
        *DOUBLE_VISION,
        {"resolve_start": {"player": "Alice", "asks_copies": True, "asks_triggers": True}},
        {"choose": [0]},
    ):
        asked = reducer.apply(asked, action)
    codec = MtgTableCodec()
    loaded = codec.deserialize(codec.serialize(asked))
    assert loaded.pending == asked.pending  # the copy's new target still to choose
    done = reducer.apply(loaded, {"choose": 3})
    assert done.pending is None
    assert [t.refs for t in done.game.stack[-1].targets] == [(3,)]
    assert done.transcript[-1] == "#5 resolves choosing new targets Llanowar Elves."


def test_a_storm_trigger_asks_each_copy_and_back_goes_to_the_copy_before(
    reducer: MtgReducer,
) -> None:
    state = reducer.initial("mtg")
    for action in (
        {"statement": "Bob controls Grizzly Bears. Alice casts Opt. Opt resolves.", "speaker": "a"},
        {"statement": "Alice casts Shock targeting Bob. Shock resolves.", "speaker": "a"},
        {"statement": "Alice casts Grapeshot targeting Grizzly Bears.", "speaker": "a"},
        {"resolve_start": {"player": "Alice", "asks_copies": True, "asks_triggers": True}},
        {"choose": []},  # copy 1 keeps Grizzly Bears
    ):
        state = reducer.apply(state, action)
    assert state.pending is not None and "copy 2 of 2" in state.pending.title
    codec = MtgTableCodec()
    loaded = codec.deserialize(codec.serialize(state))
    assert loaded.pending == state.pending
    back = reducer.apply(loaded, {"back": True})
    assert back.pending is not None and "copy 1 of 2" in back.pending.title
    done = reducer.apply(reducer.apply(loaded, {"choose": [0]}), {"choose": "Bob"})
    copies = [e for e in done.game.stack if e.is_copy]
    assert [c.targets[0].refs for c in copies] == [(1,), ("Bob",)]


def test_a_resolve_stored_before_enters_triggers_were_asked_replays_as_it_was(
    reducer: MtgReducer,
) -> None:
    setup = (
        {"statement": "Bob controls Grizzly Bears."},
        {"statement": "Alice casts Journey to Nowhere.", "speaker": "alice"},
    )
    old = reducer.initial("mtg")
    for action in (*setup, {"resolve_start": {"player": "Alice"}}):
        old = reducer.apply(old, action)
    assert old.pending is None and not old.game.stack
    asked = reducer.initial("mtg")
    for action in (
        *setup,
        {"resolve_start": {"player": "Alice", "asks_copies": True, "asks_triggers": True}},
    ):
        asked = reducer.apply(asked, action)
    assert asked.pending is not None
    assert asked.pending.title == "Putting Journey to Nowhere's trigger on the stack"
    codec = MtgTableCodec()
    loaded = codec.deserialize(codec.serialize(asked))
    assert loaded == asked
    done = reducer.apply(loaded, {"choose": [1]})
    assert [t.refs for t in done.game.stack[-1].targets] == [(1,)]
    assert done.transcript[-2:] == (
        "The top of the stack resolves.",
        "Journey to Nowhere's trigger goes on the stack targeting Grizzly Bears.",
    )


def test_who_targeted_a_permanent_round_trips_and_older_snapshots_without_it_load(
    reducer: MtgReducer,
) -> None:
    """Valiant counts its controller's spells and abilities (QA 29 W5): the players whose
    spells or abilities targeted a permanent are saved; a snapshot from before they were kept
    loads, with nobody recorded."""
    codec = MtgTableCodec()
    state = reducer.initial("mtg")
    for text in (
        "Alice controls Heartfire Hero.",
        "Bob casts Lightning Bolt targeting Heartfire Hero.",
    ):
        state = apply(reducer, state, {"statement": text})
    hero = state.game.objects[1]
    assert hero.became_target and hero.targeted_by == frozenset({"Bob"})
    serialized = codec.serialize(state)
    loaded = codec.deserialize(serialized)
    assert loaded == state
    older = _without_keys(json.loads(serialized), {"targeted_by"})
    assert "targeted_by" not in json.dumps(older)
    again = codec.deserialize(json.dumps(older).encode())
    assert again.game.objects[1].became_target
    assert again.game.objects[1].targeted_by == frozenset()


def test_a_back_face_up_on_the_battlefield_keeps_its_whole_card_in_a_snapshot(
    reducer: MtgReducer,
) -> None:
    # CR 712.8a: Tergrid's Lantern is the card Tergrid, God of Fright once it leaves, so the
    # snapshot keeps the whole card behind the face that's up (``CardData.elsewhere``).
    codec = MtgTableCodec()
    state = apply(reducer, reducer.initial("mtg"), {"statement": "Bob controls Tergrid's Lantern."})
    loaded = codec.deserialize(codec.serialize(state))
    assert loaded == state
    lantern = next(iter(loaded.game.cards.values()))
    assert lantern.name == "Tergrid's Lantern" and lantern.elsewhere is not None
    assert lantern.elsewhere.faces[0].name == "Tergrid, God of Fright"


def test_a_trigger_waiting_for_its_targets_round_trips_and_older_snapshots_load(
    reducer: MtgReducer,
) -> None:
    """Blood Artist's trigger waits for its target (CR 603.3d; QA 42 W2): it is saved, and a
    snapshot from before triggers waited loads with none waiting."""
    codec = MtgTableCodec()
    state = reducer.initial("mtg")
    for text in ("Alice controls Blood Artist and Grizzly Bears.", "Grizzly Bears dies."):
        state = apply(reducer, state, {"statement": text})
    (waiting,) = state.game.waiting_triggers
    assert waiting.name == "Blood Artist" and waiting.event == "Grizzly Bears died"
    serialized = codec.serialize(state)
    loaded = codec.deserialize(serialized)
    assert loaded == state
    older = _without_keys(json.loads(serialized), {"waiting_triggers"})
    assert "waiting_triggers" not in json.dumps(older)
    assert codec.deserialize(json.dumps(older).encode()).game.waiting_triggers == ()
