"""«Деревенский пасьянс» (seed 000): two packs, eight fanned piles, one redeal.

Eight cards are dealt one to each pile, then rounds of eight, one on each pile
from pile 1, each round a block with no play between its cards (the last one
may be short). Between rounds the player may move a pile's top card to a
foundation or onto another pile's top card of the same suit and one rank
higher or lower (a «марьяж»; Т and К are not neighbours). Each suit has an ace
foundation (Т up to К, `foundation:1`…`4`) and a king foundation (К down to Т,
`foundation:5`…`8`), numbered in order of arrival. A pile emptied while the
stock lasts is refilled at once; once the stock is out it stays empty. One
redeal: the piles gathered pile 1 first, each bottom to top, and dealt again
the same way from the gathered sequence's first card.

Moves on offer, and who makes them:

- a card of a dealt block (the first eight, or the 2nd…8th card of a round)
  and a refill: forced, the only move on offer;
- otherwise the player chooses among foundation moves, marriages, dealing the
  next round (`stock → pile:1`, when the stock has cards) and, once the stock
  is out, the redeal (if it has not been used).

Two other readings are variants (RULES.md, "Other readings"), each changing only which of
these free moves are on offer:

- ``at_once`` («то их тотчас же употребить в дело», read as compulsory): while a pile top fits
  a foundation, only foundation moves are offered (any fitting one); marriages, the next round
  and the redeal wait. Dealt blocks and refills still come first, as forced moves.
- ``stuck_redeal`` («а в рядах не оказывается годных карт»): the redeal is offered only when the
  stock is out and no pile top fits a foundation.

Marriages let a card shuttle between two piles, so the move graph has cycles;
``key`` is exact within one deal. The solver's hints are in ``generator.hints.village``,
the no-peek player in ``generator.players.village``.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, NamedTuple

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.cards import CARD_BYTE, card_str
from generator.games.keys import pile_multiset
from generator.games.rules import Rules
from generator.games.values import Move, Place, PlaceKind, numbered, redeal

#: The rules' other source files (``stats.rules_digest`` covers them too).
RULES_PARTS = ("generator/games/keys.py",)

STOCK = 0
PILES = 8
PILE = 1  # pile:1 … pile:8 are place ids 1..8
UP = 9  # foundation:1 … foundation:4 (ace foundations, Т → К) are 9..12
DOWN = 13  # foundation:5 … foundation:8 (king foundations, К → Т) are 13..16
SUITS = 4
ROUND = 8
REDEALS = 1
_SUIT = tuple(card // 13 for card in range(52))
_RANK0 = tuple(card % 13 for card in range(52))  # Т = 0 … К = 12: fits the ace foundation at that height
_DOWN0 = tuple(12 - card % 13 for card in range(52))  # fits the king foundation at that height


#: Every card movement, made once (the solver asks for millions): ``_MOVES[(card * 17 + src) * 17 + dst]``.
_MOVES = tuple(Move(card, src, dst) for card in range(52) for src in range(17) for dst in range(17))


@cython.locals(card=cython.int, src=cython.int, dst=cython.int)
def _move(card: int, src: int, dst: int) -> Move:
    """``Move(card, src, dst)``, made once."""
    move: Move = _MOVES[(card * 17 + src) * 17 + dst]
    return move


#: Same suit, rank one higher or lower; Т and К are not neighbours.
_NEIGHBOURS = tuple(
    tuple(other for other in (card - 1, card + 1) if 0 <= other < 52 and _SUIT[other] == _SUIT[card])
    for card in range(52)
)
_EMPTY_PILES: tuple[bytes, ...] = (b"",) * PILES


class VillageState(NamedTuple):
    """A position. The stock and the piles are ``bytes`` (one card a byte; read like tuples of ints): a bytes
    object keeps its hash, so a key, which holds the eight piles (and after the redeal the stock), hashes only
    what a move made new, and a move copies bytes, not Python ints (as ``GalleryState``)."""

    stock: bytes  # top card first
    piles: tuple[bytes, ...]  # pile:1 … pile:8, each bottom card first
    #: Cards on the foundations: heights[s] on the ace foundation of suit s
    #: (0..13, Т upwards), heights[4 + s] on its king foundation (К downwards).
    heights: tuple[int, ...]
    #: Place id of suit s's ace foundation (where[s]) and king foundation
    #: (where[4 + s]), 0 while it has not been started. Naming only: ``key`` drops it.
    where: tuple[int, ...]
    #: 0 in free play; k = 1..8 while a block (the first eight or a round) is
    #: being dealt and its next card goes, forced, to pile k.
    dealing: int
    redeals: int  # 0 in the first deal, 1 after the redeal


@cython.cfunc
@cython.returns(cython.int)
@cython.locals(card=cython.int, dst=cython.int)
def _raised(card: int, dst: int) -> int:
    """The ``heights`` index a foundation move of ``card`` onto place ``dst`` raises by one."""
    return _SUIT[card] + (0 if dst < DOWN else SUITS)


#: ``tuple.__new__``: ``_new(VillageState, (…))`` is ``VillageState(…)`` without the Python-level ``__new__`` of a
#: NamedTuple (the same object; a Python function wrapping it cost a fifth of ``apply``).
_new: Any = tuple.__new__


@cython.cfunc
@cython.locals(at_once=cython.bint, stuck_redeal=cython.bint, stock=bytes, piles=tuple, heights=tuple, where=tuple,
               redeals=cython.int, moves=list, src=cython.int, pile=bytes, card=cython.int, suit=cython.int,
               rank=cython.int, dst=cython.int, tops=cython.int[8], i=cython.int, j=cython.int, k=cython.int,
               n=cython.int, ups=cython.int, base=cython.int, count=cython.int, table=tuple, pile_at=cython.int,
               suits=cython.int, height=cython.int, one=cython.ulonglong, present=cython.ulonglong,
               met=cython.ulonglong)
def _free_moves(state: VillageState, at_once: bool, stuck_redeal: bool) -> list[Move]:
    """The player's moves when nothing is forced: per pile in order its foundation moves,
    then the marriages, then the next round (or the redeal); under ``at_once`` only the
    foundation moves if there are any. (A C call from ``legal_moves``, not a method: a method call cost a fifth of
    it.)"""
    stock, piles, heights, where, _, redeals = cython.cast(tuple, state)  # unpacked in C, not iterated
    # The pile tops (-1: an empty pile; compiled, a C array), and the cards they show as bits of ``present``.
    count = len(piles)  # PILES, or fewer in a position a test builds by hand
    if not cython.compiled:
        tops = [-1] * PILES
    one = 1  # (compiled, a 64-bit 1: ``1 << card`` would shift a C int)
    present = 0
    for i in range(PILES):
        pile = piles[i] if i < count else b""
        if pile:
            card = pile[len(pile) - 1]
            tops[i] = card
            present |= one << card
        else:
            tops[i] = -1
    moves: list[Move] = []
    # Typed locals: compiled, tuples read in C and C ints, not module globals.
    table, pile_at, suits = _MOVES, PILE, SUITS
    for i in range(count):
        card = tops[i]
        if card < 0:
            continue
        src = pile_at + i
        suit = card // 13  # (C ints: a tuple of the pair was looked up and unpacked per card)
        rank = card % 13
        height = heights[suit]  # a C int: compared as objects, each test boxed ``rank``
        if height == rank:
            dst = where[suit] or UP + SUITS - where[:SUITS].count(0)
            moves.append(table[(card * 17 + src) * 17 + dst])
        height = heights[suit + suits]
        if height == 12 - rank:
            dst = where[suit + SUITS] or DOWN + SUITS - where[SUITS:].count(0)
            moves.append(table[(card * 17 + src) * 17 + dst])
    if moves and at_once:
        return moves  # «тотчас же употребить в дело»: a card goes up first
    ups = len(moves)
    # Marriages: each top card in the order it first shows, from every pile it tops (in order), onto every
    # pile a neighbour of it tops, the lower neighbour first (``_NEIGHBOURS``), target piles in order. Which
    # cards show is a bit test of ``present``: the piles are scanned only for a marriage that is there.
    met = 0  # the cards shown by the piles before pile i
    for i in range(count):
        card = tops[i]
        if card < 0 or met >> card & 1:
            continue  # an empty pile, or an earlier pile shows the card: its marriages were offered there
        met |= one << card
        rank = card % 13
        for n in range(card - 1, card + 2, 2):  # the neighbours, as C ints (``_NEIGHBOURS``)
            if (rank == 0 if n < card else rank == 12) or not present >> n & 1:
                continue  # Т and К are not neighbours, or no pile shows the neighbour
            for j in range(count):
                if tops[j] == n:
                    base = card * 17 * 17 + pile_at + j
                    for k in range(i, count):
                        if tops[k] == card:
                            moves.append(table[base + (pile_at + k) * 17])
    if stock:
        moves.append(_MOVES[(stock[0] * 17 + STOCK) * 17 + PILE])  # the next round
    elif redeals < REDEALS and present and not (ups and stuck_redeal):
        moves.append(redeal(redeals + 1))
    return moves


class Village(Rules[VillageState]):
    id = "village"
    title = "Деревенский пасьянс"
    packs = 2
    variants = {
        "at_once": "a pile top that fits a foundation must go up before any other move",
        "stuck_redeal": "the redeal only once the stock is out and no pile top fits a foundation",
    }
    #: Why (``Rules.wider_readings``): the same ``apply``; ``at_once`` offers only the foundation moves where the
    #: printed rules offer those and more, ``stuck_redeal`` leaves the redeal out where a card fits, else the same.
    wider_readings = (("at_once", None), ("stuck_redeal", None))
    places = (
        Place("stock", PlaceKind.STOCK),
        *numbered("pile", PILES, PlaceKind.TABLEAU),
        *numbered("foundation", 8, PlaceKind.FOUNDATION),
    )

    def __init__(self, variant: str | None = None) -> None:
        super().__init__(variant)
        #: ``at_once``: a fitting pile top must go up first.
        self.at_once = variant == "at_once"
        #: ``stuck_redeal``: no redeal while a pile top fits a foundation.
        self.stuck_redeal = variant == "stuck_redeal"

    # -- the rules --------------------------------------------------------------

    def initial_state(self, stock: Sequence[int]) -> VillageState:
        stock = bytes(stock)
        return VillageState(stock, _EMPTY_PILES, (0,) * 8, (0,) * 8, 1 if stock else 0, 0)

    @cython.locals(stock=bytes, piles=tuple, dealing=cython.int)
    def legal_moves(self, state: VillageState) -> list[Move]:
        stock, piles, _, _, dealing, _ = cython.cast(tuple, state)  # unpacked in C, not iterated
        if stock:
            if dealing:
                return [_move(stock[0], STOCK, dealing)]
            if b"" in piles:  # a refill, at once
                return [_move(stock[0], STOCK, PILE + piles.index(b""))]
        return _free_moves(state, self.at_once, self.stuck_redeal)

    @cython.locals(stock=bytes, piles=tuple, heights=tuple, where=tuple, dealing=cython.int, redeals=cython.int,
                   card=cython.int, src=cython.int, dst=cython.int, i=cython.int, j=cython.int, slot=cython.int,
                   moved=list, raised=list, pile=bytes, data=cython.p_char)
    def apply(self, state: VillageState, move: Move) -> VillageState:
        # New tuples are made as a list changed in place, then one ``tuple``: ``(*t[:j], x, *t[j + 1:])`` made two
        # slices, a list and the tuple.
        stock, piles, heights, where, dealing, redeals = cython.cast(tuple, state)  # unpacked in C, not iterated
        card, src, dst = cython.cast(tuple, move)
        if card < 0:  # the redeal
            gathered = b"".join(piles)
            return _new(VillageState, (gathered, _EMPTY_PILES, heights, where, 1 if gathered else 0, redeals + 1))  # type: ignore[no-any-return]
        moved = list(piles)
        if src == STOCK:
            data = stock  # slices of the bytes' buffers (compiled, in C; a ``bytes`` slice makes a slice object)
            stock = data[1 : len(stock)]
            if dealing:
                dealing = dealing + 1 if dealing < ROUND else 0
            elif dst == PILE and piles[0]:
                dealing = 2  # the player starts a round; its other cards follow
            if not stock:
                dealing = 0
            j = dst - PILE
            moved[j] = piles[j] + CARD_BYTE[card]
            return _new(VillageState, (stock, tuple(moved), heights, where, dealing, redeals))  # type: ignore[no-any-return]
        i = src - PILE
        pile = piles[i]
        data = pile
        moved[i] = data[: len(pile) - 1]
        if dst < UP:
            j = dst - PILE
            moved[j] = piles[j] + CARD_BYTE[card]
            return _new(VillageState, (stock, tuple(moved), heights, where, dealing, redeals))  # type: ignore[no-any-return]
        slot = _raised(card, dst)
        raised = list(heights)
        raised[slot] = heights[slot] + 1
        if not where[slot]:
            where = (*where[:slot], dst, *where[slot + 1 :])
        return _new(VillageState, (stock, tuple(moved), tuple(raised), where, dealing, redeals))  # type: ignore[no-any-return]

    @cython.locals(stock=bytes, piles=tuple, heights=tuple, where=tuple, dealing=cython.int, redeals=cython.int,
                   extra=list, at=cython.Py_ssize_t, end=cython.Py_ssize_t, size=cython.Py_ssize_t,
                   count=cython.Py_ssize_t, i=cython.int, j=cython.int, card=cython.int)
    def deal_forced(self, state: VillageState, moves: list[Move], *, stock_floor: int = 0) -> VillageState:
        """The dealt block and the refills in one loop (see ``Rules.deal_forced``): while the stock lasts, the
        next card of a block goes to pile ``dealing``, else, with a pile empty, to the first empty pile; one
        position made at the end, where ``apply`` made one per card (a block is up to seven cards, the first
        eight cards eight). What ``apply`` does to ``dealing`` is done here: one pile on from a block's card
        (0 after pile 8), 0 once the stock is out; a refill lands on pile 1 only when pile 1 is empty, so it
        never starts a round."""
        stock, piles, heights, where, dealing, redeals = cython.cast(tuple, state)  # unpacked in C, not iterated
        size = len(stock)
        end = size - stock_floor
        if not size or end <= 0 or not (dealing or b"" in piles):
            return state
        count = len(piles)  # PILES, or fewer in a position a test builds by hand
        extra: list[list[int]] = [[] for _ in range(count)]  # the cards this loop lays on each pile, in order
        at = 0
        while at < end:
            if dealing:
                j = dealing - PILE
                dealing = dealing + 1 if dealing < ROUND else 0
            else:
                j = -1
                for i in range(count):
                    if not piles[i] and not extra[i]:
                        j = i
                        break
                if j < 0:
                    break  # no block, no empty pile: the player's turn
            card = stock[at]
            moves.append(_MOVES[(card * 17 + STOCK) * 17 + PILE + j])
            extra[j].append(card)
            at += 1
        if at == size:
            dealing = 0
        if not at:
            return state
        dealt = tuple([piles[i] + bytes(extra[i]) if extra[i] else piles[i] for i in range(count)])
        return _new(VillageState, (stock[at:], dealt, heights, where, dealing, redeals))  # type: ignore[no-any-return]

    def forced(self, state: VillageState) -> bool:
        return bool(state.stock) and (state.dealing > 0 or b"" in state.piles)

    @cython.locals(stock=bytes, piles=tuple, pile=bytes)
    def is_won(self, state: VillageState) -> bool:
        """Every card on the foundations (with a full 104-card stock: all eight complete)."""
        stock, piles, _, _, _, _ = cython.cast(tuple, state)  # unpacked in C (indexed, a subclass's item lookup)
        if stock:
            return False
        for pile in piles:  # noqa: SIM110 (a loop: compiled, ``any`` over a generator makes an object)
            if pile:
                return False
        return True

    def redeals_done(self, state: VillageState) -> int:
        return state.redeals

    def stock_left(self, state: VillageState) -> int:
        return len(state.stock)

    def key(self, state: VillageState) -> Hashable:
        """The solver's table key, exact up to renaming places within one deal.

        Foundations are named by suit, not by number of arrival (``where`` is dropped). In the
        first deal the stock is always a suffix of the deal's stock, so its length names it: two
        states of the same deal with equal keys have the same future (states of different deals
        may share a key; the solver compares keys within one search only). After the redeal the
        stock is the gathered sequence, which differs from line to line, so it is kept whole.
        Once the stock is out and the redeal used, nothing can tell the piles apart: they are
        a sorted multiset. The three shapes cannot be equal (an int, the stock's bytes and a
        tuple of eight ints lead them).
        """
        stock, piles, heights, _, dealing, redeals = cython.cast(tuple, state)  # unpacked in C, not iterated
        if redeals < REDEALS:
            return (len(stock), piles, heights, dealing)
        if stock:
            return (stock, piles, heights, dealing)
        return (heights, pile_multiset(piles))


    def contents(self, state: VillageState) -> dict[int, tuple[int, ...]]:
        places: dict[int, tuple[int, ...]] = {}
        if state.stock:
            places[STOCK] = tuple(state.stock[::-1])
        for index, pile in enumerate(state.piles):
            if pile:
                places[PILE + index] = tuple(pile)
        for suit in range(SUITS):
            ace, king = suit * 13, suit * 13 + 12
            if state.heights[suit]:
                places[state.where[suit]] = tuple(range(ace, ace + state.heights[suit]))
            if state.heights[SUITS + suit]:
                places[state.where[SUITS + suit]] = tuple(range(king, king - state.heights[SUITS + suit], -1))
        return places

    def explain_illegal(self, state: VillageState, move: Move) -> str:
        legal = self.legal_moves(state)
        if not legal:
            return "the game is already over"
        must_go_up = not self.forced(state) and (self.at_once or self.stuck_redeal) and any(
            not m.is_redeal and m.dst >= UP for m in legal)
        if move.is_redeal:
            if state.stock:
                return "the piles may be gathered only once the stock is out"
            if state.redeals >= REDEALS:
                return "only one redeal is allowed"
            if must_go_up:
                return ("in this variant the redeal waits while a pile top fits a foundation "
                        f"({self.describe(legal[0])})")
            return "there is nothing to gather"
        where = self.contents(state).get(move.src, ())
        if not where or where[-1] != move.card:
            return f"{card_str(move.card)} is not on top of {self.places[move.src]}"
        if self.forced(state):
            if state.dealing:
                what = "the first eight cards are" if b"" in state.piles else "a round is"
                return f"{what} dealt as a block: the next card goes to pile:{state.dealing}, no play between"
            return f"an emptied pile is refilled at once: {self.describe(legal[0])} comes first"
        if must_go_up and self.at_once and move.dst < UP and move.src < UP:
            return (f"in this variant a card that fits a foundation goes up first, «тотчас же» "
                    f"({self.describe(legal[0])})")
        if move.src == STOCK:
            return "a round is dealt from pile:1, one card on each pile left to right"
        if move.src >= UP:
            return "foundation cards never come back"
        if PILE <= move.dst < UP:
            target = state.piles[move.dst - PILE]
            if not target:
                return "a card goes onto another pile's top card only: an empty pile stays empty once the stock is out"
            if move.dst == move.src:
                return "a card cannot go onto its own pile"
            top = target[-1]
            if _SUIT[top] != _SUIT[move.card]:
                return f"a marriage needs the same suit: {card_str(move.card)} cannot go on {card_str(top)}"
            if {_RANK0[top], _RANK0[move.card]} == {0, 12}:
                return "Т and К are not neighbours: a marriage needs ranks one apart"
            return f"a marriage needs ranks one apart: {card_str(move.card)} cannot go on {card_str(top)}"
        if move.dst >= UP:
            fits = [m for m in legal if m.card == move.card and m.src == move.src and m.dst >= UP]
            if fits:
                return f"{card_str(move.card)} goes to {self.places[fits[0].dst]}"
            return f"{card_str(move.card)} fits no foundation now"
        return super().explain_illegal(state, move)



@cython.ccall
@cython.returns(cython.int)
@cython.locals(piles=tuple, heights=tuple, lifted=cython.int, raised=cython.int, i=cython.int, top=cython.int,
               suit=cython.int, rank=cython.int, ups=cython.int, pile=bytes, count=cython.int, up=cython.int,
               down=cython.int, size=cython.Py_ssize_t, suits=cython.int, card=cython.int, src=cython.int,
               dst=cython.int)
def fitting_moves(state: VillageState, after: Move | None = None) -> int:
    """How many foundation moves ``legal_moves`` offers in free play in ``state``, or, given ``after`` (a
    foundation move from a pile), in the position it makes with the stock out of sight (its refill unseen).

    Counted, not listed: each pile top once for its ace foundation if that stands one below it, once for its king
    foundation if that stands one above it, as ``_free_moves`` lists them (``at_once`` keeps those moves, and they
    are all it adds or drops). A fact about positions, as ``lies_backwards``: the no-peek player asks it of every
    foundation move it weighs and every position its marriage search meets, where it made the position's moves
    and filtered them (a third of a plain search, with its other costs); ``test_village`` holds it to
    ``legal_moves``."""
    _, piles, heights, _, _, _ = cython.cast(tuple, state)  # unpacked in C
    lifted = raised = -1  # the pile ``after`` takes its top from, the foundation it raises
    if after is not None:
        card, src, dst = cython.cast(tuple, after)
        lifted, raised = src - PILE, _raised(card, dst)
    ups = 0
    suits = SUITS  # a C int
    count = len(piles)
    for i in range(count):
        pile = piles[i]
        size = len(pile)
        if i == lifted:
            size -= 1
        if size <= 0:
            continue  # an empty pile (or one the lifted card empties): nothing on top
        top = pile[size - 1]
        suit = top // 13
        rank = top % 13
        up = heights[suit]  # (C ints)
        down = heights[suit + suits]
        if suit == raised:
            up += 1
        elif suit + suits == raised:
            down += 1
        if up == rank:
            ups += 1
        if down == 12 - rank:
            ups += 1
    return ups


def lies_backwards(card: int, target: int, heights: tuple[int, ...]) -> bool:
    """Would ``card`` lie on ``target`` (a neighbour) the wrong way for the foundations: on the
    next higher card when its ace-foundation copy is already up (it can only go down the king
    foundation, which takes the higher one first), or on the next lower one when its
    king-foundation copy is up? It must then be married off again to get out.

    A fact about positions, which the solver's move order and the no-peek player both use.
    """
    suit, rank = _SUIT[card], _RANK0[card]
    if target > card:
        return heights[suit] > rank
    return heights[suit + SUITS] > 12 - rank
