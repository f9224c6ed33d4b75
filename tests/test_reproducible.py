"""Same inputs, same bytes: separate processes, with and without SOURCE_DATE_EPOCH."""

from __future__ import annotations

import os
import shutil

import pytest

COMMANDS = {
    "rulebook": ["rulebook", "--paper", "A5"],
    "deck": ["deck", "--backs"],
    "deals": ["deals", "quadrille", "--count", "2", "--jobs", "1"],
    "svg": ["svg", "brunette_blonde", "--deal", "3", "--step", "40"],
}


def _build(cli, tmp_path, name: str, epoch: str | None, run: int) -> dict[str, bytes]:
    out = tmp_path / f"{name}-{epoch}-{run}"
    out.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    env["PYTHONHASHSEED"] = str(run)  # different hash seeds: no dict-order accidents
    if epoch is not None:
        env["SOURCE_DATE_EPOCH"] = epoch
    args = list(COMMANDS[name])
    args += ["-o", str(out)] if name == "svg" else ["-o", str(out / f"{name}.pdf")]
    result = cli(*args, env=env)
    assert result.status == 0, result.err
    files = {p.name: p.read_bytes() for p in sorted(out.iterdir())}
    shutil.rmtree(out)
    return files


@pytest.mark.parametrize("name", sorted(COMMANDS))
@pytest.mark.parametrize("epoch", [None, "1700000000"])
def test_two_processes_write_identical_bytes(cli, tmp_path, name, epoch):
    first = _build(cli, tmp_path, name, epoch, 1)
    second = _build(cli, tmp_path, name, epoch, 2)
    assert first and first == second


def test_source_date_epoch_sets_the_pdf_date(cli, tmp_path):
    plain = _build(cli, tmp_path, "deck", None, 1)["deck.pdf"]
    dated = _build(cli, tmp_path, "deck", "1700000000", 1)["deck.pdf"]
    assert b"D:20231114" in dated and b"D:20231114" not in plain
