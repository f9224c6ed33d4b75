"""Benchmarks: the solver on deals 1..N of every game and variant, «Кадриль» at full speed, the rulebook build.

Writes the measured figures into docs/benchmarks.md between markers, one row per game spec: a
run with ``--only`` replaces the rows of the specs it measured and keeps the others. Speed targets
live here, not in timed unit tests (the machine is shared).

    python bench/run.py                                  # deals 1..1000 at 10 s, all specs, the book
    python bench/run.py --only gallery phalanx           # just these rows
    python bench/run.py --deals 10000 --budget 2 --save-stats   # the book's odds, timed (make odds)
    python bench/run.py --book-only
    python bench/run.py --analysis                       # the critical moment's cost against a solve, deals 1..200
    python bench/run.py --against e163009 --only gallery   # another revision's solver against this one
    python bench/run.py --against e163009 --plain          # the same, both without hints: the same positions
    python bench/run.py --sheets                         # deals 1..100 at the sheets' limit, a winnable sheet timed
    python bench/run.py --against e163009 --sheets       # the winnable sheet timed in both trees (default: gallery)

The odds run measures each game's readings one after another (``borrowing_order``), and a deal first
replays the winning lines the readings measured before it found: a line that wins under this reading's
rules too decides the deal without a search (the replay is the proof; the order only saves time). At the
end (``settle_found``) the readings measured first get the later ones' lines the same way, and a deal lost under
a reading that allows every move of another's is saved as lost under that one too (``settle_lost``).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.deals import stock_indices
from generator.games import Result, all_specs, make_game, wider_readings
from generator.games.quadrille import comes_out
from generator.solver import Budget
from generator.stats import (
    ProgressBar,
    borrowed_wins,
    load_stats,
    losses_from_siblings,
    losses_from_wider,
    measure,
    save_stats,
    summarise,
    timing,
    wins_by_lines,
    with_losses,
    with_wins,
)

DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
BOOK = "book"
#: Table blocks in docs/benchmarks.md: the solver on deals 1..1000, the odds run over 10,000 deals.
BLOCKS = ("solver", "odds")
HEADER = (
    "| game | deals | budget | decided | unknown | median ms | p99 ms | mean ms | max ms | nodes/s "
    "| thoughtful wins | no-peek wins | jobs | wall | CPU |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)
ROW = re.compile(r"^\| `(?P<spec>[\w:]+)` \|.*$", re.M)
#: The odds run's table has one more column: deals won by a line another reading of the game found first.
ODDS_HEADER = HEADER.replace("| jobs |", "| borrowed | jobs |") + "---|"


def borrowing_order(specs: list[str]) -> list[str]:
    """``specs`` grouped by game (in the registry's order), each game's readings narrowest first.

    A narrower reading's winning lines are lines of the wider ones (``games.wider_readings``), so, replayed,
    they decide most deals of the readings measured after it (the replay is the proof; the order only saves
    time). A reading comes after every reading narrower than it; readings in no pair come last; ties in the
    registry's order."""
    order = all_specs()
    games = [spec.partition(":")[0] for spec in order]
    narrower: dict[str, set[str]] = {}
    for game_id in dict.fromkeys(games):
        for narrow, wide in wider_readings(game_id):  # chained: a wider reading counts every narrower one
            narrower.setdefault(narrow, set())
            narrower.setdefault(wide, set()).add(narrow)
    return sorted(specs, key=lambda spec: (games.index(spec.partition(":")[0]),
                                           len(narrower[spec]) if spec in narrower else len(order),
                                           order.index(spec)))


def markers(block: str) -> tuple[str, str]:
    return f"<!-- BENCH:{block} -->", f"<!-- /BENCH:{block} -->"


def read_block(text: str, block: str) -> str:
    begin, end = markers(block)
    found = re.search(re.escape(begin) + "\n(.*?)\n?" + re.escape(end), text, flags=re.S)
    return found.group(1) if found else ""


def replace_block(text: str, block: str, body: str) -> str:
    begin, end = markers(block)
    whole = f"{begin}\n{body}\n{end}"
    if begin not in text:
        return text.rstrip("\n") + "\n\n" + whole + "\n"
    return re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: whole, text, flags=re.S)


