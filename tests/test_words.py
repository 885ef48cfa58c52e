"""Word lists: the original data and its hashes, and clear errors for bad lists."""

import shutil

import pandas as pd
import pytest

from wordlekit import (
    WordlekitError,
    WordList,
    original_answers,
    original_guesses,
    paths,
    read_word_file,
)
from wordlekit import words as words_mod
from wordlekit.experiments.many_boards import read_stored
from wordlekit.openers import read_stored_sweep, stored_sweep_record


def test_original_lists_have_the_published_sizes_and_answers_are_guesses():
    guesses, answers = original_guesses(), original_answers()
    assert (len(guesses), len(answers)) == (12972, 2315)
    assert all(a in guesses for a in answers)
    # From the data's SOURCES.md: which openers of the rollout paper are answers.
    for w in ["salet", "reast", "trape", "slane", "prate", "carle"]:
        assert w in guesses and w not in answers
    for w in ["crate", "trace", "slate", "crane", "train", "raise", "clout"]:
        assert w in answers


def test_norvig_corpus_lacks_only_wooer_among_answers():
    counts = words_mod.norvig_counts()
    assert len(counts) == 333_333
    assert [a for a in original_answers() if a not in counts] == ["wooer"]


def _copy_data(tmp_path):
    """Every checked file of wordlekit/data/ copied into ``tmp_path``, at its path there."""
    for name in words_mod.DATA_SHA256:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(paths.DATA_DIR / name, tmp_path / name)


def test_corrupted_data_file_is_refused_with_both_hashes(tmp_path, monkeypatch):
    _copy_data(tmp_path)
    with open(tmp_path / "wordle_answers_2315.txt", "a") as f:
        f.write("zzzzz\n")
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    with pytest.raises(
        WordlekitError,
        match=r"wordle_answers_2315.txt: sha256 is [0-9a-f]{64}, "
        r"expected f40e4797",
    ):
        original_answers()


def test_stored_sweep_holds_every_opener_and_selbys_hard_top_ten():
    # Expected: the 12,972 guesses of the original lists (SOURCES.md), and Selby's published
    # hard.top101.proven, whose first ten (ties included) the run proved, in his order.
    rows = read_stored_sweep("top_hard_original")
    assert sorted(rows.index) == list(original_guesses())
    selby = pd.read_csv(paths.REFERENCE_DIR / "optimal_totals_selby_hard.csv", index_col="opener")
    top = rows[rows["status"] == "proved top"]
    assert list(top.index) == list(selby.index[:10])
    assert top["total"].tolist() == selby["hard_total"].iloc[:10].tolist()
    assert (
        top["rank"].tolist()
        == selby["hard_total"].iloc[:10].rank(method="min").astype(int).tolist()
    )


def test_stored_nyt2022_sweep_holds_every_opener_and_selbys_hard_best():
    # Expected: the 14,855 NYT guesses (SOURCES.md), and Selby's published
    # results_hard_nyt20220830, whose best opener (salet 8097) the run proved the best.
    rows = read_stored_sweep("top_hard_nyt2022")
    assert sorted(rows.index) == sorted(words_mod.named_lists("nyt-2022")[0])
    selby = pd.read_csv(
        paths.REFERENCE_DIR / "optimal_totals_selby_hard_nyt.csv", index_col="opener"
    )["nyt2022_hard_total"]
    top = rows[rows["status"] == "proved top"]
    assert list(top.index) == list(selby.index[:1]) and top["total"].tolist() == [selby.iloc[0]]
    assert rows.index[0] == selby.index[0] and top["rank"].tolist() == [1]


@pytest.mark.parametrize(
    "name, table, column",
    [
        ("top_hard_original", "optimal_totals_selby_hard", "hard_total"),
        ("top_hard_nyt2022", "optimal_totals_selby_hard_nyt", "nyt2022_hard_total"),
    ],
)
def test_stored_sweep_rows_agree_with_selbys_published_optima(name, table, column):
    # Expected: Selby's published optima (hard.top101.proven; results_hard_nyt20220830, every
    # opener at most its 101st total). Each of our exact rows he lists is his total, each
    # bound is at most his total; on nyt-2022 his file holds every opener at most its last
    # total, so our exact rows are all in it and our infeasible openers are not (he lists them
    # as Infinity). (The bounds of openers it lacks, up to 8842, were checked once against his
    # whole file: wordlekit/data/SOURCES.md.)
    rows = read_stored_sweep(name)
    selby = pd.read_csv(paths.REFERENCE_DIR / f"{table}.csv", index_col="opener")[column]
    theirs = selby.reindex(rows.index)
    listed = theirs.notna()
    exact, bound = rows["relation"] == "=", rows["relation"] == ">="
    assert (rows.loc[exact & listed, "total"] == theirs[exact & listed]).all()
    assert (rows.loc[bound & listed, "total"] <= theirs[bound & listed]).all()
    assert exact[listed].sum() > 0 and bound[listed].sum() > 0
    if name == "top_hard_nyt2022":
        assert listed[exact].all()
        assert not listed[rows["relation"] == "infeasible"].any()


def test_corrupted_stored_sweep_is_refused_naming_the_file_and_both_hashes(tmp_path, monkeypatch):
    _copy_data(tmp_path)
    path = tmp_path / "sweeps" / "top_hard_original.csv"
    data = bytearray(path.read_bytes())
    at = data.index(b"8122")  # salet's optimum, edited by one byte
    data[at + 3] = ord("1")
    path.write_bytes(bytes(data))
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    expected = words_mod.DATA_SHA256["sweeps/top_hard_original.csv"]
    with pytest.raises(WordlekitError) as caught:
        read_stored_sweep("top_hard_original")
    message = str(caught.value)
    assert message.startswith(f"{path}: sha256 is {words_mod.file_sha256(path)}, ")
    assert f"expected {expected}" in message and "corrupted or was edited" in message


