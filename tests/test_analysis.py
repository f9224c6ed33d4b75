"""The critical moment of a line and the difficulty of a deal (generator.analysis), held to the solver.

The critical move is checked from outside the search: the position before it is won by the solver,
the position after the move played is proved lost, and the winning line through it is a record the
checker replays to a win. On short lines a linear scan (a solve at every choice) is the oracle.
"""

from __future__ import annotations

import dataclasses
import json
import random
from functools import cache

import pytest

from generator.analysis import (
    Difficulty,
    LineAnalysis,
    Status,
    analyse_deal,
    analyse_line,
    critical_moment,
    grade_counts,
    is_choice,
)
from generator.deals import stock_indices
from generator.games import Game, Move, Result, all_specs, make_game
from generator.play import no_peek_result, play_out
from generator.record import Record, from_json, record_of, replay, to_json
from generator.replay import replay as replay_line
from generator.solver import Budget, solve_position
from generator.stats import load_stats

#: Deals of each spec whose no-peek game loses a win at a move the search pins down (found by a scan of deals
#: 1..40, brunette_blonde's among the few deals its player loses), cheap enough to check three of each.
EXACT = {
    "village": (10, 11, 40),
    "brunette_blonde": (134, 161, 633),
    "brunette_blonde:two_cards": (4, 11, 25),
    "gallery": (2, 7, 12),
    "phalanx": (9, 14, 17),
    "village:at_once": (10, 11, 40),
    "village:stuck_redeal": (10, 11, 40),
    "brunette_blonde:free_waste": (98, 161, 633),  # 134: not decided within the analysis bound here
    "brunette_blonde:stuck_redeal": (134, 161, 633),
    "phalanx:may_hold": (9, 14, 17),
    "gallery:any_king": (2, 7, 12),
    "gallery:optional_cover": (2, 5, 12),  # 7: the no-peek player wins it when it plays before covering
    "gallery:cover_before_gathering": (2, 5, 12),
}
#: What the checks solve with: far more than the analysis had, so they confirm and do not repeat it.
CHECK = Budget(seconds=None, nodes=400_000)


@cache
def _analysed(spec: str, deal: int) -> tuple[Game, tuple[int, ...], LineAnalysis, tuple[Move, ...]]:
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    analysis = analyse_deal(game, stock)
    return game, stock, analysis.line, analysis.moves


def test_every_spec_with_choices_has_exact_cases() -> None:
    """Every game and variant whose lines hold choices is checked below; the others have no critical moment."""
    choiceless = {"quadrille", "quadrille:queens_first"}
    assert set(EXACT) | choiceless == set(all_specs())


@pytest.mark.parametrize(("spec", "deal"), [(spec, deal) for spec, deals in EXACT.items() for deal in deals])
def test_the_critical_move_is_exact(spec: str, deal: int) -> None:
    game, stock, line, moves = _analysed(spec, deal)
    assert line.status is Status.FOUND and line.verdict is Result.WON
    critical = line.critical
    assert critical is not None and critical.played is not None
    number = critical.number
    assert critical.played == moves[number - 1] and critical.keeps_win != critical.played
    states = [game.initial_state(stock)]
    for move in moves:
        states.append(game.apply(states[-1], move))
    assert is_choice(game, states[number - 1])
    assert solve_position(game, states[number - 1], budget=CHECK).result is Result.WON
    assert solve_position(game, states[number], budget=CHECK).result is Result.LOST
    # The winning line through it: the line's first K−1 moves, then keeps_win, then a win, as a checked record.
    assert line.winning_line is not None
    assert list(line.winning_line) == [*moves[: number - 1], *critical.winning]
    record = from_json(to_json(record_of(game, stock, line.winning_line, Result.WON, deal)))
    checked = replay(record)
    assert checked.ok and checked.outcome is Result.WON


@pytest.mark.parametrize("spec", ["quadrille", "quadrille:queens_first"])
@pytest.mark.parametrize("deal", [1, 2, 3, 4, 7])
def test_a_game_without_choices_has_no_critical_moment(spec: str, deal: int) -> None:
    """«Кадриль» plays itself: no position of its line has a choice, so no move can lose a win."""
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    played = play_out(game, stock)
    assert not any(is_choice(game, state) for state in played.states)
    analysis = analyse_deal(game, stock)
    assert analysis.line.status is Status.NONE and analysis.line.critical is None
    assert analysis.verdict is analysis.no_peek
    assert analysis.difficulty is (Difficulty.EASY if analysis.no_peek is Result.WON else Difficulty.LOST)


