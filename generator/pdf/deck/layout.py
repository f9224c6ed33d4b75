"""Where the printed cards go on a sheet and where their backs go: geometry only, in points (origin lower left).

- **Cards edge to edge.** Cards abut in a block, so neighbours share one cut.
  Nine cards (3 × 3) take 189 × 264 mm and fit A4 and US letter. A card's
  bleed is drawn only where it has no neighbour (round the block, and beside
  an empty place on a sheet's last row); between two cards the neighbour is
  its bleed: a face's ground meets a face's white ground, a back the same
  solid back of the same pack.
- **Crop marks outside the bleed**: a short hairline in the margin on every
  cut line, starting clear of the bleed and stopping short of the paper's
  edge (or of the fold line). A bleed that leaves no room for marks is
  refused (:class:`LayoutError`).
- **Duplex.** The reverse of a sheet lies behind its front as the printer
  turns the paper: on its long edge (left and right change places) or its
  short edge (top and bottom do). :class:`Duplex` maps a place on the front
  to the place behind it on the reverse, moved by the printer's offset (what
  the calibration page measures), in the reverse's own coordinates.
- **Fold.** For a printer that prints one side: the page is landscape, four
  faces (2 × 2) left of a fold line down its middle and their backs right of
  it, each the mirror image of its face across the line, so that folding
  the sheet in half puts every back behind its face.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.units import mm

from generator.art.faces import CARD_H as CARD_H_MM
from generator.art.faces import CARD_W as CARD_W_MM
from generator.pdf.paper import DUPLEX_EDGES, paper_named

CARD_W = CARD_W_MM * mm
CARD_H = CARD_H_MM * mm
COLUMNS = ROWS = 3
FOLD_COLUMNS = FOLD_ROWS = 2
PER_SHEET = COLUMNS * ROWS
MAX_BLEED_MM = 5.0
#: The most a printer's duplex offset may be corrected by, each way: a printer further off needs mending.
MAX_BACK_OFFSET_MM = 5.0

#: The papers a sheet of 3 × 3 cards fits (A5 is too small), and why the choice is so limited.
PAPERS = ("A4", "letter")
PAPER_LIMIT = " (3 × 3 cards of 63 × 88 mm)"

MARK_STROKE = 0.3  # points: a hairline that still prints on a home laser
MARK_MIN_OFFSET = 1.5 * mm  # a mark never starts closer than this to a trim line…
MARK_CLEAR = 1.0 * mm  # …nor closer than this to the bleed
MARK_LONGEST = 5.0 * mm
MARK_SHORTEST = 2.0 * mm
PAPER_EDGE = 1.0 * mm  # a mark stops this short of the paper's edge
FOLD_GAP = 6.5 * mm  # from the fold line to the nearest cut: room for the bleed and a crop mark
FOLD_CLEAR = 0.5 * mm  # a crop mark stops this short of the fold line

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1
Segment = tuple[float, float, float, float]


class LayoutError(ValueError):
    """A sheet that cannot be made: unknown paper, bleed out of range or leaving no room for crop marks."""


@dataclass(frozen=True)
class Block:
    """Cards abutting in ``columns`` × ``rows``, the grid's lower-left corner at (``left``, ``bottom``)."""

    left: float
    bottom: float
    columns: int
    rows: int

    @property
    def size(self) -> int:
        return self.columns * self.rows

    @property
    def box(self) -> Rect:
        return self.left, self.bottom, self.left + self.columns * CARD_W, self.bottom + self.rows * CARD_H

    def cell(self, n: int) -> Rect:
        """The trim of the ``n``-th card, row by row from the top left."""
        column, row = n % self.columns, n // self.columns
        x = self.left + column * CARD_W
        y = self.bottom + (self.rows - 1 - row) * CARD_H
        return x, y, x + CARD_W, y + CARD_H

    def reach(self, n: int, filled: int, bleed: float, overlap: float = 0.0) -> Rect:
        """Where the ``n``-th card of ``filled`` may paint: its trim, and its bleed on every side where no card
        of the block lies next to it (the cards are placed in order, so the first ``filled`` places hold one);
        ``overlap`` into a neighbour (a ground laid under the cards, so their shared cut shows no seam)."""
        column, row = n % self.columns, n // self.columns

        def out(c: int, r: int) -> float:
            holds = 0 <= c < self.columns and 0 <= r < self.rows and r * self.columns + c < filled
            return overlap if holds else bleed

        x0, y0, x1, y1 = self.cell(n)
        return (x0 - out(column - 1, row), y0 - out(column, row + 1), x1 + out(column + 1, row),
                y1 + out(column, row - 1))

    @property
    def cut_xs(self) -> list[float]:
        return [self.left + i * CARD_W for i in range(self.columns + 1)]

    @property
    def cut_ys(self) -> list[float]:
        return [self.bottom + j * CARD_H for j in range(self.rows + 1)]


def mirrored(rect: Rect, width: float) -> Rect:
    """``rect`` reflected in the vertical line down the middle of a page ``width`` wide."""
    x0, y0, x1, y1 = rect
    return width - x1, y0, width - x0, y1


@dataclass(frozen=True)
class Duplex:
    """How the reverse of a sheet lies behind its front: turned on its ``edge`` (long or short), and printed
    ``offset`` points off (x to the right, y up, as one looks at the reverse) by the printer, uncorrected."""

    edge: str = "long"
    offset: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        if self.edge not in DUPLEX_EDGES:
            raise LayoutError(f"duplex is 'long' or 'short', not {self.edge!r}")

    def behind(self, rect: Rect, width: float, height: float) -> Rect:
        """The place on the reverse (its own coordinates) behind ``rect`` on the front, moved by the offset."""
        x0, y0, x1, y1 = mirrored(rect, width) if self.edge == "long" else (rect[0], height - rect[3],
                                                                              rect[2], height - rect[1])
        dx, dy = self.offset
        return x0 + dx, y0 + dy, x1 + dx, y1 + dy


