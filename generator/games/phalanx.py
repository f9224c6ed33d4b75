"""«Македонская фаланга» (seed 002): two packs, a 1-3-5-7-9 pyramid, no redeal.

The first 25 cards make the pyramid (row by row from the apex, left to right);
the 26th is the base card: its rank is the base rank, and it starts
``foundation:1``. Eight foundations, two per suit (the first of each suit in
the left column ``foundation:1..4``, the second in the right column
``foundation:5..8``, each column filled top down as base cards arrive), build
up by suit from the base rank, round the corner К→Т, 13 cards each.

Phase one: every pyramid card that fits goes up (compulsory, in any order), and
each emptied place is refilled at once from the stock, even with a card that
fits. Phase two starts with the first stock card turned once no pyramid card
fits: a turned card that fits goes up, any other onto the collecting pile
(``waste``); the top of that pile and any pyramid card may go up at any time;
an emptied pyramid place is refilled at once from the top of the pile, or from
the stock when the pile is empty. No redeal, no moves between pyramid places.

The variant ``may_hold`` (RULES.md, "Other readings") reads «все прочие кладутся внизу в общую
массу» the other way: in phase two a turned card that fits may go onto the collecting pile
instead (offered last, after its foundation moves). Nothing else changes; the turn that starts
phase two is then a choice, not a forced move, when its card fits.

Every pyramid card is always available and places never interact, so the
pyramid is a set of cards: ``key`` sorts it, and merges foundations that differ
only in their place numbers. Phase one is confluent (a card that fits keeps
fitting until played, and refills come from the stock in order), so the order
of its plays changes nothing but place names. The solver's hints are in
``generator.hints.phalanx``, the no-peek player in ``generator.players.phalanx``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any, NamedTuple

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.cards import CARD_BYTE, card_str
from generator.games.rules import Rules
from generator.games.values import Move, Place, PlaceKind, numbered

STOCK, WASTE = 0, 1
PYRAMID = 2  # pyramid:1 … pyramid:25 are 2..26
PYRAMID_SIZE = 25
FOUNDATION = PYRAMID + PYRAMID_SIZE  # foundation:1 … foundation:8 are 27..34
FOUNDATIONS = 8
LEFT = range(FOUNDATION, FOUNDATION + 4)  # one foundation per suit, top down
RIGHT = range(FOUNDATION + 4, FOUNDATION + 8)
CARDS = 104
EMPTY = -1

#: Phases: the deal (25 pyramid cards and the base card), phase one, phase two.
DEALING, PHASE_ONE, PHASE_TWO = 0, 1, 2

#: The card a foundation must show for ``card`` (not of the base rank) to go on it:
#: the same suit, one rank lower, Т following К.
PREV = tuple(suit * 13 + (rank - 1) % 13 for suit in range(4) for rank in range(13))
RANK0 = tuple(card % 13 for card in range(52))  # rank - 1
SUIT = tuple(card // 13 for card in range(52))

#: OFFSET[base][card]: how far ``card`` lies from the base rank on its foundation (0 = the base card).
OFFSET = tuple(tuple((card % 13 - base) % 13 for card in range(52)) for base in range(13))

#: FOUNDATION_CARDS[base][top]: the cards of a foundation of base rank ``base`` (0..12)
#: whose top card is ``top``, bottom first.
FOUNDATION_CARDS = tuple(
    tuple(tuple(top // 13 * 13 + (base + i) % 13 for i in range((top % 13 - base) % 13 + 1)) for top in range(52))
    for base in range(13)
)


#: ``tuple.__new__``: ``_new(Move, (card, src, dst))`` is ``Move(card, src, dst)`` without the Python-level
#: ``__new__`` of a NamedTuple (the same object; the solver makes hundreds of thousands).
_new: Any = tuple.__new__

#: Every move made so far, at ``(card * FOUNDATION + src) * PLACES + dst`` (``_move``), else None: a move is made
#: once and shared, where each ``legal_moves`` made and freed a tuple per move. Filled as moves are met, not made
#: whole at import as ``village._MOVES`` is: 49,140 moves would add 55 ms to every start of the program.
PLACES = FOUNDATION + FOUNDATIONS
_MADE: list[Move | None] = [None] * (52 * FOUNDATION * PLACES)


@cython.cfunc
@cython.locals(card=cython.int, src=cython.int, dst=cython.int, code=cython.Py_ssize_t, made=list)
def _move(card: int, src: int, dst: int) -> Move:
    """``Move(card, src, dst)``, the one object made for it (``_MADE``)."""
    code = (card * FOUNDATION + src) * PLACES + dst
    made = _MADE
    move = made[code]
    if move is None:
        move = made[code] = _new(Move, (card, src, dst))
    return move


@cython.ccall
@cython.returns(cython.bint)
@cython.locals(pyramid=tuple, i=cython.int, card=cython.int, size=cython.int)
def _has_empty(pyramid: tuple[int, ...]) -> bool:
    """An emptied place in the pyramid. (Compiled, a loop over C ints; in Python, ``in``, which
    compiled compares object by object.)"""
    if cython.compiled:
        size = PYRAMID_SIZE
        for i in range(size):
            card = pyramid[i]
            if card < 0:
                return True
        return False
    return EMPTY in pyramid


#: ``RANK0``, ``SUIT`` and ``PREV`` as bytes, for the hot loops: compiled, a byte read as a C char, where a tuple's
#: item was a Python int read through a generic look-up and converted.
RANK0_BYTES, SUIT_BYTES, PREV_BYTES = bytes(RANK0), bytes(SUIT), bytes(PREV)


@cython.ccall
@cython.returns(cython.int)
@cython.locals(tops=tuple, suit=cython.int, i=cython.int, top=cython.int, first=cython.int, suits=bytes)
def _start_place(tops: tuple[int, ...], suit: int) -> int:
    """Where a base-rank card of ``suit`` starts a foundation: the first empty place of the left
    column unless its suit is there already, else of the right column."""
    suits = SUIT_BYTES
    first = 0
    for i in range(4):
        top = tops[i]
        if top >= 0 and suits[top] == suit:
            first = 4
            break
    for i in range(first, first + 4):
        if tops[i] < 0:
            return FOUNDATION + i
    raise AssertionError("a third base-rank card of one suit")  # two packs: impossible


@cython.ccall
@cython.locals(card=cython.int, src=cython.int, tops=tuple, base=cython.int, moves=list, prev=cython.int,
               i=cython.int, top=cython.int, up=cython.int, count=cython.int)
def _plays_of(card: int, src: int, tops: tuple[int, ...], base: int, moves: list[Move]) -> None:
    """Append the moves of ``card`` from ``src`` to every foundation it fits (``destinations``, in its order)."""
    if RANK0_BYTES[card] == base:
        moves.append(_move(card, src, _start_place(tops, SUIT_BYTES[card])))
        return
    prev = PREV_BYTES[card]
    up, count = FOUNDATION, FOUNDATIONS  # C ints (the module's names are Python ints)
    for i in range(count):
        top = tops[i]
        if top == prev:
            moves.append(_move(card, src, up + i))


@cython.ccall
@cython.locals(pyramid=tuple, tops=tuple, base=cython.int, moves=list, index=cython.int, card=cython.int,
               wanted=cython.Py_ssize_t, one=cython.Py_ssize_t, i=cython.int, prev=cython.int, top=cython.int,
               ranks=bytes, prevs=bytes, up=cython.int, place=cython.int, size=cython.int, count=cython.int)
def _pyramid_plays(pyramid: tuple[int, ...], tops: tuple[int, ...], base: int, moves: list[Move]) -> None:
    """Append the plays of pyramid cards, place by place. ``wanted`` has bit ``t`` set for every
    foundation top ``t``: a card goes up on a top when that top is its ``PREV`` (compiled, a 64-bit int)."""
    ranks, prevs = RANK0_BYTES, PREV_BYTES
    up, place, size, count = FOUNDATION, PYRAMID, PYRAMID_SIZE, FOUNDATIONS  # C ints (the module's are Python's)
    wanted = 0
    one = 1
    for i in range(count):
        top = tops[i]
        if top >= 0:
            wanted |= one << top
    for index in range(size):
        card = pyramid[index]
        if card < 0:
            continue
        if ranks[card] == base:
            moves.append(_move(card, place + index, _start_place(tops, SUIT_BYTES[card])))
            continue
        prev = prevs[card]
        if wanted >> prev & 1:
            for i in range(count):
                top = tops[i]
                if top == prev:
                    moves.append(_move(card, place + index, up + i))


class PhalanxState(NamedTuple):
    stock: tuple[int, ...]  # the whole shuffled stock, top card first; never copied
    dealt: int  # how many stock cards have left the stock (stock[dealt] is next)
    #: The collecting pile, bottom card first, one card a byte (read like a tuple of ints): a bytes object keeps its
    #: hash, so the key of every position that shares a pile hashes it once, and a push copies bytes, not Python ints.
    waste: bytes
    pyramid: tuple[int, ...]  # 25 places, a card or EMPTY
    tops: tuple[int, ...]  # 8 foundations: the top card, or EMPTY before its base card
    base: int  # the base rank - 1 (0..12); meaningless before the base card is dealt
    phase: int  # DEALING, PHASE_ONE or PHASE_TWO


class Phalanx(Rules[PhalanxState]):
    id = "phalanx"
    title = "Македонская фаланга"
    packs = 2
    variants = {"may_hold": "in phase two a turned card that fits may go onto the collecting pile instead"}
    #: Why (``Rules.wider_readings``): the same ``apply``; ``may_hold`` adds the collecting pile for a turned card
    #: that fits, else the same moves (``forced`` differs, which names moves, never allows them).
    wider_readings = ((None, "may_hold"),)
    places = (
        Place("stock", PlaceKind.STOCK),
        Place("waste", PlaceKind.WASTE),
        *numbered("pyramid", PYRAMID_SIZE, PlaceKind.TABLEAU),
        *numbered("foundation", FOUNDATIONS, PlaceKind.FOUNDATION),
    )

    def __init__(self, variant: str | None = None) -> None:
        super().__init__(variant)
        #: ``may_hold``: a turned card that fits may go onto the collecting pile.
        self.may_hold = variant == "may_hold"
        #: The last position ``key`` was asked for, and its key: the hints and then the solver ask
        #: for the same one in a row (one tuple built and kept, not two).
        self._last_key: tuple[PhalanxState | None, Hashable] = (None, None)
        #: The last stock a key was made for, and the same cards as ``bytes`` (equal exactly when
        #: the stocks are equal; their hash is computed once, a tuple's at every lookup).
        self._stock_bytes: tuple[tuple[int, ...] | None, bytes] = (None, b"")

    # -- the rules ------------------------------------------------------------------

    def initial_state(self, stock: Sequence[int]) -> PhalanxState:
        stock = tuple(stock)
        if len(stock) != CARDS or any(n != 2 for n in Counter(stock).values()) or len(set(stock)) != 52:
            raise ValueError("«Македонская фаланга» needs two full packs: 104 cards, every card twice")
        return PhalanxState(stock, 0, b"", (EMPTY,) * PYRAMID_SIZE, (EMPTY,) * FOUNDATIONS, 0, DEALING)

    @staticmethod
    def _start_place(tops: tuple[int, ...], suit: int) -> int:
        """Where a base-rank card of ``suit`` starts a foundation: left column unless its suit is there."""
        return _start_place(tops, suit)

    def destinations(self, state: PhalanxState, card: int) -> list[int]:
        """The foundation places ``card`` may go to now (empty if it fits none)."""
        tops = state.tops
        if RANK0[card] == state.base:
            return [_start_place(tops, SUIT[card])]
        prev = PREV[card]
        if prev not in tops:
            return []
        return [FOUNDATION + i for i in range(FOUNDATIONS) if tops[i] == prev]

    @cython.locals(dealt=cython.int, waste=bytes, pyramid=tuple)
    def refill_pending(self, state: PhalanxState) -> bool:
        """An emptied pyramid place waits for its refill (from the pile, or the stock)."""
        _, dealt, waste, pyramid, _, _, _ = cython.cast(tuple, state)  # unpacked in C (``legal_moves``)
        return (dealt < CARDS or bool(waste)) and _has_empty(pyramid)

    def _pyramid_plays(self, state: PhalanxState, moves: list[Move]) -> None:
        _pyramid_plays(state.pyramid, state.tops, state.base, moves)

    @cython.locals(stock=tuple, waste=bytes, pyramid=tuple, tops=tuple, dealt=cython.int, base=cython.int,
                   phase=cython.int, card=cython.int, src=cython.int, i=cython.int, count=cython.Py_ssize_t, moves=list)
    def legal_moves(self, state: PhalanxState) -> list[Move]:
        # Unpacked in C (``cython.cast``: the ``NamedTuple`` read as the tuple it is), where each ``state.pyramid``
        # looked the name up in the type (compiled, a tenth of a plain search).
        stock, dealt, waste, pyramid, tops, base, phase = cython.cast(tuple, state)
        if phase == DEALING:
            if dealt < PYRAMID_SIZE:
                return [_move(stock[dealt], STOCK, PYRAMID + dealt)]
            return [_move(stock[dealt], STOCK, FOUNDATION)]
        moves = []
        if (dealt < CARDS or waste) and _has_empty(pyramid):
            # Refill at once: from the collecting pile, or from the stock when the pile is empty.
            if waste:
                card, src = waste[-1], WASTE
            else:
                card, src = stock[dealt], STOCK
            for i in range(PYRAMID_SIZE):
                if pyramid[i] < 0:
                    moves.append(_move(card, src, PYRAMID + i))
            return moves
        _pyramid_plays(pyramid, tops, base, moves)
        if phase == PHASE_ONE and moves:
            return moves  # compulsory: phase two begins only when no pyramid card fits
        if waste:
            _plays_of(waste[-1], WASTE, tops, base, moves)
        if dealt < CARDS:
            card = stock[dealt]
            count = len(moves)
            _plays_of(card, STOCK, tops, base, moves)
            if len(moves) == count or self.may_hold:  # onto the collecting pile (under may_hold: held back)
                moves.append(_move(card, STOCK, WASTE))
        return moves

    @cython.locals(waste=bytes, pyramid=tuple, tops=tuple, card=cython.int, src=cython.int, dst=cython.int,
                   index=cython.int, places=list)
    def apply(self, state: PhalanxState, move: Move) -> PhalanxState:
        stock, dealt, waste, pyramid, tops, base, phase = cython.cast(tuple, state)  # in C (``legal_moves``)
        card, src, dst = cython.cast(tuple, move)
        if src == STOCK:
            dealt += 1
            if dst >= FOUNDATION or dst == WASTE:
                if phase == DEALING:  # the base card
                    base, phase = RANK0[card], PHASE_ONE
                else:
                    phase = PHASE_TWO  # a card turned: phase two has begun
        elif src == WASTE:
            waste = waste[:-1]
        else:  # a place changed through a list: compiled, 40 % faster than joining slices around it
            places = list(pyramid)
            places[src - PYRAMID] = EMPTY
            pyramid = tuple(places)
        if dst >= FOUNDATION:
            places = list(tops)
            places[dst - FOUNDATION] = card
            tops = tuple(places)
        elif dst == WASTE:
            waste = waste + CARD_BYTE[card]
        else:
            places = list(pyramid)
            places[dst - PYRAMID] = card
            pyramid = tuple(places)
        return _new(PhalanxState, (stock, dealt, waste, pyramid, tops, base, phase))  # type: ignore[no-any-return]

    def laid_out(self, state: PhalanxState) -> bool:
        """The pyramid and the base card are down (phase one's compulsory plays are not waited for)."""
        return state.phase != DEALING

    @cython.locals(dealt=cython.int, waste=bytes, pyramid=tuple, card=cython.int)
    def is_won(self, state: PhalanxState) -> bool:
        _, dealt, waste, pyramid, _, _, _ = cython.cast(tuple, state)  # unpacked in C (``legal_moves``)
        if dealt < CARDS or waste:
            return False
        for card in pyramid:  # noqa: SIM110 (a loop: compiled, ``any`` over a generator makes an object)
            if card >= 0:
                return False
        return True

    def redeals_done(self, state: PhalanxState) -> int:
        return 0

    @cython.locals(phase=cython.int, dealt=cython.int)
    def forced(self, state: PhalanxState) -> bool:
        """The deal, a refill, and phase one (its plays are compulsory; only their order is free).

        Under ``may_hold`` the turn that ends phase one is the player's choice when its card fits
        (up, or onto the collecting pile), so it is not forced.
        """
        phase = cython.cast(tuple, state)[6]  # in C (``legal_moves``)
        if phase == PHASE_TWO:
            return self.refill_pending(state)
        dealt = cython.cast(tuple, state)[1]
        if not self.may_hold or phase == DEALING or self.refill_pending(state) or dealt == CARDS:
            return True
        plays: list[Move] = []
        self._pyramid_plays(state, plays)
        return bool(plays) or not self.destinations(state, state.stock[state.dealt])

    @cython.locals(waste=bytes, pyramid=tuple, tops=tuple, dealt=cython.int, base=cython.int, phase=cython.int,
                   i=cython.int, j=cython.int, card=cython.int, value=cython.int,
                   low=cython.ulonglong, high=cython.ulonglong, packed=cython.ulonglong, one=cython.ulonglong,
                   ordered=cython.int[8])
    def key(self, state: PhalanxState) -> Hashable:
        """Pyramid places are interchangeable (every card is available, nothing moves between places), and so
        are foundations holding the same cards (only their numbers differ).

        Written down one to one: the pyramid as how many copies of each card it holds (two bits a card, cards
        0–25 in one number and 26–51 in another; its empty places are the rest of 25), the foundations' tops
        sorted (six bits each, ``top + 1``), with the cards dealt, the base rank and the phase in the same
        64-bit number: where the pyramid's 25 places and the tops were sorted as tuples of Python ints and
        hashed for every key (compiled, a sixth of a plain search)."""
        last = self._last_key
        if last[0] is state:
            return last[1]
        stock = self._stock_bytes
        if stock[0] is not state.stock:
            stock = self._stock_bytes = (state.stock, bytes(state.stock))
        _, dealt, waste, pyramid, tops, base, phase = cython.cast(tuple, state)  # unpacked in C (``legal_moves``)
        low = high = 0
        one = 1  # compiled, 64 bits wide before the shift
        for i in range(PYRAMID_SIZE):
            card = pyramid[i]
            if card >= 26:
                high += one << (2 * (card - 26))
            elif card >= 0:
                low += one << (2 * card)
        if not cython.compiled:  # compiled, a C array
            ordered = [0] * FOUNDATIONS
        for i in range(FOUNDATIONS):  # an insertion sort of eight, in C, as they are read
            value = tops[i] + 1
            j = i - 1
            while j >= 0 and ordered[j] > value:
                ordered[j + 1] = ordered[j]
                j -= 1
            ordered[j + 1] = value
        packed = dealt
        for i in range(FOUNDATIONS):
            packed = packed << 6 | ordered[i]
        packed = (packed << 4 | base) << 2 | phase
        # The stock as bytes, which keep their hash: a key is hashed several times.
        key = (stock[1], waste, low, high, packed)
        self._last_key = (state, key)
        return key

    def contents(self, state: PhalanxState) -> dict[int, tuple[int, ...]]:
        places: dict[int, tuple[int, ...]] = {}
        if state.dealt < CARDS:
            places[STOCK] = state.stock[state.dealt :][::-1]
        if state.waste:
            places[WASTE] = tuple(state.waste)
        for index, card in enumerate(state.pyramid):
            if card >= 0:
                places[PYRAMID + index] = (card,)
        cards_of = FOUNDATION_CARDS[state.base]
        for index, top in enumerate(state.tops):
            if top >= 0:
                places[FOUNDATION + index] = cards_of[top]
        return places

    def explain_illegal(self, state: PhalanxState, move: Move) -> str:
        legal = self.legal_moves(state)
        if not legal or move in legal:
            return super().explain_illegal(state, move)
        if move.is_redeal:
            return "«Македонская фаланга» has no redeal"
        where = self.contents(state).get(move.src, ())
        if not where or where[-1] != move.card:
            return f"{card_str(move.card)} is not on top of {self.places[move.src]}"
        if state.phase == DEALING:
            return f"the deal comes first: {self.describe(legal[0])}"
        if self.refill_pending(state):
            return f"an emptied pyramid place is refilled at once: {self.describe(legal[0])}"
        if PYRAMID <= move.src < FOUNDATION and PYRAMID <= move.dst < FOUNDATION:
            return "no moves between pyramid places («переводов здесь никаких нет»)"
        if move.src >= FOUNDATION:
            return "foundation cards never come back"
        if move.dst >= FOUNDATION or move.dst == WASTE:
            fits = self.destinations(state, move.card)
            if state.phase == PHASE_ONE and move.src == STOCK and any(m.src >= PYRAMID for m in legal):
                return "phase one: every pyramid card that fits must go up before the stock is turned"
            if move.dst == WASTE and fits:
                return f"{card_str(move.card)} fits a foundation, so it goes there, not onto the collecting pile"
            if move.dst >= FOUNDATION and fits:
                return f"{card_str(move.card)} goes to {' or '.join(self.places[p] for p in fits)}"
            if move.dst >= FOUNDATION:
                return f"{card_str(move.card)} does not fit any foundation now"
        return super().explain_illegal(state, move)
