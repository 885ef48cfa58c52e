"""The command line's grammar: every subcommand, its options and their help (argparse).

What each option means lives here once; the numbers' ranges and types are in ``options``, the
checks that need the word lists or the files in ``inputs``, and what each command does in its
own module (``exact``, ``play``, ``sweeps``, ``notebooks``).
"""

from __future__ import annotations

import argparse

from ..errors import WordlekitError
from ..game import MAX_GUESSES, MODES
from ..policies import POLICIES
from ..rollout import DEFAULT_TOP_K
from ..trees import DOT_DEPTH, FORMATS
from ..version import package_version
from ..words import LISTS
from .options import (
    MAX_CAP,
    MAX_DEPTH,
    MAX_GAMES,
    MAX_JOBS,
    MAX_SEED,
    MAX_SUGGESTIONS,
    MAX_TOTAL,
    MAX_WORKERS,
    boards,
    cap,
    count,
    positive_float,
    threads,
    whole,
)

#: What ``wordlekit --help`` says first: plain text, as a terminal shows it (no reST markup).
DESCRIPTION = (
    "Wordle as a POMDP: evaluate a policy exactly, prove optima, get hints, play, sweep "
    "openers, reproduce the papers' tables. `wordlekit COMMAND --help` for a command's options."
)


class Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line and status 2."""

    def error(self, message):
        raise WordlekitError(message)

    def _get_values(self, action, arg_strings):
        # Python 3.11's argparse drops a '--' given as an option's value (--top-k=--) and
        # hands the command an empty list, never calling the option's type: refuse it here.
        if action.option_strings and action.nargs is None and arg_strings == ["--"]:
            self.error(f"argument {'/'.join(action.option_strings)}: expected a value, got '--'")
        return super()._get_values(action, arg_strings)


def _add_lists(sub, several: bool = False) -> None:
    """--lists, --guesses and --answers (``several``: sweep's --lists takes names with commas)."""
    sub.add_argument(
        "--lists",
        metavar="NAME,..." if several else "NAME",
        help=f"named word lists, {'some' if several else 'one'} of {', '.join(LISTS)}"
        f"{' separated by commas' if several else ''} (default original: "
        "12,972 guesses, 2,315 answers; nyt-2022: 14,855 / 2,309; nyt-2023: "
        "14,855 / 3,158)",
    )
    sub.add_argument("--guesses", metavar="FILE", help="allowed guesses, one per line")
    sub.add_argument("--answers", metavar="FILE", help="possible answers, one per line")


def _add_game(sub) -> None:
    sub.add_argument(
        "--game",
        metavar="NAME",
        help="a generated game instead of word lists: primel, nerdle, mininerdle, "
        "mastermind (4 pegs, 6 colours), mastermind-P-C, bulls-and-cows; absurdle (optimal, "
        "play: qntm's adversary on --lists)",
    )


def _add_openers(sub) -> None:
    """--openers of sweep and top-openers (read by ``words.read_openers``)."""
    sub.add_argument(
        "--openers",
        default="all",
        metavar="O",
        help="all (default), a FILE of words, or words separated by commas",
    )


def _add_policy(sub, default: str, use: str = "", given: bool = False) -> None:
    """--policy of evaluate, hint, play and sweep; ``use`` says what it is for, if not all.
    ``given``: the default is left as None, so the command can tell whether it was asked for
    (``evaluate`` refuses it beside --tree)."""
    sub.add_argument(
        "--policy",
        default=None if given else default,
        metavar="P",
        help=f"{use}one of {', '.join(POLICIES)} (default {default})",
    )


def _add_tree_format(sub) -> None:
    """--tree-format and --tree-depth of the commands that write a decision tree."""
    sub.add_argument(
        "--tree-format",
        choices=FORMATS,
        default="json",
        help="json (default: nested guess/next objects), lines (one line per answer, the "
        "community's .tree format) or dot (Graphviz, the top levels)",
    )
    sub.add_argument(
        "--tree-depth",
        type=whole(1, MAX_DEPTH),
        default=DOT_DEPTH,
        metavar="D",
        help=f"dot: draw the first D guesses (default {DOT_DEPTH})",
    )


def _add_objective(sub) -> None:
    """--objective of optimal (checked by ``optimal.objectives.objective_name``)."""
    sub.add_argument(
        "--objective",
        metavar="O",
        help="what is minimised: mean (the TOTAL; the default), worst (the fewest guesses "
        "that guarantee a win, with a strategy; absurdle's only one), mean-then-worst (the "
        "least worst case among the mean's optima) or worst-then-mean (the least TOTAL among "
        "the worst case's optima)",
    )


def _add_max_guesses(sub, use: str = "") -> None:
    """--max-guesses of sweep and top-openers: a whole number (``optimal``'s may be "none")."""
    sub.add_argument(
        "--max-guesses",
        type=whole(1, MAX_CAP),
        default=MAX_GUESSES,
        metavar="G",
        help=f"{use}every answer within G guesses (default {MAX_GUESSES})",
    )


def _add_json(sub, keys: str) -> None:
    """--json of the commands that end with a line of JSON, whose ``keys`` the help names."""
    sub.add_argument("--json", action="store_true", help=f"end with one line of JSON: {keys}")


def _add_cluster(parser) -> None:
    parser.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="an existing Dask scheduler (default: a local cluster)",
    )
    parser.add_argument(
        "--workers",
        type=whole(1, MAX_WORKERS),
        metavar="N",
        help="local cluster: N worker processes (default: one per core)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="wordlekit", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"wordlekit {package_version()}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    ev = _evaluate(commands)
    opt = _optimal(commands)
    hi = _hint(commands)
    pl = _play(commands)
    _add_game_options(ev, opt, hi, pl)
    _review(commands)
    _sweep(commands)
    _top_openers(commands)
    _reproduce(commands)
    _verify(commands)
    _cache(commands)
    return parser


def _evaluate(commands) -> argparse.ArgumentParser:
    """The ``evaluate`` command."""
    ev = commands.add_parser(
        "evaluate",
        help="play a policy against every answer, exactly",
        description="Play a policy from a fixed opener against every answer and report "
        "TOTAL, average, distribution of guesses, worst case and games unfinished (not solved "
        "within the cap, --max-guesses, six by default). A guess the mode forbids is an error.",
    )
    ev.add_argument(
        "--opener",
        help="first guess, e.g. salet, or auto: the policy's own first choice (required "
        "unless --tree)",
    )
    _add_policy(ev, "mig", given=True)
    ev.add_argument(
        "--top-k",
        type=count,
        metavar="K",
        help=f"rollout shortlist size (default {DEFAULT_TOP_K})",
    )
    ev.add_argument(
        "--tree",
        metavar="FILE",
        help="replay a decision tree instead of a policy (not with --policy or --top-k): JSON "
        "from `--tree-out` or `wordlekit optimal --tree`, or a .tree file of one line per answer",
    )
    ev.add_argument(
        "--tree-out",
        metavar="FILE",
        help="write the decision tree played (the policy's or --tree's) in --tree-format",
    )
    _add_tree_format(ev)
    ev.add_argument(
        "--max-guesses",
        type=whole(1, MAX_CAP),
        metavar="G",
        help=f"the cap: a game not solved within G guesses is unfinished (default {MAX_GUESSES}, "
        "the NYT game's; N + 5 on N boards; Bulls and Cows 7, Mastermind often 8-10)",
    )
    ev.add_argument(
        "--games",
        type=whole(1, MAX_GAMES),
        metavar="K",
        help="--boards: play K games against secrets drawn uniformly (seeded by --seed) "
        "instead of every secret exactly; the mean with its 95%% confidence interval",
    )
    ev.add_argument(
        "--seed",
        type=whole(0, MAX_SEED),
        default=0,
        metavar="S",
        help="--games: the seed of the secrets drawn (default 0)",
    )
    ev.add_argument(
        "--per-answer",
        metavar="FILE",
        help="also write each answer's number of guesses to FILE (CSV: answer,guesses, in the "
        "order of the answer list), for paired comparisons",
    )
    _add_json(
        ev,
        "total, mean, distribution (games solved in k guesses), worst (most guesses), "
        "unfinished (games over max_guesses), max_guesses (the cap), seconds, compile_seconds",
    )
    return ev


def _optimal(commands) -> argparse.ArgumentParser:
    """The ``optimal`` command."""
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
        type=cap,
        default=MAX_GUESSES,
        metavar="G",
        help=f'every answer within G guesses (default {MAX_GUESSES}; "none": no cap, '
        "Cunanan & Thielscher's MinTotal)",
    )
    opt.add_argument(
        "--breadth",
        type=count,
        metavar="N",
        help="only the N best guesses by (MostParts, InSet, ExpSizeSplit) at every "
        "state: Cunanan & Thielscher's ApMinTotal, an upper bound",
    )
    opt.add_argument(
        "--tree", metavar="FILE", help="write the optimal decision tree in --tree-format"
    )
    _add_objective(opt)
    _add_tree_format(opt)
    _add_json(
        opt,
        "opener (null if no opener is feasible), opener_proved_best (no --opener given), total "
        '(or "infeasible"), mean, worst (the tree\'s, walked unless mean without --tree), '
        "objective, seconds, nodes; other objectives: mean_optimum_total, totals_by_cap, "
        "strategy (the tree); absurdle: guesses, line, impossible",
    )
    return opt


