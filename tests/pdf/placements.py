"""Reading a PDF back for the tests: where each form XObject is drawn, which straight lines are stroked, the
page boxes — from the ``qpdf --qdf`` form of the file (uncompressed, one object per block).

The current transformation matrix is followed through ``q``/``Q`` and ``cm`` to every ``Do``, and the form's
``/BBox`` is mapped through it; ``re`` ... ``W n`` clip rectangles are kept beside the placement they clip.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

MM = 72 / 25.4


@dataclass(frozen=True)
class Placed:
    """A form drawn on a page: its name and its box in millimetres (lower left, width, height), and the clip
    rectangle in force (x0, y0, x1, y1 in mm), if any."""

    name: str
    x: float
    y: float
    width: float
    height: float
    clip: tuple[float, float, float, float] | None = None

    def inset(self, by: float) -> tuple[float, float, float, float]:
        """The box shrunk by ``by`` mm on every side (a printed card's trim, from its bled form)."""
        return self.x + by, self.y + by, self.x + self.width - by, self.y + self.height - by


@dataclass
class Page:
    width: float  # mm
    height: float
    forms: list[Placed]
    lines: list[tuple[float, float, float, float]]  # stroked segments, mm
    trim: tuple[float, ...] | None
    bleed: tuple[float, ...] | None
    fills: list[tuple[float, float, float, float]] = field(default_factory=list)  # filled rectangles, mm

    def named(self, pattern: str) -> list[Placed]:
        return [f for f in self.forms if re.search(pattern, f.name)]


def _multiply(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    """PDF matrices [a b c d e f]: ``a`` applied first, then ``b``."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def _apply(m: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _box(m: tuple[float, ...], x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
    (ax, ay), (bx, by) = _apply(m, x0, y0), _apply(m, x1, y1)
    return min(ax, bx) / MM, min(ay, by) / MM, max(ax, bx) / MM, max(ay, by) / MM


def read_pages(pdf: Path, tmp: Path) -> list[Page]:
    """Every page's form placements, straight lines, filled rectangles and page boxes."""
    qdf = tmp / f"{pdf.stem}.qdf.pdf"
    subprocess.run(["qpdf", "--qdf", "--object-streams=disable", str(pdf), str(qdf)], check=True)
    text = qdf.read_bytes().decode("latin-1")
    objects = {int(m.group(1)): m.group(2) for m in re.finditer(r"\n(\d+) 0 obj\n(.*?)\nendobj", text, re.S)}
    bboxes = {}
    for number, body in objects.items():
        if "/Subtype /Form" in body:
            box = re.search(r"/BBox \[\s*([-\d.\s]+)\]", body)
            bboxes[number] = [float(v) for v in box.group(1).split()]
    pages = []
    for match in re.finditer(r"%% Page (\d+)\n%% Original object ID: [^\n]*\n(\d+) 0 obj\n(.*?)\nendobj", text, re.S):
        page = match.group(3)

        def box(name: str, page: str = page) -> tuple[float, ...] | None:
            found = re.search(rf"/{name} \[\s*([-\d.\s]+)\]", page)
            return tuple(float(v) / MM for v in found.group(1).split()) if found else None

        names = dict(re.findall(r"/([\w.-]+) (\d+) 0 R", page))
        resources = re.search(r"/Resources (\d+) 0 R", page)
        if resources:
            names.update(re.findall(r"/([\w.-]+) (\d+) 0 R", objects[int(resources.group(1))]))
        xobjects = re.search(r"/XObject (\d+) 0 R", page + (objects[int(resources.group(1))] if resources else ""))
        if xobjects:
            names.update(re.findall(r"/([\w.-]+) (\d+) 0 R", objects[int(xobjects.group(1))]))
        contents = int(re.search(r"/Contents (\d+) 0 R", page).group(1))
        stream = re.search(r"stream\n(.*?)endstream", objects[contents], re.S).group(1)
        ctm: tuple[float, ...] = (1, 0, 0, 1, 0, 0)
        clip: tuple[float, float, float, float] | None = None
        stack: list[tuple[tuple[float, ...], tuple[float, float, float, float] | None]] = []
        operands: list[str] = []
        forms, lines, fills = [], [], []
        start = rect = None
        for token in re.findall(r"/[^\s/\[\]()<>]+|\([^)]*\)|[^\s/\[\]()<>]+", stream):
            if token == "q":
                stack.append((ctm, clip))
            elif token == "Q":
                ctm, clip = stack.pop()
            elif token == "cm":
                ctm = _multiply(tuple(float(v) for v in operands[-6:]), ctm)
            elif token == "re":
                x, y, w, h = (float(v) for v in operands[-4:])
                rect = _box(ctm, x, y, x + w, y + h)
            elif token in ("W", "W*") and rect is not None:
                clip = rect
            elif token in ("f", "f*") and rect is not None:
                fills.append(rect)
            elif token == "Do":
                name = operands[-1][1:]
                number = int(names[name]) if name in names else None
                if number in bboxes:
                    x0, y0, x1, y1 = _box(ctm, *bboxes[number])
                    forms.append(Placed(name.removeprefix("FormXob."), x0, y0, x1 - x0, y1 - y0, clip))
            elif token == "m":
                start = tuple(float(v) for v in operands[-2:])
            elif token == "l" and start is not None:
                end = tuple(float(v) for v in operands[-2:])
                (ax, ay), (bx, by) = _apply(ctm, *start), _apply(ctm, *end)
                lines.append((ax / MM, ay / MM, bx / MM, by / MM))
                start = end
            if re.fullmatch(r"[A-Za-z*'\"]+", token):
                operands = []
                if token not in ("re", "W", "W*", "m", "l"):
                    rect = None if token in ("n", "f", "f*", "S", "B") else rect
            else:
                operands.append(token)
        media = box("MediaBox")
        pages.append(Page(media[2] - media[0], media[3] - media[1], forms, lines, box("TrimBox"), box("BleedBox"),
                          fills))
    return pages
