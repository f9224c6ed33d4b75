"""The registry of patiences: ids, lookup, and ``game:variant`` specs.

Adding a game means writing one module here with a ``Game`` subclass and
naming its class in ``_MODULES``; everything else (CLI, solver, book) reads the
registry.
"""

from __future__ import annotations

import importlib

from generator.games.base import REDEAL, Game, Move, State, VariantError

__all__ = [
    "GAMES",
    "GAME_IDS",
    "REDEAL",
    "Game",
    "Move",
    "State",
    "UnknownGameError",
    "VariantError",
    "all_specs",
    "get_game_class",
    "make_game",
]

#: Game id → "module:Class", in the order of the seeds (and of the book).
_MODULES = {
    "village": "generator.games.village:Village",
    "brunette_blonde": "generator.games.brunette_blonde:BrunetteBlonde",
    "quadrille": "generator.games.quadrille:Quadrille",
    "gallery": "generator.games.gallery:Gallery",
    "phalanx": "generator.games.phalanx:Phalanx",
}
GAME_IDS: tuple[str, ...] = tuple(_MODULES)


class UnknownGameError(ValueError):
    """A game id that is not registered."""


def _load(game_id: str) -> type[Game]:
    module_name, class_name = _MODULES[game_id].split(":")
    return getattr(importlib.import_module(module_name), class_name)


GAMES: dict[str, type[Game]] = {game_id: _load(game_id) for game_id in GAME_IDS}


def get_game_class(game_id: str) -> type[Game]:
    try:
        return GAMES[game_id]
    except KeyError:
        raise UnknownGameError(f"unknown game {game_id!r}: choose one of {', '.join(GAME_IDS)}") from None


def make_game(spec: str, variant: str | None = None) -> Game:
    """A game from ``"quadrille"``, ``"quadrille:queens_first"`` or an id plus ``variant``."""
    game_id, _, spec_variant = spec.partition(":")
    if spec_variant and variant and spec_variant != variant:
        raise VariantError(f"two different variants given: {spec_variant!r} and {variant!r}")
    return get_game_class(game_id)(spec_variant or variant or None)


def all_specs() -> list[str]:
    """Every game and variant, ``village`` … ``quadrille:queens_first`` …, in book order."""
    return [spec for game_id in GAME_IDS for spec in [game_id, *(f"{game_id}:{v}" for v in GAMES[game_id].variants)]]
