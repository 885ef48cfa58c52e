"""The house's layers (docs/architecture.md), checked by import-linter as configured in
pyproject.toml: no module imports from a layer above its own, and no import circle. Each check
is also shown to fail on a copy of the package given an upward import or a circle."""

import pkgutil
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from wordlekit import paths

ROOT = paths.REPO_ROOT


def _lint_imports(cwd: Path) -> subprocess.CompletedProcess:
    tool = Path(sys.executable).with_name("lint-imports")
    if not tool.exists():
        found = shutil.which("lint-imports")
        if found is None:
            pytest.fail("lint-imports is not installed: `make test` installs it (the 'test' extra)")
        tool = Path(found)
    # lint-imports finds the package on sys.path, to which it adds the working directory first:
    # run in ROOT it reads this checkout's wordlekit/, run in a copy's directory the copy.
    return subprocess.run(
        [str(tool), "--no-cache", "--no-logo", str(cwd / "pyproject.toml")],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


def test_every_contract_is_kept():
    done = _lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "6 kept, 0 broken" in done.stdout, done.stdout


@pytest.fixture
def package_copy(tmp_path):
    """A copy of wordlekit/ and pyproject.toml in tmp_path, to break on purpose."""
    shutil.copytree(
        ROOT / "wordlekit", tmp_path / "wordlekit", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _append(path: Path, line: str) -> None:
    path.write_text(path.read_text() + line)


def test_an_upward_import_breaks_the_layers(package_copy):
    # words (data, layer 2) reaching up for policies by name (layer 6), inside a function as
    # the imports that made the old circle did: import-linter sees those too.
    _append(
        package_copy / "wordlekit" / "words.py",
        "\n\ndef _upward():\n    from .policies import make_policy\n\n    return make_policy\n",
    )
    done = _lint_imports(package_copy)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Layers never point up BROKEN" in done.stdout
    assert "wordlekit.words is not allowed to import wordlekit.policies" in done.stdout


def test_a_circle_within_a_layer_breaks_the_acyclic_contract(package_copy):
    # lifted and avts share a floor of layer 6 (siblings that may import each other one way),
    # so only the second contract sees them import each other both ways.
    _append(package_copy / "wordlekit" / "lifted.py", "\nfrom .avts import Search  # noqa\n")
    _append(
        package_copy / "wordlekit" / "avts" / "__init__.py",
        "\nfrom ..lifted import Lifted  # noqa\n",
    )
    done = _lint_imports(package_copy)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Layers never point up KEPT" in done.stdout
    assert "No import circles between modules or packages BROKEN" in done.stdout


def test_an_upward_import_inside_layer_6_breaks_the_layers(package_copy):
    # Layer 6's floors are contract, not prose: a one-step score reaching up for tree search
    # fails, as the issue that made them one asked.
    _append(package_copy / "wordlekit" / "valuations.py", "\nfrom .avts import Search  # noqa\n")
    done = _lint_imports(package_copy)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Layers never point up BROKEN" in done.stdout
    assert "wordlekit.valuations is not allowed to import wordlekit.avts" in done.stdout


def test_a_module_without_a_layer_breaks_the_layers(package_copy):
    (package_copy / "wordlekit" / "unplaced.py").write_text('"""A module nobody placed."""\n')
    done = _lint_imports(package_copy)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "unplaced" in done.stdout


@pytest.mark.parametrize(
    "package, module, line, contract",
    [
        # The numbers' ranges reaching up for a command's module (cli, issue 26).
        ("cli", "options.py", "from .exact import cmd_evaluate", "The command line's modules"),
        # The canonical form of a notebook reaching up for the whole run (reproduce).
        ("reproduce", "canonical.py", "from .runner import run", "The notebooks' runner's modules"),
    ],
)
def test_an_upward_import_inside_a_front_end_package_breaks_its_contract(
    package_copy, package, module, line, contract
):
    _append(package_copy / "wordlekit" / package / module, f"\n{line}  # noqa\n")
    done = _lint_imports(package_copy)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Layers never point up KEPT" in done.stdout
    assert f"{contract} never point up BROKEN" in done.stdout


def test_an_experiment_importing_another_breaks_their_contract(package_copy):
    # The experiments are independent: the rollout paper's grid reaching for the Newton study
    # fails (issue 43), as does an experiment nobody placed.
    experiments = package_copy / "wordlekit" / "experiments"
    _append(experiments / "policy_grid.py", "\nfrom .newton import fit_newton  # noqa\n")
    (experiments / "unplaced.py").write_text('"""An experiment nobody placed."""\n')
    done = _lint_imports(package_copy)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Layers never point up KEPT" in done.stdout
    assert "The experiments import nothing of each other BROKEN" in done.stdout
    assert "wordlekit.experiments.policy_grid is not allowed to import" in done.stdout
    assert "wordlekit.experiments.unplaced" in done.stdout


def contract_layers(pyproject: str, contract: str) -> list[tuple[int | None, list[str]]]:
    """The layers of the contract with id ``contract``, top first: (the number of the layer
    its comment gives, ``# 8. Front ends``, or None; the modules of the line)."""
    body = pyproject[pyproject.index(f'id = "{contract}"') :]
    body = body[body.index("layers = [") : body.index("\n]")]
    layer, found = None, []
    for line in body.splitlines():
        numbered = re.match(r"\s*# (\d)\.", line)
        if numbered:
            layer = int(numbered.group(1))
        quoted = re.match(r'\s*"([^"]+)"', line)
        if quoted:
            found.append((layer, re.split(r"\s*[:|]\s*", quoted.group(1))))
    return found


#: The packages with layers of their own (their contracts' ids), named on the page's table.
PACKAGES = {
    "cli": "cli-layers",
    "reproduce": "reproduce-layers",
    "optimal": "optimal-layers",
    "experiments": "experiments-independent",
}


def unlisted(pyproject: str, page: str) -> list[str]:
    """The modules docs/architecture.md leaves out: a module of the layers contract not named
    (in backticks) in the row of its layer of the page's layer table, and a module of a
    package with a contract of its own not named in that package's row of the packages' table."""
    modules = {m: n for n, line in contract_layers(pyproject, "layers") for m in line}
    rows = {
        int(m.group(1)): m.group(0)
        for m in re.finditer(r"^\| (\d)\. [^|]+\|[^|]+\|", page, flags=re.MULTILINE)
    }
    assert sorted(rows) == list(range(1, 9)) and set(modules.values()) == set(rows), rows
    missing = [m for m, n in modules.items() if f"`{m}`" not in rows[n]]
    for package, contract in PACKAGES.items():
        row = re.search(rf"^\| `{package}` \|[^\n]+", page, flags=re.MULTILINE)
        assert row, f"no row for {package} in the packages' table"
        missing += [
            f"{package}.{m}"
            for _, line in contract_layers(pyproject, contract)
            for m in line
            if f"`{m}`" not in row.group(0)
        ]
    return sorted(missing)


def test_the_architecture_page_names_every_module_in_its_layer():
    # docs/architecture.md's tables against pyproject.toml's contracts: each module of the
    # layers contract is named (in backticks) in the row of its layer, the contract's comments
    # numbering the layers ("# 8. Front ends") top first as the page's rows do; each module of
    # a package with layers of its own in that package's row.
    pyproject = (ROOT / "pyproject.toml").read_text()
    page = (ROOT / "docs" / "architecture.md").read_text()
    missing = unlisted(pyproject, page)
    assert not missing, f"not in the row of their layer in docs/architecture.md: {missing}"


def test_every_module_of_the_package_has_a_layer():
    # The contracts are exhaustive (lint-imports fails on a module without a layer), so the
    # page's check above covers every module there is: here, the same read without the tool.
    pyproject = (ROOT / "pyproject.toml").read_text()
    placed = {m for _, line in contract_layers(pyproject, "layers") for m in line}
    there = {info.name for info in pkgutil.iter_modules([str(ROOT / "wordlekit")])}
    assert there == placed, (there - placed, placed - there)
    for package, contract in PACKAGES.items():
        placed = {m for _, line in contract_layers(pyproject, contract) for m in line}
        there = {info.name for info in pkgutil.iter_modules([str(ROOT / "wordlekit" / package)])}
        assert there == placed, (package, there - placed, placed - there)


def test_the_page_check_fails_on_an_unlisted_module():
    pyproject = (ROOT / "pyproject.toml").read_text()
    page = (ROOT / "docs" / "architecture.md").read_text()
    # A module given a layer in the contract but named nowhere on the page's row.
    added = pyproject.replace('"openers : sweep :', '"openers : unplaced : sweep :', 1)
    assert added != pyproject and unlisted(added, page) == ["unplaced"]
    # A module the page's row drops (tables, layer 7), and one a package's row drops.
    row = re.search(r"^\| 7\. [^\n]+", page, flags=re.MULTILINE).group(0)
    dropped = page.replace(row, row.replace("`tables`", "tables"))
    assert unlisted(pyproject, dropped) == ["tables"]
    dropped = page.replace("`newton`, `many_boards`", "newton, `many_boards`", 1)
    assert unlisted(pyproject, dropped) == ["experiments.newton"]
