"""Practice-deal sheets: the stacking order is the engine's stock, the answer key replays, selections are honest.

The PDFs are read back with poppler's ``pdftotext -raw`` (text in drawing
order: the sheets draw each deal's figure, then its stacking order row by row,
and each column of moves top to bottom) and checked with ``qpdf``/``pdffonts``.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.platypus import Paragraph

from generator import selection as deal_selection
from generator.cards import card_str
from generator.deals import MAX_DEAL, stock_indices
from generator.games import Result, make_game
from generator.notation import move_ru
from generator.pdf import practice
from generator.pdf.flowables import LazyStory
from generator.pdf.paper import sheet_page
from generator.pdf.practice import build_sheets, build_sheets_bytes
from generator.pdf.practice.answers import answers_intro, positions_ru
from generator.pdf.practice.deal import STACK_TITLE, DealSheet, stacking_instruction
from generator.pdf.styles import sheet_styles
from generator.pdf.typography import plural_ru, typeset
from generator.play import opening, play_out
from generator.record import record_of, to_json
from generator.replay import final_state, replay
from generator.selection import SCAN_FACTOR, Selection, SelectionError
from generator.solver import Budget, solve
from generator.walkthrough import phase_title, phases

TOOLS = ("pdftotext", "pdffonts", "pdfinfo", "qpdf")
pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in TOOLS),
    reason="needs poppler-utils and qpdf (apt-get install poppler-utils qpdf)",
)

ROOT = Path(__file__).resolve().parents[2]
CARD_RE = re.compile(r"(10|[2-9ТВДК])([♠♣♥♦])")
SUITS = "♠♣♥♦"
RANKS = ("", "Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К")


def run(*command: str | Path) -> str:
    return subprocess.run([str(c) for c in command], check=True, capture_output=True, text=True).stdout


def text_of(pdf: Path, *, first: int | None = None, last: int | None = None) -> str:
    pages = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    return run("pdftotext", "-raw", *pages, pdf, "-").replace("\u00a0", " ")


def prose(pdf: Path) -> str:
    """The text of ``pdf`` as running prose: words hyphenated at a line end joined, all spaces single."""
    return re.sub(r"\s+", " ", re.sub(r"(?<=[а-яё])-\n(?=[а-яё])", "", text_of(pdf)))


def pages(pdf: Path) -> int:
    return int(re.search(r"Pages:\s+(\d+)", run("pdfinfo", pdf)).group(1))


def card_index(rank: str, suit: str) -> int:
    return SUITS.index(suit) * 13 + RANKS.index(rank) - 1


def stacking_orders(pdf: Path) -> dict[int, list[int]]:
    """Deal number → the cards listed under «Как сложить колоду», in reading order."""
    orders: dict[int, list[int]] = {}
    deal = None
    listing = False
    for line in text_of(pdf).splitlines():
        heading = re.search(r"Расклад № ([\d ]+)$", line)
        if heading and "—" not in line:
            deal, listing = int(heading.group(1).replace(" ", "")), False
            continue
        if line.lstrip("\f") == "Ответы":
            break
        if line.startswith(STACK_TITLE):
            listing = True
            orders[deal] = []
            continue
        if listing:
            orders[deal] += [card_index(r, s) for r, s in CARD_RE.findall(line)]
    return orders


#: An entry of a key as pdftotext gives it: «12. 9♠ кон → ряд 3» (a choice) or «1–8. Раздача: …» (forced moves).
ENTRY = re.compile(r"(\d+(?:–\d+)?)\. (.+)$")
CARD = re.compile(r"(?:10|[2-9ТВДК])[♠♣♥♦]")


def key_lines(text: str) -> list[str]:
    """The key's lines, a row of several entries (the columns of choices, set row by row) cut into one per entry."""
    out: list[str] = []
    for line in text.splitlines():
        out += re.split(r" (?=\d+(?:–\d+)?\. \S)", line.lstrip("\f"))
    return out


def run_complete(numbers: str, text: str) -> bool:
    """Whether a run's text, joined so far, is whole: as many cards as its numbers say, ending on a place."""
    first, _, last = numbers.partition("–")
    body = text.partition(": ")[2] if text.startswith("Раздача: ") else text
    return (len(CARD.findall(body)) >= int(last or first) - int(first) + 1 and not text.endswith("→")
            and "→" in text.rpartition(";")[2])


