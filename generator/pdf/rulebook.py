"""The rulebook's story: cover, contents, one chapter per game, appendix — and the hooks others fill.

Each chapter, in registry order (the seeds' order), holds:

1. the chapter heading (the title line of the rule text; «Деревенский пасьянс»
   for ``village``, whose text has none) and the rest of the text verbatim;
2. the figure of the sample deal — hook :func:`figure_section`;
3. «Толкование правил» from ``assets/readings/<id>.toml``;
4. «Разбор расклада №N» — hook :func:`walkthrough_section`;
5. «Как часто выходит» from ``assets/stats.json`` (:func:`odds_section`).

Hooks for other parts of pasyans (fill their bodies; each returns flowables,
or nothing, and may use the helpers on :class:`Book`):

- ``draw_cover_cards(canvas, book, x, y, width, height) -> bool`` — the card
  arrangement on the cover, inside the given box; draws nothing (returns
  ``False``) while ``generator.pdf.cards`` cannot be imported.
- ``figure_section(game, book) -> list[Flowable]`` — section 2.
- ``walkthrough_section(game, book) -> list[Flowable]`` — section 4; start it
  with ``book.section(game, "walkthrough", f"Разбор расклада № {n}")``, set the
  moves with ``book.moves(...)`` under ``book.subsection(phase title)``.

Cards drawn anywhere in the book must come from ``card_art(canvas)``: one
``CardArt`` per canvas, so each face is one form XObject per PDF.

``assets/stats.json`` as ``pasyans stats --save`` writes it (``generator/stats.py``)::

    {"format": "pasyans-stats/1",
     "games": {
       "quadrille": {"from": 1, "deals": 10000, "budget_seconds": 10.0,
                     "thoughtful": {"won": 1234, "lost": 8700, "unknown": 66,
                                    "rate": 0.1234, "low": 0.1171, "high": 0.1300},
                     "no_peek": {"won": …, "lost": …, "unknown": …, "rate": …, "low": …, "high": …}},
       "quadrille:queens_first": {…},
       …}}

Keys of ``games`` are game specs (``id`` or ``id:variant``); ``rate``,
``low`` and ``high`` are fractions (``low``/``high``: the Wilson 95 %
interval); ``unknown`` deals count as not won. A spec that is missing gets a
Russian sentence saying the odds are not counted yet.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.enums import TA_RIGHT
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
)

from generator import __version__
from generator.cards import RANK_SYMBOLS, SUIT_SYMBOLS, Suit, card_str, rank_name_ru
from generator.games import GAME_IDS, GAMES, Game, Result, make_game
from generator.notation import game_text, variant_ru
from generator.paths import ASSETS, rule_text
from generator.pdf.layout import BookDoc, Contents, Float, Heading, MoveColumns, Paper, grid, paper_named
from generator.pdf.styles import Styles, make_styles
from generator.pdf.typography import NBSP, number_ru, percent_ru, plural_ru, quoted, seconds_ru, smarten, typeset
from generator.walkthrough import phases

BOOK_TITLE = "Пять старинных пасьянсов"
BOOK_SUBTITLE = "Правила, толкования, разборы и вероятности выхода — для игры настоящими картами"
STATS_FILE = ASSETS / "stats.json"

ORDINALS = ("Первый", "Второй", "Третий", "Четвёртый", "Пятый", "Шестой", "Седьмой")
PACKS_RU = {1: "Одна колода, 52 карты", 2: "Две колоды, 104 карты"}
#: What each kind of place is, for the appendix.
PLACE_MEANINGS = {
    "stock": "карты, ещё не сданные, рубашкой вверх; сдают сверху по одной",
    "waste": "открытые карты, отложенные стопкой; играть можно только верхней",
    "pile": "кучки на столе, слева направо",
    "foundation": "места, где собираются масти; нумеруются слева направо или в порядке выхода первых карт",
    "queen": "места дам",
    "five": "места пятёрок (на них кладут 4, 3, 2, Т и К)",
    "six": "места шестёрок (на них кладут 7, 8, 9, 10 и В)",
    "pyramid": "места пирамиды по рядам сверху вниз, в ряду слева направо",
}


# --- the book and its helpers ----------------------------------------------------------------------------------


@dataclass
class Book:
    """What every section builder gets: the paper, the styles, the stats, and small typesetting helpers."""

    paper: Paper
    styles: Styles
    stats: dict[str, Any] | None

    @property
    def width(self) -> float:
        """Width of the text column, points."""
        return self.paper.text_width

    @property
    def height(self) -> float:
        return self.paper.text_height

    def para(self, text: str, style: Any = None, *, hyphens: bool = True, smart: bool = False) -> Paragraph:
        """A paragraph of plain Russian text, typeset (``smart``: our own prose, quotes and dashes fixed)."""
        if smart:
            text = smarten(text)
        return Paragraph(typeset(text, hyphens=hyphens), style or self.styles.body)

    def section(self, game: Game | str, slug: str, title: str) -> Heading:
        """A section heading inside a chapter: listed in the contents and the outline."""
        game_id = game if isinstance(game, str) else game.id
        return Heading(typeset(title, hyphens=False, runt=False), self.styles.section, key=f"{game_id}-{slug}",
                       level=1, outline=title)

    def subsection(self, title: str) -> Paragraph:
        """A small heading (a phase of a walkthrough): not in the contents."""
        return Paragraph(typeset(title, hyphens=False, runt=False), self.styles.subsection)

    def caption(self, text: str) -> Paragraph:
        return Paragraph(typeset(smarten(text), hyphens=False), self.styles.caption)

    def figure(self, drawing: Flowable, caption: str) -> Flowable:
        """A figure (any vector flowable: a Drawing, or one that draws cards with ``card_art``), centred, and
        its caption below, kept on one page; when the page is too full it floats to the top of the next one."""
        drawing.hAlign = "CENTER"
        return Float([Spacer(1, 0.4 * self.styles.leading), drawing, self.caption(caption)])

    def moves(self, moves: Sequence[tuple[int, str]], columns: int | None = None) -> Flowable:
        """Numbered moves (``(12, "9♠ кон → ряд 3")``) in balanced columns, read down then across.

        ``columns`` defaults to what fits: three on A4 and letter, two on A5.
        The block splits across pages into balanced blocks of consecutive moves.
        """
        if not moves:
            return Spacer(1, 0)
        columns = columns or (2 if self.width < 340 else 3)
        style = self.styles.moves
        number_style = style.clone("move_number", alignment=TA_RIGHT, textColor=self.styles.grey, leftIndent=0,
                                   firstLineIndent=0)
        widest = max(len(str(number)) for number, _ in moves)
        number_width = stringWidth("0" * widest + ".", style.fontName, style.fontSize) + 0.1 * style.fontSize
        numbers = [Paragraph(f"{number}.", number_style) for number, _ in moves]
        texts = [Paragraph(typeset(text, hyphens=False, runt=False), style) for _, text in moves]
        return MoveColumns(numbers, texts, columns, number_width, 1.2 * self.styles.size, style.fontSize)


def card_art(canvas: Canvas) -> Any:
    """The one ``CardArt`` of this canvas (each multiBuild pass has a fresh canvas), so faces are stored once."""
    from generator.pdf.cards import CardArt

    art = getattr(canvas, "_pasyans_card_art", None)
    if art is None:
        art = CardArt(canvas)
        canvas._pasyans_card_art = art
    return art


# --- hooks for other parts of pasyans -------------------------------------------------------------------------

#: The cover fan: a rising run of a single hand, in the book's notation.
COVER_CARDS = ("10♠", "В♥", "Д♣", "К♦", "Т♠")


def draw_cover_cards(canvas: Canvas, book: Book, x: float, y: float, width: float, height: float) -> bool:
    """HOOK (cover): draw the card arrangement inside the box ``(x, y, width, height)``; ``True`` if drawn.

    Draws nothing and returns ``False`` while ``generator.pdf.cards`` cannot be imported.
    """
    try:
        art = card_art(canvas)
        from generator.pdf.cards import CARD_H, CARD_W
    except ImportError:
        return False
    import math

    from generator.cards import Card

    count = len(COVER_CARDS)
    step = math.radians(11.0)  # between neighbouring cards
    ratio = CARD_W / CARD_H
    radius = 1.25  # the pivot, as in a hand, lies below the cards: in card heights

    def corners(i: int) -> list[tuple[float, float]]:
        """Corners of card ``i`` of a fan of unit-height cards, pivot at the origin."""
        turn = step * ((count - 1) / 2 - i)
        co, si = math.cos(turn), math.sin(turn)
        return [(px * co - py * si, px * si + py * co)
                for px in (-ratio / 2, ratio / 2) for py in (radius, radius + 1)]

    points = [p for i in range(count) for p in corners(i)]
    x0, x1 = min(p[0] for p in points), max(p[0] for p in points)
    y0, y1 = min(p[1] for p in points), max(p[1] for p in points)
    scale = min(width / (x1 - x0), height / (y1 - y0))  # points per card height
    pivot_x = x + width / 2 - scale * (x0 + x1) / 2
    pivot_y = y + height / 2 - scale * (y0 + y1) / 2
    for i, text in enumerate(COVER_CARDS):
        canvas.saveState()
        canvas.translate(pivot_x, pivot_y)
        canvas.rotate(math.degrees(step * ((count - 1) / 2 - i)))
        art.place(Card.parse(text).index, -ratio * scale / 2, radius * scale, ratio * scale)
        canvas.restoreState()
    return True


def figure_section(game: Game, book: Book) -> list[Flowable]:
    """HOOK (section 2): the book's figure of the sample deal's starting position, with a caption.

    The starting position is the table once the forced initial deal is down (:func:`opening_length`).
    Without a sample record the figure shows deal 1 after its forced opening moves, and says so.
    """
    sample = sample_line(game)
    walked = not isinstance(sample, str)  # the walkthrough plays this very deal
    if isinstance(sample, str):
        sample = opening_line(game, 1)
    opening = opening_length(game, sample)
    caption = f"«{game.title}», расклад №{sample.record.deal}: {opening_caption(game.id)}"
    if walked:
        moves = f"ходы 1–{opening}" if opening > 1 else "ход 1"
        caption += " (" + f"{moves} разбора".replace(" ", NBSP) + ")"  # never broken inside
    caption += "."
    return [book.figure(_figure(game, sample, opening, book, highlight=False), caption)]


def walkthrough_section(game: Game, book: Book) -> list[Flowable]:
    """HOOK (section 4): «Разбор расклада №N» — the sample deal's moves, by phase, with figures at key moments.

    The line is the checked record in ``assets/samples/`` (found by ``python -m generator.samples``):
    nothing is solved at build time, so the build is fast and the same every time. A missing or bad
    record gives a Russian sentence instead of the walkthrough.
    """
    s = book.styles
    sample = sample_line(game)
    if isinstance(sample, str):
        return [book.section(game, "walkthrough", "Разбор расклада"), book.para(sample, s.note)]
    record = sample.record
    deal = record.deal
    command = f"pasyans solve {game.full_id} --deal {deal}"
    story: list[Flowable] = [
        book.section(game, "walkthrough", f"Разбор расклада № {deal}"),  # a plain space in the outline
        book.para(f"Расклад №{deal} — первый по номеру, для которого программа, зная колоду, нашла выигрыш. "
                  "Чтобы сыграть его настоящими картами, сложите колоду в таком порядке, сверху вниз (первой "
                  "сдаётся первая карта):", smart=True),
        Paragraph(_stock_markup(record.stock), s.moves.clone("stock_order", leftIndent=s.indent, firstLineIndent=0,
                                                            spaceBefore=0.3 * s.leading, spaceAfter=0.5 * s.leading)),
        book.para("Тот же расклад и его решение программа покажет по команде"),
        Paragraph(typeset(command, hyphens=False, runt=False), s.command),
        Spacer(1, 0.4 * s.leading),
        book.para("Ниже записаны все ходы партии, и вынужденные тоже (сдача карты из колоды, пополнение пустого "
                  "места). На рисунках рамкой обведена карта последнего хода, пунктиром - место, откуда она взята.",
                  smart=True),
    ]
    moments = walkthrough_moments(game, sample)
    groups = phases(game, record.moves)
    columns = move_columns(book, [text for phase in groups for _, text, _ in phase.moves])
    for phase in groups:
        story.append(book.subsection(phase.title))
        chunk: list[tuple[int, str]] = []
        for number, text, index in phase.moves:
            chunk.append((number, text))
            moment = moments.get(index + 1)
            if moment is not None:
                story.append(book.moves(chunk, columns))
                chunk = []
                story.append(book.figure(_figure(game, sample, index + 1, book), f"После хода {number} — {moment}."))
        if chunk:
            story.append(book.moves(chunk, columns))
    return story


# --- the sample deal: its line, its positions, its key moments ----------------------------------------------------

#: At most this many figures in a walkthrough, so the chapter stays a text with pictures, not an album.
MAX_WALKTHROUGH_FIGURES = 4
#: A figure's share of the text height: a figure never fills a page.
FIGURE_HEIGHT = 0.5
REDEAL_ORDINALS = ("первой", "второй", "третьей", "четвёртой")


@dataclass(frozen=True)
class SampleLine:
    """The sample record and every position along it (``states[i]``: after the first ``i`` entries)."""

    record: Any
    states: tuple[Any, ...]


def sample_line(game: Game) -> SampleLine | str:
    """The game's checked sample record and its positions, or a Russian sentence saying why there is none."""
    from generator.samples import SampleError, load_sample

    try:
        record = load_sample(game.full_id)
    except SampleError as error:
        return str(error)
    return _line(game, record)


