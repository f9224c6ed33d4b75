"""How often a game comes out: the solver's and the no-peek player's rates over many deals.

Each rate carries a Wilson 95 % interval. ``unknown`` results (the solver's
budget ran out) are counted against the claim: as not won.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import statistics
import sys
import time
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, TextIO

from generator.borrowing import line_here, other_readings, won_through_readings
from generator.deals import stock_indices
from generator.games import Game, Move, Result, all_specs, make_game, wider_readings
from generator.paths import ASSETS, ROOT
from generator.play import no_peek_result
from generator.pool import in_order
from generator.progress import Progress
from generator.safeio import write_text
from generator.solver import Budget, proved_lost_at_start, solve

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
    seconds: float  # the solver's time (or the replay's, for a borrowed line)
    nodes: int
    line: bytes = b""  # a won deal's winning line (``encode_line``), for other readings of the game to try
    borrowed: bool = False  # won by another reading's line, replayed under this one's rules: not searched


def encode_line(moves: Iterable[Move]) -> bytes:
    """A line of moves as bytes (three signed 16-bit numbers a move): small to keep and to send between processes."""
    return array("h", [n for move in moves for n in move]).tobytes()


def decode_line(data: bytes) -> list[Move]:
    """The moves of :func:`encode_line`'s bytes."""
    numbers = array("h")
    numbers.frombytes(data)
    return [Move(*numbers[i:i + 3]) for i in range(0, len(numbers), 3)]


def measure_deal(spec: str, deal: int, budget_seconds: float, lines: Sequence[bytes] = ()) -> DealResult:
    """The solver's and the no-peek player's verdicts on ``deal``; a winning line of another reading of the game among
    ``lines`` that replays to a win under ``spec``'s rules decides it without a search (the replay is the proof)."""
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    started = time.perf_counter()
    for data in lines:
        won = _line_here(game, stock, decode_line(data))
        if won:
            return DealResult(deal, Result.WON, no_peek_result(game, stock), time.perf_counter() - started, 0,
                              won, borrowed=True)
    solution = solve(game, stock, budget=Budget(seconds=budget_seconds))
    line = encode_line(solution.moves) if solution.result is Result.WON else b""
    return DealResult(deal, solution.result, no_peek_result(game, stock), solution.seconds, solution.nodes, line)


def _line_here(game: Game, stock: Sequence[int], moves: Sequence[Move], search_seconds: float = 0.0) -> bytes:
    """The winning line of ``game`` another reading's winning line ``moves`` gives from the start of ``stock``
    (encoded; b"" if none): itself, replayed as it stands, or, with ``search_seconds``, with ``game``'s search from
    where it breaks ``game``'s rules (``borrowing.line_here``)."""
    line = line_here(game, stock, moves, Budget(seconds=search_seconds) if search_seconds > 0 else None)
    return b"" if line is None else encode_line(line)


def _lines_win(args: tuple[str, int, tuple[bytes, ...], float]) -> bytes:
    """``wins_by_lines`` for one deal (a pool task): the winning line one of its lines gives, replayed as it stands
    or searched along; b"" if none."""
    spec, deal, candidates, search_seconds = args
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    lines = [decode_line(data) for data in candidates]  # replayed as they stand first: a search is dearer
    for seconds in (0.0, search_seconds) if search_seconds > 0 else (0.0,):
        for moves in lines:
            won = _line_here(game, stock, moves, seconds)
            if won:
                return won
    return b""


def wins_by_lines(spec: str, lines: Mapping[int, Sequence[bytes]], *, search_seconds: float = 0.0,
                  jobs: int = 1) -> dict[int, bytes]:
    """The deals of ``lines`` (deal → winning lines other readings of the game found for it) that one of those
    lines wins under ``spec``'s rules, each with its winning line here: each replayed through ``spec``'s engine,
    the replay being the proof. With ``search_seconds``, a deal none of them wins as it stands is searched from the
    end of each line's legal part (``solve_along``) for up to that long, until one such search wins; ``jobs`` deals
    at a time."""
    tasks = [(spec, deal, tuple(candidates), search_seconds) for deal, candidates in lines.items()]
    return {task[1]: won for task, won in zip(tasks, in_order(_lines_win, tasks, jobs=jobs), strict=True) if won}


def _measure_chunk(args: tuple[str, list[tuple[int, tuple[bytes, ...]]], float]) -> list[DealResult]:
    spec, deals, budget_seconds = args
    return [measure_deal(spec, deal, budget_seconds, lines) for deal, lines in deals]


