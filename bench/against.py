"""The solver of another revision against this one, on the same deals in one run: positions per second.

``bench/run.py --against REV`` calls ``compare``: it exports revision ``REV`` of this repository
into a temporary directory (``git archive``, nothing installed), then for every game spec solves
the same deals with both trees, each in its own process on one core, at the same bound in
positions, alternating old and new so that a busy machine slows both alike. It reports, per spec,
the positions searched per second of solver time in each tree, their ratio, and how many deals
each decided. Both trees are driven through the API every revision has had: ``make_game``,
``stock_indices``, ``solve(game, stock, budget=Budget(seconds=None, nodes=N))``.

With ``plain``, both trees search without their games' hints (``SearchHints(game, player_for(game))``: every
legal move, no dominance, no dead ends, no leads), so they search the same positions, move for move (the
table says whether the position counts came out equal): the engines' and the search loop's speed alone.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Run inside either tree (``sys.path[0]`` is the tree): solve the deals, print one JSON line.
PROBE = r"""
import json, sys, time
from generator.deals import stock_indices
from generator.games import make_game
from generator.solver import Budget, solve
spec, first, count, positions = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
game = make_game(spec)
options = {}
if sys.argv[5:] == ["plain"]:
    from generator.hints import SearchHints
    from generator.players import player_for
    options["hints"] = SearchHints(game, player_for(game))
nodes = seconds = 0.0
verdicts = []
for deal in range(first, first + count):
    stock = stock_indices(game.id, deal)
    started = time.process_time()
    solution = solve(game, stock, budget=Budget(seconds=None, nodes=positions), **options)
    seconds += time.process_time() - started
    nodes += solution.nodes
    verdicts.append(str(solution.result)[0].upper())
try:  # the optional compiled hot path, in trees that have it
    from generator.compiled import loaded
except ImportError:
    def loaded(): return ()
print(json.dumps({"nodes": nodes, "seconds": seconds, "verdicts": "".join(verdicts), "compiled": len(loaded())}))
"""


@dataclass(frozen=True)
class Probe:
    nodes: float
    seconds: float
    verdicts: str
    compiled: int  # modules the tree loaded compiled (generator.compiled), 0 for plain Python

    @property
    def rate(self) -> float:
        return self.nodes / max(self.seconds, 1e-9)

    @property
    def decided(self) -> int:
        return sum(letter != "U" for letter in self.verdicts)


def export(revision: str, into: Path) -> Path:
    """Revision ``revision`` of this repository, as files under ``into`` (no .git, nothing installed)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", revision],
                             capture_output=True, check=False)
    if archive.returncode != 0:
        raise SystemExit(f"against: no revision {revision!r}: {archive.stderr.decode().strip()}")
    tree = into / "tree"
    tree.mkdir()
    with tempfile.TemporaryFile() as handle:
        handle.write(archive.stdout)
        handle.seek(0)
        with tarfile.open(fileobj=handle) as tar:
            tar.extractall(tree, filter="data")
    return tree


def short(revision: str) -> str:
    """``revision``'s short hash (itself if git does not know it)."""
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", revision], capture_output=True,
                          text=True, check=False).stdout.strip() or revision


@contextlib.contextmanager
def old_tree(revision: str) -> Iterator[tuple[Path, dict[str, str]]]:
    """Revision ``revision`` exported into a temporary directory, with its own compiled build: the tree and the
    environment to run it with (``export``, ``build_compiled``)."""
    build_working_tree()
    with tempfile.TemporaryDirectory() as tmp:
        tree = export(revision, Path(tmp))
        yield tree, build_compiled(tree, Path(tmp) / "compiled")


def build_working_tree() -> None:
    """Bring the working tree's compiled path up to date (as ``make`` does before every use): a source edited
    since the last build would otherwise run as plain Python, and the new side be measured partly plain."""
    done = subprocess.run([sys.executable, "-m", "generator.compiled_build"], cwd=ROOT, capture_output=True,
                          text=True, check=False, env={**os.environ, "PYTHONPATH": str(ROOT)})
    if done.returncode != 0 or "run as plain Python" in done.stderr:
        print(f"against: the working tree's compiled path did not build: {done.stderr.strip()[-300:]}", flush=True)


def build_compiled(tree: Path, cache: Path) -> dict[str, str]:
    """Build ``tree``'s own compiled hot path into ``cache``, if it has one: the environment to run it with.

    Without this an old tree would find no compiled files for its sources (the working tree's cache holds
    the files of the working tree's sources only) and run in plain Python: a change to a compiled module
    would be measured compiled against plain. A tree without ``generator/compiled_build.py`` runs plain.
    """
    env = {"PASYANS_COMPILED_DIR": str(cache)}
    if not (tree / "generator" / "compiled_build.py").exists():
        return env
    done = subprocess.run([sys.executable, "-m", "generator.compiled_build"], cwd=tree, capture_output=True,
                          text=True, check=False, env={**os.environ, "PYTHONPATH": str(tree), **env})
    if done.returncode != 0:
        print(f"against: the old tree's compiled path did not build: {done.stderr.strip()[-300:]}", flush=True)
    return env


