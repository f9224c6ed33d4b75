"""«Как часто выходит»: the thoughtful and no-peek win rates with 95-percent intervals, for a game and its variants,
and the share of each grade of difficulty (easy, needs foresight, lost, not decided) over the same deals.

One small table per counted spec (the game, then each variant under its name), each with its own note when the
solver left some of its deals undecided: a note counts only its own table's deals, and there is none when that
count is zero. What the two rates mean is said once, under the game's table; the grades follow in one table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from reportlab.platypus import Flowable, KeepTogether, Spacer

from generator.analysis import Difficulty
from generator.games import Game
from generator.notation import variant_reading
from generator.pdf.flowables import Text
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


def rate_digits(rate: dict[str, Any]) -> int:
    """Two decimals near 0 % and near 100 %, where one would print an interval as a point (10,000 wins of 10,000:
    «100,0–100,0 %», though the interval starts at 99,96 %)."""
    return 2 if rate["high"] < 0.1 or rate["low"] > 0.99 else 1


def _interval(rate: dict[str, Any]) -> str:
    digits = rate_digits(rate)
    low, high = percent_ru(rate["low"], digits), percent_ru(rate["high"], digits)
    return f"{low.split(NBSP)[0]}–{high}"


def _rate(rate: dict[str, Any]) -> str:
    value = rate.get("rate", rate["won"] / max(1, rate["won"] + rate["lost"] + rate["unknown"]))
    return percent_ru(value, rate_digits(rate))


def _ruled(rows: list[list[Any]], widths: Sequence[float], book: Book, commands: Sequence[tuple[Any, ...]] = (),
           *, head: bool = True, foot: bool = True) -> Flowable:
    """A table of the section: cells set on their baseline, a rule under the head and under the last row (``head``,
    ``foot``: a table continued by another in the same columns leaves out one or the other)."""
    s = book.styles
    return grid(rows, widths, [
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("TOPPADDING", (0, 0), (-1, -1), 0.12 * s.leading),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0.12 * s.leading),
        *([("LINEBELOW", (0, 0), (-1, 0), 0.5, RULE)] if head else []),
        *([("LINEBELOW", (0, -1), (-1, -1), 0.5, RULE)] if foot else []),
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
    head = [Text(typeset(title, hyphens=False) if title else "Игра", s.cell_head),
            Text("Выходит", s.cell_head_right), Text(INTERVAL, s.cell_head_right),
            Text("Раскладов", s.cell_head_right)]
    rows: list[list[Any]] = [head]
    for key, label in (("thoughtful", THOUGHTFUL), ("no_peek", NO_PEEK)):
        rate = data[key]
        rows.append([Text(label, s.cell), Text(_rate(rate), s.cell_right),
                     Text(_interval(rate), s.cell_right), Text(number_ru(data["deals"]), s.cell_right)])
    width = book.width
    return _ruled(rows, [0.33 * width, 0.16 * width, 0.32 * width, 0.19 * width], book)


def odds_section(game: Game, entries: Sequence[OddsEntry], book: Book, *, choiceless: bool = False) -> list[Flowable]:
    """The section: a table per counted spec, each with its own note, and what the rates mean; or a sentence saying
    they are not counted yet."""
    s = book.styles
    heading = book.section(game, "odds", "Как часто выходит")
    if not entries:
        command = f'<font name="{s.command.fontName}">pasyans{NBSP}stats{NBSP}--save</font>'
        return [heading, Text(typeset("Вероятность выхода ещё не подсчитана: она появится здесь, когда её "
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
    blocks += readings_block(game, entries, book)
    grades = grades_block(game, entries, book)
    if grades:
        blocks.append(KeepTogether(grades))
    return blocks


class ReadingRow(NamedTuple):
    """One reading of a disputed place and its two rates over the deals its row is compared on."""

    text: str
    thoughtful: float
    no_peek: float


def _won_share(data: dict[str, Any], kind: str, first: int, deals: int) -> float | None:
    """The share of ``kind``'s wins over deals ``first``…``first + deals - 1`` of an entry: its own rate when it was
    counted on exactly those, else from its verdict letters (``W`` a win, one per deal) where they cover them."""
    if (data["from"], data["deals"]) == (first, deals):
        rate = data[kind]
        return float(rate.get("rate", rate["won"] / max(1, data["deals"])))
    letters = (data.get("verdicts") or {}).get(kind)
    offset = first - data["from"]
    if not isinstance(letters, str) or offset < 0 or offset + deals > min(len(letters), data["deals"]):
        return None
    return letters[offset:offset + deals].count("W") / deals


def reading_rows(game: Game, entries: Sequence[OddsEntry]) -> list[tuple[str, tuple[int, int], list[ReadingRow]]]:
    """The disputed places whose other reading was counted, in the order of the variants: each place's quote, the
    deals (first, count) its rows are compared on, and its readings with their rates, ours (the game's) first.

    A variant counted on fewer deals than the game is compared with the game *on the same deals* (the game's
    verdict letters give its rates there): rates over different deals would differ by chance alone."""
    if not entries or entries[0].variant_id is not None:
        return []
    ours = entries[0].data
    places: dict[str, tuple[tuple[int, int], list[ReadingRow]]] = {}
    for entry in entries[1:]:
        if entry.variant_id is None:
            continue
        reading = variant_reading(game.id, entry.variant_id)
        if reading is None:
            continue
        span = (entry.data["from"], entry.data["deals"])
        if reading.quote not in places:
            base = [_won_share(ours, kind, *span) for kind in ("thoughtful", "no_peek")]
            if base[0] is None or base[1] is None:
                continue  # the game's verdicts do not cover these deals: no fair comparison
            places[reading.quote] = (span, [ReadingRow(f"наше: {reading.ours}", base[0], base[1])])
        place_span, rows = places[reading.quote]
        if place_span != span:
            continue
        own = entry.data  # counted on exactly ``span``: its own rates
        rows.append(ReadingRow(f"вариант {quoted(entry.variant or entry.variant_id)}: {reading.theirs}",
                               own["thoughtful"]["won"] / own["deals"], own["no_peek"]["won"] / own["deals"]))
    return [(quote, span, rows) for quote, (span, rows) in places.items()]


def _percent(share: float) -> str:
    """Two decimals: readings often differ by a few deals in ten thousand, which one decimal would hide."""
    return percent_ru(share, 2)


def readings_block(game: Game, entries: Sequence[OddsEntry], book: Book) -> list[Flowable]:
    """«Что меняет прочтение»: for each disputed place, our reading and the other, with the two rates of each on the
    same deals, so that a reader sees at once what a reading changes (nothing if no other reading is counted).

    One small table per place, in the same columns: a page may end between two places, never inside one, and the
    sentence that explains the table stays with its head and first place."""
    places = reading_rows(game, entries)
    if not places:
        return []
    s = book.styles
    width = book.width
    widths = [0.56 * width, 0.22 * width, 0.22 * width]
    head = [Text("Прочтение", s.cell_head), Text(THOUGHTFUL, s.cell_head_right), Text(NO_PEEK, s.cell_head_right)]
    spans = {span for _quote, span, _rows in places}
    tables: list[Flowable] = []
    for number, (quote, (first, deals), readings) in enumerate(places):
        rows: list[list[Any]] = [head] if number == 0 else []
        at = len(rows)
        commands: list[tuple[Any, ...]] = [("SPAN", (0, at), (-1, at)),
                                           ("TOPPADDING", (0, at), (-1, at), 0.45 * s.leading)]
        # Places counted on different deals say on which, after their quote.
        last = number_ru(first + deals - 1)
        where = "" if len(spans) == 1 else \
            f' <font name="{s.cell.fontName}">— расклады с №{NBSP}{first} по №{NBSP}{last}</font>'
        rows.append([Text(typeset(quoted(quote)) + where, s.cell_quote), "", ""])
        for row in readings:
            rows.append([Text(typeset(row.text), s.cell_indented), Text(_percent(row.thoughtful), s.cell_right),
                         Text(_percent(row.no_peek), s.cell_right)])
        tables.append(_ruled(rows, widths, book, commands, head=number == 0, foot=number == len(places) - 1))
    where = (f"на {_counted_on({'from': next(iter(spans))[0], 'deals': next(iter(spans))[1]})}" if len(spans) == 1
             else "для обоих прочтений места на одних и тех же раскладах")
    said = ("Что меняет прочтение: для каждого спорного места — наше прочтение и другое, с долей вышедших "
            f"раскладов при каждом, подсчитанной {where}.")
    return [Spacer(1, 0.9 * s.leading), KeepTogether([book.para(said), Spacer(1, 0.4 * s.leading), tables[0]]),
            *(KeepTogether([table]) for table in tables[1:])]


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
    rows: list[list[Any]] = [[Text("Сложность", s.cell_head),
                              *(Text(grade.plural_ru.capitalize(), s.cell_head_right) for grade in shown)]]
    for entry in graded:
        assert entry.grades is not None
        label = RULES_AS_PRINTED if entry.variant is None else f"Вариант {quoted(entry.variant)}"
        rows.append([Text(typeset(label, hyphens=False), s.cell),
                     *(Text(share(entry.grades[grade], entry.data["deals"]), s.cell_right)
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
