"""cairosvg (the PNG path) against headless Chromium (a browser): each game's figure drawn alike by both."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from pathlib import Path

import cairosvg
import pytest
from PIL import Image, ImageChops, ImageStat

from generator.figures.base import Figure
from generator.games import GAME_IDS
from generator.svg.figure import figure_svg
from tests.svg.moments import MOMENTS, figure_at_moment

CHROMIUM = next((shutil.which(name) for name in ("chromium", "chromium-browser") if shutil.which(name)), None)
#: ``.ci/run`` sets this: there a missing Chromium fails the comparison instead of skipping it.
CHROMIUM_REQUIRED = os.environ.get("PASYANS_REQUIRE_CHROMIUM") == "1"
DPI = 150
#: Share of pixels allowed to differ by more than a quarter of the range (max over R, G, B).
OUTLIER_SHARE = 0.0002
#: Mean absolute difference allowed per channel (0..255).
MEAN_DIFF = 3.0


def _cairosvg_png(svg: str, size: tuple[int, int]) -> Image.Image:
    data = cairosvg.svg2png(bytestring=svg.encode(), output_width=size[0], output_height=size[1])
    img = Image.open(io.BytesIO(data)).convert("RGBA")
    return Image.alpha_composite(Image.new("RGBA", img.size, "white"), img).convert("RGB")


def _chromium_png(svg: str, size: tuple[int, int], tmp: Path) -> Image.Image:
    """The SVG as an <img> at exactly ``size`` CSS pixels on a white, margin-free page, one device pixel each."""
    w, h = size
    (tmp / "figure.svg").write_text(svg, encoding="utf-8")
    (tmp / "page.html").write_text(
        "<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0;background:#fff;overflow:hidden}"
        f"img{{display:block;width:{w}px;height:{h}px}}</style></head>"
        '<body><img src="figure.svg"></body></html>',
        encoding="utf-8",
    )
    shot = tmp / "shot.png"
    subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
         "--force-device-scale-factor=1", f"--user-data-dir={tmp / 'profile'}", f"--screenshot={shot}",
         f"--window-size={w},{h}", (tmp / "page.html").as_uri()],
        capture_output=True, timeout=120, check=True,
    )
    img = Image.open(shot).convert("RGB")
    assert img.size == size
    return img


def _difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(mean absolute difference per channel, share of pixels whose largest channel difference exceeds 64)."""
    diff = ImageChops.difference(a, b)
    r, g, bl = diff.split()
    largest = ImageChops.lighter(ImageChops.lighter(r, g), bl)
    outliers = sum(largest.histogram()[65:])
    return sum(ImageStat.Stat(diff).mean) / 3, outliers / (a.size[0] * a.size[1])


def _pixel_size(figure: Figure) -> tuple[int, int]:
    """The figure at ``DPI`` with its 20 mm cards: about 1300 px across for the widest."""
    per_unit = 20 / 25.4 * DPI
    return round(figure.width * per_unit), round(figure.height * per_unit)


@pytest.mark.skipif(
    CHROMIUM is None and not CHROMIUM_REQUIRED, reason="chromium is not installed (.ci/run installs it)"
)
@pytest.mark.parametrize("moment", list(MOMENTS))
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_cairosvg_and_chromium_draw_the_same_figure(game_id: str, moment: str, tmp_path: Path) -> None:
    """cairosvg (the PNG path) and headless Chromium (a browser) must draw each figure alike.

    Two renderers never agree pixel for pixel: their anti-aliasing differs
    along every edge. Measured at 150 dpi (20 mm cards), at the start, the
    middle and the end of deal 1 of each game: a mean difference of 0.1–1.0
    of 255 per channel, and at most 0.002 % of pixels whose largest channel
    differs by more than 64 (a quarter of the range: more than any edge's
    partial coverage disagrees by, less than ink against paper). The test
    allows a mean of 3 and 0.02 % such pixels: ten times the worst
    disagreement seen. A card left out, or the last card moved 2 units of
    the figure (0.6 mm on paper), puts 0.05–0.7 % of pixels past 64, more
    than twice the allowance; the test tampers with the SVG both ways to
    prove the allowance still catches them.

    Run by ``.ci/run``, which installs Debian's chromium and sets
    ``PASYANS_REQUIRE_CHROMIUM=1`` so that a missing browser fails rather
    than skips.
    """
    assert CHROMIUM, "PASYANS_REQUIRE_CHROMIUM=1 but neither chromium nor chromium-browser is on PATH"
    figure = figure_at_moment(game_id, moment)
    svg = figure_svg(figure)
    size = _pixel_size(figure)
    browser = _chromium_png(svg, size, tmp_path)
    mean, outliers = _difference(_cairosvg_png(svg, size), browser)
    assert mean <= MEAN_DIFF and outliers <= OUTLIER_SHARE, (mean, outliers)
    # The thresholds must catch a real mistake: the last card placed left out, or moved 2 mm to the right.
    last = list(re.finditer(r'<use href="#(?:c-[^"]+|back)" x="([^"]+)"[^>]*/>\n', svg))[-1]
    missing = svg[: last.start()] + svg[last.end():]
    moved = last.group(0).replace(f'x="{last.group(1)}"', f'x="{float(last.group(1)) + 2:g}"')
    shifted = svg[: last.start()] + moved + svg[last.end():]
    for wrong in (missing, shifted):
        _, bad = _difference(_cairosvg_png(wrong, size), browser)
        assert bad > OUTLIER_SHARE, bad
