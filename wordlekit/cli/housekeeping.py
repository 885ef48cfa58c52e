"""``wordlekit cache``: the cache folder, what it holds and its size; ``--clear`` empties it."""

from __future__ import annotations

import os

from .. import cache


def _size(found: cache.Contents, files) -> str:
    return f"{len(files):,} file(s), {found.size(files) / 1e6:,.1f} MB"


def cmd_cache(args) -> int:
    found = cache.clear() if args.clear else cache.contents()
    chosen = os.environ.get("WORDLEKIT_CACHE", "").strip()
    where = "WORDLEKIT_CACHE" if chosen else "the user's cache folder: WORDLEKIT_CACHE is unset"
    print(f"wordlekit cache: {found.folder} ({where})")
    print(f"  pattern matrices: {_size(found, found.patterns)}")
    print(f"  numba's kernels: {_size(found, found.kernels)}")
    if not cache.numba_here():
        print(
            f"  (numba now keeps its kernels in NUMBA_CACHE_DIR={os.environ['NUMBA_CACHE_DIR']}, "
            "which wordlekit does not count or clear)"
        )
    if found.others:
        print(
            f"  other files or folders (not wordlekit's): {len(found.others):,}, e.g. "
            f"{found.others[0]}; --clear refuses this folder"
        )
    if args.clear:
        print(f"cleared {_size(found, found.patterns + found.kernels)}")
    return 0
