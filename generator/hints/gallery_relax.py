"""A relaxed «Картинная галерея» that every winnable position wins: proofs of lost positions.

``relaxed_verdict(state, budget)`` searches a *relaxed* game from ``state``. Every line of the
real game is a line of the relaxed one, so when the relaxed game cannot be won (searched to the
end within ``budget`` relaxed positions), neither can the real one: ``GalleryHints.dead_end``
cuts the position off. The relaxed game is much smaller: it has no timing of plays, no
competition between the two copies of a card, no forced covers and (mostly) no pile choices.

The relaxed game, from a position ``P`` of the real one:

1. **Foundations by counts.** ``count[c]`` is how many copies of card ``c`` are up. A card may go
   up once ``count[c - 1] >= need[c]``, where ``need[c]`` is 2 if the other copy of ``c`` is
   already up in ``P`` and 1 otherwise. A real play satisfies it: the foundation it goes on
   shows ``c - 1``, so a copy of ``c - 1`` is up; if the other copy of ``c`` is up, it lies on the
   other foundation of the suit, on another copy of ``c - 1``. Counts only grow, so a card that
   may go up stays so.
2. **Segment placement, diversions and covers as options.** A dealt card that does not go up is
   laid on the newest pile (the pile of the last king dealt) or, as the player likes, on any
   started pile other than the newest that has no card on its king (the real game lays it on
   the leftmost such pile if there is one, else on the newest). Once the stock is out, the top
   card of any pile may be moved onto a pile with no card on its king, as often as the player
   likes (the real game forces these covers, from piles with two cards or more). Nothing else
   moves between piles.
3. Won when all 88 cards from the aces to the jacks are up.
4. **Redeals** gather the piles as the real game does, except that the card of a pile holding
   one card becomes a *free card*: it lies nowhere and may go up whenever rule 1 lets it (a real
   line deals it right after its king, where it goes up or lies on a pile until it does).
   With *exact redeals* (``exact_redeals=True``), every card is gathered in its pile
   as the real game gathers it, and only the cards of the piles holding one card may be
   gathered in any order over those piles (a real redeal is the order as it lies).

Every real move is a relaxed move from the same position (a real play satisfies rule 1, a real
placement and a real cover are options of rule 2, a real redeal is one of rule 4's), and rule 1's ``need``,
fixed at ``P``, stays true along any real line from ``P``. So a winning real line from ``P`` is a
winning relaxed line: **relaxed lost ⇒ real lost**.

The same holds under the variants ``optional_cover`` and ``cover_before_gathering``: they only make
covers optional (rule 2 has them optional already) and let plays or the redeal come while a king
is bare (the relaxed game has no timing of plays, and its redeal may follow any covers, or none).
Every line of theirs is a relaxed line too. Under ``any_king`` the tests are asked only about
positions after the first move (``GalleryHints.dead_end``), where the printed rules apply.

The search of the relaxed game is exact, and small, because of one lemma.

*Deletion lemma.* Let ``A`` be a relaxed position obtained from ``B`` by taking away some cards
(from piles or the stock) that are up in ``A``, with ``A``'s counts at least ``B``'s. If ``B`` can
be won, so can ``A``. Proof: ``A`` copies ``B``'s winning line, skipping every move of a card
taken away. A card that may go up in ``B`` may in ``A`` (counts at least as high); a top card in
``B`` is a top card in ``A`` or was taken away; a pile with no card on its king in ``B`` has none
in ``A``; the newest pile and the placement of every dealt card are the same; a redeal gathers
the same piles less the cards taken away, so the invariant holds into the next deal. At the end
``B`` has every card up, so ``A`` has too.

With exact redeals the relaxed position is the real one less its cards up *and with the
cards of the one-card piles in some order over those piles*: as the relaxed game sends cards up
at once, it may lay a diverted card on another bare pile than the real game's, and a pile the
real game holds two cards on may hold one. Nothing but a redeal tells those piles apart (a
diversion or a cover needs a bare pile, and there are at least as many of them where fewer cards
lie), and the redeal may gather their cards in the real order. The deletion lemma holds the same
way: ``A``'s one-card piles are ``B``'s less the cards up, plus piles ``B`` holds longer; where
``B`` covers from a pile ``A`` holds one card on, ``A``'s card is already alone, and at the
redeal ``A`` gathers ``B``'s order less the cards taken away.

Hence, in the relaxed game: (a) a card that may go up goes up at once — a pile top, or the
dealt card instead of being laid down (the position with it up is ``B`` less that card); (b) once
the stock is out, a cover after which the moved card goes up again, with what its move freed,
is made at once (the position reached is the one before it less some cards). The search branches
only on the options of rule 2 and stops covering when it likes (then redeals, or ends).
"""