def test_unknown_stored_sweep_is_named():
    with pytest.raises(WordlekitError, match="unknown stored sweep 'top_easy'.*top_hard_original"):
        read_stored_sweep("top_easy")


def test_stored_sweep_record_is_its_row_of_sources_md():
    record = stored_sweep_record("top_hard_original")
    # the row's own sha256 is the recorded one, and its command is the one that made the file
    assert record["sha256"] == words_mod.DATA_SHA256["sweeps/top_hard_original.csv"]
    assert "wordlekit top-openers --k 10 --mode hard" in record["run"]
    assert record["rows"].startswith("12,972: settled by V_2")
    assert record["measured cost"].startswith("worker seconds from the run's stores")


def test_stored_sweep_record_without_a_row_is_a_clear_error(tmp_path, monkeypatch):
    _copy_data(tmp_path)
    sources = tmp_path / "SOURCES.md"
    text = (paths.DATA_DIR / "SOURCES.md").read_text(encoding="utf-8")
    kept = [line for line in text.splitlines() if not line.startswith("| top_hard_nyt2022.csv |")]
    sources.write_text("\n".join(kept) + "\n", encoding="utf-8")
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    with pytest.raises(
        WordlekitError, match="SOURCES.md has no row for the stored sweep top_hard_nyt2022.csv"
    ):
        stored_sweep_record("top_hard_nyt2022")


def test_missing_data_file_is_reported(tmp_path, monkeypatch):
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    with pytest.raises(WordlekitError, match="missing"):
        original_guesses()


@pytest.mark.parametrize(
    "words, message",
    [
        ((), "empty"),
        (("ab", "cd"), "2 letters"),
        (("abcdefghi",), "9 letters"),
        (("crane", "slat"), "not 5 letters long, e.g. 'slat'"),
        (("crane", "crane"), "duplicate word.*'crane'"),
        (("cr ne",), "white space"),
    ],
)
def test_bad_lists_are_refused_naming_the_words(words, message):
    with pytest.raises(WordlekitError, match=message):
        WordList(words, "test list")


def test_user_word_file_is_read_lowercased(tmp_path):
    path = tmp_path / "six.txt"
    path.write_text("Ambros\nrabies\n\ntances\n")
    wl = read_word_file(path)
    assert wl.words == ("ambros", "rabies", "tances") and wl.length == 6


def test_unknown_word_error_names_the_word():
    with pytest.raises(WordlekitError, match="'zzzzz' is not in"):
        original_guesses().index("zzzzz")


@pytest.mark.parametrize(
    "name, sizes",
    [
        ("original", (12972, 2315)),
        ("nyt-2022", (14855, 2309)),
        ("nyt-2023", (14855, 3158)),
    ],
)
def test_named_lists_have_the_sizes_of_data_sources(name, sizes):
    from wordlekit import Game

    game = Game.from_lists(name)  # also checks every answer is a guess
    assert (len(game.guesses), len(game.answers)) == sizes


def test_unknown_list_name_is_refused():
    with pytest.raises(
        WordlekitError, match="unknown word lists 'nyt-2024'; expected one of original"
    ):
        words_mod.named_lists("nyt-2024")


#: Notebook 19's stored runs (``many_boards.store_runs``) and the columns each must have: the
#: Dordle count by child of the opener, then per number of boards the policies' guesses per
#: secret (MIG and the fixed openers; MIG and rollout, exact on two boards, sampled on more).
STORED_RUNS = {
    "dordle_mig_counts": ["feedback", "secrets", "g1", "g2", "g3", "g4", "g5", "g6"],
    **{
        f"boards_{n}": ["secret", "mig", "fixed corni then mig", "fixed corni+dumpy then mig"]
        for n in (2, 4, 8, 16)
    },
    "boards_2_rollout": ["secret", "mig", "rollout-mig"],
    **{f"boards_{n}_rollout": ["secret", "mig", "sampled-rollout-mig-s20"] for n in (4, 8, 16)},
}


@pytest.mark.parametrize("name", sorted(STORED_RUNS))
def test_stored_runs_of_notebook_19_are_read_with_their_columns(name):
    rows = read_stored(name)
    assert list(rows.columns) == STORED_RUNS[name]
    if name == "dordle_mig_counts":
        # every ordered pair of distinct answers once (2,315 x 2,314), each child's secrets
        # counted once by the guesses MIG needs after the opener
        assert rows["secrets"].sum() == 2315 * 2314
        assert (rows[[f"g{k}" for k in range(1, 7)]].sum(axis=1) == rows["secrets"]).all()
    else:
        boards = int(name.split("_")[1])
        assert rows["secret"].is_unique
        assert (rows["secret"].str.count(r"\+") == boards - 1).all()
        assert (rows.drop(columns="secret") >= boards + 1).all().all()  # salet solves no board


def test_corrupted_stored_run_is_refused_naming_the_file(tmp_path, monkeypatch):
    _copy_data(tmp_path)
    path = tmp_path / "sweeps" / "boards_4.csv"
    path.write_bytes(path.read_bytes().replace(b",", b";", 1))
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    with pytest.raises(WordlekitError, match=r"boards_4.csv: sha256 is [0-9a-f]{64}, expected"):
        read_stored("boards_4")
