"""The minimax feasibility search (``optimal.minimax``) against brute force
(``reference.least_worst``) on small games in every mode, its kernels against plain checks, its
witness strategies replayed, and the worst cases ``optimal --objective worst`` found on the
original lists (benchmarks/objectives-results.md, by the capped mean optima: another search)."""

import itertools

import numpy as np
import pandas as pd
import pytest

from wordlekit import _kernels, paths
from wordlekit.buckets import transposed_patterns
from wordlekit.errors import WordlekitError
from wordlekit.evaluation import evaluate
from wordlekit.experiments import minimax_openers
from wordlekit.game import Game, small_game
from wordlekit.optimal import minimax
from wordlekit.optimal.minimax import Minimax, MinimaxPolicy, capacity
from wordlekit.state import State
from wordlekit.words import WordList

from . import reference
from .test_objectives import brute_force_worst

MODES = ["easy", "hard", "strict"]
GAMES = [(12, 41, ""), (9, 42, "ight"), (8, 43, "ake"), (10, 44, "atch")]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n_answers, seed, suffix", GAMES)
def test_feasibility_equals_brute_force(mode, n_answers, seed, suffix):
    try:
        game = small_game(n_answers, 10, seed, mode, suffix=suffix)
    except WordlekitError:  # fewer answers with that ending
        game = small_game(6, 10, seed, mode, suffix=suffix)
    search = Minimax(game)
    guesses = list(game.guesses)
    least = reference.least_worst(mode, guesses, tuple(game.answers))
    assert search.least_worst() == least
    root = game.initial_state()
    for d in range(1, least + 2):
        assert search.feasible(root, d) == (d >= least), d
    for opener in guesses[:6]:
        worst = brute_force_worst(game, opener)
        for d in range(1, worst + 2):
            assert search.opener_feasible(game.guess_index(opener), d) == (d >= worst)
        if len(game.split(root, game.guess_index(opener)).sizes) == 1:
            continue  # splits nothing: the walker refuses a guess without progress
        # the witness strategy, walked against every answer with the mode's rule checked
        policy = MinimaxPolicy(search, worst, game.guess_index(opener))
        walked = evaluate(game, policy, opener, max_guesses=worst)
        assert walked.worst == worst and walked.unfinished == 0, (opener, mode)


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_a_fresh_search_agrees_with_a_remembering_one(mode):
    # the memo and the cores carry facts from one opener to the next: a new search per opener
    # must say the same (in hard mode a core holds where a part's rule, with its state's, asks
    # at least the core's); an -ight cluster, whose parts cores refute
    game = small_game(9, 60, 44, mode, "ight")
    shared = Minimax(game)
    answers = set()
    for opener in range(0, len(game.guesses), 3):
        for d in (2, 3, 4):
            remembered = shared.opener_feasible(opener, d)
            assert remembered == Minimax(game).opener_feasible(opener, d), (opener, d)
            answers.add(remembered)
    assert answers == {True, False} and shared.cored > 0


def test_the_atch_cluster_by_hand():
    # batch, catch, hatch, latch, match, patch, watch, each the only guesses: all share "atch"
    # (green), and a guess's first letter is in no other answer (catch's second c is matched
    # by the green c of each answer), so a guess tells only whether it is the answer: one
    # answer per guess, seven guesses in the worst case.
    words = ("batch", "catch", "hatch", "latch", "match", "patch", "watch")
    game = Game(WordList(words, "g"), WordList(words, "a"))
    search = Minimax(game)
    assert not search.feasible(game.initial_state(), 6)
    assert search.least_worst() == 7
    assert capacity(game, 1) == 1 and capacity(game, 2) == 238


def test_first_separator_against_every_guess():
    game = small_game(40, 60, 46)
    patterns_t = transposed_patterns(game)
    rng = np.random.default_rng(0)
    allowed = game.all_guesses
    for size in (2, 3, 4, 6, 9):
        for _ in range(20):
            cands = np.sort(rng.choice(len(game.answers), size, replace=False)).astype(np.int32)
            plain = [
                t
                for t, g in enumerate(allowed)
                if len(set(game.patterns[g, cands].tolist())) == size
            ]
            got = _kernels.first_separator(patterns_t, cands, allowed, 238)
            assert got == (plain[0] if plain else -1)


