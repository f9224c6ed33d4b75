"""Pages of the book: paper sizes, page templates, running heads, contents and PDF outline.

A :class:`BookDoc` is a reportlab ``BaseDocTemplate`` with three page
templates: ``cover`` (the whole page is the cover painter's), ``front``
(contents: page number only) and ``body`` (chapters and appendix: the running
title of the current chapter on top, the page number below; a chapter's
opening page has no running title). A :class:`Heading` is a paragraph that
registers itself, once drawn, in the contents (:class:`Contents`) and in the
PDF outline with the same title, level and target, so the bookmarks mirror the
contents exactly. ``multiBuild`` repeats the layout until the page numbers in
the contents are stable.

Same inputs, same bytes: the document is built in reportlab's invariant mode,
whose dates come from ``SOURCE_DATE_EPOCH`` when it is set and are otherwise
fixed (2000-01-01 00:00 UTC); nothing else in the file depends on the clock,
the machine or the output path.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.lib.pagesizes import A4, A5, letter
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageBreak, PageTemplate, Paragraph, Table, TableStyle
from reportlab.platypus.doctemplate import IndexingFlowable
from reportlab.platypus.flowables import Flowable, KeepTogether

from generator.pdf.fonts import SANS, SERIF
from generator.pdf.styles import Styles


@dataclass(frozen=True)
class Paper:
    """A paper size with the margins and body size that suit it."""

    name: str
    width: float
    height: float
    side: float  # left and right margins: the book is printed one-sided, so they are equal
    top: float
    bottom: float
    body: float  # body text size, points
    leading: float
    head: float  # baseline of the running title, from the top edge
    foot: float  # baseline of the page number, from the bottom edge

    @property
    def text_width(self) -> float:
        return self.width - 2 * self.side

    @property
    def text_height(self) -> float:
        return self.height - self.top - self.bottom


#: Measure about 65–70 characters of PT Serif on every paper.
PAPERS: dict[str, Paper] = {
    "A4": Paper("A4", *A4, side=40 * mm, top=28 * mm, bottom=30 * mm, body=11, leading=15.4,
                head=17 * mm, foot=17 * mm),
    "A5": Paper("A5", *A5, side=19 * mm, top=20 * mm, bottom=22 * mm, body=9.4, leading=13,
                head=11.5 * mm, foot=11 * mm),
    "LETTER": Paper("letter", *letter, side=41 * mm, top=26 * mm, bottom=28 * mm, body=11, leading=15.4,
                    head=16 * mm, foot=16 * mm),
}


def paper_named(name: str) -> Paper:
    """The paper called ``name`` (A4, A5 or letter, any case); ``ValueError`` names the choices."""
    try:
        return PAPERS[name.strip().upper()]
    except KeyError:
        raise ValueError(f"unknown paper {name!r}: choose A4, A5 or letter") from None


def source_date_epoch() -> int | None:
    """``SOURCE_DATE_EPOCH`` as an integer, ``None`` when unset; ``ValueError`` when it is not a whole number."""
    text = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not text:
        return None
    if not text.isdigit():
        raise ValueError(f"SOURCE_DATE_EPOCH must be a whole number of seconds, not {text!r}")
    return int(text)


def grid(rows: list[list[Any]], widths: list[float], commands: list[tuple] | tuple = (), *,
         font_size: float = 10) -> Table:
    """A left-aligned Table with no padding, whose base font is PT Serif.

    reportlab's default cell font is Helvetica; a table that never draws a text
    cell still names it in the page resources, and ``pdffonts`` would list an
    unembedded font. Every table of the book goes through here.
    """
    style = [
        ("FONT", (0, 0), (-1, -1), SERIF, font_size),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        *commands,
    ]
    table = Table(rows, colWidths=widths, style=TableStyle(style))
    table.hAlign = "LEFT"
    return table


class Heading(Paragraph):
    """A heading that goes into the contents and the PDF outline when it is drawn.

    ``outline`` is the plain-text title (no markup) for the outline; ``toc`` the
    markup for the contents (``None``: not listed there, outline only);
    ``running`` (chapters only) becomes the running title of the pages after it.
    """

    def __init__(self, markup: str, style: Any, *, key: str, level: int, outline: str, toc: str | None = "",
                 running: str | None = None) -> None:
        super().__init__(markup, style)
        self.key, self.level, self.outline, self.running = key, level, outline, running
        self.toc = markup if toc == "" else toc

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """Never split a heading: it moves whole to the next page."""
        return []

    def draw(self) -> None:
        self.canv.bookmarkHorizontal(self.key, 0, self.height + self.style.leading * 0.5)
        super().draw()


class MoveColumns(Flowable):
    """Numbered moves in balanced columns, read down then across, that split cleanly across pages.

    A plain table split by rows would leave page one with the top of every
    column; here each page gets its own balanced block of consecutive moves.
    Numbers sit right-aligned in their own narrow column, so the moves align.
    """

    def __init__(self, numbers: list[Paragraph], moves: list[Paragraph], columns: int, number_width: float,
                 gap: float, font_size: float) -> None:
        super().__init__()
        self.numbers, self.moves, self.columns = numbers, moves, columns
        self.number_width, self.gap, self.font_size = number_width, gap, font_size
        self._table: Table | None = None
        self._wrapped_width = self._heights_width = -1.0
        self._heights: list[float] = []

    def _block(self, count: int, width: float) -> Table:
        rows = -(-count // self.columns)
        column = (width + self.gap) / self.columns
        widths = [self.number_width, column - self.number_width] * self.columns
        data: list[list[Any]] = []
        for r in range(rows):
            row: list[Any] = []
            for c in range(self.columns):
                i = c * rows + r
                row += [self.numbers[i], self.moves[i]] if i < count else ["", ""]
            data.append(row)
        commands: list[tuple] = [("VALIGN", (0, 0), (-1, -1), "TOP"),
                                 ("BOTTOMPADDING", (0, 0), (-1, -1), 0.14 * self.font_size)]
        for c in range(self.columns):  # the move cells: a little air after the number, the gutter after the move
            commands += [("LEFTPADDING", (2 * c + 1, 0), (2 * c + 1, -1), 0.3 * self.font_size),
                         ("RIGHTPADDING", (2 * c + 1, 0), (2 * c + 1, -1), self.gap)]
        return grid(data, widths, commands, font_size=self.font_size)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        # The block's height does not depend on availHeight: build and measure it once per width.
        if self._table is None or self._wrapped_width != availWidth:
            self._table = self._block(len(self.moves), availWidth)
            self.width, self.height = self._table.wrapOn(self.canv, availWidth, availHeight)
            self._wrapped_width = availWidth
        return self.width, self.height

    def _row_heights(self, width: float) -> list[float]:
        """Height of each move's row cell pair at ``width``, as the table will set it (measured once per width)."""
        if self._heights_width != width:
            column = (width + self.gap) / self.columns
            text_width = column - self.number_width - 0.3 * self.font_size - self.gap
            pad = 0.14 * self.font_size
            self._heights = [max(n.wrap(self.number_width, 1e6)[1], m.wrap(text_width, 1e6)[1]) + pad
                             for n, m in zip(self.numbers, self.moves, strict=True)]
            self._heights_width = width
        return self._heights

    def _estimate(self, count: int, width: float) -> float:
        """The height of a balanced block of the first ``count`` moves, by arithmetic (no table built)."""
        heights = self._row_heights(width)
        rows = -(-count // self.columns)
        return sum(max(heights[c * rows + r] for c in range(self.columns) if c * rows + r < count)
                   for r in range(rows))

    def _fits(self, low: int, width: float, height: float) -> bool:
        count = min(len(self.moves), low * self.columns)
        return self._block(count, width).wrapOn(self.canv, width, height)[1] <= height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        low, high = 0, len(self.moves)  # the most rows whose balanced block fits, found by arithmetic …
        while low < high:
            mid = (low + high + 1) // 2
            if self._estimate(min(len(self.moves), mid * self.columns), availWidth) <= availHeight:
                low = mid
            else:
                high = mid - 1
        while low > 0 and not self._fits(low, availWidth, availHeight):  # … and checked by the table itself
            low -= 1
        count = min(len(self.moves), low * self.columns)
        # Neither part thinner than two rows: no lone row of moves at the foot or the head of a page.
        count = min(count, len(self.moves) - 2 * self.columns)
        if count < 2 * self.columns:
            return []
        make = type(self)
        return [
            make(self.numbers[:count], self.moves[:count], self.columns, self.number_width, self.gap, self.font_size),
            make(self.numbers[count:], self.moves[count:], self.columns, self.number_width, self.gap, self.font_size),
        ]

    def draw(self) -> None:
        self._table.drawOn(self.canv, 0, 0)


class KeepWithNext(KeepTogether):
    """What ``keepWithNext`` builds: headings kept with the start of what follows, not with all of it.

    reportlab's own group moves a heading *and the whole next paragraph* to the
    next page when the paragraph does not fit, leaving a hole. Here, when the
    group ends in a paragraph, it stays if the page still holds the headings
    and ``reserve`` of that paragraph (a few lines: the paragraph splits, and
    its orphan control keeps at least two lines); otherwise it moves whole.
    """

    reserve = 40.0  # points; BookDoc sets three lines of its body

    def split(self, aW: float, aH: float) -> list[Flowable]:
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        last = self._content[-1]
        if aH < self._H and isinstance(last, Paragraph | MoveColumns) and not isinstance(last, Heading):
            _, last_height = last.wrapOn(self.canv, aW, aH)
            head = self._H - last_height - last.getSpaceBefore()
            if last_height > self.reserve and aH >= head + last.getSpaceBefore() + self.reserve:
                return self._content[:]
        return super().split(aW, aH)


class Float(KeepTogether):
    """A figure with its caption, kept together, that may float to the top of the next page.

    When it does not fit in what is left of the page, :class:`BookDoc` lets the
    text after it (move lists, small headings) go on filling the page and sets
    the figure at the top of the next one, as books do, instead of leaving half
    a page blank. It never floats past a section heading, a page break or
    another figure: there it is set at once, on a new page if need be.
    """


def _float_may_pass(flowable: Flowable) -> bool:
    """Whether a waiting figure may let ``flowable`` go first: running text and frame breaks, not a heading, a page
    break (a new chapter) or another figure."""
    if isinstance(flowable, Heading | Float | PageBreak):
        return False
    if isinstance(flowable, KeepTogether):
        return all(_float_may_pass(item) for item in flowable._content)
    return True


class Contents(IndexingFlowable):
    """The contents page: one row per heading, dot leaders, page numbers right, each row a link."""

    def __init__(self, styles: Styles) -> None:
        super().__init__()
        self.styles = styles
        self._entries: list[tuple[int, str, int, str]] = []
        self._last: list[tuple[int, str, int, str]] = []
        self._table: Table | None = None

    def notify(self, kind: str, stuff: Any) -> None:
        if kind == "TOCEntry":
            self._entries.append(tuple(stuff))

    def beforeBuild(self) -> None:
        self._last, self._entries = self._entries, []

    def isSatisfied(self) -> bool:
        return self._entries == self._last

    def _leader(self, canvas: Canvas, kind: str, label: str) -> None:
        """Dots from the end of the title to the page-number column, on a grid so they line up row to row."""
        level = int(label)
        style = self.styles.toc[min(level, len(self.styles.toc) - 1)]
        x, y = canvas._curr_tx_info["cur_x"], canvas._curr_tx_info["cur_y"]
        step = 0.6 * self.styles.size
        start = math.ceil((x + 0.6 * step) / step) * step
        end = self._title_width - 0.5 * step
        canvas.saveState()
        canvas.setFillColor(self.styles.rule_colour)
        radius = 0.045 * style.fontSize
        pos = start
        while pos <= end:
            canvas.circle(pos, y + 0.22 * style.fontSize, radius, stroke=0, fill=1)
            pos += step
        canvas.restoreState()

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.canv.setNamedCB("contentsLeader", self._leader)
        number_width = 2.6 * self.styles.size
        self._title_width = availWidth - number_width
        rows, commands = [], []
        entries = self._last or [(0, "", 0, "")]
        for row, (level, text, page, key) in enumerate(entries):
            style = self.styles.toc[min(level, len(self.styles.toc) - 1)]
            number_style = style.clone(f"{style.name}-page", alignment=2, leftIndent=0, rightIndent=0,
                                       firstLineIndent=0)
            title = f'<a href="#{key}">{text}</a><onDraw name="contentsLeader" label="{level}"/>' if key else text
            rows.append([Paragraph(title, style), Paragraph(f'<a href="#{key}">{page}</a>', number_style)])
            if style.spaceBefore and row:
                commands.append(("TOPPADDING", (0, row), (-1, row), style.spaceBefore))
        self._table = grid(rows, [self._title_width, number_width], [("VALIGN", (0, 0), (-1, -1), "BOTTOM"), *commands],
                           font_size=self.styles.size)
        self._table.canv = self.canv
        self.width, self.height = self._table.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self.wrap(availWidth, availHeight)
        return self._table.splitOn(self.canv, availWidth, availHeight)

    def drawOn(self, canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:
        self._table.drawOn(canvas, x, y, _sW)


CoverPainter = Callable[[Canvas, "BookDoc"], None]


class BookDoc(BaseDocTemplate):
    """The rulebook's document: page templates, running titles, contents entries and outline."""

    def __init__(self, file: Any, paper: Paper, styles: Styles, *, cover: CoverPainter | None = None,
                 title: str = "", subject: str = "", creator: str = "") -> None:
        super().__init__(
            file,
            pagesize=(paper.width, paper.height),
            leftMargin=paper.side, rightMargin=paper.side, topMargin=paper.top, bottomMargin=paper.bottom,
            title=title, author=creator, subject=subject, creator=creator, producer=creator,
            invariant=1, initialFontName=SERIF, initialFontSize=paper.body, lang="ru-RU",
            displayDocTitle=1, pageCompression=1,
            keepTogetherClass=type("KeepWithNext", (KeepWithNext,), {"reserve": 3.2 * paper.leading}),
        )
        self.paper, self.styles, self.cover = paper, styles, cover
        self.running_title: str | None = None
        self.opening_page = 0
        text = Frame(paper.side, paper.bottom, paper.text_width, paper.text_height, id="text",
                     leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        whole = Frame(0, 0, paper.width, paper.height, id="whole", leftPadding=0, rightPadding=0, topPadding=0,
                      bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("cover", [whole], onPage=self._paint_cover),
            PageTemplate("front", [text], onPageEnd=self._paint_folio),
            PageTemplate("body", [text], onPageEnd=self._paint_head_and_folio),
        ])

    def beforeDocument(self) -> None:
        self.running_title, self.opening_page = None, 0
        self._floats: list[Float] = []  # figures waiting for the next page (see Float)
        self._floated: set[int] = set()  # ids of figures that waited once: they are set as they come
        self.canv.showOutline()

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        """reportlab's handling, plus floating figures: a :class:`Float` that does not fit waits for the next page."""
        frame = getattr(self, "frame", None)
        if frame is None or not flowables:
            super().handle_flowable(flowables)
            return
        if self._floats and (frame._atTop or len(flowables) < 2 or not _float_may_pass(flowables[0])):
            flowables[0:0], self._floats = self._floats, []
        head = flowables[0]
        if isinstance(head, Float) and id(head) not in self._floated and len(flowables) > 1 \
                and _float_may_pass(flowables[1]) and not frame._atTop:
            head.wrapOn(self.canv, frame._getAvailableWidth(), frame._aH)
            needed = head._H  # KeepTogether.wrap answers a huge height to force a split; _H is the real one
            if needed > frame._y - frame._y1p:
                self._floated.add(id(head))
                self._floats.append(flowables.pop(0))
                return
        super().handle_flowable(flowables)

    def afterFlowable(self, flowable: Flowable) -> None:
        if not isinstance(flowable, Heading):
            return
        page = self.canv.getPageNumber()
        if flowable.toc is not None:
            self.notify("TOCEntry", (flowable.level, flowable.toc, page, flowable.key))
        self.canv.addOutlineEntry(flowable.outline, flowable.key, level=flowable.level, closed=False)
        if flowable.running is not None:
            self.running_title, self.opening_page = flowable.running, page

    # --- page furniture ---------------------------------------------------------------------------------------

    def _paint_cover(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        if self.cover:
            canvas.saveState()
            self.cover(canvas, self)
            canvas.restoreState()

    def _paint_folio(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(SERIF, 0.88 * self.paper.body)
        canvas.setFillColor(self.styles.ink)
        canvas.drawCentredString(self.paper.width / 2, self.paper.foot, str(canvas.getPageNumber()))
        canvas.restoreState()

    def _paint_head_and_folio(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        self._paint_folio(canvas, doc)
        if not self.running_title or canvas.getPageNumber() == self.opening_page:
            return
        canvas.saveState()
        size = 0.72 * self.paper.body
        canvas.setFont(SANS, size)
        canvas.setFillColor(self.styles.grey)
        canvas.drawCentredString(self.paper.width / 2, self.paper.height - self.paper.head,
                                 self.running_title.upper(), charSpace=0.12 * size)
        canvas.restoreState()
