"""Packaging: environment.yml, CITATION.cff and pyproject.toml agree; the version is the installed
metadata's; the README's commands are what CI runs; the licence is MIT."""

import importlib.metadata
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

import wordlekit
from wordlekit import WordlekitError, paths, version

ROOT = paths.REPO_ROOT


def _requirement(spec: str) -> tuple[str, str]:
    match = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*(.*?)\s*", spec)
    return canonicalize_name(match.group(1)), match.group(2).replace(" ", "")


def test_environment_yml_has_the_same_dependencies_as_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = dict(map(_requirement, project["dependencies"]))
    for extra in project["optional-dependencies"].values():
        wanted.update(map(_requirement, extra))
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["channels"] == ["conda-forge"]
    conda = dict(_requirement(d) for d in env["dependencies"] if isinstance(d, str))
    python = conda.pop("python")
    assert python == project["requires-python"]
    assert conda == wanted


def _pins() -> dict[str, str]:
    """constraints.txt as package -> version (every line a comment or ``name==version``)."""
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.startswith("#"):
            continue
        name, version_ = re.fullmatch(r"([A-Za-z0-9_.\-]+)==(\S+)", line).groups()
        pins[canonicalize_name(name)] = version_
    return pins


def test_constraints_pin_every_dependency_within_pyprojects_ranges():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = dict(map(_requirement, project["dependencies"]))
    for extra in ("test", "book"):
        wanted.update(map(_requirement, project["optional-dependencies"][extra]))
    pins = _pins()
    unpinned = sorted(set(wanted) - set(pins))
    assert not unpinned, f"not in constraints.txt: {unpinned}"
    outside = {n: (pins[n], s) for n, s in wanted.items() if pins[n] not in SpecifierSet(s)}
    assert not outside, f"pinned outside pyproject.toml's range: {outside}"
    makefile = (ROOT / "Makefile").read_text()
    assert "pip install --quiet --disable-pip-version-check -c constraints.txt" in makefile


def test_the_tests_run_with_the_pinned_numerical_packages():
    # The committed notebooks, tables and figures were computed with these: another version
    # passes tests of behaviour but may not re-derive them byte for byte (`make setup` installs
    # the pins; a .venv built another way needs it run again).
    pins = _pins()
    names = ["numpy", "numba", "llvmlite", "pandas", "matplotlib", "pillow", "scikit-learn"]
    found = {n: importlib.metadata.version(n) for n in names}
    assert found == {n: pins[n] for n in names}


def test_readme_quick_start_has_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"^(make \w+)$", quick, flags=re.M)
    assert commands == ["make reproduce", "make test"]
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def test_caches_go_to_the_user_cache_folder_or_wordlekit_cache(tmp_path, monkeypatch):
    # platformdirs on Linux follows the XDG base directory specification: $XDG_CACHE_HOME/NAME
    monkeypatch.delenv("WORDLEKIT_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert paths.cache_dir() == tmp_path / "xdg" / "wordlekit"
    assert paths.numba_cache_dir() == tmp_path / "xdg" / "wordlekit" / "numba"
    monkeypatch.setenv("WORDLEKIT_CACHE", str(tmp_path / "mine"))
    assert paths.cache_dir() == tmp_path / "mine" and (tmp_path / "mine").is_dir()


def test_an_unwritable_cache_folder_is_one_clear_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("WORDLEKIT_CACHE", str(blocker / "cache"))
    with pytest.raises(WordlekitError, match="cannot be created.*set WORDLEKIT_CACHE"):
        paths.cache_dir()


def test_numba_caches_outside_the_package():
    # set when wordlekit is imported (the tests' environment does not set it)
    cache = Path(os.environ["NUMBA_CACHE_DIR"])
    assert paths.REPO_ROOT / "wordlekit" not in (cache, *cache.parents)


def test_version_is_pyprojects_read_from_the_installed_metadata(monkeypatch):
    number = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert wordlekit.__version__ == version.package_version() == number
    assert importlib.metadata.version("wordlekit") == number

    # A source tree imported without installing it: a version no release has, not a crash.
    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(version, "version", missing)
    version.package_version.cache_clear()
    try:
        assert version.package_version() == version.UNKNOWN == "0+unknown"
    finally:
        version.package_version.cache_clear()


def test_wordlekit_version_prints_the_installed_version():
    proc = subprocess.run(
        [sys.executable, "-m", "wordlekit", "--version"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    number = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, f"wordlekit {number}\n", "")


def test_citation_cff_says_what_pyproject_says():
    # The format's own checks were run once with cffconvert 2.0.0 (`cffconvert --validate`, which
    # validates against the CFF 1.2.0 JSON schema); this test keeps the file in step with the
    # package.
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert cff["cff-version"] == "1.2.0"
    assert cff["title"] == project["name"]
    assert cff["version"] == project["version"]
    assert cff["license"] == project["license"]["text"] == "MIT"
    assert cff["type"] == "software" and cff["authors"] and cff["message"]


def test_license_is_mit_for_the_wordlekit_developers():
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 the wordlekit developers" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in text
