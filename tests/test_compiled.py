"""The compiled hot path (generator.compiled): the same answers as plain Python, and never stale.

The agreement test solves the same deals of every spec at the same position limit in two
processes, one with the compiled modules (``PASYANS_COMPILED=1``) and one without (``=0``), and
compares verdicts, node counts and every move of every line, and the no-peek player's games.
Where the compiled modules are not built it is skipped, unless ``PASYANS_REQUIRE_COMPILED=1``
(``.ci/run`` sets it, after ``make test`` built them), where that fails.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator import compiled

ROOT = Path(__file__).resolve().parents[1]
REQUIRED = os.environ.get("PASYANS_REQUIRE_COMPILED") == "1"

#: Per spec: the deals solved (a few easy ones and one of the hard ones of docs/benchmarks.md).
DEALS = {
    "village": (1, 2, 316),
    "brunette_blonde": (1, 2, 3),
    "brunette_blonde:two_cards": (1, 5, 39),
    "quadrille": (1, 4),
    "quadrille:queens_first": (1, 2),
    "gallery": (1, 3, 4),
    "phalanx": (1, 4, 270),
}
POSITIONS = 1500

PROBE = r"""
import json, sys
from generator import compiled
from generator.deals import stock_indices
from generator.games import all_specs, make_game
from generator.play import play_out
from generator.solver import Budget, solve
deals, positions = json.loads(sys.argv[1]), int(sys.argv[2])
out = {"loaded": list(compiled.loaded()), "games": {}}
for spec in all_specs():
    game = make_game(spec)
    rows = []
    for deal in deals.get(spec, (1,)):
        stock = stock_indices(game.id, deal)
        solution = solve(game, stock, budget=Budget(seconds=None, nodes=positions))
        played = play_out(game, stock)
        rows.append([deal, str(solution.result), solution.nodes, [list(m) for m in solution.moves],
                     str(played.result), [list(m) for m in played.moves]])
    out["games"][spec] = rows
