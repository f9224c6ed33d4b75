"""Every user mistake: exit status 2, one line on stderr, no traceback, nothing written.

The table runs each invocation in a fresh process with the output directory
as its working directory, and compares the directory before and after.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from generator.deals import stock_indices
from generator.games import Move, Result, make_game
from generator.play import play_out
from generator.record import record_of, to_json

ROOT = Path(__file__).resolve().parent.parent
OUT = "out"  # a subdirectory of the scratch directory, holding a file that must survive

BAD = [
    # game and variant
    ["play", "klondike", "--deal", "1"],
    ["play", "quadrille:queens_last", "--deal", "1"],
    ["play", "quadrille", "--variant", "two_cards", "--deal", "1"],
    # deal numbers
    ["play", "quadrille", "--deal", "0"],
    ["solve", "village", "--deal", "-7"],
    ["solve", "gallery", "--deal", "seven"],
    ["solve", "phalanx", "--deal", str(10**20 + 1)],
    ["play", "quadrille"],
    # counts, budgets, jobs
    ["stats", "quadrille", "--deals", "0"],
    ["stats", "quadrille", "--deals", "100000000"],
    ["stats", "quadrille", "--from", str(10**20), "--deals", "5"],
    ["solve", "quadrille", "--deal", "1", "--budget", "-1"],
    ["deals", "quadrille", "--count", "0", "-o", f"{OUT}/d.pdf"],
    ["deals", "quadrille", "--count", "100000", "-o", f"{OUT}/d.pdf"],
    ["deals", "quadrille", "--winnable", "--unwinnable", "-o", f"{OUT}/d.pdf"],
    ["deals", "quadrille", "--difficulty", "medium", "-o", f"{OUT}/d.pdf"],
    ["deals", "quadrille", "--difficulty", "easy", "--winnable", "-o", f"{OUT}/d.pdf"],
    ["deals", "quadrille", "--positions", "0", "-o", f"{OUT}/d.pdf"],
    ["deals", "quadrille", "--positions", "ten", "-o", f"{OUT}/d.pdf"],
    ["deals", "quadrille", "--budget", "10", "-o", f"{OUT}/d.pdf"],  # replaced by --positions
    # paper, colours, bleed
    ["rulebook", "--paper", "B5", "-o", f"{OUT}/book.pdf"],
    ["deals", "quadrille", "--paper", "A3", "-o", f"{OUT}/d.pdf"],
    ["deck", "--paper", "A5", "-o", f"{OUT}/deck.pdf"],
    ["deck", "--colors", "3", "-o", f"{OUT}/deck.pdf"],
    ["deck", "--bleed", "9", "-o", f"{OUT}/deck.pdf"],
    # output paths
    ["rulebook", "-o", "no/such/dir/book.pdf"],
    ["rulebook", "-o", OUT],
    ["play", "quadrille", "--deal", "1", "--record", "missing/dir/r.json"],
    ["solve", "quadrille", "--deal", "4", "--record", f"{OUT}/lost.json"],  # a lost deal has no winning line
    # figures
    ["svg", "quadrille", "--deal", "1", "--step", "100000", "-o", OUT],
    ["svg", "quadrille", "--deal", "1", "--dpi", "5", "--png", "-o", OUT],
    ["svg", "--card", "Ж♠", "-o", OUT],
    ["svg", "quadrille", "--card", "Д♠", "-o", OUT],
    ["svg", "quadrille", "--deal", "1", "--colors", "3", "-o", OUT],
    ["svg", "quadrille", "--deal", "1", "-o", "no/such/dir"],
    # records
    ["check", "nothing-here.json"],
    ["check", OUT],
    ["check", "corrupt.json"],
    ["check", "future.json"],
    # the analysis of a line
    ["analyze"],
    ["analyze", "village"],
    ["analyze", "village", "--deal", "0"],
    ["analyze", "village", "--deal", str(10**20 + 1)],
    ["analyze", "phalanx", "--deal", "1", "--record", "phalanx1.json"],
    ["analyze", "village", "--record", "phalanx1.json", "-o", f"{OUT}/a.json"],  # a record of another game
    ["analyze", "--record", "illegal.json", "-o", f"{OUT}/a.json"],  # its second move is illegal
    ["analyze", "--record", "nothing-here.json"],
    ["analyze", "--record", "corrupt.json"],
    ["analyze", "phalanx", "--deal", "1", "-o", "no/such/dir/a.json"],
    ["analyze", "phalanx", "--deal", "1", "-o", OUT],
    ["analyze", "phalanx", "--deal", "4", "-o", f"{OUT}/lost.json"],  # a lost deal has no winning line
    ["analyze", "phalanx", "--deal", "1", "--probe-positions", "0"],
    # commands and options
    ["frobnicate"],
    ["games", "--colour"],
]


@pytest.fixture
def scratch(tmp_path):
    (tmp_path / OUT).mkdir()
    (tmp_path / OUT / "keep.txt").write_text("precious", encoding="utf-8")
    (tmp_path / "corrupt.json").write_text('{"format": "pasyans-record/1", "game": ', encoding="utf-8")
    (tmp_path / "future.json").write_text(json.dumps({"format": "pasyans-record/9"}), encoding="utf-8")
    phalanx = make_game("phalanx")
    stock = stock_indices("phalanx", 1)
    moves = play_out(phalanx, stock).moves[:10]
    (tmp_path / "phalanx1.json").write_text(to_json(record_of(phalanx, stock, moves, Result.UNKNOWN, 1)),
                                            encoding="utf-8")
    illegal = [moves[0], Move.redeal(3), *moves[1:]]
    (tmp_path / "illegal.json").write_text(to_json(record_of(phalanx, stock, illegal, Result.UNKNOWN, 1)),
                                           encoding="utf-8")
    return tmp_path


def _snapshot(directory: Path) -> dict[str, bytes]:
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def test_there_are_at_least_twenty_cases():
    assert len(BAD) >= 20


@pytest.mark.parametrize("args", BAD, ids=[" ".join(a)[:60] for a in BAD])
def test_a_bad_invocation_fails_cleanly_and_writes_nothing(scratch, args, cli):
    before = _snapshot(scratch)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = cli(*args, cwd=scratch, env=env)
    assert result.status == 2, (result.status, result.out, result.err)
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pasyans: error: "), result.err
    assert "Traceback" not in result.err
    assert _snapshot(scratch) == before
