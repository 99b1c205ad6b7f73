"""Executor fixtures: the real card index behind the scenario layer's card lookup."""

from __future__ import annotations

import pytest

from bot.commands.scenario import IndexCardLookup
from bot.reference.store import Reference
from bot.scenario.executor import MtgScenarioExecutor


@pytest.fixture(scope="session")
def executor(cards_reference: Reference) -> MtgScenarioExecutor:
    return MtgScenarioExecutor(IndexCardLookup(cards_reference.cards))
