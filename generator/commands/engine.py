"""``pasyans play`` and ``pasyans check``: the engine, a player, and the record checker."""

from __future__ import annotations

import argparse

from generator.commands.common import add_deal_or_stock, add_game_arguments, deal_from, game_from
from generator.notation import deal_heading, move_ru
from generator.play import play_out
from generator.record import describe_move, read_record, record_of, replay, to_json
from generator.safeio import check_output_path, write_text


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play = commands.add_parser(
        "play",
        help="play a deal with the no-peek player and print its moves",
        description="""\
Play a deal with the no-peek player: a fixed careful strategy that never looks
at the stock (it plays to the foundations first, then the move that frees most).
Prints the deal's title, every card movement numbered in the book's Russian
notation (card, from → to; forced movements such as a dealt card or a refill
included; a redeal as 'пересдача N'), then the outcome: won, lost (no move
left) or unknown (the player stopped with moves left).""",
        epilog="""output:
  «Брюнетка и блондинка», расклад №11
  1. 10♠ колода → ряд 1
  …
  21. Д♥ кон → ряд 4
  …
  пасьянс вышел (won) after 229 moves

examples:
  pasyans play quadrille --deal 7
  pasyans play brunette_blonde:two_cards --deal 5      (or: --variant two_cards)
  pasyans play gallery --deal 2 --record g2.json && pasyans check g2.json
  pasyans play quadrille --stock my-deal.txt           (a pack typed top card first)""",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(play)
    add_deal_or_stock(play)
    play.add_argument("--record", metavar="FILE", help="also write the game record (pasyans-record/1 JSON) to FILE")
    play.set_defaults(handler=cmd_play)

    check = commands.add_parser(
        "check",
        help="replay a game record and check every move",
        description="""\
Replay a game record (pasyans-record/1: JSON with the game, variant, deal, the
stock top card first, the claimed result and every card movement; see the
README, "Game records") move by move with the rules engine alone.""",
        epilog="""exit status:
  0  every move is legal: prints 'ok: won|lost|unknown after N moves' (the end the replay reached)
  1  prints the first illegal move, its number and why, e.g.
       illegal move 5 (5♦ stock → queen:♠): 5♦ from stock can only go to five:♦ here
     or a false claim ('the record says won, but the replay ends lost')
  2  the file cannot be read: missing, not JSON, wrong format tag, unknown game, variant,
     card or place, a stock that is not the deal's (one line on stderr)

example:
  pasyans play quadrille --deal 1 --record q1.json && pasyans check q1.json""",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    check.add_argument("record", metavar="RECORD.json", help="the record file to check")
    check.set_defaults(handler=cmd_check)


def cmd_play(args: argparse.Namespace) -> int:
    game = game_from(args)
    if args.record:
        check_output_path(args.record)
    deal = deal_from(args, game)
    played = play_out(game, deal.stock)
    print(deal_heading(game, deal.number))
    for number, move in enumerate(played.moves, 1):
        print(f"{number}. {move_ru(game, move)}")
    print(f"{played.result.played_ru} ({played.result}) after {len(played.moves)} moves")
    if args.record:
        write_text(args.record, to_json(record_of(game, deal.stock, played.moves, played.result, deal.number)))
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
