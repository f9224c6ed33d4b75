"""Benchmarks: the solver on deals 1..N of every game and variant, and «Кадриль» at full speed.

Writes the measured table into docs/benchmarks.md between the BENCH markers.
Speed targets live here, not in timed unit tests (the machine is shared).

    python bench/run.py [--deals 1000] [--budget 10] [--jobs 2] [--only SPEC ...]
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import sys
import time
from pathlib import Path

from generator.deals import stock_indices
from generator.games import all_specs
from generator.games.quadrille import comes_out
from generator.stats import measure, timing

DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
BEGIN, END = "<!-- BENCH:solver -->", "<!-- /BENCH:solver -->"
BOOK_BEGIN, BOOK_END = "<!-- BENCH:book -->", "<!-- /BENCH:book -->"


def book_figures(runs: int = 3) -> str:
    """Wall and CPU seconds of building the A4 rulebook (best of ``runs``), and its size."""
    from generator.pdf.rulebook import build_rulebook

    walls, cpus, size = [], [], 0
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        size = len(build_rulebook("A4"))
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return (
        f"A4 rulebook: best of {runs} builds **{min(walls):.1f} s** wall, {min(cpus):.1f} s CPU; "
        f"{size / 1024:.0f} KiB (targets: ≤ 10 s, ≤ 2 MB)."
    )


def replace_block(text: str, begin: str, end: str, body: str) -> str:
    block = f"{begin}\n{body}\n{end}"
    if begin not in text:
        return text.rstrip("\n") + "\n\n" + block + "\n"
    return re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: block, text, flags=re.S)


def quadrille_rate(deals: int = 20000) -> tuple[float, float]:
    """Deals per second of the exact «Кадриль» simulation on one core (stocks made beforehand)."""
    stocks = [stock_indices("quadrille", d) for d in range(1, deals + 1)]
    rates = []
    for queens_first in (False, True):
        started = time.perf_counter()
        for stock in stocks:
            comes_out(stock, queens_first=queens_first)
        rates.append(deals / (time.perf_counter() - started))
    return rates[0], rates[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", nargs="*", default=None, help="game specs to measure (default: all)")
    parser.add_argument("--book-only", action="store_true", help="measure only the rulebook build")
    args = parser.parse_args()
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else "# Benchmarks\n"
    book = book_figures()
    print(book, flush=True)
    text = replace_block(text, BOOK_BEGIN, BOOK_END, book)
    if args.book_only:
        DOC.write_text(text, encoding="utf-8")
        return 0

    rows = []
    for spec in args.only or all_specs():
        started = time.perf_counter()
        results = measure(spec, 1, args.deals, jobs=args.jobs, budget_seconds=args.budget)
        wall = time.perf_counter() - started
        times = timing(results)
        decided = sum(r.thoughtful != "unknown" for r in results)
        won = sum(r.thoughtful == "won" for r in results)
        no_peek = sum(r.no_peek == "won" for r in results)
        nodes = sum(r.nodes for r in results)
        solver_seconds = sum(r.seconds for r in results)
        row = (
            f"| `{spec}` | {100 * decided / len(results):.1f} % | {times['median']:.1f} | {times['p99']:.1f} "
            f"| {times['mean']:.1f} | {nodes / max(solver_seconds, 1e-9):,.0f} | {100 * won / len(results):.1f} % "
            f"| {100 * no_peek / len(results):.1f} % | {wall:.0f} s |"
        )
        print(row, flush=True)
        rows.append(row)

    plain, strict = quadrille_rate()
    print(f"quadrille simulation: {plain:,.0f} deals/s, queens_first {strict:,.0f} deals/s", flush=True)
    table = "\n".join(
        [
            f"Deals 1..{args.deals}, solver budget {args.budget:g} s per deal, {args.jobs} processes; "
            f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores.",
            "",
            "| game | decided | median ms | p99 ms | mean ms | nodes/s | thoughtful wins | no-peek wins | wall |",
            "|---|---|---|---|---|---|---|---|---|",
            *rows,
            "",
            f"«Кадриль» exact simulation, one core: **{plain:,.0f} deals/s** (`queens_first`: {strict:,.0f} deals/s).",
        ]
    )
    DOC.write_text(replace_block(text, BEGIN, END, table), encoding="utf-8")
    print(f"wrote {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
