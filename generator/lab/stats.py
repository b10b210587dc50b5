"""The few statistics the lab reports, in plain Python (no numpy, no scipy).

- :func:`wilson`: a 95 % interval for a rate (a seat's wins out of its games); it stays
  inside 0–1 and is honest for rates near 0 or 1 and for a few hundred games;
- :func:`two_rates`: are two rates different (a variant's first-player wins against the
  base game's)? A two-proportion z-test;
- :func:`two_means`: are two means different (game lengths)? Welch's test, with the
  normal distribution (the lab's samples run to hundreds of games);
- :func:`summary` and :func:`histogram` for distributions.
"""

from __future__ import annotations

import math
from typing import Sequence

#: the normal quantile of a two-sided 95 % interval
Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes / trials`` (shared wins may count as
    fractions: a rate, not a count, is what the interval is about)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def two_rates(a: float, n: int, b: float, m: int) -> tuple[float, float]:
    """(difference of the rates a/n - b/m, two-sided p-value) by the pooled z-test."""
    if n <= 0 or m <= 0:
        return (0.0, 1.0)
    p1, p2 = a / n, b / m
    pooled = (a + b) / (n + m)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m))
    if spread == 0:
        return (p1 - p2, 1.0 if p1 == p2 else 0.0)
    return (p1 - p2, normal_p((p1 - p2) / spread))


def mean_and_variance(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if not n:
        return (0.0, 0.0)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, variance


def two_means(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """(difference of the means, two-sided p-value) by Welch's test."""
    ma, va = mean_and_variance(a)
    mb, vb = mean_and_variance(b)
    if not a or not b:
        return (0.0, 1.0)
    spread = math.sqrt(va / len(a) + vb / len(b))
    if spread == 0:
        return (ma - mb, 1.0 if ma == mb else 0.0)
    return (ma - mb, normal_p((ma - mb) / spread))


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean with a 95 % normal interval."""
    mean, variance = mean_and_variance(values)
    half = Z95 * math.sqrt(variance / len(values)) if values else 0.0
    return (mean, mean - half, mean + half)


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of already sorted values (linear between neighbours)."""
    if not sorted_values:
        return 0.0
    place = q * (len(sorted_values) - 1)
    low = math.floor(place)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (place - low)


def summary(values: Sequence[float]) -> dict[str, float]:
    """Mean, spread and the usual quantiles of a distribution."""
    ordered = sorted(values)
    mean, variance = mean_and_variance(ordered)
    return {"mean": round(mean, 2), "sd": round(math.sqrt(variance), 2), "min": ordered[0] if ordered else 0,
            "p10": round(quantile(ordered, 0.1), 2), "median": round(quantile(ordered, 0.5), 2),
            "p90": round(quantile(ordered, 0.9), 2), "max": ordered[-1] if ordered else 0}


def histogram(values: Sequence[int], bins: int = 12) -> list[dict[str, int]]:
    """Counts in about ``bins`` equal bins of whole numbers: [{low, high, count}, ...]."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / bins))
    counts: dict[int, int] = {}
    for v in values:
        counts[(v - low) // width] = counts.get((v - low) // width, 0) + 1
    return [{"low": low + i * width, "high": low + (i + 1) * width - 1, "count": counts.get(i, 0)}
            for i in range((high - low) // width + 1)]
