"""Shared fixtures.  Real data comes from ../shared/data through ``shared_data`` only."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]


def _find_shared_data() -> Path:
    configured = os.environ.get("RULESBOT_SHARED_DATA")
    candidates = [Path(configured)] if configured else []
    candidates.append(REPO_ROOT.parent / "shared" / "data")
    for candidate in candidates:
        if (candidate / "PROVENANCE.md").exists():
            return candidate
    raise RuntimeError(
        "The real reference data was not found: expected ../shared/data beside the repository "
        "(or set RULESBOT_SHARED_DATA)."
    )


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The folder of real reference data (CR, cards, Riftbound, tournament documents)."""
    return _find_shared_data()
