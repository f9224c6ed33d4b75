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
   moves between piles. Redeals gather the piles as the real game does.
3. Won when all 88 cards from the aces to the jacks are up.

Every real move is a relaxed move from the same position (a real play satisfies rule 1, a real
placement and a real cover are options of rule 2, a redeal is a redeal), and rule 1's ``need``,
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

Hence, in the relaxed game: (a) a card that may go up goes up at once — a pile top, or the
dealt card instead of being laid down (the position with it up is ``B`` less that card); (b) once
the stock is out, a cover after which the moved card goes up again, with what its move freed,
is made at once (the position reached is the one before it less some cards). The search branches
only on the options of rule 2 and stops covering when it likes (then redeals, or ends).
"""

from __future__ import annotations

from collections.abc import Sequence

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games.gallery import ACE, DEALS, EMPTY, KIND, KING, PILES, QUEEN, GalleryState

#: Relaxed positions searched by default before giving up (an answer of None proves nothing).
DEFAULT_BUDGET = 300
#: A stand-in for a king in a gathered stock (only its kind matters to the relaxed deal).
_KING = 12
_ALL_UP = 88  # eight aces and the eighty cards from 2 to the jack

Stacks = tuple[tuple[int, ...], ...]


class _Exhausted(Exception):
    """The relaxed search used up its budget: no verdict."""


def _counts(found: Sequence[int]) -> bytearray:
    """How many copies of each card are up, from the foundation tops."""
    count = bytearray(52)
    for top in found:
        if top != EMPTY:
            for card in range(top - top % 13, top + 1):
                count[card] += 1
    return count


@cython.locals(piles=list, free=bytearray, card=cython.int, succ=cython.int, i=cython.int, pile=tuple)
def _opens(piles: list[tuple[int, ...] | None], free: bytearray, card: int) -> bool:
    """Whether ``card`` going up may let another card up: a pile top or a free card one rank higher in its suit.

    The relaxed deal keeps its position closed (no pile top or free card may go up) before each dealt
    card: ``_close`` runs on entering it, a card laid on a pile fits nowhere, and a king or a queen changes
    no count. A card going up raises one count only, its own, which is the predecessor of ``card + 1``
    alone; so unless a copy of ``card + 1`` is a pile top or free, the position is still closed and
    ``_close`` would find nothing.
    """
    if card % 13 >= 10:  # a jack: the queen above it never goes up
        return False
    succ = card + 1
    if free[succ]:
        return True
    for i in range(PILES):
        pile = piles[i]
        if pile and pile[-1] == succ:
            return True
    return False


class Failures:
    """Relaxed positions searched to the end without a win, kept across relaxed searches.

    A relaxed position's fate depends only on itself and on the ``need`` of rule 1 (fixed by the
    position the search started from), so a position that failed in one search fails in every
    later search with the same ``need``: it is skipped like a position seen in the same search.
    The solver asks the relaxed game about thousands of positions of one last deal, whose relaxed
    searches meet the same positions again and again (the relaxed game has no timing of plays).
    Held per ``need`` and bounded by ``limit`` positions in all, forgotten all at once past it, so
    the memory stays bounded and the answers depend on the positions asked about alone.
    """

    def __init__(self, limit: int = 400_000) -> None:
        self.limit = limit
        self.size = 0
        self.by_need: dict[bytes, set[tuple[object, ...]]] = {}

    def of(self, need: bytes) -> set[tuple[object, ...]]:
        """The failed positions under ``need`` (a set the caller may read, not write)."""
        known = self.by_need.get(need)
        if known is None:
            known = self.by_need[need] = set()
        return known

    def add(self, need: bytes, failed: set[tuple[object, ...]]) -> None:
        """Keep ``failed`` (every one searched to the end without a win, under ``need``)."""
        if self.size + len(failed) > self.limit:
            self.by_need.clear()
            self.size = 0
            if len(failed) > self.limit:
                return
        known = self.of(need)
        before = len(known)
        known |= failed
        self.size += len(known) - before


class _Relaxed:
    """One search of the relaxed game (rules 1–4 of the module's docstring).

    ``seen`` holds the positions entered in this search; the ones on a winning line are taken out
    again, so after a search that ended (won or lost) it holds failures only (``Failures``).
    """

    def __init__(self, state: GalleryState, budget: int, failures: Failures | None = None) -> None:
        self.count0 = _counts(state.found)
        self.need = bytes(2 if n == 1 else 1 for n in self.count0)
        self.budget = budget
        self.nodes = 0
        self.seen: set[tuple[object, ...]] = set()
        self.failed: set[tuple[object, ...]] = set() if failures is None else failures.of(self.need)

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Exhausted

    @cython.locals(need=bytes, count=bytearray, free=bytearray, loose=cython.bint, changed=cython.bint, i=cython.int,
                   pile=tuple, top=cython.int, n=cython.Py_ssize_t, card=cython.int, piles=list)
    def _close(self, piles: list[tuple[int, ...] | None], count: bytearray, free: bytearray) -> None:
        """Send up every pile top and free card that may go up, until none may (rule 1; lemma (a))."""
        need = self.need
        loose = any(free)
        changed = True
        while changed:
            changed = False
            for i in range(PILES):
                pile = piles[i]
                if pile:
                    top = pile[-1]  # pile cards are never aces
                    if count[top - 1] >= need[top]:
                        count[top] += 1
                        n = len(pile) - 1
                        while n:
                            top = pile[n - 1]
                            if count[top - 1] < need[top]:
                                break
                            count[top] += 1
                            n -= 1
                        piles[i] = pile[:n]
                        changed = True
            if loose:
                for card in range(52):
                    while free[card] and count[card - 1] >= need[card]:
                        free[card] -= 1
                        count[card] += 1
                        changed = True

    @cython.locals(stock=tuple, at=cython.Py_ssize_t, count=bytearray, i=cython.int, pile=tuple, fixed=list,
                   loose=list)
    def deal(self, stock: tuple[int, ...], at: int, piles: list[tuple[int, ...] | None], newest: int,
             count: bytearray, free: bytearray, left: int) -> bool:
        """Can the relaxed game be won from here: ``stock[at:]`` still to deal, ``left`` redeals to come?"""
        self._close(piles, count, free)
        # Piles other than the newest take a card again only by a diversion, and then hold one card
        # until it goes up (and become free cards at a redeal): which of them holds what matters only
        # for the piles with two cards or more, and for the newest.
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
        if self._deal(stock, at, piles, newest, count, free, left):
            self.seen.discard(key)  # on the winning line: not a failure
            return True
        return False

    @cython.locals(stock=tuple, at=cython.Py_ssize_t, card=cython.int, kind=cython.int, count=bytearray,
                   need=bytes)
    def _deal(self, stock: tuple[int, ...], at: int, piles: list[tuple[int, ...] | None], newest: int,
              count: bytearray, free: bytearray, left: int) -> bool:
        """``deal`` after its position was entered."""
        need = self.need
        while at < len(stock):
            card = stock[at]
            at += 1
            kind = KIND[card]
            if kind == KING:
                newest += 1
                piles[newest] = ()
                continue
            if kind == QUEEN:
                continue
            if kind == ACE or count[card - 1] >= need[card]:
                count[card] += 1  # up at once (lemma (a))
                if _opens(piles, free, card):
                    self._close(piles, count, free)
                continue
            if () in piles[:newest]:
                # Rule 2's option: one bare pile will do (see the key above).
                diverted = list(piles)
                diverted[piles.index(())] = (card,)
                if self.deal(stock, at, diverted, newest, bytearray(count), bytearray(free), left):
                    return True
            newest_pile = piles[newest]
            assert newest_pile is not None
            piles[newest] = (*newest_pile, card)
        return self.out(tuple(pile or () for pile in piles), count, free, left)

    def out(self, piles: Stacks, count: bytearray, free: bytearray, left: int) -> bool:
        """The stock is out: covers as the player likes (rule 2), then a redeal (rule 4) or the end."""
        if sum(count) == _ALL_UP:
            return True
        if left:  # a pile of one card gives a free card at the redeal: only the longer piles keep their place
            key: tuple[object, ...] = ("out", left, tuple((i, p) for i, p in enumerate(piles) if len(p) > 1),
                                       *sorted(p for p in piles if len(p) < 2), bytes(count), bytes(free))
        else:  # the last deal: the piles are interchangeable once the stock is out
            key = ("out", left, *sorted(piles), bytes(count), bytes(free))
        if key in self.seen or key in self.failed:
            return False
        self.seen.add(key)
        self._tick()
        if self._out(piles, count, free, left):
            self.seen.discard(key)  # on the winning line: not a failure
            return True
        return False

    def _out(self, piles: Stacks, count: bytearray, free: bytearray, left: int) -> bool:
        """``out`` after its position was entered."""
        piles, count, free = self._free_covers(piles, count, free)
        if sum(count) == _ALL_UP:
            return True
        if () in piles:
            cell = piles.index(())  # the card moved holds its pile alone: which bare pile makes no difference
            for donor, pile in enumerate(piles):
                if len(pile) > 1:
                    moved: list[tuple[int, ...] | None] = list(piles)
                    moved[donor] = pile[:-1]
                    moved[cell] = (pile[-1],)
                    after, loose = bytearray(count), bytearray(free)
                    self._close(moved, after, loose)
                    if self.out(tuple(p or () for p in moved), after, loose, left):
                        return True
        if not left:
            return False
        gathered: list[int] = []
        loose = bytearray(free)
        for pile in piles:
            gathered.append(_KING)
            if len(pile) == 1:
                loose[pile[0]] += 1  # rule 4
            else:
                gathered.extend(pile)
        return self.deal(tuple(gathered), 0, [None] * PILES, -1, bytearray(count), loose, left - 1)

    def _free_covers(self, piles: Stacks, count: bytearray, free: bytearray) -> tuple[Stacks, bytearray, bytearray]:
        """Lemma (b): make every cover whose card goes up again at once, with what it freed, until none is left."""
        if () not in piles:
            return piles, count, free
        progress = True
        while progress:
            progress = False
            cell = piles.index(())
            need = self.need
            for donor, pile in enumerate(piles):
                # The card under the moved one must go up at once, or nothing changes.
                if len(pile) > 1 and count[pile[-2] - 1] >= need[pile[-2]]:
                    moved: list[tuple[int, ...] | None] = list(piles)
                    moved[donor] = pile[:-1]
                    moved[cell] = (pile[-1],)
                    after, loose = bytearray(count), bytearray(free)
                    self._close(moved, after, loose)
                    if moved[cell] == ():
                        piles, count, free, progress = tuple(p or () for p in moved), after, loose, True
                        break
        return piles, count, free


def never_split(state: GalleryState) -> bool:
    """True if no pile can ever be emptied in time to matter, so no card ever leaves its pile's order: lost.

    The world *G*: rule 1's foundations, every dealt card that does not go up laid on the newest
    pile, no diversion, no cover, every card sent up as soon as it may (so *G* ends with the
    fewest cards left, by the deletion lemma with no option to copy), to the end of the last
    deal. Claim: if *G* ends with a card on every one of the eight piles, ``state`` is lost.
    Proof: take a winning real line *L*. Until its first diversion or cover, *L* is a line of *G*'s
    rules, so every pile of *G* is the same pile of *L* less cards *G* has up. A diversion or a
    cover needs a pile *j* with no card on its king in *L* (not the newest, for a diversion), so
    *G*'s pile *j* is empty then; it never takes a card again in *G* (only the newest pile does,
    and after a redeal its part of the stock is empty), so *G* ends with pile *j* empty. And if
    *L* has no diversion and no cover at all, *G* has up every card *L* has, that is all of them.
    Either way *G* ends with an empty pile. (Under ``optional_cover`` and ``cover_before_gathering`` a cover
    still needs a pile with no card on its king, so the proof stands as it is.)
    """
    count = _counts(state.found)
    need = bytes(2 if n == 1 else 1 for n in count)
    piles: list[list[int]] = [list(pile[1:]) for pile in state.piles]
    newest = PILES - state.piles.count(()) - 1

    def close() -> None:
        changed = True
        while changed:
            changed = False
            for pile in piles:
                while pile and count[pile[-1] - 1] >= need[pile[-1]]:
                    count[pile.pop()] += 1
                    changed = True

    stock: Sequence[int] = state.stock
    for deal in range(state.redeals, DEALS):
        if deal > state.redeals:  # a redeal: gather the piles, pile 1 first, each from its king up
            stock = [card for pile in piles for card in (_KING, *pile)]
            piles = [[] for _ in range(PILES)]
            newest = -1
        close()
        for card in stock:
            kind = KIND[card]
            if kind == KING:
                newest += 1
            elif kind == ACE or (kind != QUEEN and count[card - 1] >= need[card]):
                count[card] += 1
                close()
            elif kind != QUEEN:
                piles[newest].append(card)
        close()
    return all(piles)


def relaxed_verdict(state: GalleryState, budget: int = DEFAULT_BUDGET, failures: Failures | None = None) -> bool | None:
    """False if the relaxed game from ``state`` cannot be won (then ``state`` is lost); True if it
    can; None if ``budget`` relaxed positions did not settle it. ``failures``, if given, holds the
    failed positions of earlier searches (skipped) and takes this search's (when it ended)."""
    search = _Relaxed(state, budget, failures)
    piles: list[tuple[int, ...] | None] = [pile[1:] if pile else None for pile in state.piles]
    newest = PILES - state.piles.count(()) - 1
    try:
        verdict = search.deal(tuple(state.stock), 0, piles, newest, bytearray(search.count0), bytearray(52),
                              DEALS - 1 - state.redeals)
    except _Exhausted:
        return None  # the positions on the search's path were not searched to the end: none is kept
    if failures is not None:
        failures.add(search.need, search.seen)
    return verdict
