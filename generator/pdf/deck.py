"""The print-and-play pack: our 52 cards at true size, 3 × 3 to a sheet, with crop marks, as a PDF.

What the sheets are and why:

- **True size, never scaled.** A card is 63 × 88 mm (the art's own size):
  each face is one form XObject placed at scale 1, so a printer set to 100 %
  gives a card you can shuffle with a bought one. The first page says so,
  with a 100 mm control rule and a sample card with its dimensions (the text is set
  smaller when it would leave the card no room).
- **Cards edge to edge.** Both sides of our cards are white up to the trim
  (the back keeps a white margin inside its frame), so neighbours share one
  cut line: nine cards take 189 × 264 mm and fit A4 and US letter. A shared
  line needs no bleed between cards (a cut that strays shows the
  neighbour's white edge), so ``bleed`` is a band of the cards' ground
  round the *outside* of the block; the crop marks start beyond it. The
  page's TrimBox is the block and its BleedBox the block plus the bleed.
- **Crop marks outside the cards**: a short hairline in the margin on every
  cut line, none on the cards themselves. A bleed too wide to leave room
  for marks on the paper is refused (:class:`LayoutError`).
- **Backs for long-edge duplex.** With ``backs``, a sheet of backs follows
  each sheet of faces, mirrored left to right, so that flipping the paper on
  its long edge puts every back behind its face. The first page then gets a
  blank reverse, so sheets still pair up.
- **Two packs.** Four of the five games need two packs; the first page
  names them (from the game registry) and says to print the file twice.

The same arguments give the same bytes (``invariant``; ``SOURCE_DATE_EPOCH``
dates the file).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from generator import __version__
from generator.art.faces import CARD_H as CARD_H_MM
from generator.art.faces import CARD_W as CARD_W_MM
from generator.art.palette import colour
from generator.cards import Card
from generator.games import GAME_IDS, GAMES
from generator.pdf.cards import CardArt
from generator.pdf.fonts import SANS, register_fonts
from generator.pdf.palette import GREY, INK, MARK
from generator.pdf.paper import paper_named
from generator.pdf.styles import deck_styles
from generator.pdf.templates import CREATOR
from generator.pdf.typography import CARDINALS_GENITIVE, NBSP, counted_ru, decimal_ru, typeset

CARD_W = CARD_W_MM * mm
CARD_H = CARD_H_MM * mm
COLUMNS = ROWS = 3
PER_SHEET = COLUMNS * ROWS
PACK = 52
MAX_BLEED_MM = 5.0

#: The papers a sheet of 3 × 3 cards fits (A5 is too small), and why the choice is so limited.
PAPERS = ("A4", "letter")
PAPER_LIMIT = " (3 × 3 cards of 63 × 88 mm)"

MARK_STROKE = 0.3  # points: a hairline that still prints on a home laser
MARK_MIN_OFFSET = 1.5 * mm  # a mark never starts closer than this to a trim line…
MARK_CLEAR = 1.0 * mm  # …nor closer than this to the bleed
MARK_LONGEST = 5.0 * mm
MARK_SHORTEST = 2.0 * mm
PAPER_EDGE = 1.0 * mm  # a mark stops this short of the paper's edge

class LayoutError(ValueError):
    """A sheet that cannot be made: unknown paper, bleed out of range or leaving no room for crop marks."""


@dataclass(frozen=True)
class Sheet:
    """Where the nine cards and their marks go on one paper size, in points (origin lower left)."""

    paper: str
    width: float
    height: float
    bleed: float

    @property
    def block_width(self) -> float:
        return COLUMNS * CARD_W

    @property
    def block_height(self) -> float:
        return ROWS * CARD_H

    @property
    def left(self) -> float:
        return (self.width - self.block_width) / 2

    @property
    def bottom(self) -> float:
        return (self.height - self.block_height) / 2

    @property
    def margin(self) -> float:
        """The narrower margin round the block: where the crop marks must fit."""
        return min(self.left, self.bottom)

    @property
    def mark_offset(self) -> float:
        """Distance from a trim line to the start of its mark: clear of the bleed."""
        return max(MARK_MIN_OFFSET, self.bleed + MARK_CLEAR)

    def mark_length(self, margin: float) -> float:
        return min(MARK_LONGEST, margin - self.mark_offset - PAPER_EDGE)

    def cell(self, column: int, row: int, *, mirrored: bool = False) -> tuple[float, float]:
        """Lower-left corner of the card in ``column`` (from the left) and ``row`` (from the top).

        ``mirrored``: the place on the reverse of the sheet after a flip on its long edge.
        """
        if mirrored:
            column = COLUMNS - 1 - column
        return self.left + column * CARD_W, self.bottom + (ROWS - 1 - row) * CARD_H

    @property
    def cut_xs(self) -> list[float]:
        return [self.left + i * CARD_W for i in range(COLUMNS + 1)]

    @property
    def cut_ys(self) -> list[float]:
        return [self.bottom + j * CARD_H for j in range(ROWS + 1)]

    def trim_box(self) -> tuple[float, float, float, float]:
        return self.left, self.bottom, self.left + self.block_width, self.bottom + self.block_height

    def bleed_box(self) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.trim_box()
        b = self.bleed
        return x0 - b, y0 - b, x1 + b, y1 + b


def max_bleed_mm(paper: str) -> float:
    """The widest bleed that leaves room for crop marks on ``paper``, in whole tenths of a millimetre."""
    sheet = sheet_for(paper, 0.0, check=False)
    widest = (sheet.margin - PAPER_EDGE - MARK_SHORTEST - MARK_CLEAR) / mm
    return max(0.0, int(widest * 10) / 10)


def sheet_for(paper: str, bleed_mm: float = 0.0, *, check: bool = True) -> Sheet:
    """The layout for ``paper`` (A4 or letter) and a bleed in millimetres; ``LayoutError`` when it cannot be."""
    try:
        chosen = paper_named(paper, PAPERS, use=" for the pack", why=PAPER_LIMIT)
    except ValueError as error:
        raise LayoutError(str(error)) from None
    if not 0 <= bleed_mm <= MAX_BLEED_MM:
        raise LayoutError(f"bleed must be from 0 to {MAX_BLEED_MM:g} mm, not {bleed_mm:g}")
    name = chosen.name
    sheet = Sheet(name, chosen.width, chosen.height, bleed_mm * mm)
    if check and sheet.mark_length(sheet.margin) < MARK_SHORTEST:
        raise LayoutError(
            f"a bleed of {bleed_mm:g} mm leaves no room for crop marks on {name} (the cards take "
            f"{sheet.block_width / mm:.0f} × {sheet.block_height / mm:.0f} mm of it): "
            f"use at most {max_bleed_mm(name):g} mm"
        )
    return sheet


def sheets_needed(cards: int = PACK) -> int:
    return -(-cards // PER_SHEET)


# --- drawing ------------------------------------------------------------------------------------------------------


def draw_crop_marks(canvas: Canvas, sheet: Sheet) -> None:
    """A hairline in the margin on every cut line, starting clear of the bleed, none on the cards."""
    canvas.saveState()
    canvas.setStrokeColor(MARK)
    canvas.setLineWidth(MARK_STROKE)
    canvas.setLineCap(0)
    x0, y0, x1, y1 = sheet.trim_box()
    off = sheet.mark_offset
    vertical = sheet.mark_length(sheet.bottom)
    horizontal = sheet.mark_length(sheet.left)
    for x in sheet.cut_xs:
        canvas.line(x, y1 + off, x, y1 + off + vertical)
        canvas.line(x, y0 - off, x, y0 - off - vertical)
    for y in sheet.cut_ys:
        canvas.line(x0 - off, y, x0 - off - horizontal, y)
        canvas.line(x1 + off, y, x1 + off + horizontal, y)
    canvas.restoreState()


def draw_bleed(canvas: Canvas, sheet: Sheet) -> None:
    """The band beyond the outer cuts, in the cards' ground (paper), under the cards."""
    if sheet.bleed <= 0:
        return
    x0, y0, x1, y1 = sheet.bleed_box()
    canvas.saveState()
    canvas.setFillColor(HexColor(colour("paper")))
    canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    canvas.restoreState()


