"""The book's figure of each game: a position → pure geometry (``Figure``).

One function per game, ``figure(game, state, *, last_move=None) -> Figure``, named in the
game's registry spec (``generator/figures/<id>.py`` for ours). Nothing here draws: see
``generator.svg``.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.figures.base import Figure
from generator.games import Game, Move, UnknownGameError, game_spec

FigureFunction = Callable[..., Figure]


def figure_function(game_id: str) -> FigureFunction:
    try:
        spec = game_spec(game_id)
    except UnknownGameError:
        raise ValueError(f"no figure for unknown game {game_id!r}") from None
    function: FigureFunction = spec.load(spec.figure)
    return function


def figure_of(game: Game, state: object, *, last_move: Move | None = None) -> Figure:
    """The figure of ``state``; ``last_move`` (if given) is highlighted with its two places."""
    return figure_function(game.id)(game, state, last_move=last_move)
