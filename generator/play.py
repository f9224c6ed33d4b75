"""Playing a game through the engine: a loop of choices (players, tests), the replay of a known line, and where a
deal is laid out or first offers a choice (the figures of the book and the sheets)."""

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


def line_states(game: Game, stock: Sequence[int], moves: Sequence[Move]) -> list[State]:
    """Every position along ``moves`` from the start of ``stock``: ``states[i]`` is the one after the first ``i``.

    The one replay of a known line, for the book and the sheets. A redeal, numbered as records write it or
    not, is the engine's redeal. The moves are trusted (a solver's line, a checked record): nothing is checked.
    """
    state = game.initial_state(stock)
    states = [state]
    for move in moves:
        state = game.apply(state, REDEAL if move.is_redeal else move)
        states.append(state)
    return states


def laid_out_line(game: Game, stock: Sequence[int]) -> list[Move]:
    """The deal played, the first offered move each time, until the game calls it laid out (``Game.laid_out``;
    at least one move): the line of the book's first figure when a game has no sample deal yet."""
    state = game.initial_state(stock)
    moves: list[Move] = []
    while len(moves) < 52 * game.packs:
        legal = game.legal_moves(state)
        if not legal or (moves and game.laid_out(state)):
            break
        moves.append(legal[0])
        state = game.apply(state, legal[0])
    return moves


def laid_out_at(game: Game, states: Sequence[State]) -> int:
    """How many moves of a line lay out the starting position: up to the first position the game calls laid out
    (at least one move, so a figure of it never shows an empty table)."""
    return next((i for i in range(1, len(states)) if game.laid_out(states[i])), 1)
