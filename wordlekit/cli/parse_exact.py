"""The grammar of the exact commands (``cli/exact``, ``cli/within``): evaluate, optimal and
within."""

from __future__ import annotations

import argparse

from ..game import MAX_GUESSES
from ..rollout import DEFAULT_TOP_K
from .arguments import add_json, add_objective, add_openers, add_policy, add_tree_format
from .options import MAX_CAP, MAX_GAMES, MAX_SEED, cap, count, positive_float, whole


def add_evaluate(commands) -> argparse.ArgumentParser:
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
    add_policy(ev, "mig", given=True)
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
    add_tree_format(ev)
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
    add_json(
        ev,
        "total, mean, distribution (games solved in k guesses), worst (most guesses), "
        "unfinished (games over max_guesses), max_guesses (the cap), seconds, compile_seconds",
    )
    return ev


def add_optimal(commands) -> argparse.ArgumentParser:
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
    add_objective(opt)
    add_tree_format(opt)
    add_json(
        opt,
        "opener (null if no opener is feasible), opener_proved_best (no --opener given), total "
        '(or "infeasible"), mean, worst (the tree\'s, walked unless mean without --tree), '
        "objective, seconds, nodes; other objectives: mean_optimum_total, totals_by_cap, "
        "strategy (the tree); absurdle: guesses, line, impossible",
    )
    return opt


def add_within(commands) -> argparse.ArgumentParser:
    """The ``within`` command: the worst case's feasibility search (``optimal.minimax``)."""
    wi = commands.add_parser(
        "within",
        help="whether every answer is found within D guesses, per opener (minimax, proved)",
        description="Prove, for each opener, whether some strategy finds every answer within "
        "D guesses (the opener counted), or refute it: the worst case alone, no mean "
        "(optimal.minimax, stopping at the first guess that works and the first part that "
        "fails). Without --openers, whether any first guess does, and which.",
    )
    wi.add_argument(
        "d",
        type=whole(1, MAX_CAP),
        metavar="D",
        help="the guesses allowed, the opener counted (a whole number >= 1)",
    )
    add_openers(wi, default=None, use="the openers to check: ")
    wi.add_argument(
        "--sample",
        type=count,
        metavar="K",
        help="check K of the openers, drawn without replacement (--seed), in list order",
    )
    wi.add_argument(
        "--seed",
        type=whole(0, MAX_SEED),
        default=0,
        metavar="S",
        help="--sample: the seed of the draw (default 0)",
    )
    wi.add_argument(
        "--seconds",
        type=positive_float,
        metavar="T",
        help="leave an opener undecided after T CPU seconds (default: no limit)",
    )
    wi.add_argument(
        "--tree",
        metavar="FILE",
        help="write the strategy that keeps every answer within D (one opener, or none given) "
        "in --tree-format; `wordlekit evaluate --tree FILE` replays it",
    )
    add_tree_format(wi)
    add_json(
        wi,
        "d, mode, answers, openers [{opener, within}] (null: undecided), within (how many), "
        "undecided, first (without --openers: the first guess found, or null), states, seconds",
    )
    return wi
