"""Numbered moves in balanced columns: the one flowable the book and the sheets set a line of play with.

:class:`MoveColumns` puts moves in columns read down then across, every column
as long as the others but the last, and splits across pages into balanced
blocks of consecutive moves (a plain table split by rows would leave page one
with the top of every column). Neither part of a split is thinner than two rows:
no lone row of moves at the foot or the head of a page.

How one move is set is its cells' business:

- :class:`ParagraphCells` (the book): each number and move is a paragraph in a
  table, so a long move may take two lines; the book picks the column count.
- :class:`LineCells` (the sheets): each move one line of plain strings in one
  PDF text object — a two-pack line is hundreds of moves and this stays fast;
  a block takes fewer columns when its widest move would not fit.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import Flowable, Paragraph, Table

from generator.pdf.fonts import SANS, SANS_BOLD, SIGN_CHARS, SIGNS
from generator.pdf.palette import GREY, INK, RED
from generator.pdf.tables import grid


class MoveCells(ABC):
    """A run of numbered moves and how each is set."""

    @abstractmethod
    def __len__(self) -> int: ...

    @abstractmethod
    def part(self, start: int, stop: int) -> MoveCells:
        """The moves ``start`` to ``stop``, set the same way."""

    @abstractmethod
    def columns(self, most: int, width: float, gap: float) -> int:
        """How many columns (at most ``most``) a block of these moves takes at ``width``."""

    @abstractmethod
    def size(self, canvas: Canvas, columns: int, width: float, gap: float, height: float) -> tuple[float, float]:
        """Width and height of the balanced block of all the moves."""

    @abstractmethod
    def rows_that_fit(self, canvas: Canvas, columns: int, width: float, gap: float, height: float) -> int:
        """The most rows of a balanced block of the first moves that fit ``height``."""

    @abstractmethod
    def draw(self, canvas: Canvas, columns: int, width: float, gap: float, height: float) -> None:
        """Draw the balanced block of all the moves, its lower-left corner at the origin."""


def _rows(count: int, columns: int) -> int:
    return -(-count // columns)


class MoveColumns(Flowable):
    """Numbered moves in balanced columns, read down then across, that split into balanced blocks per page."""

    def __init__(self, cells: MoveCells, columns: int, gap: float) -> None:
        super().__init__()
        self.cells, self.most, self.gap = cells, columns, gap
        self.columns = columns
        self.measure = 0.0  # the width the block was set to (a table's own width may differ by a gutter)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.columns = self.cells.columns(self.most, availWidth, self.gap)
        self.measure = availWidth
        self.width, self.height = self.cells.size(self.canv, self.columns, availWidth, self.gap, availHeight)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self.columns = self.cells.columns(self.most, availWidth, self.gap)
        count = len(self.cells)
        rows = self.cells.rows_that_fit(self.canv, self.columns, availWidth, self.gap, availHeight)
        head = min(count, rows * self.columns)
        head = min(head, count - 2 * self.columns)  # neither part thinner than two rows
        if head < 2 * self.columns:
            return []
        return [MoveColumns(self.cells.part(0, head), self.most, self.gap),
                MoveColumns(self.cells.part(head, count), self.most, self.gap)]

    def draw(self) -> None:
        self.cells.draw(self.canv, self.columns, self.measure, self.gap, self.height)


# --- the book: paragraphs in a table ------------------------------------------------------------------------------


class ParagraphCells(MoveCells):
    """Each number and move a paragraph; numbers right-aligned in their own narrow column, so the moves align.

    A block is a table; its height is measured once per width, and where a page ends is found by
    arithmetic on the rows' heights, then checked by the table itself.
    """

    def __init__(self, numbers: list[Paragraph], moves: list[Paragraph], number_width: float,
                 font_size: float) -> None:
        self.numbers, self.moves, self.number_width, self.font_size = numbers, moves, number_width, font_size
        self._table: Table | None = None
        self._table_width = self._heights_width = -1.0
        self._table_size = (0.0, 0.0)
        self._heights: list[float] = []

    def __len__(self) -> int:
        return len(self.moves)

    def part(self, start: int, stop: int) -> ParagraphCells:
        return ParagraphCells(self.numbers[start:stop], self.moves[start:stop], self.number_width, self.font_size)

    def columns(self, most: int, width: float, gap: float) -> int:
        return most  # a move that does not fit takes two lines; the book chooses the count for a whole line

    def _block(self, count: int, columns: int, width: float, gap: float) -> Table:
        rows = _rows(count, columns)
        column = (width + gap) / columns
        widths = [self.number_width, column - self.number_width] * columns
        data: list[list[Any]] = []
        for r in range(rows):
            row: list[Any] = []
            for c in range(columns):
                i = c * rows + r
                row += [self.numbers[i], self.moves[i]] if i < count else ["", ""]
            data.append(row)
        commands: list[tuple[Any, ...]] = [("VALIGN", (0, 0), (-1, -1), "TOP"),
                                           ("BOTTOMPADDING", (0, 0), (-1, -1), 0.14 * self.font_size)]
        for c in range(columns):  # the move cells: a little air after the number, the gutter after the move
            commands += [("LEFTPADDING", (2 * c + 1, 0), (2 * c + 1, -1), 0.3 * self.font_size),
                         ("RIGHTPADDING", (2 * c + 1, 0), (2 * c + 1, -1), gap)]
        return grid(data, widths, commands, font_size=self.font_size)

    def _whole(self, canvas: Canvas, columns: int, width: float, gap: float, height: float) -> Table:
        # The block's height does not depend on the height available: build and measure it once per width.
        if self._table is None or self._table_width != width:
            self._table = self._block(len(self.moves), columns, width, gap)
            self._table_size = self._table.wrapOn(canvas, width, height)
            self._table_width = width
        return self._table

    def size(self, canvas: Canvas, columns: int, width: float, gap: float, height: float) -> tuple[float, float]:
        self._whole(canvas, columns, width, gap, height)
        return self._table_size

    def _row_heights(self, columns: int, width: float, gap: float) -> list[float]:
        """Height of each move's row cell pair at ``width``, as the table will set it (measured once per width)."""
        if self._heights_width != width:
            column = (width + gap) / columns
            text_width = column - self.number_width - 0.3 * self.font_size - gap
            pad = 0.14 * self.font_size
            self._heights = [max(n.wrap(self.number_width, 1e6)[1], m.wrap(text_width, 1e6)[1]) + pad
                             for n, m in zip(self.numbers, self.moves, strict=True)]
            self._heights_width = width
        return self._heights

    def _estimate(self, count: int, columns: int, width: float, gap: float) -> float:
        """The height of a balanced block of the first ``count`` moves, by arithmetic (no table built)."""
        heights = self._row_heights(columns, width, gap)
        rows = _rows(count, columns)
        return sum(max(heights[c * rows + r] for c in range(columns) if c * rows + r < count) for r in range(rows))

    def rows_that_fit(self, canvas: Canvas, columns: int, width: float, gap: float, height: float) -> int:
        count = len(self.moves)
        low, high = 0, count  # the most rows whose balanced block fits, found by arithmetic …
        while low < high:
            mid = (low + high + 1) // 2
            if self._estimate(min(count, mid * columns), columns, width, gap) <= height:
                low = mid
            else:
                high = mid - 1
        while low > 0:  # … and checked by the table itself
            block = self._block(min(count, low * columns), columns, width, gap)
            if block.wrapOn(canvas, width, height)[1] <= height:
                break
            low -= 1
        return low

    def draw(self, canvas: Canvas, columns: int, width: float, gap: float, height: float) -> None:
        self._whole(canvas, columns, width, gap, height).drawOn(canvas, 0, 0)


