"""``rule ... as of``, ``rule history`` and ``rule diff`` on all 110 real versions."""

from __future__ import annotations

import pytest

from bot.commands.context import CommandContext
from bot.commands.dispatch import run_command
from bot.commands.rules import rule
from bot.errors import NotFoundError, UsageError, UserError
from bot.reference.rule_history import RuleHistory

OLD_TEXT = "Some effects allow a player to change the target of a spell or ability."


async def test_rule_as_of_a_date_shows_that_text_and_todays_number(ctx: CommandContext) -> None:
    reply = await rule(ctx, "113.6 as of 2009-10-01")
    assert reply.sections[0].text.startswith(OLD_TEXT)
    assert reply.sections[0].heading == "113.6 (today 115.7)"
    assert "the rules effective 2009-10-01" in reply.body
    assert "rule 113.6 is 115.7 (Targets)" in reply.body
    assert reply.footer == (
        "Comprehensive Rules effective 2009-10-01; today's numbers from 2026-01-16"
    )
    assert reply.data["version"] == "2009-10-01"
    assert reply.data["today"] == {"113.6": "115.7", "113.6a": "115.8"}


@pytest.mark.parametrize(
    "when", ["2009-10-01", "2009-10", "Oct 2009", "October 1, 2009", "1 Oct 2009", "2009"]
)
async def test_every_date_form_finds_the_zendikar_rules(ctx: CommandContext, when: str) -> None:
    reply = await run_command(ctx, f"rule 113.6 as of {when}")
    assert reply.data["as_of"]["version"] == "2009-10-01"
    assert reply.sections[0].text.startswith(OLD_TEXT)


async def test_a_year_lists_the_versions_in_force_during_it(ctx: CommandContext) -> None:
    reply = await rule(ctx, "113.6 as of 2009")
    # 113.6 was "Timing and Priority"-era text before M10 (2009-07-11); the year's last version
    # that has the number is chosen, and the others are named.
    assert reply.data["as_of"]["versions_in_period"] == [
        "2008-10-01",
        "2009-02-01",
        "2009-05-01",
        "2009-07-11",
        "2009-09-04",
        "2009-10-01",
    ]
    assert "Versions in force during 2009" in reply.body


async def test_a_date_between_versions_uses_the_one_in_force(ctx: CommandContext) -> None:
    reply = await rule(ctx, "415.7a as of 2005-01-15")
    assert reply.data["as_of"]["version"] == "2004-10-01"
    assert reply.data["today"]["415.7a"] == "115.7"


async def test_section_as_of_a_date(ctx: CommandContext) -> None:
    reply = await rule(ctx, "113 as of 2010-03")
    assert reply.title == "113. Targets"
    assert "rule 113 is 115 (Targets)" in reply.body


async def test_history_lists_change_dates_and_old_numbers(ctx: CommandContext) -> None:
    reply = await rule(ctx, "history 115.7d")
    assert reply.title == "History of rule 115.7d"
    old = [entry["number"] for entry in reply.data["old_numbers"]]
    assert old == ["113.6c", "114.6c", "114.6d", "114.7d"]
    # The words changed once, when "and must not cause any unchanged targets to become
    # illegal" was added; it first appeared (as 113.6c) on 2010-02-01.
    assert reply.data["changed_on"] == ["2011-02-04"]
    assert reply.data["changes"][0] == {
        "version": "2010-02-01",
        "number": "113.6c",
        "kinds": ["added"],
    }
    reworded = next(s for s in reply.sections if s.heading.startswith("2011-02-04"))
    assert "__legal and must not cause any unchanged targets to become illegal.__" in (
        reworded.text
    )
    assert "Other numbers it had: 113.6c (2010-02-01 to 2010-06-18)" in reply.body
    assert reply.footer == "Comprehensive Rules effective 2010-02-01 to 2026-01-16"


async def test_history_follows_a_rule_back_to_2003(ctx: CommandContext) -> None:
    reply = await run_command(ctx, "rule history 115.7")
    numbers = [entry["number"] for entry in reply.data["old_numbers"]]
    assert numbers[:2] == ["415.2", "415.7a"] and "113.6" in numbers and "114.6" in numbers
    assert "2009-07-11" in reply.data["changed_on"]


async def test_diff_follows_the_old_number(ctx: CommandContext) -> None:
    reply = await rule(ctx, "diff 115.7 2009-10-01 2026-01-16")
    assert reply.title == "Rule 113.6 → 115.7: 2009-10-01 → 2026-01-16"
    assert "Rule 115.7 was 113.6 in 2009-10-01." in reply.body
    # 113.6 and its one subrule (modes) became 115.7 and 115.7a-f: rewritten, so both whole.
    assert "Most of the words changed" in reply.body
    then, now = reply.sections
    assert then.heading == "Then: 113.6 (2009-10-01)"
    assert then.text.startswith("Some effects allow a player to change the target of a spell")
    assert "\n113.6a Modal spells and abilities may have different targeting" in then.text
    assert now.heading == "Now: 115.7 (2026-01-16)"
    assert "\n115.7f A spell or ability may “divide” or “distribute”" in now.text
    assert reply.footer == "Comprehensive Rules effective 2009-10-01 and 2026-01-16"
    assert reply.data["older"]["number"] == "113.6"


