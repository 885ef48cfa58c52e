"""What one row of a sweep computes, on a Dask worker: the task kinds and their results.

- ``evaluate``: a policy's exact TOTAL from the opener (any policy name, with ``top_k``), and
  the games it leaves unfinished within ``max_guesses``;
- ``optimal``: the exact minimum TOTAL from the opener (``optimal.Solver``), or infeasible;
- ``cutoff``: the exact minimum TOTAL if it is below ``bound``, else the proof that it is at
  least ``bound`` (cheap: the branch and bound stops as soon as the bound is reached);
- ``lower-bound``: Cunanan & Thielscher's V_i(opener, S) for ``depth`` i, exact below
  ``bound`` (if given), else at least ``bound``, under the mode's rule (in hard mode the
  guesses of every state are the allowed ones, so the bound is the hard-mode one, at least the
  easy-mode V_i).

A result is the row the store keeps and a resume compares: ``relation`` (``=``, ``>=`` or
``infeasible``), ``result`` and ``details``. The game of a row is its ``Lists``: a named pair
of ``words.LISTS``, or any game's own lists (a user's files, Mastermind), named in the store by
their content.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

import numba
from distributed import get_worker

from ..bounds import LowerBounds
from ..branch_and_bound import NO_LIMIT
from ..buckets import compile_pruned_scan
from ..checks import whole_number
from ..errors import WordlekitError
from ..evaluation import evaluate
from ..game import MAX_GUESSES, Game
from ..optimal import Solver, feasible
from ..policies import POLICIES, make_policy, uses_top_k
from ..provenance import record
from ..warmup import tiny_game
from ..words import WordList, check_lists, named_lists

TASKS = ("evaluate", "optimal", "cutoff", "lower-bound")


@dataclass(frozen=True)
class Task:
    """What each row of a sweep computes: a task kind and its parameters.

    Attributes
    ----------
    kind : one of ``TASKS``
    policy, top_k : the policy of ``evaluate`` (``policies.make_policy``)
    bound : int or None
        ``cutoff``: the cutoff B (required); ``lower-bound``: optional budget.
    depth : int, the i of V_i (``lower-bound``)
    max_guesses : int
        The cap of ``optimal`` and ``cutoff`` (6 in the NYT game); of ``evaluate``, past which
        a game is ``unfinished`` (kept only if not 6, so the stores of six keep their task).
    """

    kind: str
    policy: str | None = None
    top_k: int | None = None
    bound: int | None = None
    depth: int | None = None
    max_guesses: int | None = None

    @classmethod
    def make(
        cls,
        kind: str,
        policy: str = "mig",
        top_k: int = 10,
        bound: int | None = None,
        depth: int = 2,
        max_guesses: int = MAX_GUESSES,
    ) -> Task:
        """The task with only the parameters its kind uses (so equal sweeps compare equal)."""
        if kind not in TASKS:
            raise WordlekitError(f"unknown task {kind!r}; expected one of {', '.join(TASKS)}")
        if kind == "evaluate":
            if policy not in POLICIES:
                raise WordlekitError(
                    f"unknown policy {policy!r}; expected one of {', '.join(POLICIES)}"
                )
            return cls(
                kind,
                policy=policy,
                top_k=top_k if uses_top_k(policy) else None,
                max_guesses=None if max_guesses == MAX_GUESSES else max_guesses,
            )
        if kind == "optimal":
            return cls(kind, max_guesses=max_guesses)
        if kind == "cutoff":
            if bound is None:
                raise WordlekitError("task cutoff needs --bound B (a whole number)")
            return cls(kind, bound=bound, max_guesses=max_guesses)
        whole_number(depth, "depth")
        return cls(kind, bound=bound, depth=depth)

    @property
    def parameters(self) -> dict:
        return {k: v for k, v in asdict(self).items() if k != "kind" and v is not None}


@dataclass(frozen=True, eq=False)
class Lists:
    """The game of a sweep's rows, and ``key``, what the store's ``lists`` column calls it.

    A named pair of ``words.LISTS`` is its name (its files are checked against their sha256 as
    they are read, so the name is the content). Any other game (``Lists.of(game)``: a user's
    word lists, a generated game such as Mastermind) carries its lists and answering function
    to the workers, and its key is its content: the answering function's name and the first 16
    hex digits of each list's ``WordList.sha256``. Rows of other lists, or of the same file
    edited, are kept apart in a store, never mixed; the same lists under another file name
    resume.
    """

    key: str
    guesses: WordList | None = None
    answers: WordList | None = None
    answering: object = None

    @classmethod
    def of(cls, lists) -> Lists:
        """``lists`` as a ``Lists``: a name of ``words.LISTS`` (checked), a ``Game`` (its lists
        and answering function; the mode is the row's) or a ``Lists`` (itself)."""
        if isinstance(lists, Lists):
            return lists
        if isinstance(lists, Game):
            g, a = lists.guesses, lists.answers
            key = f"{lists.answering.name} sha256 {g.sha256[:16]} {a.sha256[:16]}"
            return cls(key, g, a, lists.answering)
        return cls(check_lists(lists))

    def provenance(self) -> dict:
        """``provenance.record`` of these lists: the files of a named pair, read and checked as
        ``words.named_lists`` reads them, or the lists carried."""
        if self.guesses is None:
            return record(*named_lists(self.key))
        return record(self.guesses, self.answers)

    def game(self, mode: str = "easy") -> Game:
        """The game in ``mode`` (a mode its feedback does not support is one clear error)."""
        if self.guesses is None:
            return Game.from_lists(self.key, mode)
        return Game(self.guesses, self.answers, mode, self.answering)


#: Games, solvers and bounds of this process, by the lists' key (and mode, cap).
_PER_PROCESS: dict = {}
#: A solver's memo is dropped past this many states, so a worker's memory stays bounded over
#: thousands of openers (the memo only saves time: dropping it never changes a result).
MAX_MEMO_STATES = 3_000_000


def _game(lists: Lists, mode: str) -> Game:
    """The game of ``lists`` in ``mode``, one per process (modes share the pattern matrix)."""
    key = (lists.key, mode)
    if key not in _PER_PROCESS:
        base = _PER_PROCESS.get((lists.key, "easy")) or lists.game()
        _PER_PROCESS[(lists.key, "easy")] = base
        _PER_PROCESS[key] = base.with_mode(mode)
    return _PER_PROCESS[key]


def _cached(key, factory):
    """``factory()`` once per process and key; no key (a game the caller made): a new one."""
    if key is None:
        return factory()
    if key not in _PER_PROCESS:
        _PER_PROCESS[key] = factory()
    return _PER_PROCESS[key]


def compute(task: Task, opener: str, mode: str, lists, game: Game | None = None) -> dict:
    """One row's result: ``{"relation": "=" | ">=" | "infeasible", "result": int, "details"}``.

    ``relation`` "=" is an exact value, ">=" a proved lower bound (the cutoff was reached),
    "infeasible" that no strategy solves every answer within the cap. Solvers and bounds are
    kept per process and lists (a name of ``words.LISTS`` or a ``Lists``), so states shared by
    several openers are solved once (``game``: a game of the caller's instead of ``lists``,
    with solvers of its own).
    ``details`` of ``evaluate`` use the names of ``results`` (``unfinished``: answers not
    solved within the task's ``max_guesses``, six by default, games lost; not a crashed task).
    """
    key = None
    if game is None:
        lists = Lists.of(lists)
        key, game = (lists.key, mode), _game(lists, mode)
    index = game.guess_index(opener, role="opener")
    if task.kind == "evaluate":
        policy = make_policy(task.policy, task.top_k or 10)
        result = evaluate(game, policy, index, max_guesses=task.max_guesses or MAX_GUESSES)
        return {
            "relation": "=",
            "result": result.total,
            "details": {
                "mean": round(result.mean, 6),
                "worst": result.worst,
                "unfinished": result.unfinished,
            },
        }
    if task.kind in ("optimal", "cutoff"):
        solver = _cached(
            key and ("solver", *key, task.max_guesses), lambda: Solver(game, task.max_guesses)
        )
        if len(solver.memo.exact) + len(solver.memo.lower) > MAX_MEMO_STATES:
            solver.memo = type(solver.memo)()
        total = solver.opener_total(index, task.bound)
        if not feasible(total):
            return {"relation": "infeasible", "result": None, "details": {}}
        exact = task.bound is None or total < task.bound
        return {"relation": "=" if exact else ">=", "result": int(total), "details": {}}
    bounds = _cached(key and ("bounds", *key), lambda: LowerBounds(game))
    root = bounds.game.initial_state()
    budget = task.bound if task.bound is not None else NO_LIMIT
    value = bounds.v(task.depth, root, index, budget)
    return {"relation": "=" if value < budget else ">=", "result": int(value), "details": {}}


def single_threaded() -> None:
    """Run numba's parallel kernels on one thread in this thread (a worker's task thread): one
    single-threaded worker per core, so that N workers divide the time of a sweep."""
    numba.set_num_threads(1)


def run_task(task: Task, opener: str, mode: str, lists) -> dict:
    """What a worker runs: ``compute`` plus the seconds it took and which worker it was."""
    single_threaded()
    start = time.perf_counter()
    out = compute(task, opener, mode, lists)
    out["seconds"] = time.perf_counter() - start
    try:
        out["worker"] = str(get_worker().address)
    except ValueError:  # not on a Dask worker (e.g. called directly)
        out["worker"] = "local"
    return out


def warm_up_task(task: Task, games) -> None:
    """Compile every kernel the task uses (or load numba's cache) on a tiny game cut from each
    of ``games`` (their lists, answering function and mode), in this process: the driver does
    it before fanning out, so that the workers load numba's cache instead of racing to write
    it."""
    for game in games:
        tiny = tiny_game(game)
        mode = game.mode
        compute(
            task if task.kind != "cutoff" else Task("optimal", max_guesses=task.max_guesses),
            tiny.guesses[0],
            mode,
            "tiny",
            tiny,
        )
        if task.kind == "cutoff":
            compute(Task("lower-bound", depth=1), tiny.guesses[0], mode, "tiny", tiny)
        if task.kind == "lower-bound":
            # the large sets' pruned MaxSplits, out of a tiny game's reach
            compile_pruned_scan(tiny)
    _PER_PROCESS.clear()