def test_guess_profiles_against_plain_counts():
    game = small_game(30, 20, 47)
    cands = np.arange(0, 30, 2, dtype=np.int32)
    largest = np.empty(len(game.guesses), np.int64)
    parts = np.empty(len(game.guesses), np.int64)
    _kernels.guess_profiles(
        game.patterns, cands, game.all_guesses, game.solved, game.n_patterns, largest, parts
    )
    for g in game.all_guesses:
        row = game.patterns[g, cands].tolist()
        sizes = {p: row.count(p) for p in row}
        assert parts[g] == len(sizes)
        assert largest[g] == max((s for p, s in sizes.items() if p != game.solved), default=0)


def test_within_three_against_brute_force():
    # F(S, 3) by the kernel (with cores learnt along the way) against the reference's least
    # worst case of every subset of a hard cluster
    game = small_game(8, 12, 42, suffix="ight")
    search = Minimax(game)
    words = list(game.guesses)
    for size in (3, 5, 7):
        for subset in itertools.combinations(range(len(game.answers)), size):
            state = State(np.array(subset, np.int32), None, 0)
            expected = reference.least_worst("easy", words, [game.answers[i] for i in subset]) <= 3
            assert search.feasible(state, 3) == expected, subset


def test_salet_on_the_original_lists(original):
    # benchmarks/objectives-results.md (``optimal --objective worst``, the capped mean optima):
    # salet's least worst case is 5 in easy mode and 6 in hard mode
    easy = Minimax(original)
    salet = original.guess_index("salet")
    assert not easy.opener_feasible(salet, 4)
    assert easy.opener_feasible(salet, 5)
    hard = Minimax(original.with_mode("hard"))
    assert not hard.opener_feasible(salet, 5)
    assert hard.opener_feasible(salet, 6)


def test_opener_sweep_and_its_table_on_a_small_game():
    # every opener of a small game swept at each d: the rows equal the brute force's least
    # worst case per opener, and the table's least d over openers is the brute force's least
    # one, proved (every opener covered at d - 1, none within)
    game = small_game(9, 6, 42, suffix="ight")
    openers = range(len(game.guesses))
    worst = {game.guesses[o]: brute_force_worst(game, game.guesses[o]) for o in openers}
    least = min(worst.values())
    frames = [
        minimax_openers.opener_sweep(game, d, openers, lists="small") for d in (least - 1, least)
    ]
    for frame in frames:
        for row in frame.itertuples():
            assert row.within == (worst[row.opener] <= row.d)
    n = {"small": len(game.guesses)}
    table = minimax_openers.worst_case_table(frames, n)
    row = table.iloc[0]
    assert row["least worst case found"] == least == row["at least"]
    assert row["openers within it"] == sum(w == least for w in worst.values())
    assert bool(row["proved over every opener"])
    # a sample only is never called proved
    sample = [f.iloc[:3] for f in frames]
    table = minimax_openers.worst_case_table(sample, n)
    assert not table["proved over every opener"].any() and table["at least"].isna().all()


def test_the_stored_sample_reads_and_rechecks():
    # the stored sample (sha256 checked on reading): a few easy rows searched again, each by
    # a new search, agree with it
    frame = minimax_openers.read_stored()
    easy = frame[frame["mode"] == "easy"]
    assert len(easy) == 100 and set(easy["d"]) == {4, 5}
    again = minimax_openers.recheck_sample(easy, k=3, seed=1)
    assert (again["again"] == again["within"]).all()


def test_the_stored_easy_sweep_within_four_holds_every_opener_once():
    # the stored full sweep: the 12,972 guesses of the original lists (SOURCES.md), each once,
    # in list order, easy mode within 4; one row searched again by a new search agrees
    frame = minimax_openers.read_stored(minimax_openers.STORED_EASY_WITHIN4)
    assert list(frame.columns) == minimax_openers.COLUMNS
    assert list(frame["opener"]) == list(Game.original().guesses) and len(frame) == 12972
    assert set(frame["mode"]) == {"easy"} and set(frame["d"]) == {4}
    assert set(frame["lists"]) == {"original"}  # written before the column: read as original
    again = minimax_openers.recheck_sample(frame, k=1, seed=2)
    assert (again["again"] == again["within"]).all()


