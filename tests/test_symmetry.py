"""The symmetries of code games (wordlekit.symmetry), checked against the group enumerated in
full: every peg permutation times every colour permutation, kept if it fixes every guess of a
history; a guess is a representative iff no element maps it to a smaller code."""

import itertools

import numpy as np
import pytest

from wordlekit import WordlekitError
from wordlekit.answering import Pegs
from wordlekit.games import _code_game, game
from wordlekit.optimal import Solver
from wordlekit.symmetry import Stabilizer

from .test_codegames import brute_force_optimum


def brute_force_representatives(g, history: list[str]) -> list[str]:
    """Codes that are the smallest of their orbit under the full group's stabiliser of
    ``history``, by enumerating S_P x S_C."""
    symbols = g.answering.symbols
    pegs = g.answering.pegs
    codes = set(g.guesses)

    def act(perm, colours, code):
        return "".join(colours[symbols.index(code[perm[i]])] for i in range(pegs))

    group = []
    for perm in itertools.permutations(range(pegs)):
        for image in itertools.permutations(symbols):
            if all(act(perm, image, h) == h for h in history):
                group.append((perm, image))
    kept = []
    for code in g.guesses:
        images = {act(p, c, code) for p, c in group}
        assert images <= codes
        if code == min(images):
            kept.append(code)
    return kept


def distinct_game(pegs: int, symbols: str):
    return _code_game(Pegs(pegs, symbols, distinct=True), f"distinct-{pegs}-{symbols}", "easy")


@pytest.mark.parametrize(
    ("make", "histories"),
    [
        (lambda: game("mastermind-3-4"), [[], ["112"], ["123"], ["112", "134"], ["111", "222"]]),
        (lambda: game("mastermind-4-3"), [[], ["1122"], ["1212", "1123"], ["1111"]]),
        (lambda: distinct_game(3, "01234"), [[], ["012"], ["012", "103"], ["012", "340"]]),
    ],
)
def test_representatives_equal_the_enumerated_group(make, histories):
    g = make()
    for history in histories:
        group = Stabilizer.of(g)
        for word in history:
            group = group.fixing(g.guess_index(word)) if group is not None else None
        expected = brute_force_representatives(g, history)
        if group is None:  # nothing left to gain: every code is its own class but free renames
            assert len(expected) >= len(g.guesses) - 1, history
            continue
        got = [g.guesses[i] for i in group.representatives(g.all_guesses).tolist()]
        assert got == expected, history


def test_root_representatives_are_the_opener_classes():
    g = game("mastermind-4-6")
    got = [g.guesses[i] for i in Stabilizer.of(g).representatives(g.all_guesses).tolist()]
    assert got == ["1111", "1112", "1122", "1123", "1234"]


def test_words_and_incomplete_code_lists_have_no_symmetry():
    assert Stabilizer.of(game("primel")) is None


@pytest.mark.parametrize(("name", "expected"), [("mastermind-4-6", 14), ("mastermind-3-4", 9)])
def test_n_feedbacks_counts_the_feedbacks_that_occur(name, expected):
    # hand count: black + white <= P, never P - 1 black and 1 white
    g = game(name)
    assert g.answering.n_feedbacks(g.length) == expected
    assert len(np.unique(g.patterns)) == expected


def test_tiles_never_show_one_yellow_among_greens():
    g = game("primel")
    assert g.answering.n_feedbacks(5) == 238
    assert len(np.unique(g.patterns)) <= 238


def test_solver_with_symmetry_equals_brute_force_on_distinct_codes():
    g = distinct_game(3, "0123")
    expected, per_opener = brute_force_optimum(g)
    solver = Solver(g, None)
    for opener, value in per_opener.items():
        assert solver.opener_total(g.guess_index(opener)) == value, opener
    assert expected == min(per_opener.values())


def strict_brute_force(g, opener: str) -> int:
    """Minimum TOTAL from ``opener`` when every guess must be a candidate (plain recursion)."""
    matrix = g.patterns

    def total(candidates: tuple) -> int:
        if len(candidates) == 1:
            return 1
        best = None
        for guess in candidates:  # a candidate's guess index is its answer index here
            cost = len(candidates)
            for p in set(matrix[guess, list(candidates)].tolist()) - {g.solved}:
                cost += total(tuple(c for c in candidates if matrix[guess, c] == p))
            best = cost if best is None else min(best, cost)
        return best

    o = g.guess_index(opener)
    rest = [c for c in range(len(g.answers)) if c != o]
    groups: dict = {}
    for c in rest:
        groups.setdefault(int(matrix[o, c]), []).append(c)
    return len(g.answers) + sum(total(tuple(v)) for v in groups.values())


@pytest.mark.parametrize("opener", ["111", "112", "123"])
def test_strict_solver_with_symmetry_equals_brute_force(opener):
    g = game("mastermind-3-3", mode="strict")
    assert Solver(g, None).opener_total(g.guess_index(opener)) == strict_brute_force(g, opener)


def test_unknown_game_is_still_a_clear_error():
    with pytest.raises(WordlekitError):
        game("mastermind-x")