def plain_book(pages: int) -> Callable[[], tuple[bytes, int]]:
    """The floor: a builder of a plain-text reportlab book of ``pages`` A4 pages (at most) in the book's embedded
    fonts — the five rule texts again and again as plain paragraphs, one pass (no figures, contents, hyphenation
    or floats). Finding how many paragraphs fill the pages happens here, outside what is timed."""
    import io

    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    from generator.games import GAME_IDS
    from generator.paths import rule_text
    from generator.pdf.fonts import SERIF, register_fonts

    register_fonts()
    style = ParagraphStyle("plain", fontName=SERIF, fontSize=11, leading=15.4)
    # Sentences, so that the page count can be met closely.
    paragraphs = [p for game_id in GAME_IDS for p in re.split(r"(?<=\.)\s+", rule_text(game_id)) if p.strip()]

    def build(count: int) -> tuple[bytes, int]:
        buffer = io.BytesIO()
        doc = SimpleDocTemplate(buffer, pagesize=A4, invariant=1)
        doc.build([Paragraph(paragraphs[k % len(paragraphs)], style) for k in range(count)])
        return buffer.getvalue(), doc.page

    low, high = 1, 2 * len(paragraphs)  # the most paragraphs within ``pages`` pages lies in [low, high)
    while build(high)[1] <= pages:
        low, high = high, 2 * high
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if build(middle)[1] <= pages else (low, middle)
    count = low
    return lambda: build(count)


def book_figures(runs: int = 3) -> str:
    """Wall and CPU seconds of building the A4 rulebook (best of ``runs``), its size, and in the same run the floor:
    a plain-text reportlab book of the same page count (:func:`plain_book`)."""
    from generator.pdf.rulebook import build_rulebook

    walls, cpus, size = [], [], 0
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        pdf = build_rulebook("A4")
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        size = len(pdf)
    pages = int(re.findall(rb"/Count (\d+) /Kids", pdf)[0])  # the page tree's root comes first
    floor_walls, floor_cpus, floor_pages = [], [], 0
    floor = plain_book(pages)
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        _, floor_pages = floor()
        floor_walls.append(time.perf_counter() - wall)
        floor_cpus.append(time.process_time() - cpu)
    return (
        f"A4 rulebook ({pages} pages): best of {runs} builds **{min(walls):.1f} s** wall, {min(cpus):.1f} s CPU; "
        f"{size / 1024:.0f} KiB (targets: ≤ 10 s, ≤ 2 MB).\n\n"
        f"Floor, in the same run: a plain-text reportlab book of {floor_pages} pages in the same embedded fonts "
        f"(`plain_book`: paragraphs only, one pass) takes {min(floor_walls):.2f} s wall, {min(floor_cpus):.2f} s "
        f"CPU; the rulebook is **{min(cpus) / min(floor_cpus):.1f}×** the floor in CPU time "
        f"({min(walls) / min(floor_walls):.1f}× in wall time; target of #14: ≤ 4×)."
    )


def quadrille_rate(deals: int = 20000) -> tuple[float, float]:
    """Deals per second of the exact «Кадриль» simulation on one core (stocks made beforehand)."""
    stocks = [stock_indices("quadrille", d) for d in range(1, deals + 1)]
    rates = []
    for queens_first in (False, True):
        started = time.perf_counter()
        for stock in stocks:
            comes_out(stock, queens_first=queens_first)
        rates.append(deals / (time.perf_counter() - started))
    return rates[0], rates[1]


def other_readings_lines(spec: str, found: dict[str, dict[int, bytes]]) -> list[dict[int, bytes]]:
    """The winning lines (deal → line) the odds run found under the other readings of ``spec``'s game."""
    game_id = spec.partition(":")[0]
    return [lines for other, lines in found.items() if other != spec and other.partition(":")[0] == game_id]


def unknown_deals(entry: dict[str, Any]) -> list[int]:
    """The deal numbers a saved stats entry left unknown to the solver."""
    return [entry["from"] + at for at, letter in enumerate(entry["verdicts"]["thoughtful"]) if letter == "U"]


