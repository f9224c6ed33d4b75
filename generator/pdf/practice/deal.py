"""A deal's page of the practice sheets: title, the opening figure with its caption, and the stacking order.

Drawn from a :class:`~generator.pdf.practice.model.DealPage`: nothing is played here.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph

from generator.cards import RANK_SYMBOLS
from generator.games import Game
from generator.pdf.figure import MIN_CARD_WIDTH, draw_figure, figure_scale
from generator.pdf.fonts import SANS, SANS_BOLD, SIGNS
from generator.pdf.palette import GREY, INK, RED, RULE, SHADE
from generator.pdf.paper import SheetPage
from generator.pdf.practice.model import TYPED_DEAL, DealPage, deal_key, deal_label
from generator.pdf.styles import SheetStyles
from generator.pdf.typography import packs_ru, plural_ru, typeset
from generator.play import Opening


def card_text(index: int) -> tuple[str, str]:
    """A card's rank and suit sign as the sheets print them: ``("10", "♦")``."""
    return RANK_SYMBOLS[index % 13 + 1], "♠♣♥♦"[index // 13]


def opening_caption(opened: Opening) -> str:
    """What the deal's figure shows: the position at the player's first choice, or the start."""
    if not opened.choice:
        return "Начальное положение. Выбора в этом раскладе нет: ход игры целиком задаёт колода."
    if opened.forced == 0:
        return "Начальное положение: выбор есть с первого хода."
    moves = plural_ru(opened.forced, "вынужденного хода", "вынужденных ходов", "вынужденных ходов")
    return f"Положение к первому выбору, после {moves}."


STACK_TITLE = "Как сложить колоду"


def stacking_instruction(cards: int) -> str:
    """The one line that says how to stack the cards in the listed order (top card first).

    Short enough for one line across an A4 or letter page; beside the figure (two deals to a page) and on
    A5 it takes two.
    """
    return f"Сложите карты лицом вверх с №1 по №{cards} и переверните стопку лицом вниз: №1 окажется сверху."


#: Layouts of a deal: "stacked" (figure above the stacking order, a page or half a page tall) or "side"
#: (figure left, stacking order right: two one-pack deals to a page).
LAYOUTS = ("stacked", "side")
#: The parts of a stacked deal: both on one page, or — when the figure would come out too small to read above
#: the stacking order (a long pile on A5) — the figure on a page of its own and the stacking order on the next.
PARTS = ("both", "figure", "stacking")
SIDE_FIGURE = 0.4  # the figure's share of the width in the side layout
SIDE_GUTTER = 6 * mm
SMALLEST_FIGURE_CARD = MIN_CARD_WIDTH  # a figure whose cards would come out smaller does not go side by side


class DealSheet(Flowable):
    """One deal: title, the opening figure with its caption, and the stacking order. A fixed layout.

    Stacked, the figure hangs from the top of its space and the stacking order stands on the bottom, so
    the grid is in the same place on every page whatever the figure's height. Side by side, both hang
    from the title's rule.
    """

    def __init__(self, game: Game, deal: DealPage, paper: SheetPage, styles: SheetStyles, height: float, *,
                 variant_name: str | None, layout: str = "stacked", first: bool = False, part: str = "both") -> None:
        super().__init__()
        self.game, self.deal_page, self.deal, self.paper, self.styles = game, deal, deal.deal, paper, styles
        self.sheet_height, self.variant_name, self.layout, self.first = height, variant_name, layout, first
        self.part = part

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width, self.height = self.paper.frame_width, self.sheet_height
        return self.width, self.height

    # -- measures (also used to choose the layout before any page is drawn)

    def _meta(self) -> str:
        parts = [packs_ru(self.game.packs)]
        if self.variant_name:
            parts.append(f"вариант «{self.variant_name}»")
        return " · ".join(parts)

    def _instruction(self, cards: int) -> Paragraph:
        return Paragraph(typeset(stacking_instruction(cards), hyphens=False), self.styles.body)

    def grid_height(self, cards: int) -> float:
        return (-(-cards // 10) + 0.75) * self.paper.row

    def stacking_height(self, cards: int, width: float) -> float:
        s = self.styles
        _, h = self._instruction(cards).wrap(width, 1000)
        return s.head.leading + 0.35 * s.body.fontSize + h + 0.7 * s.body.fontSize + self.grid_height(cards)

    def head_height(self) -> float:
        """From the top of the sheet to the rule under the title, plus the space after it."""
        s = self.styles
        return max(s.title.leading, s.number.leading) + 0.15 * s.body.fontSize + s.meta.leading \
            + 0.45 * s.body.fontSize + 0.9 * s.body.fontSize

    # -- drawing

    def draw(self) -> None:
        c, w = self.canv, self.width
        stock = self.deal_page.stock
        self._head()
        body_top = self.height - self.head_height()
        cards = len(stock)
        # The figure first and then the stacking order: the order a reader (and text extraction) takes them.
        if self.layout == "side":
            figure_w = SIDE_FIGURE * w
            x = figure_w + SIDE_GUTTER
            self._figure(0, figure_w, body_top, 0)
            self._stacking(stock, x, w - x, body_top - self.stacking_height(cards, w - x))
        else:
            if self.part != "stacking":
                self._figure(0, w, body_top, self._figure_bottom())
            if self.part != "figure":
                self._stacking(stock, 0, w, 0)
        if self.part == "stacking":
            return  # the deal's figure page has its bookmark
        # One bookmark per deal: the outline lists them all.
        key = f"deal-{deal_key(self.deal)}"
        c.bookmarkHorizontal(key, 0, self.height)
        if self.first:
            c.addOutlineEntry("Расклады", key, level=0)
        c.addOutlineEntry(TYPED_DEAL if self.deal is None else f"Расклад №{self.deal}", key, level=1)

    def _head(self) -> None:
        """Title and deal number on one baseline, the meta line under them, a hairline."""
        c, s, w = self.canv, self.styles, self.width
        label = deal_label(self.deal)
        nw = min(0.55 * w, stringWidth(label, SANS_BOLD, s.number.fontSize) + 4)
        number = Paragraph(label, s.number)
        _, nh = number.wrap(nw, 200)
        title = Paragraph(typeset(f"«{self.game.title}»", hyphens=False), s.title)
        _, th = title.wrap(w - nw - 6, 200)
        top = self.height
        title.drawOn(c, 0, top - th)
        number.drawOn(c, w - nw, top - nh)
        meta = Paragraph(typeset(self._meta(), hyphens=False), s.meta)
        _, mh = meta.wrap(w, 100)
        y = top - max(th, nh) - 0.15 * s.body.fontSize
        meta.drawOn(c, 0, y - mh)
        y -= mh + 0.45 * s.body.fontSize
        c.saveState()
        c.setStrokeColor(RULE)
        c.setLineWidth(0.5)
        c.line(0, y, w, y)
        c.restoreState()

    def _stacking(self, stock: Sequence[int], x: float, width: float, bottom: float) -> None:
        """Heading, instruction and grid, top to bottom, in a column standing on ``bottom``."""
        c, s = self.canv, self.styles
        cards = len(stock)
        grid_h = self.grid_height(cards)
        instruction = self._instruction(cards)
        _, ih = instruction.wrap(width, 1000)
        iy = bottom + grid_h + 0.7 * s.body.fontSize
        hy = iy + ih + 0.35 * s.body.fontSize
        heading = Paragraph(STACK_TITLE, s.head)
        heading.wrap(width, 100)
        heading.drawOn(c, x, hy)
        instruction.drawOn(c, x, iy)
        self._grid(stock, x, bottom, width, grid_h)

    def _figure_bottom(self) -> float:
        """Where the stacked figure's space ends: above the stacking order, or at the foot on a page of its own."""
        if self.part == "figure":
            return 0.0
        return self.stacking_height(len(self.deal_page.stock), self.width) + 1.4 * self.styles.body.fontSize

    def _figure_unit(self, width: float, top: float, bottom: float) -> tuple[float, Paragraph]:
        """Points per card width of the figure in ``width`` between ``top`` and ``bottom``, and its caption."""
        s = self.styles
        caption = Paragraph(typeset(opening_caption(self.deal_page.opening)), s.caption)
        _, ch = caption.wrap(width, 100)
        room = top - bottom - ch - 0.3 * s.body.fontSize
        return figure_scale(self.deal_page.figure, width, max(room, 10.0), self.paper.figure_card), caption

    def readable_stacked(self) -> bool:
        """Whether the figure, stacked above the stacking order on one page, keeps its cards readable."""
        self.width = self.paper.frame_width
        top = self.sheet_height - self.head_height()
        bottom = self.stacking_height(len(self.deal_page.stock), self.width) + 1.4 * self.styles.body.fontSize
        return self._figure_unit(self.width, top, bottom)[0] >= MIN_CARD_WIDTH - 1e-6

    def _figure(self, x: float, width: float, top: float, bottom: float) -> None:
        """The opening figure, centred in its column and hanging from ``top``; its caption under it."""
        c, s = self.canv, self.styles
        figure = self.deal_page.figure
        unit, caption = self._figure_unit(width, top, bottom)
        _, ch = caption.wrap(width, 100)
        fw, fh = figure.width * unit, figure.height * unit
        draw_figure(c, figure, x + (width - fw) / 2, top - fh, fw)
        caption.drawOn(c, x, top - fh - 0.3 * s.body.fontSize - ch)

    def _grid(self, stock: Sequence[int], x0: float, bottom: float, w: float, height: float) -> None:
        """Ten cards to a row, a grey range at the start of each row, a wider gap after the fifth card."""
        c, p = self.canv, self.paper
        small = 0.78 * self.styles.body.fontSize
        label_w = stringWidth("101–104", SANS, small) + 3.5 * mm
        gap = 2.2 * mm  # the extra gap after five
        cell = (w - label_w - gap) / 10
        rows = -(-len(stock) // 10)
        top = bottom + height
        header = 0.75 * p.row
        size = min(p.card_size, 0.4 * cell)

        def cx(column: int) -> float:
            return x0 + label_w + column * cell + (gap if column >= 5 else 0) + cell / 2

        c.saveState()
        c.setFont(SANS, small)
        c.setFillColor(GREY)
        for column in range(10):
            c.drawCentredString(cx(column), top - header + 0.28 * p.row, str(column + 1))
        for r in range(rows):
            row_top = top - header - r * p.row
            if r % 2 == 0:
                c.setFillColor(SHADE)
                c.rect(x0, row_top - p.row, w, p.row, stroke=0, fill=1)
            c.setFillColor(GREY)
            c.setFont(SANS, small)
            last = min(len(stock), 10 * r + 10)
            c.drawRightString(x0 + label_w - 2.5 * mm, row_top - 0.5 * p.row - 0.33 * small, f"{10 * r + 1}–{last}")
            base = row_top - 0.5 * p.row - 0.35 * size
            for column in range(10):
                i = 10 * r + column
                if i >= len(stock):
                    break
                rank, sign = card_text(stock[i])
                rw = stringWidth(rank, SANS_BOLD, size)
                sw = stringWidth(sign, SIGNS, size)
                x = cx(column) - (rw + sw) / 2
                c.setFillColor(RED if sign in "♥♦" else INK)
                c.setFont(SANS_BOLD, size)
                c.drawString(x, base, rank)
                c.setFont(SIGNS, size)
                c.drawString(x + rw, base, sign)
        c.restoreState()


def deal_sheets(game: Game, deal: DealPage, paper: SheetPage, styles: SheetStyles, height: float, *,
                variant_name: str | None, layout: str, first: bool) -> list[Flowable]:
    """A deal's page (or half page), or — stacked, when its figure would come out too small above the stacking
    order — two pages: the figure on the first, the stacking order on the next."""
    sheet = DealSheet(game, deal, paper, styles, height, variant_name=variant_name, layout=layout, first=first)
    if layout != "stacked" or sheet.readable_stacked():
        return [sheet]
    return [DealSheet(game, deal, paper, styles, height, variant_name=variant_name, layout=layout, first=first,
                      part=part) for part in ("figure", "stacking")]


def choose_layout(game: Game, first: DealPage, paper: SheetPage, styles: SheetStyles,
                  separator: float) -> tuple[str, float]:
    """``("side", half page)`` when two deals fit a page legibly, else ``("stacked", whole page)``.

    Side by side, the stacking order must fit its column under the title and the ``first`` deal's opening
    figure must keep cards at least ``SMALLEST_FIGURE_CARD`` wide in the rest.
    """
    half = (paper.frame_height - separator) / 2
    probe = DealSheet(game, first, paper, styles, half, variant_name=None, layout="side")
    w = paper.frame_width
    figure_w = SIDE_FIGURE * w
    cards = 52 * game.packs
    body = half - probe.head_height()
    figure = first.figure
    caption = 3 * styles.caption.leading
    unit = figure_scale(figure, figure_w, body - caption, paper.figure_card)
    if probe.stacking_height(cards, w - figure_w - SIDE_GUTTER) <= body and unit >= SMALLEST_FIGURE_CARD:
        return "side", half
    return "stacked", paper.frame_height - 0.01
