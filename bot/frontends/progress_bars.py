"""Progress bars for sync, drawn by rich on a terminal and silent elsewhere."""

from __future__ import annotations

from types import TracebackType

from rich.progress import (
    BarColumn,
    DownloadColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

DOWNLOAD_PREFIX = "Downloading "


class AmountColumn(ProgressColumn):
    """Bytes for downloads, plain counts (rules, cards) for imports."""

    def __init__(self) -> None:
        super().__init__()
        self._bytes = DownloadColumn()
        self._count = MofNCompleteColumn()

    def render(self, task: Task) -> Text:
        column = self._bytes if task.fields.get("is_download") else self._count
        return column.render(task)


class RichProgress:
    """A ``bot.data.progress.Progress`` that shows one bar per named task."""

    def __init__(self) -> None:
        self._progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            AmountColumn(),
            TimeRemainingColumn(),
        )
        self._tasks: dict[str, TaskID] = {}

    def __enter__(self) -> RichProgress:
        self._progress.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._progress.stop()

    def __call__(self, task: str, done: int, total: int | None) -> None:
        if task not in self._tasks:
            self._tasks[task] = self._progress.add_task(
                task, total=total, is_download=task.startswith(DOWNLOAD_PREFIX)
            )
        self._progress.update(self._tasks[task], completed=done, total=total)
