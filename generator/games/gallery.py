"""«Картинная галерея» (seed 002): two packs, eight king piles, three deals.

The middle king (the stock numbered 1…104 from the top, the king nearest to
52.5, the upper one on a tie) is drawn out first and laid as ``pile:1``; the
other cards keep their order. Then the stock is dealt one card at a time:

- an ace goes to the next free place of the bottom row (``foundation:1..8``,
  in order of arrival), a queen to the next free place of the top row
  (``queen:1..8``), where nothing ever goes on it;
- a king starts the next pile to the right;
- any other card goes onto the leftmost king that has no card on it, if any,
  otherwise onto the newest pile («на каждого по одной карте, на последнего же
  все карты»); a card that continues a foundation (same suit, one rank higher,
  up to the jack) may go up instead.

The top card of any pile may go up at any time, between dealt cards too. While
the stock has cards a king left bare simply takes the next ordinary card. Once
the stock is out, a bare king must be covered, before any other move, with the
top card of a pile holding at least two cards on its king (the player picks
the card and the king); covers are the only pile-to-pile moves and a king never
moves. Then the player may gather the piles (pile 1 first, each from its king
upwards, no shuffle) and deal them again exactly the same way; the first card
is pile 1's king, which starts pile 1 again, so no king is drawn out on a
redeal. Three deals in all. Won: Т…В on all eight foundations (88 cards), the
kings alone, the queens in the top row.

Moves while the stock has cards: the next stock card to each place it may go
(one place for an ace, a queen, a king or a card that fits no foundation), and
every pile-top card that fits a foundation.

Three variants read the rule text otherwise (``any_king``, ``optional_cover``, ``cover_before_gathering``;
``generator.games.gallery_positions`` declares them and says what each changes). The positions, the places
and the deal's start are there too (``GalleryPositions``); this module is the moves.

The solver's hints (dominance moves, deferred plays, leads from playouts) are in
``generator.hints.gallery``, the no-peek player in ``generator.players.gallery``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.cards import CARD_BYTE
from generator.games.gallery_cards import (
    ACE,
    DEALS,
    FOUNDATION,
    KIND,
    KING,
    MOVES,
    NO_PILES,
    ORDINARY,
    PILE,
    PILES,
    QUEEN,
    QUEEN_ROW,
    STOCK,
    king_choices,
    king_moves,
)
from generator.games.gallery_positions import GalleryPositions, GalleryState
from generator.games.keys import pile_tails
from generator.games.values import Move, redeal

#: The rules' other source files (``stats.rules_digest`` covers them too).
RULES_PARTS = ("generator/games/gallery_positions.py", "generator/games/gallery_cards.py", "generator/games/keys.py")

#: ``tuple.__new__``: ``_new(GalleryState, (…))`` is ``GalleryState(…)`` without the Python-level ``__new__``
#: of a NamedTuple (the same object; the solver makes hundreds of thousands).
_new: Any = tuple.__new__


@cython.cfunc
@cython.returns(cython.int)
@cython.locals(piles=tuple, pile=bytes, count=cython.int)
def _started(piles: tuple[bytes, ...]) -> int:
    """How many piles this deal has started (they start left to right; compiled, a loop in C where
    ``piles.count(b"")`` compared eight objects)."""
    count = 0
    for pile in piles:
        if len(pile):
            count += 1
    return count


@cython.ccall
@cython.returns(cython.ulonglong)
@cython.locals(found=bytes, data=cython.p_char, i=cython.int, fits=cython.ulonglong, one=cython.ulonglong)
def fits_mask(found: bytes) -> int:
    """The cards that continue some foundation, as a bit mask (bit ``c`` for card ``c``): one pass over the
    eight tops, then a bit test per card, where ``card - 1 in tops`` compared Python ints. A foundation's
    byte is its top + 1 (at most a jack's), which is the card of its suit that continues it. (Compiled, a C
    call within this module and a Python one from the hints.)"""
    if not cython.compiled:  # plain Python: a loop of eight costs more than a lookup of the tops met before
        known = _FITS_MET.get(found)
        if known is not None:
            return known
    fits = 0
    one = 1  # compiled, 64 bits wide before the shift
    data = found  # compiled, the bytes' buffer, read in C
    for i in range(PILES):
        if data[i]:
            fits |= one << data[i]
    if not cython.compiled:
        if len(_FITS_MET) >= 100_000:
            _FITS_MET.clear()
        _FITS_MET[found] = fits
    return fits


#: Plain Python only (``fits_mask``): the masks of the foundation tops met so far, forgotten all at once past 100,000.
_FITS_MET: dict[bytes, int] = {}


@cython.cfunc
@cython.locals(found=bytes, data=cython.p_char, card=cython.int, row=tuple, moves=list, j=cython.int,
               up=cython.int)
def _ups(found: bytes, card: int, row: tuple[Move, ...], moves: list[Move]) -> None:
    """Append to ``moves`` the move of ``card`` (its row of ``MOVES`` by source) onto each foundation whose top
    it continues (whose byte, top + 1, is the card), left to right."""
    up = FOUNDATION  # a C int (the module's names are Python ints)
    data = found
    for j in range(PILES):
        if data[j] == card:
            moves.append(row[up + j])


@cython.cfunc
@cython.locals(found=bytes, data=cython.p_char, ordered=cython.int[8], i=cython.int, j=cython.int, top=cython.int,
               packed=cython.ulonglong)
def _found_key(found: bytes) -> int:
    """The foundations as a sorted multiset, packed into one int (six bits a byte, top + 1): the key's part
    for them, where ``tuple(sorted(found))`` made a list and a tuple of Python ints for every key."""
    if cython.compiled:
        data = found  # compiled, the bytes' buffer, read in C
        ordered = [0, 0, 0, 0, 0, 0, 0, 0]  # a literal: set in C, no list made; an insertion sort of eight, in C
        for i in range(PILES):
            top = data[i]
            j = i - 1
            while j >= 0 and ordered[j] > top:
                ordered[j + 1] = ordered[j]
                j -= 1
            ordered[j + 1] = top
    else:  # plain Python: the sort of the bytes is quicker than a loop written here
        ordered = sorted(found)
    packed = 0
    for i in range(PILES):
        packed = (packed << 6) | ordered[i]
    return packed


@cython.cfunc
@cython.locals(found=bytes, j=cython.int, card=cython.int, data=cython.p_char, i=cython.int)
def _raised(found: bytes, j: int, card: int) -> bytes:
    """``found`` with ``card`` the new top of foundation ``j`` (compiled, eight bytes written in C)."""
    if not cython.compiled:
        return found[:j] + bytes((card + 1,)) + found[j + 1 :]
    raised = cython.declare(cython.uchar[8])
    data = found
    for i in range(PILES):
        raised[i] = data[i]
    raised[j] = card + 1
    made: bytes = raised[:8]  # (compiled, the array's bytes: one ``bytes`` made)
    return made


@cython.cfunc
@cython.locals(items=tuple, i=cython.int)
def _replaced(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    """``items`` (eight of them: the piles) with item ``i`` replaced by ``value``.

    Compiled, one tuple of eight made in C, where a list made from the tuple, and a tuple from the list, cost
    twice as much (a twentieth of a plain search)."""
    if not cython.compiled:
        return (*items[:i], value, *items[i + 1 :])
    return (value if i == 0 else items[0], value if i == 1 else items[1], value if i == 2 else items[2],
            value if i == 3 else items[3], value if i == 4 else items[4], value if i == 5 else items[5],
            value if i == 6 else items[6], value if i == 7 else items[7])


@cython.ccall
@cython.returns(cython.int)
@cython.locals(piles=tuple, pile=bytes, i=cython.int, n=cython.Py_ssize_t, first=cython.int)
def _pile_for(piles: tuple[bytes, ...]) -> int:
    """Place of the pile an ordinary dealt card goes onto: the leftmost bare king, else the newest pile.
    (Compiled, a C call within the module, on C ints.)"""
    first = PILE
    n = len(piles)
    for i in range(n):
        pile = piles[i]
        if len(pile) == 1:
            return first + i
    return first + _started(piles) - 1


@cython.cfunc
@cython.returns(cython.bint)
@cython.locals(piles=tuple, redeals=cython.int)
def _unlaid(piles: tuple[bytes, ...], redeals: int) -> bool:
    """The first deal, before pile 1's king is laid: under ``any_king`` the player's choice of that king
    (``Gallery.choosing``). A C test before the variant's attribute is looked up (compiled, a look-up by name
    in every ``apply`` and ``legal_moves`` was 3 % of a plain search)."""
    return not redeals and not piles[0]


@cython.cfunc
@cython.locals(stock=bytes, piles=tuple, found=bytes, queens=tuple, card=cython.int, kind=cython.int, row=tuple,
               moves=list, kinds=tuple)
def _deals(state: GalleryState) -> list[Move]:
    """Every place the next stock card may go (``Gallery._stock_moves``).

    Compiled, a position's fields are unpacked in C (``cython.cast``: the ``NamedTuple`` read as the tuple it is),
    where ``state.piles`` looked the name up in its type each time; in the engine and the hints such look-ups
    were a tenth of a search's instructions."""
    stock, piles, found, queens, _ = cython.cast(tuple, state)
    card = stock[0]
    kinds = KIND  # a typed local: read in C
    kind = kinds[card]
    row = MOVES[card][STOCK]
    if kind == ORDINARY:  # (the most frequent kind first: each test against a module's name is a Python one)
        moves: list[Move] = []
        if (fits_mask(found) >> card) & 1:
            _ups(found, card, row, moves)
        moves.append(row[_pile_for(piles)])
        return moves
    if kind == ACE:
        return [row[FOUNDATION + found.index(0)]]
    if kind == QUEEN:
        return [row[QUEEN_ROW + len(queens)]]
    return [row[PILE + _started(piles)]]  # a king


