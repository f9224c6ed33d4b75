"""Where a line of play was lost, and how hard a deal is: the critical moment and the difficulty grade.

The *critical moment* of a line (the no-peek player's game of a deal, or any record) is the first
move after which the position can no longer be won although it could be won before it. Along a
line winnability only ever goes from "can win" to "cannot": a lost position has no winnable
successor, so a position is winnable whenever any later position of the line is. A position with
one legal move only (a forced move) cannot lose a win either. So the critical moment is found by
a search over the line's *choice points* alone, with a few solves (``solve_position``) from
positions along it:

- each solve is made in the middle of the stretch still open (*bisection*), which bounds the
  solves by the logarithm of the choice points (chasing instead the first move where a winning
  solve parts from the played line found as many moves on deals 1..40 of village,
  brunette_blonde:two_cards and gallery, for 3–10 % more positions);
- a solve that wins gives a winning line from its position; where that line follows the played
  line, the positions it passes are winnable too, and the stretch shrinks further for free.

A solve that gives up (``unknown``) is reported as it is: the moment is then only narrowed to a
stretch of moves, «не удалось установить», never guessed. Every solve is bounded in positions
searched, not seconds, so the same line and limit give the same answer on any machine.

The *difficulty* of a deal: easy (the no-peek player wins it), foresight (it can be won, but the
no-peek player loses it), lost (proved), or unknown; one enum with its Russian words in one table.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.games import Game, Move, Result
from generator.play import play_out
from generator.replay import replay
from generator.solver import Budget, Solution, solve_position

#: The solver's limit for a deal's verdict (the solve from the start), in positions searched: as the sheets'.
POSITIONS = 100_000
#: The limit of each solve along the line. Positions after a lost move are proved lost cheaply near where the
#: game jams and not at all far from it (deals 1..30 of village, brunette_blonde:two_cards and gallery: as many
#: critical moves found at 8,000 positions as at 20,000), and a solve that gives up costs the whole limit.
PROBE_POSITIONS = 10_000
#: Solves that may give up before the search stops narrowing: each costs the whole limit. Going on after one,
#: in the stretch nearer the lost end, pinned down one more critical move of deals 1..40 of village (14, not 13)
#: and narrowed the others' stretches (median 177 moves, not 245) for 68 % more time.
MAX_UNKNOWN_SOLVES = 1


class Difficulty(enum.Enum):
    """How hard a deal is for a careful player who cannot see the stock."""

    EASY = "easy"  #: the no-peek player wins it
    FORESIGHT = "foresight"  #: it can be won, but the no-peek player loses it
    LOST = "lost"  #: no line wins it (proved)
    UNKNOWN = "unknown"  #: the solver could not decide it, and the no-peek player loses it

    def __str__(self) -> str:
        return self.value

    @classmethod
    def of(cls, thoughtful: Result, no_peek: Result) -> Difficulty:
        """The grade from the solver's verdict and the no-peek player's result (a win by the player is
        a win, whatever the solver said)."""
        if no_peek is Result.WON:
            return cls.EASY
        return {Result.WON: cls.FORESIGHT, Result.LOST: cls.LOST, Result.UNKNOWN: cls.UNKNOWN}[thoughtful]

    @classmethod
    def from_letters(cls, thoughtful: str, no_peek: str) -> Difficulty:
        """The grade from one deal's letters in the odds file's verdict strings (W/L/U, W/L)."""
        return cls.of(_BY_LETTER[thoughtful], _BY_LETTER[no_peek])

    @property
    def name_ru(self) -> str:
        """The grade as the book and the sheets name it: «трудный»."""
        return _RUSSIAN[self][0]

    @property
    def counted_ru(self) -> str:
        """The grade after a count, in the genitive plural: «трудных — 7»."""
        return _RUSSIAN[self][1]

    @property
    def plural_ru(self) -> str:
        """The grade of many deals, a table's column: «трудные»."""
        return _RUSSIAN[self][2]

    @property
    def meaning_ru(self) -> str:
        """What the grade means, as the rest of a sentence that starts «Расклад …»: «выходит, но …»."""
        return _RUSSIAN[self][3]