#: Hand-made sweeps' lists and their openers' numbers (two openers each, a and b).
TWO = {"original": 2, "nyt-2023": 2}


def _frame(mode, d, openers, within, lists="original"):
    """A hand-made sweep: one row per opener (a letter), all of one lists, mode and d."""
    n = len(within)
    return pd.DataFrame(
        {
            "lists": [lists] * n,
            "mode": [mode] * n,
            "d": [d] * n,
            "opener": list(openers),
            "within": within,
        }
    )


def test_frames_that_disagree_are_refused_and_overlaps_count_once():
    base = _frame("easy", 2, "ab", [False, True])
    table = minimax_openers.worst_case_table([base, base.iloc[:1]], TWO)
    assert table.iloc[0]["covered at d"] == 2
    other = base.assign(within=[True, True])
    with pytest.raises(WordlekitError, match="easy within 2: a is both within and not"):
        minimax_openers.worst_case_table([base, other], TWO)


def test_a_strict_mode_strategy_is_a_hard_mode_one(original):
    # The premise, by the reference's rules: after a few (guess, tiles) with repeated letters,
    # every guess the strict rule allows is allowed in hard mode (it keeps the greens in place
    # and as many of each marked letter).
    words = list(original.guesses)
    for guess, answer in [("speed", "erase"), ("sassy", "basis"), ("llama", "hello")]:
        history = [(guess, reference.feedback(guess, answer))]
        strict = reference.allowed_after("strict", words, history)
        hard = set(reference.allowed_after("hard", words, history))
        assert strict and set(strict) <= hard and len(hard) > len(strict), guess
    # So a strict opener within 3 is within 3 in hard (and easy) mode, hard mode's refusals
    # within 2 are strict mode's, and a hard refusal of a strict opener found is refused.
    hard = _frame("hard", 2, "ab", [False, False])
    strict = _frame("strict", 3, "a", [True])
    table = minimax_openers.worst_case_table([hard, strict], TWO).set_index("mode")
    assert table.loc["hard", "least worst case found"] == 3
    assert bool(table.loc["hard", "proved over every opener"])
    assert table.loc["hard", "swept"] == "within 2: 2, within 3: 1 by strict mode"
    assert table.loc["strict", "swept"] == "within 2: 2 by hard mode, within 3: 1"
    assert bool(table.loc["strict", "proved over every opener"])
    assert table.loc["easy", "swept"] == "within 3: 1 by strict mode"
    assert not table.loc["easy", "proved over every opener"]
    with pytest.raises(WordlekitError, match="hard within 3: a is both within and not"):
        minimax_openers.worst_case_table([_frame("hard", 3, "a", [False]), strict], TWO)


def test_one_modes_rows_settle_the_others_and_a_contradiction_is_refused():
    # A hard-mode strategy is an easy-mode one, so easy mode's "not within 2" over both openers
    # proves hard mode's least worst case 3 once one hard opener is within 3, and a hard opener
    # within 3 is within 3 in easy mode; a hard row claiming what easy mode refuted is refused.
    easy = _frame("easy", 2, "ab", [False, False])
    hard = _frame("hard", 3, "b", [True])
    table = minimax_openers.worst_case_table([easy, hard], TWO).set_index("mode")
    assert table.loc["hard", "least worst case found"] == 3
    assert bool(table.loc["hard", "proved over every opener"])
    assert table.loc["hard", "swept"] == "within 2: 2 by easy mode, within 3: 1"
    assert table.loc["easy", "least worst case found"] == 3
    assert table.loc["easy", "swept"] == "within 2: 2, within 3: 1 by hard mode"
    # strict mode has no rows of its own: easy mode's refusals bound it, with no d found
    strict = table.loc["strict"]
    assert pd.isna(strict["least worst case found"]) and strict["at least"] == 3
    assert strict["swept"] == "within 2: 2 by easy mode"
    assert list(table.index) == ["easy", "hard", "strict"]
    # without easy mode's rows, hard mode's case is not proved
    alone = minimax_openers.worst_case_table([hard], TWO).set_index("mode").loc["hard"]
    assert not alone["proved over every opener"]
    wrong = _frame("hard", 2, "a", [True])
    with pytest.raises(
        WordlekitError, match="within 2: a is both within and not in the frames given, counting"
    ):
        minimax_openers.worst_case_table([easy, wrong], TWO)


