"""What a game may tell the solver, apart from its rules: ``SearchHints[S]``.

A game's hints are one object beside its rules (``generator/hints/<id>.py``, named in the
registry). Every hook is optional; the base class is plain search. The solver takes rules and
hints, so a game with no hints is solved exactly, only slower. Each hint must be *proved* in a
comment beside it, because a wrong one prints false odds; the generic conformance suite holds
every game's hints to the plain search on short positions.

- ``safe_move``: a move that can never lose a win (made without branching);
- ``dead_end``: a position that provably cannot be won (cut off);
- ``prune``: moves left out, each provably useless (some shortest win avoids them);
- ``order``: the order to try the remaining moves in (only reorders; only speed depends on it);
- ``restarts``: other move orders and the attempt length for restarted search;
- ``leads``: lines worth searching from first;
- ``nested``, ``nested_share``: nested Monte-Carlo searches (or policy adaptations) run between the solver's
  attempts;
- ``acyclic``: no line comes back to a position it left;
- ``phase``, ``phase_nodes``, ``phase_share``, ``phase_interleave``: bounded attempts, where a search
  may cut its subtrees and how large a share each gets (only speed depends on them);
- ``begin``: a new search starts (forget what earlier ones left).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Generic

from generator.games import Game, Move, Rules, S, game_spec
from generator.hints.nested import Slices
from generator.players import Player, player_for

#: A move order: the state and its (pruned) moves → the same moves, in the order to try them.
MoveOrder = Callable[[S, list[Move]], list[Move]]


@dataclass(frozen=True)
class Restarts(Generic[S]):
    """Restarted search: attempt ``i`` (from 1) tries moves in ``order(i)`` and gives up after
    ``unit × luby(i)`` failures (positions searched to the end without a win: dead ends and
    positions whose every move was tried); attempt 0 is the hints' own ``order``."""

    unit: int
    order: Callable[[int], MoveOrder[S]]


#: The policy of a game that searches once, exhaustively.
NO_RESTARTS = None


def shuffled_restarts(unit: int, perturb: Callable[[S, list[Move], random.Random], list[Move]]) -> Restarts[S]:
    """Restarts whose attempt ``i`` orders moves with ``perturb`` and a generator seeded by ``i``,
    so every run of the solver makes the same attempts."""

    def order(attempt: int) -> MoveOrder[S]:
        rng = random.Random(attempt)
        return lambda state, moves: perturb(state, moves, rng)

    return Restarts(unit, order)


