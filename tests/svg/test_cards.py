"""Card faces as SVG: well-formed, self-contained, small, deterministic, and really drawn by cairosvg."""

from __future__ import annotations

import hashlib
import io
import os
import re
import xml.etree.ElementTree as ET

import cairosvg
import pytest
from PIL import Image, ImageChops, ImageStat

from generator.art.faces import CARD_H, CARD_W, PIP_LAYOUT, face
from generator.art.palette import colour
from generator.cards import Card
from generator.svg.cards import card_defs, card_id, card_svg, num
from tests.conftest import digests_across_hash_seeds

SVG = "{http://www.w3.org/2000/svg}"
ALL = [*range(52), None]
NUMBER_CARDS = [i for i in range(52) if i % 13 + 1 <= 10]
COURTS = [i for i in range(52) if i % 13 + 1 > 10]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _idx(text: str) -> int:
    return Card.parse(text).index


def _rgba(svg: str, width: int = 252) -> Image.Image:
    return Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode(), output_width=width))).convert("RGBA")


def _png(svg: str, width: int = 252) -> Image.Image:
    """The card flattened on white, as it would print."""
    img = _rgba(svg, width)
    paper = Image.new("RGBA", img.size, "white")
    return Image.alpha_composite(paper, img).convert("RGB")


def _hex(role: str) -> str:
    c = colour(role).lower()
    return "#" + c[1::2] if c[1::2] == c[2::2] else c


@pytest.mark.parametrize("colors", [2, 4])
@pytest.mark.parametrize("index", ALL, ids=lambda i: card_id(i))
def test_card_svg_is_well_formed_and_self_contained(index: int | None, colors: int) -> None:
    svg = card_svg(index, colors=colors)
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert root.get("viewBox") == "0 0 63 88"
    assert root.get("width") == "63mm" and root.get("height") == "88mm"
    defs = root.find(SVG + "defs")
    assert defs is not None
    defined = {el.get("id") for el in defs.iter() if el.get("id")}
    assert card_id(index) in defined
    refs = [el.get("href") for el in root.iter(SVG + "use")]
    assert refs and all(r and r.startswith("#") for r in refs)
    assert {r[1:] for r in refs} <= defined
    # No text and no fonts: every letter is an outline, so no renderer needs a font.
    assert not list(root.iter(SVG + "text"))
    assert "font" not in svg


def test_face_symbols_have_card_viewbox_and_shared_outlines_are_defined_once() -> None:
    defs = card_defs(range(52), back=True)
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg"><defs>{defs}</defs></svg>')
    symbols = root.findall(f"{SVG}defs/{SVG}symbol")
    assert [s.get("id") for s in symbols] == [card_id(i) for i in ALL]
    assert {s.get("viewBox") for s in symbols} == {"0 0 63 88"}
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids)), "an id is defined twice"
    # The four pips are shared by every face that shows them.
    for suit in "schd":
        assert ids.count(f"p-{suit}") == 1
        assert defs.count(f'href="#p-{suit}"') >= 13
    # Asking twice for a card does not define it twice.
    assert card_defs([_idx("Д♠"), _idx("Д♠"), _idx("Д♠")]) == card_defs([_idx("Д♠")])


def test_card_ids_are_stable_codes() -> None:
    assert card_id(_idx("Д♠")) == "c-Qs"
    assert card_id(_idx("10♥")) == "c-10h"
    assert card_id(_idx("Т♦")) == "c-Ad"
    assert card_id(_idx("В♣")) == "c-Jc"
    assert card_id(None) == "back"


@pytest.mark.parametrize("colors", [2, 4])
def test_size_limits(colors: int) -> None:
    for index in NUMBER_CARDS:
        size = len(card_svg(index, colors=colors).encode())
        assert size <= 3000, f"{card_id(index)} is {size} bytes"
    for index in COURTS:
        size = len(card_svg(index, colors=colors).encode())
        assert size <= 12000, f"{card_id(index)} is {size} bytes"


def test_coordinates_are_rounded_and_markup_is_tight() -> None:
    svg = card_svg(_idx("К♥")) + card_svg(_idx("10♣")) + card_svg(None)
    for d in re.findall(r' d="([^"]*)"', svg):
        assert not re.search(r"\d\.\d{3}", d), d[:80]
        assert "  " not in d and ", " not in d
    assert "  " not in svg


def test_num_formats_short() -> None:
    assert [num(v) for v in (0.5, -0.5, 10.0, -0.001, 3.14159, 63)] == [".5", "-.5", "10", "0", "3.14", "63"]


def test_same_bytes_twice_and_across_hash_seeds() -> None:
    here = card_defs(range(52), colors=4, back=True)
    assert card_defs(range(52), colors=4, back=True) == here
    assert card_svg(_idx("Д♠")) == card_svg(_idx("Д♠"))
    code = (
        "import hashlib; from generator.svg.cards import card_defs;"
        "print(hashlib.sha256(card_defs(range(52), colors=4, back=True).encode()).hexdigest())"
    )
    digests = digests_across_hash_seeds(code)
    assert digests == {hashlib.sha256(here.encode()).hexdigest()}