def answer_key(pdf: Path) -> dict[int, tuple[str, list[tuple[str, str]]]]:
    """Deal number → (its verdict line, its entries as printed: (numbers, text), «12» or «1–8»; a run of forced
    moves that wraps is joined back into one)."""
    text = text_of(pdf)
    answers: dict[int, tuple[str, list[tuple[str, str]]]] = {}
    current, running = None, False
    start = re.search(r"^\f?Ответы$", text, flags=re.M)
    assert start, "no answer key"
    for line in key_lines(text[start.start():]):
        heading = re.match(r"Расклад № ([\d ]+) — (.+)$", line)
        if heading:
            current, running = int(heading.group(1).replace(" ", "")), False
            answers[current] = (heading.group(2), [])
            continue
        move = ENTRY.match(line)
        if running and current is not None:  # a run goes on on the next line until it is whole
            numbers, printed = answers[current][1][-1]
            answers[current][1][-1] = (numbers, f"{printed} {line.strip()}")
            running = not run_complete(numbers, answers[current][1][-1][1])
        elif move and current is not None:
            answers[current][1].append((move.group(1), re.sub(r"\s+", " ", move.group(2)).strip()))
            running = "–" in move.group(1) and not run_complete(move.group(1), answers[current][1][-1][1])
    return answers


def expected_moves(game_spec: str, deal: int,
                   positions: int = practice.POSITIONS) -> tuple[Result, list, list[tuple[int, str]]]:
    """The solver's verdict and line for a deal, searched as the sheets search it, and its entries as the key
    prints them (choices one by one, forced runs condensed)."""
    game = make_game(game_spec)
    stock = stock_indices(game.id, deal)
    solution = solve(game, stock, budget=Budget(seconds=None, nodes=positions))
    states = replay(game, game.initial_state(stock), solution.moves).states
    printed = [(entry.numbers, f"{entry.label}: {entry.text}" if entry.label else entry.text)
               for group in phases(game, solution.moves, states, stock=stock) for entry in group.entries]
    return solution.result, solution.moves, printed


def built(factory: pytest.TempPathFactory, spec: str, first: int, count: int) -> Path:
    """A practice sheet with answers, written once per test module."""
    pdf = factory.mktemp("practice") / f"{spec}.pdf"
    with pdf.open("wb") as handle:
        build_sheets(spec, handle, first=first, count=count)
    return pdf


@pytest.fixture(scope="module")
def quadrille(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "quadrille", 1, 4)


@pytest.fixture(scope="module")
def brunette(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "brunette_blonde", 7, 2)


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
    markup = answers_intro(Selection("all", 1, 1, 100_000), sheet_styles(sheet_page("A4").size))[1].text
    assert "не\u00a0больше 100\u00a0000\u00a0позиций" in markup.replace("\u00ad", "")


def test_the_limit_in_russian() -> None:
    assert [positions_ru(n) for n in (1, 2, 5, 21, 1000, 100_000)] == [
        "1\u00a0позицию", "2\u00a0позиции", "5\u00a0позиций", "21\u00a0позицию", "1000\u00a0позиций",
        "100\u00a0000\u00a0позиций"]


#: «Деревенский пасьянс» deal 82: won, but only after some 28 000 positions (an easy deal takes hundreds).
NEEDY_DEAL = 82


def test_a_deal_needing_more_positions_than_allowed_is_unsolved_and_decided_with_more_every_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit is positions, not time: one position short of what deal 82 needs, the key says «не решено» on
    every build; with the default limit it is won on every build, even on a machine whose clock races (each
    reading of it an hour later: a limit in seconds would give up at once)."""
    game = make_game("village")
    needed = solve(game, stock_indices("village", NEEDY_DEAL), budget=Budget(seconds=None, nodes=10**6)).nodes
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
    the same bytes. The limit bites (deal 82 needs more than 20 000 positions, so it is «не решено»), so
    the verdicts themselves must not depend on how the deals were shared out or how fast each was solved."""
    runs = {}
    for jobs, seed in (("1", "1"), ("2", "2")):
        out = tmp_path / f"jobs{jobs}.pdf"
        env = {**os.environ, "PYTHONHASHSEED": seed, "SOURCE_DATE_EPOCH": "1700000000"}
        result = cli("deals", "village", "--from", "80", "--count", "4", "--positions", "20000", "--jobs", jobs,
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


def test_a_missing_output_directory_is_refused_before_any_work(cli, tmp_path: Path) -> None:
    result = cli("deals", "quadrille", "-o", str(tmp_path / "no" / "such" / "dir.pdf"))
    assert result.status == 2 and "does not exist" in result.err
    assert len(result.err.strip().splitlines()) == 1


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
