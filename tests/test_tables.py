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
