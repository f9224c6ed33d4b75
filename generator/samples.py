"""The book's sample deals: for each game and variant, the lowest deal number the solver wins, as a record.

The rulebook shows one real win per game («Разбор расклада №N»). Solving at
build time would make the build slow and its result hang on a time budget, so
the wins are found once, here, and kept as checked game records in
``assets/samples/`` (``pasyans-record/1``); the book only replays them.

The sample is the lowest deal number, from ``start`` upwards, that the solver
wins. A deal the solver cannot decide within the budget (``unknown``) is
skipped and noted: the sample is then the lowest win among the deals the
solver decided, not necessarily the lowest winnable deal.

When the no-peek player loses the sample deal (it needs foresight), the record is instead the
winning line through the critical moment of the player's game (``generator.analysis``): the
player's moves up to the one that loses the win, then the move that keeps it, then a win; and
``critical.json`` beside the records says where that moment is, so the book can mark it without
solving anything.

Run ``python -m generator.samples [--only GAME]`` to (re)write the files.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.analysis import Difficulty, Status, analyse_deal
from generator.deals import stock_indices
from generator.errors import UserError
from generator.games import GAME_IDS, Game, Move, Result, all_specs, make_game
from generator.paths import ASSETS
from generator.record import (
    Record,
    RecordError,
    move_entry,
    move_from_entry,
    read_record,
    record_of,
    replay,
    to_json,
)
from generator.replay import replay as replay_line
from generator.safeio import write_text
from generator.solver import Budget, solve

SAMPLES_DIR = ASSETS / "samples"
#: Where the no-peek player loses each sample deal, beside the records.
CRITICAL_NAME = "critical.json"
CRITICAL_FORMAT = "pasyans-sample-critical/1"
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


# --- where the no-peek player loses the sample ---------------------------------------------------------------


@dataclass(frozen=True)
class SampleMoment:
    """The sample deal's grade and, when it needs foresight, the critical moment of the no-peek player's game.

    ``number`` is K, counted from 1 in the sample's line (whose first K−1 moves are the player's), ``played``
    the player's move there, ``keeps_win`` the sample's move K; ``between`` the stretch the moment lies in when
    it could not be pinned down (``status`` unknown).
    """

    deal: int
    difficulty: Difficulty
    status: Status
    number: int | None = None
    played: Move | None = None
    keeps_win: Move | None = None
    between: tuple[int, int] | None = None


def analysed_sample(game: Game, record: Record) -> tuple[Record, SampleMoment]:
    """The sample as the book prints it: for a deal that needs foresight, the winning line through the critical
    moment of the no-peek player's game (as far as the player keeps the win), and where that moment is."""
    assert record.deal is not None
    analysis = analyse_deal(game, record.stock)
    line = analysis.line
    moment = SampleMoment(record.deal, analysis.difficulty, line.status, between=line.between)
    if analysis.difficulty is not Difficulty.FORESIGHT or line.winning_line is None:
        return record, moment
    critical = line.critical
    if critical is not None:
        moment = replace(moment, number=critical.number, played=critical.played, keeps_win=critical.keeps_win)
    through = replace(record, moves=line.winning_line)
    checked = replay(through)
    if not checked.ok or checked.outcome is not Result.WON:
        raise RuntimeError(f"{game.full_id} deal {record.deal}: the line through the critical moment does not win")
    return through, moment


def _moment_entry(game: Game, moment: SampleMoment) -> dict[str, Any]:
    def entry(move: Move | None) -> dict[str, Any] | None:
        return None if move is None else move_entry(game, move)

    return {"deal": moment.deal, "difficulty": str(moment.difficulty), "status": str(moment.status),
            "move": moment.number, "played": entry(moment.played), "keeps_win": entry(moment.keeps_win),
            "between": list(moment.between) if moment.between else None}


def critical_path(directory: Path | None = None) -> Path:
    return (SAMPLES_DIR if directory is None else directory) / CRITICAL_NAME


def _load_moments(directory: Path | None) -> dict[str, Any]:
    try:
        data = json.loads(critical_path(directory).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
    samples = data.get("samples") if isinstance(data, dict) and data.get("format") == CRITICAL_FORMAT else None
    return samples if isinstance(samples, dict) else {}


def save_moment(spec: str, moment: SampleMoment, directory: Path | None = None) -> None:
    """Merge one spec's moment into ``critical.json`` (sorted, stable bytes)."""
    samples = _load_moments(directory)
    samples[spec] = _moment_entry(make_game(spec), moment)
    data = {"format": CRITICAL_FORMAT, "samples": dict(sorted(samples.items()))}
    write_text(critical_path(directory), json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n")


def load_moment(spec: str, record: Record, directory: Path | None = None) -> SampleMoment | None:
    """The sample's moment, checked against its record (the deal, the moves at K, the player's move legal there);
    None when it is not recorded or does not fit the record (the book then marks nothing)."""
    data = _load_moments(directory).get(spec)
    game = make_game(spec)
    if not isinstance(data, dict):
        return None
    try:
        deal, number, between = data["deal"], data["move"], data["between"]
        difficulty, status = Difficulty(data["difficulty"]), Status(data["status"])
        played, keeps = (None if data[key] is None else move_from_entry(game, data[key])
                         for key in ("played", "keeps_win"))
    except (KeyError, ValueError, RecordError):
        return None
    if deal != record.deal or (number is None) != (keeps is None):
        return None
    if number is not None:
        if not isinstance(number, int) or not 1 <= number <= len(record.moves) or record.moves[number - 1] != keeps:
            return None
        before = replay_line(game, game.initial_state(record.stock), record.moves[: number - 1]).final
        if played is not None and (played == keeps or played not in game.legal_moves(before)):
            return None
    valid = isinstance(between, list) and len(between) == 2 and all(isinstance(n, int) for n in between)
    return SampleMoment(deal, difficulty, status, number, played, keeps, (between[0], between[1]) if valid else None)


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
        record, moment = analysed_sample(make_game(spec), found.record)
        path = sample_path(spec, directory)
        write_text(path, to_json(record))
        save_moment(spec, moment, directory)
        where = f", critical move {moment.number}" if moment.number else ""
        print(f"{spec}: deal {found.deal} ({moment.difficulty}{where}), {len(record.moves)} moves, "
              f"{found.seconds:.1f} s{skipped} → {path}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
