"""Practice-deal sheets: each deal's figure and stacking order, then an answer key, as a PDF.

A player who wants to replay deal N with real cards needs three things: what
the table should look like once play begins, the order to stack the pack(s)
in, and — later — whether the deal comes out and how. So:

- **Deal pages.** The game and deal number; the figure of the position when
  the player first has a choice (the forced opening moves made: the deal
  itself, compulsory plays); and the stock *top card first*, in rows of ten,
  with a one-line instruction for stacking it. Deals of one pack fit two to a
  page on A4 and letter; two packs take a page each.
- **The answer key** at the end: each deal's verdict («выходит», «не
  выходит», «не решено за отведённое время» — never a guess, as the solver
  answers), the whole winning line in the book's Russian notation, grouped by
  phase, and the final position.
- **Selection.** ``winnable`` keeps only the deals the solver wins,
  ``unwinnable`` only the proved losses; the deal numbers passed over are
  counted and the first page says how many (a form XObject drawn on page one
  and defined when the count is known, at the end).

Memory stays flat however many deals: the story is a lazy list fed by a
generator, so the solver runs deal by deal as the pages are laid out, and
nothing but each deal's moves (a few kilobytes) is kept for the answer key.
Solving can run in a small process pool (results still come in deal order).

The same arguments give the same bytes on any machine. The solver's limit per
deal is a number of positions searched, not seconds (``Budget(seconds=None,
nodes=N)``): a search so bounded takes the same path every time, so a verdict
cannot change with the machine's speed, its load or ``jobs``.
"""

from __future__ import annotations

import io
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.pagesizes import A4, A5, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFArray, PDFName, PDFStream, PDFZCompress
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, KeepTogether, NextPageTemplate, PageBreak, Paragraph, Spacer
from reportlab.platypus.doctemplate import BaseDocTemplate, PageTemplate

from generator import __version__
from generator.cards import RANK_SYMBOLS
from generator.deals import MAX_DEAL, stock_indices
from generator.figures import figure_of
from generator.games import Game, Move, Result, make_game
from generator.notation import variant_ru
from generator.pdf.figure import FigureFlowable, draw_figure, figure_scale, labels_clear
from generator.pdf.fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD, SERIF_ITALIC, SIGNS, register_fonts
from generator.pdf.layout import KeepWithNext
from generator.pdf.typography import NBSP, RED, number_ru, plural_ru, typeset
from generator.play import Opening, opening, play_out
from generator.replay import final_state as replayed_final
from generator.solver import Budget, solve
from generator.walkthrough import phases

INK = HexColor("#1a1a1a")
GREY = HexColor("#6b6b6b")
RULE = HexColor("#9a9a9a")
SHADE = HexColor("#f1efe9")  # every other row of the stacking grid: a pale band guides the eye along a row
RED_INK = HexColor(RED)

#: How many deal numbers ``winnable``/``unwinnable`` may look at, per deal asked for.
SCAN_FACTOR = 50

#: The solver's limit per deal, in positions searched: a few seconds of search for most games (see
#: ``pasyans deals --help``). Positions, not seconds, so that the sheets are the same on any machine.
POSITIONS = 100_000

MODES = ("all", "winnable", "unwinnable")
KEEP = {"winnable": Result.WON, "unwinnable": Result.LOST}


class SelectionError(ValueError):
    """Not enough deals of the kind asked for within the scan limit."""


# --- words ------------------------------------------------------------------------------------------------------


def positions_ru(n: int) -> str:
    """The solver's limit after «за»: «за 100 000 позиций», «за 1 позицию», «за 2 позиции»."""
    return plural_ru(n, "позицию", "позиции", "позиций")


