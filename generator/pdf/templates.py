"""Page templates: the book's and the sheets' documents, the book's contents, and a canvas that keeps memory flat.

A :class:`BookDoc` has three page templates: ``cover`` (the whole page is the
cover painter's), ``front`` (contents: page number only) and ``body``
(chapters and appendix: the running title of the current chapter on top, the
page number below; a chapter's opening page has no running title). A
:class:`~generator.pdf.flowables.Heading`, once drawn, goes into the contents
(:class:`Contents`) and the PDF outline with the same title, level and target,
so the bookmarks mirror the contents exactly; ``multiBuild`` repeats the
layout until the page numbers in the contents are stable.

A :class:`SheetsDoc` has two, ``deals`` and ``answers``: a running head, page
numbers, and on page one a summary drawn as a form defined at the end of the
story (:class:`~generator.pdf.flowables.LateForm`).

Same inputs, same bytes: documents are built in reportlab's invariant mode,
whose dates come from ``SOURCE_DATE_EPOCH`` when it is set and are otherwise
fixed (2000-01-01 00:00 UTC); nothing else in the file depends on the clock,
the machine or the output path.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Literal

from reportlab.pdfbase.pdfdoc import PDFArray, PDFName, PDFStream, PDFZCompress
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Table
from reportlab.platypus.doctemplate import IndexingFlowable
from reportlab.platypus.flowables import Flowable

from generator import __version__
from generator.pdf.flowables import Float, Heading, KeepWithNext, Text, float_may_pass
from generator.pdf.fonts import SANS, SERIF
from generator.pdf.palette import GREY, INK, RULE
from generator.pdf.paper import BookPage, Page, SheetPage
from generator.pdf.styles import BookStyles, SheetStyles
from generator.pdf.tables import grid

CREATOR = f"pasyans {__version__}"


def source_date_epoch() -> int | None:
    """``SOURCE_DATE_EPOCH`` as an integer, ``None`` when unset; ``ValueError`` when it is not a whole number."""
    text = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not text:
        return None
    if not text.isdigit():
        raise ValueError(f"SOURCE_DATE_EPOCH must be a whole number of seconds, not {text!r}")
    return int(text)


def _options(page: Page, *, title: str, subject: str, font_size: float, reserve: float) -> dict[str, Any]:
    """What every document of pasyans sets: the page, its metadata, invariant dates, Russian, compression, and
    a keep-with-next group that keeps ``reserve`` points of what follows a heading."""
    return {
        "pagesize": (page.width, page.height), "leftMargin": page.side, "rightMargin": page.side,
        "topMargin": page.top, "bottomMargin": page.bottom,
        "title": title, "author": CREATOR, "subject": subject, "creator": CREATOR, "producer": CREATOR,
        "invariant": 1, "initialFontName": SERIF, "initialFontSize": font_size, "lang": "ru-RU",
        "displayDocTitle": 1, "pageCompression": 1,
        "keepTogetherClass": type("KeepWithNext", (KeepWithNext,), {"reserve": reserve}),
    }


def _frame(page: Page) -> Frame:
    return SketchFrame(page.side, page.bottom, page.frame_width, page.frame_height, id="text",
                       leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)


class SketchFrame(Frame):
    """A frame that, while its document sketches (a layout pass whose page is thrown away), places flowables without
    drawing them: where each lands, and so every page number, is the same as when it is drawn."""

    def add(self, flowable: Flowable, canv: Canvas, trySplit: int = 0) -> Literal[0, 1]:
        if not getattr(getattr(canv, "_doctemplate", None), "sketching", False):
            return super().add(flowable, canv, trySplit)
        try:
            flowable.drawOn = _no_drawing  # type: ignore[method-assign]  # this pass only: its canvas is discarded
        except AttributeError:  # a graphics Drawing takes no new attribute: it is drawn (to the thrown-away page)
            return super().add(flowable, canv, trySplit)
        try:
            return super().add(flowable, canv, trySplit)
        finally:
            del flowable.drawOn


def _no_drawing(*args: Any, **kwargs: Any) -> None:
    return None


# --- the book -----------------------------------------------------------------------------------------------------


class Contents(IndexingFlowable):
    """The contents page: one row per heading, dot leaders, page numbers right, each row a link."""

    def __init__(self, styles: BookStyles) -> None:
        super().__init__()
        self.styles = styles
        self._entries: list[tuple[int, str, int, str]] = []
        self._last: list[tuple[int, str, int, str]] = []
        self._table: Table | None = None
        self._table_for: tuple[float, list[tuple[int, str, int, str]]] | None = None  # the measure and rows it has
        self._title_width = 0.0

    def notify(self, kind: str, stuff: Any) -> None:
        if kind == "TOCEntry":
            level, text, page, key = stuff
            self._entries.append((level, text, page, key))

    def expect(self, story: Sequence[Flowable]) -> None:
        """Take the rows from the story's headings before the first pass (their page numbers are not known yet):
        that pass then sets the contents at their full height, every page after them already where it will stay,
        and the second pass, with the numbers, is the last. Without this, the empty contents of the first pass
        pull the next heading onto their page and a third pass is needed."""
        def headings(flowables: Sequence[Flowable]) -> Iterator[Heading]:
            for flowable in flowables:
                if isinstance(flowable, Heading):
                    yield flowable
                yield from headings(getattr(flowable, "_content", None) or [])

        self._entries = [(h.level, h.toc, 0, h.key) for h in headings(story) if h.toc is not None]
        self.expected = True

    expected = False  #: whether the rows were taken from the story before the first pass (:meth:`expect`)

    def beforeBuild(self) -> None:
        self._last, self._entries = self._entries, []

    def isSatisfied(self) -> bool:
        return self._entries == self._last

    def _leader(self, canvas: Canvas, kind: str | None, label: str) -> None:
        """Dots from the end of the title to the page-number column, on a grid so they line up row to row."""
        level = int(label)
        style = self.styles.toc[min(level, len(self.styles.toc) - 1)]
        info = canvas._curr_tx_info  # type: ignore[attr-defined]  # where the text drawing the callback stands
        x, y = info["cur_x"], info["cur_y"]
        step = 0.6 * self.styles.size
        start = math.ceil((x + 0.6 * step) / step) * step
        end = self._title_width - 0.5 * step
        canvas.saveState()
        canvas.setFillColor(RULE)
        radius = 0.045 * style.fontSize
        pos = start
        while pos <= end:
            canvas.circle(pos, y + 0.22 * style.fontSize, radius, stroke=0, fill=1)
            pos += step
        canvas.restoreState()

    def _wrapped(self) -> Table:
        assert self._table is not None, "the contents are drawn after they are wrapped"
        return self._table

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.canv.setNamedCB("contentsLeader", self._leader)
        number_width = 2.6 * self.styles.size
        self._title_width = availWidth - number_width
        entries = self._last or [(0, "", 0, "")]
        # A keep-with-next group wraps the contents, then the frame does, at the same width and with the same rows:
        # the table made for them serves again (its cells keep their lines, see Text).
        if self._table is None or self._table_for != (availWidth, entries):
            rows, commands = [], []
            for row, (level, text, page, key) in enumerate(entries):
                style = self.styles.toc[min(level, len(self.styles.toc) - 1)]
                number_style = style.clone(f"{style.name}-page", alignment=2, leftIndent=0, rightIndent=0,
                                           firstLineIndent=0)
                title = f'<a href="#{key}">{text}</a><onDraw name="contentsLeader" label="{level}"/>' if key else text
                rows.append([Text(title, style), Text(f'<a href="#{key}">{page}</a>', number_style)])
                if style.spaceBefore and row:
                    commands.append(("TOPPADDING", (0, row), (-1, row), style.spaceBefore))
            self._table = grid(rows, [self._title_width, number_width],
                               [("VALIGN", (0, 0), (-1, -1), "BOTTOM"), *commands], font_size=self.styles.size)
            self._table_for = (availWidth, list(entries))
        self._table.canv = self.canv
        self.width, self.height = self._table.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self.wrap(availWidth, availHeight)
        parts: list[Flowable] = self._wrapped().splitOn(self.canv, availWidth, availHeight)
        return parts

    def drawOn(self, canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:
        self._wrapped().drawOn(canvas, x, y, _sW)  # type: ignore[call-arg]  # Table.drawOn takes _sW


CoverPainter = Callable[[Canvas, "BookDoc"], None]


class BookDoc(BaseDocTemplate):
    """The rulebook's document: page templates, running titles, contents entries and floating figures."""

    def __init__(self, file: Any, page: BookPage, *, cover: CoverPainter | None = None, title: str = "",
                 subject: str = "") -> None:
        super().__init__(file, **_options(page, title=title, subject=subject, font_size=page.body,
                                          reserve=3.2 * page.leading))
        self.paper, self.cover = page, cover  # not self.page: reportlab counts pages there
        self.running_title: str | None = None
        self.opening_page = 0
        self._floats: list[Flowable] = []
        self._floated: set[int] = set()
        text = _frame(page)
        whole = Frame(0, 0, page.width, page.height, id="whole", leftPadding=0, rightPadding=0, topPadding=0,
                      bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("cover", [whole], onPage=self._paint_cover),
            PageTemplate("front", [text], onPageEnd=self._paint_folio),
            PageTemplate("body", [text], onPageEnd=self._paint_head_and_folio),
        ])

    #: Whether this layout pass only places the flowables (see :class:`SketchFrame`): the first pass, when the
    #: contents were told their rows before it (their page numbers all 0, so it is never the last pass).
    sketching = False

    def multiBuild(self, story: list[Flowable], maxPasses: int = 10, **kwargs: Any) -> int:
        self._passes = 0
        try:
            return int(super().multiBuild(story, maxPasses, **kwargs))
        finally:
            self.sketching = False

    def beforeDocument(self) -> None:
        self._passes = getattr(self, "_passes", 0) + 1
        self.sketching = self._passes == 1 and any(getattr(f, "expected", False)
                                                   for f in getattr(self, "_indexingFlowables", []))
        self.running_title, self.opening_page = None, 0
        self._floats = []  # figures waiting for the next page (see Float)
        self._floated = set()  # ids of figures that waited once: they are set as they come
        self.canv.showOutline()

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        """reportlab's handling, plus floating figures: a :class:`Float` that does not fit waits for the next page."""
        frame = getattr(self, "frame", None)
        if frame is None or not flowables:
            super().handle_flowable(flowables)
            return
        if self._floats and (frame._atTop or len(flowables) < 2 or not float_may_pass(flowables[0])):
            flowables[0:0], self._floats = self._floats, []
        head = flowables[0]
        if isinstance(head, Float) and id(head) not in self._floated and len(flowables) > 1 \
                and float_may_pass(flowables[1]) and not frame._atTop:
            head.wrapOn(self.canv, frame._getAvailableWidth(), frame._aH)
            needed = head._H  # type: ignore[attr-defined]  # KeepTogether.wrap answers a huge height; _H is real
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
        if flowable.running is not None:
            self.running_title, self.opening_page = flowable.running, page

    # --- page furniture ---------------------------------------------------------------------------------------

    # Page furniture changes no page's layout: a sketching pass, whose pages are thrown away, paints none of it.

    def _paint_cover(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        if self.cover and not self.sketching:
            canvas.saveState()
            self.cover(canvas, self)
            canvas.restoreState()

    def _paint_folio(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        if self.sketching:
            return
        canvas.saveState()
        canvas.setFont(SERIF, 0.88 * self.paper.body)
        canvas.setFillColor(INK)
        canvas.drawCentredString(self.paper.width / 2, self.paper.foot, str(canvas.getPageNumber()))
        canvas.restoreState()

    def _paint_head_and_folio(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        self._paint_folio(canvas, doc)
        if self.sketching or not self.running_title or canvas.getPageNumber() == self.opening_page:
            return
        canvas.saveState()
        size = 0.72 * self.paper.body
        canvas.setFont(SANS, size)
        canvas.setFillColor(GREY)
        canvas.drawCentredString(self.paper.width / 2, self.paper.height - self.paper.head,
                                 self.running_title.upper(), charSpace=0.12 * size)
        canvas.restoreState()


# --- the sheets -----------------------------------------------------------------------------------------------


class SheetsDoc(BaseDocTemplate):
    """Deal pages and answer pages: a running head, page numbers, and page one's summary (a late form)."""

    def __init__(self, file: Any, page: SheetPage, styles: SheetStyles, *, title: str, heads: dict[str, str],
                 summary_form: str) -> None:
        """``heads``: the running head of each page template (``deals``, ``answers``), in the order they come."""
        super().__init__(file, **_options(page, title=title, subject=title, font_size=page.size,
                                          reserve=3.5 * styles.moves.leading))
        self.paper, self.styles, self.summary_form = page, styles, summary_form
        frame = _frame(page)
        self.addPageTemplates([
            PageTemplate(name, [frame], onPageEnd=self._painter(head)) for name, head in heads.items()
        ])

    @property
    def summary_box(self) -> tuple[float, float]:
        return self.paper.frame_width, 2.3 * self.styles.kicker.leading

    def beforeDocument(self) -> None:
        self.canv.showOutline()

    def _painter(self, running: str) -> Callable[[Canvas, BaseDocTemplate], None]:
        return lambda canvas, doc: self._furniture(canvas, running)

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
            canvas.doForm(self.summary_form)
        else:
            size = 0.72 * p.size
            canvas.setFont(SANS, size)
            canvas.drawString(p.side, head_y, running.upper(), charSpace=0.1 * size)
        canvas.restoreState()


class CompactCanvas(Canvas):
    """A canvas that compresses each page's content as the page ends, rather than all of them at ``save``.

    reportlab keeps every page's operators as text until the file is written; a few hundred pages of
    moves would hold tens of megabytes. Compressed at once, a page is a few kilobytes, so memory stays
    flat for long runs. The stream written is the one reportlab itself would write (same zlib call).
    """

    def showPage(self) -> None:
        super().showPage()
        page = self._doc.Pages.pages[-1]  # type: ignore[attr-defined]
        stream = getattr(page, "stream", None)
        if stream and self._pageCompression and not page.Contents:  # type: ignore[attr-defined]
            packed = PDFStream(content=PDFZCompress.encode(stream), filters=[])
            packed.dictionary["Filter"] = PDFArray([PDFName("FlateDecode")])
            packed.__Comment__ = "page stream"  # type: ignore[attr-defined]
            page.Contents = packed
            page.stream = None
