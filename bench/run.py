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
    args = parser.parse_args()

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
            BEGIN,
            f"Deals 1..{args.deals}, solver budget {args.budget:g} s per deal, {args.jobs} processes; "
            f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores.",
            "",
            "| game | decided | median ms | p99 ms | mean ms | nodes/s | thoughtful wins | no-peek wins | wall |",
            "|---|---|---|---|---|---|---|---|---|",
            *rows,
            "",
            f"«Кадриль» exact simulation, one core: **{plain:,.0f} deals/s** (`queens_first`: {strict:,.0f} deals/s).",
            END,
        ]
    )
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else "# Benchmarks\n\n" + BEGIN + "\n" + END + "\n"
    text = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: table, text, flags=re.S)
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
