"""Practice-deal sheets: winnable and unwinnable selections, streaming, and the `pasyans deals` command.

The PDFs are read back with poppler (``tests.pdf.practice_pdf``), as in ``test_practice``.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.platypus import Paragraph

from generator import selection as deal_selection
from generator.deals import MAX_DEAL, stock_indices
from generator.games import Result, make_game
from generator.pdf import practice
from generator.pdf.flowables import LazyStory
from generator.pdf.paper import sheet_page
from generator.pdf.practice import build_sheets, build_sheets_bytes
from generator.pdf.practice.deal import DealSheet
from generator.pdf.styles import sheet_styles
from generator.pdf.typography import plural_ru, typeset
from generator.replay import final_state
from generator.selection import SCAN_FACTOR, Selection, SelectionError
from generator.solver import Budget, solve
from tests.pdf.practice_pdf import (
    NEEDS_POPPLER,
    NEEDY_DEAL,
    answer_key,
    expected_moves,
    pages,
    run,
    stacking_orders,
    text_of,
)

pytestmark = NEEDS_POPPLER


# --- selections ---------------------------------------------------------------------------------------------------


def _verdicts(spec: str, deals: range) -> dict[int, str]:
    game = make_game(spec)
    return {d: solve(game, stock_indices(game.id, d), budget=Budget(seconds=None, nodes=practice.POSITIONS)).result
            for d in deals}


def test_winnable_pages_are_all_won_deals_and_the_skipped_are_counted(tmp_path: Path) -> None:
    pdf = tmp_path / "won.pdf"
    with pdf.open("wb") as handle:
        selection = build_sheets("quadrille", handle, first=4, count=3, mode="winnable")
    verdicts = _verdicts("quadrille", range(4, selection.last + 1))
    wanted = [d for d, r in verdicts.items() if r is Result.WON][:3]
    assert [o.deal for o in selection.kept] == wanted
    orders = stacking_orders(pdf)
    assert list(orders) == wanted
    assert all(verdicts[d] is Result.WON for d in orders)
    assert all(v.startswith("выходит") for v, _ in answer_key(pdf).values())
    skipped = selection.last - 4 + 1 - 3
    assert skipped == selection.skipped > 0
    first_page = re.sub(r"\s+", " ", text_of(pdf, first=1, last=1))
    assert "только выходящие расклады" in first_page
    assert f"пропущено {plural_ru(skipped, 'номер', 'номера', 'номеров')}".replace("\u00a0", " ") in first_page
    assert f"не выходит — {skipped}" in first_page


def test_unwinnable_pages_are_all_proved_losses(tmp_path: Path) -> None:
    pdf = tmp_path / "lost.pdf"
    with pdf.open("wb") as handle:
        selection = build_sheets("quadrille", handle, first=1, count=2, mode="unwinnable")
    verdicts = _verdicts("quadrille", range(1, selection.last + 1))
    assert [o.deal for o in selection.kept] == [d for d, r in verdicts.items() if r is Result.LOST][:2]
    assert all(verdict == "не выходит" for verdict, _ in answer_key(pdf).values())
    assert "невыходящие" in text_of(pdf, first=1, last=1)


def test_too_few_deals_within_the_scan_limit_fail_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    # «Брюнетка и блондинка» comes out almost always: no proved loss among its first fifty deals.
    with pytest.raises(SelectionError, match=r"only 0 of 1 proved unwinnable deals found among the 50 deal numbers "
                                             r"1\.\.50 \(50 won; at most 50 × --count are scanned\)"):
        build_sheets_bytes("brunette_blonde", first=1, count=1, mode="unwinnable", positions=20_000)
    monkeypatch.setattr(deal_selection, "solve_deal",
                        lambda spec, deal, positions, **_: deal_selection.Outcome(deal, Result.UNKNOWN))
    with pytest.raises(SelectionError, match=r"only 0 of 2 winnable deals found among the 100 deal numbers "
                                             r"7\.\.106 \(100 unknown;.*raise --positions for unknowns$"):
        build_sheets_bytes("village", first=7, count=2, mode="winnable", positions=10)
    assert SCAN_FACTOR == 50


def test_solving_in_a_pool_gives_the_same_deals_and_bytes(quadrille: Path) -> None:
    assert build_sheets_bytes("quadrille", first=1, count=4, jobs=2) == quadrille.read_bytes()


def test_one_process_or_two_the_same_sheets_byte_for_byte(cli, tmp_path: Path) -> None:
    """``pasyans deals`` run twice as a user would, with ``--jobs 1`` and ``--jobs 2`` (and other hash seeds):
    the same bytes. The limit bites (deal 82 needs more than 10 000 positions under every reading of the game, so
    it is «не решено»), so
    the verdicts themselves must not depend on how the deals were shared out or how fast each was solved."""
    runs = {}
    for jobs, seed in (("1", "1"), ("2", "2")):
        out = tmp_path / f"jobs{jobs}.pdf"
        env = {**os.environ, "PYTHONHASHSEED": seed, "SOURCE_DATE_EPOCH": "1700000000"}
        result = cli("deals", "village", "--from", "80", "--count", "4", "--positions", "10000", "--jobs", jobs,
                     "-o", str(out), env=env)
        assert result.status == 0, result.err
        runs[jobs] = out.read_bytes()
    assert runs["1"] == runs["2"]
    verdicts = {deal: verdict for deal, (verdict, _) in answer_key(tmp_path / "jobs1.pdf").items()}
    assert verdicts[NEEDY_DEAL] == "не решено за отведённое время"
    assert all(verdicts[deal].startswith("выходит") for deal in (80, 81, 83))


# --- streaming ----------------------------------------------------------------------------------------------------


def test_pages_are_laid_out_while_later_deals_are_still_to_come(monkeypatch: pytest.MonkeyPatch) -> None:
    """The story is lazy: deal 30 is only chosen after most earlier deals are on their pages."""
    drawn: list[int] = []
    original = DealSheet.draw

    def counting(self: DealSheet) -> None:
        drawn.append(self.deal)
        original(self)

    monkeypatch.setattr(DealSheet, "draw", counting)
    seen: dict[int, int] = {}

    def progress(selection: Selection) -> None:
        seen[len(selection.kept)] = len(drawn)

    build_sheets("quadrille", io.BytesIO(), count=30, answers=False, on_progress=progress)
    assert len(drawn) == 30
    assert seen[30] >= 20 and seen[1] == 0


@pytest.mark.slow
def test_two_hundred_two_pack_deals_keep_memory_flat(tmp_path: Path) -> None:
    """200 deals of «Брюнетка и блондинка» with their answers (about 400 pages): the peak memory grows by
    far less than the pages' content would take held uncompressed (about 30 MB here). The solver runs in
    worker processes, so its own peaks are not counted."""
    code = ("import resource, sys; from generator.pdf.practice import build_sheets\n"
            "with open(sys.argv[2], 'wb') as f:\n"
            "    build_sheets('brunette_blonde', f, count=int(sys.argv[1]), jobs=2)\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")

    def peak_kib(count: int) -> int:
        out = run(sys.executable, "-c", code, str(count), tmp_path / f"{count}.pdf")
        return int(out.split()[-1])

    small, large = peak_kib(20), peak_kib(200)
    assert large - small < 20 * 1024, (small, large)
    assert pages(tmp_path / "200.pdf") > 350
    subprocess.run(["qpdf", "--check", str(tmp_path / "200.pdf")], check=True, capture_output=True)


def test_the_lazy_story_reads_like_a_list() -> None:
    story = LazyStory(iter([[1, 2], [3], [], [4, 5, 6]]))
    assert len(story) == 6 and story[0] == 1
    del story[0]
    story.insert(0, 0)
    assert list(story) == [0, 2, 3, 4, 5, 6] and bool(story)


# --- the command --------------------------------------------------------------------------------------------------


def test_the_command_writes_the_sheets(cli, tmp_path: Path) -> None:
    out = tmp_path / "deals.pdf"
    result = cli("deals", "quadrille", "--from", "1", "--count", "2", "--winnable", "--paper", "a4", "-o", str(out))
    assert result.status == 0, result.err
    assert out.exists() and "wrote" in result.err and "0 deal numbers skipped" in result.err
    assert list(stacking_orders(out)) == [1, 2]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left behind


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deals", "klondike"], "unknown game"),
        (["deals", "quadrille", "--variant", "nope"], "no variant"),
        (["deals", "quadrille", "--count", "0"], "--count"),
        (["deals", "quadrille", "--count", "100000"], "--count"),
        (["deals", "quadrille", "--count", "ten"], "--count"),
        (["deals", "quadrille", "--from", "0"], "deal number"),
        (["deals", "quadrille", "--paper", "B5"], "unknown paper"),
        (["deals", "quadrille", "--positions", "0"], "--positions"),
        (["deals", "quadrille", "--positions", "-1"], "--positions"),
        (["deals", "quadrille", "--positions", "1.5"], "--positions"),
        (["deals", "quadrille", "--positions", "²"], "--positions"),
        (["deals", "quadrille", "--positions", str(10**9)], "--positions"),
        (["deals", "quadrille", "--budget", "5"], "--budget (seconds) is gone: the limit is now --positions N"),
        (["deals", "quadrille", "--jobs", "0"], "--jobs"),
        (["deals", "quadrille", "--winnable", "--unwinnable"], "not allowed"),
        (["deals", "quadrille", "--from", str(10**20), "--count", "2"], "past the last deal"),
    ],
)
def test_bad_input_is_one_line_with_status_2_and_writes_nothing(cli, tmp_path: Path, args: list[str],
                                                                message: str) -> None:
    out = tmp_path / "never.pdf"
    result = cli(*args, "-o", str(out))
    assert result.status == 2 and message in result.err
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    assert not out.exists() and not list(tmp_path.iterdir())


def test_a_missing_output_directory_is_made(cli, tmp_path: Path) -> None:
    out = tmp_path / "no" / "such" / "deals.pdf"
    result = cli("deals", "quadrille", "--count", "1", "-o", str(out))
    assert result.status == 0, result.err
    assert out.read_bytes().startswith(b"%PDF") and [path.name for path in out.parent.iterdir()] == ["deals.pdf"]


def test_the_help_teaches_the_limit_in_positions(cli) -> None:
    from generator.commands.printables import DEFAULT_POSITIONS

    assert DEFAULT_POSITIONS == practice.POSITIONS  # the command's default is the sheets' (kept apart: lazy imports)
    text = re.sub(r"\s+", " ", cli("deals", "--help").out)
    assert "--positions N the solver's limit per deal, in positions" in text and "default 100000" in text
    assert "same PDF on any machine" in text and "--budget" not in text


def test_too_few_deals_is_a_one_line_error_and_no_file(cli, tmp_path: Path) -> None:
    out = tmp_path / "few.pdf"
    result = cli("deals", "brunette_blonde", "--unwinnable", "--count", "1", "--positions", "20000", "-o", str(out))
    assert result.status == 2 and "only 0 of 1 proved unwinnable deals" in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert not out.exists() and not list(tmp_path.iterdir())


def test_progress_is_a_bar_on_a_terminal_and_plain_lines_in_a_log() -> None:
    from generator.commands.printables import DealsProgress

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    selection = Selection("winnable", 1, 4, 1000, scanned=6, last=6)
    selection.kept.extend([deal_selection.Outcome(1, Result.WON), deal_selection.Outcome(3, Result.WON)])
    stream = Tty()
    bar = DealsProgress(4, "quadrille", stream=stream)
    bar(selection)
    bar.end()
    assert "2/4" in stream.getvalue() and "6 scanned" in stream.getvalue() and stream.getvalue().endswith("\n")
    log = io.StringIO()  # not a terminal: a plain line at every tenth, no carriage returns
    progress = DealsProgress(4, "quadrille", stream=log)
    progress(selection)
    progress(selection)  # nothing new: no second line
    assert log.getvalue() == "quadrille: 2/4  6 scanned  at №6\n"


def test_russian_plurals() -> None:
    assert [plural_ru(n, "ход", "хода", "ходов") for n in (1, 2, 5, 11, 21, 104, 112)] == [
        "1\u00a0ход", "2\u00a0хода", "5\u00a0ходов", "11\u00a0ходов", "21\u00a0ход", "104\u00a0хода", "112\u00a0ходов"]


def _words(pdf: Path, page: int) -> list[tuple[float, float, str]]:
    """(top, bottom, word) of every word on ``page``, in points from the top of the page."""
    html = run("pdftotext", "-bbox", "-f", str(page), "-l", str(page), pdf, "-")
    return [(float(top), float(bottom), word) for top, bottom, word in
            re.findall(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', html)]


def test_a_long_summary_is_set_smaller_not_cut_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Page one's summary has a fixed box (its text is known only at the end): a variant, twenty-digit deal
    numbers and every kind of skipped deal make three lines at the running head's size, which the box
    would cut off; the line is set smaller instead, and every word lies inside the box."""
    first = MAX_DEAL - 99
    verdicts = {first + i: Result.WON if i in (40, 90) else Result.LOST if i % 3 else Result.UNKNOWN
                for i in range(100)}
    monkeypatch.setattr(deal_selection, "solve_deal",
                        lambda spec, deal, positions, **_: deal_selection.Outcome(deal, verdicts[deal]))
    pdf = tmp_path / "long.pdf"
    with pdf.open("wb") as handle:
        selection = build_sheets("quadrille:queens_first", handle, first=first, count=2, mode="winnable",
                                 answers=False, paper="A5", positions=250_000)
    paper = sheet_page("A5")
    styles = sheet_styles(paper.size)
    text = practice.summary_text(make_game("quadrille:queens_first"), selection, False, "сначала дамы")
    natural = Paragraph(typeset(text, hyphens=False), styles.kicker)
    box_w, box_h = paper.frame_width, 2.3 * styles.kicker.leading
    assert natural.wrap(box_w, 1000)[1] > box_h  # too long for the box at the natural size
    box_bottom = 0.5 * paper.top - styles.kicker.fontSize + box_h  # from the top of the page
    # The summary's words: above the frame, and smaller than the title's.
    summary = [(top, bottom, word) for top, bottom, word in _words(pdf, 1)
               if top < paper.top and bottom - top < 1.6 * styles.kicker.fontSize]
    printed = " ".join(w for _, _, w in summary).replace("\u00a0", " ")
    assert printed == re.sub(r"\s+", " ", typeset(text, hyphens=False).replace("\u00a0", " "))
    assert max(bottom for _, bottom, _ in summary) <= box_bottom + 0.5, (summary[-1], box_bottom)


