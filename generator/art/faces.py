"""Card faces as neutral vector models: what each back end (SVG, PDF) draws, and in what order.

A face is a list of items on a 63 × 88 mm card (y down).  An item is either a
``Shape`` (a path filled and/or stroked with colour *roles*) or a ``Use`` of a
shared outline (a pip, an index glyph, a court letter or crown) under an affine
map.  Shared outlines are what keep the SVG small and let the PDF store them
once; roles are turned into colours only by a back end, through ``palette``.

Layout, in card millimetres: indices in a 2–10 mm column at both corners; pips
on three columns (27/50/73 % of the width) and the classic rows (19/40/60/81 %
of the height, pips below the middle turned over); court cards in a framed,
double-ended panel with a headwear motif per rank (К pointed crown, Д
kokoshnik, В laurel wreath; see ``ornaments``).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from .glyphs import cap_height, glyph_outline
from .ornaments import ornament
from .palette import suit_role
from .paths import (
    IDENTITY,
    Affine,
    Path,
    PathBuilder,
    circle,
    join,
    notched_rect,
    place,
    polygon,
    rect,
    rounded_rect,
    translate,
)
from .suits import suit_path

CARD_W = 63.0
CARD_H = 88.0
CORNER_R = 3.0
BORDER_W = 0.25

JACK, QUEEN, KING = 11, 12, 13

#: Latin codes used in stable ids: ``Qs`` is the queen of spades, ``10h`` the ten of hearts.
RANK_CODES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_CODES = ("s", "c", "h", "d")
#: The book's index letters: Т туз, В валет, Д дама, К король.
INDEX_TEXT = ("", "Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К")


@dataclass(frozen=True)
class Shape:
    """A path painted with roles; ``width`` is the stroke width in mm, ``evenodd`` cuts holes by parity."""

    path: Path
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    evenodd: bool = False


@dataclass(frozen=True)
class Use:
    """A shared outline (``shared(ref)``) drawn under ``at``; stroke width is in the outline's own units."""

    ref: str
    at: Affine
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0


Item = Shape | Use


@dataclass(frozen=True)
class Face:
    """One side of a card: ``name`` is its stable code (``Qs``, ``10h``, ``back``)."""

    name: str
    items: tuple[Item, ...]
    width: float = CARD_W
    height: float = CARD_H

    def refs(self) -> tuple[str, ...]:
        """Shared outlines this face uses, in first-use order (deterministic defs)."""
        seen: dict[str, None] = {}
        for item in self.items:
            if isinstance(item, Use):
                seen.setdefault(item.ref, None)
        return tuple(seen)


