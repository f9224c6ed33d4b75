"""The book's sample deals: for each game and variant, the lowest deal number the solver wins, as a record.

The rulebook shows one real win per game («Разбор расклада №N»). Solving at
build time would make the build slow and its result hang on a time budget, so
the wins are found once, here, and kept as checked game records in
``assets/samples/`` (``pasyans-record/1``); the book only replays them.

The sample is the lowest deal number, from ``start`` upwards, that the solver
wins. A deal the solver cannot decide within the budget (``unknown``) is
skipped and noted: the sample is then the lowest win among the deals the
solver decided, not necessarily the lowest winnable deal.

Run ``python -m generator.samples [--only GAME]`` to (re)write the files.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.deals import stock_indices
from generator.errors import UserError
from generator.games import GAME_IDS, Game, Result, all_specs, make_game
from generator.paths import ASSETS
from generator.record import Record, RecordError, read_record, record_of, replay, to_json
from generator.safeio import write_text
from generator.solver import Budget, solve

SAMPLES_DIR = ASSETS / "samples"
BUDGET_SECONDS = 60.0
#: How many deals to try before giving up on a game.
LIMIT = 50


def sample_path(spec: str, directory: Path | None = None) -> Path:
    """``assets/samples/quadrille.json``, ``…/quadrille.queens_first.json``: no colon in a file name (Windows)."""
    return (SAMPLES_DIR if directory is None else directory) / f"{spec.replace(':', '.')}.json"


@dataclass(frozen=True)
class Search:
    """What the search found: the winning record (or ``None``), and the deals it passed on the way."""

    spec: str
    record: Record | None
    lost: tuple[int, ...]
    unknown: tuple[int, ...]  # the solver gave up: skipped, so the sample may not be the lowest winnable deal
    seconds: float

    @property
    def deal(self) -> int | None:
        return None if self.record is None else self.record.deal


def find_sample(game: Game, *, start: int = 1, budget_seconds: float = BUDGET_SECONDS, limit: int = LIMIT,
                on_deal: Callable[[int, Result, float], None] | None = None) -> Search:
    """The lowest deal from ``start`` (at most ``limit`` deals tried) that the solver wins, as a checked record.

    ``on_deal(deal, result, seconds)`` hears of every deal tried (for progress). A winning line that
    does not replay as a win is a bug in an engine or the solver, and raises ``RuntimeError``.
    """
    started = time.perf_counter()
    lost: list[int] = []
    unknown: list[int] = []
    for deal in range(start, start + limit):
        stock = stock_indices(game.id, deal)
        solution = solve(game, stock, budget=Budget(seconds=budget_seconds))
        if on_deal:
            on_deal(deal, solution.result, solution.seconds)
        if solution.result is Result.LOST:
            lost.append(deal)
        elif solution.result is Result.UNKNOWN:
            unknown.append(deal)
        else:
            record = record_of(game, stock, solution.moves, Result.WON, deal)
            checked = replay(record)
            if not checked.ok or checked.outcome is not Result.WON:
                raise RuntimeError(f"{game.full_id} deal {deal}: the solver's line does not replay: {checked.reason}")
            return Search(game.full_id, record, tuple(lost), tuple(unknown), time.perf_counter() - started)
    return Search(game.full_id, None, tuple(lost), tuple(unknown), time.perf_counter() - started)


class SampleError(Exception):
    """A sample file that is missing or does not replay as a win; the message is Russian, for the book."""


def load_sample(spec: str, directory: Path | None = None) -> Record:
    """The sample record of ``spec``, replayed and checked: a legal line that ends won.

    Raises :class:`SampleError` (a Russian sentence) when the file is missing, unreadable, of
    another game, or its line is illegal or does not win.
    """
    path = sample_path(spec, directory)
    if not path.exists():
        raise SampleError("Образцовый расклад для этой игры ещё не найден.")
    try:
        record = read_record(str(path))
    except RecordError:
        raise SampleError("Запись образцового расклада повреждена, и разбор не печатается.") from None
    game = make_game(spec)
    if (record.game, record.variant) != (game.id, game.variant) or record.deal is None:
        raise SampleError("Запись образцового расклада относится к другой игре, и разбор не печатается.")
    checked = replay(record)
    if not checked.ok:
        raise SampleError(f"Запись расклада №{record.deal} не проходит проверку по правилам "
                          f"(ход {checked.illegal_at or len(record.moves)}), и разбор не печатается.")
    if checked.outcome is not Result.WON or record.result is not Result.WON:
        raise SampleError(f"Запись расклада №{record.deal} не доводит пасьянс до конца, и разбор не печатается.")
    return record


# --- the command ----------------------------------------------------------------------------------------------


def _specs(only: str | None) -> list[str]:
    if only is None:
        return all_specs()
    game_id = only.partition(":")[0]
    if game_id not in GAME_IDS:
        raise UserError(f"unknown game {only!r}: choose one of {', '.join(GAME_IDS)}")
    if ":" in only:
        return [make_game(only).full_id]
    return [spec for spec in all_specs() if spec.partition(":")[0] == game_id]


def main(argv: Sequence[str] | None = None) -> int:
    """Find and write the sample of every game and variant (or of ``--only GAME``); 1 if any was not found."""
    parser = argparse.ArgumentParser(prog="python -m generator.samples", description=main.__doc__)
    parser.add_argument("--only", metavar="GAME", help="one game (with its variants) or one GAME:VARIANT")
    parser.add_argument("--budget", metavar="SECONDS", type=float, default=BUDGET_SECONDS,
                        help=f"solver budget per deal (default {BUDGET_SECONDS:g} s)")
    parser.add_argument("--start", metavar="N", type=int, default=1, help="first deal to try (default 1)")
    parser.add_argument("--limit", metavar="N", type=int, default=LIMIT, help=f"deals to try (default {LIMIT})")
    parser.add_argument("--directory", metavar="DIR", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        specs = _specs(args.only)
    except UserError as error:
        parser.error(str(error))
    directory = args.directory or SAMPLES_DIR
    directory.mkdir(parents=True, exist_ok=True)
    missing = 0
    for spec in specs:
        def progress(deal: int, result: Result, seconds: float, spec: str = spec) -> None:
            print(f"  {spec} deal {deal}: {result} ({seconds:.1f} s)", file=sys.stderr, flush=True)

        found = find_sample(make_game(spec), start=args.start, budget_seconds=args.budget, limit=args.limit,
                            on_deal=progress)
        skipped = f"; skipped as unknown: {', '.join(map(str, found.unknown))}" if found.unknown else ""
        if found.record is None:
            missing += 1
            print(f"{spec}: no win in deals {args.start}..{args.start + args.limit - 1}{skipped}")
            continue
        path = sample_path(spec, directory)
        write_text(path, to_json(found.record))
        print(f"{spec}: deal {found.deal}, {len(found.record.moves)} moves, {found.seconds:.1f} s{skipped} → {path}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
