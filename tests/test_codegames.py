"""Games with another answering function (issue 29): Mastermind and Bulls and Cows.

Expected values come from hand-worked cases, a plain-Python reference of the pegs, a plain
Python minimax over every strategy of tiny games, and the published anchors of
``wordlekit/data/reference/guessing_games_published.csv`` (Knuth 1976)."""

import functools
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from wordlekit import WordlekitError, paths
from wordlekit import branch_and_bound as bnb
from wordlekit.answering import Pegs
from wordlekit.avts import Search
from wordlekit.equivalence import opener_classes, proved_best_opener
from wordlekit.evaluation import evaluate
from wordlekit.game import Game
from wordlekit.games import CodeList, bulls_and_cows, game, mastermind
from wordlekit.optimal import Solver, feasible
from wordlekit.policies import make_policy


def reference_pegs(guess: str, secret: str) -> tuple[int, int]:
    """Black and white pegs the way a player counts them: black where both agree, white the
    colours in common over all positions (min of the counts) less the blacks."""
    black = sum(a == b for a, b in zip(guess, secret))
    common = sum((Counter(guess) & Counter(secret)).values())
    return black, common - black


def pegs(g, guess: str, secret: str) -> str:
    return g.format_feedback(int(g.patterns[g.guess_index(guess), g.answers.index(secret)]))


@pytest.mark.parametrize(
    ("guess", "secret", "expected"),
    [
        # positions 1 and 3 agree (1, 2); of the rest, guess 1 2 and secret 2 3 share one 2
        ("1122", "1223", "2B1W"),
        ("1234", "4321", "0B4W"),  # every colour present, none in place
        ("1122", "2211", "0B4W"),
        ("1111", "1222", "1B0W"),  # one 1 in place; the secret has no other 1
        ("1213", "3111", "1B2W"),  # the 1 of position 4 in place; a 1 and the 3 elsewhere
        ("6543", "6543", "4B0W"),
        ("3632", "1223", "0B2W"),  # Knuth's secret 3632: a 2 and a 3 shared, none in place
    ],
)
def test_mastermind_pegs_hand_worked(guess, secret, expected):
    assert pegs(game("mastermind"), guess, secret) == expected


def test_bulls_and_cows_hand_worked():
    g = bulls_and_cows()
    assert len(g.guesses) == len(g.answers) == 5040  # 10 * 9 * 8 * 7
    assert pegs(g, "1234", "1243") == "2B2W"  # 2 bulls (1, 2), 2 cows (3, 4)
    assert pegs(g, "0123", "4567") == "0B0W"
    assert pegs(g, "9876", "6789") == "0B4W"


@pytest.mark.parametrize("name", ["mastermind-3-4", "mastermind-2-5", "bulls-and-cows"])
def test_pegs_matrix_equals_the_reference_on_every_pair(name):
    g = game(name)
    words = list(g.guesses)
    if len(words) > 200:  # Bulls and Cows: every 25th code against every 25th
        words = words[::25]
    for guess in words:
        for secret in words:
            black, white = reference_pegs(guess, secret)
            assert pegs(g, guess, secret) == f"{black}B{white}W", (guess, secret)


def test_mastermind_sizes_and_solved_is_the_last_feedback():
    g = game("mastermind")
    assert len(g.guesses) == 1296 and "1122" in g.guesses
    assert g.format_feedback(g.solved) == "4B0W" and g.solved == g.n_patterns - 1
    assert np.all(np.diag(g.patterns) == g.solved)
    assert g.parse_feedback("2b1w") == g.parse_feedback(" 2B 1W ")


@pytest.mark.parametrize(
    ("name", "code", "says"),
    [
        ("mastermind", "112", "has 3 symbols; expected 4 colours of 1-6"),
        ("mastermind", "1127", "has colour '7'; expected 4 colours of 1-6"),
        ("mastermind-3-4", "0123"[:3], "has colour '0'; expected 3 colours of 1-4"),
        ("bulls-and-cows", "1123", "repeats digit '1'; expected 4 distinct digits of 0-9"),
        ("bulls-and-cows", "12345", "has 5 symbols"),
    ],
)
def test_a_bad_code_is_one_clear_error(name, code, says):
    with pytest.raises(WordlekitError, match=says):
        game(name).guess_index(code, role="opener")