def test_the_endgame_cutoff_refutes_eughs_by_hand(original):
    # After eughs gets b b g g b in hard mode, fight, light, might, night, right, tight, wight
    # are left, and every allowed guess keeps g and h in place: it holds one letter that can
    # tell them apart at most (its first), so each guess leaves all but one together. Four more
    # guesses cannot find all seven, nor can six; the cutoff says so with no search, and the
    # reference's exhaustive search from the same state (its own hard-mode rule) needs seven.
    hard = original.with_mode("hard")
    state = hard.state_after([("eughs", "bbggb")])
    ight = ["fight", "light", "might", "night", "right", "tight", "wight"]
    assert hard.candidate_words(state) == ight
    search = Minimax(hard)
    for d in (4, 6):
        assert not search.feasible(state, d)
    assert search.states == 0 and search.cut == 2
    assert search.feasible(state, 7)
    words = list(original.guesses)
    allowed = reference.allowed_after("hard", words, [("eughs", "bbggb")])
    cands = [a for a in original.answers if reference.feedback("eughs", a) == "bbggb"]
    assert cands == ight
    assert reference.least_worst("hard", words, cands, allowed) == 7
    # so eughs is refuted within five from the start at once: that part is cut in the quick
    # pass over its parts, before any part is searched
    fresh = Minimax(hard)
    assert not fresh.opener_feasible(hard.guess_index("eughs"), 5)
    assert fresh.states == 0 and fresh.cut >= 1


@pytest.mark.parametrize("mode", MODES)
def test_the_aste_family_by_hand(mode):
    # baste, caste, haste, paste, taste, waste, each the only guesses: a guess's first letter
    # is in no other answer but at its first place (taste's first t is matched by the green t
    # of each answer), so a guess tells only whether it is the answer: six guesses in the worst
    # case. In hard and strict mode the endgame cutoff refutes five with no search.
    words = ("baste", "caste", "haste", "paste", "taste", "waste")
    game = Game(WordList(words, "g"), WordList(words, "a"), mode)
    assert reference.least_worst(mode, list(words), words) == 6
    search = Minimax(game)
    assert not search.feasible(game.initial_state(), 5)
    assert (search.states == 0) == (mode != "easy")
    assert search.least_worst() == 6


def test_within_three_strict_against_brute_force():
    # F(S, 3) in strict mode by its kernel against the reference's least worst case, on
    # subsets of a hard cluster with every guess allowed, and after a first guess's feedback
    # (the allowed guesses those consistent with it)
    game = small_game(8, 12, 42, mode="strict", suffix="ight")
    search = Minimax(game)
    words = list(game.guesses)
    for size in (3, 5, 7):
        for subset in itertools.combinations(range(len(game.answers)), size):
            state = State(np.array(subset, np.int32), game.all_guesses, 0)
            cands = [game.answers[i] for i in subset]
            assert search.feasible(state, 3) == (
                reference.least_worst("strict", words, cands) <= 3
            ), subset
    checked = 0
    for first in words:
        for _, child in game.unsolved_children(game.initial_state(), game.guess_index(first)):
            if len(child.candidates) < 3:
                continue
            history = [(first, reference.feedback(first, game.candidate_words(child)[0]))]
            allowed = reference.allowed_after("strict", words, history)
            assert [words[g] for g in child.allowed] == allowed
            expected = reference.least_worst("strict", words, game.candidate_words(child), allowed)
            assert Minimax(game).feasible(child, 3) == (expected <= 3), (first, history)
            checked += 1
    assert checked > 0
    assert search.scanned > 0  # the kernel ran (it counts the parts it scanned)


