"""The ``pasyans`` command: a thin face over the engines, solver, figures and books.

argparse (standard library) rather than click: no extra dependency, and its
parser can be made to turn every usage mistake into our single error path
(one line on stderr, exit status 2) by overriding ``error``.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
from collections.abc import Iterator, Sequence

from generator import __version__
from generator.commands import analysis, books, deck, draw, engine, games, page, printables, solving
from generator.errors import Interrupted, UserError

EPILOG = """\
games: village, brunette_blonde, quadrille, gallery, phalanx
       (a variant is written GAME:VARIANT, e.g. quadrille:queens_first)
Deal numbers are PySolFC game numbers, 1 .. 10**20.

examples:
  pasyans play quadrille --deal 7            the no-peek player's game, move by move
  pasyans solve gallery --deal 2 --record g2.json && pasyans check g2.json
  pasyans analyze village --deal 1            where the no-peek player lost the win, and the deal's grade
  pasyans stats brunette_blonde:two_cards --deals 1000
  pasyans svg phalanx --deal 2 --step 40 --png   a figure with the 40th move marked
  pasyans html quadrille --deal 7 -o q7.html     a web page to step through the game
  pasyans deals quadrille --winnable --count 10  practice sheets with answers
  pasyans rulebook --paper A5 -o book.pdf
  pasyans rulebook --booklet                     the A5 book on A4, to fold and staple
  pasyans deck --packs 2 --backs --bleed 3       two packs to print two-sided and cut

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
    for module in (games, engine, solving, analysis, draw, page, books, printables, deck):
        module.register(commands)
    return parser


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _interrupt(signum: int, frame: object) -> None:
    """Ctrl-C and SIGTERM unwind the work, so temporary files are removed and workers stopped; a second
    signal while that happens is ignored (one line, one exit status)."""
    for stop in STOP_SIGNALS:
        signal.signal(stop, signal.SIG_IGN)
    raise Interrupted(signum)


@contextlib.contextmanager
def _stopping_on_signals() -> Iterator[None]:
    """Our handlers for the run (main thread only), the previous ones after; a SIGINT ignored by whoever
    started us (a background job) stays ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {stop: signal.getsignal(stop) for stop in STOP_SIGNALS}
    signal.signal(signal.SIGTERM, _interrupt)
    if previous[signal.SIGINT] is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt)
    try:
        yield
    finally:
        for stop, handler in previous.items():
            signal.signal(stop, handler)


def _stop_workers() -> None:
    """Kill the workers of any pool still running (only a run that loaded the pool can have one)."""
    pool = sys.modules.get("generator.pool")
    if pool is not None:
        pool.stop_all()


def main(argv: Sequence[str] | None = None) -> int:
    with _stopping_on_signals():
        return _run(list(sys.argv[1:] if argv is None else argv))


def _run(argv: list[str]) -> int:
    debug = "--debug" in argv
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
    except KeyboardInterrupt as stop:  # Ctrl-C, or SIGTERM as ``Interrupted``
        _stop_workers()
        print("pasyans: interrupted", file=sys.stderr)
        return 128 + (stop.signum if isinstance(stop, Interrupted) else signal.SIGINT)
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
