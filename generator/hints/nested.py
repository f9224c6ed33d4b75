"""Nested Monte-Carlo search (Cazenave, "Nested Monte-Carlo Search", IJCAI 2009): lines worth trying first.

A level-0 search is one playout. A level-``n`` search walks one line from its position: at each
position it runs a level ``n - 1`` search after every move on offer, remembers the best line any of
them found (by the game's score of where it ended), and makes the next move of that line; moves a
game's hints prove safe (``SearchHints.safe_move``) are made without trying the others, and so is
a position's only move. It ends at the end of the game, or at once when some line wins.

It proves nothing, and needs no proof: it only chooses among the engine's ``legal_moves``, and a
line it finds goes to the solver as a lead, which replays it through the rules (a won line is
then the proof, checked again by every record's replay). What it adds is reach. A randomised
playout from the start of a hard «Картинная галерея» deal gets 50–75 of the 88 cards up, and the
solver's depth-first search from one start of the last deal can spend 100,000 positions without
an answer; a level-2 search, which looks one level-1 search ahead at every choice, wins many of
those deals within a few thousand playouts (docs/notes/solver-gallery.md §11).

The search is a generator that yields once per playout, so a caller runs it in slices
(``Slices``) beside its other work and stops it at a deadline; with a fixed effort its answer is
the same on any machine.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Generic

from generator.games import Move, PlaceKind, Rules, S

#: One playout from a position: the moves it made and where it ended (won, lost, or stopped).
Rollout = Callable[[S, random.Random], tuple[list[Move], S]]
#: A search in progress: it yields once per playout and returns (score, line from its position, won).
Search = Generator[None, None, tuple[float, list[Move], bool]]


def nested(game: Rules[S], state: S, level: int, *, rollout: Rollout[S], score: Callable[[S], float],
           safe: Callable[[S, list[Move]], Move | None], rng: random.Random,
           prune: Callable[[S, list[Move]], list[Move]] | None = None) -> Search:
    """A level-``level`` nested search from ``state`` (see the module's docstring); ``prune`` (the hints'
    own) leaves out moves some winning line avoids, so fewer searches are run at each choice."""
    if level <= 0:
        moves, end = rollout(state, rng)
        yield
        return score(end), moves, game.is_won(end)
    legal, apply, deal_forced = game.legal_moves, game.apply, game.deal_forced
    line: list[Move] = []  # the moves made so far from ``state``
    best = float("-inf")
    best_line: list[Move] = []  # the best line found so far, from ``state``: ``line`` is a prefix of it
    while True:
        state = deal_forced(state, line)  # forced moves: every line from here makes them, ``best_line`` too
        moves = legal(state)
        if not moves:
            return score(state), line, game.is_won(state)
        move = safe(state, moves)
        if move is None:
            for tried in moves if prune is None else prune(state, moves):
                found, rest, won = yield from nested(game, apply(state, tried), level - 1, rollout=rollout,
                                                     score=score, safe=safe, rng=rng, prune=prune)
                if won:
                    return found, [*line, tried, *rest], True
                if found > best:
                    best, best_line = found, [*line, tried, *rest]
            move = best_line[len(line)]
        elif len(best_line) <= len(line) or best_line[len(line)] != move:
            best, best_line = float("-inf"), []  # the safe move leaves the best line: look again from here
        line.append(move)
        state = apply(state, move)


class Slices(Generic[S]):
    """Nested searches run one after another, in slices of playouts, until one wins or all end."""

    def __init__(self, searches: Iterator[Search]) -> None:
        self._searches = searches
        self._current: Search | None = next(searches, None)
        #: Playouts made so far, over all the searches.
        self.playouts = 0
        #: The last ``advance`` stopped at its deadline.
        self.late = False

    @property
    def finished(self) -> bool:
        """Every search has ended without a win (or one won and was handed out)."""
        return self._current is None

    def advance(self, playouts: int | None, clock: Callable[[], float], deadline: float) -> list[Move] | None:
        """Run up to ``playouts`` more playouts (None: to the end), stopping past ``deadline`` on ``clock``.

        Returns a winning line when a search ends with one (and nothing more is searched then)."""
        done = 0
        while self._current is not None and (playouts is None or done < playouts):
            if clock() > deadline:
                self.late = True
                return None
            try:
                next(self._current)
            except StopIteration as end:
                _, line, won = end.value
                self._current = None if won else next(self._searches, None)
                if won:
                    return list(line)
                continue
            done += 1
            self.playouts += 1
        return None


def runs(game: Rules[S], state: S, level: int, rollouts: Sequence[Rollout[S]], *, score: Callable[[S], float],
         safe: Callable[[S, list[Move]], Move | None], seed: int,
         prune: Callable[[S, list[Move]], list[Move]] | None = None) -> Iterator[Search]:
    """One level-``level`` search per rollout policy, each with its own generator seeded from ``seed``."""
    for index, rollout in enumerate(rollouts):
        yield nested(game, state, level, rollout=rollout, score=score, safe=safe,
                     rng=random.Random(seed * 1_000_003 + index), prune=prune)


def player_rollout(game: Rules[S], choose: Callable[[S, list[Move]], Move | None],
                   safe: Callable[[S, list[Move]], Move | None], eps: float) -> Rollout[S]:
    """A playout for any game: safe moves first, else ``choose`` (the no-peek player's choice), departing
    to a move drawn at random with probability ``eps``."""
    legal, apply, deal_forced = game.legal_moves, game.apply, game.deal_forced

    def rollout(state: S, rng: random.Random) -> tuple[list[Move], S]:
        line: list[Move] = []
        while moves := legal(state := deal_forced(state, line)):
            move = moves[0] if len(moves) == 1 else safe(state, moves)
            if move is None:
                move = moves[rng.randrange(len(moves))] if rng.random() < eps else choose(state, moves) or moves[0]
            line.append(move)
            state = apply(state, move)
        return line, state

    return rollout


def cards_on_foundations(game: Rules[S]) -> Callable[[S], float]:
    """The score of a position for any game: how many cards lie on its foundation places."""
    places = game.places_of(PlaceKind.FOUNDATION)

    def score(state: S) -> float:
        contents = game.contents(state)
        return sum(len(contents.get(place, ())) for place in places)

    return score


def seed_of(state: object) -> int:
    """A seed for a position's searches that is the same in every run and on every machine (its ``repr``)."""
    return zlib.crc32(repr(state).encode())
