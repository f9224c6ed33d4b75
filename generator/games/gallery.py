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

For the solver (``safe_move``, ``order_moves``, ``leads``): dominance
moves proved beside ``Gallery.safe_move``, pile-top plays deferred while
dealing commutes with them, and leads: lines that randomised playouts find
through the rules engine, which the solver replays and searches from first.
None of it changes the rules or the legal moves.
"""

from __future__ import annotations

import heapq
import random
import time
from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from typing import NamedTuple

from generator.cards import card_str
from generator.games.base import REDEAL, Game, Move

STOCK = 0
PILE = 1  # pile:1 … pile:8 are 1..8
FOUNDATION = 9  # foundation:1 … foundation:8 are 9..16
QUEEN_ROW = 17  # queen:1 … queen:8 are 17..24
PILES = 8
CARDS = 104
DEALS = 3
LAST = DEALS - 1  # redeals done in the last deal
EMPTY = -1
MIDDLE = (CARDS + 1) / 2  # 52.5

ORDINARY, ACE, QUEEN, KING = 0, 1, 2, 3
#: What each card (0..51) is to this game: 2…В are ordinary, they build on the aces.
KIND = tuple({1: ACE, 12: QUEEN, 13: KING}.get(card % 13 + 1, ORDINARY) for card in range(52))
#: The cards on a foundation whose top card is ``top``: its suit from the ace up to ``top``.
RUN = tuple(tuple(range(top - top % 13, top + 1)) for top in range(52))
NO_PILES: tuple[tuple[int, ...], ...] = ((),) * PILES
NO_FOUNDATIONS = (EMPTY,) * PILES
#: Every card movement, made once: ``_MOVES[card][src][dst]`` (sources are the stock and the piles).
_MOVES = tuple(tuple(tuple(Move(card, src, dst) for dst in range(25)) for src in range(9)) for card in range(52))


class GalleryState(NamedTuple):
    stock: tuple[int, ...]  # top card first
    piles: tuple[tuple[int, ...], ...]  # eight piles, king first; () = not started in this deal
    found: tuple[int, ...]  # top card of each foundation, EMPTY (-1) before its ace
    queens: tuple[int, ...]  # the top row, in order of arrival
    redeals: int  # 0 in the first deal


def middle_king(stock: Sequence[int]) -> int:
    """Index (0-based, top card first) of the king drawn out of the middle of ``stock``."""
    kings = [i for i, card in enumerate(stock) if KIND[card] == KING]
    if not kings:
        raise ValueError("the stock holds no king")
    return min(kings, key=lambda i: (abs(i + 1 - MIDDLE), i))


def _started(piles: tuple[tuple[int, ...], ...]) -> int:
    """How many piles this deal has started (they start left to right)."""
    return PILES - piles.count(())


def _pile_for(piles: tuple[tuple[int, ...], ...]) -> int:
    """Place of the pile an ordinary dealt card goes onto: the leftmost bare king, else the newest pile."""
    for i, pile in enumerate(piles):
        if len(pile) == 1:
            return PILE + i
    return PILE + _started(piles) - 1


# -- helpers of the solver hints (see ``Gallery.safe_move``) ------------------------------------------


def _free_slot(found: Sequence[int], card: int) -> bool:
    """``card`` fits a foundation and no copy of it competes for a place.

    True when both foundations of its suit stand at ``card - 1`` or higher:
    either the other copy is already up, or each copy has a foundation waiting
    for it. (All eight foundations exist from the second deal on.)
    """
    low = card - 1
    if low not in found:
        return False
    end = card - card % 13 + 13  # the first card of the next suit
    mine = 0
    for top in found:
        if low <= top < end:
            mine += 1
    return mine >= 2


def _reach(state: GalleryState) -> tuple[set[int], bool]:
    """Every pile top that could go up before the next card is dealt (a superset), and whether a king could go bare.

    The foundations are over-approximated by the set of every top card they
    could show, so a card counts as playable as soon as its predecessor could be.
    """
    tops = set(state.found)
    played: set[int] = set()
    piles = state.piles
    depth = [len(pile) - 1 for pile in piles]
    bare = False
    changed = True
    while changed:
        changed = False
        for i, pile in enumerate(piles):
            j = depth[i]
            while j > 0 and pile[j] - 1 in tops:
                played.add(pile[j])
                tops.add(pile[j])
                j -= 1
            if j != depth[i]:
                changed = True
                depth[i] = j
                bare = bare or j == 0
    return played, bare


def _independent(state: GalleryState) -> bool:
    """Dealing the next card commutes with every pile-top play that could be made before it.

    Needs two stock cards or more (the last card starts the covers). An ace, a
    queen or a king goes where it goes whatever is played. An ordinary card's
    places depend only on the bare kings and on which pile is the newest, and
    on which foundation tops it continues: it commutes unless some play could
    bare a king, could put its predecessor on top of a foundation, or could
    take the top card of the pile it would land on.
    """
    stock = state.stock
    if len(stock) < 2:
        return False
    card = stock[0]
    if KIND[card] != ORDINARY:
        return True
    played, bare = _reach(state)
    if not played:
        return True
    if bare or card - 1 in played:
        return False
    pile = state.piles[_pile_for(state.piles) - PILE]
    return not (len(pile) > 1 and pile[-1] in played)


#: The last state ``_independent_once`` answered for, and its answer (``safe_move`` and then ``order_moves``
#: ask about the same state object; holding it keeps its id from being reused).
_LAST_INDEPENDENT: list = [None, False]


def _independent_once(state: GalleryState) -> bool:
    """``_independent(state)``, remembered for the last state asked about (compared by identity)."""
    last = _LAST_INDEPENDENT
    if last[0] is not state:
        last[0] = state
        last[1] = _independent(state)
    return last[1]


class Gallery(Game):
    id = "gallery"
    title = "Картинная галерея"
    packs = 2
    places = (
        "stock",
        *(f"pile:{i}" for i in range(1, 9)),
        *(f"foundation:{i}" for i in range(1, 9)),
        *(f"queen:{i}" for i in range(1, 9)),
    )

    def initial_state(self, stock: Sequence[int]) -> GalleryState:
        """Two full packs, top card first; the middle king is drawn to the top, ready to start pile 1."""
        stock = tuple(stock)
        counts = Counter(stock)
        if len(stock) != CARDS or len(counts) != 52 or set(counts.values()) != {2}:
            raise ValueError("«Картинная галерея» needs two full packs (104 cards, every card twice)")
        i = middle_king(stock)
        return GalleryState((stock[i], *stock[:i], *stock[i + 1 :]), NO_PILES, NO_FOUNDATIONS, (), 0)

    # -- the rules ------------------------------------------------------------------

    def _stock_moves(self, state: GalleryState) -> list[Move]:
        """Every place the next stock card may go."""
        card = state.stock[0]
        kind = KIND[card]
        row = _MOVES[card][STOCK]
        if kind == ACE:
            return [row[FOUNDATION + state.found.index(EMPTY)]]
        if kind == QUEEN:
            return [row[QUEEN_ROW + len(state.queens)]]
        if kind == KING:
            return [row[PILE + _started(state.piles)]]
        low = card - 1
        found = state.found
        if low in found:
            j = found.index(low)
            moves = [row[FOUNDATION + j]]
            if found.count(low) > 1:
                moves.extend(row[FOUNDATION + k] for k in range(j + 1, PILES) if found[k] == low)
        else:
            moves = []
        moves.append(row[_pile_for(state.piles)])
        return moves

    @staticmethod
    def _plays(state: GalleryState) -> list[Move]:
        """Pile-top cards that continue a foundation (a pile top is always a 2…В)."""
        found = state.found
        moves = []
        i = PILE
        for pile in state.piles:
            if len(pile) > 1:
                card = pile[-1]
                low = card - 1
                if low in found:
                    row = _MOVES[card][i]
                    j = found.index(low)
                    moves.append(row[FOUNDATION + j])
                    if found.count(low) > 1:
                        moves.extend(row[FOUNDATION + k] for k in range(j + 1, PILES) if found[k] == low)
            i += 1
        return moves

    @staticmethod
    def _covers(state: GalleryState) -> list[Move]:
        """The covers the bare-king rule demands (only once the stock is out): every donor onto every bare king."""
        bare = [PILE + i for i, pile in enumerate(state.piles) if len(pile) == 1]
        if not bare:
            return []
        piles = state.piles
        return [_MOVES[pile[-1]][PILE + i][king] for i, pile in enumerate(piles) if len(pile) > 2 for king in bare]

    def legal_moves(self, state: GalleryState) -> list[Move]:
        if state.stock:
            moves = self._stock_moves(state)
            moves += self._plays(state)
            return moves
        piles = state.piles
        bare = False
        donors = False
        for pile in piles:
            n = len(pile)
            if n == 1:
                bare = True
            elif n > 2:
                donors = True
        if bare and donors:
            return self._covers(state)
        moves = self._plays(state)
        if moves or donors or any(len(pile) == 2 for pile in piles):
            if state.redeals < DEALS - 1:
                moves.append(REDEAL)
            return moves
        return []  # won: the stock is out and the kings are alone

    def apply(self, state: GalleryState, move: Move) -> GalleryState:
        stock, piles, found, queens, redeals = state
        if move.card < 0:
            gathered = tuple(card for pile in piles for card in pile)
            return GalleryState(gathered, NO_PILES, found, queens, redeals + 1)
        card, src, dst = move
        if src == STOCK:
            stock = stock[1:]
        else:
            i = src - PILE
            piles = (*piles[:i], piles[i][:-1], *piles[i + 1 :])
        if dst >= QUEEN_ROW:
            queens = (*queens, card)
        elif dst >= FOUNDATION:
            j = dst - FOUNDATION
            found = (*found[:j], card, *found[j + 1 :])
        else:
            i = dst - PILE
            piles = (*piles[:i], (*piles[i], card), *piles[i + 1 :])
        return GalleryState(stock, piles, found, queens, redeals)

    def forced(self, state: GalleryState) -> bool:
        """A cover is pending, or the next stock card has one place and no pile top can go up."""
        piles = state.piles
        if not state.stock:
            return any(len(pile) > 2 for pile in piles) and any(len(pile) == 1 for pile in piles)
        card = state.stock[0]
        found = state.found
        if KIND[card] == ORDINARY and card - 1 in found:
            return False  # up or onto its pile
        return not any(len(pile) > 1 and pile[-1] - 1 in found for pile in piles)

    def laid_out(self, state: GalleryState) -> bool:
        """The book's first figure: the king from the middle of the packs laid as pile 1."""
        return state.redeals > 0 or bool(state.piles[0])

    def is_won(self, state: GalleryState) -> bool:
        return not state.stock and all(len(pile) <= 1 for pile in state.piles)

    def redeals_done(self, state: GalleryState) -> int:
        return state.redeals

    def contents(self, state: GalleryState) -> dict[int, tuple[int, ...]]:
        places: dict[int, tuple[int, ...]] = {}
        if state.stock:
            places[STOCK] = state.stock[::-1]
        for i, pile in enumerate(state.piles):
            if pile:
                places[PILE + i] = pile
        for j, top in enumerate(state.found):
            if top != EMPTY:
                places[FOUNDATION + j] = RUN[top]
        for k, queen in enumerate(state.queens):
            places[QUEEN_ROW + k] = (queen,)
        return places

    def key(self, state: GalleryState) -> Hashable:
        """Foundations as a sorted multiset; the queen row left out (nothing ever moves from it).

        After the last deal's stock is out, pile order no longer matters (covers
        and plays may use any pile, nothing is gathered again) and kings are
        inert, so the piles become a sorted multiset of the cards on the kings.
        """
        stock, piles, found, _, redeals = state
        if not stock and redeals >= DEALS - 1:
            return (stock, tuple(sorted([pile[1:] for pile in piles])), tuple(sorted(found)), redeals)
        return (stock, piles, tuple(sorted(found)), redeals)

    def explain_illegal(self, state: GalleryState, move: Move) -> str:
        legal = self.legal_moves(state)
        if not legal:
            return "the game is already over"
        if move.is_redeal:
            if state.stock:
                return "the piles are gathered only when the whole stock has been dealt"
            if state.redeals >= DEALS - 1:
                return "three deals in all: the kings are not laid out a fourth time"
            return "a bare king must be covered first"
        where = self.contents(state).get(move.src, ())
        if not where or where[-1] != move.card:
            return f"{card_str(move.card)} is not on top of {self.places[move.src]}"
        if PILE <= move.src < FOUNDATION and len(where) == 1:
            return "a king never moves"
        if move.src == STOCK:
            places = " or ".join(self.places[m.dst] for m in self._stock_moves(state))
            return f"{card_str(move.card)} from the stock goes to {places}"
        covers = [m for m in legal if not m.is_redeal and m.src != STOCK and m.dst < FOUNDATION]
        if covers and move not in covers:
            return "a bare king must be covered first, with the top card of a pile holding two or more cards on it"
        if PILE <= move.dst < FOUNDATION:
            if state.stock:
                return "no card moves between piles while the stock has cards"
            if len(state.piles[move.dst - PILE]) != 1:
                return "a card moves to another pile only to cover a bare king"
            return f"{self.places[move.src]} cannot spare a card: it would leave its own king bare"
        if FOUNDATION <= move.dst < QUEEN_ROW:
            return f"{card_str(move.card)} does not continue {self.places[move.dst]}"
        return super().explain_illegal(state, move)

    # -- hints for the solver ------------------------------------------------------------
    #
    # Three kinds of help, each proved below or beside its helper:
    #   * dominance moves (``safe_move``): moves that can never turn a won position into a lost one;
    #   * deferred plays (``order_moves``): pile tops that may wait until the next card is dealt;
    #   * leads (``leads``): lines found by randomised playouts, which the solver replays through the
    #     engine and searches from; they change where it looks first, never what it concludes.

    #: Effort of the leads, in deterministic units: plain playouts, then last-deal starts reached
    #: by playouts, each searched up to ``lead_nodes`` positions.
    lead_playouts = 40
    lead_starts = 200
    lead_nodes = 300
    lead_pool = 3  # new last-deal starts per search: the best start met so far is searched next

    def safe_move(self, state: GalleryState, moves: list[Move]) -> Move | None:
        """A provably safe move: the last deal's free pile tops and fitting cards, and deals that commute.

        (A) Last deal, a pile top ``c`` that fits and is *free* (``_free_slot``:
        both foundations of its suit stand at ``c - 1`` or higher, so no copy of
        ``c`` competes for a place), taken from a pile that keeps a card on its
        king, or from any pile once the stock is out: playing it at once is safe.
        Proof, once the stock is out: nothing is ever laid on a pile that has
        cards, a cover only moves a top card onto a bare king, and every top can
        still go up after ``c``; so any winning line can be reordered to play
        ``c`` first (playing ``c`` first and then the line's first move reaches
        the same positions as the other order, case by case: both tops of piles,
        one a lone card whose king then takes a cover, or both lone cards whose
        covers commute). While dealing, with a card ``x`` under ``c``: the king
        stays covered whether ``c`` is there or not (``x`` can only leave after
        ``c``), so every card is dealt to the same place, and a winning line
        with ``c`` can be followed move for move without it, ``c`` being up;
        the one move it cannot copy, moving ``c`` onto a bare king once the
        stock is out, is replaced by playing ``c`` up (the case above).
        (B) Last deal, the turned card fits, is free, and its pile already has a
        card on its king, while no pile top can go up (or the deal commutes with
        them, see C): laying it on that pile leaves it a free top with a card
        under it, which (A) sends up; so sending it up at once loses nothing.
        (C) The stock has two cards or more and dealing the next card commutes
        with every pile-top play that could come before it (``_independent``):
        a winning line plays some of those tops, then deals the card; dealing
        first and then making the same plays is legal and reaches the same
        position. So when the card has one place, dealing it is safe.
        """
        if len(moves) == 1:
            return moves[0]  # the only move: the position is won exactly when its successor is
        found = state.found
        piles = state.piles
        stock = state.stock
        last = state.redeals >= LAST
        if last:
            for move in moves:
                if (
                    move.src != STOCK
                    and move.dst >= FOUNDATION
                    and move.card >= 0
                    and (len(piles[move.src - PILE]) > 2 or not stock)
                    and _free_slot(found, move.card)
                ):
                    return move
        if not stock:
            return None
        deals = moves if moves[-1].src == STOCK else [m for m in moves if m.src == STOCK]
        commutes = len(deals) == len(moves) or _independent_once(state)
        if not commutes:
            return None
        if len(deals) == 1:
            return deals[0]
        if last:
            card = stock[0]
            if _free_slot(found, card) and len(piles[deals[-1].dst - PILE]) > 1:
                return deals[0]
        return None

    def order_moves(self, state: GalleryState, moves: list[Move]) -> list[Move]:
        """The no-peek choice first, after leaving out moves that provably add nothing.

        Left out: (1) pile-top plays while dealing the next card commutes with
        all of them (rule C of ``safe_move``: some winning line deals first);
        (2) a second foundation with the same top card, and in the last deal a
        cover onto a second bare king with the same card: the positions reached
        have the same ``key``.
        """
        if len(moves) < 2:
            return moves
        if state.stock and moves[-1].src != STOCK and _independent_once(state):
            moves = [m for m in moves if m.src == STOCK]
        kept = []
        seen = set()
        found = state.found
        last_out = not state.stock and state.redeals >= LAST
        for move in moves:
            card, src, dst = move
            if FOUNDATION <= dst < QUEEN_ROW:
                tag = (card, src, found[dst - FOUNDATION])
            elif last_out and src != STOCK:
                tag = (card, src, -1)
            else:
                kept.append(move)
                continue
            if tag not in seen:
                seen.add(tag)
                kept.append(move)
        moves = kept
        if len(moves) < 2:
            return moves
        first = self.no_peek_move(state, moves)
        return moves if first is None or first == moves[0] else [first, *(m for m in moves if m != first)]

    # -- leads: where the solver searches first --------------------------------------------

    def leads(self, state: GalleryState, deadline: float | None = None) -> Iterator[tuple[list[Move], int]]:
        """Lines from ``state`` worth searching from first, found by randomised playouts.

        First plain playouts (a won one is a lead of its own); then playouts that stop at the
        start of the last deal or near the end of the deal before it, their ends searched
        best first: one whose no-peek playout gets many cards up is far more often won. The
        random generator is seeded from the position, so every run gives the same leads; the
        playouts stop at ``deadline``, and without one they run to their fixed effort, so that a
        search bounded in positions alone gives the same answer on any machine. Most deals are
        won, and won late in the last deal, where a plain depth-first search rarely gets.
        """
        rng = random.Random(hash((state.stock, state.piles, state.found, state.redeals)))
        clock = time.perf_counter
        if deadline is None:
            deadline = float("inf")
        for n in range(self.lead_playouts):
            if clock() > deadline:
                return
            playout = _playout(self, state, rng, _EPS[n % len(_EPS)])
            if self.is_won(playout.state):
                yield playout.moves, 1
                return
        if state.redeals >= LAST:
            yield [], self.lead_nodes * self.lead_starts
            return
        starts: set = set()
        waiting: list[tuple[int, int, list[Move], GalleryState]] = []
        searched = fresh = 0
        for n in range(40 * self.lead_starts):
            if searched >= self.lead_starts or clock() > deadline:
                return
            eps = _EPS_START[n % len(_EPS_START)] if n else 0.0
            late = _LATE[n % len(_LATE)]
            prefix, start = _playout(self, state, rng, eps, stop_at=LAST, keep=n % 2 == 1, stop_left=late)
            if self.is_won(start):
                yield prefix, 1
                return
            tag = self.key(start)  # a start: before the last deal every stuck position may be redealt
            if tag not in starts:
                starts.add(tag)
                rest, end = _playout(self, start, rng, 0.0)
                if self.is_won(end):
                    yield prefix + rest, 1
                    return
                heapq.heappush(waiting, (-_cards_up(end.found), n, prefix, start))
                fresh += 1
            if waiting and (n == 0 or fresh >= self.lead_pool):
                _, first, prefix, start = heapq.heappop(waiting)
                searched += 1
                fresh = 0
                effort = 10 if first == 0 else 1 if start.redeals == LAST else 3  # no-peek's start, deal-2 ends longer
                yield prefix, self.lead_nodes * effort

    # -- the careful player without second sight ------------------------------------

    def no_peek_move(self, state: GalleryState, moves: list[Move]) -> Move | None:
        """Up first, always: pile tops that fit (before turning a card), then the turned card.

        Pile tops go up before the next card is turned (that choice never looks
        at the stock); among them, the one that uncovers another fitting card
        first, then the one from the longest pile. The turned card goes up when
        it fits. A cover takes the top of the pile whose next card then fits,
        else of the longest pile, onto the leftmost bare king. The piles are
        gathered only when nothing else is left.
        """
        found = state.found
        piles = state.piles
        best = None
        best_score = None
        for move in moves:
            if move.is_redeal or move.src == STOCK:
                continue
            pile = piles[move.src - PILE]
            # Does the card uncovered by this move fit now (or once this card is up)?
            below = pile[-2] if len(pile) > 2 else None
            uncovers = below is not None and (below - 1 in found or (move.dst >= FOUNDATION and below - 1 == move.card))
            score = (move.dst >= FOUNDATION, uncovers, len(pile), -move.src, -move.dst)
            if best_score is None or score > best_score:
                best, best_score = move, score
        if best is not None:
            return best
        for move in moves:
            if not move.is_redeal and FOUNDATION <= move.dst < QUEEN_ROW:
                return move  # the turned card fits a foundation
        return moves[0]  # the turned card's only place, or the redeal



