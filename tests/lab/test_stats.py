"""The lab's statistics against values published for the same formulas."""

from __future__ import annotations

import pytest

from generator.lab.stats import histogram, summary, two_means, two_rates, wilson


@pytest.mark.parametrize("k,n,low,high", [
    (5, 10, 0.2366, 0.7634),   # Wilson interval, 95 %: the textbook half-way case
    (0, 10, 0.0, 0.2775),      # no successes: still an upper bound, never below zero
    (81, 263, 0.2553, 0.3662),  # Newcombe (1998), example (a)
])
def test_wilson_interval_matches_published_values(k: int, n: int, low: float, high: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_an_interval_narrows_with_more_games() -> None:
    small, large = wilson(25, 100), wilson(250, 1000)
    assert large[1] - large[0] < small[1] - small[0] < 0.2


def test_two_rates_sees_a_real_difference_and_not_a_small_one() -> None:
    assert two_rates(300, 1000, 250, 1000)[1] < 0.05  # 30 % against 25 % over 1000 games each
    assert two_rates(26, 100, 25, 100)[1] > 0.5


def test_two_means() -> None:
    diff, p = two_means([10, 11, 12, 13, 14] * 20, [12, 13, 14, 15, 16] * 20)
    assert diff == -2 and p < 1e-6
    assert two_means([1, 2, 3], [1, 2, 3]) == (0.0, 1.0)


def test_summary_and_histogram_of_game_lengths() -> None:
    lengths = list(range(100, 200))
    s = summary(lengths)
    assert (s["min"], s["median"], s["max"]) == (100, 149.5, 199)
    bins = histogram(lengths, bins=10)
    assert [b["count"] for b in bins] == [10] * 10 and bins[0]["low"] == 100 and bins[-1]["high"] == 199