_BY_LETTER = {result.letter: result for result in Result}

#: The Russian words of each grade, in one place: (name, genitive plural, plural, meaning after «Расклад»).
_RUSSIAN = {
    Difficulty.EASY: ("лёгкий", "лёгких", "лёгкие",
                      "выходит и у осторожного игрока, который не заглядывает в колоду"),
    Difficulty.FORESIGHT: ("трудный", "трудных", "трудные",
                           "выходит, но осторожный игрок, не заглядывающий в колоду, его проигрывает — нужно "
                           "предвидеть, что придёт из колоды"),
    Difficulty.LOST: ("безнадёжный", "безнадёжных", "безнадёжные", "не выходит ни при какой игре, это доказано"),
    Difficulty.UNKNOWN: ("нерешённый", "нерешённых", "нерешённые",
                         "не решён: программа не установила, выходит ли он, а осторожный игрок, не заглядывающий "
                         "в колоду, его проигрывает"),
}


def grade_counts(thoughtful: str, no_peek: str) -> dict[Difficulty, int]:
    """How many deals of each grade the odds file's verdict strings hold (one letter per deal each)."""
    if len(thoughtful) != len(no_peek):
        raise ValueError(f"verdict strings of {len(thoughtful)} and {len(no_peek)} deals")
    counts = dict.fromkeys(Difficulty, 0)
    # Each distinct pair of letters graded once (there are at most six): the rulebook reads 70 000 deals' letters.
    if thoughtful.isascii() and no_peek.isascii() and thoughtful:
        # Counted as bits rather than pair by pair: each letter of a string becomes the mask of the deals that
        # have it (the string's bytes translated to 0/1 digits, read in base 2), and a pair's deals are the bits
        # both masks share.
        def masks(letters: bytes) -> dict[int, int]:
            return {letter: int(letters.translate(bytes(49 if c == letter else 48 for c in range(256))), 2)
                    for letter in sorted(set(letters))}

        pairs = {(chr(a), chr(b)): (mask_a & mask_b).bit_count()
                 for a, mask_a in masks(thoughtful.encode("ascii")).items()
                 for b, mask_b in masks(no_peek.encode("ascii")).items()}
    else:
        pairs = dict(Counter(zip(thoughtful, no_peek, strict=True)))
    for (a, b), deals in pairs.items():
        if deals:
            counts[Difficulty.from_letters(a, b)] += deals
    return counts


class Status(enum.Enum):
    """What the search for the critical moment found."""

    FOUND = "found"  #: the exact move
    NONE = "none"  #: there is none: the line wins, or its start is already lost
    UNKNOWN = "unknown"  #: a solve gave up: only a stretch of moves is known

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Critical:
    """The move that lost the win: the ``number``-th of the line (from 1), what was played, what keeps the win.

    ``played`` is None when the line stops there with the game still winnable (a player who gave up):
    the critical moment is then the stop itself, ``number`` one past the line's last move.
    ``winning`` is a whole winning line from the position before it, ``keeps_win`` first.
    """

    number: int
    played: Move | None
    winning: tuple[Move, ...]

    @property
    def keeps_win(self) -> Move:
        return self.winning[0]


@dataclass(frozen=True)
class LineAnalysis:
    """The verdict on a line's start and its critical moment, with what the search cost."""

    #: Whether the line's start can be won: won, lost (proved) or unknown.
    verdict: Result
    #: How the line itself ends: won, lost (no move left) or unknown (it stops with moves left).
    ends: Result
    status: Status
    critical: Critical | None = None
    #: For ``Status.UNKNOWN``: the critical move is one of moves ``first``..``last`` (from 1).
    between: tuple[int, int] | None = None
    solves: int = 0
    positions: int = 0
    #: The limit each solve along the line had, in positions (an unknown means: not decided within it).
    probe_positions: int = PROBE_POSITIONS
    #: A winning line from the start, when one is known, that follows the analysed line as long as the line is
    #: known to keep the win: through the critical moment when it was found (the line's first K−1 moves, then
    #: ``keeps_win`` and a win), the line itself when it wins.
    winning_line: tuple[Move, ...] | None = None