def card_text(index: int) -> tuple[str, str]:
    """A card's rank and suit sign as the sheets print them: ``("10", "♦")``."""
    return RANK_SYMBOLS[index % 13 + 1], "♠♣♥♦"[index // 13]


# --- solving and selection ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What the answer key needs of one deal: its verdict and, when won, the moves (nothing else is kept)."""

    deal: int
    result: Result | None  # None when nothing was solved (no answers, no selection)
    moves: tuple[Move, ...] = ()


@cache
def _game(spec: str) -> Game:
    return make_game(spec)


def solve_deal(spec: str, deal: int, positions: int) -> Outcome:
    """Solve one deal within ``positions`` positions, no clock (in a worker process or here); only a winning
    line keeps its moves."""
    game = _game(spec)
    solution = solve(game, stock_indices(game.id, deal), budget=Budget(seconds=None, nodes=positions))
    moves = tuple(solution.moves) if solution.result is Result.WON else ()
    return Outcome(deal, solution.result, moves)


def solve_in_order(spec: str, deals: Iterable[int], positions: int, jobs: int = 1) -> Iterator[Outcome]:
    """Outcomes of ``deals`` in their order; with ``jobs`` > 1 a few deals ahead are solved in parallel.

    Only about two deals per process are in flight, so stopping early (enough deals found) wastes little.
    """
    if jobs <= 1:
        for deal in deals:
            yield solve_deal(spec, deal, positions)
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    pending: deque[Future[Outcome]] = deque()
    try:
        for deal in deals:
            pending.append(pool.submit(solve_deal, spec, deal, positions))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


@dataclass
class Selection:
    """The running tally of a selection: what was looked at, kept and passed over."""

    mode: str
    first: int
    count: int
    positions: int  # the solver's limit per deal
    scanned: int = 0
    last: int = 0
    results: Counter[Result] = field(default_factory=Counter)
    kept: list[Outcome] = field(default_factory=list)

    @property
    def skipped(self) -> int:
        return self.scanned - len(self.kept)

    @property
    def limit(self) -> int:
        """How many deal numbers may be looked at."""
        span = self.count if self.mode == "all" else SCAN_FACTOR * self.count
        return min(span, MAX_DEAL - self.first + 1)


def select(spec: str, selection: Selection, *, solve_deals: bool, jobs: int = 1,
           on_progress: Callable[[Selection], None] | None = None) -> Iterator[Outcome]:
    """The deals for the sheets, in order, updating ``selection`` as it goes; ``SelectionError`` if too few."""
    deals = range(selection.first, selection.first + selection.limit)
    if solve_deals:
        source: Iterator[Outcome] = solve_in_order(spec, deals, selection.positions, jobs)
    else:
        source = (Outcome(deal, None) for deal in deals)
    keep = KEEP.get(selection.mode)
    try:
        for outcome in source:
            selection.scanned += 1
            selection.last = outcome.deal
            if outcome.result:
                selection.results[outcome.result] += 1
            if keep is None or outcome.result is keep:
                selection.kept.append(outcome)
                if on_progress:
                    on_progress(selection)
                yield outcome
                if len(selection.kept) == selection.count:
                    return
            elif on_progress:
                on_progress(selection)
    finally:
        if hasattr(source, "close"):
            source.close()
    if len(selection.kept) < selection.count:
        wanted = {"winnable": "winnable", "unwinnable": "proved unwinnable"}.get(selection.mode, "")
        counts = ", ".join(f"{selection.results[r]} {r}" for r in Result if selection.results[r])
        raise SelectionError(
            f"only {len(selection.kept)} of {selection.count} {wanted} deals found among the "
            f"{selection.scanned} deal numbers {selection.first}..{selection.last} ({counts}; at most "
            f"{SCAN_FACTOR} × --count are scanned): lower --count, or raise --positions for unknowns"
        )


# --- the opening figure (``generator.play.opening``) -----------------------------------------------------------


def opening_caption(game: Game, opened: Opening) -> str:
    if not opened.choice:
        return "Начальное положение. Выбора в этом раскладе нет: ход игры целиком задаёт колода."
    if opened.forced == 0:
        return "Начальное положение: выбор есть с первого хода."
    moves = plural_ru(opened.forced, "вынужденного хода", "вынужденных ходов", "вынужденных ходов")
    return f"Положение к первому выбору, после {moves}."


def final_state(game: Game, stock: Sequence[int], moves: Sequence[Move]) -> object:
    return replayed_final(game, game.initial_state(stock), moves)


# --- page geometry ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetPaper:
    """A paper size with the sheet's margins and type sizes (points)."""

    name: str
    width: float
    height: float
    side: float
    top: float
    bottom: float
    size: float  # body text
    card_size: float  # a card in the stacking grid
    row: float  # height of a grid row
    figure_card: float  # widest a figure's card may be

    @property
    def frame_width(self) -> float:
        return self.width - 2 * self.side

    @property
    def frame_height(self) -> float:
        return self.height - self.top - self.bottom


SHEET_PAPERS: dict[str, SheetPaper] = {
    "A4": SheetPaper("A4", *A4, side=18 * mm, top=21 * mm, bottom=17 * mm, size=9.5, card_size=11, row=6.3 * mm,
                     figure_card=20 * mm),
    "A5": SheetPaper("A5", *A5, side=12 * mm, top=16 * mm, bottom=13 * mm, size=8.3, card_size=9.2, row=5.1 * mm,
                     figure_card=14 * mm),
    "LETTER": SheetPaper("letter", *letter, side=19 * mm, top=20 * mm, bottom=16 * mm, size=9.5, card_size=11,
                         row=6.1 * mm, figure_card=19 * mm),
}


def sheet_paper(name: str) -> SheetPaper:
    try:
        return SHEET_PAPERS[name.strip().upper()]
    except KeyError:
        raise ValueError(f"unknown paper {name!r}: choose A4, A5 or letter") from None


@dataclass(frozen=True)
class Styles:
    kicker: ParagraphStyle
    title: ParagraphStyle
    number: ParagraphStyle
    meta: ParagraphStyle
    caption: ParagraphStyle
    head: ParagraphStyle
    body: ParagraphStyle
    note: ParagraphStyle
    answers_title: ParagraphStyle
    answer: ParagraphStyle
    phase: ParagraphStyle
    moves: ParagraphStyle
    move_number: ParagraphStyle


def make_styles(s: float) -> Styles:
    register_fonts()
    common = {"textColor": INK, "hyphenationLang": "", "embeddedHyphenation": 0, "alignment": TA_LEFT}
    sans = {**common, "fontName": SANS}
    return Styles(
        kicker=ParagraphStyle("kicker", **{**sans, "fontSize": 0.78 * s, "leading": 1.05 * s, "textColor": GREY}),
        title=ParagraphStyle("title", **{**common, "fontName": SERIF_BOLD, "fontSize": 1.75 * s,
                                         "leading": 2.0 * s}),
        number=ParagraphStyle("number", **{**sans, "fontName": SANS_BOLD, "fontSize": 1.45 * s,
                                           "leading": 2.0 * s, "alignment": 2}),
        meta=ParagraphStyle("meta", **{**sans, "fontSize": 0.86 * s, "leading": 1.15 * s, "textColor": GREY}),
        caption=ParagraphStyle("caption", **{**sans, "fontSize": 0.84 * s, "leading": 1.1 * s, "textColor": GREY,
                                             "alignment": TA_CENTER}),
        head=ParagraphStyle("head", **{**sans, "fontName": SANS_BOLD, "fontSize": 1.08 * s, "leading": 1.3 * s}),
        body=ParagraphStyle("body", **{**common, "fontName": SERIF, "fontSize": s, "leading": 1.32 * s}),
        note=ParagraphStyle("note", **{**common, "fontName": SERIF_ITALIC, "fontSize": s, "leading": 1.32 * s,
                                       "textColor": GREY}),
        answers_title=ParagraphStyle("answers_title", **{**common, "fontName": SERIF_BOLD, "fontSize": 1.9 * s,
                                                         "leading": 2.3 * s}, spaceAfter=0.6 * s),
        answer=ParagraphStyle("answer", **{**sans, "fontName": SANS_BOLD, "fontSize": 1.08 * s, "leading": 1.35 * s},
                              spaceBefore=1.5 * s, spaceAfter=0.45 * s, keepWithNext=1),
        phase=ParagraphStyle("phase", **{**sans, "fontName": SANS_BOLD, "fontSize": 0.86 * s, "leading": 1.1 * s,
                                         "textColor": GREY}, spaceBefore=0.5 * s, spaceAfter=0.25 * s,
                             keepWithNext=1),
        moves=ParagraphStyle("moves", **{**sans, "fontSize": 0.8 * s, "leading": 1.02 * s},
                             leftIndent=0.8 * s, firstLineIndent=-0.8 * s),
        move_number=ParagraphStyle("move_number", **{**sans, "fontSize": 0.8 * s, "leading": 1.02 * s,
                                                     "textColor": GREY, "alignment": 2}),
    )


# --- one deal's sheet ---------------------------------------------------------------------------------------------

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
SIDE_FIGURE = 0.4  # the figure's share of the width in the side layout
SIDE_GUTTER = 6 * mm
SMALLEST_FIGURE_CARD = 8.5 * mm  # a figure whose cards would come out smaller does not go side by side


class DealSheet(Flowable):
    """One deal: title, the opening figure with its caption, and the stacking order. A fixed layout.

    Stacked, the figure hangs from the top of its space and the stacking order stands on the bottom, so
    the grid is in the same place on every page whatever the figure's height. Side by side, both hang
    from the title's rule.
    """

    def __init__(self, game: Game, deal: int, paper: SheetPaper, styles: Styles, height: float, *,
                 variant_name: str | None, layout: str = "stacked", first: bool = False) -> None:
        super().__init__()
        self.game, self.deal, self.paper, self.styles = game, deal, paper, styles
        self.sheet_height, self.variant_name, self.layout, self.first = height, variant_name, layout, first

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width, self.height = self.paper.frame_width, self.sheet_height
        return self.width, self.height

    # -- measures (also used to choose the layout before any page is drawn)

    def _meta(self) -> str:
        parts = ["Одна колода, 52 карты" if self.game.packs == 1 else "Две колоды, 104 карты"]
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
        c, s, w = self.canv, self.styles, self.width
        game = self.game
        stock = stock_indices(game.id, self.deal)
        self._head()
        body_top = self.height - self.head_height()
        cards = len(stock)
        # The figure first and then the stacking order: the order a reader (and text extraction) takes them.
        if self.layout == "side":
            figure_w = SIDE_FIGURE * w
            x = figure_w + SIDE_GUTTER
            self._figure(stock, 0, figure_w, body_top, 0)
            self._stacking(stock, x, w - x, body_top - self.stacking_height(cards, w - x))
        else:
            self._figure(stock, 0, w, body_top, self.stacking_height(cards, w) + 1.4 * s.body.fontSize)
            self._stacking(stock, 0, w, 0)
        # One bookmark per deal: the outline lists them all.
        key = f"deal-{self.deal}"
        c.bookmarkHorizontal(key, 0, self.height)
        if self.first:
            c.addOutlineEntry("Расклады", key, level=0)
        c.addOutlineEntry(f"Расклад №{self.deal}", key, level=1)

    def _head(self) -> None:
        """Title and deal number on one baseline, the meta line under them, a hairline."""
        c, s, w = self.canv, self.styles, self.width
        label = f"Расклад №{NBSP}{number_ru(self.deal)}"
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

    def _figure(self, stock: Sequence[int], x: float, width: float, top: float, bottom: float) -> None:
        """The opening figure, centred in its column and hanging from ``top``; its caption under it."""
        c, s = self.canv, self.styles
        opened = opening(self.game, stock)
        figure = figure_of(self.game, opened.state)
        caption = Paragraph(typeset(opening_caption(self.game, opened)), s.caption)
        _, ch = caption.wrap(width, 100)
        room = top - bottom - ch - 0.3 * s.body.fontSize
        unit = figure_scale(figure, width, max(room, 10.0), self.paper.figure_card)
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
                c.setFillColor(RED_INK if sign in "♥♦" else INK)
                c.setFont(SANS_BOLD, size)
                c.drawString(x, base, rank)
                c.setFont(SIGNS, size)
                c.drawString(x + rw, base, sign)
        c.restoreState()


def choose_layout(game: Game, first: int, paper: SheetPaper, styles: Styles, separator: float) -> tuple[str, float]:
    """``("side", half page)`` when two deals fit a page legibly, else ``("stacked", whole page)``.

    Side by side, the stacking order must fit its column under the title and the first deal's opening
    figure must keep cards at least ``SMALLEST_FIGURE_CARD`` wide in the rest.
    """
    half = (paper.frame_height - separator) / 2
    probe = DealSheet(game, first, paper, styles, half, variant_name=None, layout="side")
    w = paper.frame_width
    figure_w = SIDE_FIGURE * w
    cards = 52 * game.packs
    body = half - probe.head_height()
    stock = stock_indices(game.id, first)
    figure = figure_of(game, opening(game, stock).state)
    caption = 3 * styles.caption.leading
    unit = figure_scale(figure, figure_w, body - caption, paper.figure_card)
    if probe.stacking_height(cards, w - figure_w - SIDE_GUTTER) <= body and unit >= SMALLEST_FIGURE_CARD:
        return "side", half
    return "stacked", paper.frame_height - 0.01


class Separator(Flowable):
    """A dashed hairline between two deals on one page: where to cut it in two."""

    def __init__(self, height: float) -> None:
        super().__init__()
        self._h = height

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width, self.height = availWidth, self._h
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.setDash([2, 2.5], 0)
        c.line(0, self.height / 2, self.width, self.height / 2)
        c.restoreState()


class DefineSummary(Flowable):
    """Zero-sized, last in the story: defines the form that page one shows, once the selection is known."""

    def __init__(self, name: str, text: Callable[[], str], style: ParagraphStyle, width: float, height: float) -> None:
        super().__init__()
        self.name, self.text, self.style, self.form_w, self.form_h = name, text, style, width, height

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        c = self.canv
        c.beginForm(self.name, 0, 0, self.form_w, self.form_h)
        para = fit_paragraph(typeset(self.text(), hyphens=False), self.style, self.form_w, self.form_h)
        _, h = para.wrap(self.form_w, self.form_h)
        para.drawOn(c, 0, self.form_h - h)
        c.endForm()


#: The smallest the summary line may be set when a long one (a variant, twenty-digit deal numbers, every
#: kind of skipped deal) would not fit its two lines at the running head's size.
SMALLEST_SUMMARY = 5.0


def fit_paragraph(markup: str, style: ParagraphStyle, width: float, height: float) -> Paragraph:
    """``markup`` in ``style``, set smaller in steps of a quarter point until it fits ``width`` × ``height``.

    The summary's form has a fixed box (page one reserves its place before the text is known); text
    beyond the box would be cut off, so it shrinks instead. Below ``SMALLEST_SUMMARY`` it is a bug.
    """
    size = style.fontSize
    while True:
        scaled = ParagraphStyle(f"{style.name}-{size:g}", parent=style, fontSize=size,
                                leading=style.leading * size / style.fontSize)
        para = Paragraph(markup, scaled)
        _, h = para.wrap(width, height)
        if h <= height + 0.01:
            return para
        if size - 0.25 < SMALLEST_SUMMARY:
            raise ValueError(f"the summary does not fit {width:.0f} × {height:.0f} pt at {SMALLEST_SUMMARY:g} pt")
        size -= 0.25


# --- the lazy story -----------------------------------------------------------------------------------------------


class LazyStory(list):
    """A story list that tops itself up from a generator of flowable chunks as the document consumes it.

    reportlab's ``build`` only ever asks ``len()`` and works on the front of the list, so keeping a few
    dozen flowables buffered is enough for its look-ahead (keep-with-next) and memory stays flat.
    """

    AHEAD = 8

    def __init__(self, chunks: Iterator[list[Flowable]]) -> None:
        super().__init__()
        self._chunks: Iterator[list[Flowable]] | None = chunks

    def _fill(self) -> None:
        while self._chunks is not None and list.__len__(self) < self.AHEAD:
            try:
                self.extend(next(self._chunks))
            except StopIteration:
                self._chunks = None

    def __len__(self) -> int:
        self._fill()
        return list.__len__(self)

    def __bool__(self) -> bool:
        return len(self) > 0


# --- the document -------------------------------------------------------------------------------------------------

SUMMARY_FORM = "pasyans-selection"


class CompactCanvas(Canvas):
    """A canvas that compresses each page's content as the page ends, rather than all of them at ``save``.

    reportlab keeps every page's operators as text until the file is written; a few hundred pages of
    moves would hold tens of megabytes. Compressed at once, a page is a few kilobytes, so memory stays
    flat for long runs. The stream written is the one reportlab itself would write (same zlib call).
    """

    def showPage(self) -> None:
        super().showPage()
        page = self._doc.Pages.pages[-1]
        stream = getattr(page, "stream", None)
        if stream and self._pageCompression and not page.Contents:
            packed = PDFStream(content=PDFZCompress.encode(stream), filters=[])
            packed.dictionary["Filter"] = PDFArray([PDFName("FlateDecode")])
            packed.__Comment__ = "page stream"
            page.Contents = packed
            page.stream = None


class SheetsDoc(BaseDocTemplate):
    """Deal pages and answer pages: a running head, page numbers, and page one's selection summary."""

    def __init__(self, file: Any, paper: SheetPaper, styles: Styles, *, game: Game, title: str) -> None:
        super().__init__(
            file, pagesize=(paper.width, paper.height), leftMargin=paper.side, rightMargin=paper.side,
            topMargin=paper.top, bottomMargin=paper.bottom, title=title, author=f"pasyans {__version__}",
            subject=title, creator=f"pasyans {__version__}", producer=f"pasyans {__version__}", invariant=1,
            initialFontName=SERIF, initialFontSize=paper.size, lang="ru-RU", displayDocTitle=1, pageCompression=1,
            keepTogetherClass=type("KeepHeadings", (KeepHeadings,), {"reserve": 3.5 * styles.moves.leading}),
        )
        self.paper, self.styles, self.game = paper, styles, game
        frame = Frame(paper.side, paper.bottom, paper.frame_width, paper.frame_height, id="text",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("deals", [frame], onPageEnd=lambda c, d: self._furniture(c, "Расклады для практики")),
            PageTemplate("answers", [frame], onPageEnd=lambda c, d: self._furniture(c, "Ответы")),
        ])

    @property
    def summary_box(self) -> tuple[float, float]:
        return self.paper.frame_width, 2.3 * self.styles.kicker.leading

    def beforeDocument(self) -> None:
        self.canv.showOutline()

    def _furniture(self, canvas: Canvas, running: str) -> None:
        p, s = self.paper, self.styles
        canvas.saveState()
        canvas.setFont(SANS, 0.78 * p.size)
        canvas.setFillColor(GREY)
        canvas.drawCentredString(p.width / 2, 0.45 * p.bottom, str(canvas.getPageNumber()))
        head_y = p.height - 0.5 * p.top
        if canvas.getPageNumber() == 1:
            _, h = self.summary_box
            canvas.translate(p.side, head_y + s.kicker.fontSize - h)
            canvas.doForm(SUMMARY_FORM)
        else:
            size = 0.72 * p.size
            canvas.setFont(SANS, size)
            text = f"{running} · «{self.game.title}»".upper()
            canvas.drawString(p.side, head_y, text, charSpace=0.1 * size)
        canvas.restoreState()


