"""``bench/run.py``'s tables in docs/benchmarks.md: a run over some specs keeps the other specs' rows."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_run_tables", Path(__file__).parents[1] / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HEADER = "| game | deals |\n|---|---|"


def test_an_against_run_over_one_spec_keeps_the_other_rows_and_says_so() -> None:
    bench = _bench()
    before = f"Old: `a`.\n\n{HEADER}\n| `village` | old village |\n| `gallery` | old gallery |"
    body = f"Old: `b`; new: `c`.\n\n{HEADER}\n| `gallery` | new gallery |"
    merged = bench.with_rows_kept(body, before)
    assert merged == (f"Old: `b`; new: `c`. The rows of `village` are from an earlier run of this table.\n\n{HEADER}\n"
                      "| `village` | old village |\n| `gallery` | new gallery |")
    assert bench.with_rows_kept(body, "") == body  # nothing kept: the run's own table as it is