def test_a_selection_within_one_number_names_it_once() -> None:
    selection = Selection("unwinnable", 4, 1, 1000, scanned=1, last=4)
    selection.kept.append(deal_selection.Outcome(4, Result.LOST))
    selection.results[Result.LOST] = 1
    text = practice.summary_text(make_game("quadrille"), selection, True).replace("\u00a0", " ")
    assert ("только невыходящие расклады (проигрыш доказан программой), 1 из 1 номера №4; пропущено 0 номеров. "
            "Ответы — в конце.") in text
    selection.scanned, selection.last = 3, 6
    selection.results[Result.WON] = 2
    text = practice.summary_text(make_game("quadrille"), selection, False).replace("\u00a0", " ")
    assert text.endswith("1 из 3 номеров с №4 по №6; пропущено 2 номера (выходит — 2).")
    # A deal not decided is counted with the limit it was given, in positions.
    selection.scanned, selection.last, selection.positions = 4, 7, 100_000
    selection.results[Result.UNKNOWN] = 1
    text = practice.summary_text(make_game("quadrille"), selection, False).replace("\u00a0", " ")
    assert text.endswith("пропущено 3 номера (выходит — 2, не решено за 100 000 позиций — 1).")


#: A deal of each game the solver wins at once, so its sheet has a winning line and a final figure.
WON_AT_ONCE = {"village": 1, "brunette_blonde": 1, "quadrille": 1, "gallery": 2, "phalanx": 1}


