"""The book's fonts: PT Serif and PT Sans from fontpkg, and a tiny font of our own for ♠ ♣ ♥ ♦ →.

PT Serif and PT Sans have no suit signs and no arrow, and the book needs them
in running text (``Д♠``, ``кон → ряд 3``). Rather than borrow a system font
that a clean machine may lack, we build a five-glyph TrueType font in memory
with fontTools, from outlines drawn to sit with PT Serif (cap height 700 of
1000). reportlab embeds it as a subset like the others, so the signs stay real
text: ``pdftotext`` gives back U+2660 … U+2666 and U+2192.

Registration is idempotent: call :func:`register_fonts` as often as you like.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import fontpkg
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

SERIF = "PTSerif"
SERIF_ITALIC = "PTSerif-Italic"
SERIF_BOLD = "PTSerif-Bold"
SERIF_BOLD_ITALIC = "PTSerif-BoldItalic"
SANS = "PTSans"
SANS_BOLD = "PTSans-Bold"
SIGNS = "PasyansSigns"

#: reportlab name → (fontpkg family, weight, style).
_FACES = {
    SERIF: ("PT Serif", 400, "normal"),
    SERIF_ITALIC: ("PT Serif", 400, "italic"),
    SERIF_BOLD: ("PT Serif", 700, "normal"),
    SERIF_BOLD_ITALIC: ("PT Serif", 700, "italic"),
    SANS: ("PT Sans", 400, "normal"),
    SANS_BOLD: ("PT Sans", 700, "normal"),
}

#: Characters the PT fonts lack and the signs font supplies.
SIGN_CHARS = "♠♣♥♦→"


def register_fonts() -> None:
    """Register the six PT faces, their families (so ``<b>``/``<i>`` work) and the signs font."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, (family, weight, style) in _FACES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(fontpkg.path(family, weight=weight, style=style))))
    if SIGNS not in registered:
        pdfmetrics.registerFont(TTFont(SIGNS, io.BytesIO(signs_font_bytes())))
    pdfmetrics.registerFontFamily(SERIF, normal=SERIF, bold=SERIF_BOLD, italic=SERIF_ITALIC,
                                  boldItalic=SERIF_BOLD_ITALIC)
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD)
    # One weight of signs serves bold and italic text too: a suit sign has no italic.
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(SIGNS, bold, italic, SIGNS)


# --- the signs font -----------------------------------------------------------------------------------------------

UNITS = 1000
SIGN_HEIGHT = 680  # a shade under PT Serif's cap height: a solid sign looks larger than a letter
SIDE = 45  # side bearing of each sign

# Outlines in a unit box, y pointing down, centred on the origin (the same drawing as the card pips):
# a contour is a start point and segments ("L", x, y) or ("C", x1, y1, x2, y2, x, y).
Segment = tuple[Any, ...]  # a letter, then coordinates
Contour = tuple[tuple[float, float], tuple[Segment, ...]]


def _circle(cx: float, cy: float, r: float) -> Contour:
    k = 0.5523 * r
    return (
        (cx, cy - r),
        (
            ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy),
            ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
            ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
            ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
        ),
    )


def _stem(top: float, half_base: float) -> Contour:
    neck = 0.035
    return (
        (-neck, top),
        (
            ("L", neck, top),
            ("C", neck, 0.36, 0.09, 0.47, half_base, 0.5),
            ("L", -half_base, 0.5),
            ("C", -0.09, 0.47, -neck, 0.36, -neck, top),
        ),
    )


_SPADE: list[Contour] = [
    (
        (0, -0.5),
        (
            ("C", 0.1, -0.33, 0.47, -0.14, 0.47, 0.1),
            ("C", 0.47, 0.26, 0.36, 0.34, 0.245, 0.34),
            ("C", 0.13, 0.34, 0.05, 0.27, 0.0, 0.2),
            ("C", -0.05, 0.27, -0.13, 0.34, -0.245, 0.34),
            ("C", -0.36, 0.34, -0.47, 0.26, -0.47, 0.1),
            ("C", -0.47, -0.14, -0.1, -0.33, 0, -0.5),
        ),
    ),
    _stem(0.15, 0.2),
]
_CLUB: list[Contour] = [
    _circle(0, -0.275, 0.225),
    _circle(-0.262, 0.08, 0.225),
    _circle(0.262, 0.08, 0.225),
    ((0, -0.12), (("L", 0.14, 0.06), ("L", 0, 0.2), ("L", -0.14, 0.06))),
    _stem(0.1, 0.2),
]
_HEART: list[Contour] = [
    (
        (0, 0.5),
        (
            ("C", 0.09, 0.33, 0.5, 0.1, 0.5, -0.19),
            ("C", 0.5, -0.38, 0.39, -0.5, 0.255, -0.5),
            ("C", 0.13, -0.5, 0.04, -0.42, 0, -0.31),
            ("C", -0.04, -0.42, -0.13, -0.5, -0.255, -0.5),
            ("C", -0.39, -0.5, -0.5, -0.38, -0.5, -0.19),
            ("C", -0.5, 0.1, -0.09, 0.33, 0, 0.5),
        ),
    )
]
_DIAMOND: list[Contour] = [
    (
        (0, -0.5),
        (
            ("C", 0.12, -0.33, 0.26, -0.15, 0.39, 0),
            ("C", 0.26, 0.15, 0.12, 0.33, 0, 0.5),
            ("C", -0.12, 0.33, -0.26, 0.15, -0.39, 0),
            ("C", -0.26, -0.15, -0.12, -0.33, 0, -0.5),
        ),
    )
]


