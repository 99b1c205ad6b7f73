"""Rules history figures: the import time the renumbering links add, and answer latencies.

Run ``python bench/history.py [SHARED_DATA_DIR]`` (default ../shared/data).
"""

from __future__ import annotations

import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bot.data.cr_import import import_rules
from bot.data.cr_links import comparable, relink_all
from bot.reference.rule_history import RuleHistory
from bot.reference.rules import RuleIndex

QUERIES = [
    ("as_of", ("113.6", "2009-10-01")),
    ("as_of", ("702.11a", "Oct 2015")),
    ("history", ("115.7d",)),
    ("history", ("702.11",)),
    ("diff", ("115.7", "2009-10-01", "2026-01-16")),
    ("diff", ("601.2c", "2012", "2026")),
]


def main() -> None:
    shared = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parents[2] / "shared/data"
    with tempfile.TemporaryDirectory() as folder:
        conn = sqlite3.connect(Path(folder) / "reference.sqlite")
        start = time.perf_counter()
        import_rules(conn, shared)
        total = time.perf_counter() - start
        comparable.cache_clear()
        start = time.perf_counter()
        links = relink_all(conn)
        linking = time.perf_counter() - start
        print(f"import_rules, all versions, links included: {total:.1f} s")
        print(f"of which linking ({links:,} links): {linking:.1f} s")
        history = RuleHistory(conn, RuleIndex.from_connection(conn))
        for kind, args in QUERIES:
            samples = []
            for _ in range(5):
                start = time.perf_counter()
                getattr(history, kind)(*args)
                samples.append((time.perf_counter() - start) * 1e3)
            print(f"{kind}{args}: median {statistics.median(samples):.1f} ms")
        conn.close()


if __name__ == "__main__":
    main()
