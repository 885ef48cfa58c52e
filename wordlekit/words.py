"""Word lists: loading, validation, sha256 checks and provenance.

The original Wordle lists (2,315 answers, 12,972 allowed guesses) ship inside the package, in
``wordlekit/data/`` (``paths.DATA_DIR``), with their sha256 (see ``wordlekit/data/SOURCES.md``);
loading them verifies the hash, so a corrupted copy is refused rather than silently producing
different numbers. Users may pass their own lists: any symbols
(letters, digits, ``+-*/=``), one word per line, every word of the same length, 3 to 8.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import numpy as np

from . import paths
from .errors import WordlekitError

MIN_LENGTH = 3
MAX_LENGTH = 8

#: sha256 of every data file wordlekit reads, by its path inside ``wordlekit/data/``, as
#: recorded in wordlekit/data/SOURCES.md.
DATA_SHA256 = {
    "wordle_answers_2315.txt": "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee",
    "wordle_guesses_12972.txt": "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579",
    "nyt_answers_2309.txt": "c495f6cbc36475358a89e30ac16bd5c0c05073c8c7647bb6c35dd01f7bae6e32",
    "nyt_guesses_14855.txt": "ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320",
    "nyt_answers_3158.txt": "3e443482b78dee0f6f8de4f74dbb67537db781524279b1d40ca3353c592b03ce",
    "norvig_unigrams_count_1w.tsv": "51df159fd3de12b20e403c108f526e96dbd723d9cabdd5f17955cdc16059e690",
    # Stored sweeps (``openers.STORED_SWEEPS``): the CSV of a ``wordlekit top-openers`` run.
    "sweeps/top_hard_original.csv": "5b037d0bf772c985814e1ad103eed6728396d5f655f9510fdb33141f70519f4c",
    "sweeps/top_hard_nyt2022.csv": "481187af1d8f8ba6ac281dbfd19a15ef95ea2ae7959046c36d6b1970f4e57d12",
    # Stored runs of notebook 19 (``many_boards.read_stored``): ``many_boards.store_runs``.
    "sweeps/dordle_mig_counts.csv": "cffd40556e6166d992c4ba4d793575a36daa5afacebe0d3178c7fed552a7af0e",
    "sweeps/dordle_mrd_counts.csv": "1387f6042238d470f0bccf8771cc65036676ecdc7144157ef3928fccb9051b60",
    "sweeps/boards_2.csv": "596588b67f57014a8910837a6b9106073836fd64f318ee006422aa8b60957af6",
    "sweeps/boards_2_rollout.csv": "4687da7d061ff0a00c437a92251a7d58371ac09db4a0001f8356aa765a067a34",
    "sweeps/boards_4.csv": "39f7c9d74741260a285fd381545330c93337aea496037976579b78f136e1355c",
    "sweeps/boards_4_rollout.csv": "28f11b015cc5178a8b2392c3b82e6e39b29852b5bb2ad1db7e89e95c2a05f0ec",
    "sweeps/boards_8.csv": "4e5ec835080c982573c3fa2ad01a5d7e92e01bb373a7c798560ea02f63e91b1e",
    "sweeps/boards_8_rollout.csv": "0cd152652cd0a3cfa6ff51090bb9e9fa37ceaa1e9ec87caeed03df7e84e36534",
    "sweeps/boards_16.csv": "6dba24a2fb328246bbef5eccf41fa25566a42364484400d1f403036c58431ee4",
    "sweeps/boards_16_rollout.csv": "319f50f799e5e62c33e836029ac70424bda6ef8f53fed743a8ce025b21e76505",
    # Stored grid of notebook 02 (``policy_grid.read_value_space``): ``store_value_space``.
    "sweeps/rollout_value_space.csv": "5b2f07042d69fb44eddef252085e326581ad62ba2df6d7d155c90ccec9ff75fd",
    # Stored run of notebook 06 (``policy_grid.read_every_guess``): ``store_every_guess``.
    "sweeps/rollout_every_guess.csv": "d41abb8e00c16527fbaf7f3eb6737785fc06df2ce4b318481bd68ef1ac78233b",
    # The stored training run of notebook 20 (``deep.read_stored``): ``deep.store_training``.
    "sweeps/sophiezero_deep_curves.csv": "f4f1309e571bc863543af674feba5c18b8a807fd3badfc3b85896a9a1688ee57",
    "sweeps/sophiezero_deep_full.npy": "abb96899444d8fe3fb64ed9dad23f43554fed79b2c84d9d1f1de2b7866c1cdd9",
    "sweeps/sophiezero_deep_small_information.npy": "540f4c112ac0b2a56b651839423991d3c1d00fb498e65d47deaba791545572db",
    "sweeps/sophiezero_deep_information.npy": "aa060046c7a1d9e3a0d54e6c7b96023f5b2bebd7dd054703efc15adc6bb1f4ee",
    "sweeps/sophiezero_deep_rollout.csv": "f5c318b97da82feafdcff1c9d56905c2bd8f8fb8b48be714eeb164986d1e9667",
    # Stored AVTS runs of notebook 13 on the blog's lists (``avts_blog.store_runs``).
    "sweeps/avts_blog_runs.csv": "8333ecce0480e491146d9d0ca148833a5cfb66219454d4dfaa24d4b5138281a5",
    "sweeps/avts_blog_traces.csv": "dec6a9fec0614656627d5f0b4a41d3403a5c0130d5488491e81031753b5218fa",
    # Stored AVTS runs of notebook 13's section 4, original lists (``avts_blog.FREE_PREFIX``).
    "sweeps/avts_free_runs.csv": "f5b1ccfb28d4d7c0dcb41ef9a9fcb4cb93ed28f5f73556e0a2e033f3d958eb1e",
    "sweeps/avts_free_traces.csv": "563fc2cc3bd64baa89905f70faebb71336e03d0955f35734ca17ab936d0545b9",
    # Notebook 11's tables under Norvig's prior (``prior_table.store_prior_sweep``).
    "sweeps/prior_sweep.csv": "d346db0442742ffa96a47b2d19dbba4d2c156488f27224e9fd5a7e0b80f41d1d",
    # Table 4's filtering of every opener by V_i (``optimum_tables.store_table4``, notebook 10).
    "sweeps/table4_filtering.csv": "0a36451caa8851e0f3c905a25eed03c31bcdd4e629d357c601fcef5f9217609c",
    # The 6-letter optima of Table 3's openers (``sixletter_optima.store_optima``).
    "sweeps/sixletter_optima.csv": "0355a3e2e6c3064729468b5dbd6e4aaa2e14efcc6fdc0b7ffded0f62aa77a8a7",
    # Primel's optimal openers proved by V_i and exact solves (``optimum_tables.store_opener_proof``).
    "sweeps/primel_openers.csv": "9f75ad32a273b1313dd2c8aecc6e69da5067df367f3e6704efd1a2a44253dc6a",
    # Nerdle's optimal openers proved the same way (``store_opener_proof``, notebook 10).
    "sweeps/nerdle_openers.csv": "7d695db0e11d5b7b23df4171d1c56787b4340faca0c53389397b4eb4ab128a4d",
    # The Mastermind ladder: rungs proved, Super Mastermind's bounds (``mastermind_ladder``).
    "sweeps/mastermind_ladder.csv": "291001a93da3ef2a8b7bbfdf736f24169d89a2e27d0bddbdbfcb77345ff96c6d",
    # A seeded sample of openers within d guesses, minimax (``experiments.minimax_openers``).
    "sweeps/minimax_openers_sample.csv": "0d20ec056080d24541626b205a15ce96aa34b4a1b242f33e368242aaa438fe4b",
    # Every opener of the original lists within 4 in easy mode, minimax (the same module).
    "sweeps/minimax_easy_within4.csv": "5d3adcd79921c4031a86ac396b5d0ec15f6e2dce7e8e6577db862fe40f660136",
    # Every opener of the nyt-2023 lists within 4 in easy mode, minimax (the same module).
    "sweeps/minimax_nyt2023_easy_within4.csv": "a1a3460255adea3ffcb118d0725d41421f9e2c270175b499fb259678485e2700",
    "sweeps/minimax_strict_within5.csv": "dbf30ee78caf803424d51fa994c4d2e24981176e4b69fc9777ea199c7c916711",
    "sweeps/minimax_nyt2023_strict_within5.csv": "9e6ebc622e3619a3739e897376f3cbb64e4b8539b16a8f58a7a643e4d9004810",
    # Every opener of the nyt-2023 lists within 5 in hard mode, minimax (the same module).
    "sweeps/minimax_nyt2023_hard_within5.csv": "0192c2a5d73a2b6e817fd85b02e7361813f4828fd8356da7c4b27410d8e78b57",
    # What other word files offer the 6-letter lists (``sixletter.source_row``, notebook 08).
    "sweeps/sixletter_sources.csv": "d69fb39b1bd95f436ace49e83956d693b4b50e7530eda4f7ae5b03232782d4f1",
    # Capped optima from salet and abaci, the objectives' table (``adversaries.store_capped``, 21).
    "sweeps/objective_caps.csv": "61cb4aeb13b20054086c5777091ff3de056fa2bdfef1b296cebc026ff6723bac",
    # Absurdle's shortest win proved, easy and hard (``adversaries.store_absurdle``, notebook 21).
    "sweeps/absurdle_proofs.csv": "0abc4551ce0074ad886ddacf06ed2d21417d5a1a875e8bfdb04146b0859a7338",
}


@dataclass(frozen=True, eq=False)
class WordList:
    """An ordered list of distinct words of one length.

    Attributes
    ----------
    words : tuple of str
        The words, in the order given (the order decides heuristic ties: earlier wins).
    name : str
        Where the list came from, used in error messages.
    """

    words: tuple[str, ...]
    name: str = "word list"
    #: Shortest words allowed; a code game's codes may be shorter (``games.CodeList``).
    min_length: ClassVar[int] = MIN_LENGTH
    _index: dict = field(init=False, repr=False)

    def __post_init__(self):
        words = self.words
        if not words:
            raise WordlekitError(f"{self.name}: the list is empty; expected one word per line")
        length = len(words[0])
        if not self.min_length <= length <= MAX_LENGTH:
            raise WordlekitError(
                f"{self.name}: words have {length} letters ({words[0]!r}); "
                f"expected a length from {self.min_length} to {MAX_LENGTH}"
            )
        wrong = [w for w in words if len(w) != length]
        if wrong:
            raise WordlekitError(
                f"{self.name}: {len(wrong)} word(s) are not {length} letters long, e.g. "
                f"{', '.join(repr(w) for w in wrong[:5])}; every word must have the length "
                f"of the first ({words[0]!r})"
            )
        spaced = [w for w in words if any(ch.isspace() for ch in w)]
        if spaced:
            raise WordlekitError(
                f"{self.name}: word(s) contain white space, e.g. {spaced[0]!r}; "
                "expected one word per line"
            )
        index = {}
        duplicates = []
        for i, w in enumerate(words):
            if w in index:
                duplicates.append(w)
            index[w] = i
        if duplicates:
            raise WordlekitError(
                f"{self.name}: {len(duplicates)} duplicate word(s), e.g. "
                f"{', '.join(repr(w) for w in duplicates[:5])}; expected distinct words"
            )
        object.__setattr__(self, "_index", index)

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self):
        return iter(self.words)

    def __getitem__(self, i):
        return self.words[i]

    def __contains__(self, word) -> bool:
        return word in self._index

    @property
    def length(self) -> int:
        """Number of letters (symbols) in every word."""
        return len(self.words[0])

    @property
    def described(self) -> str:
        """The list as a message names it: its name and how many words it holds, unless the
        name says so already (the shipped files are named for their counts,
        ``wordle_guesses_12972.txt``)."""
        count = str(len(self))
        if re.search(rf"(?<!\d){count}(?!\d)", self.name):
            return self.name
        return f"{self.name} ({count} words)"

    @property
    def sha256(self) -> str:
        """sha256 of the canonical text: the words joined by newlines, with a final newline."""
        return hashlib.sha256(("\n".join(self.words) + "\n").encode()).hexdigest()

    def index(self, word: str) -> int:
        """Position of ``word``; a clear error naming the word if it is not in the list."""
        found = self._index.get(word)
        if found is None:
            word_shown = repr(word)
            if len(word) != self.length:
                raise WordlekitError(
                    f"{word_shown} has {len(word)} letters; expected a {self.length}-letter "
                    f"word from {self.name}"
                )
            raise WordlekitError(f"{word_shown} is not in {self.described}")
        return found

    def encode(self, alphabet: str) -> np.ndarray:
        """Words as a (n_words, length) uint8 array of positions in ``alphabet``."""
        lookup = {ch: i for i, ch in enumerate(alphabet)}
        missing = sorted({ch for w in self.words for ch in w} - lookup.keys())
        if missing:
            raise WordlekitError(
                f"{self.name}: symbol(s) {''.join(missing)!r} are not used by the guess list; "
                "expected answers made of the guess list's symbols"
            )
        flat = [lookup[ch] for w in self.words for ch in w]
        return np.array(flat, dtype=np.uint8).reshape(len(self.words), self.length)


def file_sha256(path: Path) -> str:
    """sha256 of a file's bytes, as hex."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _restore_hint() -> str:
    """How to get the shipped data back: git in a checkout, else a reinstall."""
    if paths.in_checkout():
        return "restore it with `git checkout -- wordlekit/data/`"
    return "reinstall wordlekit (`pip install --force-reinstall wordlekit`)"