@dataclass(frozen=True)
class Sheet:
    """One paper size's layout: the block of faces, and with ``fold`` the block of backs beside it."""

    paper: str
    width: float
    height: float
    bleed: float
    fold: bool = False
    block: Block = field(init=False)

    def __post_init__(self) -> None:
        if self.fold:  # landscape: the faces' block ends FOLD_GAP short of the fold down the middle
            left = self.width / 2 - FOLD_GAP - FOLD_COLUMNS * CARD_W
            bottom = (self.height - FOLD_ROWS * CARD_H) / 2
            block = Block(left, bottom, FOLD_COLUMNS, FOLD_ROWS)
        else:
            block = Block((self.width - COLUMNS * CARD_W) / 2, (self.height - ROWS * CARD_H) / 2, COLUMNS, ROWS)
        object.__setattr__(self, "block", block)

    @property
    def per_sheet(self) -> int:
        return self.block.size

    @property
    def fold_x(self) -> float:
        return self.width / 2

    def back_place(self, rect: Rect) -> Rect:
        """With ``fold``, where on this page the back of a card at ``rect`` goes: its mirror across the fold."""
        return mirrored(rect, self.width)

    @property
    def blocks(self) -> list[Rect]:
        """The boxes of the blocks on this page: the faces', and with ``fold`` the backs'."""
        return [self.block.box] + ([self.back_place(self.block.box)] if self.fold else [])

    def trim_box(self) -> Rect:
        boxes = self.blocks
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                max(b[3] for b in boxes))

    def bleed_box(self) -> Rect:
        x0, y0, x1, y1 = self.trim_box()
        b = self.bleed
        return x0 - b, y0 - b, x1 + b, y1 + b

    @property
    def mark_offset(self) -> float:
        """Distance from a trim line to the start of its mark: clear of the bleed."""
        return max(MARK_MIN_OFFSET, self.bleed + MARK_CLEAR)

    def _rooms(self) -> tuple[float, float, float, float]:
        """Room for marks beside the faces' block, left, bottom, right, top: to the paper's edge or the fold."""
        x0, y0, x1, y1 = self.block.box
        right = self.fold_x - FOLD_CLEAR if self.fold else self.width - PAPER_EDGE
        return x0 - PAPER_EDGE, y0 - PAPER_EDGE, right - x1, self.height - PAPER_EDGE - y1

    def mark_lengths(self) -> tuple[float, float, float, float]:
        """How long the marks on each side of the faces' block are (left, bottom, right, top)."""
        left, bottom, right, top = (min(MARK_LONGEST, room - self.mark_offset) for room in self._rooms())
        return left, bottom, right, top

    def crop_marks(self) -> list[Segment]:
        """Every crop mark on the page: round the faces' block, and with ``fold`` their mirror round the backs'."""
        x0, y0, x1, y1 = self.block.box
        off = self.mark_offset
        left, bottom, right, top = self.mark_lengths()
        marks: list[Segment] = []
        for x in self.block.cut_xs:
            marks += [(x, y1 + off, x, y1 + off + top), (x, y0 - off, x, y0 - off - bottom)]
        for y in self.block.cut_ys:
            marks += [(x0 - off, y, x0 - off - left, y), (x1 + off, y, x1 + off + right, y)]
        if self.fold:
            marks += [(self.width - a, b, self.width - c, d) for a, b, c, d in marks]
        return marks

    def marks_fit(self) -> bool:
        """Every mark at least the shortest (to a thousandth of a point: tenths of a millimetre are not exact)."""
        return min(self.mark_lengths()) >= MARK_SHORTEST - 1e-3

    def check(self) -> None:
        if not self.marks_fit():
            raise LayoutError(
                f"a bleed of {self.bleed / mm:g} mm leaves no room for crop marks on {self.paper}"
                f"{' folded' if self.fold else ''}: use at most {max_bleed_mm(self.paper, fold=self.fold):g} mm"
            )


def _sheet(paper: str, bleed_mm: float, fold: bool) -> Sheet:
    try:
        chosen = paper_named(paper, PAPERS, use=" for the pack", why=PAPER_LIMIT)
    except ValueError as error:
        raise LayoutError(str(error)) from None
    width, height = (chosen.height, chosen.width) if fold else (chosen.width, chosen.height)
    return Sheet(chosen.name, width, height, bleed_mm * mm, fold)


def max_bleed_mm(paper: str, *, fold: bool = False) -> float:
    """The widest bleed, in whole tenths of a millimetre up to 5, that leaves room for crop marks on ``paper``."""
    for tenths in range(int(MAX_BLEED_MM * 10), -1, -1):
        if _sheet(paper, tenths / 10, fold).marks_fit():
            return tenths / 10
    return 0.0


def sheet_for(paper: str, bleed_mm: float = 0.0, *, fold: bool = False, check: bool = True) -> Sheet:
    """The layout for ``paper`` (A4 or letter), a bleed in millimetres, portrait or (``fold``) landscape;
    ``LayoutError`` when it cannot be."""
    if not 0 <= bleed_mm <= MAX_BLEED_MM:
        _sheet(paper, 0, fold)  # an unknown paper is named first
        raise LayoutError(f"bleed must be from 0 to {MAX_BLEED_MM:g} mm, not {bleed_mm:g}")
    sheet = _sheet(paper, bleed_mm, fold)
    if check:
        sheet.check()
    return sheet


def sheets_needed(cards: int, per_sheet: int = PER_SHEET) -> int:
    return -(-cards // per_sheet)
