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


def test_a_ward_cost_of_two_parts_is_one_ability(card: Callable[[str], CardData]) -> None:
    # Captain Howler: "Ward—{2}, Pay 2 life." (CR 702.21a): read as bare "ward" before (QA 9).
    assert "ward—{2}, pay 2 life" in printed_keywords(card("Captain Howler, Sea Scourge"))


def test_a_ward_cost_keeps_the_cards_name_in_its_case(card: Callable[[str], CardData]) -> None:
    # Raubahn: "Ward—Pay life equal to Raubahn's power." was shown as "raubahn's power" (QA 9).
    keywords = printed_keywords(card("Raubahn, Bull of Ala Mhigo"))
    assert "ward—pay life equal to Raubahn's power" in keywords


def test_the_card_datas_bare_hexproof_from_is_not_an_ability(
    card: Callable[[str], CardData],
) -> None:
    # Jaheira: the card data lists "Hexproof" and "Hexproof from" beside the text's "Hexproof
    # from artifacts and enchantments" (702.11d); shown as "hexproof from, ..." before (QA 33 M2).
    keywords = printed_keywords(card("Jaheira, Insightful Harper"))
    assert "hexproof from artifacts and enchantments" in keywords
    assert "hexproof from" not in keywords
