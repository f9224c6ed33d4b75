"""``assets/stats.json``: the odds the book prints are consistent and reproducible."""

from __future__ import annotations

import pytest

from generator.games import GAME_IDS, Result, all_specs, wider_readings
from generator.stats import STATS_FILE, load_stats, losses_from_siblings, losses_from_wider, measure, wilson

STATS = load_stats() if STATS_FILE.exists() else {"games": {}}
SAVED = sorted(STATS["games"])
SLICE = 12  # deals recomputed per game: enough to catch a changed engine or solver, cheap enough for CI


def test_stats_cover_only_registered_games():
    assert set(SAVED) <= set(all_specs())


@pytest.mark.parametrize("spec", SAVED)
def test_counts_and_intervals_match_the_verdicts(spec):
    entry = STATS["games"][spec]
    for player in ("thoughtful", "no_peek"):
        letters = entry["verdicts"][player]
        rate = entry[player]
        assert len(letters) == entry["deals"]
        assert (rate["won"], rate["lost"], rate["unknown"]) == tuple(letters.count(c) for c in "WLU")
        low, high = wilson(rate["won"], entry["deals"])
        assert rate["low"] == round(low, 6) and rate["high"] == round(high, 6)


SAVED_PAIRS = [(narrow, wide) for game_id in GAME_IDS for narrow, wide in wider_readings(game_id)
               if narrow in STATS["games"] and wide in STATS["games"]]


@pytest.mark.parametrize(("narrow", "wide"), SAVED_PAIRS)
def test_no_deal_is_won_under_a_reading_and_lost_under_a_wider_one(narrow, wide):
    """Every line of ``narrow`` is a line of ``wide`` (``Rules.wider_readings``): a deal won under the first and
    proved lost under the second would be a wrong proof (or a wrong pair), whichever solve made it."""
    assert STATS["games"][narrow]["from"] == STATS["games"][wide]["from"]
    pairs = zip(STATS["games"][narrow]["verdicts"]["thoughtful"], STATS["games"][wide]["verdicts"]["thoughtful"],
                strict=True)
    assert not [i + 1 for i, (n, w) in enumerate(pairs) if n == "W" and w == "L"]


@pytest.mark.parametrize("spec", SAVED)
def test_every_loss_under_a_wider_reading_is_saved_here_too(spec):
    """The odds run's last step (``bench/run.py``'s ``settle_lost``) passes losses down to the narrower readings."""
    assert not losses_from_wider(spec, STATS["games"])


@pytest.mark.parametrize("spec", SAVED)
def test_every_loss_under_another_reading_our_hints_prove_is_saved_here_too(spec):
    """The same step's second half (``losses_from_siblings``): a deal another reading is saved as lost, which our
    own hints prove lost at their strongest, is saved as lost here (a few seconds in all: few such deals)."""
    assert not losses_from_siblings(spec, STATS["games"])


@pytest.mark.parametrize("spec", SAVED)
def test_thoughtful_is_never_below_no_peek_on_the_same_deal(spec):
    entry = STATS["games"][spec]
    pairs = zip(entry["verdicts"]["thoughtful"], entry["verdicts"]["no_peek"], strict=True)
    assert not [i for i, (t, n) in enumerate(pairs) if n == "W" and t == "L"]
    assert entry["thoughtful"]["won"] >= entry["no_peek"]["won"]


@pytest.mark.parametrize("spec", SAVED)
def test_a_small_slice_recomputes_to_the_saved_verdicts(spec):
    entry = STATS["games"][spec]
    results = measure(spec, entry["from"], SLICE, jobs=1, budget_seconds=entry["budget_seconds"])
    for result, thoughtful, no_peek in zip(
        results, entry["verdicts"]["thoughtful"], entry["verdicts"]["no_peek"], strict=False
    ):
        assert result.no_peek.letter == no_peek, result.deal
        if thoughtful != "U" and result.thoughtful is not Result.UNKNOWN:
            assert result.thoughtful.letter == thoughtful, result.deal
