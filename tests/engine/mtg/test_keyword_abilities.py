"""One keyword vocabulary (issue 12): CR 702's keyword abilities, read from the real rules, behind
the target-phrase reader, the statement lexicon and the Oracle reader."""

from __future__ import annotations

import re

from bot.engine.mtg.keyword_abilities import (
    FORMER_NAMES,
    KEYWORD_ABILITIES,
    KEYWORD_NAMES,
    LANDWALK_KINDS,
    keyword_rule,
)
from bot.engine.mtg.phrase_vocab import KEYWORDS as PHRASE_KEYWORDS
from bot.engine.mtg.state import KEYWORD_LINE_STARTS
from bot.scenario import lexicon


def cr_keyword_titles(cr_text: str) -> dict[str, str]:
    """702.2 Deathtouch ... from the rules text: rule number by lower-cased title."""
    titles = {}
    for number, title in re.findall(r"^(702\.(?:[2-9]|\d{2,3}))\. (.+)$", cr_text, re.M):
        titles[title.strip().lower()] = number
    return titles


def test_the_list_is_every_keyword_ability_of_the_comprehensive_rules(cr_text: str) -> None:
    titles = cr_keyword_titles(cr_text)
    assert len(titles) > 180  # 702.2-702.189 in the 2026-01-16 rules
    expected = {}
    for title, number in titles.items():
        if title == "∞ (infinity)":
            continue  # a symbol, not a word
        for name in title.split(" and ") if title == "daybound and nightbound" else [title]:
            expected[name] = number
    assert expected == KEYWORD_ABILITIES


def test_each_name_leads_to_the_rule_that_defines_it() -> None:
    assert keyword_rule("Flying") == "702.9"
    assert keyword_rule("islandwalk") == "702.14"  # a kind of landwalk (702.14a)
    assert keyword_rule("totem armor") == "702.89"  # umbra armor's former name
    assert keyword_rule("nightbound") == keyword_rule("daybound") == "702.145"
    assert keyword_rule("flicker") is None  # slang, not a keyword ability
    assert set(KEYWORD_ABILITIES) | LANDWALK_KINDS | set(FORMER_NAMES) == KEYWORD_NAMES


def test_every_reader_draws_on_the_one_list() -> None:
    assert PHRASE_KEYWORDS == KEYWORD_NAMES  # "target creature with cascade"
    assert KEYWORD_NAMES <= lexicon.KEYWORDS  # "Runeclaw Bear gains cascade."
    assert set(KEYWORD_LINE_STARTS) <= KEYWORD_NAMES
    for parameterised in lexicon.PARAMETERISED_KEYWORDS:
        head = parameterised.removesuffix(" from").removesuffix(" for")
        assert head in lexicon.KEYWORDS, parameterised
