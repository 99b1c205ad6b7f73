"""What a Discord user reads: slash syntax (never the console's), long choices that keep their
controls reachable, card embeds linked to Scryfall in the card's colour."""

from __future__ import annotations

import re

import discord
import simcord
from hypothesis import given
from hypothesis import strategies as st

from bot.frontends.discord.slash_syntax import slash_form, to_slash
from tests.frontends.discord.helpers import only_embed, response_of, setup_guild

CONSOLE_COMMAND = re.compile(r"`(?:game|card|rule|rulings|scenario|search|mtr|ipg|help|about)\b")


def test_console_commands_in_code_become_slash_commands() -> None:
    assert slash_form("game choose 2 @v7") == "/game choose option:2"
    assert slash_form("game join Alice") == "/game join player:Alice"
    assert slash_form("game seat Bob @you") == "/game seat player:Bob member:@you"
    assert slash_form("game new riftbound") == "/game new game:riftbound"
    assert slash_form("game Alice controls Opt.") == "/game do statements:Alice controls Opt."
    assert slash_form("game retarget Arc Trail by Bob") == "/game retarget spell:Arc Trail by Bob"
    assert slash_form("card fox-fire game:riftbound") == "/card name:fox-fire game:riftbound"
    assert slash_form("Runeclaw Bear") is None
    assert to_slash("Take a seat with `game join Alice`; `Opt` stays.") == (
        "Take a seat with `/game join player:Alice`; `Opt` stays."
    )


@given(st.text(max_size=300))
def test_rewriting_never_fails_and_leaves_text_outside_code_alone(text: str) -> None:
    rewritten = to_slash(text)
    assert rewritten.count("`") == text.count("`")  # code spans are rewritten, never merged
    if "`" not in text:
        assert rewritten == text


async def test_help_lists_the_slash_commands_as_discord_shows_them(
    simcord_env: simcord.Env,
) -> None:
    _, channel, alice = setup_guild(simcord_env)
    shown = only_embed(response_of(await alice.slash(channel, "help"))).description or ""
    for usage in (
        "`/settings",
        "`/game do statements`",
        "`/game activate ability`",
        "`/game retarget spell`",
        "`/game cancel`",
        "`/card name [game]`",
        "`/game choose option`",
        "`/game join player`",
    ):
        assert usage in shown, usage
    assert not CONSOLE_COMMAND.search(shown)
    one = only_embed(response_of(await alice.slash(channel, "help", command="game"))).description
    assert "`/game do statements:" in (one or "") and not CONSOLE_COMMAND.search(one or "")


async def test_refusals_and_hints_name_slash_commands(simcord_env: simcord.Env) -> None:
    guild, channel, alice = setup_guild(simcord_env)
    no_game = await alice.slash(channel, "game state")
    text = str(response_of(no_game).content) + str(only_embed_or_none(response_of(no_game)))
    assert "`/game new`" in text and not CONSOLE_COMMAND.search(text)
    await alice.slash(channel, "game new", game="mtg")
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "game do", statements="Alice controls Runeclaw Bear.")
    refused = response_of(await bob.slash(channel, "game do", statements="Runeclaw Bear dies."))
    said = str(refused.content) + str(only_embed_or_none(refused))
    assert "`/game join player:" in said and not CONSOLE_COMMAND.search(said)
    again = response_of(await alice.slash(channel, "game new", game="mtg"))
    said = str(again.content) + str(only_embed_or_none(again))
    assert "an MTG game" in said and "`/game end`" in said


def only_embed_or_none(message: simcord.ResponseMessage) -> str:
    return "".join(str(embed.to_dict()) for embed in message.embeds)


async def test_a_long_choice_keeps_back_and_cancel_as_buttons(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    await alice.slash(channel, "game new", game="mtg")
    await alice.slash(channel, "game join", player="Alice")
    tokens = " ".join(["Bob controls a 2/2 black Zombie token."] * 28)
    await alice.slash(channel, "game do", statements=tokens)
    asked = response_of(await alice.slash(channel, "game cast", spell="Lightning Bolt"))
    rows = [c for row in asked.components for c in row.get("components", [])]
    selects = [c for c in rows if c.get("type") == 3]
    buttons = [c.get("label") for c in rows if c.get("type") == 2]
    assert len(selects) == 1 and len(selects[0]["options"]) == 25  # 30 targets: 2 players, 28
    assert buttons == ["Back", "Cancel", "Undo", "Picture"]  # each once, outside the select
    footer = only_embed(asked).footer.text or ""
    assert "showing 25 of 30 options; pick the others with `/game choose option:N`" in footer


async def test_card_embeds_link_to_scryfall_and_take_the_cards_colour(
    simcord_env: simcord.Env,
) -> None:
    _, channel, alice = setup_guild(simcord_env)

    async def embed_of(name: str) -> discord.Embed:
        return only_embed(response_of(await alice.slash(channel, "card", name=name)))

    bolt = await embed_of("Lightning Bolt")
    assert bolt.url == "https://scryfall.com/search?q=%21%22Lightning%20Bolt%22"
    assert bolt.colour is not None and bolt.colour.value == 0xD3412C  # red
    assert (await embed_of("Growth Spiral")).colour.value == 0xD4AF37  # green and blue: gold
    assert (await embed_of("Sol Ring")).colour.value == 0x9AA0A6  # colourless


async def test_a_cards_formats_are_an_embed_field(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    embed = only_embed(response_of(await alice.slash(channel, "card", name="Black Lotus")))
    assert [(f.name, f.value) for f in embed.fields] == [
        (
            "Formats",
            "Restricted: Vintage · Banned: Legacy · other formats not in the card data (see Scryfall)",
        )
    ]


async def test_game_state_attaches_the_board_picture(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    await alice.slash(channel, "game new", game="mtg")
    await alice.slash(channel, "game join", player="Alice")
    stepped = response_of(
        await alice.slash(
            channel,
            "game do",
            statements="Alice controls Runeclaw Bear. Bob casts Lightning Bolt "
            "targeting Runeclaw Bear.",
        )
    )
    # Game replies offer a Picture button; /game state draws the board as the embed image.
    assert "Picture" in str(stepped.components)
    state = response_of(await alice.slash(channel, "game state"))
    assert only_embed(state).image.url == "attachment://board.png"
    (attachment,) = state.attachments
    assert attachment.filename == "board.png"