def card_code(index: int) -> str:
    """``Qs``, ``10h``, ``Ad``…: the Latin code of engine card ``index`` (0..51)."""
    if not 0 <= index < 52:
        raise ValueError(f"card index {index} is outside 0..51")
    return RANK_CODES[index % 13 + 1] + SUIT_CODES[index // 13]


# ---------------------------------------------------------------- shared outlines

INDEX_X = 6.2  # centre of the index column
INDEX_TOP = 3.6  # top of the index capitals
INDEX_CAP = 7.8  # cap height of the index: big, for 15 mm diagram cards
INDEX_MAX_W = 7.8  # widest an index may be (the «10» is condensed to fit)
INDEX_FONT = ("PT Sans", 700)
INDEX_SUIT_H = 5.8
INDEX_SUIT_Y = INDEX_TOP + INDEX_CAP + 2.0 + INDEX_SUIT_H / 2  # centre of the small suit sign

PIP_H = 10.2
ACE_H = 25.0
COURT_LETTER_CAP = 12.6
COURT_FONT = ("PT Serif", 700)


def _centred_glyphs(text: str, cap: float, family: str, weight: int, max_w: float | None) -> Path:
    """``text`` with caps ``cap`` mm tall, ink centred on x = 0, cap top at y = 0; condensed if over ``max_w``.

    Letters are set ink to ink with a fixed gap rather than by advance widths:
    the «10» of an index must be tight, and nothing else here has two letters.
    """
    size = cap / cap_height(1.0, family, weight)
    pieces: list[Path] = []
    x = 0.0
    for i, char in enumerate(text):
        outline, _ = glyph_outline(char, size, family, weight)
        x0, _, x1, _ = outline.bbox()
        if i:
            x += 0.06 * size
        pieces.append(outline.translate(x - x0, 0))
        x += x1 - x0
    path = join(pieces)
    x0, _, x1, _ = path.bbox()
    squeeze = 1.0 if max_w is None or x1 - x0 <= max_w else max_w / (x1 - x0)
    return path.translate(-(x0 + x1) / 2, cap).scale(squeeze, 1.0)


@functools.lru_cache(maxsize=64)
def shared(ref: str) -> Path:
    """The outline behind a ``Use``: ``p-s`` pip (``PIP_H`` tall), ``q-s`` small pip (``INDEX_SUIT_H``, for
    indices and court panels), ``i-10`` index, ``l-K`` letter, ``o-K`` crown.

    ``f-card``, ``f-panel``, ``f-rule`` and ``f-dots`` are the card's edge and the
    court panel's frame, in place (used without a move): every face has the
    same edge and every court the same frame, so each is one outline painted
    per use rather than a copy per face.  ``f-column`` is one column of the
    back's small lozenges, set nine times across.
    """
    kind, _, key = ref.partition("-")
    if kind == "p":
        return suit_path(SUIT_CODES.index(key)).scale(PIP_H)
    if kind == "q":
        return suit_path(SUIT_CODES.index(key)).scale(INDEX_SUIT_H)
    if kind == "i":
        return _centred_glyphs(INDEX_TEXT[RANK_CODES.index(key)], INDEX_CAP, *INDEX_FONT, INDEX_MAX_W)
    if kind == "l":
        return _centred_glyphs(INDEX_TEXT[RANK_CODES.index(key)], COURT_LETTER_CAP, *COURT_FONT, None)
    if kind in ("o", "od"):
        return ornament(key)[0 if kind == "o" else 1]
    if kind == "f":
        return _FRAMES[key]()
    raise KeyError(ref)


def shared_refs_order(ref: str) -> tuple[int, str]:
    """Sort key that lists shared outlines pips first, then indices, letters, crowns: stable across runs."""
    order = {"f": -1, "p": 0, "q": 0, "i": 1, "l": 2, "o": 3, "od": 4}
    return order[ref.partition("-")[0]], ref


# ---------------------------------------------------------------- frame and corners


def _card_edge() -> Path:
    """The card's outline, inset by half the border so the stroke stays on the card."""
    h = BORDER_W / 2
    return rounded_rect(h, h, CARD_W - BORDER_W, CARD_H - BORDER_W, CORNER_R - h)


def _paper() -> Use:
    return Use("f-card", IDENTITY, "paper", "border", BORDER_W)


def _corners(rank: int, suit: int, role: str) -> list[Item]:
    """Index and small suit sign, top-left and turned over at bottom-right."""
    index_ref = "i-" + RANK_CODES[rank]
    pip_ref = "q-" + SUIT_CODES[suit]
    items: list[Item] = []
    for turned in (False, True):
        x = CARD_W - INDEX_X if turned else INDEX_X
        top = CARD_H - INDEX_TOP if turned else INDEX_TOP
        sy = CARD_H - INDEX_SUIT_Y if turned else INDEX_SUIT_Y
        items.append(Use(index_ref, place(x, top, turned=turned), role))
        items.append(Use(pip_ref, place(x, sy, turned=turned), role))
    return items


# ---------------------------------------------------------------- number cards

_COLS = (0.27 * CARD_W, 0.50 * CARD_W, 0.73 * CARD_W)
_ROW_A, _ROW_B, _ROW_C, _ROW_D = (0.19 * CARD_H, 0.40 * CARD_H, 0.60 * CARD_H, 0.81 * CARD_H)
_MID = 0.50 * CARD_H
_AB = (_ROW_A + _MID) / 2  # the 7's and 8's extra pips sit halfway between the top row and the middle
_CD = (_MID + _ROW_D) / 2
_AB10 = (_ROW_A + _ROW_B) / 2  # the 10's centre pips sit between the first two rows
_CD10 = (_ROW_C + _ROW_D) / 2

L, C, R = _COLS
#: Pip centres of the standard French pack, per rank.
PIP_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((C, _ROW_A), (C, _ROW_D)),
    3: ((C, _ROW_A), (C, _MID), (C, _ROW_D)),
    4: ((L, _ROW_A), (R, _ROW_A), (L, _ROW_D), (R, _ROW_D)),
    5: ((L, _ROW_A), (R, _ROW_A), (C, _MID), (L, _ROW_D), (R, _ROW_D)),
    6: ((L, _ROW_A), (R, _ROW_A), (L, _MID), (R, _MID), (L, _ROW_D), (R, _ROW_D)),
    7: ((L, _ROW_A), (R, _ROW_A), (C, _AB), (L, _MID), (R, _MID), (L, _ROW_D), (R, _ROW_D)),
    8: ((L, _ROW_A), (R, _ROW_A), (C, _AB), (L, _MID), (R, _MID), (C, _CD), (L, _ROW_D), (R, _ROW_D)),
    9: (
        (L, _ROW_A), (R, _ROW_A), (L, _ROW_B), (R, _ROW_B), (C, _MID),
        (L, _ROW_C), (R, _ROW_C), (L, _ROW_D), (R, _ROW_D),
    ),
    10: (
        (L, _ROW_A), (R, _ROW_A), (C, _AB10), (L, _ROW_B), (R, _ROW_B),
        (L, _ROW_C), (R, _ROW_C), (C, _CD10), (L, _ROW_D), (R, _ROW_D),
    ),
}
del L, C, R


