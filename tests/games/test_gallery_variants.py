"""The three other readings of «Картинная галерея» (RULES.md, "Other readings"): each rule they change,
on positions where the readings allow different moves."""

from __future__ import annotations

import pytest

from generator.deals import stock_indices
from generator.games import Move, Result, make_game, redeal
from generator.games.gallery_cards import king_choices, middle_king
from generator.hints import hints_for
from generator.notation import move_ru
from generator.play import play_out
from generator.record import RecordError, from_json, record_of, replay, to_json
from generator.replay import replay as replay_line
from generator.solver import Budget, solve, solve_position
from generator.stats import decode_line, load_stats, measure_deal
from tests.games.test_gallery import arrange, c, position

PRINTED = make_game("gallery")
ANY = make_game("gallery:any_king")
OPTIONAL = make_game("gallery:optional_cover")
BEFORE = make_game("gallery:cover_before_gathering")
P = PRINTED.place_id


# -- any_king -------------------------------------------------------------------------------------------


def test_any_king_offers_every_king_of_the_middle_third_and_names_the_position_of_twins():
    stock = arrange({10: "К♦", 35: "К♠", 47: "К♥", 60: "К♥", 70: "К♣", 71: "К♦", 34: "К♣"})
    state = ANY.initial_state(stock)
    assert ANY.legal_moves(state) == [
        Move(c("К♠"), P("stock"), P("pile:1")),
        Move(c("К♥"), ANY.place_id("stock:47"), P("pile:1")),
        Move(c("К♥"), ANY.place_id("stock:60"), P("pile:1")),
        Move(c("К♣"), P("stock"), P("pile:1")),  # its twin at 34 lies outside the middle third
    ]
    assert not ANY.forced(state)
    assert move_ru(ANY, ANY.legal_moves(state)[1]) == "К♥ колода 47 → кучка 1"
    # The rules as printed take the one nearest 52.5 (47, 5.5 away), drawn to the top: one move.
    assert PRINTED.legal_moves(PRINTED.initial_state(stock)) == [Move(c("К♥"), P("stock"), P("pile:1"))]
    # The king drawn from 60 leaves its place; the rest keep their order, the twin at 47 among them.
    after = ANY.apply(state, Move(c("К♥"), ANY.place_id("stock:60"), P("pile:1")))
    assert tuple(after.piles[0]) == (c("К♥"),) and tuple(after.stock) == (*stock[:59], *stock[60:])
    assert ANY.legal_moves(after) == PRINTED.legal_moves(after)  # the printed rules from there on


def test_any_king_without_a_king_in_the_middle_third_takes_the_middle_one():
    stock = arrange({1: "К♠", 2: "К♣", 3: "К♥", 4: "К♦", 101: "К♠", 102: "К♣", 103: "К♥", 104: "К♦"})
    assert king_choices(stock) == [middle_king(stock)] == [3]
    state = ANY.initial_state(stock)
    assert ANY.legal_moves(state) == [Move(c("К♦"), P("stock"), P("pile:1"))]
    assert ANY.forced(state)
    assert ANY.apply(state, ANY.legal_moves(state)[0]) == PRINTED.apply(PRINTED.initial_state(stock),
                                                                         PRINTED.legal_moves(PRINTED.initial_state(stock))[0])


def test_any_king_refuses_a_king_outside_the_middle_third_and_a_position_without_a_king():
    stock = arrange({20: "К♠", 40: "К♥", 50: "К♥"})
    state = ANY.initial_state(stock)
    assert Move(c("К♠"), P("stock"), P("pile:1")) not in ANY.legal_moves(state)
    assert "not a king the player may draw" in ANY.explain_illegal(state, Move(c("К♠"), P("stock"), P("pile:1")))
    wrong = Move(c("К♥"), ANY.place_id("stock:41"), P("pile:1"))
    assert wrong not in ANY.legal_moves(state)
    assert "stock:40" in ANY.explain_illegal(state, wrong) and "stock:50" in ANY.explain_illegal(state, wrong)
    with pytest.raises(ValueError, match="no place"):
        PRINTED.place_id("stock:40")  # only the variant has the positional places


