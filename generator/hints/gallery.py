"""Search hints of «Картинная галерея»: dominance moves, deferred plays, and leads from playouts.

Three kinds of help, each proved below or beside its helper:

* dominance moves (``safe_move``): moves that can never turn a won position into a lost one;
* pruned moves (``prune``): pile tops that may wait until the next card is dealt, and moves
  that reach a position of the same key as another;
* leads (``leads``): lines found by randomised playouts through the engine, which the solver
  replays and searches from; they change where it looks first, never what it concludes.

The variants (``generator.games.gallery``), hint by hint:

* ``any_king``: after the first move the rules are the printed ones, so every hint holds from there
  on. The first position (``Gallery.choosing``) is a choice among kings: ``safe_move`` and ``prune``
  leave it alone (it is searched like any choice), and ``dead_end`` proves it lost only when every
  king it may draw leads to a position proved lost by the printed rules' tests (the position's
  only moves are those draws, so it is lost exactly when each of them is).
* ``optional_cover`` and ``cover_before_gathering`` change only what may be done once the stock is
  out: covers become options beside the plays (and, for ``optional_cover``, beside the redeal).
  Dealing is unchanged, so (C) and prune (1), which are about the deal while two stock cards or
  more are left, stand as proved. Prune (2) compares positions of one ``key``, whose moves are the
  same under any of the readings (covers and plays use any pile). (A) and (B) are used in the last
  deal only, where nothing is gathered, so both variants offer the same moves there: every play
  and every cover, with no obligation. The exchange proof of (A) holds with fewer constraints: the
  line that plays ``c`` first copies a winning line's moves but the ones of ``c``; each copied move
  is legal because its card is a top in both positions, its foundation stands at least as high,
  and a bare king of the winning line is bare in the copy (the only piles that differ are ``c``'s,
  which keeps a card on its king while ``c`` lies on it, and the bare king ``c`` may have covered,
  bare in the copy, where, no cover being compulsory, it may stay so). The dead-end tests
  (``gallery_relax``) are about a relaxed game in which covers are options already and the redeal
  may follow any covers, so every line of either variant is a relaxed line: their proofs stand.
* The playouts of the leads only choose among the engine's moves; they prove nothing.
"""

from __future__ import annotations

import heapq
import random
import time
from collections.abc import Callable, Hashable, Iterator

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games import Move
from generator.games.gallery import Gallery
from generator.games.gallery_cards import FOUNDATION, LAST, PILE, PILES, QUEEN_ROW, STOCK, tops
from generator.games.gallery_positions import GalleryState
from generator.hints.adaptation import adaptations, move_in_deal
from generator.hints.base import SearchHints
from generator.hints.gallery_commute import independent
from generator.hints.gallery_failures import Failures
from generator.hints.gallery_playouts import (
    EPS,
    EPS_START,
    LATE,
    cards_up,
    deals_of,
    free_slot,
    playout,
    preferred,
)
from generator.hints.gallery_relax import refined_verdict, relaxed_verdict
from generator.hints.gallery_unsplit import never_split
from generator.hints.nested import Slices, runs
from generator.players.gallery import GalleryPlayer


