"""Odds: the Wilson interval, and the stats command over a small slice."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator import borrowing as borrowing_module
from generator import stats as stats_module
from generator.deals import stock_indices
from generator.games import Move, Result, make_game
from generator.replay import replay
from generator.solver import Budget, Solution, solve
from generator.stats import (
    ProofConflict,
    Rate,
    borrowed_win,
    borrowed_wins,
    decode_line,
    encode_line,
    losses_from_siblings,
    losses_from_wider,
    measure,
    measure_deal,
    rules_digest,
    save_stats,
    summarise,
    wilson,
    wins_by_lines,
    with_losses,
    with_proofs_kept,
    with_wins,
)


@pytest.mark.parametrize(
    "wins, n, low, high",
    [
        (0, 10, 0.0, 0.2775),  # known values of the Wilson score interval
        (5, 10, 0.2366, 0.7634),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval_matches_known_values(wins, n, low, high):
    got_low, got_high = wilson(wins, n)
    assert math.isclose(got_low, low, abs_tol=1e-4) and math.isclose(got_high, high, abs_tol=1e-4)


def test_unknowns_count_against_the_claim():
    rate = Rate(won=5, lost=3, unknown=2)
    assert rate.as_dict()["rate"] == 0.5 and rate.n == 10


def test_quadrille_rates_agree_and_parallel_equals_serial():
    serial = measure("quadrille", 1, 60, jobs=1)
    parallel = measure("quadrille", 1, 60, jobs=2)
    assert [(r.deal, r.thoughtful, r.no_peek) for r in serial] == [(r.deal, r.thoughtful, r.no_peek) for r in parallel]
    summary = summarise("quadrille", 1, serial, 10.0)
    # «Кадриль» has no choices: the two players are the same player.
    assert summary["thoughtful"] == summary["no_peek"]
    assert summary["deals"] == 60 and summary["thoughtful"]["unknown"] == 0


def test_stats_command_prints_both_rates(cli):
    result = cli("stats", "quadrille", "--deals", "30", "--jobs", "1")
    assert result.status == 0, result.err
    assert "thoughtful" in result.out and "no-peek" in result.out and "95% CI" in result.out


@pytest.mark.parametrize(
    "args",
    [
        ["stats", "quadrille", "--deals", "0"],
        ["stats", "quadrille", "--deals", "-5"],
        ["stats", "quadrille", "--deals", "99999999"],
        ["stats", "quadrille", "--jobs", "0"],
        ["stats", "quadrille", "--from", "0"],
        ["stats", "quadrille", "--budget", "0"],
        ["stats", "nothing"],
        ["solve", "quadrille", "--deal", "0"],
        ["solve", "quadrille", "--deal", "abc"],
        ["solve", "quadrille:nope", "--deal", "3"],
    ],
)
def test_bad_arguments_are_one_line_errors(cli, args):
    result = cli(*args)
    assert result.status == 2 and len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err


def test_progress_in_a_log_is_a_plain_line_at_every_tenth() -> None:
    import io

    from generator.stats import DealResult, ProgressBar

    log = io.StringIO()  # not a terminal
    progress = ProgressBar(20, "village", stream=log)
    results: list[DealResult] = []
    for deal in range(1, 21):
        results.append(DealResult(deal, Result.WON if deal % 4 else Result.UNKNOWN, Result.LOST, 0.01, 5))
        progress(results)
    lines = log.getvalue().splitlines()
    assert len(lines) == 10 and "\r" not in log.getvalue()
    assert lines[0].startswith("village: 2/20  won 2  unknown 0")
    assert lines[-1].startswith("village: 20/20  won 15  unknown 5")


# --- unknowns settled by another reading's line -------------------------------------------------------------------

def test_a_line_won_under_another_reading_wins_here_when_it_replays() -> None:
    # «Сразу на основание» only forbids moves of ours, so its winning line of deal 1 is a line of ours.
    budget = Budget(seconds=None, nodes=20_000)
    assert borrowed_win("village", 1, ("village:at_once",), budget)


def test_only_a_replayed_win_is_borrowed(monkeypatch: pytest.MonkeyPatch) -> None:
    game = make_game("village")
    stock = stock_indices("village", 1)
    line = solve(game, stock, budget=Budget(seconds=None, nodes=20_000)).moves
    assert line
    budget = Budget(seconds=None, nodes=10)
    # A "win" whose line breaks a rule here, or stops short of the end, proves nothing (unless our search from where
    # it stops wins, which this test leaves out).
    monkeypatch.setattr(borrowing_module, "solve_along", lambda *a, **k: Solution(Result.UNKNOWN))
    for moves in (list(reversed(line)), line[:-1]):
        monkeypatch.setattr(borrowing_module, "solve", lambda *a, moves=moves, **k: Solution(Result.WON, list(moves)))
        assert not borrowed_win("village", 1, ("village:at_once",), budget)
    monkeypatch.setattr(borrowing_module, "solve", lambda *a, **k: Solution(Result.WON, list(line)))
    assert borrowed_win("village", 1, ("village:at_once",), budget)


def test_unknowns_are_settled_only_from_readings_saved_as_winning(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, tuple[str, ...]]] = []

    def fake(spec: str, deal: int, others: tuple[str, ...], budget: Budget) -> bool:
        asked.append((deal, others))
        return deal != 3

    monkeypatch.setattr(stats_module, "borrowed_win", fake)
    saved = {"village:at_once": {"from": 1, "verdicts": {"thoughtful": "WWWLU"}},
             "village:stuck_redeal": {"from": 2, "verdicts": {"thoughtful": "LWW"}}}
    won = borrowed_wins("village", [2, 3, 4, 5, 9], saved, budget=Budget(seconds=None, nodes=10), jobs=1)
    assert asked == [(2, ("village:at_once",)), (3, ("village:at_once", "village:stuck_redeal")),
                     (4, ("village:stuck_redeal",))]
    assert won == {2, 4}
    entry = {"from": 1, "deals": 5, "thoughtful": {}, "no_peek": {"won": 1},
             "verdicts": {"thoughtful": "WUUUL", "no_peek": "WLLLL"}}
    settled = with_wins(entry, {2, 4, 5})  # deal 5 was lost: a loss stays a loss
    assert settled["verdicts"]["thoughtful"] == "WWUWL"
    assert (settled["thoughtful"]["won"], settled["thoughtful"]["lost"], settled["thoughtful"]["unknown"]) == (3, 1, 1)
    assert settled["no_peek"] == entry["no_peek"]


def test_a_loss_under_a_wider_reading_is_a_loss_under_the_narrower() -> None:
    """printed ⊂ cover_before_gathering ⊂ optional_cover and printed ⊂ any_king (``Rules.wider_readings``): a deal
    lost under a wider reading saved under today's rules is lost under the narrower one; a narrower or stale
    reading's loss, and a loss where the deal is decided already, change nothing."""
    def entry(spec: str, letters: str, rules: str | None = None) -> dict[str, object]:
        return {"from": 1, "deals": len(letters), "rules": rules_digest(spec) if rules is None else rules,
                "verdicts": {"thoughtful": letters, "no_peek": "L" * len(letters)}}

    saved = {"gallery": entry("gallery", "UUUULW"),
             "gallery:cover_before_gathering": entry("gallery:cover_before_gathering", "UUUUUW"),
             "gallery:optional_cover": entry("gallery:optional_cover", "LUUULW"),  # chained: printed ⊂ it
             "gallery:any_king": entry("gallery:any_king", "UULUUW", rules="stale")}
    assert losses_from_wider("gallery", saved) == {1}
    assert losses_from_wider("gallery:cover_before_gathering", saved) == {1, 5}
    assert losses_from_wider("gallery:optional_cover", saved) == set()  # nothing allows more than it
    saved["gallery:any_king"] = entry("gallery:any_king", "UULUUW")
    assert losses_from_wider("gallery", saved) == {1, 3}
    settled = with_losses({**saved["gallery"], "thoughtful": {}}, {1, 3, 5})  # deal 5 was lost already
    assert settled["verdicts"]["thoughtful"] == "LULULW"
    assert (settled["thoughtful"]["won"], settled["thoughtful"]["lost"], settled["thoughtful"]["unknown"]) == (1, 3, 2)
    saved["gallery:optional_cover"] = entry("gallery:optional_cover", "UUUUUL")  # won under printed: impossible
    with pytest.raises(ProofConflict, match=r"deals \[6\]"):
        losses_from_wider("gallery", saved)


