"""Packaging: environment.yml and pyproject.toml agree; the README's commands are what CI runs."""

import re
import tomllib

import yaml

from wordlekit import paths

ROOT = paths.REPO_ROOT


def _requirement(spec: str) -> tuple[str, str]:
    match = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*(.*?)\s*", spec)
    return match.group(1).lower().replace("_", "-"), match.group(2).replace(" ", "")


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


def test_readme_quick_start_has_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"^(make \w+)$", quick, flags=re.M)
    assert commands == ["make reproduce", "make test"]
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def test_every_subpackage_of_wordlekit_is_listed_to_ship():
    """setuptools installs the packages pyproject.toml lists, not the folders it finds: a
    subpackage left out of the list (``wordlekit._kernels`` when it was split from one file)
    works in the editable checkout and is missing from every wheel."""
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "wordlekit").rglob("__init__.py")
    }
    assert "wordlekit._kernels" in found
    assert sorted(found - set(listed)) == []
