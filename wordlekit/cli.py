"""Command-line interface: ``wordlekit evaluate ...`` and ``wordlekit reproduce ...``.

Mistakes a user can make (an unknown word, policy or mode, a malformed list) print one line,
``wordlekit: error: ...``, and exit with status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from .errors import WordlekitError
from .evaluate import evaluate
from .game import MODES, Game
from .optimal import INFEASIBLE, Solver, TreePolicy, optimal_tree
from .policies import POLICIES, make_policy, warm_up
from .rollout import DEFAULT_TOP_K
from .words import WordList, original_answers, original_guesses, read_word_file


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line and status 2."""

    def error(self, message):
        raise WordlekitError(message)


def _cap(text: str) -> int | None:
    """--max-guesses: a whole number >= 1, or "none" for no cap."""
    if text.strip().lower() == "none":
        return None
    try:
        return _positive_int(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 1 or \"none\"") from None


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 1")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wordlekit", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    ev = commands.add_parser(
        "evaluate", help="play a policy against every answer, exactly",
        description="Play a policy from a fixed opener against every answer and report "
                    "TOTAL, average, histogram, worst case and games over six guesses.")
    ev.add_argument("--opener", help="first guess, e.g. salet (required unless --tree)")
    ev.add_argument("--policy", default="mig", metavar="P",
                    help=f"one of {', '.join(POLICIES)} (default mig)")
    ev.add_argument("--mode", default="easy", metavar="M",
                    help=f"one of {', '.join(MODES)} (default easy)")
    ev.add_argument("--top-k", type=_positive_int, default=DEFAULT_TOP_K, metavar="K",
                    help=f"rollout shortlist size (default {DEFAULT_TOP_K})")
    ev.add_argument("--guesses", metavar="FILE", help="allowed guesses, one per line")
    ev.add_argument("--answers", metavar="FILE", help="possible answers, one per line")
    ev.add_argument("--tree", metavar="FILE",
                    help="replay a decision tree (JSON from `wordlekit optimal --tree`) instead "
                         "of a policy")
    ev.add_argument("--json", action="store_true",
                    help="end with one line of JSON: total, mean, histogram, max_guesses, "
                         "failed, seconds, compile_seconds")
    opt = commands.add_parser(
        "optimal", help="the minimum TOTAL from an opener, proved by branch and bound",
        description="Exact minimum TOTAL over all strategies that open with WORD and solve every "
                    "answer within --max-guesses guesses.")
    opt.add_argument("--opener", required=True, help="first guess, e.g. salet")
    opt.add_argument("--mode", default="easy", metavar="M",
                     help=f"one of {', '.join(MODES)} (default easy)")
    opt.add_argument("--max-guesses", type=_cap, default=6, metavar="G",
                     help="every answer within G guesses (default 6; \"none\": no cap, "
                          "Cunanan & Thielscher's MinTotal)")
    opt.add_argument("--guesses", metavar="FILE", help="allowed guesses, one per line")
    opt.add_argument("--answers", metavar="FILE", help="possible answers, one per line")
    opt.add_argument("--breadth", type=_positive_int, metavar="N",
                     help="only the N best guesses by (MostParts, InSet, ExpSizeSplit) at every "
                          "state: Cunanan & Thielscher's ApMinTotal, an upper bound")
    opt.add_argument("--tree", metavar="FILE", help="write the optimal decision tree as JSON")
    opt.add_argument("--json", action="store_true",
                     help="end with one line of JSON: total (or \"infeasible\"), mean, seconds, nodes")
    rep = commands.add_parser(
        "reproduce", help="regenerate the papers' tables and figures (runs the notebooks)",
        description="Execute the notebooks with papermill: executed copies to build/notebooks/, "
                    "tables and figures to figures/.")
    rep.add_argument("--quick", action="store_true", help="small runs (what the tests use)")
    rep.add_argument("--only", nargs="+", metavar="NAME",
                     help="notebooks to run, by number or part of the name (e.g. 02 table1)")
    rep.add_argument("--output-dir", metavar="DIR", help="write tables and figures here instead")
    return parser


def cmd_reproduce(args) -> int:
    from .reproduce import run

    run(quick=args.quick, only=args.only, output_dir=args.output_dir)
    return 0


