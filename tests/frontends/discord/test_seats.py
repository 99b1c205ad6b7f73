"""Who may change a game, through Discord (issue 10): a member is known by user id only.

Reproduced before the fix: a member nicknamed "Bob", in a game naming Bob, ran
`/game do Runeclaw Bear dies.` and `/game end`, both accepted.
"""

from __future__ import annotations

import discord
import simcord

from bot.frontends.discord.client import RulesBot
from tests.frontends.discord.helpers import only_embed, response_of, setup_guild

SETUP = "Alice controls Runeclaw Bear. Bob controls Spellskite."


def refused(result: simcord.InteractionResult) -> bool:
    message = response_of(result)
    return bool(message.ephemeral) and "seat" in (message.content or "")


async def use_every_component(
    actor: simcord.MemberActor, message: simcord.ResponseMessage
) -> list[simcord.InteractionResult]:
    """Click every button that changes the game and pick every option of every select, as
    ``actor`` (not Picture: looking is open to anyone)."""
    results = []
    for row in message.components:
        for component in row.get("components", []):
            custom_id = str(component.get("custom_id", ""))
            if component.get("label") == "Picture":
                continue
            if component.get("type") == 3:  # a select menu: each option is a command line
                for option in component["options"]:
                    results.append(
                        await actor.select(message, [option["value"]], custom_id=custom_id)
                    )
            elif custom_id:
                results.append(await actor.click(message, custom_id=custom_id))
    return results


async def test_a_nicknamed_impostor_is_refused_everywhere_and_a_seated_member_is_not(
    simcord_env: simcord.Env,
) -> None:
    guild, channel, alice = setup_guild(simcord_env)
    bob = guild.add_member(simcord_env.create_user("bob"))
    impostor = guild.add_member(simcord_env.create_user("mallory"), nick="Bob")
    await alice.slash(channel, "game new", game="mtg")
    await alice.slash(channel, "game join", player="Alice")
    await alice.slash(channel, "game do", statements=SETUP)
    casting = response_of(await alice.slash(channel, "game cast", spell="Lightning Bolt"))

    changing = [
        ("game do", {"statements": "Runeclaw Bear dies."}),
        ("game cast", {"spell": "Shock"}),
        ("game choose", {"option": 1}),
        ("game back", {}),
        ("game cancel", {}),
        ("game undo", {}),
        ("game seat", {"player": "Bob"}),
        ("game open", {}),
        ("game end", {}),
    ]
    for command, options in changing:
        result = await impostor.slash(channel, command, **options)
        assert response_of(result).ephemeral, (command, response_of(result).content)
    clicks = await use_every_component(impostor, casting)
    assert len(clicks) >= 5
    for clicked in clicks:
        assert any(f.ephemeral for f in clicked.followups) or (
            clicked.response is not None and clicked.response.ephemeral
        )
    # Nothing the impostor tried was stored.
    state = str(only_embed(response_of(await alice.slash(channel, "game state"))).to_dict())
    assert "Runeclaw Bear" in state and "Casting Lightning Bolt" in state

    # The real Bob takes his seat by id and may change the game; the impostor can't take it.
    joined = await bob.slash(channel, "game join", player="Bob")
    assert bob.user.id and f"<@{bob.user.id}>" in str(only_embed(response_of(joined)).to_dict())
    taken = await impostor.slash(channel, "game join", player="Bob")
    assert "already taken" in (response_of(taken).content or "")
    await alice.slash(channel, "game cancel")
    done = await bob.slash(channel, "game do", statements="Spellskite is tapped.")
    assert "Saved 1 change" in str(only_embed(response_of(done)).to_dict())
    shown = str(only_embed(response_of(await alice.slash(channel, "game state"))).to_dict())
    assert f"Bob: <@{bob.user.id}>" in shown and f"<@{alice.user.id}>" in shown


async def test_a_judge_may_change_any_game(simcord_env: simcord.Env) -> None:
    guild, channel, alice = setup_guild(simcord_env)
    manager_role = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    manager = guild.add_member(simcord_env.create_user("mod"), roles=[manager_role])
    judges = guild.create_role("judges")
    judge = guild.add_member(simcord_env.create_user("judy"), roles=[judges])
    await manager.slash(channel, "settings", judge_role=judges)
    await alice.slash(channel, "game new", game="mtg")
    await alice.slash(channel, "game do", statements=SETUP)
    allowed = await judge.slash(channel, "game do", statements="Runeclaw Bear dies.")
    assert "Saved 1 change" in str(only_embed(response_of(allowed)).to_dict())
    assert not response_of(
        await judge.slash(channel, "game seat", player="Bob", member=judge)
    ).ephemeral


async def test_starting_a_riftbound_game_leaves_the_channel_setting_alone(
    simcord_env: simcord.Env, simcord_bot: RulesBot
) -> None:
    guild, channel, alice = setup_guild(simcord_env)
    before = await simcord_bot.guild_store.channel(str(guild.id), str(channel.id))
    started = await alice.slash(channel, "game new", game="riftbound")
    assert only_embed(response_of(started)).title == "New Riftbound game"
    after = await simcord_bot.guild_store.channel(str(guild.id), str(channel.id))
    assert after == before
    assert (await simcord_bot.guild_store.game_for(str(guild.id), str(channel.id))) == "mtg"