def test_a_loss_under_another_reading_is_proved_here_before_it_counts() -> None:
    """``cover_before_gathering`` proved 3919 lost at its root; ``optional_cover``'s search did not reach that test
    in its seconds. Its own hints prove it at their strongest; 3920, which no such test proves, stays open however
    the other reading's entry reads, and a stale entry (rules changed since) is not asked about at all."""
    def entry(spec: str, letters: str, rules: str | None = None) -> dict[str, object]:
        return {"from": 3918, "deals": len(letters), "rules": rules_digest(spec) if rules is None else rules,
                "verdicts": {"thoughtful": letters, "no_peek": "L" * len(letters)}}

    saved = {"gallery:optional_cover": entry("gallery:optional_cover", "UUU"),
             "gallery:cover_before_gathering": entry("gallery:cover_before_gathering", "ULL")}
    assert losses_from_siblings("gallery:optional_cover", saved) == {3919}
    assert losses_from_siblings("gallery:cover_before_gathering", saved) == set()  # nothing unknown is lost elsewhere
    saved["gallery:cover_before_gathering"] = entry("gallery:cover_before_gathering", "ULL", rules="stale")
    assert losses_from_siblings("gallery:optional_cover", saved) == set()


# --- the odds run: a reading measured after another first replays that reading's winning lines -------------------

