"""``mtr``/``ipg`` with ``game:riftbound``: the Riftbound Tournament Rules, on the full real
data (QA: ``mtr 3.2 game:riftbound`` answered with Magic's MTR, ``ipg 2.1 game:riftbound``
with Magic's IPG)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.dispatch import run_command
from bot.commands.riftbound_tournament import NO_IPG
from bot.errors import NotFoundError
from bot.frontends.discord.render import MESSAGE_CHARS, description_of, paginate
from bot.reference.store import Reference
from bot.settings import Settings

FOOTER = "Riftbound Tournament Rules, last updated 2026-04-29"


@pytest.fixture
def ctx(reference: Reference, tmp_path: Path) -> CommandContext:
    settings = Settings.from_env({"RULESBOT_DATA_DIR": str(tmp_path)})
    return CommandContext(Caller(user="alice", channel="c1"), Services(settings, reference))


@pytest.mark.parametrize(
    "line",
    [
        "mtr 204.8 game:riftbound",
        "mtr 204.8 game:rb",
        "mtr --game riftbound 204.8",
        "riftbound-mtr 204.8",  # what the Discord command and its buttons run
    ],
)
async def test_mtr_with_the_riftbound_game_cites_the_tournament_rules(
    ctx: CommandContext, line: str
) -> None:
    reply = await run_command(ctx, line)
    assert reply.title == "Riftbound Tournament Rules 204.8 Spectator"
    assert reply.footer == FOOTER
    assert reply.sections[0].heading == "Riftbound Tournament Rules 204.8"
    assert (
        "**204.8.a.** Any person present at a competition but not in one of the above roles "
        in (reply.sections[0].text)
    )
    assert reply.data["game"] == "riftbound" and reply.data["updated"] == "2026-04-29"


async def test_a_riftbound_channel_reads_the_riftbound_tournament_rules(
    ctx: CommandContext,
) -> None:
    riftbound = CommandContext(
        Caller(user="alice", channel="c1", game_hint="riftbound"), ctx.services
    )
    reply = await run_command(riftbound, "mtr spectator")
    assert reply.title == "Riftbound Tournament Rules 204.8 Spectator"


async def test_mtr_3_2_for_riftbound_is_not_magics_mtr(ctx: CommandContext) -> None:
    with pytest.raises(NotFoundError) as caught:
        await run_command(ctx, "mtr 3.2 game:riftbound")
    assert caught.value.message.startswith(
        "The Riftbound Tournament Rules (last updated 2026-04-29) have no section 3.2"
    )
    assert "300 Eligibility" in caught.value.suggestions
    # Without the game, Magic's MTR still answers.
    assert (await run_command(ctx, "mtr 3.2")).title.startswith("MTR 3.2")


async def test_ipg_2_1_for_riftbound_says_riftbound_has_no_ipg(ctx: CommandContext) -> None:
    with pytest.raises(NotFoundError) as caught:
        await run_command(ctx, "ipg 2.1 game:riftbound")
    assert "Riftbound has no Infraction Procedure Guide" in caught.value.message
    assert "chapter 700 (Enforcement and Penalties)" in caught.value.message
    assert (await run_command(ctx, "ipg 2.1")).title.startswith("IPG 2.1")


async def test_ipg_for_riftbound_answers_from_the_penalty_chapter(ctx: CommandContext) -> None:
    reply = await run_command(ctx, "ipg missed trigger game:riftbound")
    assert reply.title == "Riftbound Tournament Rules 702.2 Missed Trigger"
    assert reply.body.splitlines()[0] == NO_IPG
    assert "**Penalty:** No Penalty" in reply.body
    # "Marked Cards" is a policy (423) for `mtr` and an infraction (703.6) for `ipg`.
    marked = await run_command(ctx, "ipg marked cards game:riftbound")
    assert marked.data["number"] == "703.6" and marked.data["penalty"] == "Warning"
    assert (await run_command(ctx, "mtr marked cards game:riftbound")).data["number"] == "423"


async def test_free_text_names_its_best_match_and_offers_the_others(ctx: CommandContext) -> None:
    reply = await run_command(ctx, "mtr can I use my phone for notes game:riftbound")
    assert reply.title == "Riftbound Tournament Rules 417 Electronic Devices"
    assert reply.body == "Best match for “can I use my phone for notes”."
    assert "**417.2.** At low OPL, digital devices may take the place of written note sheets." in (
        reply.sections[0].text
    )
    weak = await run_command(ctx, "mtr who goes first game:riftbound")
    assert weak.title == "Riftbound Tournament Rules: closest matches"
    assert weak.choices[0].command == "mtr 407 game:riftbound"


async def test_a_riftbound_number_asked_of_magics_mtr_points_to_riftbound(
    ctx: CommandContext,
) -> None:
    with pytest.raises(NotFoundError) as caught:
        await run_command(ctx, "mtr 204.8")
    assert "`mtr 204.8 game:riftbound`" in caught.value.hint


@pytest.mark.parametrize(
    "line",
    [
        "mtr 703.4 game:riftbound",
        "mtr 204 game:riftbound",
        "ipg 700 game:riftbound",
        "mtr 602.4 game:riftbound",
    ],
)
async def test_long_answers_are_paged_within_discords_limits(
    ctx: CommandContext, line: str
) -> None:
    reply = await run_command(ctx, line)
    pages = paginate(reply)
    assert all(len(description_of(page)) <= MESSAGE_CHARS for page in pages)
    if line.startswith("mtr 703.4"):  # 22 rules, 3,483 characters of text
        assert len(pages) >= 2
        assert "703.4.b.5" in description_of(pages[-1])


async def test_help_mentions_the_riftbound_tournament_rules(ctx: CommandContext) -> None:
    mtr_help = await run_command(ctx, "help mtr")
    assert "game:riftbound" in mtr_help.body
    assert "mtr 204.8 game:riftbound" in mtr_help.sections[0].text
    ipg_help = await run_command(ctx, "help ipg")
    assert "chapter 700" in ipg_help.body
    about = await run_command(ctx, "about")
    assert "Riftbound Tournament Rules:** last updated 2026-04-29" in about.sections[0].text
