"""/settings permissions, inline references off by default and on when enabled."""

from __future__ import annotations

import discord
import simcord

from tests.frontends.discord.helpers import only_embed, response_of, setup_guild


def add_manager(env: simcord.Env, guild: simcord.GuildHandle) -> simcord.MemberActor:
    role = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("mod"), roles=[role])


async def test_settings_only_for_manage_server(simcord_env: simcord.Env) -> None:
    guild, channel, alice = setup_guild(simcord_env)
    manager = add_manager(simcord_env, guild)
    assert "settings" not in alice.available_commands(channel)
    assert "settings" in manager.available_commands(channel)
    shown = await manager.slash(channel, "settings")
    message = response_of(shown)
    assert message.ephemeral
    assert "Inline references** (`[[card]]`, `CR 115.7a`): off" in (
        only_embed(message).description or ""
    )


async def test_inline_references_are_off_by_default_and_answer_when_on(
    simcord_env: simcord.Env,
) -> None:
    guild, channel, alice = setup_guild(simcord_env)
    manager = add_manager(simcord_env, guild)
    await alice.send(channel, "is [[Arc Trail]] legal here? see CR 115.7a")
    assert len(channel.history()) == 1  # the bot said nothing

    await manager.slash(channel, "settings", inline_references=True)
    await alice.send(channel, "is [[Arc Trail]] legal here? see CR 115.7a and `CR 999.9`")
    replies = [m for m in channel.history() if m.author.bot]
    assert len(replies) == 1  # one reply for both references
    titles = [embed.title for embed in replies[0].embeds]
    assert len(titles) == 2  # the reference inside `code` is ignored
    assert titles[0] == "Arc Trail" and (titles[1] or "").startswith("115.7a")
    assert "Rulings: Arc Trail" in str(replies[0].components)

    await alice.send(channel, "[[Arc Trail|rulings]]")
    assert channel.history()[-1].embeds[0].title == "Rulings for Arc Trail"
    await alice.send(channel, "[[Lightning Bolt]]")
    single = channel.history()[-1]
    assert single.embeds[0].title == "Lightning Bolt" and "Rulings" in str(single.components)


async def test_many_inline_references_share_one_reply_of_at_most_ten_embeds(
    simcord_env: simcord.Env,
) -> None:
    guild, channel, alice = setup_guild(simcord_env)
    manager = add_manager(simcord_env, guild)
    await manager.slash(channel, "settings", inline_references=True)
    names = [
        "Arc Trail",
        "Lightning Bolt",
        "Opt",
        "Shock",
        "Counterspell",
        "Spellskite",
        "Redirect",
        "Negate",
        "Duress",
        "Giant Growth",
        "Swerve",
        "Misdirection",
    ]
    await alice.send(channel, " ".join(f"[[{name}]]" for name in names) + " [[Qzxqzxq]]")
    reply = channel.history()[-1]
    assert reply.author.bot and len([m for m in channel.history() if m.author.bot]) == 1
    assert [embed.title for embed in reply.embeds] == names[:10]
    assert sum(len(embed) for embed in reply.embeds) <= 6000
    assert (
        reply.content
        == "3 more references not shown (one message holds 10); ask for them with /card or /rule."
    )


async def test_judge_role_and_default_game_are_saved(simcord_env: simcord.Env) -> None:
    guild, channel, _ = setup_guild(simcord_env)
    manager = add_manager(simcord_env, guild)
    judges = guild.create_role("judges")
    result = await manager.slash(channel, "settings", judge_role=judges, default_game="riftbound")
    text = only_embed(response_of(result)).description or ""
    assert f"<@&{judges.id}>" in text and "**Default game:** riftbound" in text
    # /rule without a game option now answers from the Riftbound rules.
    answer = await manager.slash(channel, "rule", query="355.6")
    assert "Riftbound" in (only_embed(response_of(answer)).footer.text or "")