@pytest.mark.parametrize("number", ["702.11", "702.19"])
async def test_diff_of_a_keyword_compares_its_subrules(ctx: CommandContext, number: str) -> None:
    # 702.11 is "Hexproof" (702.19 "Trample") in both versions; the changes are in the
    # subrules: hexproof from [quality] (702.11d-g) and trample over planeswalkers (702.19c)
    # were added after 2011.
    reply = await run_command(ctx, f"rule diff {number} 2011-06-17 2026-01-16")
    assert "did not change" not in reply.body
    text = reply.sections[0].text
    added = {
        "702.11": "__702.11e Any effect that causes an object to lose hexproof",
        "702.19": ("__702.19c Trample over planeswalkers is a variant of trample"),
    }[number]
    assert added in text
    assert f"{number}a " in reply.data["newer"]["text"]


async def test_diff_of_a_rule_without_subrules_is_its_own_words(ctx: CommandContext) -> None:
    reply = await rule(ctx, "diff 702.11b 2011-06-17 2026-01-16")
    assert reply.data["newer"]["text"].startswith("“Hexproof” on a permanent means")
    assert "\n" not in reply.data["newer"]["text"]


@pytest.mark.parametrize(
    "query",
    [
        "diff 115.7 Oct 2009 to 2026-01-16",
        "diff 115.7 2026-01-16 2009-10-01",
        "diff CR 115.7 1 Oct 2009 January 16, 2026",
        "diff 115.7 2009-10",
    ],
)
async def test_diff_date_forms_and_order(ctx: CommandContext, query: str) -> None:
    reply = await rule(ctx, query)
    assert (reply.data["older"]["version"], reply.data["newer"]["version"]) == (
        "2009-10-01",
        "2026-01-16",
    )


async def test_diff_of_unchanged_words(ctx: CommandContext) -> None:
    reply = await rule(ctx, "diff 115.7d 2019-07-12 2026-01-16")
    assert "did not change" in reply.body or "Only quotes" in reply.body


async def test_diff_names_the_other_rule_with_the_same_old_number(ctx: CommandContext) -> None:
    reply = await rule(ctx, "diff 113.1 2009-10 2026-01-16")
    assert "113.1 of 2009-10-01 is another rule, 115.1 in 2026-01-16" in reply.body


@pytest.mark.parametrize(
    ("query", "error", "expected"),
    [
        ("113.6 as of 2001", NotFoundError, "2003-03-15"),
        ("113.6 as of March 2, 2002", NotFoundError, "2003-03-15"),
        ("113.6 as of 2031", UsageError, "future"),
        ("113.6 as of 2009-13-01", UsageError, "2009-10-01"),
        ("113.6 as of next tuesday", UsageError, "Oct 2009"),
        ("113.99 as of 2009-10", NotFoundError, "113.9"),
        ("history 999.9", NotFoundError, "905"),
        ("history", UsageError, "rule history 115.7d"),
        ("history targets", UsageError, "115.7d"),
        ("diff 115.7", UsageError, "rule diff 115.7 2009-10-01 2026-01-16"),
        ("diff 115.7 sometime", UsageError, "Oct 2009"),
        ("diff hexproof 2009 2026", UsageError, "rule diff"),
        ("diff 115.7a 2009-10-01", NotFoundError, "2010-02-01"),
    ],
)
async def test_bad_input_gets_a_friendly_error(
    ctx: CommandContext, query: str, error: type[UserError], expected: str
) -> None:
    with pytest.raises(error) as caught:
        await rule(ctx, query)
    assert expected in str(caught.value)


async def test_plain_lookups_still_work(ctx: CommandContext) -> None:
    reply = await rule(ctx, "115.7d")
    assert reply.data["kind"] == "rule" and reply.footer == (
        "Comprehensive Rules effective 2026-01-16"
    )


async def test_a_date_after_the_newest_version_does_not_claim_it_was_in_force(
    ctx: CommandContext,
) -> None:
    # PROVENANCE lists CR updates after 2026-01-16 that this copy doesn't have: on 2026-10-01
    # the newest version here is the best answer, not certainly the one in force (QA 23 M1).
    reply = await rule(ctx, "702.11b as of 2026-10-01")
    assert "the newest rules here are those effective 2026-01-16" in reply.body
    assert "In force on" not in reply.body
    # Same number in the current rules: no "rule 702.11b is 702.11b" line.
    assert "is 702.11b" not in reply.body


async def test_a_rule_that_did_not_exist_yet_says_when_it_first_appears(
    ctx: CommandContext,
) -> None:
    # Hexproof (702.11) entered the rules with Magic 2012; 2004's 702.11 is another keyword,
    # so nearby 2004 numbers would be unrelated suggestions (QA 23 M2).
    with pytest.raises(NotFoundError) as caught:
        await rule(ctx, "702.11 as of 2005-01-01")
    message = str(caught.value)
    assert "Today's 702.11 (Hexproof) first appears in the rules effective 2011-06-17" in message
    assert caught.value.suggestions == ()


async def test_a_rule_with_an_older_number_names_it(history: RuleHistory) -> None:
    # Today's 122.1 (counters) was 120.1 in the Zendikar rules, which had no 122.1.
    with pytest.raises(NotFoundError) as caught:
        history.require("122.1", "2009-10-01")
    assert "today's 122.1 was 120.1" in str(caught.value)
    assert caught.value.suggestions == ("120.1",)