@pytest.mark.parametrize(
    ("text", "expected"), [("mastermind-4-10", "1 to 9 colours"), ("mastermind-8-9", "codes")]
)
def test_a_bad_size_is_one_clear_error(text, expected):
    with pytest.raises(WordlekitError, match=expected):
        game(text)


def test_bad_feedback_and_hard_mode_are_clear_errors():
    g = game("mastermind")
    for text in ("5B0W", "3B1W", "2B", "gybbb"):
        with pytest.raises(WordlekitError, match="expected black and white pegs"):
            g.parse_feedback(text)
    with pytest.raises(WordlekitError, match="hard mode is the NYT rule on letters"):
        game("mastermind", "hard")


def test_cli_bad_code_is_one_line_and_status_2():
    done = subprocess.run(
        [sys.executable, "-m", "wordlekit", "evaluate", "--game", "mastermind", "--opener", "1127"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "wordlekit: error: opener '1127' has colour '7'; expected 4 colours of 1-6"
    ]


def test_strict_allows_exactly_the_candidates_when_every_code_is_a_secret():
    # G = S: a guess consistent with all feedback is exactly a candidate's code.
    g = game("mastermind-3-4", "strict")
    state = g.initial_state()
    for guess, secret in (("112", "231"), ("223", "231")):
        state = g.next_state(
            state, g.guess_index(guess), g.patterns[g.guess_index(guess), g.answers.index(secret)]
        )
        assert np.array_equal(state.allowed, np.sort(g.guess_of_answer[state.candidates]))
        split = g.split(state, int(state.allowed[0]))
        for b in range(len(split)):
            child = split.child(b)
            assert np.array_equal(child.allowed, np.sort(g.guess_of_answer[child.candidates]))


def brute_force_optimum(g, cap=None) -> tuple[int, dict]:
    """Minimum TOTAL over every strategy (plain Python minimax over all guesses at every
    set, no bound, no pruning), and the minimum from each opener."""
    codes = list(g.guesses)
    total, after = _minimax(tuple(codes))
    everything = frozenset(codes)
    limit = len(codes) if cap is None else cap
    per_opener = {o: after(everything, o, limit) for o in codes}
    return min(per_opener.values()), per_opener


def _minimax(codes: tuple):
    """(total(candidates, left), after(candidates, guess, left)): the brute force's minimax
    over every guess of ``codes``, the pegs of each pair computed once, when first needed."""
    feedback = functools.cache(reference_pegs)
    solved = (len(codes[0]), 0)

    @functools.cache
    def total(candidates: frozenset, left: int) -> float:
        if left == 0:
            return float("inf")
        best = float("inf")
        for guess in codes:
            best = min(best, after(candidates, guess, left))
        return best

    def after(candidates, guess, left):
        buckets: dict = {}
        for secret in candidates:
            buckets.setdefault(feedback(guess, secret), []).append(secret)
        if len(buckets) == 1 and guess not in candidates:
            return float("inf")  # no progress
        cost = len(candidates)
        for fb, bucket in buckets.items():
            if fb != solved:
                cost += total(frozenset(bucket), left - 1)
        return cost

    return total, after


def small_bulls_and_cows() -> Game:
    """Bulls and Cows on 3 distinct digits of 0-4 (60 codes): small enough for the brute force
    (a few seconds), with the distinct digits, the 9 feedbacks and the symmetries of the game."""
    answering = Pegs(3, "01234", distinct=True)
    codes = CodeList(answering.codes(), "bulls-3-5 codes")
    return Game(codes, codes, "easy", answering)


@functools.cache
def small_bulls_optima() -> dict:
    return brute_force_optimum(small_bulls_and_cows())[1]


def test_small_bulls_and_cows_optimum_equals_brute_force():
    # Every speed-up of the solver (symmetries, the floors BOUND(c, MaxSplits) of the sets
    # below a state) must leave every opener's optimum exact on a game with distinct digits.
    g = small_bulls_and_cows()
    per_opener = small_bulls_optima()
    solver = Solver(g, None)
    for opener, expected in per_opener.items():
        assert solver.opener_total(g.guess_index(opener)) == expected, opener
    assert proved_best_opener(Solver(g, None))[0] == min(per_opener.values())


@pytest.mark.parametrize("small", [small_bulls_and_cows, lambda: game("mastermind-3-3")])
def test_every_value_and_bound_the_solver_proves_holds_by_brute_force(small):
    # The solver memoises exact values and lower bounds (a search stopped at its budget, the
    # floors BOUND(c, MaxSplits) of a set below a state): each must hold for its set. Stronger
    # than the optimum alone, which a bound slightly too high can leave unchanged.
    g = small()
    solver = Solver(g, None)
    for opener in opener_classes(g).tolist():
        # first on a budget (the search stops with bounds), then exactly
        solver.opener_total(opener, Solver(g, None).opener_total(opener) - 1)
        solver.opener_total(opener)
    total, _ = _minimax(tuple(g.guesses))

    def brute(key):
        candidates = np.frombuffer(key, dtype=np.int32)
        return total(frozenset(g.answers[int(a)] for a in candidates), len(candidates))

    assert solver.memo.exact and solver.memo.lower
    for (key, _), (value, _) in solver.memo.exact.items():
        assert value == brute(key)
    for (key, _), lower in solver.memo.lower.items():
        assert lower <= brute(key)


@pytest.mark.parametrize("small", [small_bulls_and_cows, lambda: game("mastermind-3-3")])
def test_bucket_values_sum_to_the_brute_force_opener_totals(small):
    # benchmarks/bulls.py --bucket values one bucket of the opener per process: the buckets'
    # values, each from a fresh solver, must add up to the opener's optimum.
    g = small()
    per_opener = small_bulls_optima() if g.answering.distinct else brute_force_optimum(g)[1]
    for opener in opener_classes(g).tolist():
        feedbacks = [p for p, _ in g.unsolved_children(g.initial_state(), opener)]
        values = [Solver(g, None).bucket_value(opener, p) for p in feedbacks]
        assert len(g.answers) + sum(values) == per_opener[g.guesses[opener]]


def test_a_feedback_that_is_no_bucket_is_one_clear_error():
    g = game("mastermind-3-3")
    opener = g.guess_index("123")
    with pytest.raises(WordlekitError, match=r"feedback 3B0W is not a bucket of 123; expected"):
        Solver(g, None).bucket_value(opener, g.solved)
    with pytest.raises(WordlekitError, match=r"feedback 2B1W is not a bucket of 123"):
        Solver(g, None).bucket_value(opener, 2 * 4 + 1)  # 2 black, 1 white: no code gives it


BULLS = Path(__file__).resolve().parents[1] / "benchmarks" / "bulls.py"


@pytest.mark.parametrize("bucket", ["1000", "4B0W", "2B9W", "one"])
def test_bulls_benchmark_bad_bucket_is_one_line_and_status_2(bucket, tmp_path):
    done = subprocess.run(
        [sys.executable, str(BULLS), "--bucket", bucket, "--out", str(tmp_path / "b.md")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"bulls.py: error: bucket {bucket!r}: expected a feedback to 0123")
    assert "1B1W" in lines[0] and "1260" in lines[0]
    assert not (tmp_path / "b.md").exists()


def test_bulls_benchmark_values_one_bucket_into_its_own_file(tmp_path):
    # The 6 codes with 2 bulls and 2 cows on 0123 (two of its digits swapped), valued by the
    # brute force over all 5,040 guesses and by bulls.py --bucket, named by size or feedback.
    g = bulls_and_cows()
    bucket = frozenset(c for c in g.guesses if reference_pegs("0123", c) == (2, 2))
    assert len(bucket) == 6
    total, _ = _minimax(tuple(g.guesses))
    expected = total(bucket, len(bucket))
    for name in ["6", "2b2w"]:
        out = tmp_path / f"{name}.md"
        subprocess.run(
            [sys.executable, str(BULLS), "--bucket", name, "--threads", "1", "--out", str(out)],
            capture_output=True,
            check=True,
        )
        rows = [line for line in out.read_text().splitlines() if line.startswith("| 2B2W |")]
        assert len(rows) == 1
        assert rows[0].split("|")[2:4] == [" 6 ", f" {expected} "]


def test_a_memo_kept_to_a_few_entries_proves_the_brute_force_totals():
    # Mastermind (3, 3), every class of openers, with the solver's memo kept to 4 entries
    # (branch_and_bound.Memo's limit: cleared many times): each total is the brute force's.
    g = mastermind(3, 3)
    _, per_opener = brute_force_optimum(g)
    solver = Solver(g, None)
    solver.memo = bnb.Memo(limit=4)
    for opener in opener_classes(g).tolist():
        assert solver.opener_total(opener) == per_opener[g.guesses[opener]]
    assert solver.memo.clears > 0
    assert len(solver.memo.exact) + len(solver.memo.lower) <= 4


class _Killed(Exception):
    """A search stopped by hand, in the test below."""


def test_a_journal_resumes_a_stopped_search_where_it_was(tmp_path):
    # Mastermind (3, 4), every class of openers: a search stopped after it journaled
    # a few values (branch_and_bound.Journal, every value kept), its file cut inside its last
    # record, is resumed from the file: each total is the brute force's, the resumed searches
    # score fewer states than a fresh one, and the cut record is dropped, saying how many bytes.
    g = mastermind(3, 4)
    _, per_opener = brute_force_optimum(g)
    path = tmp_path / "journal.pkl"

    class Stopped(bnb.Journal):
        def record(self, key, value, exact, argument=None):
            super().record(key, value, exact, argument)
            if len(self.exact) + len(self.lower) >= 6:
                raise _Killed

    solver = Solver(g, None)
    solver.memo = bnb.Memo(journal=Stopped(path, least=0, search="mastermind-3-4"))
    with pytest.raises(_Killed):
        for opener in opener_classes(g).tolist():
            solver.opener_total(opener)
    solver.memo.journal.close()
    whole = path.read_bytes()
    path.write_bytes(whole + whole[-9:-3])  # a record cut short, as by a kill mid-write
    resumed = bnb.Journal(path, least=0, search="mastermind-3-4")
    assert resumed.read >= 6 and resumed.dropped == 6 and path.read_bytes() == whole
    fresh, again = Solver(g, None), Solver(g, None)
    again.memo = bnb.Memo(journal=resumed)
    for opener in opener_classes(g).tolist():
        assert again.opener_total(opener) == per_opener[g.guesses[opener]]
        assert fresh.opener_total(opener) == per_opener[g.guesses[opener]]
    assert again.nodes < fresh.nodes
    resumed.close()
    # Only values of at least ``least`` are kept, and a bad record is never read as a value.
    small = bnb.Journal(tmp_path / "small.pkl", least=10**9, search="x")
    small.record(b"k", 5, True)
    small.close()
    read = bnb.Journal(tmp_path / "small.pkl", least=0, search="x")
    read.close()
    assert read.read == 0 and read.dropped == 0
    # A journal of another search is refused in one line, never mixed in.
    with pytest.raises(WordlekitError, match="holds a journal of 'x'; expected a journal of 'y'"):
        bnb.Journal(tmp_path / "small.pkl", least=0, search="y")
    (tmp_path / "bad.pkl").write_bytes(b"not a journal")
    with pytest.raises(WordlekitError, match="holds no journal's header"):
        bnb.Journal(tmp_path / "bad.pkl", least=0, search="y")


LADDER = Path(__file__).resolve().parents[1] / "benchmarks" / "mastermind_ladder.py"


def test_ladder_benchmark_resumes_a_proof_bucket_by_bucket(tmp_path):
    # Mastermind (3, 4) from 112, every guess allowed: the brute force's 64 + the sum of its
    # buckets' values; a run cut after three buckets and resumed keeps their rows, values only
    # the others and ends at the same optimum, also reading the values the whole run journaled
    # (--journal). Resuming another rule's file, or a folder as the journal, is one line, status 2.
    # (benchmarks/mastermind_ladder.py --super: Super Mastermind's proof runs this way.)
    codes = tuple(mastermind(3, 4).guesses)
    total, _ = _minimax(codes)
    buckets: dict = {}
    for code in codes:
        buckets.setdefault(reference_pegs("112", code), []).append(code)
    del buckets[3, 0]
    expected = len(codes) + sum(total(frozenset(b), len(b)) for b in buckets.values())

    def run(out, *more):
        args = ["--super", "112", "--colours", "4", "--rule", "unrestricted", "--out", str(out)]
        return subprocess.run(
            [sys.executable, str(LADDER), *args, *more],
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, "NUMBA_NUM_THREADS": "1"},
        )

    whole, cut = tmp_path / "whole.md", tmp_path / "cut.md"
    journal = ["--journal", str(tmp_path / "journal.pkl"), "--journal-least", "0"]
    assert run(whole, *journal).returncode == 0
    assert f"The optimum from 112: **{int(expected)}**" in whole.read_text()
    lines = whole.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("| 1 of 7 |"))
    cut.write_text("\n".join(lines[: first + 3]) + "\n")
    assert run(cut, "--resume", *journal).returncode == 0
    resumed = cut.read_text().splitlines()
    assert resumed[0] == lines[0] and "Resumed after 3 buckets" in cut.read_text()
    rows = [line for line in resumed if line.startswith("| ") and " of 7 |" in line]
    assert rows[:3] == lines[first : first + 3] and len(rows) == 7
    assert [r.split("|")[3] for r in rows] == [r.split("|")[3] for r in lines[first : first + 7]]
    assert f"The optimum from 112: **{int(expected)}**" in resumed[-1]
    other = run(cut, "--resume", "--rule", "strict")
    assert other.returncode == 2 and len(other.stderr.strip().splitlines()) == 1
    assert "expected '# Mastermind (3, 4), strict rule" in other.stderr
    assert cut.read_text().splitlines() == resumed  # the refused run wrote nothing
    folder = run(tmp_path / "folder.md", "--journal", str(tmp_path))
    assert folder.returncode == 2 and len(folder.stderr.strip().splitlines()) == 1
    assert "expected a file this script can read and append to" in folder.stderr
    assert not (tmp_path / "folder.md").exists()
    # Against a bound equal to its optimum, 112 is ruled out (not below it) at some bucket,
    # valued only up to the bound; resumed without it, that bucket is valued again, exactly.
    bounded = tmp_path / "bounded.md"
    assert run(bounded, "--bound", str(int(expected))).returncode == 0
    text = bounded.read_text()
    assert "**Ruled out:** the TOTAL from 112 is at least" in text
    assert sum("| >= " in line for line in text.splitlines()) == 1
    assert run(bounded, "--resume").returncode == 0
    assert f"The optimum from 112: **{int(expected)}**" in bounded.read_text()
    assert "| >= " not in bounded.read_text()


