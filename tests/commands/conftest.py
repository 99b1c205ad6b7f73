"""Shared fixtures of the command tests: the services over the real reference data, with a
throwaway games database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import close_services
from bot.commands.context import Services
from bot.reference.store import Reference
from bot.settings import Settings


@pytest.fixture
async def services(reference_db: Path, tmp_path: Path) -> AsyncIterator[Services]:
    settings = Settings(data_dir=reference_db.parent, db_path=tmp_path / "games.sqlite")
    opened = Services(settings=settings, reference=Reference(reference_db))
    yield opened
    await close_services(opened)
