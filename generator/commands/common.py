"""Argument types and options shared by the subcommands; mistakes become ``UserError``.

A command that plays a deal takes it as ``--deal N`` (a PySolFC number) or
``--stock FILE_OR_-`` (a pack typed by a person): ``add_deal_or_stock`` adds
both, ``deal_from`` turns them into a ``Deal``. A command that shows a line
of play takes ``--record FILE`` too (``add_record_argument``, ``record_from``).
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from generator.deals import DealNumberError, check_deal_number, stock_indices
from generator.errors import UserError
from generator.games import GAMES, Game, Move, Result, UnknownGameError, VariantError, make_game

if TYPE_CHECKING:
    from generator.record import Record

STOCK_HELP = ("a pack order instead of a deal number: a file (or - for standard input) with the cards top card "
              "first, separated by spaces, commas or new lines, e.g. 'Д♠ 10♥ Т♣ …' or 'Qs 10h Ac …'")

MIN_DPI, MAX_DPI = 30, 1200


def dpi(text: str) -> int:
    """``--dpi``: a PNG's resolution, a whole number of dots per inch."""
    if not text.strip().isdigit() or not MIN_DPI <= int(text) <= MAX_DPI:
        raise argparse.ArgumentTypeError(f"must be a whole number from {MIN_DPI} to {MAX_DPI}, not {text!r}")
    return int(text)


def deal_number(text: str) -> int:
    try:
        return check_deal_number(text)
    except DealNumberError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def duplex_edge(text: str) -> str:
    """``--duplex``: the edge a two-sided printer turns the paper on, long or short (the pack, the booklet)."""
    from generator.pdf.paper import DUPLEX_EDGES  # here: a command that prints nothing loads no PDF toolkit

    edge = text.strip().lower()
    if edge not in DUPLEX_EDGES:
        raise argparse.ArgumentTypeError(f"--duplex must be {' or '.join(DUPLEX_EDGES)}, not {text!r}")
    return edge


def colors_count(text: str) -> int:
    """``--colors``: a two- or four-colour pack (♣ green and ♦ blue in the four-colour one)."""
    if text.strip() not in ("2", "4"):
        raise argparse.ArgumentTypeError(f"must be 2 or 4, not {text!r}")
    return int(text)


def add_game_arguments(parser: argparse.ArgumentParser, *, required: bool = True) -> None:
    parser.add_argument("game", metavar="GAME", nargs=None if required else "?",
                        help="game id, or GAME:VARIANT (see 'pasyans games')")
    named = ", ".join(f"{variant} ({game_id})" for game_id, game in GAMES.items() for variant in game.variants)
    parser.add_argument("--variant", metavar="V", help=f"variant of the game: {named}")


def game_from(args: argparse.Namespace) -> Game:
    try:
        return make_game(args.game, args.variant)
    except (UnknownGameError, VariantError) as error:
        raise UserError(str(error)) from None


def add_deal_argument(parser: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup, *,
                      required: bool = True) -> None:
    parser.add_argument(
        "--deal", "-d", metavar="N", type=deal_number, required=required,
        help="deal number (PySolFC game number, 1 .. 10**20)",
    )


def add_deal_or_stock(parser: argparse.ArgumentParser, *, required: bool = True) -> None:
    """``--deal N`` or ``--stock FILE_OR_-``, one of them (``required``) or neither."""
    which = parser.add_mutually_exclusive_group(required=required)
    add_deal_argument(which, required=False)
    which.add_argument("--stock", metavar="FILE_OR_-", help=STOCK_HELP)


@dataclass(frozen=True)
class Deal:
    """What is played: a numbered deal, or a typed pack (``number`` None); ``name`` goes into file names."""

    number: int | None
    stock: tuple[int, ...]
    name: str


def deal_from(args: argparse.Namespace, game: Game) -> Deal:
    """The deal that ``--deal`` or ``--stock`` names (the caller made one of them required)."""
    if getattr(args, "stock", None) is not None:
        return Deal(None, read_stock(args.stock, game), stock_name(args.stock))
    return Deal(args.deal, stock_indices(game.id, args.deal), str(args.deal))


def stock_name(source: str) -> str:
    """A typed pack's part of an output file's name: ``stock`` (standard input) or ``stock-STEM``."""
    return "stock" if source == "-" else "stock-" + Path(source).stem


def read_stock(source: str, game: Game) -> tuple[int, ...]:
    """The typed pack in ``source`` (a file, or ``-``: standard input), checked against the game's packs."""
    from generator.safeio import read_input
    from generator.stock_text import StockError, parse_stock

    text = sys.stdin.read() if source == "-" else read_input(source, "file of cards (--stock)")
    try:
        return parse_stock(text, game.packs)
    except StockError as error:
        raise UserError(str(error)) from None


