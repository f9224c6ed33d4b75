"""What a printed pack is asked to be: paper, bleed, colours, packs, and how its backs are printed."""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.units import mm

from generator.art.printed import MAX_PACKS
from generator.pdf.deck.layout import MAX_BACK_OFFSET_MM, Duplex, LayoutError, Sheet, sheet_for
from generator.pdf.deck.sheets import CardSheet, pack_sheets


@dataclass(frozen=True)
class DeckOptions:
    """One pack file's choices; :meth:`check` refuses what cannot be printed, with a message for a user.

    ``backs``: a sheet of backs after each sheet of faces, for duplex printing on the ``duplex`` edge,
    moved by ``back_offset_mm`` (x right, y up on the sheet of backs) to correct the printer. ``fold``: each
    back beside its face across a fold line instead, for a printer that prints one side.
    """

    paper: str = "A4"
    bleed_mm: float = 0.0
    colors: int = 2
    packs: int = 1
    backs: bool = False
    fold: bool = False
    duplex: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)

    def check(self) -> None:
        if self.colors not in (2, 4):
            raise LayoutError(f"a pack has 2 or 4 colours, not {self.colors}")
        if not 1 <= self.packs <= MAX_PACKS:
            raise LayoutError(f"--packs must be 1 or {MAX_PACKS}, not {self.packs}")
        Duplex(self.duplex)  # names the edges when it is neither
        if any(not math.isfinite(v) or abs(v) > MAX_BACK_OFFSET_MM for v in self.back_offset_mm):
            raise LayoutError(f"a back offset is at most {MAX_BACK_OFFSET_MM:g} mm each way")
        if self.back_offset_mm != (0.0, 0.0) and not self.two_sided:
            raise LayoutError("--back-offset corrects a duplex printer; a folded sheet needs none" if self.fold
                              else "--back-offset moves the sheets of backs: add --backs")
        self.sheet()

    @property
    def two_sided(self) -> bool:
        """Backs on the reverse of the face sheets (duplex), as opposed to beside them (fold) or none."""
        return self.backs and not self.fold

    @property
    def with_backs(self) -> bool:
        return self.backs or self.fold

    def sheet(self) -> Sheet:
        return sheet_for(self.paper, self.bleed_mm, fold=self.fold)

    def page(self) -> Sheet:
        """The portrait page of the first page (a fold file's sheets are landscape, its first page is not)."""
        return sheet_for(self.paper, self.bleed_mm, check=False)

    def duplex_map(self) -> Duplex:
        dx, dy = self.back_offset_mm
        return Duplex(self.duplex, (dx * mm, dy * mm))

    def card_sheets(self) -> list[CardSheet]:
        return pack_sheets(self.packs, self.sheet().per_sheet)

    def pages(self) -> int:
        """Pages of the file: the first page (and its blank reverse in duplex), then the sheets."""
        sheets = len(self.card_sheets())
        return 2 + 2 * sheets if self.two_sided else 1 + sheets
