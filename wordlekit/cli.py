"""Command-line interface: ``wordlekit evaluate | optimal | hint | play | sweep | top-openers | reproduce | verify``.

Mistakes a user can make (an unknown word, policy or mode, a malformed list) print one line,
``wordlekit: error: ...``, and exit with status 2; never a traceback.

Why one module of about 500 lines: each subcommand is its argparse declaration and one
``cmd_*`` function that checks input and calls the library (no algorithm lives here), and the
input checks (``_whole``, ``_cap``, ``_depths``, the lists) are shared by several
subcommands; split per subcommand, the shared checks would be imported back from everywhere.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

from .equivalence import best_opener
from .errors import WordlekitError
from .evaluation import evaluate
from .game import MAX_GUESSES, MODES, Game
from .optimal import Solver, TreePolicy, feasible, optimal_tree
from .policies import POLICIES, make_policy, uses_top_k
from .progress import tqdm as progress_bar
from .rollout import DEFAULT_TOP_K
from .warmup import warm_up, warm_up_solver
from .words import LISTS, WordList, named_lists, read_openers, read_word_file


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line and status 2."""

    def error(self, message):
        raise WordlekitError(message)


#: The largest value each number on the command line may take: these ranges stop a number that
#: is no count at all (``--top-k 99999999999`` once asked numpy for 745 GiB) before anything
#: is loaded. A count of guesses (a shortlist, a breadth) is then clamped to the lists in use
#: (``_at_most``).
MAX_COUNT = 1_000_000  # more than any word list holds
MAX_SUGGESTIONS = 100  # each is valued exactly, the policy playing on: minutes each
MAX_CAP = 100  # guesses per game: beyond the number of answers a cap no longer binds
MAX_DEPTH = MAX_GUESSES  # V_i looks i guesses deep; a game has no more
MAX_TOTAL = 10**9  # a TOTAL (cutoff bound): fits int64 sums with room to spare
MAX_WORKERS = 256  # local worker processes
MAX_JOBS = 64  # notebooks at once
MAX_SEED = 2**63 - 1
MAX_FLOOR = 1e12  # a prior weight, a word count: larger ones overflow the integer totals


def _whole(low: int, high: int):
    """An argparse type: a whole number from ``low`` to ``high``, else one line naming both."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a whole number >= {low} (at most {high:,})"
            )
        return value

    return parse


_count = _whole(1, MAX_COUNT)


def _cap(text: str) -> int | None:
    """--max-guesses of optimal: a whole number from 1 to MAX_CAP, or "none" for no cap."""
    if text.strip().lower() == "none":
        return None
    try:
        return _whole(1, MAX_CAP)(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f'{text!r} is not a whole number >= 1 or "none" (at most {MAX_CAP})'
        ) from None


def _positive_float(text: str) -> float:
    """--prior-floor: a number above 0 and at most MAX_FLOOR."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= MAX_FLOOR:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number above 0 and at most {MAX_FLOOR:g}"
        )
    return value


def _at_most(option: str, value: int | None, limit: int, what: str, given: bool = True):
    """A count of guesses larger than the lists hold asks for all of them: ``limit``, with a
    note when the user gave the number (a default larger than a small list of one's own is
    no news). The results are those of ``limit`` itself: no more guesses exist to rank."""
    if value is None or value <= limit:
        return value
    if given:
        print(
            f"wordlekit: note: {option} {value:,} is more than {what} ({limit:,}); using {limit:,}",
            file=sys.stderr,
        )
    return limit


def _add_lists(sub) -> None:
    sub.add_argument(
        "--lists",
        metavar="NAME",
        help=f"named word lists, one of {', '.join(LISTS)} (default original: "
        "12,972 guesses, 2,315 answers; nyt-2022: 14,855 / 2,309; nyt-2023: "
        "14,855 / 3,158)",
    )
    sub.add_argument("--guesses", metavar="FILE", help="allowed guesses, one per line")
    sub.add_argument("--answers", metavar="FILE", help="possible answers, one per line")