# --- answers ------------------------------------------------------------------------------------------------------


def answer_flowables(game: Game, outcome: Outcome, paper: SheetPaper, styles: Styles) -> list[Flowable]:
    """One deal's entry in the answer key: verdict; for a won deal its line by phase and the final figure."""
    s = styles
    result = outcome.result or Result.UNKNOWN
    verdict = result.verdict_ru
    line = f"Расклад №{NBSP}{number_ru(outcome.deal)} — {verdict}"
    if result is Result.WON:
        played = sum(not m.is_redeal for m in outcome.moves)
        line += f", {plural_ru(played, 'ход', 'хода', 'ходов')}"
    heading = Entry(typeset(line, hyphens=False, runt=False), s.answer, key=f"answer-{outcome.deal}",
                    outline=f"№{outcome.deal}: {verdict}", level=1)
    if result is Result.LOST:
        # A deal that plays itself (no choice at any step, as in «Кадриль») has one end, shown; a lost
        # deal with choices has none to show: every line ends somewhere else.
        stock = stock_indices(game.id, outcome.deal)
        if opening(game, stock).choice:
            return [heading]
        moves = play_out(game, stock).moves
        return [heading, KeepTogether([
            Spacer(1, 0.6 * s.body.fontSize), final_figure(game, outcome.deal, moves, paper),
            Paragraph(f"Расклад №{NBSP}{number_ru(outcome.deal)}: здесь игра останавливается, "
                      "пасьянс не вышел.", s.caption),
        ])]
    if result is not Result.WON:
        return [heading]
    story: list[Flowable] = [heading]
    groups = [group for group in phases(game, outcome.moves) if group.moves]
    for group in groups:
        if len(groups) > 1:
            story.append(Paragraph(typeset(group.title, hyphens=False, runt=False), s.phase))
        story.append(move_columns(group.moves, paper, styles))
    drawing = final_figure(game, outcome.deal, outcome.moves, paper)
    story.append(KeepTogether([
        Spacer(1, 0.6 * s.body.fontSize), drawing,
        Paragraph(f"Расклад №{NBSP}{number_ru(outcome.deal)}: конечное положение, пасьянс вышел.", s.caption),
    ]))
    return story