# --- the sheets: one line of plain strings each -------------------------------------------------------------------


def colour_runs(text: str, *, bold: bool = False) -> list[tuple[str, str, bool]]:
    """``text`` cut into (font, piece, red) runs: PT Sans (bold: PT Sans Bold), and the signs font (♥ ♦ red) for
    what PT Sans lacks."""
    sans = SANS_BOLD if bold else SANS
    runs: list[tuple[str, str, bool]] = []
    for char in text:
        font = SIGNS if char in SIGN_CHARS else sans
        red = char in "♥♦"
        if runs and runs[-1][0] == font and runs[-1][2] == red:
            runs[-1] = (font, runs[-1][1] + char, red)
        else:
            runs.append((font, char, red))
    return runs


def _runs_width(runs: Sequence[tuple[str, str, bool]], size: float) -> float:
    return sum(stringWidth(piece, font, size) for font, piece, _ in runs)


def line_width(text: str, size: float, *, bold: bool = False) -> float:
    """Width in points of one move set as :class:`LineCells` sets it."""
    return _runs_width(colour_runs(text, bold=bold), size)


class Text:
    """One PDF text object for many short strings: fonts and colours are set only when they change.

    A ``drawString`` per piece costs a text object each; a page of four hundred moves is far quicker so.
    """

    def __init__(self, obj: PDFTextObject) -> None:
        self.obj = obj
        self.font: tuple[str, float] | None = None
        self.colour: Color | None = None

    def at(self, x: float, y: float) -> None:
        self.obj.setTextOrigin(x, y)

    def put(self, piece: str, font: str, size: float, colour: Color) -> None:
        if self.font != (font, size):
            self.obj.setFont(font, size)
            self.font = (font, size)
        if self.colour is not colour:
            self.obj.setFillColor(colour)
            self.colour = colour
        self.obj.textOut(piece)


