"""Shared fixtures of the Riftbound engine tests."""

from __future__ import annotations

import pytest

from bot.engine.riftbound.state import RbCard


@pytest.fixture(scope="module")
def cards(rb_cards: dict[str, RbCard]) -> dict[str, RbCard]:
    """Every Riftbound card by name as the engine sees it (the session's ``rb_cards``)."""
    return rb_cards
