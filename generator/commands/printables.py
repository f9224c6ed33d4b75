"""``pasyans deals``: practice-deal sheets with an answer key (``pasyans deck`` is in ``deck.py``).

It writes a PDF through ``generator.safeio`` (a temporary file renamed into
place), so a failed or interrupted run leaves the old file or none. Every
argument, and the output path, is checked before any work starts.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from generator.commands.books import paper_name
from generator.commands.common import (
    STOCK_HELP,
    add_game_arguments,
    add_jobs,
    deal_number,
    game_from,
    jobs_of,
    read_stock,
    stock_name,
)
from generator.deals import MAX_DEAL
from generator.errors import UserError
from generator.paths import OUTPUT
from generator.progress import Progress

if TYPE_CHECKING:  # the solver layer loads late, when a command needs it
    from generator.selection import Selection

#: ``--difficulty``: the selections by grade (``generator.selection.GRADES``, not imported here: it loads the solver).
DIFFICULTIES = ("easy", "foresight", "lost")
#: The most deals one sheet file may hold: a two-pack deal is a page, its answer another.
MAX_SHEET_DEALS = 500
#: The most positions ``--positions`` allows per deal: hours of search for the slowest game.
MAX_POSITIONS = 100_000_000
#: ``--positions`` by default (``generator.pdf.practice.POSITIONS``, not imported here: the PDF stack loads late).
DEFAULT_POSITIONS = 100_000


def sheet_count(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_SHEET_DEALS:
        raise argparse.ArgumentTypeError(f"--count must be a whole number from 1 to {MAX_SHEET_DEALS}, not {text!r}")
    return int(text)


def positions_count(text: str) -> int:
    """``--positions``: the solver's limit per deal, a whole number of positions from 1 to ``MAX_POSITIONS``."""
    digits = text.strip().replace("_", "")
    if not re.fullmatch(r"[0-9]+", digits) or not 1 <= int(digits) <= MAX_POSITIONS:
        raise argparse.ArgumentTypeError(f"must be a whole number of positions from 1 to {MAX_POSITIONS}, "
                                         f"not {text!r}")
    return int(digits)


def retired_budget(text: str) -> float:
    """``--budget`` (seconds) was replaced by ``--positions``: say so instead of argparse's bare complaint."""
    raise argparse.ArgumentTypeError(f"--budget (seconds) is gone: the limit is now --positions N, counted in "
                                     f"positions so the PDF is the same on any machine (default {DEFAULT_POSITIONS})")


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    deals = commands.add_parser(
        "deals",
        help="write practice-deal sheets with an answer key",
        description="Write a PDF of practice deals: for each deal its opening figure and the stacking order "
        "(the stock from the top card down, in rows of ten) to reproduce it with real packs; then an answer "
        "key with each deal's verdict, grade, winning line and final position; for a deal that needs foresight "
        "(won, but lost by the no-peek player) its critical moment: the position before the player's losing "
        "move, that move and the one that keeps the win (see 'pasyans analyze'). --winnable keeps only the "
        "deals the solver wins, --unwinnable only the proved losses, --difficulty the deals of one grade (at "
        "most 50 × --count deal numbers are scanned). --stock FILE gives the sheet of one pack typed in "
        "instead (a deal dealt by hand, or from another program), its answer too.",
    )
    add_game_arguments(deals)
    deals.add_argument("--from", dest="first", metavar="N", type=deal_number, default=None,
                       help="first deal number (default 1)")
    deals.add_argument("--count", metavar="K", type=sheet_count, default=None,
                       help=f"how many deals (default 10, at most {MAX_SHEET_DEALS})")
    deals.add_argument("--stock", metavar="FILE_OR_-", help="one typed pack instead of numbered deals: "
                       + STOCK_HELP.removeprefix("a pack order instead of a deal number: "))
    pick = deals.add_mutually_exclusive_group()
    pick.add_argument("--winnable", action="store_true", help="only deals the solver wins")
    pick.add_argument("--unwinnable", action="store_true", help="only deals proved lost")
    pick.add_argument("--difficulty", metavar="GRADE", choices=DIFFICULTIES,
                      help="only deals of one grade: easy (the no-peek player wins), foresight (won, but the "
                      "no-peek player loses) or lost (proved)")
    deals.add_argument("--no-answers", action="store_true", help="leave out the answer key")
    deals.add_argument("--paper", metavar="SIZE", type=paper_name, default="A4", help="A4 (default), A5 or letter")
    deals.add_argument("--positions", metavar="N", type=positions_count, default=DEFAULT_POSITIONS,
                       help=f"the solver's limit per deal, in positions (arrangements of the cards) it may "
                       f"search; default {DEFAULT_POSITIONS}. A deal it leaves open is searched under the "
                       "game's other readings too (1.5 N more positions in all) and counts as won when one of "
                       "their winning lines also wins under this reading's rules; a deal neither won nor proved "
                       "lost then is printed as "
                       "not solved. Positions, not seconds, so the same N gives the "
                       "same PDF on any machine, with any --jobs. Time: roughly N / 20000 s per hard deal "
                       "(100000 ≈ 5 s; phalanx ≈ 25 s; quadrille decides at once); most deals settle far "
                       "sooner")
    deals.add_argument("--budget", type=retired_budget, help=argparse.SUPPRESS)
    add_jobs(deals, "solver processes")
    deals.add_argument("-o", "--output", metavar="FILE", default=None,
                       help="where to write the PDF (default output/deals-GAME.pdf)")
    deals.set_defaults(handler=cmd_deals)


