"""A dead-end test for «Македонская фаланга»: a relaxed game in which pushed cards are never buried.

Phase two, in the words of ``generator.hints.phalanx``: the pyramid and the top of the
collecting pile are in reach; a *play* puts a card in reach up, and the pile loses its top (it
went up, or it refilled the emptied pyramid place, which is in reach for good); a *turn* puts the
next stock card up if it fits, else *pushes* it onto the pile, where it covers the old top. The
pile holds the cards on it now (the *originals*, in order) under the cards pushed since, and it
loses cards only from the top, so while any pushed card is on it the top is a pushed card.

**The relaxed game.** The same foundations, pyramid, stock order and turns, with one change: a
pushed card stays in reach for ever (as if it had gone into the pyramid), though it still takes
its place on the pile. So the relaxed pile is the originals still on it and a *debt*, the number
of pushed cards on them. A play pays one debt if there is any; otherwise it takes the top
original off (in reach for good), and the next original shows. The top original is in reach
while no debt covers it: a push onto it buries it until the debt is paid. The relaxed game is
*won* as soon as the pile is empty.

**Claim 1: a real win is a relaxed win.** Replay any real line from here, move for move, in the
relaxed game: the real pile is the originals still on it under the pushed cards still on it,
with as many pushed cards as the relaxed debt; so each play takes the same original off, or a
pushed card off where the relaxed game pays a debt; the same cards are up on both sides, and
every real card in reach is in reach in the relaxed game (pushed cards are, and the top original
is in reach in both exactly when no pushed card covers it). A turned card fits in both or in
neither. A real win ends with an empty pile, so the relaxed game is won on the way.

**Claim 2: playing every card that fits before each turn wins the relaxed game if anything
does.** Compare two relaxed positions X and Y after the same number of turns. Between turns
cards only come into reach (no push), so a card that fits stays fitting until it goes up (its
foundation moves on only with it or its twin: the counting below) and the plays form one
closure (confluence): every maximal run of plays puts the same cards up. Say X *covers* Y when
every card up in Y is up in X (counting twins) and X has taken at least as many originals off.
Each play keeps (pile size + cards up) and each turn adds one to it, so then X's pile is no
larger than Y's; so if both have taken the same originals off, X's debt is no larger, and the
top original in reach in Y is in reach in X; with more originals off, Y's top original is in
reach in X for good. So every card in reach in Y is in reach or up in X. Now let Y move:

- Y plays c. If X has more copies of c up than Y had, X does nothing: X still covers Y (if Y
  took an original off, X's smaller pile means it had taken more). Otherwise X has as many
  copies of c up as Y and one in reach, and c fits in X too: a card of offset k fits when a
  foundation of its suit has height k; with m copies up, m = 0 means k = the higher height of
  Y and k is at least X's higher height, which is at least Y's: equal; m = 1 means k = the lower
  height of Y, at most the lower one of X, and k is at least X's lower height: equal. X plays
  c, pays a debt or takes an original off, and covers Y again by the same count.
- Y turns a card: X turns the same one. If it fits in Y, it fits in X or X has the copy up
  already (the same argument), so X stays covering; if it fits in neither, both push.

Playing every card that fits at once gives the closure, which covers every run of plays from the
same position (confluence), so the eager line covers every relaxed line at every turn, and a
covering position's pile is no larger. If any relaxed line empties the pile, the eager line
does too, at the latest at the same turn. So when the eager line never empties the pile, no
relaxed line does, and by claim 1 no real line wins: the position is lost.

**Under may_hold** a real turn may also push a card that fits (a *hold*). Let the relaxed game
allow holds too (a hold is a push: debt + 1, the card in reach for good). Claim 1 stands: a real
hold is answered by a relaxed hold, the piles and the cards up still agree. Claim 2 stands: when
Y holds a card, X turns the same card and plays it up if it fits there (else pushes it too, X
having that copy up already); every card up in Y is up in X, each side's (pile size + cards up)
still grows by one per turn, and the card, in reach in Y, is up in X. So the eager line, which
never holds, still covers every relaxed line, holds or not: the test below is unchanged, and its
"lost" is proved under may_hold as well.

Why it is not "a second copy of the rules": it is a different, easier game, and it can only say
lost where every real line loses; its verdict is never a line of play, and a won deal is still
played through the engine and replayed by the checker.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games.phalanx import OFFSET, SUIT, PhalanxState

#: CODE[base][card]: the card as suit * 13 + offset from the base rank, all the foundations look
#: at (twins are alike): a foundation of height k (two slots per suit, 2s and 2s + 1) takes code s * 13 + k.
CODE = tuple(tuple(SUIT[card] * 13 + OFFSET[base][card] for card in range(52)) for base in range(13))


@cython.locals(reach=cython.int[52], h=cython.int[8], originals=cython.int[104], code=tuple, stock=tuple,
               todo=list, top=cython.int, debt=cython.int, end=cython.int, dealt=cython.int, slot=cython.int,
               k=cython.int, index=cython.int, shown=cython.int, card=cython.int, count=cython.int)
def relaxed_pile_empties(state: PhalanxState, heights: list[int]) -> bool:
    """Whether the eager line of the relaxed game (see the module) ever empties the pile.

    ``heights`` are the foundations' heights, two slots per suit (``2s``, ``2s + 1``; the next
    card of a foundation lies that far from the base rank); not changed. False proves the
    position lost (phase two, no refill pending).

    The closure is driven by events: a slot is looked at again only when its height changed or
    a card of its suit came into reach (a push brings in a card that fits nowhere and buries
    one, so nothing new fits after it). Its first lines (take a slot, play if its card is in
    reach) are written out again in ``hints.phalanx``'s two play-outs rather than shared: as a
    generator they made this function 40 % slower (measured), and it runs at every position.
    So is the step that puts a slot waiting for a card just come into reach back on ``todo``:
    compiled, ``reach`` and ``h`` are C arrays, which a function shared between modules cannot take.
    """
    waste = state.waste
    if not waste:
        return True
    code = CODE[state.base]
    reach = [0] * 52  # cards in reach, not up, by code
    for card in state.pyramid:
        if card >= 0:
            reach[code[card]] += 1
    originals = [0] * 104  # the pile's cards as codes, bottom first (two packs: at most 104)
    count = 0
    for card in waste:
        originals[count] = code[card]
        count += 1
    top = count - 1  # the top original
    reach[originals[top]] += 1
    debt = 0
    h = list(heights)  # compiled: copied into the C array
    todo = [0, 1, 2, 3, 4, 5, 6, 7]  # slots that may take a card in reach
    stock = state.stock
    end = len(stock)
    dealt = state.dealt
    while True:
        while todo:  # every play that can be made: the closure
            slot = todo.pop()
            k = h[slot]
            if k == 13:
                continue
            index = (slot >> 1) * 13 + k
            if not reach[index]:
                continue
            reach[index] -= 1
            h[slot] = k + 1
            todo.append(slot)
            if debt:
                debt -= 1
                if debt:
                    continue  # another pushed card is the top: nothing new in reach
            elif top:
                top -= 1  # the old top is off the pile, in reach for good
            else:
                return True  # the last original is off: the pile is empty
            shown = originals[top]  # the top original shows (again)
            reach[shown] += 1
            slot = (shown // 13) << 1
            k = shown % 13
            if h[slot] == k:
                todo.append(slot)
            if h[slot + 1] == k:
                todo.append(slot + 1)
        if dealt == end:
            return False
        card = code[stock[dealt]]
        dealt += 1
        slot = (card // 13) << 1
        k = card % 13
        if h[slot] == k:
            h[slot] = k + 1
            todo.append(slot)
        elif h[slot + 1] == k:
            h[slot + 1] = k + 1
            todo.append(slot + 1)
        else:  # pushed: in reach for good, and it covers the pile
            reach[card] += 1
            if not debt:
                reach[originals[top]] -= 1  # the top original is buried
            debt += 1
