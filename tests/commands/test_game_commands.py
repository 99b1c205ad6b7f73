"""``game``: per-channel games over the real card data — statements, stepping, undo, export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.commands.games import GameHub
from bot.errors import PermissionDeniedError, UserError
from bot.frontends.text import render_json, render_text

SETUP = "Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite."


def ctx(services: Services, user: str = "alice", channel: str = "c1", judge: bool = False):
    return CommandContext(Caller(user=user, channel=channel, is_judge=judge), services)


async def ask(services: Services, line: str, **kw: object):
    return await run_command(ctx(services, **kw), line)  # type: ignore[arg-type]


async def test_statements_build_a_game_and_illegal_ones_are_not_stored(services: Services) -> None:
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game " + SETUP)
    reply = await ask(
        services, "game Bob casts Lightning Bolt targeting Runeclaw Bear. Bob gains hexproof."
    )
    assert [s["verdict"] for s in reply.data["steps"]] == ["legal", "ok"]
    reply = await ask(
        services,
        "game Bob controls Troll Ascetic. Alice casts Giant Growth targeting Troll Ascetic.",
    )
    assert [s["verdict"] for s in reply.data["steps"]] == ["ok", "illegal"]
    history = (await ask(services, "game history")).data["history"]
    assert len(history) == 3  # the illegal cast changed nothing and was not stored
    state = await ask(services, "game state")
    assert state.body.endswith("; 3 log entries.")
    assert [e["name"] for e in state.data["stack"]] == ["Lightning Bolt"]
    names = {p["name"]: p for p in state.data["permanents"]}
    assert set(names) == {"Runeclaw Bear", "Llanowar Elves", "Spellskite", "Troll Ascetic"}
    troll = names["Troll Ascetic"]
    assert "hexproof" in troll["qualities"] and troll["controller"] == "Bob"
    assert state.data["stack"][0]["targets"][0]["legal"] is True


async def test_a_new_game_counts_its_log_entries_in_words(services: Services) -> None:
    await ask(services, "game new")
    await ask(services, "game Alice controls Runeclaw Bear.")
    assert (await ask(services, "game state")).body.endswith("; 1 log entry.")


async def test_step_through_cast_with_choices_and_back(services: Services) -> None:
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game " + SETUP)
    first = await ask(services, "game cast Arc Trail")
    labels = [c.label for c in first.choices]
    assert any("Runeclaw Bear" in label for label in labels)
    assert any(c.command.startswith("game back @v") for c in first.choices)
    assert all(c.command.startswith("game ") for c in first.choices)
    assert first.data["pending"]["choice"] == "targets"
    second = await ask(services, "game choose Runeclaw Bear")
    assert "another" in second.body.lower() or "other" in second.body.lower()
    # The spell is not on the stack while a choice is pending (CR 601.2).
    assert (await ask(services, "game state")).data["stack"] == []
    back = await ask(services, "game back")
    assert back.data["pending"]["prompt"] == first.data["pending"]["prompt"]
    await ask(services, "game choose Llanowar Elves")
    await ask(services, "game choose Runeclaw Bear")
    state = await ask(services, "game state")
    stack = state.data["stack"]
    assert [e["name"] for e in stack] == ["Arc Trail"]
    assert stack[0]["targets"][0]["chosen"] == "Llanowar Elves"


async def test_an_illegal_choice_is_refused_and_not_stored(services: Services) -> None:
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game " + SETUP + " Bob controls Troll Ascetic.")
    await ask(services, "game cast Giant Growth")
    before = len((await ask(services, "game history")).data["history"])
    with pytest.raises(UserError):
        await ask(services, "game choose Troll Ascetic")  # hexproof: not among the options
    assert len((await ask(services, "game history")).data["history"]) == before


async def test_undo_redo_and_export_round_trip(services: Services) -> None:
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game " + SETUP)
    await ask(services, "game Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.")
    await ask(services, "game cast Lightning Bolt")
    await ask(services, "game choose Spellskite")
    await ask(services, "game undo")
    await ask(services, "game redo")
    await ask(services, "game Alice casts Redirect targeting Arc Trail.")
    await ask(services, "game undo")
    exported = (await ask(services, "game export")).data
    script = exported["script"]
    assert "Redirect" not in script and "Lightning Bolt targeting Spellskite" in script
    assert exported["kind"] == "mtg"  # as Riftbound's export says its kind
    await ask(services, "game new", channel="c2")
    await ask(services, "game join Alice", channel="c2")
    await ask(services, "game " + script, channel="c2")
    one = (await ask(services, "game state")).data
    two = (await ask(services, "game state", channel="c2")).data
    for key in ("players", "permanents", "stack", "zones"):
        assert one[key] == two[key]


async def test_export_writes_i_and_opponent_as_the_players_they_meant(
    services: Services,
) -> None:
    """Found by QA: the export kept "I cast Lightning Bolt targeting opponent.", which means
    someone else (or nothing) when replayed by another user."""
    await ask(services, "game new", user="alice")
    await ask(services, "game join Alice", user="alice")
    await ask(services, "game seat Bob bob")
    await ask(services, "game Alice controls Runeclaw Bear. Bob controls Troll Ascetic.")
    await ask(services, "game I cast Lightning Bolt targeting opponent.", user="bob")
    script = (await ask(services, "game export")).data["script"]
    assert "Bob casts Lightning Bolt targeting Alice." in script
    assert "opponent" not in script and "I cast" not in script
    await ask(services, "game new", channel="c2", user="carol")
    await ask(services, "game " + script, channel="c2", user="carol")
    one = (await ask(services, "game state")).data
    two = (await ask(services, "game state", channel="c2", user="carol")).data
    assert one["stack"] == two["stack"]


async def test_permissions(services: Services) -> None:
    await ask(services, "game new", user="alice")
    await ask(services, "game " + SETUP, user="alice")
    with pytest.raises(PermissionDeniedError):
        await ask(services, "game Runeclaw Bear is tapped.", user="carol")
    # Being named in the game is not a seat, and neither is a display name (issue 10).
    impostor = CommandContext(Caller(user="666", channel="c1", name="Bob"), services)
    with pytest.raises(PermissionDeniedError):
        await run_command(impostor, "game Runeclaw Bear is tapped.")
    with pytest.raises(PermissionDeniedError):
        await run_command(impostor, "game end")
    await ask(services, "game join Bob", user="bob")  # Bob is a player of the game
    await ask(services, "game Runeclaw Bear is tapped.", user="bob")  # seated
    await ask(services, "game undo", user="carol", judge=True)
    assert (await ask(services, "game state", user="carol")).data["permanents"]


async def test_game_json_is_a_list_of_steps(services: Services) -> None:
    await ask(services, "game new")
    await ask(services, "game join Alice")
    reply = await ask(services, "game " + SETUP)
    steps = json.loads(render_json(reply))
    assert isinstance(steps, list) and steps[0]["verdict"] == "ok"


async def test_snapshots_load_the_same_state(services: Services, tmp_path: Path) -> None:
    from bot.games.mtg_reducer import MtgTableCodec

    await ask(services, "game new")
    await ask(services, "game join Alice")
    for number in range(12):
        await ask(
            services,
            "game Alice controls Runeclaw Bear. Runeclaw Bear gains hexproof."
            if number == 0
            else f"game Bob has {number} life.",
        )
    hub = services.games
    assert isinstance(hub, GameHub)
    service = await hub.service()
    from bot.games.model import GameScope

    state = await service.state(GameScope("console", "c1"))
    codec = MtgTableCodec()
    again = codec.deserialize(codec.serialize(state))
    assert again.game == state.game and again.transcript == state.transcript


async def test_step_through_cast_for_its_overload_cost(services: Services) -> None:
    """Mizzium Mortars ruling (2013-04-15): "If you pay the overload cost, the spell won't have
    any targets" — so no target is asked for, and the export replays it with overload."""
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game Alice controls Runeclaw Bear. Bob controls Troll Ascetic.")
    cast = await ask(services, "game cast Mizzium Mortars with overload")
    assert cast.data.get("pending") is None
    stack = (await ask(services, "game state")).data["stack"]
    assert [e["name"] for e in stack] == ["Mizzium Mortars"] and stack[0]["targets"] == []
    await ask(services, "game Mizzium Mortars resolves.")
    names = {p["name"] for p in (await ask(services, "game state")).data["permanents"]}
    assert names == {"Runeclaw Bear"}  # the hexproof Troll Ascetic took 4 damage
    script = (await ask(services, "game export")).data["script"]
    assert "Alice casts Mizzium Mortars with overload" in script


