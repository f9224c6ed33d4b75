"""The answer key of the practice sheets: an introduction, then each deal's verdict, grade, line and final position;
for a deal that needs foresight, where the no-peek player loses it (the position before, its move, the saving one).

Set from :class:`~generator.pdf.practice.model.Answer` entries: nothing is solved or played here.
"""

from __future__ import annotations

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from generator.analysis import Difficulty, Status
from generator.figures.base import Figure
from generator.games import Game, Result
from generator.pdf.figure import MIN_CARD_WIDTH, FigureFlowable, figure_scale, labels_clear
from generator.pdf.flowables import Heading, entry_flowables
from generator.pdf.moves import line_width
from generator.pdf.paper import SheetPage
from generator.pdf.practice.model import TYPED_DEAL, Answer, Moment, deal_key, deal_label
from generator.pdf.styles import SheetStyles
from generator.pdf.typography import NBSP, number_ru, plural_ru, typeset
from generator.selection import Selection, borrowed_positions, tries_other_seeds


def positions_ru(n: int) -> str:
    """The solver's limit after «за»: «за 100 000 позиций», «за 1 позицию», «за 2 позиции»."""
    return plural_ru(n, "позицию", "позиции", "позиций")


def answers_intro(game: Game, selection: Selection, styles: SheetStyles) -> list[Flowable]:
    """The key's title, how the answers were found, and (for consecutive deals) the tally of verdicts."""
    s = styles
    n = selection.positions
    more = plural_ru(borrowed_positions(game, n), "позиции", "позиций", "позиций")
    again = "ещё раз, перебирая ходы в другом порядке, и " if tries_other_seeds(game) else ""
    text = ("Решения искала программа, которая знает порядок карт в колоде. Отведённое ей время измеряется "
            "не секундами, а позициями (расположениями карт, которые она рассматривает): на каждый расклад — "
            f"не больше {plural_ru(n, 'позиции', 'позиций', 'позиций')}, поэтому ответы одни и те же на любом "
            "компьютере. «Выходит» — найден выигрыш, он записан ход за ходом; «не выходит» — программа "
            "перебрала все возможности и выигрыша нет; «не решено за отведённое время» — за "
            f"{positions_ru(n)} программа не нашла ни выигрыша, ни доказательства, что его нет. Если так "
            f"расклад не решён, она ищет выигрыш {again or 'и '}по другим прочтениям правил этого пасьянса "
            f"(всего ещё до {more}) и засчитывает его, только "
            "если найденные ходы годятся и по тем правилам, по которым решены эти расклады. Ход записан "
            "так: карта, откуда она взята и куда легла. Ходы, где игрок выбирает, набраны жирным; вынужденные "
            "(сдача, пополнение, карта, которой некуда больше идти) — серым, а идущие подряд собраны в одну "
            "строку с номерами первого и последнего из них.")
    grades = (f"Сложность расклада: {Difficulty.EASY.name_ru} — его выигрывает и осторожный игрок, который не "
              "заглядывает в колоду и играет по твёрдым правилам; "
              f"{Difficulty.FORESIGHT.name_ru} — выходит, но такой игрок его проигрывает; "
              f"{Difficulty.LOST.name_ru} — не выходит ни при какой игре. Для трудного расклада показан решающий "
              "ход: первый ход осторожного игрока, после которого пасьянс уже не выходит, — положение перед "
              "ним, сделанный ход и ход, который сохранял выигрыш. Ходы игрока считаются с начала его игры, "
              "пересдачи тоже, как их печатает команда pasyans play.")
    counts = selection.results
    tally = ", ".join(f"{r.verdict_ru} — {number_ru(counts[r])}" for r in Result if counts[r])
    graded = selection.grades
    if graded:
        tally += ". " + ", ".join(f"{g.counted_ru} — {number_ru(graded[g])}" for g in Difficulty
                                  if graded[g]).capitalize()
    story: list[Flowable] = [
        Heading("Ответы", s.answers_title, key="answers", level=0, outline="Ответы", toc=None),
        Paragraph(typeset(text), s.body),
        Spacer(1, 0.4 * s.body.fontSize),
        Paragraph(typeset(grades), s.body),
    ]
    if selection.mode == "all" and tally:
        story.append(Spacer(1, 0.4 * s.body.fontSize))
        story.append(Paragraph(typeset(f"Итог: {tally}."), s.body))
    return story


def grade_text(grade: Difficulty) -> str:
    """The grade under a deal's heading: «Сложность — трудный. Расклад выходит, но …»."""
    return f"Сложность — {grade.name_ru}. Расклад {grade.meaning_ru}."


