"""Slash commands that look things up, driven through SimCord against the real data."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

import pytest
import simcord

import bot.commands.info
from bot.frontends.discord.render import APOLOGY
from tests.frontends.discord.helpers import custom_ids, only_embed, response_of, setup_guild


async def test_card_shows_oracle_text_and_rulings_button_answers(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    result = await alice.slash(channel, "card", name="lightning bolt")
    embed = only_embed(response_of(result))
    assert embed.title == "Lightning Bolt"
    assert "3 damage to any target" in (embed.description or "")
    assert "rb:say:rulings Lightning Bolt" in custom_ids(response_of(result))

    rulings = await alice.click(response_of(result), label="Rulings")
    ruling_embed = only_embed(response_of(rulings))
    assert ruling_embed.title == "Rulings for Lightning Bolt"
    assert not response_of(rulings).ephemeral


async def test_card_text_with_stars_is_not_italics_in_discord(simcord_env: simcord.Env) -> None:
    # Tarmogoyf's "*/1+*" rendered as italics ("/1+").
    _, channel, alice = setup_guild(simcord_env)
    result = await alice.slash(channel, "card", name="tarmogoyf")
    description = only_embed(response_of(result)).description or ""
    assert "Power/toughness: \\*/1+\\*" in description
    assert "*Creature — Lhurgoyf*" in description  # the type line is still in italics


async def test_misspelt_card_is_found_and_unknown_card_is_a_polite_ephemeral_error(
    simcord_env: simcord.Env,
) -> None:
    _, channel, alice = setup_guild(simcord_env)
    close = await alice.slash(channel, "card", name="lightnig bolt")
    assert only_embed(response_of(close)).title == "Lightning Bolt"
    missing = await alice.slash(channel, "card", name="qqqqzzzz xxxyyy")
    message = response_of(missing)
    assert message.ephemeral
    assert message.content and not message.embeds
    assert APOLOGY not in message.content


async def test_card_autocomplete_fits_discord_limits(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    choices = await alice.autocomplete(channel, "card", "name", "arc tr")
    assert 0 < len(choices) <= 25
    assert all(1 <= len(c["name"]) <= 100 and 1 <= len(c["value"]) <= 100 for c in choices)
    assert "Arc Trail" in [c["value"] for c in choices]


async def test_rule_autocomplete_offers_rule_numbers(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    choices = await alice.autocomplete(channel, "rule", "query", "115.7")
    values = [c["value"] for c in choices]
    assert "115.7a" in values
    assert len(choices) <= 25 and all(len(c["name"]) <= 100 for c in choices)


async def test_long_rule_is_paged_with_previous_and_next(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    result = await alice.slash(channel, "rule", query="702")
    message = response_of(result)
    first = only_embed(message)
    pages = re.search(r"page 1/(\d+)", first.footer.text or "")
    assert pages and int(pages[1]) >= 2
    assert f"rb:p2u{alice.id}:rule 702" in custom_ids(message)  # the pages are Alice's

    await alice.click(message, label="Next ▶")
    second = only_embed(channel.history()[-1])
    assert f"page 2/{pages[1]}" in (second.footer.text or "")
    assert second.description != first.description

    await alice.click(channel.history()[-1], label="◀ Previous")
    assert only_embed(channel.history()[-1]).description == first.description


async def test_someone_else_paging_gets_their_own_copy(simcord_env: simcord.Env) -> None:
    guild, channel, alice = setup_guild(simcord_env)
    bob = guild.add_member(simcord_env.create_user("bob"))
    message = response_of(await alice.slash(channel, "rule", query="702"))
    first = only_embed(message).description
    clicked = await bob.click(message, label="Next ▶")
    copy = response_of(clicked)
    assert copy.ephemeral and "page 2/" in (only_embed(copy).footer.text or "")
    # Alice's message still shows page 1, and Bob's copy pages for Bob.
    assert only_embed(channel.history()[-1]).description == first
    assert any(f"u{bob.id}:" in custom_id for custom_id in custom_ids(copy))


async def test_rule_game_option_picks_the_game(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    riftbound = await alice.slash(channel, "rule", query="355.6", game="riftbound")
    embed = only_embed(response_of(riftbound))
    assert "355.6" in (embed.title or "") + (embed.description or "")
    assert "Riftbound" in (embed.footer.text or "") + (embed.title or "")

    mtg = await alice.slash(channel, "rule", query="355.6", game="mtg")
    message = response_of(mtg)
    # MTG has no rule 355.6: a polite error (which may point at Riftbound), never its answer.
    assert not message.embeds and message.ephemeral
    assert "Comprehensive Rules" in message.content


async def test_riftbound_card_through_the_game_option(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    choices = await alice.autocomplete(channel, "card", "name", "fox", game="riftbound")
    assert choices and len(choices) <= 25
    name = choices[0]["value"]
    result = await alice.slash(channel, "card", name=name, game="riftbound")
    embed = only_embed(response_of(result))
    assert embed.title == name
    assert "Riftbound" in (embed.footer.text or "")
    assert "Rulings" not in str(response_of(result).components)


async def test_search_answers_directly_when_fast(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    result = await alice.slash(channel, "search", text="change the target")
    callbacks = [r.json for r in simcord_env.http_requests if r.path.endswith("/callback")]
    assert callbacks[-1]["type"] == 4  # answered at once: no "thinking…" placeholder needed
    assert "change the target" in (only_embed(response_of(result)).title or "")


async def test_about_help_mtr_and_ipg(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    about = only_embed(response_of(await alice.slash(channel, "about")))
    assert "Comprehensive Rules effective" in (about.description or "")
    help_embed = only_embed(response_of(await alice.slash(channel, "help")))
    assert "rulings" in (help_embed.description or "")
    mtr = only_embed(response_of(await alice.slash(channel, "mtr", query="3.2")))
    assert (mtr.title or "").startswith("MTR 3.2")
    ipg = only_embed(response_of(await alice.slash(channel, "ipg", query="2.1")))
    assert (ipg.title or "").startswith("IPG 2.1")
    choices = await alice.autocomplete(channel, "mtr", "query", "3.")
    assert choices and all(c["value"].startswith("3") for c in choices)


async def test_document_contents_select_opens_a_child_section(simcord_env: simcord.Env) -> None:
    _, channel, alice = setup_guild(simcord_env)
    result = await alice.slash(channel, "mtr", query="3")
    message = response_of(result)
    selects = [c for row in message.components for c in row["components"] if c["type"] == 3]
    if not selects:
        pytest.skip("MTR section 3 has five or fewer subsections in this data")
    (menu,) = selects
    assert len(menu["options"]) <= 25
    option = menu["options"][1]
    await alice.select(message, [option["value"]])
    embed = only_embed(channel.history()[-1])
    assert (embed.title or "").startswith("MTR " + option["value"].split()[-1])


async def test_unexpected_error_is_logged_and_apologised_for(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(ctx: object, argument: str = "") -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(bot.commands.info, "about", broken)
    _, channel, alice = setup_guild(simcord_env)
    result = await alice.slash(channel, "about")
    simcord.assert_error(simcord_env, RuntimeError, contains="boom")
    message = response_of(result)
    assert message.ephemeral and message.content == APOLOGY
    assert any(r.exc_info and "boom" in str(r.exc_info[1]) for r in caplog.records)


async def test_buttons_keep_working_after_a_restart(
    simcord_env: simcord.Env, restart_bot: Callable[[], Awaitable[object]]
) -> None:
    _, channel, alice = setup_guild(simcord_env)
    result = await alice.slash(channel, "rule", query="702")
    await restart_bot()
    await alice.click(response_of(result), label="Next ▶")
    assert "page 2/" in (only_embed(channel.history()[-1]).footer.text or "")


async def test_mtr_and_ipg_game_option_read_the_riftbound_tournament_rules(
    simcord_env: simcord.Env,
) -> None:
    _, channel, alice = setup_guild(simcord_env)
    choices = await alice.autocomplete(channel, "mtr", "query", "204.", game="riftbound")
    assert choices and all(c["value"].startswith("204") for c in choices)
    assert {"name": "204.8 Spectator", "value": "204.8"} in choices
    result = await alice.slash(channel, "mtr", query="204.8", game="riftbound")
    embed = only_embed(response_of(result))
    assert embed.title == "Riftbound Tournament Rules 204.8 Spectator"
    assert "Riftbound Tournament Rules, last updated 2026-04-29" in (embed.footer.text or "")

    # Riftbound has no IPG: a polite error naming where its penalties are, not Magic's IPG 2.1.
    refused = response_of(await alice.slash(channel, "ipg", query="2.1", game="riftbound"))
    assert refused.ephemeral and not refused.embeds
    assert "no Infraction Procedure Guide" in (refused.content or "")
    assert "chapter 700" in (refused.content or "")
    penalties = await alice.autocomplete(channel, "ipg", "query", "", game="riftbound")
    assert penalties and all(c["value"].startswith("7") for c in penalties)


async def test_a_riftbound_closest_match_button_opens_that_rule(simcord_env: simcord.Env) -> None:
    # The buttons name the game, so they answer from Riftbound in a Magic channel too.
    _, channel, alice = setup_guild(simcord_env)
    result = await alice.slash(channel, "mtr", query="who goes first", game="riftbound")
    assert only_embed(response_of(result)).title == "Riftbound Tournament Rules: closest matches"
    await alice.click(response_of(result), label="407 Play First Rule")
    opened = only_embed(channel.history()[-1])
    assert opened.title == "Riftbound Tournament Rules 407 Play First Rule"
