"""``wordlekit evaluate`` and ``wordlekit optimal``: a policy played against every answer, and
the minimum TOTAL proved by branch and bound. Each checks its input and calls the library."""

from __future__ import annotations

import contextlib
import sys
import time

from ..equivalence import proved_best_opener
from ..errors import WordlekitError
from ..evaluation import evaluate
from ..game import MAX_GUESSES
from ..optimal import Solver, feasible, search_threads
from ..optimal.objectives import objective_name, optimize
from ..policies import make_policy, uses_top_k
from ..prior import Weights
from ..progress import bar as progress_bar
from ..progress import ticking
from ..results import INFEASIBLE_TOTAL, optimum_to_dict, run_to_dict
from ..trees import (
    optimal_paths,
    policy_paths,
    read_tree,
    tree_of_paths,
    tree_text,
)
from ..warmup import warm_up, warm_up_solver
from .adversary import is_absurdle, optimal_absurdle
from .inputs import (
    at_most,
    chosen_game,
    chosen_model,
    chosen_prior,
    file_to_write,
    print_json,
    read_text,
    shortlist_size,
    tree_output,
    write_results,
)
from .many import evaluate_boards, optimal_boards


def cmd_evaluate(args) -> int:
    given = [o for o, v in (("--policy", args.policy), ("--top-k", args.top_k)) if v is not None]
    if args.tree and given:
        raise WordlekitError(f"--tree and {given[0]}: choose one (a tree plays its own guesses)")
    if args.boards is not None and args.boards > 1:
        return evaluate_boards(args, chosen_model(args))
    if args.games is not None:
        raise WordlekitError("--games samples secrets of many boards: expected --boards N")
    args.max_guesses = MAX_GUESSES if args.max_guesses is None else args.max_guesses
    game = chosen_game(args)
    guesses, answers = game.guesses, game.answers
    prior = chosen_prior(args, answers)
    top_k = shortlist_size(args, guesses)
    name = "mig" if args.policy is None else args.policy  # an empty --policy= is no policy
    tree_output(game, "--tree-out", args.tree_out, args.tree_format)
    auto = args.opener is not None and args.opener.strip().lower() == "auto"
    if args.tree:
        policy = read_tree(game, read_text(args.tree), args.tree)
        if args.opener and not auto and args.opener != policy.opener:
            raise WordlekitError(
                f"opener {args.opener!r} differs from the tree's {policy.opener!r}"
            )
        args.opener, auto = policy.opener, False
    elif not args.opener:
        raise WordlekitError("the following arguments are required: --opener (or --tree)")
    else:
        policy = make_policy(name, top_k, prior)
    if not auto:
        game.guess_index(args.opener, role="opener")
    file_to_write("--per-answer", args.per_answer)
    start = time.perf_counter()
    warm_up(game, name, weighted=prior is not None)
    compile_seconds = time.perf_counter() - start
    start = time.perf_counter()
    result = evaluate(
        game,
        policy,
        None if auto else args.opener,
        progress=sys.stderr.isatty(),
        max_guesses=args.max_guesses,
    )
    seconds = time.perf_counter() - start
    chosen = " (the policy's own first choice)" if auto else ""
    print(
        f"{result.policy} from {result.opener}{chosen}, {result.mode} mode, "
        f"{len(answers)} answers, {len(guesses)} guesses"
    )
    print(
        f"  TOTAL {result.total}   average {result.mean:.4f}   worst {result.worst}   "
        f"unfinished (over {result.max_guesses} guesses) {result.unfinished}"
    )
    print("  guesses: " + "  ".join(f"{k}:{v}" for k, v in result.distribution.items()))
    if prior is not None:
        print(
            f"  under the {prior.name} prior: expected guesses "
            f"{prior.expected_guesses(result):.4f}   solved within {result.max_guesses} "
            f"{prior.solved_within(result, result.max_guesses):.4%}"
        )
    print(f"  {seconds:.2f} s (plus {compile_seconds:.2f} s compiling / loading kernels)")
    failed = write_results(
        (
            "--tree-out",
            args.tree_out,
            "tree",
            lambda: tree_text(
                game, policy_paths(game, policy, result.opener), args.tree_format, args.tree_depth
            ),
        ),
        ("--per-answer", args.per_answer, "guesses per answer", lambda: _per_answer(result)),
    )
    if args.json:
        summary = result.to_dict()
        if prior is not None:
            summary["prior"] = prior.name
            summary["expected_guesses"] = round(prior.expected_guesses(result), 6)
            summary["solved_within_six"] = round(prior.solved_within(result), 6)
            if result.max_guesses != MAX_GUESSES:
                within = prior.solved_within(result, result.max_guesses)
                summary["solved_within_max_guesses"] = round(within, 6)
        summary["top_k"] = top_k if uses_top_k(name) and not args.tree else None
        print_json({**summary, **run_to_dict(seconds, compile_seconds)}, game)
    if failed is not None:  # after the whole result: a full disk loses none of it
        raise failed
    return 0


def _per_answer(result) -> str:
    """answer,guesses per line, in the answer list's order: the same bytes for the same run."""
    rows = zip(result.answers, result.guesses_per_answer.tolist())
    return "answer,guesses\n" + "".join(f"{a},{g}\n" for a, g in rows)


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
        f"optimal from {opener}",
        unit="bucket",
        bar_format="{desc}: {n_fmt}/{total_fmt} buckets valued{postfix} [{elapsed}]",
    )
    proved = ["?"]

    def redraw():
        bar.set_postfix_str(
            f"TOTAL at least {proved[0]}, {solver.nodes:,} states expanded", refresh=True
        )

    def report(valued: int, buckets: int, at_least: int) -> None:
        proved[0] = f"{at_least:,}"
        bar.total = buckets
        bar.n = valued
        redraw()

    redraw()
    try:
        with ticking(redraw):
            yield report
    finally:
        bar.close()


