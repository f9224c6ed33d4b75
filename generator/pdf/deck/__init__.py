"""The print-and-play pack: our cards at true size with crop marks, as a PDF; and the duplex calibration page.

What the file is and why:

- **True size, never scaled.** A card is 63 × 88 mm (the art's own size):
  each face is one form XObject placed at scale 1, so a printer set to 100 %
  gives a card you can shuffle with a bought one. The first page says so,
  with a 100 mm control rule and a sample card with its dimensions.
- **One or two packs** (``packs``): two packs, for the four games that need
  them, have backs of two colours and a mark of their pack on every face
  (``generator.art.printed``), so they are sorted again after play. A sheet
  holds cards of one pack only.
- **A real bleed**: each card's own ground (a face's white, the back's solid
  colour and pattern) runs ``bleed`` past its cut where no neighbour meets it;
  cut marks stand beyond (:mod:`.layout`).
- **Backs**: for a duplex printer (``backs``), a sheet of backs after each sheet
  of faces, each back behind its face when the paper turns on its long or
  short edge, moved by ``back_offset_mm`` to cancel the printer's offset
  (:mod:`.calibration` measures it); the first page then gets a blank reverse,
  so sheets still pair up. For a printer that prints one side (``fold``),
  landscape sheets with the backs beside the faces across a fold line.

The same arguments give the same bytes (``invariant``; ``SOURCE_DATE_EPOCH``
dates the file).
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from generator.art.faces import CARD_H as CARD_H_MM
from generator.art.faces import CARD_W as CARD_W_MM
from generator.games import GAME_IDS
from generator.pdf.cards import CardArt
from generator.pdf.deck.calibration import draw_calibration
from generator.pdf.deck.first_page import deck_title, draw_first_page
from generator.pdf.deck.layout import (
    MAX_BACK_OFFSET_MM,
    MAX_BLEED_MM,
    PAPERS,
    PER_SHEET,
    Duplex,
    LayoutError,
    Sheet,
    max_bleed_mm,
    sheet_for,
    sheets_needed,
)
from generator.pdf.deck.options import DeckOptions
from generator.pdf.deck.sheets import PACK, draw_backs, draw_crop_marks, draw_faces, draw_fold_line, draw_sheet_label
from generator.pdf.fonts import SANS, register_fonts
from generator.pdf.templates import CREATOR

__all__ = [
    "DUPLEX_EDGES",
    "MAX_BACK_OFFSET_MM",
    "MAX_BLEED_MM",
    "PACK",
    "PAPERS",
    "PER_SHEET",
    "DeckOptions",
    "Duplex",
    "LayoutError",
    "build_calibration",
    "build_deck",
    "deck_pages",
    "deck_title",
    "max_bleed_mm",
    "sheet_for",
    "sheets_needed",
]


def _canvas(buffer: io.BytesIO, page: Sheet, title: str, subject: str) -> Canvas:
    register_fonts()
    # The initial font named in every page's preamble is PT Sans, not reportlab's default Helvetica (which
    # would sit unembedded in the resources). The stubs mistype initialFontName as a number.
    canvas = Canvas(buffer, pagesize=(page.width, page.height), invariant=1, pageCompression=1, lang="ru-RU",
                    initialFontName=SANS, initialFontSize=10)  # type: ignore[arg-type]
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor(CREATOR)
    canvas.setCreator(CREATOR)
    canvas.setProducer(CREATOR)
    return canvas


def deck_pages(options: DeckOptions | None = None, *, backs: bool = False) -> int:
    """Pages of the pack: the first page (and its blank reverse in duplex), then the sheets."""
    return (options or DeckOptions(backs=backs)).pages()


def build(options: DeckOptions) -> bytes:
    """The pack file as PDF bytes: first page, then the sheets of each pack (each followed by its backs in
    duplex; with its backs beside it folded)."""
    options.check()
    sheet = options.sheet()
    buffer = io.BytesIO()
    cards = PACK * options.packs
    canvas = _canvas(buffer, options.page(), deck_title(len(GAME_IDS), options.packs),
                     f"{cards} карты {CARD_W_MM:g} × {CARD_H_MM:g} мм для печати, "
                     f"{sheet.block.columns} × {sheet.block.rows} на листе {sheet.paper}")
    art = CardArt(canvas, colors=options.colors)
    draw_first_page(canvas, art, options)
    canvas.showPage()
    if options.two_sided:
        canvas.showPage()  # the first sheet's blank reverse: faces and backs stay paired
    bleed = options.bleed_mm
    for card_sheet in options.card_sheets():
        canvas.setPageSize((sheet.width, sheet.height))
        faces = card_sheet.faces(colors=options.colors, bleed=bleed)
        draw_faces(canvas, art, sheet, faces)
        if options.fold:
            draw_backs(canvas, art, sheet, card_sheet, bleed, None)
            draw_fold_line(canvas, sheet)
        draw_crop_marks(canvas, sheet)
        draw_sheet_label(canvas, sheet, card_sheet.label("лица и рубашки" if options.fold else "лица"),
                         x=sheet.width / 4 if options.fold else None)
        canvas.showPage()
        if options.two_sided:
            draw_backs(canvas, art, sheet, card_sheet, bleed, options.duplex_map())
            draw_sheet_label(canvas, sheet, card_sheet.label("рубашки"))
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def build_deck(paper: str = "A4", *, bleed_mm: float = 0.0, colors: int = 2, backs: bool = False, packs: int = 1,
               fold: bool = False, duplex: str = "long", back_offset_mm: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """The pack as PDF bytes (see :class:`DeckOptions` for the choices)."""
    return build(DeckOptions(paper, bleed_mm, colors, packs, backs, fold, duplex, back_offset_mm))


def build_calibration(paper: str = "A4", *, duplex: str = "long",
                      back_offset_mm: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """The duplex calibration sheet (two pages: crosses, and the scales behind them) as PDF bytes."""
    options = DeckOptions(paper, duplex=duplex, backs=True, back_offset_mm=back_offset_mm)
    options.check()
    page = options.page()
    buffer = io.BytesIO()
    canvas = _canvas(buffer, page, "Проверка двусторонней печати",
                     f"Сдвиг рубашек при двусторонней печати на {page.paper}")
    draw_calibration(canvas, page, options.duplex_map(), back_offset_mm)
    canvas.save()
    return buffer.getvalue()