@cython.cfunc
@cython.locals(piles=tuple, found=bytes, moves=list, i=cython.int, pile=bytes, card=cython.int, fits=cython.ulonglong,
               table=tuple, row=tuple)
def _plays(state: GalleryState) -> list[Move]:
    """Pile-top cards that continue a foundation (a pile top is always a 2…В)."""
    _, piles, found, _, _ = cython.cast(tuple, state)
    fits = fits_mask(found)
    moves: list[Move] = []
    table = MOVES  # a typed local: compiled, read in C, not a module global
    i = PILE
    for pile in piles:
        if len(pile) > 1:
            card = pile[-1]
            if (fits >> card) & 1:
                row = table[card]
                _ups(found, card, row[i], moves)
        i += 1
    return moves


@cython.cfunc
@cython.returns(cython.bint)
@cython.locals(stock=bytes, piles=tuple, found=bytes, pile=bytes, card=cython.int, fits=cython.ulonglong)
def _one_way(stock: bytes, piles: tuple[bytes, ...], found: bytes) -> bool:
    """While the stock lasts: the next stock card has one place and no pile top can go up (``Gallery.forced``)."""
    card = stock[0]
    fits = fits_mask(found)
    if KIND[card] == ORDINARY and (fits >> card) & 1:
        return False  # up or onto its pile
    for pile in piles:
        if len(pile) > 1:
            card = pile[-1]
            if (fits >> card) & 1:
                return False
    return True


