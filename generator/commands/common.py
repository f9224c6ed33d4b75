"""Argument types and options shared by the subcommands; mistakes become ``UserError``."""

from __future__ import annotations

import argparse

from generator.deals import DealNumberError, check_deal_number
from generator.errors import UserError
from generator.games import GAMES, Game, UnknownGameError, VariantError, make_game


def deal_number(text: str) -> int:
    try:
        return check_deal_number(text)
    except DealNumberError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_game_arguments(parser: argparse.ArgumentParser, *, required: bool = True) -> None:
    parser.add_argument("game", metavar="GAME", nargs=None if required else "?",
                        help="game id, or GAME:VARIANT (see 'pasyans games')")
    named = ", ".join(f"{variant} ({game_id})" for game_id, game in GAMES.items() for variant in game.variants)
    parser.add_argument("--variant", metavar="V", help=f"variant of the game: {named}")


def game_from(args: argparse.Namespace) -> Game:
    try:
        return make_game(args.game, args.variant)
    except (UnknownGameError, VariantError) as error:
        raise UserError(str(error)) from None


def add_deal_argument(parser: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup, *,
                      required: bool = True) -> None:
    parser.add_argument(
        "--deal", "-d", metavar="N", type=deal_number, required=required,
        help="deal number (PySolFC game number, 1 .. 10**20)",
    )
