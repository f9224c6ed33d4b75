"""Moves in the book's Russian notation: ``12. 9♠ кон → ряд 3``.

Place words come from each game's text asset (``assets/readings/<id>.toml``,
table ``[places]``: a place's group, its name before the colon → word); a group the asset does not name takes the word
every game shares, from ``assets/notation.toml``. What each kind of place is
(``[place_meanings]``, for the book's appendix) is found the same way.
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from generator.cards import card_str
from generator.games import Game, Move, game_spec
from generator.paths import ASSETS

COMMON_TEXT = ASSETS / "notation.toml"


def _load(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    with path.open("rb") as handle:
        return tomllib.load(handle)


@cache
def game_text(game_id: str) -> dict[str, Any]:
    """The game's text asset (readings and place words), or an empty table."""
    return _load(game_spec(game_id).assets / "readings" / f"{game_id}.toml")


def rule_text_of(game_id: str) -> str:
    """The game's rule text, verbatim (``rules/<id>.txt`` in its assets: ``assets/`` for ours)."""
    return (game_spec(game_id).assets / "rules" / f"{game_id}.txt").read_text(encoding="utf-8")


@cache
def common_text() -> dict[str, Any]:
    """The words every game shares (``assets/notation.toml``)."""
    return _load(COMMON_TEXT)


def _place_entry(table: str, game_id: str, kind: str) -> str | None:
    for text in (game_text(game_id), common_text()):
        entry = text.get(table, {}).get(kind)
        if isinstance(entry, str):
            return entry
    return None


def place_word(game_id: str, kind: str) -> str | None:
    """The Russian word of a kind of place (``pile`` → «кучка»; «ряд» in «Брюнетка и блондинка»), if named."""
    return _place_entry("places", game_id, kind)


def place_plural(game_id: str, kind: str) -> str | None:
    """The plural of a kind's word («кучки»), for ranges of places; a game's own word takes only its own plural."""
    own = game_text(game_id).get("places_plural", {}).get(kind)
    if isinstance(own, str):
        return own
    if kind in game_text(game_id).get("places", {}):  # «ряд» in «Брюнетка и блондинка» is not «кучки»
        return None
    common = common_text().get("places_plural", {}).get(kind)
    return common if isinstance(common, str) else None


def place_meaning(game_id: str, kind: str) -> str | None:
    """What a kind of place is, for the appendix («места дам»), if the text assets say."""
    return _place_entry("place_meanings", game_id, kind)


def place_ru(game: Game, place: int) -> str:
    """A place in Russian: ``кон``, ``ряд 3``, ``дама ♠``."""
    name = game.places[place]
    word = place_word(game.id, name.group) or name.group
    number = name.number
    return f"{word} {number}" if number else word


def places_ru(game: Game, places: Sequence[int]) -> str:
    """Several places of one kind in Russian: «кучки 1–8» (consecutive numbers), «основания 1, 3», «дама ♠, ♥»."""
    names = [game.places[place] for place in places]
    group = names[0].group
    numbers = [name.number for name in names]
    if len(names) == 1:
        return place_ru(game, places[0])
    word = place_plural(game.id, group) or place_word(game.id, group) or group
    consecutive = all(n.isdigit() for n in numbers) and all(
        int(b) == int(a) + 1 for a, b in itertools.pairwise(numbers))
    return f"{word} {numbers[0]}–{numbers[-1]}" if consecutive else f"{word} {', '.join(numbers)}"


def variant_ru(game_id: str, variant: str) -> str:
    """A variant's Russian name, from the game's text asset (``[variants]``): «две карты»."""
    name = game_text(game_id).get("variants", {}).get(variant)
    return name if isinstance(name, str) else variant


class VariantReading(NamedTuple):
    """What a variant reads otherwise: the disputed place (its quote), our reading and the variant's, in a few
    Russian words each (the game's text asset, ``[variant_readings.ID]``)."""

    quote: str
    ours: str
    theirs: str


def variant_reading(game_id: str, variant: str) -> VariantReading | None:
    """The variant's place and two readings, or ``None`` if its text asset does not say them."""
    entry = game_text(game_id).get("variant_readings", {}).get(variant)
    if not isinstance(entry, dict) or not all(isinstance(entry.get(key), str) for key in VariantReading._fields):
        return None
    return VariantReading(*(entry[key] for key in VariantReading._fields))


def move_ru(game: Game, move: Move) -> str:
    """A move in Russian notation, without its number: ``9♠ кон → ряд 3``, ``пересдача 1``."""
    if move.is_redeal:
        return f"пересдача {move.redeal_number}"
    return f"{card_str(move.card)} {place_ru(game, move.src)} → {place_ru(game, move.dst)}"


#: A deal given as a typed pack, not by its number.
TYPED_DEAL_RU = "заданный расклад"


def deal_ru(deal: int | None) -> str:
    """«расклад №7», or «заданный расклад» for a typed pack (no number)."""
    return TYPED_DEAL_RU if deal is None else f"расклад №{deal}"


def deal_heading(game: Game, deal: int | None) -> str:
    """«Кадриль» (queens_first), расклад №7 — the first line of a printed game."""
    variant = f" ({game.variant})" if game.variant else ""
    return f"«{game.title}»{variant}, {deal_ru(deal)}"
