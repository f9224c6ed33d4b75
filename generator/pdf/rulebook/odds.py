"""«Как часто выходит»: the thoughtful and no-peek win rates with 95-percent intervals, for a game and its variants.

One small table per counted spec (the game, then each variant under its name), each with its own note when the
solver left some of its deals undecided: a note counts only its own table's deals, and there is none when that
count is zero. What the two rates mean is said once, under the game's table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from generator.games import Game
from generator.pdf.palette import RULE
from generator.pdf.rulebook.book import Book
from generator.pdf.rulebook.model import OddsEntry
from generator.pdf.tables import grid
from generator.pdf.typography import NBSP, number_ru, percent_ru, plural_ru, quoted, seconds_ru, typeset

THOUGHTFUL = "Зная колоду"
NO_PEEK = "Не подглядывая"
INTERVAL = "95-процентный интервал"


def _interval(rate: dict[str, Any]) -> str:
    digits = 2 if rate["high"] < 0.1 else 1
    low, high = percent_ru(rate["low"], digits), percent_ru(rate["high"], digits)
    return f"{low.split(NBSP)[0]}–{high}"


def _rate(rate: dict[str, Any]) -> str:
    value = rate.get("rate", rate["won"] / max(1, rate["won"] + rate["lost"] + rate["unknown"]))
    return percent_ru(value, 2 if rate["high"] < 0.1 else 1)


def unknown_note(data: dict[str, Any]) -> str | None:
    """The note under one table: how many of *its* deals the solver left undecided, and within what budget;
    ``None`` when it decided them all."""
    unknown = data["thoughtful"]["unknown"]
    if not unknown:
        return None
    budget = data.get("budget_seconds")
    limit = f" за {seconds_ru(float(budget))} на расклад" if isinstance(budget, int | float) else ""
    # «Для 1 расклада», «для 28 раскладов»: the genitive after «для».
    deals = plural_ru(unknown, "расклада", "раскладов", "раскладов")
    return (f"Для {deals} программа не нашла ответа{limit}; они считаются невышедшими, так что настоящая доля "
            f"«{THOUGHTFUL}» может быть выше, но не больше чем на их долю.")


def meaning(main: dict[str, Any], choiceless: bool) -> str:
    """What the two rates are, said once; for a game that leaves no choice, why the two are equal."""
    last = main["from"] + main["deals"] - 1
    text = (f"Подсчитано на {number_ru(main['deals'])} раскладах, с №{main['from']} по №{number_ru(last)}. "
            f"«{THOUGHTFUL}» — так играл бы тот, кто знает порядок карт в колоде и не ошибается (так ищет решение "
            f"программа), поэтому это верхняя граница для живой игры; «{NO_PEEK}» — осторожная игра по твёрдым "
            f"правилам, без заглядывания в колоду. Рядом — 95-процентный доверительный интервал.")
    if choiceless:
        text += (" Здесь обе доли одинаковы, потому что выбора в этом пасьянсе нет: каждая карта идёт туда, куда "
                 "её посылают правила, и ход игры целиком задаёт колода, так что знание колоды ничего не прибавляет.")
    return text


def odds_table(data: dict[str, Any], book: Book, title: str | None = None) -> Flowable:
    """One spec's table: the two rates, their intervals and the deals counted; ``title`` (a variant's name)
    heads it."""
    s = book.styles
    head = [Paragraph(typeset(title, hyphens=False) if title else "Игра", s.cell_head),
            Paragraph("Выходит", s.cell_head_right), Paragraph(INTERVAL, s.cell_head_right),
            Paragraph("Раскладов", s.cell_head_right)]
    rows: list[list[Any]] = [head]
    for key, label in (("thoughtful", THOUGHTFUL), ("no_peek", NO_PEEK)):
        rate = data[key]
        rows.append([Paragraph(label, s.cell), Paragraph(_rate(rate), s.cell_right),
                     Paragraph(_interval(rate), s.cell_right), Paragraph(number_ru(data["deals"]), s.cell_right)])
    width = book.width
    return grid(rows, [0.33 * width, 0.16 * width, 0.32 * width, 0.19 * width], [
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("TOPPADDING", (0, 0), (-1, -1), 0.12 * s.leading),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0.12 * s.leading),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, RULE),
        ("LINEBELOW", (0, -1), (-1, -1), 0.5, RULE),
    ], font_size=s.size)


def odds_section(game: Game, entries: Sequence[OddsEntry], book: Book, *, choiceless: bool = False) -> list[Flowable]:
    """The section: a table per counted spec, each with its own note, and what the rates mean; or a sentence saying
    they are not counted yet."""
    s = book.styles
    heading = book.section(game, "odds", "Как часто выходит")
    if not entries:
        command = f'<font name="{s.command.fontName}">pasyans{NBSP}stats{NBSP}--save</font>'
        return [heading, Paragraph(typeset("Вероятность выхода ещё не подсчитана: она появится здесь, когда её "
                                           "сосчитает команда") + f" {command}.", s.note)]
    blocks: list[Flowable] = []
    for number, entry in enumerate(entries):
        title = None if entry.variant is None else f"Вариант {quoted(entry.variant)}"
        block: list[Flowable] = [heading] if number == 0 else [Spacer(1, 0.9 * s.leading)]
        block.append(odds_table(entry.data, book, title))
        note = unknown_note(entry.data)
        if note is not None:
            block += [Spacer(1, 0.4 * s.leading), book.para(note, s.note)]
        if number == 0:
            block += [Spacer(1, 0.6 * s.leading), book.para(meaning(entry.data, choiceless))]
        # A table with its note (and the heading, the first time) on one page: a table parted from what explains
        # it reads badly. The heading goes inside: keepWithNext does not reach into a KeepTogether.
        blocks.append(KeepTogether(block))
    return blocks
