"""The solver of another revision against this one, counted in instructions: the same searches, no clock.

    python bench/instructions.py --against 63c1dcd                      # gallery deal 3, two_cards deal 39
    python bench/instructions.py --against 63c1dcd --only gallery --deal 7 --positions 20000 --plain

Seconds on this shared machine move by a third from one run to the next, even alternating old and new
(``--against`` in ``bench/run.py``); a count of the instructions a search executes does not. Each tree searches
the same deal at the same bound in positions, under valgrind's callgrind (Debian package ``valgrind``), once
with the search and once with everything but the search (imports, the game, the deal): the difference is the
search's. The old tree runs with its own compiled build (``against.old_tree``). An instruction is not a
nanosecond (the interpreter's and the compiled code's instructions differ in cost), so this measures a change
to one kind of code well and says less between plain Python and compiled; the positions per second of
``bench/run.py --against`` stay the issue's measure. Results go to the ``instructions`` block of
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from against import ROOT, old_tree, short
from run import DOC, read_block, replace_block, with_rows_kept

#: Run in either tree: the deal searched (or, with ``setup``, everything but the search), its answer printed.
PROBE = r"""
import sys
from generator.deals import stock_indices
from generator.games import make_game
from generator.solver import Budget, solve
spec, deal, positions, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
game = make_game(spec)
stock = stock_indices(game.id, deal)
options = {}
if mode == "plain":
    from generator.hints import SearchHints
    from generator.players import player_for
    options["hints"] = SearchHints(game, player_for(game))
if mode != "setup":
    solution = solve(game, stock, budget=Budget(seconds=None, nodes=positions), **options)
    print(solution.result, solution.nodes)
"""

DEFAULT = (("gallery", 3, 8_000), ("brunette_blonde:two_cards", 39, 3_000))


def instructions(tree: Path, env: dict[str, str], spec: str, deal: int, positions: int, mode: str) -> tuple[int, str]:
    """The instructions of one run of ``PROBE`` in ``tree`` (all of the process), and what it printed."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", PROBE, spec,
             str(deal), str(positions), mode],
            cwd=tree, capture_output=True, text=True, check=False,
            env={**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", **env})
        if done.returncode != 0:
            raise SystemExit(f"instructions: {spec} in {tree} failed: {done.stderr.strip().splitlines()[-1:]}")
        found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if not found:
            raise SystemExit("instructions: valgrind printed no count")
        return int(found.group(1).replace(",", "")), done.stdout.strip()


def search_instructions(tree: Path, env: dict[str, str], spec: str, deal: int, positions: int,
                        plain: bool) -> tuple[int, str]:
    """The search's instructions: a run with it less a run without it; and the search's answer."""
    total, answer = instructions(tree, env, spec, deal, positions, "plain" if plain else "hints")
    setup, _ = instructions(tree, env, spec, deal, positions, "setup")
    return total - setup, answer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", metavar="REV", required=True, help="the old revision")
    parser.add_argument("--only", nargs="*", metavar="SPEC", help="game specs (default: gallery and two_cards)")
    parser.add_argument("--deal", type=int, help="the deal searched (default: one each, see DEFAULT)")
    parser.add_argument("--positions", type=int, help="the search's bound in positions")
    parser.add_argument("--plain", action="store_true", help="both trees without their games' hints")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    cases = [(spec, args.deal or deal, args.positions or positions) for spec, deal, positions in DEFAULT
             if not args.only or spec in args.only]
    cases += [(spec, args.deal or 1, args.positions or 10_000) for spec in args.only or ()
              if spec not in {case[0] for case in cases}]
    rows = []
    with old_tree(args.against) as (tree, env):
        for spec, deal, positions in cases:
            old, old_answer = search_instructions(tree, env, spec, deal, positions, args.plain)
            new, new_answer = search_instructions(ROOT, {}, spec, deal, positions, args.plain)
            same = "yes" if old_answer == new_answer else f"no ({old_answer} / {new_answer})"
            rows.append(f"| `{spec}` | {deal} | {positions:,} | {'plain' if args.plain else 'hints'} "
                        f"| {old / 1e6:,.0f} M | {new / 1e6:,.0f} M | **{old / new:.2f}×** | {same} |")
            print(rows[-1], flush=True)
    body = (f"Old: `{short(args.against)}`, its own compiled build; new: the working tree. Instructions of one search "
            "(callgrind; a run with the search less a run without it), the same deal at the same bound in both.\n\n"
            "| game | deal | positions | search | old instructions | new instructions | fewer by | the same answer |\n"
            "|---|---|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n")
    text = DOC.read_text(encoding="utf-8")
    DOC.write_text(replace_block(text, "instructions", with_rows_kept(body, read_block(text, "instructions"))),
                   encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