# --- games by name (issue 29): --game NAME for evaluate, optimal, hint and play ---
def _add_game(sub) -> None:
    sub.add_argument(
        "--game",
        metavar="NAME",
        help="a generated game instead of word lists: primel, nerdle, mininerdle, "
        "mastermind (4 pegs, 6 colours), mastermind-P-C, bulls-and-cows",
    )


def _game(args) -> Game:
    """The game of --game NAME, or of the word lists (--lists / --guesses / --answers)."""
    if args.game is None:
        return Game(*_load_lists(args), args.mode)
    if args.lists or args.guesses or args.answers:
        raise WordlekitError(f"--game {args.game} and --lists/--guesses/--answers: choose one")
    from .games import game

    return game(args.game, args.mode)


# --- end of --game ---


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wordlekit", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    ev = commands.add_parser(
        "evaluate",
        help="play a policy against every answer, exactly",
        description="Play a policy from a fixed opener against every answer and report "
        "TOTAL, average, histogram, worst case and games over six guesses.",
    )
    ev.add_argument("--opener", help="first guess, e.g. salet (required unless --tree)")
    ev.add_argument(
        "--policy", default="mig", metavar="P", help=f"one of {', '.join(POLICIES)} (default mig)"
    )
    ev.add_argument(
        "--top-k",
        type=_count,
        metavar="K",
        help=f"rollout shortlist size (default {DEFAULT_TOP_K})",
    )
    ev.add_argument(
        "--tree",
        metavar="FILE",
        help="replay a decision tree (JSON from `wordlekit optimal --tree`) instead of a policy",
    )
    ev.add_argument(
        "--json",
        action="store_true",
        help="end with one line of JSON: total, mean, histogram, max_guesses (the worst case), "
        "failed, seconds, compile_seconds",
    )
    opt = commands.add_parser(
        "optimal",
        help="the minimum TOTAL from an opener, proved by branch and bound",
        description="Exact minimum TOTAL over all strategies that open with WORD and solve every "
        "answer within --max-guesses guesses.",
    )
    opt.add_argument(
        "--opener",
        help="first guess, e.g. salet; without it, the best first guess is proved too (small "
        "games: one search per class of equivalent openers)",
    )
    opt.add_argument(
        "--max-guesses",
        type=_cap,
        default=MAX_GUESSES,
        metavar="G",
        help=f'every answer within G guesses (default {MAX_GUESSES}; "none": no cap, '
        "Cunanan & Thielscher's MinTotal)",
    )
    opt.add_argument(
        "--breadth",
        type=_count,
        metavar="N",
        help="only the N best guesses by (MostParts, InSet, ExpSizeSplit) at every "
        "state: Cunanan & Thielscher's ApMinTotal, an upper bound",
    )
    opt.add_argument("--tree", metavar="FILE", help="write the optimal decision tree as JSON")
    opt.add_argument(
        "--json",
        action="store_true",
        help='end with one line of JSON: total (or "infeasible"), mean, seconds, nodes',
    )
    hi = commands.add_parser(
        "hint",
        help="candidates left and the best next guesses, from a game's history",
        description="Replay GUESS:FEEDBACK entries (feedback: g green, y yellow, b or - grey; "
        "or 2/1/0) and suggest the next guess, with the expected number of guesses "
        "still needed (this one included) if the policy plays on.",
    )
    hi.add_argument("history", nargs="*", metavar="GUESS:FEEDBACK", help="e.g. salet:bybbb")
    hi.add_argument(
        "--policy",
        default="rollout-mig",
        metavar="P",
        help=f"one of {', '.join(POLICIES)} (default rollout-mig)",
    )
    hi.add_argument(
        "--suggestions",
        type=_whole(1, MAX_SUGGESTIONS),
        default=5,
        metavar="N",
        help="how many guesses to suggest (default 5)",
    )
    hi.add_argument(
        "--json",
        action="store_true",
        help="end with one line of JSON: candidates (a count), some_candidates, "
        "choice, suggestions [{guess, expected_guesses, candidate}]",
    )
    pl = commands.add_parser(
        "play",
        help="play a game in the terminal against a hidden answer",
        description="Type a guess per line; the feedback comes back as coloured tiles (g/y/b "
        "letters when not on a terminal). Six guesses, as in the NYT game.",
    )
    pl.add_argument(
        "--seed", type=_whole(0, MAX_SEED), metavar="S", help="choose the answer reproducibly"
    )
    pl.add_argument(
        "--hints", action="store_true", help="show the policy's suggestion after each guess"
    )
    pl.add_argument(
        "--policy",
        default="rollout-mig",
        metavar="P",
        help=f"policy for --hints, one of {', '.join(POLICIES)} (default rollout-mig)",
    )
    for sub in (ev, opt, hi, pl):
        sub.add_argument(
            "--mode", default="easy", metavar="M", help=f"one of {', '.join(MODES)} (default easy)"
        )
        _add_lists(sub)
        _add_game(sub)
    for sub in (ev, opt, hi):
        sub.add_argument(
            "--prior",
            metavar="P",
            help="answers drawn from a prior: uniform, norvig (word counts of "
            "Norvig's corpus) or a FILE of 'word weight' lines; policies then "
            "work on the prior's belief and costs are expected guesses under it "
            "(default: uniform, the papers' setting, unweighted code)",
        )
        sub.add_argument(
            "--prior-floor",
            type=_positive_float,
            metavar="X",
            help="weight of an answer the prior lacks (norvig: default 12711, the "
            "corpus's smallest count; FILE: default none, an error)",
        )
    sw = commands.add_parser(
        "sweep",
        help="one task per opener, mode and word lists, on Dask, into a resumable store",
        description="Run one task kind over many openers, modes and word lists on Dask "
        "distributed (a local cluster, one worker process per core, or --scheduler). "
        "Rows go to a SQLite --store; rerunning the same command skips what is done.",
    )
    sw.add_argument(
        "--task",
        default="evaluate",
        metavar="T",
        help="evaluate (a policy's TOTAL), optimal (the exact optimum), cutoff (the "
        "optimum if below --bound, else 'at least B') or lower-bound (V_i of "
        "Cunanan & Thielscher, --depth i); default evaluate",
    )
    sw.add_argument(
        "--store",
        required=True,
        metavar="FILE",
        help="SQLite file of results (created if missing; reused to resume)",
    )
    sw.add_argument(
        "--openers",
        default="all",
        metavar="O",
        help="all (default), a FILE of words, or words separated by commas",
    )
    sw.add_argument(
        "--modes",
        default="easy",
        metavar="M,...",
        help=f"modes separated by commas, of {', '.join(MODES)} (default easy)",
    )
    sw.add_argument(
        "--lists",
        default="original",
        metavar="NAME,...",
        help=f"word lists separated by commas, of {', '.join(LISTS)} (default original)",
    )
    sw.add_argument(
        "--policy",
        default="mig",
        metavar="P",
        help=f"evaluate: one of {', '.join(POLICIES)} (default mig)",
    )
    sw.add_argument(
        "--top-k",
        type=_count,
        default=DEFAULT_TOP_K,
        metavar="K",
        help=f"evaluate: rollout shortlist size (default {DEFAULT_TOP_K})",
    )
    sw.add_argument(
        "--bound",
        type=_whole(1, MAX_TOTAL),
        metavar="B",
        help="cutoff: the cutoff B (required); lower-bound: stop at B",
    )
    sw.add_argument(
        "--depth",
        type=_whole(1, MAX_DEPTH),
        default=2,
        metavar="I",
        help="lower-bound: the i of V_i (default 2)",
    )
    sw.add_argument(
        "--max-guesses",
        type=_whole(1, MAX_CAP),
        default=MAX_GUESSES,
        metavar="G",
        help=f"optimal, cutoff: every answer within G guesses (default {MAX_GUESSES})",
    )
    _cluster_arguments(sw)
    sw.add_argument(
        "--json",
        action="store_true",
        help="end with one line of JSON: done, pruned, skipped, crashed, seconds, "
        "workers, tasks_per_second",
    )
    top = commands.add_parser(
        "top-openers",
        help="the k openers with the smallest optimum, proved (bounds, cutoff)",
        description="Prove which openers have the k smallest exact optima: solve a few exactly, "
        "rule the others out with Cunanan & Thielscher's lower bounds V_i and the "
        "cutoff search, each stage a resumable sweep on Dask (stores in --store-dir).",
    )
    top.add_argument(
        "--k",
        type=_count,
        default=10,
        metavar="K",
        help="how many best openers to prove (default 10)",
    )
    top.add_argument(
        "--openers",
        default="all",
        metavar="O",
        help="all (default), a FILE of words, or words separated by commas",
    )
    top.add_argument("--mode", default="easy", choices=MODES, help="game mode (default easy)")
    top.add_argument(
        "--lists",
        default="original",
        metavar="NAME",
        help=f"word lists, one of {', '.join(LISTS)} (default original)",
    )
    top.add_argument(
        "--max-guesses",
        type=_whole(1, MAX_CAP),
        default=MAX_GUESSES,
        metavar="G",
        help=f"every answer within G guesses (default {MAX_GUESSES})",
    )
    top.add_argument(
        "--depths",
        default="2,3,4",
        metavar="I,...",
        help="the V_i to try before the cutoff search, in order (default 2,3,4; '' for none)",
    )
    top.add_argument(
        "--store-dir",
        required=True,
        metavar="DIR",
        help="folder of the stages' SQLite stores (created; reused to resume)",
    )
    top.add_argument("--csv", metavar="FILE", help="also write every opener's row to FILE")
    _cluster_arguments(top)
    rep = commands.add_parser(
        "reproduce",
        help="regenerate the papers' tables and figures (runs the notebooks)",
        description="Execute the notebooks with papermill. A full run (no --quick, -p or "
        "--output-dir) writes each executed notebook back to notebooks/ with its "
        "outputs, and tables and figures to figures/; run times go to build/ only "
        "(build/reproduce-summary.md). With --quick or -p, tables, figures, "
        "executed notebooks (a failed one as far as it ran) and the run's own "
        "reproduce-summary.md go to --output-dir (default build/runs/quick or "
        "build/runs/NAME=VALUE), never to notebooks/, figures/ or build/.",
    )
    rep.add_argument("--quick", action="store_true", help="small runs (what the tests use)")
    rep.add_argument(
        "--only",
        nargs="+",
        metavar="NAME",
        help="notebooks to run, by number or part of the name (e.g. 02 table1)",
    )
    rep.add_argument(
        "-p",
        "--parameter",
        nargs=2,
        action="append",
        metavar=("NAME", "VALUE"),
        dest="parameters",
        help="set a parameter of the notebooks' parameters cell, e.g. -p TOP_K 20 or "
        "-p SEEDS '[10, 11]' (a Python literal, else a string); repeatable",
    )
    rep.add_argument(
        "--output-dir",
        metavar="DIR",
        help="write tables, figures and executed notebooks (in DIR/notebooks) here",
    )
    rep.add_argument(
        "--jobs",
        type=_whole(1, MAX_JOBS),
        default=1,
        metavar="N",
        help="execute N notebooks at a time, the cores shared out among them "
        "(default 1; make reproduce uses 2). The files written are the same",
    )
    ver = commands.add_parser(
        "verify",
        help="check that the committed notebooks are what the code computes (nbval)",
        description="Re-execute the executed notebooks of notebooks/ in a scratch copy "
        "(build/verify, figures there too) with pytest --nbval and compare every "
        "cell's outputs with the committed ones. A difference fails, naming the "
        "notebook, the cell and the first differing line.",
    )
    ver.add_argument(
        "--only",
        nargs="+",
        metavar="NAME",
        help="notebooks to check, by number or part of the name (default: all)",
    )
    return parser


