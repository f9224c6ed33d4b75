"""A tiny vector path type shared by every back end (SVG, reportlab PDF).

Coordinates are millimetres with y pointing down, as in SVG; the PDF back end
flips once per card.  A path is an immutable tuple of absolute commands, so a
face can be hashed, cached and serialised in a fixed order (same input, same
bytes).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from typing import Any, NamedTuple

#: One command: ``("M", x, y)``, ``("L", x, y)``, ``("C", x1, y1, x2, y2, x, y)`` or ``("Z",)``: a letter, then
#: coordinates (``Any``: a union of the four shapes would make every ``cmd[i]`` a case to narrow).
Command = tuple[Any, ...]


class Affine(NamedTuple):
    """A 2-D affine map ``(x, y) -> (a*x + c*y + e, b*x + d*y + f)``, SVG's ``matrix(a b c d e f)`` order."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f

    def then(self, other: Affine) -> Affine:
        """This map followed by ``other`` (``other ∘ self``)."""
        a, b, c, d, e, f = self
        A, B, C, D, E, F = other
        return Affine(A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F)


IDENTITY = Affine()


def translate(dx: float, dy: float) -> Affine:
    return Affine(1, 0, 0, 1, dx, dy)


def scale(sx: float, sy: float | None = None) -> Affine:
    return Affine(sx, 0, 0, sx if sy is None else sy, 0, 0)


def place(x: float, y: float, size: float = 1.0, *, turned: bool = False) -> Affine:
    """Scale by ``size``, turn 180° if ``turned``, then move the origin to ``(x, y)``: how pips are set."""
    s = -size if turned else size
    return Affine(s, 0, 0, s, x, y)


def rotate180(cx: float, cy: float) -> Affine:
    """Half turn about ``(cx, cy)``: the lower half of a double-ended card."""
    return Affine(-1, 0, 0, -1, 2 * cx, 2 * cy)


