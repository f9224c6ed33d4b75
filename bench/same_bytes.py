"""Same bytes before and after a refactor: digests of everything the tool prints, recorded and compared.

A refactor must not change what pasyans writes. This script builds, through the CLI and the
public API, the outputs a refactor could disturb and compares their SHA-256 digests with the
ones recorded in ``bench/same_bytes.json``:

- the rulebook on A4, A5 and letter;
- practice sheets of deals 1–3 of every game and variant;
- ``pasyans svg`` of the start, the opening, step 20 and the end of deal 1 of every spec;
- the solver's records of deals 1–30 of every spec at a fixed position bound;
- the verdicts of deals 1–200 of every spec, the solver's (at that bound) and the no-peek player's.

Everything is bounded in positions, never by the clock, so the digests are the same on any
machine. A change that means to alter an output (a better solver, a new figure) records new
digests with ``record`` and says so in its commit.

    python bench/same_bytes.py check            # compare with bench/same_bytes.json (exit 1 on a difference)
    python bench/same_bytes.py record           # write bench/same_bytes.json
    python bench/same_bytes.py check --only svg records
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIGESTS = Path(__file__).resolve().parent / "same_bytes.json"
#: The solver's bound for records and verdicts, in positions searched.
POSITIONS = 20_000
RECORD_DEALS = range(1, 31)
VERDICT_DEALS = range(1, 201)
PAPERS = ("A4", "A5", "letter")
KINDS = ("rulebook", "sheets", "svg", "records", "verdicts")


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    env["PYTHONHASHSEED"] = "0"
    return env


def _cli(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "generator", *args], cwd=ROOT, env=_env(),
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"same_bytes: pasyans {' '.join(args)} failed: {done.stderr.strip()}")


def _specs() -> list[str]:
    from generator.games import all_specs

    return all_specs()


def rulebook(jobs: int) -> dict[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        out = {}
        for paper in PAPERS:
            path = Path(tmp) / f"rulebook-{paper}.pdf"
            _cli("rulebook", "--paper", paper, "-o", str(path))
            out[f"rulebook {paper}"] = _sha(path.read_bytes())
        return out


def sheets(jobs: int) -> dict[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        out = {}
        for spec in _specs():
            path = Path(tmp) / f"deals-{spec}.pdf"
            _cli("deals", spec, "--from", "1", "--count", "3", "--jobs", str(jobs), "-o", str(path))
            out[f"sheets {spec} 1-3"] = _sha(path.read_bytes())
        return out


def svg(jobs: int) -> dict[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        out = {}
        for spec in _specs():
            for where in ([], ["--opening"], ["--step", "20"], ["--end"]):
                target = Path(tmp) / f"{spec}-{'-'.join(where) or 'start'}"
                target.mkdir()
                _cli("svg", spec, "--deal", "1", *where, "-o", str(target))
                (written,) = list(target.iterdir())
                out[f"svg {spec} deal 1 {' '.join(where) or 'start'}"] = _sha(written.read_bytes())
        return out


def _record_digest(task: tuple[str, int]) -> str:
    """The solver's record of one deal at the fixed bound (its JSON text, lost and unknown ones too)."""
    from generator.deals import stock_indices
    from generator.games import make_game
    from generator.record import record_of, to_json
    from generator.solver import Budget, solve

    spec, deal = task
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    solution = solve(game, stock, budget=Budget(seconds=None, nodes=POSITIONS))
    return _sha(to_json(record_of(game, stock, solution.moves, solution.result, deal)).encode())


def _verdict(task: tuple[str, int]) -> str:
    """Two letters: the solver's verdict at the fixed bound, and the no-peek player's (W, L or U)."""
    from generator.deals import stock_indices
    from generator.games import make_game
    from generator.play import play_out
    from generator.solver import Budget, solve

    spec, deal = task
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    solved = solve(game, stock, budget=Budget(seconds=None, nodes=POSITIONS)).result
    played = play_out(game, stock).result
    return str(solved)[0].upper() + str(played)[0].upper()


def _pooled(function: Callable[[tuple[str, int]], str], tasks: list[tuple[str, int]], jobs: int) -> list[str]:
    if jobs == 1:
        return [function(task) for task in tasks]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(function, tasks, chunksize=4))


def records(jobs: int) -> dict[str, str]:
    tasks = [(spec, deal) for spec in _specs() for deal in RECORD_DEALS]
    digests = _pooled(_record_digest, tasks, jobs)
    out: dict[str, str] = {}
    for spec in _specs():
        mine = [d for (s, _), d in zip(tasks, digests, strict=True) if s == spec]
        out[f"records {spec} 1-30"] = _sha("\n".join(mine).encode())
    return out


def verdicts(jobs: int) -> dict[str, str]:
    tasks = [(spec, deal) for spec in _specs() for deal in VERDICT_DEALS]
    letters = _pooled(_verdict, tasks, jobs)
    out: dict[str, str] = {}
    for spec in _specs():
        out[f"verdicts {spec} 1-200"] = " ".join(v for (s, _), v in zip(tasks, letters, strict=True) if s == spec)
    return out


BUILDERS: dict[str, Callable[[int], dict[str, str]]] = {
    "rulebook": rulebook, "sheets": sheets, "svg": svg, "records": records, "verdicts": verdicts,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("check", "record"))
    parser.add_argument("--only", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    found: dict[str, str] = {}
    for kind in args.only:
        print(f"same_bytes: {kind} …", file=sys.stderr, flush=True)
        found.update(BUILDERS[kind](args.jobs))
    if args.action == "record":
        known = json.loads(DIGESTS.read_text(encoding="utf-8")) if DIGESTS.exists() else {}
        known.update(found)
        DIGESTS.write_text(json.dumps(dict(sorted(known.items())), indent=1, ensure_ascii=False) + "\n",
                           encoding="utf-8")
        print(f"same_bytes: recorded {len(found)} digests in {DIGESTS.relative_to(ROOT)}")
        return 0
    known = json.loads(DIGESTS.read_text(encoding="utf-8"))
    differ = [key for key in found if known.get(key) != found[key]]
    for key in differ:
        print(f"DIFFERS  {key}\n  recorded {known.get(key)}\n  now      {found[key]}")
    print(f"same_bytes: {len(found) - len(differ)} of {len(found)} the same")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
