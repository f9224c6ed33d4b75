"""The paragraph styles of every PDF: the book's, the practice sheets' and the pack's first page.

Each set is derived from one body size, so every paper keeps the same proportions.

The book: body text is PT Serif, justified, with a first-line indent and no space between
paragraphs, as Russian books are set; headings, captions, tables and the move
lists are PT Sans. Every style that may split across pages refuses widows and
orphans (``allowWidows=0``, ``allowOrphans=0``), and every heading keeps with
what follows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from generator.pdf.fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD, SERIF_ITALIC, register_fonts
from generator.pdf.palette import ACCENT, GREY, INK

# --- the book ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BookStyles:
    """All the paragraph styles of one book, for one body size."""

    size: float
    leading: float
    body: ParagraphStyle
    rule: ParagraphStyle
    chapter_label: ParagraphStyle
    chapter: ParagraphStyle
    chapter_meta: ParagraphStyle
    section: ParagraphStyle
    subsection: ParagraphStyle
    caption: ParagraphStyle
    quote: ParagraphStyle
    reading: ParagraphStyle
    note: ParagraphStyle
    moves: ParagraphStyle
    run: ParagraphStyle
    cell: ParagraphStyle
    cell_right: ParagraphStyle
    cell_indented: ParagraphStyle  # a row under a spanning row of its table (a reading under its quote)
    cell_quote: ParagraphStyle  # a quote from a rule text heading rows of a table
    cell_head: ParagraphStyle
    cell_head_right: ParagraphStyle
    command: ParagraphStyle
    fragment: ParagraphStyle
    toc_title: ParagraphStyle
    toc: tuple[ParagraphStyle, ...]
    cover_title: ParagraphStyle
    cover_subtitle: ParagraphStyle
    cover_foot: ParagraphStyle

    @property
    def indent(self) -> float:
        """The paragraph indent, 1.5 em: also the step of every hanging list."""
        return 1.5 * self.size


def book_styles(size: float, leading: float) -> BookStyles:
    """The styles for a body of ``size`` points on ``leading`` points."""
    register_fonts()
    s, ld = size, leading
    # spaceShrinkage: a justified line may squeeze its spaces by up to 5 % rather than open them wide.
    common: dict[str, Any] = {"textColor": INK, "allowWidows": 0, "allowOrphans": 0, "hyphenationLang": "",
                              "embeddedHyphenation": 0, "spaceShrinkage": 0.05}
    body = ParagraphStyle(
        "body", fontName=SERIF, fontSize=s, leading=ld, alignment=TA_JUSTIFY, firstLineIndent=1.5 * s, **common
    )
    sans = {**common, "fontName": SANS}
    heading = {**common, "fontName": SANS_BOLD, "alignment": TA_LEFT, "keepWithNext": 1}
    toc0 = ParagraphStyle("toc0", fontName=SERIF, fontSize=s, leading=ld, leftIndent=0, firstLineIndent=0,
                          spaceBefore=0.6 * ld, textColor=INK, rightIndent=2 * s)
    toc1 = ParagraphStyle("toc1", fontName=SERIF, fontSize=0.9 * s, leading=0.9 * ld, leftIndent=1.5 * s,
                          firstLineIndent=0, textColor=GREY, rightIndent=2 * s)
    return BookStyles(
        size=s,
        leading=ld,
        body=body,
        rule=ParagraphStyle("rule", parent=body),
        chapter_label=ParagraphStyle(
            "chapter_label", fontName=SERIF_ITALIC, fontSize=1.05 * s, leading=1.3 * s, textColor=ACCENT,
            spaceBefore=0, spaceAfter=0.35 * ld, keepWithNext=1,
        ),
        chapter=ParagraphStyle(
            "chapter", **{**heading, "fontSize": 2.0 * s, "leading": 2.35 * s}, spaceAfter=0.3 * ld,
        ),
        chapter_meta=ParagraphStyle(
            "chapter_meta", **{**sans, "fontSize": 0.86 * s, "leading": 1.2 * s, "textColor": GREY},
            spaceAfter=1.6 * ld, keepWithNext=1,
        ),
        section=ParagraphStyle(
            "section", **{**heading, "fontSize": 1.18 * s, "leading": 1.4 * s}, spaceBefore=1.5 * ld,
            spaceAfter=0.55 * ld,
        ),
        subsection=ParagraphStyle(
            "subsection", **{**heading, "fontSize": 0.95 * s, "leading": 1.2 * s}, spaceBefore=0.8 * ld,
            spaceAfter=0.3 * ld,
        ),
        caption=ParagraphStyle(
            "caption", **{**sans, "fontSize": 0.84 * s, "leading": 1.15 * s, "textColor": GREY,
                          "alignment": TA_CENTER}, spaceBefore=0.3 * ld, spaceAfter=0.8 * ld,
        ),
        quote=ParagraphStyle(
            "quote", **{**common, "fontName": SERIF_ITALIC, "fontSize": s, "leading": ld}, alignment=TA_LEFT,
            leftIndent=1.5 * s, bulletIndent=0, bulletFontName=SANS_BOLD, bulletFontSize=0.86 * s,
            bulletColor=ACCENT, spaceBefore=0.7 * ld, keepWithNext=1,
        ),
        reading=ParagraphStyle("reading", parent=body, firstLineIndent=0, leftIndent=1.5 * s),
        note=ParagraphStyle("note", parent=body, fontName=SERIF_ITALIC, firstLineIndent=0, textColor=GREY,
                            alignment=TA_LEFT),
        moves=ParagraphStyle(
            "moves", **{**sans, "fontSize": 0.84 * s, "leading": 1.14 * s}, alignment=TA_LEFT,
            leftIndent=0.8 * s, firstLineIndent=-0.8 * s,
        ),
        run=ParagraphStyle(
            "run", **{**sans, "fontSize": 0.84 * s, "leading": 1.14 * s, "textColor": GREY}, alignment=TA_LEFT,
            leftIndent=1.5 * s, firstLineIndent=-1.5 * s, spaceBefore=0.12 * ld, spaceAfter=0.2 * ld,
        ),
        cell=ParagraphStyle("cell", **{**sans, "fontSize": 0.9 * s, "leading": 1.15 * s}),
        cell_right=ParagraphStyle("cell_right", **{**sans, "fontSize": 0.9 * s, "leading": 1.15 * s},
                                  alignment=TA_RIGHT),
        cell_indented=ParagraphStyle("cell_indented", **{**sans, "fontSize": 0.9 * s, "leading": 1.15 * s},
                                     leftIndent=1.0 * s),
        cell_quote=ParagraphStyle("cell_quote", **{**sans, "fontName": SERIF_ITALIC, "fontSize": 0.95 * s,
                                                   "leading": 1.15 * s}),
        cell_head=ParagraphStyle("cell_head", **{**sans, "fontName": SANS_BOLD, "fontSize": 0.8 * s,
                                                 "leading": 1.05 * s, "textColor": GREY}),
        cell_head_right=ParagraphStyle("cell_head_right", **{**sans, "fontName": SANS_BOLD, "fontSize": 0.8 * s,
                                                             "leading": 1.05 * s, "textColor": GREY},
                                       alignment=TA_RIGHT),
        command=ParagraphStyle(
            "command", **{**sans, "fontName": SANS_BOLD, "fontSize": 0.92 * s, "leading": 1.25 * s},
            leftIndent=1.5 * s, spaceBefore=0.35 * ld, keepWithNext=1,
        ),
        fragment=ParagraphStyle("fragment", parent=body, firstLineIndent=0, leftIndent=1.5 * s, rightIndent=1.5 * s),
        toc_title=ParagraphStyle(
            "toc_title", **{**heading, "fontSize": 1.5 * s, "leading": 1.8 * s}, spaceAfter=1.2 * ld,
        ),
        toc=(toc0, toc1),
        cover_title=ParagraphStyle(
            "cover_title", fontName=SERIF_BOLD, fontSize=3.0 * s, leading=3.4 * s, alignment=TA_CENTER,
            textColor=INK,
        ),
        cover_subtitle=ParagraphStyle(
            "cover_subtitle", fontName=SERIF_ITALIC, fontSize=1.2 * s, leading=1.55 * s, alignment=TA_CENTER,
            textColor=GREY,
        ),
        cover_foot=ParagraphStyle(
            "cover_foot", fontName=SANS, fontSize=0.9 * s, leading=1.3 * s, alignment=TA_CENTER, textColor=GREY,
        ),
    )


# --- the practice sheets ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetStyles:
    """The practice sheets' styles, for one body size: PT Sans for what is read at a glance, PT Serif for prose."""

    kicker: ParagraphStyle
    title: ParagraphStyle
    number: ParagraphStyle
    meta: ParagraphStyle
    caption: ParagraphStyle
    head: ParagraphStyle
    body: ParagraphStyle
    note: ParagraphStyle
    answers_title: ParagraphStyle
    answer: ParagraphStyle
    phase: ParagraphStyle
    moves: ParagraphStyle
    run: ParagraphStyle
    move_number: ParagraphStyle


