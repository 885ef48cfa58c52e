"""The README's headline numbers are the committed tables' numbers, never copied by hand.

``claims`` rebuilds every phrase of the README's "Headline results" section that holds a
number, with the number formatted from the ``figures/*.csv`` cell (or the minimum, maximum or
mean over cells) it reports. The test asks that each phrase is in the section as written, and
that once these phrases and the fixed counts of ``FIXED`` (list sizes, table numbers, the
parameters of a run) are taken out, no digit is left: a number edited in the README, a new one
that no table backs, or a table whose value moved, each fails it.
"""

import re
from pathlib import Path

import numpy as np
import pandas as pd

from wordlekit import paths

README = paths.REPO_ROOT / "README.md"
N_ANSWERS = 2315

#: Numbers of the section that are no result: the lists' sizes, the papers' table numbers,
#: the runs' parameters and the guesses allowed.
FIXED = [
    "Table 1",
    "Table 2",
    "Table 3",
    "all 13 openers",
    "11 of 13",
    "6-letter",
    "2,315 answers",
    "12,972 guesses",
    "2,315 secrets",
    "notebook 14",
    "notebook 08",
    "all 12,972",
    "our 10 seeds",
    "2022 lists",
    "200 sampled openers",
    "after 600 iterations",
    "an 800-answer game",
    "notebook 18",
    "notebook 19",
    "(4 pegs, 6 colours)",
    "(5,040 codes)",
    "`wordlekit top-openers --k 1 --mode hard --lists nyt-2022 --depths 2,3,4,5`",
]


def headline(text: str) -> str:
    """The "Headline results" section, up to the next section, on one line."""
    section = text[text.index("## Headline results") : text.index("## The command line")]
    return " ".join(section.split())


def _fmt(value: float, digits: int) -> str:
    return f"{value:.{digits}f}"


def _range(values, digits: int, sep: str = "-") -> str:
    return f"{_fmt(min(values), digits)}{sep}{_fmt(max(values), digits)}"


def _total(mean: float) -> int:
    """The TOTAL behind a 4-decimal average over the 2,315 answers (1/2315 > 0.0001)."""
    return round(mean * N_ANSWERS)


