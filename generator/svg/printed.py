"""The printed pack as one PNG per card face and back, with the bleed, for print shops and tabletop simulators.

Each image is a printed card (``generator.art.printed``: no edge line, the
bleed drawn, the pack's mark) drawn through its SVG by cairosvg, at ``dpi``
(300 by default, what print shops ask for); the file says its resolution (a
``pHYs`` chunk), so a shop's software reads the card's size in millimetres.
Names are the book's, ``Д♠.png``, ``10♥.png``, ``рубашка.png``, or with
``latin`` the codes of the SVG ids, ``Qs.png``, ``10h.png``, ``back.png``, for
systems that mangle other names. Two packs go in folders ``1`` and ``2``.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from generator.art.faces import CARD_H, CARD_W, Face, card_code
from generator.art.printed import printed_back, printed_face
from generator.cards import card_str
from generator.svg.cards import card_words, face_svg

PACK = 52
BACK_NAMES = {False: "рубашка", True: "back"}
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class CardImage:
    """One file to write: its path under the output folder, and the PNG."""

    name: str
    png: bytes


def pixels(length_mm: float, dpi: int) -> int:
    return round(length_mm / MM_PER_INCH * dpi)


def with_resolution(png: bytes, dpi: int) -> bytes:
    """``png`` with a ``pHYs`` chunk saying ``dpi`` (in pixels per metre, as PNG counts), right after ``IHDR``."""
    per_metre = round(dpi / MM_PER_INCH * 1000)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    header_end = 8 + 4 + 4 + 13 + 4  # signature, then IHDR's length, type, data and CRC
    if png[12:16] != b"IHDR" or b"pHYs" in png[header_end:header_end + 64]:
        raise ValueError("not a PNG from cairosvg, or one that already says its resolution")
    return png[:header_end] + chunk + png[header_end:]


def render(card: Face, index: int | None, dpi: int) -> bytes:
    """One printed card (``index``: which, ``None`` the back) as PNG at ``dpi``: its own size, the bleed
    included, in whole pixels."""
    import cairosvg

    svg = face_svg(card, *card_words(index))
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=pixels(card.width, dpi),
                           output_height=pixels(card.height, dpi))
    return with_resolution(png, dpi)


def card_images(*, packs: int = 1, colors: int = 2, bleed_mm: float = 0.0, dpi: int = 300,
                latin: bool = False) -> list[CardImage]:
    """Every face of every pack, then its back, in the book's order (♠ ♣ ♥ ♦, each Т … К)."""
    images = []
    for pack in range(1, packs + 1):
        folder = f"{pack}/" if packs > 1 else ""
        mark = pack if packs > 1 else None
        for index in range(PACK):
            name = card_code(index) if latin else card_str(index)
            images.append(CardImage(f"{folder}{name}.png",
                                    render(printed_face(index, colors=colors, pack=mark, bleed=bleed_mm), index, dpi)))
        back = render(printed_back(pack, bleed=bleed_mm), None, dpi)
        images.append(CardImage(f"{folder}{BACK_NAMES[latin]}.png", back))
    return images


def image_size(bleed_mm: float, dpi: int) -> tuple[int, int]:
    """Pixels of every image: the card and its bleed at ``dpi``."""
    return pixels(CARD_W + 2 * bleed_mm, dpi), pixels(CARD_H + 2 * bleed_mm, dpi)
