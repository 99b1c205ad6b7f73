"""Shared fixtures of the command tests: the services over the real reference data (or over its
cards-only copy, quicker to open where only cards are needed), with a throwaway games database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import close_services
from bot.commands.context import Services
from bot.reference.store import Reference
from bot.settings import Settings


async def _services_over(reference_path: Path, tmp_path: Path) -> AsyncIterator[Services]:
    settings = Settings(data_dir=reference_path.parent, db_path=tmp_path / "games.sqlite")
    opened = Services(settings=settings, reference=Reference(reference_path))
    yield opened
    await close_services(opened)


@pytest.fixture
async def services(reference_db: Path, tmp_path: Path) -> AsyncIterator[Services]:
    async for opened in _services_over(reference_db, tmp_path):
        yield opened


@pytest.fixture
async def card_services(cards_reference_path: Path, tmp_path: Path) -> AsyncIterator[Services]:
    async for opened in _services_over(cards_reference_path, tmp_path):
        yield opened