def claims(figures: Path) -> list[str]:
    """Every numbered phrase of the headline section, its numbers formatted from ``figures``."""

    def read(stem, index):
        return pd.read_csv(figures / f"{stem}.csv", index_col=index)

    t1, t2, t3 = (read(f"rollout-table{i}", "opener") for i in (1, 2, 3))
    seeds = read("rollout-table3-seeds", ["seed", "opener"])
    mig_gap = pd.concat([t1["diff_easy_mig"], t1["diff_hard_mig"]]).abs().max()
    rollout_gap = pd.concat([t1["diff_easy_rollout_mig"], t1["diff_hard_rollout_mig"]])
    gains = {
        mode: (
            (t3[f"{mode}_mig"] - t3[f"{mode}_rollout_mig"]).mean(),
            (t3[f"published_{mode}_mig"] - t3[f"published_{mode}_rollout_mig"]).mean(),
        )
        for mode in ("easy", "hard")
    }
    table3_diffs = t3[[c for c in t3.columns if c.startswith("diff_")]].abs().stack()
    spread = seeds.groupby(level="opener").std().max().max()
    openers = seeds.index.get_level_values("opener")
    seed_diffs = pd.concat(
        [seeds[c] - openers.map(t3[f"published_{c}"]).to_numpy() for c in seeds.columns]
    )
    optimal = read("rollout-table3-optimal", ["seed", "opener"]).groupby(level="opener").mean()
    prior = read("prior-table", "policy")["expected_guesses"]
    base = read("sophiezero-baselines", "policy")
    mig_unaware, random = (
        base.loc["MIG without the answer list"],
        base.loc["random consistent word"],
    )
    sigmas = (random["published_mean_guesses"] - random["mean_guesses_solved"]) / random[
        "guesses_spread"
    ]
    rollouts = read("sophiezero-rollout", ["base", "policy"])
    by_policy = rollouts["mean_guesses"].unstack("policy")
    own = rollouts.xs("rollout, own shortlist", level="policy")
    informed = rollouts.xs("rollout, MIG shortlist", level="policy")
    top = read("sweep-top", ["lists", "mode", "opener"]).sort_index()

    def proved(lists, mode, opener):
        row = top.loc[(lists, mode, opener)]
        return f"{row['total']:.0f}" if row["relation"] == "=" else row["relation"]

    easy, hard = top.loc[("original", "easy")], top.loc[("original", "hard")]
    nyt = top.loc[("nyt-2022", "easy")]
    every = read("sweep-top-hard-original", "opener")
    ten = [f"{o} {t}" for o, t in every.loc[every["status"] == "proved top", "total"].items()]
    after = every[every["status"] == "proved, not top"].iloc[0]
    nyt_hard = read("sweep-top-hard-nyt2022", "opener")
    nyt_best = nyt_hard[nyt_hard["status"] == "proved top"].iloc[0]
    nyt_next = nyt_hard[nyt_hard["status"] == "proved, not top"]["total"]
    nyt_selby = nyt_hard["published_selby_total"]
    nyt_openers = read("sweep-top-hard-nyt2022-proofs", "proof").loc["all", "openers"]
    rollout = read("sweep-rollout", "opener")["rollout_mig_total"]
    mig = read("sweep-mig", "opener")["total"]
    free, salet = read("avts-free", "picker"), read("avts-salet", "picker")
    stall = read("avts-stall", "picker")
    small = read("avts-debias", ["picker", "compared_by"])
    salet_t1, salet_t2 = t1.loc["salet"], t2.loc["salet"]
    objectives = read("adversaries-objectives", ["lists", "mode", "mean_cap"])
    hard_free, hard_six = (objectives.loc[("original", "hard", cap)] for cap in ("none", "6"))
    assert hard_six["gives_up"] == 0  # "nothing is given up"
    worst = read("adversaries-worst-openers", ["lists", "mode"])
    original_worst, nyt_worst = worst.loc["original"], worst.loc["nyt-2023"]
    modes = ["easy", "hard", "strict"]
    assert original_worst.loc[modes, "proved over every opener"].all()  # "none ... in all three"
    assert (original_worst.loc[modes, "least worst case found"] == 5).all()
    assert nyt_worst.loc["easy", "proved over every opener"]
    assert nyt_worst.loc["easy", "example openers"] == "salet"
    absurdle = read("adversaries-absurdle", ["mode", "guesses"])
    wins = absurdle[absurdle["result"].str.startswith("win")].index
    assert sorted(wins.get_level_values("mode")) == ["easy", "hard"]
    (shortest,) = set(wins.get_level_values("guesses"))
    anchors = read("any-game-anchors", ["game", "quantity", "max_guesses"])
    mastermind = anchors.loc["mastermind-4-6"]
    classes = read("any-game-optimum", "opener")
    bulls = read("any-game-bulls-and-cows", "policy")
    dordle = read("many-boards-dordle-mig", "policy").loc["mig"]
    mrd = read("many-boards-dordle-mig", "policy").loc["mrd"]
    bracket = read("many-boards-dordle-bracket", "bound")["mean"]
    gain = read("many-boards-rollout-gain", "boards")

    def pair(column_a, column_b, table=salet_t1, digits=4):
        return f"{_fmt(table[column_a], digits)} / {_fmt(table[column_b], digits)}"

    def totals(column_a, column_b, table=salet_t1):
        return f"{_total(table[column_a])} / {_total(table[column_b])}"

    assert easy.loc["crate", "total"] == easy.loc["trace", "total"]
    assert hard.loc["slate", "relation"] == hard.loc["trace", "relation"] == "infeasible"
    # salet and reast on the 2022 lists: a lower bound each, so no mean, as if it were exact
    assert nyt.loc["salet", "total"] == nyt.loc["reast", "total"]
    assert (nyt.loc[["salet", "reast"], "relation"] == ">=").all()
    assert nyt.loc[["salet", "reast"], "mean"].isna().all()
    stalled = stall[stall["iterations_to_optimum"].isna()]
    assert dordle["solved_within_cap"] == 1 and gain.loc[[4, 8, 16], "games"].nunique() == 1
    assert set(stalled.index) == {"laplace", "hoeffding"}
    assert (small.xs("q2 (raw)", level="compared_by")["gap"] > 0).all()
    return [
        # Tables 1-3 of the rollout paper
        f"MIG within {_fmt(mig_gap, 4)} of every published value",
        f"rollout-MIG {_fmt(-rollout_gap.min(), 3)} below to {_fmt(rollout_gap.max(), 3)} above",
        f"near {_fmt(t2['hard_gep'].mean(), 1)}",
        f"(all within {_fmt(t2['diff_hard_mrd'].abs().max(), 4)})",
        f"reaches the optimum {_fmt(salet_t2['easy_rollout_gep_defined'], 4)} from salet",
        f"rollout gains {_fmt(gains['easy'][0], 2)} guesses over MIG in easy mode and "
        f"{_fmt(gains['hard'][0], 2)} in hard mode (published {_fmt(gains['easy'][1], 2)} and "
        f"{_fmt(gains['hard'][1], 2)})",
        f"average {_range(table3_diffs, 2)} below the published values",
        f"single seeds {_range(-seed_diffs, 2)}, "
        + ("all below" if (seed_diffs < 0).all() else "not all below"),
        f"(spread at most {_fmt(spread, 2)})",
        f"rollout is {_range(optimal['easy_gap'], 4)} above it in easy mode and "
        f"{_range(optimal['hard_gap'], 4)} in strict mode",
        # the prior
        f"expects {_fmt(prior['mig[prior]'], 4)} guesses",
        f"on it {_fmt(prior['rollout-mig[prior]-no-favourite'], 4)} with the paper's shortlist",
        f"and {_fmt(prior['rollout-mig[prior]'], 4)} when the favourite",
        f"is {_fmt(prior['optimal[prior]'], 4)} and is proved",
        # SophieZero
        f"MIG without the list {_fmt(mig_unaware['mean_guesses'], 4)} (published "
        f"{mig_unaware['published_mean_guesses']:g})",
        f"solves {100 * random['solved_within_six']:.1f}% (published "
        f"{100 * random['published_solved_within_six']:.0f}%) in "
        f"{_fmt(random['mean_guesses_solved'], 2)} guesses per won game, "
        f"{_fmt(sigmas, 1)} standard deviations",
        f"below the published {random['published_mean_guesses']:g}",
        f"solves {100 * own['solved_within_six'].min():.0f}-{100 * own['solved_within_six'].max():.0f}%",
        f"saves {_range(by_policy['base'] - by_policy['rollout, own shortlist'], 2)} guesses",
        f"MIG's level ({_range(informed['mean_guesses'], 2)})",
        # any guessing game: Mastermind (4, 6)
        f"scores {mastermind.loc[('knuth_total', np.nan), 'ours']:.0f} from "
        f"{mastermind.loc[('knuth_total', np.nan), 'opener']:.0f}, as he published",
        f"optimum {classes['total'].min()} from {classes['total'].idxmin()} "
        f"({mastermind.loc[('optimal_total', 5), 'ours']:.0f} within five guesses)",
        "Kooi's table exactly ("
        + ", ".join(
            f"{mastermind.loc[(f'{q}_total', np.nan), 'ours']:.0f}"
            for q in ("entropy", "expected_size", "most_parts")
        )
        + ")",
        f"rollout over MIG comes within {bulls.loc['rollout-mig', 'over_optimum']:.2%} of "
        f"Tanaka's optimum {anchors.loc[('bulls-and-cows', 'optimal_total', np.nan), 'published']}",
        # every opener
        f"salet {proved('original', 'easy', 'salet')}, reast {proved('original', 'easy', 'reast')}, "
        f"then crate and trace tied at {proved('original', 'easy', 'crate')}",
        f"slate {proved('original', 'easy', 'slate')} proved not among them "
        f"(Selby: {easy.loc['slate', 'published_selby_total']:.0f})",
        f"salet {proved('original', 'hard', 'salet')}, reast {proved('original', 'hard', 'reast')}, "
        f"crate {proved('original', 'hard', 'crate')}",
        f"tarse {proved('nyt-2022', 'easy', 'tarse')} is proved the best",
        f"top ten are {', '.join(ten[:-1])} and {ten[-1]} ({after.name} {after['total']} proved",
        f"over all {nyt_openers:,} openers of the NYT's 2022 lists",
        f"{nyt_best.name} {nyt_best['total']} is NYT hard mode's best "
        f"({', '.join(f'{o} {t}' for o, t in nyt_next.items())} the only others below "
        f"{nyt_hard.loc[nyt_hard['relation'] == '>=', 'total'].min()}; Selby's published best: "
        f"{nyt_selby.idxmin()} {nyt_selby.min():.0f})",
        f"proved at least {nyt.loc['salet', 'total']:.0f}",
        f"(Selby: salet {nyt.loc['salet', 'published_selby_total']:.0f}, "
        f"reast {nyt.loc['reast', 'published_selby_total']:.0f})",
        f"is salet ({rollout['salet']}; trace {rollout['trace']}, crate {rollout['crate']}, "
        f"slate {rollout['slate']}, reast {rollout['reast']})",
        f"{mig.min()} ({mig.idxmin()}) to {mig.max()} ({mig.idxmax()}), median {mig.median():g}",
        # AVTS
        f"optimal play ({free.loc['thompson', 'optimum']}) after "
        f"{free.loc['thompson', 'iterations_to_optimum']:,.0f} iterations",
        f"(published {free.loc['thompson', 'published_iterations_to_optimum']:,.0f} on a larger",
        f"{free.loc['laplace', 'iterations_to_optimum']:,.0f} with Laplace (published "
        f"{free.loc['laplace', 'published_iterations_to_optimum']:,.0f})",
        f"{free.loc['epsilon', 'iterations_to_optimum']:,.0f} with epsilon-greedy",
        f"are {free.loc['puct', 'gap']} and {free.loc['hoeffding', 'gap']} above "
        f"{free.loc['puct', 'optimum']}",
        f"every picker reaches {salet['best_total'].max()} "
        f"({salet['iterations_to_optimum'].min():,.0f}-{salet['iterations_to_optimum'].max():,.0f}"
        " iterations)",
        f"answers: {stalled['best_total'].max()} against the optimum {stall['optimum'].max()}",
        # many boards
        f"all {dordle['games']:,} Dordle games in {dordle['total']:,} guesses "
        f"({_fmt(dordle['mean'], 4)} per game, every game within {dordle['worst']}), lifted",
        f"MRD in {mrd['total']:,} ({_fmt(mrd['mean'], 4)}), so",
        f"between {_fmt(bracket.iloc[0], 3)} (a floor from Wordle's optimum) and "
        f"{_fmt(bracket.iloc[1], 4)}",
        f"saves {_fmt(gain.loc[2, 'gain'], 3)} guesses per game on Dordle (95% interval "
        f"{_fmt(gain.loc[2, 'gain_low'], 3)} to {_fmt(gain.loc[2, 'gain_high'], 3)}, "
        f"{gain.loc[2, 'games']:,} sampled games)",
        f"{_fmt(gain.loc[4, 'gain'], 2)} on Quordle, {_fmt(gain.loc[8, 'gain'], 2)} on Octordle and "
        f"{_fmt(gain.loc[16, 'gain'], 2)} on Sedecordle ({gain.loc[16, 'games']} games each)",
        f"against {_fmt(gain.loc[1, 'gain'], 3)} on Wordle",
        # adversaries and the worst case
        f"no line of {shortest - 1} guesses wins Absurdle and lines of {shortest} do, in easy "
        "and hard mode",
        f"none of the {original_worst.loc['easy', 'covered at d - 1 (none within)']:,.0f} openers "
        f"keeps every game within {original_worst.loc['easy', 'least worst case found'] - 1:.0f} "
        "guesses in easy mode, nor so in hard or strict mode, and some do within "
        f"{original_worst.loc['strict', 'least worst case found']:.0f} in all three "
        f"({original_worst.loc['strict', 'openers within it']:,.0f} in strict mode, every opener "
        "searched); on the NYT's "
        f"2023 lists none of the {nyt_worst.loc['easy', 'covered at d - 1 (none within)']:,.0f} "
        f"does within {nyt_worst.loc['easy', 'least worst case found'] - 1:.0f} and salet does "
        f"within {nyt_worst.loc['easy', 'least worst case found']:.0f} in easy mode, and in strict "
        f"mode none does within {nyt_worst.loc['strict', 'at least'] - 1:.0f} and "
        f"{nyt_worst.loc['strict', 'example openers']} does within "
        f"{nyt_worst.loc['strict', 'least worst case found']:.0f}",
        f"hard mode's mean optimum with no cap ({hard_free['mean_total']:.0f}) needs "
        f"{hard_free['mean_then_worst']:.0f} guesses for some answer, and keeping every game "
        f"within {hard_free['least_worst']:.0f} costs {hard_free['gives_up']:.0f} guesses of "
        f"TOTAL (within six guesses nothing is given up: {hard_six['mean_total']:.0f})",
        # the table: salet, original lists
        f"| mig | easy / strict | {totals('easy_mig', 'hard_mig')} | {pair('easy_mig', 'hard_mig')} "
        f"| {pair('published_easy_mig', 'published_hard_mig')} |",
        f"| rollout-mig | easy / strict | {totals('easy_rollout_mig', 'hard_rollout_mig')} "
        f"| {pair('easy_rollout_mig', 'hard_rollout_mig')} "
        f"| {pair('published_easy_rollout_mig', 'published_hard_rollout_mig')} |",
        f"| mrd, rollout-mrd | strict | {_total(salet_t2['hard_mrd'])}, "
        f"{_total(salet_t2['hard_rollout_mrd'])} | {_fmt(salet_t2['hard_mrd'], 4)}, "
        f"{_fmt(salet_t2['hard_rollout_mrd'], 4)} | {_fmt(salet_t2['published_hard_mrd'], 4)}, "
        f"{_fmt(salet_t2['published_hard_rollout_mrd'], 4)} |",
        f"| gep-published, rollout-gep-published | strict | {_total(salet_t2['hard_gep'])}, "
        f"{_total(salet_t2['hard_rollout_gep'])} | {_fmt(salet_t2['hard_gep'], 4)}, "
        f"{_fmt(salet_t2['hard_rollout_gep'], 4)} | {_fmt(salet_t2['published_hard_gep'], 4)}, "
        f"{_fmt(salet_t2['published_hard_rollout_gep'], 4)} |",
        f"| rollout-gep | easy | {_total(salet_t2['easy_rollout_gep_defined'])} "
        f"| {_fmt(salet_t2['easy_rollout_gep_defined'], 4)} | the optimum |",
    ]


