"""The settings database: guild/channel settings and stored command links share one file and
survive a restart (a button sent yesterday must still run its command today)."""

from __future__ import annotations

from pathlib import Path

from bot.frontends.discord.views import CUSTOM_ID_CHARS, decode_line, encode_line
from bot.guilds import command_links, store
from bot.guilds.command_links import CommandLinks, link_key
from bot.guilds.database import SettingsDatabase
from bot.guilds.store import GuildSettingsStore

SCHEMA = (*store.SCHEMA, *command_links.SCHEMA)


async def test_links_and_settings_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "settings.sqlite"
    line = "scenario " + "Alice controls Runeclaw Bear. " * 10
    db = await SettingsDatabase.open(path, SCHEMA)
    links = CommandLinks(db)
    key = await links.remember(line)
    assert key == link_key(line) and await links.remember(line) == key  # idempotent
    await GuildSettingsStore(db).update_channel("1", "2", game="riftbound")
    await db.close()

    db = await SettingsDatabase.open(path, SCHEMA)
    try:
        assert await CommandLinks(db).recall(key) == line
        assert await CommandLinks(db).recall("no-such-key") is None
        assert await GuildSettingsStore(db).game_for("1", "2") == "riftbound"
        assert await GuildSettingsStore(db).game_for("1", "3") == "mtg"
    finally:
        await db.close()


async def test_a_line_too_long_for_a_custom_id_goes_through_a_link(tmp_path: Path) -> None:
    db = await SettingsDatabase.open(tmp_path / "settings.sqlite", SCHEMA)
    try:
        links = CommandLinks(db)
        short = await encode_line(links, "rb:run:", "card Opt")
        assert short == "rb:run:card Opt"
        long_line = "rule " + "what happens when " * 10
        encoded = await encode_line(links, "rb:run:", long_line)
        assert len(encoded) <= CUSTOM_ID_CHARS and encoded != "rb:run:" + long_line
        assert await decode_line(links, encoded.removeprefix("rb:run:")) == long_line
    finally:
        await db.close()
