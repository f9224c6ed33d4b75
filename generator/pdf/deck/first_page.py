"""The pack's first page: what a printer of the cards must know, a sample card at true size, a 100 mm rule.

The text says only what this file needs: how many packs and how to tell them
apart, how the backs are printed (duplex on which edge and with what offset,
folded, or none), how to cut, the bleed, four colours. It is set at the
largest size that leaves room for the sample card (smaller when it would
leave the card none).
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from generator import __version__
from generator.art.faces import CARD_H as CARD_H_MM
from generator.art.faces import CARD_W as CARD_W_MM
from generator.cards import Card
from generator.games import GAME_IDS, GAMES
from generator.pdf.cards import CardArt
from generator.pdf.deck.layout import CARD_H, CARD_W, LayoutError, Sheet
from generator.pdf.deck.options import DeckOptions
from generator.pdf.deck.sheets import PACK
from generator.pdf.fonts import SANS
from generator.pdf.palette import GREY, INK
from generator.pdf.styles import deck_styles
from generator.pdf.typography import CARDINALS_GENITIVE, NBSP, counted_ru, decimal_ru, plural_ru, typeset


def deck_title(games: int, packs: int = 1) -> str:
    """«Колода для пяти старинных пасьянсов»: the pack serves every game the registry holds."""
    return ("Две колоды" if packs == 2 else "Колода") + " для " + counted_ru(
        games, "старинного пасьянса", "старинных пасьянсов", "старинных пасьянсов", genitive=True)


def two_pack_titles() -> tuple[list[str], list[str]]:
    """Titles of the games that need two packs, and of those one pack serves, in the book's order."""
    two = [GAMES[g].title for g in GAME_IDS if GAMES[g].packs == 2]
    one = [GAMES[g].title for g in GAME_IDS if GAMES[g].packs == 1]
    return two, one


def _listing(titles: Sequence[str]) -> str:
    quoted = [f"«{t}»" for t in titles]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " и " + quoted[-1]


def _mm(value: float) -> str:
    return f"{decimal_ru(round(value, 2))}{NBSP}мм"


def _packs(options: DeckOptions) -> str:
    two, one = two_pack_titles()
    games = f"Одной колоды хватает только для {'пасьянса' if len(one) == 1 else 'пасьянсов'} {_listing(one)}; " \
            f"для пасьянсов {_listing(two)} нужны две колоды, 104 карты."
    if options.packs == 1:
        return games + " Две колоды, которые легко разобрать после игры, даёт ключ --packs 2."
    return (games + " В этом файле их две. У первой колоды рубашки синие, у второй — красные (на чёрно-белом "
            "принтере красная выйдет светлее синей); на лице каждой карты в двух углах её знак: у первой колоды одна "
            "синяя точка, у второй — две красные. После игры колоды разбирают по рубашкам или по точкам.")


