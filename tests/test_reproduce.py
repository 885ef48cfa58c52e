"""Executed notebooks in place: deterministic files, parameters checked, and ``make verify``.

The check that the committed notebooks are what the code computes must be able to fail: a
notebook executed here, with one character of a stored output changed, fails ``verify`` with
the notebook, the cell and the differing line named, while the unchanged copy passes.
"""

import ast
import importlib
import json
import re

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from wordlekit import WordlekitError, notebook_env, paths, reproduce, verify

#: What must never be in an executed notebook: folders of this machine, memory addresses, run
#: times (a number of seconds, a clock), dates.
VOLATILE = [
    re.escape(str(paths.REPO_ROOT)),
    r"/tmp/",
    r"/home/",
    r"\b0x[0-9a-f]{6,}",
    r"\d s\b",
    r"\d+\.\d+ ?s\b",
    r"\d\d:\d\d(:\d\d)?",
    r"\b20\d\d-\d\d-\d\d",
]


def volatile_text(nb) -> list[str]:
    """Outputs of ``nb`` (not images) that match :data:`VOLATILE`, with the cell they are in."""
    found = []
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            texts = [output.get("text", "")] + [
                v for k, v in output.get("data", {}).items() if k.startswith("text/")
            ]
            for text in texts:
                for pattern in VOLATILE:
                    for match in re.finditer(pattern, "".join(text)):
                        found.append(f"[{cell.execution_count}] {match.group(0)!r}")
    return found


def test_committed_notebooks_are_clean_and_canonical():
    for path in reproduce.notebooks():
        text = path.read_text()
        nb = nbformat.reads(text, as_version=4)
        assert (
            text == nbformat.writes(reproduce.clean(nbformat.reads(text, as_version=4))) + "\n"
        ), f"{path.name}: not as `wordlekit reproduce` writes it"
        assert nb.metadata.kernelspec.name == "python3"
        assert volatile_text(nb) == [], path.name
        assert reproduce.WIDGET_VIEW not in text and '"papermill"' not in text, path.name


def test_clean_drops_timings_widget_state_and_live_views():
    nb = new_notebook(
        metadata={
            "papermill": {"duration": 1.5},
            "widgets": {"state": {}},
            "kernelspec": {"name": "python3", "display_name": "Python 3"},
            "language_info": {"name": "python", "version": "3.11.7"},
        }
    )
    view = {"text/plain": "a panel", reproduce.WIDGET_VIEW: {"model_id": "4f2c"}}
    nb.cells = [
        new_markdown_cell("# t", metadata={"papermill": {}, "tags": []}),
        new_code_cell(
            "panel",
            metadata={"execution": {"iopub.status.idle": "2026"}, "tags": ["parameters"]},
            outputs=[new_output("execute_result", view, execution_count=1)],
        ),
    ]
    reproduce.clean(nb)
    assert set(nb.metadata) == {"kernelspec", "language_info"}
    assert "version" not in nb.metadata.language_info
    assert nb.cells[0].metadata == {} and nb.cells[1].metadata == {"tags": ["parameters"]}
    assert nb.cells[1].outputs[0].data == {"text/plain": "a panel"}


def test_parameters_are_checked_against_the_parameters_cell():
    topk = reproduce.select(["07"])[0]
    assert reproduce.resolve_parameters([("TOP_K", "20")], topk) == {"TOP_K": [20]}
    assert reproduce.resolve_parameters([("TOP_K", "[5, 50]"), ("OPENER", "crane")], topk) == {
        "TOP_K": [5, 50],
        "OPENER": "crane",
    }
    with pytest.raises(
        WordlekitError,
        match="no parameter NOPE in 07-topk-study; its parameters "
        "are OPENER, BASE_HEURISTIC, TOP_K",
    ):
        reproduce.resolve_parameters([("NOPE", "1")], topk)
    with pytest.raises(WordlekitError, match="set OUTPUT_DIR with --output-dir, not -p"):
        reproduce.resolve_parameters([("OUTPUT_DIR", "x")], topk)
    avts = reproduce.select(["13"])[0]
    assert reproduce.resolve_parameters([("SEED", "3"), ("PICKERS", "thompson")], avts) == {
        "SEED": 3,
        "PICKERS": ["thompson"],
    }
    with pytest.raises(
        WordlekitError, match="parameter SEED of 13-avts-generic-search expects int, got 'x'"
    ):
        reproduce.resolve_parameters([("SEED", "x")], avts)


