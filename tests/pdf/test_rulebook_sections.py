"""The rulebook's figures, solved walkthroughs and odds (sections 2, 4 and 5 of each chapter).

The walkthroughs come from the checked records in ``assets/samples/``: each
must replay as a win through ``pasyans check`` and be the lowest deal the
solver wins among the deals below it that the solver decides. The PDF is read
back with poppler and qpdf, as in ``test_rulebook.py``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator import samples
from generator.analysis import Difficulty, grade_counts
from generator.cards import card_str
from generator.deals import stock_indices
from generator.figures import figure_of
from generator.games import GAME_IDS, GAMES, Result, all_specs, make_game
from generator.notation import move_ru, rule_text_of, variant_reading, variant_ru
from generator.pdf import rulebook
from generator.pdf.figure import CARD_WIDTH, FigureFlowable, draw_figure, figure_scale
from generator.pdf.paper import book_page
from generator.pdf.rulebook import model
from generator.pdf.rulebook import walk as walk_model
from generator.pdf.rulebook.book import Book
from generator.pdf.rulebook.odds import NO_PEEK, RULES_AS_PRINTED, THOUGHTFUL, odds_section, rate_digits
from generator.pdf.rulebook.odds import reading_rows as odds_reading_rows
from generator.pdf.rulebook.odds import share as odds_share
from generator.pdf.styles import book_styles
from generator.pdf.typography import percent_ru, quoted
from generator.play import laid_out_at, laid_out_line, play_out
from generator.record import from_json, to_json
from generator.replay import replay
from generator.solver import Budget, solve
from generator.walkthrough import phases
from tests.pdf.test_rulebook import TOOLS, body_text, chapter_spans, run, squash, verbatim

ROOT = Path(__file__).parents[2]
needs_tools = pytest.mark.skipif(any(__import__("shutil").which(tool) is None for tool in TOOLS),
                                 reason="needs poppler-utils and qpdf")
SAMPLE_SPECS = [spec for spec in all_specs() if samples.sample_path(spec).exists()]
SAMPLE_GAMES = [game_id for game_id in GAME_IDS if samples.sample_path(game_id).exists()]


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sections") / "rulebook.pdf"
    out.write_bytes(rulebook.build_rulebook("A4"))
    return out


@pytest.fixture(scope="module")
def chapters(book: Path) -> dict[str, str]:
    return chapter_spans(body_text(book))


@pytest.fixture(scope="module")
def chapters_in_order(book: Path) -> dict[str, str]:
    """The chapters in poppler's reading order, uncropped: cropping moves a short last line of a page (a run of
    forced moves) up among the lines above it."""
    from tests.pdf.test_reader import reading_order

    return chapter_spans(reading_order(book))


def pages_of(pdf: Path) -> list[str]:
    """The squashed text of every page."""
    count = int(re.search(r"Pages:\s+(\d+)", run("pdfinfo", pdf)).group(1))
    return [squash(run("pdftotext", "-f", str(p), "-l", str(p), pdf, "-")) for p in range(1, count + 1)]


# --- the sample records -------------------------------------------------------------------------------------------


def test_the_samples_that_today_s_solvers_win_quickly_are_there() -> None:
    for spec in ("quadrille", "quadrille:queens_first", "brunette_blonde", "brunette_blonde:two_cards"):
        assert spec in SAMPLE_SPECS, f"{spec}: run python -m generator.samples --only {spec.partition(':')[0]}"


@pytest.mark.parametrize("spec", SAMPLE_SPECS)
def test_every_sample_record_passes_pasyans_check(spec: str) -> None:
    path = samples.sample_path(spec)
    done = subprocess.run([sys.executable, "-m", "generator", "check", str(path)], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "won" in done.stdout
    record = samples.load_sample(spec)
    game = make_game(spec)
    assert record.result is Result.WON and (record.game, record.variant) == (game.id, game.variant)
    assert path.read_text(encoding="utf-8") == to_json(record), "the file is not in the canonical record form"


@pytest.mark.parametrize("spec", SAMPLE_SPECS)
def test_every_sample_is_the_lowest_deal_the_solver_wins(spec: str) -> None:
    """Below the sample's deal no deal is won; «Кадриль» is decided outright, so there every lower deal is lost."""
    game = make_game(spec)
    deal = samples.load_sample(spec).deal
    for lower in range(1, deal):
        result = solve(game, stock_indices(game.id, lower), budget=Budget(seconds=3)).result
        assert result is not Result.WON, f"{spec}: deal {lower} is won, so deal {deal} is not the lowest"
        if game.id == "quadrille":
            assert result is Result.LOST, f"{spec}: deal {lower} is {result}"


