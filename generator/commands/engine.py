"""``pasyans play`` and ``pasyans check``: the engine, a player, and the record checker."""

from __future__ import annotations

import argparse

from generator.commands.common import add_deal_argument, add_game_arguments, game_from
from generator.deals import stock_indices
from generator.notation import deal_heading, move_ru
from generator.play import no_peek, play_out
from generator.record import describe_move, read_record, record_of, replay, to_json
from generator.safeio import check_output_path, write_text

OUTCOME_RU = {"won": "пасьянс вышел", "lost": "пасьянс не вышел", "unknown": "игрок остановился"}


def register(commands: argparse._SubParsersAction) -> None:
    play = commands.add_parser(
        "play",
        help="play a deal with the no-peek player and print its moves",
        description="Play a deal with the no-peek player: a fixed careful strategy that never looks "
        "at the stock. Prints the moves in Russian notation and the outcome.",
    )
    add_game_arguments(play)
    add_deal_argument(play)
    play.add_argument("--record", metavar="FILE", help="also write the game record (JSON) to FILE")
    play.set_defaults(handler=cmd_play)

    check = commands.add_parser(
        "check",
        help="replay a game record and check every move",
        description="Replay a pasyans-record/1 file move by move with the rules engine. Exit 0 and "
        "'ok: won|lost|unknown after N moves' when every move is legal; exit 1 naming the first "
        "illegal move; exit 2 for a file that cannot be read.",
    )
    check.add_argument("record", metavar="RECORD.json", help="the record file to check")
    check.set_defaults(handler=cmd_check)


def cmd_play(args: argparse.Namespace) -> int:
    game = game_from(args)
    if args.record:
        check_output_path(args.record)
    stock = stock_indices(game.id, args.deal)
    played = play_out(game, stock, no_peek)
    print(deal_heading(game, args.deal))
    redeals = 0
    for number, move in enumerate(played.moves, 1):
        redeals += move.is_redeal
        print(f"{number}. {move_ru(game, move, redeal_number=redeals)}")
    print(f"{OUTCOME_RU[played.result]} ({played.result}) after {len(played.moves)} moves")
    if args.record:
        write_text(args.record, to_json(record_of(game, stock, played.moves, played.result, args.deal)))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    record = read_record(args.record)
    result = replay(record)
    if result.ok:
        print(f"ok: {result.outcome} after {result.moves_played} moves")
        return 0
    if result.illegal_at:
        print(f"illegal move {result.illegal_at} ({describe_move(record, result.illegal_at)}): {result.reason}")
    else:
        print(f"bad record after {result.moves_played} moves: {result.reason}")
    return 1