def test_other_parameters_never_write_to_notebooks_or_figures(tmp_path):
    # None means a full run: the notebooks in place and figures/.
    assert reproduce.output_folder(False, None, None, tmp_path) is None
    assert reproduce.output_folder(True, None, None, tmp_path) == tmp_path / "runs" / "quick"
    assert (
        reproduce.output_folder(False, [("TOP_K", "20")], None, tmp_path)
        == tmp_path / "runs" / "TOP_K=20"
    )
    assert (
        reproduce.output_folder(True, [("SEEDS", "[1, 2]")], None, tmp_path).name
        == "quick-SEEDS=_1,_2"
    )
    assert reproduce.output_folder(False, [("A", "1")], "elsewhere", tmp_path).name == "elsewhere"


def test_last_full_run_is_measured_or_read_from_the_notebook(tmp_path):
    # A notebook of our own: the real headers change with every full run.
    notebook = tmp_path / "13-example.ipynb"
    header = "# Example\n\nRegenerates `figures/x.png`. **Full run here:** about 16 minutes.\n"
    nbformat.write(new_notebook(cells=[new_markdown_cell(header)]), str(notebook))
    assert reproduce.last_full_run(notebook, tmp_path) == "about 16 minutes"
    (tmp_path / reproduce.TIMES_FILE).write_text(json.dumps({notebook.stem: 990.4}))
    assert reproduce.last_full_run(notebook, tmp_path) == "990 s"
    nbformat.write(new_notebook(cells=[new_markdown_cell("# No time said")]), str(notebook))
    (tmp_path / reproduce.TIMES_FILE).unlink()
    assert reproduce.last_full_run(notebook, tmp_path) == "not known"


def test_every_notebook_says_how_long_its_full_run_takes(tmp_path):
    for notebook in reproduce.select(None):
        said = reproduce.last_full_run(notebook, tmp_path)
        assert said != "not known" and re.search(r"\d|few", said), notebook.name


def test_first_difference_names_the_output_and_line():
    committed = [
        new_output("stream", name="stdout", text="total 7920\nmean 3.4212\n"),
        new_output("display_data", {"text/plain": "<Figure>", "image/png": "AAAA"}),
    ]
    computed = [
        new_output("stream", name="stdout", text="total 7920\n"),
        new_output("stream", name="stdout", text="mean 3.4213\n"),
        new_output("display_data", {"text/plain": "<Figure>", "image/png": "BBBB"}),
    ]
    assert verify.first_difference(committed, computed) == (
        "stdout",
        2,
        "mean 3.4212",
        "mean 3.4213",
    )
    assert verify.first_difference(committed, committed) is None
    assert verify.first_difference(committed, computed[2:]) == ("stdout", 1, "total 7920", "(none)")


def test_verify_refuses_a_notebook_without_outputs(tmp_path):
    path = tmp_path / "unrun.ipynb"
    nbformat.write(new_notebook(cells=[new_code_cell("print(1)")]), str(path))
    with pytest.raises(
        WordlekitError, match="no outputs to compare in unrun: run `make reproduce`"
    ):
        verify.verify([path], tmp_path / "scratch")


@pytest.mark.slow
def test_verify_fails_on_a_one_character_change(tmp_path, capfd):
    # A tiny notebook, executed as `make reproduce` executes: a parameters cell, then a wordlekit
    # computation that prints a number (BOUND(10, 3) = 1 + 2 * 3 + 3 * 6 = 25 guesses in all).
    source = new_notebook(
        cells=[
            new_markdown_cell("# check"),
            new_code_cell(
                'OUTPUT_DIR: str = ""  # folder for tables', metadata={"tags": ["parameters"]}
            ),
            new_code_cell(
                "from wordlekit import bounds\nprint('BOUND(10, 3) =', bounds.bound(10, 3))"
            ),
        ]
    )
    nbformat.write(source, str(tmp_path / "source.ipynb"))
    good, changed = tmp_path / "good.ipynb", tmp_path / "changed.ipynb"
    reproduce.execute(tmp_path / "source.ipynb", good)
    text = good.read_text()
    assert "BOUND(10, 3) = 25\\n" in text
    changed.write_text(text.replace("BOUND(10, 3) = 25", "BOUND(10, 3) = 26"))
    capfd.readouterr()
    assert verify.verify([good, changed], tmp_path / "scratch", log=lambda *a: None) == 1
    out = capfd.readouterr().out
    assert re.search(r"1 failed, 3 passed", out), out
    assert (
        f'{changed}, cell [2] (nbval Cell 1, "from wordlekit import bounds"): stdout, line 1\n'
        "    committed: BOUND(10, 3) = 26\n    computed:  BOUND(10, 3) = 25" in out
    ), out
    assert "good.ipynb, cell" not in out