def _line(game: Game, record: Any) -> SampleLine:
    from generator.replay import replay

    return SampleLine(record, replay(game, game.initial_state(record.stock), record.moves).states)


def opening_line(game: Game, deal: int) -> SampleLine:
    """Deal ``deal`` played (the first offered move each time) until the game calls it laid out: the line
    :func:`opening_length` needs when a game has no sample record yet."""
    from generator.deals import stock_indices
    from generator.record import record_of

    stock = stock_indices(game.id, deal)
    state, moves = game.initial_state(stock), []
    while len(moves) < 52 * game.packs:
        legal = game.legal_moves(state)
        if not legal or (moves and game.laid_out(state)):
            break
        moves.append(legal[0])
        state = game.apply(state, legal[0])
    return _line(game, record_of(game, stock, moves, Result.UNKNOWN, deal))


def opening_length(game: Game, sample: SampleLine) -> int:
    """How many entries of the line lay out the starting position: up to the first position the game calls
    laid out (``Game.laid_out``; at least one move, so the figure never shows an empty table)."""
    return next((i for i in range(1, len(sample.states)) if game.laid_out(sample.states[i])), 1)


def opening_caption(game_id: str) -> str:
    """What the first figure shows, from the game's text asset (``[figure] opening``)."""
    return game_text(game_id).get("figure", {}).get("opening", "начальная раскладка")


