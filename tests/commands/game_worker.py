"""A bot process for the multi-process games test: runs one statement COUNT times at once.

Run as ``python -m tests.commands.game_worker REFERENCE_DB GAMES_DB USER COUNT STATEMENT`` from
the repository root.  Prints one JSON line per command: the verdicts and explanations the user
would have been shown, or the error.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from bot.app import close_services, open_services
from bot.commands.context import Caller, CommandContext
from bot.commands.dispatch import run_command
from bot.errors import UserError
from bot.settings import Settings


async def main(reference_db: Path, games_db: Path, user: str, count: int, statement: str) -> None:
    settings = Settings(data_dir=reference_db.parent, db_path=games_db)
    services = open_services(settings)
    ctx = CommandContext(Caller(user=user, channel="shared", guild="g"), services)

    async def one() -> dict[str, object]:
        try:
            reply = await run_command(ctx, f"game {statement}")
        except UserError as error:
            return {"error": error.message}
        steps = reply.data["steps"]
        return {
            "verdicts": [s["verdict"] for s in steps],
            "explanations": [s["explanation"] for s in steps],
            "footer": reply.footer,
        }

    try:
        for answer in await asyncio.gather(*(one() for _ in range(count))):
            print(json.dumps(answer), flush=True)
    finally:
        await close_services(services)


if __name__ == "__main__":
    reference, games, who, how_many, text = sys.argv[1:6]
    asyncio.run(main(Path(reference), Path(games), who, int(how_many), text))
