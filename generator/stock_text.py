"""A pack order typed by a person → a stock: the cards top card first, exactly the game's packs.

People copy a deal from a book, a magazine or a forum post, or type it on a
phone: cards are separated by spaces, commas, semicolons or new lines, in the
book's notation (``Д♠ 10♥ Т♣``) or the common Latin one (``Qs 10h Ac Jd Kc``).
A Latin ``T`` is refused: in English notation it is a ten, but it looks like
the Cyrillic Т, an ace, and guessing would deal another game.  Every mistake
is one line (``StockError``) naming what is wrong, so it can be fixed at once.
"""

from __future__ import annotations

import re
from collections import Counter

from generator.cards import ALL_CARDS, Card, card_str

#: What may stand between two cards.
SEPARATORS = re.compile(r"[\s,;]+")
#: Emoji and text presentation selectors a phone adds after a suit sign (♥️).
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b\u200c\u200d\u2060"), None)
#: How many faulty cards one message names before it says how many more there are.
NAMED = 6


class StockError(ValueError):
    """A typed pack that is not a stock of the game: the message is one line."""


def parse_card_token(token: str) -> int:
    """One typed card as an engine int; a Latin T (ten or ace?) is refused with the reason."""
    rank = token[:-1].strip()
    if rank in ("T", "t"):
        raise ValueError(f"a Latin T is ambiguous, a ten in English notation but a look-alike of the Cyrillic Т "
                         f"(ace): write 10{token[-1]} for the ten, Т{token[-1]} or A{token[-1]} for the ace")
    return Card.parse(token).index


def parse_stock(text: str, packs: int) -> tuple[int, ...]:
    """The cards of ``text``, top card first, checked to be exactly ``packs`` full pack(s)."""
    tokens = [token for token in SEPARATORS.split(text.translate(_INVISIBLE)) if token]
    if not tokens:
        raise StockError("stock: no cards given (type the pack top card first, e.g. Д♠ 10♥ Т♣ …)")
    stock = []
    for number, token in enumerate(tokens, 1):
        try:
            stock.append(parse_card_token(token))
        except ValueError as error:
            raise StockError(f"stock: card {number} ({token}): {error}") from None
    check_packs(stock, packs)
    return tuple(stock)


def check_packs(stock: list[int] | tuple[int, ...], packs: int) -> None:
    """Raise ``StockError`` unless every card appears exactly ``packs`` times: which are missing, which extra."""
    counts = Counter(stock)
    wrong = [card.index for card in ALL_CARDS if counts[card.index] != packs]
    # What is missing first, then what is extra, each in the order of a fresh pack.
    faults = [_fault(card, counts[card], packs) for card in sorted(wrong, key=lambda card: counts[card] > packs)]
    if not faults:
        return
    need = f"the game needs {_packs(packs)}, {52 * packs} cards"
    whole = {counts[card.index] for card in ALL_CARDS}
    if len(whole) == 1:  # every card equally often: whole packs, but not as many as the game plays with
        raise StockError(f"stock: {_packs(whole.pop())} given ({len(stock)} cards); {need}")
    shown = ", ".join(faults[:NAMED]) + (f" and {len(faults) - NAMED} more" if len(faults) > NAMED else "")
    raise StockError(f"stock: {shown} ({len(stock)} cards given; {need})")


def _packs(count: int) -> str:
    return {1: "one full pack", 2: "two full packs"}.get(count, f"{count} full packs")


def _fault(card: int, count: int, packs: int) -> str:
    if count == 0:
        return f"{card_str(card)} is missing"
    times = "once" if count == 1 else "twice" if count == 2 else f"{count} times"
    return f"{card_str(card)} appears {times}"
