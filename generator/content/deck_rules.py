"""The deck's stated thresholds (``deck-rules.yaml``), loaded into one frozen model.

The rule source describes its deck with vague words ("most", "few", "tend to", "low");
this file turns each into a number plus a sentence saying what it means, so checks,
design search and report all read the same figures and the rulebook can print them.
It sits with the content readers because the rules engine reads it too: the exact
counts per suit (``per_suit``) are what the engine checks a deck against.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Annotated, Iterable, Iterator

from .deck import RANK_VALUES, SUITS
from .loader import SourceFile, parse_source, read_yaml
from .record import AtLeast, AtMost, Loc, NotEmpty, record

Count = Annotated[int, AtLeast(0)]
Weight = Annotated[float, AtLeast(0)]


def _unknown_ranks(labels: Iterable[str], where: Loc) -> Iterator[tuple[Loc, str]]:
    for label in labels:
        if label not in RANK_VALUES:
            yield where, f"rank {label!r} is not one of {', '.join(RANK_VALUES)}"


@record
class Word:
    """A word of the source with no number of its own: only what it means."""

    means: Annotated[str, NotEmpty()]


@record
class RankBand(Word):
    """A band of ranks written as face labels, e.g. low = ["4", "8"]."""

    ranks: tuple[str, str]

    def _problems(self) -> Iterator[tuple[Loc, str]]:
        unknown = list(_unknown_ranks(self.ranks, ("ranks",)))
        yield from unknown
        if not unknown and RANK_VALUES[self.ranks[0]] > RANK_VALUES[self.ranks[1]]:
            yield ("ranks",), f"band {self.ranks[0]}..{self.ranks[1]} runs backwards"

    @property
    def lowest(self) -> int:
        return RANK_VALUES[self.ranks[0]]

    @property
    def highest(self) -> int:
        return RANK_VALUES[self.ranks[1]]

    @cached_property
    def members(self) -> frozenset[int]:
        """The rank values in the band, for quick membership tests."""
        return frozenset(range(self.lowest, self.highest + 1))

    def holds(self, rank: int | None) -> bool:
        return rank in self.members

    @property
    def text(self) -> str:
        return f"{self.ranks[0]}–{self.ranks[1]}"


@record
class Several(Word):
    min_lower_cards: Count
    min_each_lower_rank: Count


@record
class Most(Word):
    min_complete_cards: Count


@record
class Some(Word):
    min_incomplete_cards: Count
    both_kinds: bool = True


@record
class TendTo(Word):
    min_rank_correlation: Annotated[float, AtLeast(-1.0), AtMost(1.0)]
    max_mixed_cards: Count


@record
class Few(Word):
    max_same_rank_cards: Count


@record
class Words:
    low: RankBand
    high: RankBand
    several: Several
    most: Most
    some: Some
    none_blank: Word
    tend_to: TendTo
    few: Few
    remaining_low: Word


@record
class Goal(Word):
    weight: Weight


@record
class HandStrength(Goal):
    points: dict[str, int]

    def _problems(self) -> Iterator[tuple[Loc, str]]:
        yield from _unknown_ranks(self.points, ("points",))

    def value_of(self, rank: int | None) -> int:
        """High-card points of one rank (0 for ranks without points or a hyphen)."""
        return self.by_value.get(rank, 0) if rank is not None else 0

    @cached_property
    def by_value(self) -> dict[int, int]:
        return {RANK_VALUES[label]: pts for label, pts in self.points.items()}


@record
class Balance:
    hand_strength: HandStrength
    suit_shape: Goal
    suit_length: Goal
    distinct_cards: Goal


@record
class DeckRules:
    """Everything the deck must be (``words``, ``per_suit``) and should be (``balance``)."""

    deck_size: Annotated[int, AtLeast(1)]
    hand_size: Annotated[int, AtLeast(1)]
    suits: tuple[str, ...]
    per_suit: dict[str, Count]
    words: Words
    balance: Balance
    #: The seed of ``pipworks deck design`` that made the shipped deck.csv, so anyone
    #: can regenerate it (``--seed N --write``) and a test can see it still matches.
    shipped_seed: int | None = None

    def _problems(self) -> Iterator[tuple[Loc, str]]:
        if self.suits != SUITS:
            yield ("suits",), f"the deck's suits are {', '.join(SUITS)} in that order"
        yield from _unknown_ranks(self.per_suit, ("per_suit",))
        if self.words.low.highest >= self.words.high.lowest:
            yield ("words",), "low and high ranks overlap"

    @cached_property
    def exact_counts(self) -> dict[int, int]:
        """Rank value -> cards of that rank every suit must have (A 2, K 4, Q 1, J 4)."""
        return {RANK_VALUES[label]: count for label, count in self.per_suit.items()}

    @cached_property
    def lower_ranks(self) -> tuple[int, ...]:
        """The ranks without an exact count (4..10): the source's "several lower ranks"."""
        return tuple(r for r in sorted(RANK_VALUES.values()) if r not in self.exact_counts)


def load_rules_file(path: Path) -> tuple[DeckRules, SourceFile]:
    """Read and validate ``deck-rules.yaml``; raises ContentInvalid with line numbers."""
    source = read_yaml(path)
    return parse_source(DeckRules, source), source


def load_rules(path: Path) -> DeckRules:
    """The thresholds in ``path`` (see load_rules_file for errors)."""
    return load_rules_file(path)[0]