def _oracle(game: Game, states: list[object]) -> int | None:
    """The critical move by a linear scan: the first move (from 1) after which a solve says lost, the start being
    won; None when no solve along the line says lost."""
    assert solve_position(game, states[0], budget=CHECK).result is Result.WON
    for index in range(len(states) - 1):
        if is_choice(game, states[index]):
            after = solve_position(game, states[index + 1], budget=CHECK).result
            assert after is not Result.UNKNOWN
            if after is Result.LOST:
                return index + 1
    return None


def _random_line(game: Game, stock: tuple[int, ...], seed: int, length: int) -> list[Move]:
    rng = random.Random(seed)
    state = game.initial_state(stock)
    moves: list[Move] = []
    for _ in range(length):
        legal = game.legal_moves(state)
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        state = game.apply(state, move)
    return moves


@pytest.mark.parametrize(("spec", "deal", "seed"), [
    ("phalanx", 1, None), ("phalanx", 9, None), ("phalanx", 3, 5), ("phalanx", 14, 8),
    ("brunette_blonde", 2, 1), ("brunette_blonde:two_cards", 4, 3), ("gallery", 7, None), ("village", 11, None),
])
def test_the_search_agrees_with_a_linear_scan(spec: str, deal: int, seed: int | None) -> None:
    """On the no-peek line (seed None) or a random line, the search finds the move a solve at every choice finds."""
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    moves = play_out(game, stock).moves if seed is None else _random_line(game, stock, seed, 400)
    states = list(replay_line(game, game.initial_state(stock), moves).states)
    expected = _oracle(game, states)
    line = analyse_line(game, states[0], moves)
    assert line.status is Status.FOUND and line.critical is not None, line.between
    if expected is None:  # the line never loses the win: it stops still winnable, and the stop is the moment
        assert game.outcome(states[-1]) is Result.UNKNOWN
        assert line.critical.played is None and line.critical.number == len(moves) + 1
    else:
        assert line.critical.number == expected


def test_a_line_that_stops_still_winnable_is_lost_at_the_stop() -> None:
    """A record that stops while the game can be won: the stop is the critical moment, and the win goes on from it."""
    game = make_game("phalanx")
    stock = stock_indices(game.id, 3)
    start = game.initial_state(stock)
    solution = solve_position(game, start, budget=CHECK)
    assert solution.result is Result.WON
    line = analyse_line(game, start, solution.moves[:20])
    assert line.status is Status.FOUND and line.critical is not None
    assert line.critical.number == 21 and line.critical.played is None
    assert line.winning_line is not None and list(line.winning_line[:20]) == solution.moves[:20]
    assert replay(Record(game.id, None, 3, stock, Result.WON, line.winning_line)).outcome is Result.WON


def test_a_won_line_needs_no_solve_and_a_lost_deal_has_no_critical_moment() -> None:
    game = make_game("brunette_blonde")
    stock = stock_indices(game.id, 1)
    played = play_out(game, stock)
    assert played.result is Result.WON
    line = critical_moment(game, played.states, played.moves)
    assert (line.status, line.verdict, line.solves, line.winning_line) == (Status.NONE, Result.WON, 0,
                                                                             tuple(played.moves))
    phalanx = make_game("phalanx")
    lost = analyse_deal(phalanx, stock_indices("phalanx", 4))
    assert (lost.verdict, lost.difficulty, lost.line.status, lost.line.critical) == (
        Result.LOST, Difficulty.LOST, Status.NONE, None)


def test_a_solve_that_gives_up_narrows_the_moment_and_never_guesses() -> None:
    """With a tiny limit along the line the moment is only narrowed, to a stretch that holds the true one."""
    game, stock, exact, _ = _analysed("village", 11)
    assert exact.critical is not None
    narrowed = analyse_deal(game, stock, probe_positions=50).line
    assert narrowed.status is Status.UNKNOWN and narrowed.critical is None
    assert narrowed.between is not None
    first, last = narrowed.between
    assert first <= exact.critical.number <= last
    assert narrowed.verdict is Result.WON  # the start was solved within the deal's own limit


def test_an_illegal_line_is_refused() -> None:
    game = make_game("phalanx")
    start = game.initial_state(stock_indices("phalanx", 1))
    with pytest.raises(ValueError, match="move 1 is illegal"):
        analyse_line(game, start, [Move.redeal(3)])


# --- the grades ---------------------------------------------------------------------------------------------------


