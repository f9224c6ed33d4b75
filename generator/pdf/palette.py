"""The printed colours of every PDF: one ink, one grey, one red, and the few tints beside them.

The book, the practice sheets and the pack share them, so a page of one looks
like a page of another. Card faces take their colours from ``generator.art.palette``
and figures theirs from ``generator.svg.figure`` (the same in SVG and PDF).
"""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor

RED_HEX = "#a8232b"
GREY_HEX = "#6b6b6b"


def markup_colour(hex_colour: str) -> str:
    """A colour as paragraph markup writes it (``<font color="…">``): css ``rgb(r,g,b)``, the same colour as the
    hex, because reportlab reads ``rgb(…)`` at once and a ``#rrggbb`` only after trying it as a Python literal
    and as an expression (about six times as long, for each of the book's hundreds of red suit signs)."""
    value = int(hex_colour.lstrip("#"), 16)
    return f"rgb({value >> 16},{(value >> 8) & 0xFF},{value & 0xFF})"


#: The red of ♥ ♦ and the grey of forced moves, as markup writes them.
RED_MARKUP = markup_colour(RED_HEX)
GREY_MARKUP = markup_colour(GREY_HEX)

INK: Color = HexColor("#1a1a1a")  # text and the sheets' black suits
GREY: Color = HexColor(GREY_HEX)  # secondary text: captions, running heads, page numbers
RULE: Color = HexColor("#9a9a9a")  # hairlines and contents leaders
RED: Color = HexColor(RED_HEX)  # hearts and diamonds
ACCENT: Color = HexColor(RED_HEX)  # the same red, used sparingly: chapter numbers, the cover ornament
SHADE: Color = HexColor("#f1efe9")  # every other row of a stacking grid: a pale band guides the eye along a row
MARK: Color = HexColor("#000000")  # crop marks: pure black, the one ink every printer registers
