"""A game's chapter as flowables, from its :class:`~generator.pdf.rulebook.model.Chapter`.

In order: the chapter heading (the title line of the rule text; «Деревенский
пасьянс» for ``village``, whose text has none) and the rest of the text
verbatim; the figure of the sample deal laid out; «Толкование правил»;
«Разбор расклада №N», the sample's moves by phase with figures at key moments and, when
the no-peek player loses the deal, its critical moment marked (the line follows the player up to it);
«Как часто выходит» (:mod:`generator.pdf.rulebook.odds`).
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable, NextPageTemplate, PageBreak, Paragraph, Spacer

from generator.cards import card_str
from generator.figures import figure_of
from generator.games import Game
from generator.notation import move_ru
from generator.pdf.figure import FigureFlowable
from generator.pdf.flowables import Heading
from generator.pdf.fonts import SERIF_BOLD
from generator.pdf.rulebook.book import Book
from generator.pdf.rulebook.model import Chapter, Line, Reading, Walkthrough
from generator.pdf.rulebook.odds import odds_section
from generator.pdf.typography import NBSP, quoted, typeset

#: A figure's share of the text height: a figure never fills a page.
FIGURE_HEIGHT = 0.5


def chapter_story(chapter: Chapter, book: Book) -> list[Flowable]:
    game, s = chapter.game, book.styles
    story: list[Flowable] = [
        NextPageTemplate("body"),
        PageBreak(),
        Spacer(1, 0.06 * book.height),
        Paragraph(chapter.label, s.chapter_label),
        Heading(typeset(chapter.title, hyphens=False, runt=False), s.chapter, key=game.id, level=0,
                outline=game.title, toc=typeset(game.title, hyphens=False, runt=False), running=game.title),
        Paragraph(typeset(" · ".join(chapter.meta), hyphens=False, runt=False), s.chapter_meta),
    ]
    story += [book.para(text, s.rule) for text in chapter.rules]
    story += figure_section(chapter, book)
    story += readings_section(game, chapter.readings, book)
    story += walkthrough_section(game, chapter.walkthrough, book)
    story += odds_section(game, chapter.odds, book)
    return story


def figure_section(chapter: Chapter, book: Book) -> list[Flowable]:
    """The figure of the sample deal laid out, with a caption; without a sample, deal 1 laid out."""
    game, figure = chapter.game, chapter.figure
    caption = f"«{game.title}», расклад №{figure.line.deal}: {figure.shows}"
    if figure.walked:
        moves = f"ходы 1–{figure.at}" if figure.at > 1 else "ход 1"
        caption += " (" + f"{moves} разбора".replace(" ", NBSP) + ")"  # never broken inside
    caption += "."
    return [book.figure(_figure(game, figure.line, figure.at, book, highlight=False), caption)]


def readings_section(game: Game, readings: Sequence[Reading], book: Book) -> list[Flowable]:
    """Every reading, its deciding quote in «ёлочки» above it."""
    if not readings:
        return []
    s = book.styles
    story: list[Flowable] = [book.section(game, "readings", "Толкование правил")]
    for number, item in enumerate(readings, 1):
        story.append(Paragraph(typeset(quoted(item.quote), runt=False), s.quote, bulletText=str(number)))
        story.append(book.para(item.text, s.reading, smart=True))
    return story


def walkthrough_section(game: Game, walk: Walkthrough | str, book: Book) -> list[Flowable]:
    """«Разбор расклада №N»: the sample deal's moves, by phase, with figures at key moments.

    The line is the checked record in ``assets/samples/`` (found by ``python -m generator.samples``):
    nothing is solved at build time, so the build is fast and the same every time. A missing or bad
    record gives a Russian sentence instead of the walkthrough.
    """
    s = book.styles
    if isinstance(walk, str):
        return [book.section(game, "walkthrough", "Разбор расклада"), book.para(walk, s.note)]
    deal = walk.line.deal
    foresight = walk.needs_foresight
    command = f"pasyans {'analyze' if foresight else 'solve'} {game.full_id} --deal {deal}"
    found = f"Расклад №{deal} — первый по номеру, для которого программа, зная колоду, нашла выигрыш."
    if foresight:
        found += (" Осторожный игрок, который не заглядывает в колоду, этот расклад проигрывает, поэтому разбор "
                  "повторяет его игру, пока выигрыш ещё есть, а дальше идёт путём программы.")
    shows = ("Тот же расклад, его решающий ход и выигрыш с этого места программа покажет по команде" if foresight
             else "Тот же расклад и его решение программа покажет по команде")
    story: list[Flowable] = [
        book.section(game, "walkthrough", f"Разбор расклада № {deal}"),  # a plain space in the outline
        book.para(f"{found} Чтобы сыграть его настоящими картами, сложите колоду в таком порядке, сверху вниз "
                  "(первой сдаётся первая карта):", smart=True),
        Paragraph(_stock_markup(walk.line.stock), s.moves.clone("stock_order", leftIndent=s.indent, firstLineIndent=0,
                                                               spaceBefore=0.3 * s.leading,
                                                               spaceAfter=0.5 * s.leading)),
        book.para(shows),
        Paragraph(typeset(command, hyphens=False, runt=False), s.command),
        Spacer(1, 0.4 * s.leading),
        book.para("Ниже записаны все ходы партии, и вынужденные тоже (сдача карты из колоды, пополнение пустого "
                  "места). На рисунках рамкой обведена карта последнего хода, пунктиром - место, откуда она взята.",
                  smart=True),
    ]
    columns = book.move_columns([text for phase in walk.phases for _, text, _ in phase.moves])
    critical = walk.critical_at  # the index of the critical move in the line
    numbers = {index: number for phase in walk.phases for number, _, index in phase.moves}
    for phase in walk.phases:
        story.append(book.subsection(phase.title))
        chunk: list[tuple[int, str]] = []
        for number, text, index in phase.moves:
            if critical is not None and index >= critical:  # no figure could go before it: the mark alone
                story.append(book.moves(chunk, columns))
                chunk = []
                story.append(critical_note(game, walk, numbers.get(critical), book))
                critical = None
            chunk.append((number, text))
            moment = walk.moments.get(index + 1)
            if moment is not None:
                story.append(book.moves(chunk, columns))
                chunk = []
                drawing, caption = _figure(game, walk.line, index + 1, book), f"После хода {number} — {moment}."
                if index + 1 == critical:  # the position before the critical move, and its mark, stay in place
                    story.append(book.anchored_figure(drawing, caption, critical_note(game, walk, numbers.get(critical),
                                                                                    book)))
                    critical = None
                else:
                    story.append(book.figure(drawing, caption))
        if chunk:
            story.append(book.moves(chunk, columns))
    return story


def critical_note(game: Game, walk: Walkthrough, number: int | None, book: Book) -> Flowable:
    """The mark of the critical move, set just before it: what the careful player would play there, and lose;
    ``number`` is the move's number in the walkthrough (None when the move that keeps the win is a redeal)."""
    moment = walk.critical
    assert moment is not None and moment.played is not None and moment.keeps_win is not None
    played, keeps = (move_ru(game, move).replace(" ", NBSP) for move in (moment.played, moment.keeps_win))
    kept = f"ход {number} ({keeps})" if number is not None else "пересдача"
    text = (f"Осторожный игрок, который не заглядывает в колоду, сыграл бы здесь {played} — и пасьянс уже "
            f"не вышел бы: это последнее положение его игры, из которого ещё можно выиграть. Выигрыш сохраняет "
            f"{kept}, а чтобы его найти, нужно предвидеть, что придёт из колоды.")
    lead = f'<font name="{SERIF_BOLD}">{typeset("Решающий ход.", hyphens=False, runt=False)}</font>'
    return Paragraph(f"{lead} {typeset(text)}", book.styles.reading)


def _figure(game: Game, line: Line, index: int, book: Book, *, highlight: bool = True) -> Flowable:
    """The figure of the position after ``index`` moves of ``line``, the last one marked (a redeal marks nothing)."""
    last = line.moves[index - 1] if highlight and index > 0 else None
    if last is not None and last.is_redeal:
        last = None
    drawing = figure_of(game, line.states[index], last_move=last)
    return FigureFlowable(drawing, max_width=book.width, max_height=FIGURE_HEIGHT * book.height)


def _stock_markup(stock: Sequence[int]) -> str:
    """The stock, top card first, in tens separated by a middle dot, for dealing by hand."""
    cards = [card_str(card) for card in stock]
    tens = [" ".join(cards[i:i + 10]) for i in range(0, len(cards), 10)]
    return typeset(" · ".join(tens), hyphens=False, runt=False)