def test_the_grade_of_every_pair_of_results() -> None:
    for thoughtful in Result:
        assert Difficulty.of(thoughtful, Result.WON) is Difficulty.EASY
    assert Difficulty.of(Result.WON, Result.LOST) is Difficulty.FORESIGHT
    assert Difficulty.of(Result.LOST, Result.LOST) is Difficulty.LOST
    assert Difficulty.of(Result.UNKNOWN, Result.LOST) is Difficulty.UNKNOWN
    assert [str(grade) for grade in Difficulty] == ["easy", "foresight", "lost", "unknown"]
    names = [grade.name_ru for grade in Difficulty]
    assert len(set(names)) == 4 and all(name.islower() for name in names)


def test_the_odds_file_gives_every_grade_share_without_a_solve() -> None:
    """assets/stats.json keeps one letter per deal for both players: the grades follow from them, and its no-peek
    letters are the player's games today (the player is a fixed strategy: replayed on the first deals)."""
    games = load_stats()["games"]
    assert set(all_specs()) <= set(games)
    for spec, figures in games.items():
        verdicts = figures["verdicts"]
        counts = grade_counts(verdicts["thoughtful"], verdicts["no_peek"])
        assert sum(counts.values()) == figures["deals"]
        assert counts[Difficulty.EASY] == figures["no_peek"]["won"]
        assert counts[Difficulty.LOST] == figures["thoughtful"]["lost"]
        game = make_game(spec)
        first = figures["from"]
        deals = range(first, first + 30)
        letters = "".join(no_peek_result(game, stock_indices(game.id, deal)).letter for deal in deals)
        assert letters == verdicts["no_peek"][:30]


# --- the command --------------------------------------------------------------------------------------------------