def _pips(rank: int, suit: int, role: str) -> list[Item]:
    ref = "p-" + SUIT_CODES[suit]
    if rank == 1:
        return [Use(ref, place(CARD_W / 2, CARD_H / 2, ACE_H / PIP_H), role)]
    return [
        Use(ref, place(x, y, turned=y > _MID + 0.01), role)
        for x, y in PIP_LAYOUT[rank]
    ]


# ---------------------------------------------------------------- court cards

PANEL = (11.6, 5.2, CARD_W - 2 * 11.6, CARD_H - 2 * 5.2)  # x, y, w, h of the framed panel
_DIVIDER_GAP = 2.6  # half the break in the panel's centre rule, where the lozenge sits


def _panel() -> Path:
    """The panel's ground, filled with the tint and ruled in the suit colour."""
    x, y, w, h = PANEL
    return rect(x, y, w, h)


def _panel_rules() -> Path:
    """The inner rule with notched corners and the centre divider, broken by the lozenge: one stroked outline."""
    x, y, w, h = PANEL
    cx, cy = CARD_W / 2, CARD_H / 2
    gap = _DIVIDER_GAP
    return join([
        notched_rect(x + 1.1, y + 1.1, w - 2.2, h - 2.2, 2.2),
        PathBuilder().move(x + 1.1, cy).line(cx - gap, cy).path(),
        PathBuilder().move(cx + gap, cy).line(x + w - 1.1, cy).path(),
    ])


def _panel_dots() -> Path:
    """A dot in each notch of the inner rule and the small lozenge at the centre: one filled outline."""
    x, y, w, h = PANEL
    cx, cy = CARD_W / 2, CARD_H / 2
    gap = _DIVIDER_GAP
    dots = [circle(px, py, 0.5) for px, py in (
        (x + 1.1, y + 1.1), (x + w - 1.1, y + 1.1), (x + 1.1, y + h - 1.1), (x + w - 1.1, y + h - 1.1))]
    lozenge = polygon([(cx, cy - 1.6), (cx + gap - 0.4, cy), (cx, cy + 1.6), (cx - gap + 0.4, cy)])
    return join([*dots, lozenge])


def _court(rank: int, suit: int, role: str) -> list[Item]:
    """The framed, double-ended panel: crown motif, letter and two suit signs in each half.

    Both gold crown bodies come before every suit-coloured detail, so the
    details of the two halves (and the corners after them) are one run of
    one paint: one ``<g>`` in the SVG.
    """
    cx = CARD_W / 2
    y = PANEL[1]
    items: list[Item] = [
        Use("f-panel", IDENTITY, "tint", role, 0.45),
        Use("f-rule", IDENTITY, None, role, 0.2),
    ]
    letter = "l-" + RANK_CODES[rank]
    orn = RANK_CODES[rank]
    pip = "q-" + SUIT_CODES[suit]  # the panel's suit signs are the size of the index's
    crown_base = y + 16.8  # the crown sits on this line, the letter below it
    letter_top = crown_base + 3.2
    pip_y = letter_top + COURT_LETTER_CAP / 2
    halves = (place, _half_turned)
    items += [Use("o-" + orn, at(cx, crown_base), "gold", role, 0.3) for at in halves]
    items.append(Use("f-dots", IDENTITY, role))
    for at in halves:
        items.append(Use("od-" + orn, at(cx, crown_base), role))
        items.append(Use(letter, at(cx, letter_top), role))
        for px in (cx - 12.4, cx + 12.4):
            items.append(Use(pip, at(px, pip_y), role))
    return items


def _half_turned(x: float, y: float, size: float = 1.0) -> Affine:
    """``place`` for the lower half of a double-ended card: the point's mirror through the centre, turned over."""
    return place(CARD_W - x, CARD_H - y, size, turned=True)