def data_file(name: str) -> Path:
    """The file ``name`` of ``wordlekit/data/`` (a path inside it, e.g.
    ``sweeps/top_hard_original.csv``), checked against its recorded sha256; a clear error
    naming the file and both hashes if it differs, or if it is missing."""
    expected = DATA_SHA256.get(name)
    if expected is None:
        raise WordlekitError(f"{name}: no recorded sha256; expected one of {sorted(DATA_SHA256)}")
    path = paths.DATA_DIR / name
    if not path.is_file():
        raise WordlekitError(f"{path}: data file is missing; {_restore_hint()}")
    actual = file_sha256(path)
    if actual != expected:
        raise WordlekitError(
            f"{path}: sha256 is {actual}, expected {expected} (the file is corrupted or was "
            f"edited; {_restore_hint()})"
        )
    return path


def read_word_file(path, name: str | None = None) -> WordList:
    """Read a user's word list: one word per line, blank lines ignored, lower-cased. UTF-8,
    with or without the byte-order mark some editors write first (it is no letter)."""
    path = Path(path)
    if path.is_dir():
        raise WordlekitError(f"{path}: is a folder; expected a word list file, one word per line")
    if not path.is_file():
        raise WordlekitError(f"{path}: no such word list file")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise WordlekitError(f"{path}: cannot read the word list ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise WordlekitError(
            f"{path}: not UTF-8 text ({exc.reason}); expected one word per line"
        ) from None
    words = tuple(line.strip().lower() for line in text.splitlines() if line.strip())
    return WordList(words, name or str(path))


