"""``python -m solver``: the solver's command line."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from solver.decks import deck_stats
from solver.parsing import ParseError, parse_request, read_number
from solver.printing import format_value
from solver.solutions import Solution, SolverInputError, closest, solve


class UsageError(Exception):
    """A command line the solver cannot read; the message is one line for stderr."""


def _parse_deck(text: str) -> tuple[int, int]:
    low, sep, high = text.partition("-")
    if not sep or not low.isdigit() or not high.isdigit():
        raise UsageError(f"--deck takes a range like 1-13, not {text!r}")
    return int(low), int(high)


def _solution_json(solution: Solution | None) -> dict[str, str] | None:
    if solution is None:
        return None
    return {"value": format_value(solution.value), "expression": solution.text}


def _run_solve(args: argparse.Namespace) -> int:
    numbers, eq_target = parse_request(" ".join(args.numbers), countdown=args.countdown)
    if eq_target is not None and args.target is not None:
        raise UsageError("give the target either as --target or as = N, not both")
    target = eq_target if eq_target is not None else read_number(args.target or "24")
    rules = {"integer_only": args.integer_only, "countdown": args.countdown}
    found = solve(numbers, target, **rules)
    near = None
    if args.closest and not found:
        near = closest(numbers, target, **rules)
    shown = found[:1] if args.first else found
    if args.json:
        payload = {
            "numbers": [format_value(n) for n in numbers],
            "target": format_value(target),
            "count": len(found),
            "solutions": [s.text for s in shown],
            "closest": None
            if near is None
            else {"below": _solution_json(near.below), "above": _solution_json(near.above)},
        }
        print(json.dumps(payload, ensure_ascii=False))
        return 0
    for solution in shown:
        print(solution.text)
    noun = "solution" if len(found) == 1 else "solutions"
    print(f"{len(found)} distinct {noun}")
    if near is not None:
        for side, nearest in (("below", near.below), ("above", near.above)):
            if nearest is None:
                print(f"closest {side}: none")
            else:
                print(f"closest {side}: {format_value(nearest.value)} = {nearest.text}")
    return 0


def _run_stats(args: argparse.Namespace) -> int:
    result = deck_stats(_parse_deck(args.deck), args.cards, read_number(args.target or "24"))
    low, high = result.deck
    print(f"deck {low}-{high}, {result.cards} cards, target {format_value(result.target)}")
    print(f"hands: {result.hands}")
    print(f"solvable: {result.solvable} ({result.rate:.2%})")
    print(f"solvable with whole numbers only: {result.integer_only}")
    hands = " ".join("".join(f"[{' '.join(map(str, h))}]") for h in result.fraction_only)
    print(f"need a fraction: {len(result.fraction_only)} {hands}".rstrip())
    print(f"chance a real deal is solvable: {float(result.deal_chance):.4f}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m solver",
        description="Every distinct solution of the 24 game (and its generalisations).",
        epilog="Also: python -m solver stats --deck 1-13 [--cards 4] [--target 24]",
    )
    parser.add_argument(
        "numbers", nargs="+", help="the cards, e.g. 3 3 8 8 or A 5 5 5; = N sets the target"
    )
    parser.add_argument("--target", help="the number to make (default 24)")
    parser.add_argument(
        "--integer-only", action="store_true", help="whole intermediate results only"
    )
    parser.add_argument(
        "--countdown",
        action="store_true",
        help="Countdown's rules: each number at most once, every step a positive whole number",
    )
    parser.add_argument("--closest", action="store_true", help="if unreachable, the nearest values")
    parser.add_argument("--first", action="store_true", help="print only the simplest solution")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _stats_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m solver stats", description="Deck statistics.")
    parser.add_argument("--deck", default="1-13", help="ranks, e.g. 1-13 or 1-10")
    parser.add_argument("--cards", type=int, default=4, help="cards per hand (default 4)")
    parser.add_argument("--target", help="the number to make (default 24)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for any input error, 1 when the
    reader of its output left before the end)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if args_list[:1] == ["stats"]:
            return _run_stats(_stats_parser().parse_args(args_list[1:]))
        return _run_solve(_parser().parse_args(args_list))
    except (UsageError, SolverInputError, ParseError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader left early (``… | head``): nothing more to say.  Standard output is
        # pointed at the null device, so that Python's flush at exit does not report the
        # pipe again (the recipe of Python's documentation of SIGPIPE).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def run() -> NoReturn:
    """The command line as a program (``python -m solver``, ``twenty-four-solver``): exit with
    :func:`main`'s status once the output is flushed, without freeing what the search keeps
    (after ``1 2 3 4 5 6 7 8`` the interpreter's teardown took seconds more)."""
    status = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader left while the last lines were still buffered
        status = 1
    sys.stderr.flush()
    os._exit(status)
