"""The relaxed «Картинная галерея»'s failed positions, kept across its searches: the cache the solver's many relaxed
searches of one deal share (the relaxed game and its proof are ``generator.hints.gallery_relax``'s).
"""

from __future__ import annotations


class Failures:
    """Relaxed positions searched to the end without a win, kept across relaxed searches.

    A relaxed position's fate depends only on itself and on rule 1's tables (``need``, and under a
    designation ``after``: fixed by the position the search started from and the designation), so a
    position that failed in one search fails in every later search with the same tables, passed here
    as one key (``gallery_relax._Relaxed.key``, which also names the redeals): it is skipped like a position seen in
    the same search.
    The solver asks the relaxed game about thousands of positions of one last deal, whose relaxed
    searches meet the same positions again and again (the relaxed game has no timing of plays).
    Held per key and bounded by ``limit`` positions in all, forgotten all at once past it, so
    the memory stays bounded and the answers depend on the positions asked about alone.
    """

    def __init__(self, limit: int = 400_000) -> None:
        self.limit = limit
        self.size = 0
        self.by_need: dict[bytes, set[tuple[object, ...]]] = {}

    def of(self, need: bytes) -> set[tuple[object, ...]]:
        """The failed positions under ``need`` (a set the caller may read, not write)."""
        known = self.by_need.get(need)
        if known is None:
            known = self.by_need[need] = set()
        return known

    def add(self, need: bytes, failed: set[tuple[object, ...]]) -> None:
        """Keep ``failed`` (every one searched to the end without a win, under ``need``)."""
        if self.size + len(failed) > self.limit:
            self.by_need.clear()
            self.size = 0
            if len(failed) > self.limit:
                return
        known = self.of(need)
        before = len(known)
        known |= failed
        self.size += len(known) - before
