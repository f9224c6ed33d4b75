"""The book's front matter (contents, «О книге») and its appendix: the fragment, the notation, the deal numbers."""

from __future__ import annotations

from typing import Any

from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    Spacer,
    Table,
)

from generator.cards import RANK_SYMBOLS, SUIT_SYMBOLS, Suit, rank_name_ru
from generator.games import GAME_IDS, GAMES, make_game
from generator.notation import place_meaning, place_ru, place_word
from generator.paths import rule_text
from generator.pdf.flowables import Heading, Para, Text
from generator.pdf.palette import GREY_MARKUP, RULE
from generator.pdf.rulebook.book import Book
from generator.pdf.tables import grid
from generator.pdf.templates import Contents
from generator.pdf.typography import NBSP, counted_ru, typeset


def preface(games: int) -> str:
    """«О книге»: what the book holds and how a chapter is built."""
    return (
        f"Здесь собраны {counted_ru(games, 'пасьянс', 'пасьянса', 'пасьянсов')} из старинного русского сборника, "
        "по главе на каждый. Глава открывается текстом "
        "правил — слово в слово, как в старой книге. Старый текст местами неясен, поэтому за ним следует "
        "«Толкование правил»: как мы понимаем каждое такое место и какие слова правил это решают. «Разбор расклада» "
        "показывает одну партию ход за ходом, а «Как часто выходит» — долю вышедших раскладов, подсчитанную "
        "программой. В приложении — отрывок без начала, обозначения и способ повторить любой расклад."
    )


#: What holds in every game of the book, as the contract's common ground says it (RULES.md): said once here, so
#: no chapter need repeat it.
COMMON_GROUND = (
    "Все карты на столе лежат лицом вверх; колода лежит рубашкой вверх, и порядок её карт игроку неизвестен. "
    "Карта, положенная на основание, оттуда уже не возвращается: её не берут ни обратно в игру, ни на другое "
    "основание. Где места оснований не закреплены за мастями, они занимаются в порядке прихода открывающих их "
    "карт — как именно, сказано в толковании каждого пасьянса. В пасьянсах на две колоды каждая карта есть "
    "дважды, и две одинаковые карты ничем не различаются."
)


def front_matter(book: Book) -> list[Flowable]:
    s = book.styles
    return [
        NextPageTemplate("front"),
        PageBreak(),
        Heading("Содержание", s.toc_title, key="contents", level=0, outline="Содержание", toc=None),
        Contents(s),
        Spacer(1, 1.5 * s.leading),
        CondPageBreak(6 * s.leading),
        Heading("О книге", s.section, key="preface", level=0, outline="О книге"),
        book.para(preface(len(GAME_IDS)), smart=True),
        Heading("Общее для всех пасьянсов", s.section, key="common", level=0, outline="Общее для всех пасьянсов"),
        book.para(COMMON_GROUND, smart=True),
    ]


def appendix(book: Book) -> list[Flowable]:
    s = book.styles
    story: list[Flowable] = [
        NextPageTemplate("body"),
        PageBreak(),
        Spacer(1, 0.06 * book.height),
        Heading("Приложение", s.chapter, key="appendix", level=0, outline="Приложение", running="Приложение"),
        Spacer(1, 0.8 * s.leading),
        book.section("appendix", "fragment", "Отрывок без начала"),
        book.para("В старом сборнике перед «Кадрилью» стоят две последние фразы ещё одного пасьянса. Начало "
                  "его утрачено: ни раскладки, ни хода игры по ним не восстановить, поэтому сыграть его нельзя. "
                  "Печатаем отрывок как есть.", s.note),
        Spacer(1, 0.5 * s.leading),
    ]
    for number, text in enumerate(line for line in rule_text("fragment").splitlines() if line.strip()):
        mark = f"<font color='{GREY_MARKUP}'>[…]</font> " if number == 0 else ""
        story.append(Para(mark + typeset(text), s.fragment))
    story += notation_section(book)
    story += deals_section(book)
    return story


def _grid(rows: list[list[Any]], widths: list[float], book: Book, *, head: bool = False) -> Table:
    s = book.styles
    return grid(rows, widths, [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0.6 * s.size),
        ("TOPPADDING", (0, 0), (-1, -1), 0.1 * s.leading),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0.1 * s.leading),
        *([("LINEBELOW", (0, 0), (-1, 0), 0.5, RULE)] if head else []),
    ], font_size=s.size)


#: The suit table's column heads: the sign, the suit's name, how a card of it is named, its colour.
SUIT_COLUMNS = ("Знак", "Масть", "В названии карты", "Цвет")


