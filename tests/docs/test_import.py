"""The importer reads the real parsed MTR and IPG and refuses broken copies."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.data.docs_import import find_parsed_folder, import_docs, parse_effective_date, unwrap
from bot.data.progress import no_progress
from bot.errors import DataError


def _entries(folder: Path, doc: str) -> list[dict]:
    out = []
    for path in sorted(folder.glob(f"{doc}_section_*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out.extend(data["rules" if doc == "mtr" else "infractions"])
    return out


def test_effective_dates_come_from_the_data(docs_db: Path, parsed_docs_dir: Path) -> None:
    conn = sqlite3.connect(docs_db)
    meta = dict(conn.execute("SELECT key, value FROM meta"))
    for doc in ("mtr", "ipg"):
        index = json.loads((parsed_docs_dir / f"{doc}_index.json").read_text(encoding="utf-8"))
        written = dt.datetime.strptime(index["metadata"]["effective_date"], "%B %d, %Y").date()
        assert meta[f"{doc}_effective"] == written.isoformat()
    assert meta == {"mtr_effective": "2025-11-10", "ipg_effective": "2024-09-23"}


def test_every_numbered_entry_is_imported_with_its_text(
    docs_db: Path, parsed_docs_dir: Path
) -> None:
    conn = sqlite3.connect(docs_db)
    for doc in ("mtr", "ipg"):
        numbers = {e["number"] for e in _entries(parsed_docs_dir, doc)}
        stored = {
            row[0]
            for row in conn.execute(
                "SELECT number FROM doc_sections WHERE doc = ? AND parent IS NOT NULL", (doc,)
            )
        }
        assert stored == numbers
        with_text = {
            row[0]
            for row in conn.execute("SELECT DISTINCT number FROM doc_parts WHERE doc = ?", (doc,))
        }
        assert numbers <= with_text


def test_ipg_titles_lose_the_trailing_penalty_and_capitals(docs_db: Path) -> None:
    conn = sqlite3.connect(docs_db)
    rows = conn.execute(
        "SELECT number, title, penalty FROM doc_sections WHERE doc = 'ipg'"
    ).fetchall()
    penalties = [(t, p) for _, t, p in rows if p]
    assert len(penalties) >= 20
    assert all(not title.endswith(penalty) for title, penalty in penalties)
    assert all(not title.isupper() for _, title, _ in rows)


def test_importing_twice_replaces_rather_than_duplicates(shared_data: Path) -> None:
    conn = sqlite3.connect(":memory:")
    import_docs(conn, shared_data, no_progress)
    first = conn.execute("SELECT COUNT(*) FROM doc_fts").fetchone()[0]
    import_docs(conn, shared_data, no_progress)
    assert conn.execute("SELECT COUNT(*) FROM doc_fts").fetchone()[0] == first


def test_progress_is_reported(shared_data: Path) -> None:
    calls: list[tuple[str, int, int | None]] = []
    import_docs(sqlite3.connect(":memory:"), shared_data, lambda *args: calls.append(args))
    assert calls[-1][1] == calls[-1][2]


@pytest.fixture
def broken_copy(tmp_path: Path, parsed_docs_dir: Path) -> Path:
    """A scratch copy of the parsed documents (deleted after the test) to damage."""
    target = tmp_path / "mtg-docs" / "parsed-2099-01"
    shutil.copytree(parsed_docs_dir, target)
    for path in target.iterdir():
        path.chmod(0o644)
    return target


def _import(root: Path) -> None:
    import_docs(sqlite3.connect(":memory:"), root, no_progress)


def test_a_missing_section_file_is_a_data_error(broken_copy: Path) -> None:
    (broken_copy / "mtr_section_4.json").unlink()
    with pytest.raises(DataError, match="mtr_section_4"):
        _import(broken_copy.parents[1])


def test_malformed_json_is_a_data_error(broken_copy: Path) -> None:
    (broken_copy / "ipg_section_2.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match="ipg_section_2"):
        _import(broken_copy.parents[1])


def test_an_unreadable_effective_date_is_a_data_error(broken_copy: Path) -> None:
    index = json.loads((broken_copy / "mtr_index.json").read_text(encoding="utf-8"))
    index["metadata"]["effective_date"] = "soon"
    (broken_copy / "mtr_index.json").write_text(json.dumps(index), encoding="utf-8")
    with pytest.raises(DataError, match="effective date"):
        _import(broken_copy.parents[1])


def test_a_truncated_document_is_a_data_error(broken_copy: Path) -> None:
    index = json.loads((broken_copy / "ipg_index.json").read_text(encoding="utf-8"))
    index["sections"] = index["sections"][:1]
    (broken_copy / "ipg_index.json").write_text(json.dumps(index), encoding="utf-8")
    with pytest.raises(DataError, match="too few"):
        _import(broken_copy.parents[1])


def test_an_entry_filed_under_the_wrong_section_is_a_data_error(broken_copy: Path) -> None:
    path = broken_copy / "mtr_section_3.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"][0]["number"] = "7.1"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError, match="not in section 3"):
        _import(broken_copy.parents[1])


def test_a_folder_without_documents_is_a_data_error(tmp_path: Path) -> None:
    (tmp_path / "mtg-docs").mkdir()
    with pytest.raises(DataError, match="no parsed tournament documents"):
        find_parsed_folder(tmp_path / "mtg-docs")


@given(st.dates(min_value=dt.date(1993, 1, 1), max_value=dt.date(2100, 12, 31)))
def test_effective_dates_parse_in_both_spellings(day: dt.date) -> None:
    spelled = f"{day:%B} {day.day}, {day.year}"
    assert (
        parse_effective_date({"metadata": {"effective_date": spelled}}, Path("x"))
        == day.isoformat()
    )
    assert (
        parse_effective_date({"metadata": {"effective_date": day.isoformat()}}, Path("x"))
        == day.isoformat()
    )


@given(st.text(alphabet=st.sampled_from("ab .:•\n\r"), max_size=400))
def test_unwrapping_keeps_every_word_in_order(text: str) -> None:
    assert unwrap(text).split() == text.split()


def test_unwrapping_rejoins_a_wrapped_sentence_but_keeps_list_items() -> None:
    wrapped = (
        "A player casts Manic Vandal, then forgets its triggered ability by not choosing a target for\n"
        "it. They realize this only after casting another spell.\n"
        "• A list item that is long enough to count as wrapped text in the PDF layout here\n"
        "• Another item"
    )
    lines = unwrap(wrapped).split("\n")
    assert lines[0].endswith("another spell.")
    assert lines[1:] == wrapped.split("\n")[2:]
