"""Practice-deal sheets: each deal's figure and stacking order, then an answer key, as a PDF.

A player who wants to replay deal N with real cards needs three things: what
the table should look like once play begins, the order to stack the pack(s)
in, and — later — whether the deal comes out and how. So:

- **Deal pages** (:mod:`.deal`). The game and deal number; the figure of the
  position when the player first has a choice (the forced opening moves made:
  the deal itself, compulsory plays); and the stock *top card first*, in rows
  of ten, with a one-line instruction for stacking it. Deals of one pack fit
  two to a page on A4 and letter; two packs take a page each.
- **The answer key** (:mod:`.answers`) at the end: each deal's verdict
  («выходит», «не выходит», «не решено за отведённое время» — never a guess,
  as the solver answers), the whole winning line in the book's Russian
  notation, grouped by phase, and the final position.
  Each deal's grade too (``generator.analysis``: easy, needs foresight, lost)
  and, for a deal that needs foresight, where the no-peek player loses it: the
  position before its move (a figure), the move it made and the one that
  keeps the win.
- **Selection** (``generator.selection``, in the solver layer). ``winnable``
  keeps only the deals the solver wins, ``unwinnable`` only the proved losses,
  ``easy``, ``foresight`` and ``lost`` the deals of one grade; the deal numbers
  passed over are counted and the first page says how many (a form XObject
  drawn on page one and defined when the count is known, at the end).

Data, then story, then build: each page's data (:mod:`.model`) is computed
through the engine when its chunk of the story is made, then set. Memory stays
flat however many deals: the story is a lazy list fed by a generator, so the
solver runs deal by deal as the pages are laid out, and nothing but each deal's
moves (a few kilobytes) is kept for the answer key. Solving can run on the
project's worker pool (results still come in deal order).

The same arguments give the same bytes on any machine. The solver's limit per
deal is a number of positions searched, not seconds (``Budget(seconds=None,
nodes=N)``): a search so bounded takes the same path every time, so a verdict
cannot change with the machine's speed, its load or ``jobs``.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import IO, Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, NextPageTemplate, PageBreak

from generator.analysis import Difficulty
from generator.games import Game, Result, make_game
from generator.notation import variant_ru
from generator.pdf.flowables import LateForm, LazyStory, Separator
from generator.pdf.paper import sheet_page
from generator.pdf.practice.answers import answer_flowables, answers_intro, positions_ru
from generator.pdf.practice.deal import choose_layout, deal_sheets
from generator.pdf.practice.model import answer, deal_page
from generator.pdf.styles import sheet_styles
from generator.pdf.templates import CompactCanvas, SheetsDoc
from generator.pdf.typography import number_ru, plural_ru, typeset
from generator.selection import GRADES, KEEP, MODES, Selection, SelectionError, select

__all__ = ["MODES", "POSITIONS", "Selection", "SelectionError", "build_sheets", "build_sheets_bytes"]

#: The solver's limit per deal, in positions searched: a few seconds of search for most games (see
#: ``pasyans deals --help``). Positions, not seconds, so that the sheets are the same on any machine.
POSITIONS = 100_000

#: How page one names the deals a selection kept: «только выходящие расклады», and what that means.
SELECTED = {
    "winnable": ("выходящие", ""),
    "unwinnable": ("невыходящие", " (проигрыш доказан программой)"),
    "easy": ("лёгкие", " (их выигрывает и осторожный игрок, не заглядывающий в колоду)"),
    "foresight": ("трудные", " (выходят, но осторожный игрок, не заглядывающий в колоду, их проигрывает)"),
    "lost": ("безнадёжные", " (проигрыш доказан программой)"),
}

SUMMARY_FORM = "pasyans-selection"
#: Between two deals on one page: a dashed line to cut it in two.
SEPARATOR = 7 * mm


def summary_text(game: Game, selection: Selection, answers: bool, variant_name: str | None = None, *,
                 typed: bool = False) -> str:
    """Page one's line: which deals these are and, for a selection, how many numbers were passed over."""
    first, last = selection.first, selection.last
    title = f"«{game.title}»" + (f", вариант «{variant_name}»" if variant_name else "")
    if typed:
        text = f"{title}: заданный расклад — колода, набранная вручную."
    elif selection.mode == "all" and first == last:
        text = f"{title}: расклад №{number_ru(first)}."
    elif selection.mode == "all":
        text = f"{title}: {plural_ru(len(selection.kept), 'расклад', 'расклада', 'раскладов')} подряд, "
        text += f"с №{number_ru(first)} по №{number_ru(last)}."
    else:
        kind, meaning = SELECTED[selection.mode]
        span = f"№{number_ru(first)}" if first == last else f"с №{number_ru(first)} по №{number_ru(last)}"
        text = (f"{title}: только {kind} расклады{meaning}, {len(selection.kept)} из "
                f"{plural_ru(selection.scanned, 'номера', 'номеров', 'номеров')} {span}; "
                f"пропущено {plural_ru(selection.skipped, 'номер', 'номера', 'номеров')}")
        reasons = []
        grade = GRADES.get(selection.mode)
        for result in Result if grade is None else ():
            n = selection.results[result]
            if n and result is not KEEP[selection.mode]:
                word = result.verdict_ru if result is not Result.UNKNOWN else \
                    f"не решено за {positions_ru(selection.positions)}"
                reasons.append(f"{word} — {number_ru(n)}")
        for other in Difficulty if grade is not None else ():
            if selection.grades[other] and other is not grade:
                reasons.append(f"{other.counted_ru} — {number_ru(selection.grades[other])}")
        if reasons:
            text += " (" + ", ".join(reasons) + ")"
        text += "."
    text += " Ответы — в конце." if answers else ""
    return text