def cmd_reproduce(args) -> int:
    from .reproduce import run

    _folder_to_fill("--output-dir", args.output_dir)
    run(
        quick=args.quick,
        only=args.only,
        output_dir=args.output_dir,
        parameters=args.parameters,
        jobs=args.jobs,
    )
    return 0


def cmd_verify(args) -> int:
    from .reproduce import select
    from .verify import verify

    return 1 if verify(select(args.only)) else 0


def _load_lists(args) -> tuple[WordList, WordList]:
    """--lists NAME, or --guesses / --answers FILE (each defaulting to the original list)."""
    if args.lists is not None and (args.guesses or args.answers):
        raise WordlekitError(f"--lists {args.lists} and --guesses/--answers: choose one")
    guesses, answers = named_lists("original" if args.lists is None else args.lists)
    guesses = read_word_file(args.guesses) if args.guesses else guesses
    answers = read_word_file(args.answers) if args.answers else answers
    return guesses, answers


def _lists_name(args) -> str:
    """How hint and play name the lists they use."""
    if getattr(args, "game", None):
        return args.game
    if args.guesses or args.answers:
        return "your lists"
    return f"{'original' if args.lists is None else args.lists} lists"


def _prior(args, answers):
    """The prior of --prior (None without one); --prior-floor alone is a mistake."""
    if args.prior is None:
        if args.prior_floor is not None:
            raise WordlekitError("--prior-floor needs --prior")
        return None
    from .prior import get_prior

    return get_prior(args.prior, answers, args.prior_floor)


