"""A played line as the book and the sheets print it: numbered moves in Russian, grouped by phase, the player's
choices set apart from what the rules force.

A phase ends at each redeal (a new pass, the piles gathered). Phase titles
come from the game's text asset (``[phases] titles = [...]``), else the
common ones below.

Given the line's positions, each phase is also cut into :class:`Entry` lines for a reader who follows with real
cards: a **choice** (a position offering more than one move, none of them forced by the rules) is one entry; a run
of **forced** movements — the deal, a dealt round, refills, a card that has one place to go — is condensed into
one entry, «13–20. Т♠ 8♣ 6♣ 6♥ 10♣ 8♦ 4♣ В♠ колода → кучки 1–8». A dealt round the player starts (its first card
goes where it must, the rules then deal the rest) counts as forced, as its cards are. A card taken from inside
the stock (the king from the middle of the packs in «Картинная галерея») says which one: «К♣ (51-я карта сверху)».
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.cards import card_str
from generator.games import Game, Move, PlaceKind, Result
from generator.notation import game_text, move_ru, place_ru, places_ru

COMMON_PHASE_TITLES = ("Первая раскладка", "Вторая раскладка", "Третья раскладка", "Четвёртая раскладка")
#: The label of a run that opens a phase: the cards dealt before the player can do anything.
DEAL_LABEL = "Раздача"


@dataclass(frozen=True)
class Entry:
    """One printed line of a walkthrough: a move the player chose, or one forced move or a run of them."""

    first: int  # the number of its first move (from 1; redeals are not numbered)
    last: int  # the number of its last move
    start: int  # index in the line of its first move
    stop: int  # index in the line after its last move
    text: str  # the move(s) in Russian notation, without the numbers
    choice: bool  # the player chose it; else the rules (or the lack of any other move) forced it
    label: str = ""  # «Раздача» for the run that opens a phase

    @property
    def numbers(self) -> str:
        """«12» or «13–20»."""
        return str(self.first) if self.first == self.last else f"{self.first}–{self.last}"


@dataclass
class Phase:
    title: str
    #: (move number from 1, the move in Russian notation, index of the move in the line)
    moves: list[tuple[int, str, int]] = field(default_factory=list)
    #: the same moves as printed lines (filled when the line's positions are known)
    entries: list[Entry] = field(default_factory=list)


def phase_title(game: Game, index: int) -> str:
    titles = game_text(game.id).get("phases", {}).get("titles", COMMON_PHASE_TITLES)
    return titles[index] if index < len(titles) else f"Раскладка {index + 1}"


def is_choice(game: Game, state: Any) -> bool:
    """Whether the player chooses in ``state``: more than one move on offer, and the rules force none of them."""
    return not game.forced(state) and len(game.legal_moves(state)) > 1


def phases(game: Game, moves: Sequence[Move], states: Sequence[Any] | None = None, *,
           breaks: Collection[int] = (), stock: Sequence[int] | None = None) -> list[Phase]:
    """Split a line at its redeals; each redeal opens the next phase (and is not numbered).

    With ``states`` (``states[i]``: the position before move ``i``), each phase gets its entries too; a run
    of forced moves is cut at every position in ``breaks`` (where the book shows a figure), so a figure
    always stands between two entries; ``stock`` is the order the reader stacked (top card first), to say
    which card is meant when one is taken from inside it.
    """
    groups = [Phase(phase_title(game, 0))]
    number = 0
    for index, move in enumerate(moves):
        if move.is_redeal:
            groups.append(Phase(phase_title(game, len(groups))))
            continue
        number += 1
        groups[-1].moves.append((number, move_ru(game, move), index))
    if states is not None:
        taken = taken_from_inside(game, moves, states, stock)
        for group in groups:
            group.entries = entries(game, moves, states, group.moves, breaks, taken)
    return groups


def _forced(game: Game, moves: Sequence[Move], states: Sequence[Any], index: int) -> bool:
    """Whether move ``index`` is a forced movement: no choice before it, or a stock card with one place to go that
    starts a block the rules then deal on (a round)."""
    state = states[index]
    if not is_choice(game, state):
        return True
    move = moves[index]
    if game.places[move.src].kind is not PlaceKind.STOCK or index + 1 >= len(moves):
        return False
    alone = sum(m.card == move.card and m.src == move.src for m in game.legal_moves(state)) == 1
    nxt = moves[index + 1]
    return alone and not nxt.is_redeal and game.forced(states[index + 1]) and nxt.src == move.src


def entries(game: Game, moves: Sequence[Move], states: Sequence[Any], numbered: Sequence[tuple[int, str, int]],
            breaks: Collection[int] = (), taken: dict[int, int] | None = None) -> list[Entry]:
    """The printed lines of one phase's ``numbered`` moves (``phases``' triples); ``taken``: the moves that take
    a card from inside the stock (:func:`taken_from_inside`)."""
    taken = taken or {}
    out: list[Entry] = []
    run: list[tuple[int, int]] = []  # (number, index) of the forced moves waiting to be condensed
    dealt = _deal_end(game, states, numbered)

    def text(indices: Sequence[int]) -> str:
        cards = [card_str(moves[i].card) + (f" ({taken[i]}-я карта сверху)" if i in taken else "") for i in indices]
        return run_ru(game, [moves[i] for i in indices], cards)

    def flush() -> None:
        if run:
            label = DEAL_LABEL if dealt is not None and run[-1][1] < dealt else ""
            indices = [index for _, index in run]
            out.append(Entry(run[0][0], run[-1][0], indices[0], indices[-1] + 1, text(indices), False, label))
            run.clear()

    for number, _, index in numbered:
        if index in breaks or index == dealt:
            flush()
        if _forced(game, moves, states, index):
            run.append((number, index))
        else:
            flush()
            out.append(Entry(number, number, index, index + 1, text([index]), True))
    flush()
    return out


def _deal_end(game: Game, states: Sequence[Any], numbered: Sequence[tuple[int, str, int]]) -> int | None:
    """The index of the phase's first move after its deal (the first position the game calls laid out), when the
    deal takes more than one move; else ``None`` (a card turned is not a deal)."""
    if not numbered:
        return None
    first, last = numbered[0][2], numbered[-1][2]
    end = next((i for i in range(first + 1, last + 1) if game.laid_out(states[i])), None)
    return end if end is not None and end - first > 1 else None


def taken_from_inside(game: Game, moves: Sequence[Move], states: Sequence[Any],
                      stock: Sequence[int] | None = None) -> dict[int, int]:
    """Which moves take a card from inside the stock rather than its top: move index → the card's place in the
    stock as the reader holds it, counted from the top (51: «51-я карта сверху»; two packs hold every card twice, so the
    card alone does not say which). ``stock`` is the order the reader stacked, top card first (by default the
    engine's first stock)."""
    taken: dict[int, int] = {}
    if not moves:
        return taken
    stock_place = next((i for i, place in enumerate(game.places) if place.kind is PlaceKind.STOCK), None)
    if stock_place is None:
        return taken
    held = tuple(stock) if stock is not None else tuple(reversed(game.contents(states[0]).get(stock_place, ())))
    for index, move in enumerate(moves):
        after = tuple(reversed(game.contents(states[index + 1]).get(stock_place, ())))
        if not move.is_redeal and move.src == stock_place and held and held[0] != move.card:
            where = next((k for k in range(len(held)) if held[k] == move.card and held[:k] + held[k + 1:] == after),
                         None)
            if where is not None:
                taken[index] = where + 1
        if move.is_redeal or move.src == stock_place:
            held = after
    return taken


def run_ru(game: Game, moves: Sequence[Move], cards: Sequence[str]) -> str:
    """Consecutive moves condensed (``cards``: each move's card as printed, «К♣ (51-я карта сверху)»): moves
    from one place to one place share the words, and a card each to consecutive places of one kind is a range —
    «3♦ 5♥ В♣ К♥ 5♠ 5♥ К♣ К♣ колода → кучки 1–8; Т♠ колода → основание 1; 8♦ В♦ колода → кон». A card that
    says where it was taken from stands alone."""
    segments: list[str] = []
    i = 0
    while i < len(moves):
        src, dst = moves[i].src, moves[i].dst
        j = i + 1
        same = spread = True
        while j < len(moves) and moves[j].src == src and "(" not in cards[i] + cards[j]:
            still_same = same and moves[j].dst == dst
            still_spread = spread and _next_place(game, moves[j - 1].dst, moves[j].dst)
            if not (still_same or still_spread):
                break
            same, spread = still_same, still_spread
            j += 1
        where = place_ru(game, dst) if j - i == 1 or same else places_ru(game, [m.dst for m in moves[i:j]])
        segments.append(f"{' '.join(cards[i:j])} {place_ru(game, src)} → {where}")
        i = j
    return "; ".join(segments)


def _next_place(game: Game, before: int, after: int) -> bool:
    """Whether ``after`` is the place right after ``before`` in its group (``pile:3`` after ``pile:2``)."""
    a, b = game.places[before], game.places[after]
    return a.group == b.group and a.number.isdigit() and b.number.isdigit() and int(b.number) == int(a.number) + 1


def as_text(game: Game, moves: Sequence[Move], result: Result) -> str:
    """The whole walkthrough as terminal text."""
    lines = []
    for phase in phases(game, moves) if moves else []:
        lines.append(f"— {phase.title} —")
        lines.extend(f"{number}. {text}" for number, text, _ in phase.moves)
    lines.append(result.sentence_ru)
    return "\n".join(lines)
