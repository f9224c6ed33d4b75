"""What finding the critical moment costs against solving the deal: ``bench/run.py --analysis``.

For deals 1..N of every game spec, each deal is solved (``solve`` at the sheets' limit in positions) and
analysed (``analyse_deal`` at its defaults: the no-peek game, the verdict at the same limit, the solves
along the line), both timed in CPU seconds of the worker process, so that a machine shared with others
slows both alike. Target (issue #15): analysing a deal costs at most 4× solving it. The row says how
the search ended too: the critical move found, none to find (easy and lost deals), or unknown.
"""

from __future__ import annotations

import os
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from generator.analysis import POSITIONS, PROBE_POSITIONS, Difficulty, Status, analyse_deal
from generator.deals import stock_indices
from generator.games import make_game
from generator.solver import Budget, solve


@dataclass(frozen=True)
class Timed:
    deal: int
    solve_seconds: float
    analysis_seconds: float
    difficulty: Difficulty
    status: Status
    solves: int


def _time_deal(spec: str, deal: int) -> Timed:
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    started = time.process_time()
    solve(game, stock, budget=Budget(seconds=None, nodes=POSITIONS))
    solved = time.process_time()
    analysis = analyse_deal(game, stock)
    analysed = time.process_time()
    return Timed(deal, solved - started, analysed - solved, analysis.difficulty, analysis.line.status,
                 analysis.line.solves)


def _time_chunk(job: tuple[str, list[int]]) -> list[Timed]:
    spec, deals = job
    return [_time_deal(spec, deal) for deal in deals]


HEADER = (
    "| game | deals | solve CPU s | analysis CPU s | ratio | median ratio | p90 ratio | easy | foresight: found "
    "| foresight: unknown | lost | unknown | solves per deal | wall |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def analysis_row(spec: str, deals: int, jobs: int) -> str:
    """One table row: deals 1..``deals`` of ``spec`` solved and analysed, over ``jobs`` processes."""
    numbers = list(range(1, deals + 1))
    chunks = [(spec, numbers[i : i + 10]) for i in range(0, deals, 10)]
    started = time.perf_counter()
    timed: list[Timed] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for piece in pool.map(_time_chunk, chunks):
            timed.extend(piece)
    wall = time.perf_counter() - started
    solve_total = sum(t.solve_seconds for t in timed)
    analysis_total = sum(t.analysis_seconds for t in timed)
    ratios = sorted(t.analysis_seconds / max(t.solve_seconds, 1e-4) for t in timed)
    grades = Counter((t.difficulty, t.status) for t in timed)
    foresight_found = grades[(Difficulty.FORESIGHT, Status.FOUND)]
    foresight_unknown = grades[(Difficulty.FORESIGHT, Status.UNKNOWN)]
    easy = sum(n for (grade, _), n in grades.items() if grade is Difficulty.EASY)
    lost = sum(n for (grade, _), n in grades.items() if grade is Difficulty.LOST)
    unknown = sum(n for (grade, _), n in grades.items() if grade is Difficulty.UNKNOWN)
    p90 = ratios[min(len(ratios) - 1, int(0.9 * len(ratios)))]
    return (f"| `{spec}` | 1..{deals} | {solve_total:.1f} | {analysis_total:.1f} "
            f"| **{analysis_total / max(solve_total, 1e-9):.1f}×** | {statistics.median(ratios):.1f}× | {p90:.1f}× "
            f"| {easy} | {foresight_found} | {foresight_unknown} | {lost} | {unknown} "
            f"| {statistics.fmean(t.solves for t in timed):.1f} | {wall:.0f} s |")


def note() -> str:
    return (f"Python on {os.cpu_count()} cores. Each deal solved at {POSITIONS:,} positions and analysed (the "
            f"verdict at {POSITIONS:,}, each solve along the line at {PROBE_POSITIONS:,}); CPU seconds of the worker "
            "processes. \"ratio\": all analyses against all solves; \"median/p90 ratio\": per deal (a deal solved "
            "in under 0.1 ms counts as 0.1 ms).")
