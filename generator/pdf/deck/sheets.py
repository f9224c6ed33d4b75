"""The sheets of cards: which cards each holds, and drawing them with their bleed, backs, marks and fold line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.art.faces import Face
from generator.art.palette import colour
from generator.art.printed import PACK_ROLES, printed_back, printed_face
from generator.pdf.cards import CardArt
from generator.pdf.deck.layout import MARK_STROKE, PAPER_EDGE, Duplex, Rect, Sheet, sheets_needed
from generator.pdf.fonts import SANS
from generator.pdf.palette import GREY, MARK

PACK = 52
SEAM_OVERLAP = 0.5 * mm


@dataclass(frozen=True)
class CardSheet:
    """One sheet of one pack: its cards (engine indices, in the book's order), and its place in the pack."""

    pack: int  # 1 or 2
    packs: int  # how many packs the file holds: with one, its faces carry no mark
    number: int  # the sheet's number within its pack, from 1
    of: int  # sheets of the pack
    cards: tuple[int, ...]

    def faces(self, *, colors: int, bleed: float) -> list[Face]:
        mark = self.pack if self.packs > 1 else None
        return [printed_face(card, colors=colors, pack=mark, bleed=bleed) for card in self.cards]

    def back(self, *, bleed: float) -> Face:
        return printed_back(self.pack, bleed=bleed)

    def label(self, side: str) -> str:
        """The small line that keeps the sheets in order: «Колода 2 · лист 3 из 6 · лица»."""
        pack = f"Колода {self.pack} · л" if self.packs > 1 else "Л"
        return f"{pack}ист {self.number} из {self.of} · {side}"


def pack_sheets(packs: int, per_sheet: int) -> list[CardSheet]:
    """Every pack's 52 faces in the book's order (♠ ♣ ♥ ♦, each Т … К), ``per_sheet`` to a sheet, pack after pack:
    a sheet never mixes packs, so a sheet of backs is all one colour and its cards can share their cuts."""
    of = sheets_needed(PACK, per_sheet)
    return [CardSheet(pack, packs, n // per_sheet + 1, of, tuple(range(n, min(n + per_sheet, PACK))))
            for pack in range(1, packs + 1) for n in range(0, PACK, per_sheet)]


def _draw_clipped(canvas: Canvas, art: CardArt, card: Face, trim: Rect, reach: Rect, bleed: float) -> None:
    """``card`` (a printed face, ``bleed`` larger than its trim on every side) at ``trim``, painting only ``reach``."""
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(reach[0], reach[1], reach[2] - reach[0], reach[3] - reach[1])
    canvas.clipPath(clip, stroke=0, fill=0)
    art.place_face(card, trim[0] - bleed, trim[1] - bleed)
    canvas.restoreState()


def draw_faces(canvas: Canvas, art: CardArt, sheet: Sheet, faces: Sequence[Face]) -> None:
    """The faces, row by row from the top left of the block, each with its bleed where it has no neighbour."""
    canvas.setTrimBox(sheet.trim_box())
    canvas.setBleedBox(sheet.bleed_box())
    for n, card in enumerate(faces):
        _draw_clipped(canvas, art, card, sheet.block.cell(n), sheet.block.reach(n, len(faces), sheet.bleed),
                      sheet.bleed)


def draw_backs(canvas: Canvas, art: CardArt, sheet: Sheet, card_sheet: CardSheet, bleed_mm: float,
               duplex: Duplex | None) -> None:
    """The backs of a sheet's faces: behind them on the reverse (``duplex``), or, on a fold sheet,
    across the fold on the same page. Cards of one back only, so neighbours share their cuts here too."""
    def place(rect: Rect) -> Rect:
        return sheet.back_place(rect) if duplex is None else duplex.behind(rect, sheet.width, sheet.height)

    back, ground, count = card_sheet.back(bleed=bleed_mm), PACK_ROLES[card_sheet.pack - 1], len(card_sheet.cards)

    if duplex is not None:
        canvas.setTrimBox(sheet.trim_box())
        canvas.setBleedBox(sheet.bleed_box())
    # The backs' ground first, each card's a little into its neighbours: two fills that only meet along a
    # line leave a hairline of paper there on many a screen and printer; over one ground they leave none.
    canvas.saveState()
    canvas.setFillColor(HexColor(colour(ground)))
    for n in range(count):
        x0, y0, x1, y1 = place(sheet.block.reach(n, count, sheet.bleed, SEAM_OVERLAP))
        canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    canvas.restoreState()
    for n in range(count):
        _draw_clipped(canvas, art, back, place(sheet.block.cell(n)), place(sheet.block.reach(n, count, sheet.bleed)),
                      sheet.bleed)


def draw_crop_marks(canvas: Canvas, sheet: Sheet) -> None:
    """A hairline in the margin on every cut line, starting clear of the bleed, none on the cards."""
    canvas.saveState()
    canvas.setStrokeColor(MARK)
    canvas.setLineWidth(MARK_STROKE)
    canvas.setLineCap(0)
    for x0, y0, x1, y1 in sheet.crop_marks():
        canvas.line(x0, y0, x1, y1)
    canvas.restoreState()


FOLD_DASH = (3, 2)  # points: a dashed line reads as «fold here», not «cut here»


def draw_fold_line(canvas: Canvas, sheet: Sheet) -> None:
    """The fold down the middle, dashed grey, from edge to edge (it runs between the two blocks' bleeds), and
    «сгиб» at its ends."""
    x = sheet.fold_x
    canvas.saveState()
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.4)
    canvas.setDash(*FOLD_DASH)
    canvas.line(x, PAPER_EDGE + 4 * mm, x, sheet.height - PAPER_EDGE - 4 * mm)
    canvas.setFont(SANS, 6)
    canvas.setFillColor(GREY)
    for y in (PAPER_EDGE + 1 * mm, sheet.height - PAPER_EDGE - 3 * mm):
        canvas.drawCentredString(x, y, "сгиб")
    canvas.restoreState()


def draw_sheet_label(canvas: Canvas, sheet: Sheet, text: str, *, x: float | None = None) -> None:
    """A small grey line in the bottom margin, between the crop marks, to keep the sheets in order."""
    size = 6.5
    room = sheet.block.box[1] - sheet.bleed
    canvas.saveState()
    canvas.setFont(SANS, size)
    canvas.setFillColor(GREY)
    canvas.drawCentredString(sheet.width / 2 if x is None else x, max(0.35 * room, 2.2 * mm) - 0.35 * size, text)
    canvas.restoreState()
