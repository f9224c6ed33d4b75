"""The ``pasyans`` command: a thin face over the engines, solver, figures and books.

argparse (standard library) rather than click: no extra dependency, and its
parser can be made to turn every usage mistake into our single error path
(one line on stderr, exit status 2) by overriding ``error``.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Sequence

from generator import __version__
from generator.commands import books, draw, engine, games, printables, solving
from generator.errors import UserError

EPILOG = """\
games: village, brunette_blonde, quadrille, gallery, phalanx
       (a variant is written GAME:VARIANT, e.g. quadrille:queens_first)
Deal numbers are PySolFC game numbers, 1 .. 10**20.

examples:
  pasyans play quadrille --deal 7            the no-peek player's game, move by move
  pasyans solve gallery --deal 2 --record g2.json && pasyans check g2.json
  pasyans stats brunette_blonde:two_cards --deals 1000
  pasyans svg phalanx --deal 2 --step 40 --png   a figure with the 40th move marked
  pasyans deals quadrille --winnable --count 10  practice sheets with answers
  pasyans rulebook --paper A5 -o book.pdf

Run 'pasyans COMMAND --help' for the options of a command.
"""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose mistakes go through ``UserError``."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UserError(f"{message} (see '{self.prog} --help')")


def build_parser() -> Parser:
    parser = Parser(
        prog="pasyans",
        description="Five old Russian patiences: deal, play, solve, draw and print them.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"pasyans {__version__}")
    parser.add_argument("--debug", action="store_true", help="show a traceback on internal errors")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in (games, engine, solving, draw, books, printables):
        module.register(commands)
    return parser


def _terminate(signum: int, frame: object) -> None:
    """SIGTERM unwinds like Ctrl-C, so half-written temporary files are removed."""
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)
    try:
        args = build_parser().parse_args(argv)
        if not getattr(args, "handler", None):
            build_parser().print_help()
            return 0
        status: int = args.handler(args)
        return status
    except UserError as error:
        print(f"pasyans: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pasyans: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:  # an internal error is a bug: short unless --debug
        if debug:
            raise
        message = f"{type(error).__name__}: {error}"
        print(f"pasyans: internal error: {message} (run with --debug for details)", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
