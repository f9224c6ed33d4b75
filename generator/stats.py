"""How often a game comes out: the solver's and the no-peek player's rates over many deals.

Each rate carries a Wilson 95 % interval. ``unknown`` results (the solver's
budget ran out) are counted against the claim: as not won.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from generator.deals import stock_indices
from generator.games import Result, make_game
from generator.paths import ASSETS
from generator.play import no_peek_result
from generator.progress import Progress
from generator.safeio import write_text
from generator.solver import Budget, solve

STATS_FILE = ASSETS / "stats.json"
STATS_FORMAT = "pasyans-stats/1"


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``n`` (95 % by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class DealResult:
    deal: int
    thoughtful: Result
    no_peek: Result  # won or lost (a player who stops has lost)
    seconds: float  # the solver's time
    nodes: int


def measure_deal(spec: str, deal: int, budget_seconds: float) -> DealResult:
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    solution = solve(game, stock, budget=Budget(seconds=budget_seconds))
    return DealResult(deal, solution.result, no_peek_result(game, stock), solution.seconds, solution.nodes)


def _measure_chunk(args: tuple[str, list[int], float]) -> list[DealResult]:
    spec, deals, budget_seconds = args
    return [measure_deal(spec, deal, budget_seconds) for deal in deals]


def measure(
    spec: str,
    first: int,
    count: int,
    *,
    jobs: int | None = None,
    budget_seconds: float = 10.0,
    on_progress: Callable[[list[DealResult]], None] | None = None,
) -> list[DealResult]:
    """Results for deals ``first`` … ``first + count - 1``, in deal order, spread over ``jobs`` processes."""
    jobs = jobs or os.cpu_count() or 1
    deals = list(range(first, first + count))
    chunk = max(1, min(50, count // (jobs * 8) or 1))
    chunks = [(spec, deals[i : i + chunk], budget_seconds) for i in range(0, count, chunk)]
    results: list[DealResult] = []
    if jobs == 1:
        pieces: Iterator[list[DealResult]] = map(_measure_chunk, chunks)
        for piece in pieces:
            results.extend(piece)
            if on_progress:
                on_progress(results)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for piece in pool.map(_measure_chunk, chunks):
                results.extend(piece)
                if on_progress:
                    on_progress(results)
    return results


@dataclass(frozen=True)
class Rate:
    won: int
    lost: int
    unknown: int

    @property
    def n(self) -> int:
        return self.won + self.lost + self.unknown

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.won, self.n)

    def as_dict(self) -> dict[str, float | int]:
        low, high = self.interval
        return {
            "won": self.won,
            "lost": self.lost,
            "unknown": self.unknown,
            "rate": round(self.won / self.n, 6) if self.n else 0.0,
            "low": round(low, 6),
            "high": round(high, 6),
        }


def verdicts(results: list[DealResult], field: str) -> str:
    """One letter per deal (W won, L lost, U unknown), so any slice can be recomputed and compared."""
    return "".join(getattr(r, field).letter for r in results)


def summarise(spec: str, first: int, results: list[DealResult], budget_seconds: float) -> dict:
    """The figures the book prints for one game (deterministic: no times, no dates)."""

    def rate(field: str) -> Rate:
        values = [getattr(r, field) for r in results]
        return Rate(values.count(Result.WON), values.count(Result.LOST), values.count(Result.UNKNOWN))

    return {
        "from": first,
        "deals": len(results),
        "budget_seconds": budget_seconds,
        "thoughtful": rate("thoughtful").as_dict(),
        "no_peek": rate("no_peek").as_dict(),
        "verdicts": {"thoughtful": verdicts(results, "thoughtful"), "no_peek": verdicts(results, "no_peek")},
    }


def timing(results: list[DealResult]) -> dict[str, float]:
    """Mean, median and 99th percentile of the solver's time per deal, in milliseconds."""
    times = sorted(r.seconds * 1000 for r in results)
    if not times:
        return {"mean": 0.0, "median": 0.0, "p99": 0.0}
    p99 = times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)]
    return {"mean": statistics.fmean(times), "median": statistics.median(times), "p99": p99}


def load_stats() -> dict:
    if not STATS_FILE.exists():
        return {"format": STATS_FORMAT, "games": {}}
    return json.loads(STATS_FILE.read_text(encoding="utf-8"))


def save_stats(spec: str, summary: dict) -> None:
    """Merge one game's figures into ``assets/stats.json`` (sorted, stable bytes)."""
    data = load_stats()
    data["games"][spec] = summary
    data["games"] = dict(sorted(data["games"].items()))
    write_text(STATS_FILE, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n")


class ProgressBar(Progress):
    """The odds' progress: deals done, won and unknown so far, and the rate."""

    def __init__(self, total: int, label: str, *, stream=None) -> None:
        super().__init__(total, label, stream=stream)
        self.started = time.perf_counter()

    def __call__(self, results: list[DealResult]) -> None:
        done = len(results)
        rate = done / max(1e-9, time.perf_counter() - self.started)
        won = sum(r.thoughtful is Result.WON for r in results)
        unknown = sum(r.thoughtful is Result.UNKNOWN for r in results)
        self.update(done, f"won {won}  unknown {unknown}  {rate:.1f} deals/s")
