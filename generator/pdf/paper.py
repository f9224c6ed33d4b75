"""Paper: the sizes every PDF of pasyans is printed on, and each document's page on them.

One registry (:data:`PAPERS`) and one way to name a paper (:func:`paper_named`, one
error text): the book, the practice sheets and the pack all take their paper from
here. A document then sets its own page on that paper — the margins and type sizes
that suit it (:class:`BookPage`, :class:`SheetPage`; the pack needs only the size).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, A5, letter
from reportlab.lib.units import mm


@dataclass(frozen=True)
class Paper:
    """A paper size, in points: ``name`` as printed (A4, A5, letter)."""

    name: str
    width: float
    height: float


PAPERS: dict[str, Paper] = {
    "A4": Paper("A4", *A4),
    "A5": Paper("A5", *A5),
    "LETTER": Paper("letter", *letter),
    "HALF-LETTER": Paper("half-letter", letter[1] / 2, letter[0]),  # 5.5 × 8.5 in: the booklet's page on letter
}
#: The papers a document is printed on by name; half-letter is only ever a booklet's page (see BOOKLETS).
PAPER_NAMES = ("A4", "A5", "letter")


def _listing(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def paper_named(name: str, among: Sequence[str] = PAPER_NAMES, *, use: str = "", why: str = "") -> Paper:
    """The paper called ``name`` (any case) among ``among``; ``ValueError`` names the choices.

    ``use`` and ``why`` say what limits the choice, when something does: « for the pack», « (3 × 3 cards …)».
    """
    key = name.strip().upper()
    if key not in PAPERS or key not in {choice.upper() for choice in among}:
        raise ValueError(f"unknown paper {name!r}{use}: choose {_listing(among)}{why}")
    return PAPERS[key]


@dataclass(frozen=True)
class Page:
    """A paper with margins: where a document's frame lies (points)."""

    paper: Paper
    side: float  # left and right margins: printed one-sided, so they are equal
    top: float
    bottom: float

    @property
    def name(self) -> str:
        return self.paper.name

    @property
    def width(self) -> float:
        return self.paper.width

    @property
    def height(self) -> float:
        return self.paper.height

    @property
    def frame_width(self) -> float:
        return self.width - 2 * self.side

    @property
    def frame_height(self) -> float:
        return self.height - self.top - self.bottom


@dataclass(frozen=True)
class BookPage(Page):
    """The rulebook's page: a measure of about 65–70 characters of PT Serif, running title and folio."""

    body: float  # body text size, points
    leading: float
    head: float  # baseline of the running title, from the top edge
    foot: float  # baseline of the page number, from the bottom edge


@dataclass(frozen=True)
class SheetPage(Page):
    """A practice sheet's page: its body size and the sizes of the stacking grid and the figures."""

    size: float  # body text
    card_size: float  # a card in the stacking grid
    row: float  # height of a grid row
    figure_card: float  # widest a figure's card may be


BOOK_PAGES: dict[str, BookPage] = {
    "A4": BookPage(PAPERS["A4"], side=40 * mm, top=28 * mm, bottom=30 * mm, body=11, leading=15.4,
                   head=17 * mm, foot=17 * mm),
    "A5": BookPage(PAPERS["A5"], side=19 * mm, top=20 * mm, bottom=22 * mm, body=9.4, leading=13,
                   head=11.5 * mm, foot=11 * mm),
    "letter": BookPage(PAPERS["LETTER"], side=41 * mm, top=26 * mm, bottom=28 * mm, body=11, leading=15.4,
                       head=16 * mm, foot=16 * mm),
    # A5's page, a little narrower and taller: 139.7 × 215.9 mm.
    "half-letter": BookPage(PAPERS["HALF-LETTER"], side=17 * mm, top=22 * mm, bottom=24 * mm, body=9.4, leading=13,
                            head=13 * mm, foot=12.5 * mm),
}

#: The edges a two-sided printer turns the paper on (the pack's backs, the booklet).
DUPLEX_EDGES = ("long", "short")

#: A booklet's sheet and the book page it holds two of to a side: A5 on A4, half-letter on letter.
BOOKLETS: dict[str, str] = {"A4": "A5", "letter": "half-letter"}

SHEET_PAGES: dict[str, SheetPage] = {
    "A4": SheetPage(PAPERS["A4"], side=18 * mm, top=21 * mm, bottom=17 * mm, size=9.5, card_size=11,
                    row=6.3 * mm, figure_card=20 * mm),
    "A5": SheetPage(PAPERS["A5"], side=12 * mm, top=16 * mm, bottom=13 * mm, size=8.3, card_size=9.2,
                    row=5.1 * mm, figure_card=14 * mm),
    "letter": SheetPage(PAPERS["LETTER"], side=19 * mm, top=20 * mm, bottom=16 * mm, size=9.5, card_size=11,
                        row=6.1 * mm, figure_card=19 * mm),
}


def book_page(name: str) -> BookPage:
    """The book's page on the paper called ``name``; ``ValueError`` names the choices."""
    return BOOK_PAGES[paper_named(name).name]


def booklet_sheet(name: str) -> tuple[Paper, BookPage]:
    """The sheet a booklet is printed on, called ``name`` (A4 or letter), and the book's page it holds two of."""
    sheet = paper_named(name, tuple(BOOKLETS), use=" for a booklet",
                        why=" (two pages to a side: A5 on A4, half-letter on letter)")
    return sheet, BOOK_PAGES[BOOKLETS[sheet.name]]


def sheet_page(name: str) -> SheetPage:
    """A practice sheet's page on the paper called ``name``; ``ValueError`` names the choices."""
    return SHEET_PAGES[paper_named(name, tuple(SHEET_PAGES)).name]