class SearchHints(Generic[S]):
    """Plain search: no safe moves, no dead ends, nothing pruned, the player's choice first."""

    #: True when no line of moves ever comes back to a position it left (argue it beside the
    #: override): the solver's restarts then keep what earlier attempts searched to the end.
    acyclic: ClassVar[bool] = False

    #: With ``acyclic``: the positions a subtree that starts a later ``phase`` may search in the
    #: solver's first attempt, growing ``phase_growth`` times an attempt (0: one unbounded search).
    phase_nodes: ClassVar[int] = 0
    phase_growth: ClassVar[int] = 4
    #: After each lead, the bounded attempts go on for this many times the lead's positions (0:
    #: only after all the leads), so that neither starves the other of a budget.
    phase_interleave: ClassVar[float] = 0.0

    #: True when the game's randomised searches take their seed from ``seed_salt`` (the same search under
    #: another salt is another attempt, not a repeat): ``borrowing`` then tries other readings' seeds too.
    seeded: ClassVar[bool] = False

    def __init__(self, game: Rules[S], player: Player[S]) -> None:
        self.game = game
        self.player = player
        #: Mixed into the seeds of a game's randomised searches (the gallery's ``leads``): 0 for the rules as printed,
        #: else the variant's own number. Readings of one game share most deals' fates (the gallery's printed
        #: rules and its two cover readings leave the same deals open at 2 s), and with one seed their searches
        #: would repeat each other's attempts on those deals; salted, each reading's is an attempt of its own,
        #: and the odds run passes what one decides to the others (wins as replayed lines, losses down to the
        #: readings whose every line it allows). Of 100 deals the printed rules left open at 2 s,
        #: ``cover_before_gathering`` decided none unsalted, 6 salted (docs/notes/solver-gallery.md §18).
        self.seed_salt = seed_salt(game)

    def safe_move(self, state: S, moves: list[Move]) -> Move | None:
        """A move among ``moves`` that can be made without losing any win (a dominance move).

        The solver makes it without trying the others, so it must be *provably* safe: argue
        the proof beside each override. None when no such move.
        """
        return None

    def dead_end(self, state: S) -> bool:
        """True only for a position that provably cannot be won: the solver cuts it off."""
        return False

    def proved_lost(self, state: S) -> bool:
        """True only for a position that provably cannot be won, by the game's strongest dead-end test at the most
        a search would ever spend on it, bounded in positions (the same answer on any machine). For a position
        worth more than a search's share: the odds run asks it of a deal another reading of the game proved lost.
        It starts a search of its own (``begin``), so it is never asked during one. False by default."""
        return False

    def prune(self, state: S, moves: list[Move]) -> list[Move]:
        """``moves`` less those provably not needed: from every position that has a win, some
        shortest win (or some win the search still reaches) makes none of the left-out moves.
        Argue it beside each override. Never empty unless ``moves`` is."""
        return moves

    def order(self, state: S, moves: list[Move]) -> list[Move]:
        """The same moves, in the order to try them: by default the no-peek player's choice first."""
        if len(moves) < 2:
            return moves
        first = self.player.choose(state, moves)
        if first is None or first is moves[0] or first == moves[0]:  # (a player returns one of ``moves``: an
            return moves  # identity test first, as comparing two moves compares their fields)
        ordered = [first]  # a loop, not ``[first, *(generator)]``: compiled, each step of a generator cost more
        for move in moves:
            if move is not first and move != first:
                ordered.append(move)
        return ordered

    def begin(self, root: S) -> None:
        """A new search from ``root`` starts: forget what earlier searches left (an answer must not
        depend on the searches before it). Nothing by default."""

    def phase(self, state: S) -> int:
        """The stage of play ``state`` is in, never falling along a line (e.g. the deal it is in).

        With ``phase_nodes``, the solver bounds the search below each position whose phase is
        later than its parent's, so that one variant of an early phase cannot hold the whole
        search in the phase after it. Any value is sound: a cut subtree is searched again, with a
        larger share, in a later attempt, and only an attempt that cut nothing answers ``lost``.
        """
        return 0

    def phase_share(self, phase: int, bound: int) -> int:
        """The positions a subtree that starts ``phase`` may search, in an attempt of ``bound``: ``bound``."""
        return bound

    def restarts(self) -> Restarts[S] | None:
        """Other move orders for restarted search, or None for one exhaustive search.

        A game where an early choice decides much of what follows (how the first deal is played
        decides what the redeal gathers) gives them, so one bad early choice cannot eat the budget.
        """
        return NO_RESTARTS

    #: Playouts of ``nested`` searches per position of the solver's own attempts: after each attempt that
    #: ends short of an answer, the searches run for this many times its positions (0: none).
    nested_share: ClassVar[float] = 0.0

    def nested(self, root: S) -> Slices[S] | None:
        """Nested Monte-Carlo searches from ``root`` (``generator.hints.nested``, or ``adaptation``'s policy
        adaptations, which yield the same way) that the solver runs between its attempts, ``nested_share``
        playouts per position; a line one of them wins is the answer once it replays. None by default (a game
        may run them among its ``leads`` instead)."""
        return None

    def leads(self, state: S, deadline: float | None = None) -> Iterator[tuple[list[Move], int]]:
        """Lines from ``state`` worth searching from first, each with how many positions to search at its end.

        The solver replays every line through the engine (a line with an illegal move is
        dropped), searches from its end within the limit, and goes on to its own search if none
        wins, so a lead changes where the solver looks first, never what it concludes. Stop
        yielding at ``deadline`` (a ``time.perf_counter()`` value). None by default.
        """
        return iter(())


def hints_for(game: Game, *, player: Player[Any] | None = None, seeds_of: Game | None = None) -> SearchHints[Any]:
    """The registered hints of ``game`` (plain search if it has none), over its registered player; ``seeds_of``:
    another reading of the game whose seeds the randomised searches take (``SearchHints.seed_salt``)."""
    spec = game_spec(game.id)
    chosen = player if player is not None else player_for(game)
    hints: SearchHints[Any] = SearchHints(game, chosen) if spec.hints is None else spec.load(spec.hints)(game, chosen)
    if seeds_of is not None:
        hints.seed_salt = seed_salt(seeds_of)
    return hints


def seed_salt(game: Rules[Any]) -> int:
    """What ``game``'s reading mixes into its searches' seeds (``SearchHints.seed_salt``): 0 for the rules as
    printed, else the variant's CRC-32 (the same in every process, unlike ``hash`` of a string)."""
    return 0 if game.variant is None else zlib.crc32(game.variant.encode())
