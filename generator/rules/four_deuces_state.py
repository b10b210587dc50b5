"""The Four Deuces: plain data for the engine (constants, the state, chance).

Compact on purpose, for speed: suits are ints 0–3 (``SUITS``), a hand is a 4-tuple of
counts per suit (cards have no rank, so counts are all there is to know), dice are sorted
tuples of pips, seats are 0 (North) and 1 (South). Every chance event (track order, dice
rolls and tie rerolls, the deal of each round) is drawn from the seed up front and kept in
the state as :class:`RoundChance` records, so a test or a worked example can fix it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from .base import oldest_first

SUITS = ("Bootlegging", "Gambling", "Prostitution", "Murder")
SEATS = ("North", "South")
CHARACTERS = ("Al Capone", "Bugs Moran")
AL_CAPONE, BUGS_MORAN = 0, 1
DICE_PER_PLAYER = 7
HAND = 4
RESERVE = 3
REMOVED = 2
TRICKS_PER_ROUND = 7
#: how many tricks win a round (exactly) and how many lose it at once.
EXACTLY = 4
FIFTH_TRICK = 5
ROUNDS_TO_WIN = 2
MAX_ROUNDS = 3
#: minutes for a best of three: our estimate, as the source gives none (clarification
#: play-time); a game is at most 3 rounds × 7 tricks, which the property tests bound.
PLAY_TIME_ESTIMATE = (15, 25)
#: the engine's variant names (``--variant``), from RULINGS.md's alternative readings.
VARIANTS = {
    "lead-player-leads": "the round's lead player leads every trick, whoever wins",
    "reshuffle-track": "the suit tokens are placed in a new random order before each round",
}

CHOOSE, PLAY, GIVE, RETURN, SWAP, STUCK = "choose", "play", "give", "return", "swap", "stuck"
PHASE_CHOOSE, PHASE_PLAY, PHASE_OVER = 0, 1, 2
# How a round ended (events and result details).
BY_FIFTH, BY_FOUR, BY_STUCK = "fifth trick", "exactly four", "cannot place"

_PLAYS = tuple(tuple((PLAY, s, v) for v in range(7)) for s in range(4))
_GIVES = tuple((GIVE, s) for s in range(4))
_RETURNS = tuple((RETURN, s) for s in range(4))
_SWAPS = tuple(tuple((SWAP, a, b) for b in range(7)) for a in range(7))
_CHOICES = ((CHOOSE, AL_CAPONE), (CHOOSE, BUGS_MORAN))
_STUCK = (STUCK,)
_FACES = (1, 2, 3, 4, 5, 6)
_NO_CARDS = (0, 0, 0, 0)


@dataclass(frozen=True)
class RoundChance:
    """Everything chance decides for one round, fixed in advance.

    ``track`` is the token order top first (used in round 1, and every round under
    reshuffle-track); ``rolls`` is each roll of both gangs, ties first, the last one
    decisive; ``deck`` is the shuffled deck dealt as: 4 to North's hand, 4 to South's,
    3 to North's reserve, 3 to South's, and the last 2 removed unseen.
    """

    track: tuple[int, ...]
    rolls: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    deck: tuple[int, ...]


class State:
    """One moment of a game. Treat as immutable: ``apply`` returns a fresh copy."""

    __slots__ = (
        "lead_leads", "keep_track", "chance", "round", "rounds_won", "characters", "phase",
        "track", "hands", "reserves", "removed", "piles", "dice", "tricks_won", "trick",
        "round_lead", "leader", "turn", "led", "used", "capone", "events",
    )
    # Field types (declared for readers and mypy; __slots__ keeps copies cheap).
    lead_leads: bool
    keep_track: bool
    chance: tuple[RoundChance, ...]
    round: int
    rounds_won: tuple[int, ...]
    characters: tuple[int, ...] | None  # None until both have chosen
    phase: int
    track: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    reserves: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    dice: tuple[tuple[int, ...], ...]
    tricks_won: tuple[int, ...]
    trick: int
    round_lead: int
    leader: int
    turn: Any  # a seat (int), or None once the game is over
    led: Any
    used: tuple[bool, ...]
    capone: Any
    events: Any

    def copy(self) -> "State":
        """A shallow copy: every field is an immutable value, so sharing them is safe."""
        n = _new(State)
        n.lead_leads = self.lead_leads
        n.keep_track = self.keep_track
        n.chance = self.chance
        n.round = self.round
        n.rounds_won = self.rounds_won
        n.characters = self.characters
        n.phase = self.phase
        n.track = self.track
        n.hands = self.hands
        n.reserves = self.reserves
        n.removed = self.removed
        n.piles = self.piles
        n.dice = self.dice
        n.tricks_won = self.tricks_won
        n.trick = self.trick
        n.round_lead = self.round_lead
        n.leader = self.leader
        n.turn = self.turn
        n.led = self.led
        n.used = self.used
        n.capone = self.capone
        n.events = self.events
        return n

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__ if k not in ("chance", "events"))
        return f"State({fields}, events={len(events_of(self))})"


_new = object.__new__


# --- small helpers over plain data -------------------------------------------------


def events_of(state: State) -> list[tuple]:
    """The event records in order."""
    return oldest_first(state.events)


def _emit(state: State, *event: Any) -> None:
    state.events = (event, state.events)


def _with(pair: tuple, seat: int, value: Any) -> tuple:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _bump(counts: tuple[int, ...], suit: int, by: int) -> tuple[int, ...]:
    c = list(counts)
    c[suit] += by
    return tuple(c)


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


_WITHOUT: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}


def _without_die(dice: tuple[int, ...], pip: int) -> tuple[int, ...]:
    """The sorted dice with one ``pip`` taken out (cached, like ``_distinct``)."""
    key = (dice, pip)
    found = _WITHOUT.get(key)
    if found is None:
        d = list(dice)
        d.remove(pip)
        found = _WITHOUT[key] = tuple(d)
    return found


_DISTINCT: dict[tuple[int, ...], tuple[int, ...]] = {}


def _distinct(dice: tuple[int, ...]) -> tuple[int, ...]:
    """The different numbers among sorted dice (cached: there are few multisets)."""
    found = _DISTINCT.get(dice)
    if found is None:
        found = _DISTINCT[dice] = tuple(dict.fromkeys(dice))
    return found


def counts_of(cards: Sequence[int]) -> tuple[int, ...]:
    c = [0, 0, 0, 0]
    for s in cards:
        c[s] += 1
    return tuple(c)


# --- chance: drawn from the seed, stored in the state --------------------------------


def draw_chance(rng: random.Random) -> tuple[RoundChance, ...]:
    """Track orders, rolls (rerolling ties) and shuffled decks for every possible round."""
    rounds = []
    for _ in range(MAX_ROUNDS):
        track = [0, 1, 2, 3]
        rng.shuffle(track)
        rolls = []
        while True:
            a = tuple(sorted(rng.choices(_FACES, k=DICE_PER_PLAYER)))
            b = tuple(sorted(rng.choices(_FACES, k=DICE_PER_PLAYER)))
            rolls.append((a, b))
            if sum(a) != sum(b):
                break
        deck = [s for s in range(4) for _ in range(4)]
        rng.shuffle(deck)
        rounds.append(RoundChance(tuple(track), tuple(rolls), tuple(deck)))
    return tuple(rounds)
