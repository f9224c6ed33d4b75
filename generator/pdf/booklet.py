"""The rulebook as a booklet: the A5 book two pages to a side on A4 (half-letter on letter), in saddle-stitch
order, so a home printer's two-sided output, folded down the middle and stapled, reads 1, 2, 3, ….

The book is built once, as ever (:func:`generator.pdf.rulebook.build_rulebook`
on the half-size page), and only then imposed: there is one statement of the
book, and the booklet cannot drift from it. Imposition is a matter of placing
finished pages, which the PDF itself supports: each page of the book becomes a
form XObject (its content stream and resources, unchanged), and each side of a
sheet draws two of them. pypdf (pure Python) reads the book and writes the
sheets; reportlab cannot place a page of an existing PDF.

**Order.** ``n`` pages are padded with blank pages to a multiple of four
(blanks at the end, before nothing: the book has no back cover). Sheet ``s``
(from 0, the outermost) carries, on its front, page ``n − 2s`` on the left and
``2s + 1`` on the right; on its back, ``2s + 2`` and ``n − 2s − 1``.

**Duplex.** The sheets are landscape. A printer that turns the paper on its
short edge turns a landscape sheet like a book's page, so the back is set
upright. One that turns it on its long edge (most printers' default) turns it
top over bottom, so the back is set upside down (both pages turned a half
turn, and so changing sides) to come out upright. Either way, the back's
pages lie behind the front's as the order above says.

Links and the outline are not carried over: they mean nothing on paper. Same
book, same arguments, same bytes (no date or random identifier is added).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    TextStringObject,
)

from generator.pdf.paper import DUPLEX_EDGES, Paper, booklet_sheet


@dataclass(frozen=True)
class Side:
    """One side of a sheet: the book's pages on its left and right halves (``None``: blank), and whether they
    are set upside down (the back of a sheet for a long-edge turn)."""

    left: int | None
    right: int | None
    turned: bool = False


def padded(pages: int) -> int:
    """Pages of the booklet: the book's, padded with blanks to a multiple of four."""
    return -(-pages // 4) * 4


def imposition(pages: int, duplex: str = "long") -> list[Side]:
    """Every side of every sheet, front then back, sheet by sheet from the outermost (book pages from 1)."""
    if duplex not in DUPLEX_EDGES:
        raise ValueError(f"duplex is 'long' or 'short', not {duplex!r}")
    total = padded(pages)

    def page(number: int) -> int | None:
        return number if number <= pages else None

    sides = []
    for s in range(total // 4):
        sides.append(Side(page(total - 2 * s), page(2 * s + 1)))
        back_left, back_right = page(2 * s + 2), page(total - 2 * s - 1)
        if duplex == "long":  # a half turn of the upright back: each page turned, and on the other half
            sides.append(Side(back_right, back_left, turned=True))
        else:
            sides.append(Side(back_left, back_right))
    return sides


def _page_form(reader: PdfReader, writer: PdfWriter, index: int) -> IndirectObject:
    """Page ``index`` of the book as a form XObject in ``writer``: its content and resources, its box."""
    page = reader.pages[index]
    form = DecodedStreamObject()
    contents = page.get_contents()
    form.set_data(contents.get_data() if contents is not None else b"")
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject(FloatObject(v) for v in page.mediabox),
        NameObject("/Resources"): page["/Resources"].clone(writer),
    })
    # pypdf has no public call that adds an object to a writer; _add_object is the one its own code uses.
    return writer._add_object(form.flate_encode(level=9))


def _number(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


def impose(book: bytes, sheet: Paper, duplex: str = "long") -> bytes:
    """The PDF ``book`` (pages half of ``sheet``, portrait) imposed as a booklet on landscape ``sheet``."""
    reader = PdfReader(io.BytesIO(book))
    writer = PdfWriter()
    writer.pdf_header = reader.pdf_header
    width, height = sheet.height, sheet.width  # landscape
    forms: dict[int, IndirectObject] = {}
    for side in imposition(len(reader.pages), duplex):
        page = writer.add_blank_page(width, height)
        xobjects = DictionaryObject()
        operations = []
        for number, half in ((side.left, 0), (side.right, 1)):
            if number is None:
                continue
            if number not in forms:
                forms[number] = _page_form(reader, writer, number - 1)
            box = reader.pages[number - 1].mediabox
            w, h = float(box.width), float(box.height)
            # The pages meet at the fold: the left one ends there, the right one starts there.
            x = width / 2 - w if half == 0 else width / 2
            y = (height - h) / 2
            name = f"/Page{number}"
            xobjects[NameObject(name)] = forms[number]
            matrix = (-1, 0, 0, -1, x + w, y + h) if side.turned else (1, 0, 0, 1, x, y)
            operations.append(f"q {' '.join(_number(v) for v in matrix)} cm {name} Do Q")
        page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
        content = DecodedStreamObject()
        content.set_data("\n".join(operations).encode("ascii"))
        page[NameObject("/Contents")] = writer._add_object(content.flate_encode(level=9))
    if reader.metadata:
        writer.add_metadata(dict(reader.metadata))
    writer.root_object[NameObject("/Lang")] = TextStringObject("ru-RU")
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def build_booklet(paper: str = "A4", *, duplex: str = "long") -> bytes:
    """The rulebook as a booklet on ``paper`` (A4: A5 pages; letter: half-letter) for a ``duplex`` printer."""
    from generator.pdf.rulebook import build_rulebook

    sheet, page = booklet_sheet(paper)
    imposition(4, duplex)  # an unknown edge is refused before the book is set
    return impose(build_rulebook(page), sheet, duplex)
