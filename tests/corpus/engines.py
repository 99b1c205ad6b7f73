"""Build the two scenario executors over the real data, outside pytest (for bench/correctness.py)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.commands.riftbound_cards import RiftboundCardLookup
from bot.commands.scenario import IndexCardLookup
from bot.data.cards_import import import_cards
from bot.data.progress import no_progress
from bot.data.riftbound_import import import_riftbound
from bot.records.meta import META_SCHEMA
from bot.reference.riftbound import RiftboundIndex
from bot.reference.store import Reference
from bot.scenario.executor import MtgScenarioExecutor
from bot.scenario.riftbound_executor import RiftboundScenarioExecutor
from bot.scenario.steps import Step
from tests.corpus.runner import Case, run_case


@dataclass(frozen=True)
class Engines:
    mtg: MtgScenarioExecutor
    riftbound: RiftboundScenarioExecutor

    def run(self, case: Case) -> tuple[Step, ...]:
        executor = self.mtg if case.game == "mtg" else self.riftbound
        return run_case(executor, case)


def build_engines(shared_data: Path, workdir: Path) -> Engines:
    """Import the real MTG cards and Riftbound data into ``workdir`` and open both executors."""
    path = workdir / "reference.sqlite"
    conn = sqlite3.connect(path)
    try:
        conn.execute(META_SCHEMA)
        meta = import_cards(conn, shared_data, no_progress)
        meta |= import_riftbound(conn, shared_data, no_progress)
        conn.executemany(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", sorted(meta.items())
        )
        conn.commit()
    finally:
        conn.close()
    reference = Reference(path)
    rb_conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    rb_conn.row_factory = sqlite3.Row
    return Engines(
        mtg=MtgScenarioExecutor(IndexCardLookup(reference.cards)),
        riftbound=RiftboundScenarioExecutor(
            RiftboundCardLookup(RiftboundIndex.from_connection(rb_conn))
        ),
    )