def add_record_argument(parser: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup, what: str) -> None:
    parser.add_argument("--record", metavar="FILE", help=f"a game record (pasyans-record/1, from play, solve or by "
                                                         f"hand): {what}")


def record_from(args: argparse.Namespace) -> tuple[Game, Record]:
    """The record ``--record`` names, all its moves legal; GAME, if given too, must be the record's game."""
    from generator.record import describe_move, read_record, replay

    record = read_record(args.record)
    game = record.engine()
    if args.game is not None or args.variant is not None:
        asked = game_from(args)
        if asked.full_id != game.full_id:
            raise UserError(f"{args.record} is a record of {game.full_id}, not of {asked.full_id}: "
                            f"drop GAME or give the right one")
    checked = replay(record)
    if checked.illegal_at:
        raise UserError(f"{args.record}: move {checked.illegal_at} ({describe_move(record, checked.illegal_at)}) "
                        f"is illegal: {checked.reason} (see 'pasyans check')")
    return game, record


def add_deal_stock_or_record(parser: argparse.ArgumentParser, record_help: str) -> None:
    """What a figure or a page shows: ``--deal N``, ``--stock FILE_OR_-`` or ``--record FILE`` (one of them)."""
    which = parser.add_mutually_exclusive_group()
    add_deal_argument(which, required=False)
    which.add_argument("--stock", metavar="FILE_OR_-", help=STOCK_HELP)
    add_record_argument(which, record_help)


@dataclass(frozen=True)
class Shown:
    """A deal to show, and the record whose line is shown (None: the tool finds a line, see ``line_of``)."""

    game: Game
    deal: Deal
    record: Record | None = None
    record_path: str = ""


def shown_from(args: argparse.Namespace) -> Shown:
    """The game and deal of ``--record``, or GAME with ``--deal`` or ``--stock`` (``add_deal_stock_or_record``)."""
    if getattr(args, "record", None) is not None:
        game, record = record_from(args)
        return Shown(game, Deal(record.deal, record.stock, Path(args.record).stem), record, args.record)
    if args.game is None:
        raise UserError("give GAME with --deal N or --stock FILE, or a game record with --record FILE")
    game = game_from(args)
    if args.deal is None and args.stock is None:
        raise UserError("a position needs a deal: add --deal N, --stock FILE or --record FILE")
    return Shown(game, deal_from(args, game))


@dataclass(frozen=True)
class Line:
    """A line of play to step through: its moves, where it comes from (``record``, ``solver``, ``no_peek``), the
    words for it in messages, and the verdict on the deal (the record's claim, or the solver's)."""

    moves: list[Move]
    kind: str
    whose: str
    verdict: Result


def add_jobs(parser: argparse.ArgumentParser, what: str) -> None:
    """``--jobs J``: how many worker processes ``what`` runs on (``jobs_of``: all cores unless asked)."""
    parser.add_argument("--jobs", "-j", metavar="J", type=_jobs_count, default=None,
                        help=f"{what} (default: all cores)")


def _jobs_count(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= 256:
        raise argparse.ArgumentTypeError(f"--jobs must be a whole number from 1 to 256, not {text!r}")
    return int(text)


def jobs_of(args: argparse.Namespace) -> int:
    """The workers ``--jobs`` asked for, or every core."""
    return int(args.jobs or os.cpu_count() or 1)


def line_of(shown: Shown, positions: int, *, jobs: int = 1) -> Line:
    """The record's moves; else the solver's winning line within ``positions`` (a deal it leaves open may be won
    through another reading's line: ``selection.solve_or_borrow``, its searches side by side on ``jobs`` workers),
    else the no-peek player's game. Positions, not seconds, so every machine steps through the same line."""
    from generator.play import play_out
    from generator.progress import TerminalNote
    from generator.selection import solve_or_borrow

    if shown.record is not None:
        return Line(list(shown.record.moves), "record", f"the record {shown.record_path}", shown.record.result)
    stock = shown.deal.stock
    # One line of progress on a terminal (a deal the solver leaves open takes up to a minute: gallery deal 3, 51 s);
    # not in a log, where stderr holds only an error, in one line.
    say = TerminalNote()
    say(f"pasyans: looking for a winning line ({positions:,} positions, then other readings') … ", end="")
    try:
        solution = solve_or_borrow(shown.game, stock, positions, jobs=jobs)
    except BaseException:
        say("stopped")
        raise
    if solution.result is Result.WON:
        say(f"found ({len(solution.moves)} moves)")
        return Line(list(solution.moves), "solver", "the solver's winning line", Result.WON)
    say(f"none ({solution.result}): the no-peek player's game instead")
    moves = play_out(shown.game, stock).moves
    return Line(list(moves), "no_peek", "the no-peek player's game", solution.result)
