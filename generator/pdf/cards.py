"""The reportlab back end for card art: each face stored once per PDF as a form XObject.

The rulebook shows the same cards in many figures; a form per face (and,
inside it, a form per shared outline: pip, index, crown) keeps the PDF small
and every figure vector.  ``CardArt(canvas).place(index, x, y, width)``
registers the face on first use and then only references it.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas  # type: ignore[attr-defined]  # unstubbed
from reportlab.pdfgen.pathobject import PDFPathObject

from ..art.faces import CARD_H, CARD_W, Face, Shape, Use, back, card_code, face, shared
from ..art.palette import colour
from ..art.paths import Path

MM = 72 / 25.4  # points per millimetre
MITER_LIMIT = 4  # SVG's default, so spikes of a crown end where they do in the SVG


def _pdf_path(canvas: Canvas, path: Path) -> PDFPathObject:
    """A reportlab path object from our commands (coordinates as given; the caller sets the transform)."""
    p = canvas.beginPath()
    for cmd in path.commands:
        op = cmd[0]
        if op == "M":
            p.moveTo(cmd[1], cmd[2])
        elif op == "L":
            p.lineTo(cmd[1], cmd[2])
        elif op == "C":
            p.curveTo(*cmd[1:])
        else:
            p.close()
    return p


def _paint(canvas: Canvas, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
    """Set colours and line width for a role pair; returns reportlab's (stroke, fill) flags."""
    if fill:
        canvas.setFillColor(HexColor(colour(fill)))
    if stroke:
        canvas.setStrokeColor(HexColor(colour(stroke)))
        canvas.setLineWidth(width)
    return int(bool(stroke)), int(bool(fill))


def _draw_items(canvas: Canvas, card: Face, art: CardArt | None) -> None:
    """Paint a face's items in card millimetres (y down: the caller has flipped the axis)."""
    for item in card.items:
        if isinstance(item, Shape):
            stroke, fill = _paint(canvas, item.fill, item.stroke, item.width)
            mode = FILL_EVEN_ODD if item.evenodd else FILL_NON_ZERO
            canvas.drawPath(_pdf_path(canvas, item.path), stroke=stroke, fill=fill, fillMode=mode)
            continue
        assert isinstance(item, Use)
        canvas.saveState()
        canvas.transform(*item.at)
        stroke, fill = _paint(canvas, item.fill, item.stroke, item.width)
        if art is not None:
            canvas.doForm(art.outline_form(item.ref, stroke=bool(stroke), fill=bool(fill)))
        else:
            canvas.drawPath(_pdf_path(canvas, shared(item.ref)), stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)
        canvas.restoreState()


def draw_face(canvas: Canvas, card: Face, art: CardArt | None = None) -> None:
    """Draw ``card`` at real size (63 × 88 mm) with its lower-left corner at the current origin.

    Without ``art`` every outline is drawn inline (one-off use); with it, shared
    outlines are referenced as forms.  Usually call ``CardArt.place`` instead.
    """
    canvas.saveState()
    canvas.setMiterLimit(MITER_LIMIT)
    canvas.transform(MM, 0, 0, -MM, 0, card.height * MM)  # card mm, y down, like the SVG
    _draw_items(canvas, card, art)
    canvas.restoreState()


class CardArt:
    """Card faces for one canvas: each face and shared outline becomes a form XObject the first time it is used."""

    def __init__(self, canvas: Canvas, *, colors: int = 2, prefix: str = "pasyans") -> None:
        self.canvas = canvas
        self.colors = colors
        self.prefix = prefix

    def _defined(self, name: str) -> bool:
        """Asked of the document, not of this object: several ``CardArt`` may share one canvas (2- and 4-colour)."""
        return self.canvas.hasForm(name)

    def outline_form(self, ref: str, *, stroke: bool = False, fill: bool = True) -> str:
        """Form name of a shared outline; colours come from the caller's graphics state, so one form serves all."""
        paint = ("f" if fill else "") + ("s" if stroke else "")
        name = f"{self.prefix}-o-{ref}-{paint}"
        if not self._defined(name):
            c = self.canvas
            x0, y0, x1, y1 = shared(ref).bbox()
            pad = 1.0  # room for strokes
            # The stubs want whole numbers; a form's box is any number of points.
            c.beginForm(name, lowerx=x0 - pad, lowery=y0 - pad, upperx=x1 + pad, uppery=y1 + pad)  # type: ignore[arg-type]
            c.drawPath(_pdf_path(c, shared(ref)), stroke=int(stroke), fill=int(fill), fillMode=FILL_NON_ZERO)
            c.endForm()
        return name

    def form(self, index: int | None) -> str:
        """Form name of a face (``None``: the back), registering it on first use."""
        code = "back" if index is None else card_code(index)
        name = f"{self.prefix}-c{self.colors}-{code}"
        if not self._defined(name):
            self.face_form(back() if index is None else face(index, self.colors))
        return name

    def face_form(self, card: Face) -> str:
        """Form name of any face (a printed card with its bleed too), at its own size, registered on first use.

        Faces of one name must be the same drawing within a document (``name`` tells printed cards apart).
        """
        name = f"{self.prefix}-c{self.colors}-{card.name}"
        if not self._defined(name):
            c = self.canvas
            c.beginForm(name, lowerx=0, lowery=0, upperx=card.width * MM, uppery=card.height * MM)
            draw_face(c, card, self)
            c.endForm()
        return name

    def place_face(self, card: Face, x: float, y: float) -> None:
        """Draw ``card`` at its own size (never scaled: the printed pack) with its lower-left corner at (x, y)."""
        c = self.canvas
        c.saveState()
        c.translate(x, y)
        c.doForm(self.face_form(card))
        c.restoreState()

    def place(self, index: int | None, x: float, y: float, width: float = CARD_W * MM, *, angle: float = 0) -> None:
        """Draw a card ``width`` points wide, turned ``angle``° counter-clockwise about its centre.

        ``(x, y)`` is the lower-left corner of the (turned) card's bounding box,
        so a card laid crosswise is placed like any other box.
        """
        name = self.form(index)
        s = width / (CARD_W * MM)
        w, h = CARD_W * MM * s, CARD_H * MM * s
        co, si = abs(math.cos(math.radians(angle))), abs(math.sin(math.radians(angle)))
        bw, bh = w * co + h * si, w * si + h * co
        c = self.canvas
        c.saveState()
        c.translate(x + bw / 2, y + bh / 2)
        if angle:
            c.rotate(angle)
        c.translate(-w / 2, -h / 2)
        c.scale(s, s)
        c.doForm(name)
        c.restoreState()