class GalleryHints(SearchHints[GalleryState]):
    game: Gallery
    player: GalleryPlayer
    seeded = True  # the leads' seed (``leads``)

    def __init__(self, game: Gallery, player: GalleryPlayer) -> None:
        super().__init__(game, player)
        #: The last state ``_independent_once`` answered for, and its answer (``safe_move`` and then
        #: ``prune`` ask about the same state object; holding it keeps its id from being reused).
        self._last_independent: tuple[GalleryState | None, bool] = (None, False)
        #: The position the solver asked for leads from: its root, where ``dead_end`` always looks.
        self._root: GalleryState | None = None
        #: ``dead_end`` of the root, once asked, by (with the refined test, its round): without it while ``leads``
        #: holds it back, then once a round.
        self._root_lost: dict[tuple[bool, int], bool] = {}
        self._root_round = 0  # the refined root test's round (``root_rounds``)
        self._next_round = 0
        self._refine_later = False  # ``leads`` holds the root's refined test back until ``refined_after`` starts
        #: The relaxed positions the dead-end tests have searched to the end without a win, from this root
        #: (``gallery_failures.Failures``: the tests of one last deal meet the same relaxed positions again and again).
        self._failures = Failures()
        #: The solver's deadline (``leads`` is told it), which the root's tests stop at: without it they ran past a
        #: deal's seconds by up to a few of them.
        self._deadline: float | None = None

    def _independent_once(self, state: GalleryState) -> bool:
        """``gallery_commute.independent(state)``, remembered for the last state asked about (by identity)."""
        last, answer = self._last_independent
        if last is not state:
            answer = independent(state)
            self._last_independent = (state, answer)
        return answer

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
    #: Nested searches (``generator.hints.nested``) of this level, one per playout policy (how often a
    #: playout departs from the no-peek choice), run in slices of ``nested_slice`` playouts before every
    #: last-deal start but the first, and to their end after the last (docs/notes/solver-gallery.md §11).
    nested_level = 2
    nested_eps = (0.05, 0.0, 0.1)
    nested_slice = 400
    #: Policy adaptations (``generator.hints.adaptation``) of this level and iterations, one per bias toward
    #: the no-peek choice, run in slices of ``adaptation_slice`` playouts beside the nested searches, and to
    #: their end after them (docs/notes/solver-gallery.md §12).
    adaptation_level = 2
    adaptation_iterations = 50
    adaptation_biases: tuple[float, ...] = (1.0, 2.0)
    adaptation_slice = 50

    #: No line comes back to a position it left: every move deals a card (the stock shrinks), puts
    #: one up (more cards up), covers a bare king with the top of a pile that keeps a card on its king
    #: (one bare king fewer, nothing else changes), draws the first king (``any_king``: a pile is
    #: started), or redeals (one more deal). So ``(redeals, -len(stock), cards up, -bare kings)``, and
    #: whether pile 1 is started, grow along every line; all of them are read off the ``key`` too.
    acyclic = True
    #: Each start of the last deal searches at most this many positions in the solver's first
    #: attempt, and each start of the second deal ``deal_share`` times as many (four times more in
    #: each next attempt): a deal is most often won by one of many ways to play the deals before
    #: the last, and a whole search of one deal's variants can take millions of positions.
    #: After each lead the attempts go on for as many positions as the lead searched, so that the
    #: leads cannot starve them on a deal they do not win (docs/notes/solver-gallery.md §10).
    phase_nodes = 500
    deal_share = 20
    phase_interleave = 1.0

    def phase(self, state: GalleryState) -> int:
        """The deal ``state`` is in: the solver bounds the search below each start of a deal."""
        return state.redeals

    def phase_share(self, phase: int, bound: int) -> int:
        """A start of the second deal gets ``deal_share`` times a last-deal start's share (it holds many of them)."""
        return bound if phase >= LAST else bound * self.deal_share

    @cython.locals(stock=bytes, piles=tuple, found=bytes, last=cython.bint, card=cython.int, src=cython.int,
                   dst=cython.int)
    def safe_move(self, state: GalleryState, moves: list[Move]) -> Move | None:
        """A provably safe move: the last deal's free pile tops and fitting cards, and deals that commute.

        (A) Last deal, a pile top ``c`` that fits and is *free* (``free_slot``:
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
        with every pile-top play that could come before it (``gallery_commute.independent``):
        a winning line plays some of those tops, then deals the card; dealing
        first and then making the same plays is legal and reaches the same
        position. So when the card has one place, dealing it is safe.
        """
        if len(moves) == 1:
            return moves[0]  # the only move: the position is won exactly when its successor is
        stock, piles, found, _, redeals = cython.cast(tuple, state)  # unpacked in C (``gallery._deals``)
        if not redeals and not piles[0] and self.game.choosing(state):  # (``choosing`` needs both)
            return None  # any_king: which king to draw is a choice like any other
        last = redeals >= LAST
        if last:
            for move in moves:
                card, src, dst = cython.cast(tuple, move)
                if (
                    src != STOCK
                    and dst >= FOUNDATION
                    and card >= 0
                    and (len(piles[src - PILE]) > 2 or not stock)
                    and free_slot(found, card)
                ):
                    return move
        if not stock:
            return None
        deals = moves if cython.cast(tuple, moves[-1])[1] == STOCK else deals_of(moves)
        commutes = len(deals) == len(moves) or self._independent_once(state)
        if not commutes:
            return None
        if len(deals) == 1:
            return deals[0]
        if last:
            card = stock[0]
            if free_slot(found, card) and len(piles[deals[-1].dst - PILE]) > 1:
                return deals[0]
        return None

    #: Relaxed positions one dead-end test may search (``gallery_relax``); 0 turns the tests off.
    relaxed_budget = 2000
    #: The same at the root of the search (the refined test's first round: ``root_rounds``).
    relaxed_root_budget = 20_000
    #: The tests run at the root of a search, and in the last deal until this many piles are
    #: started: there a cut saves much of a deal's search; deeper they cost more than they save
    #: (measured on 24 last-deal starts at 20,000 positions: 2 piles 5 decided in 68 s, 4: 6 in 67 s,
    #: 6: 7 in 89 s, every position: 8 in 347 s). Before the last deal the relaxed game is loose
    #: (rule 4) and seldom fires but at the root.
    relaxed_piles = 6
    #: At the root the tests tell the two copies of a card apart where a relaxed win needs it
    #: (``gallery_relax.refined_verdict``), once the leads have searched this many lead starts: most deals are
    #: won before, and the test costs up to the root's budget. Deals 1..1000 at 2 s, paired with the solver
    #: without it: asked at the start of the leads, 32 unknown in 152 s of solving against 33 in 137 s; held
    #: back to here, 32 and 34 unknown in 137 s and 140 s against 32 and 33 in 134 s and 137 s.
    refined_after = 10
    #: The refined root test with rule 4's exact redeals (``gallery_relax``): a tighter game, a larger search.
    #: Deals 1..1000 at 2 s, paired: 33 unknown and 4 lost in 138 s of solving against 33 and 3 in 136 s.
    exact_redeals_at_root = True
    #: The refined root test is asked again, in up to ``root_rounds`` more rounds, each once the leads have
    #: searched ``round_starts_growth`` times the starts of the round before (10, 30, 90), with
    #: ``round_budget_growth`` times its budget (20,000, 80,000, 320,000): a search that runs long is most
    #: often a lost deal; bounded by positions, not by the clock, and never more than a few seconds of it.
    #: The 27 deals of 1..1000 unknown at 2 s, at 10 s, paired: 20 unknown and 4 lost against 24 and none
    #: without the rounds and the exact redeals (starts growing 4 times a round). On the 20 left, paired:
    #: starts growing 3 times, 19 (598 lost) against 20; twice, 19; twice with a third round (1,280,000),
    #: 18, but a deal's 10 s then overrun by seconds.
    round_budget_growth = 4
    round_starts_growth = 3
    root_rounds = 2

    def dead_end(self, state: GalleryState) -> bool:
        """At the root, and early in the last deal: a proof from ``gallery_relax`` that no line wins.

        ``never_split`` (no pile can ever be emptied, so no card leaves its pile's order) or
        ``relaxed_verdict`` (a relaxed game that every winnable position wins cannot be won);
        at the root, once ``leads`` lets it, ``refined_verdict`` (the same game with the two copies
        of a card told apart where its win needs it, with exact redeals, in rounds of growing budgets);
        each proved there. The relaxed search is bounded by ``relaxed_budget`` relaxed positions (the
        root's by ``relaxed_root_budget`` and its rounds): past it, no verdict, and the position is
        searched as usual.
        """
        if not self.relaxed_budget:
            return False
        if state is self._root:  # asked again by every attempt and by the leads: answered once per round
            refined = not self._refine_later
            asked = (refined, self._root_round if refined else 0)
            if asked not in self._root_lost:
                self._root_lost[asked] = self._root_proved_lost(state, refined=refined)
            return self._root_lost[asked]
        if self.game.choosing(state):
            return False
        if state.redeals < LAST or PILES - state.piles.count(b"") > self.relaxed_piles:
            return False
        return self._proved_lost(state, self.relaxed_budget, self._failures)

    def proved_lost(self, state: GalleryState) -> bool:
        """The root's tests at their last round's budget (320,000 relaxed positions), without the solver's deadline:
        the refined relaxed game is the same for the printed rules and both cover readings (covers as the player
        likes), so a loss it proves under one of them it proves under each, where that one's search may not have
        reached the round in its seconds (``optional_cover`` left 357 and 3919 open, lost under
        ``cover_before_gathering``)."""
        self.begin(state)
        self._root_round = self.root_rounds
        return self._root_proved_lost(state, refined=True)

    def _root_proved_lost(self, state: GalleryState, *, refined: bool) -> bool:
        """The tests at the root, within the root's budget; ``refined``: with ``refined_verdict``, else the
        quicker ``relaxed_verdict`` (while ``leads`` holds the refined one back)."""
        if not self.relaxed_budget:
            return False
        budget = self.relaxed_root_budget
        if refined:
            budget *= self.round_budget_growth ** self._root_round
        if self.game.choosing(state):
            # any_king: the position's moves are the draws of a king; it is lost when each draw leads to a
            # position proved lost (the tests below model the rules after the first move, not the draw).
            game = self.game
            return all(self._proved_lost(game.apply(state, move), budget, self._failures,
                                         refined=refined, exact_redeals=refined and self.exact_redeals_at_root,
                                         deadline=self._deadline)
                       for move in game.legal_moves(state))
        return self._proved_lost(state, budget, self._failures, refined=refined,
                                 exact_redeals=refined and self.exact_redeals_at_root, deadline=self._deadline)

    @staticmethod
    def _proved_lost(state: GalleryState, budget: int, failures: Failures | None = None, *,
                     refined: bool = False, exact_redeals: bool = False, deadline: float | None = None) -> bool:
        """``never_split`` or the relaxed game within ``budget`` and ``deadline`` (``refined``: with
        ``refined_verdict``) says no line from ``state`` wins (a laid-out position: pile 1 started)."""
        verdict = refined_verdict if refined else relaxed_verdict
        return never_split(state) or verdict(state, budget, failures, exact_redeals=exact_redeals,
                                             deadline=deadline) is False

    @cython.locals(stock=bytes, piles=tuple, found=bytes, last_out=cython.bint)
    def prune(self, state: GalleryState, moves: list[Move]) -> list[Move]:
        """Moves that provably add nothing, left out (the no-peek choice then comes first, ``order``).

        Left out: (1) pile-top plays while dealing the next card commutes with
        all of them (rule C of ``safe_move``: some winning line deals first);
        (2) a second foundation with the same top card, and in the last deal a
        cover onto a second bare king with the same card: the positions reached
        have the same ``key``.
        """
        if len(moves) < 2:
            return moves
        stock, piles, found, _, redeals = cython.cast(tuple, state)  # unpacked in C (``gallery._deals``)
        if not redeals and not piles[0] and self.game.choosing(state):  # (``choosing`` needs both)
            return moves
        if stock and cython.cast(tuple, moves[-1])[1] != STOCK and self._independent_once(state):
            moves = deals_of(moves)
        kept = []
        seen = set()
        last_out = not stock and redeals >= LAST
        for move in moves:
            card, src, dst = cython.cast(tuple, move)
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
        return kept

    # -- leads: where the solver searches first --------------------------------------------

    def begin(self, root: GalleryState) -> None:
        """A new search: the root, where ``dead_end`` always looks, and no relaxed failures kept from before."""
        self._root = root
        self._root_lost = {}
        self._refine_later = False
        self._root_round = 0
        self._next_round = self.refined_after * self.round_starts_growth
        self._failures = Failures()
        self._deadline = None

    def leads(self, state: GalleryState, deadline: float | None = None) -> Iterator[tuple[list[Move], int]]:
        """Lines from ``state`` worth searching from first, found by randomised playouts.

        First plain playouts (a won one is a lead of its own); then playouts that stop at the
        start of the last deal or near the end of the deal before it, their ends searched
        best first: one whose no-peek playout gets many cards up is far more often won. Between
        those searches, nested Monte-Carlo searches (``generator.hints.nested``) run in slices of
        playouts, and to their end after the last: a line one of them wins is a lead of its own;
        after each slice of them, a slice of policy adaptations (``generator.hints.adaptation``).
        They win many of the deals the rest leaves open (docs/notes/solver-gallery.md §11, §12). The
        random generators are seeded from the position, so every run gives the same leads; the
        playouts stop at ``deadline``, and without one they run to their fixed effort, so that a
        search bounded in positions alone gives the same answer on any machine. Most deals are
        won, and won late in the last deal, where a plain depth-first search rarely gets.
        """
        self._refine_later = True  # the refined test at the root waits: most deals are won before it is due
        self._deadline = deadline
        if self.dead_end(state):
            return  # the solver's own search cuts the root off at once
        # Tuples of ints hash alike in every process (bytes do not: their hash is salted per process).
        seed = hash((tuple(state.stock), tuple(map(tuple, state.piles)), tops(state.found), state.redeals))
        seed ^= self.seed_salt
        rng = random.Random(seed)
        game, player = self.game, self.player
        clock = time.perf_counter
        if deadline is None:
            deadline = float("inf")
        searches = runs(game, state, self.nested_level, [self._rollout(eps) for eps in self.nested_eps],
                        score=lambda end: cards_up(end.found), safe=self.safe_move, seed=seed, prune=self.prune)
        nested: Slices[GalleryState] = Slices(searches)
        adapted: Slices[GalleryState] = Slices(adaptations(
            game, state, self.adaptation_level, self.adaptation_biases, iterations=self.adaptation_iterations,
            code=move_in_deal, prefer=self._prefer, score=lambda end: cards_up(end.found), safe=self.safe_move,
            seed=seed, prune=self.prune))

        def turn(slice_nested: int | None, slice_adapted: int | None) -> list[Move] | None:
            """The searches' turn: the nested ones, then the adaptations unless the clock stopped the first."""
            line = nested.advance(slice_nested, clock, deadline)
            return line if line is not None or nested.late else adapted.advance(slice_adapted, clock, deadline)

        for n in range(self.lead_playouts):
            if clock() > deadline:
                return
            played = playout(game, player, state, rng, EPS[n % len(EPS)])
            if game.is_won(played.state):
                yield played.moves, 1
                return
        if state.redeals >= LAST:  # no lead starts to wait for
            self._refine_later = False
            # The root's refined test first: the search asks it first thing anyway (``dead_end`` answers the root
            # once a round), and the nested searches only look for a win, count no positions and leave nothing the
            # search reads, so where the test proves the root lost they are skipped and the answer is the same.
            # Most critical-moment probes late in the last deal are such positions: gallery deals 1, 4 and 6 spent
            # 1.3-2.6 s each in the nested searches before the loss; a root they win pays the test (about 0.2 s).
            if not self.dead_end(state):
                line = turn(None, None)
                if line is not None:
                    yield line, 1
                    return
            yield [], self.lead_nodes * self.lead_starts
            return
        starts: set[Hashable] = set()
        waiting: list[tuple[int, int, list[Move], GalleryState]] = []
        searched = fresh = 0
        for n in range(40 * self.lead_starts):
            if clock() > deadline:
                return
            if searched >= self.lead_starts:
                break
            eps = EPS_START[n % len(EPS_START)] if n else 0.0
            late = LATE[n % len(LATE)]
            prefix, start = playout(game, player, state, rng, eps, stop_at=LAST, keep=n % 2 == 1, stop_left=late)
            if self.game.is_won(start):
                yield prefix, 1
                return
            tag = self.game.key(start)  # a start: before the last deal every stuck position may be redealt
            if tag not in starts:
                starts.add(tag)
                rest, end = playout(game, player, start, rng, 0.0)
                if self.game.is_won(end):
                    yield prefix + rest, 1
                    return
                heapq.heappush(waiting, (-cards_up(end.found), n, prefix, start))
                fresh += 1
            if waiting and (n == 0 or fresh >= self.lead_pool):
                if searched:
                    line = turn(self.nested_slice, self.adaptation_slice)
                    if line is not None:
                        yield line, 1
                        return
                    if nested.late or adapted.late:
                        return
                _, first, prefix, start = heapq.heappop(waiting)
                searched += 1
                if searched > self.refined_after:
                    self._refine_later = False
                    if searched > self._next_round and self._root_round < self.root_rounds:
                        self._root_round += 1
                        self._next_round *= self.round_starts_growth
                    if self.dead_end(state):
                        return  # the solver's own search cuts the root off at once
                fresh = 0
                effort = 10 if first == 0 else 1 if start.redeals == LAST else 3  # no-peek's start, deal-2 ends longer
                yield prefix, self.lead_nodes * effort
        self._refine_later = False
        line = turn(None, None)
        if line is not None:
            yield line, 1

    def _rollout(self, eps: float) -> Callable[[GalleryState, random.Random], tuple[list[Move], GalleryState]]:
        """The nested searches' playout: ``playout`` departing from the no-peek choice with probability ``eps``."""
        game, player = self.game, self.player

        def rollout(state: GalleryState, rng: random.Random) -> tuple[list[Move], GalleryState]:
            return playout(game, player, state, rng, eps)

        return rollout

    def _prefer(self, state: GalleryState, moves: list[Move]) -> Move:
        """The policy adaptations' bias: the playouts' own choice, never departing."""
        return preferred(self.player, state, moves)
