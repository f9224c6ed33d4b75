"""Our own ♠ ♣ ♥ ♦: clean outlines drawn for cards, not borrowed from a font.

Each sign is one compound path, 1 unit tall, centred on the origin (y down),
so a pip of height ``h`` at ``(x, y)`` is ``place(x, y, h)``.  Sub-paths all
wind the same way, so the non-zero rule fills the club's overlapping lobes.
"""

from __future__ import annotations

import functools

from .paths import Path, PathBuilder, circle, join, polygon

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)


def signed_area(path: Path) -> float:
    """Shoelace area of the on-curve polygon: positive means clockwise on screen (y down)."""
    area = 0.0
    pts = [(c[-2], c[-1]) for c in path.commands if c[0] != "Z"]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
        area += x0 * y1 - x1 * y0
    return area / 2


def clockwise(path: Path) -> Path:
    """The same single contour, traced clockwise on screen."""
    return path if signed_area(path) > 0 else path.reversed()


def _stem(top: float, half_base: float) -> Path:
    """The flared foot shared by ♠ and ♣: concave sides from a narrow neck at ``top`` to the base at y = 0.5."""
    neck = 0.035
    return clockwise(
        PathBuilder()
        .move(-neck, top)
        .line(neck, top)
        .curve(neck, 0.36, 0.09, 0.47, half_base, 0.5)
        .line(-half_base, 0.5)
        .curve(-0.09, 0.47, -neck, 0.36, -neck, top)
        .close()
        .path()
    )


def _heart() -> Path:
    return (
        PathBuilder()
        .move(0, 0.5)
        .curve(0.09, 0.33, 0.5, 0.1, 0.5, -0.19)
        .curve(0.5, -0.38, 0.39, -0.5, 0.255, -0.5)
        .curve(0.13, -0.5, 0.04, -0.42, 0, -0.31)
        .curve(-0.04, -0.42, -0.13, -0.5, -0.255, -0.5)
        .curve(-0.39, -0.5, -0.5, -0.38, -0.5, -0.19)
        .curve(-0.5, 0.1, -0.09, 0.33, 0, 0.5)
        .close()
        .path()
    )


def _diamond() -> Path:
    w = 0.39
    return (
        PathBuilder()
        .move(0, -0.5)
        .curve(0.12, -0.33, 0.26, -0.15, w, 0)
        .curve(0.26, 0.15, 0.12, 0.33, 0, 0.5)
        .curve(-0.12, 0.33, -0.26, 0.15, -w, 0)
        .curve(-0.26, -0.15, -0.12, -0.33, 0, -0.5)
        .close()
        .path()
    )


def _spade() -> Path:
    body = clockwise(
        PathBuilder()
        .move(0, -0.5)
        .curve(0.1, -0.33, 0.47, -0.14, 0.47, 0.1)
        .curve(0.47, 0.26, 0.36, 0.34, 0.245, 0.34)
        .curve(0.13, 0.34, 0.05, 0.27, 0.0, 0.2)
        .curve(-0.05, 0.27, -0.13, 0.34, -0.245, 0.34)
        .curve(-0.36, 0.34, -0.47, 0.26, -0.47, 0.1)
        .curve(-0.47, -0.14, -0.1, -0.33, 0, -0.5)
        .close()
        .path()
    )
    return join([body, _stem(0.15, 0.2)])


def _club() -> Path:
    r = 0.225
    lobes = [circle(0, -0.5 + r, r), circle(-0.262, 0.08, r), circle(0.262, 0.08, r)]
    # The triangle of the lobes' centres knits them together: no pinholes where they meet.
    centre = clockwise(polygon([(0, -0.5 + r), (0.262, 0.08), (0, 0.16), (-0.262, 0.08)]))
    return join([*lobes, centre, _stem(0.1, 0.2)])


_MAKERS = (_spade, _club, _heart, _diamond)


@functools.lru_cache(maxsize=4)
def suit_path(suit: int) -> Path:
    """The sign of ``suit`` (0 ♠, 1 ♣, 2 ♥, 3 ♦), 1 unit tall, centred on the origin."""
    return _MAKERS[suit]()


def suit_width(suit: int) -> float:
    """Width of the sign per unit of height: the diamond is narrow, the heart nearly square."""
    x0, _, x1, _ = suit_path(suit).bbox()
    return x1 - x0