def notation_section(book: Book) -> list[Flowable]:
    s = book.styles
    cell = s.cell
    story: list[Flowable] = [
        book.section("appendix", "notation", "Обозначения"),
        book.para("Карту записывают достоинством и мастью: Т♠ — туз пик, 10♥ — десятка червей, Д♦ — дама бубен, "
                  "В♣ — валет треф. Пики и трефы — чёрные масти, червы и бубны — красные. Старшинство — от туза "
                  "(он же единица) до короля."),
        Spacer(1, 0.5 * s.leading),
    ]
    ranks = list(range(1, 14))
    per_column = 5
    columns = [ranks[i:i + per_column] for i in range(0, len(ranks), per_column)]
    rows = []
    for r in range(per_column):
        row: list[Any] = []
        for col in columns:
            if r < len(col):
                rank = col[r]
                row += [Text(f"<b>{RANK_SYMBOLS[rank]}</b>", cell), Text(rank_name_ru(rank), cell)]
            else:
                row += ["", ""]
        rows.append(row)
    sym, name = 0.07 * book.width, 0.25 * book.width
    story.append(KeepTogether(_grid(rows, [sym, name] * len(columns), book)))
    story.append(Spacer(1, 0.6 * s.leading))
    suit_rows = [[Text(title, s.cell_head) for title in SUIT_COLUMNS]]
    suit_rows += [[Text(typeset(SUIT_SYMBOLS[suit]), cell), Text(suit.name_ru, cell),
                   Text(f"десятка {suit.genitive_ru}", cell),
                   Text("красная" if suit.is_red else "чёрная", cell)] for suit in Suit]
    widths = [0.1 * book.width, 0.22 * book.width, 0.3 * book.width, 0.2 * book.width]
    story.append(KeepTogether(_grid(suit_rows, widths, book, head=True)))
    story.append(Spacer(1, 0.6 * s.leading))
    example = "9♠ кон → ряд 3".replace(" ", NBSP)
    story.append(book.para(f"Ход записывают так: карта, откуда она взята и куда легла, — «{example}». Места "
                           "называются одинаково в книге, в программе и в записях партий:"))
    story.append(Spacer(1, 0.3 * s.leading))
    story += places_table(book)
    return story


def _place_range(words: list[str]) -> str:
    """«кучка 1–8», «дама ♠, ♣, ♥, ♦»: a kind of place and all its numbers or suits, compactly."""
    if len(words) == 1:
        return words[0]
    stem = words[0].rpartition(" ")[0]
    tails = [word.rpartition(" ")[2] for word in words]
    if all(tail.isdigit() for tail in tails):
        return f"{stem} {tails[0]}–{tails[-1]}"
    return f"{stem} {', '.join(tails)}"


def places_table(book: Book) -> list[Flowable]:
    """Every game's places in Russian, then what each kind of place is (from the text assets)."""
    s = book.styles
    rows = []
    meanings: dict[str, str] = {}
    for game_id in GAME_IDS:
        game = make_game(game_id)
        kinds: dict[str, list[str]] = {}
        for index, place in enumerate(game.places):
            kinds.setdefault(place.group, []).append(place_ru(game, index))
        for kind in kinds:
            word = place_word(game_id, kind) or kind  # «сборная кучка»: the whole word, not a number's stem
            meaning = place_meaning(game_id, kind)
            if meaning is not None and word not in meanings:
                meanings[word] = meaning
        names = "; ".join(_place_range(words) for words in kinds.values())
        rows.append([Text(typeset(game.title, hyphens=False), s.cell),
                     Text(typeset(names, hyphens=False), s.cell)])
    story: list[Flowable] = [_grid(rows, [0.36 * book.width, 0.64 * book.width], book)]
    story.append(Spacer(1, 0.6 * s.leading))
    rows = [[Text(f"<i>{typeset(word, hyphens=False)}</i>", s.cell), Text(typeset(meaning), s.cell)]
            for word, meaning in meanings.items()]
    story.append(_grid(rows, [0.2 * book.width, 0.8 * book.width], book))
    return story


COMMANDS = (
    ("pasyans games", "список игр, их обозначений и вариантов."),
    ("pasyans play GAME --deal N", "сыграть расклад N за игрока, который не подглядывает в колоду, и напечатать "
                                   "все его ходы."),
    ("pasyans play GAME --deal N --record RECORD.json", "то же, и записать партию в файл."),
    ("pasyans solve GAME --deal N", "найти выигрыш, зная колоду, или доказать, что его нет."),
    ("pasyans check RECORD.json", "проверить записанную партию ход за ходом по правилам."),
)


def deals_section(book: Book) -> list[Flowable]:
    s = book.styles
    story: list[Flowable] = [
        book.section("appendix", "deals", "Номера раскладов"),
        book.para(
            "Каждый расклад назван номером — целым числом от 1 до 10 в двадцатой степени. Номер однозначно "
            "задаёт, как перетасована колода: тот же номер даёт ту же колоду на любом компьютере. Номера совпадают "
            "с номерами игр PySolFC, поэтому расклад одной колоды можно сверить с любой программой, которая ими "
            "пользуется: расклад №1 «Кадрили» начинается, как знаменитая раздача №1 FreeCell, — "
            "В♦ 2♦ 9♥ В♣ 5♦ 7♥ 7♣ 5♥. Колоду перечисляют сверху вниз: первой сдаётся первая карта."
        ),
        book.para("Любой расклад можно повторить программой pasyans, по которой сделана эта книга:"),
    ]
    for command, meaning in COMMANDS:
        story.append(Text(typeset(command, hyphens=False, runt=False), s.command))
        story.append(Para(typeset(meaning), s.reading))
    rows = []
    for game_id in GAME_IDS:
        game = GAMES[game_id]
        specs = ", ".join([game_id, *(f"{game_id}:{v}" for v in game.variants)])
        rows.append([Text(typeset(specs, hyphens=False), s.cell),
                     Text(typeset(game.title, hyphens=False), s.cell)])
    story.append(Spacer(1, 0.5 * s.leading))
    story.append(KeepTogether([
        book.para("Вместо GAME ставят обозначение игры, вариант пишут через двоеточие, например "
                  "quadrille:queens_first:", hyphens=False),
        Spacer(1, 0.3 * s.leading),
        _grid(rows, [0.55 * book.width, 0.45 * book.width], book),
    ]))
    return story
