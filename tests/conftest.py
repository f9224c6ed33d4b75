"""Shared test helpers: running the CLI in-process and as a real subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Run:
    status: int
    out: str
    err: str


def run_cli(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None, timeout: float = 600) -> Run:
    """Run ``python -m generator ARGS`` as a separate process, as a user would."""
    proc = subprocess.run(
        [sys.executable, "-m", "generator", *args],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        env=env,
        timeout=timeout,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)


def assert_record_wins(game, stock, moves, deal: int) -> None:
    """The solver's ``moves`` as a ``pasyans-record/1`` file (through JSON) replay to a win with the checker."""
    from generator.games import Result
    from generator.record import from_json, record_of, replay, to_json

    replayed = replay(from_json(to_json(record_of(game, stock, moves, Result.WON, deal))))
    assert replayed.ok, replayed.reason
    assert replayed.outcome is Result.WON


def assert_deal_forced_whole(game, state, seed: int, floor: int, one_by_one) -> None:
    """Along a random line from ``state``: ``game.deal_forced`` makes exactly what ``one_by_one(game, state, floor)``
    makes a move at a time (the same moves, the same position), and at least one move somewhere."""
    import random

    rng = random.Random(seed)
    dealt = 0
    while moves := game.legal_moves(state):
        made: list = []
        end = game.deal_forced(state, made, stock_floor=floor)
        assert (made, end) == one_by_one(game, state, floor)
        dealt += len(made)
        state = game.apply(state, rng.choice(moves))
    assert dealt


def assert_key_one_to_one(game, plain_key, seeds: int, at_least: int, steps: int | None = None) -> None:
    """On the positions of random lines of ``seeds`` deals, ``game.key`` tells two positions apart exactly when
    ``plain_key`` (the key's definition written out plainly) does, over at least ``at_least`` distinct keys.
    ``steps``: a line's length at most (a game whose moves can go round in circles)."""
    import itertools
    import random

    from generator.deals import stock_indices

    by_key: dict[object, object] = {}
    by_plain: dict[object, object] = {}
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.initial_state(stock_indices(game.id, seed + 1))
        for _ in range(steps) if steps is not None else itertools.count():
            moves = game.legal_moves(state)
            if not moves:
                break
            key, plain = game.key(state), plain_key(state)
            assert by_key.setdefault(key, plain) == plain
            assert by_plain.setdefault(plain, key) == key
            state = game.apply(state, rng.choice(moves))
    assert len(by_key) >= at_least


def digests_across_hash_seeds(code: str, seeds: tuple[str, ...] = ("1", "2")) -> set[str]:
    """What ``code`` prints, run in fresh processes under different hash seeds (one answer = no order accidents)."""
    digests = set()
    for seed in seeds:
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env)
        assert out.returncode == 0, out.stderr
        digests.add(out.stdout.strip())
    return digests


@pytest.fixture
def cli():
    return run_cli
