"""A class experiment pooled from typed counts or a CSV file: shares, bands, bad input."""

from math import sqrt

import pytest

from dicelab.pooled import ClassShares


def test_pasted_lines_in_each_form_give_the_same_counts():
    shares = ClassShares.from_text(
        "# farkles with three dice\nAnn 3/20\n\nBen 5 of 20\n7 20\nDan,1,10\n"
    )
    assert shares.names == ("Ann", "Ben", "student 3", "Dan")
    assert shares.successes == (3, 5, 7, 1) and shares.trials_each == (20, 20, 20, 10)
    assert shares.trials == 70 and shares.pooled == 16 / 70
    assert shares.shares == [3 / 20, 5 / 20, 7 / 20, 1 / 10]


def test_a_shared_win_counts_half():
    shares = ClassShares.from_text("Ann 2.5/4\nBen 1/4")
    assert shares.successes == (2.5, 1) and shares.pooled == 3.5 / 8
    assert ClassShares.of([2.0, 1.5], 4).successes == (2, 1.5)
    assert ClassShares.from_csv("successes,trials\n0.5,1\n").pooled == 0.5


def test_a_csv_file_or_its_text(tmp_path):
    text = "name,successes,trials\nAnn,3,20\nBen,5,20\n"
    path = tmp_path / "class.csv"
    path.write_text(text, encoding="utf-8")
    assert (
        ClassShares.from_csv(path) == ClassShares.from_csv(str(path)) == ClassShares.from_csv(text)
    )
    assert ClassShares.from_csv("successes,trials\n2,10\n").names == ("student 1",)


def test_the_bands_are_the_standard_errors_of_each_number_of_trials():
    shares = ClassShares.of([3, 5, 2], 20)
    p = 5 / 18  # the farkle chance with three dice
    assert shares.standard_error(p) == pytest.approx(sqrt(p * (1 - p) / 60))
    assert shares.standard_error(p, trials=20) == pytest.approx(sqrt(p * (1 - p) / 20))
    assert shares.standard_error() == pytest.approx(sqrt(shares.pooled * (1 - shares.pooled) / 60))
    assert shares.inside(p) == (abs(shares.pooled - p) <= 2 * sqrt(p * (1 - p) / 60))
    assert "60 results from 3 students" in shares.summary(p) and "inside" in shares.summary(p)
    assert not ClassShares.of([60], 60).inside(p) and "outside" in ClassShares.of([60], 60).summary(
        p
    )


@pytest.mark.parametrize(
    "bad,error,words",
    [
        ("Ann 21/20", ValueError, "21 successes out of 20"),
        ("Ann three/20", ValueError, "line 1"),
        ("", ValueError, "no results"),
        ("Ann 0/0", ValueError, "trials at least 1"),
    ],
)
def test_bad_lines_are_refused_with_a_sentence(bad, error, words):
    with pytest.raises(error, match=words):
        ClassShares.from_text(bad)


def test_bad_counts_and_csv_are_refused():
    with pytest.raises(TypeError, match="whole numbers"):
        ClassShares.of([1.25], 10)
    with pytest.raises(TypeError, match="whole numbers"):
        ClassShares.of([True], 10)
    with pytest.raises(ValueError, match="each student needs"):
        ClassShares.of([1, 2], [10])
    with pytest.raises(ValueError, match="columns successes and trials"):
        ClassShares.from_csv("name,hits\nAnn,3\n")
    with pytest.raises(ValueError, match="CSV line 3"):
        ClassShares.from_csv("successes,trials\n1,10\nx,10\n")


def test_the_plot_says_how_many_results_it_pools():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    ax = ClassShares.of([3, 5, 2, 4], 20).plot(exact=5 / 18, label="share of farkles")
    assert ax.get_title() == "4 students, 80 results pooled"
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert "the class, pooled ± 2 SE of all 80" in labels and "exact chance" in labels


def test_the_confidence_interval_is_the_class_share_with_two_standard_errors_of_its_own():
    shares = ClassShares.from_text("Ann 3/20\nBen 5/20\nCat 2/20")  # 10 of 60
    low, high = shares.confidence_interval()
    assert (low + high) / 2 == pytest.approx(1 / 6)
    assert high - low == pytest.approx(4 * sqrt(1 / 6 * 5 / 6 / 60))
    assert f"confidence interval {low:.2%} to {high:.2%}" in shares.summary()
    assert "band around it for 60 results is ± 9.62%" in shares.summary(1 / 6)


def test_a_csv_path_that_is_not_a_regular_file_or_too_long_is_refused_at_once(tmp_path):
    """A pipe given as the path hung the reader; a link to /dev/zero read without end."""
    import os

    from dicelab.errors import NotAFileError
    from dicelab.pooled import MAX_CSV_BYTES

    os.mkfifo(pipe := tmp_path / "pipe.csv")
    (zero := tmp_path / "zero.csv").symlink_to("/dev/zero")
    for path in (pipe, zero):
        with pytest.raises(NotAFileError, match="not a regular file"):
            ClassShares.from_csv(path)
    (long := tmp_path / "long.csv").write_text("successes,trials\n" + "1,2\n" * MAX_CSV_BYTES)
    with pytest.raises(ValueError, match="bytes: no class's results are"):
        ClassShares.from_csv(long)