async def test_step_through_a_kicked_cast_asks_for_the_kicked_target(services: Services) -> None:
    """CR 601.2c: "A spell may require some targets only if an alternative or additional cost
    (such as a kicker cost) ... was chosen for it" — Orim's Thunder asks for a creature only
    when kicked, and the export keeps the kicker."""
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game Bob controls Runeclaw Bear and Ornithopter.")
    await ask(services, "game cast Orim's Thunder with kicker")
    await ask(services, "game choose Ornithopter")
    second = await ask(services, "game choose Runeclaw Bear")
    assert second.data.get("pending") is None
    stack = (await ask(services, "game state")).data["stack"]
    assert [t["chosen"] for t in stack[0]["targets"]] == ["Ornithopter", "Runeclaw Bear"]
    script = (await ask(services, "game export")).data["script"]
    assert "Orim's Thunder with kicker targeting Ornithopter and Runeclaw Bear" in script


@pytest.mark.parametrize(
    "command",
    [
        "game cast Burst Lightning with kicker by Alice",
        "game cast Burst Lightning by Alice with kicker",
    ],
)
async def test_a_kicked_step_cast_by_a_named_player_keeps_the_kicker(
    services: Services, command: str
) -> None:
    """QA 29 U3: a judge holding no seat names the player with `by Alice`; with the kicker
    said before or after it, Burst Lightning is cast kicked (CR 702.33d: 4 damage)."""
    await ask(services, "game new mtg")
    await ask(services, "game Bob controls Serra Angel.")
    started = await ask(services, command)
    assert started.data.get("pending") is not None
    await ask(services, "game choose Serra Angel")
    await ask(services, "game resolve")
    assert "Serra Angel" not in {
        p["name"] for p in (await ask(services, "game state")).data["permanents"]
    }
    script = (await ask(services, "game export")).data["script"]
    assert "Alice casts Burst Lightning with kicker targeting Serra Angel" in script


