"""The cover: ornament, title, subtitle, a fan of cards, the games' titles, and the version («версия 0.1.0»)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from generator import __version__
from generator.art.faces import CARD_H, CARD_W
from generator.cards import Card
from generator.pdf.figure import card_art
from generator.pdf.palette import ACCENT, GREY, INK
from generator.pdf.rulebook.book import BOOK_SUBTITLE, Book
from generator.pdf.typography import NBSP, typeset

#: The cover fan: a rising run of a single hand, in the book's notation.
COVER_CARDS = ("10♠", "В♥", "Д♣", "К♦", "Т♠")


def draw_cover_cards(canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
    """The fan of :data:`COVER_CARDS`, as large as fits the box ``(x, y, width, height)`` and centred in it."""
    art = card_art(canvas)
    count = len(COVER_CARDS)
    step = math.radians(11.0)  # between neighbouring cards
    ratio = CARD_W / CARD_H
    radius = 1.25  # the pivot, as in a hand, lies below the cards: in card heights

    def corners(i: int) -> list[tuple[float, float]]:
        """Corners of card ``i`` of a fan of unit-height cards, pivot at the origin."""
        turn = step * ((count - 1) / 2 - i)
        co, si = math.cos(turn), math.sin(turn)
        return [(px * co - py * si, px * si + py * co)
                for px in (-ratio / 2, ratio / 2) for py in (radius, radius + 1)]

    points = [p for i in range(count) for p in corners(i)]
    x0, x1 = min(p[0] for p in points), max(p[0] for p in points)
    y0, y1 = min(p[1] for p in points), max(p[1] for p in points)
    scale = min(width / (x1 - x0), height / (y1 - y0))  # points per card height
    pivot_x = x + width / 2 - scale * (x0 + x1) / 2
    pivot_y = y + height / 2 - scale * (y0 + y1) / 2
    for i, text in enumerate(COVER_CARDS):
        canvas.saveState()
        canvas.translate(pivot_x, pivot_y)
        canvas.rotate(math.degrees(step * ((count - 1) / 2 - i)))
        art.place(Card.parse(text).index, -ratio * scale / 2, radius * scale, ratio * scale)
        canvas.restoreState()


def paint_cover(canvas: Canvas, book: Book, title: str, games: Sequence[str]) -> None:
    """The cover of the book called ``title`` holding the games titled ``games``, in two lines at the foot."""
    s, page = book.styles, book.page
    w, h = page.width, page.height
    margin = page.side

    def centred(markup: str, style: ParagraphStyle, top: float) -> float:
        para = Paragraph(markup, style)
        _, ph = para.wrapOn(canvas, w - 2 * margin, h)
        para.drawOn(canvas, margin, top - ph)
        return top - ph

    canvas.setFillColor(ACCENT)
    ornament = Paragraph(typeset((NBSP * 3).join("♠♥♣♦"), hyphens=False, runt=False),
                         s.cover_subtitle.clone("ornament", fontSize=1.3 * s.size, leading=1.6 * s.size,
                                                textColor=INK))
    _, oh = ornament.wrapOn(canvas, w - 2 * margin, h)
    ornament.drawOn(canvas, margin, h * 0.86 - oh)
    bottom = centred(typeset(title, hyphens=False), s.cover_title, h * 0.86 - oh - 1.2 * s.leading)
    head, dash, tail = BOOK_SUBTITLE.partition(" — ")
    subtitle = typeset(head + dash.rstrip(), hyphens=False) + "<br/>" + typeset(tail, hyphens=False)
    bottom = centred(subtitle, s.cover_subtitle, bottom - 0.9 * s.leading)
    titles = [title.replace(" ", NBSP) for title in games]
    foot_top = 0.2 * h
    box_top, box_bottom = bottom - 2.5 * s.leading, foot_top + 2.5 * s.leading
    draw_cover_cards(canvas, 0.16 * w, box_bottom, 0.68 * w, box_top - box_bottom)
    half = -(-len(titles) // 2)  # the longer line first
    games_line = f"{NBSP}· ".join(titles[:half]) + "<br/>" + f"{NBSP}· ".join(titles[half:])
    centred(games_line, s.cover_foot, foot_top)
    canvas.setFont(s.cover_foot.fontName, 0.9 * s.size)
    canvas.setFillColor(GREY)
    canvas.drawCentredString(w / 2, page.foot + 0.4 * s.leading, f"версия {__version__}")
