"""The optional compiled hot path: the engines, hints, players and solver built by Cython from
their own ``.py`` source, loaded only while that source is unchanged.

There is one statement of the rules: the ``.py`` files. ``python -m generator.compiled_build``
(which ``make`` runs) compiles the modules listed here with Cython into a cache beside the
interpreter (``<sys.prefix>/pasyans-compiled``, or ``$PASYANS_COMPILED_DIR``), each file named by
a hash of the source it was built from. This import hook, installed by ``generator/__init__``,
loads a module's compiled file only if one exists for the hash of its source *as it is now*:
an edited source has a new hash, so it runs as plain Python until it is built again. It can
never run stale code, and nothing is ever written next to the sources (an in-place ``.so``
would shadow its ``.py``). ``PASYANS_COMPILED=0`` turns the hook off. Compiled or not, every
answer is the same (``tests/test_compiled.py`` holds them to each other).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import sysconfig
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: Packages whose every module is compiled (not the package ``__init__``), and single modules.
PACKAGES = ("generator.games", "generator.hints", "generator.players")
MODULES = ("generator.solver", "generator.replay")
#: Left as Python: the value types and the base class hold no hot code.
EXCLUDED = frozenset({"generator.games.rules", "generator.games.values"})
#: What the hash covers besides the source: a change of how modules are compiled makes every
#: file in the cache unusable (bump it when ``compiled_build`` changes its directives or flags).
RECIPE = b"pasyans-compiled/1 cython -3 annotation_typing=False; cc -O2"
#: The variable that turns the hook off (``0``), and the one that moves the cache.
SWITCH = "PASYANS_COMPILED"
CACHE_VARIABLE = "PASYANS_COMPILED_DIR"

_loaded: list[str] = []


def enabled() -> bool:
    """False when ``PASYANS_COMPILED=0`` (or ``no``, ``false``, ``off``): plain Python only."""
    return os.environ.get(SWITCH, "1").strip().lower() not in {"0", "no", "false", "off"}


def cache_dir() -> Path:
    """Where compiled modules live: ``$PASYANS_COMPILED_DIR``, else ``<sys.prefix>/pasyans-compiled``."""
    chosen = os.environ.get(CACHE_VARIABLE)
    return Path(chosen) if chosen else Path(sys.prefix) / "pasyans-compiled"


def is_candidate(name: str) -> bool:
    """Whether module ``name`` is one the build compiles."""
    if name in MODULES:
        return True
    package, _, leaf = name.rpartition(".")
    return package in PACKAGES and bool(leaf) and name not in EXCLUDED


def tag(source: bytes) -> str:
    """The hash that names the compiled file of this source."""
    return hashlib.sha256(RECIPE + b"\0" + source).hexdigest()[:24]


def build_inputs(source: Path) -> bytes:
    """Everything Cython reads to compile ``source``: the ``.py``, and a ``.pxd`` beside it if there
    is one (it would declare C types for the module: a change to it must make a new file too)."""
    data = source.read_bytes()
    declarations = source.with_suffix(".pxd")
    if declarations.is_file():
        data += b"\0pxd\0" + declarations.read_bytes()
    return data


def compiled_path(name: str, source: Path, directory: Path | None = None) -> Path:
    """The compiled file module ``name`` would load for the source now at ``source``."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return (directory or cache_dir()) / f"{name}.{tag(build_inputs(source))}{suffix}"


def loaded() -> tuple[str, ...]:
    """The modules this process loaded compiled."""
    return tuple(_loaded)


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled file of a candidate module whose source hash matches; else defers to
    the ordinary finders (the ``.py``)."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not is_candidate(fullname):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
            return None
        try:
            built = compiled_path(fullname, Path(spec.origin), self.directory or cache_dir())
            if not built.is_file():
                return None
        except OSError:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(built))
        found = importlib.util.spec_from_file_location(fullname, built, loader=loader)
        if found is not None:
            _loaded.append(fullname)
        return found


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once), unless ``PASYANS_COMPILED=0``."""
    if not enabled() or any(isinstance(finder, CompiledFinder) for finder in sys.meta_path):
        return
    sys.meta_path.insert(0, CompiledFinder())
