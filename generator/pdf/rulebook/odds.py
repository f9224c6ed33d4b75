"""«Как часто выходит»: the thoughtful and no-peek win rates with 95 % intervals, for a game and its variants."""

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


def _interval(rate: dict[str, Any]) -> str:
    digits = 2 if rate["high"] < 0.1 else 1
    low, high = percent_ru(rate["low"], digits), percent_ru(rate["high"], digits)
    return f"{low.split(NBSP)[0]}–{high}"


def _rate(rate: dict[str, Any]) -> str:
    value = rate.get("rate", rate["won"] / max(1, rate["won"] + rate["lost"] + rate["unknown"]))
    return percent_ru(value, 2 if rate["high"] < 0.1 else 1)


def odds_section(game: Game, entries: Sequence[OddsEntry], book: Book) -> list[Flowable]:
    """The section: a table of the counted odds and what they mean, or a sentence saying they are not counted."""
    s = book.styles
    story: list[Flowable] = [book.section(game, "odds", "Как часто выходит")]
    if not entries:
        command = f'<font name="{s.command.fontName}">pasyans{NBSP}stats{NBSP}--save</font>'
        story.append(Paragraph(typeset("Вероятность выхода ещё не подсчитана: она появится здесь, когда её "
                                       "сосчитает команда") + f" {command}.", s.note))
        return story
    head = [Paragraph("Игра", s.cell_head), Paragraph("Выходит", s.cell_head_right),
            Paragraph(f"95{NBSP}% интервал", s.cell_head_right), Paragraph("Раскладов", s.cell_head_right)]
    rows: list[list[Any]] = [head]
    commands: list[tuple[Any, ...]] = []
    unknown = 0
    budgets: set[float] = set()
    for entry in entries:
        data = entry.data
        if entry.variant is not None:
            rows.append([Paragraph(typeset(f"Вариант {quoted(entry.variant)}", hyphens=False), s.cell_head),
                         "", "", ""])
            commands.append(("SPAN", (0, len(rows) - 1), (-1, len(rows) - 1)))
            commands.append(("TOPPADDING", (0, len(rows) - 1), (-1, len(rows) - 1), 0.6 * s.leading))
        for key, label in (("thoughtful", THOUGHTFUL), ("no_peek", NO_PEEK)):
            rate = data[key]
            rows.append([Paragraph(label, s.cell), Paragraph(_rate(rate), s.cell_right),
                         Paragraph(_interval(rate), s.cell_right),
                         Paragraph(number_ru(data["deals"]), s.cell_right)])
        unknown += data["thoughtful"]["unknown"]
        if data["thoughtful"]["unknown"] and isinstance(data.get("budget_seconds"), int | float):
            budgets.add(float(data["budget_seconds"]))
    width = book.width
    table = grid(rows, [0.37 * width, 0.17 * width, 0.27 * width, 0.19 * width], [
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("TOPPADDING", (0, 0), (-1, -1), 0.12 * s.leading),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0.12 * s.leading),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, RULE),
        ("LINEBELOW", (0, -1), (-1, -1), 0.5, RULE),
        *commands,
    ], font_size=s.size)
    # The table first, what it means under it, all on one page: a lone line of the explanation on the
    # chapter's last page, or a table parted from its heading, reads badly.
    main = entries[0].data
    last = main["from"] + main["deals"] - 1
    block: list[Flowable] = [table, Spacer(1, 0.7 * s.leading), book.para(
        f"Подсчитано на {number_ru(main['deals'])} раскладах, с №{main['from']} по №{number_ru(last)}. "
        f"«{THOUGHTFUL}» — так играл бы тот, кто знает порядок карт в колоде и не ошибается (так ищет решение "
        f"программа), поэтому это верхняя граница для живой игры; «{NO_PEEK}» — осторожная игра по твёрдым "
        "правилам, без заглядывания в колоду. Рядом — 95-процентный доверительный интервал."
    )]
    if unknown:
        # «Для 1 расклада», «для 28 раскладов»: the genitive after «для».
        deals = plural_ru(unknown, "расклада", "раскладов", "раскладов")
        limit = f" за {' и '.join(seconds_ru(b) for b in sorted(budgets))} на расклад" if budgets else ""
        block += [Spacer(1, 0.5 * s.leading),
                  book.para(f"Для {deals} программа не нашла ответа{limit}; они считаются невышедшими, "
                            f"так что настоящая доля «{THOUGHTFUL}» может быть выше, но не больше чем на их долю.",
                            s.note)]
    return [KeepTogether([*story, *block])]  # the heading inside: keepWithNext does not reach a KeepTogether