def test_four_colour_pack_changes_diamonds_and_clubs_only() -> None:
    red, black, blue, green = (_hex(r) for r in ("red", "black", "blue", "green"))
    for text in ("Т♦", "7♦", "Д♦"):
        two, four = card_svg(_idx(text)), card_svg(_idx(text), colors=4)
        assert red in two and blue not in two
        assert blue in four and red not in four
    for text in ("Т♣", "7♣", "К♣"):
        two, four = card_svg(_idx(text)), card_svg(_idx(text), colors=4)
        assert black in two and green not in two
        assert green in four and black not in four
    for text in ("7♠", "Д♠", "7♥", "К♥"):
        assert card_svg(_idx(text)) == card_svg(_idx(text), colors=4)
    with pytest.raises(ValueError):
        face(0, colors=3)


def _ink(img: Image.Image) -> float:
    """Share of pixels that are clearly not paper."""
    grey = img.convert("L").point(lambda v: 255 if v < 200 else 0)
    return ImageStat.Stat(grey).mean[0] / 255


def _share_of(img: Image.Image, hex_colour: str, tol: int = 40) -> float:
    r0, g0, b0 = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    raw = img.tobytes()
    hits = sum(
        1
        for i in range(0, len(raw), 3)
        if abs(raw[i] - r0) < tol and abs(raw[i + 1] - g0) < tol and abs(raw[i + 2] - b0) < tol
    )
    return hits / (len(raw) // 3)


@pytest.mark.parametrize("index", ALL, ids=lambda i: card_id(i))
def test_cairosvg_draws_every_card(index: int | None) -> None:
    rgba = _rgba(card_svg(index))
    assert rgba.size == (252, 352)
    # Rounded corners: nothing drawn at the very corner, opaque paper just inside the top edge.
    assert rgba.getpixel((0, 0))[3] == 0 and rgba.getpixel((251, 351))[3] == 0
    assert rgba.getpixel((126, 4)) == (255, 255, 255, 255)
    img = _png(card_svg(index))
    assert 0.01 < _ink(img) < 0.7
    if index is not None:
        suit_colour = colour("red") if Card.from_index(index).is_red else colour("black")
        assert _share_of(img, suit_colour) > 0.005


def test_more_pips_more_ink() -> None:
    for suit in range(4):
        inks = [_ink(_png(card_svg(suit * 13 + rank - 1))) for rank in range(2, 11)]
        assert inks == sorted(inks), f"suit {suit}: {inks}"


def _asymmetry(text: str) -> float:
    """Share of pixels that change when the card is turned upside down."""
    img = _png(card_svg(_idx(text)), width=315).convert("L")
    diff = ImageChops.difference(img, img.rotate(180)).point(lambda v: 255 if v > 96 else 0)
    return ImageStat.Stat(diff).mean[0] / 255


@pytest.mark.parametrize("text", ["2♠", "4♥", "10♣", "10♠", "6♦", "9♦", "В♠", "Д♥", "К♣", "К♦", "В♦"])
def test_double_ended_cards_look_the_same_upside_down(text: str) -> None:
    """Pips below the middle are turned, indices sit in both corners, court halves are mirrored."""
    assert _asymmetry(text) < 0.004


@pytest.mark.parametrize("text", ["Т♠", "3♣", "5♠", "6♥", "7♥", "8♣", "9♣"])
def test_cards_with_upright_middle_pips_are_not_symmetric(text: str) -> None:
    """Pips on the middle row stay upright and the 7 has its extra pip above, as on a French pack.

    (Diamonds look the same either way up, so they are in the test above.)
    """
    assert _asymmetry(text) > 0.004


def test_pip_counts() -> None:
    assert [len(PIP_LAYOUT[r]) for r in range(2, 11)] == list(range(2, 11))
    for rank in range(2, 11):
        refs = [getattr(i, "ref", None) for i in face(_idx(f"{rank}♥")).items]
        assert refs.count("p-h") == rank  # the pips
        assert refs.count("q-h") == 2  # the two small index signs


def test_use_of_a_symbol_scales_the_card_in_cairosvg() -> None:
    """A figure places faces with <use width height>: the card must land in exactly that box."""
    qs = _idx("Д♠")
    w = 15
    h = w * CARD_H / CARD_W
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 40" width="600" height="400">'
        f'<rect width="60" height="40" fill="#777"/><defs>{card_defs([qs])}</defs>'
        f'<use href="#{card_id(qs)}" x="10" y="5" width="{w}" height="{h:.3f}"/></svg>'
    )
    img = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode()))).convert("RGB")
    assert img.size == (600, 400)
    # White paper occupies the placed box: 10 px per unit.
    paper = img.point(lambda v: 255 if v > 245 else 0).convert("L").point(lambda v: 255 if v == 255 else 0)
    x0, y0, x1, y1 = paper.getbbox()
    assert abs(x0 - 100) <= 2 and abs(y0 - 50) <= 2
    assert abs(x1 - (100 + w * 10)) <= 2 and abs(y1 - (50 + h * 10)) <= 2


