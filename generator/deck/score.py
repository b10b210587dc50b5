"""The design search's score, computed in one pass over a deck held as suit columns.

``design.violation`` and ``design.balance`` state what is scored, card by card, using
the same measures as the checks and the report; this module computes the very same two
figures without building Card objects or counting a suit twice, because the search
scores a deck some ten thousand times and must stay well under its 10 s budget on a busy
machine. tests/deck/test_deck_design.py checks both give equal figures on random decks.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations
from typing import Sequence

from .measures import spearman
from ..content.deck_rules import DeckRules

Columns = Sequence[Sequence[int | None]]


class Scorer:
    """Callable: suit columns -> (rule violation, weighted balance)."""

    def __init__(self, rules: DeckRules):
        w, b = rules.words, rules.balance
        self.low, self.high = w.low.members, w.high.members
        self.points = b.hand_strength.by_value
        self.exact = tuple(rules.exact_counts.items())
        self.lower = rules.lower_ranks
        self.rules = rules
        self.weights = (b.hand_strength.weight, b.suit_shape.weight, b.suit_length.weight, b.distinct_cards.weight)

    def __call__(self, columns: Columns) -> tuple[float, float]:
        rows = list(zip(*columns))
        suits = len(columns)
        sizes, bad_low, mixed, same, points = self._cards(rows, suits)
        counts = [Counter(column) for column in columns]
        v = self._deck_violation(sizes, counts, columns, len(rows))
        v += 2 * sizes[0] + bad_low
        w = self.rules.words
        v += max(0, mixed - w.tend_to.max_mixed_cards) + max(0, same - w.few.max_same_rank_cards)
        return v, self._balance(rows, counts, points)

    def _cards(self, rows: list[tuple[int | None, ...]], suits: int) -> tuple[list[int], int, int, int, list[int]]:
        """Per-card tallies: cards by suits held, hyphen cards with non-low ranks,
        mixed cards, same-rank cards, and each card's high-card points."""
        low, high, table = self.low, self.high, self.points
        sizes = [0] * (suits + 1)
        bad_low = mixed = same = 0
        points: list[int] = []
        for row in rows:
            present = [r for r in row if r is not None]
            held = len(present)
            sizes[held] += 1
            has_low = has_high = False
            pts = 0
            for rank in present:
                if rank in low:
                    has_low = True
                else:
                    if held < suits:
                        bad_low += 1
                    if rank in high:
                        has_high = True
                pts += table.get(rank, 0)
            mixed += has_low and has_high
            same += held == suits and present.count(present[0]) == suits
            points.append(pts)
        return sizes, bad_low, mixed, same, points

    def _deck_violation(self, sizes: list[int], counts: list[Counter], columns: Columns, n: int) -> float:
        w = self.rules.words
        suits = len(columns)
        v = float(max(0, w.most.min_complete_cards - sizes[suits]))
        v += max(0, w.some.min_incomplete_cards - sum(sizes[1:suits]))
        if w.some.both_kinds:
            v += (sizes[suits - 1] == 0) + (sizes[suits - 2] == 0)
        for count in counts:
            v += sum(abs(count[r] - k) for r, k in self.exact)
            v += max(0, w.several.min_lower_cards - sum(count[r] for r in self.lower))
            v += sum(max(0, w.several.min_each_lower_rank - count[r]) for r in self.lower)
        floor = w.tend_to.min_rank_correlation
        for a, b in combinations(columns, 2):
            pairs = [(x, y) for x, y in zip(a, b) if x is not None and y is not None]
            rho = spearman([p[0] for p in pairs], [p[1] for p in pairs])
            v += 20 * max(0.0, floor - rho)
        return v

    def _balance(self, rows: list[tuple[int | None, ...]], counts: list[Counter], points: list[int]) -> float:
        n, h = len(rows), self.rules.hand_size
        hand_sd = 0.0
        if n >= 2 and h <= n:
            mean = sum(points) / n
            hand_sd = math.sqrt(sum((p - mean) ** 2 for p in points) / n) * math.sqrt(h * (n - h) / (n - 1))
        ranks = set().union(*counts) - {None}
        shape = sum(max(c[r] for c in counts) - min(c[r] for c in counts) for r in ranks)
        lengths = [n - c[None] for c in counts]
        duplicates = n - len(set(rows))
        wh, ws, wl, wd = self.weights
        return wh * hand_sd + ws * shape + wl * (max(lengths) - min(lengths)) + wd * duplicates
