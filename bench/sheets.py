"""The practice sheets' two targets of issue #13: ``bench/run.py --sheets``.

- Deals 1..100 of every game spec decided at the sheets' default position limit
  (``generator.pdf.practice.POSITIONS``): bounded by positions, not by the clock, so the verdicts
  are the same on any machine; only the seconds depend on it.
- ``pasyans deals SPEC --winnable --count 10`` in at most 30 s: timed as a user runs it, in a fresh
  process (imports, the search for ten winnable deals, the PDF), into a temporary directory.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generator.deals import stock_indices
from generator.games import Result, make_game
from generator.pdf.practice import POSITIONS
from generator.pool import in_order
from generator.selection import solve_or_borrow

#: The deals each spec is solved on, and how many winnable deals the timed sheet asks for.
DEALS = 100
COUNT = 10

HEADER = (
    "| game | deals | positions | won | lost | unknown | unknown deals | solve wall | `--winnable --count 10` "
    "| deal numbers skipped |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def _verdict(job: tuple[str, int]) -> tuple[int, Result]:
    """The sheets' verdict on one deal: the solver's, or a win through another reading (``solve_or_borrow``)."""
    spec, deal = job
    game = make_game(spec)
    return deal, solve_or_borrow(game, stock_indices(game.id, deal), POSITIONS).result


def winnable_sheet_seconds(spec: str) -> tuple[float, str]:
    """Wall seconds of ``pasyans deals SPEC --winnable --count 10`` in a new process, and what it said it skipped."""
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "generator", "deals", spec, "--winnable", "--count", str(COUNT),
                               "-o", str(Path(folder) / "sheet.pdf")], capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - started
    skipped = re.search(r"(\d+) deal numbers? skipped", done.stderr)
    return seconds, skipped.group(1) if skipped else "0"


def sheets_row(spec: str, jobs: int) -> str:
    """One table row: deals 1..``DEALS`` of ``spec`` at ``POSITIONS`` positions, and the timed winnable sheet."""
    started = time.perf_counter()
    verdicts = dict(in_order(_verdict, [(spec, deal) for deal in range(1, DEALS + 1)], jobs=jobs))
    wall = time.perf_counter() - started
    open_deals = [deal for deal, result in sorted(verdicts.items()) if result is Result.UNKNOWN]
    won = sum(result is Result.WON for result in verdicts.values())
    lost = sum(result is Result.LOST for result in verdicts.values())
    sheet, skipped = winnable_sheet_seconds(spec)
    listed = ", ".join(map(str, open_deals)) or "—"
    return (f"| `{spec}` | 1..{DEALS} | {POSITIONS:,} | {won} | {lost} | **{len(open_deals)}** | {listed} "
            f"| {wall:.1f} s | **{sheet:.1f} s** | {skipped} |")


def note() -> str:
    return (f"Python on {os.cpu_count()} cores, the compiled path where built. Targets (#13): every deal of 1..{DEALS} "
            f"decided at the sheets' default limit of {POSITIONS:,} positions (\"unknown\" 0), and "
            f"`pasyans deals SPEC --winnable --count {COUNT}` within 30 s (a new process, PDF included). The "
            "verdicts are bounded by positions, so they are the same on any machine; the seconds are this one's.")
