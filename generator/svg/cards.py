"""The SVG back end for card art: faces as ``<symbol>`` in ``<defs>``, placed with ``<use>``.

A figure calls ``card_defs`` once for the cards it shows, then places each
with ``<use href="#c-Qs" x=… y=… width=… height=…>``; shared outlines (pips,
indices, court letters, crowns) are defined once and reused inside the faces.
Plain ``href`` (SVG 2) is used: cairosvg and Chromium both honour it, and a
fragment then needs no xlink namespace from the host document.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from markupsafe import Markup

from ..art.faces import CARD_H, CARD_W, Face, Shape, Use, card_code, face, shared, shared_refs_order
from ..art.faces import back as back_face
from ..art.palette import colour
from ..art.paths import Path
from .env import environment

BACK = None  # pass to ``card_svg`` for the back


@dataclass(frozen=True)
class Node:
    """One element for the template: tag, ordered attributes, children."""

    tag: str
    attrs: tuple[tuple[str, str], ...]
    children: tuple[Node, ...] = field(default=())


def num(v: float) -> str:
    """A coordinate with at most two decimals and no needless characters: ``0.5`` → ``.5``, ``-0`` → ``0``."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    if s in ("-0", ""):
        return "0"
    if s.startswith("0."):
        return s[1:]
    if s.startswith("-0."):
        return "-" + s[2:]
    return s


def _nums(values: Iterable[float]) -> str:
    """Numbers joined by spaces, except that a minus sign is its own separator."""
    out = ""
    for v in values:
        s = num(v)
        out += s if not out or s.startswith("-") else " " + s
    return out


def path_d(path: Path) -> str:
    """SVG path data from our absolute commands (the letter also separates numbers)."""
    return "".join(cmd[0] + _nums(cmd[1:]) for cmd in path.commands)


def hex_colour(role: str) -> str:
    """A role's colour in the shortest SVG form: ``#FFFFFF`` → ``#fff``."""
    c = colour(role).lower()
    return "#" + c[1::2] if c[1::2] == c[2::2] else c


def _paint(fill: str | None, stroke: str | None, width: float) -> tuple[tuple[str, str], ...]:
    attrs = [("fill", hex_colour(fill) if fill else "none")]
    if stroke:
        attrs += [("stroke", hex_colour(stroke)), ("stroke-width", num(width))]
    return tuple(attrs)


def _scale_num(v: float) -> str:
    """Scale factors keep three decimals: an index pip at 0.53 vs 0.529 is visible at 300 dpi on an ace."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return s.replace("0.", ".", 1) if s.startswith(("0.", "-0.")) else s


def _use_attrs(item: Use) -> tuple[tuple[str, str], ...]:
    a, b, c, d, e, f = item.at
    if (round(a, 6), round(b, 6), round(c, 6), round(d, 6)) == (1, 0, 0, 1):
        place = [("x", num(e)), ("y", num(f))]
    elif (round(a, 6), round(b, 6), round(c, 6), round(d, 6)) == (-1, 0, 0, -1):
        # A half turn about the pip's centre: rotate(180 cx cy), with cx = e/2, cy = f/2.
        place = [("transform", f"rotate(180 {_nums((e / 2, f / 2))})")]
    elif abs(b) < 1e-9 and abs(c) < 1e-9 and abs(a - d) < 1e-9:
        place = [("transform", f"translate({_nums((e, f))}) scale({_scale_num(a)})")]
    else:
        place = [("transform", "matrix(" + " ".join(_scale_num(v) for v in (a, b, c, d)) + " " + _nums((e, f)) + ")")]
    return (("href", "#" + item.ref), *place)


def _nodes(items: Iterable[Shape | Use]) -> tuple[Node, ...]:
    """Elements for a face; runs of ``<use>`` with the same paint share one ``<g>`` carrying it."""
    out: list[Node] = []
    run: list[Use] = []

    def flush() -> None:
        if not run:
            return
        paint = _paint(run[0].fill, run[0].stroke, run[0].width)
        uses = tuple(Node("use", _use_attrs(u)) for u in run)
        if len(run) == 1:
            out.append(Node("use", uses[0].attrs + paint))
        else:
            out.append(Node("g", paint, uses))
        run.clear()

    for item in items:
        if isinstance(item, Use):
            if run and (run[0].fill, run[0].stroke, run[0].width) != (item.fill, item.stroke, item.width):
                flush()
            run.append(item)
            continue
        flush()
        attrs = [("d", path_d(item.path)), *_paint(item.fill, item.stroke, item.width)]
        if item.evenodd:
            attrs.append(("fill-rule", "evenodd"))
        out.append(Node("path", tuple(attrs)))
    flush()
    return tuple(out)


def card_id(index: int | None) -> str:
    """Stable element id of a face: ``c-Qs``, ``c-10h``, ``c-Ad``; ``back`` for the back (``None``)."""
    return "back" if index is None else "c-" + card_code(index)


def _faces(indices: Iterable[int | None], colors: int) -> list[tuple[str, Face]]:
    """Requested faces once each, in first-request order."""
    seen: dict[str, Face] = {}
    for index in indices:
        key = card_id(index)
        if key not in seen:
            seen[key] = back_face() if index is None else face(index, colors)
    return list(seen.items())


@functools.lru_cache(maxsize=256)
def _defs_cached(keys: tuple[int | None, ...], colors: int) -> str:
    faces = _faces(keys, colors)
    refs = sorted({r for _, fc in faces for r in fc.refs()}, key=shared_refs_order)
    shared_paths = [{"id": r, "d": path_d(shared(r))} for r in refs]
    symbols = [
        {"id": key, "viewbox": f"0 0 {num(fc.width)} {num(fc.height)}", "children": _nodes(fc.items)}
        for key, fc in faces
    ]
    return environment().get_template("card_defs.svg.j2").render(shared=shared_paths, symbols=symbols)


def card_defs(indices: Iterable[int | None], *, colors: int = 2, back: bool = False) -> str:
    """The inside of a ``<defs>``: shared outlines, then one ``<symbol id="c-…">`` per distinct face.

    ``indices`` are engine cards 0..51 (``None`` also means the back); ``back``
    adds the back.  Every symbol has ``viewBox="0 0 63 88"`` (card mm), so a
    ``<use>`` with any width and height of that ratio scales the whole card.
    """
    if colors not in (2, 4):
        raise ValueError(f"a pack has 2 or 4 colours, not {colors}")
    keys = tuple(indices) + ((None,) if back else ())
    return _defs_cached(keys, colors)


def card_svg(index: int | None, *, colors: int = 2, width_mm: float = CARD_W) -> str:
    """A standalone SVG document of one face (``None``: the back), ``width_mm`` wide on paper."""
    height_mm = width_mm * CARD_H / CARD_W
    return environment().get_template("card.svg.j2").render(
        viewbox=f"0 0 {num(CARD_W)} {num(CARD_H)}",
        width=num(width_mm),
        height=num(height_mm),
        defs=Markup(card_defs([index], colors=colors)),
        id=card_id(index),
        card_w=num(CARD_W),
        card_h=num(CARD_H),
    )
