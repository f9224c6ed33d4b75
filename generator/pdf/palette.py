"""The printed colours of every PDF: one ink, one grey, one red, and the few tints beside them.

The book, the practice sheets and the pack share them, so a page of one looks
like a page of another. Card faces take their colours from ``generator.art.palette``
and figures theirs from ``generator.svg.figure`` (the same in SVG and PDF).
"""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor

#: The red of ♥ ♦ as markup writes it (``<font color="…">``).
RED_HEX = "#a8232b"
GREY_HEX = "#6b6b6b"

INK: Color = HexColor("#1a1a1a")  # text and the sheets' black suits
GREY: Color = HexColor(GREY_HEX)  # secondary text: captions, running heads, page numbers
RULE: Color = HexColor("#9a9a9a")  # hairlines and contents leaders
RED: Color = HexColor(RED_HEX)  # hearts and diamonds
ACCENT: Color = HexColor(RED_HEX)  # the same red, used sparingly: chapter numbers, the cover ornament
SHADE: Color = HexColor("#f1efe9")  # every other row of a stacking grid: a pale band guides the eye along a row
MARK: Color = HexColor("#000000")  # crop marks: pure black, the one ink every printer registers