def test_numpy_paths_above_avx2_are_every_such_path_of_this_numpy():
    # The kernels turn off numpy's paths above x86-64-v3 by name: a numpy with another name for
    # one (a new AVX-512 family, or names renamed) would run it again unless the list follows.
    dispatch = importlib.import_module("numpy._core._multiarray_umath").__cpu_dispatch__
    assert set(dispatch) - {"X86_V3"} == set(notebook_env.NUMPY_TARGETS_OFF)


def test_cpu_flags_read_from_a_cpuinfo_file(tmp_path):
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\nflags\t\t: fpu sse2 avx avx2 fma\nbugs\t\t: none\n")
    assert notebook_env.cpu_flags(cpuinfo) == {"fpu", "sse2", "avx", "avx2", "fma"}
    assert notebook_env.cpu_flags(tmp_path / "none") == frozenset()


@pytest.mark.slow
def test_reproduce_and_verify_start_kernels_with_the_pinned_paths(tmp_path, capfd):
    # A kernel of `reproduce` prints what it was started with and which code numpy's log2 runs;
    # `verify` re-executes it and must print the same, so a kernel of either without the
    # variables fails here (on an AVX-512 machine log2 would then name X86_V4).
    keys = sorted(notebook_env.notebook_env())
    source = tmp_path / "source.ipynb"
    tiny_notebook(
        source,
        "import os\nfrom numpy.lib.introspect import opt_func_info\n"
        f"print({{k: os.environ.get(k) for k in {keys!r}}})\n"
        "print('log2:', opt_func_info('log2', 'float64')['log2']['dd']['current'])",
    )
    executed = tmp_path / "executed.ipynb"
    reproduce.execute(source, executed)
    printed = "".join(nbformat.read(str(executed), as_version=4).cells[2].outputs[0]["text"])
    assert ast.literal_eval(printed.splitlines()[0]) == notebook_env.notebook_env()
    assert "X86_V4" not in printed.splitlines()[1]
    capfd.readouterr()
    assert verify.verify([executed], tmp_path / "scratch", log=lambda *a: None) == 0


def tiny_notebook(path, code):
    """A notebook with a parameters cell (OUTPUT_DIR) and one code cell."""
    nbformat.write(
        new_notebook(
            cells=[
                new_markdown_cell("# tiny\n\n**Full run here:** a few seconds."),
                new_code_cell(
                    'OUTPUT_DIR: str = ""  # folder for tables', metadata={"tags": ["parameters"]}
                ),
                new_code_cell(code),
            ],
            metadata={"kernelspec": reproduce.KERNELSPEC},
        ),
        str(path),
    )


def test_which_notebooks_read_which_tables():
    # Read by hand: 04 plots rollout-table1.csv and rollout-table2.csv, which 02 and 03 write,
    # and optimal-strict-openers.csv, which 09 writes; 06 compares rollout over every guess
    # with rollout-table1.csv's columns; 20 sets its rollouts beside 12's (sophiezero-rollout.csv);
    # 02 also reads optimal_totals_selby.csv, a reference table no notebook writes.
    found = reproduce.reads_from(reproduce.notebooks())
    assert {
        nb.stem[:2]: sorted(o.stem[:2] for o in others) for nb, others in found.items() if others
    } == {"04": ["02", "03", "09"], "06": ["02"], "20": ["12"]}
    # one job runs them in that order too: 04 after 09, whose strict optima it draws
    order = [nb.stem[:2] for nb in reproduce.reading_order(reproduce.notebooks())]
    assert order.index("04") > order.index("09") and order[:4] == ["00", "01", "02", "03"]


def test_longest_recorded_first_never_timed_before_them(tmp_path):
    books = [tmp_path / f"{n}.ipynb" for n in ("01-a", "02-b", "03-c", "04-d")]
    assert reproduce.longest_first(books, {}) == books  # nothing recorded: reading order
    order = reproduce.longest_first(books, {"01-a": 5.0, "02-b": 900.0, "04-d": 60.0})
    assert [nb.stem for nb in order] == ["03-c", "02-b", "04-d", "01-a"]
    # the order comes from build/reproduce-times.json, never from a notebook's prose
    (tmp_path / reproduce.TIMES_FILE).write_text(json.dumps({"01-a": 5.0}))
    assert reproduce.recorded_times(tmp_path) == {"01-a": 5.0}