def cmd_evaluate(args) -> int:
    game = _game(args)
    guesses, answers = game.guesses, game.answers
    prior = _prior(args, answers)
    top_k = _at_most(
        "--top-k",
        DEFAULT_TOP_K if args.top_k is None else args.top_k,
        len(guesses),
        "the number of guesses",
        given=args.top_k is not None,
    )
    policy = make_policy(args.policy, top_k, prior)
    if args.tree:
        policy = TreePolicy(game, _read_json(args.tree))
        if args.opener and args.opener != policy.opener:
            raise WordlekitError(
                f"opener {args.opener!r} differs from the tree's {policy.opener!r}"
            )
        args.opener = policy.opener
    elif not args.opener:
        raise WordlekitError("the following arguments are required: --opener (or --tree)")
    game.guess_index(args.opener, role="opener")
    start = time.perf_counter()
    warm_up(game, args.policy, weighted=prior is not None)
    compile_seconds = time.perf_counter() - start
    start = time.perf_counter()
    result = evaluate(game, policy, args.opener, progress=sys.stderr.isatty())
    seconds = time.perf_counter() - start
    print(
        f"{result.policy} from {result.opener}, {result.mode} mode, "
        f"{len(answers)} answers, {len(guesses)} guesses"
    )
    print(
        f"  TOTAL {result.total}   average {result.mean:.4f}   worst {result.worst}   "
        f"over six guesses {result.failed}"
    )
    print("  guesses: " + "  ".join(f"{k}:{v}" for k, v in result.histogram.items()))
    if prior is not None:
        print(
            f"  under the {prior.name} prior: expected guesses "
            f"{prior.expected_guesses(result):.4f}   solved within six "
            f"{prior.solved_within(result):.4%}"
        )
    print(f"  {seconds:.2f} s (plus {compile_seconds:.2f} s compiling / loading kernels)")
    if args.json:
        summary = result.to_dict()
        if prior is not None:
            summary["prior"] = prior.name
            summary["expected_guesses"] = round(prior.expected_guesses(result), 6)
            summary["solved_within_six"] = round(prior.solved_within(result), 6)
        summary["top_k"] = top_k if uses_top_k(args.policy) else None
        summary["seconds"] = round(seconds, 4)
        summary["compile_seconds"] = round(compile_seconds, 4)
        print(json.dumps(summary, sort_keys=True))
    return 0


