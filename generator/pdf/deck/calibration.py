"""The duplex calibration page: after one two-sided print, how far this printer puts the backs off.

The front has five crosses (the middle of the page and near its corners, where
the cards' corners are); the reverse, behind each cross, a pair of
millimetre scales crossing at zero. Prick the middle of a cross with a needle
(or hold the sheet to the light): where the hole falls on the scales of the
reverse is the offset to pass to ``--back-offset X,Y``, read directly, sign
and all. The reasoning: a printer that puts the reverse ``d`` off prints the
scales ``d`` off, so the hole, which is where the scales' zero should be, reads
``−d``; moving the backs by ``−d`` cancels it. A page printed with an offset
already reads what is left, to be added to it.

Crosses and scales are each one form, placed by a translation only, so a test
can find them in the file as it finds the cards.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from generator import __version__
from generator.pdf.deck.layout import Duplex, Sheet
from generator.pdf.fonts import SANS, SANS_BOLD
from generator.pdf.palette import GREY, INK, MARK, RULE
from generator.pdf.styles import deck_styles
from generator.pdf.typography import NBSP, decimal_ru, typeset

CROSS_FORM = "pasyans-calibration-cross"
SCALE_FORM = "pasyans-calibration-scale"
ARM = 9 * mm  # half the length of a cross's arms
SCALE_MM = 5  # a scale reads from −5 to +5 mm
TARGET_INSET = 30 * mm  # the corner targets, from the page's edges
TEXT_SIDE = 22 * mm
TEXT_SIZE = 10.0


def target_points(page: Sheet) -> list[tuple[float, float]]:
    """The crosses' centres on the front: the middle of the page, then near each corner."""
    w, h, inset = page.width, page.height, TARGET_INSET
    return [(w / 2, h / 2), (inset, h - inset), (w - inset, h - inset), (inset, inset), (w - inset, inset)]


def scale_points(page: Sheet, duplex: Duplex) -> list[tuple[float, float]]:
    """Where the scales go on the reverse: behind each cross, moved by the offset being tried."""
    points = []
    for x, y in target_points(page):
        x0, y0, _, _ = duplex.behind((x, y, x, y), page.width, page.height)
        points.append((x0, y0))
    return points


def _cross_form(canvas: Canvas) -> None:
    """A hairline cross with a small ring round its centre: the point to prick."""
    canvas.beginForm(CROSS_FORM, lowerx=-ARM, lowery=-ARM, upperx=ARM, uppery=ARM)  # type: ignore[arg-type]
    canvas.setStrokeColor(MARK)
    canvas.setLineWidth(0.3)
    canvas.line(-ARM, 0, ARM, 0)
    canvas.line(0, -ARM, 0, ARM)
    canvas.circle(0, 0, 1.2 * mm, stroke=1, fill=0)
    canvas.endForm()


def _scale_form(canvas: Canvas) -> None:
    """A millimetre grid from −5 to +5 each way, its zero lines bold and ticked every half millimetre; X figures
    below it, Y figures left of it, so wherever the hole falls both are read off the edges."""
    end = SCALE_MM * mm
    reach = end + 4 * mm
    canvas.beginForm(SCALE_FORM, lowerx=-reach, lowery=-reach, upperx=reach, uppery=reach)  # type: ignore[arg-type]
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.15)
    for step in range(-SCALE_MM, SCALE_MM + 1):
        canvas.line(step * mm, -end, step * mm, end)
        canvas.line(-end, step * mm, end, step * mm)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.4)
    canvas.line(-end, 0, end, 0)
    canvas.line(0, -end, 0, end)
    canvas.rect(-end, -end, 2 * end, 2 * end, stroke=1, fill=0)
    canvas.setLineWidth(0.2)
    for half in range(-2 * SCALE_MM + 1, 2 * SCALE_MM, 2):
        at = half / 2 * mm
        canvas.line(at, -0.4 * mm, at, 0.4 * mm)
        canvas.line(-0.4 * mm, at, 0.4 * mm, at)
    canvas.setFillColor(INK)
    canvas.setFont(SANS, 4.5)
    for value in range(-SCALE_MM + 1, SCALE_MM, 1):
        if value % 2 == 0:
            label = str(value).replace("-", "−")
            canvas.drawCentredString(value * mm, -end - 2.3 * mm, label)
            canvas.drawRightString(-end - 0.8 * mm, value * mm - 0.6 * mm, label)
    canvas.setFont(SANS_BOLD, 6.5)
    canvas.drawString(end + 0.8 * mm, -end - 2.5 * mm, "X")
    canvas.drawCentredString(-end - 2.2 * mm, end + 1.0 * mm, "Y")
    canvas.endForm()