from __future__ import annotations

import time
from itertools import permutations

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games.gallery_cards import ACE, DEALS, EMPTY, KIND, KING, PILES, QUEEN, tops
from generator.games.gallery_positions import GalleryState
from generator.hints.gallery_failures import Failures

#: Relaxed positions searched by default before giving up (an answer of None proves nothing).
DEFAULT_BUDGET = 300
#: How often (in relaxed positions) a search with a deadline reads the clock: a relaxed position costs a few
#: microseconds, a clock read a tenth of one.
_CLOCK_EVERY = 256
#: A stand-in for a king in a gathered stock (only its kind matters to a relaxed deal).
KING_CARD = 12
_ALL_UP = 88  # eight aces and the eighty cards from 2 to the jack
#: Cards of the relaxed game are *ids*: a card's value (0..51), or value + 52 for the copy of a designated pair
#: that is met second (``_ids``); ``_KINDS[id]`` is its kind.
_VALUES: int = cython.declare(cython.int, 52)  # compiled, C constants: ``card % _VALUES`` a C remainder, not Python's
_IDS: int = cython.declare(cython.int, 2 * _VALUES)
_KINDS = KIND + KIND

Stacks = tuple[bytes, ...]
#: Each card id as a one-card pile, or the tail added to a pile (piles and stocks are ``bytes``, one id a
#: byte, as the engine's: a bytes object caches its hash, and the keys hold the piles and the stock).
_ONE = tuple(bytes((card,)) for card in range(_IDS))


#: ``_Relaxed``: rule 1's ``need`` and ``exact`` of ids 0..51 by how many copies of the card are up (0, 1 or 2).
_NEED = bytes([1, 2, 1]) + bytes(253)
_EXACT = bytes([0, 1, 0]) + bytes(253)


class _Exhausted(Exception):
    """The relaxed search used up its budget: no verdict."""


@cython.locals(count=bytearray, top=cython.int, card=cython.int)
def counts_up(found: bytes) -> bytearray:
    """How many copies of each card are up, from the foundations (``GalleryState.found``)."""
    count = bytearray(52)
    for top in tops(found):
        if top != EMPTY:
            for card in range(top - top % 13, top + 1):
                count[card] += 1
    return count


@cython.cfunc
@cython.returns(cython.int)
@cython.locals(count=bytearray, i=cython.int, total=cython.int)
def _total(count: bytearray) -> int:
    """The sum of ``count`` (a C loop, compiled: ``sum`` of a bytearray made a Python int per byte)."""
    total = 0
    for i in range(len(count)):
        total += count[i]
    return total


@cython.cfunc
@cython.returns(cython.bint)
@cython.locals(piles=list, free=bytearray, card=cython.int, succ=cython.int, i=cython.int, pile=bytes)
def _opens(piles: list[bytes | None], free: bytearray, card: int) -> bool:
    """Whether ``card`` going up may let another card up: a pile top or a free card one rank higher in its suit.

    The relaxed deal keeps its position closed (no pile top or free card may go up) before each dealt
    card: ``_close`` runs on entering it, a card laid on a pile fits nowhere, and a king or a queen changes
    no count. A card going up raises one count only, its own, which is the predecessor of ``card + 1``
    alone; so unless a copy of ``card + 1`` is a pile top or free, the position is still closed and
    ``_close`` would find nothing. (Cards are ids: see ``_Relaxed``.)
    """
    if card % 13 >= 10:  # a jack: the queen above it never goes up
        return False
    succ = card % _VALUES + 1
    if free[succ] or free[succ + _VALUES]:
        return True
    for i in range(PILES):
        pile = piles[i]
        if pile and pile[-1] % _VALUES == succ:
            return True
    return False