@pytest.mark.parametrize("paper", ["A4", "A5", "letter"])
def test_no_two_words_on_a_sheet_run_into_each_other(paper: str, tmp_path: Path) -> None:
    """Every game's deal page and answer page, on every paper: no word's letters meet another's. The figures'
    labels keep a legible size as the cards shrink, so in a small figure two side by side could (the
    phalanx's «Колода: пусто» and «Сборная кучка: пусто» did, under its final position)."""
    for spec, deal in WON_AT_ONCE.items():
        pdf = tmp_path / f"{spec}.pdf"
        with pdf.open("wb") as handle:
            build_sheets(spec, handle, first=deal, count=1, paper=paper)
        assert answer_key(pdf)[deal][0].startswith("выходит"), spec
        for page in range(1, pages(pdf) + 1):
            # A word's box spans its font's whole ascent and descent: its middle three fifths must not meet.
            cores = [(x0, top + (bottom - top) * 0.2, x1, bottom - (bottom - top) * 0.2, word)
                     for x0, top, x1, bottom, word in _word_boxes(pdf, page)]
            cores.sort()
            for i, a in enumerate(cores):
                for b in cores[i + 1:]:
                    if b[0] >= a[2]:
                        break
                    assert a[3] <= b[1] or b[3] <= a[1], (spec, paper, page, a, b)


def _word_boxes(pdf: Path, page: int) -> list[tuple[float, float, float, float, str]]:
    html = run("pdftotext", "-bbox", "-f", str(page), "-l", str(page), pdf, "-")
    found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', html)
    return [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in found]


def test_labels_clear_sees_labels_that_meet() -> None:
    from generator.figures import figure_of
    from generator.pdf.figure import labels_clear

    game = make_game("phalanx")
    _, moves, _ = expected_moves("phalanx", 1)
    figure = figure_of(game, final_state(game, game.initial_state(stock_indices("phalanx", 1)), moves))
    assert labels_clear(figure, 30) and not labels_clear(figure, 12)