def walkthrough_moments(game: Game, sample: SampleLine) -> dict[int, str]:
    """Where the walkthrough shows a figure (position index → caption text after «После хода N —»).

    The first position with a real choice, when it differs from the starting position of section 2
    (the end of phase one in «Фаланга»); the position before each redeal; the final position.
    """
    moves = sample.record.moves
    final = len(moves)
    redeals = [i for i, move in enumerate(moves) if move.is_redeal]
    moments: dict[int, str] = {}
    opening = opening_length(game, sample)
    first_redeal = redeals[0] if redeals else final
    choice = next((i for i in range(opening, first_redeal) if not game.forced(sample.states[i])), None)
    if choice is not None and choice - opening >= 8:  # a handful of dealt cards later is not worth a picture
        moments[choice] = "первая позиция, где у игрока есть выбор"
    for number, index in enumerate(redeals):
        ordinal = REDEAL_ORDINALS[number] if number < len(REDEAL_ORDINALS) else f"{number + 1}-й"
        moments[index] = f"перед {ordinal} пересдачей"
    moments[final] = "пасьянс вышел"
    while len(moments) > MAX_WALKTHROUGH_FIGURES:  # keep the last redeals and the end; drop the earliest extras
        del moments[min(moments)]
    return moments


def _figure(game: Game, sample: SampleLine, index: int, book: Book, *, highlight: bool = True) -> Flowable:
    """The figure of the position after ``index`` entries, the last one marked (a redeal marks nothing)."""
    from generator.figures import figure_of
    from generator.pdf.figure import FigureFlowable

    last = sample.record.moves[index - 1] if highlight and index > 0 else None
    if last is not None and last.is_redeal:
        last = None
    drawing = figure_of(game, sample.states[index], last_move=last)
    return FigureFlowable(drawing, max_width=book.width, max_height=FIGURE_HEIGHT * book.height)