@pytest.mark.parametrize(
    ("name", "cap"),
    [
        ("mastermind-2-3", None),
        ("mastermind-2-3", 3),
        ("mastermind-2-4", None),
        ("mastermind-3-2", None),
        ("mastermind-3-3", None),
        ("mastermind-3-3", 3),
    ],
)
def test_exact_optimum_equals_brute_force(name, cap):
    g = game(name)
    expected, per_opener = brute_force_optimum(g, cap)
    solver = Solver(g, cap)
    total, opener = proved_best_opener(solver)
    if expected == float("inf"):
        assert not feasible(total)
        return
    assert total == expected
    assert per_opener[g.guesses[opener]] == expected
    # every opener's exact optimum (the root classes are a shortcut, not an assumption)
    for o, value in per_opener.items():
        found = solver.opener_total(g.guess_index(o))
        assert found == value if feasible(found) else value == float("inf"), o


def test_buckets_valued_smallest_first_give_the_brute_force_optimum():
    # benchmarks/bulls.py values the opener's buckets smallest first, to measure what a proof
    # too long to finish costs: the order must change no value, and the TOTAL reported as
    # proved so far must rise to the optimum, one bucket at a time.
    g = game("mastermind-3-3")
    _, per_opener = brute_force_optimum(g)
    for opener, expected in per_opener.items():
        proved = []
        found = Solver(g, None).opener_total(
            g.guess_index(opener),
            progress=lambda valued, buckets, at_least: proved.append((valued, buckets, at_least)),
            smallest_first=True,
        )
        assert found == expected, opener
        buckets = len(g.unsolved_children(g.initial_state(), g.guess_index(opener)))
        assert [valued for valued, _, _ in proved] == list(range(1, buckets + 1))
        assert [at_least for _, _, at_least in proved] == sorted(
            at_least for *_, at_least in proved
        )
        assert proved[-1][2] == expected


