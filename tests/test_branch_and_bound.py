"""The shared branch and bound: the order guesses are tried in and the cost of one guess."""

import numpy as np
import pytest

from wordlekit import branch_and_bound as bnb


def by_hand_order(values, limit):
    """Positions below ``limit`` by (value, position): a plain sort."""
    return [t for _, t in sorted((int(v), t) for t, v in enumerate(values) if v < limit)]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("head", [1, 3, 32])
def test_increasing_from_bounds_is_the_order_of_the_exact_values(seed, head):
    # Many ties, bounds sometimes equal to the value: the order must still be (value, position),
    # however few values were made exact.
    rng = np.random.default_rng(seed)
    values = rng.integers(0, 12, size=200)
    values[rng.random(200) < 0.1] = 99  # at or above the limit, some with bounds below it
    limit = 98
    plain = list(bnb.increasing(values, limit, head))  # ties cut by the head: either order
    assert sorted(plain) == sorted(by_hand_order(values, limit))
    assert list(values[plain]) == sorted(values[plain])
    bounds = values - rng.integers(0, 4, size=200) * (rng.random(200) < 0.7)
    scored = []

    def exact(positions):
        assert all(t not in scored for t in positions)  # each position made exact once
        scored.extend(int(t) for t in positions)
        bounds[positions] = values[positions]

    lazy = bnb.increasing(bounds, limit, head, exact=exact)
    assert list(lazy) == by_hand_order(values, limit)
    # A search that stops after the first few needs only the bounds below the values it saw.
    scored.clear()
    bounds = values - 1
    first = list(zip(range(5), bnb.increasing(bounds, limit, 8, exact=exact)))
    assert [t for _, t in first] == by_hand_order(values, limit)[:5]
    assert len(scored) < 100  # those with a bound of at most 0 (values 0 and 1): about 35


def test_guess_cost_counts_children_left_out_at_their_floor():
    # Children worth 5 (floor 3), 4 (floor 4) and, left out, two of floor 1: 10 + 5 + 4 + 2.
    worth = {"a": 5, "b": 4}
    floors = {"a": 3, "b": 4}
    bound = 10 + 3 + 4 + 2
    assert bnb.guess_cost(10, ["a", "b"], floors.get, lambda c, budget: worth[c], bound, 100) == 21
    # With best 20 the first child alone proves 10 + 5 + 4 + 2 >= 20: abandoned at once.
    assert bnb.guess_cost(10, ["a", "b"], floors.get, lambda c, budget: worth[c], bound, 20) == 21
    calls = []
    bnb.guess_cost(
        10, ["a", "b"], floors.get, lambda c, budget: calls.append(c) or worth[c], bound, 20
    )
    assert calls == ["a"]