def move_columns(book: Book, texts: Sequence[str]) -> int:
    """Three columns when the widest move fits one line of a third of the measure (as ``MoveColumns`` sets it),
    else two: a move broken over two lines reads worse than a longer list."""
    from generator.pdf.figure import label_width

    style = book.styles.moves
    gap = 1.2 * book.styles.size  # as Book.moves sets it
    number = stringWidth("000.", style.fontName, style.fontSize) + 0.1 * style.fontSize
    widest = max((label_width(text, style.fontSize) for text in texts), default=0.0)
    for columns in (3, 2):
        room = (book.width + gap) / columns - number - 0.3 * style.fontSize - gap
        if widest <= room:
            return columns
    return 2


def _stock_markup(stock: Sequence[int]) -> str:
    """The stock, top card first, in tens separated by a middle dot, for dealing by hand."""
    cards = [card_str(card) for card in stock]
    tens = [" ".join(cards[i:i + 10]) for i in range(0, len(cards), 10)]
    return typeset(" · ".join(tens), hyphens=False, runt=False)


# --- chapters ---------------------------------------------------------------------------------------------------


def chapter_title(game_id: str) -> str:
    """The chapter heading: the rule text's title line; «Деревенский пасьянс» has none, so its game title."""
    first = rule_text(game_id).splitlines()[0].strip()
    return first if first.startswith("Пасьянс «") else GAMES[game_id].title


