"""What the kernel modules share: the key of a guess no heuristic may play, how the parallel
kernels cut their work into chunks, and the columns of a row of bucket statistics.

Bucket statistics (``wordlekit.buckets``): one row per guess, these named columns. A guess
splits the candidates into feedback buckets of sizes c_b (prior masses W_b when weighted):

- ``PARTS``: number of non-empty buckets;
- ``IN_SET``: 1 if the guess is itself a candidate (its all-green bucket is non-empty);
- ``SQUARES``: sum_b c_b**2 (weighted: sum_b W_b c_b);
- ``ENTROPY``: sum_b c_b log2 c_b in the fixed point of the caller's table (weighted: of W_b);
- ``LARGEST``: max_b c_b;
- ``HEAVIEST``: sum_b max_{a in b} w_a (equal to ``PARTS`` with unit weights).

Every statistic is accumulated as each candidate joins its bucket (a bucket growing from c to
c + 1 adds 2c + 1 to the squares and table[c + 1] - table[c] to the entropy), so one pass over
the candidates suffices and a second one only zeroes the counts.

These are the only names one kernel module reads from another (``tests/test_kernels.py``
checks it). numba freezes a global into the machine code it compiles and checks only the
kernel's own file for changes before loading its cache, so a value changed here reaches the
kernels of the other modules only once their cache is cleared: delete the ``*.nbi`` and
``*.nbc`` files under ``wordlekit/_kernels/__pycache__``.
"""

import numpy as np

#: Key of a guess that a heuristic may not play (it would leave the state unchanged).
EXCLUDED = np.iinfo(np.int64).max

#: How many contiguous blocks of guesses the parallel kernels split the work into.
N_CHUNKS = 32

PARTS, IN_SET, SQUARES, ENTROPY, LARGEST, HEAVIEST = range(6)
N_BUCKET_STATS = 6