#: The final figure's sizes, tried in turn: (card width as a share of a deal page's, most height as a share of
#: the frame). The first at which its labels stand clear is used.
FINAL_FIGURE_SIZES = ((0.55, 0.3), (0.62, 0.35), (0.7, 0.4), (0.8, 0.45), (0.9, 0.5), (1.0, 0.55))


def final_figure(game: Game, deal: int, moves: Sequence[Move], paper: SheetPaper) -> FigureFlowable:
    """The position at the end of ``moves`` of ``deal``, small (cards about half a deal page's, at most 0.3
    of the frame high) — or larger, when a tall figure drawn so small would run its labels into each other
    (they never go below a legible size, so they grow against the cards)."""
    stock = stock_indices(game.id, deal)
    last = next((m for m in reversed(moves) if not m.is_redeal), None)
    figure = figure_of(game, final_state(game, stock, moves), last_move=last)
    for card_share, height_share in FINAL_FIGURE_SIZES:
        card, height = card_share * paper.figure_card, height_share * paper.frame_height
        if labels_clear(figure, figure_scale(figure, paper.frame_width, height, card)):
            break
    return FigureFlowable(figure, max_width=paper.frame_width, max_height=height, card_width=card)


def move_columns(moves: Sequence[tuple[int, str, int]], paper: SheetPaper, styles: Styles) -> Flowable:
    """Numbered moves in balanced columns (four on A4 and letter, three on A5), read down then across."""
    return MoveList([(number, text) for number, text, _ in moves], styles.moves.fontSize, styles.moves.leading,
                    columns=3 if paper.frame_width < 400 else 4, gap=1.2 * styles.body.fontSize)


