"""Multisuit's state and fixed numbers, shared by the setup and the rules of play.

Seats run clockwise North, East, South, West, so "the player on the left" is the next
seat; North-South play against East-West.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .multisuit_cards import SUITS, Table

#: The three markers on the table: leading onto one picks the trick's suit.
MARKERS = SUITS
EXCHANGE_SIZE = 3
TRICKS_PER_DEAL = 9
#: Tricks that score nothing: a team scores for each trick beyond these.
BOOK = 4
TARGET_POINTS = 5
GAMES_TO_WIN = 2
#: Engine variant -> what it plays. No variant: a single deal.
VARIANTS: dict[str, str] = {
    "game": "one game: deals until a team reaches 5 points",
    "rubber": "the full rubber: games of 5 points until a team has won two",
}
#: Most deals a mode can take: each deal gives one team at least a point, so a game
#: lasts at most 4 + 4 + 1 deals and a rubber at most three games.
MAX_DEALS: dict[str, int] = {"deal": 1, "game": 9, "rubber": 27}

EXCHANGE, TRICKS, OVER = 0, 1, 2
PHASES = ("exchange", "tricks", "over")


def team_of(seat: int) -> int:
    """0 for North and South, 1 for East and West: partners sit opposite."""
    return seat & 1


def partner(seat: int) -> int:
    return (seat + 2) & 3


def next_seat(seat: int) -> int:
    """The player on ``seat``'s left: play and the deal both move clockwise."""
    return (seat + 1) & 3


class State(NamedTuple):
    """One moment of a Multisuit session; never mutated (``apply`` builds a new one)."""

    table: Table
    mode: str
    phase: int
    to_move: int
    dealer: int
    #: cards in each seat's hand (bitmask over deck indexes)
    hands: tuple[int, ...]  # one card bitmask per seat
    #: cards each seat has set face down for the exchange, not yet handed over
    given: tuple[int, ...]
    leader: int
    #: the trick's suit (index into SUITS), -1 before the lead
    suit: int
    #: (seat, card) in the order played to the current trick
    trick: tuple[tuple[int, int], ...]
    #: the best so far: highest rank in the trick's suit played to this trick
    best: int
    best_seat: int
    #: tricks taken this deal, and the cards in each team's pile
    tricks: tuple[int, int]
    won: tuple[int, int]
    points: tuple[int, int]
    games: tuple[int, int]
    deal_no: int
    #: the shuffled deck order of every deal, drawn from the seed up front
    orders: tuple[tuple[int, ...], ...]
    #: the log as a linked list (event, previous), newest first: O(1) to extend
    events: tuple[Any, ...] | None
