"""Positions of «Деревенский пасьянс» written as text, for the tests of its rules and of its no-peek player."""

from __future__ import annotations

from generator.cards import parse_card_index
from generator.games import Move
from generator.games.village import Village, VillageState

G = Village()


def cards(text: str) -> list[int]:
    return [parse_card_index(word) for word in text.split()]


def mv(card: str, src: str, dst: str) -> Move:
    return Move(parse_card_index(card), G.place_id(src), G.place_id(dst))


def position(pile_texts: list[str], heights=(0,) * 8, where=(0,) * 8, stock: str = "", redeals: int = 0):
    """A free-play position built directly (for foundation and key details)."""
    return VillageState(
        bytes(cards(stock)), tuple(bytes(cards(t)) for t in pile_texts), tuple(heights), tuple(where), 0, redeals
    )


def step(state, move: Move):
    legal = G.legal_moves(state)
    assert move in legal, f"{G.describe(move)} not in {[G.describe(m) for m in legal]}"
    return G.apply(state, move)


def run_forced(state):
    """Play the forced moves (a dealt block, a refill) until the player has the turn."""
    while G.forced(state):
        (move,) = G.legal_moves(state)
        state = G.apply(state, move)
    return state


def start(stock_text: str):
    """The position after the first eight cards are down."""
    return run_forced(G.initial_state(cards(stock_text)))
