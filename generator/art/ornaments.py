"""The court cards' headwear, one motif per rank so В, Д and К part at a glance even at 15 mm.

К wears a pointed crown, Д a kokoshnik (the Russian lady's headdress), В a
laurel wreath.  Each motif is two outlines sharing one origin (the bottom
centre, motif above it, y down): the *body*, filled gold and outlined in the
suit colour, and the *detail* (pearls, jewels, stems), filled in the suit colour.
"""

from __future__ import annotations

import functools
import math

from .paths import Path, PathBuilder, circle, join, points_along, polygon, rect, rotation, smooth
from .suits import clockwise

Motif = tuple[Path, Path]


def _king_crown() -> Motif:
    """Band and five spikes with pearls on the tips; lozenge jewels on the band."""
    tips = [(-9.4, -7.0), (-4.8, -8.6), (0.0, -10.2), (4.8, -8.6), (9.4, -7.0)]
    valleys = [(-7.0, -4.0), (-2.4, -4.6), (2.4, -4.6), (7.0, -4.0)]
    pts = [(-8.6, 0.0), (-8.6, -2.6), tips[0]]
    for v, t in zip(valleys, tips[1:], strict=True):
        pts += [v, t]
    pts += [(8.6, -2.6), (8.6, 0.0)]
    body = join([clockwise(polygon(pts)), *(circle(tx, ty - 0.75, 0.85) for tx, ty in tips)])
    jewels = [clockwise(polygon([(x, -2.05), (x + 0.75, -1.3), (x, -0.55), (x - 0.75, -1.3)])) for x in (-5, 0, 5)]
    detail = join([*jewels, rect(-8.6, -2.75, 17.2, 0.3), *(circle(x, -1.3, 0.35) for x in (-2.5, 2.5))])
    return body, detail


def _ogee(w: float, top: float, base: float) -> Path:
    """An arch from ``(-w, base)`` to ``(w, base)`` rising to a point at ``(0, top)``: the kokoshnik's outline."""
    h = base - top
    return (
        PathBuilder()
        .move(-w, base)
        .curve(-w * 1.04, base - 0.55 * h, -w * 0.5, base - 0.86 * h, 0.0, top)
        .curve(w * 0.5, base - 0.86 * h, w * 1.04, base - 0.55 * h, w, base)
        .close()
        .path()
    )


def _queen_kokoshnik() -> Motif:
    """A tall ogee headdress: pearls along its edge, a drop jewel, and a pearl fringe (podzor) beneath."""
    fringe = [circle(-7.2 + 1.2 * i, 0.4, 0.5) for i in range(13)]
    body = join([clockwise(_ogee(8.6, -11.6, -0.8)), *fringe])
    # Pearls follow an inner ogee, set by arc length so they sit evenly; the closing base line is not walked.
    inner = Path(_ogee(6.9, -9.3, -0.8).commands[:-1])
    pearls = [circle(x, y, 0.42) for x, y in points_along(inner, 13, inset=1.4)]
    drop = (
        PathBuilder().move(0.0, -7.0).curve(1.1, -5.6, 1.5, -4.6, 1.5, -3.9)
        .curve(1.5, -3.0, 0.8, -2.5, 0.0, -2.5).curve(-0.8, -2.5, -1.5, -3.0, -1.5, -3.9)
        .curve(-1.5, -4.6, -1.1, -5.6, 0.0, -7.0).close().path()
    )
    detail = join([*pearls, clockwise(drop), rect(-8.6, -1.1, 17.2, 0.6)])
    return body, detail


def _leaf(x: float, y: float, angle: float, length: float, width: float) -> Path:
    """A pointed leaf growing from ``(x, y)`` in direction ``angle`` (radians, y down)."""
    leaf = (
        PathBuilder()
        .move(0.0, 0.0)
        .curve(length * 0.25, -width * 0.75, length * 0.65, -width * 0.7, length, 0.0)
        .curve(length * 0.65, width * 0.7, length * 0.25, width * 0.75, 0.0, 0.0)
        .close()
        .path()
    )
    return clockwise(leaf.transformed(rotation(angle, x, y)))


def _jack_wreath() -> Motif:
    """A laurel wreath open at the top, its two branches tied with a lozenge jewel at the bottom."""
    rx, ry, cy = 8.5, 5.3, -5.7

    def on_arc(t: float, grow: float = 0.0) -> tuple[float, float]:
        # t = 0 at the bottom of the ellipse, growing up the right-hand side.
        return (rx + grow) * math.sin(t), cy + (ry + grow) * math.cos(t)

    def heading(t: float, side: int) -> float:
        return math.atan2(-ry * math.sin(t), rx * math.cos(t) * side)

    leaves: list[Path] = []
    stems: list[Path] = []
    for side in (1, -1):
        for k in range(5):
            t = 0.42 + 0.44 * k
            x, y = on_arc(t)
            size = 1.0 - 0.06 * k
            leaves.append(_leaf(x * side, y, heading(t, side) - side * 0.6, 3.9 * size, 1.6 * size))
            leaves.append(_leaf(x * side, y, heading(t, side) + side * 0.72, 2.7 * size, 1.1 * size))
        x, y = on_arc(2.55)
        leaves.append(_leaf(x * side, y, heading(2.55, side), 3.3, 1.35))
        # The branch: a thin band along the arc, tapering toward its tip.
        inner_edge, outer_edge = [], []
        for k in range(13):
            t = 0.05 + 2.5 * k / 12
            w = 0.32 * (1 - 0.6 * k / 12)
            (xi, yi), (xo, yo) = on_arc(t, -w), on_arc(t, w)
            inner_edge.append((xi * side, yi))
            outer_edge.append((xo * side, yo))
        stems.append(clockwise(smooth(inner_edge + outer_edge[::-1], corners=(0, 12, 13, 25))))
    knot = clockwise(polygon([(0.0, -2.2), (1.2, -0.9), (0.0, 0.4), (-1.2, -0.9)]))
    return join([*leaves, knot]), join([*stems, circle(0.0, -0.9, 0.45)])


_MOTIFS = {"J": _jack_wreath, "Q": _queen_kokoshnik, "K": _king_crown}


@functools.lru_cache(maxsize=3)
def ornament(rank_code: str) -> Motif:
    """``(body, detail)`` of the motif for ``J``, ``Q`` or ``K``, about 18 mm wide and 11 mm tall."""
    return _MOTIFS[rank_code]()