def test_any_king_records_say_which_copy_and_check_replays_them():
    stock = stock_indices("gallery", 2)  # both К♥ lie in the middle third (42 and 66)
    state = ANY.initial_state(stock)
    chosen = next(m for m in ANY.legal_moves(state) if str(ANY.places[m.src]) == "stock:66")
    rest = play_out(ANY, stock)  # the no-peek game, drawing the middle king
    line = play_out(ANY, stock, lambda s, moves: chosen if ANY.choosing(s) else None)
    assert line.moves[0] == chosen and tuple(line.states[1].stock) == (*stock[:65], *stock[66:])
    record = from_json(to_json(record_of(ANY, stock, line.moves, Result.UNKNOWN, 2)))
    assert record.moves[0] == chosen and '"from": "stock:66"' in to_json(record)
    assert replay(record).ok and replay(record).final == line.final
    # The same record read under the rules as printed is refused: they have no place stock:66.
    with pytest.raises(RecordError, match="no place 'stock:66'"):
        from_json(to_json(record_of(ANY, stock, line.moves, Result.UNKNOWN, 2)).replace('"any_king"', "null"))
    # And the line itself replayed under another reading's engine stops at its first move, with a reason.
    for other in (PRINTED, OPTIONAL, BEFORE):
        assert "no such place" in other.explain_illegal(other.initial_state(stock), chosen)
    assert ANY.drawn_index(state, rest.moves[0]) == middle_king(stock)  # the no-peek player draws as printed


def test_a_line_drawing_the_middle_king_is_renamed_between_the_readings():
    stock = arrange({35: "К♠", 47: "К♥", 60: "К♥"})  # the middle king (47) has its twin in the middle third
    printed = play_out(PRINTED, stock)
    adopted = ANY.adopt_line(stock, printed.moves)
    assert printed.moves[0] == Move(c("К♥"), P("stock"), P("pile:1"))
    assert adopted == [Move(c("К♥"), ANY.place_id("stock:47"), P("pile:1")), *printed.moves[1:]]
    assert replay_line(ANY, ANY.initial_state(stock), printed.moves).moves_played == 0  # unnamed: no move
    assert replay_line(ANY, ANY.initial_state(stock), adopted).states[1:] == tuple(printed.states[1:])
    assert PRINTED.adopt_line(stock, adopted) == printed.moves and OPTIONAL.adopt_line(stock, adopted) == printed.moves
    # A line drawing a king the printed rules never draw, and a line of the printed rules, are left alone.
    other = [Move(c("К♥"), ANY.place_id("stock:60"), P("pile:1"))]
    assert PRINTED.adopt_line(stock, other) == other and PRINTED.adopt_line(stock, printed.moves) == printed.moves
    assert ANY.adopt_line(stock, adopted) == adopted and ANY.adopt_line(stock, []) == []


def test_any_king_borrows_a_win_of_the_printed_rules_that_draws_a_named_twin() -> None:
    stock = stock_indices("gallery", 7)  # the middle king (index 50) and its twin (66) lie in the middle third
    donor = measure_deal("gallery", 7, 10.0)
    assert donor.thoughtful is Result.WON and ANY.drawn_index(ANY.initial_state(stock), Move(
        decode_line(donor.line)[0].card, ANY.place_id("stock:51"), P("pile:1"))) == middle_king(stock) == 50
    borrowed = measure_deal("gallery:any_king", 7, 10.0, [donor.line])
    assert borrowed.borrowed and borrowed.thoughtful is Result.WON


def test_any_king_solver_branches_on_the_first_king():
    # Every choice is searched: the solver's line starts with a king of the middle third.
    stock = stock_indices("gallery", 2)
    solved = solve(ANY, stock, budget=Budget(seconds=None, nodes=20_000))
    assert solved.result is Result.WON
    first = solved.moves[0]
    assert first in ANY.legal_moves(ANY.initial_state(stock))
    hints = hints_for(ANY)
    assert hints.safe_move(ANY.initial_state(stock), ANY.legal_moves(ANY.initial_state(stock))) is None


# -- the covers ------------------------------------------------------------------------------------------


def _bare_king_position(redeals: int = 0):
    return position(["К♠", "К♦ 5♦ 6♦", "К♣ 9♣", "К♥", "К♥ 2♥ 3♥ 4♥", "К♠ 7♠", "К♣ 8♣", "К♦ 10♦"],
                    ["8♣", "Т♥"], redeals=redeals)


COVERS = {
    Move(c("6♦"), P("pile:2"), P("pile:1")),
    Move(c("6♦"), P("pile:2"), P("pile:4")),
    Move(c("4♥"), P("pile:5"), P("pile:1")),
    Move(c("4♥"), P("pile:5"), P("pile:4")),
}
PLAY = Move(c("9♣"), P("pile:3"), P("foundation:1"))


def test_optional_cover_offers_plays_covers_and_the_redeal_while_a_king_is_bare():
    state = _bare_king_position()
    assert set(PRINTED.legal_moves(state)) == COVERS and PRINTED.forced(state)
    assert set(OPTIONAL.legal_moves(state)) == {PLAY, *COVERS, redeal(1)}
    assert not OPTIONAL.forced(state)
    assert "covered first" not in OPTIONAL.explain_illegal(state, Move(c("7♠"), P("pile:6"), P("pile:1")))
    # After the redeal the bare kings are gathered bare: two kings follow each other in the new stock.
    gathered = OPTIONAL.apply(state, redeal(1)).stock
    assert tuple(gathered[:3]) == (c("К♠"), c("К♦"), c("5♦"))


