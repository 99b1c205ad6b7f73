"""Make text PDFs for tests, as a publisher's PDF would carry them (fpdf2, a dev dependency).

The official PDFs can't be stored in this repository, so tests print the real text they hold
(from ``../shared/data``) into a PDF and serve that; the bot reads it back with pypdf.
"""

from __future__ import annotations

from collections.abc import Iterable

from fpdf import FPDF

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
