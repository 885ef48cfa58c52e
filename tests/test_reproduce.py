"""Executed notebooks in place: deterministic files, parameters checked, and ``make verify``.

The check that the committed notebooks are what the code computes must be able to fail: a
notebook executed here, with one character of a stored output changed, fails ``verify`` with
the notebook, the cell and the differing line named, while the unchanged copy passes.
"""

import json
import re

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from wordlekit import WordlekitError, paths, reproduce, verify

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


@pytest.mark.slow
def test_notebooks_side_by_side_wait_for_the_tables_they_read(tmp_path, monkeypatch):
    # 04 reads what 02 and 03 write (READS_FROM). With two at a time, 02 (slow) and 03 start
    # together; 04 may take 03's place only once 02 has written its table too, else it fails.
    books = tmp_path / "notebooks"
    books.mkdir()
    write = (
        "import pathlib, time\ntime.sleep({pause})\npathlib.Path(OUTPUT_DIR).mkdir(exist_ok=True)\n"
        "pathlib.Path(OUTPUT_DIR, '{name}.txt').write_text('{name}')"
    )
    tiny_notebook(books / "02-slow.ipynb", write.format(pause=4, name="two"))
    tiny_notebook(books / "03-fast.ipynb", write.format(pause=0, name="three"))
    tiny_notebook(
        books / "04-reads.ipynb",
        "import pathlib\nprint(sorted(p.read_text() for p in pathlib.Path(OUTPUT_DIR).glob('*.txt')))",
    )
    monkeypatch.setattr(paths, "NOTEBOOKS_DIR", books)
    out = tmp_path / "out"
    lines = []
    timings = reproduce.run(
        output_dir=out, build_dir=tmp_path / "build", jobs=2, progress=False, log=lines.append
    )
    assert [name for name, _ in timings] == ["02-slow", "03-fast", "04-reads"]
    done = [line.split(":")[0].strip() for line in lines if line.startswith("  0")]
    assert done == ["03-fast", "02-slow", "04-reads"]  # side by side: the fast one ended first
    executed = nbformat.read(str(out / "notebooks" / "04-reads.ipynb"), as_version=4)
    assert executed.cells[-1].outputs[0]["text"] == "['three', 'two']\n"
    assert "2 notebooks at a time" in (tmp_path / "build" / "reproduce-summary.md").read_text()
    # A failing notebook stops the run with its name, as one at a time does.
    tiny_notebook(books / "03-fast.ipynb", "raise ValueError('no table')")
    with pytest.raises(
        WordlekitError, match=r"03-fast.ipynb failed in cell \[\d\]: ValueError: no table"
    ):
        reproduce.run(
            output_dir=out, build_dir=tmp_path / "build", jobs=2, progress=False, log=lines.append
        )