async def test_a_multikicked_cast_is_kept_with_its_count(services: Services) -> None:
    """CR 702.33c: multikicker may be paid "any number of times"; Comet Storm chooses "another
    target for each time this spell was kicked". The game keeps the count: three targets on
    the stack, and the statement as said in the export."""
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game Bob controls Runeclaw Bear and Ornithopter.")
    cast = await ask(
        services,
        "game Alice casts Comet Storm with X=1 kicked twice targeting Runeclaw Bear, "
        "Ornithopter and Bob.",
    )
    assert "kicked 2 times (702.33c, 702.33d)" in render_text(cast)
    stack = (await ask(services, "game state")).data["stack"]
    assert [t["chosen"] for t in stack[0]["targets"]] == ["Runeclaw Bear", "Ornithopter", "Bob"]
    script = (await ask(services, "game export")).data["script"]
    assert (
        "Comet Storm with X=1 kicked twice targeting Runeclaw Bear, Ornithopter and Bob" in script
    )


async def test_step_through_a_cast_kicked_twice_asks_for_a_target_per_kick(
    services: Services,
) -> None:
    """CR 702.33c: Comet Storm chooses "another target for each time this spell was kicked";
    `game cast Comet Storm kicked twice` steps through X and three targets (QA 18: the step
    cast kept only "with kicker", once)."""
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game Bob controls Runeclaw Bear and Ornithopter.")
    await ask(services, "game cast Comet Storm kicked twice")
    await ask(services, "game choose 1")
    await ask(services, "game choose Runeclaw Bear")
    await ask(services, "game choose Ornithopter")
    last = await ask(services, "game choose Bob")
    assert last.data.get("pending") is None
    stack = (await ask(services, "game state")).data["stack"]
    assert [t["chosen"] for t in stack[0]["targets"]] == ["Runeclaw Bear", "Ornithopter", "Bob"]
    script = (await ask(services, "game export")).data["script"]
    assert (
        "Comet Storm kicked 2 times with X=1 targeting Runeclaw Bear, Ornithopter and Bob" in script
    )