@cython.cclass
class _Relaxed:
    """One search of the relaxed game (rules 1–4 of the module's docstring), under a designation.

    Rule 1 per card id: id ``i`` of value ``v`` may go up once ``count[v - 1] >= need[i]`` and
    ``count[v] >= after[i]``. Undesignated, ``need`` is rule 1's and ``after`` 0; for a designated pair
    (``refined_verdict``) the copy that goes up first needs one ``v - 1`` up, the other two, and the first
    copy up. ``seen`` holds the positions entered in this search; the ones on a winning line are taken
    out again, so after a search that ended (won or lost) it holds failures only (``Failures``).
    ``broken``, after a win: the first value on the winning line that went up where the real rule
    would not let it (both copies on one foundation), or -1 if the line kept the real rule throughout.

    Compiled, an extension type: its attributes C fields and its recursion (``deal``, ``_deal``, ``out``,
    ``_out``) C calls, where a Python class looked up every attribute and method by name.
    """

    exact_redeals: bool = cython.declare(cython.bint)
    deadline: float | None = cython.declare(object)
    count0: bytearray = cython.declare(bytearray)
    need: bytes = cython.declare(bytes)
    after: bytes = cython.declare(bytes)
    exact: bytes = cython.declare(bytes)
    budget: int = cython.declare(cython.longlong)
    nodes: int = cython.declare(cython.longlong)
    broken: int = cython.declare(cython.int)
    seen: set[tuple[object, ...]] = cython.declare(set)
    failed: set[tuple[object, ...]] = cython.declare(set)

    def __init__(self, state: GalleryState, budget: int, failures: Failures | None = None,
                 first: dict[int, int] | None = None, exact_redeals: bool = False,
                 deadline: float | None = None) -> None:
        self.exact_redeals = exact_redeals
        self.deadline = deadline
        self.count0 = counts_up(state.found)
        # ``exact``: the ids whose going up never breaks the real rule (designated pairs, and cards whose other
        # copy is up). Both translated from the counts in C (generators over them made a Python int per card).
        need = bytearray(self.count0.translate(_NEED)) + bytearray([1]) * _VALUES
        after = bytearray(_IDS)
        exact = bytearray(self.count0.translate(_EXACT)) + bytearray([1]) * _VALUES
        for value, early in (first or {}).items():
            late = value + _VALUES if early == value else value
            need[early], after[early], exact[early] = 1, 0, 1
            need[late], after[late], exact[late] = 2, 1, 1
        self.need, self.after, self.exact = bytes(need), bytes(after), bytes(exact)
        self.budget = budget
        self.nodes = 0
        self.broken = -1
        self.seen: set[tuple[object, ...]] = set()
        self.failed: set[tuple[object, ...]] = set() if failures is None else failures.of(self.key())

    def key(self) -> bytes:
        """What a relaxed position's fate depends on besides itself (``Failures``): rule 1's tables and the redeals."""
        return self.need + self.after + (b"x" if self.exact_redeals else b"")

    @cython.cfunc
    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Exhausted
        if self.deadline is not None and not self.nodes % _CLOCK_EVERY and time.perf_counter() > self.deadline:
            raise _Exhausted

    @cython.locals(need=bytes, after=bytes, exact=bytes, count=bytearray, free=bytearray, loose=cython.bint,
                   changed=cython.bint, i=cython.int, pile=bytes, top=cython.int, value=cython.int,
                   n=cython.Py_ssize_t, card=cython.int, piles=list, broken=cython.int)
    @cython.cfunc
    @cython.returns(cython.int)
    def _close(self, piles: list[bytes | None], count: bytearray, free: bytearray, broken: int) -> int:
        """Send up every pile top and free card that may go up, until none may (rule 1; lemma (a)).
        Returns ``broken``, or the first value sent up against the real rule if it was -1."""
        need, after, exact = self.need, self.after, self.exact
        loose = free.count(0) < len(free)  # ``any(free)`` in C (compiled, ``any`` made a Python int per byte)
        changed = True
        while changed:
            changed = False
            for i in range(PILES):
                pile = piles[i]
                if pile:
                    n = len(pile)
                    while n:
                        top = pile[n - 1]  # pile cards are never aces
                        value = top % _VALUES
                        if count[value - 1] < need[top] or count[value] < after[top]:
                            break
                        if broken < 0 and not exact[top] and count[value] >= count[value - 1]:
                            broken = value
                        count[value] += 1
                        n -= 1
                    if n < len(pile):
                        piles[i] = pile[:n]
                        changed = True
            if loose:
                for card in range(_IDS):
                    value = card % _VALUES
                    while free[card] and count[value - 1] >= need[card] and count[value] >= after[card]:
                        if broken < 0 and not exact[card] and count[value] >= count[value - 1]:
                            broken = value
                        free[card] -= 1
                        count[value] += 1
                        changed = True
        return broken

    @cython.locals(stock=bytes, at=cython.Py_ssize_t, count=bytearray, i=cython.int, pile=bytes, fixed=list,
                   loose=list, broken=cython.int, left=cython.int, newest=cython.int)
    @cython.cfunc
    @cython.returns(cython.bint)
    def deal(self, stock: bytes, at: int, piles: list[bytes | None], newest: int,
             count: bytearray, free: bytearray, left: int, broken: int) -> bool:
        """Can the relaxed game be won from here: ``stock[at:]`` still to deal, ``left`` redeals to come?"""
        broken = self._close(piles, count, free, broken)
        # Piles other than the newest take a card again only by a diversion, and then hold one card
        # until it goes up (and become free cards at a redeal, or with exact redeals are gathered in any
        # order over their piles): which of them holds what matters only for the piles with two cards or
        # more, and for the newest.
        fixed = []
        loose = []
        for i in range(PILES):  # a loop, not generator expressions (compiled, those cannot see the C-typed locals)
            pile = piles[i]
            if i == newest or (pile is not None and len(pile) > 1):
                fixed.append((i, pile))
            elif pile is not None:
                loose.append(pile)
        loose.sort()
        # The stock still to deal, not where it lies in the tuple: one key across searches (``Failures``).
        key = (left, stock[at:], newest, tuple(fixed), *loose, bytes(count), bytes(free))
        if key in self.seen or key in self.failed:
            return False
        self.seen.add(key)
        self._tick()
        if self._deal(stock, at, piles, newest, count, free, left, broken):
            self.seen.discard(key)  # on the winning line: not a failure
            return True
        return False

    @cython.locals(stock=bytes, at=cython.Py_ssize_t, card=cython.int, kind=cython.int, value=cython.int,
                   count=bytearray, need=bytes, after=bytes, broken=cython.int, left=cython.int, newest=cython.int)
    @cython.cfunc
    @cython.returns(cython.bint)
    def _deal(self, stock: bytes, at: int, piles: list[bytes | None], newest: int,
              count: bytearray, free: bytearray, left: int, broken: int) -> bool:
        """``deal`` after its position was entered."""
        need, after = self.need, self.after
        while at < len(stock):
            card = stock[at]
            at += 1
            kind = _KINDS[card]
            if kind == KING:
                newest += 1
                piles[newest] = b""
                continue
            if kind == QUEEN:
                continue
            value = card % _VALUES
            if kind == ACE or (count[value - 1] >= need[card] and count[value] >= after[card]):
                if broken < 0 and kind != ACE and not self.exact[card] and count[value] >= count[value - 1]:
                    broken = value
                count[value] += 1  # up at once (lemma (a))
                if _opens(piles, free, card):
                    broken = self._close(piles, count, free, broken)
                continue
            if b"" in piles[:newest]:
                # Rule 2's option: one bare pile will do (see the key above).
                diverted = list(piles)
                diverted[piles.index(b"")] = _ONE[card]
                if self.deal(stock, at, diverted, newest, bytearray(count), bytearray(free), left, broken):
                    return True
            newest_pile = piles[newest]
            assert newest_pile is not None
            piles[newest] = newest_pile + _ONE[card]
        return self.out(tuple(pile or b"" for pile in piles), count, free, left, broken)

    @cython.cfunc
    @cython.returns(cython.bint)
    @cython.locals(piles=tuple, count=bytearray, free=bytearray, left=cython.int, broken=cython.int)
    def out(self, piles: Stacks, count: bytearray, free: bytearray, left: int, broken: int) -> bool:
        """The stock is out: covers as the player likes (rule 2), then a redeal (rule 4) or the end."""
        if _total(count) == _ALL_UP:
            self.broken = broken
            return True
        if left:  # a one-card pile's card is free at a redeal, or gathered in any order: longer piles keep their place
            key: tuple[object, ...] = ("out", left, tuple((i, p) for i, p in enumerate(piles) if len(p) > 1),
                                       *sorted(p for p in piles if len(p) < 2), bytes(count), bytes(free))
        else:  # the last deal: the piles are interchangeable once the stock is out
            key = ("out", left, *sorted(piles), bytes(count), bytes(free))
        if key in self.seen or key in self.failed:
            return False
        self.seen.add(key)
        self._tick()
        if self._out(piles, count, free, left, broken):
            self.seen.discard(key)  # on the winning line: not a failure
            return True
        return False

    @cython.cfunc
    @cython.returns(cython.bint)
    @cython.locals(piles=tuple, count=bytearray, free=bytearray, left=cython.int, broken=cython.int, now=cython.int)
    def _out(self, piles: Stacks, count: bytearray, free: bytearray, left: int, broken: int) -> bool:
        """``out`` after its position was entered."""
        piles, count, free, broken = self._free_covers(piles, count, free, broken)
        if _total(count) == _ALL_UP:
            self.broken = broken
            return True
        if b"" in piles:
            cell = piles.index(b"")  # the card moved holds its pile alone: which bare pile makes no difference
            for donor, pile in enumerate(piles):
                if len(pile) > 1:
                    moved: list[bytes | None] = list(piles)
                    moved[donor] = pile[:-1]
                    moved[cell] = pile[-1:]
                    up, loose = bytearray(count), bytearray(free)
                    now = self._close(moved, up, loose, broken)
                    if self.out(tuple(p or b"" for p in moved), up, loose, left, now):
                        return True
        if not left:
            return False
        if self.exact_redeals:
            return self._redeal_in_place(piles, count, left, broken)
        gathered: list[int] = []
        loose = bytearray(free)
        for pile in piles:
            gathered.append(KING_CARD)
            if len(pile) == 1:
                loose[pile[0]] += 1  # rule 4
            else:
                gathered.extend(pile)
        return self.deal(bytes(gathered), 0, [None] * PILES, -1, bytearray(count), loose, left - 1, broken)

    @cython.cfunc
    @cython.returns(cython.bint)
    @cython.locals(piles=tuple, count=bytearray, left=cython.int, broken=cython.int)
    def _redeal_in_place(self, piles: Stacks, count: bytearray, left: int, broken: int) -> bool:
        """Rule 4 with exact redeals: every card gathered in its pile, the cards of the one-card piles in
        every order over those piles (and the bare ones)."""
        cells = [i for i in range(PILES) if len(piles[i]) < 2]
        singles = [piles[i][0] for i in cells if piles[i]]
        tried = set()
        for places in permutations(cells, len(singles)):
            arranged = [pile if len(pile) > 1 else b"" for pile in piles]
            for card, place in zip(singles, places, strict=False):
                arranged[place] = _ONE[card]
            gathered = b"".join(_ONE[KING_CARD] + pile for pile in arranged)
            if gathered in tried:  # the two copies of a card are one id unless designated
                continue
            tried.add(gathered)
            self._tick()  # an arrangement costs a position: the budget bounds the loop over them
            if self.deal(gathered, 0, [None] * PILES, -1, bytearray(count), bytearray(_IDS), left - 1, broken):
                return True
        return False

    @cython.cfunc
    @cython.locals(piles=tuple, count=bytearray, free=bytearray, broken=cython.int, now=cython.int,
                   progress=cython.bint)
    def _free_covers(self, piles: Stacks, count: bytearray, free: bytearray,
                     broken: int) -> tuple[Stacks, bytearray, bytearray, int]:
        """Lemma (b): make every cover whose card goes up again at once, with what it freed, until none is left."""
        if b"" not in piles:
            return piles, count, free, broken
        progress = True
        need, after = self.need, self.after
        while progress:
            progress = False
            cell = piles.index(b"")
            for donor, pile in enumerate(piles):
                # The card under the moved one must go up at once, or nothing changes.
                if len(pile) > 1:
                    under = pile[-2]
                    value = under % _VALUES
                    if count[value - 1] >= need[under] and count[value] >= after[under]:
                        moved: list[bytes | None] = list(piles)
                        moved[donor] = pile[:-1]
                        moved[cell] = pile[-1:]
                        up, loose = bytearray(count), bytearray(free)
                        now = self._close(moved, up, loose, broken)
                        if moved[cell] == b"":
                            piles, count, free, progress, broken = tuple(p or b"" for p in moved), up, loose, True, now
                            break
        return piles, count, free, broken


