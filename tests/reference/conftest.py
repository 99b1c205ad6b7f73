"""Fixtures for the reference index tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.reference.store import Reference
from tests.reference.cr_reference import build_rules_reference


@pytest.fixture(scope="session")
def rules_reference_path(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_rules_reference(shared_data, tmp_path_factory.mktemp("cr-reference"))


@pytest.fixture(scope="session")
def rules_reference(rules_reference_path: Path) -> Iterator[Reference]:
    reference = Reference(rules_reference_path)
    yield reference
    reference.close()