def measure_row(spec: str, deals: int, budget: float, jobs: int, save: bool,
                found: dict[str, dict[int, bytes]] | None = None) -> str:
    """One table row for ``spec`` over deals 1..``deals``; with ``save``, its odds go to assets/stats.json.

    With ``found`` (the odds run), each deal first tries the winning lines other readings of the game found in
    this run, and this spec's own winning lines join ``found``; the row then counts the deals so borrowed."""
    donors = other_readings_lines(spec, found or {})
    borrowable = {deal: [lines[deal] for lines in donors if deal in lines] for deal in range(1, deals + 1)}
    started, cpu = time.perf_counter(), os.times()
    results = measure(spec, 1, deals, jobs=jobs, budget_seconds=budget, on_progress=ProgressBar(deals, spec),
                      lines={deal: lines for deal, lines in borrowable.items() if lines})
    wall = time.perf_counter() - started
    after = os.times()
    cpu_seconds = (after.user - cpu.user) + (after.children_user - cpu.children_user) + (
        after.system - cpu.system) + (after.children_system - cpu.children_system)
    if found is not None:
        found[spec] = {r.deal: r.line for r in results if r.line and not r.borrowed}
    if save:
        kept = save_stats(spec, summarise(spec, 1, results, budget))
        if kept:
            print(f"{spec}: kept {kept} verdict(s) an earlier run proved on deals this one left unknown", flush=True)
    times = timing(results)
    n = len(results)
    unknown = sum(r.thoughtful is Result.UNKNOWN for r in results)
    won = sum(r.thoughtful is Result.WON for r in results)
    no_peek = sum(r.no_peek is Result.WON for r in results)
    nodes = sum(r.nodes for r in results)
    solver_seconds = sum(r.seconds for r in results if not r.borrowed)
    slowest = max(r.seconds for r in results) * 1000
    borrowed = f"| {sum(r.borrowed for r in results)} " if found is not None else ""
    return (
        f"| `{spec}` | 1..{deals} | {budget:g} s | {100 * (n - unknown) / n:.1f} % | {unknown} "
        f"| {times['median']:.1f} | {times['p99']:.1f} | {times['mean']:.1f} | {slowest:.0f} "
        f"| {nodes / max(solver_seconds, 1e-9):,.0f} | {100 * won / n:.2f} % | {100 * no_peek / n:.2f} % "
        f"{borrowed}| {jobs} | {wall:.1f} s | {cpu_seconds:.1f} s |"
    )


def settle_found(specs: list[str], found: dict[str, dict[int, bytes]], budget: float, jobs: int) -> None:
    """The odds run's last step: each spec's saved unknown deals that a line another reading of the game found in
    this run wins under the spec's rules, saved as won: replayed, or, where the line breaks this reading's rules
    (a cover it skips), searched from the end of its legal part for up to ``budget`` seconds (``solve_along``).

    Measuring first lets the readings measured later borrow the earlier ones' lines; this gives the earlier ones
    the later ones' lines. It replaces ``--settle`` after a whole run: the lines are at hand, so nothing is
    solved again (``--settle`` re-solved each donor deal at the run's budget, 6.4 of 69.4 min on 2026-12-03)."""
    saved = load_stats()["games"]
    for spec in borrowing_order(specs):  # narrowest first, as measured: a line settled here is lent on too
        entry = saved.get(spec)
        if entry is None:
            continue
        unknown = unknown_deals(entry)
        donors = other_readings_lines(spec, found)
        candidates = {deal: [lines[deal] for lines in donors if deal in lines] for deal in unknown}
        started = time.perf_counter()
        won = wins_by_lines(spec, {deal: lines for deal, lines in candidates.items() if lines}, search_seconds=budget,
                            jobs=jobs)
        if won:
            save_stats(spec, with_wins(entry, set(won)))
            found.setdefault(spec, {}).update(won)
        print(f"{spec}: {len(unknown)} unknown, {len(won)} of them won by another reading's line of this run "
              f"({len(unknown) - len(won)} left; {time.perf_counter() - started:.1f} s)", flush=True)
    settle_lost(specs)


def settle_lost(specs: list[str]) -> None:
    """Each spec's saved unknown deals that a reading allowing every move of its rules is saved as lost, saved as
    lost (``losses_from_wider``: no search). The readings are measured narrowest first, so that wins pass on as
    lines; losses pass the other way, here, once every reading is saved. Then the unknown deals another reading
    is saved as lost that our own hints prove lost at their strongest (``losses_from_siblings``, bounded in
    positions): a few a reading, a second or so each."""
    steps = ((losses_from_wider, "lost under a wider reading, so lost here"),
             (losses_from_siblings, "lost under another reading, proved lost here too"))
    for find, said in steps:  # every wider reading's losses first: a sibling's may be one of them
        for spec in specs:
            saved = load_stats()["games"]
            lost = find(spec, saved)
            if lost:
                save_stats(spec, with_losses(saved[spec], lost))
                print(f"{spec}: {len(lost)} unknown deal(s) {said}", flush=True)


