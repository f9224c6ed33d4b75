"""Which deals the practice sheets show: each deal solved within a number of positions, and the selection.

``winnable`` keeps only the deals the solver wins, ``unwinnable`` only the proved losses, ``all`` every
deal; ``easy``, ``foresight`` and ``lost`` keep the deals of one grade (``generator.analysis.Difficulty``:
the no-peek player's game decides it too). The deal numbers passed over are counted for the sheets' first
page. For an answer key each deal can be analysed as well: its grade and, for a deal that needs foresight,
the critical moment of the no-peek player's game. The solver's limit per deal
is a number of positions searched, not seconds (``Budget(seconds=None, nodes=N)``): a search so bounded
takes the same path every time, so a verdict cannot change with the machine's speed, its load or
``jobs``. The deals are solved in order, lazily (the sheets are laid out as they come), a few ahead
on the project's pool (``generator.pool``) or any ``concurrent.futures.Executor``, a deal's searches as calls of
their own (``generator.forks``), so that those of a deal left open can run side by side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

from generator.analysis import Difficulty, LineAnalysis, critical_moment
from generator.borrowing import Along, Search, borrowing_plan, planned_searches, seed_donors, won_through_readings
from generator.deals import MAX_DEAL, stock_indices
from generator.forks import Call, Steps, in_order_steps
from generator.games import Game, Move, Result, make_game
from generator.play import play_out
from generator.solver import Budget, Solution, solve

#: What a deal the solver leaves open may spend under the game's other readings, in all, in times its own
#: positions (``solve_or_borrow``; ``borrowing.won_through_readings`` says why 1.5).
BORROW_SHARE = 1.5
#: Beside that share, what our own rules may spend with each other reading's seeds first, each, in times the
#: positions (``won_through_readings``'s ``their_seeds``).
SEEDS_SHARE = 0.05
#: How long a deal's own search runs before the searches its borrowing may ask for begin on a worker left idle, in
#: case the deal is left open (``_deal_steps``). Seconds decide only when a search runs, never its bound, so
#: never what it answers. A guess: of deals 1..150 at 100,000 positions, a search ran past 2 s for eight gallery
#: deals, nine `optional_cover` deals and one two_cards deal, and none of `phalanx` or `village`; 8 of those 18 ran
#: to the bound (gallery 3, 50, 78; `optional_cover` 3, 19, 78, 116; two_cards 39: 11.7–33.3 s); the other ten
#: decided within 2.1–7.7 s, and a search begun for one of them runs on, its answer unused, on a worker that was
#: idle when it began.
SPECULATE_AFTER = 2.0
#: How many deal numbers ``winnable``/``unwinnable`` may look at, per deal asked for.
SCAN_FACTOR = 50

#: A deal: its number, or its cards (top card first).
Source = int | tuple[int, ...]
#: The selections by grade: ``pasyans deals --difficulty easy|foresight|lost``.
GRADES = {"easy": Difficulty.EASY, "foresight": Difficulty.FORESIGHT, "lost": Difficulty.LOST}
MODES = ("all", "winnable", "unwinnable", *GRADES)
KEEP = {"winnable": Result.WON, "unwinnable": Result.LOST}
#: How a selection's error message names the deals it wanted.
WANTED = {"winnable": "winnable", "unwinnable": "proved unwinnable", "easy": "easy",
          "foresight": "foresight (won, but lost by the no-peek player)", "lost": "proved lost"}


class SelectionError(ValueError):
    """Not enough deals of the kind asked for within the scan limit."""


@dataclass(frozen=True)
class Outcome:
    """What the answer key needs of one deal: its verdict and, when won, the moves (nothing else is kept);
    when graded, the no-peek player's result, and the analysis of its game when it was searched."""

    deal: int | None  # None: a typed pack (``pasyans deals --stock``), its cards in ``typed``
    result: Result | None  # None when nothing was solved (no answers, no selection)
    moves: tuple[Move, ...] = ()  # the solver's winning line (or the no-peek player's, when only it won)
    no_peek: Result | None = None  # None when not graded
    line: LineAnalysis | None = None  # the no-peek game's critical moment (a deal won but lost by the player)
    typed: tuple[int, ...] = ()  # a typed pack's cards, top card first (``deal`` None)

    def stock(self, game: Game) -> tuple[int, ...]:
        """The deal's cards, top card first: the typed pack, or the numbered deal's."""
        return self.typed if self.deal is None else tuple(stock_indices(game.id, self.deal))

    @property
    def difficulty(self) -> Difficulty | None:
        if self.result is None or self.no_peek is None:
            return None
        return Difficulty.of(self.result, self.no_peek)