def _cluster_arguments(parser) -> None:
    parser.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="an existing Dask scheduler (default: a local cluster)",
    )
    parser.add_argument(
        "--workers",
        type=_whole(1, MAX_WORKERS),
        metavar="N",
        help="local cluster: N worker processes (default: one per core)",
    )


def _depths(text: str) -> tuple[int, ...]:
    try:
        depths = tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        depths = (0,)
    if any(not 1 <= d <= MAX_DEPTH for d in depths):
        raise WordlekitError(
            f"--depths {text!r}: expected whole numbers >= 1 (at most {MAX_DEPTH}) separated by commas"
        )
    return depths


def _file_to_write(option: str, text: str | None) -> None:
    """Check a file the command will write at the end, before the work: a folder there, or
    no folder to hold it, would otherwise end a long run in a traceback."""
    if text is None:
        return
    path = Path(text)
    if path.is_dir():
        raise WordlekitError(f"{option} {text!r} is a folder; expected a file name")
    parent = path.parent
    if not parent.is_dir():
        raise WordlekitError(f"{option} {text!r}: folder {str(parent)!r} does not exist")


def _folder_to_fill(option: str, text: str | None) -> None:
    """A folder the command creates or reuses: anything but a folder already there is refused."""
    if text is None:
        return
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise WordlekitError(f"{option} {text!r} is a file; expected a folder (created if missing)")
    for parent in path.resolve().parents:
        if parent.exists():
            if not parent.is_dir():
                raise WordlekitError(f"{option} {text!r}: {str(parent)!r} is a file, not a folder")
            break


