"""Practice-deal sheets: the stacking order is the engine's stock, the answer key replays, selections are honest.

The PDFs are read back with poppler's ``pdftotext -raw`` (text in drawing
order: the sheets draw each deal's figure, then its stacking order row by row,
and each column of moves top to bottom) and checked with ``qpdf``/``pdffonts``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator import selection as deal_selection
from generator.cards import card_str
from generator.deals import stock_indices
from generator.games import Result, make_game
from generator.notation import move_ru
from generator.pdf import practice
from generator.pdf.paper import sheet_page
from generator.pdf.practice import build_sheets, build_sheets_bytes
from generator.pdf.practice.answers import answers_intro, positions_ru
from generator.pdf.practice.deal import STACK_TITLE, stacking_instruction
from generator.pdf.styles import sheet_styles
from generator.pdf.typography import plural_ru
from generator.play import opening, play_out
from generator.record import record_of, to_json
from generator.replay import final_state
from generator.selection import Selection
from generator.solver import Budget, solve
from generator.walkthrough import phase_title
from tests.pdf.practice_pdf import (
    CARD,
    ENTRY,
    NEEDS_POPPLER,
    NEEDY_DEAL,
    ROOT,
    answer_key,
    built,
    expected_moves,
    key_lines,
    pages,
    prose,
    run,
    run_complete,
    stacking_orders,
    text_of,
)

pytestmark = NEEDS_POPPLER


# --- the stacking order -------------------------------------------------------------------------------------------


def test_the_stacking_order_of_one_pack_is_the_engines_stock(quadrille: Path) -> None:
    orders = stacking_orders(quadrille)
    assert list(orders) == [1, 2, 3, 4]
    for deal, cards in orders.items():
        assert cards == list(stock_indices("quadrille", deal)), deal
    # Deal 1 starts as the README says (Microsoft FreeCell deal #1).
    assert "1–10 В♦ 2♦ 9♥ В♣ 5♦ 7♥ 7♣ 5♥ К♦ К♣" in text_of(quadrille, first=1, last=1)


def test_the_stacking_order_of_two_packs_is_the_engines_stock_in_rows_of_ten(brunette: Path) -> None:
    orders = stacking_orders(brunette)
    assert list(orders) == [7, 8]
    for deal, cards in orders.items():
        assert len(cards) == 104 and cards == list(stock_indices("brunette_blonde", deal))
    text = text_of(brunette, first=1, last=1)
    rows = re.findall(r"^(\d+)–(\d+) ", text, flags=re.M)
    assert rows == [(str(10 * r + 1), str(min(104, 10 * r + 10))) for r in range(11)]


@pytest.mark.parametrize("paper", ["A5", "letter"])
def test_other_papers_keep_the_order_and_the_page_size(tmp_path: Path, paper: str) -> None:
    pdf = tmp_path / "sheet.pdf"
    with pdf.open("wb") as handle:
        build_sheets("brunette_blonde", handle, first=3, count=1, paper=paper, answers=False)
    assert stacking_orders(pdf) == {3: list(stock_indices("brunette_blonde", 3))}
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", run("pdfinfo", pdf))
    want = {"A5": (419.5, 595.3), "letter": (612.0, 792.0)}[paper]
    assert abs(float(size.group(1)) - want[0]) < 0.1 and abs(float(size.group(2)) - want[1]) < 0.1


def test_each_deal_page_says_how_to_stack_and_shows_the_opening(quadrille: Path, brunette: Path) -> None:
    for pdf, cards in ((quadrille, 52), (brunette, 104)):
        text = re.sub(r"\s+", " ", text_of(pdf, first=1, last=1))
        assert STACK_TITLE in text
        assert re.sub(r"№", "№ ", stacking_instruction(cards)) in text
        assert "лицом вниз" in text
    # Across a whole A4 page (two packs) the instruction is one line.
    one_line = re.sub(r"№", "№ ", stacking_instruction(104))
    assert one_line in text_of(brunette, first=1, last=1).splitlines()
    # «Кадриль» has no choice: its figure is the start; «Брюнетка и блондинка» opens with the eight-card deal.
    assert "Выбора в этом раскладе нет" in text_of(quadrille, first=1, last=1)
    assert "Положение к первому выбору, после 8 вынужденных ходов" in text_of(brunette, first=1, last=1)
    opened = opening(make_game("brunette_blonde"), stock_indices("brunette_blonde", 7))
    assert opened.choice and opened.forced == 8


def test_two_small_deals_share_a_page_and_two_packs_take_one_each(quadrille: Path, brunette: Path,
                                                                   tmp_path: Path) -> None:
    first_page = text_of(quadrille, first=1, last=1)
    assert "Расклад № 1" in first_page and "Расклад № 2" in first_page
    assert "Расклад № 3" in text_of(quadrille, first=2, last=2)
    assert "Расклад № 8" not in text_of(brunette, first=1, last=1)
    a5 = tmp_path / "a5.pdf"
    with a5.open("wb") as handle:
        build_sheets("quadrille", handle, count=2, paper="A5", answers=False)
    assert pages(a5) == 2  # A5 is too small for two legible deals


# --- the answer key -----------------------------------------------------------------------------------------------


def test_the_answer_key_prints_each_winning_line_exactly(quadrille: Path, brunette: Path) -> None:
    for pdf, spec, deals in ((quadrille, "quadrille", [1, 2, 3]), (brunette, "brunette_blonde", [7, 8])):
        answers = answer_key(pdf)
        for deal in deals:
            result, _, numbered = expected_moves(spec, deal)
            assert result is Result.WON
            verdict, printed = answers[deal]
            played = sum(not move.is_redeal for move in expected_moves(spec, deal)[1])
            assert verdict.startswith("выходит, ") and verdict.endswith(plural_ru(played, "ход", "хода",
                                                                                   "ходов").split("\u00a0")[1])
            assert printed == numbered, (spec, deal)


def key_entries(pdf: Path, game) -> dict[int, list[tuple[int, int, int, str]]]:
    """Deal number → its answer-key entries as printed: ``(phase, first, last, text)``, ``first == last`` for a
    choice, a run of forced moves joined back into one text; ``phase`` counts the phase titles seen (0 before the
    second title: the first phase)."""
    titles = {phase_title(game, k): k for k in range(1, 16)}
    text = text_of(pdf)
    start = re.search(r"^\f?Ответы$", text, flags=re.M)
    assert start, "no answer key"
    entries: dict[int, list[tuple[int, int, int, str]]] = {}
    current, phase, running = None, 0, False
    for line in key_lines(text[start.start():]):
        heading = re.match(r"Расклад № ([\d ]+) — ", line)
        if heading:
            current, phase, running = int(heading.group(1).replace(" ", "")), 0, False
            entries[current] = []
        elif running and current is not None:  # a run goes on on the next line until it is whole
            phase_of, first, last, printed = entries[current][-1]
            entries[current][-1] = (phase_of, first, last, f"{printed} {line.strip()}")
            running = not run_complete(f"{first}–{last}", entries[current][-1][3])
        elif current is not None and line in titles:
            phase = titles[line]
        elif current is not None and (move := ENTRY.match(line)):
            first, _, last = move.group(1).partition("–")
            printed = re.sub(r"\s+", " ", move.group(2)).strip()
            entries[current].append((phase, int(first), int(last or first), printed))
            running = bool(last) and not run_complete(move.group(1), printed)
    return entries


def moves_from_key(game, stock: list[int], entry: list[tuple[int, int, int, str]]) -> list:
    """The engine's moves for a printed line, read from the text alone: each printed choice must name exactly
    one legal move; a run of forced moves names its cards in order, each of which must be the one legal move of
    that card (or, among several, the one the run spells out); a new phase title stands for the redeals that
    open it."""
    state, moves, phase, number = game.initial_state(stock), [], 0, 1
    for wanted_phase, first, last, text in entry:
        assert first == number, (number, first)
        while phase < wanted_phase:
            redeals = [m for m in game.legal_moves(state) if m.is_redeal]
            assert redeals, f"a new phase before move {number}, but no redeal is legal"
            state = game.apply(state, redeals[0])
            moves.append(redeals[0])
            phase += 1
        if first == last:
            named = {m for m in game.legal_moves(state) if not m.is_redeal and move_ru(game, m) == text}
            assert len(named) == 1, f"move {number} «{text}» names {len(named)} legal moves"
            cards: list[str | None] = [None]
        else:
            cards = list(CARD.findall(text.partition(": ")[2] if text.startswith("Раздача: ") else text))
            assert len(cards) == last - first + 1, (first, last, text)
        for card in cards:
            legal = [m for m in game.legal_moves(state) if not m.is_redeal]
            if card is None:
                named = {m for m in legal if move_ru(game, m) == text}
            else:
                named = {m for m in legal if card_str(m.card) == card}
                if len(named) > 1:
                    named = {m for m in named if move_ru(game, m) in text}
            assert len(named) == 1, f"move {number} ({card}) of «{text[:60]}» names {len(named)} legal moves"
            move = named.pop()
            state = game.apply(state, move)
            moves.append(move)
            number += 1
    return moves


@pytest.fixture(scope="module")
def village(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """«Деревенский пасьянс» deal 1: a won line over two layouts (a redeal between them)."""
    return built(tmp_path_factory, "village", 1, 1)


@pytest.mark.parametrize("sheet", ["quadrille", "brunette", "village"])
def test_every_winning_line_in_the_key_passes_pasyans_check(sheet: str, request: pytest.FixtureRequest,
                                                            tmp_path: Path) -> None:
    """The key's lines, read back from the PDF's text alone (no solver), make records that ``pasyans check``
    replays legally to a win: one game without choices, two with choices, one with a redeal."""
    pdf = request.getfixturevalue(sheet)
    game = make_game({"brunette": "brunette_blonde"}.get(sheet, sheet))
    entries = key_entries(pdf, game)
    won = {deal: entry for deal, entry in entries.items() if entry}
    assert won and all(answer_key(pdf)[deal][0].startswith("выходит") for deal in won)
    assert all(answer_key(pdf)[deal][0] in ("не выходит", "не решено за отведённое время")
               for deal in set(entries) - set(won))
    if sheet == "village":
        assert {phase for _, entry in won.items() for phase, _, _, _ in entry} == {0, 1}
    for deal, entry in won.items():
        stock = list(stock_indices(game.id, deal))
        moves = moves_from_key(game, stock, entry)
        path = tmp_path / f"{sheet}-{deal}.json"
        path.write_text(to_json(record_of(game, stock, moves, Result.WON, deal)), encoding="utf-8")
        check = subprocess.run([sys.executable, "-m", "generator", "check", str(path)], capture_output=True,
                               text=True, cwd=ROOT)
        assert check.returncode == 0 and check.stdout.startswith("ok: won"), (deal, check.stdout + check.stderr)


def test_verdicts_are_honest(quadrille: Path, tmp_path: Path) -> None:
    answers = answer_key(quadrille)
    assert expected_moves("quadrille", 4)[0] is Result.LOST
    assert answers[4] == ("не выходит", [])
    assert "Итог: выходит — 3, не выходит — 1." in text_of(quadrille)
    # A limit far too small for «Деревенский пасьянс» deal 82 (its win takes the solver some
    # 28 000 positions, won within the default limit): the key says so, and prints no line.
    assert expected_moves("village", 82)[0] is Result.WON
    pdf = tmp_path / "village.pdf"
    with pdf.open("wb") as handle:
        build_sheets("village", handle, first=82, count=1, positions=10)
    assert answer_key(pdf)[82] == ("не решено за отведённое время", [])
    intro = prose(pdf)
    assert "на каждый расклад — не больше 10 позиций, поэтому ответы одни и те же на любом компьютере" in intro
    assert "за 10 позиций программа не нашла ни выигрыша" in intro


def test_the_default_limit_is_stated_with_its_digits_grouped(quadrille: Path) -> None:
    text = prose(quadrille)
    assert "Отведённое ей время измеряется не секундами, а позициями" in text
    assert "не больше 100 000 позиций" in text and "за 100 000 позиций программа" in text
    assert practice.POSITIONS == 100_000
    # The space in «100 000» is a non-breaking one: the number never splits at a line end.
    markup = answers_intro(make_game("quadrille"), Selection("all", 1, 1, 100_000),
                           sheet_styles(sheet_page("A4").size))[1].text
    assert "не\u00a0больше 100\u00a0000\u00a0позиций" in markup.replace("\u00ad", "")


def test_the_key_states_what_a_deal_left_open_may_still_spend() -> None:
    """The gallery's own rules try the three other readings' seeds (0.05 × each) before the readings' 1.5 ×;
    a game whose searches take no seed has only the readings."""
    def intro(spec: str) -> str:
        markup = answers_intro(make_game(spec), Selection("all", 1, 1, 100_000), sheet_styles(sheet_page("A4").size))
        return str(markup[1].text).replace("\u00ad", "").replace("\u00a0", " ")

    gallery, quadrille = intro("gallery"), intro("quadrille")
    assert "ещё раз, перебирая ходы в другом порядке, и по другим прочтениям" in gallery
    assert "(всего ещё до 165 000 позиций)" in gallery
    assert "ищет выигрыш и по другим прочтениям" in quadrille and "(всего ещё до 150 000 позиций)" in quadrille
    assert deal_selection.borrowed_positions(make_game("gallery"), 100_000) == 165_000
    assert "годятся и по тем правилам, по которым решены эти расклады" in quadrille  # ours, not the other readings'


def test_the_limit_in_russian() -> None:
    assert [positions_ru(n) for n in (1, 2, 5, 21, 1000, 100_000)] == [
        "1\u00a0позицию", "2\u00a0позиции", "5\u00a0позиций", "21\u00a0позицию", "1000\u00a0позиций",
        "100\u00a0000\u00a0позиций"]


def test_a_deal_needing_more_positions_than_allowed_is_unsolved_and_decided_with_more_every_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit is positions, not time: one position short of what deal 82 needs (under the reading that wins it
    in the fewest: a deal the solver leaves open is tried under the other readings too), the key says «не решено»
    on every build; with the default limit it is won on every build, even on a machine whose clock races (each
    reading of it an hour later: a limit in seconds would give up at once)."""
    stock = stock_indices("village", NEEDY_DEAL)
    needed = min(solve(make_game(spec), stock, budget=Budget(seconds=None, nodes=10**6)).nodes
                 for spec in ("village", "village:at_once", "village:stuck_redeal"))
    assert 10_000 < needed < practice.POSITIONS  # needy, yet within the default

    def sheet(positions: int) -> bytes:
        return build_sheets_bytes("village", first=NEEDY_DEAL, count=1, positions=positions)

    short = sheet(needed - 1)
    assert sheet(needed - 1) == short
    pdf = tmp_path / "short.pdf"
    pdf.write_bytes(short)
    assert answer_key(pdf)[NEEDY_DEAL] == ("не решено за отведённое время", [])

    enough = sheet(practice.POSITIONS)
    import generator.solver

    real = generator.solver.time.perf_counter
    readings = iter(range(10**9))
    monkeypatch.setattr(generator.solver.time, "perf_counter", lambda: real() + 3600 * next(readings))
    assert sheet(practice.POSITIONS) == enough
    monkeypatch.undo()
    pdf.write_bytes(enough)
    verdict, printed = answer_key(pdf)[NEEDY_DEAL]
    assert verdict.startswith("выходит") and printed == expected_moves("village", NEEDY_DEAL)[2]