@cache
def _game(spec: str) -> Game:
    return make_game(spec)


def borrowed_positions(game: Game, positions: int) -> int:
    """The most positions ``solve_or_borrow`` spends on a deal beyond its own search's ``positions``."""
    return int(BORROW_SHARE * positions) + len(seed_donors(game)) * int(SEEDS_SHARE * positions)


def tries_other_seeds(game: Game) -> bool:
    """Whether ``solve_or_borrow`` searches a deal left open again under ``game``'s own rules, with other seeds."""
    return bool(seed_donors(game))


def solve_or_borrow(game: Game, stock: Sequence[int], positions: int, *, jobs: int = 1) -> Solution:
    """The solver's answer within ``positions`` positions; a deal it leaves open is searched under the game's
    other readings, and one whose winning line wins here too (replayed; or searched along from where it breaks
    our rules) is won with that line (``borrowing.won_through_readings``, at most 1.5 × ``positions`` more); first,
    where our searches take a seed, our own rules with each other reading's seeds (0.05 × ``positions`` each).
    Bounded by positions only, so every machine gets the same answer; it costs more only for the few deals the
    solver leaves open. With ``jobs`` > 1 on a pool of that many workers, the borrowing's searches beside the deal's
    own (``_solution_steps``), with the same answer."""
    if jobs > 1:
        (found,) = in_order_steps(partial(_solution_steps, game.full_id, positions=positions), [tuple(stock)],
                                  jobs=jobs)  # to the end: the pool stopped with it
        return found
    budget = Budget(seconds=None, nodes=positions)
    solution = solve(game, stock, budget=budget)
    if solution.result is not Result.UNKNOWN:
        return solution
    line = won_through_readings(game, stock, budget, share=BORROW_SHARE, their_seeds=SEEDS_SHARE)
    return solution if line is None else Solution(Result.WON, line, solution.nodes, solution.seconds)


def solve_deal(spec: str, deal: int, positions: int, *, grade: bool = False, critical: bool = False) -> Outcome:
    """Solve one numbered deal within ``positions`` positions, no clock (in a worker process or here); see
    :func:`solve_stock`."""
    game = _game(spec)
    return solve_stock(game, tuple(stock_indices(game.id, deal)), positions, deal=deal, grade=grade,
                       critical=critical)


def solve_stock(game: Game, stock: tuple[int, ...], positions: int, *, deal: int | None = None,
                grade: bool = False, critical: bool = False, jobs: int = 1) -> Outcome:
    """Solve the deal of ``stock`` (deal number ``deal``, or None for a typed pack) within ``positions``
    positions; only a winning line keeps its moves. ``grade`` plays the no-peek player's game too (a win of
    it is a win, whatever the solver said); ``critical`` also finds where that game lost the win, for a deal
    won but lost by the player. ``jobs``: workers for a deal the solver leaves open (``solve_or_borrow``).
    """
    return _outcome(game, stock, positions, solve_or_borrow(game, stock, positions, jobs=jobs), deal=deal,
                    grade=grade, critical=critical)


def _outcome(game: Game, stock: tuple[int, ...], positions: int, solution: Solution, *, deal: int | None,
             grade: bool, critical: bool) -> Outcome:
    """``solve_stock``'s outcome, given the solver's answer (borrowed lines included)."""
    typed = stock if deal is None else ()
    moves = tuple(solution.moves) if solution.result is Result.WON else ()
    if not (grade or critical):
        return _verdict_only(deal, solution, typed)
    played = play_out(game, stock)
    if played.result is Result.WON:
        return Outcome(deal, Result.WON, moves or tuple(played.moves), Result.WON, typed=typed)
    if not critical or solution.result is not Result.WON:
        return Outcome(deal, solution.result, moves, Result.LOST, typed=typed)
    line = critical_moment(game, played.states, played.moves, positions=positions, start=solution)
    return Outcome(deal, solution.result, moves, Result.LOST, line, typed=typed)


