"""Text as outlines from the pip-installed PT fonts, so no renderer needs a system font.

The same index «10» or label «Кадриль» then looks identical in cairosvg, a
browser and the printed PDF.  TrueType quadratics become cubics (joined into
fewer curves, within 1/1000 em), and everything is cached: a pack asks for the
same dozen glyphs again and again.
"""

from __future__ import annotations

import functools
from typing import Any

import fontpkg
from fontTools.pens.basePen import BasePen
from fontTools.pens.qu2cuPen import Qu2CuPen
from fontTools.ttLib import TTFont

from .paths import Command, Path


@functools.lru_cache(maxsize=8)
def _font(family: str, weight: int) -> Any:
    """The TTFont and its glyph set, cmap and units per em, loaded once per family and weight."""
    font = TTFont(fontpkg.path(family, weight=weight), lazy=True)
    return font, font.getGlyphSet(), font.getBestCmap(), font["head"].unitsPerEm


class _CubicPen(BasePen):  # type: ignore[misc]  # fontTools ships no type information
    """Collects a glyph as our commands in font units, y up (flipped later with the scale)."""

    def __init__(self, glyph_set: Any) -> None:
        super().__init__(glyph_set)
        self.commands: list[Command] = []

    def _moveTo(self, pt: tuple[float, float]) -> None:
        self.commands.append(("M", *pt))

    def _lineTo(self, pt: tuple[float, float]) -> None:
        self.commands.append(("L", *pt))

    def _curveToOne(self, p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float]) -> None:
        self.commands.append(("C", *p1, *p2, *p3))

    # Any quadratic left over is raised to an exact cubic by BasePen's default _qCurveToOne.

    def _closePath(self) -> None:
        self.commands.append(("Z",))

    def _endPath(self) -> None:
        pass


@functools.lru_cache(maxsize=512)
def _glyph(char: str, family: str, weight: int) -> tuple[Path, float]:
    """One character's outline in em units (y down, baseline at 0) and its advance in ems."""
    _, glyph_set, cmap, upem = _font(family, weight)
    name = cmap.get(ord(char))
    if name is None:
        raise ValueError(f"{family} {weight} has no glyph for {char!r}")
    glyph = glyph_set[name]
    pen = _CubicPen(glyph_set)
    # Qu2CuPen joins runs of TrueType quadratics into fewer cubics (within 1/1000 em): smaller SVG, same shape.
    glyph.draw(Qu2CuPen(pen, max_err=upem / 1000, all_cubic=True))
    path = Path(tuple(pen.commands)).scale(1 / upem, -1 / upem)
    return path, glyph.width / upem


@functools.lru_cache(maxsize=8)
def _cap_height(family: str, weight: int) -> float:
    font, _, _, upem = _font(family, weight)
    return float(font["OS/2"].sCapHeight / upem)


def cap_height(size_mm: float, font: str = "PT Sans", weight: int = 700) -> float:
    """Height of a capital letter, in mm, at font size ``size_mm``: for sizing indices by what the eye sees."""
    return size_mm * _cap_height(font, weight)


@functools.lru_cache(maxsize=256)
def text_outline(
    text: str, size_mm: float, font: str = "PT Sans", weight: int = 700, *, tracking: float = 0.0
) -> tuple[Path, float]:
    """``text`` as one compound path at font size ``size_mm`` (baseline y = 0, starting at x = 0), and its advance.

    One path for the whole string (fill it non-zero): a label is then one
    ``<path>`` in SVG and one path operator in the PDF.

    ``tracking`` adds that many ems between letters (negative tightens), enough
    for figure labels without a shaping engine; kerning pairs are not applied.
    """
    pieces: list[Path] = []
    x = 0.0
    for i, char in enumerate(text):
        outline, adv = _glyph(char, font, weight)
        pieces.append(outline.scale(size_mm).translate(x, 0))
        x += adv * size_mm
        if i < len(text) - 1:
            x += tracking * size_mm
    return Path(tuple(cmd for p in pieces for cmd in p.commands)), x


def text_advance(text: str, size: float, font: str = "PT Sans", weight: int = 700, *, tracking: float = 0.0) -> float:
    """How far ``text`` set at ``size`` advances (as ``text_outline``, without building the outline)."""
    return sum(_glyph(char, font, weight)[1] for char in text) * size + tracking * size * max(len(text) - 1, 0)


def glyph_outline(char: str, size_mm: float, font: str = "PT Sans", weight: int = 700) -> tuple[Path, float]:
    """A single glyph at ``size_mm``: for hand-set pairs like the condensed «10» of an index."""
    outline, adv = _glyph(char, font, weight)
    return outline.scale(size_mm), adv * size_mm