def unbacked(text: str, figures: Path) -> tuple[list[str], list[str]]:
    """(claimed phrases missing from the headline section, numbers left in it that neither a
    claim nor ``FIXED`` accounts for)."""
    section = headline(text)
    phrases = claims(figures)
    missing = [p for p in phrases if p not in section]
    for phrase in sorted(phrases + FIXED, key=len, reverse=True):
        section = section.replace(phrase, " ")
    section = re.sub(r"\| \d\d \|", " ", section)  # the table's last column: the notebook
    left = re.findall(r"\S*\d\S*", section)
    return missing, left


def test_readme_headline_numbers_are_the_committed_tables():
    missing, left = unbacked(README.read_text(), paths.FIGURES_DIR)
    assert not missing, f"README headline phrases that figures/ do not give: {missing}"
    assert not left, f"README headline numbers that no figures/ cell backs: {left}"


def test_an_edited_number_fails_the_check():
    text = README.read_text()
    for number in ("7946", "0.0022", "4.59", "7928", "1,384"):
        start = text.index("## Headline results")
        at = text.index(number, start)
        digit = at + len(number) - 1
        edited = text[:digit] + str((int(text[digit]) + 1) % 10) + text[digit + 1 :]
        missing, left = unbacked(edited, paths.FIGURES_DIR)
        assert missing or left, number
    # and a number that no table backs
    section = text.index("## The command line")
    missing, left = unbacked(
        text[:section] + "- 42 openers.\n\n" + text[section:], paths.FIGURES_DIR
    )
    assert left == ["42"]