def output_path(args: argparse.Namespace, default: Path) -> Path:
    """The output path, checked before any work (a missing directory is made when the file is written)."""
    from generator.pdf.templates import source_date_epoch
    from generator.safeio import check_output_path

    output = Path(args.output) if args.output else default
    check_output_path(output)
    try:
        source_date_epoch()
    except ValueError as error:
        raise UserError(str(error)) from None
    return output


class DealsProgress(Progress):
    """The sheets' progress: deals kept of those wanted, how many numbers were looked at, and where."""

    def __call__(self, selection: Selection) -> None:
        scanned = f"  {selection.scanned} scanned" if selection.mode != "all" else ""
        where = f"  at №{selection.last}" if selection.last else ""  # a typed pack has no number
        self.update(len(selection.kept), f"{scanned.strip()}{where}".strip())


def cmd_deals(args: argparse.Namespace) -> int:
    from generator.pdf.practice import build_sheets
    from generator.safeio import atomic_output
    from generator.selection import SelectionError

    game = game_from(args)
    mode = "winnable" if args.winnable else "unwinnable" if args.unwinnable else args.difficulty or "all"
    stock = None
    name = game.full_id.replace(":", "-")
    if args.stock is not None:
        given = [flag for flag, value in (("--from", args.first), ("--count", args.count)) if value is not None]
        given += [] if mode == "all" else ["--" + mode if mode in ("winnable", "unwinnable") else "--difficulty"]
        if given:
            raise UserError(f"--stock gives the sheet of one typed pack: leave out {' and '.join(given)} (they "
                            "choose among numbered deals)")
        name += "-" + stock_name(args.stock)
    args.first = 1 if args.first is None else args.first
    args.count = 10 if args.count is None else args.count
    if args.stock is None and mode == "all" and args.first + args.count - 1 > MAX_DEAL:
        raise UserError(f"deals {args.first}..{args.first + args.count - 1} go past the last deal number {MAX_DEAL}")
    output = output_path(args, OUTPUT / f"deals-{name}.pdf")
    if args.stock is not None:
        stock = read_stock(args.stock, game)
        args.count = 1
    jobs = jobs_of(args)
    started = time.perf_counter()
    progress = DealsProgress(args.count, game.full_id)
    try:
        with atomic_output(output) as handle:
            selection = build_sheets(game.full_id, handle, first=args.first, count=args.count, mode=mode,
                                     answers=not args.no_answers, paper=args.paper, positions=args.positions,
                                     jobs=jobs, on_progress=progress, stock=stock)
    except SelectionError as error:
        progress.end()
        raise UserError(str(error)) from None
    except BaseException:
        progress.end()
        raise
    progress.end()
    size = output.stat().st_size
    skipped = f", {selection.skipped} deal numbers skipped" if mode != "all" else ""
    deals = f"{len(selection.kept)} deal{'s' if len(selection.kept) != 1 else ''}"
    print(f"pasyans: wrote {output} ({deals}{skipped}; {size / 1024:.0f} KiB, "
          f"{time.perf_counter() - started:.1f} s)", file=sys.stderr)
    return 0