# -- playouts for the leads (strategy over the engine's moves; no rules of their own) ------------------------


#: How often a playout departs at random from the no-peek choice, cycled over playouts.
_EPS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.2, 0.3, 0.4)
#: The same for playouts that stop at the start of the last deal (to be searched from there).
_EPS_START = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5)
#: Where the playouts for leads stop, cycled: at the start of the last deal (None), or near the end of the
#: deal before it, with so many stock cards left (the search then also tries the covers and the redeal).
_LATE = (None, None, 0, 3, None, None, 8, 15)


class Playout(NamedTuple):
    """Where a playout stopped: the moves made, and the position reached (won, lost, or a start to search)."""

    moves: list[Move]
    state: GalleryState


def _cards_up(found: Sequence[int]) -> int:
    """How many cards stand on the foundations (the score of a lost playout)."""
    return sum(top % 13 + 1 for top in found if top != EMPTY)


def _choose(game: Gallery, state: GalleryState, moves: list[Move], rand, eps: float, keep: bool,
            kept: dict[int, bool]) -> Move:
    """A playout's choice among the engine's ``moves``: mostly the no-peek one, departing with probability ``eps``.

    In the last deal the dominance moves (A) and (B) come first. With ``keep``, the departures
    before the last deal are of one kind only: a card that could go up is kept back for the whole
    deal (decided once per card and deal in ``kept``); every other card goes up as soon as it fits.
    """
    piles, found = state.piles, state.found
    last = state.redeals >= LAST
    out = not state.stock
    first = moves[0]
    if out and first.card >= 0 and first.dst < FOUNDATION:  # covers are pending: every move is one
        return moves[int(rand() * len(moves))] if rand() < eps else game.no_peek_move(state, moves)
    plays: list[Move] = []
    for move in moves:
        if move.card < 0 or move.src == STOCK or (plays and plays[-1].src == move.src):
            continue  # the redeal, the turned card, or a second foundation for the same top
        card = move.card
        if last and (len(piles[move.src - PILE]) > 2 or out) and _free_slot(found, card):
            return move  # (A)
        if keep and not last:
            if card not in kept:
                kept[card] = rand() < eps
            if kept[card]:
                continue
        plays.append(move)
    if plays:
        if rand() < eps and not (keep and not last):
            pick = int(rand() * (len(plays) + (1 if not out or not last else 0)))
            if pick < len(plays):
                return plays[pick]
        else:
            return game.no_peek_move(state, plays)
    if out:
        return moves[-1]  # the redeal: every play was passed over
    deals = [m for m in moves if m.src == STOCK]
    if len(deals) == 1:
        return deals[0]
    card = first.card  # it fits a foundation (deals[0]) or goes onto its pile (deals[-1])
    if keep and not last:
        if card not in kept:
            kept[card] = rand() < eps
        up = not kept[card]
    else:  # (B) in the last deal; elsewhere up unless the playout departs
        up = (last and len(piles[deals[-1].dst - PILE]) > 1 and _free_slot(found, card)) or rand() >= eps / 2
    return deals[0] if up else deals[-1]


def _playout(
    game: Gallery,
    state: GalleryState,
    rng: random.Random,
    eps: float,
    *,
    stop_at: int | None = None,
    keep: bool = False,
    stop_left: int | None = None,
) -> Playout:
    """One randomised playout from ``state`` through the rules engine (for the leads; it proves nothing).

    Every move is one of ``game.legal_moves``, chosen by ``_choose``. It plays to the end, or, with
    ``stop_at``, stops at the start of that deal; with ``stop_left`` too, it stops earlier, in the
    deal before ``stop_at``, once the stock holds ``stop_left`` cards or fewer.
    """
    legal, apply = game.legal_moves, game.apply
    rand = rng.random
    log: list[Move] = []
    kept: dict[int, bool] = {}
    while True:
        if stop_left is not None and state.redeals == stop_at - 1 and len(state.stock) <= stop_left:
            return Playout(log, state)
        moves = legal(state)
        if not moves:
            return Playout(log, state)
        move = _choose(game, state, moves, rand, eps, keep, kept)
        state = apply(state, move)
        log.append(move)
        if move.card < 0:
            kept = {}
            if state.redeals == stop_at:
                return Playout(log, state)
