"""Modal Riftbound texts (355.3): the gallery runs the modes together after "Choose one -"."""

from __future__ import annotations

import pytest

from bot.engine.errors import EngineError
from bot.engine.riftbound.modes import match_mode, modes_of, modes_on_lines

DISPOSAL = (
    "[Reaction] (Play any time, even before spells and abilities resolve.)\nChoose one -\n\n"
    "Choose up to 3 cards from opponents' trashes. Their owners recycle them.Draw 1."
)
FLURRY = (
    "[Reaction]\nChoose one -\n\nCounter a spell.Play four 1 [M] Bird unit tokens with "
    "[Deflect]. (Opponents must pay [A] to choose them with a spell or ability.)"
)


def test_modes_split_where_no_space_follows_the_period() -> None:
    modal = modes_of(DISPOSAL)
    assert modal is not None
    assert modal.modes == (
        "Choose up to 3 cards from opponents' trashes. Their owners recycle them.",
        "Draw 1.",
    )
    assert modal.text_of(1).endswith("\nDraw 1.") and "Choose one" not in modal.text_of(1)
    assert modes_of("Deal 3 to a unit. Deal 3 to a unit.") is None


def test_a_named_mode_is_matched_by_its_words() -> None:
    modal = modes_of(FLURRY)
    assert modal is not None
    assert match_mode(modal, "play four 1 Might Bird unit tokens with Deflect", "F") == 1
    assert match_mode(modal, "counter a spell", "F") == 0
    assert modal.label(1) == "Play four 1 [M] Bird unit tokens with [Deflect]"
    with pytest.raises(EngineError):
        match_mode(modal, "make a cake", "F")


UDYR = (
    "Spend my buff: Choose one you've not chosen this turn -\n\nDeal 2 to a unit at a "
    "battlefield.Stun a unit at a battlefield.Ready me.Give me [Ganking] this turn."
)


def test_an_ability_s_modes_on_one_line_are_read_too() -> None:
    # QA 55 W9: an ability's text, read on one line, keeps its modes after "Choose one ... -".
    one_line = UDYR.replace("\n\n", " ")
    modal = modes_of(one_line)
    assert modal is not None
    assert modal.before == "Spend my buff:"
    assert modal.ability_text_of(2) == "Spend my buff: Ready me."


def test_modes_are_shown_one_a_line() -> None:
    # QA 55 M2: the card text shows each mode on its own line.
    assert modes_on_lines(UDYR) == (
        "Spend my buff: Choose one you've not chosen this turn -\n"
        "• Deal 2 to a unit at a battlefield.\n• Stun a unit at a battlefield.\n"
        "• Ready me.\n• Give me [Ganking] this turn."
    )
    assert modes_on_lines("Deal 3 to a unit.") == "Deal 3 to a unit."
