"""The ``rule`` and ``search`` commands answer from the real Comprehensive Rules."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.commands.context import Caller, CommandContext, Services
from bot.commands.rules import rule, rule_autocomplete, search
from bot.errors import NotFoundError, UsageError
from bot.reference.store import Reference
from bot.settings import Settings
from tests.reference.cr_reference import build_rules_reference

FOOTER = "Comprehensive Rules effective 2026-01-16"


@pytest.fixture(scope="module")
def ctx(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[CommandContext]:
    path = build_rules_reference(shared_data, tmp_path_factory.mktemp("cr-reference"))
    reference = Reference(path)
    settings = Settings(data_dir=path.parent, db_path=path.parent / "games.sqlite")
    yield CommandContext(Caller(user="judge", channel="test"), Services(settings, reference))
    reference.close()


async def test_rule_number_answer_cites_the_rule(ctx: CommandContext) -> None:
    reply = await rule(ctx, "rule 115.7d")
    assert reply.title.startswith("115.7d")
    assert reply.sections[0].heading == "115.7d"
    assert "choose new targets" in reply.sections[0].text
    assert reply.footer == FOOTER
    assert reply.data["version"] == "2026-01-16"
    assert reply.data["rules"][0]["number"] == "115.7d"


async def test_examples_are_shown_and_in_data(ctx: CommandContext) -> None:
    reply = await rule(ctx, "601.2c")
    assert "\nExample: If a spell says “Tap two target creatures,”" in reply.sections[0].text
    assert reply.data["rules"][0]["examples"][0].startswith("If a spell says")


async def test_rule_hexproof_shows_definition_and_rules(ctx: CommandContext) -> None:
    reply = await rule(ctx, "hexproof")
    assert reply.title == "Hexproof (glossary)"
    assert reply.body.startswith("A keyword ability that precludes")
    headings = [section.heading for section in reply.sections]
    assert headings[:3] == ["702.11", "702.11a", "702.11b"]
    assert reply.footer == FOOTER
    assert reply.data["kind"] == "term"
    assert reply.data["rules"][2]["text"].startswith("“Hexproof” on a permanent means")


async def test_section_and_chapter(ctx: CommandContext) -> None:
    section = await rule(ctx, "115")
    assert section.title == "115. Targets"
    # An index, one rule per line.
    lines = section.sections[0].text.split("\n")
    assert lines[0].startswith("**115.1** Some spells and abilities require their controller")
    assert len(lines) == len(section.data["rules"]) and lines[-1].startswith("**115.10")
    chapter = await rule(ctx, "7")
    assert chapter.title == "7. Additional Rules"
    assert "702. Keyword Abilities" in chapter.sections[0].text
    assert chapter.data["sections"][2] == {"number": "702", "title": "Keyword Abilities"}


async def test_long_answers_split_into_pages(ctx: CommandContext) -> None:
    reply = await rule(ctx, "702")  # nearly 200 keyword rules
    pages = reply.pages(1500)
    assert len(pages) >= 2
    assert all(page.text_length() - len(page.title) <= 1500 for page in pages)
    assert all(page.footer == FOOTER for page in pages)
    shown = [s.heading for page in pages for s in page.sections if "(cont.)" not in s.heading]
    assert shown == [s.heading for s in reply.sections]


async def test_search_command_ranks_rules(ctx: CommandContext) -> None:
    reply = await search(ctx, "can I change the target of a spell")
    assert reply.footer == FOOTER
    assert reply.data["kind"] == "search"
    numbers = [r["number"] for r in reply.data["rules"]]
    assert any(n.startswith("115.7") for n in numbers[:4])
    assert all(section.heading for section in reply.sections)


async def test_rule_falls_back_to_search_for_questions(ctx: CommandContext) -> None:
    reply = await rule(ctx, "does a spell fizzle if its target is gone")
    assert reply.data["kind"] == "search"
    assert reply.data["hits"][0]["key"] == "608.2b"


async def test_bad_queries_raise_friendly_errors(ctx: CommandContext) -> None:
    with pytest.raises(UsageError):
        await rule(ctx, "  ")
    with pytest.raises(NotFoundError) as caught:
        await rule(ctx, "CR 115.99")
    assert "115.10" in caught.value.suggestions
    with pytest.raises(UsageError):
        await search(ctx, "x" * 10_000)


def test_rule_autocomplete(ctx: CommandContext) -> None:
    choices = rule_autocomplete(ctx, "702.1")
    assert 0 < len(choices) <= 25
    assert choices[0][1] == "702.1"
    assert all(len(label) <= 100 for label, _ in choices)