def settle(specs: list[str] | None, budget: float, jobs: int) -> int:
    """``--settle``: each saved spec's unknown deals won by another reading's replayed line, saved as won."""
    saved = load_stats()["games"]
    for spec in specs or list(saved):
        entry = saved.get(spec)
        if entry is None:
            continue
        unknown = unknown_deals(entry)
        won = borrowed_wins(spec, unknown, saved, budget=Budget(seconds=budget), jobs=jobs)
        if won:
            saved[spec] = with_wins(entry, won)
            save_stats(spec, saved[spec])
        print(f"{spec}: {len(unknown)} unknown, {len(won)} of them won by another reading's line "
              f"({len(unknown) - len(won)} left)", flush=True)
    settle_lost(specs or list(saved))
    return 0


def with_rows_kept(body: str, before: str) -> str:
    """``body`` (a table of some specs) with the rows ``before`` held for the other specs, in spec order, and a
    sentence saying they come from an earlier run (a run with ``--only`` replaces its own rows only)."""
    rows = {m.group("spec"): m.group(0) for m in ROW.finditer(body)}
    kept = {spec: row for spec, row in ((m.group("spec"), m.group(0)) for m in ROW.finditer(before))
            if spec not in rows}
    if not kept:
        return body
    rows.update(kept)
    order = [spec for spec in all_specs() if spec in rows] + sorted(set(rows) - set(all_specs()))
    head = body[:ROW.search(body).start()].rstrip("\n")  # type: ignore[union-attr]
    intro, _, header = head.rpartition("\n\n")
    names = ", ".join(f"`{spec}`" for spec in order if spec in kept)
    return "\n".join([f"{intro} The rows of {names} are from an earlier run of this table.", "", header,
                      *(rows[spec] for spec in order)])


