"""``pasyans deals`` and ``pasyans deck``: practice-deal sheets with an answer key, and a print-and-play pack.

Both write a PDF through ``generator.safeio`` (a temporary file renamed into
place), so a failed or interrupted run leaves the old file or none. Every
argument, and the output path, is checked before any work starts.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path

from generator.commands.books import paper_name
from generator.commands.common import add_game_arguments, deal_number, game_from
from generator.deals import MAX_DEAL
from generator.errors import UserError
from generator.paths import OUTPUT
from generator.progress import Progress

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
        raise argparse.ArgumentTypeError(f"--positions must be a whole number from 1 to {MAX_POSITIONS}, "
                                         f"not {text!r}")
    return int(digits)


def retired_budget(text: str) -> float:
    """``--budget`` (seconds) was replaced by ``--positions``: say so instead of argparse's bare complaint."""
    raise argparse.ArgumentTypeError(f"--budget (seconds) is gone: the limit is now --positions N, counted in "
                                     f"positions so the PDF is the same on any machine (default {DEFAULT_POSITIONS})")


def jobs_count(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= 256:
        raise argparse.ArgumentTypeError(f"--jobs must be a whole number from 1 to 256, not {text!r}")
    return int(text)


def deck_paper(text: str) -> str:
    """``--paper`` of the pack: A4 or letter (A5 cannot hold 3 × 3 cards of 63 × 88 mm)."""
    for name in ("A4", "letter"):
        if text.strip().lower() == name.lower():
            return name
    raise argparse.ArgumentTypeError(f"unknown paper {text!r} for the pack: choose A4 or letter (3 × 3 cards of "
                                     "63 × 88 mm need 189 × 264 mm)")


def bleed_mm(text: str) -> float:
    """``--bleed``: millimetres from 0 to 5; a decimal comma is accepted."""
    from generator.pdf.deck import MAX_BLEED_MM

    try:
        value = float(text.strip().removesuffix("mm").replace(",", "."))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--bleed must be a number of millimetres, not {text!r}") from None
    if not 0 <= value <= MAX_BLEED_MM:  # also refuses nan
        raise argparse.ArgumentTypeError(f"--bleed must be from 0 to {MAX_BLEED_MM:g} mm, not {text!r}")
    return value


def colours(text: str) -> int:
    if text.strip() not in ("2", "4"):
        raise argparse.ArgumentTypeError(f"--colors must be 2 or 4, not {text!r}")
    return int(text)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    deals = commands.add_parser(
        "deals",
        help="write practice-deal sheets with an answer key",
        description="Write a PDF of practice deals: for each deal its opening figure and the stacking order "
        "(the stock from the top card down, in rows of ten) to reproduce it with real packs; then an answer "
        "key with each deal's verdict, winning line and final position. --winnable keeps only the deals the "
        "solver wins, --unwinnable only the proved losses (at most 50 × --count deal numbers are scanned).",
    )
    add_game_arguments(deals)
    deals.add_argument("--from", dest="first", metavar="N", type=deal_number, default=1,
                       help="first deal number (default 1)")
    deals.add_argument("--count", metavar="K", type=sheet_count, default=10,
                       help=f"how many deals (default 10, at most {MAX_SHEET_DEALS})")
    pick = deals.add_mutually_exclusive_group()
    pick.add_argument("--winnable", action="store_true", help="only deals the solver wins")
    pick.add_argument("--unwinnable", action="store_true", help="only deals proved lost")
    deals.add_argument("--no-answers", action="store_true", help="leave out the answer key")
    deals.add_argument("--paper", metavar="SIZE", type=paper_name, default="A4", help="A4 (default), A5 or letter")
    deals.add_argument("--positions", metavar="N", type=positions_count, default=DEFAULT_POSITIONS,
                       help=f"the solver's limit per deal, in positions (arrangements of the cards) it may "
                       f"search; default {DEFAULT_POSITIONS}. A deal neither won nor proved lost within N "
                       "positions is printed as not solved. Positions, not seconds, so the same N gives the "
                       "same PDF on any machine, with any --jobs. Time: roughly N / 20000 s per hard deal "
                       "(100000 ≈ 5 s; phalanx ≈ 25 s; quadrille decides at once); most deals settle far "
                       "sooner")
    deals.add_argument("--budget", type=retired_budget, help=argparse.SUPPRESS)
    deals.add_argument("--jobs", "-j", metavar="J", type=jobs_count, default=None,
                       help="solver processes (default: all cores)")
    deals.add_argument("-o", "--output", metavar="FILE", default=None,
                       help="where to write the PDF (default output/deals-GAME.pdf)")
    deals.set_defaults(handler=cmd_deals)

    deck = commands.add_parser(
        "deck",
        help="write a print-and-play pack of cards",
        description="Write our 52 cards at true size, 63 × 88 mm, 3 × 3 to a sheet with crop marks, never "
        "scaled: print at 100 %. --backs adds a sheet of backs after each sheet of faces, mirrored for "
        "long-edge duplex printing. The same arguments give the same bytes.",
    )
    deck.add_argument("--paper", metavar="SIZE", type=deck_paper, default="A4", help="A4 (default) or letter")
    deck.add_argument("--bleed", metavar="MM", type=bleed_mm, default=0.0,
                      help="white bleed round the block of cards, 0 to 5 mm (default 0)")
    deck.add_argument("--colors", metavar="N", type=colours, default=2,
                      help="2 (default) or 4 colours of suits (♣ green, ♦ blue)")
    deck.add_argument("--backs", action="store_true", help="add mirrored sheets of card backs for duplex printing")
    deck.add_argument("-o", "--output", metavar="FILE", default=None,
                      help="where to write the PDF (default output/deck.pdf)")
    deck.set_defaults(handler=cmd_deck)


def _output(args: argparse.Namespace, default: Path) -> Path:
    """The output path, checked before any work; the default's directory is made if missing."""
    from generator.pdf.layout import source_date_epoch
    from generator.safeio import check_output_path

    if args.output is None:
        OUTPUT.mkdir(exist_ok=True)
    output = Path(args.output) if args.output else default
    check_output_path(output)
    try:
        source_date_epoch()
    except ValueError as error:
        raise UserError(str(error)) from None
    return output


class DealsProgress(Progress):
    """The sheets' progress: deals kept of those wanted, how many numbers were looked at, and where."""

    def __call__(self, selection) -> None:
        scanned = f"  {selection.scanned} scanned" if selection.mode != "all" else ""
        self.update(len(selection.kept), f"{scanned.strip()}  at №{selection.last}".strip())


def cmd_deals(args: argparse.Namespace) -> int:
    from generator.pdf.practice import SelectionError, build_sheets
    from generator.safeio import atomic_output

    game = game_from(args)
    mode = "winnable" if args.winnable else "unwinnable" if args.unwinnable else "all"
    if mode == "all" and args.first + args.count - 1 > MAX_DEAL:
        raise UserError(f"deals {args.first}..{args.first + args.count - 1} go past the last deal number {MAX_DEAL}")
    name = game.full_id.replace(":", "-")
    output = _output(args, OUTPUT / f"deals-{name}.pdf")
    jobs = args.jobs or os.cpu_count() or 1
    started = time.perf_counter()
    progress = DealsProgress(args.count, game.full_id)
    try:
        with atomic_output(output) as handle:
            selection = build_sheets(game.full_id, handle, first=args.first, count=args.count, mode=mode,
                                     answers=not args.no_answers, paper=args.paper, positions=args.positions,
                                     jobs=jobs,
                                     on_progress=progress)
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


def cmd_deck(args: argparse.Namespace) -> int:
    from generator.pdf.deck import LayoutError, build_deck, deck_pages, sheet_for
    from generator.safeio import write_bytes

    try:
        sheet_for(args.paper, args.bleed)  # a bleed the paper cannot take is refused before any work
    except LayoutError as error:
        raise UserError(str(error)) from None
    output = _output(args, OUTPUT / "deck.pdf")
    started = time.perf_counter()
    data = build_deck(args.paper, bleed_mm=args.bleed, colors=args.colors, backs=args.backs)
    write_bytes(output, data)
    print(f"pasyans: wrote {output} ({deck_pages(backs=args.backs)} pages, "
          f"{len(data) / 1024:.0f} KiB, {time.perf_counter() - started:.1f} s)", file=sys.stderr)
    return 0
