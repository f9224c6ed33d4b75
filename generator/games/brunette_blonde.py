"""«Брюнетка и блондинка» (seed 000): two packs, alternating colours, one redeal.

Eight cards are dealt to the basic row («основной ряд»); an ace dealt then
goes straight up and the next card takes its place. Then the stock is turned
one card at a time. Foundations start with an ace of any suit and rise to the
king in alternating colours; the basic-row piles are built down in alternating
colours. Suits never matter, only rank and colour.

The turned card may go to a foundation, onto a basic-row pile or into an empty
basic-row place; only a card that fits neither a foundation nor a pile goes to
the waste («кон»): «Те карты, которые не подходят ни к тузам, ни к основной
линии, кладут перед собой в кон». At any time the waste top or a pile top may
go to a foundation, and the waste top onto a pile or into an empty place. No
card ever moves from one pile to another. Once the stock is out the player may
turn the waste over, unshuffled, for one more pass; the basic row stays.

Variants, each changing only what it names (RULES.md, "Other readings"): ``two_cards`` (a pile
holds at most two cards), ``free_waste`` (the turned card may go to the waste even when it fits
a foundation or a pile) and ``stuck_redeal`` («и ни в кону, ни в основном ряду не оказывается
подходящих карт»: the second pass only when the stock is out and no other move is left: no
waste or pile top fits a foundation, and the waste top fits no pile and no empty place).

Every move is one-way (stock → anything, waste → table, table → foundation),
so the position graph has no cycles and every game ends. The solver's hints are in
``generator.hints.brunette_blonde``, the no-peek player in ``generator.players.brunette_blonde``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.cards import CARD_BYTE, card_str
from generator.games.rules import Rules
from generator.games.values import Move, Place, PlaceKind, numbered, redeal

STOCK, WASTE = 0, 1
PILE = 2  # pile:1 … pile:8 are 2..9
FOUNDATION = 10  # foundation:1 … foundation:8 are 10..17
PLACES = 18
ROW = 8
REDEALS = 1
TWO_CARDS_LIMIT = 2
NO_LIMIT = 1_000

#: A card's rank and colour in one small int: rank * 2 + (1 if red): the only thing the rules look at.
CODE = tuple((index % 13 + 1) * 2 + (index // 13 >= 2) for index in range(52))
RANK = tuple(index % 13 + 1 for index in range(52))
#: The code a foundation top must have for the card to go on it (aces: 0 = an empty foundation).
FOUNDATION_NEEDS = tuple(0 if RANK[c] == 1 else (RANK[c] - 1) * 2 + 1 - CODE[c] % 2 for c in range(52))
#: The code a pile top must have for the card to go on it (kings: none).
PILE_NEEDS = tuple(-1 if RANK[c] == 13 else (RANK[c] + 1) * 2 + 1 - CODE[c] % 2 for c in range(52))
IS_ACE = tuple(RANK[c] == 1 for c in range(52))
#: The two tables as bytes, for the hot loop (read as C chars when compiled); a king's pile need is 0, which no
#: pile top's code is.
F_NEEDS = bytes(FOUNDATION_NEEDS)
P_NEEDS = bytes(max(need, 0) for need in PILE_NEEDS)
#: ``bytes(cards).translate(TO_CODE)``: a row of cards as their codes, in one C call.
TO_CODE = bytes(CODE) + bytes(256 - 52)
#: Codes run 2 (black ace) … 27 (red king); 28 slots.
CODES = 28
#: The code one rank higher in the other colour (what goes on it on a foundation), 0 past the king.
SUCC = tuple(((code // 2 + 1) * 2 + 1 - code % 2) if 2 <= code < 26 else 0 for code in range(CODES))
#: The code one rank lower in the other colour (what it goes on on a foundation), 0 for aces.
PRED = tuple(((code // 2 - 1) * 2 + 1 - code % 2) if code >= 4 else 0 for code in range(CODES))
#: UNDER[top] lists the codes of a foundation whose top has code ``top``, ace first (colours alternate).
UNDER = tuple(
    tuple((rank * 2 + (top % 2 if (top // 2 - rank) % 2 == 0 else 1 - top % 2)) for rank in range(1, top // 2 + 1))
    if top >= 2
    else ()
    for top in range(CODES)
)
#: HOLDS[top]: the codes of a foundation whose top has code ``top``.
HOLDS = tuple(frozenset(codes) for codes in UNDER)
#: The engine's moves, made once: ``MOVE[(card * PLACES + src) * PLACES + dst]``.
MOVE = tuple(Move(card, src, dst) for card in range(52) for src in range(PLACES) for dst in range(PLACES))


class BrunetteBlondeState(NamedTuple):
    """A position. Every place is a ``bytes`` of card indices (read like a tuple of ints): a bytes object keeps
    its hash and is sliced and joined in C, so a move copies bytes, not Python ints."""

    stock: bytes  # top card first
    waste: bytes  # bottom card first (the first card wasted is waste[0])
    piles: tuple[bytes, ...]  # the basic row, 8 piles, each bottom card first
    foundations: tuple[bytes, ...]  # 8 foundations in order of arrival, ace first
    redeals: int  # 0 in the first pass, 1 after the waste was turned over
    dealing: bool  # the first eight cards are still being dealt to the basic row


#: ``tuple.__new__``: ``_new(BrunetteBlondeState, (…))`` is ``BrunetteBlondeState(…)`` without the Python-level
#: ``__new__`` of a NamedTuple (the same object; the solver makes hundreds of thousands).
_new: Any = tuple.__new__


@cython.locals(row=tuple, index=cython.Py_ssize_t, out=list)
def _replace(row: tuple[bytes, ...], index: int, value: bytes) -> tuple[bytes, ...]:
    out = list(row)  # compiled, a third faster than joining two slices around the value
    out[index] = value
    return tuple(out)


class BrunetteBlonde(Rules[BrunetteBlondeState]):
    id = "brunette_blonde"
    title = "Брюнетка и блондинка"
    packs = 2
    variants = {
        "two_cards": "a basic-row pile holds at most two cards",
        "free_waste": "the turned card may go to the waste even when it fits a foundation or a pile",
        "stuck_redeal": "the second pass only once no card of the waste or the basic row can move",
    }
    #: Why (``Rules.wider_readings``): the same ``apply``; ``free_waste`` adds the waste for a turned card that
    #: fits, ``stuck_redeal`` leaves the redeal out while another move is on offer, else the same moves.
    #: (``two_cards`` is in no pair: a card that fits a pile under the printed rules must be played there, and
    #: goes to the waste under ``two_cards`` when that pile holds two.)
    wider_readings = ((None, "free_waste"), ("stuck_redeal", None))
    places = (
        Place("stock", PlaceKind.STOCK),
        Place("waste", PlaceKind.WASTE),
        *numbered("pile", ROW, PlaceKind.TABLEAU),
        *numbered("foundation", 8, PlaceKind.FOUNDATION),
    )

    def __init__(self, variant: str | None = None) -> None:
        super().__init__(variant)
        #: Most cards a basic-row pile may hold.
        self.limit = TWO_CARDS_LIMIT if variant == "two_cards" else NO_LIMIT
        #: ``free_waste``: the turned card may always go to the waste.
        self.free_waste = variant == "free_waste"
        #: ``stuck_redeal``: the second pass only when no other move is left.
        self.stuck_redeal = variant == "stuck_redeal"

    # -- the rules ------------------------------------------------------------------

    def initial_state(self, stock: Sequence[int]) -> BrunetteBlondeState:
        empty = (b"",) * ROW
        return BrunetteBlondeState(bytes(stock), b"", empty, empty, 0, bool(stock))

    @cython.locals(stock=bytes, waste=bytes, piles=tuple, foundations=tuple, card=cython.int, need=cython.int,
                   base=cython.int, i=cython.int, j=cython.int, free=cython.int, nempty=cython.int,
                   limit=cython.Py_ssize_t, ftops=cython.int[8], ptops=cython.int[8], empty=cython.int[8], moves=list,
                   cards=bytes, fits=cython.bint, codes=bytes, fneeds=bytes, pneeds=bytes, places=cython.int,
                   to_pile=cython.int, to_foundation=cython.int, to_waste=cython.int)
    def legal_moves(self, state: BrunetteBlondeState) -> list[Move]:
        stock, waste, piles, foundations, redeals, dealing = cython.cast(tuple, state)  # unpacked in C (``apply``)
        if dealing:
            card = stock[0]
            if IS_ACE[card]:
                return [Move(card, STOCK, FOUNDATION + foundations.index(b""))]
            return [Move(card, STOCK, PILE + piles.index(b""))]
        if not cython.compiled:  # compiled, the three are C arrays
            ftops, ptops, empty = [0] * ROW, [0] * ROW, [0] * ROW
        codes, fneeds, pneeds = TO_CODE, F_NEEDS, P_NEEDS
        # The places' numbers as C ints: the module's names are Python ints, and every move's index below was
        # summed from them as objects (compiled, a third of two_cards' ``legal_moves``).
        places, to_pile, to_foundation, to_waste = PLACES, PILE, FOUNDATION, WASTE
        # Foundation tops as codes (0: empty; an ace goes to the first of those, ``free``); pile tops as codes
        # (1: empty or full, which nothing is built on); the empty places in order.
        free = -1
        for i in range(ROW):
            cards = foundations[i]
            if cards:
                ftops[i] = codes[cards[-1]]
            else:
                ftops[i] = 0
                if free < 0:
                    free = i
        limit = self.limit
        nempty = 0
        for i in range(ROW):
            cards = piles[i]
            if not cards:
                ptops[i] = 1
                empty[nempty] = to_pile + i
                nempty += 1
            else:
                ptops[i] = codes[cards[-1]] if len(cards) < limit else 1
        moves = []
        # To the foundations: pile tops, the waste top, the turned card. An ace only to the lowest free one.
        for i in range(ROW):
            cards = piles[i]
            if cards:
                card = cards[-1]
                need = fneeds[card]
                base = (card * places + to_pile + i) * places + to_foundation
                if need:
                    if need in ftops:  # compiled: a C loop; plain: a list's own test, before the loop
                        for j in range(ROW):
                            if ftops[j] == need:
                                moves.append(MOVE[base + j])
                elif free >= 0:
                    moves.append(MOVE[base + free])
        if waste:
            card = waste[-1]
            base = (card * places + to_waste) * places
            need = fneeds[card]
            if need:
                if need in ftops:
                    for j in range(ROW):
                        if ftops[j] == need:
                            moves.append(MOVE[base + to_foundation + j])
            elif free >= 0:
                moves.append(MOVE[base + to_foundation + free])
            need = pneeds[card]
            if need in ptops:
                for j in range(ROW):
                    if ptops[j] == need:
                        moves.append(MOVE[base + to_pile + j])
            for j in range(nempty):
                moves.append(MOVE[base + empty[j]])
        if stock:
            card = stock[0]
            base = card * places * places
            fits = False
            need = fneeds[card]
            if need:
                if need in ftops:
                    fits = True
                    for j in range(ROW):
                        if ftops[j] == need:
                            moves.append(MOVE[base + to_foundation + j])
            elif free >= 0:
                moves.append(MOVE[base + to_foundation + free])
                fits = True
            need = pneeds[card]
            if need in ptops:
                fits = True
                for j in range(ROW):
                    if ptops[j] == need:
                        moves.append(MOVE[base + to_pile + j])
            for j in range(nempty):
                moves.append(MOVE[base + empty[j]])
            if not fits or self.free_waste:
                moves.append(MOVE[base + to_waste])
        elif waste and redeals < REDEALS and not (moves and self.stuck_redeal):
            moves.append(redeal(redeals + 1))
        return moves

    @cython.locals(stock=bytes, waste=bytes, piles=tuple, foundations=tuple, card=cython.int, src=cython.int,
                   dst=cython.int)
    def apply(self, state: BrunetteBlondeState, move: Move) -> BrunetteBlondeState:
        # Unpacked in C (``cython.cast``: the ``NamedTuple`` read as the tuple it is), not iterated as an object.
        stock, waste, piles, foundations, redeals, dealing = cython.cast(tuple, state)
        card, src, dst = cython.cast(tuple, move)
        if card < 0:  # the redeal
            # The waste turned over unshuffled: its first card is dealt first again.
            return BrunetteBlondeState(waste, b"", piles, foundations, redeals + 1, False)
        if src == STOCK:
            stock = stock[1:]
        elif src == WASTE:
            waste = waste[:-1]
        else:
            piles = _replace(piles, src - PILE, piles[src - PILE][:-1])
        if dst == WASTE:
            waste = waste + CARD_BYTE[card]
        elif dst >= FOUNDATION:
            foundations = _replace(foundations, dst - FOUNDATION, foundations[dst - FOUNDATION] + CARD_BYTE[card])
        else:
            piles = _replace(piles, dst - PILE, piles[dst - PILE] + CARD_BYTE[card])
        if dealing:
            dealing = bool(stock) and b"" in piles
        return _new(BrunetteBlondeState, (stock, waste, piles, foundations, redeals, dealing))  # type: ignore[no-any-return]

    def forced(self, state: BrunetteBlondeState) -> bool:
        return state.dealing

    @cython.locals(dealing=cython.bint)
    def deal_forced(self, state: BrunetteBlondeState, moves: list[Move], *,
                    stock_floor: int = 0) -> BrunetteBlondeState:
        """The deal of the basic row, every card of it in one loop (see ``Rules.deal_forced``): ``forced`` holds
        exactly while ``dealing``, and then ``legal_moves`` offers one move. Compiled, the solver asks this at
        every step it advances, where the default was a Python call."""
        dealing = cython.cast(tuple, state)[5]
        while dealing and len(state.stock) > stock_floor:
            move = self.legal_moves(state)[0]
            moves.append(move)
            state = self.apply(state, move)
            dealing = state.dealing
        return state

    def is_won(self, state: BrunetteBlondeState) -> bool:
        return all(len(cards) == 13 for cards in state.foundations)

    def redeals_done(self, state: BrunetteBlondeState) -> int:
        return state.redeals

    def stock_left(self, state: BrunetteBlondeState) -> int:
        return len(state.stock)

    def contents(self, state: BrunetteBlondeState) -> dict[int, tuple[int, ...]]:
        places: dict[int, tuple[int, ...]] = {}
        if state.stock:
            places[STOCK] = tuple(state.stock[::-1])
        if state.waste:
            places[WASTE] = tuple(state.waste)
        for i, cards in enumerate(state.piles):
            if cards:
                places[PILE + i] = tuple(cards)
        for i, cards in enumerate(state.foundations):
            if cards:
                places[FOUNDATION + i] = tuple(cards)
        return places

    @cython.locals(stock=bytes, waste=bytes, piles=tuple, foundations=tuple, cards=bytes, codes=bytes, i=cython.int,
                   j=cython.int, value=cython.int, tops=cython.int[8], runs=cython.int[8], first=cython.ulonglong,
                   second=cython.ulonglong, redeals=cython.int, dealing=cython.bint)
    def key(self, state: BrunetteBlondeState) -> tuple[object, ...]:
        """Every card as its rank and colour, piles in any order, each foundation as its top only.

        Why two states with the same key have the same future (the same lines
        of (from, to) places win from both, up to renaming the places):

        - Rank and colour only. Let two states show the same code (rank and
          colour, ``CODE``) at every position of every place: stock, waste,
          piles, foundations. ``legal_moves`` reads cards only through
          ``CODE``, ``FOUNDATION_NEEDS``, ``PILE_NEEDS`` and ``IS_ACE``, all
          functions of the code, and through the sizes of the places; so
          both states allow moves with the same (from, to) places, the moved
          card being the top of ``from`` in each. ``apply`` moves that top card
          (or turns the whole waste over), so the two results again show the
          same codes everywhere, and ``is_won`` counts cards only. By
          induction the two game trees are the same. Suits never matter, and
          nor does which of the two packs a card came from.
        - The eight basic-row places are interchangeable: no rule names a
          place, so permuting them maps the legal moves of one state onto the
          other's (during the first deal the leftmost empty place is filled,
          and every empty place is alike).
        - The foundations are interchangeable in the same way, and a
          foundation's buried cards never move again: what goes on it depends
          only on its top's code, and its height is its top's rank.

        How the key writes that down, one to one: the stock and the waste as their codes; the foundations' top
        codes (0 for an empty one) sorted; each pile as its bottom card's code and its length, sorted. A pile is
        a run down in alternating colours from its bottom card (a card goes onto a pile only when it is one rank
        lower in the other colour, ``legal_moves``, and an empty place takes any card), so its bottom code and
        its length fix every code in it; a run has at most 13 cards. Codes are below 32 (five bits), so the
        sorted tops (40 bits) and two piles (nine bits each) and the pass and the dealing flag fill one 64-bit
        number, the other six piles a second: where the piles' codes were eight strings sorted and hashed for
        every key (compiled, a tenth of a search of ``two_cards``).
        """
        stock, waste, piles, foundations, redeals, dealing = cython.cast(tuple, state)  # unpacked in C (``apply``)
        codes = TO_CODE
        if not cython.compiled:  # compiled, the two are C arrays
            tops, runs = [0] * ROW, [0] * ROW
        for i in range(ROW):  # insertion sorts of eight, in C, as they are read (``gallery._found_key``)
            cards = foundations[i]
            value = codes[cards[-1]] if cards else 0
            j = i - 1
            while j >= 0 and tops[j] > value:
                tops[j + 1] = tops[j]
                j -= 1
            tops[j + 1] = value
            cards = piles[i]
            value = (codes[cards[0]] << 4 | len(cards)) if cards else 0
            j = i - 1
            while j >= 0 and runs[j] > value:
                runs[j + 1] = runs[j]
                j -= 1
            runs[j + 1] = value
        first = 0
        for i in range(ROW):
            first = first << 5 | tops[i]
        first = (first << 9 | runs[0]) << 9 | runs[1]
        first = first << 2 | redeals << 1 | dealing
        second = 0
        for i in range(2, ROW):
            second = second << 9 | runs[i]
        return (stock.translate(codes), waste.translate(codes), first, second)

    def explain_illegal(self, state: BrunetteBlondeState, move: Move) -> str:
        legal = self.legal_moves(state)
        if not legal or move in legal:
            return super().explain_illegal(state, move)
        if move.is_redeal:
            if state.redeals >= REDEALS:
                return "only one redeal is allowed («раскладывают во второй раз»)"
            if state.stock:
                return "the waste may be turned over only once the stock is out"
            if not state.waste:
                return "there is no waste to turn over"
            return (f"in this variant the second pass waits while a card can still move "
                    f"({self.describe(legal[0])})")
        contents = self.contents(state)
        where = contents.get(move.src, ())
        if not where or where[-1] != move.card:
            return f"{card_str(move.card)} is not on top of {self.places[move.src]}"
        if state.dealing:
            return f"the first eight cards are dealt to the basic row first ({self.describe(legal[0])})"
        card, src, dst = move
        name = card_str(card)
        if src >= FOUNDATION:
            return "foundation cards never come back"
        if dst == STOCK:
            return "nothing goes back to the stock"
        if PILE <= src < FOUNDATION and PILE <= dst < FOUNDATION:
            return "no card moves from one basic-row pile to another"
        if PILE <= src < FOUNDATION and dst == WASTE:
            return "basic-row cards go only to the foundations"
        if dst == WASTE:
            return f"{name} fits a foundation or a basic-row pile, so it may not go to the waste"
        if dst >= FOUNDATION:
            if IS_ACE[card]:
                return f"an ace starts the lowest free foundation ({self.describe(legal[0])})"
            return f"{name} goes on a foundation topped by a card one lower of the other colour"
        pile = state.piles[dst - PILE]
        if pile and CODE[pile[-1]] == PILE_NEEDS[card] and len(pile) >= self.limit:
            return f"in this variant a basic-row pile holds at most {self.limit} cards"
        return f"{name} goes on a basic-row card one higher of the other colour, or into an empty place"