def table(block_text: str, new_rows: dict[str, str], note: str, header: str = HEADER) -> str:
    """The block's table with ``new_rows`` replacing (or joining) the rows of the same specs, in spec order."""
    rows = {m.group("spec"): m.group(0) for m in ROW.finditer(block_text)}
    rows.update(new_rows)
    order = [spec for spec in all_specs() if spec in rows]
    walls = [float(rows[spec].split("|")[-3].split()[0]) for spec in order]  # the "wall" cell
    return "\n".join([
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; \"jobs\" is the "
        f"number of worker processes. {note}".rstrip(),
        "",
        header,
        *(rows[spec] for spec in order),
        "",
        f"Wall time of these rows together: **{sum(walls) / 60:.1f} min**.",
    ])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000, help="deals 1..N of each game (default 1000)")
    parser.add_argument("--budget", type=float, default=10.0, help="solver seconds per deal (default 10)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    parser.add_argument("--only", nargs="*", default=None, metavar="SPEC", help="game specs (default: all)")
    parser.add_argument("--save-stats", action="store_true",
                        help="also write the odds to assets/stats.json, and the row to the 'odds' table")
    parser.add_argument("--settle", action="store_true",
                        help="no measuring: in assets/stats.json, turn each saved unknown deal that another reading "
                        "of the game is saved as winning into a win where that reading's line replays under this "
                        "one's rules or this one's search from the end of its legal part wins, at --budget seconds "
                        "a solve (for rows measured apart; a --save-stats run does this itself with the lines it "
                        "found)")
    parser.add_argument("--book-only", action="store_true", help="measure only the rulebook build")
    parser.add_argument("--against", metavar="REV",
                        help="compare the solver of git revision REV with this tree on the same deals "
                        "(--deals of them, default 50 here, at --positions each): positions per second")
    parser.add_argument("--positions", type=int, default=20_000, help="with --against: positions per deal")
    parser.add_argument("--plain", action="store_true",
                        help="with --against: both trees search without their hints (every legal move, no "
                        "dominance, no leads), so the same positions: the engines' speed alone, into the "
                        "'against-plain' table")
    parser.add_argument("--analysis", action="store_true",
                        help="the cost of analysing a deal (pasyans analyze) against solving it, deals 1..N "
                        "(default 200 here) of each spec, into the 'analysis' table")
    parser.add_argument("--sheets", action="store_true",
                        help="deals 1..100 of each spec at the sheets' default position limit, and "
                        "'pasyans deals SPEC --winnable --count 10' timed, into the 'sheets' table")
    args = parser.parse_args()
    specs = args.only or all_specs()
    for spec in specs:
        make_game(spec)  # an unknown spec fails before anything is measured
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else "# Benchmarks\n"

    if args.against and args.sheets:
        from against import compare_sheets  # bench/ is on the path when this script runs

        body = compare_sheets(args.against, args.only or ["gallery"])
        text = DOC.read_text(encoding="utf-8")
        DOC.write_text(replace_block(text, "against-sheets", with_rows_kept(body, read_block(text, "against-sheets"))),
                       encoding="utf-8")
        print(f"wrote {DOC}", file=sys.stderr)
        return 0

    if args.against:
        from against import compare  # bench/ is on the path when this script runs

        count = args.deals if "--deals" in sys.argv else 50
        body = compare(args.against, specs, count=count, positions=args.positions, plain=args.plain)
        block = "against-plain" if args.plain else "against"
        text = DOC.read_text(encoding="utf-8")
        DOC.write_text(replace_block(text, block, with_rows_kept(body, read_block(text, block))), encoding="utf-8")
        print(f"wrote {DOC}", file=sys.stderr)
        return 0

    if args.settle:
        return settle(args.only or None, args.budget, args.jobs)

    if args.sheets:
        from sheets import HEADER as SHEETS_HEADER  # bench/ is on the path when this script runs
        from sheets import note as sheets_note
        from sheets import sheets_row

        sheet_rows = {m.group("spec"): m.group(0) for m in ROW.finditer(read_block(text, "sheets"))}
        for spec in specs:
            sheet_rows[spec] = sheets_row(spec, args.jobs)
            print(sheet_rows[spec], flush=True)
            body = "\n".join([sheets_note(), "", SHEETS_HEADER,
                              *(sheet_rows[s] for s in all_specs() if s in sheet_rows)])
            DOC.write_text(replace_block(DOC.read_text(encoding="utf-8"), "sheets", body), encoding="utf-8")
        print(f"wrote {DOC}", file=sys.stderr)
        return 0

    if args.analysis:
        from analysis import HEADER as ANALYSIS_HEADER  # bench/ is on the path when this script runs
        from analysis import analysis_row
        from analysis import note as analysis_note

        count = args.deals if "--deals" in sys.argv else 200
        analysis_rows = {m.group("spec"): m.group(0) for m in ROW.finditer(read_block(text, "analysis"))}
        for spec in specs:
            analysis_rows[spec] = analysis_row(spec, count, args.jobs)
            print(analysis_rows[spec], flush=True)
            body = "\n".join([analysis_note(), "", ANALYSIS_HEADER,
                              *(analysis_rows[s] for s in all_specs() if s in analysis_rows)])
            text = replace_block(DOC.read_text(encoding="utf-8"), "analysis", body)
            DOC.write_text(text, encoding="utf-8")
        print(f"wrote {DOC}", file=sys.stderr)
        return 0

    if args.book_only or (not args.only and not args.save_stats):
        book = book_figures()
        print(book, flush=True)
        text = replace_block(text, BOOK, book)
        DOC.write_text(text, encoding="utf-8")
        if args.book_only:
            return 0

    block = "odds" if args.save_stats else "solver"
    note = ("Each row: deals 1..N with both players, as `pasyans stats --save` runs them; \"borrowed\": deals won by "
            "replaying a line another reading of the game found earlier in the run (those are not searched, and "
            "\"nodes/s\" counts the searched deals only)." if args.save_stats else "")
    header = ODDS_HEADER if args.save_stats else HEADER
    found: dict[str, dict[int, bytes]] | None = {} if args.save_stats else None
    rows: dict[str, str] = {}
    for spec in borrowing_order(specs) if args.save_stats else specs:
        rows[spec] = measure_row(spec, args.deals, args.budget, args.jobs, args.save_stats, found)
        print(rows[spec], flush=True)
        # Written after every spec, so a long run that is stopped keeps what it measured; read again
        # first, so rows another run wrote meanwhile are kept.
        text = DOC.read_text(encoding="utf-8")
        text = replace_block(text, block, table(read_block(text, block), rows, note, header))
        DOC.write_text(text, encoding="utf-8")
    if found:
        settle_found(specs, found, args.budget, args.jobs)

    if block == "solver" and "quadrille" in specs:
        plain, strict = quadrille_rate()
        line = (f"«Кадриль» exact simulation, one core: **{plain:,.0f} deals/s** "
                f"(`queens_first`: {strict:,.0f} deals/s).")
        print(line, flush=True)
        text = replace_block(DOC.read_text(encoding="utf-8"), "quadrille", line)
        DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
