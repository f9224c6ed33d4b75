"""``pasyans solve`` and ``pasyans stats``: the thoughtful solver and the odds."""

from __future__ import annotations

import argparse

from generator.commands.common import add_deal_or_stock, add_game_arguments, add_jobs, deal_from, game_from, jobs_of
from generator.deals import MAX_DEAL
from generator.errors import UserError
from generator.games import Result
from generator.notation import deal_heading
from generator.play import play_out
from generator.progress import TerminalNote
from generator.record import record_of, to_json
from generator.safeio import check_output_path, write_text
from generator.solver import Budget, solve
from generator.walkthrough import as_text

MAX_STATS_DEALS = 1_000_000


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"budget must be a number of seconds, not {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"budget must be more than 0 and at most 3600 seconds, not {text}")
    return value


def _count(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_STATS_DEALS:
        raise argparse.ArgumentTypeError(f"--deals must be a whole number from 1 to {MAX_STATS_DEALS}, not {text!r}")
    return int(text)


def _first(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_DEAL:
        raise argparse.ArgumentTypeError(f"--from must be a deal number from 1 to {MAX_DEAL}, not {text!r}")
    return int(text)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    solve_cmd = commands.add_parser(
        "solve",
        help="solve a deal and print the winning line",
        description="Search the deal knowing the order of the stock (a 'thoughtful' player). Prints "
        "the winning line in Russian notation, grouped by phase, or proves that none exists. "
        "The answer is won, lost (proved) or unknown (the time budget ran out) — never a guess.",
    )
    add_game_arguments(solve_cmd)
    add_deal_or_stock(solve_cmd)
    solve_cmd.add_argument("--record", metavar="FILE",
                           help="write a game record (JSON) of the verdict: the winning line, or for a lost or "
                           "unknown deal the no-peek player's game with that result")
    solve_cmd.add_argument(
        "--budget", metavar="SECONDS", type=positive_seconds, default=10.0, help="time budget (default 10 s)"
    )
    solve_cmd.set_defaults(handler=cmd_solve)

    stats = commands.add_parser(
        "stats",
        help="measure how often a game comes out",
        description="Solve and play deals FROM .. FROM+DEALS-1 and report two win rates with Wilson 95% "
        "intervals: thoughtful (the solver, which knows the stock: an upper bound for real play) and "
        "no-peek (a fixed careful strategy that never looks at the stock). Unknowns count as not won.",
    )
    add_game_arguments(stats)
    stats.add_argument("--deals", "-n", metavar="N", type=_count, default=1000, help="how many deals (default 1000)")
    stats.add_argument("--from", dest="first", metavar="K", type=_first, default=1, help="first deal (default 1)")
    add_jobs(stats, "processes")
    stats.add_argument(
        "--budget", metavar="S", type=positive_seconds, default=10.0, help="solver budget per deal (default 10 s)"
    )
    stats.add_argument("--save", action="store_true", help="write the figures to assets/stats.json for the book")
    stats.set_defaults(handler=cmd_stats)


def cmd_solve(args: argparse.Namespace) -> int:
    game = game_from(args)
    if args.record:
        check_output_path(args.record)
    deal = deal_from(args, game)
    say = TerminalNote()  # on a terminal, while the search runs (up to --budget seconds)
    say(f"pasyans: searching, at most {args.budget:g} s … ", end="")
    try:
        solution = solve(game, deal.stock, budget=Budget(seconds=args.budget))
    except BaseException:
        say("stopped")
        raise
    say(str(solution.result))
    print(deal_heading(game, deal.number))
    print(as_text(game, solution.moves, solution.result))
    print(f"{solution.result}: {solution.nodes} positions searched in {solution.seconds:.2f} s")
    if args.record:
        # A lost or unknown deal is an answer too: its record carries the verdict, and as its moves the line a
        # careful player would have taken (RULES.md lets such a record stop anywhere).
        moves, result = solution.moves, solution.result
        if result is not Result.WON:
            played = play_out(game, deal.stock)
            # An unknown deal the player happens to win is won: the record says so, or it would not check.
            moves, result = played.moves, Result.WON if played.result is Result.WON else result
        write_text(args.record, to_json(record_of(game, deal.stock, moves, result, deal.number)))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from generator.stats import ProgressBar, measure, save_stats, summarise, timing

    game = game_from(args)
    if args.first + args.deals - 1 > MAX_DEAL:
        raise UserError(f"deals {args.first}..{args.first + args.deals - 1} go past the last deal number {MAX_DEAL}")
    jobs = jobs_of(args)
    progress = ProgressBar(args.deals, game.full_id)
    try:
        results = measure(game.full_id, args.first, args.deals, jobs=jobs, budget_seconds=args.budget,
                          on_progress=progress)
    finally:
        progress.end()  # on Ctrl-C too: what is printed next starts on a line of its own
    summary = summarise(game.full_id, args.first, results, args.budget)
    times = timing(results)
    last = args.first + args.deals - 1
    print(f"{game.full_id}: deals {args.first}..{last} ({args.deals}), solver budget {args.budget:g} s per deal")
    for name, label in (("thoughtful", "thoughtful (knows the stock)"), ("no_peek", "no-peek player")):
        rate = summary[name]
        extra = f", {rate['unknown']} unknown (counted as not won)" if name == "thoughtful" else ""
        print(
            f"  {label:<29} {rate['won']:>6} won  {100 * rate['rate']:6.2f}%  "
            f"95% CI {100 * rate['low']:.2f}–{100 * rate['high']:.2f}%{extra}"
        )
    print(
        f"  solver time per deal: mean {times['mean']:.1f} ms, median {times['median']:.1f} ms, "
        f"p99 {times['p99']:.1f} ms"
    )
    if args.save:
        kept = save_stats(game.full_id, summary)
        also = f" (with {kept} deal(s) an earlier run decided and this one left unknown)" if kept else ""
        print(f"  saved to assets/stats.json{also}")
    return 0
