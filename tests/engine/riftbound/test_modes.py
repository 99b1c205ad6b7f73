"""Modal Riftbound texts (355.3): the gallery runs the modes together after "Choose one -"."""

from __future__ import annotations

import pytest

from bot.engine.errors import EngineError
from bot.engine.riftbound.modes import match_mode, modes_of

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
