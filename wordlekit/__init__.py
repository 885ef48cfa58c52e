"""wordlekit: exact, fast evaluation of Wordle policies, rollout, and the papers' tables."""

from . import paths

# Before any kernel is defined: numba's cache goes to the user's cache folder, not into the
# installed package (paths.use_numba_cache).
paths.use_numba_cache()

from .errors import WordlekitError
from .evaluation import Evaluation, PolicyValues, evaluate
from .feedback import feedback, format_feedback, parse_feedback, pattern_matrix
from .game import MODES, Game, State
from .heuristics import GEP, HEURISTICS, MIG, MRD, GEPPublished, Heuristic, get_heuristic
from .lookahead import Lookahead
from .rollout import Rollout, SampledRollout
from .version import package_version
from .words import WordList, original_answers, original_guesses, read_word_file

# From the installed metadata (pyproject.toml's version), never a second copy of the number.
__version__ = package_version()

__all__ = [
    "GEP",
    "HEURISTICS",
    "MIG",
    "MODES",
    "MRD",
    "Evaluation",
    "GEPPublished",
    "Game",
    "Heuristic",
    "Lookahead",
    "PolicyValues",
    "Rollout",
    "SampledRollout",
    "State",
    "WordList",
    "WordlekitError",
    "evaluate",
    "feedback",
    "format_feedback",
    "get_heuristic",
    "original_answers",
    "original_guesses",
    "parse_feedback",
    "pattern_matrix",
    "read_word_file",
]
