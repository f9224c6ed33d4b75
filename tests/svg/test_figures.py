"""Figures as SVG: well-formed, self-contained, small, deterministic, bounded, readable, and the ``svg`` command
(cairosvg against Chromium is in ``test_chromium``)."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

import pytest
from PIL import Image

from generator.deals import stock_indices
from generator.figures import figure_of
from generator.figures.base import (
    CARD_H,
    CARD_W,
    FAN_STEP,
    READ_STEP,
    WRAP_STEP,
    Figure,
    Label,
    fan_columns,
    fan_layout,
    fan_width,
    hidden_indices,
    label_box,
)
from generator.games import GAME_IDS, Game, Move, Result, all_specs, make_game
from generator.play import opening, play_out
from generator.svg.figure import MARK_COLOUR, figure_svg
from tests.conftest import digests_across_hash_seeds
from tests.svg.moments import MOMENTS, figure_at, figure_at_moment, played_out

SVG = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
ROOT = Path(__file__).resolve().parents[2]


def _check_self_contained(svg: str) -> ET.Element:
    """Well-formed, a viewBox, no <text>, and every reference points into the document's own <defs>."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    view_box = root.get("viewBox", "").split()
    assert len(view_box) == 4 and float(view_box[2]) > 0 and float(view_box[3]) > 0
    defs = root.find(SVG + "defs")
    assert defs is not None
    defined = {el.get("id") for el in defs.iter() if el.get("id")}
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids)), "an id is defined twice"
    assert set(ids) == defined, "an id outside <defs>"
    refs = [el.get("href") or el.get(XLINK_HREF) for el in root.iter() if el.get("href") or el.get(XLINK_HREF)]
    assert refs
    for ref in refs:
        assert ref.startswith("#") and ref[1:] in defined, ref
    for el in root.iter():
        for value in el.attrib.values():
            assert "url(" not in value and "http" not in value, value
    assert not list(root.iter(SVG + "text"))
    assert "font" not in svg and "<image" not in svg and "<script" not in svg
    return root


@pytest.mark.parametrize("moment", list(MOMENTS))
@pytest.mark.parametrize("spec", all_specs())
def test_figures_are_self_contained_svg(spec: str, moment: str) -> None:
    figure = figure_at_moment(spec, moment)
    root = _check_self_contained(figure_svg(figure))
    uses = [el.get("href") for el in root.iter(SVG + "use") if el.get("href", "").startswith(("#c-", "#back"))]
    # Nested uses inside the card symbols are not counted: only the cards the figure places.
    placed = [el for el in root if el.tag == SVG + "use"]
    assert len(placed) == len(figure.cards) and len(uses) >= len(figure.cards)
    assert figure.title and root.find(SVG + "title").text == figure.title


def test_title_and_labels_escape_user_text() -> None:
    figure = figure_at("quadrille", 5)
    nasty = 'Кадриль <script>&amp; "quotes" \'too\'</script>'
    svg = figure_svg(dataclasses.replace(figure, title=nasty))
    root = _check_self_contained(svg)
    assert root.find(SVG + "title").text == nasty
    assert "<script>" not in svg
    assert "&lt;script&gt;&amp;amp;" in svg


@pytest.mark.parametrize("spec", GAME_IDS)
def test_same_bytes_twice(spec: str) -> None:
    figure = figure_at_moment(spec, "mid")
    assert figure_svg(figure) == figure_svg(figure)
    state = played_out(spec).states[7]
    assert figure_of(make_game(spec), state) == figure_of(make_game(spec), state)


