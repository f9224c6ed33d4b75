"""Tables of every PDF go through :func:`grid`: no padding of their own, and PT Serif as the base font."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.platypus import Table, TableStyle

from generator.pdf.fonts import SERIF


def grid(rows: list[list[Any]], widths: Sequence[float], commands: Sequence[tuple[Any, ...]] = (), *,
         font_size: float = 10) -> Table:
    """A left-aligned Table with no padding, whose base font is PT Serif.

    reportlab's default cell font is Helvetica; a table that never draws a text
    cell still names it in the page resources, and ``pdffonts`` would list an
    unembedded font.
    """
    style = [
        ("FONT", (0, 0), (-1, -1), SERIF, font_size),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        *commands,
    ]
    table = Table(rows, colWidths=list(widths), style=TableStyle(style))
    table.hAlign = "LEFT"
    return table
