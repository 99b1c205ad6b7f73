"""Find the project's own data files in ``rules_data/``, installed or in a checkout."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any


def rules_data_file(name: str) -> Path:
    """The path of ``rules_data/<name>`` (works for editable and regular installs)."""
    return Path(str(resources.files("rules_data").joinpath(name)))


def load_toml(name: str) -> dict[str, Any]:
    with rules_data_file(name).open("rb") as handle:
        return tomllib.load(handle)