def test_same_bytes_across_processes_and_hash_seeds() -> None:
    code = (
        "import hashlib;from generator.games import make_game;from generator.deals import stock_indices;"
        "from generator.play import play_out;from generator.figures import figure_of;"
        "from generator.svg.figure import figure_svg;g=make_game('gallery');"
        "p=play_out(g,stock_indices('gallery',1));"
        "print(hashlib.sha256(figure_svg(figure_of(g,p.states[60],last_move=p.moves[59]),colors=4).encode()).hexdigest())"
    )
    digests = digests_across_hash_seeds(code)
    here = played_out("gallery")
    svg = figure_svg(figure_of(here.game, here.states[60], last_move=here.moves[59]), colors=4)
    assert digests == {hashlib.sha256(svg.encode()).hexdigest()}


# ---------------------------------------------------------------- staged positions


def _staged(game_id: str, places: Mapping[str, list[int]], redeals: int = 0) -> Game:
    """The game with a hand-made table: ``places`` by name, bottom card first (the state is ignored)."""
    base = type(make_game(game_id))

    class Staged(base):  # type: ignore[misc, valid-type]
        def contents(self, state: object) -> dict[int, tuple[int, ...]]:
            return {self.place_id(name): tuple(cards) for name, cards in places.items() if cards}

        def redeals_done(self, state: object) -> int:
            return redeals

    return Staged()


def _full_gallery() -> dict[str, list[int]]:
    """All 104 cards face up: eight queens on top, the kings with eleven cards each; every face shown twice."""
    rank = lambda c: c % 13 + 1  # noqa: E731
    others = [c for c in range(52) if rank(c) not in (12, 13)] * 2
    kings = [c for c in range(52) if rank(c) == 13] * 2
    queens = [c for c in range(52) if rank(c) == 12] * 2
    table = {f"queen:{i + 1}": [queens[i]] for i in range(8)}
    table.update({f"pile:{i + 1}": [kings[i], *others[i::8]] for i in range(8)})
    return table


def test_a_figure_of_104_cards_is_at_most_60_kb() -> None:
    """Every face twice, plus the back, a from-mark and a framed card: the worst a figure gets, under 60 KB."""
    table = _full_gallery()
    game = _staged("gallery", table)
    figure = figure_of(game, None)
    assert len(figure.cards) == 104 and figure.card_indices() == set(range(52))
    svg = figure_svg(figure)
    assert len(svg.encode()) <= 60_000, len(svg.encode())
    # The same with a card back in the stock and the last move marked (one more card on the table).
    table["stock"] = [0]
    top = table["pile:3"][-1]
    move = Move(top, game.place_id("queen:8"), game.place_id("pile:3"))
    marked = figure_of(_staged("gallery", table), None, last_move=move)
    assert marked.has_back and marked.marks and any(c.highlight for c in marked.cards)
    for colors in (2, 4):
        size = len(figure_svg(marked, colors=colors).encode())
        assert size <= 60_000, (colors, size)
    _check_self_contained(figure_svg(marked))


def _pile_spots(figure: Figure, x: float) -> list:
    return [c for c in figure.cards if abs(c.x - x) < 1e-9]


@pytest.mark.parametrize(
    ("game_id", "pile"), [("gallery", "pile:5"), ("village", "pile:2"), ("brunette_blonde", "pile:8")]
)
@pytest.mark.parametrize("length", [12, 20, 40, 60])
def test_long_piles_go_on_in_more_columns_and_every_index_stays_readable(game_id: str, pile: str,
                                                                         length: int) -> None:
    """A long pile is never squeezed to bare edges: it keeps ``READ_STEP`` or more per card and goes on in a
    further column, over the right of the one before; the piles to its right move over; its top card is whole."""
    cards = [c % 52 for c in range(12, 12 + length)]
    module = __import__(f"generator.figures.{game_id}", fromlist=["PILE_HEIGHT"])
    figure = figure_of(_staged(game_id, {pile: cards, "pile:1" if pile != "pile:1" else "pile:2": [3]}), None)
    assert hidden_indices(figure) == []
    slot = next(s for s in figure.slots if s.place == pile)
    spots = [c for c in figure.cards if slot.x - 1e-9 <= c.x < slot.x + fan_width(length, module.PILE_HEIGHT)
             and c.y >= slot.y - 1e-9 and c.card in cards]
    assert [s.card for s in spots] == cards
    columns = fan_columns(length, module.PILE_HEIGHT)
    assert {round(s.x - slot.x, 6) for s in spots} == {round(k * WRAP_STEP, 6) for k in range(columns)}
    assert all(s.y + CARD_H <= slot.y + module.PILE_HEIGHT + 1e-9 for s in spots)
    # The next pile to the right starts clear of the last column.
    number = int(pile.partition(":")[2])
    if number < 8:
        following = next(s for s in figure.slots if s.place == f"pile:{number + 1}")
        assert following.x >= slot.x + fan_width(length, module.PILE_HEIGHT) + 0.1
    top = spots[-1]
    later = figure.cards[figure.cards.index(top) + 1:]
    assert not [c for c in later if abs(c.x - top.x) < CARD_W and abs(c.y - top.y) < CARD_H]


