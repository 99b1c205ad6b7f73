"""The session's full reference store (``reference_db`` in tests/conftest.py: all 110
Comprehensive Rules versions and the links between them, as ``sync`` builds it), opened here
with the clock pinned so "the future" is stable."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.commands.context import Caller, CommandContext, Services
from bot.reference.rule_history import RuleHistory
from bot.reference.store import Reference
from bot.settings import Settings

# The day the shared data was gathered; "the future" starts after it.
TODAY = datetime.date(2026, 11, 21)


@pytest.fixture(scope="session")
def full_rules_path(reference_db: Path) -> Path:
    return reference_db


@pytest.fixture(scope="session")
def full_reference(full_rules_path: Path) -> Iterator[Reference]:
    reference = Reference(full_rules_path)
    yield reference
    reference.close()


@pytest.fixture(scope="session")
def history(full_reference: Reference) -> RuleHistory:
    return RuleHistory(full_reference.conn, full_reference.rules, today=lambda: TODAY)


@pytest.fixture(scope="session")
def ctx(full_reference: Reference, history: RuleHistory) -> CommandContext:
    # The reference's own history uses the real clock; pin it so "future" is stable.  This
    # Reference is our own connection, not the shared ``reference`` fixture.
    full_reference.__dict__["rule_history"] = history
    path = full_reference.path
    settings = Settings(data_dir=path.parent, db_path=path.parent / "games.sqlite")
    return CommandContext(Caller(user="judge", channel="test"), Services(settings, full_reference))
