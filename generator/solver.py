"""A thoughtful solver: depth-first search over the engine's states.

After Solvitaire (Blake & Gent, "The Winnability of Klondike Solitaire and
Many Other Patience Games"): depth-first search, a transposition table on the
game's canonical keys (symmetric states merged), and dominance moves — moves a
game proves safe (``Game.safe_move``) are made without branching. The solver
knows the stock order. It answers ``won`` (with every move), ``lost`` (the
search space is exhausted: no line wins; a game may cut off positions it proves
hopeless with ``Game.dead_end``) or ``unknown`` (the budget ran out).
It never guesses.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.games.base import Game, Move, State

#: How often (in nodes) the clock is read. A node costs tens of microseconds to milliseconds (the
#: hints play lines out), a clock read a tenth of a microsecond: every 16th node keeps the budget
#: to a few milliseconds at no measurable cost (every 256th overran a 0.3 s budget by 0.1 s).
_CLOCK_EVERY = 16


@dataclass(frozen=True)
class Budget:
    """Limits of one search; None means no limit on that axis."""

    seconds: float | None = 10.0
    nodes: int | None = None


@dataclass
class Solution:
    result: str  # "won", "lost" or "unknown"
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def decided(self) -> bool:
        return self.result != "unknown"


class _OutOfBudget(Exception):
    pass


def _advance(game: Game, state: State, path: list[Move]) -> State:
    """Make every forced or provably safe move at once (no branching); record them in ``path``."""
    while True:
        moves = game.legal_moves(state)
        if not moves:
            return state
        if len(moves) == 1 and game.forced(state):
            move = moves[0]
        else:
            move = game.safe_move(state, moves)
            if move is None:
                return state
        state = game.apply(state, move)
        path.append(move)


def solve(game: Game, stock: Sequence[int], *, budget: Budget | None = None) -> Solution:
    """Search for a winning line from the start of ``stock`` (top card first)."""
    budget = budget or Budget()
    started = time.perf_counter()
    deadline = None if budget.seconds is None else started + budget.seconds
    max_nodes = budget.nodes
    seen: set = set()
    nodes = 0

    # Each frame: a state, the length of ``path`` on reaching it, and its untried moves.
    path: list[Move] = []
    frames: list[tuple[State, int, list[Move]]] = []

    def enter(state: State) -> bool:
        """True if ``state`` is won; otherwise open a frame for it unless it was seen before."""
        nonlocal nodes
        if game.is_won(state):
            return True
        key = game.key(state)
        if key in seen:
            return False
        seen.add(key)
        nodes += 1
        if nodes % _CLOCK_EVERY == 0 and deadline is not None and time.perf_counter() > deadline:
            raise _OutOfBudget
        if max_nodes is not None and nodes > max_nodes:
            raise _OutOfBudget
        if game.dead_end(state):
            return False
        moves = game.order_moves(state, game.legal_moves(state))
        frames.append((state, len(path), moves[::-1]))
        return False

    game.deadline = deadline
    try:
        if budget.seconds is not None and budget.seconds <= 0:
            raise _OutOfBudget
        if enter(_advance(game, game.initial_state(stock), path)):
            return Solution("won", path, nodes, time.perf_counter() - started)
        while frames:
            state, depth, untried = frames[-1]
            if not untried:
                frames.pop()
                continue
            del path[depth:]
            move = untried.pop()
            path.append(move)
            if enter(_advance(game, game.apply(state, move), path)):
                return Solution("won", path, nodes, time.perf_counter() - started)
    except _OutOfBudget:
        return Solution("unknown", [], nodes, time.perf_counter() - started)
    finally:
        game.deadline = None
    return Solution("lost", [], nodes, time.perf_counter() - started)
