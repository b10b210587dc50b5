"""Propose a deck that has every property of the source and is as balanced as we can make it.

Method: constrained random construction, then simulated annealing.

* Construction gives every suit its exact 2 A, 4 K, 1 Q, 4 J and a spread of lower ranks,
  and hands them out by a hidden "level" per card, so high cards start high in every
  suit and the missing ranks (hyphens) land on low cards.
* Annealing then makes small moves that can never break the exact counts per suit:
  swap two cards' ranks in one suit, change a lower rank (4–10) to another, or turn a
  lower rank into a hyphen and back. Each candidate is scored as
  ``PENALTY × (how far it is from meeting the rules) + balance``, where balance is the
  weighted sum of the goals in deck-rules.yaml (hand-strength spread, suit shape, suit
  length, repeated cards). Worse moves are accepted with probability exp(−Δ/T), so the
  search can trade a little balance to escape a dead end.

Why this and not a constraint solver: the hard rules are easy to meet by construction
and by count-preserving moves, while the goals (hand-strength spread, rank correlation)
are non-linear figures over the whole deck that an exact solver would need a model
rewrite for (and a solver such as OR-Tools would be a new dependency); annealing handles
them as they are, with the standard library only. The hand-strength spread is computed
exactly (sampling without replacement), not by simulated deals, so the score has no
noise. Everything random draws from one ``random.Random(seed)`` and the number of steps
is fixed, never a time limit, so the same seed gives the same deck whatever the machine's
load. The score is computed by ``score.Scorer`` in one pass; ``violation`` and
``balance`` below are its card-by-card definition, and a test keeps the two equal.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Sequence

from .checks import check_deck
from ..content.deck import SUITS, Card
from .measures import (
    duplicate_cards, hand_strength_sd, mixed_cards, rank_counts, same_rank_cards,
    suit_correlations, suit_length_gap, suit_shape_gap,
)
from ..content.deck_rules import DeckRules
from .score import Scorer

#: Weight of one unit of rule violation against the balance figures (which are ~1–10).
PENALTY = 100.0
STEPS = 12_000
START_TEMPERATURE = 4.0
END_TEMPERATURE = 0.02

Columns = list[list[int | None]]


@dataclass(frozen=True)
class Design:
    """A proposed deck, its balance score (lower is better) and the seed that made it."""

    cards: tuple[Card, ...]
    score: float
    seed: int


def violation(cards: Sequence[Card], rules: DeckRules) -> float:
    """How far ``cards`` are from meeting every rule (0 means all hold), graded so the
    search can tell "nearly" from "far"."""
    w = rules.words
    v = 0.0
    sizes = [len(c.present) for c in cards]
    v += max(0, w.most.min_complete_cards - sizes.count(len(SUITS)))
    v += max(0, w.some.min_incomplete_cards - sum(1 for s in sizes if 0 < s < len(SUITS)))
    if w.some.both_kinds:
        v += (len(SUITS) - 1 not in sizes) + (len(SUITS) - 2 not in sizes)
    v += 2 * sizes.count(0)
    v += sum(1 for c in cards if None in c.ranks for r in c.present if r not in w.low.members)
    v += sum(20 * max(0.0, w.tend_to.min_rank_correlation - rho) for rho in suit_correlations(cards).values())
    v += max(0, len(mixed_cards(cards, rules)) - w.tend_to.max_mixed_cards)
    v += max(0, len(same_rank_cards(cards)) - w.few.max_same_rank_cards)
    for suit in SUITS:
        counts = rank_counts(cards, suit)
        v += sum(abs(counts[r] - n) for r, n in rules.exact_counts.items())
        v += max(0, w.several.min_lower_cards - sum(counts[r] for r in rules.lower_ranks))
        v += sum(max(0, w.several.min_each_lower_rank - counts[r]) for r in rules.lower_ranks)
    return v


def balance(cards: Sequence[Card], rules: DeckRules) -> float:
    """Weighted balance goals from deck-rules.yaml (lower is better)."""
    b = rules.balance
    return (
        b.hand_strength.weight * hand_strength_sd(cards, rules)
        + b.suit_shape.weight * suit_shape_gap(cards)
        + b.suit_length.weight * suit_length_gap(cards)
        + b.distinct_cards.weight * duplicate_cards(cards)
    )


def to_cards(columns: Columns) -> tuple[Card, ...]:
    return tuple(Card(i + 1, ranks) for i, ranks in enumerate(zip(*columns)))


def energy(columns: Columns, scorer: Scorer) -> tuple[float, float]:
    """(score the search minimises, rule violation) of a column state."""
    v, b = scorer(columns)
    return PENALTY * v + b, v


def construct(rng: random.Random, rules: DeckRules) -> Columns:
    """A first deck with exact counts per suit, ranks following a hidden card level."""
    n = rules.deck_size
    lacks_two = rng.randint(1, 2)
    lacks_one = rng.randint(2, 5)
    levels = sorted((rng.random() for _ in range(n)), reverse=True)
    blanks: list[set[int]] = [set() for _ in SUITS]
    low_cards = list(range(n - lacks_one - lacks_two, n))
    for k, card in enumerate(low_cards):
        for suit in rng.sample(range(len(SUITS)), 2 if k < lacks_two else 1):
            blanks[suit].add(card)
    columns: Columns = []
    for suit in range(len(SUITS)):
        ranked = [c for c in range(n) if c not in blanks[suit]]
        high = [r for r, count in rules.exact_counts.items() for _ in range(count)]
        lower = list(rules.lower_ranks)
        lower += [rng.choice(rules.lower_ranks) for _ in range(len(ranked) - len(high) - len(lower))]
        pool = sorted(high + lower, reverse=True)
        order = sorted(ranked, key=lambda c: levels[c] + rng.gauss(0, 0.05), reverse=True)
        column: list[int | None] = [None] * n
        for card, rank in zip(order, pool):
            column[card] = rank
        columns.append(column)
    return columns


def mutate(columns: Columns, rng: random.Random, rules: DeckRules) -> tuple[int, int, int | None, int, int | None]:
    """One count-preserving move, done in place; returns what to undo it."""
    suit = rng.randrange(len(SUITS))
    column = columns[suit]
    a, b = rng.randrange(len(column)), rng.randrange(len(column))
    kind = rng.random()
    old_a, old_b = column[a], column[b]
    lower = rules.lower_ranks
    if kind < 0.6 or (old_a is not None and old_a not in lower):
        column[a], column[b] = old_b, old_a
    elif kind < 0.85 and old_a is not None:
        column[a] = rng.choice(lower)
    else:
        column[a] = None if old_a is not None else rng.choice(lower)
    return suit, a, old_a, b, old_b


def anneal(rules: DeckRules, seed: int, steps: int = STEPS) -> tuple[Columns, float, float]:
    """Best state met (by score among rule-abiding ones, else least violation)."""
    rng = random.Random(seed)
    scorer = Scorer(rules)
    columns = construct(rng, rules)
    score, v = energy(columns, scorer)
    best = ([c[:] for c in columns], score, v)
    ratio = (END_TEMPERATURE / START_TEMPERATURE) ** (1 / max(1, steps - 1))
    temperature = START_TEMPERATURE
    for _ in range(steps):
        suit, a, old_a, b, old_b = mutate(columns, rng, rules)
        new_score, new_v = energy(columns, scorer)
        delta = new_score - score
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            score, v = new_score, new_v
            if (v, score) < (best[2], best[1]):
                best = ([c[:] for c in columns], score, v)
        else:
            columns[suit][b] = old_b
            columns[suit][a] = old_a
        temperature *= ratio
    return best


def tidy(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Number cards from strongest to weakest so the file reads like a deck list."""
    def key(card: Card) -> tuple[int, int, tuple[int, ...]]:
        return (-len(card.present), -sum(card.present), tuple(-(r or 0) for r in card.ranks))

    return tuple(Card(i + 1, c.ranks) for i, c in enumerate(sorted(cards, key=key)))


class DesignFailed(Exception):
    """No rule-abiding deck was found for this seed (try another seed or more steps)."""


def design_deck(rules: DeckRules, seed: int, steps: int = STEPS, restarts: int = 3) -> Design:
    """Search for a deck meeting every rule, with the best balance found; same seed,
    same deck. Restarts (seeded from ``seed``) only if a run ends short of the rules."""
    for attempt in range(restarts):
        columns, _, v = anneal(rules, seed * 1000 + attempt, steps)
        if v == 0:
            cards = tidy(to_cards(columns))
            if not check_deck(cards, rules):
                return Design(cards, round(balance(cards, rules), 4), seed)
    raise DesignFailed(f"seed {seed}: no deck met every rule after {restarts} runs of {steps} steps")