def test_equivalent_openers_have_equal_brute_force_optima():
    # Openers repeating their colours alike (same opener_key) are images of each other under
    # permutations of pegs and colours, so the brute force must give them equal optima.
    g = game("mastermind-3-3")
    _, per_opener = brute_force_optimum(g)
    by_class: dict = {}
    for opener, value in per_opener.items():
        by_class.setdefault(Pegs.opener_key(opener), set()).add(value)
    assert len(by_class) == 3  # 111, 112, 123
    assert all(len(values) == 1 for values in by_class.values())


def test_opener_classes_of_the_classic_games():
    g = game("mastermind")
    assert [g.guesses[int(i)] for i in opener_classes(g)] == [
        "1111",
        "1112",
        "1122",
        "1123",
        "1234",
    ]
    assert [bulls_and_cows().guesses[int(i)] for i in opener_classes(bulls_and_cows())] == ["0123"]


def published(quantity: str, game_name: str = "mastermind-4-6", cap: str = "") -> int:
    table = pd.read_csv(paths.REFERENCE_DIR / "guessing_games_published.csv", dtype=str).fillna("")
    row = table[
        (table.game == game_name) & (table.quantity == quantity) & (table.max_guesses == cap)
    ]
    return int(row.published.iloc[0])


@pytest.mark.slow
def test_knuth_from_1122_is_knuths_5801():
    result = evaluate(game("mastermind"), make_policy("knuth"), "1122")
    assert result.total == published("knuth_total")
    assert result.worst == published("knuth_worst")


