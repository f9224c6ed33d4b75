"""``pasyans rulebook``: the printed rulebook as a PDF.

The book is built in memory and written through ``generator.safeio`` (a
temporary file renamed into place), so an interrupted build never leaves a torn
PDF. The output path is checked before any work is done.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator.errors import UserError
from generator.paths import OUTPUT

DEFAULT_OUTPUT = OUTPUT / "rulebook.pdf"
PAPER_CHOICES = ("A4", "A5", "letter")


def paper_name(text: str) -> str:
    """``--paper``: A4, A5 or letter in any case, normalised; anything else is a usage error."""
    for name in PAPER_CHOICES:
        if text.strip().lower() == name.lower():
            return name
    raise argparse.ArgumentTypeError(f"unknown paper {text!r}: choose A4, A5 or letter")


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
        "--paper", metavar="SIZE", type=paper_name, default="A4", help="A4 (default), A5 or letter",
    )
    rulebook.set_defaults(handler=cmd_rulebook)


def cmd_rulebook(args: argparse.Namespace) -> int:
    from generator.pdf.layout import source_date_epoch
    from generator.pdf.rulebook import build_rulebook
    from generator.safeio import check_output_path, write_bytes

    output = Path(args.output) if args.output else DEFAULT_OUTPUT
    if args.output is None:
        OUTPUT.mkdir(exist_ok=True)
    check_output_path(output)
    try:
        source_date_epoch()
    except ValueError as error:
        raise UserError(str(error)) from None
    started = time.perf_counter()
    # One line of progress: its start now, its end when the file is in place.
    print(f"pasyans: typesetting the rulebook ({args.paper}) … ", end="", file=sys.stderr, flush=True)
    try:
        data = build_rulebook(args.paper)
        write_bytes(output, data)
    except BaseException:
        print("failed", file=sys.stderr)
        raise
    print(f"wrote {output} ({len(data) / 1024:.0f} KiB, {time.perf_counter() - started:.1f} s)", file=sys.stderr)
    return 0
