"""A thoughtful solver: depth-first search over the engine's states.

After Solvitaire (Blake & Gent, "The Winnability of Klondike Solitaire and Many Other Patience
Games"): depth-first search, a transposition table on the game's canonical keys (symmetric
states merged), and dominance moves — moves a game's hints prove safe
(``SearchHints.safe_move``) are made without branching. The solver knows the stock order. It
takes the rules and, optionally, the game's search hints (``generator.hints``); without hints
it searches plainly and answers the same, only slower. It answers ``won`` (with every move),
``lost`` (the search space is exhausted: no line wins; hints may cut off positions they prove
hopeless) or ``unknown`` (the budget ran out). It never guesses.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games import Game, Move, Result, Rules, S
from generator.hints import MoveOrder, SearchHints, hints_for
from generator.replay import replay

#: How often (in nodes) the clock is read. A node costs tens of microseconds to milliseconds (the
#: hints play lines out), a clock read a tenth of a microsecond: every 16th node keeps the budget
#: to a few milliseconds at no measurable cost (every 256th overran a 0.3 s budget by 0.1 s).
_CLOCK_EVERY = 16


#: Positions a search's table holds at most (``Budget.table``) before it forgets them. A position costs the search
#: 400–800 bytes (`brunette_blonde:two_cards` deal 39: a plain search held 1.4 GB at 1.8 million positions, one
#: with every hint 4.5 GB at 11.7 million in 600 s), so this is at most about 1.5 GB. None of the package's
#: searches bounded in positions comes near it, nor one of `make odds` or `make bench` (10 s at the fastest rate
#: measured there is about 500,000 positions).
TABLE_LIMIT = 2_000_000


@dataclass(frozen=True)
class Budget:
    """Limits of one search; None means no limit on that axis.

    ``table``: positions the search remembers at once. Past it the table forgets every position but those on the
    line being searched, so a long search (``pasyans solve --budget 3600``) holds a bounded memory, not one that
    grows with every position until the machine runs out. Forgetting never changes an answer, only its cost
    (``_search``); the bound is in positions, so the answer is the same on any machine.
    """

    seconds: float | None = 10.0
    nodes: int | None = None
    table: int | None = TABLE_LIMIT


@dataclass
class Solution:
    result: Result
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def decided(self) -> bool:
        return self.result is not Result.UNKNOWN

    def at_most(self, nodes: int) -> Solution:
        """What the same search bounded at ``nodes`` positions answers, read off this one, bounded in positions
        only and at least as far: this answer if it came within ``nodes``, else unknown at ``nodes``. A bound in
        positions stops a search and changes nothing before it (``tests/test_solver.py`` holds it), so a search
        run ahead at its largest bound answers every smaller one (``forks``, ``selection``)."""
        if self.decided and self.nodes <= nodes:
            return self
        return Solution(Result.UNKNOWN, [], nodes, self.seconds)


class _OutOfTime(Exception):
    pass


class _OutOfNodes(Exception):
    pass


#: What one search attempt ended with.
_Ending = Literal["won", "lost", "limit", "cut", "time"]


def _advance(game: Rules[S], hints: SearchHints[S], state: S, path: list[Move]) -> tuple[S, list[Move]]:
    """Make every forced or provably safe move at once (no branching); record them in ``path``.

    Returns the position reached and its legal moves (asked once per position).
    """
    return _advancer(game, hints)(state, path)


def _advancer(game: Rules[S], hints: SearchHints[S]) -> Callable[[S, list[Move]], tuple[S, list[Move]]]:
    """``_advance`` with the game's and the hints' methods looked up once, for a search that advances from every
    position it enters (compiled, each ``game.apply`` looked the name up in the type and made a bound method)."""
    apply, deal_forced, forced = game.apply, game.deal_forced, game.forced
    legal_moves, safe_move = game.legal_moves, hints.safe_move
    # A game without its own ``deal_forced`` makes none there: not asked (a Python call per step, 3 % of a plain
    # search of ``phalanx``, whose rules are compiled and ``Rules`` is not).
    dealing = type(game).deal_forced is not Rules.deal_forced

    def advance(state: S, path: list[Move]) -> tuple[S, list[Move]]:
        while True:
            if dealing:
                state = deal_forced(state, path)
            moves = legal_moves(state)
            if not moves:
                return state, moves
            if len(moves) == 1 and forced(state):
                move = moves[0]
            else:
                safe = safe_move(state, moves)
                if safe is None:
                    return state, moves
                move = safe
            state = apply(state, move)
            path.append(move)

    return advance


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


def _search(game: Rules[S], hints: SearchHints[S], root: S, root_moves: list[Move], prefix: list[Move],
            order: MoveOrder[S], limit: int | None, deadline: float | None,
            lost: set[Hashable] | None = None, failures: int | None = None,
            bound: int | None = None, cut: set[Hashable] | None = None,
            table: int | None = TABLE_LIMIT) -> tuple[_Ending, list[Move], int]:
    """One depth-first search from ``root`` (reached by ``prefix``), trying moves in ``order``.

    Returns ``won`` with the whole line, ``lost`` (everything searched: exact), ``limit`` (more
    than ``limit`` positions, or more than ``failures`` positions searched to the end without a
    win: dead ends and positions whose every move was tried), ``cut`` (a bounded subtree was
    cut, see below, and nothing else won) or ``time`` (past ``deadline``), with the positions
    visited.

    ``lost`` (only for a game without cycles) collects the keys of positions searched to the
    end, and is skipped like ``seen``. Without cycles a position met again is never one still
    being searched (that would be a way back to it), so every position skipped under a
    finished one was itself finished without a win: the finished one has none either, in any
    later attempt too.

    ``bound`` (only with ``lost``): a position of a later ``hints.phase`` than its parent's
    may search at most ``bound`` positions below it; past that its subtree is cut. A cut
    position, and every position above it whose subtree holds one, is *open*: it goes to
    ``cut`` (skipped for the rest of the attempt, its parent made open too), never to
    ``lost``. So ``lost`` still holds only positions searched to the end, and the attempt
    answers ``lost`` only if nothing was cut. ``cut`` may be passed in to go on with an attempt
    that stopped at ``limit``: what it left open stays skipped (the root is open then, too).

    ``table``: once the table (``seen``, or ``lost``) holds more positions, it forgets them all but those on the
    line being searched. Why no answer changes: a position the table holds is skipped because searching it again
    could find nothing new (searched to the end without a win, or being searched now); forgotten, it is searched
    again, which costs positions but finds the same. With ``lost`` the table holds only positions searched to the
    end (an acyclic game), none of the line's, so it forgets them all. Without it the table also keeps a line from
    coming back to a position on it (a cycle), so the line's positions stay: every line the search follows still
    visits a position at most once, so there are finitely many and it ends, and a position it meets after
    forgetting is searched again, so ``lost`` still means every line from the root was searched.
    """
    seen: set[Hashable] = set() if lost is None else lost
    keys: list[Hashable] = []
    nodes = 0
    failed = 0
    # Each frame: a state, the length of ``path`` on reaching it, and its untried moves.
    path: list[Move] = list(prefix)
    frames: list[tuple[S, int, list[Move]]] = []
    is_won, key_of, dead_end, prune, phase_of = game.is_won, game.key, hints.dead_end, hints.prune, hints.phase
    advance, apply = _advancer(game, hints), game.apply
    bounded = bound is not None
    share = bound or 0
    assert lost is not None or not bounded, "a bounded search keeps what it finished (an acyclic game)"
    # Bounded search only: per frame its phase and whether it is open; the bounded frames
    # (index, the node count past which it is cut), innermost last; the open positions' keys.
    phases: list[int] = []
    opened: list[bool] = []
    bounds: list[tuple[int, int]] = []
    if cut is None:
        cut = set()
    root_open = False

    @cython.locals(table_set=set)
    def enter(state: S, moves: list[Move]) -> bool:
        """True if ``state`` is won; otherwise open a frame for it unless it was seen before."""
        nonlocal nodes, failed
        if is_won(state):
            return True
        key = key_of(state)
        if lost is None:  # one hash, not two (a key hashes a whole position): seen if the set did not grow
            table_set = seen  # typed (compiled): ``add`` and ``len`` are C calls, not a method looked up by name
            size = len(table_set)
            table_set.add(key)
            if len(table_set) == size:
                return False
        elif key in seen:
            return False
        if bounded and key in cut:
            opened[-1] = True  # met open before in this attempt: the parent cannot finish either
            return False
        nodes += 1
        if table is not None and len(seen) > table:
            _forget(seen, () if lost is not None else [*keys, key])
        if nodes % _CLOCK_EVERY == 0 and deadline is not None and time.perf_counter() > deadline:
            raise _OutOfTime
        if limit is not None and nodes > limit:
            raise _OutOfNodes
        if dead_end(state):
            if lost is not None:
                lost.add(key)
            failed += 1
            if failures is not None and failed > failures:
                raise _OutOfNodes
            return False
        ordered = order(state, prune(state, moves))
        frames.append((state, len(path), ordered[::-1]))
        keys.append(key)
        if bounded:
            phase = phase_of(state)
            if phases and phase > phases[-1]:
                end = nodes + hints.phase_share(phase, share)
                bounds.append((len(frames) - 1, min(end, bounds[-1][1]) if bounds else end))
            phases.append(phase)
            opened.append(False)
        return False

    def finish() -> None:
        """Close the top frame: searched to the end without a win, or open (bounded search)."""
        nonlocal failed, root_open
        frames.pop()
        key = keys.pop()
        if bounded:
            phases.pop()
            if bounds and bounds[-1][0] == len(frames):
                bounds.pop()
            if opened.pop():
                cut.add(key)
                if opened:
                    opened[-1] = True
                else:
                    root_open = True
                return
        if lost is not None:
            lost.add(key)
        failed += 1
        if failures is not None and failed > failures:
            raise _OutOfNodes

    def cut_subtree() -> None:
        """Leave the innermost bounded frame and everything above it open (its bound is spent)."""
        index = bounds.pop()[0]
        while len(frames) > index:
            frames.pop()
            phases.pop()
            opened.pop()
            cut.add(keys.pop())
        opened[-1] = True  # a bounded frame is never the root: it has a parent

    try:
        if enter(root, root_moves):
            return "won", path, nodes
        while frames:
            if bounded:
                while bounds and nodes > bounds[-1][1]:
                    cut_subtree()
            state, depth, untried = frames[-1]
            if not untried:
                finish()
                continue
            del path[depth:]
            move = untried.pop()
            path.append(move)
            if enter(*advance(apply(state, move), path)):
                return "won", path, nodes
    except _OutOfTime:
        return "time", [], nodes
    except _OutOfNodes:
        return "limit", [], nodes
    return ("cut" if root_open else "lost"), [], nodes


def _forget(table: set[Hashable], kept: Sequence[Hashable]) -> None:
    """Empty ``table`` but for ``kept`` (see ``_search``'s ``table``)."""
    table.clear()
    table.update(kept)


def solve(game: Game, stock: Sequence[int], *, budget: Budget | None = None,
          hints: SearchHints[Any] | None = None) -> Solution:
    """Search for a winning line from the start of ``stock`` (top card first); see ``solve_position``."""
    return solve_position(game, game.initial_state(stock), budget=budget, hints=hints)


def proved_lost_at_start(game: Game, stock: Sequence[int]) -> bool:
    """Whether the hints' strongest test (``SearchHints.proved_lost``, bounded in positions) proves the deal lost
    where the solver's search starts (its forced and safe moves made); False says nothing."""
    hints = hints_for(game)
    root, moves = _advance(game, hints, game.initial_state(stock), [])
    if not moves:
        return not game.is_won(root)
    return hints.proved_lost(root)


def solve_along(game: Rules[S], state: S, line: Sequence[Move], *, budget: Budget | None = None) -> Solution:
    """A search from the end of the part of ``line`` that is legal from ``state``: won with the whole line (that
    part, then the search's), else unknown — a loss there says nothing of ``state``. Its nodes are the search's.

    For a winning line of another reading of the game: a reading that allows more (gallery's covers made
    optional) often wins a deal along a line that is legal under a stricter one up to a late move it skips,
    and the stricter one's search from there then wins where its search from the start did not (of 14
    gallery deals held unknown at 2 s that ``cover_before_gathering`` or ``optional_cover`` won, 13 within a
    second; docs/notes/solver-gallery.md §15). Like a lead, it proves a win only."""
    walked = replay(game, state, line)
    found = solve_position(game, walked.final, budget=budget)
    if found.result is Result.WON:
        return Solution(Result.WON, [*line[:walked.moves_played], *found.moves], found.nodes, found.seconds)
    return Solution(Result.UNKNOWN, [], found.nodes, found.seconds)


def solve_position(game: Rules[S], state: S, *, budget: Budget | None = None,
                   hints: SearchHints[S] | None = None) -> Solution:
    """``_solve_position`` with the cyclic garbage collector paused.

    A search allocates millions of small tuples (positions, moves, keys) and keeps tens of
    thousands in its tables; none of them forms a cycle, so reference counting frees them all,
    and the collector's passes over the growing tables were pure cost (4–10 % of a search,
    measured). It runs again as soon as the search ends.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solve_position(game, state, budget=budget, hints=hints)
    finally:
        if collecting:
            gc.enable()


def _solve_position(game: Rules[S], state: S, *, budget: Budget | None = None,
                    hints: SearchHints[S] | None = None) -> Solution:
    """Search for a winning line from ``state``: ``won`` with its moves, ``lost`` or ``unknown``.

    ``hints`` are the game's registered ones by default; pass ``SearchHints(game, player)`` for
    a plain search. Hints whose ``restarts`` give other move orders are searched with
    restarts: attempt ``i`` tries moves in its ``i``-th order and gives up after
    ``unit × luby(i)`` failures (positions searched to the end without a win), as SAT solvers
    count conflicts: a line that wins without turning back costs no failure, so even the
    shortest attempt can win a long game. One bad early choice (how the first deal is played
    decides what a redeal gathers) then cannot hold the whole budget. An attempt that ends
    before its limit has searched everything with the same provable cuts, so its ``lost`` is
    exact too.

    Hints with ``phase_nodes`` (an acyclic game) search in bounded attempts: attempt ``i`` lets
    each position that starts a later phase search ``phase_nodes × phase_growth ** i``
    positions below it (``_search``'s ``bound``), keeping what earlier attempts finished. A
    line that wins late in one phase is then found without first searching every variant of
    the phase after it; only an attempt that cut nothing answers ``lost``.

    The hints' ``leads`` come first: each line is replayed through the engine and searched
    from its end within the lead's limit; a lead that does not win says nothing about ``state``.
    With ``phase_interleave``, the bounded attempts go on between the leads, for that many times
    each lead's positions, and resume where they stopped (``_search``'s ``cut``).

    Hints with ``nested_share`` run nested Monte-Carlo searches (``hints.nested``) after each attempt that
    ends short of an answer, ``nested_share`` playouts per position the attempt searched; a line one of
    them wins is replayed through the engine and is the answer. Like a lead, it proves a win, nothing else.
    """
    if hints is None:
        hints = hints_for(game)
    budget = budget or Budget()
    started = time.perf_counter()
    deadline = None if budget.seconds is None else started + budget.seconds
    max_nodes = budget.nodes
    nodes = 0

    def answer(result: Result, moves: list[Move] | None = None) -> Solution:
        return Solution(result, moves or [], nodes, time.perf_counter() - started)

    if budget.seconds is not None and budget.seconds <= 0:
        return answer(Result.UNKNOWN)
    prefix: list[Move] = []
    root, root_moves = _advance(game, hints, state, prefix)
    hints.begin(root)
    restarts = hints.restarts()
    bound = hints.phase_nodes if hints.acyclic and hints.phase_nodes > 0 else None
    lost: set[Hashable] | None = set() if (restarts is not None or bound is not None) and hints.acyclic else None
    attempt = 0
    cut: set[Hashable] = set()  # what the current bounded attempt left open so far
    nested = hints.nested(root) if hints.nested_share > 0 else None

    def nested_turn(positions: int) -> Solution | None:
        """The nested searches' turn after an attempt of ``positions``: WON if one of them wins a line that replays."""
        if nested is None or nested.finished:
            return None
        line = nested.advance(int(positions * hints.nested_share) + 1, time.perf_counter,
                              float("inf") if deadline is None else deadline)
        if line is None:
            return None
        replayed = replay(game, root, line)
        return answer(Result.WON, prefix + line) if replayed.ok and game.is_won(replayed.final) else None

    def attempts(cap: int | None) -> Solution | None:
        """The solver's own attempts until an answer, or until ``cap`` more positions (then None: the
        attempt goes on at the next call, from what it finished and with what it left open)."""
        nonlocal nodes, attempt, cut
        ceiling = max_nodes
        if cap is not None:
            ceiling = nodes + cap if max_nodes is None else min(max_nodes, nodes + cap)
        while True:
            order = hints.order if attempt == 0 or restarts is None else restarts.order(attempt)
            failures = restarts.unit * _luby(attempt) if restarts is not None else None
            limit = None if ceiling is None else ceiling - nodes
            ending, moves, used = _search(game, hints, root, root_moves, prefix, order, limit, deadline, lost,
                                          failures, None if bound is None else bound * hints.phase_growth ** attempt,
                                          cut, budget.table)
            nodes += used
            if ending == "won":
                return answer(Result.WON, moves)
            if ending == "lost":
                return answer(Result.LOST)
            if ending == "time" or (max_nodes is not None and nodes >= max_nodes):
                return answer(Result.UNKNOWN)
            if ending == "limit" and ceiling is not None and nodes >= ceiling:
                return None
            between = nested_turn(used)
            if between is not None:
                return between
            attempt += 1
            cut = set()

    for lead, lead_limit in hints.leads(root, deadline):
        replayed = replay(game, root, lead)
        if not replayed.ok:
            continue
        start = replayed.final
        if max_nodes is not None:
            lead_limit = min(lead_limit, max_nodes - nodes)
            if lead_limit <= 0:
                return answer(Result.UNKNOWN)
        ending, moves, used = _search(game, hints, start, game.legal_moves(start), prefix + lead, hints.order,
                                      lead_limit, deadline, table=budget.table)
        nodes += used
        if ending == "won":
            return answer(Result.WON, moves)
        if ending == "time":
            return answer(Result.UNKNOWN)
        if bound is not None and hints.phase_interleave > 0:
            between = attempts(int(used * hints.phase_interleave) + 1)
            if between is not None:
                return between
    solved = attempts(None)
    assert solved is not None
    return solved
