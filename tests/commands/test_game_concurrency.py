"""One action at a time, checked where it is applied (issue 10): concurrent copies of one
statement, in one process and from ten, store exactly the valid ones and every reply is true
of what was stored; two clicks on one stamped choice apply once."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.app import close_services
from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.commands.reply import Reply
from bot.errors import UserError
from bot.games.errors import StaleStepError
from bot.reference.store import Reference
from bot.settings import Settings
from tests.conftest import REPO_ROOT

COPIES = 50
SETUP = "Alice controls Runeclaw Bear and Spellskite. Bob controls Llanowar Elves."


async def ask(
    services: Services, line: str, user: str = "alice", channel: str = "shared", guild: str = "g"
) -> Reply:
    return await run_command(
        CommandContext(Caller(user=user, channel=channel, guild=guild), services), line
    )


async def started(services: Services) -> None:
    await ask(services, "game new")
    await ask(services, "game join Alice")
    await ask(services, "game " + SETUP)


async def attempt(services: Services, line: str) -> Reply | UserError:
    try:
        return await ask(services, line)
    except UserError as error:
        return error


def power_toughness(state: Reply, name: str) -> str:
    (found,) = [p for p in state.data["permanents"] if p["name"] == name]
    return f"{found['power']}/{found['toughness']}"


async def test_fifty_deaths_of_one_creature_store_one(services: Services) -> None:
    await started(services)
    before = len((await ask(services, "game history")).data["history"])
    replies = await asyncio.gather(
        *(attempt(services, "game Spellskite dies.") for _ in range(COPIES))
    )
    ok = [r for r in replies if isinstance(r, Reply) and r.data["steps"][0]["verdict"] == "ok"]
    assert len(ok) == 1, [getattr(r, "footer", r) for r in replies]
    assert "Saved 1 change" in ok[0].footer
    others = [r for r in replies if r is not ok[0]]
    assert all(
        isinstance(r, Reply)
        and r.data["steps"][0]["verdict"] == "error"
        and "Nothing changed" in r.footer
        for r in others
    )
    history = (await ask(services, "game history")).data["history"]
    assert len(history) == before + 1
    assert "Spellskite" not in {
        p["name"] for p in (await ask(services, "game state")).data["permanents"]
    }
    # Undo takes back the one death that was stored: the board agrees with the log.
    await ask(services, "game undo")
    assert "Spellskite" in {
        p["name"] for p in (await ask(services, "game state")).data["permanents"]
    }


async def test_fifty_pumps_each_answer_the_size_they_stored(services: Services) -> None:
    await started(services)
    replies = await asyncio.gather(
        *(ask(services, "game Runeclaw Bear gets +1/+1.") for _ in range(COPIES))
    )
    sizes = sorted(
        int(re.search(r"now (\d+)/\d+", r.data["steps"][0]["explanation"])[1]) for r in replies
    )
    assert sizes == list(range(3, 3 + COPIES))  # each reply saw the state it changed
    state = await ask(services, "game state")
    assert power_toughness(state, "Runeclaw Bear") == f"{2 + COPIES}/{2 + COPIES}"
    await ask(services, "game undo")
    state = await ask(services, "game state")
    assert power_toughness(state, "Runeclaw Bear") == f"{1 + COPIES}/{1 + COPIES}"


async def test_two_clicks_on_one_stamped_step_apply_once(services: Services) -> None:
    await started(services)
    offered = await ask(services, "game cast Lightning Bolt")
    stamped = [c.command for c in offered.choices if c.command.startswith("game choose")]
    first, second = stamped[0], stamped[1]
    results = await asyncio.gather(attempt(services, first), attempt(services, second))
    applied = [r for r in results if isinstance(r, Reply)]
    refused = [r for r in results if isinstance(r, StaleStepError)]
    assert (len(applied), len(refused)) == (1, 1), results
    history = (await ask(services, "game history")).data["history"]
    assert sum(1 for entry in history if "choose" in entry["action"]) == 1
    # An old message's Undo is stamped too: it can't undo what happened since.
    with pytest.raises(StaleStepError):
        await ask(services, stamped[0].replace("choose 1", "undo").replace("choose 2", "undo"))


def test_fifty_pumps_from_ten_processes(reference_db: Path, tmp_path: Path) -> None:
    games_db = tmp_path / "shared-games.sqlite"

    async def setup() -> None:
        settings = Settings(data_dir=reference_db.parent, db_path=games_db)
        opened = Services(settings=settings, reference=Reference(reference_db))
        try:
            await started(opened)
        finally:
            await close_services(opened)

    asyncio.run(setup())
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.commands.game_worker",
                str(reference_db),
                str(games_db),
                "alice",
                str(COPIES // 10),
                "Runeclaw Bear gets +1/+1.",
            ],
            cwd=REPO_ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(10)
    ]
    answers = []
    for worker in workers:
        out, err = worker.communicate(timeout=300)
        assert worker.returncode == 0, err
        answers += [json.loads(line) for line in out.splitlines()]
    assert len(answers) == COPIES and not [a for a in answers if "error" in a]
    sizes = sorted(int(re.search(r"now (\d+)/", a["explanations"][0])[1]) for a in answers)
    assert sizes == list(range(3, 3 + COPIES))

    async def check() -> None:
        settings = Settings(data_dir=reference_db.parent, db_path=games_db)
        opened = Services(settings=settings, reference=Reference(reference_db))
        try:
            state = await ask(opened, "game state")
            assert power_toughness(state, "Runeclaw Bear") == f"{2 + COPIES}/{2 + COPIES}"
            history = (await ask(opened, "game history")).data["history"]
            assert sum(1 for e in history if "+1/+1" in str(e["action"])) == COPIES
        finally:
            await close_services(opened)

    asyncio.run(check())