def rule_paragraphs(game_id: str) -> list[str]:
    """The rule text without its title line, one string per paragraph, characters untouched."""
    lines = rule_text(game_id).splitlines()
    if chapter_title(game_id) == lines[0].strip():
        lines = lines[1:]
    return [line for line in lines if line.strip()]


def readings(game_id: str) -> list[dict[str, str]] | None:
    """The game's «Толкование правил» (``[[reading]]`` with ``quote`` and ``text``), ``None`` if not written."""
    text = game_text(game_id)
    return list(text["reading"]) if "reading" in text else None


def chapter(index: int, game_id: str, book: Book) -> list[Flowable]:
    game = make_game(game_id)
    s = book.styles
    meta = [PACKS_RU.get(game.packs, f"{game.packs} колоды")]
    for variant in game.variants:
        meta.append(f"есть вариант {quoted(variant_ru(game_id, variant))}")
    story: list[Flowable] = [
        NextPageTemplate("body"),
        PageBreak(),
        Spacer(1, 0.06 * book.height),
        Paragraph(f"{ORDINALS[index]} пасьянс", s.chapter_label),
        Heading(typeset(chapter_title(game_id), hyphens=False, runt=False), s.chapter, key=game_id, level=0,
                outline=game.title, toc=typeset(game.title, hyphens=False, runt=False), running=game.title),
        Paragraph(typeset(" · ".join(meta), hyphens=False, runt=False), s.chapter_meta),
    ]
    story += [book.para(text, s.rule) for text in rule_paragraphs(game_id)]
    story += figure_section(game, book)
    story += readings_section(game, book)
    story += walkthrough_section(game, book)
    story += odds_section(game, book)
    return story