def _ids(state: GalleryState, first: dict[int, int]) -> tuple[list[bytes | None], bytes]:
    """The piles (without their kings) and the stock as card ids: of a designated pair (a value in ``first``),
    the copy met first (pile 1 to pile 8, each from its king up, then the stock from the top) is the value
    itself and the other is value + 52; every other card is its value."""
    met: set[int] = set()

    def ident(card: int) -> int:
        if card not in first:
            return card
        if card in met:
            return card + _VALUES
        met.add(card)
        return card

    piles = [bytes(ident(card) for card in pile[1:]) if pile else None for pile in state.piles]
    return piles, bytes(ident(card) for card in state.stock)


@cython.locals(search=_Relaxed)
def _search(state: GalleryState, budget: int, failures: Failures | None,
            first: dict[int, int] | None = None, exact_redeals: bool = False,
            deadline: float | None = None) -> tuple[bool, int, int]:
    """The relaxed game from ``state`` under the designation ``first``: (won, broken, relaxed positions).
    Raises ``_Exhausted`` past ``budget``, or past ``deadline`` (``time.perf_counter``)."""
    search = _Relaxed(state, budget, failures, first, exact_redeals, deadline)
    piles, stock = _ids(state, first or {})
    newest = PILES - state.piles.count(b"") - 1
    won = search.deal(stock, 0, piles, newest, bytearray(search.count0), bytearray(_IDS), DEALS - 1 - state.redeals, -1)
    if failures is not None:
        failures.add(search.key(), search.seen)
    return won, search.broken, search.nodes