def cmd_top_openers(args) -> int:
    from .openers import top_openers
    from .sweep import dask_client, resolve_openers
    from .words import check_lists

    check_lists(args.lists)
    _folder_to_fill("--store-dir", args.store_dir)
    _file_to_write("--csv", args.csv)
    game = Game.from_lists(args.lists)
    openers = resolve_openers(read_openers(args.openers, "--openers"), game.guesses)
    depths = _depths(args.depths)
    start = time.perf_counter()
    try:
        with dask_client(args.scheduler, args.workers) as client:
            rows = top_openers(
                openers,
                args.mode,
                args.lists,
                args.k,
                args.store_dir,
                client,
                args.max_guesses,
                depths,
                progress=sys.stderr.isatty(),
            )
    except KeyboardInterrupt:
        print(
            f"wordlekit: interrupted; {args.store_dir} keeps every row received: rerun the "
            "same command to resume",
            file=sys.stderr,
        )
        return 130
    if args.csv:
        rows.to_csv(args.csv)
    best = rows[rows["status"] == "proved top"]
    print(
        f"the {args.k} best of {len(rows)} openers, {args.mode} mode, lists {args.lists}, "
        f"at most {args.max_guesses} guesses (proved):"
    )
    for opener, row in best.iterrows():
        print(f"  {int(row['rank']):3d}  {opener}  {int(row['total'])}")
    proofs = ", ".join(f"{proof} {count}" for proof, count in rows["proof"].value_counts().items())
    print(f"how each opener was settled: {proofs}; {time.perf_counter() - start:.1f} s")
    return 0


def cmd_sweep(args) -> int:
    from .sweep import Task, run_sweep

    make_policy(args.policy)  # Task.make checks the name for evaluate only; a typo is a typo
    task = Task.make(args.task, args.policy, args.top_k, args.bound, args.depth, args.max_guesses)
    _file_to_write("--store", args.store)
    try:
        summary = run_sweep(
            task,
            args.store,
            read_openers(args.openers, "--openers"),
            args.modes,
            args.lists,
            scheduler=args.scheduler,
            workers=args.workers,
            progress=sys.stderr.isatty(),
        )
    except KeyboardInterrupt:
        print(
            f"wordlekit: interrupted; {args.store} keeps every row received: rerun the same "
            "command to resume",
            file=sys.stderr,
        )
        return 130
    print(f"sweep {task.kind} {task.parameters} into {args.store}: {summary.line()}")
    for (opener, mode, lists), message in summary.errors:
        print(f"  crashed: {opener} {mode} {lists}: {message}")
    if args.json:
        print(json.dumps(summary.to_dict(), sort_keys=True))
    return 1 if summary.crashed else 0


