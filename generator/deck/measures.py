"""Figures about a deck: pure functions over a tuple of Cards.

Checks compare these figures with the thresholds, the design search minimises them and
the report charts them, so each is computed in exactly one place.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations
from typing import Sequence

from ..content.deck import SUITS, Card
from ..content.deck_rules import DeckRules


def rank_counts(cards: Sequence[Card], suit: str) -> Counter[int]:
    """Rank -> how many cards carry it in ``suit``."""
    index = SUITS.index(suit)
    return Counter(rank for c in cards if (rank := c.ranks[index]) is not None)


def ranked_in_suit(cards: Sequence[Card], suit: str) -> int:
    """How many cards have a rank in ``suit`` (can follow it)."""
    return sum(rank_counts(cards, suit).values())


def by_suit_count(cards: Sequence[Card]) -> Counter[int]:
    """Number of suits a card has (0..3) -> how many cards."""
    return Counter(len(c.present) for c in cards)


def average_ranks(values: Sequence[int]) -> list[float]:
    """Ranks 1..n of ``values``, ties sharing their average rank (as Spearman needs).

    Card ranks take few distinct values, so counting them beats sorting the cards.
    """
    counts = Counter(values)
    shared: dict[int, float] = {}
    below = 0
    for value in sorted(counts):
        shared[value] = below + (counts[value] + 1) / 2
        below += counts[value]
    return [shared[v] for v in values]


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson correlation; 0.0 when either side does not vary (nothing to correlate)."""
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return 0.0
    return sxy / math.sqrt(sxx * syy)


def spearman(xs: Sequence[int], ys: Sequence[int]) -> float:
    """Spearman rank correlation of paired ranks (ties averaged)."""
    return pearson(average_ranks(xs), average_ranks(ys))


def suit_correlations(cards: Sequence[Card]) -> dict[tuple[str, str], float]:
    """For each pair of suits, the rank correlation over cards that have both."""
    out: dict[tuple[str, str], float] = {}
    for (i, a), (j, b) in combinations(enumerate(SUITS), 2):
        pairs = [(a_rank, b_rank) for c in cards if (a_rank := c.ranks[i]) is not None and (b_rank := c.ranks[j]) is not None]
        out[(a, b)] = spearman([p[0] for p in pairs], [p[1] for p in pairs])
    return out


def mixed_cards(cards: Sequence[Card], rules: DeckRules) -> list[Card]:
    """Cards holding a high rank in one suit and a low rank in another."""
    low, high = rules.words.low.members, rules.words.high.members
    return [c for c in cards if not low.isdisjoint(c.ranks) and not high.isdisjoint(c.ranks)]


def same_rank_cards(cards: Sequence[Card]) -> list[Card]:
    """Cards showing one and the same rank in every suit."""
    return [c for c in cards if None not in c.ranks and len(set(c.ranks)) == 1]


def duplicate_cards(cards: Sequence[Card]) -> int:
    """How many cards repeat an earlier card's ranks exactly."""
    return len(cards) - len({c.ranks for c in cards})


def card_points(card: Card, rules: DeckRules) -> int:
    """High-card points of one card, counted in every suit it has."""
    points = rules.balance.hand_strength.by_value
    return sum(points.get(r, 0) for r in card.ranks if r is not None)


def hand_strength_sd(cards: Sequence[Card], rules: DeckRules) -> float:
    """Exact standard deviation of a dealt hand's points.

    A hand is ``hand_size`` cards drawn without replacement, so its variance is
    h·σ²·(N−h)/(N−1) with σ² the variance of single cards' points. Being exact, it lets
    the search compare decks without the noise of simulated deals.
    """
    n, h = len(cards), rules.hand_size
    if n < 2 or h > n:
        return 0.0
    points = rules.balance.hand_strength.by_value
    values = [sum(points.get(r, 0) for r in c.ranks if r is not None) for c in cards]
    mean = sum(values) / n
    sigma = math.sqrt(sum((v - mean) ** 2 for v in values) / n)
    return sigma * math.sqrt(h * (n - h) / (n - 1))


def suit_shape_gap(cards: Sequence[Card]) -> int:
    """Sum over ranks of (most − fewest cards of that rank in any one suit)."""
    counts = [rank_counts(cards, s) for s in SUITS]
    ranks = set().union(*counts)
    return sum(max(c[r] for c in counts) - min(c[r] for c in counts) for r in ranks)


def suit_length_gap(cards: Sequence[Card]) -> int:
    """Ranked cards of the longest suit minus those of the shortest."""
    lengths = [ranked_in_suit(cards, s) for s in SUITS]
    return max(lengths) - min(lengths)


def deal_strengths(cards: Sequence[Card], rules: DeckRules, deals: int, seed: int, players: int = 4) -> list[list[int]]:
    """Points of every hand over ``deals`` shuffled deals (same seed -> same deals)."""
    rng = random.Random(seed)
    points = [card_points(c, rules) for c in cards]
    h = rules.hand_size
    out: list[list[int]] = []
    for _ in range(deals):
        rng.shuffle(points)
        out.append([sum(points[p * h:(p + 1) * h]) for p in range(players)])
    return out


def deal_summary(strengths: list[list[int]]) -> dict[str, float]:
    """Mean and spread of hand points, and the typical gap between best and worst hand."""
    from statistics import fmean, pstdev  # with fractions and decimal: ~5 ms the deck checks do not need

    hands = [s for deal in strengths for s in deal]
    gaps = [max(deal) - min(deal) for deal in strengths]
    return {
        "mean": fmean(hands),
        "sd": pstdev(hands),
        "min": min(hands),
        "max": max(hands),
        "mean_gap": fmean(gaps),
    }