def test_analyze_json_names_the_critical_move_as_records_write_it(capsys) -> None:
    from generator.cli import main

    assert main(["analyze", "phalanx", "--deal", "9", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    game, _, line, moves = _analysed("phalanx", 9)
    assert line.critical is not None
    assert {key: data[key] for key in ("game", "variant", "deal", "verdict", "difficulty", "line")} == {
        "game": "phalanx", "variant": None, "deal": 9, "verdict": "won", "difficulty": "foresight", "line": "no_peek"}
    critical = data["critical"]
    assert critical["move"] == line.critical.number
    assert game.parse_move(f"{critical['played']['card']} {critical['played']['from']} → {critical['played']['to']}") \
        == moves[line.critical.number - 1]
    assert set(critical["keeps_win"]) == {"card", "from", "to"}
    assert data["critical_status"] == "found" and data["critical_between"] is None


def test_analyze_prints_the_moment_in_russian_notation(capsys) -> None:
    from generator.cli import main
    from generator.notation import move_ru

    assert main(["analyze", "phalanx", "--deal", "9"]) == 0
    out = capsys.readouterr().out
    game, _, line, _ = _analysed("phalanx", 9)
    assert line.critical is not None and line.critical.played is not None
    assert out.startswith("«Македонская фаланга», расклад №9\n")
    assert "Сложность: трудный (foresight)" in out
    assert f"Решающий ход {line.critical.number}: {move_ru(game, line.critical.played)}" in out
    assert f"Вместо него выигрыш сохранял ход {move_ru(game, line.critical.keeps_win)}." in out


def test_analyze_writes_a_record_check_accepts_and_reads_records(cli, tmp_path) -> None:
    """-o writes the line through the critical moment; analysing the no-peek record gives the same moment."""
    played = tmp_path / "played.json"
    assert cli("play", "brunette_blonde:two_cards", "--deal", "4", "--record", str(played)).status == 0
    out = tmp_path / "won.json"
    result = cli("analyze", "--record", str(played), "--json", "-o", str(out))
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert data["line"] == "record" and data["difficulty"] == "foresight" and data["critical"]["move"] > 0
    checked = cli("check", str(out))
    assert checked.status == 0 and checked.out.startswith("ok: won after ")
    written = from_json(out.read_text(encoding="utf-8"))
    original = from_json(played.read_text(encoding="utf-8"))
    number = data["critical"]["move"]
    assert written.moves[: number - 1] == original.moves[: number - 1]
    assert written.moves[number - 1] != original.moves[number - 1]


# --- deals selected by grade (pasyans deals --difficulty) ------------------------------------------------------------


@pytest.mark.parametrize("mode", ["easy", "foresight", "lost"])
def test_a_selection_by_grade_keeps_the_first_deals_of_that_grade(mode: str) -> None:
    from generator.selection import GRADES, Selection, select

    game = make_game("phalanx")
    selection = Selection(mode, 1, 3, 100_000)
    kept = list(select("phalanx", selection, solve_deals=False, critical=True))
    grades = {}
    for deal in range(1, selection.last + 1):
        stock = stock_indices(game.id, deal)
        verdict = solve_position(game, game.initial_state(stock), budget=Budget(seconds=None, nodes=100_000)).result
        grades[deal] = Difficulty.of(verdict, no_peek_result(game, stock))
    assert [o.deal for o in kept] == [deal for deal, grade in grades.items() if grade is GRADES[mode]][:3]
    assert selection.skipped == selection.last - 3
    for outcome in kept:
        assert outcome.difficulty is GRADES[mode]
        if outcome.difficulty is Difficulty.FORESIGHT:  # its no-peek game analysed, the key's line through it
            assert outcome.line is not None and outcome.line.critical is not None
            through = outcome.line.winning_line
            assert through is not None
            assert replay(Record(game.id, None, outcome.deal, stock_indices(game.id, outcome.deal), Result.WON,
                                 through)).outcome is Result.WON
        if outcome.result is Result.WON:
            assert replay(Record(game.id, None, outcome.deal, stock_indices(game.id, outcome.deal), Result.WON,
                                 outcome.moves)).outcome is Result.WON


# --- the book's samples -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", all_specs())
def test_a_sample_that_needs_foresight_follows_the_player_up_to_its_critical_move(spec: str) -> None:
    from generator import samples

    record = samples.load_sample(spec)
    moment = samples.load_moment(spec, record)
    assert moment is not None and moment.deal == record.deal
    game = make_game(spec)
    played = play_out(game, record.stock)
    grade = Difficulty.FORESIGHT if played.result is not Result.WON else Difficulty.EASY
    assert moment.difficulty is grade
    if grade is Difficulty.EASY:
        assert (moment.status, moment.number) == (Status.NONE, None)
        return
    if moment.status is Status.UNKNOWN:  # not settled within the analysis's bound: the stretch it lies in
        assert moment.number is None and moment.between is not None
        low, high = moment.between
        assert 1 <= low < high <= len(played.moves)
        assert record.moves[: low - 1] == tuple(played.moves[: low - 1])  # the line follows the player that far
        return
    assert moment.status is Status.FOUND and moment.number is not None
    number = moment.number
    assert record.moves[: number - 1] == tuple(played.moves[: number - 1])
    assert moment.played == played.moves[number - 1] and moment.keeps_win == record.moves[number - 1]


def test_a_damaged_or_stale_moment_is_not_marked(tmp_path) -> None:
    from generator import samples

    record = samples.load_sample("phalanx")
    moment = samples.load_moment("phalanx", record)
    assert moment is not None and moment.number is not None
    samples.save_moment("phalanx", moment, tmp_path)
    assert samples.load_moment("phalanx", record, tmp_path) == moment
    other = dataclasses.replace(moment, keeps_win=moment.played, played=moment.keeps_win)  # the moves swapped
    samples.save_moment("phalanx", other, tmp_path)
    assert samples.load_moment("phalanx", record, tmp_path) is None
    samples.critical_path(tmp_path).write_text("{broken", encoding="utf-8")
    assert samples.load_moment("phalanx", record, tmp_path) is None


def test_analyze_takes_a_typed_pack_as_its_deal(cli, tmp_path) -> None:
    """--stock: the pack of phalanx deal 9 typed in analyses as deal 9 does; its record has no deal number."""
    from generator.cards import card_str

    pack = tmp_path / "pack.txt"
    pack.write_text(" ".join(card_str(card) for card in stock_indices("phalanx", 9)), encoding="utf-8")
    out = tmp_path / "won.json"
    typed = cli("analyze", "phalanx", "--stock", str(pack), "--json", "-o", str(out))
    numbered = cli("analyze", "phalanx", "--deal", "9", "--json")
    assert typed.status == numbered.status == 0, typed.err
    typed_data, numbered_data = json.loads(typed.out), json.loads(numbered.out)
    assert typed_data["deal"] is None and numbered_data["deal"] == 9
    assert {**typed_data, "deal": 9} == numbered_data
    assert from_json(out.read_text(encoding="utf-8")).deal is None
    assert cli("check", str(out)).out.startswith("ok: won")


def test_the_help_teaches_the_moment_the_grades_and_the_json(capsys) -> None:
    from generator.cli import main

    with pytest.raises(SystemExit):
        main(["analyze", "--help"])
    text = capsys.readouterr().out
    for grade in Difficulty:
        assert f"{grade}" in text and grade.name_ru in text
    for key in ("verdict", "difficulty", "critical", "keeps_win", "played", "critical_between", "winning_line"):
        assert key in text
    assert "never guessed" in text and "Positions, not" in text and "pasyans check" in text
