"""``pasyans deck``: the print-and-play pack as a PDF (or one PNG per card), and the duplex calibration page.

Every argument and the output path are checked before any work starts; an
option that does not apply to what was asked for is refused, not ignored.
The PDF is written through ``generator.safeio``; PNGs are all drawn first,
in memory, and then each written the same way, so an interrupted run leaves
whole files only.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time

from generator.commands.common import MAX_DPI, MIN_DPI, colors_count, dpi, duplex_edge
from generator.commands.printables import output_path
from generator.errors import UserError
from generator.paths import OUTPUT

DEFAULT_DPI = 300


def deck_paper(text: str) -> str:
    """``--paper`` of the pack: A4 or letter (A5 cannot hold 3 × 3 cards of 63 × 88 mm)."""
    from generator.pdf.deck import LayoutError, sheet_for

    try:
        return sheet_for(text).paper
    except LayoutError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


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


def packs(text: str) -> int:
    if text.strip() not in ("1", "2"):
        raise argparse.ArgumentTypeError(f"--packs must be 1 or 2, not {text!r}")
    return int(text)


def back_offset(text: str) -> tuple[float, float]:
    """``--back-offset X,Y``: millimetres, x to the right and y up on the sheet of backs, as the calibration
    page reads them."""
    from generator.pdf.deck import MAX_BACK_OFFSET_MM

    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(part.replace("−", "-")) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--back-offset must be two numbers of millimetres, X,Y with decimal "
                                         f"points (e.g. 1.5,-0.5), not {text!r}") from None
    if not all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET_MM for v in (x, y)):
        raise argparse.ArgumentTypeError(f"--back-offset is at most {MAX_BACK_OFFSET_MM:g} mm each way, "
                                         f"not {text!r}")
    return x + 0.0, y + 0.0  # -0.0 is no offset too


DESCRIPTION = """\
Write our cards at true size, 63 × 88 mm, never scaled (print at 100 %), 3 × 3 to a sheet with crop marks
outside the cards, after a first page that says how to print and cut them.

  pasyans deck --packs 2 --backs --bleed 3     two packs (104 cards) for duplex printing
  pasyans deck --calibrate                     first: how far this printer puts the backs off
  pasyans deck --packs 2 --backs --back-offset 1.5,-0.5    …then correct it
  pasyans deck --packs 2 --fold                a printer that prints one side: fold and glue
  pasyans deck --packs 2 --bleed 3 --png cards/          one PNG per card for a print shop

Two packs (--packs 2), for the four games that need them, have blue and red backs and a mark on every face
(one blue dot, two red dots), so they are sorted again after play. --bleed draws each card's ground, the
face's white and the back's solid colour and pattern, that far past its cut, so a cut a little off leaves no
white edge. --backs adds a sheet of backs after each sheet of faces, each back behind its face when the
printer turns the paper on its long edge (--duplex short: its short edge). A duplex printer puts the reverse
a little off: print --calibrate once (two sides of one sheet), prick the crosses, read the offset where the
holes fall on the reverse and pass it as --back-offset X,Y. --fold instead puts four cards to a landscape
sheet, each back beside its face across a fold line: print one side, fold, glue, cut. The same arguments give
the same bytes."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    deck = commands.add_parser("deck", help="write a print-and-play pack of cards (PDF or PNGs)",
                               description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    # "--back-offset -1.5,0.25" must read as a value, not an option: Python 3.13's argparse takes anything that
    # starts like a negative number so, 3.11's only a plain one. No option of ours starts with a digit.
    deck._negative_number_matcher = re.compile(r"^-\.?\d")
    deck.add_argument("--paper", metavar="SIZE", type=deck_paper, default=None, help="A4 (default) or letter")
    deck.add_argument("--packs", metavar="N", type=packs, default=None,
                      help="1 (default: 52 cards) or 2 (104 cards: blue and red backs, a mark of its pack on each "
                      "face)")
    deck.add_argument("--bleed", metavar="MM", type=bleed_mm, default=None,
                      help="how far each card's ground runs past its cut, 0 to 5 mm (default 0; 3 is usual; "
                      "folded at most 3)")
    deck.add_argument("--colors", metavar="N", type=colors_count, default=None,
                      help="2 (default) or 4 colours of suits (♣ green, ♦ blue)")
    sides = deck.add_mutually_exclusive_group()
    sides.add_argument("--backs", action="store_true",
                       help="add a sheet of backs behind each sheet of faces, for duplex printing")
    sides.add_argument("--fold", action="store_true",
                       help="for a printer that prints one side: each back beside its face across a fold line")
    deck.add_argument("--duplex", metavar="EDGE", type=duplex_edge, default=None,
                      help="the edge the printer turns the paper on: long (default) or short")
    deck.add_argument("--back-offset", metavar="X,Y", type=back_offset, default=None,
                      help="move the backs X mm right and Y mm up (as you look at the sheet of backs), at most 5 "
                      "each way: what --calibrate reads for your printer")
    deck.add_argument("--calibrate", action="store_true",
                      help="write the duplex calibration page instead of the pack (default "
                      "output/deck-calibration.pdf)")
    deck.add_argument("--png", metavar="DIR", default=None,
                      help="write one PNG per card face and back into DIR (made if missing) instead of a PDF: "
                      "Д♠.png … рубашка.png, in folders 1 and 2 for two packs")
    deck.add_argument("--dpi", metavar="D", type=dpi, default=None,
                      help=f"the PNGs' resolution, {MIN_DPI}..{MAX_DPI} (default {DEFAULT_DPI})")
    deck.add_argument("--latin-names", action="store_true",
                      help="name the PNGs by Latin codes (Qs.png, 10h.png, back.png) instead of Д♠.png")
    deck.add_argument("-o", "--output", metavar="FILE", default=None,
                      help="where to write the PDF (default output/deck.pdf, output/deck-fold.pdf with --fold)")
    deck.set_defaults(handler=cmd_deck)