def test_the_final_position_follows_a_won_line(quadrille: Path) -> None:
    text = text_of(quadrille)
    assert re.findall(r"Расклад № (\d+): конечное положение, пасьянс вышел\.", text) == ["1", "2", "3"]


def test_a_lost_deal_that_plays_itself_shows_where_it_stops_and_one_with_choices_shows_nothing(
    quadrille: Path, tmp_path: Path
) -> None:
    # «Кадриль» deal 4: no choice at any step, so its one end is the final position.
    assert re.findall(r"Расклад № (\d+): здесь игра останавливается, пасьянс не вышел\.", text_of(quadrille)) == ["4"]
    game = make_game("quadrille")
    stock = stock_indices("quadrille", 4)
    end = final_state(game, game.initial_state(stock), play_out(game, stock).moves)
    assert not make_game("quadrille").legal_moves(end) and not make_game("quadrille").is_won(end)
    # «Македонская фаланга» deal 5 is proved lost, but every line of it ends elsewhere: no figure.
    pdf = tmp_path / "phalanx.pdf"
    with pdf.open("wb") as handle:
        build_sheets("phalanx", handle, first=5, count=1)
    assert answer_key(pdf)[5] == ("не выходит", [])
    assert "останавливается" not in text_of(pdf) and "конечное положение" not in text_of(pdf)