def probe(tree: Path, spec: str, first: int, count: int, positions: int,
          extra: dict[str, str] | None = None, *, plain: bool = False) -> Probe:
    """The deals solved by the code in ``tree`` (one process, one core), with ``extra`` in its environment;
    ``plain``: without the game's hints."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", **(extra or {})}
    done = subprocess.run([sys.executable, "-c", PROBE, spec, str(first), str(count), str(positions),
                           *(["plain"] if plain else [])],
                          cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"against: {spec} in {tree} failed: {done.stderr.strip().splitlines()[-1:]}")
    data = json.loads(done.stdout.strip().splitlines()[-1])
    return Probe(data["nodes"], data["seconds"], data["verdicts"], data.get("compiled", 0))


def _how(modules: int) -> str:
    return f"{modules} modules compiled" if modules else "plain Python"


HEADER = (
    "| game | deals | positions each | old positions/s | new positions/s | speed-up | old decided | new decided "
    "| same positions |\n"
    "|---|---|---|---|---|---|---|---|---|"
)


def compare(revision: str, specs: list[str], *, first: int = 1, count: int = 50, positions: int = 20_000,
            rounds: int = 2, plain: bool = False) -> str:
    """The table of old against new, ``rounds`` alternating runs of each (the best rate of each kept);
    ``plain``: both without their hints (see the module's docstring)."""
    label, here = short(revision), short("HEAD")
    rows = []
    compiled = {"old": 0, "new": 0}
    with old_tree(revision) as (tree, old_env):
        for spec in specs:
            old: list[Probe] = []
            new: list[Probe] = []
            for _ in range(rounds):
                old.append(probe(tree, spec, first, count, positions, old_env, plain=plain))
                new.append(probe(ROOT, spec, first, count, positions, plain=plain))
            best_old = max(old, key=lambda p: p.rate)
            best_new = max(new, key=lambda p: p.rate)
            compiled["old"] = max(compiled["old"], best_old.compiled)
            compiled["new"] = max(compiled["new"], best_new.compiled)
            same = "yes" if best_old.nodes == best_new.nodes else "no"
            row = (f"| `{spec}` | {first}..{first + count - 1} | {positions:,} | {best_old.rate:,.0f} "
                   f"| {best_new.rate:,.0f} | **{best_new.rate / max(best_old.rate, 1e-9):.1f}×** "
                   f"| {best_old.decided} | {best_new.decided} | {same} |")
            print(row, flush=True)
            rows.append(row)
    return "\n".join([
        f"Old: `{label}` ({_how(compiled['old'])}); new: `{here}`, the working tree ({_how(compiled['new'])}). "
        f"Each tree solves the same deals at the same bound{', both without their hints' if plain else ''}, "
        f"one process each, alternating, {rounds} runs each, the faster run of each kept; positions per second "
        "of solver CPU time.",
        "",
        HEADER,
        *rows,
    ])


SHEETS_HEADER = ("| game | old runs | new runs | speed-up (best of each) | the same PDF |\n"
                 "|---|---|---|---|---|")


def sheet_seconds(tree: Path, spec: str, output: Path, extra: dict[str, str] | None = None) -> float:
    """Wall seconds of ``pasyans deals SPEC --winnable --count 10`` run by the code in ``tree``, as a user runs it
    (a new process, the PDF written to ``output``), with ``extra`` in its environment."""
    env = {**os.environ, "PYTHONPATH": str(tree), **(extra or {})}
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator", "deals", spec, "--winnable", "--count", "10",
                           "-o", str(output)], cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"against: the sheet of {spec} in {tree} failed: {done.stderr.strip().splitlines()[-1:]}")
    return time.perf_counter() - started


def compare_sheets(revision: str, specs: list[str], *, rounds: int = 2) -> str:
    """``pasyans deals SPEC --winnable --count 10`` timed in revision ``revision`` and in this tree, alternating,
    ``rounds`` runs each, and whether the two wrote the same bytes (the deals chosen and every answer)."""
    label = short(revision)
    rows = []
    with old_tree(revision) as (tree, old_env), tempfile.TemporaryDirectory() as tmp:
        for spec in specs:
            old: list[float] = []
            new: list[float] = []
            pdfs: set[bytes] = set()
            for i in range(rounds):
                for where, env, times in ((tree, old_env, old), (ROOT, None, new)):
                    output = Path(tmp) / f"sheet-{len(times)}-{i}.pdf"
                    times.append(sheet_seconds(where, spec, output, env))
                    pdfs.add(output.read_bytes())
            row = (f"| `{spec}` | {', '.join(f'{s:.1f}' for s in old)} s | {', '.join(f'{s:.1f}' for s in new)} s "
                   f"| **{min(old) / max(min(new), 1e-9):.2f}×** | {'yes' if len(pdfs) == 1 else 'no'} |")
            print(row, flush=True)
            rows.append(row)
    return "\n".join([
        f"Old: `{label}`, its own compiled build; new: the working tree. `pasyans deals SPEC --winnable --count 10` "
        f"in a new process (2 cores), old and new alternating, {rounds} runs each.",
        "",
        SHEETS_HEADER,
        *rows,
    ])
