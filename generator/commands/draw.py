"""``pasyans svg``: the figure of a position, or a single card, as SVG (and PNG).

A position is the start of a deal, its opening (``--opening``: every forced
move made, up to the player's first choice, as the practice sheets show it),
the position after ``--step K`` moves, or the end (``--end``) of a line of
play: a game record's (``--record``), else the solver's winning line when it
finds one, otherwise the no-peek player's game, so every deal has a line to
step through. The deal is a number, a typed pack (``--stock``) or the
record's. A step's figure marks its last move. Files are named after what
they show (``quadrille-7-step-12.svg``, ``quadrille-stock-mine-end.svg``,
``g2-step-5.svg`` for a record ``g2.json``, ``card-Qs.svg``) and written
atomically through ``generator.safeio``.
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from generator.commands.common import (
    MAX_DPI,
    MIN_DPI,
    add_deal_stock_or_record,
    add_game_arguments,
    add_jobs,
    colors_count,
    dpi,
    jobs_of,
    line_of,
    shown_from,
)
from generator.errors import UserError
from generator.paths import OUTPUT

#: The solver's limit, in positions searched, when a line is needed: a won line is preferred, but a figure must
#: not wait long (100000 positions take a few seconds, phalanx's about 25 s). Positions, not seconds: a search
#: bounded by the clock could find the win on a fast machine and miss it on a slow or busy one, and then step
#: through the no-peek game instead; bounded in positions it follows the same path everywhere, so the same
#: arguments draw the same figure on any machine.
SOLVE_POSITIONS = 100_000


def _step(text: str) -> int:
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"must be a whole number of moves (0 is the start), not {text!r}")
    return int(text)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    svg = commands.add_parser(
        "svg",
        help="draw a position or a card as SVG (and PNG)",
        description="Draw the figure of a position as SVG: the start of a deal (default: everything still in "
        "the stock), its opening (--opening: every forced move made, up to the player's first choice), the position "
        "after --step K moves, or the end (--end), with the last move marked. Moves are those of a game record "
        f"(--record FILE), or the solver's winning line or, when it finds none within {SOLVE_POSITIONS} positions "
        "searched (the same on any machine), the no-peek player's. The deal is a deal number (--deal N), a "
        "typed pack (--stock FILE_OR_-) or the record's. "
        "Or draw a single card with --card (e.g. Д♠, 10♥, Qs, or 'back'). --png adds a PNG of the same picture.",
    )
    add_game_arguments(svg, required=False)  # a record names its game
    add_deal_stock_or_record(svg, "draw its positions (GAME may then be left out)")
    where = svg.add_mutually_exclusive_group()
    where.add_argument("--step", metavar="K", type=_step, help="the position after K moves (0 is the start)")
    where.add_argument("--end", action="store_true", help="the position after the last move")
    where.add_argument("--opening", action="store_true",
                       help="every forced move made (the deal, compulsory plays), up to the player's first choice")
    svg.add_argument("--card", metavar="CARD", help="draw this one card instead of a position (e.g. Д♠, or back)")
    svg.add_argument("--png", action="store_true", help="also write a PNG")
    svg.add_argument("--dpi", metavar="D", type=dpi, help=f"PNG resolution, {MIN_DPI}..{MAX_DPI} (default 300)")
    svg.add_argument("--colors", metavar="2|4", type=colors_count, default=2,
                     help="a two- (default) or four-colour pack")
    svg.add_argument("-o", "--output", metavar="DIR", help="directory to write into, made if missing (default output/)")
    add_jobs(svg, "processes for the solver when a deal's line is needed")
    svg.set_defaults(handler=cmd_svg)


def _card_index(text: str) -> int | None:
    """``--card``: the book's notation or Latin codes; ``back`` is the card back (None)."""
    from generator.cards import Card

    if text.strip().lower() in ("back", "рубашка"):
        return None
    try:
        return Card.parse(text).index
    except ValueError as error:
        raise UserError(f"--card: {error}") from None