def _offset_words(offset_mm: tuple[float, float]) -> str:
    return ",".join(f"{v:g}" for v in offset_mm)


def front_text(duplex: Duplex, offset_mm: tuple[float, float]) -> list[tuple[str, str]]:
    """The front's text as (style, plain Russian text) pairs."""
    edge = "длинному" if duplex.edge == "long" else "короткому"
    parts = [
        ("kicker", f"ПРОВЕРКА ДВУСТОРОННЕЙ ПЕЧАТИ · ВЕРСИЯ {__version__}"),
        ("title", "Проверка двусторонней печати"),
        ("body", "Напечатайте этот файл с двух сторон одного листа, в масштабе 100 %, с переворотом по "
                 f"{edge} краю — так же, как будете печатать колоду с рубашками."),
        ("body", "Проколите иглой центр каждого креста (или посмотрите лист на просвет). На обороте прокол "
                 "окажется на шкалах: по горизонтальной шкале прочтите X, по вертикальной — Y, в миллиметрах, "
                 "со знаком. Если на обеих шкалах ноль, принтер печатает точно и поправка не нужна. Если нет, "
                 "печатайте колоду с ключом --back-offset X,Y — например, --back-offset 1.5,-0.5 (с десятичной "
                 "точкой, без пробелов)."),
        ("body", "Если показания крестов различаются, принтер слегка поворачивает лист: возьмите показания "
                 "креста 1, в середине листа."),
    ]
    if offset_mm != (0.0, 0.0):
        shown = ", ".join(f"{name}{NBSP}={NBSP}{decimal_ru(v).replace('-', '−')}{NBSP}мм"  # a true minus
                          for name, v in zip("XY", offset_mm, strict=True))
        parts.append(("body", f"Эта страница уже напечатана с поправкой --back-offset {_offset_words(offset_mm)} "
                              f"({shown}): прибавьте к ней то, что покажет прокол."))
    return parts


def _text(canvas: Canvas, parts: list[tuple[str, str]], page: Sheet, top: float) -> None:
    styles = deck_styles(TEXT_SIZE)
    y = top
    for style, text in parts:
        para = Paragraph(typeset(text, hyphens=style == "body"), getattr(styles, style))
        _, h = para.wrapOn(canvas, page.width - 2 * TEXT_SIDE, page.height)
        y -= {"kicker": 0, "title": 1.5 * mm, "body": 2.2 * mm}[style]
        para.drawOn(canvas, TEXT_SIDE, y - h)
        y -= h


def _number(canvas: Canvas, n: int, x: float, y: float) -> None:
    canvas.saveState()
    canvas.setFont(SANS, 7)
    canvas.setFillColor(GREY)
    canvas.drawString(x + 2.2 * mm, y + 2.2 * mm, str(n))
    canvas.restoreState()


def _place(canvas: Canvas, form: str, x: float, y: float) -> None:
    canvas.saveState()
    canvas.translate(x, y)
    canvas.doForm(form)
    canvas.restoreState()


def draw_calibration(canvas: Canvas, page: Sheet, duplex: Duplex, offset_mm: tuple[float, float]) -> None:
    """Both sides of the calibration sheet: crosses and text, then (a page later) the scales behind them."""
    _cross_form(canvas)
    _scale_form(canvas)
    for n, (x, y) in enumerate(target_points(page), 1):
        _place(canvas, CROSS_FORM, x, y)
        _number(canvas, n, x, y)
    _text(canvas, front_text(duplex, offset_mm), page, page.height - TARGET_INSET - ARM - 4 * mm)
    canvas.showPage()
    for n, (x, y) in enumerate(scale_points(page, duplex), 1):
        _place(canvas, SCALE_FORM, x, y)
        _number(canvas, n, x + SCALE_MM * mm - 1 * mm, y + SCALE_MM * mm - 1 * mm)
    canvas.saveState()
    canvas.setFont(SANS, 8)
    canvas.setFillColor(GREY)
    canvas.drawCentredString(page.width / 2, page.height / 2 - 14 * mm,
                             "Оборот: прокол на шкалах — это X и Y для --back-offset X,Y")
    canvas.restoreState()
    canvas.showPage()
