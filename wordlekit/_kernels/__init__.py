"""numba kernels: the loops in wordlekit that run per guess x candidate (and the per-visit
update of an AVTS node, which runs thousands of times per search), one module per job:

- ``patterns``: feedback of a guess against an answer, the pattern matrix, its columns;
- ``pegs``: the black-and-white pegs of Mastermind and Bulls and Cows, their matrix and rows,
  and the smallest image of a code under the peg and colour permutations that fix a history;
- ``states``: how a guess splits a state's candidates, the hard-mode rule and filter;
- ``statistics``: the bucket statistics of every guess (unit weights), in the layout that is
  fastest for the set's size, the scans for (nearly) perfect splits, and the entropic action
  values of a new tree-search node and their k best, which share its pair loop;
- ``keys``: heuristic keys, the prior-weighted statistics, the early-exit best-guess scan, top k;
- ``endgames``: the largest group of candidates differing in one position only (hard mode);
- ``parts``: MaxSplits, the most non-empty buckets any guess makes of a set, and its bounds;
- ``lexicographic``: the valuations' lexicographic argmin and dominance filter;
- ``minimax``: the minimax feasibility scans (a set found within two or three guesses);
- ``node``: the backup of a tree-search node;
- ``noise``: the information gain of guesses under misreported feedback;
- ``boards``: the lifted heuristics' choice on two boards;
- ``conventions``: what they share (``EXCLUDED``, the chunk count, the statistics' columns).

Words are arrays of small integer symbol codes (``uint8``), one row per word; a feedback
pattern is a base-3 integer (``patterns``). Scratch arrays are allocated by the caller or once
per parallel chunk, never per pair. The kernels called from other modules have public names,
all importable from here (``_kernels.max_splits``); those with a leading underscore are helpers
of the kernels of their module.

Every kernel is tested against a plain reference: a twin in ``tests/reference.py``, plain
Python or NumPy written in the test, or a brute force. Where its caller is tested: the pattern
matrix in test_feedback.py, the bucket statistics (every layout, near-perfect scans, restricted
columns, perfect splits) in test_buckets.py, the weighted statistics in test_prior.py, the parts
counts in test_bounds.py, the valuations' argmin and dominance in test_valuations.py, the
entropic values and their top k in test_avts.py, the noisy-feedback kernels in
test_stochastic.py, the two boards' choice in test_boards.py, the pegs (matrix and rows) in test_codegames.py; every other kernel (single feedbacks, the hard-mode filter, splitting, keys,
top-k, the early-exit scan, the prior's entropy) directly in test_kernels.py.

Why no kernel calls a kernel of another module: numba (``cache=True``) checks only the file of
the kernel it loads from its cache, not the files of the kernels compiled into it, so a helper
edited in one module would leave stale machine code cached for the callers in another. Each
module is therefore closed under calls; they share only the constants of ``conventions``
(``tests/test_kernels.py`` checks both).
"""

from .boards import first_least_sum
from .conventions import (
    ENTROPY,
    EXCLUDED,
    HEAVIEST,
    IN_SET,
    LARGEST,
    N_BUCKET_STATS,
    PARTS,
    SQUARES,
)
from .endgames import largest_endgame
from .keys import (
    fill_guess_keys,
    fill_weighted_stats,
    first_best_guess,
    select_top_k,
    singleton_entropy,
)
from .lexicographic import lexicographic_argmin, undominated
from .minimax import (
    first_separator,
    first_within_three,
    first_within_three_hard,
    first_within_three_strict,
    guess_profiles,
)
from .node import node_backup
from .noise import fill_information_gain
from .parts import (
    PARTS_BLOCK,
    fill_parts,
    max_splits,
    max_splits_among,
    repeat_masks,
    split_options,
    split_upper_bounds,
)
from .patterns import (
    feedback_code,
    fill_feedback_row,
    fill_feedback_rows,
    fill_pattern_matrix,
    gather_columns,
)
from .pegs import fill_pegs_matrix, fill_pegs_row, pegs_code, smallest_images
from .states import (
    fill_hard_mode_mask,
    floor_sums,
    hard_mode_rule,
    split_candidates,
    split_for_bound,
    split_for_search,
    split_heads,
)
from .statistics import (
    entropic_top_k,
    entropic_top_k_counts,
    entropic_top_k_rows,
    entropic_values,
    fill_bucket_stats,
    fill_bucket_stats_near,
    fill_bucket_stats_pairs,
    fill_bucket_stats_t,
    first_perfect,
)

__all__ = [
    "ENTROPY",
    "EXCLUDED",
    "HEAVIEST",
    "IN_SET",
    "LARGEST",
    "N_BUCKET_STATS",
    "PARTS",
    "PARTS_BLOCK",
    "SQUARES",
    "entropic_top_k",
    "entropic_top_k_counts",
    "entropic_top_k_rows",
    "entropic_values",
    "feedback_code",
    "fill_bucket_stats",
    "fill_bucket_stats_near",
    "fill_bucket_stats_pairs",
    "fill_bucket_stats_t",
    "fill_feedback_row",
    "fill_feedback_rows",
    "fill_guess_keys",
    "fill_hard_mode_mask",
    "fill_information_gain",
    "fill_parts",
    "fill_pattern_matrix",
    "fill_pegs_matrix",
    "fill_pegs_row",
    "fill_weighted_stats",
    "first_best_guess",
    "first_least_sum",
    "first_perfect",
    "first_separator",
    "first_within_three",
    "first_within_three_hard",
    "first_within_three_strict",
    "floor_sums",
    "gather_columns",
    "guess_profiles",
    "hard_mode_rule",
    "largest_endgame",
    "lexicographic_argmin",
    "max_splits",
    "max_splits_among",
    "node_backup",
    "pegs_code",
    "repeat_masks",
    "select_top_k",
    "singleton_entropy",
    "smallest_images",
    "split_candidates",
    "split_for_bound",
    "split_for_search",
    "split_heads",
    "split_options",
    "split_upper_bounds",
    "undominated",
]
