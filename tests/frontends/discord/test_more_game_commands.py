"""The remaining slash commands: /rulings, /scenario (text and modal), every /game step, the
opt-in message form, and judges."""

from __future__ import annotations

import discord
import simcord

from tests.frontends.discord.helpers import only_embed, response_of, setup_guild


def text_of(result: simcord.InteractionResult) -> str:
    return str(only_embed(response_of(result)).to_dict())


EXAMPLE = (
    "Alice controls Runeclaw Bear and Llanowar Elves. Bob controls Spellskite.\n"
    "Bob casts Arc Trail targeting Runeclaw Bear and Llanowar Elves.\n"
    "Alice casts Redirect targeting Arc Trail.\n"
    "Redirect resolves choosing new targets Llanowar Elves and Runeclaw Bear.\n"
    "Arc Trail resolves."
)


async def test_rulings_command_lists_dated_rulings(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    result = await alice.slash(channel, "rulings", name="spelskite")
    embed = only_embed(response_of(result))
    assert embed.title == "Rulings for Spellskite"
    assert any(char.isdigit() for char in str(embed.to_dict()))


async def test_scenario_text_gives_the_documented_verdicts(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    result = await alice.slash(channel, "scenario", text=EXAMPLE.replace("\n", " "))
    shown = text_of(result)
    assert "115.7e" in shown  # only the final set of targets is checked
    assert "2 damage to Llanowar Elves" in shown and "1 damage to Runeclaw Bear" in shown


async def test_scenario_without_text_opens_a_modal_for_multi_line_scripts(
    simcord_env: simcord.Env,
) -> None:
    _, channel, alice = setup_guild(simcord_env)
    shown = await alice.slash(channel, "scenario")
    assert shown.modal is not None
    field_id = shown.modal["components"][0]["components"][0]["custom_id"]
    submitted = await alice.submit_modal(shown, {field_id: EXAMPLE})
    text = str(only_embed(response_of(submitted)).to_dict())
    assert "2 damage to Llanowar Elves" in text


async def test_every_game_step_command(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    await alice.slash(channel, "game new")
    await alice.slash(channel, "game join", player="Alice")
    await alice.slash(
        channel, "game do", statements="Alice controls Spellskite. Bob controls Runeclaw Bear."
    )

    casting = await alice.slash(channel, "game cast", spell="Arc Trail")
    assert "any target" in text_of(casting)
    second = await alice.slash(channel, "game choose", option=2)  # Bob
    assert "any other target" in text_of(second)
    back = await alice.slash(channel, "game back")
    assert "any other target" not in text_of(back) and "any target" in text_of(back)
    await alice.slash(channel, "game choose", option=2)  # Bob
    cast = await alice.slash(channel, "game choose", option=3)  # Spellskite
    assert "Arc Trail" in text_of(cast)
    state = await alice.slash(channel, "game state")
    assert "Arc Trail" in text_of(state) and "Bob" in text_of(state)

    # Spellskite's ability: "change the target of target spell or ability to this creature".
    activating = await alice.slash(channel, "game activate", ability="Spellskite")
    assert "Spellskite" in text_of(activating)
    cancelled = await alice.slash(channel, "game cancel")
    assert "Cancelled" in text_of(cancelled)

    retargeting = await alice.slash(channel, "game retarget", spell="Arc Trail")
    assert "Arc Trail" in text_of(retargeting)
    # Leave the retarget by undoing it, then redo and undo again.
    undone = await alice.slash(channel, "game undo")
    assert "undo" in text_of(undone).lower() or "Undone" in text_of(undone)
    redone = await alice.slash(channel, "game redo")
    assert "redo" in text_of(redone).lower() or "Redone" in text_of(redone)

    exported = await alice.slash(channel, "game export")
    script = text_of(exported)
    assert "Alice controls Spellskite" in script and "Bob controls Runeclaw Bear" in script
    ended = await alice.slash(channel, "game end")
    assert "end" in text_of(ended).lower()
    after = await alice.slash(channel, "game state")
    message = response_of(after)
    assert message.ephemeral  # no game any more: a polite ephemeral answer


async def test_the_message_form_is_opt_in_and_judges_may_change_any_game(
    simcord_env: simcord.Env,
) -> None:
    guild, channel, alice = setup_guild(simcord_env)
    manager = guild.add_member(
        simcord_env.create_user("mod"),
        roles=[guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))],
    )
    judges = guild.create_role("judges")
    judge = guild.add_member(simcord_env.create_user("judy"), roles=[judges])
    stranger = guild.add_member(simcord_env.create_user("mallory"))
    await manager.slash(channel, "settings", judge_role=judges)
    await alice.slash(channel, "game new")

    await alice.send(channel, "Alice controls Runeclaw Bear.")
    assert not any(m.author.bot for m in channel.history()[-1:])  # not opted in: silence

    await manager.slash(channel, "settings", scenario_messages=True)
    await alice.send(channel, "Alice controls Runeclaw Bear.")
    assert "Runeclaw Bear" in str(channel.history()[-1].embeds[0].to_dict())

    refused = await stranger.slash(channel, "game do", statements="Runeclaw Bear gains hexproof.")
    assert response_of(refused).ephemeral
    allowed = await judge.slash(channel, "game do", statements="Runeclaw Bear gains hexproof.")
    assert "hexproof" in text_of(allowed).lower()