@pytest.mark.parametrize("count", [0, 1, 2, 5, 13, 14, 15, 16, 20, 40, 47, 60, 104, 300])
@pytest.mark.parametrize("max_height", [None, CARD_H, 3.0, 4.4, 5.6])
def test_fan_layout_fits_and_never_goes_below_a_readable_step(count: int, max_height: float | None) -> None:
    spots = fan_layout(count, max_height)
    assert len(spots) == count
    if not count:
        return
    assert spots[0] == (0.0, 0.0)
    columns = fan_columns(count, max_height)
    assert {dx for dx, _ in spots} == {k * WRAP_STEP for k in range(columns)}
    for k in range(columns):
        ys = [dy for dx, dy in spots if dx == k * WRAP_STEP]
        steps = [b - a for a, b in itertools.pairwise(ys)]
        assert all(READ_STEP - 1e-9 <= step <= FAN_STEP + 1e-9 for step in steps)
        if max_height is not None:
            assert ys[-1] + CARD_H <= max(max_height, CARD_H) + 1e-9
    if max_height is None and count > 1:
        assert columns == 1 and spots[1] == (0.0, FAN_STEP)


@pytest.mark.parametrize("spec", all_specs())
def test_no_card_covers_another_s_index_at_any_step_of_a_game(spec: str) -> None:
    """Every card's rank and suit show in every figure of every game: at every tenth position of the no-peek game
    of deals 1–3 nothing lies over a face's index."""
    game = make_game(spec)
    for deal in (1, 2, 3):
        played = play_out(game, stock_indices(game.id, deal))
        for k in range(0, len(played.states), 10):
            figure = figure_of(game, played.states[k], last_move=played.moves[k - 1] if k else None)
            assert hidden_indices(figure) == [], (spec, deal, k)


def test_the_index_check_sees_a_covered_index() -> None:
    figure = figure_at_moment("village", "mid")
    card = next(c for c in figure.cards if c.card is not None)
    covering = dataclasses.replace(card, y=card.y + 0.1)
    assert hidden_indices(dataclasses.replace(figure, cards=(*figure.cards, covering)))


def test_the_last_move_is_marked() -> None:
    played = played_out("brunette_blonde")
    k = next(i for i, m in enumerate(played.moves, 1) if not m.is_redeal and played.game.place_name(m.src) == "waste")
    move = played.moves[k - 1]
    figure = figure_of(played.game, played.states[k], last_move=move)
    framed = [c for c in figure.cards if c.highlight]
    assert [c.card for c in framed] == [move.card]
    assert len(figure.marks) == 1
    root = ET.fromstring(figure_svg(figure))
    marks = [el for el in root.iter(SVG + "rect") if el.get("stroke") == MARK_COLOUR]
    # A dashed outline where the card was, a solid frame round it where it lies.
    assert sorted(bool(el.get("stroke-dasharray")) for el in marks) == [False, True]
    plain = figure_of(played.game, played.states[k])
    assert not plain.marks and not any(c.highlight for c in plain.cards)