async def test_step_through_a_bestowed_cast_and_a_mutate_choice(services: Services) -> None:
    """CR 702.103b: cast bestowed, Boon Satyr is an Aura spell that targets a creature (cast
    normally it targets nothing); 608.3c: it enters attached. 702.140c: a mutating spell's
    controller chooses whether it goes on top of the creature or under it."""
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game Alice controls Runeclaw Bear and Llanowar Elves.")
    cast = await ask(services, "game cast Boon Satyr with bestow")
    assert cast.data.get("pending") is not None  # it asks for the creature to enchant
    await ask(services, "game choose Runeclaw Bear")
    await ask(services, "game resolve")
    permanents = (await ask(services, "game state")).data["permanents"]
    satyr = next(p for p in permanents if p["name"] == "Boon Satyr")
    assert satyr.get("attached_to") is not None
    await ask(services, "game cast Gemrazer with mutate")
    await ask(services, "game choose Llanowar Elves")
    asked = await ask(services, "game resolve")
    said = asked.body + "".join(s.text for s in asked.sections)
    assert "on top" in said and "under" in said
    await ask(services, "game resolve on top")
    names = sorted(p["name"] for p in (await ask(services, "game state")).data["permanents"])
    assert names == ["Boon Satyr", "Gemrazer", "Runeclaw Bear"]
    script = (await ask(services, "game export")).data["script"]
    assert "Alice casts Boon Satyr with bestow targeting Runeclaw Bear" in script
    assert "Alice casts Gemrazer with mutate targeting Llanowar Elves" in script
    assert "resolves on top." in script


@pytest.mark.parametrize(
    ("card", "asks"),
    # Charms say "Choose one —" (one mode); Cryptic Command "Choose two —" (CR 700.2).
    [("Izzet Charm", "Choose 1 mode."), ("Cryptic Command", "Choose 2 modes.")],
)
async def test_the_mode_choice_is_worded_for_its_count(
    services: Services, card: str, asks: str
) -> None:
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game " + SETUP)
    reply = await ask(services, f"game cast {card}")
    assert asks in reply.body
    assert "(s)" not in reply.body


async def test_a_mode_that_cant_be_chosen_is_named_as_unavailable(services: Services) -> None:
    """CR 700.2a: a mode that requires a target can be chosen only if there is a legal one:
    with no creature card in Alice's graveyard, Kolaghan's Command offers three modes and says
    which one isn't available, instead of leaving it out silently (found by QA)."""
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game " + SETUP)
    reply = await ask(services, "game cast Kolaghan's Command")
    assert "Not available" in reply.body and "700.2a" in reply.body
    assert "Return target creature card from your graveyard to your hand" in reply.body


async def test_step_cast_of_a_card_stated_in_hand_moves_it(services: Services) -> None:
    """CR 601.2a: the card moves from where it is to the stack (QA 33: ``game cast Opt`` left
    the Opt stated in the hand there, beside a second Opt on the stack)."""
    await ask(services, "game new mtg")
    await ask(services, "game join Alice")
    await ask(services, "game Alice's hand has Opt.")
    await ask(services, "game cast Opt")
    state = await ask(services, "game state")
    assert [e["name"] for e in state.data["stack"]] == ["Opt"]
    assert state.data["zones"] == []
    await ask(services, "game undo")
    zones = (await ask(services, "game state")).data["zones"]
    assert [(z["name"], z["zone"]) for z in zones] == [("Opt", "hand")]


async def test_blocks_are_kept_in_a_saved_game_and_its_snapshot(services: Services) -> None:
    """QA 35 U5: "X is blocking Y" is kept (CR 509.1g-h), shown, and survives a snapshot."""
    from bot.games.model import GameScope
    from bot.games.mtg_reducer import MtgTableCodec

    await ask(services, "game new")
    await ask(services, "game join Alice")
    reply = await ask(
        services,
        "game Alice controls Grizzly Bears. Bob controls Llanowar Elves. "
        "Llanowar Elves is blocking Grizzly Bears.",
    )
    assert [s["verdict"] for s in reply.data["steps"]] == ["ok", "ok", "ok"]
    state = await ask(services, "game state")
    names = {p["name"]: p for p in state.data["permanents"]}
    assert "blocked by Llanowar Elves" in names["Grizzly Bears"]["qualities"]
    assert "blocking Grizzly Bears" in names["Llanowar Elves"]["qualities"]
    asked = await ask(services, "game Is Grizzly Bears a legal target for Smite?")
    assert asked.data["steps"][0]["verdict"] == "yes"
    hub = services.games
    assert isinstance(hub, GameHub)
    table = await (await hub.service()).state(GameScope("console", "c1"))
    codec = MtgTableCodec()
    assert codec.deserialize(codec.serialize(table)).game == table.game