def readings_section(game: Game, book: Book) -> list[Flowable]:
    """Section 3: every reading, its deciding quote in «ёлочки» above it."""
    items = readings(game.id)
    if not items:
        return []
    s = book.styles
    story: list[Flowable] = [book.section(game, "readings", "Толкование правил")]
    for number, item in enumerate(items, 1):
        quote = typeset(quoted(item["quote"].strip()), runt=False)
        story.append(Paragraph(quote, s.quote, bulletText=str(number)))
        story.append(book.para(item["text"].strip(), s.reading, smart=True))
    return story


def load_stats(path: Path = STATS_FILE) -> dict[str, Any] | None:
    """``assets/stats.json`` (shape in the module docstring), or ``None`` if it is not there yet or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):  # missing or damaged: the book says «not counted»
        return None
    return data if isinstance(data, dict) and isinstance(data.get("games"), dict) else None


def _interval(rate: dict[str, Any]) -> str:
    digits = 2 if rate["high"] < 0.1 else 1
    low, high = percent_ru(rate["low"], digits), percent_ru(rate["high"], digits)
    return f"{low.split(NBSP)[0]}–{high}"


def _rate(rate: dict[str, Any]) -> str:
    value = rate.get("rate", rate["won"] / max(1, rate["won"] + rate["lost"] + rate["unknown"]))
    return percent_ru(value, 2 if rate["high"] < 0.1 else 1)


THOUGHTFUL = "Зная колоду"
NO_PEEK = "Не подглядывая"


def odds_section(game: Game, book: Book) -> list[Flowable]:
    """Section 5: thoughtful and no-peek win rates with 95 % intervals, for the game and its variants."""
    s = book.styles
    story: list[Flowable] = [book.section(game, "odds", "Как часто выходит")]
    games = {spec: data for spec, data in ((book.stats or {}).get("games") or {}).items() if _counted(data)}
    specs = [game.id, *(f"{game.id}:{v}" for v in game.variants)]
    counted = [spec for spec in specs if spec in games]
    if not counted:
        command = f'<font name="{s.command.fontName}">pasyans{NBSP}stats{NBSP}--save</font>'
        story.append(Paragraph(typeset("Вероятность выхода ещё не подсчитана: она появится здесь, когда её "
                                       "сосчитает команда") + f" {command}.", s.note))
        return story
    head = [Paragraph("Игра", s.cell_head), Paragraph("Выходит", s.cell_head_right),
            Paragraph(f"95{NBSP}% интервал", s.cell_head_right), Paragraph("Раскладов", s.cell_head_right)]
    rows: list[list[Any]] = [head]
    commands: list[tuple] = []
    unknown = 0
    budgets: set[float] = set()
    for spec in counted:
        data = games[spec]
        _, _, variant = spec.partition(":")
        if variant:
            rows.append([Paragraph(typeset(f"Вариант {quoted(variant_ru(game.id, variant))}", hyphens=False),
                                   s.cell_head), "", "", ""])
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
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, s.rule_colour),
        ("LINEBELOW", (0, -1), (-1, -1), 0.5, s.rule_colour),
        *commands,
    ], font_size=s.size)
    # The table first, what it means under it, all on one page: a lone line of the explanation on the
    # chapter's last page, or a table parted from its heading, reads badly.
    main = games[counted[0]]
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


def _counted(data: Any) -> bool:
    """Whether a ``games`` entry of stats.json has what the table prints (a damaged one is left out, not a crash)."""
    def number(value: Any) -> bool:
        return isinstance(value, int | float) and not isinstance(value, bool)

    if not isinstance(data, dict) or not all(number(data.get(key)) for key in ("from", "deals")):
        return False
    return all(isinstance(data.get(kind), dict) and all(number(data[kind].get(key))
                                                         for key in ("won", "lost", "unknown", "low", "high"))
               for kind in ("thoughtful", "no_peek"))


# --- front matter and appendix ----------------------------------------------------------------------------------


PREFACE = (
    "Здесь собраны пять пасьянсов из старинного русского сборника, по главе на каждый. Глава открывается текстом "
    "правил — слово в слово, как в старой книге. Старый текст местами неясен, поэтому за ним следует "
    "«Толкование правил»: как мы понимаем каждое такое место и какие слова правил это решают. «Разбор расклада» "
    "показывает одну партию ход за ходом, а «Как часто выходит» — долю вышедших раскладов, подсчитанную "
    "программой. В приложении — отрывок без начала, обозначения и способ повторить любой расклад."
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
        book.para(PREFACE, smart=True),
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
        mark = "<font color='#6b6b6b'>[…]</font> " if number == 0 else ""
        story.append(Paragraph(mark + typeset(text), s.fragment))
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
        *([("LINEBELOW", (0, 0), (-1, 0), 0.5, s.rule_colour)] if head else []),
    ], font_size=s.size)


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
                row += [Paragraph(f"<b>{RANK_SYMBOLS[rank]}</b>", cell), Paragraph(rank_name_ru(rank), cell)]
            else:
                row += ["", ""]
        rows.append(row)
    sym, name = 0.07 * book.width, 0.25 * book.width
    story.append(KeepTogether(_grid(rows, [sym, name] * len(columns), book)))
    story.append(Spacer(1, 0.6 * s.leading))
    suit_rows = [[Paragraph(typeset(SUIT_SYMBOLS[suit]), cell), Paragraph(suit.name_ru, cell),
                  Paragraph(f"десятка {suit.genitive_ru}", cell),
                  Paragraph("красная" if suit.is_red else "чёрная", cell)] for suit in Suit]
    story.append(KeepTogether(_grid(suit_rows, [sym, 0.25 * book.width, 0.3 * book.width, 0.2 * book.width], book)))
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
    """Every game's places in Russian, then what each kind of place is."""
    from generator.notation import place_ru

    s = book.styles
    rows = []
    meanings: dict[str, str] = {}
    for game_id in GAME_IDS:
        game = make_game(game_id)
        kinds: dict[str, list[str]] = {}
        for index, place in enumerate(game.places):
            kinds.setdefault(place.group, []).append(place_ru(game, index))
        for kind, words in kinds.items():
            word = words[0].rpartition(" ")[0] or words[0]
            if kind in PLACE_MEANINGS and word not in meanings:
                meanings[word] = PLACE_MEANINGS[kind]
        names = "; ".join(_place_range(words) for words in kinds.values())
        rows.append([Paragraph(typeset(game.title, hyphens=False), s.cell),
                     Paragraph(typeset(names, hyphens=False), s.cell)])
    story: list[Flowable] = [_grid(rows, [0.36 * book.width, 0.64 * book.width], book)]
    story.append(Spacer(1, 0.6 * s.leading))
    rows = [[Paragraph(f"<i>{typeset(word, hyphens=False)}</i>", s.cell), Paragraph(typeset(meaning), s.cell)]
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
        story.append(Paragraph(typeset(command, hyphens=False, runt=False), s.command))
        story.append(Paragraph(typeset(meaning), s.reading))
    rows = []
    for game_id in GAME_IDS:
        game = GAMES[game_id]
        specs = ", ".join([game_id, *(f"{game_id}:{v}" for v in game.variants)])
        rows.append([Paragraph(typeset(specs, hyphens=False), s.cell),
                     Paragraph(typeset(game.title, hyphens=False), s.cell)])
    story.append(Spacer(1, 0.5 * s.leading))
    story.append(KeepTogether([
        book.para("Вместо GAME ставят обозначение игры, вариант пишут через двоеточие, например "
                  "quadrille:queens_first:", hyphens=False),
        Spacer(1, 0.3 * s.leading),
        _grid(rows, [0.55 * book.width, 0.45 * book.width], book),
    ]))
    return story


# --- cover ------------------------------------------------------------------------------------------------------


def paint_cover(canvas: Canvas, doc: BookDoc, book: Book) -> None:
    """The cover: title, subtitle, the card fan (hook), the five titles, and the tool's name and version."""
    s, paper = book.styles, book.paper
    w, h = paper.width, paper.height
    margin = paper.side

    def centred(markup: str, style: Any, top: float) -> float:
        para = Paragraph(markup, style)
        _, ph = para.wrapOn(canvas, w - 2 * margin, h)
        para.drawOn(canvas, margin, top - ph)
        return top - ph

    canvas.setFillColor(s.accent)
    ornament = Paragraph(typeset((NBSP * 3).join("♠♥♣♦"), hyphens=False, runt=False),
                         s.cover_subtitle.clone("ornament", fontSize=1.3 * s.size, leading=1.6 * s.size,
                                                textColor=s.ink))
    _, oh = ornament.wrapOn(canvas, w - 2 * margin, h)
    ornament.drawOn(canvas, margin, h * 0.86 - oh)
    bottom = centred(typeset(BOOK_TITLE, hyphens=False), s.cover_title, h * 0.86 - oh - 1.2 * s.leading)
    head, dash, tail = BOOK_SUBTITLE.partition(" — ")
    subtitle = typeset(head + dash.rstrip(), hyphens=False) + "<br/>" + typeset(tail, hyphens=False)
    bottom = centred(subtitle, s.cover_subtitle, bottom - 0.9 * s.leading)
    titles = [GAMES[g].title.replace(" ", NBSP) for g in GAME_IDS]
    foot_top = 0.2 * h
    box_top, box_bottom = bottom - 2.5 * s.leading, foot_top + 2.5 * s.leading
    draw_cover_cards(canvas, book, 0.16 * w, box_bottom, 0.68 * w, box_top - box_bottom)
    games_line = f"{NBSP}· ".join(titles[:3]) + "<br/>" + f"{NBSP}· ".join(titles[3:])
    centred(games_line, s.cover_foot, foot_top)
    canvas.setFont(s.cover_foot.fontName, 0.9 * s.size)
    canvas.setFillColor(s.grey)
    canvas.drawCentredString(w / 2, paper.foot + 0.4 * s.leading, f"pasyans {__version__}")


# --- the whole book ---------------------------------------------------------------------------------------------


def story(book: Book) -> list[Flowable]:
    flowables: list[Flowable] = [Spacer(1, 1)]
    flowables += front_matter(book)
    for index, game_id in enumerate(GAME_IDS):
        flowables += chapter(index, game_id, book)
    flowables += appendix(book)
    return flowables


def build_rulebook(paper: str | Paper = "A4", *, stats: dict[str, Any] | None = None,
                   stats_path: Path = STATS_FILE) -> bytes:
    """The whole rulebook as PDF bytes: same inputs (and SOURCE_DATE_EPOCH), same bytes."""
    import io

    chosen = paper if isinstance(paper, Paper) else paper_named(paper)
    if stats is None:
        stats = load_stats(stats_path)
    book = Book(chosen, make_styles(chosen.body, chosen.leading), stats)
    buffer = io.BytesIO()
    doc = BookDoc(buffer, chosen, book.styles, cover=lambda canvas, d: paint_cover(canvas, d, book),
                  title=BOOK_TITLE, subject="Правила пяти старинных пасьянсов", creator=f"pasyans {__version__}")
    doc.multiBuild(story(book))
    return buffer.getvalue()
