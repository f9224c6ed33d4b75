"""«Как часто выходит»: the thoughtful and no-peek win rates with 95-percent intervals, for a game and its variants,
and the share of each grade of difficulty (easy, needs foresight, lost, not decided) over the same deals.

One small table per counted spec (the game, then each variant under its name), each with its own note when the
solver left some of its deals undecided: a note counts only its own table's deals, and there is none when that
count is zero. What the two rates mean is said once, under the game's table; the grades follow in one table.
"""

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
INTERVAL = "95-процентный интервал"
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


def meaning(entries: Sequence[OddsEntry], choiceless: bool) -> str:
    """What the two rates are, said once, and over which deals (a variant counted over fewer says so); for a game
    that leaves no choice, why the two are equal."""
    main = entries[0].data
    text = (f"Подсчитано на {_counted_on(main)}.{_other_samples(entries)} "
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
    return _ruled(rows, [0.33 * width, 0.16 * width, 0.32 * width, 0.19 * width], book)


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
            block += [Spacer(1, 0.6 * s.leading), book.para(meaning(entries, choiceless))]
        # A table with its note (and the heading, the first time) on one page: a table parted from what explains
        # it reads badly. The heading goes inside: keepWithNext does not reach into a KeepTogether.
        blocks.append(KeepTogether(block))
    grades = grades_block(game, entries, book)
    if grades:
        blocks.append(KeepTogether(grades))
    return blocks


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
    said = (f"Сложность тех же раскладов. {Difficulty.EASY.name_ru.capitalize()} расклад выходит и у "
               "осторожного игрока, который не заглядывает в колоду; "
               f"{Difficulty.FORESIGHT.name_ru} выходит, но такой игрок его проигрывает — нужно предвидеть, что "
               f"придёт из колоды; {Difficulty.LOST.name_ru} не выходит ни при какой игре (это доказано)")
    if Difficulty.UNKNOWN in shown:
        said += f"; {Difficulty.UNKNOWN.name_ru} — программа не нашла ответа, а осторожный игрок его проигрывает"
    said += "."
    if all(entry.grades and entry.grades[Difficulty.FORESIGHT] == entry.data["thoughtful"]["won"] -
           entry.data["no_peek"]["won"] for entry in graded):  # every deal the player wins, the program wins too
        said += (f" Доля лёгких — это доля «{NO_PEEK}», доля трудных — разница между «{THOUGHTFUL}» "
                    f"и «{NO_PEEK}».")
    return [Spacer(1, 0.9 * s.leading), table, Spacer(1, 0.7 * s.leading), book.para(said)]
