"""A game stepped through with buttons, with a bot restart in the middle."""

from __future__ import annotations

import pytest
import simcord

from bot.commands.context import Services
from bot.frontends.discord.client import create_bot
from tests.discord.helpers import custom_ids, only_embed, response_of, setup_guild


@pytest.mark.xfail(
    strict=True,
    reason="under SimCord the game store reports 'database is busy' on the first `game new` "
    "(works outside SimCord with the settings store open on the same file); not yet diagnosed",
)
async def test_cast_step_through_buttons_survive_restart_and_strangers_are_refused(
    simcord_env: simcord.Env, services: Services
) -> None:
    guild, channel, alice = setup_guild(simcord_env)
    bob = guild.add_member(simcord_env.create_user("bob"))
    started = await alice.slash(channel, "game new", game="mtg")
    assert only_embed(response_of(started)).title == "New Magic game"
    setup = await alice.slash(channel, "game cast", spell="Arc Trail")
    message = response_of(setup)
    ids = custom_ids(message)
    assert any(i.startswith("rb:run:game choose") or i == "rb:choose" for i in ids), ids

    await simcord_env.restart_bot(create_bot(services, message_content=True))

    refused = await bob.click(message, custom_id=next(i for i in ids if i.startswith("rb:run:game")))
    assert any(f.ephemeral for f in refused.followups) or (
        refused.response is not None and refused.response.ephemeral
    )
    await alice.click(message, custom_id=next(i for i in ids if i.startswith("rb:run:game")))
    after = only_embed(channel.history()[-1])
    assert after.title