def _refuse(args: argparse.Namespace, names: tuple[str, ...], why: str) -> None:
    """A UserError naming the options in ``names`` that were given, when any was."""
    given = [f"--{name.replace('_', '-')}" for name in names if getattr(args, name) not in (None, False)]
    if given:
        verb = "does" if len(given) == 1 else "do"
        raise UserError(f"{', '.join(given)} {verb} not apply {why}")


def _check_combination(args: argparse.Namespace) -> None:
    if args.calibrate:
        _refuse(args, ("packs", "bleed", "colors", "backs", "fold", "png", "dpi", "latin_names"),
                "to --calibrate, which prints the calibration page only (it takes --paper, --duplex, "
                "--back-offset)")
        return
    if args.png is not None:
        _refuse(args, ("paper", "backs", "fold", "duplex", "back_offset", "output"),
                "to --png, which writes one image per card (it takes --packs, --bleed, --colors, --dpi)")
        return
    _refuse(args, ("dpi", "latin_names"), "without --png")
    if not args.backs:
        _refuse(args, ("duplex", "back_offset"), "without --backs (they say how the sheets of backs are printed)")


def cmd_deck(args: argparse.Namespace) -> int:
    from generator.pdf.deck import DeckOptions, LayoutError, build, build_calibration

    _check_combination(args)
    options = DeckOptions(args.paper or "A4", args.bleed or 0.0, args.colors or 2, args.packs or 1, args.backs,
                          args.fold, args.duplex or "long", args.back_offset or (0.0, 0.0))
    try:
        if args.calibrate:
            DeckOptions(options.paper, duplex=options.duplex, backs=True, back_offset_mm=options.back_offset_mm).check()
        elif args.png is None:
            options.check()  # a bleed the paper cannot take is refused before any work
    except LayoutError as error:
        raise UserError(str(error)) from None
    if args.png is not None:
        return _write_pngs(args)
    default = "deck-calibration.pdf" if args.calibrate else "deck-fold.pdf" if args.fold else "deck.pdf"
    output = output_path(args, OUTPUT / default)
    started = time.perf_counter()
    from generator.safeio import write_bytes

    if args.calibrate:
        data, pages = build_calibration(options.paper, duplex=options.duplex,
                                        back_offset_mm=options.back_offset_mm), 2
    else:
        data, pages = build(options), options.pages()
    write_bytes(output, data)
    print(f"pasyans: wrote {output} ({pages} pages, {len(data) / 1024:.0f} KiB, "
          f"{time.perf_counter() - started:.1f} s)", file=sys.stderr)
    return 0


def _write_pngs(args: argparse.Namespace) -> int:
    from generator.safeio import check_output_directory, write_bytes
    from generator.svg.printed import card_images, image_size

    directory = check_output_directory(args.png)
    resolution = args.dpi or DEFAULT_DPI
    packs_, bleed = args.packs or 1, args.bleed or 0.0
    started = time.perf_counter()
    print(f"pasyans: drawing {52 * packs_ + packs_} cards at {resolution} dpi … ", end="", file=sys.stderr,
          flush=True)
    try:
        images = card_images(packs=packs_, colors=args.colors or 2, bleed_mm=bleed, dpi=resolution,
                             latin=args.latin_names)
        for image in images:
            write_bytes(directory / image.name, image.png)
    except BaseException:
        print("failed", file=sys.stderr)
        raise
    width, height = image_size(bleed, resolution)
    print(f"wrote {len(images)} PNGs of {width} × {height} px into {directory} "
          f"({time.perf_counter() - started:.1f} s)", file=sys.stderr)
    return 0
