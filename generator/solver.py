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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from generator.games.base import Game, Move, State

MoveOrder = Callable[[State, list[Move]], list[Move]]

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


class _OutOfTime(Exception):
    pass


class _OutOfNodes(Exception):
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


def _luby(index: int) -> int:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, … (``index`` from 0): restart lengths that
    waste at most a logarithmic factor against the best fixed length (Luby, Sinclair, Zuckerman 1993)."""
    size, power = 1, 0
    while size < index + 1:
        power += 1
        size = 2 * size + 1
    while size - 1 != index:
        size = (size - 1) // 2
        power -= 1
        index %= size
    return 1 << power


def _search(game: Game, root: State, prefix: list[Move], order: MoveOrder, limit: int | None,
            deadline: float | None, lost: set | None = None) -> tuple[str, list[Move], int]:
    """One depth-first search from ``root`` (reached by ``prefix``), trying moves in ``order``.

    Returns ``won`` with the whole line, ``lost`` (everything searched: exact), ``limit`` (more
    than ``limit`` positions) or ``time`` (past ``deadline``), with the positions visited.

    ``lost`` (only for a game without cycles) collects the keys of positions searched to the
    end, and is skipped like ``seen``. Without cycles a position met again is never one still
    being searched (that would be a way back to it), so every position skipped under a
    finished one was itself finished without a win: the finished one has none either, in any
    later attempt too.
    """
    seen: set = set() if lost is None else lost
    keys: list = []
    nodes = 0
    # Each frame: a state, the length of ``path`` on reaching it, and its untried moves.
    path: list[Move] = list(prefix)
    frames: list[tuple[State, int, list[Move]]] = []

    def enter(state: State) -> bool:
        """True if ``state`` is won; otherwise open a frame for it unless it was seen before."""
        nonlocal nodes
        if game.is_won(state):
            return True
        key = game.key(state)
        if key in seen:
            return False
        if lost is None:
            seen.add(key)
        nodes += 1
        if nodes % _CLOCK_EVERY == 0 and deadline is not None and time.perf_counter() > deadline:
            raise _OutOfTime
        if limit is not None and nodes > limit:
            raise _OutOfNodes
        if game.dead_end(state):
            if lost is not None:
                lost.add(key)
            return False
        moves = order(state, game.legal_moves(state))
        frames.append((state, len(path), moves[::-1]))
        keys.append(key)
        return False

    try:
        if enter(root):
            return "won", path, nodes
        while frames:
            state, depth, untried = frames[-1]
            if not untried:
                frames.pop()
                if lost is not None:
                    lost.add(keys.pop())
                continue
            del path[depth:]
            move = untried.pop()
            path.append(move)
            if enter(_advance(game, game.apply(state, move), path)):
                return "won", path, nodes
    except _OutOfTime:
        return "time", [], nodes
    except _OutOfNodes:
        return "limit", [], nodes
    return "lost", [], nodes


def _replay(game: Game, state: State, line: list[Move]) -> State | None:
    """The position ``line`` reaches from ``state`` through the engine; None if one of its moves is not legal."""
    for move in line:
        if move not in game.legal_moves(state):
            return None
        state = game.apply(state, move)
    return state


def solve(game: Game, stock: Sequence[int], *, budget: Budget | None = None) -> Solution:
    """Search for a winning line from the start of ``stock`` (top card first); see ``solve_position``."""
    return solve_position(game, game.initial_state(stock), budget=budget)


def solve_position(game: Game, state: State, *, budget: Budget | None = None) -> Solution:
    """Search for a winning line from ``state``: ``won`` with its moves, ``lost`` or ``unknown``.

    A game whose ``restart_order`` gives other move orders is searched with restarts: attempt
    ``i`` tries moves in its ``i``-th order and gives up after ``restart_unit × luby(i)``
    positions. One bad early choice (how the first deal is played decides what a redeal
    gathers) then cannot hold the whole budget. An attempt that ends before its limit has
    searched everything with the same provable cuts, so its ``lost`` is exact too.

    A game's ``leads`` come first: each line is replayed through the engine and searched from
    its end within the lead's limit; a lead that does not win says nothing about ``state``.
    """
    budget = budget or Budget()
    started = time.perf_counter()
    deadline = None if budget.seconds is None else started + budget.seconds
    max_nodes = budget.nodes
    nodes = 0

    def answer(result: str, moves: list[Move] | None = None) -> Solution:
        return Solution(result, moves or [], nodes, time.perf_counter() - started)

    if budget.seconds is not None and budget.seconds <= 0:
        return answer("unknown")
    prefix: list[Move] = []
    root = _advance(game, state, prefix)
    for lead, limit in game.leads(root, deadline):
        start = _replay(game, root, lead)
        if start is None:
            continue
        if max_nodes is not None:
            limit = min(limit, max_nodes - nodes)
            if limit <= 0:
                return answer("unknown")
        result, moves, used = _search(game, start, prefix + lead, game.order_moves, limit, deadline)
        nodes += used
        if result == "won":
            return answer(result, moves)
        if result == "time":
            return answer("unknown")
    restarts = game.restart_order(1) is not None
    lost: set | None = set() if restarts and game.acyclic else None
    attempt = 0
    while True:
        order = game.order_moves if attempt == 0 else game.restart_order(attempt)
        assert order is not None
        limit = game.restart_unit * _luby(attempt) if restarts else None
        if max_nodes is not None:
            limit = max_nodes - nodes if limit is None else min(limit, max_nodes - nodes)
        result, moves, used = _search(game, root, prefix, order, limit, deadline, lost)
        nodes += used
        if result in ("won", "lost"):
            return answer(result, moves)
        if result == "time" or (max_nodes is not None and nodes >= max_nodes):
            return answer("unknown")
        attempt += 1
