"""The text of an official PDF (Tournament Rules, Riftbound Core Rules), read with pypdf.

Wizards and Riot publish these documents as PDFs only; pypdf (pure Python, well kept) reads
their text layer.  Lines come out in reading order, one per printed line.
"""

from __future__ import annotations

import logging
from pathlib import Path

from pypdf import PdfReader
from pypdf.errors import PyPdfError

from bot.errors import DataError

# pypdf warns about every small irregularity of a PDF's structure; the text is what matters.
logging.getLogger("pypdf").setLevel(logging.ERROR)


def pdf_text(path: Path) -> str:
    """Every page's text, pages separated by a blank line; ``DataError`` for a damaged PDF."""
    try:
        reader = PdfReader(path)
        pages = [page.extract_text() or "" for page in reader.pages]
    except (PyPdfError, OSError, ValueError, KeyError, TypeError) as error:
        raise DataError(
            f"{path.name} is not a readable PDF ({type(error).__name__}: {error})"
        ) from error
    text = "\n\n".join(pages)
    if not text.strip():
        raise DataError(f"{path.name} has no text layer (a scanned PDF can't be read).")
    return text
