"""The deck's stated thresholds (``deck-rules.yaml``), loaded into one frozen model.

The rule source describes its deck with vague words ("most", "few", "tend to", "low");
this file turns each into a number plus a sentence saying what it means, so checks,
design search and report all read the same figures and the rulebook can print them.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ..content.errors import ContentInvalid
from ..content.loader import SourceFile, pydantic_errors, read_yaml
from .io import RANK_VALUES, SUITS


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Word(_Model):
    """A word of the source with no number of its own: only what it means."""

    means: str = Field(min_length=1)


class RankBand(Word):
    """A band of ranks written as face labels, e.g. low = ["4", "8"]."""

    ranks: tuple[str, str]

    @field_validator("ranks")
    @classmethod
    def _known(cls, value: tuple[str, str]) -> tuple[str, str]:
        for label in value:
            if label not in RANK_VALUES:
                raise ValueError(f"rank {label!r} is not one of {', '.join(RANK_VALUES)}")
        if RANK_VALUES[value[0]] > RANK_VALUES[value[1]]:
            raise ValueError(f"band {value[0]}..{value[1]} runs backwards")
        return value

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


class Several(Word):
    min_lower_cards: int = Field(ge=0)
    min_each_lower_rank: int = Field(ge=0)


class Most(Word):
    min_complete_cards: int = Field(ge=0)


class Some(Word):
    min_incomplete_cards: int = Field(ge=0)
    both_kinds: bool = True


class TendTo(Word):
    min_rank_correlation: float = Field(ge=-1.0, le=1.0)
    max_mixed_cards: int = Field(ge=0)


class Few(Word):
    max_same_rank_cards: int = Field(ge=0)


class Words(_Model):
    low: RankBand
    high: RankBand
    several: Several
    most: Most
    some: Some
    none_blank: Word
    tend_to: TendTo
    few: Few
    remaining_low: Word


class Goal(Word):
    weight: float = Field(ge=0)


class HandStrength(Goal):
    points: dict[str, int]

    @field_validator("points")
    @classmethod
    def _ranks(cls, value: dict[str, int]) -> dict[str, int]:
        for label in value:
            if label not in RANK_VALUES:
                raise ValueError(f"rank {label!r} is not one of {', '.join(RANK_VALUES)}")
        return value

    def value_of(self, rank: int | None) -> int:
        """High-card points of one rank (0 for ranks without points or a hyphen)."""
        return self.by_value.get(rank, 0) if rank is not None else 0

    @cached_property
    def by_value(self) -> dict[int, int]:
        return {RANK_VALUES[label]: pts for label, pts in self.points.items()}


class Balance(_Model):
    hand_strength: HandStrength
    suit_shape: Goal
    suit_length: Goal
    distinct_cards: Goal


class DeckRules(_Model):
    """Everything the deck must be (``words``, ``per_suit``) and should be (``balance``)."""

    deck_size: int = Field(ge=1)
    hand_size: int = Field(ge=1)
    suits: tuple[str, ...]
    per_suit: dict[str, int]
    words: Words
    balance: Balance
    #: The seed of ``pipworks deck design`` that made the shipped deck.csv, so anyone
    #: can regenerate it (``--seed N --write``) and a test can see it still matches.
    shipped_seed: int | None = None

    @field_validator("suits")
    @classmethod
    def _suits(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if tuple(value) != SUITS:
            raise ValueError(f"the deck's suits are {', '.join(SUITS)} in that order")
        return value

    @field_validator("per_suit")
    @classmethod
    def _per_suit(cls, value: dict[str, int]) -> dict[str, int]:
        for label, count in value.items():
            if label not in RANK_VALUES:
                raise ValueError(f"rank {label!r} is not one of {', '.join(RANK_VALUES)}")
            if count < 0:
                raise ValueError(f"count of {label} must not be negative")
        return value

    @model_validator(mode="after")
    def _bands(self) -> "DeckRules":
        if self.words.low.highest >= self.words.high.lowest:
            raise ValueError("low and high ranks overlap")
        return self

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
    if not isinstance(source.data, dict):
        raise ContentInvalid([source.error((), "expected a mapping of fields at the top")])
    try:
        return DeckRules.model_validate(source.data), source
    except ValidationError as exc:
        raise ContentInvalid(list(pydantic_errors(source, exc))) from None


def load_rules(path: Path) -> DeckRules:
    """The thresholds in ``path`` (see load_rules_file for errors)."""
    return load_rules_file(path)[0]
