"""A deal one reading of a game leaves open, won along another reading's winning line.

The readings of a game differ in a rule or two, so a line one of them wins is often a line of another, or is
one up to a late move, after which that reading's own search wins from where the line breaks its rules (of
14 gallery deals the printed rules left open at 2 s and a looser reading won, 13 within a second;
docs/notes/solver-gallery.md §15). A win counts here only once the whole line replays to a win under the
reading's own rules: the replay is the proof, not any relation between the readings.

The odds run (``generator.stats``) lends the lines it found to the readings measured after; the sheets and
the figures (``won_through_readings``) search the other readings of a deal their own search left open, at the
same bound in positions, so the answer is the same on any machine, and with our seeds (``hints_for(seeds_of=…)``):
each reading's randomised searches have seeds of their own (``SearchHints.seed_salt``), so that in the odds run
they are attempts of their own, but here the other reading is searched for our sake, and with our seeds it
follows our attempt under its rules, and leaves ours where its rules differ, near a position ours has searched.
Deals 1..100 at 100,000 positions: with our seeds the printed rules and ``cover_before_gathering`` leave deal 3
open, with the other reading's own seeds 3 and 78 (docs/notes/solver-gallery.md §18).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from generator.games import Game, Move, Result, all_specs, make_game, wider_readings
from generator.hints import hints_for
from generator.hints.base import seed_salt
from generator.replay import replay
from generator.solver import Budget, Solution, solve, solve_along

#: A line searched along only if at least this share of it is legal here. One broken early leaves the reading's
#: own search from near the start, which the deal has had (any_king's lines draw another king at move 1; the
#: basic brunette_blonde's break two_cards' limit by move 41 of ~240, and nothing was won along them), while the
#: gallery's wins along a looser reading's line came at 104–279 of its 288–315 moves (solver-gallery.md §15).
ALONG_FROM = 0.25


def line_here(game: Game, stock: Sequence[int], moves: Sequence[Move],
              along: Budget | None = None) -> list[Move] | None:
    """The winning line of ``game`` that another reading's winning line ``moves`` gives: the line itself, renamed
    to this reading's names (``Rules.adopt_line``), if it replays to a win here; else, with an ``along`` budget
    and the line legal here for ``ALONG_FROM`` of its length, its legal part and the line ``game``'s search finds
    from there (``solve_along``), once that replays to a win too; else None."""
    start = game.initial_state(stock)
    moves = game.adopt_line(stock, moves)
    walked = replay(game, start, moves)
    if walked.won:
        return list(moves)
    if along is None or walked.moves_played < ALONG_FROM * len(moves):
        return None
    found = solve_along(game, start, moves, budget=along)
    if found.result is Result.WON and replay(game, start, found.moves).won:
        return list(found.moves)
    return None


def other_readings(game: Game) -> list[str]:
    """The specs of ``game``'s other readings, nearest first: those that allow every move of ours (their lines are
    ours up to the moves only they allow: the gallery's `optional_cover` wins deal 78, and the printed rules win
    along its line), declared beside ours first (``Rules.wider_readings``) and then through a chain of them; then
    those whose every line is ours, the same way; then the rest; ties in the registry's order."""
    declared = set(wider_readings(game.id, chained=False))
    chained = set(wider_readings(game.id))
    here = game.full_id

    def nearness(other: str) -> int:
        for rank, pair in enumerate(((here, other), (other, here))):
            if pair in declared:
                return 2 * rank
            if pair in chained:
                return 2 * rank + 1
        return 4

    others = [other for other in all_specs() if other.partition(":")[0] == game.id and other != here]
    return sorted(others, key=nearness)


@dataclass(frozen=True)
class Search:
    """One search the borrowing asks for: ``reading`` (a spec) from the start of the deal, with the seeds of
    ``seeds_of`` (a spec; None: the reading's own), within ``budget``."""

    reading: str
    seeds_of: str | None
    budget: Budget

    @property
    def key(self) -> tuple[str, str | None]:
        """The search, whatever its bound."""
        return self.reading, self.seeds_of

    def run(self, stock: Sequence[int]) -> Solution:
        game = make_game(self.reading)
        seeds = None if self.seeds_of is None else make_game(self.seeds_of)
        return solve(game, stock, budget=self.budget, hints=hints_for(game, seeds_of=seeds))


@dataclass(frozen=True)
class Along:
    """The borrowing's other request: ``line_here`` for ``reading`` (our spec) and another reading's winning line."""

    reading: str
    line: tuple[Move, ...]
    budget: Budget

    def run(self, stock: Sequence[int]) -> list[Move] | None:
        return line_here(make_game(self.reading), stock, self.line, self.budget)


#: The borrowing's steps: they yield the searches they need (sent back each one's answer at that bound) and
#: return the winning line found, or None.
Plan = Generator[Search | Along, Any, list[Move] | None]