def test_list_parameters_take_items_of_their_defaults_type():
    lookahead = reproduce.select(["15"])[0]  # DEPTHS: list = [1, 2, 3]
    assert reproduce.resolve_parameters([("DEPTHS", "[2, 3]")], lookahead) == {"DEPTHS": [2, 3]}
    assert reproduce.resolve_parameters([("DEPTHS", "2")], lookahead) == {"DEPTHS": [2]}
    for text in ("abc", "[1, 'a']", "[1.5]", "True"):
        with pytest.raises(
            WordlekitError,
            match=r"parameter DEPTHS of 15-teaching-lookahead-truncated-sampled expects a list "
            r"of int such as \[1, 2, 3\] \(or one int\), got",
        ):
            reproduce.resolve_parameters([("DEPTHS", text)], lookahead)
    prior = reproduce.select(["11"])[0]  # POWERS: list = [0.0, 0.25, ...]: an int is a number
    assert reproduce.resolve_parameters([("POWERS", "[1, 0.5]")], prior) == {"POWERS": [1, 0.5]}


#: A notebook cell that waits for a file another notebook writes: the event that orders the
#: notebooks below, instead of a sleep long enough on this machine. The deadline only turns a
#: broken run into a failure instead of a hang.
WAIT_FOR = (
    "import pathlib, time\ndeadline = time.monotonic() + 300\n"
    "while not pathlib.Path(OUTPUT_DIR, {name!r}).exists():\n"
    "    assert time.monotonic() < deadline, 'never written: ' + {name!r}\n"
    "    time.sleep(0.05)\n"
)
WRITE = (
    "import pandas as pd\nfrom wordlekit import tables\n"
    "tables.write_table(pd.DataFrame({{'table': [{name!r}]}}), {name!r}, OUTPUT_DIR)"
)


@pytest.mark.slow
def test_notebooks_side_by_side_wait_for_the_tables_they_read(tmp_path, monkeypatch):
    # 04 reads the tables 02 and 03 write (reads_from). With two at a time and no times
    # recorded, 02 and 03 start together in reading order; 02 ends only after 03 has written
    # its table (an event, not a sleep), and 04 may take 03's place only once 02 has ended.
    books = tmp_path / "notebooks"
    books.mkdir()
    tiny_notebook(
        books / "02-slow.ipynb", WAIT_FOR.format(name="three.csv") + WRITE.format(name="two")
    )
    tiny_notebook(books / "03-fast.ipynb", WRITE.format(name="three"))
    tiny_notebook(
        books / "04-reads.ipynb",
        "import pathlib\nimport pandas as pd\n"
        "print([pd.read_csv(pathlib.Path(OUTPUT_DIR, name))['table'][0] "
        "for name in ('three.csv', 'two.csv')])",
    )
    monkeypatch.setattr(paths, "NOTEBOOKS_DIR", books)
    out = tmp_path / "out"
    build = tmp_path / "build"
    lines = []
    timings = reproduce.run(
        output_dir=out, build_dir=build, jobs=2, progress=False, log=lines.append
    )
    assert [name for name, _ in timings] == ["02-slow", "03-fast", "04-reads"]
    done = [line.split(":")[0].strip() for line in lines if line.startswith("  0")]
    assert done == ["03-fast", "02-slow", "04-reads"]  # side by side: 02 waited for 03
    executed = nbformat.read(str(out / "notebooks" / "04-reads.ipynb"), as_version=4)
    assert executed.cells[-1].outputs[0]["text"] == "['three', 'two']\n"
    # the run's summary stays with the run; build/ (the last full run's) is untouched
    assert "2 notebooks at a time" in (out / "reproduce-summary.md").read_text()
    assert not (build / "reproduce-summary.md").exists() and not (build / "notebooks").exists()
    # A failing notebook stops the run with its name, as one at a time does, and its partial
    # notebook is where the run said its notebooks go.
    tiny_notebook(books / "03-fast.ipynb", "raise ValueError('no table')")
    failed = out / "notebooks" / "03-fast.ipynb"
    with pytest.raises(
        WordlekitError,
        match=rf"03-fast.ipynb failed in cell \[\d\]: ValueError: no table; its outputs so far: {re.escape(str(failed))}",
    ):
        reproduce.run(output_dir=out, build_dir=build, jobs=2, progress=False, log=lines.append)
    assert "no table" in failed.read_text()