def test_cover_before_gathering_offers_plays_and_covers_but_no_redeal_until_covered():
    state = _bare_king_position()
    assert set(BEFORE.legal_moves(state)) == {PLAY, *COVERS}
    assert "covered first" in BEFORE.explain_illegal(state, redeal(1))
    state = BEFORE.apply(BEFORE.apply(state, Move(c("4♥"), P("pile:5"), P("pile:1"))),
                         Move(c("3♥"), P("pile:5"), P("pile:4")))
    assert set(BEFORE.legal_moves(state)) == {PLAY, Move(c("2♥"), P("pile:5"), P("foundation:2")), redeal(1)}


def test_in_the_last_deal_both_cover_variants_allow_the_covers_and_the_plays_alike():
    state = _bare_king_position(redeals=2)
    assert set(OPTIONAL.legal_moves(state)) == set(BEFORE.legal_moves(state)) == {PLAY, *COVERS}
    assert set(PRINTED.legal_moves(state)) == COVERS


# -- the odds file: every reading wins at least the deals a stricter one wins -------------------------------------


#: Each variant allows every line of the reading it is named after (a superset of moves at every position:
#: the middle king is among any_king's choices; a cover forced first is still a cover on offer, plays and the
#: redeal only added), so a deal one of them wins is never proved lost under the other.
LOOSER = [("gallery", "gallery:any_king"), ("gallery", "gallery:cover_before_gathering"),
          ("gallery:cover_before_gathering", "gallery:optional_cover")]


@pytest.mark.parametrize(("strict", "loose"), LOOSER)
def test_a_deal_won_under_a_reading_is_never_lost_under_a_looser_one(strict: str, loose: str) -> None:
    games = load_stats()["games"]
    if strict not in games or loose not in games:
        pytest.skip("not counted")
    a, b = games[strict], games[loose]
    start, end = max(a["from"], b["from"]), min(a["from"] + a["deals"], b["from"] + b["deals"])
    assert end > start
    won = a["verdicts"]["thoughtful"][start - a["from"]:end - a["from"]]
    lost = b["verdicts"]["thoughtful"][start - b["from"]:end - b["from"]]
    assert not [start + i for i, (x, y) in enumerate(zip(won, lost, strict=True)) if x == "W" and y == "L"]
    # The no-peek player plays the same way before its first cover: under any_king it draws the middle king.
    if loose == "gallery:any_king":
        assert a["verdicts"]["no_peek"][start - a["from"]:end - a["from"]] == \
            b["verdicts"]["no_peek"][start - b["from"]:end - b["from"]]


def test_the_first_choice_is_proved_lost_only_when_every_king_is():
    """Deal 2430: the middle king loses (proved), another king of the middle third is not proved lost, so the
    choice is not cut; deal 346: every king loses, and the choice is proved lost."""
    for deal, lost in ((2430, False), (346, True)):
        stock = stock_indices("gallery", deal)
        start = ANY.initial_state(stock)
        hints = hints_for(ANY)
        hints._root = start  # dead_end's root test (``leads`` sets it for the solver)
        children = [ANY.apply(start, move) for move in ANY.legal_moves(start)]
        middle = next(child for child, move in zip(children, ANY.legal_moves(start), strict=True)
                      if ANY.drawn_index(start, move) == middle_king(stock))
        assert solve(PRINTED, stock, budget=Budget(seconds=None, nodes=1_000)).result is Result.LOST
        assert hints._proved_lost(middle, hints.relaxed_root_budget)
        assert len(children) > 1
        assert hints.dead_end(start) is lost
        assert (solve(ANY, stock, budget=Budget(seconds=None, nodes=1_000)).result is Result.LOST) is lost


@pytest.mark.parametrize("spec", ["gallery:optional_cover", "gallery:cover_before_gathering"])
def test_hints_agree_with_a_plain_search_where_a_king_is_bare_and_a_cover_is_optional(spec: str) -> None:
    """The positions the variants change: stock out, a bare king and a pile that could cover it, plays beside."""
    from tests.test_conformance import plain_hints, random_chooser

    game = make_game(spec)
    hints = hints_for(game)
    checked = 0
    for deal in range(1, 13):
        played = play_out(game, stock_indices("gallery", deal), random_chooser(game, deal))
        for state in played.states:
            moves = game.legal_moves(state)
            covers = [m for m in moves if not m.is_redeal and m.dst < P("foundation:1")]
            if state.stock or not covers or len(covers) == len(moves):
                continue
            plain = solve_position(game, state, budget=Budget(seconds=None, nodes=20_000), hints=plain_hints(game))
            if not plain.decided:
                continue
            hinted = solve_position(game, state, budget=Budget(seconds=None, nodes=80_000), hints=hints)
            assert hinted.result is plain.result, (deal, [game.describe(m) for m in moves])
            checked += 1
    assert checked >= 4