def won_through_readings(game: Game, stock: Sequence[int], budget: Budget, *, others: Sequence[str] | None = None,
                         share: float | None = None, our_seeds: bool = True,
                         their_seeds: float = 0.0) -> list[Move] | None:
    """A winning line of ``game`` from the start of ``stock`` found through another reading: the ``others``
    (default ``other_readings``, nearest first) are searched in turn within ``budget``, and a line one of them
    wins is tried here (``line_here``, searching along it within ``budget`` too), until one wins here; None if
    none does. It proves a win only. ``our_seeds``: each other reading is searched with ``game``'s seeds (see
    above); else with its own, as its own search would (to find again a win saved for it).

    ``share`` (a budget in positions only): these searches stop once they have spent ``share`` times
    ``budget.nodes`` in all (each search counted up to its bound), so a deal open under every reading (gallery
    deal 3) does not hold a sheet up for a search per reading (`pasyans deals gallery --winnable --count 10`:
    23.7–25.9 s at 1.5, 28.5 s at 2, where gallery deals 50 and 78 and the cover readings' 50 and 78 are won
    either way).

    ``their_seeds`` (a budget in positions only): first, our own rules are searched again with each other
    reading's seeds (``hints_for(seeds_of=…)``), ``their_seeds`` times ``budget.nodes`` each, beside the share,
    where our hints' searches take a seed at all (``SearchHints.seeded``). At a bound in positions a seed is luck
    deal by deal: ``optional_cover`` leaves deal 78 open at 100,000 positions with its own seeds, and wins it in
    490 or 3,366 positions with ``any_king``'s or the printed rules' (docs/notes/solver-gallery.md §20); a win
    found so is our own rules' win, proved by its replay like any other. Beside the share, not in it: taken from
    it, the readings' searches lose wins they find late (deal 4241 of the printed rules at 20,000 positions).

    The searches one after another, in this process (``borrowing_plan``; ``selection`` runs them side by side)."""
    plan = borrowing_plan(game, stock, budget, others=others, share=share, our_seeds=our_seeds,
                          their_seeds=their_seeds)
    answer: Any = None
    try:
        while True:
            answer = plan.send(answer).run(stock)
    except StopIteration as end:
        return end.value  # type: ignore[no-any-return]


def borrowing_plan(game: Game, stock: Sequence[int], budget: Budget, *, others: Sequence[str] | None = None,
                   share: float | None = None, our_seeds: bool = True, their_seeds: float = 0.0) -> Plan:
    """``won_through_readings`` as steps: each search it needs, yielded, is answered by the caller. The answers
    decide alone what is asked next, so searches can run ahead, side by side (``planned_searches``), and be read
    off at the bound asked (``Solution.at_most``) with the same result."""
    left = None if share is None or budget.nodes is None else int(share * budget.nodes)

    def within(limit: Budget) -> Budget:
        return limit if left is None or limit.nodes is None else Budget(seconds=limit.seconds,
                                                                        nodes=min(limit.nodes, left))

    readings = other_readings(game) if others is None else others
    if their_seeds and budget.nodes is not None:
        for search in _seed_searches(game, readings, budget, their_seeds):
            solution = yield search
            if solution.result is Result.WON and replay(game, game.initial_state(stock), solution.moves).won:
                return list(solution.moves)
    ours = game.full_id if our_seeds else None
    for other in readings:
        if left is not None and left <= 0:
            break
        search = Search(other, ours, within(budget))
        solution = yield search
        if left is not None:  # an open search counted at its bound (a search overruns it by a position or two)
            left -= min(solution.nodes, search.budget.nodes or solution.nodes)
        if solution.result is Result.WON and (left is None or left > 0):
            line = yield Along(game.full_id, tuple(solution.moves), within(budget))
            if line is not None:
                return list(line)
    return None


def planned_searches(game: Game, budget: Budget, *, share: float, their_seeds: float) -> list[Search]:
    """Every search ``borrowing_plan`` (a budget in positions, our seeds, a ``share``) may ask for, each at the
    most it may be given: run ahead, each answers every bound the plan asks of it (``Solution.at_most``)."""
    assert budget.nodes is not None
    readings = other_readings(game)
    most = Budget(seconds=None, nodes=min(budget.nodes, int(share * budget.nodes)))
    return [*_seed_searches(game, readings, budget, their_seeds),
            *(Search(other, game.full_id, most) for other in readings)]


def _seed_searches(game: Game, readings: Sequence[str], budget: Budget, share: float) -> list[Search]:
    """Our own rules searched with each of ``seed_donors``'s seeds, ``share`` times ``budget.nodes`` each."""
    if not share or budget.nodes is None:
        return []
    each = Budget(seconds=budget.seconds, nodes=int(share * budget.nodes))
    return [Search(game.full_id, donor.full_id, each) for donor in seed_donors(game, readings)]


def seed_donors(game: Game, readings: Sequence[str] | None = None) -> list[Game]:
    """The other readings (``readings``, default ``other_readings``) whose seeds ``borrowing_plan`` tries for
    ``game``'s own rules: one for each seed ours has not got, none where our searches take no seed
    (``SearchHints.seeded``)."""
    ours = hints_for(game)
    if not ours.seeded:
        return []
    tried, donors = {ours.seed_salt}, []
    for other in other_readings(game) if readings is None else readings:
        reading = make_game(other)
        if seed_salt(reading) not in tried:
            tried.add(seed_salt(reading))
            donors.append(reading)
    return donors
