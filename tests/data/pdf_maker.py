"""Make text PDFs for tests, as a publisher's PDF would carry them (fpdf2, a dev dependency).

The official PDFs can't be stored in this repository, so tests print the real text they hold
(from ``../shared/data``) into a PDF and serve that; the bot reads it back with pypdf.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from pathlib import Path

from fpdf import FPDF

from bot.data.riftbound_rules import _ROW

# The PDF core fonts cover Latin-1 only; typographic marks become their plain forms, as
# they would be read back from many real PDFs.
_PLAIN = str.maketrans(
    {"’": "'", "‘": "'", "“": '"', "”": '"', "—": "-", "–": "-", "•": "*", "…": "..."}
)


def text_pdf(lines: Iterable[str], *, wrap: bool = False) -> bytes:
    """A PDF with ``lines`` printed one per line (``wrap``: long lines wrap as a layout would)."""
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(True, margin=15)
    pdf.add_page()
    pdf.set_font("Helvetica", size=8)
    for line in lines:
        plain = line.translate(_PLAIN).encode("latin-1", "replace").decode("latin-1")
        if wrap:
            pdf.multi_cell(0, 4, plain, new_x="LMARGIN", new_y="NEXT")
        else:
            pdf.cell(0, 4, plain, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def riftbound_rules_lines(shared: Path) -> list[str]:
    """The real Core Rules v1.3 as the PDF prints them: title, date, then one numbered rule per
    line (from the Markdown conversion we have; the official PDF can't be stored here)."""
    source = (shared / "riftbound" / "core-rules-v1.3.md").read_text(encoding="utf-8")
    lines = ["Riftbound Core Rules v1.3", "Last Updated: 2026-03-30"]
    for row in _ROW.finditer(source):
        rule_id = row.group("id").strip()
        text = re.sub(r"\s+", " ", html.unescape(row.group("text"))).strip()
        if rule_id:
            lines.append(f"{rule_id} {text}")
    return lines