def sheet_styles(s: float) -> SheetStyles:
    """The sheets' styles for a body of ``s`` points."""
    register_fonts()
    common: dict[str, Any] = {"textColor": INK, "hyphenationLang": "", "embeddedHyphenation": 0, "alignment": TA_LEFT}
    sans = {**common, "fontName": SANS}
    return SheetStyles(
        kicker=ParagraphStyle("kicker", **{**sans, "fontSize": 0.78 * s, "leading": 1.05 * s, "textColor": GREY}),
        title=ParagraphStyle("title", **{**common, "fontName": SERIF_BOLD, "fontSize": 1.75 * s,
                                         "leading": 2.0 * s}),
        number=ParagraphStyle("number", **{**sans, "fontName": SANS_BOLD, "fontSize": 1.45 * s,
                                           "leading": 2.0 * s, "alignment": 2}),
        meta=ParagraphStyle("meta", **{**sans, "fontSize": 0.86 * s, "leading": 1.15 * s, "textColor": GREY}),
        caption=ParagraphStyle("caption", **{**sans, "fontSize": 0.84 * s, "leading": 1.1 * s, "textColor": GREY,
                                             "alignment": TA_CENTER}),
        head=ParagraphStyle("head", **{**sans, "fontName": SANS_BOLD, "fontSize": 1.08 * s, "leading": 1.3 * s}),
        body=ParagraphStyle("body", **{**common, "fontName": SERIF, "fontSize": s, "leading": 1.32 * s}),
        note=ParagraphStyle("note", **{**common, "fontName": SERIF_ITALIC, "fontSize": s, "leading": 1.32 * s,
                                       "textColor": GREY}),
        answers_title=ParagraphStyle("answers_title", **{**common, "fontName": SERIF_BOLD, "fontSize": 1.9 * s,
                                                         "leading": 2.3 * s}, spaceAfter=0.6 * s),
        answer=ParagraphStyle("answer", **{**sans, "fontName": SANS_BOLD, "fontSize": 1.08 * s, "leading": 1.35 * s},
                              spaceBefore=1.5 * s, spaceAfter=0.45 * s, keepWithNext=1),
        phase=ParagraphStyle("phase", **{**sans, "fontName": SANS_BOLD, "fontSize": 0.86 * s, "leading": 1.1 * s,
                                         "textColor": GREY}, spaceBefore=0.5 * s, spaceAfter=0.25 * s,
                             keepWithNext=1),
        moves=ParagraphStyle("moves", **{**sans, "fontSize": 0.8 * s, "leading": 1.02 * s},
                             leftIndent=0.8 * s, firstLineIndent=-0.8 * s),
        run=ParagraphStyle("run", **{**sans, "fontSize": 0.8 * s, "leading": 1.02 * s, "textColor": GREY},
                           leftIndent=1.5 * s, firstLineIndent=-1.5 * s, spaceBefore=0.1 * s, spaceAfter=0.2 * s),
        move_number=ParagraphStyle("move_number", **{**sans, "fontSize": 0.8 * s, "leading": 1.02 * s,
                                                     "textColor": GREY, "alignment": 2}),
    )