def test_within_three_hard_against_brute_force():
    # F(S, 3) in hard mode by its kernel against the reference's least worst case, on subsets
    # of a hard cluster with every guess allowed, and after one and two guesses' feedback
    # (the allowed guesses those the NYT rule leaves)
    game = small_game(8, 12, 42, mode="hard", suffix="ight")
    search = Minimax(game)
    words = list(game.guesses)
    outcomes = set()
    for size in (3, 5, 7):
        for subset in itertools.combinations(range(len(game.answers)), size):
            state = State(np.array(subset, np.int32), game.all_guesses, 0)
            cands = [game.answers[i] for i in subset]
            expected = reference.least_worst("hard", words, cands) <= 3
            assert search.feasible(state, 3) == expected, subset
            assert (search._search(state, 3) is not None) == expected, subset  # no cutoff
            outcomes.add(expected)
    checked = 0
    root = game.initial_state()
    for first in words:
        for _, child in game.unsolved_children(root, game.guess_index(first)):
            history = [(first, reference.feedback(first, game.candidate_words(child)[0]))]
            states = [(child, history)]
            if len(child.candidates) >= 5:  # and after a second guess: the first allowed
                second = words[int(child.allowed[0])]
                for _, grandchild in game.unsolved_children(child, int(child.allowed[0])):
                    answer = game.candidate_words(grandchild)[0]
                    states.append(
                        (grandchild, [*history, (second, reference.feedback(second, answer))])
                    )
            for state, seen in states:
                if len(state.candidates) < 3:
                    continue
                allowed = reference.allowed_after("hard", words, seen)
                assert [words[g] for g in state.allowed] == allowed
                cands = game.candidate_words(state)
                expected = reference.least_worst("hard", words, cands, allowed) <= 3
                assert Minimax(game).feasible(state, 3) == expected, seen
                assert (search._search(state, 3) is not None) == expected, seen
                outcomes.add(expected)
                checked += 1
    assert checked > 0 and outcomes == {True, False}
    assert search.scanned > 0  # the kernel ran (it counts the parts it scanned)


def _plain_within_three_hard(game, cands, allowed, order):
    """The first guess of ``order`` (a position, or -1) whose every part (not all green, two
    or more candidates) has a guess among ``allowed`` that the hard rule
    (reference.hard_mode_ok) leaves it and that gives each candidate its own feedback."""
    words = list(game.guesses)
    for t, g in enumerate(order):
        row = game.patterns[g, cands].tolist()
        if len(set(row)) == 1:
            continue  # splits nothing
        ok = True
        for p in set(row):
            part = cands[[r == p for r in row]]
            if len(part) < 2:
                continue
            tiles = reference.feedback(words[g], game.answers[part[0]])
            kept = [h for h in allowed if reference.hard_mode_ok(words[h], words[g], tiles)]
            if not any(len(set(game.patterns[h, part].tolist())) == len(part) for h in kept):
                ok = False
                break
        if ok:
            return t
    return -1