# ---------------------------------------------------------------- the command


def _svg_cli(*args: str, tmp_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "generator", "svg", *args, "-o", str(tmp_path)],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )


def test_cli_writes_start_step_end_and_card(tmp_path: Path) -> None:
    runs = [
        (["quadrille", "--deal", "7"], ["quadrille-7-start.svg"]),
        (["quadrille", "--deal", "7", "--step", "12", "--png", "--dpi", "72"],
         ["quadrille-7-step-12.svg", "quadrille-7-step-12.png"]),
        (["quadrille", "--deal", "7", "--end", "--colors", "4"], ["quadrille-7-end.svg"]),
        (["quadrille:queens_first", "--deal", "3"], ["quadrille-queens_first-3-start.svg"]),
        (["--card", "Д♠", "--png"], ["card-Qs.svg", "card-Qs.png"]),
        (["--card", "10h"], ["card-10h.svg"]),
        (["--card", "back"], ["card-back.svg"]),
    ]
    for args, names in runs:
        result = _svg_cli(*args, tmp_path=tmp_path)
        assert result.returncode == 0, result.stderr
        for name in names:
            assert (tmp_path / name).is_file(), name
            assert str(tmp_path / name) in result.stdout
    for name in ("quadrille-7-start.svg", "quadrille-7-step-12.svg", "card-Qs.svg"):
        _check_self_contained((tmp_path / name).read_text(encoding="utf-8"))
    step = (tmp_path / "quadrille-7-step-12.svg").read_text(encoding="utf-8")
    assert f'stroke="{MARK_COLOUR}"' in step  # the step's last move is marked
    assert "расклад №7" in step
    png = Image.open(tmp_path / "quadrille-7-step-12.png")
    assert png.format == "PNG" and png.size[0] > 100
    assert Image.open(tmp_path / "card-Qs.png").size == (744, 1039)  # 63 × 88 mm at 300 dpi
    assert not list(tmp_path.glob("*.part")) and not list(tmp_path.glob(".*"))
    # Same input, same bytes.
    before = (tmp_path / "quadrille-7-end.svg").read_bytes()
    assert _svg_cli("quadrille", "--deal", "7", "--end", "--colors", "4", tmp_path=tmp_path).returncode == 0
    assert (tmp_path / "quadrille-7-end.svg").read_bytes() == before


