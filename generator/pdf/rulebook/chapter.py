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

from reportlab.platypus import Flowable, NextPageTemplate, PageBreak, Spacer

from generator.cards import card_str
from generator.figures import figure_of
from generator.games import Game
from generator.notation import move_ru
from generator.pdf.figure import FigureFlowable
from generator.pdf.flowables import Heading, Text, entry_flowables, tie_moves
from generator.pdf.fonts import SERIF_BOLD
from generator.pdf.moves import line_width
from generator.pdf.rulebook.book import Book
from generator.pdf.rulebook.model import Chapter, Reading
from generator.pdf.rulebook.odds import odds_section
from generator.pdf.rulebook.walk import Line, Walkthrough
from generator.pdf.typography import NBSP, typeset
from generator.walkthrough import Entry

#: A figure's share of the text height: a figure never fills a page …
FIGURE_HEIGHT = 0.5
#: … unless its cards would come out too small to read: then up to this share, leaving room for its caption.
TALLEST_FIGURE = 0.82


def chapter_story(chapter: Chapter, book: Book) -> list[Flowable]:
    game, s = chapter.game, book.styles
    story: list[Flowable] = [
        NextPageTemplate("body"),
        PageBreak(),
        Spacer(1, 0.06 * book.height),
        Text(chapter.label, s.chapter_label),
        Heading(typeset(chapter.title, hyphens=False, runt=False), s.chapter, key=game.id, level=0,
                outline=game.title, toc=typeset(game.title, hyphens=False, runt=False), running=game.title),
        Text(typeset(" · ".join(chapter.meta), hyphens=False, runt=False), s.chapter_meta),
    ]
    story += [book.para(text, s.rule) for text in chapter.rules]
    story += figure_section(chapter, book)
    story += readings_section(game, chapter.readings, book)
    story += walkthrough_section(game, chapter.walkthrough, book)
    story += odds_section(game, chapter.odds, book, choiceless=chapter.choiceless)
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
        story.append(book.quote(item.quote, number))
        # A reading may quote a move («колода → кучка 1»): never broken inside it, as in the walkthrough.
        story.append(book.para(tie_moves(item.text), s.reading, smart=True))
    return story


#: How the walkthrough is set, said once above its moves.
HOW_TO_READ = ("Ниже записаны все ходы партии. Ходы, где игрок выбирает, набраны жирным. Вынужденные — сдача карт, "
               "пополнение пустого места, карта, которой некуда больше идти, — набраны серым, а идущие подряд "
               "собраны в одну строку: сначала номера ходов, затем карты по порядку, откуда и куда они легли. На "
               "рисунках рамкой обведена карта последнего хода, пунктиром - место, откуда она взята.")


def same_order(titles: Sequence[str], deal: int | None) -> str:
    """The remark that the stacking order is the one an earlier chapter printed; the first says why."""
    where = (f"в главе «{titles[0]}»" if len(titles) == 1
             else "в главах " + ", ".join(f"«{t}»" for t in titles[:-1]) + f" и «{titles[-1]}»")
    text = f"Порядок карт тот же, что для расклада №{deal} {where}"
    if len(titles) == 1:
        text += (": номер расклада задаёт один и тот же порядок карт во всех пасьянсах с тем же числом колод, "
                 "как бы ни назывался пасьянс")
    return text + "."