def _arrow() -> list[tuple[tuple[float, float], ...]]:
    """→ on PT Serif's maths axis, with a swept-back head: polygon in font units, y up."""
    axis, half = 262, 26
    return [
        (
            (70, axis - half), (700, axis - half), (610, axis - 150), (650, axis - 150), (860, axis),
            (650, axis + 150), (610, axis + 150), (700, axis + half), (70, axis + half),
        )
    ]


def _flatten(contour: Contour, steps: int = 12) -> list[tuple[float, float]]:
    """Points of a contour with its cubics sampled: only used to learn which way it winds."""
    points = [contour[0]]
    x0, y0 = contour[0]
    for seg in contour[1]:
        if seg[0] == "L":
            x0, y0 = seg[1], seg[2]
            points.append((x0, y0))
        else:
            _, x1, y1, x2, y2, x3, y3 = seg
            for i in range(1, steps + 1):
                t = i / steps
                u = 1 - t
                points.append((
                    u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                    u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3,
                ))
            x0, y0 = x3, y3
    return points


def _area(points: Sequence[tuple[float, float]]) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True)) / 2


def _sign_glyph(contours: list[Contour]) -> tuple[Any, int]:
    """A TrueType glyph from unit-box contours: scaled to SIGN_HEIGHT, standing on the baseline."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    xs = [x for c in contours for x, _ in _flatten(c)]
    left = min(xs)

    def tx(x: float, y: float) -> tuple[float, float]:
        return round((x - left) * SIGN_HEIGHT + SIDE, 1), round((0.5 - y) * SIGN_HEIGHT, 1)

    tt_pen = TTGlyphPen(None)
    pen = Cu2QuPen(tt_pen, max_err=0.6)
    for contour in contours:
        # Every contour must wind the same way, clockwise as TrueType wants, or the club's overlapping
        # lobes would cancel under the non-zero rule. Positive area with y down is clockwise on screen.
        start, segments = contour
        if _area(_flatten(contour)) < 0:
            contour = _reverse(contour)
            start, segments = contour
        pen.moveTo(tx(*start))
        for seg in segments:
            if seg[0] == "L":
                pen.lineTo(tx(seg[1], seg[2]))
            else:
                pen.curveTo(tx(seg[1], seg[2]), tx(seg[3], seg[4]), tx(seg[5], seg[6]))
        pen.closePath()
    width = round((max(xs) - left) * SIGN_HEIGHT + 2 * SIDE)
    return tt_pen.glyph(), width


def _reverse(contour: Contour) -> Contour:
    """The same contour traced the other way round."""
    start, segments = contour
    points = [start]
    for seg in segments:
        points.append((seg[-2], seg[-1]))
    out: list[Segment] = []
    for i in range(len(segments) - 1, -1, -1):
        seg = segments[i]
        end = points[i]
        if seg[0] == "L":
            out.append(("L", *end))
        else:
            out.append(("C", seg[3], seg[4], seg[1], seg[2], *end))
    return points[-1], tuple(out)


def _polygon_glyph(polygons: list[tuple[tuple[float, float], ...]], width: int) -> tuple[Any, int]:
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    pen = TTGlyphPen(None)
    for polygon in polygons:
        points = list(polygon) if _area(polygon) < 0 else list(reversed(polygon))
        pen.moveTo(points[0])
        for point in points[1:]:
            pen.lineTo(point)
        pen.closePath()
    return pen.glyph(), width


def signs_font_bytes() -> bytes:
    """The signs font as TrueType bytes; the same bytes every time (fixed timestamps)."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    empty = TTGlyphPen(None).glyph()
    notdef_pen = TTGlyphPen(None)
    for box in (((50, 0), (450, 0), (450, 700), (50, 700)), ((100, 50), (100, 650), (400, 650), (400, 50))):
        notdef_pen.moveTo(box[0])
        for point in box[1:]:
            notdef_pen.lineTo(point)
        notdef_pen.closePath()
    glyphs = {".notdef": (notdef_pen.glyph(), 500), "space": (empty, 250)}
    for name, contours in (("spade", _SPADE), ("club", _CLUB), ("heart", _HEART), ("diamond", _DIAMOND)):
        glyphs[name] = _sign_glyph(contours)
    glyphs["arrowright"] = _polygon_glyph(_arrow(), 930)

    fb = FontBuilder(UNITS, isTTF=True)
    fb.font.recalcTimestamp = False
    order = list(glyphs)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({0x20: "space", 0x2660: "spade", 0x2663: "club", 0x2665: "heart", 0x2666: "diamond",
                          0x2192: "arrowright"})
    fb.setupGlyf({name: glyph for name, (glyph, _) in glyphs.items()})
    glyf = fb.font["glyf"]
    metrics = {}
    for name, (_, width) in glyphs.items():
        g = glyf[name]
        g.recalcBounds(glyf)
        metrics[name] = (width, getattr(g, "xMin", 0))
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=1039, descent=-286)
    fb.setupNameTable({"familyName": "Pasyans Signs", "styleName": "Regular", "psName": "PasyansSigns-Regular",
                       "copyright": "Drawn for pasyans", "version": "Version 1.0"})
    fb.setupOS2(sTypoAscender=1039, sTypoDescender=-286, usWinAscent=1039, usWinDescent=286, fsType=0,
                sCapHeight=700, sxHeight=500)
    fb.setupPost()
    fb.setupHead(unitsPerEm=UNITS, created=0, modified=0)
    fb.font["head"].created = fb.font["head"].modified = 0
    buffer = io.BytesIO()
    fb.save(buffer)
    return buffer.getvalue()