def _read_json(path: str):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as exc:
        raise WordlekitError(f"{path}: cannot read ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise WordlekitError(f"{path}: not valid JSON ({exc.msg}, line {exc.lineno})") from None


@contextlib.contextmanager
def _solver_progress(solver: Solver, opener: str, show: bool):
    """A bar for ``optimal`` on a terminal: the buckets after the opener valued (largest
    first) of those there are, the TOTAL proved so far, and the states expanded, the last
    redrawn every second (the largest bucket alone can take minutes). Yields the callback for
    ``Solver.opener_total``, or None (no bar) when ``show`` is false."""
    if not show:
        yield None
        return
    bar = progress_bar(
        total=None,
        desc=f"optimal from {opener}",
        unit="bucket",
        file=sys.stderr,
        leave=False,
        bar_format="{desc}: {n_fmt}/{total_fmt} buckets valued{postfix} [{elapsed}]",
    )
    proved = ["?"]
    stop = threading.Event()

    def redraw():
        bar.set_postfix_str(
            f"TOTAL at least {proved[0]}, {solver.nodes:,} states expanded", refresh=True
        )

    def report(valued: int, buckets: int, at_least: int) -> None:
        proved[0] = f"{at_least:,}"
        bar.total = buckets
        bar.n = valued
        redraw()

    def tick():
        while not stop.wait(1.0):
            redraw()

    ticker = threading.Thread(target=tick, daemon=True)
    redraw()
    ticker.start()
    try:
        yield report
    finally:
        stop.set()
        ticker.join()
        bar.close()


def cmd_optimal(args) -> int:
    game = _game(args)
    answers = game.answers
    prior = _prior(args, answers)
    opener = None if args.opener is None else game.guess_index(args.opener, role="opener")
    args.breadth = _at_most("--breadth", args.breadth, len(game.guesses), "the number of guesses")
    _file_to_write("--tree", args.tree)
    start = time.perf_counter()
    warm_up_solver(game, prior)
    compile_seconds = time.perf_counter() - start
    solver = Solver(game, args.max_guesses, breadth=args.breadth, prior=prior)
    start = time.perf_counter()
    if opener is None:
        total, opener = best_opener(solver)
        args.opener = game.guesses[opener]
    else:
        show = sys.stderr.isatty() and not args.json
        with _solver_progress(solver, args.opener, show) as report:
            total = solver.opener_total(opener, progress=report)
    seconds = time.perf_counter() - start
    solved = feasible(total)
    what = "optimal" if args.breadth is None else f"ApMinTotal (breadth {args.breadth})"
    mass = len(answers) if prior is None else prior.mass()
    if solved:
        cap = "no cap" if args.max_guesses is None else f"at most {args.max_guesses} guesses"
        if prior is None:
            print(
                f"{what} from {args.opener}, {args.mode} mode, {cap}: "
                f"TOTAL {total}, average {total / mass:.4f}"
            )
        else:
            print(
                f"{what} under the {prior.name} prior from {args.opener}, {args.mode} mode, "
                f"{cap}: expected guesses {total / mass:.4f} (weighted total {total})"
            )
    else:
        print(
            f"infeasible: no strategy from {args.opener} solves every answer within "
            f"{args.max_guesses} guesses in {args.mode} mode"
        )
    print(f"  {seconds:.2f} s, {solver.nodes} states expanded")
    if args.tree and solved:
        with open(args.tree, "w", encoding="utf-8") as f:
            json.dump(optimal_tree(solver, opener), f, indent=1, sort_keys=True)
            f.write("\n")
        print(f"  tree written to {args.tree}")
    if args.json:
        print(
            json.dumps(
                {
                    "opener": args.opener,
                    "mode": args.mode,
                    "max_guesses": args.max_guesses,
                    "answers": len(answers),
                    "total": total if solved else "infeasible",
                    "mean": round(total / mass, 6) if solved else None,
                    "prior": None if prior is None else prior.name,
                    "breadth": args.breadth,
                    "nodes": solver.nodes,
                    "seconds": round(seconds, 4),
                    "compile_seconds": round(compile_seconds, 4),
                },
                sort_keys=True,
            )
        )
    return 0


def cmd_hint(args) -> int:
    from .hint import hint, parse_history

    game = _game(args)
    guesses, answers = game.guesses, game.answers
    prior = _prior(args, answers)
    policy = make_policy(args.policy, prior=prior)
    history = parse_history(args.history, game.length, game.answering)
    show = sys.stderr.isatty() and not args.json
    result = hint(game, policy, history, args.suggestions, prior, progress=show)
    n = len(result.candidates)
    shown = ", ".join(result.candidates[:10]) + (", ..." if n > 10 else "")
    print(
        f"{n} candidate{'s' if n != 1 else ''} left ({args.mode} mode, {_lists_name(args)}: "
        f"{len(guesses)} guesses, {len(answers)} answers): {shown}"
    )
    # The column ranks guesses by what follows if the policy plays every later guess; the
    # policy picks its own guess by its own estimate (a rollout lets its base heuristic play
    # on), so its pick need not be first here: the header and the note say which is which.
    print(
        f"best next guesses: expected guesses still needed (this one included) if {policy.name} "
        "plays every later guess"
    )
    print(f"  {'guess':<{game.length}}  expected")
    for word, expected, candidate in result.suggestions:
        notes = (
            [f"{policy.name} plays this now, by its own estimate"] if word == result.choice else []
        ) + ([] if candidate else ["cannot be the answer"])
        print(f"  {word}  {expected:8.4f}" + (f"  ({'; '.join(notes)})" if notes else ""))
    if args.json:
        print(json.dumps(result.to_dict(), sort_keys=True))
    return 0


_TILE_COLOURS = {"g": "\033[1;97;42m", "y": "\033[1;30;43m", "b": "\033[1;97;100m"}


def _tiles(word: str, tiles: str, colour: bool) -> str:
    if not colour:
        return f"{word}  {tiles}"
    return "".join(f"{_TILE_COLOURS[t]} {ch.upper()} \033[0m" for ch, t in zip(word, tiles))


def cmd_play(args) -> int:
    import random

    from .hint import hint
    from .session import PlaySession

    game = _game(args)
    guesses, answers = game.guesses, game.answers
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    answer = answers[random.Random(seed).randrange(len(answers))]
    policy = make_policy(args.policy)  # checked even without --hints: a typo says so
    policy = policy if args.hints else None
    session = PlaySession(game, answer)
    colour = sys.stdout.isatty() and game.answering.letters  # pegs print as text (2B1W)
    print(
        f"wordlekit play: {_lists_name(args)}, {len(answers)} possible answers, "
        f"{len(guesses)} allowed guesses, {args.mode} mode, seed {seed}. "
        "Type a guess per line (end of input gives up)."
    )
    while not session.over:
        print(f"guess {len(session.history) + 1} of {MAX_GUESSES}: ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            break
        if not line.strip():
            continue
        try:
            tiles = session.submit(line)
        except WordlekitError as exc:
            print(f"  {exc}; try again")
            continue
        print(_tiles(session.history[-1][0], tiles, colour))
        if session.solved:
            print(f"solved in {len(session.history)}")
            return 0
        if policy is not None and len(session.history) < MAX_GUESSES:
            best = hint(game, policy, session.history, 1).suggestions[0]
            print(f"  hint: {best[0]} (expected {best[1]:.2f} more guesses, this one included)")
    print(f"the answer was {answer}")
    return 0


def _one_line(message: str) -> str:
    """``message`` on one line: a bad value quoted in it may hold a newline or another line
    break (``--lists $'\\x85'``); those are shown escaped, as repr shows them."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, so that the cleanup a Ctrl-C runs (a sweep's
    store closed with every row received, a Dask cluster shut down) runs for it too."""


#: Set by SIGTERM: a command that caught the interruption itself (a sweep, which says how to
#: resume) returns 130, and main turns that into 143, the shell's status for SIGTERM.
_signalled = threading.Event()


def _terminate(signum, frame):
    _signalled.set()
    raise Terminated


def _quiet_stdout() -> None:
    """After a closed pipe (``wordlekit ... | head -1``): point stdout at /dev/null, so that
    Python's own flush at exit does not raise BrokenPipeError again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout without a file descriptor (a test's)
        pass


COMMANDS = {
    "evaluate": cmd_evaluate,
    "optimal": cmd_optimal,
    "reproduce": cmd_reproduce,
    "verify": cmd_verify,
    "hint": cmd_hint,
    "play": cmd_play,
    "sweep": cmd_sweep,
    "top-openers": cmd_top_openers,
}


def main(argv=None) -> int:
    """Run one command; its exit status: 0, 1 (a sweep with crashed tasks, a verify that found a
    difference), 2 (bad input, one line), 130 (Ctrl-C), 143 (SIGTERM), 0 for a closed pipe."""
    previous = None
    _signalled.clear()
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        args = build_parser().parse_args(argv)
        status = COMMANDS[args.command](args)
        return 143 if status == 130 and _signalled.is_set() else status
    except WordlekitError as exc:
        print(f"wordlekit: error: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except Terminated:
        print("wordlekit: terminated", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print("wordlekit: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
