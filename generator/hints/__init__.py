"""Search hints: per game, optional, each one proved beside it (see ``generator.hints.base``)."""

from __future__ import annotations

from generator.hints.base import NO_RESTARTS, MoveOrder, Restarts, SearchHints, hints_for, shuffled_restarts

__all__ = ["NO_RESTARTS", "MoveOrder", "Restarts", "SearchHints", "hints_for", "shuffled_restarts"]
