"""Playing a game out: a loop of choices over the engine, for players and tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic

from generator.games import Game, Move, Result, Rules, S
from generator.players import player_for

#: A chooser sees the state and its legal moves (never empty); None means "stop here".
#: A player's ``choose`` is one.
Chooser = Callable[[Any, list[Move]], Move | None]


@dataclass
class Playthrough(Generic[S]):
    """A played game: the moves in order and every state along the way."""

    game: Rules[S]
    stock: tuple[int, ...]
    moves: list[Move] = field(default_factory=list)
    states: list[S] = field(default_factory=list)

    @property
    def final(self) -> S:
        return self.states[-1]

    @property
    def result(self) -> Result:
        """Won, lost (no legal move left) or unknown (the player stopped)."""
        return self.game.outcome(self.final)


def play_out(game: Game, stock: Sequence[int], choose: Chooser | None = None, *,
             max_moves: int = 100_000) -> Playthrough[Any]:
    """Play from the start until no move is left, the chooser stops, or ``max_moves``.

    Forced moves are made without asking; ``choose`` defaults to the game's no-peek player.
    """
    if choose is None:
        choose = player_for(game).choose
    state = game.initial_state(stock)
    played: Playthrough[Any] = Playthrough(game, tuple(stock), [], [state])
    for _ in range(max_moves):
        moves = game.legal_moves(state)
        if not moves:
            break
        move = moves[0] if len(moves) == 1 and game.forced(state) else choose(state, moves)
        if move is None:
            break
        state = game.apply(state, move)
        played.moves.append(move)
        played.states.append(state)
    return played


def no_peek_result(game: Game, stock: Sequence[int]) -> Result:
    """How the no-peek player's game ends: won or lost (a player who stops has lost)."""
    return Result.WON if play_out(game, stock).result is Result.WON else Result.LOST


@dataclass(frozen=True)
class Opening:
    """The position a sheet shows: where the player first has a choice, and how it was reached."""

    state: Any
    forced: int  # forced moves made from the initial position
    choice: bool  # False: the whole deal plays itself (no choice ever); the figure then shows the start


def opening(game: Game, stock: Sequence[int], limit: int = 400) -> Opening:
    """Make the forced moves from the start (the deal, compulsory plays) up to the first choice."""
    start = state = game.initial_state(stock)
    made = 0
    while made < limit:
        moves = game.legal_moves(state)
        if not moves:
            return Opening(start, 0, False)
        if len(moves) > 1 or not game.forced(state):
            return Opening(state, made, True)
        state = game.apply(state, moves[0])
        made += 1
    return Opening(start, 0, False)