def cmd_optimal(args) -> int:
    if is_absurdle(args):
        return optimal_absurdle(args)
    objective = objective_name("mean" if args.objective is None else args.objective)
    if objective != "mean":
        for option, given in (("--boards", (args.boards or 1) > 1), ("--breadth", args.breadth)):
            if given:
                raise WordlekitError(
                    f"--objective {objective} and {option}: the worst case is proved on one "
                    "board with every guess searched; expected --objective mean"
                )
    if args.boards is not None and args.boards > 1:
        return optimal_boards(args, chosen_model(args))
    game = chosen_game(args)
    answers = game.answers
    prior = chosen_prior(args, answers)
    opener = None if args.opener is None else game.guess_index(args.opener, role="opener")
    args.breadth = at_most("--breadth", args.breadth, len(game.guesses), "the number of guesses")
    tree_output(game, "--tree", args.tree, args.tree_format)
    start = time.perf_counter()
    warm_up_solver(game, prior)
    compile_seconds = time.perf_counter() - start
    cap_asked = len(answers) if args.max_guesses is None else args.max_guesses
    solvers: dict[int, Solver] = {}
    chosen = opener is None  # the best opener is searched for, and proved best
    show = sys.stderr.isatty() and not args.json

    def totals(d: int) -> tuple[int, int | None]:
        """The optimum within d guesses and its opener (one capped search)."""
        solver = solvers[d] = Solver(game, d, breadth=args.breadth, prior=prior)
        if chosen:
            return proved_best_opener(solver)
        with _solver_progress(solver, args.opener, show and objective == "mean") as report:
            return solver.opener_total(opener, progress=report), opener

    start = time.perf_counter()
    # --threads if given, else one thread for a small game (``optimal.threads``)
    with search_threads(game, args.threads):
        best = optimize(totals, objective, cap_asked)
    seconds = time.perf_counter() - start
    solver = solvers[best.cap]
    total, solved = best.total, best.feasible
    opener = best.opener if chosen else opener
    word = game.guesses[opener] if solved or not chosen else None
    what = "optimal" if args.breadth is None else f"ApMinTotal (breadth {args.breadth})"
    mass = Weights.of(game, prior).mass(game.initial_state().candidates)  # W(A)
    cap = "no cap" if args.max_guesses is None else f"at most {args.max_guesses} guesses"
    # The tree is walked only when it is shown: the mean's optimum alone needs no walk.
    walked = solved and (objective != "mean" or bool(args.tree))
    paths = optimal_paths(solver, opener) if walked else None
    worst = max(len(p) for p in paths.values()) if walked else None
    if chosen and solved:
        by = "" if args.breadth is None else f" by {what}"
        among = f"of all {len(game.guesses):,}"
        print(f"no --opener given: {word} is proved a best first guess{by} {among}")
    if solved:
        if objective != "mean":
            print(_objective_line(objective, worst, best, mass))
        if prior is None:
            print(
                f"{what} from {word}, {args.mode} mode, {cap}: "
                f"TOTAL {total}, average {total / mass:.4f}" + _worst_text(worst)
            )
        else:
            print(
                f"{what} under the {prior.name} prior from {word}, {args.mode} mode, "
                f"{cap}: expected guesses {total / mass:.4f} (weighted total {total})"
                + _worst_text(worst)
            )
    else:
        start_from = f"from {word}" if word else f"from any of the {len(game.guesses)} openers"
        print(
            f"infeasible: no strategy {start_from} solves every answer within "
            f"{args.max_guesses} guesses in {args.mode} mode"
        )
    nodes = sum(s.nodes for s in solvers.values())
    print(f"  {seconds:.2f} s, {nodes} states expanded")
    failed = write_results(
        (
            "--tree",
            args.tree if solved else None,
            "tree",
            lambda: tree_text(game, paths, args.tree_format, args.tree_depth),
        )
    )
    if args.json:
        extra = {}
        if objective != "mean":
            extra = {
                "mean_optimum_total": best.mean_total if feasible(best.mean_total) else None,
                "totals_by_cap": {
                    str(d): t if feasible(t) else INFEASIBLE_TOTAL for d, (t, _) in best.totals
                },
                "strategy": tree_of_paths(game, paths) if solved else None,
            }
        summary = optimum_to_dict(
            total,
            mass,
            args.max_guesses,
            solved,
            opener=word,
            opener_proved_best=chosen and solved,
            mode=args.mode,
            answers=len(answers),
            worst=worst,
            objective=objective,
            prior=None if prior is None else prior.name,
            breadth=args.breadth,
            nodes=nodes,
            **extra,
        )
        print_json({**summary, **run_to_dict(seconds, compile_seconds)}, game)
    if failed is not None:  # after the whole result, the JSON line too
        raise failed
    return 0


def _worst_text(worst: int | None) -> str:
    return "" if worst is None else f", worst {worst}"


def _objective_line(objective: str, worst: int, best, mass: int) -> str:
    """What the objective proved, in words: the least worst case, and the TOTAL given up."""
    given_up = best.total - best.mean_total
    if objective == "mean-then-worst":
        return (
            f"mean-then-worst: the mean's optimum, TOTAL {best.total}, is reached within "
            f"{worst} guesses at best (no strategy of that TOTAL solves every answer in fewer)"
        )
    return (
        f"{objective}: every answer within {worst} guesses is the least worst case (no strategy "
        f"guarantees {worst - 1}); its least TOTAL gives up {given_up} "
        f"({given_up / mass:.4f} a game) against the mean's optimum"
    )