def draw_sheet_label(canvas: Canvas, sheet: Sheet, text: str) -> None:
    """A small grey line in the bottom margin, between the crop marks, to keep the sheets in order."""
    size = 6.5
    room = sheet.bottom - sheet.bleed
    canvas.saveState()
    canvas.setFont(SANS, size)
    canvas.setFillColor(GREY)
    canvas.drawCentredString(sheet.width / 2, max(0.35 * room, 2.2 * mm) - 0.35 * size, text)
    canvas.restoreState()


def draw_card_sheet(canvas: Canvas, art: CardArt, sheet: Sheet, cards: Sequence[int | None], *,
                    backs: bool = False) -> None:
    """One sheet of up to nine cards (``None`` is the back), row by row from the top left.

    ``backs``: the reverse of a face sheet, so each card goes to its mirrored place and no crop marks
    are drawn (cut from the face side: a duplex printer seldom registers both sides to the millimetre).
    """
    canvas.setTrimBox(sheet.trim_box())
    canvas.setBleedBox(sheet.bleed_box())
    draw_bleed(canvas, sheet)
    for n, card in enumerate(cards):
        x, y = sheet.cell(n % COLUMNS, n // COLUMNS, mirrored=backs)
        art.place(card, x, y, CARD_W)
    if not backs:
        draw_crop_marks(canvas, sheet)


# --- the first page -----------------------------------------------------------------------------------------------


def deck_title(games: int) -> str:
    """«Колода для пяти старинных пасьянсов»: the pack serves every game the registry holds."""
    return "Колода для " + counted_ru(games, "старинного пасьянса", "старинных пасьянсов", "старинных пасьянсов",
                                      genitive=True)


def two_pack_titles() -> tuple[list[str], list[str]]:
    """Titles of the games that need two packs, and of those one pack serves, in the book's order."""
    two = [GAMES[g].title for g in GAME_IDS if GAMES[g].packs == 2]
    one = [GAMES[g].title for g in GAME_IDS if GAMES[g].packs == 1]
    return two, one


def _listing(titles: Sequence[str]) -> str:
    quoted = [f"«{t}»" for t in titles]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " и " + quoted[-1]


def first_page_paragraphs(sheet: Sheet, *, colors: int, backs: bool) -> list[tuple[str, str]]:
    """The first page's text as (style, plain Russian text) pairs: what a printer of the pack must know."""
    two, one = two_pack_titles()
    sheets = sheets_needed()
    mm_w, mm_h = f"{CARD_W_MM:g}", f"{CARD_H_MM:g}"
    parts: list[tuple[str, str]] = [
        ("kicker", f"PASYANS {__version__} · КОЛОДА ДЛЯ ПЕЧАТИ · {sheet.paper}"),
        ("title", deck_title(len(two) + len(one))),
        ("subtitle", f"{PACK} карты в натуральную величину, {mm_w} × {mm_h} мм, по {PER_SHEET} на листе"),
        ("head", "Печатайте в масштабе 100 %"),
        ("body", "Печатайте без масштабирования, в масштабе 100 %: в окне печати выберите «Реальный размер» "
                 "(Actual size), а не «Вписать в страницу». Проверьте первый отпечаток линейкой: отрезок "
                 f"внизу страницы должен быть ровно 100 мм, а карта — {mm_w} × {mm_h} мм."),
        ("head", f"Для {CARDINALS_GENITIVE[len(two) - 1]} пасьянсов из {CARDINALS_GENITIVE[len(two) + len(one) - 1]} "
                 "нужны две колоды"),
        ("body", f"Одной колоды хватает только для {'пасьянса' if len(one) == 1 else 'пасьянсов'} "
                 f"{_listing(one)}. Для пасьянсов {_listing(two)} нужны две колоды, 104 карты: напечатайте "
                 "этот файл дважды."),
        ("head", "Листы и рубашки"),
    ]
    if backs:
        parts.append(("body", f"За каждым из {sheets} листов лиц идёт лист рубашек. Печатайте с двух сторон листа, "
                              "с переворотом по длинному краю: рубашки на обороте стоят зеркально, каждая точно за "
                              "своей картой. У этого первого листа оборот пустой, чтобы пары сторон не сбились."))
    else:
        last = PACK - (sheets - 1) * PER_SHEET
        parts.append(("body", f"{sheets} листов лиц, по {PER_SHEET} карт (на последнем {last}). "
                              "Рубашек в этом файле нет: карты можно наклеить на картон или вложить в протекторы "
                              "перед картами с рубашкой; лист рубашек добавляет ключ --backs."))
    cut = ("Режьте по меткам обреза на полях, с лицевой стороны. Карты стоят вплотную: один рез отделяет "
           "соседние карты, а всего на листе восемь резов. Углы можно скруглить, радиус 3 мм.")
    if sheet.bleed > 0:
        cut += (f" Вокруг блока карт оставлен вылет {decimal_ru(sheet.bleed / mm)} мм белого поля на случай "
                "неточного реза; метки стоят за ним.")
    parts += [("head", "Как резать"), ("body", cut)]
    if colors == 4:
        parts += [("head", "Четыре цвета мастей"),
                  ("body", "Колода четырёхцветная: трефы зелёные, бубны синие, так масть видна издалека.")]
    return parts


def draw_control_rule(canvas: Canvas, x: float, y: float) -> None:
    """A 100 mm rule with millimetre ticks and centimetre figures: the print-scale check."""
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setFillColor(INK)
    canvas.setLineWidth(0.5)
    canvas.line(x, y, x + 100 * mm, y)
    for tick in range(101):
        height = 3.2 * mm if tick % 10 == 0 else 2.0 * mm if tick % 5 == 0 else 1.2 * mm
        canvas.setLineWidth(0.5 if tick % 10 == 0 else 0.3)
        canvas.line(x + tick * mm, y, x + tick * mm, y + height)
    canvas.setFont(SANS, 6.5)
    for cm in range(11):
        canvas.drawCentredString(x + cm * 10 * mm, y + 4.2 * mm, str(cm))
    canvas.setFont(SANS, 7.5)
    canvas.setFillColor(GREY)
    canvas.drawString(x, y - 4.2 * mm, f"100{NBSP}мм: проверьте линейкой")
    canvas.restoreState()


def _dimension(canvas: Canvas, x0: float, y0: float, x1: float, y1: float, text: str, colour_: Color) -> None:
    """A dimension line with end ticks and its figure beside the middle."""
    canvas.saveState()
    canvas.setStrokeColor(colour_)
    canvas.setFillColor(colour_)
    canvas.setLineWidth(0.4)
    canvas.line(x0, y0, x1, y1)
    tick = 1.6 * mm
    if y0 == y1:
        canvas.line(x0, y0 - tick, x0, y0 + tick)
        canvas.line(x1, y1 - tick, x1, y1 + tick)
        canvas.setFont(SANS, 7.5)
        canvas.drawCentredString((x0 + x1) / 2, y0 - 3.6 * mm, text)
    else:
        canvas.line(x0 - tick, y0, x0 + tick, y0)
        canvas.line(x1 - tick, y1, x1 + tick, y1)
        canvas.setFont(SANS, 7.5)
        canvas.translate(x0 + 2.6 * mm, (y0 + y1) / 2)
        canvas.rotate(90)
        canvas.drawCentredString(0, 0, text)
    canvas.restoreState()


#: Body sizes the first page may be set in, largest first: the first at which the text leaves room for the
#: sample card is used (the longest text — backs, a bleed, four colours — on letter needs the smaller ones).
FIRST_PAGE_SIZES = (10.5, 10.0, 9.5, 9.0, 8.5)
FIRST_PAGE_SIDE = 22 * mm
FIRST_PAGE_TOP = 24 * mm
RULE_Y = 20 * mm  # the control rule's baseline
CARD_GAP = 9 * mm  # between the text and the sample card
CARD_CLEAR = 22 * mm  # from the control rule up to the sample card (its 63 mm figure goes between)


def first_page_text(canvas: Canvas, sheet: Sheet, size: float, *, colors: int, backs: bool,
                    draw: bool) -> float:
    """Set the first page's text at body ``size`` (drawn only when ``draw``); the height it ends at."""
    width = sheet.width - 2 * FIRST_PAGE_SIDE
    styles = deck_styles(size)
    scale = size / 10.5
    y = sheet.height - FIRST_PAGE_TOP
    for style, text in first_page_paragraphs(sheet, colors=colors, backs=backs):
        markup = typeset(text, hyphens=style == "body", runt=style == "body")
        para = Paragraph(markup, getattr(styles, style))
        _, h = para.wrapOn(canvas, width, sheet.height)
        space = {"title": 1.5 * mm, "subtitle": 0, "head": 5.0 * mm, "kicker": 0, "body": 1.2 * mm}[style]
        y -= space * scale
        if draw:
            para.drawOn(canvas, FIRST_PAGE_SIDE, y - h)
        y -= h
        if style == "subtitle":
            y -= 2 * mm * scale
    return y


def first_page_size(canvas: Canvas, sheet: Sheet, *, colors: int, backs: bool) -> float:
    """The largest body size at which the text leaves room for the sample card above the control rule."""
    for size in FIRST_PAGE_SIZES:
        y = first_page_text(canvas, sheet, size, colors=colors, backs=backs, draw=False)
        if y - CARD_GAP - CARD_H >= RULE_Y + CARD_CLEAR:
            return size
    raise LayoutError(f"the first page's text leaves no room for the sample card on {sheet.paper}")


def draw_first_page(canvas: Canvas, art: CardArt, sheet: Sheet, *, colors: int, backs: bool) -> None:
    """The instructions, the sample card at true size with its dimensions, the 100 mm control rule."""
    size = first_page_size(canvas, sheet, colors=colors, backs=backs)
    y = first_page_text(canvas, sheet, size, colors=colors, backs=backs, draw=True)
    card_top = y - CARD_GAP
    card_bottom = card_top - CARD_H
    x = FIRST_PAGE_SIDE + 10 * mm
    art.place(Card.parse("Т♠").index, x, card_bottom, CARD_W)
    _dimension(canvas, x, card_bottom - 4 * mm, x + CARD_W, card_bottom - 4 * mm, f"{CARD_W_MM:g}{NBSP}мм", GREY)
    _dimension(canvas, x + CARD_W + 4 * mm, card_bottom, x + CARD_W + 4 * mm, card_top, f"{CARD_H_MM:g}{NBSP}мм",
               GREY)
    note = Paragraph(typeset("Образец размера: карта в колоде должна получиться точно такой. Вырезать её "
                             "не нужно — вся колода на следующих листах.", hyphens=False), deck_styles(10.5).small)
    nx = x + CARD_W + 12 * mm
    _, nh = note.wrapOn(canvas, sheet.width - FIRST_PAGE_SIDE - nx, CARD_H)
    note.drawOn(canvas, nx, card_top - nh)
    draw_control_rule(canvas, FIRST_PAGE_SIDE, RULE_Y)


# --- the whole pack -----------------------------------------------------------------------------------------------


def pack_sheets() -> list[list[int]]:
    """The 52 faces in the book's order (♠ ♣ ♥ ♦, each Т … К), nine to a sheet."""
    cards = list(range(PACK))
    return [cards[i:i + PER_SHEET] for i in range(0, PACK, PER_SHEET)]


def deck_pages(*, backs: bool) -> int:
    """Pages of the pack: the first page (and its blank reverse with backs), then the sheets."""
    return (2 if backs else 1) + sheets_needed() * (2 if backs else 1)


def build_deck(paper: str = "A4", *, bleed_mm: float = 0.0, colors: int = 2, backs: bool = False) -> bytes:
    """The whole pack as PDF bytes: first page, then face sheets (each followed by its backs with ``backs``)."""
    if colors not in (2, 4):
        raise LayoutError(f"a pack has 2 or 4 colours, not {colors}")
    sheet = sheet_for(paper, bleed_mm)
    register_fonts()
    buffer = io.BytesIO()
    # The initial font named in every page's preamble is PT Sans, not reportlab's default Helvetica (which
    # would sit unembedded in the resources). The stubs mistype initialFontName as a number.
    canvas = Canvas(buffer, pagesize=(sheet.width, sheet.height), invariant=1, pageCompression=1, lang="ru-RU",
                    initialFontName=SANS, initialFontSize=10)  # type: ignore[arg-type]
    canvas.setTitle(deck_title(len(GAME_IDS)))
    canvas.setSubject(f"{PACK} карты {CARD_W_MM:g} × {CARD_H_MM:g} мм для печати, 3 × 3 на листе {sheet.paper}")
    canvas.setAuthor(CREATOR)
    canvas.setCreator(CREATOR)
    canvas.setProducer(CREATOR)
    art = CardArt(canvas, colors=colors)
    draw_first_page(canvas, art, sheet, colors=colors, backs=backs)
    canvas.showPage()
    if backs:
        canvas.showPage()  # the first sheet's blank reverse: faces and backs stay paired
    sheets = pack_sheets()
    for number, cards in enumerate(sheets, 1):
        draw_card_sheet(canvas, art, sheet, cards)
        draw_sheet_label(canvas, sheet, f"Лист {number} из {len(sheets)} · лица")
        canvas.showPage()
        if backs:
            draw_card_sheet(canvas, art, sheet, [None] * len(cards), backs=True)
            draw_sheet_label(canvas, sheet, f"Лист {number} из {len(sheets)} · рубашки")
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()
