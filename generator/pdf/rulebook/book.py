"""The book as a whole: its title (counted from the registry) and the page, styles and small helpers every part uses."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer

from generator.games import Game
from generator.pdf.figure import label_width
from generator.pdf.flowables import Anchored, Float, Heading, Para, Text, tie_moves
from generator.pdf.moves import MoveColumns, ParagraphCells
from generator.pdf.palette import GREY
from generator.pdf.paper import BookPage
from generator.pdf.styles import BookStyles
from generator.pdf.typography import counted_ru, quoted, smarten, typeset

#: A heading ties its last word to the one before whatever its length: no word stands alone on its last line.
HEADING_RUNT = 1000

BOOK_SUBTITLE = "Правила, толкования, разборы и вероятности выхода — для игры настоящими картами"


def book_title(games: int) -> str:
    """«Пять старинных пасьянсов»: the title counts the games the registry holds."""
    return counted_ru(games, "старинный пасьянс", "старинных пасьянса", "старинных пасьянсов").capitalize()


def book_subject(games: int) -> str:
    """«Правила пяти старинных пасьянсов»: the PDF's subject."""
    return "Правила " + counted_ru(games, "старинного пасьянса", "старинных пасьянсов", "старинных пасьянсов",
                                   genitive=True)


@dataclass(frozen=True)
class Book:
    """What every part of the book is set with: the page, the styles, and small typesetting helpers."""

    page: BookPage
    styles: BookStyles

    @property
    def width(self) -> float:
        """Width of the text column, points."""
        return self.page.frame_width

    @property
    def height(self) -> float:
        return self.page.frame_height

    def para(self, text: str, style: ParagraphStyle | None = None, *, hyphens: bool = True,
             smart: bool = False) -> Paragraph:
        """A paragraph of plain Russian text, typeset (``smart``: our own prose, quotes and dashes fixed)."""
        if smart:
            text = smarten(text)
        return Para(typeset(text, hyphens=hyphens), style or self.styles.body)

    def quote(self, text: str, number: int) -> Paragraph:
        """A reading's heading: its deciding quote in «ёлочки», numbered; no word alone on its last line."""
        markup = typeset(quoted(text), runt_letters=HEADING_RUNT)
        return Para(markup, self.styles.quote, bulletText=str(number))

    def section(self, game: Game | str, slug: str, title: str) -> Heading:
        """A section heading inside a chapter: listed in the contents and the outline."""
        game_id = game if isinstance(game, str) else game.id
        return Heading(typeset(title, hyphens=False, runt=False), self.styles.section, key=f"{game_id}-{slug}",
                       level=1, outline=title)

    def subsection(self, title: str) -> Paragraph:
        """A small heading (a phase of a walkthrough): not in the contents."""
        return Text(typeset(title, hyphens=False, runt=False), self.styles.subsection)

    def caption(self, text: str) -> Paragraph:
        """A figure's caption; a move it names («Т♠ кучка 1 → основание 8») breaks as a walkthrough's does."""
        return Text(typeset(tie_moves(smarten(text)), hyphens=False), self.styles.caption)

    def figure(self, drawing: Flowable, caption: str, *, floating: bool = True) -> Flowable:
        """A figure (any vector flowable: a Drawing, or one that draws cards with ``card_art``), centred, and
        its caption below, kept on one page. ``floating``: when the page is too full it floats to the top of the
        next one and text after it fills the page; otherwise it stands exactly here (a walkthrough's figure, whose
        caption names the move it follows), on the next page if need be."""
        drawing.hAlign = "CENTER"
        parts = [Spacer(1, 0.4 * self.styles.leading), drawing, self.caption(caption)]
        return Float(parts) if floating else Anchored(parts)

    def anchored_figure(self, drawing: Flowable, caption: str, *after: Flowable) -> Flowable:
        """A figure that must stay where it is in the text, with what comments on it (``after``), kept together:
        it never floats past the moves that follow it (on a full page it starts the next one instead)."""
        drawing.hAlign = "CENTER"
        return Anchored([Spacer(1, 0.4 * self.styles.leading), drawing, self.caption(caption), *after])

    @property
    def move_gap(self) -> float:
        """The gutter between two columns of moves."""
        return 1.2 * self.styles.size

    def moves(self, moves: Sequence[tuple[int, str]], columns: int | None = None) -> Flowable:
        """Numbered moves (``(12, "9♠ кон → ряд 3")``) in balanced columns, read down then across.

        ``columns`` defaults to what fits: three on A4 and letter, two on A5.
        The block splits across pages into balanced blocks of consecutive moves.
        """
        if not moves:
            return Spacer(1, 0)
        columns = columns or (2 if self.width < 340 else 3)
        style = self.styles.moves
        number_style = style.clone("move_number", alignment=TA_RIGHT, textColor=GREY, leftIndent=0,
                                   firstLineIndent=0)
        widest = max(len(str(number)) for number, _ in moves)
        number_width = stringWidth("0" * widest + ".", style.fontName, style.fontSize) + 0.1 * style.fontSize
        numbers: list[Paragraph] = [Text(f"{number}.", number_style) for number, _ in moves]
        texts: list[Paragraph] = [Text(typeset(text, hyphens=False, runt=False), style) for _, text in moves]
        return MoveColumns(ParagraphCells(numbers, texts, number_width, style.fontSize), columns, self.move_gap)

    def move_columns(self, texts: Sequence[str]) -> int:
        """Three columns when the widest move fits one line of a third of the measure (as :meth:`moves` sets
        it), else two: a move broken over two lines reads worse than a longer list."""
        style = self.styles.moves
        gap = self.move_gap
        number = stringWidth("000.", style.fontName, style.fontSize) + 0.1 * style.fontSize
        widest = max((label_width(text, style.fontSize) for text in texts), default=0.0)
        for columns in (3, 2):
            room = (self.width + gap) / columns - number - 0.3 * style.fontSize - gap
            if widest <= room:
                return columns
        return 2