def test_no_answers_means_no_key_and_no_solving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the solver ran")

    monkeypatch.setattr(deal_selection, "solve_deal", refuse)
    pdf = tmp_path / "plain.pdf"
    with pdf.open("wb") as handle:
        build_sheets("quadrille", handle, first=10, count=3, answers=False)
    text = text_of(pdf)
    assert "Ответы" not in text and "подряд, с № 10 по № 12." in text
    assert list(stacking_orders(pdf)) == [10, 11, 12]


# --- the file -----------------------------------------------------------------------------------------------------


def test_qpdf_finds_no_errors(quadrille: Path, brunette: Path) -> None:
    for pdf in (quadrille, brunette):
        subprocess.run(["qpdf", "--check", str(pdf)], check=True, capture_output=True)


def test_every_font_is_embedded(quadrille: Path) -> None:
    rows = run("pdffonts", quadrille).splitlines()[2:]
    assert rows
    names = set()
    for row in rows:
        columns = row.split()
        assert columns[-5] == "yes", row
        names.add(columns[0].split("+")[-1])
    assert "PasyansSigns-Regular" in names and "PTSans-Bold" in names
    assert not any(name.startswith("Helvetica") for name in names)


def test_a_rebuild_is_byte_identical(quadrille: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert build_sheets_bytes("quadrille", first=1, count=4) == quadrille.read_bytes()


def test_source_date_epoch_dates_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    one = build_sheets_bytes("quadrille", count=1, answers=False)
    assert one == build_sheets_bytes("quadrille", count=1, answers=False)
    pdf = tmp_path / "dated.pdf"
    pdf.write_bytes(one)
    assert re.search(r"CreationDate:\s+2023-11-14T22:13:20", run("pdfinfo", "-isodates", pdf))


def test_the_outline_lists_deals_and_answers(quadrille: Path) -> None:
    data = quadrille.read_bytes()
    assert b"/Outlines" in data
    assert data.count(b"/Dest") >= 4 + 1 + 4
