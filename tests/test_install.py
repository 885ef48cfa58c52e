"""A non-editable install: the sdist and the wheel built from the sources, the wheel installed
into a fresh virtual environment, and the CLI and the API used from another folder.

The fresh environment gets the test environment's dependencies through a ``.pth`` line (pip
installs only wordlekit, ``--no-deps``, offline), so the test takes seconds, not a download.
Expected values come from the data's provenance (``wordlekit/data/SOURCES.md``: list sizes), the
published table itself, and a brute force over the answer list (``tests/reference.py``).
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from wordlekit import paths, words

from .reference import buckets, feedback

pytestmark = pytest.mark.slow

ROOT = paths.REPO_ROOT
TIMEOUT = 300
#: What the library reads at run time, as it sits in the sources.
DATA = sorted(
    str(p.relative_to(ROOT)) for p in (ROOT / "wordlekit" / "data").rglob("*") if p.is_file()
)


def _run(args, cwd, env=None, check=True):
    proc = subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False
    )
    if check:
        assert proc.returncode == 0, (args, proc.stdout, proc.stderr)
    return proc


def _sources(dest: Path) -> Path:
    """The files a release is built from, copied (building in the checkout would write into
    its build/, where `wordlekit reproduce` keeps its runs)."""
    dest.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, dest / name)
    shutil.copytree(
        ROOT / "wordlekit",
        dest / "wordlekit",
        ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc", "*.egg-info"),
    )
    return dest


def _sdist(source: Path, out: Path) -> Path:
    """Call setuptools' PEP 517 ``build_sdist`` hook in ``source`` (what ``python -m build``
    calls; it needs nothing beyond setuptools)."""
    code = "import sys; from setuptools import build_meta as b; print(b.build_sdist(sys.argv[1]))"
    proc = _run([sys.executable, "-c", code, str(out)], cwd=source)
    return out / proc.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(sdist, wheel, the fresh venv's bin folder, an environment to run it in, a folder)."""
    tmp = tmp_path_factory.mktemp("install")
    dist = tmp / "dist"
    sdist = _sdist(_sources(tmp / "src"), dist)
    # The wheel from the sdist, as pip builds it for `pip install` (with build isolation, the
    # setuptools of pyproject.toml's build-system): so the sdist has to carry all it needs.
    _run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dist), str(sdist)],
        cwd=tmp,
    )
    wheel = next(dist.glob("wordlekit-*.whl"))

    venv = tmp / "fresh"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp)
    fresh = Path(
        _run(
            [
                str(venv / "bin" / "python"),
                "-c",
                "import sysconfig; print(sysconfig.get_path('purelib'))",
            ],
            cwd=tmp,
        ).stdout.strip()
    )
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    # Appended after the fresh site-packages, and not a site folder itself (its .pth files, the
    # editable install's among them, are not run): wordlekit comes from the wheel only.
    (fresh / "test-deps.pth").write_text("\n".join(sorted(ours)) + "\n")
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        cwd=tmp,
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NUMBA_CACHE_DIR")}
    env["WORDLEKIT_CACHE"] = str(tmp / "cache")
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    return sdist, wheel, venv / "bin", env, elsewhere, fresh / "wordlekit"


def test_sdist_and_wheel_carry_the_data(installed):
    sdist, wheel, *_ = installed
    with tarfile.open(sdist) as tar:
        in_sdist = {name.partition("/")[2] for name in tar.getnames()}
    with zipfile.ZipFile(wheel) as whl:
        in_wheel = set(whl.namelist())
    assert set(DATA) <= in_sdist and set(DATA) <= in_wheel
    assert "wordlekit/data/SOURCES.md" in DATA and "wordlekit/paths.py" in in_wheel
    # every file whose hash the library checks is there
    assert {f"wordlekit/data/{name}" for name in words.DATA_SHA256} <= in_wheel
    # the licence travels with both (setuptools' default license files)
    assert "LICENSE" in in_sdist
    assert any(re.fullmatch(r"wordlekit-[^/]+\.dist-info/(licenses/)?LICENSE", n) for n in in_wheel)


def test_installed_wheel_cli_works_from_another_folder(installed):
    _, _, bin_dir, env, elsewhere, package = installed
    history = ["salet:bybbb", "crony:bgbbb"]
    # the version comes from the installed wheel's metadata
    version = _run([str(bin_dir / "wordlekit"), "--version"], elsewhere, env).stdout
    number = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert version == f"wordlekit {number}\n"
    proc = _run([str(bin_dir / "wordlekit"), "hint", *history, "--json"], elsewhere, env)
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    # brute force over the answers file of the sources
    answers = (ROOT / "wordlekit" / "data" / "wordle_answers_2315.txt").read_text().split()
    left = [
        a for a in answers if all(feedback(g, a) == t for g, t in (h.split(":") for h in history))
    ]
    assert got["candidates"] == len(left) and got["some_candidates"] == left
    # the policy's choice splits the others into singletons: 1 guess for itself, 2 for each other
    choice = got["choice"]
    assert choice in left and max(buckets(choice, left).values()) == 1
    best = got["suggestions"][0]
    assert best["guess"] == choice
    assert best["expected_guesses"] == pytest.approx(
        (1 + 2 * (len(left) - 1)) / len(left), abs=1e-6
    )
    # an installed wheel has no checkout: its provenance says so, and still names its lists
    assert got["provenance"]["commit"] is None and got["provenance"]["modified"] is None
    shipped = (ROOT / "wordlekit" / "data" / "wordle_answers_2315.txt").read_bytes()
    assert got["provenance"]["answers_sha256"] == hashlib.sha256(shipped).hexdigest()
    # caches went to WORDLEKIT_CACHE, nothing into the installed package
    cache = Path(env["WORDLEKIT_CACHE"])
    assert list(cache.glob("patterns-*.npy")) and list((cache / "numba").rglob("*.nbi"))
    # what the run wrote: numba caches or matrices (the stored runs that ship in data/ aside)
    written = [
        p
        for p in package.rglob("*")
        if p.suffix in (".nbi", ".nbc", ".npy") and "data" not in p.relative_to(package).parts
    ]
    assert not written


def test_installed_wheel_api_works_from_another_folder(installed):
    _, _, bin_dir, env, elsewhere, package = installed
    code = (
        "import json, wordlekit; from wordlekit import Game, tables, words; "
        "g = Game.from_lists('nyt-2023'); "
        "print(json.dumps([wordlekit.__file__, len(g.guesses), len(g.answers), "
        "len(words.norvig_counts()), "
        "float(tables.published('rollout_paper_table1').loc['salet', 'easy_mig'])]))"
    )
    proc = _run([str(bin_dir / "python"), "-c", code], elsewhere, env)
    where, guesses, answers, norvig, mig = json.loads(proc.stdout.strip().splitlines()[-1])
    assert Path(where).parent == package
    # sizes from wordlekit/data/SOURCES.md, the value from the published table itself
    assert (guesses, answers, norvig) == (14855, 3158, 333_333)
    published = (ROOT / "wordlekit/data/reference/rollout_paper_table1.csv").read_text()
    assert f"salet,{mig}," in published


def test_installed_wheel_says_reproduce_needs_a_checkout(installed):
    _, _, bin_dir, env, elsewhere, _ = installed
    proc = _run([str(bin_dir / "wordlekit"), "reproduce", "--only", "00"], elsewhere, env, False)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1, proc.stderr
    assert "needs a checkout of the wordlekit repository" in lines[0]
    assert not (elsewhere / "build").exists() and not list(elsewhere.iterdir())
