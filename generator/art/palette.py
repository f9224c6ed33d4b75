"""Fill roles and their print-safe colours, for the usual two-colour pack and a four-colour one.

Faces name a role ("red", "paper", "gold"…), never a colour, so one model
serves both packs and both back ends.  In the four-colour pack ♦ are blue and
♣ green: in a 15 mm diagram the suit is then told by colour alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)

_BASE = {
    "paper": "#FFFFFF",
    "border": "#8C8C8C",  # a light grey edge, so a white card shows on white paper
    "black": "#1A1A1A",
    "red": "#B3202A",
    "blue": "#1F4E9C",
    "green": "#1E7A3C",
    "ink": "#1A1A1A",  # line work on court cards, whatever the suit
    "gold": "#C9A043",  # ochre: prints as a warm mid-tone in CMYK and in greyscale
    "tint": "#F6EEDB",  # the court panel's ground: a pale parchment
    "back": "#23407A",  # the card back (and the printed pack 1's back and marks)
    "back2": "#B5432F",  # the printed pack 2's back and marks: a brick red, lighter than the blue in greyscale too
}

PALETTE: Mapping[str, str] = MappingProxyType(dict(_BASE))


def suit_role(suit: int, colors: int = 2) -> str:
    """The role a suit's pips and index are filled with: ♠ black, ♥ red; ♣ green and ♦ blue in a four-colour pack."""
    if colors not in (2, 4):
        raise ValueError(f"a pack has 2 or 4 colours, not {colors}")
    if suit == SPADES:
        return "black"
    if suit == HEARTS:
        return "red"
    if suit == CLUBS:
        return "green" if colors == 4 else "black"
    return "blue" if colors == 4 else "red"


def colour(role: str) -> str:
    """The ``#RRGGBB`` of a role (upper-case hex, the same string every time)."""
    try:
        return PALETTE[role]
    except KeyError:
        raise ValueError(f"unknown colour role {role!r}") from None


ROLES: tuple[str, ...] = tuple(_BASE)
