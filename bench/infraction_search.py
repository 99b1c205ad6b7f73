"""IPG infractions found by what happened: the project's lookup vs a plain FTS5 bm25 query.

Run: .venv/bin/python bench/infraction_search.py PATH_TO_REFERENCE_SQLITE [-v]
The incidents and their infractions are in ``bench/ipg_incidents.txt`` (written from the IPG's
definitions and examples before tuning).  Last line:
``infraction search: project top-1 A% top-3 B%; bm25 top-1 C% top-3 D% (N incidents)``.
"""

from __future__ import annotations

import re
import sqlite3
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.errors import UserError  # noqa: E402
from bot.reference.store import Reference  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rules_search import summary_line  # noqa: E402

INCIDENTS = Path(__file__).with_name("ipg_incidents.txt")
_WORD = re.compile(r"[a-z0-9]+")


def load_incidents() -> list[tuple[str, tuple[str, ...]]]:
    found = []
    for line in INCIDENTS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            incident, answers = line.rsplit("|", 1)
            found.append((incident.strip(), tuple(a.strip() for a in answers.split(","))))
    return found


def project_top(reference: Reference, incident: str) -> list[str]:
    try:
        match = reference.docs.lookup("ipg", incident)
    except UserError:
        return []
    return [match.section.number, *(s.number for s in match.also)][:3]


def bm25_top(conn: sqlite3.Connection, incident: str) -> list[str]:
    words = list(dict.fromkeys(_WORD.findall(incident.lower())))
    if not words:
        return []
    rows = conn.execute(
        "SELECT number FROM doc_fts WHERE doc_fts MATCH ? AND doc = 'ipg' "
        "ORDER BY bm25(doc_fts) LIMIT 3",
        (" OR ".join(f'"{w}"' for w in words),),
    ).fetchall()
    return [row[0] for row in rows]


def main(argv: list[str]) -> int:
    paths = [a for a in argv if not a.startswith("-")]
    if len(paths) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    reference = Reference(Path(paths[0]))
    conn = sqlite3.connect(f"file:{paths[0]}?mode=ro", uri=True)
    incidents = load_incidents()
    tallies = {"project": [0, 0], "bm25": [0, 0]}
    try:
        for incident, answers in incidents:
            for name, top in (
                ("project", project_top(reference, incident)),
                ("bm25", bm25_top(conn, incident)),
            ):
                tallies[name][0] += bool(top) and top[0] in answers
                tallies[name][1] += any(n in answers for n in top)
                if "-v" in argv and name == "project" and (not top or top[0] not in answers):
                    print(f"MISS {incident!r}: want {', '.join(answers)}, got {', '.join(top)}")
    finally:
        reference.close()
        conn.close()
    print(summary_line("infraction search:", tallies, len(incidents), "incidents"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