def test_cli_opening_is_the_deal_laid_out_up_to_the_first_choice(tmp_path: Path) -> None:
    """``--opening``: the position the practice sheets show (the forced deal made), same bytes as that figure."""
    result = _svg_cli("village", "--deal", "3", "--opening", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "8 forced moves" in result.stdout
    svg = (tmp_path / "village-3-opening.svg").read_text(encoding="utf-8")
    _check_self_contained(svg)
    game = make_game("village")
    opened = opening(game, stock_indices("village", 3))
    assert opened.forced == 8 and opened.choice
    expected = dataclasses.replace(figure_of(game, opened.state), title="«Деревенский пасьянс», расклад №3: раскладка")
    assert svg == figure_svg(expected, colors=2)
    # «Кадриль» never offers a choice: its opening is the start.
    result = _svg_cli("quadrille", "--deal", "3", "--opening", tmp_path=tmp_path)
    assert result.returncode == 0 and "plays itself" in result.stdout
    start = figure_of(make_game("quadrille"), make_game("quadrille").initial_state(stock_indices("quadrille", 3)))
    assert (tmp_path / "quadrille-3-opening.svg").read_text(encoding="utf-8") == figure_svg(
        dataclasses.replace(start, title="«Кадриль», расклад №3: начало"), colors=2
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["quadrille", "--deal", "7", "--step", "9999"], "moves"),
        (["--card", "Z♠"], "card"),
        (["--card", "Д♠", "quadrille"], "not both"),
        ([], "GAME"),
        (["quadrille"], "--deal"),
        (["quadrille", "--deal", "7", "--dpi", "29", "--png"], "30"),
        (["quadrille", "--deal", "7", "--dpi", "1201", "--png"], "1200"),
        (["quadrille", "--deal", "7", "--colors", "3"], "2 or 4"),
        (["quadrille", "--deal", "7", "--step", "2", "--end"], "--end"),
        (["village", "--deal", "7", "--opening", "--end"], "--opening"),
        (["--card", "Д♠", "--opening"], "--opening describes a position"),
        (["quadrille", "--deal", "7", "--step", "-1"], "--step"),
        (["klondike", "--deal", "7"], "klondike"),
        (["quadrille", "--deal", "0"], "deal"),
    ],
)
def test_cli_errors_are_one_line_with_status_2(tmp_path: Path, args: list[str], says: str) -> None:
    result = _svg_cli(*args, tmp_path=tmp_path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert says in result.stderr
    assert not list(tmp_path.iterdir())


def test_cli_steps_through_the_solvers_line_when_it_wins(tmp_path: Path) -> None:
    """Village deal 1: the no-peek player loses in 264 moves, the solver wins in 320; --end shows the solver's win,
    searched within the command's limit in positions (no clock), so the same on any machine."""
    from generator.commands.draw import SOLVE_POSITIONS
    from generator.solver import Budget, solve

    game = make_game("village")
    stock = stock_indices("village", 1)
    solution = solve(game, stock, budget=Budget(seconds=None, nodes=SOLVE_POSITIONS))
    assert solution.result is Result.WON and len(solution.moves) != len(played_out("village", 1).moves)
    result = _svg_cli("village", "--deal", "1", "--end", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"of the solver's winning line ({len(solution.moves)} moves)" in result.stdout
    svg = (tmp_path / "village-1-end.svg").read_text(encoding="utf-8")
    state = game.initial_state(stock)
    for move in solution.moves:
        state = game.apply(state, move)
    won = figure_of(game, state, last_move=solution.moves[-1])
    title = f"«{game.title}», расклад №1: после хода {len(solution.moves)}, конец"
    assert svg == figure_svg(dataclasses.replace(won, title=title))


def test_the_line_to_step_through_does_not_depend_on_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Village deal 82 is won after some 28 000 positions: within the limit, so --step/--end step through the
    solver's win, even where every reading of the clock is an hour later (a limit in seconds would give up and
    fall back to the no-peek game: the figure would depend on the machine's speed)."""
    import generator.solver
    from generator.commands.common import Deal, Shown, line_of
    from generator.commands.draw import SOLVE_POSITIONS
    from generator.solver import Budget, solve

    game = make_game("village")
    stock = stock_indices("village", 82)
    needed = solve(game, stock, budget=Budget(seconds=None, nodes=10**6))
    assert needed.result is Result.WON and 10_000 < needed.nodes <= SOLVE_POSITIONS
    real, readings = generator.solver.time.perf_counter, iter(range(10**9))
    monkeypatch.setattr(generator.solver.time, "perf_counter", lambda: real() + 3600 * next(readings))
    line = line_of(Shown(game, Deal(82, tuple(stock), "82")), SOLVE_POSITIONS)
    assert line.whose == "the solver's winning line" and line.moves == needed.moves


def test_cli_step_past_the_end_says_how_many_moves(tmp_path: Path) -> None:
    played = played_out("quadrille", 7)
    result = _svg_cli("quadrille", "--deal", "7", "--step", str(len(played.moves) + 1), tmp_path=tmp_path)
    assert result.returncode == 2 and f"has {len(played.moves)} moves" in result.stderr


def test_cli_makes_a_missing_output_directory(tmp_path: Path) -> None:
    result = _svg_cli("--card", "Т♥", "--png", tmp_path=tmp_path / "new" / "figures")
    assert result.returncode == 0, result.stderr
    assert sorted(path.suffix for path in (tmp_path / "new" / "figures").iterdir()) == [".png", ".svg"]


def test_cli_refuses_an_output_directory_under_a_file_and_makes_nothing(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    result = _svg_cli("quadrille", "--deal", "7", tmp_path=tmp_path / "file" / "figures")
    assert result.returncode == 2 and f"output path {tmp_path / 'file'} is not a directory" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and sorted(tmp_path.iterdir()) == [tmp_path / "file"]


def test_cli_makes_no_directory_when_the_input_is_bad(tmp_path: Path) -> None:
    result = _svg_cli("quadrille", "--deal", "7", "--step", "100000", tmp_path=tmp_path / "new")
    assert result.returncode == 2 and not (tmp_path / "new").exists()


# ---------------------------------------------------------------- labels keep clear


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _assert_labels_clear(figure: Figure) -> None:
    """Every label lies inside the figure, apart from every other label, every card, place and mark."""
    boxes = [label_box(label) for label in figure.labels]
    things = [(s.x, s.y, s.x + s.w, s.y + s.h) for s in figure.slots]
    things += [(c.x, c.y, c.x + CARD_W, c.y + CARD_H) for c in figure.cards]
    things += [(m.x, m.y, m.x + m.w, m.y + m.h) for m in figure.marks]
    for label, box in zip(figure.labels, boxes, strict=True):
        assert box[0] >= 0 and box[1] >= 0 and box[2] <= figure.width and box[3] <= figure.height, label.text
        assert not [t for t in things if _overlap(box, t)], label.text
    for (a, box_a), (b, box_b) in itertools.combinations(zip(figure.labels, boxes, strict=True), 2):
        assert not _overlap(box_a, box_b), (a.text, b.text)


@pytest.mark.parametrize("moment", list(MOMENTS))
@pytest.mark.parametrize("spec", all_specs())
def test_labels_overlap_nothing(spec: str, moment: str) -> None:
    figure = figure_at_moment(spec, moment)
    assert figure.labels
    _assert_labels_clear(figure)
    for label in figure.labels:
        assert label.text == label.text.strip() and "  " not in label.text, repr(label.text)


@pytest.mark.parametrize(
    ("game_id", "pile"), [("gallery", "pile:8"), ("village", "pile:4"), ("brunette_blonde", "pile:1")]
)
def test_labels_stay_clear_of_a_long_pile(game_id: str, pile: str) -> None:
    table = {pile: [c % 52 for c in range(60)], "stock": [0] * 30}
    _assert_labels_clear(figure_of(_staged(game_id, table), None))


def test_the_label_check_sees_an_overlap() -> None:
    figure = figure_at_moment("phalanx", "mid")
    card = figure.cards[0]
    crowded = dataclasses.replace(figure, labels=(*figure.labels, Label("Колода: 9", card.x + 0.5, card.y + 0.5)))
    with pytest.raises(AssertionError):
        _assert_labels_clear(crowded)


def test_every_place_of_quadrille_says_whose_queen_five_or_six_goes_there() -> None:
    """«Кадриль»'s empty table already says where each suit's queen, five and six are laid: a label right above
    each of its twelve places names the card that starts it."""
    game = make_game("quadrille")
    figure = figure_of(game, game.initial_state(stock_indices("quadrille", 1)))
    first = {"queen": "Д", "five": "5", "six": "6"}
    places = [slot for slot in figure.slots if slot.place.partition(":")[0] in first]
    assert len(places) == 12
    for slot in places:
        kind, _, suit = slot.place.partition(":")
        above = [label for label in figure.labels
                 if slot.x <= label.x <= slot.x + slot.w and slot.y - 0.3 <= label.y <= slot.y]
        assert [label.text for label in above] == [first[kind] + suit], (slot.place, above)