def test_indices_are_big_enough_for_15_mm_diagrams() -> None:
    """At 15 mm wide the index capitals must still be at least 1.7 mm tall (about a 7 pt capital)."""
    from generator.art.faces import INDEX_CAP, shared

    scale = 15 / CARD_W
    assert INDEX_CAP * scale >= 1.7
    for code in ("A", "10", "J", "Q", "K"):
        x0, y0, x1, y1 = shared("i-" + code).bbox()
        assert y1 - y0 >= INDEX_CAP * 0.98
        assert x1 - x0 <= 8.0


def _pip_centres(index: int) -> list[tuple[float, float, bool]]:
    """(x, y) of every big pip as fractions of the card, and whether it is turned upside down."""
    return [
        (item.at.e / CARD_W, item.at.f / CARD_H, item.at.a < 0)
        for item in face(index).items
        if getattr(item, "ref", "").startswith("p-")
    ]


@pytest.mark.parametrize("suit", "♠♣♥♦")
def test_pips_stand_on_the_classic_grid(suit: str) -> None:
    """Columns at 27/50/73 % of the width; side pips on rows 19/40/60/81 % (or the middle); the lower half turned."""
    columns, rows = (0.27, 0.50, 0.73), (0.19, 0.40, 0.50, 0.60, 0.81)
    for rank in range(2, 11):
        pips = _pip_centres(_idx(f"{rank}{suit}"))
        assert len(pips) == rank
        for x, y, turned in pips:
            assert min(abs(x - c) for c in columns) < 1e-9, (rank, x)
            if abs(x - 0.5) > 1e-9 or rank in (2, 3):
                assert min(abs(y - r) for r in rows) < 1e-9, (rank, y)
            assert turned == (y > 0.5 + 1e-9), (rank, x, y)
        # The pattern is left-right symmetric: the left and right columns hold the same rows.
        left = sorted(round(y, 6) for x, y, _ in pips if x < 0.4)
        right = sorted(round(y, 6) for x, y, _ in pips if x > 0.6)
        assert left == right
    centre = {rank: sorted(y for x, y, _ in _pip_centres(_idx(f"{rank}{suit}")) if abs(x - 0.5) < 1e-9)
              for rank in (7, 8, 9, 10)}
    # 7: one middle pip in the upper half; 8: one above and one below; 9: one in the middle; 10: one between the
    # first two rows and one between the last two.
    assert len(centre[7]) == 1 and 0.19 < centre[7][0] < 0.5
    assert len(centre[8]) == 2 and 0.19 < centre[8][0] < 0.5 < centre[8][1] < 0.81
    assert centre[9] == [pytest.approx(0.5)]
    assert centre[10] == [pytest.approx((0.19 + 0.40) / 2), pytest.approx((0.60 + 0.81) / 2)]
    ace = _pip_centres(_idx(f"Т{suit}"))
    assert [(round(x, 6), round(y, 6)) for x, y, _ in ace] == [(0.5, 0.5)]


def _corner_ink(img: Image.Image, box: tuple[float, float, float, float]) -> float:
    """``_ink`` of the part of ``img`` inside ``box`` (left, top, right, bottom in card mm)."""
    sx, sy = img.size[0] / CARD_W, img.size[1] / CARD_H
    return _ink(img.crop((round(box[0] * sx), round(box[1] * sy), round(box[2] * sx), round(box[3] * sy))))


@pytest.mark.parametrize("index", range(52), ids=lambda i: card_id(i))
def test_indices_sit_top_left_and_turned_bottom_right_only(index: int) -> None:
    """Rank and suit sign in the top-left corner, the same turned over at bottom-right, nothing in the other two."""
    img = _png(card_svg(index), width=315)
    w, h = CARD_W, CARD_H
    corner = (0.8, 0.8, 11.0, 20.0)  # left, top, right, bottom of the top-left index column, mm
    top_left = _corner_ink(img, corner)
    bottom_right = _corner_ink(img, (w - corner[2], h - corner[3], w - corner[0], h - corner[1]))
    assert top_left > 0.08 and abs(top_left - bottom_right) < 0.01
    # The bottom-right corner is the top-left one turned half round.
    tl = img.crop((0, 0, round(11 / w * img.size[0]), round(20 / h * img.size[1])))
    br = img.crop((img.size[0] - tl.size[0], img.size[1] - tl.size[1], img.size[0], img.size[1])).rotate(180)
    assert ImageStat.Stat(ImageChops.difference(tl, br).convert("L")).mean[0] < 6
    for box in ((w - corner[2], corner[0] + 1.5, w - corner[0] - 1.5, corner[3]),
                (corner[0] + 1.5, h - corner[3], corner[2], h - corner[0] - 1.5)):
        assert _corner_ink(img, box) < 0.002, box
