"""The print-and-play pack's limits and its command: what a layout refuses, ``pasyans deck`` writing the pack,
the calibration page and the folded pack, its help, and bad input (one line, status 2, nothing written)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.cards import Card
from generator.pdf.deck import LayoutError, build_calibration, build_deck, deck_pages, max_bleed_mm, sheet_for
from tests.pdf.deck_pdf import MM, NEEDS_TOOLS, first_page

pytestmark = NEEDS_TOOLS


# --- layout limits ------------------------------------------------------------------------------------------------


def test_a_bleed_that_leaves_no_room_for_marks_is_refused() -> None:
    assert sheet_for("A4", 5).bleed == pytest.approx(5 * MM)
    assert max_bleed_mm("letter") == 3.7 and max_bleed_mm("A4", fold=True) == max_bleed_mm("letter", fold=True) == 3
    with pytest.raises(LayoutError, match=r"no room for crop marks on letter.*at most 3\.7 mm"):
        sheet_for("letter", 4)
    with pytest.raises(LayoutError, match=r"no room for crop marks on A4 folded.*at most 3 mm"):
        sheet_for("A4", 3.5, fold=True)
    with pytest.raises(LayoutError, match="A4 or letter"):
        sheet_for("A5")
    with pytest.raises(LayoutError, match="from 0 to 5"):
        sheet_for("A4", 5.5)
    with pytest.raises(LayoutError, match="2 or 4"):
        build_deck("A4", colors=3)
    with pytest.raises(LayoutError, match="add --backs"):
        build_deck("A4", back_offset_mm=(1, 0))
    with pytest.raises(LayoutError, match="at most 5 mm"):
        build_deck("A4", backs=True, back_offset_mm=(0, 5.5))


def test_the_sample_card_is_the_ace_of_spades_and_the_pages_are_counted() -> None:
    assert Card.parse("Т♠").index == 0
    assert deck_pages(backs=True) == 14 and deck_pages(backs=False) == 7


# --- the command --------------------------------------------------------------------------------------------------


def test_the_command_writes_the_pack(cli, tmp_path: Path) -> None:
    out = tmp_path / "pack.pdf"
    result = cli("deck", "--paper", "letter", "--bleed", "2,5", "--colors", "4", "--backs", "--packs", "2",
                 "--duplex", "short", "--back-offset", "0.5,-1", "-o", str(out))
    assert result.status == 0, result.err
    assert "26 pages" in result.err
    assert out.read_bytes() == build_deck("letter", bleed_mm=2.5, colors=4, backs=True, packs=2, duplex="short",
                                          back_offset_mm=(0.5, -1.0))
    first = first_page(out)
    assert "заходит на 2,5 мм" in first and "по короткому краю" in first  # a decimal comma, as Russian prints it
    assert [p.name for p in tmp_path.iterdir()] == ["pack.pdf"]


def test_the_command_writes_the_calibration_page_and_the_folded_pack(cli, tmp_path: Path) -> None:
    result = cli("deck", "--calibrate", "--paper", "letter", "--back-offset", "-1.5,0.25", "-o",
                 str(tmp_path / "c.pdf"))
    assert result.status == 0 and "2 pages" in result.err, result.err
    assert (tmp_path / "c.pdf").read_bytes() == build_calibration("letter", back_offset_mm=(-1.5, 0.25))
    result = cli("deck", "--fold", "--bleed", "3", "-o", str(tmp_path / "f.pdf"))
    assert result.status == 0 and "14 pages" in result.err, result.err
    assert (tmp_path / "f.pdf").read_bytes() == build_deck("A4", fold=True, bleed_mm=3)


def test_the_help_teaches_the_options_and_their_limits(cli) -> None:
    from generator.pdf.deck import MAX_BACK_OFFSET_MM

    text = re.sub(r"\s+", " ", cli("deck", "--help").out)
    for option in ("--packs 2", "--bleed", "--backs", "--fold", "--duplex", "--back-offset X,Y", "--calibrate",
                   "--png DIR", "--dpi", "--latin-names"):
        assert option in text
    assert f"at most {MAX_BACK_OFFSET_MM:g} each way" in text and "pasyans deck --calibrate" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--paper", "A5"], "A4 or letter"),
        (["--paper", "legal"], "unknown paper"),
        (["--bleed", "6"], "from 0 to 5"),
        (["--bleed", "-1"], "from 0 to 5"),
        (["--bleed", "nan"], "from 0 to 5"),
        (["--bleed", "wide"], "millimetres"),
        (["--paper", "letter", "--bleed", "5"], "no room for crop marks"),
        (["--fold", "--bleed", "3.5"], "at most 3 mm"),
        (["--colors", "3"], "2 or 4"),
        (["--packs", "0"], "1 or 2"),
        (["--backs", "--fold"], "not allowed with"),
        (["--backs", "--duplex", "sideways"], "long or short"),
        (["--backs", "--back-offset", "1.5"], "two numbers"),
        (["--backs", "--back-offset", "1,5,-0,5"], "decimal points"),
        (["--backs", "--back-offset", "inf,0"], "at most 5 mm"),
        (["--fold", "--back-offset", "1,1"], "does not apply without --backs"),
        (["--calibrate", "--bleed", "3"], "does not apply to --calibrate"),
        (["--latin-names"], "without --png"),
    ],
)
def test_bad_input_is_one_line_with_status_2_and_writes_nothing(cli, tmp_path: Path, args: list[str],
                                                                message: str) -> None:
    out = tmp_path / "never.pdf"
    result = cli("deck", *args, "-o", str(out))
    assert result.status == 2 and message in result.err, result.err
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    assert not out.exists()


def test_an_output_path_under_a_file_is_refused(cli, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    result = cli("deck", "-o", str(tmp_path / "file" / "deck.pdf"))
    assert result.status == 2 and "is not a directory" in result.err
