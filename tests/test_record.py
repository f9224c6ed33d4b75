"""The record file: format, validation errors, and the ``check`` command's exits."""

from __future__ import annotations

import json

import pytest

from generator.deals import stock_indices
from generator.games import make_game
from generator.play import play_out
from generator.record import FORMAT, RecordError, from_json, record_of, to_json


@pytest.fixture
def quadrille_record(tmp_path):
    game = make_game("quadrille")
    stock = stock_indices("quadrille", 1)
    played = play_out(game, stock)
    text = to_json(record_of(game, stock, played.moves, played.result, 1))
    path = tmp_path / "q1.json"
    path.write_text(text, encoding="utf-8")
    return path, json.loads(text)


def test_record_has_the_documented_form(quadrille_record):
    _, data = quadrille_record
    assert data["format"] == FORMAT and data["game"] == "quadrille" and data["variant"] is None
    assert data["deal"] == 1 and data["result"] == "won" and len(data["stock"]) == 52
    assert data["stock"][0] == "В♦"
    assert data["moves"][0] == {"card": "В♦", "from": "stock", "to": "waste"}
    assert {"redeal": 1} in data["moves"] or all("card" in m for m in data["moves"])


def test_check_says_ok_with_the_outcome(cli, quadrille_record):
    path, data = quadrille_record
    result = cli("check", str(path))
    assert result.status == 0
    assert result.out.strip() == f"ok: won after {len(data['moves'])} moves"


def test_check_names_the_first_illegal_move(cli, quadrille_record, tmp_path):
    _path, data = quadrille_record
    data["moves"][4]["to"] = "queen:♠"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = cli("check", str(bad))
    assert result.status == 1
    assert result.out.strip() == "illegal move 5 (5♦ stock → queen:♠): 5♦ from stock can only go to five:♦ here"


def test_a_false_claim_of_a_win_fails(cli, quadrille_record, tmp_path):
    _path, data = quadrille_record
    data["moves"] = data["moves"][:10]
    bad = tmp_path / "short.json"
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = cli("check", str(bad))
    assert result.status == 1 and "says won" in result.out


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d.update(format="pasyans-record/2"), "unsupported record format"),
        (lambda d: d.update(game="solitaire"), "unknown game"),
        (lambda d: d.update(variant="nope"), "no variant"),
        (lambda d: d["stock"].__setitem__(0, "Ж♠"), "unknown rank"),
        (lambda d: d["stock"].pop(), "full pack"),
        (lambda d: d.update(deal=2), "not the stock of deal 2"),
        (lambda d: d.update(deal=0), "out of range"),
        (lambda d: d.update(deal="²"), "whole number"),
        (lambda d: d["moves"][0].update(to="heaven"), "no place"),
        (lambda d: d["moves"].append({"redeal": "x"}), "bad redeal"),
        (lambda d: d.update(result="maybe"), "result must be"),
    ],
)
def test_defective_records_are_refused_in_one_line(mutate, message, quadrille_record, tmp_path, cli):
    _, data = quadrille_record
    mutate(data)
    with pytest.raises(RecordError, match=message):
        from_json(json.dumps(data, ensure_ascii=False))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = cli("check", str(bad))
    assert result.status == 2 and len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err


@pytest.mark.parametrize("content", ["", "{", "[]", "null", '{"format": "pasyans-record/1"}', "\udcff"])
def test_corrupt_files_are_refused(content, tmp_path, cli):
    bad = tmp_path / "corrupt.json"
    bad.write_bytes(content.encode("utf-8", "surrogateescape"))
    result = cli("check", str(bad))
    assert result.status == 2 and len(result.err.strip().splitlines()) == 1


def test_missing_file_is_refused(cli, tmp_path):
    result = cli("check", str(tmp_path / "none.json"))
    assert result.status == 2 and "no such record file" in result.err