def _check_arguments(args: argparse.Namespace) -> None:
    """The rules argparse cannot say: GAME or --card (one, not both), and what goes with each."""
    if args.card is not None and args.game is not None:
        raise UserError("give either GAME (a position) or --card (a single card), not both")
    if args.card is None and args.game is None and args.record is None:
        raise UserError("give GAME and --deal N for a position (or --record FILE), or --card CARD for a single card")
    if args.card is not None:
        extra = [name for name, given in (
            ("--deal", args.deal is not None), ("--stock", args.stock is not None),
            ("--record", args.record is not None), ("--variant", args.variant is not None),
            ("--step", args.step is not None), ("--end", args.end), ("--opening", args.opening),
        ) if given]
        if extra:
            verb = "describes" if len(extra) == 1 else "describe"
            raise UserError(f"{', '.join(extra)} {verb} a position, not a single card: drop it or drop --card")
    if args.dpi is not None and not args.png:
        raise UserError("--dpi sets the PNG's resolution: add --png")


def _output_dir(text: str | None) -> Path:
    """``-o DIR`` (default ``output/``), checked before any work; made, if missing, when the first file is written."""
    from generator.safeio import check_output_directory

    return check_output_directory(OUTPUT if text is None else text)


def cmd_svg(args: argparse.Namespace) -> int:
    from generator.safeio import check_output_path, write_bytes, write_text

    _check_arguments(args)
    directory = _output_dir(args.output)
    if args.card is not None:
        svg, name = _card_svg(args)
    else:
        svg, name = _position_svg(args)
    targets = [directory / f"{name}.svg"] + ([directory / f"{name}.png"] if args.png else [])
    for target in targets:
        check_output_path(target)
    write_text(targets[0], svg)
    if args.png:
        import cairosvg

        write_bytes(targets[1], cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=args.dpi or 300))
    for target in targets:
        print(f"wrote {target}")
    return 0


def _card_svg(args: argparse.Namespace) -> tuple[str, str]:
    from generator.art.faces import card_code
    from generator.svg.cards import card_svg

    index = _card_index(args.card)
    return card_svg(index, colors=args.colors), "card-" + ("back" if index is None else card_code(index))


def _position_svg(args: argparse.Namespace) -> tuple[str, str]:
    from generator.figures import figure_of
    from generator.notation import deal_ru
    from generator.svg.figure import figure_svg

    shown = shown_from(args)
    game, stock = shown.game, shown.deal.stock
    base = shown.deal.name if shown.record else f"{game.full_id.replace(':', '-')}-{shown.deal.name}"
    state = game.initial_state(stock)
    last = None
    if args.opening:
        from generator.play import opening

        opened = opening(game, stock)
        state = opened.state
        if opened.choice:
            print(f"position after the {opened.forced} forced move{'s' if opened.forced != 1 else ''} of the opening")
        else:
            print("this deal plays itself (no choice ever): its opening is the start")
        name, when = f"{base}-opening", "раскладка" if opened.forced else "начало"
    elif args.step is None and not args.end:
        name, when = f"{base}-start", "начало"
    else:
        line = line_of(shown, SOLVE_POSITIONS, jobs=jobs_of(args))
        moves, whose = line.moves, line.whose
        count = len(moves) if args.end else args.step
        if count > len(moves):
            raise UserError(
                f"--step {count} is past the end: {whose} has {len(moves)} move{'s' if len(moves) != 1 else ''} "
                f"(use --step 0..{len(moves)} or --end)"
            )
        from generator.replay import final_state

        state = final_state(game, state, moves[:count])
        last = moves[count - 1] if count else None
        print(f"position after move {count} of {whose} ({len(moves)} moves)")
        name = f"{base}-end" if args.end else f"{base}-step-{count}"
        when = f"после хода {count}" + (", конец" if count == len(moves) else "")
    title = f"«{game.title}», {deal_ru(shown.deal.number)}: {when}"
    figure = dataclasses.replace(figure_of(game, state, last_move=last), title=title)
    return figure_svg(figure, colors=args.colors), name
