"""One PNG per printed card: names (Russian and Latin), size with the bleed at the asked resolution, the
resolution written into the file, the back's bleed in ink, and the command that writes them."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from PIL import Image

from generator.art.printed import printed_back, printed_face
from generator.cards import ALL_CARDS
from generator.svg.printed import card_images, image_size, render, with_resolution


def _dpi(png: bytes) -> float:
    at = png.index(b"pHYs")
    x, y, unit = struct.unpack(">IIB", png[at + 4:at + 13])
    assert unit == 1 and x == y
    return x * 0.0254


def test_a_card_at_300_dpi_is_its_size_with_the_bleed_and_says_so(tmp_path: Path) -> None:
    png = render(printed_back(2, bleed=3), None, 300)
    assert _dpi(png) == pytest.approx(300, abs=0.01)
    (tmp_path / "back.png").write_bytes(png)
    image = Image.open(tmp_path / "back.png").convert("RGB")
    assert image.size == image_size(3, 300) == (815, 1110)  # 69 × 94 mm
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    # The bleed is the back's red, to the very corner, not paper.
    for x, y in ((0, 0), (image.width - 1, image.height - 1), (17, image.height // 2)):
        r, g, b = image.getpixel((x, y))
        assert r > 150 and g < 100 and b < 80, (x, y)


def test_a_face_has_no_edge_line_and_carries_its_pack_mark(tmp_path: Path) -> None:
    marked = Image.open(_written(tmp_path, "m.png", render(printed_face(0, pack=2, bleed=2), 0, 100))).convert("RGB")
    plain = Image.open(_written(tmp_path, "p.png", render(printed_face(0, bleed=2), 0, 100))).convert("RGB")
    assert marked.size == plain.size == image_size(2, 100)
    # The edge column of the card is white (no grey border); the mark's dots are red near the top-right corner.
    assert all(plain.getpixel((x, plain.height // 3)) == (255, 255, 255) for x in range(0, 12))
    corner = [marked.getpixel((x, y)) for x in range(marked.width - 40, marked.width) for y in range(0, 40)]
    assert any(r > 150 and g < 110 for r, g, b in corner)
    assert all(p == (255, 255, 255) for p in (plain.getpixel((x, y)) for x in range(plain.width - 40, plain.width)
                                               for y in range(0, 40)))


def _written(tmp: Path, name: str, data: bytes) -> Path:
    (tmp / name).write_bytes(data)
    return tmp / name


def test_two_packs_make_106_images_named_by_card_in_two_folders() -> None:
    images = card_images(packs=2, dpi=30)
    names = [image.name for image in images]
    assert len(names) == 106 == len(set(names))
    assert names[0] == "1/Т♠.png" and "2/Д♥.png" in names and "1/рубашка.png" in names and names[-1] == "2/рубашка.png"
    assert {n.split("/")[1] for n in names} == {f"{card}.png" for card in ALL_CARDS} | {"рубашка.png"}
    latin = [image.name for image in card_images(dpi=30, latin=True)]
    assert latin[:2] == ["As.png", "2s.png"] and "Qh.png" in latin and "10d.png" in latin and latin[-1] == "back.png"
    assert all(name.isascii() for name in latin)


def test_the_resolution_is_written_once() -> None:
    png = render(printed_back(1), None, 50)
    with pytest.raises(ValueError, match="already says its resolution"):
        with_resolution(png, 50)


def test_the_command_makes_the_folder_and_writes_every_card(cli, tmp_path: Path) -> None:
    target = tmp_path / "shop" / "cards"
    result = cli("deck", "--png", str(target), "--dpi", "40", "--bleed", "3", "--latin-names")
    assert result.status == 0, result.err
    files = sorted(p.name for p in target.iterdir())
    assert len(files) == 53 and "Qs.png" in files and "back.png" in files
    assert Image.open(target / "Qs.png").size == image_size(3, 40)
    assert "53 PNGs" in result.err and not list(target.glob(".*"))  # no temporary files left
    again = cli("deck", "--png", str(target), "--dpi", "40", "--bleed", "3", "--latin-names")
    assert again.status == 0 and (target / "Qs.png").read_bytes() == render(printed_face(11, bleed=3), 11, 40)
