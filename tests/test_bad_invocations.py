"""Every user mistake: exit status 2, one line on stderr, no traceback, nothing written.

The table runs each invocation in a fresh process with the output directory
as its working directory, and compares the directory before and after.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from generator.cards import card_str
from generator.deals import stock_indices
from generator.games import Result, make_game
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
    # the printed pack's options that do not go together, or cannot be printed
    ["deck", "--packs", "3", "-o", f"{OUT}/deck.pdf"],
    ["deck", "--fold", "--bleed", "4", "-o", f"{OUT}/deck.pdf"],  # the fold's gutter takes 3 mm at most
    ["deck", "--fold", "--backs", "-o", f"{OUT}/deck.pdf"],
    ["deck", "--duplex", "short", "-o", f"{OUT}/deck.pdf"],  # without --backs
    ["deck", "--backs", "--back-offset", "1,5,-0,5", "-o", f"{OUT}/deck.pdf"],  # decimal commas
    ["deck", "--backs", "--back-offset", "9,0", "-o", f"{OUT}/deck.pdf"],
    ["deck", "--back-offset", "1,0", "-o", f"{OUT}/deck.pdf"],  # without --backs
    ["deck", "--calibrate", "--packs", "2", "-o", f"{OUT}/c.pdf"],
    ["deck", "--png", OUT, "-o", f"{OUT}/deck.pdf"],
    ["deck", "--png", f"{OUT}/keep.txt"],  # a file, not a directory
    ["deck", "--dpi", "300", "-o", f"{OUT}/deck.pdf"],  # without --png
    ["deck", "--png", OUT, "--dpi", "5"],
    ["rulebook", "--booklet", "--paper", "A5", "-o", f"{OUT}/book.pdf"],
    ["rulebook", "--duplex", "short", "-o", f"{OUT}/book.pdf"],  # without --booklet
    ["rulebook", "--booklet", "--duplex", "both", "-o", f"{OUT}/book.pdf"],
    # output paths
    ["rulebook", "-o", "village.json/dir/book.pdf"],  # under a file
    ["rulebook", "-o", OUT],
    ["play", "quadrille", "--deal", "1", "--record", "village.json/dir/r.json"],
    ["solve", "quadrille", "--deal", "4", "--record", f"{OUT}"],  # a directory
    # typed packs (--stock)
    ["play", "quadrille", "--stock", "short.txt"],  # a card missing
    ["play", "quadrille", "--stock", "doubled.txt"],  # a card twice, another missing
    ["solve", "quadrille", "--stock", "latin-t.txt"],  # a Latin T: ten or ace?
    ["play", "village", "--stock", "pack.txt"],  # one pack for a two-pack game
    ["play", "quadrille", "--stock", "nowhere.txt"],
    ["play", "quadrille", "--stock", "pack.txt", "--deal", "3"],
    ["svg", "quadrille", "--stock", "short.txt", "-o", OUT],
    ["html", "quadrille", "--stock", "doubled.txt", "-o", f"{OUT}/page.html"],
    ["deals", "quadrille", "--stock", "short.txt", "-o", f"{OUT}/sheet.pdf"],
    ["deals", "quadrille", "--stock", "pack.txt", "--count", "2", "-o", f"{OUT}/sheet.pdf"],  # one pack, one deal
    ["deals", "quadrille", "--stock", "pack.txt", "--winnable", "-o", f"{OUT}/sheet.pdf"],
    ["deals", "quadrille", "--stock", "pack.txt", "--from", "5", "-o", f"{OUT}/sheet.pdf"],
    # figures
    ["svg", "quadrille", "--deal", "1", "--step", "100000", "-o", OUT],
    ["svg", "quadrille", "--deal", "1", "--dpi", "5", "--png", "-o", OUT],
    ["svg", "--card", "Ж♠", "-o", OUT],
    ["svg", "quadrille", "--card", "Д♠", "-o", OUT],
    ["svg", "quadrille", "--deal", "1", "--colors", "3", "-o", OUT],
    ["svg", "quadrille", "--deal", "1", "-o", "village.json/dir"],
    ["svg", "--record", "village.json", "--step", "100000", "-o", OUT],  # past the end of the record
    ["svg", "quadrille", "--record", "village.json", "--end", "-o", OUT],  # a record of another game
    ["svg", "--record", "illegal.json", "--end", "-o", OUT],
    ["svg", "--card", "Д♠", "--record", "village.json", "-o", OUT],
    # the web page
    ["html", "quadrille", "--record", "village.json", "-o", f"{OUT}/page.html"],  # a record of another game
    ["html", "--record", "corrupt.json", "-o", f"{OUT}/page.html"],
    ["html", "--record", "illegal.json", "-o", f"{OUT}/page.html"],
    ["html", "quadrille", "-o", f"{OUT}/page.html"],  # no deal
    ["html", "--deal", "1", "-o", f"{OUT}/page.html"],  # no game
    ["html", "quadrille", "--deal", "1", "-o", "village.json/page.html"],  # under a file: unwritable
    ["html", "quadrille", "--deal", "1", "-o", OUT],  # a directory
    ["html", "quadrille", "--deal", "1", "--colors", "3", "-o", f"{OUT}/page.html"],
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
    ["analyze", "phalanx", "--deal", "1", "--record", "village.json"],
    ["analyze", "phalanx", "--record", "village.json", "-o", f"{OUT}/a.json"],  # a record of another game
    ["analyze", "--record", "illegal.json", "-o", f"{OUT}/a.json"],  # two moves swapped: illegal
    ["analyze", "--record", "nothing-here.json"],
    ["analyze", "--record", "corrupt.json"],
    ["analyze", "phalanx", "--deal", "1", "-o", "village.json/dir/a.json"],
    ["analyze", "phalanx", "--deal", "1", "-o", OUT],
    ["analyze", "phalanx", "--deal", "4", "-o", f"{OUT}/lost.json"],  # a lost deal has no winning line
    ["analyze", "phalanx", "--deal", "1", "--probe-positions", "0"],
    ["analyze", "quadrille", "--stock", "short.txt", "-o", f"{OUT}/a.json"],  # a card short
    ["analyze", "quadrille", "--deal", "3", "--stock", "pack.txt"],
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
    pack = [card_str(card) for card in stock_indices("quadrille", 3)]
    (tmp_path / "pack.txt").write_text(" ".join(pack), encoding="utf-8")
    (tmp_path / "short.txt").write_text(" ".join(pack[1:]), encoding="utf-8")
    (tmp_path / "doubled.txt").write_text(" ".join([pack[1], *pack[1:]]), encoding="utf-8")
    (tmp_path / "latin-t.txt").write_text(" ".join(pack).replace("Т", "T"), encoding="utf-8")
    game, stock = make_game("village"), stock_indices("village", 1)
    record = json.loads(to_json(record_of(game, stock, play_out(game, stock).moves, Result.UNKNOWN, 1)))
    (tmp_path / "village.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    record["moves"][5], record["moves"][6] = record["moves"][6], record["moves"][5]
    (tmp_path / "illegal.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
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
