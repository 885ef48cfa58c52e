"""``evaluate --boards N`` and ``optimal --boards N``: a policy on many boards (Dordle, Quordle, ...), exactly over every
secret where they can be counted (``evaluation.count_guesses``), else over a seeded sample of
``--games`` secrets (``evaluation.play_games``), with a 95% confidence interval; and the exact optimum of small lists
(``exhaustive.Exhaustive``)."""

from __future__ import annotations

import math
import time

from ..boards import MAX_LISTED, Boards
from ..errors import WordlekitError
from ..evaluation import count_guesses, play_games
from ..exhaustive import INFEASIBLE, Exhaustive
from ..game import MAX_GUESSES
from ..lifted import boards_policy
from ..results import optimum_to_dict, run_to_dict
from ..warmup import warm_up
from .inputs import print_json, shortlist_size

#: The largest game ``evaluate --boards`` counts exactly without --games (Dordle on the
#: original lists has 5,356,910 secrets; Quordle 2.9e13).
EXACT_MAX = MAX_LISTED


def refuse_one_board_options(args) -> None:
    """Options of one-board Wordle that mean nothing on many boards: one line, status 2 (a
    --prior or another --mode is refused by ``inputs.chosen_model``, which builds the boards)."""
    for option in ("--tree", "--tree-out", "--per-answer"):
        if getattr(args, option[2:].replace("-", "_"), None):
            raise WordlekitError(f"{option} and --boards: {option} is for one board only")


def evaluate_boards(args, boards: Boards) -> int:
    refuse_one_board_options(args)
    game = boards.game
    name = "mig" if args.policy is None else args.policy
    top_k = shortlist_size(args, game.guesses)
    policy = boards_policy(name, top_k)
    if not args.opener:
        raise WordlekitError("the following arguments are required: --opener")
    game.guess_index(args.opener, role="opener")
    cap = boards.max_guesses if args.max_guesses is None else args.max_guesses
    if args.games is None and boards.n_secrets > EXACT_MAX:
        raise WordlekitError(
            f"{boards.name} on these lists has {boards.n_secrets:,} secrets, too many to count "
            f"exactly (at most {EXACT_MAX:,}); expected --games K, a sample"
        )
    start = time.perf_counter()
    warm_up(game, "mig")
    compile_seconds = time.perf_counter() - start
    start = time.perf_counter()
    if args.games is None:
        result = count_guesses(boards, policy, args.opener, cap)
        how = f"every one of {result.games:,} secrets, exactly"
        interval = None
    else:
        secrets = boards.sample_secrets(boards.initial_state(), args.games, args.seed)
        result = play_games(boards, policy, args.opener, secrets, cap)
        sample = result.guesses_per_answer
        half = 1.96 * sample.std(ddof=1) / math.sqrt(len(sample)) if len(sample) > 1 else math.nan
        interval = (result.mean - half, result.mean + half)
        how = f"{len(sample):,} secrets drawn uniformly (seed {args.seed})"
    seconds = time.perf_counter() - start
    games = sum(result.distribution.values())
    within = games - result.unfinished
    print(
        f"{policy.name} from {args.opener}, {boards.name} ({boards.n_boards} boards), "
        f"{len(game.answers)} answers, {len(game.guesses)} guesses: {how}"
    )
    ci = "" if interval is None else f" (95% CI {interval[0]:.4f} to {interval[1]:.4f})"
    print(
        f"  TOTAL {result.total}   average {result.mean:.4f}{ci}   worst {result.worst}   "
        f"solved within {cap} {within / games:.4%}"
    )
    print("  guesses: " + "  ".join(f"{k}:{v}" for k, v in result.distribution.items()))
    print(f"  {seconds:.2f} s (plus {compile_seconds:.2f} s compiling / loading kernels)")
    if args.json:
        summary = {
            "policy": policy.name,
            "boards": boards.n_boards,
            "game": boards.name,
            "opener": args.opener,
            "method": "exact" if args.games is None else "sample",
            "games": games,
            "seed": None if args.games is None else args.seed,
            "total": result.total,
            "mean": round(result.mean, 6),
            "ci95": None if interval is None else [round(x, 6) for x in interval],
            "distribution": {str(k): v for k, v in result.distribution.items()},
            "worst": result.worst,
            "unfinished": result.unfinished,
            "max_guesses": cap,
            "solved_within_max_guesses": round(within / games, 6),
            "top_k": top_k if name.startswith("rollout-") else None,
            **run_to_dict(seconds, compile_seconds),
        }
        print_json(summary, game)
    return 0


def optimal_boards(args, boards: Boards) -> int:
    """``optimal --boards N``: the least total over every strategy on N boards, proved by
    ``exhaustive.Exhaustive`` (small lists: Dordle of 50 answers takes minutes)."""
    refuse_one_board_options(args)
    if args.breadth is not None:
        raise WordlekitError("--breadth and --boards: --breadth is for one board only")
    game = boards.game
    cap = boards.max_guesses if args.max_guesses == MAX_GUESSES else args.max_guesses
    if args.opener is not None:
        game.guess_index(args.opener, role="opener")
    start = time.perf_counter()
    warm_up(game, "mig")
    compile_seconds = time.perf_counter() - start
    solver = Exhaustive(boards, max_guesses=cap)
    start = time.perf_counter()
    chosen = args.opener is None
    if chosen:
        total, first = solver.optimum()
    else:
        total, first = solver.opener_total(args.opener), game.guess_index(args.opener)
    seconds = time.perf_counter() - start
    solved = total < INFEASIBLE
    word = game.guesses[first] if solved or not chosen else None
    limit = "no cap" if cap is None else f"at most {cap} guesses"
    if chosen and solved:
        print(
            f"no --opener given: {word} is proved a best first guess of all {len(game.guesses):,}"
        )
    if solved:
        print(
            f"optimal from {word}, {boards.name} ({boards.n_boards} boards), {limit}: "
            f"TOTAL {total}, average {total / boards.n_secrets:.4f} over "
            f"{boards.n_secrets:,} secrets"
        )
    else:
        print(f"infeasible: no strategy solves every secret within {cap} guesses")
    print(f"  {seconds:.2f} s, {solver.nodes} states expanded")
    if args.json:
        summary = optimum_to_dict(
            total,
            boards.n_secrets,
            cap,
            solved,
            opener=word,
            opener_proved_best=chosen and solved,
            boards=boards.n_boards,
            game=boards.name,
            secrets=boards.n_secrets,
            nodes=solver.nodes,
        )
        print_json({**summary, **run_to_dict(seconds, compile_seconds)}, game)
    return 0