def read_openers(text: str, option: str = "openers"):
    """Openers as a user writes them: ``"all"`` (returned as is), a FILE of words (read, whatever
    its name) or words separated by commas (returned as is). A name that looks like a path but
    is not a file, or a folder, is one clear error naming ``option`` (it once read as a word of
    15 letters)."""
    if text == "all" or "," in text:
        return text
    path = Path(text)
    if path.is_file():
        return list(read_word_file(path))
    expected = "expected all, a FILE of words or words separated by commas"
    if path.is_dir():
        raise WordlekitError(f"{option} {text!r} is a folder; {expected}")
    if any(ch in text for ch in "/.\\~"):  # a word has no path separator and no dot
        raise WordlekitError(f"{option} {text!r}: no such file; {expected}")
    return text


def load_data_list(filename: str) -> WordList:
    """A word list shipped in ``wordlekit/data/``, verified against its recorded sha256."""
    return read_word_file(data_file(filename), name=filename)


def original_guesses() -> WordList:
    """The 12,972 allowed guesses of the original Wordle, sorted (answers included)."""
    return load_data_list("wordle_guesses_12972.txt")


def original_answers() -> WordList:
    """The 2,315 answers of the original Wordle, sorted."""
    return load_data_list("wordle_answers_2315.txt")


