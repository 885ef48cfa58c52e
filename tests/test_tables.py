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