def measure(
    spec: str,
    first: int,
    count: int,
    *,
    jobs: int | None = None,
    executor: Executor | None = None,
    budget_seconds: float = 10.0,
    on_progress: Callable[[list[DealResult]], None] | None = None,
    lines: Mapping[int, Sequence[bytes]] | None = None,
) -> list[DealResult]:
    """Results for deals ``first`` … ``first + count - 1``, in deal order, ``jobs`` at a time (default: all cores).

    ``lines`` maps a deal to winning lines other readings of the game found for it (``DealResult.line``): a deal
    one of them wins under this reading's rules too is decided by that replay (``measure_deal``), not searched.

    They run on ``executor`` when one is given — any ``concurrent.futures.Executor``, e.g. a cluster's
    (``jobs`` is then how many it runs at once) — else on the project's pool (``generator.pool``), or here
    when ``jobs`` is 1. Deals go out in chunks, so a deal decided in microseconds does not pay a round trip.
    """
    jobs = jobs or os.cpu_count() or 1
    deals = list(range(first, first + count))
    chunk = max(1, min(50, count // (jobs * 8) or 1))
    known = lines or {}
    tasks = [(deal, tuple(known.get(deal, ()))) for deal in deals]
    chunks = [(spec, tasks[i : i + chunk], budget_seconds) for i in range(0, count, chunk)]
    results: list[DealResult] = []
    for piece in in_order(_measure_chunk, chunks, jobs=jobs, executor=executor):
        results.extend(piece)
        if on_progress:
            on_progress(results)
    return results


def borrowed_win(spec: str, deal: int, others: tuple[str, ...], budget: Budget) -> bool:
    """True if a winning line that the solver finds for ``deal`` under another reading of the game (``others``,
    e.g. a variant) replays to a win under ``spec``'s own rules, or ``spec``'s search from the end of its legal
    part wins (``solve_along``, within ``budget``): then ``spec`` wins the deal, whatever its own search left
    undecided. The replay is the proof, not any relation between the readings."""
    game = make_game(spec)
    # The other readings' own seeds: each was saved as won by its own search, which this repeats.
    return won_through_readings(game, stock_indices(game.id, deal), budget, others=others,
                                our_seeds=False) is not None


def _borrow_chunk(args: tuple[str, list[tuple[int, tuple[str, ...]]], Budget]) -> list[bool]:
    spec, deals, budget = args
    return [borrowed_win(spec, deal, others, budget) for deal, others in deals]


def borrowed_wins(spec: str, unknown: list[int], saved: dict[str, Any], *, budget: Budget, jobs: int | None = None,
                  executor: Executor | None = None) -> set[int]:
    """Of the ``unknown`` deals of ``spec``, those another reading of the same game is saved as winning (``saved``:
    the stats file's ``games``) and whose line replays to a win under ``spec`` (:func:`borrowed_win`). A reading
    that forbids a move of ours wins no deal we lose, and one that allows more may find a line we can play too;
    either way only a replayed line counts."""
    game_id = spec.partition(":")[0]
    readings = [other for other in all_specs() if other != spec and other.partition(":")[0] == game_id]

    todo = [(deal, tuple(other for other in readings if saved_verdict(saved, other, deal) == Result.WON.letter))
            for deal in unknown]
    todo = [(deal, others) for deal, others in todo if others]
    if not todo:
        return set()
    jobs = jobs or os.cpu_count() or 1
    chunk = max(1, len(todo) // (jobs * 4) or 1)
    chunks = [(spec, todo[i:i + chunk], budget) for i in range(0, len(todo), chunk)]
    answers = in_order(_borrow_chunk, chunks, jobs=jobs, executor=executor)
    return {deal for (_spec, part, _budget), piece in zip(chunks, answers, strict=True)
            for (deal, _others), won in zip(part, piece, strict=True) if won}


def saved_verdict(saved: Mapping[str, Any], spec: str, deal: int) -> str:
    """The thoughtful verdict's letter ``saved`` (the stats file's ``games``) holds for ``spec``'s ``deal``, or ""."""
    entry = saved.get(spec)
    if not isinstance(entry, dict):
        return ""
    letters = (entry.get("verdicts") or {}).get("thoughtful", "")
    at = deal - int(entry.get("from", 1))
    return letters[at] if isinstance(letters, str) and 0 <= at < len(letters) else ""


def losses_from_wider(spec: str, saved: Mapping[str, Any]) -> set[int]:
    """The deals ``spec``'s saved entry leaves unknown that a reading allowing every move of ``spec``'s
    (``wider_readings``, chained) is saved as lost. Every line of ``spec`` is a line of that reading, so a deal
    none of its lines wins, none of ours does: the gallery's printed rules and its two cover readings leave the
    same deals open, and a loss a cover reading's search proves is the printed rules' too. No search: the pair
    is the proof (argued beside ``Rules.wider_readings``, held by tests/test_readings.py), for a reading saved
    under today's rules (``rules_digest``). A deal saved as won here and lost there means a wrong proof or a wrong
    pair: ``ProofConflict``."""
    entry = saved.get(spec)
    if not isinstance(entry, dict):
        return set()
    game_id = spec.partition(":")[0]
    wider = [wide for narrow, wide in wider_readings(game_id) if narrow == spec and _current(saved, wide)]
    lost: set[int] = set()
    clashes: list[int] = []
    for at, letter in enumerate(entry["verdicts"]["thoughtful"]):
        deal = entry["from"] + at
        if letter == Result.LOST.letter or not any(saved_verdict(saved, wide, deal) == Result.LOST.letter
                                                   for wide in wider):
            continue
        if letter == Result.WON.letter:
            clashes.append(deal)
        else:
            lost.add(deal)
    if clashes:
        raise ProofConflict(f"{spec}: deals {clashes[:10]} saved as won, and as lost under a reading that allows "
                            f"every move of {spec}'s: a proof is wrong")
    return lost


def losses_from_siblings(spec: str, saved: Mapping[str, Any]) -> set[int]:
    """The deals ``spec``'s saved entry leaves unknown that another reading of the game is saved as lost (under
    today's rules) and that ``spec``'s own hints prove lost at their strongest (``solver.proved_lost_at_start``:
    a search of ours, bounded in positions). The other reading's loss proves nothing here; it only says where
    a proof may be worth the effort: the gallery's relaxed game is one for the printed rules and both cover
    readings, and one reading's search proves at the root what another's did not reach in its seconds."""
    entry = saved.get(spec)
    if not isinstance(entry, dict):
        return set()
    game = make_game(spec)
    others = [other for other in other_readings(game) if _current(saved, other)]
    lost: set[int] = set()
    for at, letter in enumerate(entry["verdicts"]["thoughtful"]):
        deal = entry["from"] + at
        if letter != Result.UNKNOWN.letter or not any(saved_verdict(saved, other, deal) == Result.LOST.letter
                                                      for other in others):
            continue
        if proved_lost_at_start(game, stock_indices(game.id, deal)):
            lost.add(deal)
    return lost


def _current(saved: Mapping[str, Any], spec: str) -> bool:
    """Whether ``saved`` holds an entry for ``spec`` measured under today's rules (``rules_digest``): only such an
    entry's verdicts say anything about another reading's deals."""
    entry = saved.get(spec)
    return isinstance(entry, dict) and entry.get("rules") == rules_digest(spec)


def with_wins(entry: dict[str, Any], won: set[int]) -> dict[str, Any]:
    """A saved entry with its thoughtful unknowns among ``won`` turned into wins, counts and interval anew."""
    return _with_decided(entry, won, Result.WON)


def with_losses(entry: dict[str, Any], lost: set[int]) -> dict[str, Any]:
    """A saved entry with its thoughtful unknowns among ``lost`` turned into losses, counts and interval anew."""
    return _with_decided(entry, lost, Result.LOST)


def _with_decided(entry: dict[str, Any], deals: set[int], result: Result) -> dict[str, Any]:
    letters = list(entry["verdicts"]["thoughtful"])
    for deal in deals:
        at = deal - entry["from"]
        if 0 <= at < len(letters) and letters[at] == Result.UNKNOWN.letter:
            letters[at] = result.letter
    return _with_thoughtful(entry, "".join(letters))


def _with_thoughtful(entry: dict[str, Any], thoughtful: str) -> dict[str, Any]:
    rate = Rate(thoughtful.count("W"), thoughtful.count("L"), thoughtful.count("U"))
    return {**entry, "thoughtful": rate.as_dict(), "verdicts": {**entry["verdicts"], "thoughtful": thoughtful}}


#: Sources every game's rules are written in besides its own module: the base class and value types, the
#: deal numbers (which stock a deal is) and the cards.
RULES_SOURCES = ("generator/games/rules.py", "generator/games/values.py", "generator/deals.py", "generator/cards.py")


def rules_digest(spec: str) -> str:
    """A digest of the source the rules of ``spec``'s game are written in ("" if it cannot be read).

    A verdict saved under one digest is a proof under the same rules; a rules change gives a new
    digest, and the earlier verdicts are then not kept (``with_proofs_kept``). Any edit counts, even
    one that changes no answer: the digest errs on the side of measuring again."""
    module = type(make_game(spec)).__module__
    parts = getattr(sys.modules[module], "RULES_PARTS", ())  # a game module split in two names its other files
    files = [ROOT.joinpath(*module.split(".")).with_suffix(".py"), *(ROOT / name for name in (*RULES_SOURCES, *parts))]
    if not all(path.is_file() for path in files):
        return ""
    digest = hashlib.sha256(spec.encode())
    for path in files:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class ProofConflict(ValueError):
    """Two runs decided a deal differently: one of them proved something false (a solver or hints bug)."""


def with_proofs_kept(summary: dict[str, Any], earlier: dict[str, Any] | None, spec: str = "") -> dict[str, Any]:
    """``summary`` with each deal it left unknown decided as ``earlier`` decided it.

    Only when both measured the same deals at the same budget under the same rules (``rules_digest``):
    a verdict is a proof (a line that replays to a win, or a search that ran out of moves), so a run on
    a slower or busier machine, which decides less within its seconds, must not take one back. Two
    different verdicts on one deal mean a wrong proof: ``ProofConflict``, never a silent choice."""
    keys = ("from", "deals", "budget_seconds", "rules")
    if not earlier or not summary.get("rules") or any(earlier.get(key) != summary.get(key) for key in keys):
        return summary
    now, before = summary["verdicts"]["thoughtful"], earlier["verdicts"]["thoughtful"]
    unknown = Result.UNKNOWN.letter
    clashes = [summary["from"] + at for at, (a, b) in enumerate(zip(now, before, strict=True))
               if unknown not in (a, b) and a != b]
    if clashes:
        raise ProofConflict(f"{spec or 'a game'}: deals {clashes[:10]} decided one way now and the other "
                            f"way in {STATS_FILE.name}: a proof is wrong")
    kept = "".join(b if a == unknown else a for a, b in zip(now, before, strict=True))
    return summary if kept == now else _with_thoughtful(summary, kept)


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


def summarise(spec: str, first: int, results: list[DealResult], budget_seconds: float) -> dict[str, Any]:
    """The figures the book prints for one game (deterministic: no times, no dates)."""

    def rate(field: str) -> Rate:
        values = [getattr(r, field) for r in results]
        return Rate(values.count(Result.WON), values.count(Result.LOST), values.count(Result.UNKNOWN))

    return {
        "from": first,
        "deals": len(results),
        "budget_seconds": budget_seconds,
        "rules": rules_digest(spec),
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


def load_stats() -> dict[str, Any]:
    if not STATS_FILE.exists():
        return {"format": STATS_FORMAT, "games": {}}
    data: dict[str, Any] = json.loads(STATS_FILE.read_text(encoding="utf-8"))
    return data


def save_stats(spec: str, summary: dict[str, Any]) -> int:
    """Merge one game's figures into ``assets/stats.json`` (sorted, stable bytes), keeping the verdicts an
    earlier run proved on deals this one left unknown (``with_proofs_kept``); returns how many were kept."""
    data = load_stats()
    kept = with_proofs_kept(summary, data["games"].get(spec), spec)
    data["games"][spec] = kept
    data["games"] = dict(sorted(data["games"].items()))
    write_text(STATS_FILE, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    return int(summary["thoughtful"]["unknown"]) - int(kept["thoughtful"]["unknown"])


class ProgressBar(Progress):
    """The odds' progress: deals done, won and unknown so far, and the rate."""

    def __init__(self, total: int, label: str, *, stream: TextIO | None = None) -> None:
        super().__init__(total, label, stream=stream)
        self.started = time.perf_counter()

    def __call__(self, results: list[DealResult]) -> None:
        done = len(results)
        rate = done / max(1e-9, time.perf_counter() - self.started)
        won = sum(r.thoughtful is Result.WON for r in results)
        unknown = sum(r.thoughtful is Result.UNKNOWN for r in results)
        self.update(done, f"won {won}  unknown {unknown}  {rate:.1f} deals/s")