small = st.integers(min_value=-(2**15), max_value=2**15 - 1)


@given(st.lists(st.builds(Move, small, small, small), max_size=300))
def test_a_line_survives_its_bytes(moves: list[Move]) -> None:
    assert decode_line(encode_line(moves)) == moves


def test_a_deal_another_readings_line_wins_is_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    donor = measure_deal("village:at_once", 1, 10.0)
    assert donor.thoughtful is Result.WON and donor.line and not donor.borrowed
    searched = measure_deal("village", 1, 10.0)
    # «Сразу на основание» only forbids moves of ours, so its line wins here too, and the search is skipped.
    monkeypatch.setattr(stats_module, "solve", lambda *a, **k: pytest.fail("a borrowed win was searched"))
    borrowed = measure_deal("village", 1, 10.0, [donor.line])
    assert borrowed.borrowed and borrowed.thoughtful is Result.WON and borrowed.nodes == 0
    assert borrowed.no_peek is searched.no_peek and decode_line(borrowed.line) == decode_line(donor.line)


def test_a_line_that_does_not_win_here_is_searched_instead() -> None:
    line = decode_line(measure_deal("village:at_once", 1, 10.0).line)
    searched = measure_deal("village", 1, 10.0)
    for broken in (list(reversed(line)), line[:-1]):  # an illegal line, a line that stops short of the win
        result = measure_deal("village", 1, 10.0, [encode_line(broken)])
        assert not result.borrowed and result.nodes > 0
        assert (result.thoughtful, result.no_peek) == (searched.thoughtful, searched.no_peek)


def test_measure_hands_each_deal_its_own_lines() -> None:
    donors = {r.deal: r.line for r in measure("village:at_once", 1, 6, jobs=1) if r.line}
    assert donors
    plain = measure("village", 1, 6, jobs=1)
    lent = measure("village", 1, 6, jobs=2, lines={deal: [line] for deal, line in donors.items()})
    assert [(r.deal, r.thoughtful, r.no_peek) for r in lent] == [(r.deal, r.thoughtful, r.no_peek) for r in plain]
    assert {r.deal for r in lent if r.borrowed} == set(donors)


def test_the_run_settles_earlier_readings_with_later_lines_by_replay_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = {r.deal: r.line for r in measure("village:at_once", 1, 3, jobs=1) if r.line}
    assert set(lines) == {1, 2, 3}
    monkeypatch.setattr(stats_module, "solve", lambda *a, **k: pytest.fail("settling by lines searched"))
    broken = encode_line(list(reversed(decode_line(lines[2]))))
    # deal 1: its own line; deal 2: an illegal line; deal 3: deal 1's line, which is not a line of deal 3
    candidates = {1: [broken, lines[1]], 2: [broken], 3: [lines[1]]}
    assert wins_by_lines("village", candidates) == {1: lines[1]}  # the line as it plays here


# --- a verdict is a proof: a later run that decides less keeps it -------------------------------------------------

def _entry(thoughtful: str, **changes: object) -> dict[str, object]:
    entry: dict[str, object] = {"from": 1, "deals": len(thoughtful), "budget_seconds": 2.0, "rules": "r1",
                                "thoughtful": {}, "no_peek": {}, "verdicts": {"thoughtful": thoughtful,
                                                                            "no_peek": "L" * len(thoughtful)}}
    entry.update(changes)
    return entry


def test_an_earlier_proof_decides_a_deal_left_unknown() -> None:
    kept = with_proofs_kept(_entry("WUUL"), _entry("WWLU"))
    assert kept["verdicts"]["thoughtful"] == "WWLL"
    assert (kept["thoughtful"]["won"], kept["thoughtful"]["lost"], kept["thoughtful"]["unknown"]) == (2, 2, 0)
    assert kept["thoughtful"]["rate"] == 0.5 and kept["verdicts"]["no_peek"] == "LLLL"


@pytest.mark.parametrize("change", [{"rules": "r2"}, {"budget_seconds": 10.0}, {"from": 2}, {"rules": ""}])
def test_proofs_are_kept_only_under_the_same_rules_deals_and_budget(change: dict[str, object]) -> None:
    fresh = _entry("WUUL")
    assert with_proofs_kept(fresh, _entry("WWLU", **change)) is fresh
    assert with_proofs_kept(fresh, None) is fresh


