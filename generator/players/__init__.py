"""The no-peek players: per game, optional, with a generic default (see ``generator.players.base``)."""

from __future__ import annotations

from generator.players.base import FoundationsFirst, Player, player_for

__all__ = ["FoundationsFirst", "Player", "player_for"]