def _hint(commands) -> argparse.ArgumentParser:
    """The ``hint`` command."""
    hi = commands.add_parser(
        "hint",
        help="candidates left and the best next guesses, from a game's history",
        description="Replay GUESS:FEEDBACK entries (feedback: g green, y yellow, b or - grey; "
        "or 2/1/0) and suggest the next guess, with the expected number of guesses "
        "still needed (this one included) if the policy plays on.",
    )
    hi.add_argument("history", nargs="*", metavar="GUESS:FEEDBACK", help="e.g. salet:bybbb")
    _add_policy(hi, "rollout-mig", "optimal (exact play: states of a few hundred candidates), or ")
    hi.add_argument(
        "--suggestions",
        type=whole(1, MAX_SUGGESTIONS),
        default=5,
        metavar="N",
        help="how many guesses to suggest (default 5)",
    )
    _add_json(
        hi,
        "candidates (a count), some_candidates, choice, "
        "suggestions [{guess, expected_guesses, candidate, chance_within_cap}], max_guesses",
    )
    return hi


def _play(commands) -> argparse.ArgumentParser:
    """The ``play`` command."""
    pl = commands.add_parser(
        "play",
        help="play a game in the terminal against a hidden answer",
        description="Type a guess per line; the feedback comes back as coloured tiles (g/y/b "
        "letters when not on a terminal). Six guesses, as in the NYT game.",
    )
    day = pl.add_mutually_exclusive_group()
    day.add_argument(
        "--seed", type=whole(0, MAX_SEED), metavar="S", help="choose the answer reproducibly"
    )
    day.add_argument(
        "--answer", metavar="WORD", help="play against this answer (replay a given day's game)"
    )
    pl.add_argument(
        "--hints", action="store_true", help="show the policy's suggestion after each guess"
    )
    _add_policy(pl, "rollout-mig", "policy for --hints, ")
    return pl


