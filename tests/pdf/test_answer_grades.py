"""The answer key's grades and critical moments, and the sheets' selection by grade (``pasyans deals --difficulty``).

Each printed grade is checked against solving and playing the deal; each printed critical moment against the
analysis of the no-peek player's game: the move number, both moves in the book's notation, and the figure of the
position before it (built from the player's own moves).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.analysis import Difficulty, Status, analyse_deal
from generator.deals import stock_indices
from generator.figures import figure_of
from generator.games import make_game
from generator.notation import move_ru
from generator.pdf.practice import SELECTED, build_sheets
from generator.pdf.practice.answers import moment_text
from generator.pdf.practice.model import Moment, answer
from generator.play import no_peek_result, play_out
from generator.selection import solve_deal
from generator.solver import Budget, solve
from tests.pdf.test_practice import text_of

#: Phalanx deals 1..4: foresight (critical move 57), easy, foresight, lost.
FIRST, COUNT = 1, 4


@pytest.fixture(scope="module")
def phalanx(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pdf = tmp_path_factory.mktemp("grades") / "phalanx.pdf"
    with pdf.open("wb") as handle:
        build_sheets("phalanx", handle, first=FIRST, count=COUNT)
    return pdf


def _flat(text: str) -> str:
    """Text as read: lines broken at a hyphen joined again, every run of spaces one space."""
    text = re.sub(r"[-\u00ad]\n", "", text)
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u00ad", ""))


def _entries(pdf: Path) -> dict[int, str]:
    """Deal number → the text of its entry in the answer key."""
    key = _flat(text_of(pdf))
    key = key[key.index("Ответы Решения"):]
    parts = re.split(r"Расклад № (\d+) — ", key)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts), 2)}


def test_each_entry_names_the_grade_that_solving_and_playing_give(phalanx: Path) -> None:
    game = make_game("phalanx")
    entries = _entries(phalanx)
    assert sorted(entries) == list(range(FIRST, FIRST + COUNT))
    seen = set()
    for deal, entry in entries.items():
        stock = stock_indices(game.id, deal)
        verdict = solve(game, stock, budget=Budget(seconds=None, nodes=100_000)).result
        grade = Difficulty.of(verdict, no_peek_result(game, stock))
        seen.add(grade)
        assert f"Сложность — {grade.name_ru}. Расклад {_flat(grade.meaning_ru)}." in entry
    assert seen == {Difficulty.EASY, Difficulty.FORESIGHT, Difficulty.LOST}
    assert "Лёгких — 1, трудных — 2, безнадёжных — 1." in _flat(text_of(phalanx))


def test_a_deal_that_needs_foresight_shows_its_critical_moment(phalanx: Path) -> None:
    game = make_game("phalanx")
    entries = _entries(phalanx)
    for deal in (1, 3):
        line = analyse_deal(game, stock_indices(game.id, deal)).line
        critical = line.critical
        assert line.status is Status.FOUND and critical is not None and critical.played is not None
        entry = entries[deal]
        assert (f"Решающий ход — {critical.number}-й ход осторожного игрока. В положении на рисунке он играет "
                f"{_flat(move_ru(game, critical.played))}, и после этого пасьянс уже не выходит; выигрыш сохранял "
                f"ход {_flat(move_ru(game, critical.keeps_win))}.") in entry
        assert (f"Расклад № {deal}: положение перед решающим ходом, после {critical.number - 1}-го хода "
                "осторожного игрока.") in entry
    assert "Решающий ход" not in entries[2] and "Решающий ход" not in entries[4]


def test_the_figure_is_the_position_before_the_players_move() -> None:
    game = make_game("phalanx")
    stock = tuple(stock_indices(game.id, 1))
    outcome = solve_deal("phalanx", 1, 100_000, critical=True)
    entry = answer(game, outcome)
    assert entry.difficulty is Difficulty.FORESIGHT and entry.moment is not None
    number = entry.moment.number
    assert number is not None
    played = play_out(game, stock)
    assert entry.moment.figure == figure_of(game, played.states[number - 1], last_move=played.moves[number - 2])
    assert entry.moment.played == move_ru(game, played.moves[number - 1])


def test_a_moment_not_pinned_down_is_said_so_with_its_stretch() -> None:
    text = moment_text(Moment(Status.UNKNOWN, between=(9, 272), limit=10_000)).replace("\u00a0", " ")
    assert text == ("Где осторожный игрок упускает выигрыш, установить не удалось: это один из его ходов с 9-го по "
                    "272-й (на каждое решение по ходу игры программе отведено не больше 10 000 позиций).")
    stop = moment_text(Moment(Status.FOUND, 265, None, "7♦ кучка 2 → кучка 8")).replace("\u00a0", " ")
    assert stop.startswith("Осторожный игрок останавливается после 264-го хода, хотя пасьянс ещё выходит")


@pytest.mark.parametrize("grade", ["easy", "foresight", "lost"])
def test_a_selection_by_grade_keeps_only_that_grade(tmp_path: Path, grade: str) -> None:
    pdf = tmp_path / f"{grade}.pdf"
    with pdf.open("wb") as handle:
        selection = build_sheets("phalanx", handle, first=1, count=2, mode=grade)
    wanted = {"easy": Difficulty.EASY, "foresight": Difficulty.FORESIGHT, "lost": Difficulty.LOST}[grade]
    assert all(outcome.difficulty is wanted for outcome in selection.kept) and len(selection.kept) == 2
    first_page = _flat(text_of(pdf, first=1, last=1))
    assert f"только {SELECTED[grade][0]} расклады" in first_page
    assert all(f"Сложность — {wanted.name_ru}." in entry for entry in _entries(pdf).values())
    others = [g for g in Difficulty if g is not wanted and selection.grades[g]]
    if others:
        assert f"{others[0].counted_ru} — {selection.grades[others[0]]}" in first_page


def test_the_command_selects_by_grade(cli, tmp_path: Path) -> None:
    out = tmp_path / "hard.pdf"
    result = cli("deals", "phalanx", "--difficulty", "foresight", "--count", "1", "--no-answers", "-o", str(out))
    assert result.status == 0, result.err
    assert "только трудные расклады" in _flat(text_of(out, first=1, last=1))
    assert "1 deal, 0 deal numbers skipped" in result.err  # deal 1 needs foresight