def _sign_runs(text: str) -> list[tuple[str, str, bool]]:
    """``text`` cut into (font, piece, red) runs: PT Sans, and the signs font (♥ ♦ red) for what PT Sans lacks."""
    runs: list[tuple[str, str, bool]] = []
    for char in text:
        font = SIGNS if char in "♠♣♥♦→" else SANS
        red = char in "♥♦"
        if runs and runs[-1][0] == font and runs[-1][2] == red:
            runs[-1] = (font, runs[-1][1] + char, red)
        else:
            runs.append((font, char, red))
    return runs


def _runs_width(runs: Sequence[tuple[str, str, bool]], size: float) -> float:
    return sum(stringWidth(piece, font, size) for font, piece, _ in runs)


class MoveList(Flowable):
    """Numbered moves in balanced columns, read down then across, that split into balanced blocks per page.

    Drawn as plain strings (no paragraphs, no table): a long line of a two-pack game is hundreds of moves
    and this stays fast. Each column's moves are drawn top to bottom, so text extraction keeps their order.
    Fewer columns are used when the widest move would not fit.
    """

    def __init__(self, moves: Sequence[tuple[int, str]], size: float, leading: float, *, columns: int,
                 gap: float) -> None:
        super().__init__()
        self.moves, self.size, self.leading, self.max_columns, self.gap = list(moves), size, leading, columns, gap
        self.columns = columns
        self._runs = [_sign_runs(text) for _, text in self.moves]
        widest = max((len(str(n)) for n, _ in self.moves), default=1)
        self.number_width = stringWidth("0" * widest + ".", SANS, size)
        self.text_width = max((_runs_width(r, size) for r in self._runs), default=0.0)

    def _fit_columns(self, width: float) -> int:
        pad = 0.35 * self.size
        for columns in range(self.max_columns, 0, -1):
            if (width + self.gap) / columns - self.gap >= self.number_width + pad + self.text_width:
                return columns
        return 1

    def _rows(self, count: int) -> int:
        return -(-count // self.columns)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.columns = self._fit_columns(availWidth)
        self.width, self.height = availWidth, self._rows(len(self.moves)) * self.leading
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self.wrap(availWidth, availHeight)
        rows = int(availHeight // self.leading)
        count = min(len(self.moves), rows * self.columns)
        # Neither part thinner than two rows: no lone row of moves at the foot or the head of a page.
        count = min(count, len(self.moves) - 2 * self.columns)
        if count < 2 * self.columns:
            return []
        make = type(self)
        return [make(self.moves[:count], self.size, self.leading, columns=self.max_columns, gap=self.gap),
                make(self.moves[count:], self.size, self.leading, columns=self.max_columns, gap=self.gap)]

    def draw(self) -> None:
        rows = self._rows(len(self.moves))
        column_width = (self.width + self.gap) / self.columns
        pad = 0.35 * self.size
        text = Text(self.canv.beginText())
        for i, ((number, _), runs) in enumerate(zip(self.moves, self._runs, strict=True)):
            column, row = divmod(i, rows)
            x = column * column_width
            y = self.height - (row + 1) * self.leading + 0.24 * self.leading
            label = f"{number}."
            text.at(x + self.number_width - stringWidth(label, SANS, self.size), y)
            text.put(label, SANS, self.size, GREY)
            text.at(x + self.number_width + pad, y)
            for font, piece, red in runs:
                text.put(piece, font, self.size, RED_INK if red else INK)
        self.canv.drawText(text.obj)


class Text:
    """One PDF text object for many short strings: fonts and colours are set only when they change.

    A ``drawString`` per piece costs a text object each; a page of four hundred moves is far quicker so.
    """

    def __init__(self, obj: Any) -> None:
        self.obj = obj
        self.font: tuple[str, float] | None = None
        self.colour: Any = None

    def at(self, x: float, y: float) -> None:
        self.obj.setTextOrigin(x, y)

    def put(self, piece: str, font: str, size: float, colour: Any) -> None:
        if self.font != (font, size):
            self.obj.setFont(font, size)
            self.font = (font, size)
        if self.colour is not colour:
            self.obj.setFillColor(colour)
            self.colour = colour
        self.obj.textOut(piece)


class KeepHeadings(KeepWithNext):
    """The book's keep-with-next, taught that a ``MoveList`` splits: a heading stays if a few rows follow it."""

    def split(self, aW: float, aH: float) -> list[Flowable]:
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        last = self._content[-1]
        if aH < self._H and isinstance(last, MoveList):
            _, last_height = last.wrapOn(self.canv, aW, aH)
            head = self._H - last_height
            if last_height > self.reserve and aH >= head + self.reserve:
                return self._content[:]
        return super().split(aW, aH)


class Entry(Paragraph):
    """A heading that marks its place and lists itself in the PDF outline when drawn; never split."""

    def __init__(self, markup: str, style: ParagraphStyle, *, key: str, outline: str, level: int) -> None:
        super().__init__(markup, style)
        self.key, self.outline, self.level = key, outline, level

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        return []

    def draw(self) -> None:
        self.canv.bookmarkHorizontal(self.key, 0, self.height + self.style.leading * 0.5)
        self.canv.addOutlineEntry(self.outline, self.key, level=self.level)
        super().draw()


# --- the whole document -------------------------------------------------------------------------------------------


def summary_text(game: Game, selection: Selection, answers: bool, variant_name: str | None = None) -> str:
    """Page one's line: which deals these are and, for a selection, how many numbers were passed over."""
    first, last = selection.first, selection.last
    title = f"«{game.title}»" + (f", вариант «{variant_name}»" if variant_name else "")
    if selection.mode == "all" and first == last:
        text = f"{title}: расклад №{number_ru(first)}."
    elif selection.mode == "all":
        text = f"{title}: {plural_ru(len(selection.kept), 'расклад', 'расклада', 'раскладов')} подряд, "
        text += f"с №{number_ru(first)} по №{number_ru(last)}."
    else:
        kind = "выходящие" if selection.mode == "winnable" else "невыходящие (проигрыш доказан программой)"
        span = f"№{number_ru(first)}" if first == last else f"с №{number_ru(first)} по №{number_ru(last)}"
        text = (f"{title}: только {kind} расклады, {len(selection.kept)} из "
                f"{plural_ru(selection.scanned, 'номера', 'номеров', 'номеров')} {span}; "
                f"пропущено {plural_ru(selection.skipped, 'номер', 'номера', 'номеров')}")
        reasons = []
        for result in Result:
            n = selection.results[result]
            if n and result is not KEEP[selection.mode]:
                word = result.verdict_ru if result is not Result.UNKNOWN else \
                    f"не решено за {positions_ru(selection.positions)}"
                reasons.append(f"{word} — {number_ru(n)}")
        if reasons:
            text += " (" + ", ".join(reasons) + ")"
        text += "."
    text += " Ответы — в конце." if answers else ""
    return text


def build_sheets(
    spec: str,
    file: Any,
    *,
    first: int = 1,
    count: int = 10,
    mode: str = "all",
    answers: bool = True,
    paper: str = "A4",
    positions: int = POSITIONS,
    jobs: int = 1,
    on_progress: Callable[[Selection], None] | None = None,
) -> Selection:
    """Write the sheets for ``spec`` to ``file`` (a binary file object).

    ``positions`` is the solver's limit per deal (positions searched, no clock: the bytes do not depend on the
    machine). Returns the selection (what was scanned and kept); ``SelectionError`` when too few deals qualify.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}")
    game = make_game(spec)
    chosen = sheet_paper(paper)
    styles = make_styles(chosen.size)
    vname = variant_ru(game.id, game.variant) if game.variant else None
    selection = Selection(mode, first, count, positions)
    solve_deals = answers or mode != "all"
    outcomes = select(game.full_id, selection, solve_deals=solve_deals, jobs=jobs, on_progress=on_progress)

    separator = 7 * mm
    layout, sheet_height = choose_layout(game, first, chosen, styles, separator)
    two_up = layout == "side"

    def chunks() -> Iterator[list[Flowable]]:
        yield [NextPageTemplate("deals")]
        for n, outcome in enumerate(outcomes):
            chunk: list[Flowable] = []
            if two_up and n % 2:
                chunk.append(Separator(separator - 0.01))
            chunk.append(DealSheet(game, outcome.deal, chosen, styles, sheet_height, variant_name=vname,
                                   layout=layout, first=n == 0))
            yield chunk
        if answers:
            yield [NextPageTemplate("answers"), PageBreak(), *answers_intro(game, selection, styles)]
            for outcome in selection.kept:
                yield answer_flowables(game, outcome, chosen, styles)
        w, h = doc.summary_box
        yield [DefineSummary(SUMMARY_FORM, lambda: summary_text(game, selection, answers, vname), styles.kicker, w, h)]

    title = f"«{game.title}»: расклады для практики"
    doc = SheetsDoc(file, chosen, styles, game=game, title=title)
    doc.build(LazyStory(chunks()), canvasmaker=CompactCanvas)
    return selection


def answers_intro(game: Game, selection: Selection, styles: Styles) -> list[Flowable]:
    s = styles
    n = selection.positions
    text = ("Решения искала программа, которая знает порядок карт в колоде. Отведённое ей время измеряется "
            "не секундами, а позициями (расположениями карт, которые она рассматривает): на каждый расклад — "
            f"не больше {plural_ru(n, 'позиции', 'позиций', 'позиций')}, поэтому ответы одни и те же на любом "
            "компьютере. «Выходит» — найден выигрыш, он записан ход за ходом; «не выходит» — программа "
            "перебрала все возможности и выигрыша нет; «не решено за отведённое время» — за "
            f"{positions_ru(n)} программа не нашла ни выигрыша, ни доказательства, что его нет. Ход записан "
            "так: карта, откуда она взята и куда легла.")
    counts = selection.results
    tally = ", ".join(f"{r.verdict_ru} — {number_ru(counts[r])}" for r in Result if counts[r])
    story: list[Flowable] = [
        Entry("Ответы", s.answers_title, key="answers", outline="Ответы", level=0),
        Paragraph(typeset(text), s.body),
    ]
    if selection.mode == "all" and tally:
        story.append(Spacer(1, 0.4 * s.body.fontSize))
        story.append(Paragraph(typeset(f"Итог: {tally}."), s.body))
    return story


def build_sheets_bytes(spec: str, **options: Any) -> bytes:
    """The sheets as PDF bytes (tests, small runs)."""
    buffer = io.BytesIO()
    build_sheets(spec, buffer, **options)
    return buffer.getvalue()