def test_two_runs_that_disagree_on_a_deal_are_an_error_not_a_choice() -> None:
    with pytest.raises(ProofConflict, match=r"deals \[2\]"):
        with_proofs_kept(_entry("WLUL"), _entry("WWUU"), "village")


def test_saving_keeps_what_the_file_had_proved(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setattr(stats_module, "STATS_FILE", tmp_path / "stats.json")
    results = measure("quadrille", 1, 8, jobs=1)
    summary = summarise("quadrille", 1, results, 2.0)
    assert summary["rules"] == rules_digest("quadrille") != ""
    assert save_stats("quadrille", summary) == 0
    letters = summary["verdicts"]["thoughtful"]
    # The same deals again, as a busier machine might leave them: two unknown.
    slower = [dataclasses.replace(r, thoughtful=Result.UNKNOWN) if r.deal <= 2 else r for r in results]
    assert save_stats("quadrille", summarise("quadrille", 1, slower, 2.0)) == 2
    assert stats_module.load_stats()["games"]["quadrille"]["verdicts"]["thoughtful"] == letters


def test_the_rules_digest_follows_the_rules_source(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    from generator import paths

    assert rules_digest("village") == rules_digest("village") != rules_digest("village:at_once")
    assert rules_digest("village") != rules_digest("gallery")
    from generator.games import village

    copied = tmp_path / "generator"
    for name in ("games/village.py", *(n.removeprefix("generator/")
                                        for n in (*stats_module.RULES_SOURCES, *village.RULES_PARTS))):
        (copied / name).parent.mkdir(parents=True, exist_ok=True)
        (copied / name).write_bytes((paths.ROOT / "generator" / name).read_bytes())
    monkeypatch.setattr(stats_module, "ROOT", tmp_path)
    same = rules_digest("village")
    with (copied / "games/village.py").open("a", encoding="utf-8") as source:
        source.write("\n# an edit\n")
    assert rules_digest("village") != same
    (copied / "deals.py").unlink()
    assert rules_digest("village") == ""


def test_the_rules_digest_covers_every_part_of_a_split_game_module(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """The gallery's rules live in four files (``RULES_PARTS``: its positions, its cards, and the keys' helpers it
    shares with «Деревенский пасьянс»): every game module the rules import is a part, and an edit of any is a new
    digest."""
    import ast

    from generator import paths
    from generator.games import gallery

    tree = ast.parse((paths.ROOT / "generator/games/gallery.py").read_text(encoding="utf-8"))
    imported = {f"{node.module.replace('.', '/')}.py" for node in tree.body
                if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("generator.games.")}
    assert imported - set(stats_module.RULES_SOURCES) == set(gallery.RULES_PARTS)
    assert "generator/games/gallery_positions.py" in gallery.RULES_PARTS
    for name in ("generator/games/gallery.py", *gallery.RULES_PARTS, *stats_module.RULES_SOURCES):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes((paths.ROOT / name).read_bytes())
    monkeypatch.setattr(stats_module, "ROOT", tmp_path)
    for part in gallery.RULES_PARTS:
        same = rules_digest("gallery")
        assert same == rules_digest("gallery") != ""
        with (tmp_path / part).open("a", encoding="utf-8") as source:
            source.write("\n# an edit\n")
        assert rules_digest("gallery") != same


def test_settling_searches_along_a_line_that_breaks_this_readings_rules() -> None:
    from generator.games import Result, make_game
    from generator.solver import Budget, solve

    stock = stock_indices("gallery", 4241)
    looser = solve(make_game("gallery:cover_before_gathering"), stock, budget=Budget(seconds=None, nodes=60_000))
    assert looser.result is Result.WON
    candidates = {4241: [encode_line(looser.moves)]}
    assert not wins_by_lines("gallery", candidates)  # as it stands the line breaks the printed rules
    won = wins_by_lines("gallery", candidates, search_seconds=20.0, jobs=2)
    assert set(won) == {4241}
    assert replay(make_game("gallery"), make_game("gallery").initial_state(stock), decode_line(won[4241])).won


def test_a_line_broken_near_its_start_is_not_searched_along(monkeypatch: pytest.MonkeyPatch) -> None:
    line = decode_line(measure_deal("village:at_once", 1, 10.0).line)
    monkeypatch.setattr(borrowing_module, "solve_along", lambda *a, **k: pytest.fail("searched along a broken line"))
    broken = encode_line([line[1], line[0], *line[2:]])  # illegal at its first move: nothing of it is legal
    assert not wins_by_lines("village", {1: [broken]}, search_seconds=5.0)
