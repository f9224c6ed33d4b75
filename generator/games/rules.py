"""The one small interface every patience's rules implement: ``Rules[S]``.

Rules only. An engine knows places, cards and moves, never pixels, never search. States are
immutable, hashable values built from tuples of small ints (a card is an int 0..51, see
``generator.cards``), so the solver can copy and store millions. Search hints
(``generator.hints``) and the no-peek player (``generator.players``) live apart and only read
the rules; a game needs nothing but its rules to be played, solved, drawn and printed.

Movements the rules force (a refill, a dealt round, a card with one destination) are moves
too: while one is pending, ``legal_moves`` offers only forced moves and ``forced`` says so.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeAlias, TypeVar

from generator.cards import card_str
from generator.games.values import Move, Place, PlaceKind, Result

S = TypeVar("S", bound=Hashable)


class VariantError(ValueError):
    """A variant the game does not have."""


class Rules(ABC, Generic[S]):
    """A patience's rules, for states of type ``S``. Subclass once per game and register it.

    Class attributes describe the game for menus and the book; an instance is the game under
    one variant (``None`` for the rules as printed).
    """

    id: ClassVar[str]
    #: Russian title as the book prints it, without quotes: ``Кадриль``.
    title: ClassVar[str]
    packs: ClassVar[int]
    #: Variant ids with a short English description.
    variants: ClassVar[Mapping[str, str]] = {}
    #: The places by place id, each with its name as records spell it and its kind.
    places: ClassVar[tuple[Place, ...]]
    #: Pairs of readings (variant ids, ``None`` for the rules as printed) where the second allows every move
    #: the first allows, at every position of the first's lines: every line of the first (its moves named as
    #: the second names them, ``adopt_line``) is a line of the second, so a win of the first is a win of the
    #: second and a loss of the second a loss of the first. Each argued beside it in the game's module;
    #: ``tests/test_readings.py`` holds lines of the first to it, and the saved odds must never
    #: contradict it (``tests/test_stats_file.py``).
    wider_readings: ClassVar[tuple[tuple[str | None, str | None], ...]] = ()

    def __init__(self, variant: str | None = None) -> None:
        if variant is not None and variant not in self.variants:
            allowed = ", ".join(self.variants) or "none"
            raise VariantError(f"game {self.id!r} has no variant {variant!r} (variants: {allowed})")
        self.variant = variant
        self._place_ids = {str(place): i for i, place in enumerate(self.places)}

    def __repr__(self) -> str:
        return f"make_game({self.full_id!r})"

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

    def place_name(self, place: int) -> Place:
        return self.places[place]

    def places_of(self, kind: PlaceKind) -> tuple[int, ...]:
        """The ids of every place of one kind, in order."""
        return tuple(i for i, place in enumerate(self.places) if place.kind is kind)

    def describe(self, move: Move) -> str:
        """Plain notation of a move, ``Д♠ stock → queen:♠``; the book has its own Russian form."""
        return "redeal" if move.is_redeal else move.text(self.places)

    def parse_move(self, text: str) -> Move:
        """The move ``describe`` or ``Move.text`` wrote (``Д♠ stock → queen:♠``, ``redeal 1``)."""
        return Move.parse(text, self.places)

    # -- the rules --------------------------------------------------------------

    @abstractmethod
    def initial_state(self, stock: Sequence[int]) -> S:
        """The position before the first move: everything in the stock, top card ``stock[0]``."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[Move]:
        """Every move allowed now; only the forced ones while any is pending. Empty when over.

        A redeal is offered as ``Move.redeal(redeals_done(state) + 1)``.
        """

    @abstractmethod
    def apply(self, state: S, move: Move) -> S:
        """The state after ``move``, which must be one of ``legal_moves(state)``."""

    @abstractmethod
    def is_won(self, state: S) -> bool:
        """All cards where the rules want them."""

    @abstractmethod
    def contents(self, state: S) -> dict[int, tuple[int, ...]]:
        """Cards of every non-empty place, bottom card first (so a stock's last card is dealt next)."""

    @abstractmethod
    def redeals_done(self, state: S) -> int:
        """How many redeals (new passes, gathered piles) have happened: 0 in the first deal."""

    def key(self, state: S) -> Hashable:
        """A key equal for states that are the same up to symmetry (the solver's table key).

        Two states with equal keys must have the same future: the same lines win from both, up
        to renaming places. Argue it beside each override.
        """
        return state

    def forced(self, state: S) -> bool:
        """True when the moves on offer are ones the rules force (a refill, a dealt card)."""
        return False

    def deal_forced(self, state: S, moves: list[Move], *, stock_floor: int = 0) -> S:
        """Make some of the forced moves from ``state`` at once, append them to ``moves``, return the position.

        A shortcut for the hot loops (the solver's forced moves, the playouts), never a rule: every move it
        makes is, at its position, the only legal move and ``forced`` holds there, so a loop that then goes
        on step by step makes exactly the moves it would have made alone. It stops before the stock holds
        ``stock_floor`` cards or fewer. By default it makes none; a game whose deal is a long run of forced
        moves deals it faster (``Gallery``).
        """
        return state

    def adopt_line(self, stock: Sequence[int], moves: Sequence[Move]) -> list[Move]:
        """A line of another reading of this game, its moves named as this reading names them.

        Readings of one game name the same move alike, except where a variant needs more names (gallery's
        ``any_king``: which copy of a king is drawn). Only names change: whether the line is legal and wins
        here is for a replay to say (a borrowed win is the replay's proof, never this method's).
        """
        return list(moves)

    def laid_out(self, state: S) -> bool:
        """The deal is down: the table shows the layout the rule text's figure describes.

        The book draws a game's first figure at the first such position. By default it is the
        first position where the player may choose (the forced deal made); a game whose figure
        shows less (a single card turned) or more says so.
        """
        return not self.forced(state)

    def stock_left(self, state: S) -> int:
        return len(self.contents(state).get(self.place_id("stock"), ()))

    def is_over(self, state: S) -> bool:
        return not self.legal_moves(state)

    def outcome(self, state: S) -> Result:
        """Won, lost (no move left) or unknown (moves left): what the position itself shows."""
        if self.is_won(state):
            return Result.WON
        return Result.LOST if self.is_over(state) else Result.UNKNOWN

    def explain_illegal(self, state: S, move: Move) -> str:
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


#: A game's rules under any state type: what the registry hands out.
Game: TypeAlias = Rules[Any]
