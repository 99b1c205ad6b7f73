"""A saved game's combat damage step said over several messages (CR 510.2: "all combat damage
that's been assigned is dealt simultaneously"; 704.3: state-based actions only after): the
damage said at the end of a message stays held until a later statement says something else."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.commands.context import Services
from bot.commands.games import GameHub
from bot.commands.scenario import IndexCardLookup
from bot.errors import PermissionDeniedError
from bot.frontends.text import render_text
from bot.games.model import GameScope
from bot.games.mtg_reducer import MtgReducer, MtgTable, MtgTableCodec
from bot.scenario.executor import MtgScenarioExecutor
from tests.commands.game_calls import ask

SETUP = (
    "Alice controls Grizzly Bears. Bob controls Runeclaw Bear. Grizzly Bears is attacking Bob. "
    "Runeclaw Bear blocks Grizzly Bears."
)
ATTACKER_HITS = "game Grizzly Bears deals 2 combat damage to Runeclaw Bear."
BLOCKER_HITS = "game Runeclaw Bear deals 2 combat damage to Grizzly Bears."


@pytest.fixture
def services(card_services: Services) -> Services:
    return card_services


async def start(services: Services) -> None:
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game seat Bob bob")
    reply = await ask(services, "game " + SETUP)
    assert [s["verdict"] for s in reply.data["steps"]] == ["ok"] * 4


async def permanents(services: Services) -> dict[str, dict[str, Any]]:
    state = await ask(services, "game state")
    return {p["name"]: p for p in state.data["permanents"]}


async def table(services: Services) -> MtgTable:
    hub = services.games
    assert isinstance(hub, GameHub)
    found: MtgTable = await (await hub.service()).state(GameScope("console", "c1"))
    return found


async def test_a_trade_said_in_two_messages_is_one_combat_damage_step(services: Services) -> None:
    await start(services)
    first = await ask(services, ATTACKER_HITS)
    step = first.data["steps"][0]
    assert step["verdict"] == "ok" and step["changed"]
    # Held, not dealt alone (510.2): Runeclaw Bear is still on the battlefield with its damage,
    # and the reply says what happens once the step's damage is all dealt (704.3, 704.5g).
    notes = " ".join(step["notes"])
    assert "stays marked and held" in notes and "Runeclaw Bear dies" in notes
    # QA 62 M1: the step ends with the blocker's damage too (510.1), so both die then.
    assert "Runeclaw Bear deals 2 damage to Grizzly Bears" in notes
    assert "Grizzly Bears dies" in notes
    assert {"510.2", "704.3", "704.5g"} <= set(step["rules"])
    assert set(await permanents(services)) == {"Grizzly Bears", "Runeclaw Bear"}
    board = await board_text(services)
    assert "Combat damage held (510.2)" in board
    # The board projects the step as the notes do: the blocker's damage not said yet is dealt
    # as the rules assign it (510.1), so both die once it ends, not only Runeclaw Bear.
    held = board[board.index("Combat damage held (510.2)") :]
    assert "once it ends" in held and "as it stands" not in held
    assert "Runeclaw Bear deals 2 damage to Grizzly Bears" in held
    assert "Grizzly Bears dies" in held and "Runeclaw Bear dies" in held

    second = await ask(services, BLOCKER_HITS)
    step = second.data["steps"][0]
    assert step["verdict"] == "ok", step  # not refused as "in the graveyard"
    # Every creature of the step has dealt its damage: it is all dealt and the state-based
    # actions follow before anyone may act or ask (704.3, 117.5; QA 62 W6): both die together.
    notes = " ".join(step["notes"])
    assert notes.startswith("Every creature in this combat damage step has dealt its damage")
    assert "Grizzly Bears dies" in notes and "Runeclaw Bear dies" in notes
    assert await permanents(services) == {}
    after = await ask(services, "game Alice gains 1 life.")
    assert not any(n.startswith("Before it") for n in after.data["steps"][0]["notes"])
    assert (await table(services)).game.held_combat_damage is None
    assert "Combat damage held" not in await board_text(services)


async def test_a_question_between_the_messages_sees_the_damage_and_stores_nothing(
    services: Services,
) -> None:
    await start(services)
    await ask(services, ATTACKER_HITS)
    entries = len((await ask(services, "game history")).data["history"])
    asked = await ask(services, "game Is Runeclaw Bear damaged?")
    step = asked.data["steps"][0]
    assert "2 damage" in step["explanation"] and "battlefield" in step["explanation"]
    assert "Nothing changed" in render_text(asked)
    assert len((await ask(services, "game history")).data["history"]) == entries
    # The question didn't end the step: the blocker's damage is still this step's.
    second = await ask(services, BLOCKER_HITS)
    assert second.data["steps"][0]["verdict"] == "ok"


async def board_text(services: Services) -> str:
    return render_text(await ask(services, "game state"))


async def test_undo_restores_the_held_damage(services: Services) -> None:
    await start(services)
    await ask(services, ATTACKER_HITS)
    await ask(services, BLOCKER_HITS)
    assert await permanents(services) == {}  # the step ended with the second message
    await ask(services, "game undo")
    board = await board_text(services)
    assert "Grizzly Bears 2/2 —" in board and "Runeclaw Bear 2/2 (2 damage)" in board
    await ask(services, "game undo")
    assert (await table(services)).game.held_combat_damage is None
    assert "damage" not in await board_text(services)
    # Redone, the step carries on as before.
    await ask(services, "game redo")
    second = await ask(services, BLOCKER_HITS)
    assert second.data["steps"][0]["verdict"] == "ok"


async def test_a_refused_statement_that_ended_the_step_is_stored_so_replay_agrees(
    services: Services, cards_reference: Any
) -> None:
    """The held damage is dealt before any other statement, even one then refused: that step
    counts as a change and is stored, so the log replays to the board the reply showed."""
    await start(services)
    await ask(services, ATTACKER_HITS)
    reply = await ask(services, "game Runeclaw Bear gains hexproof. Is Runeclaw Bear damaged?")
    refused, asked = reply.data["steps"]
    assert refused["verdict"] == "error" and refused["changed"]
    assert "Runeclaw Bear dies" in " ".join(refused["notes"])
    assert "graveyard" in asked["explanation"]
    assert "Runeclaw Bear" not in await permanents(services)
    # The log replayed from the start gives the same game.
    history = (await ask(services, "game history")).data["history"]
    reducer = MtgReducer(MtgScenarioExecutor(IndexCardLookup(cards_reference.cards)))
    replayed = reducer.initial("mtg")
    for entry in history:
        replayed = reducer.apply(replayed, json.loads(json.dumps(entry["action"])))
    assert replayed.game == (await table(services)).game


async def test_held_damage_survives_a_snapshot(services: Services) -> None:
    await start(services)
    await ask(services, ATTACKER_HITS)
    held = await table(services)
    assert held.game.held_combat_damage is not None
    codec = MtgTableCodec()
    assert codec.deserialize(codec.serialize(held)).game == held.game


async def test_a_step_by_step_cast_ends_the_held_step_first(services: Services) -> None:
    """No player gets priority before the state-based actions (704.3, 117.5): Runeclaw Bear
    is dead before Giant Growth's targets are asked for. So is Grizzly Bears: Runeclaw Bear's
    damage, not said, is dealt in the step too (510.1a), so Hill Giant is the only target."""
    await start(services)
    await ask(services, "game Alice's hand has Giant Growth. Alice controls Hill Giant.")
    await ask(services, ATTACKER_HITS)
    reply = await ask(services, "game cast Giant Growth")
    text = render_text(reply)
    assert "Runeclaw Bear dies" in text and "Grizzly Bears dies" in text
    options = [o["label"] for o in reply.data["pending"]["options"]]
    assert len(options) == 1 and options[0].startswith("Hill Giant")
    await ask(services, "game cancel")
    await ask(services, "game undo")  # the cancel
    await ask(services, "game undo")  # the start of the cast, and the step's end with it
    assert "Runeclaw Bear" in await permanents(services)


async def test_one_message_with_the_whole_step_ends_it(services: Services) -> None:
    """Said in one message, the step's damage is dealt together; with no creature of the
    combat left to deal any, the step ends there (510.2, 704.3; QA 62 W6)."""
    await start(services)
    reply = await ask(services, ATTACKER_HITS + " " + BLOCKER_HITS.removeprefix("game "))
    assert [s["verdict"] for s in reply.data["steps"]] == ["ok", "ok"]
    # The whole step said: dealt at once, and the state-based actions follow (704.3).
    notes = " ".join(reply.data["steps"][1]["notes"])
    assert "Runeclaw Bear dies" in notes and "Grizzly Bears dies" in notes
    assert await permanents(services) == {}
    assert (await table(services)).game.held_combat_damage is None


async def test_damage_said_in_one_sentence_joins_the_held_step(services: Services) -> None:
    """ "X deals ... and Y deals ..." is one step's damage too (510.2): held with the rest, so
    another attacker's damage said later is the same step's, and the deaths wait for it."""
    await start(services)
    await ask(services, "game Alice controls Llanowar Elves. Llanowar Elves is attacking Bob.")
    both = await ask(
        services,
        "game Grizzly Bears deals 2 combat damage to Runeclaw Bear and Runeclaw Bear deals 2 "
        "combat damage to Grizzly Bears.",
    )
    assert both.data["steps"][0]["verdict"] == "ok"
    # Llanowar Elves's damage isn't said yet: the step ends with it dealt as the rules assign
    # it (510.1), and the note says what that does (QA 62 M1).
    said = " ".join(both.data["steps"][0]["notes"])
    assert "once it ends, with it, the damage not said" in said
    assert "Llanowar Elves deals 1 damage to Bob" in said and "Grizzly Bears dies" in said
    assert {"Grizzly Bears", "Runeclaw Bear"} <= set(await permanents(services))
    elves = await ask(services, "game Llanowar Elves deals 1 combat damage to Bob.")
    assert elves.data["steps"][0]["verdict"] == "ok"
    assert "Runeclaw Bear dies" in " ".join(elves.data["steps"][0]["notes"])
    await ask(services, "game Alice gains 1 life.")
    assert set(await permanents(services)) == {"Llanowar Elves"}


async def test_what_happens_next_is_answered_once_the_held_step_ends(services: Services) -> None:
    """ "Does Runeclaw Bear die?" while its lethal damage is held: yes, by the state-based
    actions the step's end brings (704.3, 704.5g), not "the stack is empty"; a cast asked about
    is judged once they are done (117.5), and the game keeps the damage held."""
    await start(services)
    await ask(services, ATTACKER_HITS)
    dies = (await ask(services, "game Does Runeclaw Bear die?")).data["steps"][0]
    assert dies["verdict"] == "yes" and "Runeclaw Bear dies" in dies["explanation"]
    assert "704.5g" in dies["rules"]
    # CR 510.1a: the blocker's damage, not said yet, is the step's too: Grizzly Bears dies.
    lives = (await ask(services, "game Will Grizzly Bears survive?")).data["steps"][0]
    assert lives["verdict"] == "no"
    assert "Runeclaw Bear deals 2 damage to Grizzly Bears" in lives["explanation"]
    asked = await ask(services, "game Can Alice cast Giant Growth targeting Runeclaw Bear?")
    assert asked.data["steps"][0]["verdict"] == "no"
    assert "graveyard" in asked.data["steps"][0]["explanation"]
    assert (await table(services)).game.held_combat_damage is not None
    second = await ask(services, BLOCKER_HITS)
    assert second.data["steps"][0]["verdict"] == "ok"


async def test_a_refused_statement_that_ended_the_step_is_stored_as_the_players_it_meant(
    services: Services,
) -> None:
    """Stored only because it ended the held step, a refused "I cast …" is kept in the
    game's script as "Alice casts …", as any statement that changed the game is: a script
    replayed by someone else must mean the same players."""
    await start(services)
    await ask(services, "game Alice's hand has Giant Growth.")
    await ask(services, ATTACKER_HITS)
    reply = await ask(services, "game I cast Giant Growth targeting Runeclaw Bear.")
    refused = reply.data["steps"][0]
    assert refused["verdict"] == "illegal" and refused["changed"]
    script = (await ask(services, "game export")).data["statements"]
    assert script[-1] == "Alice casts Giant Growth targeting Runeclaw Bear."
    assert not any(line.startswith("I ") for line in script)


async def test_a_user_without_a_seat_gets_one_clear_refusal_and_the_step_stays_held(
    services: Services,
) -> None:
    """Nothing a user who may not change the game says is stored, so it doesn't end the held
    step (510.2): a statement refused on the game as it stands gets that refusal alone; one
    that would change the game, or has a seated player act, gets the seat refusal alone."""
    await start(services)
    await ask(services, ATTACKER_HITS)
    refused = await ask(services, "game Grizzly Bears blocks Runeclaw Bear.", user="carol")
    step = refused.data["steps"][0]
    assert step["verdict"] == "illegal" and not step["changed"]
    assert "509.1a" in step["rules"]
    assert not any(note.startswith("Before it") for note in step["notes"])
    assert "Nothing changed" in render_text(refused)
    for line in (
        "game Runeclaw Bear gains hexproof.",
        "game Alice casts Giant Growth targeting Grizzly Bears.",
        "game cast Giant Growth by Alice",
    ):
        with pytest.raises(PermissionDeniedError, match="You don't hold a seat") as caught:
            await ask(services, line, user="carol")
        assert "act as your own player" not in str(caught.value.hint).lower()
    # The step is still held, with Runeclaw Bear's lethal damage marked.
    assert (await table(services)).game.held_combat_damage is not None
    assert set(await permanents(services)) == {"Grizzly Bears", "Runeclaw Bear"}
    second = await ask(services, BLOCKER_HITS)
    assert second.data["steps"][0]["verdict"] == "ok"


async def test_the_rest_of_the_step_is_asked_for_only_while_some_is_left(
    services: Services,
) -> None:
    # CR 510.2 (QA 59 M4): after the attacker's damage, the blocker's is still to come (named);
    # after "Combat damage is dealt." has dealt the whole step, nothing more is asked for.
    await start(services)
    first = await ask(services, ATTACKER_HITS)
    notes = " ".join(first.data["steps"][0]["notes"])
    assert "say the rest of it (the damage of Runeclaw Bear)" in notes
    second = await ask(services, "game Combat damage is dealt.")
    step = second.data["steps"][0]
    assert step["verdict"] == "ok", step
    notes = " ".join(step["notes"])
    assert "say the rest of it" not in notes
    assert "Every creature in this combat damage step has dealt its damage" in notes