def relaxed_verdict(state: GalleryState, budget: int = DEFAULT_BUDGET, failures: Failures | None = None, *,
                    exact_redeals: bool = False, deadline: float | None = None) -> bool | None:
    """False if the relaxed game from ``state`` cannot be won (then ``state`` is lost); True if it
    can; None if ``budget`` relaxed positions did not settle it. ``failures``, if given, holds the
    failed positions of earlier searches (skipped) and takes this search's (when it ended).
    ``exact_redeals``: rule 4's exact redeals (a tighter game, and a larger search, before the last deal).
    ``deadline`` (a ``time.perf_counter`` value): past it, None too (the solver's seconds bound it, where it has
    any; a search bounded in positions alone passes None and gets the same answer on every machine)."""
    try:
        return _search(state, budget, failures, exact_redeals=exact_redeals, deadline=deadline)[0]
    except _Exhausted:
        return None  # the positions on the search's path were not searched to the end: none is kept


def refined_verdict(state: GalleryState, budget: int = DEFAULT_BUDGET, failures: Failures | None = None, *,
                    exact_redeals: bool = False, deadline: float | None = None) -> bool | None:
    """``relaxed_verdict`` with the two copies of a card told apart where a relaxed win needs it (CEGAR).

    Rule 1 lets both copies of a card ``c`` go up on one copy of ``c - 1`` when the other copy of ``c``
    is not up at the start (``need`` 1), which no real line can do: that is most of why the relaxed
    game wins where the real one is lost. A *designation* of a pair says which physical copy of
    ``c`` goes up first; under it the first copy needs one ``c - 1`` up, and the second needs two and
    the first copy up (``_Relaxed``). Claim: if the relaxed game is lost under every designation of a
    set of pairs, ``state`` is lost. Proof: a winning real line puts both copies of every such
    pair up, one first; designate each pair by that order. Each real play of a copy of ``c`` goes on
    a foundation showing ``c - 1``, so a copy of ``c - 1`` is up; the second copy goes up while the
    first lies on the other foundation of the suit, on another copy of ``c - 1``: two are up. So
    every play of the line keeps the designated rule 1, the rest of the module's proof stands as it
    is (the rule's counts only grow, so the deletion lemma holds under any designation), and the
    line is a winning relaxed line under that designation.

    The search: start with no pair designated. When the relaxed game is won, its winning line names
    the first value it sent up against the real rule (both copies on one ``c - 1``; ``broken``);
    search again under both designations of that pair, which rule that line out. Stop with True
    when a relaxed win breaks no pair (nothing left to refine: the question stays open), with None
    when ``budget`` relaxed positions are spent in all, and with False when every designation
    searched is lost. ``exact_redeals`` and ``deadline``: as in ``relaxed_verdict``.
    """
    pending: list[dict[int, int]] = [{}]
    left = budget
    while pending:
        if deadline is not None and time.perf_counter() > deadline:  # most designations' searches are short
            return None
        first = pending.pop()
        try:
            won, broken, nodes = _search(state, left, failures, first, exact_redeals, deadline)
        except _Exhausted:
            return None
        left -= nodes
        if won:
            if broken < 0:
                return True
            pending.append({**first, broken: broken + _VALUES})
            pending.append({**first, broken: broken})
    return False
