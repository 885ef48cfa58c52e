"""The environment of the notebooks' kernels: what ``wordlekit reproduce`` (and so the tests' QUICK
runs) and ``wordlekit verify`` set on every kernel they start, so that an executed notebook, its
tables and its figures come out the same, byte for byte, on every x86-64 machine with AVX2, not
only on the one that committed them (checked on AVX2 machines only: none with AVX-512 was at hand).

- ``TQDM_DISABLE=1``: a progress bar's text holds elapsed times (see :mod:`wordlekit.progress`).
- ``NPY_DISABLE_CPU_FEATURES``: numpy's code paths capped at x86-64-v3 (AVX2, FMA3). numpy picks
  each loop's code by the CPU it runs on. For float64 ``log2``, ``log10``, ``exp2``, ``power``,
  ``expm1``, ``log1p`` and the inverse trigonometric functions, its only path above the baseline
  is AVX-512 (Intel's SVML; ``numpy.lib.introspect.opt_func_info`` lists them), and its results
  differ from the C library's in the last bits. A last bit turns over a tie between two scores,
  and a noisy game then plays on differently; on a log axis it moves a pixel's shade by one.
  Notebooks 16 and 17 came out different on a CI machine other than the one that committed them
  (stop 52; which CPU each had was not recorded): 24 pixels of ``teaching-newton.png`` one shade
  apart with its SVG the same (its axes are logarithmic), and the noisy games' means moved in the
  third decimal. On an AVX2 machine, numpy and OpenBLAS held down to SSE4 gave notebook 16 the
  same files as with AVX2; numpy's only float64 paths above AVX2 are AVX-512's, so the likely
  cause is AVX-512 on one of the two machines.
- ``OPENBLAS_CORETYPE=Haswell`` where the CPU has AVX2 and FMA: OpenBLAS, numpy's matrix
  products, also picks its kernels by CPU, and kernels of other families round sums differently.

Machines without AVX2, and other architectures, run their own paths: their files may differ in
the last digits. numba's kernels need nothing here: without ``fastmath`` LLVM keeps every
floating-point operation in the written order, whatever the CPU.
"""

from __future__ import annotations

import platform
from pathlib import Path

#: numpy's dispatch targets above x86-64-v3 (numpy 2.4's names), turned off in the kernels;
#: tests/test_reproduce.py checks that they are every such target of the numpy installed.
NUMPY_TARGETS_OFF = ("X86_V4", "AVX512_ICL", "AVX512_SPR")

#: OpenBLAS's kernels where the CPU can run them (AVX2 and FMA: x86-64-v3).
OPENBLAS_CORE = "Haswell"


def cpu_flags(cpuinfo: Path = Path("/proc/cpuinfo")) -> frozenset[str]:
    """The CPU's feature flags as Linux lists them (empty where there is no such file)."""
    try:
        text = cpuinfo.read_text()
    except OSError:
        return frozenset()
    for line in text.splitlines():
        if line.startswith("flags"):
            return frozenset(line.split(":", 1)[1].split())
    return frozenset()


def notebook_env() -> dict[str, str]:
    """The variables every notebook kernel is started with (see the module's text)."""
    env = {"TQDM_DISABLE": "1"}
    if platform.machine().lower() in ("x86_64", "amd64"):
        env["NPY_DISABLE_CPU_FEATURES"] = " ".join(NUMPY_TARGETS_OFF)
        if {"avx2", "fma"} <= cpu_flags():
            env["OPENBLAS_CORETYPE"] = OPENBLAS_CORE
    return env
