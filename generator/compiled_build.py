"""Build the optional compiled hot path (``generator.compiled``): ``python -m generator.compiled_build``.

Every candidate module whose source has no compiled file for its current hash is translated
by Cython (pure-Python mode: the ``.py`` is the source, its ``@cython.locals`` declarations give
C types) and compiled by the C compiler Python was built with, into a staging folder; the new
files are imported once in a child process, and only if every one loads are they moved into
the cache, and the files of older sources of the same modules removed. Up to date, it only
hashes the sources (a fraction of a second), so ``make`` runs it before every use.

Without Cython or a C compiler it says so and leaves the package in plain Python (exit 0),
unless ``--strict`` or ``PASYANS_REQUIRE_COMPILED=1`` (CI), where that is a failure (exit 1).
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from generator import compiled

PACKAGE = Path(__file__).resolve().parent
#: Cython's directives: the source's Python annotations are not read as C types (only
#: ``@cython.locals`` is), so an annotation can never make the compiled module stricter than
#: the Python one; everything else is Cython's default (Python semantics for ``%``, ``//``,
#: negative indices and bounds of Python sequences).
DIRECTIVES = ("language_level=3", "annotation_typing=False")
OPTIMISE = "-O2"


def candidates() -> list[tuple[str, Path]]:
    """(module name, source) of every module the build compiles."""
    found = []
    for name in compiled.MODULES:
        found.append((name, PACKAGE / f"{name.removeprefix('generator.')}.py"))
    for package in compiled.PACKAGES:
        folder = PACKAGE / package.removeprefix("generator.").replace(".", "/")
        for source in sorted(folder.glob("*.py")):
            name = f"{package}.{source.stem}"
            if compiled.is_candidate(name) and source.stem != "__init__":
                found.append((name, source))
    return found


def _tool(variable: str, default: str) -> list[str]:
    """The command ``$CC`` or ``$LDSHARED`` names (as distutils reads them), else Python's own."""
    return shlex.split(os.environ.get(variable) or sysconfig.get_config_var(variable) or default)


def _compile(name: str, source: Path, staging: Path, compiler: list[str] | None = None) -> str | None:
    """Translate and compile one module into ``staging``; None, or why it failed (a missing
    compiler included: that is a reason, not an error)."""
    c_file = staging / f"{name}.c"
    translate = [sys.executable, "-m", "cython", "--module-name", name, "-o", str(c_file)]
    for directive in DIRECTIVES:
        translate += ["-X", directive]
    cc = compiler or _tool("CC", "cc")
    ldshared = _tool("LDSHARED", "cc -shared") if compiler is None else [*compiler, "-shared"]
    include = sysconfig.get_paths()["include"]
    obj = staging / f"{name}.o"
    target = compiled.compiled_path(name, source, staging)
    for step in ([*translate, str(source)],
                 [*cc, "-fPIC", OPTIMISE, "-I", include, "-c", str(c_file), "-o", str(obj)],
                 [*ldshared, str(obj), "-o", str(target)]):
        try:
            done = subprocess.run(step, capture_output=True, text=True, check=False)
        except OSError as error:  # no such compiler
            return f"{step[0]}: {error}"
        if done.returncode != 0:
            tool = "cython" if step[0] == sys.executable else step[0]
            return f"{tool}: {(done.stderr or done.stdout).strip()[-2000:]}"
    return None


def _verify(names: list[str], staging: Path) -> str | None:
    """Import every new module from ``staging`` in a child process; None if each loaded compiled."""
    script = ("import importlib, sys\nfrom generator import compiled\n"
              "for name in sys.argv[1:]:\n    importlib.import_module(name)\n"
              "missing = set(sys.argv[1:]) - set(compiled.loaded())\n"
              "sys.exit(f'not loaded compiled: {sorted(missing)}' if missing else 0)\n")
    env = {**os.environ, compiled.SWITCH: "1", compiled.CACHE_VARIABLE: str(staging)}
    done = subprocess.run([sys.executable, "-c", script, *names], capture_output=True, text=True, env=env,
                          check=False)
    return None if done.returncode == 0 else (done.stderr.strip()[-2000:] or "import failed")


def build(jobs: int | None = None) -> tuple[int, list[str]]:
    """Compile what is out of date. Returns (modules built, problems); no problem means up to date."""
    cache = compiled.cache_dir()
    todo = [(name, source) for name, source in candidates() if not compiled.compiled_path(name, source).is_file()]
    if not todo:
        return 0, []
    try:
        import Cython  # noqa: F401  (only to say clearly that it is missing)
    except ImportError:
        return 0, ["Cython is not installed"]
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return 0, [f"cannot create {cache}: {error}"]
    with tempfile.TemporaryDirectory(prefix=".staging-", dir=cache) as folder:
        staging = Path(folder)
        with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
            failures = list(pool.map(lambda item: _compile(item[0], item[1], staging), todo))
        problems = [f"{name}: {why}" for (name, _), why in zip(todo, failures, strict=True) if why]
        built = [(name, source) for (name, source), why in zip(todo, failures, strict=True) if not why]
        if not built:
            return 0, problems
        why = _verify([name for name, _ in built], staging)
        if why:
            return 0, [*problems, f"the compiled modules do not load: {why}"]
        for name, source in built:
            for old in cache.glob(f"{name}.*"):
                if old.is_file():
                    old.unlink()
            fresh = compiled.compiled_path(name, source, staging)
            shutil.move(str(fresh), cache / fresh.name)
    return len(built), problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator.compiled_build", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=None, help="compilers run at once (default: all cores)")
    parser.add_argument("--strict", action="store_true", default=os.environ.get("PASYANS_REQUIRE_COMPILED") == "1",
                        help="fail (exit 1) if any module cannot be compiled (default with PASYANS_REQUIRE_COMPILED=1)")
    args = parser.parse_args(argv)
    count, problems = build(args.jobs)
    for problem in problems:
        print(f"pasyans: compiled path: {problem}", file=sys.stderr)
    if problems:
        print("pasyans: those modules run as plain Python (same answers, slower)", file=sys.stderr)
        return 1 if args.strict else 0
    where = compiled.cache_dir()
    print(f"pasyans: compiled path: {count} module(s) built into {where}" if count
          else f"pasyans: compiled path up to date ({where})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
