"""The MTR and IPG read from their PDFs' text, checked against the parsed edition of the same
document, and the Riftbound Core Rules read from a PDF's text against their Markdown form."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.data.doc_text import parse_document_text
from bot.data.docs_import import find_parsed_folder, read_document, read_document_file
from bot.data.pdf_text import pdf_text
from bot.data.riftbound_rules import parse_rules, parse_rules_text
from bot.errors import DataError
from tests.data.pdf_maker import riftbound_rules_lines, text_pdf


def test_the_ipg_text_gives_the_parsed_editions_entries(shared_data: Path) -> None:
    docs = shared_data / "mtg-docs"
    _, effective, from_text = read_document_file(docs / "MTG_IPG_2024Sep23_EN.derived.txt", "ipg")
    _, parsed_effective, parsed = read_document(find_parsed_folder(docs), "ipg")
    assert effective == parsed_effective == "2024-09-23"  # the same edition in both forms
    assert [(e.number, e.title, e.penalty) for e in from_text] == [
        (e.number, e.title, e.penalty) for e in parsed
    ]
    missed = {e.number: e for e in from_text}["2.1"]
    parts = dict(missed.parts)
    assert parts["Definition"].startswith("A triggered ability triggers, but the player")
    # The PDF's "Upgrade:" paragraph, which the parsed edition lost, is kept.
    assert parts["Upgrade"].startswith("If the triggered ability is usually considered detrimental")


def test_the_mtr_pdf_is_read_into_its_numbered_rules(shared_data: Path, tmp_path: Path) -> None:
    text = (shared_data / "mtg-docs" / "MTG_MTR_2025_Apr_21_EN.derived.txt").read_text("utf-8")
    pdf = tmp_path / "MTG_MTR_2025_Apr_21_EN.pdf"
    pdf.write_bytes(text_pdf(text.splitlines()))
    _, effective, entries = read_document_file(pdf, "mtr")
    assert effective == "2025-04-21"
    by_number = {e.number: e for e in entries}
    assert by_number["3.1"].title == "Tiebreakers"
    assert by_number["3.1"].parts[0][1].startswith("The following tiebreakers are used")
    assert by_number["B"].title == "Time Limits"
    assert sum(1 for e in entries if e.parent == "4") == len(
        [line for line in text.splitlines()[:130] if re.match(r"\s*4\.\d+ ", line)]
    )


def test_the_riftbound_rules_pdf_gives_the_markdown_rules(
    shared_data: Path, tmp_path: Path
) -> None:
    source = (shared_data / "riftbound" / "core-rules-v1.3.md").read_text(encoding="utf-8")
    pdf = tmp_path / "core-rules-v1.3.pdf"
    pdf.write_bytes(text_pdf(riftbound_rules_lines(shared_data)))
    from_pdf = parse_rules_text(pdf_text(pdf))
    markdown = parse_rules(source)
    assert (from_pdf.version, from_pdf.updated) == ("1.3", "2026-03-30")
    ours, theirs = from_pdf.by_id(), markdown.by_id()
    assert ours["355.6"].text == "Targeting" and ours["355.6"].kind == "heading"
    shared = [rule_id for rule_id in theirs if rule_id in ours]
    assert len(shared) >= 0.99 * len(theirs)


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet=st.characters(codec="utf-8"), max_size=400), st.sampled_from(["mtr", "ipg"])
)
def test_any_text_is_read_or_refused_clearly(text: str, doc: str) -> None:
    try:
        parse_document_text(text, doc)
    except DataError as error:
        assert str(error)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(["100. Game", "100.1. Text.", "x", "", "12", "101.2.a. More"]), max_size=300
    )
)
def test_rules_text_is_read_or_refused_clearly(lines: list[str]) -> None:
    try:
        rules = parse_rules_text("Core Rules v1.0\n" + "\n".join(lines))
    except DataError as error:
        assert str(error)
    else:
        assert len(rules.rules) >= 100