@pytest.mark.parametrize(
    "policy, strategy",
    [("inset-mig", "entropy"), ("mrd", "expected_size"), ("gep", "most_parts")],
)
def test_the_literatures_one_step_strategies_reproduce_kooi_s_table(policy, strategy):
    # Neuwirth's entropy, Irving's expected size and Kooi's most parts, each from the first
    # guess it chooses itself, a possible code among equals and then the lowest (Kooi 2005):
    # the published totals and the codes needing six guesses (none needs seven).
    g = game("mastermind")
    chosen = make_policy(policy)
    opener = chosen.choose(g, g.initial_state())
    table = pd.read_csv(paths.REFERENCE_DIR / "guessing_games_published.csv", dtype=str)
    published_opener = table[table.quantity == f"{strategy}_total"].opener.iloc[0]
    assert g.guesses[opener] == published_opener
    result = evaluate(g, chosen, opener)
    assert result.total == published(f"{strategy}_total")
    assert result.distribution.get(6, 0) == published(f"{strategy}_six")
    assert result.worst == 6


@pytest.mark.parametrize("picker", ["thompson", "puct"])
def test_avts_finds_the_brute_force_optimum_of_a_code_game(picker):
    # AVTS knows nothing of letters either: on 3 pegs of 3 colours its greedy policy reaches the
    # optimum of a plain minimax over every strategy, and never claims less.
    g = game("mastermind-3-3")
    optimum, _ = brute_force_optimum(g)
    trace = Search(g, picker, seed=0).run(2000, target=optimum)
    assert trace.reached is not None
    assert (trace.totals >= optimum).all()


def test_rollout_over_knuth_is_never_worse_than_knuth():
    g = game("mastermind-3-4")
    for opener in ("112", "123"):
        base = evaluate(g, make_policy("knuth"), opener).total
        assert evaluate(g, make_policy("rollout-knuth", 5), opener).total <= base


def test_cli_optimal_without_opener_proves_the_brute_force_optimum():
    done = subprocess.run(
        [sys.executable, "-m", "wordlekit", "optimal", "--game", "mastermind-2-4"]
        + ["--max-guesses", "none", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    expected, per_opener = brute_force_optimum(game("mastermind-2-4"))
    assert summary["total"] == expected
    assert per_opener[summary["opener"]] == expected
