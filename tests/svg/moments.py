"""Figures of deal 1 of each game at chosen moments of the no-peek game (shared by the figure test modules)."""

from __future__ import annotations

import functools

from generator.deals import stock_indices
from generator.figures import figure_of
from generator.figures.base import Figure
from generator.games import make_game
from generator.play import Playthrough, play_out

DEAL = 1


@functools.cache
def played_out(spec: str, deal: int = DEAL) -> Playthrough:
    game = make_game(spec)
    return play_out(game, stock_indices(game.id, deal))


def figure_at(spec: str, k: int) -> Figure:
    """The figure after ``k`` moves of the no-peek game (negative counts from the end), last move marked."""
    played = played_out(spec)
    k = k % len(played.states)
    return figure_of(played.game, played.states[k], last_move=played.moves[k - 1] if k else None)


MOMENTS = {"start": 0, "mid": None, "end": -1}


def figure_at_moment(spec: str, moment: str) -> Figure:
    k = MOMENTS[moment]
    return figure_at(spec, len(played_out(spec).moves) // 2 if k is None else k)