@cython.cfunc
@cython.locals(piles=tuple, moves=list, bare=cython.int[8], count=cython.int, i=cython.int, k=cython.int,
               pile=bytes, n=cython.Py_ssize_t, table=tuple, row=tuple, first=cython.int)
def _covers(piles: tuple[bytes, ...]) -> list[Move]:
    """The covers the bare-king rule demands (only once the stock is out): every donor (a pile holding at least
    two cards on its king) onto every bare king, donors left to right, each onto the kings left to right.

    Compiled, loops in C over the bare kings kept in a C array (the comprehension it replaced, and a method call,
    cost a twentieth of a plain search)."""
    if not cython.compiled:
        bare = [0] * 8
    count = 0
    for i in range(PILES):
        if len(piles[i]) == 1:
            bare[count] = i
            count += 1
    moves: list[Move] = []
    if not count:
        return moves
    table = MOVES  # a typed local: compiled, read in C, not a module global
    first = PILE  # a C int (the module's names are Python ints: each sum with one made a Python int)
    for i in range(PILES):
        pile = piles[i]
        n = len(pile)
        if n > 2:
            row = table[pile[n - 1]][first + i]
            for k in range(count):
                moves.append(row[first + bare[k]])
    return moves


class Gallery(GalleryPositions):
    """The moves: what may be played, what a move does, what is forced, and the search key."""

    def choosing(self, state: GalleryState) -> bool:
        """``any_king``, before the first move: the king for pile 1 is still in the stock (pile 1 holds its king
        from the first move to the end of the deal, and a king never moves)."""
        return self.any_king and _unlaid(state.piles, state.redeals)

    # -- the rules ------------------------------------------------------------------

    @staticmethod
    def _stock_moves(state: GalleryState) -> list[Move]:
        """Every place the next stock card may go."""
        return _deals(state)

    @cython.locals(stock=bytes, piles=tuple, pile=bytes, n=cython.Py_ssize_t, bare=cython.bint, donors=cython.bint,
                   moves=list)
    def legal_moves(self, state: GalleryState) -> list[Move]:
        stock, piles, _, _, redeals = cython.cast(tuple, state)  # unpacked in C (``_deals``)
        if _unlaid(piles, redeals) and self.any_king:  # (``choosing``)
            return king_moves(stock)
        if stock:
            moves = _deals(state)
            moves += _plays(state)
            return moves
        bare = False
        donors = False
        for pile in piles:
            n = len(pile)
            if n == 1:
                bare = True
            elif n > 2:
                donors = True
        if bare and donors:
            if self.cover_first:
                return _covers(piles)
            moves = _plays(state)  # the variants: plays, covers, and the redeal unless a cover must come first
            moves += _covers(piles)
            if redeals < DEALS - 1 and not self.cover_before_redeal:
                moves.append(redeal(redeals + 1))
            return moves
        moves = _plays(state)
        if moves or donors or any(len(pile) == 2 for pile in piles):
            if redeals < DEALS - 1:
                moves.append(redeal(redeals + 1))
            return moves
        return []  # won: the stock is out and the kings are alone

    @cython.locals(stock=bytes, piles=tuple, found=bytes, queens=tuple, card=cython.int, src=cython.int,
                   dst=cython.int, i=cython.int, j=cython.int, pile=bytes, data=cython.p_char)
    def apply(self, state: GalleryState, move: Move) -> GalleryState:
        stock, piles, found, queens, redeals = cython.cast(tuple, state)  # unpacked in C (``_deals``)
        card, src, dst = cython.cast(tuple, move)
        if card < 0:
            gathered = b"".join(piles)
            return GalleryState(gathered, NO_PILES, found, queens, redeals + 1)
        if _unlaid(piles, redeals) and self.any_king:  # (``choosing``)
            i = self.drawn_index(state, move)
            return GalleryState(stock[:i] + stock[i + 1 :], (CARD_BYTE[card], *piles[1:]), found, queens, redeals)
        # Slices of the bytes' buffers (compiled, in C; a ``bytes`` slice goes through a slice object).
        if src == STOCK:
            data = stock
            stock = data[1 : len(stock)]
        else:
            i = src - PILE
            pile = piles[i]
            data = pile
            piles = _replaced(piles, i, data[: len(pile) - 1])
        if dst >= QUEEN_ROW:
            queens = (*queens, card)
        elif dst >= FOUNDATION:
            j = dst - FOUNDATION
            found = _raised(found, j, card)
        else:
            i = dst - PILE
            piles = _replaced(piles, i, piles[i] + CARD_BYTE[card])
        return _new(GalleryState, (stock, piles, found, queens, redeals))  # type: ignore[no-any-return]

    @cython.locals(stock=bytes, piles=tuple, found=bytes, pile=bytes, n=cython.Py_ssize_t, bare=cython.bint,
                   donors=cython.bint)
    def forced(self, state: GalleryState) -> bool:
        """A cover is pending, or the next stock card has one place and no pile top can go up.

        (Under ``any_king`` the first king is a choice unless only one may be drawn; under the cover variants a
        cover is never the only kind of move on offer, so it is not forced.)"""
        stock, piles, found, _, redeals = cython.cast(tuple, state)  # unpacked in C (``_deals``)
        if _unlaid(piles, redeals) and self.any_king:  # (``choosing``)
            return len(king_choices(stock)) == 1
        if not stock:
            if not self.cover_first:
                return False
            bare = donors = False
            for pile in piles:  # loops, not ``any`` over generators (compiled, a generator is an object)
                n = len(pile)
                if n == 1:
                    bare = True
                elif n > 2:
                    donors = True
            return bare and donors
        return _one_way(stock, piles, found)

    @cython.locals(stock=bytes, piled=tuple, piles=list, found=bytes, queens=tuple, extra=dict, bare=list, cards=list,
                   pile=bytes, row=tuple, at=cython.Py_ssize_t, end=cython.Py_ssize_t, card=cython.int,
                   kind=cython.int, started=cython.int, i=cython.int, top=cython.int, stop=cython.bint,
                   fits=cython.ulonglong, one=cython.ulonglong)
    def deal_forced(self, state: GalleryState, moves: list[Move], *, stock_floor: int = 0) -> GalleryState:
        """The dealt cards that have one place each, in one loop (see ``Rules.deal_forced``).

        While the stock lasts, a position is forced when the next card has one place (an ace, a queen, a
        king, or an ordinary card that continues no foundation) and no pile top can go up (``forced``).
        Along such a run the foundations change only when an ace goes down, and the only new pile tops are
        dealt cards that continue no foundation: so once ``forced`` holds at the start, the pile tops need
        looking at again only after an ace, and only for the card that goes on it.
        """
        stock, piled, found, queens, redeals = cython.cast(tuple, state)  # unpacked in C (``_deals``)
        if not stock or (_unlaid(piled, redeals) and self.any_king) or not _one_way(stock, piled, found):
            return state  # (``forced`` with the stock not out and no king to choose: a C call, not a method's)
        piles = list(piled)
        extra: dict[int, list[int]] = {}  # pile index: the cards this run dealt onto it, in order
        bare = [i for i, pile in enumerate(piles) if len(pile) == 1]  # left to right
        started = PILES - piles.count(b"")
        fits = fits_mask(found)
        one = 1  # compiled, 64 bits wide before the shift
        at = 0
        end = len(stock) - stock_floor
        while at < end:
            card = stock[at]
            kind = KIND[card]
            row = MOVES[card][STOCK]
            if kind == ORDINARY:
                if (fits >> card) & 1:
                    break  # up or onto its pile: a choice
                i = bare.pop(0) if bare else started - 1  # ``_pile_for``
                if i in extra:
                    extra[i].append(card)
                else:
                    extra[i] = [card]
                moves.append(row[PILE + i])
            elif kind == KING:
                moves.append(row[PILE + started])
                piles[started] = CARD_BYTE[card]
                bare.append(started)
                started += 1
            elif kind == QUEEN:
                moves.append(row[QUEEN_ROW + len(queens)])
                queens = (*queens, card)
            else:
                i = found.index(0)
                moves.append(row[FOUNDATION + i])
                found = _raised(found, i, card)
                fits |= one << (card + 1)
                at += 1
                stop = False  # whether a pile top (a 2, as no other card continues a new ace) may go up now
                for i in range(PILES):
                    pile = piles[i]
                    cards = extra.get(i, [])
                    if len(pile) + len(cards) > 1:
                        top = cards[-1] if cards else pile[-1]
                        if top - 1 == card:
                            stop = True
                if stop:
                    break
                continue
            at += 1
        if not at:
            return state
        for i, cards in extra.items():
            piles[i] = piles[i] + bytes(cards)
        return _new(GalleryState, (stock[at:], tuple(piles), found, queens, redeals))  # type: ignore[no-any-return]

    @cython.locals(stock=bytes, piles=tuple, pile=bytes)
    def is_won(self, state: GalleryState) -> bool:
        stock, piles, _, _, _ = cython.cast(tuple, state)  # unpacked in C (``_deals``)
        if stock:
            return False
        for pile in piles:  # noqa: SIM110 (a loop: compiled, ``all`` over a generator makes an object)
            if len(pile) > 1:
                return False
        return True

    def key(self, state: GalleryState) -> Hashable:
        """Foundations as a sorted multiset; the queen row left out (nothing ever moves from it).

        After the last deal's stock is out, pile order no longer matters (covers
        and plays may use any pile, nothing is gathered again) and kings are
        inert, so the piles become a sorted multiset of the cards on the kings.
        """
        stock, piles, found, _, redeals = cython.cast(tuple, state)  # unpacked in C (``_deals``)
        if not stock and redeals >= DEALS - 1:
            return (stock, pile_tails(piles, 1), _found_key(found), redeals)
        return (stock, piles, _found_key(found), redeals)

    def explain_illegal(self, state: GalleryState, move: Move) -> str:
        from generator.games.gallery_explain import explain  # the messages live apart from the rules they describe

        return explain(self, state, move)