def test_find_sample_takes_the_lowest_win_and_notes_what_it_passed() -> None:
    found = samples.find_sample(make_game("quadrille:queens_first"), budget_seconds=5)
    assert found.deal == 3 and found.lost == (1, 2) and found.unknown == ()
    assert found.record.result is Result.WON and found.record.deal == 3
    assert samples.find_sample(make_game("quadrille:queens_first"), start=1, limit=2, budget_seconds=5).record is None


def test_the_samples_command_writes_records_atomically(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert samples.main(["--only", "quadrille", "--directory", str(tmp_path)]) == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == ["critical.json", "quadrille.json", "quadrille.queens_first.json"]
    out = capsys.readouterr().out
    assert "quadrille: deal 1" in out and "quadrille:queens_first: deal 3" in out
    assert from_json((tmp_path / "quadrille.json").read_text(encoding="utf-8")).deal == 1
    with pytest.raises(SystemExit):
        samples.main(["--only", "chess", "--directory", str(tmp_path)])


@pytest.mark.parametrize("damage", ["missing", "not json", "illegal", "not won", "other game"])
def test_a_missing_or_bad_sample_gives_a_russian_sentence(tmp_path: Path, damage: str) -> None:
    good = samples.load_sample("quadrille")
    path = samples.sample_path("quadrille", tmp_path)
    data = json.loads(to_json(good))
    if damage == "not json":
        path.write_text("{", encoding="utf-8")
    elif damage == "illegal":
        data["moves"][3], data["moves"][4] = data["moves"][4], data["moves"][3]
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    elif damage == "not won":
        data["moves"] = data["moves"][:-5]
        data["result"] = "unknown"
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    elif damage == "other game":
        samples.sample_path("quadrille:queens_first", tmp_path).write_text(to_json(good), encoding="utf-8")
        path = samples.sample_path("quadrille:queens_first", tmp_path)
    with pytest.raises(samples.SampleError) as error:
        samples.load_sample("quadrille:queens_first" if damage == "other game" else "quadrille", tmp_path)
    assert re.search("[а-я]", str(error.value)) and "Traceback" not in str(error.value)


# --- the chapters -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_first_figure_shows_the_deal_laid_out(game_id: str) -> None:
    """``Game.laid_out`` decides the first figure: the dealt block (village, brunette_blonde), one card turned
    («Кадриль»), the middle king laid («Картинная галерея»), the pyramid and the base card («Фаланга»)."""
    game = make_game(game_id)
    for deal in range(1, 21):
        stock = stock_indices(game_id, deal)
        moves = laid_out_line(game, stock)
        states = replay(game, game.initial_state(stock), moves).states
        length = laid_out_at(game, states)
        state = states[length]
        assert length == len(moves)  # the line stops where the game calls the deal laid out
        assert not any(game.laid_out(earlier) for earlier in states[1:length])
        if game_id in ("quadrille", "gallery"):
            assert length == 1
        elif game_id == "phalanx":
            assert length == 26 and moves[25].dst == game.place_id("foundation:1")  # the base card starts it
        else:  # the first choice, once the first eight cards (and the aces among them) are down
            assert length >= 8 and not game.forced(state) and all(game.forced(s) for s in states[1:length])
    assert model.laid_out_words(game_id) != "начальная раскладка"  # every game's text asset names it


@needs_tools
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_chapter_has_its_figure_with_a_caption_naming_the_deal(chapters: dict[str, str], game_id: str) -> None:
    chapter = chapters[game_id]
    deal = samples.load_sample(game_id).deal if game_id in SAMPLE_GAMES else 1
    caption = f"«{GAMES[game_id].title}», расклад № {deal}: {model.laid_out_words(game_id)}"
    assert verbatim(caption).search(chapter), caption
    # The figure comes after the rule text and before the readings.
    assert chapter.index("«" + GAMES[game_id].title + "», расклад") < chapter.index("Толкование правил")


@needs_tools
@pytest.mark.parametrize("game_id", SAMPLE_GAMES)
def test_each_walkthrough_lists_every_move_by_phase_with_figures(chapters_in_order: dict[str, str],
                                                                 game_id: str) -> None:
    """Every move is printed, in order: a choice as «N. move», a run of forced moves condensed as «a–b. …»; each
    phase under its title when the line has more than one; the figures' captions between them."""
    game = make_game(game_id)
    record = samples.load_sample(game_id)
    chapter = chapters_in_order[game_id]
    start = chapter.index(f"Разбор расклада № {record.deal}")
    walk = chapter[start:chapter.index("Как часто выходит", start)]
    moment = samples.load_moment(game_id, record)
    foresight = moment is not None and moment.difficulty is Difficulty.FORESIGHT
    command = "analyze" if foresight else "solve"
    assert verbatim(f"pasyans {command} {game_id} --deal {record.deal}").search(walk)
    # The stock, top card first, for dealing by hand.
    first_cards = " ".join(card_str(card) for card in record.stock[:10])
    assert first_cards in walk
    sample = model.walkthrough(game, model.sample_line(game))
    assert isinstance(sample, model.Walkthrough)
    position = 0
    for phase in sample.phases:
        if len(sample.phases) > 1:
            position = walk.index(phase.title, position)
        else:
            assert phase.title not in walk  # a game of one deal names no phase
        for entry in phase.entries:
            label = f"{entry.label}: " if entry.label else ""
            found = walk.find(f"{entry.numbers}. {label}{entry.text}", position)
            assert found >= 0, f"{game_id}: {entry.numbers}. {entry.text[:60]} missing or out of order"
            position = found
    last = sample.phases[-1].entries[-1].last
    assert verbatim(f"После хода {last} — пасьянс вышел").search(walk)
    captions = re.findall(r"После хода \d+ —", walk)
    assert 1 <= len(captions) <= walk_model.MAX_WALKTHROUGH_FIGURES
    redeals = sum(move.is_redeal for move in record.moves)
    room = walk_model.MAX_WALKTHROUGH_FIGURES - 1 - foresight  # the end, and the position before the critical move
    assert len(re.findall(r"перед \S+ пересдачей", walk)) == min(redeals, room)


@needs_tools
@pytest.mark.parametrize("game_id", SAMPLE_GAMES)
def test_a_walkthrough_marks_the_critical_move_when_the_careful_player_loses_the_deal(
        chapters: dict[str, str], game_id: str) -> None:
    """The sample follows the no-peek player up to its critical move: a figure of the position before it, and
    the mark: the player's move there (which loses) and the walkthrough's move (which keeps the win)."""
    game = make_game(game_id)
    record = samples.load_sample(game_id)
    chapter = chapters[game_id]
    walk = chapter[chapter.index(f"Разбор расклада № {record.deal}"):chapter.index("Как часто выходит")]
    moment = samples.load_moment(game_id, record)
    assert moment is not None
    played = play_out(game, record.stock)
    if played.result is Result.WON:
        assert moment.difficulty is Difficulty.EASY and "Решающий ход" not in walk
        return
    assert moment.difficulty is Difficulty.FORESIGHT
    if moment.number is None:  # not established within the analysis's bound: said so, nothing marked
        assert moment.between is not None and moment.played is None
        low, high = moment.between
        assert verbatim(f"Где именно он теряет выигрыш, программа не установила: между ходами {low} и {high}.") \
            .search(walk), game_id
        assert "Решающий ход" not in walk and "его решающий ход" not in walk
        assert record.moves[:low - 1] == tuple(played.moves[:low - 1])  # the line follows the player that far
        return
    assert moment.played is not None
    index = moment.number - 1  # the critical move's index in the line
    assert record.moves[:index] == tuple(played.moves[:index]) and moment.played == played.moves[index]
    numbers = {i: number for phase in phases(game, record.moves) for number, _, i in phase.moves}
    before = max(i for i in numbers if i < index)
    mark = verbatim(f"После хода {numbers[before]} — положение перед решающим ходом. Решающий ход. Осторожный "
                    f"игрок, который не заглядывает в колоду, сыграл бы здесь {move_ru(game, moment.played)} — и "
                    f"пасьянс уже не вышел бы").search(walk)
    assert mark, game_id
    kept = verbatim(f"Выигрыш сохраняет ход {numbers[index]} ({move_ru(game, record.moves[index])}), а чтобы его "
                    f"найти, нужно предвидеть, что придёт из колоды. {numbers[index]}. "
                    f"{move_ru(game, record.moves[index])}").search(walk, mark.end())
    assert kept, game_id
    assert walk.count("Решающий ход.") == 1


@needs_tools
def test_a_game_without_a_sample_says_so_in_russian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(samples, "SAMPLES_DIR", tmp_path)
    (tmp_path / "gallery.json").write_text("{broken", encoding="utf-8")
    pdf = tmp_path / "book.pdf"
    pdf.write_bytes(rulebook.build_rulebook("A4"))
    spans = chapter_spans(body_text(pdf))
    assert "Образцовый расклад для этой игры ещё не найден" in spans["quadrille"]
    assert "Запись образцового расклада повреждена" in spans["gallery"]
    assert verbatim(f"«{GAMES['quadrille'].title}», расклад № 1").search(spans["quadrille"])


def _odds(chapters: dict[str, str], game_id: str) -> tuple[str, dict, list[str]]:
    """A chapter's odds section as read, the odds file, and the game's specs it counts."""
    chapter = chapters[game_id]
    stats = rulebook.load_stats() or {"games": {}}
    specs = [spec for spec in [game_id, *(f"{game_id}:{v}" for v in GAMES[game_id].variants)]
             if spec in stats["games"]]
    return chapter[chapter.index("Как часто выходит"):], stats, specs


@needs_tools
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_chapter_has_its_odds(chapters: dict[str, str], game_id: str) -> None:
    odds, stats, specs = _odds(chapters, game_id)
    if not specs:
        assert "не подсчитана" in odds
        return
    assert "верхняя граница" in odds and THOUGHTFUL in odds and NO_PEEK in odds
    for spec in specs:
        data = stats["games"][spec]
        assert verbatim(percent_ru(data["thoughtful"]["rate"], rate_digits(data["thoughtful"]))).search(odds), spec
        if ":" in spec:
            assert f"Вариант «{variant_ru(game_id, spec.partition(':')[2])}»" in odds


@needs_tools
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_chapter_shows_the_share_of_each_grade(chapters: dict[str, str], game_id: str) -> None:
    """The grades' shares come from the odds file's verdict letters (no deal solved again): a row per game and
    variant, in grade order, and the easy share is the no-peek rate."""
    odds, stats, specs = _odds(chapters, game_id)
    if not specs:
        return
    assert "Сложность тех же раскладов" in odds
    for spec in specs:
        data = stats["games"][spec]
        counts = grade_counts(data["verdicts"]["thoughtful"], data["verdicts"]["no_peek"])
        assert counts[Difficulty.EASY] == data["no_peek"]["won"]
        label = RULES_AS_PRINTED if ":" not in spec else \
            f"Вариант «{variant_ru(game_id, spec.partition(':')[2])}»"
        shares = [odds_share(counts[grade], data["deals"]) for grade in Difficulty
                  if grade is not Difficulty.UNKNOWN or any(
                      grade_counts(stats["games"][s]["verdicts"]["thoughtful"],
                                   stats["games"][s]["verdicts"]["no_peek"])[grade] for s in specs)]
        assert verbatim(" ".join([label, *shares]).replace("\u00a0", " ")).search(odds), (spec, shares)


def test_a_damaged_stats_file_is_read_as_not_counted(tmp_path: Path) -> None:
    bad = tmp_path / "stats.json"
    bad.write_text("{not json", encoding="utf-8")
    assert rulebook.load_stats(bad) is None
    bad.write_text('{"format": "pasyans-stats/1", "games": {"quadrille": {"from": 1}}}', encoding="utf-8")
    book = Book(book_page("A4"), book_styles(11, 15.4))
    game = make_game("quadrille")
    assert model.odds(game, rulebook.load_stats(bad)) == ()
    story = odds_section(game, model.odds(game, rulebook.load_stats(bad)), book)
    assert "не подсчитана" in story[-1].text.replace("\u00ad", "").replace("\u00a0", " ")


def _odds_data(first: int, deals: int) -> dict:
    won = deals // 2
    rate = {"won": won, "lost": deals - won, "unknown": 0, "rate": 0.5, "low": 0.45, "high": 0.55}
    return {"from": first, "deals": deals, "budget_seconds": 2.0, "thoughtful": rate, "no_peek": rate}


def test_variants_counted_on_other_deals_say_on_which(tmp_path: Path) -> None:
    # A variant counted on a smaller sample than its game (before ``make odds`` counts it in full) says how many
    # deals its row stands on; one counted like the game adds nothing.
    book = Book(book_page("A4"), book_styles(11, 15.4))
    game = make_game("brunette_blonde")
    entries = (model.OddsEntry(None, _odds_data(1, 10000)), model.OddsEntry("две карты", _odds_data(1, 10000)),
               model.OddsEntry("кон по выбору", _odds_data(1, 1000)),
               model.OddsEntry("пересдача, когда всё встало", _odds_data(1, 1000)))
    kept = odds_section(game, entries, book)[0]  # the game's table, its note and what the rates mean
    text = " ".join(f.text for f in kept._content if hasattr(f, "text"))
    text = text.replace("\u00ad", "").replace("\u00a0", " ").replace("\u202f", " ")
    assert "Подсчитано на 10 000 раскладах, с № 1 по № 10 000. Варианты «кон по выбору» и «пересдача, когда всё " \
           "встало» — на 1000 раскладах, с № 1 по № 1000." in text
    assert "«две карты» —" not in text
    alone = odds_section(game, entries[:2], book)[0]
    assert "Вариант" not in " ".join(f.text for f in alone._content if hasattr(f, "text") and "Подсчитано" in f.text)


@pytest.mark.parametrize("spec", [spec for spec in all_specs() if ":" in spec])
def test_each_variant_is_named_in_a_reading_of_its_game(spec: str) -> None:
    # «Толкование правил» says where the other reading comes from: the reading of the disputed place names it.
    game_id, _, variant = spec.partition(":")
    name = quoted(variant_ru(game_id, variant))
    assert any(name in reading.text and "вариант" in reading.text.lower() for reading in model.readings(game_id) or ())


@pytest.mark.parametrize("spec", [spec for spec in all_specs() if ":" in spec])
def test_each_variant_says_its_place_and_both_readings(spec: str) -> None:
    # The odds' «прочтение → доля» table names the disputed place and the two readings in a few words each.
    game_id, _, variant = spec.partition(":")
    reading = variant_reading(game_id, variant)
    assert reading is not None, spec
    assert reading.quote and reading.ours and reading.theirs and reading.ours != reading.theirs
    # The quote is the rule text's own words (a few of them), as the readings' quotes are.
    assert " ".join(reading.quote.split()) in " ".join(rule_text_of(game_id).split()), spec


def _entry(variant: str | None, first: int, letters: str, no_peek: str) -> model.OddsEntry:
    won, peek = letters.count("W"), no_peek.count("W")
    rate = {"won": won, "lost": len(letters) - won, "unknown": 0, "rate": won / len(letters), "low": 0, "high": 1}
    peek_rate = {"won": peek, "lost": len(letters) - peek, "unknown": 0, "rate": peek / len(letters), "low": 0,
                 "high": 1}
    data = {"from": first, "deals": len(letters), "thoughtful": rate, "no_peek": peek_rate,
            "verdicts": {"thoughtful": letters, "no_peek": no_peek}}
    return model.OddsEntry(None if variant is None else variant_ru("village", variant), data, None, variant)


def test_a_reading_is_compared_with_ours_on_the_same_deals() -> None:
    # The game counted on 10 deals, its variants on the first 4: our row is the game's rate over those 4 deals
    # (from its verdict letters), not over its 10.
    game = make_game("village")
    ours = _entry(None, 1, "WWLLWWWWWW", "WLLLLLLLLW")
    at_once = _entry("at_once", 1, "WLLL", "LLLL")
    stuck = _entry("stuck_redeal", 1, "WWLW", "WLLL")
    places = odds_reading_rows(game, (ours, at_once, stuck))
    assert [quote for quote, _span, _rows in places] == [variant_reading("village", v).quote  # type: ignore[union-attr]
                                                          for v in ("at_once", "stuck_redeal")]
    for (_quote, span, rows), theirs in zip(places, (at_once, stuck), strict=True):
        assert span == (1, 4)
        assert rows[0].text.startswith("наше: ") and rows[1].text.startswith("вариант «")
        assert (rows[0].thoughtful, rows[0].no_peek) == (0.5, 0.25)
        assert (rows[1].thoughtful, rows[1].no_peek) == (theirs.data["thoughtful"]["won"] / 4,
                                                          theirs.data["no_peek"]["won"] / 4)
    # Deals the game's letters do not cover give no comparison rather than an unfair one.
    assert odds_reading_rows(game, (ours, _entry("at_once", 8, "WLLL", "LLLL"))) == []


@needs_tools
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_chapter_prints_what_each_reading_costs(chapters: dict[str, str], game_id: str) -> None:
    odds, _stats, specs = _odds(chapters, game_id)
    variants = [spec.partition(":")[2] for spec in specs if ":" in spec]
    if game_id not in specs or not variants:
        assert "Что меняет прочтение" not in odds
        return
    table = odds[odds.index("Что меняет прочтение"):]
    for variant in variants:
        reading = variant_reading(game_id, variant)
        assert reading is not None
        quote = verbatim(f"«{reading.quote}»").search(table)
        assert quote is not None, variant
        # Ours first, then the variant's (the spanning quote row may come out of pdftotext after its rows).
        ours = verbatim(f"наше: {reading.ours}").search(table)
        assert ours is not None, variant
        assert verbatim(f"вариант «{variant_ru(game_id, variant)}»: {reading.theirs}").search(table, ours.end()), \
            variant


# --- the file -----------------------------------------------------------------------------------------------------


@needs_tools
def test_figures_are_vector_and_each_face_is_stored_once(book: Path, tmp_path: Path) -> None:
    assert len(run("pdfimages", "-list", book).splitlines()) == 2  # the header lines, no image
    qdf = tmp_path / "book.qdf.pdf"
    subprocess.run(["qpdf", "--qdf", "--object-streams=disable", str(book), str(qdf)], check=True)
    data = qdf.read_bytes()
    forms = data.count(b"/Subtype /Form")
    names = set(re.findall(rb"/FormXob\.([\w.-]+)", data))
    faces = {name for name in names if name.startswith(b"pasyans-c2-")}
    assert len(faces) > 40  # the walkthroughs show most of the pack
    assert forms == len(names), "a form XObject is stored more than once"


@needs_tools
def test_each_walkthrough_figure_sits_on_a_page_with_its_caption(book: Path) -> None:
    for text in pages_of(book):
        for caption in re.findall(r"После хода \d+ — [^.]+\.", text):
            # The labels are real text drawn by the figure: a caption never stands without its figure.
            assert re.search(r"Колода: (\d+|пусто)", text), caption


@needs_tools
def test_small_and_byte_identical(book: Path) -> None:
    # The build time is a benchmark figure (bench/run.py → docs/benchmarks.md), not a timed test.
    assert book.stat().st_size <= 2 * 1024 * 1024
    assert rulebook.build_rulebook("A4") == book.read_bytes()


# --- the figure flowable ------------------------------------------------------------------------------------------


def test_a_figure_is_sixteen_millimetre_cards_unless_that_is_too_wide() -> None:
    game = make_game("quadrille")
    figure = figure_of(game, game.initial_state(stock_indices("quadrille", 1)))
    flowable = FigureFlowable(figure, max_width=130 * mm)
    width, height = flowable.wrap(130 * mm, 500)
    assert width == pytest.approx(figure.width * CARD_WIDTH) and height == pytest.approx(figure.height * CARD_WIDTH)
    narrow = FigureFlowable(figure, max_width=60 * mm, max_height=40 * mm)
    width, height = narrow.wrap(130 * mm, 500)
    assert width <= 60 * mm + 1e-6 and height <= 40 * mm + 1e-6
    assert figure_scale(figure, 60 * mm, 40 * mm) == pytest.approx(min(60 * mm / figure.width, 40 * mm / figure.height))


def test_draw_figure_reuses_one_form_per_face(tmp_path: Path) -> None:
    game = make_game("brunette_blonde")
    state = game.initial_state(stock_indices("brunette_blonde", 1))
    for _ in range(12):
        state = game.apply(state, game.legal_moves(state)[0])
    figure = figure_of(game, state)
    canvas = Canvas(str(tmp_path / "two.pdf"), invariant=1, pageCompression=0)
    draw_figure(canvas, figure, 20, 400, 400)
    draw_figure(canvas, figure, 20, 100, 300)
    canvas.showPage()
    canvas.save()
    data = (tmp_path / "two.pdf").read_bytes()
    assert data.count(b"/Subtype /Form") == len(set(re.findall(rb"/FormXob\.([\w.-]+)", data)))
    assert b"/Subtype /Image" not in data
