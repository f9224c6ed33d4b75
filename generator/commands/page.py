"""``pasyans html``: a line of play as one self-contained web page to step through.

The deal is a number, a typed pack (``--stock``) or a record's (``--record``);
the line is the record's, else the solver's winning line, else the no-peek
player's game (``commands.common.line_of``, bounded in positions so every
machine writes the same page). The page is written atomically through
``generator.safeio``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.commands.common import (
    add_deal_stock_or_record,
    add_game_arguments,
    add_jobs,
    colors_count,
    jobs_of,
    line_of,
    shown_from,
)
from generator.commands.draw import SOLVE_POSITIONS
from generator.paths import OUTPUT


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    html = commands.add_parser(
        "html",
        help="write a step-through web page of a game",
        description=f"""\
Write one self-contained HTML file (nothing fetched, no other file) to step
through a game: the book's figure of the current position, buttons and the
← → Home End keys, a slider, the move list in the book's notation with the
current move highlighted, the phase shown, each move announced to a screen
reader. '#step=K' at the end of the address opens it at step K. The moves are
a game record's (--record FILE), or the solver's winning line or, when it
finds none within {SOLVE_POSITIONS} positions searched, the no-peek player's
game. Without JavaScript the page shows the opening figure and the move list.""",
        epilog="examples:\n  pasyans html quadrille --deal 7 -o q7.html\n"
        "  pasyans html --record g2.json                      (the game of a record)\n"
        "  pasyans html village --stock my-deal.txt -o mine.html",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(html, required=False)
    add_deal_stock_or_record(html, "step through its moves (GAME may then be left out)")
    html.add_argument("--colors", metavar="2|4", type=colors_count, default=2,
                      help="a two- (default) or four-colour pack")
    html.add_argument("-o", "--output", metavar="FILE", help="where to write the page (default output/NAME.html)")
    add_jobs(html, "processes for the solver when a deal's line is needed")
    html.set_defaults(handler=cmd_html)


def cmd_html(args: argparse.Namespace) -> int:
    from generator.safeio import check_output_path, write_text
    from generator.svg.page import Source, page_html

    shown = shown_from(args)
    game = shown.game
    name = shown.deal.name if shown.record else f"{game.full_id.replace(':', '-')}-{shown.deal.name}"
    output = check_output_path(Path(args.output) if args.output else OUTPUT / f"{name}.html")
    line = line_of(shown, SOLVE_POSITIONS, jobs=jobs_of(args))
    source = Source(line.kind, line.verdict, Path(shown.record_path).name if shown.record else "")
    page = page_html(game, shown.deal.stock, line.moves, deal=shown.deal.number, source=source, colors=args.colors)
    write_text(output, page)
    print(f"wrote {output} ({len(page.encode('utf-8')) / 1024:.0f} KiB; {line.whose}, {len(line.moves)} moves)")
    return 0