# ---------------------------------------------------------------- back


Point = tuple[float, float]


def _segment_in_rect(p: Point, d: Point, box: tuple[float, float, float, float]) -> tuple[Point, Point] | None:
    """Clip the infinite line ``p + t·d`` to ``box`` (Liang–Barsky); ``None`` when it misses."""
    x0, y0, x1, y1 = box
    t0, t1 = -math.inf, math.inf
    for pi, di, lo, hi in ((p[0], d[0], x0, x1), (p[1], d[1], y0, y1)):
        if abs(di) < 1e-12:
            if not lo <= pi <= hi:
                return None
            continue
        a, b = (lo - pi) / di, (hi - pi) / di
        t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
    if t1 - t0 < 1e-6:
        return None
    return (p[0] + t0 * d[0], p[1] + t0 * d[1]), (p[0] + t1 * d[0], p[1] + t1 * d[1])


def back_pattern(ink: str = "back", weight: float = 1.0) -> list[Item]:
    """The back's drawing in ``ink``, without its ground: a double rule inside a 3.6 mm margin, and the lattice
    clipped (by arithmetic) to the inner rule. ``weight`` scales the line widths (a pattern printed light on a
    dark ground needs lines a little heavier to hold)."""
    m = BACK_MARGIN
    items: list[Item] = []
    items.append(Shape(rounded_rect(m, m, CARD_W - 2 * m, CARD_H - 2 * m, 1.6), None, ink, 0.6 * weight))
    box = _BACK_BOX
    inner = box[0]
    items.append(Shape(rect(inner, inner, CARD_W - 2 * inner, CARD_H - 2 * inner), None, ink, 0.25 * weight))
    # A lattice of lozenges, symmetric about the card's centre so it reads the same both ways up.
    cx, cy = CARD_W / 2, CARD_H / 2
    sx, sy = _BACK_CELL
    b = PathBuilder()
    for k in range(-30, 31):
        for d in ((sx, sy), (sx, -sy)):
            seg = _segment_in_rect((cx + 2 * k * sx, cy), d, box)
            if seg:
                b.move(*seg[0]).line(*seg[1])
    items.append(Shape(b.path(), None, ink, 0.2 * weight))
    # A small solid lozenge in every cell of every other row: the pattern's only accent.  Every column of
    # them is the same, so one column is a shared outline set once per column.
    for i in range(-12, 13, 2):
        px = cx + i * sx
        if box[0] + sx < px < box[2] - sx:
            items.append(Use("f-column", translate(px, 0), ink))
    return items


BACK_MARGIN = 3.6  # from the card's edge to the back's outer rule
_BACK_BOX = (BACK_MARGIN + 1.5, BACK_MARGIN + 1.5, CARD_W - BACK_MARGIN - 1.5, CARD_H - BACK_MARGIN - 1.5)
_BACK_CELL = (2.65, 3.7)  # half the width and half the height of one lozenge of the back's lattice


def _back_column() -> Path:
    """The small solid lozenges of one column of the back (centred on x = 0): one in every other row's cell."""
    sx, sy = _BACK_CELL
    top, bottom = _BACK_BOX[1], _BACK_BOX[3]
    r = 0.75
    dots = []
    for j in range(-11, 12, 2):
        py = CARD_H / 2 + j * sy
        if top + sy < py < bottom - sy:
            dots.append(polygon([(0, py - r * sy / sx), (r, py), (0, py + r * sy / sx), (-r, py)]))
    return join(dots)


#: The shared outlines named ``f-…`` (see ``shared``).
_FRAMES = {"card": _card_edge, "panel": _panel, "rule": _panel_rules, "dots": _panel_dots, "column": _back_column}


# ---------------------------------------------------------------- public


@functools.lru_cache(maxsize=128)
def face(index: int, colors: int = 2) -> Face:
    """The face of engine card ``index`` (0..51) in a ``colors``-colour pack (2, or 4 with ♣ green and ♦ blue)."""
    code = card_code(index)
    rank, suit = index % 13 + 1, index // 13
    role = suit_role(suit, colors)
    items: list[Item] = [_paper()]
    if rank >= JACK:
        items += _court(rank, suit, role)
    else:
        items += _pips(rank, suit, role)
    items += _corners(rank, suit, role)
    return Face(code, tuple(items))


@functools.lru_cache(maxsize=1)
def back() -> Face:
    """The card back: a one-colour lozenge lattice inside a double rule, with a white margin."""
    return Face("back", (_paper(), *back_pattern()))
