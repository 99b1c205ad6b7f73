"""Progress reporting for long imports and downloads, independent of how it is shown."""

from __future__ import annotations

from typing import Protocol


class Progress(Protocol):
    """Told how far a named task has got; ``total`` is None when unknown."""

    def __call__(self, task: str, done: int, total: int | None) -> None: ...


def no_progress(task: str, done: int, total: int | None) -> None:
    """A ``Progress`` that shows nothing (tests, quiet runs)."""
