"""Keyword lines read from real Oracle text (CR 702.1: keywords are listed, separated by
commas, or on old cards by semicolons)."""

from __future__ import annotations

from collections.abc import Callable

from bot.engine.cards import CardData
from bot.engine.mtg.state import printed_keywords


def test_semicolon_separated_keywords_are_two_abilities(card: Callable[[str], CardData]) -> None:
    # Mesa Pegasus: "Flying; banding (...)". Shown as "flying, flying; banding" before.
    assert printed_keywords(card("Mesa Pegasus")) == {"flying", "banding"}


def test_comma_separated_keywords_and_protection(card: Callable[[str], CardData]) -> None:
    assert printed_keywords(card("Serra Angel")) == {"flying", "vigilance"}
    # Mirran Crusader: "Double strike, protection from black and from green" (702.16g).
    assert printed_keywords(card("Mirran Crusader")) == {
        "double strike",
        "protection from black",
        "protection from green",
    }
