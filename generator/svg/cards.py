"""The SVG back end for card art: faces as ``<symbol>`` in ``<defs>``, placed with ``<use>``.

A figure calls ``card_defs`` once for the cards it shows, then places each
with ``<use href="#c-Qs" x=… y=… width=… height=…>``; shared outlines (pips,
indices, court letters, crowns) are defined once and reused inside the faces.
Plain ``href`` (SVG 2) is used: cairosvg and Chromium both honour it, and a
fragment then needs no xlink namespace from the host document.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from markupsafe import Markup

from ..art.faces import CARD_H, CARD_W, Face, Shape, Use, card_code, face, shared, shared_refs_order
from ..art.faces import back as back_face
from ..art.palette import colour
from ..art.paths import Path, rotate180
from ..cards import Card
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


def _join(tokens: Iterable[str], prev: str = "") -> str:
    """Numbers run together as tightly as the path grammar allows.

    A minus sign separates, and so does a second decimal point (``1.5.5`` is
    1.5 then .5): cairosvg and Chromium both read it that way.
    """
    out = ""
    for s in tokens:
        if prev and not (s.startswith("-") or (s.startswith(".") and "." in prev)):
            out += " "
        out += s
        prev = s
    return out


def _nums(values: Iterable[float]) -> str:
    """Numbers joined by spaces, except where a minus sign or a second point already separates them."""
    return _join(num(v) for v in values)


def _fixed(n: int, decimals: int) -> str:
    """``n`` hundredths (for two decimals) as the shortest decimal: 150 → ``1.5``, -50 → ``-.5``."""
    if not decimals:
        return str(n)
    sign = "-" if n < 0 else ""
    whole, frac = divmod(abs(n), 10**decimals)
    tail = f"{frac:0{decimals}d}".rstrip("0")
    if not tail:
        return sign + str(whole)
    return sign + (str(whole) if whole else "") + "." + tail


def path_d(path: Path, decimals: int = 2) -> str:
    """SVG path data, as short as it safely gets: each command absolute or relative, whichever is shorter.

    Coordinates are rounded once to ``decimals`` on an integer grid and relative
    steps are taken between *rounded* points, so nothing drifts however long the
    path.  Horizontal and vertical lines become H/V, and a repeated command
    letter is left out (an implicit lineto follows a moveto).
    """
    q = 10**decimals
    out: list[str] = []
    last_num = ""  # the last number written, when the last thing written was a number
    implicit = ""  # the letter a bare number pair would continue with
    cx = cy = sx = sy = 0  # current point and subpath start, in grid units

    def render(letter: str, values: list[int]) -> tuple[str, str, str]:
        """(text, its last number, its letter), the letter left out where the grammar implies it."""
        tokens = [_fixed(v, decimals) for v in values]
        if letter == implicit and last_num:
            return _join(tokens, last_num), tokens[-1], letter
        return letter + _join(tokens), tokens[-1], letter

    for cmd in path.commands:
        op = cmd[0]
        if op == "Z":
            out.append("z")
            last_num, implicit = "", ""
            cx, cy = sx, sy
            continue
        pts = [round(v * q) for v in cmd[1:]]
        rel = [v - (cx if i % 2 == 0 else cy) for i, v in enumerate(pts)]
        if op == "L" and rel[1] == 0:
            options = [("H", [pts[0]]), ("h", [rel[0]])]
        elif op == "L" and rel[0] == 0:
            options = [("V", [pts[1]]), ("v", [rel[1]])]
        elif op == "M" and not out:
            options = [("M", pts)]
        else:
            options = [(op, pts), (op.lower(), rel)]
        text, last_num, letter = min((render(*option) for option in options), key=lambda t: len(t[0]))
        out.append(text)
        implicit = {"M": "L", "m": "l"}.get(letter, letter)
        cx, cy = pts[-2], pts[-1]
        if op == "M":
            sx, sy = cx, cy
    return "".join(out)


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
        place = [(k, num(v)) for k, v in (("x", e), ("y", f)) if num(v) != "0"]
    elif (round(a, 6), round(b, 6), round(c, 6), round(d, 6)) == (-1, 0, 0, -1):
        # A half turn about the pip's centre: rotate(180 cx cy), with cx = e/2, cy = f/2.
        place = [("transform", f"rotate(180 {_nums((e / 2, f / 2))})")]
    elif abs(b) < 1e-9 and abs(c) < 1e-9 and abs(a - d) < 1e-9:
        place = [("transform", f"translate({_nums((e, f))}) scale({_scale_num(a)})")]
    else:
        place = [("transform", "matrix(" + " ".join(_scale_num(v) for v in (a, b, c, d)) + " " + _nums((e, f)) + ")")]
    return (("href", "#" + item.ref), *place)


Paint = tuple[tuple[str, str], ...]


def _use_paint(item: Use) -> Paint:
    return _paint(item.fill, item.stroke, item.width)


def _nodes(items: Iterable[Shape | Use], painted: frozenset[str] = frozenset()) -> tuple[Node, ...]:
    """Elements for a face; runs of ``<use>`` with the same paint share one ``<g>`` carrying it.

    A use of an outline in ``painted`` carries no paint (its definition does,
    and an element's own paint beats what it inherits), so it joins any run.
    """
    out: list[Node] = []
    run: list[Use] = []
    run_paint: Paint | None = None

    def flush() -> None:
        nonlocal run_paint
        if not run:
            return
        uses = tuple(Node("use", _use_attrs(u)) for u in run)
        if run_paint is None:
            out.extend(uses)
        elif len(run) == 1:
            out.append(Node("use", uses[0].attrs + run_paint))
        else:
            out.append(Node("g", run_paint, uses))
        run.clear()
        run_paint = None

    for item in items:
        if isinstance(item, Use):
            if item.ref not in painted:
                paint = _use_paint(item)
                if run_paint is not None and paint != run_paint:
                    flush()
                run_paint = paint
            run.append(item)
            continue
        flush()
        attrs = [("d", path_d(item.path)), *_paint(item.fill, item.stroke, item.width)]
        if item.evenodd:
            attrs.append(("fill-rule", "evenodd"))
        out.append(Node("path", tuple(attrs)))
    flush()
    return tuple(out)


def _turned(item: Use, width: float, height: float) -> Use:
    """``item`` turned half round the card's centre: where a double-ended card repeats it upside down."""
    return dataclasses.replace(item, at=item.at.then(rotate180(width / 2, height / 2)))


def _same(a: Use, b: Use) -> bool:
    """The same outline and paint at the same place (up to rounding)."""
    return (a.ref, a.fill, a.stroke, a.width) == (b.ref, b.fill, b.stroke, b.width) and all(
        abs(u - v) < 1e-6 for u, v in zip(a.at, b.at, strict=True)
    )


def _face_nodes(fc: Face, painted: frozenset[str]) -> tuple[Node, ...]:
    """A face's elements; the half of a double-ended card is written once and used again turned over.

    Uses whose turned twin is also on the face (the upper pips and corner of
    a number card, the upper crown, letter and signs of a court) go into one
    ``<g id="h-…">``; one ``<use>`` turns it round for the lower half.  The
    two halves never overlap each other or anything else but the paper and
    the panel, so they can be painted after everything else without a
    visible change.
    """
    items = list(fc.items)
    upper: list[Use] = []
    lower: set[int] = set()
    for i, item in enumerate(items):
        if i in lower or not isinstance(item, Use):
            continue
        twin = _turned(item, fc.width, fc.height)
        for j in range(i + 1, len(items)):
            other = items[j]
            if j not in lower and isinstance(other, Use) and _same(other, twin):
                upper.append(item)
                lower.update((i, j))
                break
    if len(upper) < 2:
        return _nodes(items, painted)
    rest = [item for i, item in enumerate(items) if i not in lower]
    half = _nodes(upper, painted)
    hid = "h-" + fc.name
    if len(half) == 1 and half[0].tag == "g":
        group = Node("g", (("id", hid), *half[0].attrs), half[0].children)
    else:
        group = Node("g", (("id", hid),), half)
    turn = Node("use", (("href", "#" + hid), ("transform", f"rotate(180 {_nums((fc.width / 2, fc.height / 2))})")))
    return (*_nodes(rest, painted), group, turn)


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
    return _defs(_faces(keys, colors))


def _defs(faces: list[tuple[str, Face]]) -> str:
    """Shared outlines and one symbol per face, for the faces given as (element id, face)."""
    refs = sorted({r for _, fc in faces for r in fc.refs()}, key=shared_refs_order)
    # An outline painted alike wherever this document uses it (the card's edge, a suit's pips) carries its
    # paint on its definition, once, instead of on every use.
    paints: dict[str, set[Paint]] = {r: set() for r in refs}
    for _, fc in faces:
        for item in fc.items:
            if isinstance(item, Use):
                paints[item.ref].add(_use_paint(item))
    painted = frozenset(r for r in refs if len(paints[r]) == 1)
    shared_paths = [
        {"id": r, "d": path_d(shared(r)), "paint": next(iter(paints[r])) if r in painted else ()} for r in refs
    ]
    symbols = [
        {"id": key, "viewbox": f"0 0 {num(fc.width)} {num(fc.height)}", "children": _face_nodes(fc, painted)}
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


def card_words(index: int | None) -> tuple[str, str]:
    """A card's title and description in Russian, for a screen reader: («Д♠ — дама пик», «Игральная карта: …»)."""
    if index is None:
        return "Рубашка карты", "Рубашка игральной карты: узор, одинаковый у всех карт колоды."
    card = Card.from_index(index)
    return f"{card} — {card.name_ru}", f"Игральная карта: {card.name_ru}, {card}."


def card_svg(index: int | None, *, colors: int = 2, width_mm: float = CARD_W) -> str:
    """A standalone SVG document of one face (``None``: the back), ``width_mm`` wide on paper."""
    height_mm = width_mm * CARD_H / CARD_W
    title, desc = card_words(index)
    return environment().get_template("card.svg.j2").render(
        title=title,
        desc=desc,
        viewbox=f"0 0 {num(CARD_W)} {num(CARD_H)}",
        width=num(width_mm),
        height=num(height_mm),
        defs=Markup(card_defs([index], colors=colors)),
        id=card_id(index),
        card_w=num(CARD_W),
        card_h=num(CARD_H),
    )


def face_svg(fc: Face, title: str, desc: str) -> str:
    """A standalone SVG document of any face, at its own size in millimetres (a printed card with its bleed)."""
    key = "c-" + fc.name
    return environment().get_template("card.svg.j2").render(
        title=title,
        desc=desc,
        viewbox=f"0 0 {num(fc.width)} {num(fc.height)}",
        width=num(fc.width),
        height=num(fc.height),
        defs=Markup(_defs([(key, fc)])),
        id=key,
        card_w=num(fc.width),
        card_h=num(fc.height),
    )