#: Progress of the search: (solves so far, the position solved as the number of moves played to it, what it said).
OnSolve = Callable[[int, int, Result], None]


@dataclass
class _Search:
    """The running state of a search along one line: what is known winnable, lost and undecided."""

    game: Game
    states: Sequence[Any]
    moves: Sequence[Move]
    probe_positions: int
    on_solve: OnSolve | None
    #: Probe points: the start, the position after each choice, and the end (indices into ``states``).
    probes: list[int] = field(default_factory=list)
    #: The last index known winnable, with a winning line from there; the first known lost.
    won_at: int | None = None
    winning: tuple[Move, ...] = ()
    lost_at: int | None = None
    unknown: set[int] = field(default_factory=set)
    solves: int = 0
    nodes: int = 0

    def solve(self, index: int, positions: int | None = None) -> Solution:
        limit = self.probe_positions if positions is None else positions
        solution = solve_position(self.game, self.states[index], budget=Budget(seconds=None, nodes=limit))
        self.solves += 1
        self.nodes += solution.nodes
        if self.on_solve:
            self.on_solve(self.solves, index, solution.result)
        return solution

    def learn(self, index: int, solution: Solution) -> None:
        """Take in what a solve from ``index`` said."""
        if solution.result is Result.WON:
            self.won(index, tuple(solution.moves))
        elif solution.result is Result.LOST:
            if self.lost_at is None or index < self.lost_at:
                self.lost_at = index
        else:
            self.unknown.add(index)

    def won(self, index: int, line: tuple[Move, ...]) -> None:
        """``index`` is winnable by ``line``; so is every later position of the played line that ``line`` follows."""
        shared = 0
        while shared < len(line) and index + shared < len(self.moves) and line[shared] == self.moves[index + shared]:
            shared += 1
        index += shared
        if self.won_at is None or index > self.won_at:
            self.won_at, self.winning = index, line[shared:]

    def open_probes(self) -> list[int]:
        low = -1 if self.won_at is None else self.won_at
        high = len(self.states) if self.lost_at is None else self.lost_at
        return [p for p in self.probes if low < p < high and p not in self.unknown]

    def run(self) -> None:
        """Bisect the open stretch until nothing is open or ``MAX_UNKNOWN_SOLVES`` solves gave up."""
        while len(self.unknown) < MAX_UNKNOWN_SOLVES:
            candidates = self.open_probes()
            if not candidates:
                return
            probe = candidates[len(candidates) // 2]
            self.learn(probe, self.solve(probe))


def is_choice(game: Game, state: Any) -> bool:
    """More than one legal move: only here can a win be lost."""
    return len(game.legal_moves(state)) > 1


def critical_moment(game: Game, states: Sequence[Any], moves: Sequence[Move], *, positions: int = POSITIONS,
                    probe_positions: int = PROBE_POSITIONS, start: Solution | None = None,
                    on_solve: OnSolve | None = None) -> LineAnalysis:
    """The critical moment of the line ``moves`` through ``states`` (the start and the position after each move).

    The start is solved within ``positions`` (unless ``start``, a solve of it already made, is given), every
    later position within ``probe_positions``; a line that ends won needs no solve at all.
    """
    if len(states) != len(moves) + 1:
        raise ValueError(f"{len(moves)} moves need {len(moves) + 1} states, not {len(states)}")
    end = len(moves)
    ends = game.outcome(states[end])
    search = _Search(game, states, moves, min(positions, probe_positions), on_solve)
    search.probes = [0, *(i + 1 for i in range(end) if is_choice(game, states[i]))]
    if search.probes[-1] != end:
        search.probes.append(end)
    if ends is Result.WON:
        search.won(0, tuple(moves))
    elif ends is Result.LOST:
        search.lost_at = end
    if start is not None:
        search.nodes += start.nodes
        search.learn(0, start)
    elif search.won_at is None:
        search.learn(0, search.solve(0, positions))
    search.run()
    return _conclude(game, states, moves, search, ends)


def _conclude(game: Game, states: Sequence[Any], moves: Sequence[Move], search: _Search, ends: Result) -> LineAnalysis:
    """The analysis from what the search learned."""
    won_at, lost_at = search.won_at, search.lost_at
    verdict = Result.WON if won_at is not None else Result.LOST if lost_at == 0 else Result.UNKNOWN

    def analysis(status: Status, critical: Critical | None = None, between: tuple[int, int] | None = None
                 ) -> LineAnalysis:
        winning = None if won_at is None else (*moves[:won_at], *search.winning)
        return LineAnalysis(verdict, ends, status, critical, between, search.solves, search.nodes,
                            search.probe_positions, winning)

    if verdict is Result.LOST or ends is Result.WON:
        return analysis(Status.NONE)
    if won_at is None:
        return analysis(Status.UNKNOWN, between=_stretch(game, states, 0, lost_at))
    if won_at == len(moves):  # the line stops while the game can still be won: the stop is where it is lost
        return analysis(Status.FOUND, Critical(len(moves) + 1, None, search.winning))
    if lost_at is None or search.open_probes() or any(won_at < p < lost_at for p in search.unknown):
        return analysis(Status.UNKNOWN, between=_stretch(game, states, won_at, lost_at))
    # Nothing lies between the last winnable position and the first lost one but forced moves and the one choice
    # just before ``lost_at``: any line from ``won_at`` makes those forced moves, so its rest wins from the choice.
    choice = lost_at - 1
    forced = choice - won_at
    if not is_choice(game, states[choice]) or tuple(moves[won_at:choice]) != search.winning[:forced]:
        raise AssertionError(f"the search ended between moves {won_at + 1} and {lost_at} off a choice point")
    winning = search.winning[forced:]
    if winning[0] == moves[choice]:
        raise AssertionError(f"move {lost_at} both keeps and loses the win")
    return analysis(Status.FOUND, Critical(lost_at, moves[choice], winning))


def _stretch(game: Game, states: Sequence[Any], won_at: int, lost_at: int | None) -> tuple[int, int]:
    """The moves (from 1) that may be the critical one: a choice from ``won_at`` on, before ``lost_at``."""
    last = len(states) if lost_at is None else lost_at
    choices = [i + 1 for i in range(won_at, last) if is_choice(game, states[i])]
    return (choices[0], choices[-1]) if choices else (won_at + 1, last)


def analyse_line(game: Game, start: Any, moves: Sequence[Move], *, positions: int = POSITIONS,
                 probe_positions: int = PROBE_POSITIONS, on_solve: OnSolve | None = None) -> LineAnalysis:
    """The critical moment of any line from ``start`` (a record's moves); ``ValueError`` if a move is illegal."""
    replayed = replay(game, start, moves)
    if not replayed.ok:
        raise ValueError(f"move {replayed.illegal_at} is illegal: {replayed.reason}")
    return critical_moment(game, replayed.states, moves, positions=positions, probe_positions=probe_positions,
                           on_solve=on_solve)


@dataclass(frozen=True)
class DealAnalysis:
    """A deal's grade, and the critical moment of the no-peek player's game of it."""

    no_peek: Result  # won or lost (a player who stops has lost)
    line: LineAnalysis
    moves: tuple[Move, ...]  # the no-peek player's game

    @property
    def verdict(self) -> Result:
        return self.line.verdict

    @property
    def difficulty(self) -> Difficulty:
        return Difficulty.of(self.verdict, self.no_peek)


def analyse_deal(game: Game, stock: Sequence[int], *, positions: int = POSITIONS,
                 probe_positions: int = PROBE_POSITIONS, on_solve: OnSolve | None = None) -> DealAnalysis:
    """Play the deal with the no-peek player, solve it, and find where the player's game was lost."""
    played = play_out(game, stock)
    no_peek = Result.WON if played.result is Result.WON else Result.LOST
    line = critical_moment(game, played.states, played.moves, positions=positions, probe_positions=probe_positions,
                           on_solve=on_solve)
    return DealAnalysis(no_peek, line, tuple(played.moves))
