"""The ``mtr`` and ``ipg`` commands on a real reference store."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.docs import SECTION_CHARS, ipg, mtr
from bot.errors import NotFoundError, UsageError
from bot.reference.store import Reference
from bot.settings import Settings


@pytest.fixture
def ctx(reference: Reference, tmp_path: Path) -> CommandContext:
    settings = Settings(data_dir=tmp_path, db_path=tmp_path / "games.sqlite")
    return CommandContext(Caller(user="judge", channel="c1"), Services(settings, reference))


def _words(text: str) -> list[str]:
    return text.split()


async def test_mtr_section_reply_has_title_text_and_dated_footer(ctx: CommandContext) -> None:
    reply = await mtr(ctx, "4.2")
    section = ctx.reference.docs.section("mtr", "4.2")
    assert reply.title == "MTR 4.2 Tournament Shortcuts"
    assert (
        reply.footer
        == f"Magic Tournament Rules, effective {ctx.reference.docs.document('mtr').effective_label}"
    )
    assert "2025" in reply.footer
    shown = " ".join(s.text for s in reply.sections if s.heading != "See also")
    assert _words(shown) == _words(section.text)
    assert reply.data["number"] == "4.2"
    assert reply.url and reply.url.startswith("https://")


async def test_long_sections_are_split_so_pages_stay_small(ctx: CommandContext) -> None:
    reply = await mtr(ctx, "mtr 4.2")
    assert len(ctx.reference.docs.section("mtr", "4.2").text) > 2 * SECTION_CHARS
    assert len(reply.sections) >= 3
    assert all(len(s.text) <= SECTION_CHARS for s in reply.sections)
    pages = reply.pages(2000)
    assert len(pages) >= 2
    for page in pages:
        assert len(page.body) + sum(len(s.heading) + len(s.text) for s in page.sections) <= 2000
        assert page.footer == reply.footer


async def test_ipg_reply_names_the_penalty_and_its_parts(ctx: CommandContext) -> None:
    reply = await ipg(ctx, "hidden card error")
    assert reply.title == "IPG 2.3 Game Play Error — Hidden Card Error"
    assert "**Penalty:** Warning" in reply.body
    headings = " ".join(s.heading for s in reply.sections)
    for part in ("Definition", "Examples", "Philosophy", "Additional Remedy"):
        assert part in headings
    assert reply.footer.startswith("Infraction Procedure Guide, effective September 23, 2024")


async def test_a_top_level_section_lists_its_contents_as_choices(ctx: CommandContext) -> None:
    reply = await ipg(ctx, "2")
    assert reply.title == "IPG 2 Game Play Errors"
    assert [c.command for c in reply.choices] == [f"ipg 2.{i}" for i in range(1, 7)]
    assert any(s.heading == "Contents" for s in reply.sections)


async def test_entries_offer_previous_and_next(ctx: CommandContext) -> None:
    reply = await mtr(ctx, "3.2")
    assert [c.command for c in reply.choices] == ["mtr 3.1", "mtr 3.3"]


async def test_free_text_answers_say_they_are_a_best_match(ctx: CommandContext) -> None:
    reply = await mtr(ctx, "what happens when a player concedes")
    assert reply.body.startswith("Best match for")
    assert reply.data["matched_by"] == "text"


async def test_command_errors_are_user_errors(ctx: CommandContext) -> None:
    with pytest.raises(NotFoundError):
        await mtr(ctx, "11.4")
    with pytest.raises(UsageError):
        await ipg(ctx, "")


async def test_plain_ipg_sections_are_not_labelled_as_infraction_definitions(
    ctx: CommandContext,
) -> None:
    for query in ("1.4", "appendix a"):
        reply = await ipg(ctx, query)
        assert "Definition" not in " ".join(s.heading for s in reply.sections)
        assert reply.sections[0].heading == reply.title.removeprefix("IPG ")
        assert "**Penalty:**" not in reply.body