class Path(NamedTuple):
    """An outline made of absolute M/L/C/Z commands."""

    commands: tuple[Command, ...] = ()

    def transformed(self, m: Affine) -> Path:
        out: list[Command] = []
        for cmd in self.commands:
            if cmd[0] == "Z":
                out.append(cmd)
                continue
            pts: list[float] = []
            for i in range(1, len(cmd), 2):
                pts.extend(m.apply(cmd[i], cmd[i + 1]))
            out.append((cmd[0], *pts))
        return Path(tuple(out))

    def translate(self, dx: float, dy: float) -> Path:
        return self.transformed(translate(dx, dy))

    def scale(self, sx: float, sy: float | None = None) -> Path:
        return self.transformed(scale(sx, sy))

    def rotate180(self, cx: float = 0.0, cy: float = 0.0) -> Path:
        return self.transformed(rotate180(cx, cy))

    def mirror_x(self, cx: float = 0.0) -> Path:
        """Left-right mirror about the vertical line ``x = cx`` (reverses the winding)."""
        return self.transformed(Affine(-1, 0, 0, 1, 2 * cx, 0))

    def __add__(self, other: object) -> Path:
        if not isinstance(other, Path):
            return NotImplemented
        return Path(self.commands + other.commands)

    def bbox(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` of the control polygon: exact for lines, a safe bound for curves."""
        xs = [c[i] for c in self.commands for i in range(1, len(c), 2)]
        ys = [c[i] for c in self.commands for i in range(2, len(c), 2)]
        if not xs:
            return (0.0, 0.0, 0.0, 0.0)
        return (min(xs), min(ys), max(xs), max(ys))

    def reversed(self) -> Path:
        """The same outline traced backwards, so it cuts a hole under the non-zero rule."""
        out: list[Command] = []
        for sub in _subpaths(self.commands):
            closed = sub[-1][0] == "Z"
            body = [c for c in sub if c[0] != "Z"]
            points = [(c[-2], c[-1]) for c in body]
            out.append(("M", *points[-1]))
            for i in range(len(body) - 1, 0, -1):
                cmd, prev = body[i], points[i - 1]
                if cmd[0] == "C":
                    out.append(("C", cmd[3], cmd[4], cmd[1], cmd[2], *prev))
                else:
                    out.append(("L", *prev))
            if closed:
                out.append(("Z",))
        return Path(tuple(out))


def _subpaths(commands: Iterable[Command]) -> list[list[Command]]:
    subs: list[list[Command]] = []
    for cmd in commands:
        if cmd[0] == "M" or not subs:
            subs.append([])
        subs[-1].append(cmd)
    return subs


def bezier_point(
    p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float], t: float
) -> tuple[float, float]:
    """The point at parameter ``t`` of a cubic Bézier."""
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]


def flatten(path: Path, steps: int = 32) -> list[tuple[float, float]]:
    """On-curve points of ``path`` with every curve cut into ``steps`` chords (sub-paths run together)."""
    pts: list[tuple[float, float]] = []
    for cmd in path.commands:
        if cmd[0] in ("M", "L"):
            pts.append((cmd[1], cmd[2]))
        elif cmd[0] == "C":
            p0 = pts[-1]
            ctrl = ((cmd[1], cmd[2]), (cmd[3], cmd[4]), (cmd[5], cmd[6]))
            pts.extend(bezier_point(p0, *ctrl, k / steps) for k in range(1, steps + 1))
    return pts


def points_along(path: Path, n: int, inset: float = 0.0) -> list[tuple[float, float]]:
    """``n`` points evenly spaced by length along ``path``'s drawn segments, ``inset`` mm in from both ends.

    How a row of pearls is set along a curved edge.
    """
    pts = flatten(path)
    lengths = [0.0]
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    out: list[tuple[float, float]] = []
    j = 0
    for i in range(n):
        target = inset + (lengths[-1] - 2 * inset) * i / max(n - 1, 1)
        while j < len(lengths) - 2 and lengths[j + 1] < target:
            j += 1
        t = (target - lengths[j]) / ((lengths[j + 1] - lengths[j]) or 1.0)
        (x0, y0), (x1, y1) = pts[j], pts[j + 1]
        out.append((x0 + t * (x1 - x0), y0 + t * (y1 - y0)))
    return out


def join(paths: Iterable[Path]) -> Path:
    """Concatenate outlines into one compound path."""
    return Path(tuple(cmd for p in paths for cmd in p.commands))


class PathBuilder:
    """Pen-style construction: ``b.move(x, y).line(...).curve(...).close()``, then ``b.path()``."""

    def __init__(self) -> None:
        self._cmds: list[Command] = []

    def move(self, x: float, y: float) -> PathBuilder:
        self._cmds.append(("M", x, y))
        return self

    def line(self, x: float, y: float) -> PathBuilder:
        self._cmds.append(("L", x, y))
        return self

    def curve(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> PathBuilder:
        self._cmds.append(("C", x1, y1, x2, y2, x, y))
        return self

    def close(self) -> PathBuilder:
        self._cmds.append(("Z",))
        return self

    def path(self) -> Path:
        return Path(tuple(self._cmds))


# Circle by four cubic arcs: the standard kappa keeps the radius error under 0.03 %.
KAPPA = 4 * (math.sqrt(2) - 1) / 3


def ellipse(cx: float, cy: float, rx: float, ry: float | None = None) -> Path:
    """A closed ellipse, traced clockwise on screen (y down)."""
    ry = rx if ry is None else ry
    kx, ky = rx * KAPPA, ry * KAPPA
    return (
        PathBuilder()
        .move(cx + rx, cy)
        .curve(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)
        .curve(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)
        .curve(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)
        .curve(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)
        .close()
        .path()
    )


def circle(cx: float, cy: float, r: float) -> Path:
    return ellipse(cx, cy, r, r)


def rect(x: float, y: float, w: float, h: float) -> Path:
    """A closed rectangle, clockwise on screen."""
    return PathBuilder().move(x, y).line(x + w, y).line(x + w, y + h).line(x, y + h).close().path()


def rounded_rect(x: float, y: float, w: float, h: float, r: float) -> Path:
    """A rectangle with quarter-circle corners of radius ``r``, clockwise on screen."""
    if r <= 0:
        return rect(x, y, w, h)
    k = r * (1 - KAPPA)
    x1, y1 = x + w, y + h
    return (
        PathBuilder()
        .move(x + r, y)
        .line(x1 - r, y)
        .curve(x1 - k, y, x1, y + k, x1, y + r)
        .line(x1, y1 - r)
        .curve(x1, y1 - k, x1 - k, y1, x1 - r, y1)
        .line(x + r, y1)
        .curve(x + k, y1, x, y1 - k, x, y1 - r)
        .line(x, y + r)
        .curve(x, y + k, x + k, y, x + r, y)
        .close()
        .path()
    )


def notched_rect(x: float, y: float, w: float, h: float, r: float) -> Path:
    """A rectangle whose corners are cut by inward quarter circles of radius ``r`` (a classic frame rule)."""
    k = r * KAPPA
    x1, y1 = x + w, y + h
    return (
        PathBuilder()
        .move(x + r, y)
        .line(x1 - r, y)
        .curve(x1 - r, y + k, x1 - k, y + r, x1, y + r)
        .line(x1, y1 - r)
        .curve(x1 - k, y1 - r, x1 - r, y1 - k, x1 - r, y1)
        .line(x + r, y1)
        .curve(x + r, y1 - k, x + k, y1 - r, x, y1 - r)
        .line(x, y + r)
        .curve(x + k, y + r, x + r, y + k, x + r, y)
        .close()
        .path()
    )


def rotation(angle: float, x: float = 0.0, y: float = 0.0) -> Affine:
    """Turn by ``angle`` radians (clockwise on screen, y down), then move the origin to ``(x, y)``."""
    co, si = math.cos(angle), math.sin(angle)
    return Affine(co, si, -si, co, x, y)


def polygon(points: Iterable[tuple[float, float]]) -> Path:
    pts = list(points)
    b = PathBuilder().move(*pts[0])
    for p in pts[1:]:
        b.line(*p)
    return b.close().path()


def polyline(points: Iterable[tuple[float, float]]) -> Path:
    """An open run of straight segments (for strokes)."""
    pts = list(points)
    b = PathBuilder().move(*pts[0])
    for p in pts[1:]:
        b.line(*p)
    return b.path()


def smooth(points: Iterable[tuple[float, float]], *, closed: bool = True, corners: Iterable[int] = ()) -> Path:
    """A Catmull–Rom spline through ``points`` as cubic curves; indices in ``corners`` stay sharp.

    Lets organic shapes (a plume, a leaf) be given as a handful of points
    computed from a spine, instead of hand-tuned control points.
    """
    pts = list(points)
    n = len(pts)
    sharp = set(corners)

    def tangent(i: int) -> tuple[float, float]:
        if i in sharp or (not closed and i in (0, n - 1)):
            return (0.0, 0.0)
        (x0, y0), (x1, y1) = pts[(i - 1) % n], pts[(i + 1) % n]
        return ((x1 - x0) / 6, (y1 - y0) / 6)

    b = PathBuilder().move(*pts[0])
    for i in range(n if closed else n - 1):
        j = (i + 1) % n
        (ax, ay), (bx, by) = tangent(i), tangent(j)
        b.curve(pts[i][0] + ax, pts[i][1] + ay, pts[j][0] - bx, pts[j][1] - by, *pts[j])
    if closed:
        b.close()
    return b.path()