def solve_in_order(spec: str, deals: Iterable[int], positions: int, jobs: int = 1,
                   executor: Executor | None = None, *, grade: bool = False,
                   critical: bool = False) -> Iterator[Outcome]:
    """Outcomes of ``deals`` in their order; with ``jobs`` > 1 (or an ``executor``) a few deals ahead are solved
    in parallel, on the project's pool by default, and a deal the solver leaves open has its borrowing searches
    run side by side (``_deal_steps``); the outcomes are ``solve_deal``'s.

    Only about four deals per worker are in flight, so stopping early (enough deals found) wastes little.
    """
    if executor is None and jobs <= 1:
        yield from (solve_deal(spec, deal, positions, grade=grade, critical=critical) for deal in deals)
        return
    work = partial(_deal_steps, spec, positions=positions, grade=grade, critical=critical)
    yield from in_order_steps(work, deals, jobs=jobs, executor=executor, ahead=4 * jobs)


def _deal_steps(spec: str, deal: int, *, positions: int, grade: bool, critical: bool) -> Steps[Outcome]:
    """``solve_deal`` as calls on a pool: ``_solution_steps``, then the outcome."""
    solution = yield from _solution_steps(spec, deal, positions=positions)
    if not (grade or critical):  # nothing to play or analyse: no call
        return _verdict_only(deal, solution)
    outcome: Outcome = yield (yield Call(_finish, (spec, deal, positions, solution, grade, critical)))
    return outcome


def _verdict_only(deal: int | None, solution: Solution, typed: tuple[int, ...] = ()) -> Outcome:
    """An outcome with the solver's verdict alone (only a win keeps its moves)."""
    return Outcome(deal, solution.result, tuple(solution.moves) if solution.result is Result.WON else (), typed=typed)


def _solution_steps(spec: str, source: Source, *, positions: int) -> Steps[Solution]:
    """``solve_or_borrow`` as calls on a pool, for a deal number or a stock (``source``): the deal's own search;
    if it leaves the deal open, the borrowing's steps, each search they ask for answered at the bound they ask.

    The borrowing's searches do not depend on the deal's own search, so they may run beside it, speculatively:
    once it has run ``SPECULATE_AFTER`` seconds, each search the borrowing may ask for
    (``borrowing.planned_searches``) starts on a worker left idle, at the most it may be given, and is read off at
    the bound the plan asks (``Solution.at_most``: the same answer as a search run there). One that has not begun
    when the deal's search ends is run when the plan asks, at the bound asked; and while the plan waits for a
    search asked at its full bound, the one it would ask next is a guess again. Gallery deal 3 at 100,000
    positions: its own search, `any_king`'s (won at 61,394 positions, a line not ours) and
    `cover_before_gathering`'s (88,606 positions, the share left) ran one after another; at stop 38 the first two
    side by side, the third after them (the winnable sheet's last 16 s); now the third begins on the worker the
    deal's own search leaves."""
    game = _game(spec)
    budget = Budget(seconds=None, nodes=positions)
    own = yield Call(_searched, (Search(game.full_id, None, budget), source))
    planned = {search.key: search for search in planned_searches(game, budget, share=BORROW_SHARE,
                                                                 their_seeds=SEEDS_SHARE)}
    ahead = {}
    for key, search in planned.items():
        ahead[key] = yield Call(_searched, (search, source), after=SPECULATE_AFTER)
    solution: Solution = yield own
    for handle in ahead.values():  # what has not begun is searched at the bound the plan asks, when it asks
        handle.wanted = False
    if solution.result is not Result.UNKNOWN:
        return solution
    stock = _stock(game.id, source)
    plan = borrowing_plan(game, stock, budget, share=BORROW_SHARE, their_seeds=SEEDS_SHARE)
    order = list(planned)  # the plan asks its searches in this order, and stops when it has its answer
    answer: Any = None
    try:
        while True:
            asked = plan.send(answer)
            if isinstance(asked, Along):
                answer = yield (yield Call(_along, (asked, source)))
                continue
            bound = asked.budget.nodes or 0
            if bound > (planned[asked.key].budget.nodes or 0):  # a search run ahead answers no larger bound
                raise AssertionError(f"the borrowing asked {asked} beyond its plan")
            following = order.index(asked.key) + 1
            if bound == planned[asked.key].budget.nodes and following < len(order):
                # The plan goes on to the next search unless this one's win becomes ours; asked at less, the
                # share ends here, and a next search (after an early answer) comes so seldom it is not guessed.
                after = order[following]
                if not ahead[after].started:
                    ahead[after] = yield Call(_searched, (planned[after], source), after=SPECULATE_AFTER)
            if ahead[asked.key].started:
                answer = (yield ahead[asked.key]).at_most(bound)
            else:
                answer = yield (yield Call(_searched, (asked, source)))
    except StopIteration as end:
        if end.value is None:
            return solution
        return Solution(Result.WON, end.value, solution.nodes, solution.seconds)


