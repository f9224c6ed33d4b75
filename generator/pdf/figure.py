"""The PDF back end for figures: a ``Figure`` (card units) drawn on a reportlab canvas, all vector.

The look copies ``generator.svg.figure``: empty places as dashed grey
outlines, a dashed orange outline where the last move's card was (under the
cards, so it peeks out round them), the cards, a solid orange frame round the
card the last move put down, and small grey labels. Unlike the SVG, labels are real PT Sans text (searchable, and the
font is embedded anyway), with the suit signs and arrows in the book's signs
font.

Cards come from :func:`card_art`, one ``CardArt`` per canvas and colour count,
so each face is one form XObject per PDF however many figures show it.

Two ways in:

- :class:`FigureFlowable` for the story (``wrap``/``draw``): a card about
  16 mm wide, scaled down until the figure fits ``max_width`` × ``max_height``;
- :func:`draw_figure` for page-level drawing at a given place and width.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from generator.art.faces import CARD_W as CARD_W_MM
from generator.art.faces import INDEX_CAP
from generator.figures.base import CARD_H, CARD_W, Figure
from generator.pdf.cards import CardArt
from generator.pdf.fonts import SANS, SIGN_CHARS, SIGNS, register_fonts
from generator.svg.figure import CARD_PAD, FROM_PAD, LABEL_COLOUR, MARK_COLOUR, RADIUS, SLOT_COLOUR

#: A card on the page when nothing forces it smaller: between the 15 and 18 mm a reader's eye wants.
CARD_WIDTH = 16 * mm
#: The smallest a card's index may print (its capitals' height): every card of every figure must be read by
#: someone with the cards on the table, on A5 too. A little under a 6-point capital; the index is bold.
MIN_INDEX_CAP = 1.2 * mm
#: The narrowest card whose index prints ``MIN_INDEX_CAP`` high.
MIN_CARD_WIDTH = MIN_INDEX_CAP * CARD_W_MM / INDEX_CAP

# Sizes in millimetres of a full-size (63 mm) card, as in the SVG; scaled with the card.
_SLOT_STROKE = 0.7
_DASH = (2.5, 2.0)
_MARK_STROKE = 1.6

#: Thinnest line worth printing (points): a very small figure keeps its outlines visible.
_HAIRLINE = 0.35
#: Smallest label size (points): labels stay legible when a wide figure is scaled down.
_MIN_LABEL = 5.5


def card_art(canvas: Canvas, colors: int = 2) -> CardArt:
    """The one ``CardArt`` of ``canvas`` for ``colors`` (each multiBuild pass has a fresh canvas): every card
    drawn on a canvas (figures, the book's cover) comes from here, so each face is one form XObject per PDF."""
    if colors == 2:
        art = getattr(canvas, "_pasyans_card_art", None)
        if art is None:
            art = CardArt(canvas)
            canvas._pasyans_card_art = art  # type: ignore[attr-defined]
        return art
    arts: dict[int, CardArt] = canvas.__dict__.setdefault("_pasyans_card_arts", {})
    if colors not in arts:
        arts[colors] = CardArt(canvas, colors=colors)
    return arts[colors]


def _runs(text: str) -> list[tuple[str, str]]:
    """``text`` cut into (font, piece) runs: PT Sans, and the signs font for ♠ ♣ ♥ ♦ → which PT Sans lacks."""
    runs: list[tuple[str, str]] = []
    for char in text:
        font = SIGNS if char in SIGN_CHARS else SANS
        if runs and runs[-1][0] == font:
            runs[-1] = (font, runs[-1][1] + char)
        else:
            runs.append((font, char))
    return runs


def label_width(text: str, size: float) -> float:
    """Width in points of a label set at ``size`` points."""
    return sum(stringWidth(piece, font, size) for font, piece in _runs(text))


def labels_clear(figure: Figure, unit: float) -> bool:
    """Whether no two of the figure's labels overlap when it is drawn at ``unit`` points per card width.

    Labels never go below ``_MIN_LABEL`` points, so in a figure drawn small they grow against the cards and
    two that stand side by side (a stock's and a waste's) can run into each other.
    """
    boxes = []
    for label in figure.labels:
        size = max(_MIN_LABEL, label.size * unit)
        width = label_width(label.text, size)
        x = label.x * unit - {"start": 0.0, "middle": width / 2, "end": width}.get(label.anchor, width / 2)
        boxes.append((x, label.y * unit - 0.75 * size, x + width, label.y * unit + 0.25 * size))
    return all(a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
               for i, a in enumerate(boxes) for b in boxes[i + 1:])


def _draw_label(canvas: Canvas, text: str, x: float, y: float, size: float, anchor: str) -> None:
    width = label_width(text, size)
    x -= {"start": 0.0, "middle": width / 2, "end": width}.get(anchor, width / 2)
    for font, piece in _runs(text):
        canvas.setFont(font, size)
        canvas.drawString(x, y, piece)
        x += stringWidth(piece, font, size)


def alt_text(figure: Figure) -> str:
    """The figure in words, for a screen reader: its title, then what lies where."""
    return ". ".join(part for part in (figure.title, figure.description.removesuffix(".")) if part) + "."


def pdf_text(text: str) -> str:
    """``text`` as a PDF string for a content stream: UTF-16BE after its byte-order mark, in hex."""
    return "<" + ("\ufeff" + text).encode("utf-16-be").hex().upper() + ">"


def draw_figure(canvas: Canvas, figure: Figure, x: float, y: float, width_pt: float, *, colors: int = 2) -> None:
    """Draw ``figure`` with its lower-left corner at ``(x, y)``, ``width_pt`` points wide (height to scale).

    Empty places, where the last move's card was, the cards (faces from the canvas's one ``CardArt``; the moved
    one framed), then the labels — the SVG's order. All of it is one marked-content span whose alternate
    description (``/Alt``) is the figure's text, what the SVG says in its ``<title>`` and ``<desc>``: reportlab
    writes no tagged PDF, but a reader that speaks a span's ``/Alt`` reads the position instead of the shapes.
    """
    register_fonts()
    canvas.addLiteral(f"/Span <</Alt {pdf_text(alt_text(figure))}>> BDC")
    unit = width_pt / figure.width  # points per card width
    mm_scale = unit / CARD_W_MM  # points per millimetre of a full-size (63 mm) card
    top = y + figure.height * unit

    def px(ux: float) -> float:
        return x + ux * unit

    def py(uy: float) -> float:
        return top - uy * unit

    art = card_art(canvas, colors)
    canvas.saveState()
    radius = RADIUS * mm_scale
    dash = [d * mm_scale for d in _DASH]
    canvas.setLineWidth(max(_HAIRLINE, _SLOT_STROKE * mm_scale))
    canvas.setStrokeColor(HexColor(SLOT_COLOUR))
    canvas.setDash(dash, 0)
    for slot in figure.slots:
        if not slot.filled:  # a place with cards on it is shown by its cards
            canvas.roundRect(px(slot.x), py(slot.y + slot.h), slot.w * unit, slot.h * unit, radius, stroke=1, fill=0)

    canvas.setStrokeColor(HexColor(MARK_COLOUR))
    canvas.setLineWidth(max(_HAIRLINE, _MARK_STROKE * mm_scale))
    pad = FROM_PAD * mm_scale
    for mark in figure.marks:  # where the last move's card was: under the cards, so it peeks out round them
        canvas.roundRect(px(mark.x) - pad, py(mark.y + mark.h) - pad, mark.w * unit + 2 * pad,
                         mark.h * unit + 2 * pad, radius + pad, stroke=1, fill=0)
    canvas.setDash([], 0)

    pad = CARD_PAD * mm_scale
    for spot in figure.cards:
        art.place(spot.card, px(spot.x), py(spot.y + CARD_H), CARD_W * unit)
        if spot.highlight:  # framed at once, so a card laid over it later (none, today) would cover the frame
            canvas.roundRect(px(spot.x) - pad, py(spot.y + CARD_H) - pad, CARD_W * unit + 2 * pad,
                             CARD_H * unit + 2 * pad, radius + pad, stroke=1, fill=0)

    canvas.setFillColor(HexColor(LABEL_COLOUR))
    for label in figure.labels:
        size = max(_MIN_LABEL, label.size * unit)
        _draw_label(canvas, label.text, px(label.x), py(label.y), size, label.anchor)
    canvas.restoreState()
    canvas.addLiteral("EMC")


def figure_scale(figure: Figure, max_width: float, max_height: float | None = None,
                 card_width: float = CARD_WIDTH, *, tallest: float | None = None) -> float:
    """Points per card width: ``card_width``, or less so the figure fits ``max_width`` × ``max_height``.

    ``tallest``: a tall figure that ``max_height`` would shrink below a readable index (``MIN_CARD_WIDTH``) may
    grow up to that height instead, as far as the width allows.
    """
    unit = min(card_width, max_width / figure.width)
    if max_height is not None:
        fitted = max_height / figure.height
        if tallest is not None and fitted < MIN_CARD_WIDTH:
            fitted = max(fitted, min(MIN_CARD_WIDTH, tallest / figure.height))
        unit = min(unit, fitted)
    return unit


def index_cap(unit: float) -> float:
    """How tall (points) a card's index capitals print at ``unit`` points per card width."""
    return unit * INDEX_CAP / CARD_W_MM


class FigureFlowable(Flowable):
    """A figure in the story: a card about 16 mm wide, smaller when the figure would not fit.

    Its size depends only on the figure and the limits (never on where on the page it falls), so a
    figure looks the same wherever the layout puts it.
    """

    def __init__(self, figure: Figure, *, max_width: float, max_height: float | None = None, colors: int = 2,
                 card_width: float = CARD_WIDTH, tallest: float | None = None) -> None:
        """``tallest``: how tall the figure may grow to keep its indices readable (see :func:`figure_scale`)."""
        super().__init__()
        self.figure, self.colors = figure, colors
        self.max_width, self.max_height, self.card_width, self.tallest = max_width, max_height, card_width, tallest
        self.hAlign = "CENTER"

    def _size(self, avail_width: float) -> tuple[float, float]:
        unit = figure_scale(self.figure, min(self.max_width, avail_width), self.max_height, self.card_width,
                            tallest=self.tallest)
        return self.figure.width * unit, self.figure.height * unit

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width, self.height = self._size(availWidth)
        return self.width, self.height

    def draw(self) -> None:
        draw_figure(self.canv, self.figure, 0, 0, self.width, colors=self.colors)

    def __repr__(self) -> str:
        return f"FigureFlowable({self.figure.title!r}, {self.figure.width:g} × {self.figure.height:g} cards)"

