"""Zero Grid state, constants and tallies, shared by the engine and its text layer.

Design: David McDougal. Cards are ints and grids are 16-tuples (see
:mod:`generator.rules.zero_grid_cards`); the state holds only tuples and ints, so a
field-by-field copy is a complete, cheap copy.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, Sequence

from .base import SetupError, oldest_first

#: A removed die leaves an empty space: pip 0 (removal); the other dice never slide.
EMPTY = 0
SETUP_GRID = (3, 6, 4, 5, 4, 5, 3, 6, 5, 4, 6, 3, 6, 3, 5, 4)
HAND_SIZE = 4
SCORING_CHART = ((0, 4, "Did you read the rules!"), (5, 8, "Diamond Cutter"), (9, 12, "Swaptastic"),
                 (13, 15, "Die Slayer"), (16, 16, "Zero Hero"))

EASIER, HARDCORE, HARDCORE_TEXT, SOLO, FAVOR_AT_REVEAL = 1, 2, 4, 8, 16
VARIANTS: dict[str, str] = {
    "solo": "one player; the deck's top card contests Initiative, and Adversary Favor when you lose it",
    "easier": "resolve all four cards every hand and allow one extra reshuffle",
    "hardcore": "Diamonds take 1; each fizzle adds 1 pip to the highest die in Column 1 (the FAQ, RULINGS 8)",
    "hardcore-rule-text": "Diamonds take 1; an unresolved face card adds 1 pip to your two lowest dice, one per column",
    "favor-at-reveal": "solo; Adversary Favor comes at the Initiative reveal, before any column resolves (RULINGS 11)",
}
_FLAGS = {"solo": SOLO, "easier": EASIER, "hardcore": HARDCORE, "hardcore-rule-text": HARDCORE_TEXT,
          "favor-at-reveal": FAVOR_AT_REVEAL}

PROGRAM, RESOLVE, OVER = 0, 1, 2
#: Resolution actions: (RESOLVE, seat, POWER, -1) or (RESOLVE, seat, MOVE, target column).
POWER, MOVE = 0, 1
_PERMS = tuple(permutations(range(HAND_SIZE)))
#: Reshuffle seeds kept in the state: more than any timer allows (two players, Easier: 3).
_SEEDS = 4


class State:
    """One moment of a game. Never mutated once :func:`apply` has returned it."""

    __slots__ = ("n", "flags", "grids", "deck", "discard", "reshuffles", "seeds", "hand_no", "start", "hands",
                 "programs", "reveal", "winner", "phase", "seat", "step", "spent", "used", "pending", "ctx",
                 "events", "end")
    # Field types (declared for readers and mypy; __slots__ keeps the state lean).
    n: int
    flags: int
    grids: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    reshuffles: int
    seeds: tuple[int, ...]
    hand_no: int
    start: int
    hands: tuple[tuple[int, ...], ...]
    programs: tuple[tuple[int, ...], ...]
    reveal: int
    winner: int
    phase: int
    seat: int
    step: int
    spent: tuple[int, ...]
    used: tuple[int, ...]
    pending: tuple[Any, ...]
    ctx: tuple[Any, ...]
    events: Any
    end: str

    def clone(self) -> "State":
        s = State.__new__(State)
        s.n, s.flags, s.grids, s.deck, s.discard = self.n, self.flags, self.grids, self.deck, self.discard
        s.reshuffles, s.seeds, s.hand_no, s.start, s.hands = self.reshuffles, self.seeds, self.hand_no, self.start, self.hands
        s.programs, s.reveal, s.winner, s.phase, s.seat = self.programs, self.reveal, self.winner, self.phase, self.seat
        s.step, s.spent, s.used, s.pending, s.ctx = self.step, self.spent, self.used, self.pending, self.ctx
        s.events, s.end = self.events, self.end
        return s

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__ if name != "events")
        return f"ZeroGridState({fields}, events={len(event_list(self))})"


def event_list(state: State) -> list[tuple]:
    """The events so far, oldest first."""
    return oldest_first(state.events)


def emit(s: State, event: tuple) -> None:
    s.events = (event, s.events)



def removed(grid: tuple[int, ...]) -> int:
    """Dice removed so far: empty spaces on the grid."""
    return grid.count(0)


def column_4_pips(grid: tuple[int, ...]) -> int:
    return sum(grid[12:16])


def score_title(dice_removed: int) -> str:
    """scoring-titles: the scoring chart's title for a number of removed dice."""
    for low, high, title in SCORING_CHART:
        if low <= dice_removed <= high:
            return title
    raise ValueError(f"{dice_removed} dice removed is off the chart")


def variant_flags(variants: Sequence[str]) -> int:
    """Variant names -> flags; unknown names and both Hardcore readings are refused."""
    flags = 0
    for name in variants:
        if name not in _FLAGS:
            raise SetupError(f"unknown Zero Grid variant {name!r}; known: {', '.join(VARIANTS)}")
        flags |= _FLAGS[name]
    if flags & HARDCORE and flags & HARDCORE_TEXT:
        raise SetupError("choose one Hardcore penalty: 'hardcore' (the FAQ's) or 'hardcore-rule-text'")
    return flags