def _review(commands) -> None:
    """The ``review`` command: a played game's skill and luck, move by move (``review``)."""
    rv = commands.add_parser(
        "review",
        help="a played game reviewed: each guess's inaccuracy and each feedback's luck, exactly",
        description="Each guess's expected guesses still needed with it and with the best "
        "guess (exact, within the cap), their difference (the inaccuracy), the best guesses, "
        "the candidates left and the chance of the feedback; each feedback's luck (expected "
        "guesses before it minus after it), as alex1770/wordle's -A defines them.",
    )
    rv.add_argument(
        "history",
        nargs="*",
        metavar="GAME",
        help="GUESS:FEEDBACK entries (salet:bbbyb drone:ybbbg), or one string salet.bbbyb."
        "drone.ybbbg, or the words alone salet.drone.cigar (the last is the answer)",
    )
    rv.add_argument(
        "--batch",
        metavar="FILE.jsonl",
        help='review many games: one JSON object a line, {"answer": "cigar", "guesses": '
        '["salet", "drone", "cigar"]}; prints one JSON line per game, then a summary',
    )
    rv.add_argument(
        "--baseline",
        metavar="P",
        help="also show what policy P would have played at each state and its cost; one of "
        f"{', '.join(POLICIES)}",
    )
    rv.add_argument(
        "--best",
        type=whole(1, MAX_SUGGESTIONS),
        default=1,
        metavar="N",
        help="list the guesses as good as the best among the N best (default 1: the solver's "
        "best only; more values N guesses exactly at each state of a few hundred candidates, "
        "seconds each)",
    )
    rv.add_argument(
        "--threads", type=threads, metavar="N", help="numba's threads (default: every core)"
    )
    rv.add_argument(
        "--mode", default="easy", metavar="M", help=f"one of {', '.join(MODES)} (default easy)"
    )
    _add_lists(rv)
    _add_game(rv)
    _add_json(rv, "moves [{guess, feedback, expected_guesses, inaccuracy, luck, ...}], totals")


