"""Lower bounds on the minimum TOTAL (Cunanan & Thielscher, Section 4).

MinTotal(C), the fewest guesses summed over the candidates C that any strategy needs, is what the
exact solver computes; the bounds here let it skip most of the search:

- ``bound(n, b)``: the minimum sum of depths of a tree with n nodes in which every node has at
  most b children (Definition 15); the root has depth 1. A strategy tree for n candidates has a
  node per candidate and branches at most MaxSplits times, so MinTotal(C) >= BOUND(|C|, b).
  With b >= n - 1 it is 2n - 1: one candidate guessed first, all others second.
- For one guess g splitting C into buckets of sizes c_b (the all-green bucket excluded), the
  cheapest possible continuation is 2c_b - 1 per bucket, so

      V(g, C) >= |C| + sum_b (2 c_b - 1) = 3|C| - parts(g) - [g in C],

  with ``parts`` counting every non-empty bucket: the MostParts and InSet valuations are exactly
  this bound.
"""

from __future__ import annotations


def bound(n: int, b: int) -> int:
    """BOUND(n, b): minimum sum of depths of a tree of n nodes with at most b children each."""
    if n <= 0:
        return 0
    if b == 1:
        return n * (n + 1) // 2
    total, depth, level, placed = 0, 1, 1, 0
    while placed + level < n:
        total += depth * level
        placed += level
        depth += 1
        level *= b
    return total + depth * (n - placed)


def guess_lower_bound(n: int, parts: int, in_set: bool) -> int:
    """Lower bound on the total after playing a guess with ``parts`` buckets on n candidates."""
    return 3 * n - parts - int(in_set)
