"""Small helpers shared by the Discord tests."""

from __future__ import annotations

import discord
import simcord

from bot.frontends.discord.render import CUSTOM_ID_CHARS, embeds_fit


def response_of(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    """The message an interaction produced (the original response, else its first follow-up)."""
    if result.response is not None:
        return result.response
    assert result.followups, f"no message for {result!r}"
    return result.followups[0]


def only_embed(message: simcord.ResponseMessage | discord.Message) -> discord.Embed:
    assert len(message.embeds) == 1, message
    assert embeds_fit(message.embeds)
    return message.embeds[0]


def custom_ids(message: simcord.ResponseMessage) -> list[str]:
    ids = []
    for row in message.components:
        for component in row.get("components", []):
            if "custom_id" in component:
                ids.append(component["custom_id"])
    assert all(len(i) <= CUSTOM_ID_CHARS for i in ids)
    assert len(ids) == len(set(ids)), ids
    return ids


def setup_guild(
    env: simcord.Env,
) -> tuple[simcord.GuildHandle, simcord.ChannelHandle, simcord.MemberActor]:
    guild = env.create_guild()
    channel = guild.create_text_channel("rules")
    alice = guild.add_member(env.create_user("alice"))
    return guild, channel, alice