def build_sheets(
    spec: str,
    file: IO[bytes],
    *,
    first: int = 1,
    count: int = 10,
    mode: str = "all",
    answers: bool = True,
    paper: str = "A4",
    positions: int = POSITIONS,
    jobs: int = 1,
    on_progress: Callable[[Selection], None] | None = None,
    stock: tuple[int, ...] | None = None,
) -> Selection:
    """Write the sheets for ``spec`` to ``file`` (a binary file object): deals ``first``.. or, with ``stock``,
    the one typed pack (``count`` 1, ``mode`` all).

    ``positions`` is the solver's limit per deal (positions searched, no clock: the bytes do not depend on the
    machine). Returns the selection (what was scanned and kept); ``SelectionError`` when too few deals qualify.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}")
    game = make_game(spec)
    page = sheet_page(paper)
    styles = sheet_styles(page.size)
    vname = variant_ru(game.id, game.variant) if game.variant else None
    selection = Selection(mode, first, count, positions)
    solve_deals = answers or mode != "all"
    outcomes = select(game.full_id, selection, solve_deals=solve_deals, jobs=jobs, on_progress=on_progress,
                      critical=answers, stock=stock)

    sample = deal_page(game, None, stock) if stock is not None else deal_page(game, first)
    layout, sheet_height = choose_layout(game, sample, page, styles, SEPARATOR)
    two_up = layout == "side"
    title = f"«{game.title}»"
    doc = SheetsDoc(file, page, styles, title=f"{title}: расклады для практики", summary_form=SUMMARY_FORM,
                    heads={"deals": f"Расклады для практики · {title}", "answers": f"Ответы · {title}"})

    def chunks() -> Iterator[list[Flowable]]:
        yield [NextPageTemplate("deals")]
        for n, outcome in enumerate(outcomes):
            chunk: list[Flowable] = []
            if two_up and n % 2:
                chunk.append(Separator(SEPARATOR - 0.01))
            chunk += deal_sheets(game, deal_page(game, outcome.deal, outcome.typed), page, styles, sheet_height,
                                 variant_name=vname, layout=layout, first=n == 0)
            yield chunk
        if answers:
            yield [NextPageTemplate("answers"), PageBreak(), *answers_intro(game, selection, styles)]
            for outcome in selection.kept:
                yield answer_flowables(answer(game, outcome), page, styles)
        w, h = doc.summary_box
        yield [LateForm(SUMMARY_FORM, lambda: typeset(summary_text(game, selection, answers, vname,
                                                                   typed=stock is not None), hyphens=False),
                        styles.kicker, w, h)]

    doc.build(LazyStory(chunks()), canvasmaker=CompactCanvas)
    return selection


def build_sheets_bytes(spec: str, **options: Any) -> bytes:
    """The sheets as PDF bytes (tests, small runs)."""
    buffer = io.BytesIO()
    build_sheets(spec, buffer, **options)
    return buffer.getvalue()