def _add_game_options(ev, opt, hi, pl) -> None:
    """The options the commands that play a game share: --boards, --threads, --mode, the
    lists or --game; --prior on evaluate, optimal and hint."""
    for sub in (ev, opt, hi, pl):
        sub.add_argument(
            "--boards",
            type=boards,
            metavar="N",
            help="play N boards at once, each hiding a distinct answer: 1 to 64, or dordle (2), "
            "quordle (4), octordle (8), sedecordle (16); easy mode, N + 5 guesses "
            "(default 1: Wordle)",
        )
    for sub in (ev, opt, hi, pl):
        sub.add_argument(
            "--threads",
            type=threads,
            metavar="N",
            help="numba's parallel kernels on N threads, 1 to the cores here (default: every "
            "core; a loaded machine slows them, docs/performance.md)",
        )
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
            type=positive_float,
            metavar="X",
            help="weight of an answer the prior lacks (norvig: default 12711, the "
            "corpus's smallest count; FILE: default none, an error)",
        )


def _sweep(commands) -> argparse.ArgumentParser:
    """The ``sweep`` command."""
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
    _add_openers(sw)
    sw.add_argument(
        "--modes",
        default="easy",
        metavar="M,...",
        help=f"modes separated by commas, of {', '.join(MODES)} (default easy)",
    )
    _add_lists(sw, several=True)
    _add_game(sw)
    _add_policy(sw, "mig", "evaluate: ")
    sw.add_argument(
        "--top-k",
        type=count,
        default=DEFAULT_TOP_K,
        metavar="K",
        help=f"evaluate: rollout shortlist size (default {DEFAULT_TOP_K})",
    )
    sw.add_argument(
        "--bound",
        type=whole(1, MAX_TOTAL),
        metavar="B",
        help="cutoff: the cutoff B (required); lower-bound: stop at B",
    )
    sw.add_argument(
        "--depth",
        type=whole(1, MAX_DEPTH),
        default=2,
        metavar="I",
        help="lower-bound: the i of V_i (default 2)",
    )
    _add_max_guesses(sw, "evaluate: games over G unfinished; optimal, cutoff: ")
    _add_cluster(sw)
    _add_json(sw, "done, pruned, skipped, crashed, seconds, workers, tasks_per_second")
    return sw


def _top_openers(commands) -> argparse.ArgumentParser:
    """The ``top-openers`` command."""
    top = commands.add_parser(
        "top-openers",
        help="the k openers with the smallest optimum, proved (bounds, cutoff)",
        description="Prove which openers have the k smallest exact optima: solve a few exactly, "
        "rule the others out with Cunanan & Thielscher's lower bounds V_i and the "
        "cutoff search, each stage a resumable sweep on Dask (stores in --store-dir).",
    )
    top.add_argument(
        "--k",
        type=count,
        default=10,
        metavar="K",
        help="how many best openers to prove (default 10)",
    )
    _add_openers(top)
    top.add_argument("--mode", default="easy", choices=MODES, help="game mode (default easy)")
    _add_lists(top)
    _add_game(top)
    _add_max_guesses(top)
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
    _add_cluster(top)
    return top


def _reproduce(commands) -> argparse.ArgumentParser:
    """The ``reproduce`` command."""
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
        type=whole(1, MAX_JOBS),
        default=1,
        metavar="N",
        help="execute N notebooks at a time, the cores shared out among them "
        "(default 1; make reproduce uses 2). The files written are the same",
    )
    return rep


def _verify(commands) -> argparse.ArgumentParser:
    """The ``verify`` command."""
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
    return ver


def _cache(commands) -> argparse.ArgumentParser:
    """The ``cache`` command."""
    cache = commands.add_parser(
        "cache",
        help="the cache folder: pattern matrices and numba's kernels, their size",
        description="Show the cache folder (WORDLEKIT_CACHE, else the user's cache folder) and "
        "the size of what wordlekit keeps there; both only save time.",
    )
    cache.add_argument(
        "--clear",
        action="store_true",
        help="delete them (refused if the folder holds files wordlekit did not write)",
    )
    return cache
