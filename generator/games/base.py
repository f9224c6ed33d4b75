"""The one small interface every patience engine implements.

Rules only: an engine knows places, cards and moves, never pixels. States are
immutable, hashable values built from tuples of small ints (a card is an int
0..51, see ``generator.cards``), so the solver can copy and store millions.

A *move* is one card movement ``(card, src, dst)`` between numbered places,
exactly what a game record lists, or the redeal marker ``REDEAL``. Movements
the rules force (a refill, a dealt round, a card with one destination) are
moves too: while one is pending, ``legal_moves`` offers only forced moves.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import ClassVar, NamedTuple

from generator.cards import card_str

State = Hashable


class Move(NamedTuple):
    """Card ``card`` (0..51) from place ``src`` to place ``dst`` (place ids of the game)."""

    card: int
    src: int
    dst: int

    @property
    def is_redeal(self) -> bool:
        return self.card < 0


#: Gathering the piles or turning the waste over for a new pass.
REDEAL = Move(-1, -1, -1)


class VariantError(ValueError):
    """A variant the game does not have."""


class Game(ABC):
    """A patience's rules. Subclass once per game and register it in ``generator.games``.

    Class attributes describe the game for menus and the book; an instance is
    the game under one variant (``None`` for the rules as printed).
    """

    id: ClassVar[str]
    #: Russian title as the book prints it, without quotes: ``Кадриль``.
    title: ClassVar[str]
    packs: ClassVar[int]
    #: Variant ids with a short English description.
    variants: ClassVar[Mapping[str, str]] = {}
    #: Place names by place id, as records spell them (``stock``, ``pile:3``…).
    places: ClassVar[tuple[str, ...]]

    def __init__(self, variant: str | None = None) -> None:
        if variant is not None and variant not in self.variants:
            allowed = ", ".join(self.variants) or "none"
            raise VariantError(f"game {self.id!r} has no variant {variant!r} (variants: {allowed})")
        self.variant = variant
        self._place_ids = {name: i for i, name in enumerate(self.places)}

    # -- naming ---------------------------------------------------------------

    @property
    def full_id(self) -> str:
        """``quadrille`` or ``quadrille:queens_first``."""
        return self.id if self.variant is None else f"{self.id}:{self.variant}"

    def place_id(self, name: str) -> int:
        try:
            return self._place_ids[name]
        except KeyError:
            raise ValueError(f"{self.id} has no place {name!r}") from None

    def place_name(self, place: int) -> str:
        return self.places[place]

    def describe(self, move: Move) -> str:
        """Plain notation of a move, ``Д♠ stock → queen:♠``; the book has its own Russian form."""
        if move.is_redeal:
            return "redeal"
        return f"{card_str(move.card)} {self.places[move.src]} → {self.places[move.dst]}"

    # -- the rules --------------------------------------------------------------

    @abstractmethod
    def initial_state(self, stock: Sequence[int]) -> State:
        """The position before the first move: everything in the stock, top card ``stock[0]``."""

    @abstractmethod
    def legal_moves(self, state: State) -> list[Move]:
        """Every move allowed now; only the forced ones while any is pending. Empty when over."""

    @abstractmethod
    def apply(self, state: State, move: Move) -> State:
        """The state after ``move``, which must be one of ``legal_moves(state)``."""

    @abstractmethod
    def is_won(self, state: State) -> bool:
        """All cards where the rules want them."""

    @abstractmethod
    def contents(self, state: State) -> dict[int, tuple[int, ...]]:
        """Cards of every non-empty place, bottom card first (so a stock's last card is dealt next)."""

    @abstractmethod
    def redeals_done(self, state: State) -> int:
        """How many redeals (new passes, gathered piles) have happened: 0 in the first deal."""

    def key(self, state: State) -> Hashable:
        """A key equal for states that are the same up to symmetry (the solver's table key)."""
        return state

    def laid_out(self, state: State) -> bool:
        """The deal is down: the table shows the layout the rule text's figure describes.

        The book draws a game's first figure at the first such position. By default it is the
        first position where the player may choose (the forced deal made); a game whose figure
        shows less (a single card turned) or more says so.
        """
        return not self.forced(state)

    def stock_left(self, state: State) -> int:
        return len(self.contents(state).get(self.place_id("stock"), ()))

    def is_over(self, state: State) -> bool:
        return not self.legal_moves(state)

    def forced(self, state: State) -> bool:
        """True when the moves on offer are ones the rules force (a refill, a dealt card)."""
        return False

    def explain_illegal(self, state: State, move: Move) -> str:
        """Why ``move`` is not legal in ``state``: one line for the checker."""
        legal = self.legal_moves(state)
        if not legal:
            return "the game is already over"
        if move.is_redeal:
            return "no redeal is allowed here"
        where = self.contents(state).get(move.src, ())
        if not where or where[-1] != move.card:
            return f"{card_str(move.card)} is not on top of {self.places[move.src]}"
        if self.forced(state):
            same = [m for m in legal if m.card == move.card and m.src == move.src]
            if same:
                places = " or ".join(self.places[m.dst] for m in same)
                return f"{card_str(move.card)} from {self.places[move.src]} can only go to {places} here"
            pending = "; ".join(self.describe(m) for m in legal[:3])
            return f"a forced movement must come first ({pending})"
        return f"the rules do not allow {card_str(move.card)} from {self.places[move.src]} to {self.places[move.dst]}"

    # -- hints for the solver ---------------------------------------------------------

    def safe_move(self, state: State, moves: list[Move]) -> Move | None:
        """A move among ``moves`` that can be made without losing any win (a dominance move).

        The solver makes it without trying the others, so it must be *provably*
        safe: argue the proof beside each game's override. None when no such move.
        """
        return None

    def dead_end(self, state: State) -> bool:
        """True only for a position that provably cannot be won: the solver cuts it off.

        It must never fire on a winnable position (argue the proof beside each override).
        """
        return False

    def order_moves(self, state: State, moves: list[Move]) -> list[Move]:
        """The solver tries moves in this order: by default the no-peek player's choice first."""
        if len(moves) < 2:
            return moves
        first = self.no_peek_move(state, moves)
        return moves if first is None or first == moves[0] else [first, *(m for m in moves if m != first)]

    def leads(self, state: State, deadline: float | None = None) -> Iterator[tuple[list[Move], int]]:
        """Lines from ``state`` worth searching from first, each with how many positions to search at its end.

        A game where a plain depth-first search finds wins late (they lie deep in the last deal)
        can point the solver at promising positions, e.g. the ends of randomised playouts. The
        solver replays every line through the engine (a line with an illegal move is dropped),
        searches from its end within the limit, and goes on to its own search if none wins, so
        a lead changes where the solver looks first, never what it concludes. Stop yielding at
        ``deadline`` (a ``time.perf_counter()`` value). None by default.
        """
        return iter(())

    #: True when no line of moves ever comes back to a position it left (argue it beside the
    #: override): the solver's restarts then keep what earlier attempts searched to the end.
    acyclic: ClassVar[bool] = False

    #: Positions of the first restart attempt (see ``restart_order``); later ones follow Luby's sequence.
    restart_unit: ClassVar[int] = 200

    def restart_order(self, attempt: int) -> Callable[[State, list[Move]], list[Move]] | None:
        """The move order of the solver's restart ``attempt`` (1, 2, …), or None for one exhaustive search.

        A game where an early choice decides much of what follows (how the first deal is played
        decides what the redeal gathers) gives other orders. By default: a game that overrides
        ``perturb_moves`` restarts with it, seeded by ``attempt`` (so every run is the same);
        any other game searches once.
        """
        if type(self).perturb_moves is Game.perturb_moves:
            return None
        rng = random.Random(attempt)
        return lambda state, moves: self.perturb_moves(state, moves, rng)

    def perturb_moves(self, state: State, moves: list[Move], rng: random.Random) -> list[Move]:
        """A restart's move order: ``order_moves`` with some moves shuffled by ``rng`` (see ``restart_order``)."""
        return self.order_moves(state, moves)

    # -- the careful player without second sight ----------------------------------

    @abstractmethod
    def no_peek_move(self, state: State, moves: list[Move]) -> Move | None:
        """The no-peek player's choice among ``moves`` (never empty), or None to give up.

        A fixed strategy that never looks at the order of the stock (its size
        is fair game: a player can see how thick it is). Giving up is for
        positions where only aimless moves are left (e.g. a card shuttled
        between two piles); the player must never loop.
        """
