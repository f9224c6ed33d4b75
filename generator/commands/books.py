"""``pasyans rulebook``: the printed rulebook as a PDF, or (``--booklet``) imposed as a booklet to fold.

The book is built in memory and written through ``generator.safeio`` (a
temporary file renamed into place), so an interrupted build never leaves a torn
PDF. The output path is checked before any work is done.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator.commands.common import duplex_edge
from generator.errors import UserError
from generator.paths import OUTPUT

DEFAULT_OUTPUT = OUTPUT / "rulebook.pdf"
DEFAULT_BOOKLET = OUTPUT / "rulebook-booklet.pdf"


def paper_name(text: str) -> str:
    """``--paper``: A4, A5 or letter in any case, normalised; anything else is a usage error."""
    from generator.pdf.paper import paper_named

    try:
        return paper_named(text).name
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rulebook = commands.add_parser(
        "rulebook",
        help="write the PDF rulebook",
        description="Typeset the rulebook «Пять старинных пасьянсов»: the five rule texts verbatim, their "
        "readings, walkthroughs and odds, and an appendix. The same inputs give the same bytes "
        "(SOURCE_DATE_EPOCH, if set, dates the file).",
    )
    rulebook.add_argument(
        "-o", "--output", metavar="FILE", default=None,
        help=f"where to write the PDF (default {DEFAULT_OUTPUT.relative_to(OUTPUT.parent)})",
    )
    rulebook.add_argument(
        "--paper", metavar="SIZE", type=paper_name, default="A4",
        help="A4 (default), A5 or letter; with --booklet the sheet: A4 (A5 pages) or letter (half-letter pages)",
    )
    rulebook.add_argument(
        "--booklet", action="store_true",
        help="impose the book as a booklet: the A5 book two pages to a side on A4 (the half-letter book on "
        "letter), in saddle-stitch order and padded with blank pages to a multiple of four. Print it two-sided, "
        "fold the sheets together down the middle and staple them on the fold: the pages read in order "
        f"(default {DEFAULT_BOOKLET.relative_to(OUTPUT.parent)})",
    )
    rulebook.add_argument(
        "--duplex", metavar="EDGE", type=duplex_edge, default=None,
        help="with --booklet, the edge your printer turns the paper on: long (default, most printers) or short. "
        "If the backs come out upside down, print again with the other",
    )
    rulebook.set_defaults(handler=cmd_rulebook)


def cmd_rulebook(args: argparse.Namespace) -> int:
    from generator.pdf.booklet import build_booklet
    from generator.pdf.paper import booklet_sheet
    from generator.pdf.rulebook import build_rulebook
    from generator.pdf.templates import source_date_epoch
    from generator.safeio import check_output_path, write_bytes

    if args.duplex is not None and not args.booklet:
        raise UserError("--duplex says how a booklet is printed: add --booklet")
    what = f"the rulebook ({args.paper})"
    if args.booklet:
        try:
            sheet, page = booklet_sheet(args.paper)
        except ValueError as error:
            raise UserError(str(error)) from None
        what = f"the booklet ({page.name} pages on {sheet.name}, {args.duplex or 'long'}-edge duplex)"
    output = Path(args.output) if args.output else DEFAULT_BOOKLET if args.booklet else DEFAULT_OUTPUT
    check_output_path(output)
    try:
        source_date_epoch()
    except ValueError as error:
        raise UserError(str(error)) from None
    started = time.perf_counter()
    # One line of progress: its start now, its end when the file is in place.
    print(f"pasyans: typesetting {what} … ", end="", file=sys.stderr, flush=True)
    try:
        data = build_booklet(args.paper, duplex=args.duplex or "long") if args.booklet else build_rulebook(args.paper)
        write_bytes(output, data)
    except BaseException:
        print("failed", file=sys.stderr)
        raise
    print(f"wrote {output} ({len(data) / 1024:.0f} KiB, {time.perf_counter() - started:.1f} s)", file=sys.stderr)
    return 0
