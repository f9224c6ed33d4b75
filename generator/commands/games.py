"""``pasyans games``: what can be played."""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    games = commands.add_parser(
        "games",
        help="list the games, their packs and variants",
        description="List the five games: the id other commands take, the Russian title, how many "
        "packs of 52 cards, and the variants, written GAME:VARIANT (or GAME --variant VARIANT).",
    )
    games.set_defaults(handler=cmd_games)


def cmd_games(args: argparse.Namespace) -> int:
    from generator.games import GAMES

    specs = [f"  {game_id}:{variant}" for game_id, game in GAMES.items() for variant in game.variants]
    width = max(len(text) for text in [*GAMES, *specs]) + 2
    print(f"{'GAME':<{width}}{'TITLE':<25}PACKS")
    for game_id, game in GAMES.items():
        print(f"{game_id:<{width}}{'«' + game.title + '»':<25}{game.packs}")
        for variant, description in game.variants.items():
            print(f"{'  ' + game_id + ':' + variant:<{width}}variant: {description}")
    return 0
