"""Playing a game out: a loop of choices over the engine, for players and tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from generator.games.base import REDEAL, Game, Move, State

#: A chooser sees the game, the state and the legal moves; None means "stop here".
Chooser = Callable[[Game, State, list[Move]], Move | None]


@dataclass
class Playthrough:
    """A played game: the moves in order and every state along the way."""

    game: Game
    stock: tuple[int, ...]
    moves: list[Move] = field(default_factory=list)
    states: list[State] = field(default_factory=list)

    @property
    def final(self) -> State:
        return self.states[-1]

    @property
    def result(self) -> str:
        """``won``, ``lost`` (no legal move left) or ``unknown`` (the player stopped)."""
        if self.game.is_won(self.final):
            return "won"
        return "lost" if self.game.is_over(self.final) else "unknown"


def play_out(game: Game, stock: Sequence[int], choose: Chooser, *, max_moves: int = 100_000) -> Playthrough:
    """Play from the start until no move is left, the chooser stops, or ``max_moves``."""
    state = game.initial_state(stock)
    played = Playthrough(game, tuple(stock), [], [state])
    for _ in range(max_moves):
        moves = game.legal_moves(state)
        if not moves:
            break
        move = moves[0] if len(moves) == 1 and game.forced(state) else choose(game, state, moves)
        if move is None:
            break
        state = game.apply(state, move)
        played.moves.append(move)
        played.states.append(state)
    return played


def no_peek(game: Game, state: State, moves: list[Move]) -> Move | None:
    """The game's own no-peek player as a chooser."""
    return game.no_peek_move(state, moves)


@dataclass(frozen=True)
class Opening:
    """The position a sheet shows: where the player first has a choice, and how it was reached."""

    state: State
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


def states_along(game: Game, stock: Sequence[int], moves: Sequence[Move]) -> list[State]:
    """Every position of a line of legal moves: ``[start, after move 1, …]`` (a record's numbered redeal is one)."""
    states = [game.initial_state(stock)]
    for move in moves:
        states.append(game.apply(states[-1], REDEAL if move.is_redeal else move))
    return states