#: Named pairs of lists (guesses file, answers file) of ``wordlekit/data/``: the original game, the NYT's
#: answers of 2022 and the extended list of July 2023, both with the NYT's 14,855 guesses.
LISTS = {
    "original": ("wordle_guesses_12972.txt", "wordle_answers_2315.txt"),
    "nyt-2022": ("nyt_guesses_14855.txt", "nyt_answers_2309.txt"),
    "nyt-2023": ("nyt_guesses_14855.txt", "nyt_answers_3158.txt"),
}


def check_lists(name: str) -> str:
    """Return ``name`` if it names a pair of ``LISTS``; a clear error naming it otherwise."""
    if name not in LISTS:
        raise WordlekitError(f"unknown word lists {name!r}; expected one of {', '.join(LISTS)}")
    return name


def named_lists(name: str) -> tuple[WordList, WordList]:
    """(guesses, answers) of the named pair of ``LISTS``, each verified by its sha256."""
    guesses, answers = LISTS[check_lists(name)]
    return load_data_list(guesses), load_data_list(answers)


def norvig_counts() -> dict[str, int]:
    """Word counts of Peter Norvig's count_1w corpus (333,333 words), verified by sha256."""
    path = data_file("norvig_unigrams_count_1w.tsv")
    counts = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        word, count = line.split("\t")
        counts[word] = int(count)
    return counts
