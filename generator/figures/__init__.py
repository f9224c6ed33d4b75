"""The book's figure of each game: a position → pure geometry (``Figure``).

One function per game, ``figure(game, state, *, last_move=None) -> Figure``,
in a module named after the game id. Nothing here draws: see ``generator.svg``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from generator.figures.base import Figure
from generator.games import GAME_IDS, Game, Move, State

FigureFunction = Callable[..., Figure]


def figure_function(game_id: str) -> FigureFunction:
    if game_id not in GAME_IDS:
        raise ValueError(f"no figure for unknown game {game_id!r}")
    function: FigureFunction = importlib.import_module(f"generator.figures.{game_id}").figure
    return function


def figure_of(game: Game, state: State, *, last_move: Move | None = None) -> Figure:
    """The figure of ``state``; ``last_move`` (if given) is highlighted with its two places."""
    return figure_function(game.id)(game, state, last_move=last_move)