out["loaded"] = list(compiled.loaded())
print(json.dumps(out))
"""


def _run(switch: str) -> dict[str, object]:
    env = {**os.environ, compiled.SWITCH: switch, "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(DEALS), str(POSITIONS)], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_compiled_and_plain_python_give_the_same_verdicts_and_lines() -> None:
    fast = _run("1")
    loaded = set(fast["loaded"])
    wanted = {"generator.solver", "generator.games.gallery", "generator.hints.phalanx"}
    if not wanted <= loaded:
        message = f"the compiled modules are not built (loaded: {sorted(loaded)}); run make compiled"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    plain = _run("0")
    assert plain["loaded"] == []
    assert fast["games"] == plain["games"]
    decided = [row for rows in plain["games"].values() for row in rows if row[1] != "unknown"]
    assert len(decided) > 10, "the comparison should include decided deals with lines"


def test_a_compiled_file_is_used_only_for_the_source_it_was_built_from(tmp_path: Path) -> None:
    source_dir, cache = tmp_path / "src", tmp_path / "cache"
    source_dir.mkdir()
    cache.mkdir()
    source = source_dir / "probe_module.py"
    source.write_text("VALUE = 1\n", encoding="utf-8")
    name = "generator.hints.probe_module"  # a candidate name: every module of generator.hints is
    assert compiled.is_candidate(name)
    finder = compiled.CompiledFinder(cache)
    assert finder.find_spec(name, [str(source_dir)]) is None  # nothing built: the .py
    built = compiled.compiled_path(name, source, cache)
    built.write_bytes(b"")  # stands for the compiled file of this very source
    spec = finder.find_spec(name, [str(source_dir)])
    assert spec is not None and spec.origin == str(built)
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    source.write_text("VALUE = 2\n", encoding="utf-8")  # edited: the old compiled file must not load
    assert compiled.compiled_path(name, source, cache) != built
    assert finder.find_spec(name, [str(source_dir)]) is None
    edited = compiled.compiled_path(name, source, cache)
    source.with_suffix(".pxd").write_text("cdef int VALUE\n", encoding="utf-8")  # C declarations beside it
    assert compiled.compiled_path(name, source, cache) != edited


def test_modules_outside_the_list_are_never_looked_up(tmp_path: Path) -> None:
    finder = compiled.CompiledFinder(tmp_path)
    for name in ("generator.games.values", "generator.games.rules", "generator.pdf.rulebook", "generator.games"):
        assert not compiled.is_candidate(name)
        assert finder.find_spec(name, None) is None


def test_the_switch_turns_the_hook_off() -> None:
    env = {**os.environ, compiled.SWITCH: "0"}
    script = ("import sys, generator.solver\nfrom generator import compiled\n"
              "print(generator.solver.__file__.endswith('.py'), compiled.loaded(), "
              "any(isinstance(f, compiled.CompiledFinder) for f in sys.meta_path))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["True", "()", "False"]


#: Run first in a child process: ``import cython`` / ``import Cython`` fail, as where Cython is not installed.
NO_CYTHON = r"""
import importlib.abc, sys
class _NoCython(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {"cython", "Cython"}:
            raise ImportError(f"No module named {name!r} (hidden by the test)")
        return None
sys.meta_path.insert(0, _NoCython())
"""

SOLVE_TWO = r"""
import json
from generator.deals import stock_indices
from generator.games import make_game
from generator.solver import Budget, solve
import generator.games.village, generator.hints.village, generator.hints.phalanx, generator.hints.phalanx_relaxed
import generator.hints.gallery_relax  # an extension type compiled (cython.cclass), a class under the shadow
rows = []
for spec, deal in (("village", 316), ("phalanx", 270), ("gallery", 116)):
    game = make_game(spec)
    solution = solve(game, stock_indices(game.id, deal), budget=Budget(seconds=None, nodes=800))
    rows.append([str(solution.result), solution.nodes, [list(m) for m in solution.moves]])
print(json.dumps([generator.hints.village.cython.__name__, rows]))
"""


def _python(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, env={**os.environ, **env}, capture_output=True,
                          text=True, check=False)


def test_without_cython_the_modules_run_as_plain_python_with_the_same_answers() -> None:
    hidden = _python(NO_CYTHON + SOLVE_TWO, PASYANS_COMPILED="0")
    assert hidden.returncode == 0, hidden.stderr
    present = _python(SOLVE_TWO, PASYANS_COMPILED="0")
    assert present.returncode == 0, present.stderr
    shadow, rows = json.loads(hidden.stdout)
    assert shadow == "generator.cython_shadow"
    assert json.loads(present.stdout) == ["cython", rows]


def test_the_build_without_cython_says_so_and_leaves_plain_python(tmp_path: Path) -> None:
    build = NO_CYTHON + "from generator import compiled_build\nraise SystemExit(compiled_build.main(sys.argv[1:]))\n"
    env = {compiled.CACHE_VARIABLE: str(tmp_path), "PASYANS_REQUIRE_COMPILED": "0"}
    done = subprocess.run([sys.executable, "-c", build], cwd=ROOT, env={**os.environ, **env}, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "Cython is not installed" in done.stderr and "plain Python" in done.stderr
    strict = subprocess.run([sys.executable, "-c", build, "--strict"], cwd=ROOT, env={**os.environ, **env},
                            capture_output=True, text=True, check=False)
    assert strict.returncode == 1
    assert list(tmp_path.iterdir()) == []


def test_a_missing_c_compiler_fails_the_module_cleanly(tmp_path: Path) -> None:
    from generator import compiled_build

    source = ROOT / "generator" / "replay.py"
    why = compiled_build._compile("generator.replay", source, tmp_path, compiler=["/nonexistent/cc"])
    assert why is not None and "/nonexistent/cc" in why
    assert not compiled.compiled_path("generator.replay", source, tmp_path).exists()