class LineCells(MoveCells):
    """Each move one line: its number right-aligned, then the move, signs in the signs font.

    A move the player chose (``strong``) is set in PT Sans Bold and ink, number and all; a forced one in
    PT Sans and grey, so the choices stand out of a column at a glance. Each column's moves are drawn top to
    bottom, so text extraction keeps their order.
    """

    def __init__(self, moves: Sequence[tuple[int, str]], size: float, leading: float,
                 strong: Sequence[bool] | None = None, *, text_width: float = 0.0) -> None:
        """``text_width``: set the columns as if a move were that wide (blocks of one line of play then take the
        same columns however short their own moves)."""
        self.moves, self.size_pt, self.leading = list(moves), size, leading
        self.strong = list(strong) if strong is not None else [False] * len(self.moves)
        self._runs = [colour_runs(text, bold=bold) for (_, text), bold in zip(self.moves, self.strong, strict=True)]
        widest = max((len(str(n)) for n, _ in self.moves), default=1)
        self.number_width = stringWidth("0" * widest + ".", SANS_BOLD, size)
        self.widest = text_width
        self.text_width = max([text_width, *(_runs_width(r, size) for r in self._runs)])

    def __len__(self) -> int:
        return len(self.moves)

    def part(self, start: int, stop: int) -> LineCells:
        return LineCells(self.moves[start:stop], self.size_pt, self.leading, self.strong[start:stop],
                         text_width=self.widest)

    def columns(self, most: int, width: float, gap: float) -> int:
        """The most columns (up to ``most``) at which the widest move fits its line; a line cannot wrap."""
        pad = 0.35 * self.size_pt
        for columns in range(most, 0, -1):
            if (width + gap) / columns - gap >= self.number_width + pad + self.text_width:
                return columns
        return 1

    def size(self, canvas: Canvas, columns: int, width: float, gap: float, height: float) -> tuple[float, float]:
        return width, _rows(len(self.moves), columns) * self.leading

    def rows_that_fit(self, canvas: Canvas, columns: int, width: float, gap: float, height: float) -> int:
        return int(height // self.leading)

    def draw(self, canvas: Canvas, columns: int, width: float, gap: float, height: float) -> None:
        rows = _rows(len(self.moves), columns)
        column_width = (width + gap) / columns
        pad = 0.35 * self.size_pt
        size = self.size_pt
        text = Text(canvas.beginText())
        for i, ((number, _), runs, bold) in enumerate(zip(self.moves, self._runs, self.strong, strict=True)):
            column, row = divmod(i, rows)
            x = column * column_width
            y = height - (row + 1) * self.leading + 0.24 * self.leading
            label = f"{number}."
            font, ink = (SANS_BOLD, INK) if bold else (SANS, GREY)
            text.at(x + self.number_width - stringWidth(label, font, size), y)
            text.put(label, font, size, ink)
            text.at(x + self.number_width + pad, y)
            for face, piece, red in runs:
                text.put(piece, face, size, RED if red else ink)
        canvas.drawText(text.obj)
