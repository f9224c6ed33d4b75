"""«Как часто выходит»: the thoughtful and no-peek win rates with 95 % intervals, for a game and its variants, and
the share of each grade of difficulty (easy, needs foresight, lost, not decided) over the same deals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from generator.analysis import Difficulty
from generator.games import Game
from generator.pdf.palette import RULE
from generator.pdf.rulebook.book import Book
from generator.pdf.rulebook.model import OddsEntry
from generator.pdf.tables import grid
from generator.pdf.typography import NBSP, number_ru, percent_ru, plural_ru, quoted, seconds_ru, typeset

THOUGHTFUL = "Зная колоду"
NO_PEEK = "Не подглядывая"
#: The grades' row of the game itself, beside its variants' rows.
RULES_AS_PRINTED = "По правилам"


def _interval(rate: dict[str, Any]) -> str:
    digits = 2 if rate["high"] < 0.1 else 1
    low, high = percent_ru(rate["low"], digits), percent_ru(rate["high"], digits)
    return f"{low.split(NBSP)[0]}–{high}"


def _rate(rate: dict[str, Any]) -> str:
    value = rate.get("rate", rate["won"] / max(1, rate["won"] + rate["lost"] + rate["unknown"]))
    return percent_ru(value, 2 if rate["high"] < 0.1 else 1)


def _ruled(rows: list[list[Any]], widths: Sequence[float], book: Book,
           commands: Sequence[tuple[Any, ...]] = ()) -> Flowable:
    """A table of the section: cells set on their baseline, a rule under the head and under the last row."""
    s = book.styles
    return grid(rows, widths, [
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("TOPPADDING", (0, 0), (-1, -1), 0.12 * s.leading),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0.12 * s.leading),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, RULE),
        ("LINEBELOW", (0, -1), (-1, -1), 0.5, RULE),
        *commands,
    ], font_size=s.size)


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
    table = _ruled(rows, [0.37 * width, 0.17 * width, 0.27 * width, 0.19 * width], book, commands)
    # The table first, what it means under it, all on one page: a lone line of the explanation on the
    # chapter's last page, or a table parted from its heading, reads badly.
    main = entries[0].data
    block: list[Flowable] = [table, Spacer(1, 0.7 * s.leading), book.para(
        f"Подсчитано на {_counted_on(main)}.{_other_samples(entries)} "
        f"«{THOUGHTFUL}» — так играл бы тот, кто знает порядок карт в колоде и не ошибается (так ищет решение "
        f"программа), поэтому это верхняя граница для живой игры; «{NO_PEEK}» — осторожная игра по твёрдым "
        "правилам, без заглядывания в колоду. Рядом — 95-процентный доверительный интервал."
    )]
    block += grades_block(game, entries, book)
    if unknown:
        # «Для 1 расклада», «для 28 раскладов»: the genitive after «для».
        deals = plural_ru(unknown, "расклада", "раскладов", "раскладов")
        limit = f" за {' и '.join(seconds_ru(b) for b in sorted(budgets))} на расклад" if budgets else ""
        block += [Spacer(1, 0.5 * s.leading),
                  book.para(f"Для {deals} программа не нашла ответа{limit}; они считаются невышедшими, "
                            f"так что настоящая доля «{THOUGHTFUL}» может быть выше, но не больше чем на их долю.",
                            s.note)]
    return [KeepTogether([*story, *block])]  # the heading inside: keepWithNext does not reach a KeepTogether


def _counted_on(data: dict[str, Any]) -> str:
    """«10 000 раскладах, с №1 по №10 000» (after «на»)."""
    return f"{number_ru(data['deals'])} раскладах, с №{data['from']} по №{number_ru(data['from'] + data['deals'] - 1)}"


def _other_samples(entries: Sequence[OddsEntry]) -> str:
    """« Вариант «…» — на 1 000 раскладах, …»: the variants counted over other deals than the first entry (a smaller
    sample until ``make odds`` counts them all), so that no figure claims more deals than it was counted on."""
    main = entries[0].data
    ranges: dict[tuple[int, int], list[str]] = {}
    for entry in entries[1:]:
        if entry.variant is not None and (entry.data["from"], entry.data["deals"]) != (main["from"], main["deals"]):
            ranges.setdefault((entry.data["from"], entry.data["deals"]), []).append(quoted(entry.variant))
    parts = []
    for (first, deals), names in ranges.items():
        listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} и {names[-1]}"
        parts.append(f" {'Вариант' if len(names) == 1 else 'Варианты'} {listed} — на "
                     f"{_counted_on({'from': first, 'deals': deals})}.")
    return "".join(parts)


def share(count: int, deals: int) -> str:
    """A grade's share: «92,3 %»; «0,04 %» when it rounds to nothing at one digit; «—» for none."""
    if not count:
        return "—"
    share = count / max(1, deals)
    return percent_ru(share, 2 if share < 0.001 else 1)


def grades_block(game: Game, entries: Sequence[OddsEntry], book: Book) -> list[Flowable]:
    """The share of each grade per game and variant, and what the grades mean (nothing if no entry has them)."""
    graded = [entry for entry in entries if entry.grades is not None]
    if not graded:
        return []
    s = book.styles
    shown = [grade for grade in Difficulty if grade is not Difficulty.UNKNOWN or
             any(entry.grades and entry.grades[grade] for entry in graded)]
    rows: list[list[Any]] = [[Paragraph("Сложность", s.cell_head),
                              *(Paragraph(grade.plural_ru.capitalize(), s.cell_head_right) for grade in shown)]]
    for entry in graded:
        assert entry.grades is not None
        label = RULES_AS_PRINTED if entry.variant is None else f"Вариант {quoted(entry.variant)}"
        rows.append([Paragraph(typeset(label, hyphens=False), s.cell),
                     *(Paragraph(share(entry.grades[grade], entry.data["deals"]), s.cell_right)
                       for grade in shown)])
    width = book.width
    first = 0.32 * width
    table = _ruled(rows, [first, *[(width - first) / len(shown)] * len(shown)], book)
    meaning = (f"Сложность тех же раскладов. {Difficulty.EASY.name_ru.capitalize()} расклад выходит и у "
               "осторожного игрока, который не заглядывает в колоду; "
               f"{Difficulty.FORESIGHT.name_ru} выходит, но такой игрок его проигрывает — нужно предвидеть, что "
               f"придёт из колоды; {Difficulty.LOST.name_ru} не выходит ни при какой игре (это доказано)")
    if Difficulty.UNKNOWN in shown:
        meaning += f"; {Difficulty.UNKNOWN.name_ru} — программа не нашла ответа, а осторожный игрок его проигрывает"
    meaning += "."
    if all(entry.grades and entry.grades[Difficulty.FORESIGHT] == entry.data["thoughtful"]["won"] -
           entry.data["no_peek"]["won"] for entry in graded):  # every deal the player wins, the program wins too
        meaning += (f" Доля лёгких — это доля «{NO_PEEK}», доля трудных — разница между «{THOUGHTFUL}» "
                    f"и «{NO_PEEK}».")
    return [Spacer(1, 0.9 * s.leading), table, Spacer(1, 0.7 * s.leading), book.para(meaning)]
