"""Tables for reading: the side-by-side view of a comparison, on a case worked by hand."""

import pandas as pd

from wordlekit import tables


def test_side_by_side_groups_ours_published_and_diff_under_each_name():
    ours = pd.DataFrame(
        {"mig": [3.5, 3.25], "extra": [1, 2]}, index=pd.Index(["salet", "reast"], name="opener")
    )
    published = pd.DataFrame({"mig": [3.0, 3.5]}, index=ours.index)
    view = tables.side_by_side(tables.compare(ours, published), ["mig", "extra"])
    assert list(view.columns) == [
        ("mig", "ours"),
        ("mig", "published"),
        ("mig", "diff"),
        ("extra", "ours"),
    ]
    # By hand: 3.5 - 3.0 = 0.5 and 3.25 - 3.5 = -0.25.
    assert view.loc["salet"].tolist() == [3.5, 3.0, 0.5, 1]
    assert view.loc["reast"].tolist() == [3.25, 3.5, -0.25, 2]
    assert list(view.index) == ["salet", "reast"]


def test_display_float_has_four_decimals_no_exponent_and_no_negative_zero():
    # issue 27 item 5: 4.3110e-04 and -0.0000 were shown in notebook 02
    assert tables.display_float(4.3110e-04) == "0.0004"
    assert tables.display_float(-0.00001) == "0.0000"
    assert tables.display_float(-0.0021) == "-0.0021"
    assert tables.display_float(3.61124) == "3.6112"


def test_round_to_error_shows_two_significant_digits_of_the_error_and_the_mean_alike():
    assert tables.error_decimals(0.1253) == 2
    assert tables.error_decimals(0.0094) == 4
    assert tables.error_decimals(7.46994) == 1
    assert tables.error_decimals(7.46994, significant=1) == 0
    assert tables.error_decimals(0.0) == tables.DECIMALS  # exact: the usual four places
    frame = pd.DataFrame(
        {"mean": [4.5885, 3242.4, 2.71, 9.7833], "sd": [0.1253, 7.46994, 0.0, float("nan")]}
    )
    shown = tables.round_to_error(frame, {"mean": "sd"})
    assert shown["mean"].tolist() == ["4.59", "3242.4", "2.7100", "9.7833"]
    assert shown["sd"].tolist() == ["0.13", "7.5", "0.0000", ""]
    assert frame["mean"].iloc[0] == 4.5885  # the numbers themselves are left as they were


def test_totals_behind_by_hand():
    """Three games: 2 guesses in all average 0.666..., which rounds to 0.6667 and truncates to
    0.6666; 0.6668 is the average of no TOTAL. With 2,315 answers, 3.6345 is 8,414 truncated
    (8414 / 2315 = 3.634557...), which rounds to 3.6346; and 3.5471 lies between 8,211
    (3.546868...) and 8,212 (3.547300...), so no TOTAL gives it."""
    assert tables.totals_behind(0.6667, 3) == {"rounded": 2, "truncated": None}
    assert tables.totals_behind(0.6666, 3) == {"rounded": None, "truncated": 2}
    assert tables.totals_behind(0.6668, 3) == {"rounded": None, "truncated": None}
    assert tables.totals_behind(1.0, 3) == {"rounded": 3, "truncated": 3}
    assert tables.totals_behind(3.6345, 2315) == {"rounded": None, "truncated": 8414}
    assert tables.totals_behind(3.6346, 2315) == {"rounded": 8414, "truncated": None}
    assert tables.totals_behind(3.5471, 2315) == {"rounded": None, "truncated": None}
