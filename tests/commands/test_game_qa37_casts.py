"""QA 37 in saved games: a gift promised (CR 702.174k, 702.174m), a spell bargained
(702.166a-b) and a pawprint spell's modes (700.2i), step by step."""

from __future__ import annotations

import pytest

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.engine.errors import IllegalActionError
from bot.errors import UserError


def ctx(services: Services) -> CommandContext:
    return CommandContext(Caller(user="alice", channel="c1", is_judge=False), services)


async def ask(services: Services, line: str):  # type: ignore[no-untyped-def]
    return await run_command(ctx(services), line)


async def test_gift_promised_asks_for_its_own_target(services: Services) -> None:
    await ask(services, "game new mtg")
    await ask(services, "game Alice controls Llanowar Elves. Bob controls Sol Ring.")
    # Without the gift only "target creature an opponent controls": Bob has none (601.2c).
    with pytest.raises(IllegalActionError, match="target creature an opponent controls"):
        await ask(services, "game cast Into the Flood Maw by Alice")
    started = await ask(services, "game cast Into the Flood Maw by Alice promising the gift")
    labels = [o["label"] for o in started.data["pending"]["options"]]
    assert any("Sol Ring" in label for label in labels)
    await ask(services, "game choose Sol Ring")
    await ask(services, "game resolve")
    names = {p["name"] for p in (await ask(services, "game state")).data["permanents"]}
    assert "Sol Ring" not in names
    assert "Fish Token" in names
    script = (await ask(services, "game export")).data["script"]
    assert "Into the Flood Maw promising the gift to Bob targeting Sol Ring" in script


async def test_bargain_asks_what_is_sacrificed(services: Services) -> None:
    await ask(services, "game new mtg")
    await ask(services, "game Alice controls Sol Ring. Bob controls Hill Giant.")
    await ask(services, "game cast Torch the Tower with bargain by Alice")
    asked = await ask(services, "game choose Hill Giant")
    assert "sacrifice" in asked.data["pending"]["prompt"]
    await ask(services, "game choose Sol Ring")
    await ask(services, "game resolve")
    names = {p["name"] for p in (await ask(services, "game state")).data["permanents"]}
    assert names == set()  # 3 damage to the Giant, exiled; Sol Ring sacrificed


async def test_pawprint_modes_step_by_step(services: Services) -> None:
    await ask(services, "game new mtg")
    await ask(services, "game Bob controls Sol Ring.")
    started = await ask(services, "game cast Season of the Burrow by Alice")
    pending = started.data["pending"]
    assert "{P} worth of modes" in pending["prompt"]
    with pytest.raises(IllegalActionError, match=r"700\.2i"):
        await ask(services, "game choose 2 2 2")
    await ask(services, "game choose 1 2")
    await ask(services, "game choose Sol Ring")
    await ask(services, "game resolve")
    state = (await ask(services, "game state")).data
    names = {p["name"] for p in state["permanents"]}
    assert names == {"Rabbit Token"}


async def test_blight_step_by_step_points_to_the_statement(services: Services) -> None:
    await ask(services, "game new mtg")
    await ask(services, "game Alice controls Hill Giant. Bob controls Grizzly Bears.")
    with pytest.raises(UserError, match="as a statement"):
        await ask(services, "game cast Requiting Hex with blight by Alice")
    reply = await ask(
        services,
        "game Alice casts Requiting Hex with blight, putting a -1/-1 counter on Hill Giant, "
        "targeting Grizzly Bears.",
    )
    assert [s["verdict"] for s in reply.data["steps"]] == ["legal"]