def _load_lists(args) -> tuple[WordList, WordList]:
    guesses = read_word_file(args.guesses) if args.guesses else original_guesses()
    answers = read_word_file(args.answers) if args.answers else original_answers()
    return guesses, answers


def cmd_evaluate(args) -> int:
    policy = make_policy(args.policy, args.top_k)
    guesses, answers = _load_lists(args)
    game = Game(guesses, answers, args.mode)
    if args.tree:
        policy = TreePolicy(game, _read_json(args.tree))
        if args.opener and args.opener != policy.opener:
            raise WordlekitError(f"opener {args.opener!r} differs from the tree's {policy.opener!r}")
        args.opener = policy.opener
    elif not args.opener:
        raise WordlekitError("the following arguments are required: --opener (or --tree)")
    game.guess_index(args.opener, role="opener")
    start = time.perf_counter()
    warm_up(game, args.policy)
    compile_seconds = time.perf_counter() - start
    start = time.perf_counter()
    result = evaluate(game, policy, args.opener, progress=sys.stderr.isatty())
    seconds = time.perf_counter() - start
    print(f"{result.policy} from {result.opener}, {result.mode} mode, "
          f"{len(answers)} answers, {len(guesses)} guesses")
    print(f"  TOTAL {result.total}   average {result.mean:.4f}   worst {result.max_guesses}   "
          f"over six guesses {result.failed}")
    print("  guesses: " + "  ".join(f"{k}:{v}" for k, v in result.histogram.items()))
    print(f"  {seconds:.2f} s (plus {compile_seconds:.2f} s compiling / loading kernels)")
    if args.json:
        summary = result.to_dict()
        summary["top_k"] = args.top_k if args.policy.startswith("rollout-") else None
        summary["seconds"] = round(seconds, 4)
        summary["compile_seconds"] = round(compile_seconds, 4)
        print(json.dumps(summary, sort_keys=True))
    return 0


def _read_json(path: str):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as exc:
        raise WordlekitError(f"{path}: cannot read ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise WordlekitError(f"{path}: not valid JSON ({exc.msg}, line {exc.lineno})") from None


def cmd_optimal(args) -> int:
    guesses, answers = _load_lists(args)
    game = Game(guesses, answers, args.mode)
    opener = game.guess_index(args.opener, role="opener")
    start = time.perf_counter()
    warm_up(game, "mig")
    compile_seconds = time.perf_counter() - start
    solver = Solver(game, args.max_guesses, breadth=args.breadth)
    start = time.perf_counter()
    total = solver.opener_total(opener)
    seconds = time.perf_counter() - start
    feasible = total < INFEASIBLE
    what = "optimal" if args.breadth is None else f"ApMinTotal (breadth {args.breadth})"
    if feasible:
        cap = "no cap" if args.max_guesses is None else f"at most {args.max_guesses} guesses"
        print(f"{what} from {args.opener}, {args.mode} mode, {cap}: "
              f"TOTAL {total}, average {total / len(answers):.4f}")
    else:
        print(f"infeasible: no strategy from {args.opener} solves every answer within "
              f"{args.max_guesses} guesses in {args.mode} mode")
    print(f"  {seconds:.2f} s, {solver.nodes} states expanded")
    if args.tree and feasible:
        with open(args.tree, "w", encoding="utf-8") as f:
            json.dump(optimal_tree(solver, opener), f, indent=1, sort_keys=True)
            f.write("\n")
        print(f"  tree written to {args.tree}")
    if args.json:
        print(json.dumps({
            "opener": args.opener, "mode": args.mode, "max_guesses": args.max_guesses,
            "answers": len(answers), "total": total if feasible else "infeasible",
            "mean": round(total / len(answers), 6) if feasible else None,
            "breadth": args.breadth, "nodes": solver.nodes, "seconds": round(seconds, 4),
            "compile_seconds": round(compile_seconds, 4)}, sort_keys=True))
    return 0


def main(argv=None) -> int:
    try:
        args = build_parser().parse_args(argv)
        commands = {"evaluate": cmd_evaluate, "optimal": cmd_optimal, "reproduce": cmd_reproduce}
        return commands[args.command](args)
    except WordlekitError as exc:
        print(f"wordlekit: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("wordlekit: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
