"""Hypothesis fuzzes the record reader: random JSON and mutations of a valid record.

Whatever the input, reading and replaying either works or raises the one clean
error (``RecordError``); nothing else may escape.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.deals import stock_indices
from generator.games import Result, make_game
from generator.play import play_out
from generator.record import RecordError, from_json, record_of, replay, to_json

_GAME = make_game("quadrille")
_STOCK = stock_indices("quadrille", 5)
_VALID = json.loads(to_json(record_of(_GAME, _STOCK, play_out(_GAME, _STOCK).moves, Result.LOST, 5)))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20,
)


def read_and_replay(text: str) -> None:
    try:
        record = from_json(text)
    except RecordError as error:
        assert str(error) and "\n" not in str(error)
        return
    replay(record)


@given(st.text(max_size=200))
def test_random_text_never_crashes(text):
    read_and_replay(text)


@given(json_values)
def test_random_json_never_crashes(value):
    read_and_replay(json.dumps(value))


FIELDS = ["format", "game", "variant", "deal", "result", "stock", "moves"]


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=200)
@given(st.sampled_from(FIELDS), json_values)
def test_one_field_replaced_never_crashes(field, value):
    data = json.loads(json.dumps(_VALID))
    data[field] = value
    read_and_replay(json.dumps(data))


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=200)
@given(st.integers(0, 200), st.sampled_from(["card", "from", "to", "redeal", "extra"]), json_values)
def test_one_move_mutated_never_crashes(index, key, value):
    data = json.loads(json.dumps(_VALID))
    moves = data["moves"]
    moves[index % len(moves)][key] = value
    read_and_replay(json.dumps(data))


@settings(max_examples=100)
@given(st.data())
def test_cut_or_shuffled_records_never_crash(data):
    text = json.dumps(_VALID, ensure_ascii=False)
    cut = data.draw(st.integers(0, len(text)))
    read_and_replay(text[:cut])
    moves = list(_VALID["moves"])
    order = data.draw(st.permutations(range(min(12, len(moves)))))
    shuffled = dict(_VALID, moves=[moves[i] for i in order] + moves[len(order) :])
    read_and_replay(json.dumps(shuffled, ensure_ascii=False))
