"""The rulebook: cover, contents, one chapter per game in registry order, appendix — as a PDF.

Data first, then story, then build: :mod:`.model` computes every chapter (the
sample deal replayed, the deal laid out, the odds read) before any page is set;
:mod:`.chapter`, :mod:`.odds`, :mod:`.appendix` and :mod:`.cover` turn that
into flowables and a cover painter; :func:`build_rulebook` lays them out on a
:class:`~generator.pdf.templates.BookDoc`.

Cards drawn anywhere in the book come from ``generator.pdf.figure.card_art``:
one ``CardArt`` per canvas, so each face is one form XObject per PDF.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Spacer

from generator.games import GAME_IDS
from generator.pdf.paper import BookPage, book_page
from generator.pdf.rulebook.appendix import appendix, front_matter
from generator.pdf.rulebook.book import Book, book_subject, book_title
from generator.pdf.rulebook.chapter import chapter_story
from generator.pdf.rulebook.cover import paint_cover
from generator.pdf.rulebook.model import STATS_FILE, Chapter, chapter_of, load_stats, same_orders
from generator.pdf.styles import book_styles
from generator.pdf.templates import BookDoc, Contents

__all__ = ["STATS_FILE", "book_title", "build_rulebook", "chapters", "load_stats"]


def chapters(stats: dict[str, Any] | None) -> list[Chapter]:
    """Every game's chapter, in registry order (the seeds' order)."""
    return same_orders([chapter_of(number, game_id, stats) for number, game_id in enumerate(GAME_IDS, 1)])


def story(book: Book, chapters: list[Chapter]) -> list[Flowable]:
    flowables: list[Flowable] = [Spacer(1, 1)]
    flowables += front_matter(book)
    for chapter in chapters:
        flowables += chapter_story(chapter, book)
    flowables += appendix(book)
    for flowable in flowables:
        if isinstance(flowable, Contents):
            flowable.expect(flowables)
    return flowables


def build_rulebook(paper: str | BookPage = "A4", *, stats: dict[str, Any] | None = None,
                   stats_path: Path = STATS_FILE) -> bytes:
    """The whole rulebook as PDF bytes: same inputs (and SOURCE_DATE_EPOCH), same bytes."""
    page = paper if isinstance(paper, BookPage) else book_page(paper)
    if stats is None:
        stats = load_stats(stats_path)
    book = Book(page, book_styles(page.body, page.leading))
    model = chapters(stats)
    title = book_title(len(model))
    titles = [chapter.game.title for chapter in model]

    def cover(canvas: Canvas, doc: BookDoc) -> None:
        paint_cover(canvas, book, title, titles)

    buffer = io.BytesIO()
    doc = BookDoc(buffer, page, cover=cover, title=title, subject=book_subject(len(model)))
    doc.multiBuild(story(book, model))
    return buffer.getvalue()