# --- the pack's first page --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckStyles:
    """The pack's first page: what a printer of the cards must know, set at one body size."""

    kicker: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    head: ParagraphStyle
    body: ParagraphStyle
    small: ParagraphStyle


def deck_styles(size: float) -> DeckStyles:
    """The first page's styles for a body of ``size`` points."""
    register_fonts()
    common: dict[str, Any] = {"textColor": INK, "alignment": TA_LEFT, "hyphenationLang": "",
                              "embeddedHyphenation": 0}
    return DeckStyles(
        kicker=ParagraphStyle("kicker", fontName=SANS, fontSize=0.78 * size, leading=size, textColor=GREY),
        title=ParagraphStyle("title", fontName=SERIF_BOLD, fontSize=2.1 * size, leading=2.45 * size, **common),
        subtitle=ParagraphStyle("subtitle", fontName=SERIF_ITALIC, fontSize=1.1 * size, leading=1.45 * size,
                                textColor=GREY),
        head=ParagraphStyle("head", fontName=SANS_BOLD, fontSize=1.05 * size, leading=1.3 * size, **common),
        body=ParagraphStyle("body", fontName=SERIF, fontSize=size, leading=1.38 * size, **common),
        small=ParagraphStyle("small", fontName=SANS, fontSize=0.8 * size, leading=1.05 * size, textColor=GREY,
                             alignment=TA_LEFT),
    )