def moment_text(moment: Moment) -> str:
    """Where the careful player loses the win, in one paragraph (the moves in the book's notation, each kept on one
    line: tied with no-break spaces, which also keep ReportLab from dropping the space after a hyphenated word
    before a suit or arrow sign)."""
    number = moment.number
    played, keeps = (None if move is None else move.replace(" ", NBSP) for move in (moment.played, moment.keeps_win))
    if moment.status is Status.UNKNOWN or number is None:
        if moment.between is None:
            return "Где осторожный игрок упускает выигрыш, установить не удалось."
        first, last = moment.between
        where = f"это его {first}-й ход" if first == last else f"это один из его ходов с {first}-го по {last}-й"
        limit = plural_ru(moment.limit, "позиции", "позиций", "позиций")
        return (f"Где осторожный игрок упускает выигрыш, установить не удалось: {where} (на каждое решение по "
                f"ходу игры программе отведено не больше {limit}).")
    if played is None:
        return (f"Осторожный игрок останавливается после {number - 1}-го хода, хотя пасьянс ещё выходит "
                f"(положение на рисунке); выигрыш продолжает ход {keeps}.")
    return (f"Решающий ход — {number}-й ход осторожного игрока. В положении на рисунке он играет {played}, "
            f"и после этого пасьянс уже не выходит; выигрыш сохранял ход {keeps}.")


def answer_flowables(entry: Answer, paper: SheetPage, styles: SheetStyles) -> list[Flowable]:
    """One deal's entry: the verdict; for a won deal its line by phase; the final position when there is one."""
    s = styles
    verdict = entry.result.verdict_ru
    line = f"{deal_label(entry.deal)} — {verdict}"
    if entry.result is Result.WON:
        line += f", {plural_ru(entry.played, 'ход', 'хода', 'ходов')}"
    heading = Heading(typeset(line, hyphens=False, runt=False), s.answer, key=f"answer-{deal_key(entry.deal)}",
                      outline=f"{TYPED_DEAL if entry.deal is None else f'№{entry.deal}'}: {verdict}", level=1, toc=None)
    story: list[Flowable] = [heading]
    if entry.difficulty is not None:
        story.append(Paragraph(typeset(grade_text(entry.difficulty)), s.body))
    if entry.moment is not None:
        story.extend(moment_flowables(entry.deal, entry.moment, paper, styles))
    singles = [e for group in entry.phases for e in group.entries if e.first == e.last]
    widest = max((line_width(e.text, s.moves.fontSize, bold=e.choice) for e in singles), default=0.0)
    for group in entry.phases:
        if len(entry.phases) > 1:
            story.append(Paragraph(typeset(group.title, hyphens=False, runt=False), s.phase))
        story += entry_flowables(group.entries, size=s.moves.fontSize, leading=s.moves.leading,
                                 columns=answer_columns(paper), gap=1.2 * s.body.fontSize, run_style=s.run,
                                 text_width=widest)
    if entry.final is not None:
        ending = "конечное положение, пасьянс вышел" if entry.result is Result.WON else \
            "здесь игра останавливается, пасьянс не вышел"
        story.append(KeepTogether([
            Spacer(1, 0.6 * s.body.fontSize), final_figure(entry.final, paper),
            Paragraph(f"{deal_label(entry.deal)}: {ending}.", s.caption),
        ]))
    return story


def moment_flowables(deal: int | None, moment: Moment, paper: SheetPage, styles: SheetStyles) -> list[Flowable]:
    """The critical moment's paragraph, then the position before it with its caption, kept together."""
    s = styles
    text = Paragraph(typeset(moment_text(moment)), s.body)
    if moment.figure is None or moment.number is None:
        return [Spacer(1, 0.3 * s.body.fontSize), text]
    after = f"после {moment.number - 1}-го хода осторожного игрока" if moment.number > 1 else "в начале игры"
    caption = (f"{deal_label(deal)}: положение перед решающим ходом, {after}." if moment.played
               else f"{deal_label(deal)}: здесь осторожный игрок останавливается, {after}.")
    return [KeepTogether([
        Spacer(1, 0.3 * s.body.fontSize), text, Spacer(1, 0.5 * s.body.fontSize),
        final_figure(moment.figure, paper), Paragraph(typeset(caption, hyphens=False), s.caption),
        Spacer(1, 0.6 * s.body.fontSize),
    ])]


#: The final figure's sizes, tried in turn: (card width as a share of a deal page's, most height as a share of
#: the frame). The first at which its labels stand clear is used.
FINAL_FIGURE_SIZES = ((0.55, 0.3), (0.62, 0.35), (0.7, 0.4), (0.8, 0.45), (0.9, 0.5), (1.0, 0.55))


def final_figure(figure: Figure, paper: SheetPage) -> FigureFlowable:
    """The final position, small (cards about half a deal page's, at most 0.3 of the frame high) — or larger,
    when a figure drawn so small would not let its cards be read (``MIN_CARD_WIDTH``) or would run its labels
    into each other (they never go below a legible size, so they grow against the cards)."""
    for card_share, height_share in FINAL_FIGURE_SIZES:
        card, height = card_share * paper.figure_card, height_share * paper.frame_height
        unit = figure_scale(figure, paper.frame_width, height, card)
        if unit >= MIN_CARD_WIDTH - 1e-6 and labels_clear(figure, unit):
            break
    return FigureFlowable(figure, max_width=paper.frame_width, max_height=height, card_width=card)


def answer_columns(paper: SheetPage) -> int:
    """At most four columns of moves on A4 and letter, three on A5 (fewer when the widest move needs them)."""
    return 3 if paper.frame_width < 400 else 4