def walkthrough_section(game: Game, walk: Walkthrough | str, book: Book) -> list[Flowable]:
    """«Разбор расклада №N»: the sample deal's moves, by phase, with figures at key moments.

    The line is the checked record in ``assets/samples/`` (found by ``python -m generator.samples``):
    nothing is solved at build time, so the build is fast and the same every time. A missing or bad
    record gives a Russian sentence instead of the walkthrough. Each phase's entries are set by
    :func:`~generator.pdf.flowables.entry_flowables` (choices bold, forced runs condensed), and a figure stands
    exactly where its caption says, between two entries, even when that leaves the rest of a page white.
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
    marked = foresight and walk.critical_at is not None
    between = walk.critical.between if walk.critical is not None else None
    if foresight and not marked and between is not None:  # the analysis could not settle the moment
        found += (f" Где именно он теряет выигрыш, программа не установила: между ходами{NBSP}{between[0]} "
                  f"и{NBSP}{between[1]}.")  # a move number never starts a line or a page
    if marked:
        shows = "Тот же расклад, его решающий ход и выигрыш с этого места программа покажет по команде"
    elif foresight:
        shows = "Тот же расклад и выигрыш программа покажет по команде"
    else:
        shows = "Тот же расклад и его решение программа покажет по команде"
    story: list[Flowable] = [
        book.section(game, "walkthrough", f"Разбор расклада № {deal}"),  # a plain space in the outline
        book.para(f"{found} Чтобы сыграть его настоящими картами, сложите колоду в таком порядке, сверху вниз "
                  "(первой сдаётся первая карта):", smart=True),
        Text(_stock_markup(walk.line.stock), s.moves.clone("stock_order", leftIndent=s.indent, firstLineIndent=0,
                                                               spaceBefore=0.3 * s.leading,
                                                               spaceAfter=0.5 * s.leading)),
    ]
    if walk.same_order_as:
        story.append(book.para(same_order(walk.same_order_as, deal), s.note))
        story.append(Spacer(1, 0.4 * s.leading))
    story += [
        book.para(shows),
        Text(typeset(command, hyphens=False, runt=False), s.command),
        Spacer(1, 0.4 * s.leading),
        book.para(HOW_TO_READ, smart=True),
    ]
    singles = [entry for phase in walk.phases for entry in phase.entries if entry.first == entry.last]
    widest = max((line_width(e.text, s.moves.fontSize, bold=e.choice) for e in singles), default=0.0)
    most = 2 if book.width < 340 else 3

    def stretch(entries: Sequence[Entry]) -> list[Flowable]:
        return entry_flowables(entries, size=s.moves.fontSize, leading=s.moves.leading, columns=most,
                               gap=book.move_gap, run_style=s.run, text_width=widest)

    critical = walk.critical_at  # the position before the critical move: its mark stands there, once
    for phase in walk.phases:
        if len(walk.phases) > 1:  # a game played in one deal has no phases to name
            story.append(book.subsection(phase.title))
        waiting: list[Entry] = []
        for entry in phase.entries:
            if critical is not None and entry.start >= critical:  # no figure stands before it: the mark alone
                story += stretch(waiting)
                waiting = []
                story.append(critical_note(game, walk, walk.number_at(critical), book))
                critical = None
            waiting.append(entry)
            moment = walk.moments.get(entry.stop)
            if moment is not None:
                story += stretch(waiting)
                waiting = []
                drawing = _figure(game, walk.line, moment.at, book)
                if moment.at == critical:  # the position before the critical move, and its mark, stay in place
                    note = critical_note(game, walk, walk.number_at(critical), book)
                    story.append(book.anchored_figure(drawing, moment.caption, note))
                    critical = None
                else:
                    story.append(book.figure(drawing, moment.caption, floating=False))
        story += stretch(waiting)
    return story


def critical_note(game: Game, walk: Walkthrough, number: int | None, book: Book) -> Flowable:
    """The mark of the critical move, set just before it: what the careful player would play there, and lose;
    ``number`` is the move's number in the walkthrough (None when the move that keeps the win is a redeal)."""
    moment = walk.critical
    assert moment is not None and moment.played is not None and moment.keeps_win is not None
    # Tied as a walkthrough's moves are (never inside «кучка 8», never before an arrow), not as one block: a
    # whole move unbreakable leaves a justified line with gaping spaces.
    played, keeps = (tie_moves(move_ru(game, move)) for move in (moment.played, moment.keeps_win))
    kept = f"ход {number} ({keeps})" if number is not None else "пересдача"
    text = (f"Осторожный игрок, который не заглядывает в колоду, сыграл бы здесь {played} — и пасьянс уже "
            f"не вышел бы: это последнее положение его игры, из которого ещё можно выиграть. Выигрыш сохраняет "
            f"{kept}, а чтобы его найти, нужно предвидеть, что придёт из колоды.")
    lead = f'<font name="{SERIF_BOLD}">{typeset("Решающий ход.", hyphens=False, runt=False)}</font>'
    return Text(f"{lead} {typeset(text)}", book.styles.reading)


def _figure(game: Game, line: Line, index: int, book: Book, *, highlight: bool = True) -> Flowable:
    """The figure of the position after ``index`` moves of ``line``, the last one marked (a redeal marks nothing)."""
    last = line.moves[index - 1] if highlight and index > 0 else None
    if last is not None and last.is_redeal:
        last = None
    drawing = figure_of(game, line.states[index], last_move=last)
    return FigureFlowable(drawing, max_width=book.width, max_height=FIGURE_HEIGHT * book.height,
                          tallest=TALLEST_FIGURE * book.height)


def _stock_markup(stock: Sequence[int]) -> str:
    """The stock, top card first, in tens separated by a middle dot, for dealing by hand."""
    cards = [card_str(card) for card in stock]
    tens = [" ".join(cards[i:i + 10]) for i in range(0, len(cards), 10)]
    return typeset(" · ".join(tens), hyphens=False, runt=False)