def test_within_three_hard_kernel_against_plain_python(original):
    # first_within_three_hard against the definition written out: the first guess of the
    # order whose every part (not all green, two or more candidates) has a guess among those
    # the hard rule (reference.hard_mode_ok) leaves it that gives each candidate its own
    # feedback; random sets and allowed guesses on a small game and an -ight cluster
    hard = Minimax(original.with_mode("hard"))  # its letter counts, with a triple letter
    cored = 0
    for game in (small_game(40, 120, 48, "hard"), small_game(9, 150, 49, "hard", "ight")):
        search = Minimax(game)
        words = list(game.guesses)
        rng = np.random.default_rng(7)
        found = set()
        for _ in range(40):
            size = int(rng.integers(3, len(game.answers) + 1))
            cands = np.sort(rng.choice(len(game.answers), size, replace=False)).astype(np.int32)
            n_allowed = int(rng.integers(5, len(words) // 2))
            allowed = np.sort(rng.choice(len(words), n_allowed, replace=False)).astype(np.int32)
            order = rng.permutation(allowed)[:30].astype(np.int32)
            counts = np.zeros(4, np.int64)
            got = _kernels.first_within_three_hard(
                game.patterns,
                search.patterns_t,
                game.guess_codes,
                search._letters,
                cands,
                order,
                allowed,
                search.limit,
                counts,
                np.empty(1024, np.int32),  # no core yet, room for 64
                np.zeros(65, np.int64),
                np.zeros(65, np.int64),
                np.zeros((65, len(game.alphabet)), np.int64),
                0,
            )
            plain = _plain_within_three_hard(game, cands, allowed, order)
            assert got == plain, (cands, order)
            found.add(min(got, 1))
            cored += counts[2]
        assert found == {-1, 0, 1}, game  # none, the first, a later one
    assert cored > 0  # guesses were dropped by a core learnt in the same call
    assert hard._letters[hard.game.guess_index("eerie"), hard.game.alphabet.index("e")] == 3


@pytest.mark.parametrize("cap", [None, 6])
def test_within_three_hard_keeps_cores_under_their_rules(cap, monkeypatch):
    # one search's cores, each with the rule of the part where no guess separated it, kept
    # from state to state: at states reached by one or two guesses (each allowed set its
    # rule's), then on the same candidates with no rule asked and every guess allowed (where a
    # core learnt under a rule may be separated), and first with 40 guesses allowed and no
    # rule (its cores not kept), every answer as the plain definition's; and with at most
    # six cores kept (the older half dropped past that)
    if cap is not None:
        monkeypatch.setattr(minimax, "HARD_CORES", cap)
    game = small_game(9, 150, 49, "hard", "ight")
    free = bytes(game.length + len(game.alphabet))  # the rule at the start: nothing asked
    shared = Minimax(game)
    rng = np.random.default_rng(8)
    checked = 0
    for _ in range(40):
        state = game.initial_state()
        for _ in range(int(rng.integers(1, 3))):
            guess = int(rng.choice(state.allowed))
            answer = int(rng.choice(state.candidates))
            state = game.next_state(state, guess, int(game.patterns[guess, answer]))
        if len(state.candidates) < 3:
            continue
        some = np.sort(rng.choice(game.all_guesses, 40, replace=False)).astype(np.int32)
        at_states = [
            State(state.candidates, some, 0),  # no rule: cores for this call only
            state,
            State(state.candidates, game.all_guesses, 0, rule=free),
        ]
        for at in at_states:
            order = rng.permutation(at.allowed)[:40].astype(np.int32)
            got = shared._within_three_hard(at, at.candidates, at.allowed, order)
            plain = _plain_within_three_hard(game, at.candidates, at.allowed, order)
            assert got == (None if plain < 0 else int(order[plain])), state.history
            checked += 1
    assert checked > 45 and len(shared._hard_cores[1]) > 1 and shared.cored > 0
    assert len(shared._hard_rules[0]) == len(shared._hard_cores[1]) - 1 <= (cap or 1024)


def test_a_small_part_refutes_the_guess_first():
    # zzzzz parts the answers into the five -atch words (all grey) and six words z____ (z
    # green). The six are found within two more by defgi (d yellow, e, f, g, i green, zjjjj
    # all grey); the five -atch words need five, as each guess tells apart one of them at most.
    # So zzzzz is refuted within three, and with the parts searched smallest first the -atch
    # part refutes it alone: the larger part is never searched (a search remembers every
    # state it decides). Both parts' values and the opener's by the reference.
    atch = ("batch", "catch", "hatch", "latch", "match")
    z = tuple("z" + c * 4 for c in "defgij")
    answers = tuple(sorted(atch + z))
    guesses = tuple(sorted(answers + ("zzzzz", "defgi")))
    game = Game(WordList(guesses, "g"), WordList(answers, "a"))
    assert reference.least_worst("easy", list(guesses), z) == 2
    assert reference.least_worst("easy", list(guesses), atch) == 5
    assert brute_force_worst(game, "zzzzz") == 6
    search = Minimax(game)
    opener = game.guess_index("zzzzz")
    assert not search.opener_feasible(opener, 3)
    (_, first), (_, second) = game.unsolved_children(game.initial_state(), opener)
    assert game.candidate_words(first) == list(atch)
    assert game.candidate_words(second) == list(z)
    assert search.states == 1 and first.key in search.memo and second.key not in search.memo
    assert Minimax(game).opener_feasible(opener, 6) and not Minimax(game).opener_feasible(opener, 5)


def test_the_table_is_by_lists_and_one_mode_settles_another_only_on_its_lists():
    # Easy mode refutes a and b within 2 on the original lists: that settles the original
    # lists' hard and strict modes, not nyt-2023's, where hard mode's a within 2 is no clash
    # (another game) and counts only for nyt-2023's easy mode.
    easy = _frame("easy", 2, "ab", [False, False])
    nyt_hard = _frame("hard", 2, "a", [True], lists="nyt-2023")
    table = minimax_openers.worst_case_table([easy, nyt_hard], TWO)
    table = table.set_index(["lists", "mode"])
    assert list(table.index) == [
        ("original", "easy"),
        ("original", "hard"),
        ("original", "strict"),
        ("nyt-2023", "easy"),
        ("nyt-2023", "hard"),
    ]
    assert table.loc[("original", "hard"), "swept"] == "within 2: 2 by easy mode"
    assert table.loc[("original", "hard"), "at least"] == 3
    assert table.loc[("nyt-2023", "hard"), "swept"] == "within 2: 1"
    assert table.loc[("nyt-2023", "hard"), "least worst case found"] == 2
    assert not table.loc[("nyt-2023", "hard"), "proved over every opener"]  # 1 of 2 covered
    assert table.loc[("nyt-2023", "easy"), "swept"] == "within 2: 1 by hard mode"
    # the number of openers is per lists: a and b cover the original lists, not nyt-2023's 3
    both = _frame("easy", 2, "ab", [False, False], lists="nyt-2023")
    within = _frame("easy", 3, "a", [True], lists="nyt-2023")
    sizes = {"original": 2, "nyt-2023": 3}
    table = minimax_openers.worst_case_table([easy, both, within], sizes)
    nyt = table.set_index(["lists", "mode"]).loc[("nyt-2023", "easy")]
    assert nyt["least worst case found"] == 3 and not nyt["proved over every opener"]
    assert pd.isna(nyt["at least"])
    # by default the openers are counted from each lists' game: 12,972 and 14,855 guesses
    # (SOURCES.md), so two rows cover neither
    default = minimax_openers.worst_case_table([easy, within])
    assert not default["proved over every opener"].any() and default["at least"].isna().all()


def test_rows_of_unknown_lists_or_no_lists_are_refused_in_one_line():
    row = _frame("easy", 4, ["salet"], [False], lists="nyt-2024")
    with pytest.raises(
        WordlekitError,
        match=r"^sweep rows of unknown lists 'nyt-2024'; expected one of original, nyt-2022, "
        r"nyt-2023$",
    ):
        minimax_openers.worst_case_table([row])
    with pytest.raises(WordlekitError, match="unknown lists 'nyt-2023'; expected one of original$"):
        minimax_openers.worst_case_table([row.assign(lists="nyt-2023")], {"original": 2})
    with pytest.raises(WordlekitError, match=r"^unknown word lists 'nyt-2024'; expected one of"):
        minimax_openers.recheck_sample(row, k=1)
    with pytest.raises(WordlekitError, match="expected a lists column too"):
        minimax_openers.worst_case_table([row.drop(columns="lists")])
    with pytest.raises(WordlekitError, match="expected a lists column too"):
        minimax_openers.recheck_sample(row.drop(columns="lists"))


def test_the_stored_nyt2023_easy_sweep_within_four_holds_every_opener_once():
    # every one of the 14,855 guesses of the nyt-2023 lists (SOURCES.md), once, in list order,
    # easy mode within 4, none within; one row searched again on the nyt-2023 game agrees
    frame = minimax_openers.read_stored(minimax_openers.STORED_NYT2023_EASY_WITHIN4)
    assert list(frame.columns) == minimax_openers.COLUMNS
    nyt = Game.from_lists("nyt-2023", "easy")
    assert list(frame["opener"]) == list(nyt.guesses) and len(frame) == 14855
    assert set(frame["lists"]) == {"nyt-2023"} and set(frame["mode"]) == {"easy"}
    assert set(frame["d"]) == {4} and not frame["within"].any()
    again = minimax_openers.recheck_sample(frame, k=1, seed=3)
    assert (again["again"] == again["within"]).all()
    # nyt-2023's words the original lists lack exist: the recheck needs its own game
    assert set(frame["opener"]) - set(Game.original().guesses)


def test_a_corrupted_stored_nyt2023_sweep_is_refused_naming_the_file(tmp_path, monkeypatch):
    name = minimax_openers.STORED_NYT2023_EASY_WITHIN4
    (tmp_path / "sweeps").mkdir()
    text = (paths.DATA_DIR / name).read_bytes()
    (tmp_path / name).write_bytes(text.replace(b"False", b"True", 1))
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    with pytest.raises(
        WordlekitError, match=r"minimax_nyt2023_easy_within4.csv: sha256 is [0-9a-f]{64}, expected"
    ):
        minimax_openers.read_stored(name)