def _stock(game_id: str, source: Source) -> tuple[int, ...]:
    return source if isinstance(source, tuple) else tuple(stock_indices(game_id, source))


def _searched(search: Search, source: Source) -> Solution:
    return search.run(_stock(_game(search.reading).id, source))


def _along(along: Along, source: Source) -> list[Move] | None:
    return along.run(_stock(_game(along.reading).id, source))


def _finish(spec: str, deal: int, positions: int, solution: Solution, grade: bool, critical: bool) -> Outcome:
    game = _game(spec)
    return _outcome(game, tuple(stock_indices(game.id, deal)), positions, solution, deal=deal, grade=grade,
                    critical=critical)


@dataclass
class Selection:
    """The running tally of a selection: what was looked at, kept and passed over."""

    mode: str
    first: int
    count: int
    positions: int  # the solver's limit per deal
    scanned: int = 0
    last: int = 0
    results: Counter[Result] = field(default_factory=Counter)
    grades: Counter[Difficulty] = field(default_factory=Counter)
    kept: list[Outcome] = field(default_factory=list)

    @property
    def skipped(self) -> int:
        return self.scanned - len(self.kept)

    @property
    def limit(self) -> int:
        """How many deal numbers may be looked at."""
        span = self.count if self.mode == "all" else SCAN_FACTOR * self.count
        return min(span, MAX_DEAL - self.first + 1)


def select(spec: str, selection: Selection, *, solve_deals: bool, jobs: int = 1, executor: Executor | None = None,
           on_progress: Callable[[Selection], None] | None = None, critical: bool = False,
           stock: tuple[int, ...] | None = None) -> Iterator[Outcome]:
    """The deals for the sheets, in order, updating ``selection`` as it goes; ``SelectionError`` if too few.

    ``critical``: each deal's grade and, for a deal that needs foresight, its critical moment (answer keys).
    ``stock``: one typed pack instead of deal numbers (mode ``all``, count 1), solved here.
    """
    deals = range(selection.first, selection.first + selection.limit)
    grade = GRADES.get(selection.mode)
    if stock is not None:
        if selection.mode != "all" or selection.count != 1:
            raise ValueError("a typed pack is one deal, shown whatever its verdict")
        source: Iterator[Outcome] = iter([
            solve_stock(_game(spec), stock, selection.positions, grade=critical, critical=critical,
                        jobs=jobs if executor is None else 1) if solve_deals
            else Outcome(None, None, typed=stock)])
    elif solve_deals or grade:
        source = solve_in_order(spec, deals, selection.positions, jobs, executor,
                                                   grade=grade is not None, critical=critical)
    else:
        source = (Outcome(deal, None) for deal in deals)
    keep = KEEP.get(selection.mode)
    try:
        for outcome in source:
            selection.scanned += 1
            selection.last = outcome.deal or 0
            if outcome.result:
                selection.results[outcome.result] += 1
            if outcome.difficulty:
                selection.grades[outcome.difficulty] += 1
            if outcome.difficulty is grade if grade else keep is None or outcome.result is keep:
                selection.kept.append(outcome)
                if on_progress:
                    on_progress(selection)
                yield outcome
                if len(selection.kept) == selection.count:
                    return
            elif on_progress:
                on_progress(selection)
    finally:
        if hasattr(source, "close"):
            source.close()
    if len(selection.kept) < selection.count:
        wanted = WANTED.get(selection.mode, "")
        if grade:
            counts = ", ".join(f"{selection.grades[g]} {g}" for g in Difficulty if selection.grades[g])
        else:
            counts = ", ".join(f"{selection.results[r]} {r}" for r in Result if selection.results[r])
        raise SelectionError(
            f"only {len(selection.kept)} of {selection.count} {wanted} deals found among the "
            f"{selection.scanned} deal numbers {selection.first}..{selection.last} ({counts}; at most "
            f"{SCAN_FACTOR} × --count are scanned): lower --count, or raise --positions for unknowns"
        )