def _backs(options: DeckOptions) -> str:
    sheets = len(options.card_sheets())
    per_sheet = options.sheet().per_sheet
    if options.fold:
        return (f"В файле {plural_ru(sheets, 'лист', 'листа', 'листов')}, на каждом "
                f"{counted_ru(per_sheet, 'карта', 'карты', 'карт')}: лица слева от "
                "линии сгиба, их рубашки справа. Печатайте на одной стороне листа. Сложите лист пополам по линии "
                "сгиба, напечатанным наружу, проклейте изнутри по всей площади (подойдёт клей-карандаш) и, когда "
                "высохнет, режьте по меткам.")
    if options.backs:
        edge = "длинному" if options.duplex == "long" else "короткому"
        text = (f"За каждым из {plural_ru(sheets, 'листа', 'листов', 'листов')} лиц идёт лист рубашек. "
                f"Печатайте с двух сторон листа, с переворотом по {edge} краю: каждая рубашка ляжет точно за своей "
                "картой. У этого первого листа оборот пустой, чтобы пары сторон не сбились.")
        dx, dy = options.back_offset_mm
        if (dx, dy) != (0.0, 0.0):
            moves = [f"на {_mm(abs(dx))} {'вправо' if dx > 0 else 'влево'}"] if dx else []
            moves += [f"на {_mm(abs(dy))} {'вверх' if dy > 0 else 'вниз'}"] if dy else []
            text += f" Рубашки сдвинуты {' и '.join(moves)}, как показала страница проверки вашего принтера."
        else:
            text += (" Если рубашки ложатся со сдвигом, страница проверки (pasyans deck --calibrate) покажет "
                     "на сколько, а ключ --back-offset его поправит.")
        return text
    last = PACK - (len(options.card_sheets()) // options.packs - 1) * per_sheet
    cards = ("карта", "карты", "карт")
    return (f"В файле {plural_ru(sheets, 'лист', 'листа', 'листов')} лиц, по {counted_ru(per_sheet, *cards)} "
            f"(на последнем листе колоды — {counted_ru(last, *cards)}). Рубашек в этом файле нет: карты можно "
            "наклеить на картон или вложить в протекторы перед картами с рубашкой. Рубашки для двусторонней "
            "печати добавляет ключ --backs, для печати на одной стороне листа — ключ --fold.")


def _cutting(options: DeckOptions) -> str:
    sheet = options.sheet()
    block = sheet.block
    cuts = block.columns + block.rows + 2
    side = "на сложенном листе" if options.fold else "на листе"
    text = (f"Режьте по меткам обреза на полях{'' if options.fold else ', с лицевой стороны'}. Карты стоят "
            f"вплотную: один рез отделяет соседние карты, а всего {side} {counted_ru(cuts, 'рез', 'реза', 'резов')}. "
            "Углы можно скруглить, радиус 3 мм.")
    if sheet.bleed > 0:
        text += (f" Рисунок карт — белое поле лица, узор рубашки — заходит на {_mm(sheet.bleed / mm)} за линию "
                 "реза (вылет), так что рез чуть мимо метки не оставит белой каймы; метки стоят за вылетом.")
    return text


def first_page_paragraphs(options: DeckOptions) -> list[tuple[str, str]]:
    """The first page's text as (style, plain Russian text) pairs."""
    two, one = two_pack_titles()
    sheet = options.sheet()
    mm_w, mm_h = f"{CARD_W_MM:g}", f"{CARD_H_MM:g}"
    cards = PACK * options.packs
    count = f"{cards} карты" if options.packs == 1 else f"{cards} карты, две колоды по {PACK},"
    parts: list[tuple[str, str]] = [
        ("kicker", f"КОЛОДА ДЛЯ ПЕЧАТИ · {sheet.paper} · ВЕРСИЯ {__version__}"),
        ("title", deck_title(len(two) + len(one), options.packs)),
        ("subtitle", f"{count} в натуральную величину, {mm_w} × {mm_h} мм, по {sheet.per_sheet} на листе"),
        ("head", "Печатайте в масштабе 100 %"),
        ("body", "Печатайте без масштабирования, в масштабе 100 %: в окне печати выберите «Реальный размер» "
                 "(Actual size), а не «Вписать в страницу». Проверьте первый отпечаток линейкой: отрезок "
                 f"внизу страницы должен быть ровно 100 мм, а карта — {mm_w} × {mm_h} мм."),
        ("head", f"Для {CARDINALS_GENITIVE[len(two) - 1]} пасьянсов из {CARDINALS_GENITIVE[len(two) + len(one) - 1]} "
                 "нужны две колоды"),
        ("body", _packs(options)),
        ("head", "Листы и рубашки"),
        ("body", _backs(options)),
        ("head", "Как резать"),
        ("body", _cutting(options)),
    ]
    if options.colors == 4:
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
#: sample card is used (the longest text — two packs, backs with an offset, a bleed, four colours — on letter
#: needs the smaller ones).
FIRST_PAGE_SIZES = (10.5, 10.0, 9.5, 9.0, 8.5, 8.0)
FIRST_PAGE_SIDE = 22 * mm
FIRST_PAGE_TOP = 24 * mm
RULE_Y = 20 * mm  # the control rule's baseline
CARD_GAP = 9 * mm  # between the text and the sample card
CARD_CLEAR = 22 * mm  # from the control rule up to the sample card (its 63 mm figure goes between)


def first_page_text(canvas: Canvas, page: Sheet, options: DeckOptions, size: float, *, draw: bool) -> float:
    """Set the first page's text at body ``size`` (drawn only when ``draw``); the height it ends at."""
    width = page.width - 2 * FIRST_PAGE_SIDE
    styles = deck_styles(size)
    scale = size / 10.5
    y = page.height - FIRST_PAGE_TOP
    for style, text in first_page_paragraphs(options):
        markup = typeset(text, hyphens=style == "body", runt=style == "body")
        para = Paragraph(markup, getattr(styles, style))
        _, h = para.wrapOn(canvas, width, page.height)
        space = {"title": 1.5 * mm, "subtitle": 0, "head": 5.0 * mm, "kicker": 0, "body": 1.2 * mm}[style]
        y -= space * scale
        if draw:
            para.drawOn(canvas, FIRST_PAGE_SIDE, y - h)
        y -= h
        if style == "subtitle":
            y -= 2 * mm * scale
    return y


def first_page_size(canvas: Canvas, page: Sheet, options: DeckOptions) -> float:
    """The largest body size at which the text leaves room for the sample card above the control rule."""
    for size in FIRST_PAGE_SIZES:
        y = first_page_text(canvas, page, options, size, draw=False)
        if y - CARD_GAP - CARD_H >= RULE_Y + CARD_CLEAR:
            return size
    raise LayoutError(f"the first page's text leaves no room for the sample card on {page.paper}")


def draw_first_page(canvas: Canvas, art: CardArt, options: DeckOptions) -> None:
    """The instructions, the sample card at true size with its dimensions, the 100 mm control rule."""
    page = options.page()
    size = first_page_size(canvas, page, options)
    y = first_page_text(canvas, page, options, size, draw=True)
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
    _, nh = note.wrapOn(canvas, page.width - FIRST_PAGE_SIDE - nx, CARD_H)
    note.drawOn(canvas, nx, card_top - nh)
    draw_control_rule(canvas, FIRST_PAGE_SIDE, RULE_Y)
