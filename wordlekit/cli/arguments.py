"""The options several commands share, each declared once (argparse): the word lists or a
generated game, the openers, the policy, the tree written, the objective, the cap, --json, the
Dask cluster, and the game options of the commands that play one. The numbers' ranges and types
are in ``options``; each command's own options in its group's ``parse_*`` module.
"""

from __future__ import annotations

from ..game import MAX_GUESSES, MODES
from ..policies import POLICIES
from ..trees import DOT_DEPTH, FORMATS
from ..words import LISTS
from .options import MAX_CAP, MAX_DEPTH, MAX_WORKERS, boards, positive_float, threads, whole


def add_lists(sub, several: bool = False) -> None:
    """--lists, --guesses and --answers (``several``: sweep's --lists takes names with commas)."""
    sub.add_argument(
        "--lists",
        metavar="NAME,..." if several else "NAME",
        help=f"named word lists, {'some' if several else 'one'} of {', '.join(LISTS)}"
        f"{' separated by commas' if several else ''} (default original: "
        "12,972 guesses, 2,315 answers; nyt-2022: 14,855 / 2,309; nyt-2023: "
        "14,855 / 3,158)",
    )
    sub.add_argument("--guesses", metavar="FILE", help="allowed guesses, one per line")
    sub.add_argument("--answers", metavar="FILE", help="possible answers, one per line")


def add_game(sub) -> None:
    sub.add_argument(
        "--game",
        metavar="NAME",
        help="a generated game instead of word lists: primel, nerdle, mininerdle, "
        "mastermind (4 pegs, 6 colours), mastermind-P-C, bulls-and-cows; absurdle (optimal, "
        "play: qntm's adversary on --lists)",
    )


def add_openers(sub, default: str | None = "all", use: str = "") -> None:
    """--openers of sweep, top-openers and within (read by ``words.read_openers``); ``use``
    says what it is for, and a ``default`` of None leaves it optional with no default."""
    sub.add_argument(
        "--openers",
        default=default,
        metavar="O",
        help=f"{use}all{' (default)' if default == 'all' else ''}, a FILE of words, or words "
        "separated by commas",
    )


def add_policy(sub, default: str, use: str = "", given: bool = False) -> None:
    """--policy of evaluate, hint, play and sweep; ``use`` says what it is for, if not all.
    ``given``: the default is left as None, so the command can tell whether it was asked for
    (``evaluate`` refuses it beside --tree)."""
    sub.add_argument(
        "--policy",
        default=None if given else default,
        metavar="P",
        help=f"{use}one of {', '.join(POLICIES)} (default {default})",
    )


def add_tree_format(sub) -> None:
    """--tree-format and --tree-depth of the commands that write a decision tree."""
    sub.add_argument(
        "--tree-format",
        choices=FORMATS,
        default="json",
        help="json (default: nested guess/next objects), lines (one line per answer, the "
        "community's .tree format) or dot (Graphviz, the top levels)",
    )
    sub.add_argument(
        "--tree-depth",
        type=whole(1, MAX_DEPTH),
        default=DOT_DEPTH,
        metavar="D",
        help=f"dot: draw the first D guesses (default {DOT_DEPTH})",
    )


def add_objective(sub) -> None:
    """--objective of optimal (checked by ``optimal.objectives.objective_name``)."""
    sub.add_argument(
        "--objective",
        metavar="O",
        help="what is minimised: mean (the TOTAL; the default), worst (the fewest guesses "
        "that guarantee a win, with a strategy; absurdle's only one), mean-then-worst (the "
        "least worst case among the mean's optima) or worst-then-mean (the least TOTAL among "
        "the worst case's optima)",
    )


def add_max_guesses(sub, use: str = "") -> None:
    """--max-guesses of sweep and top-openers: a whole number (``optimal``'s may be "none")."""
    sub.add_argument(
        "--max-guesses",
        type=whole(1, MAX_CAP),
        default=MAX_GUESSES,
        metavar="G",
        help=f"{use}every answer within G guesses (default {MAX_GUESSES})",
    )


def add_json(sub, keys: str) -> None:
    """--json of the commands that end with a line of JSON, whose ``keys`` the help names."""
    sub.add_argument("--json", action="store_true", help=f"end with one line of JSON: {keys}")


def add_cluster(parser) -> None:
    parser.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="an existing Dask scheduler (default: a local cluster)",
    )
    parser.add_argument(
        "--workers",
        type=whole(1, MAX_WORKERS),
        metavar="N",
        help="local cluster: N worker processes (default: one per core)",
    )


def add_game_options(ev, opt, hi, pl) -> None:
    """The options the commands that play a game share: --boards, --threads, --mode, the
    lists or --game; --prior on evaluate, optimal and hint."""
    for sub in (ev, opt, hi, pl):
        sub.add_argument(
            "--boards",
            type=boards,
            metavar="N",
            help="play N boards at once, each hiding a distinct answer: 1 to 64, or dordle (2), "
            "quordle (4), octordle (8), sedecordle (16); easy mode, N + 5 guesses "
            "(default 1: Wordle)",
        )
    for sub in (ev, opt, hi, pl):
        add_game_choice(sub)
    for sub in (ev, opt, hi):
        sub.add_argument(
            "--prior",
            metavar="P",
            help="answers drawn from a prior: uniform, norvig (word counts of "
            "Norvig's corpus) or a FILE of 'word weight' lines; policies then "
            "work on the prior's belief and costs are expected guesses under it "
            "(default: uniform, the papers' setting, unweighted code)",
        )
        sub.add_argument(
            "--prior-floor",
            type=positive_float,
            metavar="X",
            help="weight of an answer the prior lacks (norvig: default 12711, the "
            "corpus's smallest count; FILE: default none, an error)",
        )


def add_game_choice(sub) -> None:
    """--threads, --mode and the game played (the lists or --game): every command that plays
    one game (``add_game_options``), and within."""
    sub.add_argument(
        "--threads",
        type=threads,
        metavar="N",
        help="numba's parallel kernels on N threads, 1 to the cores here (default: every "
        "core; a loaded machine slows them, docs/performance.md)",
    )
    sub.add_argument(
        "--mode", default="easy", metavar="M", help=f"one of {', '.join(MODES)} (default easy)"
    )
    add_lists(sub)
    add_game(sub)
