"""Zero Grid for the designer's lab: a sensible quick player, dealing the unseen cards
again for a search, and which rules fired (see ``generator.rules.bots``).

What a seat knows: both grids, its own hand and program, every card of the discard pile,
and of the opponent's program the cards turned up so far this hand (the Initiative card
from the reveal on, each column's card as it resolves). It never sees the opponent's
hand before it is programmed, their face-down cards, the order of the deck, or how the
next reshuffle will fall. Programming is free, so any unseen card may be anywhere
unseen: the deals made here draw the opponent's hidden cards and the deck's order
afresh, and every reshuffle seed (a known seed would tell the deck's order).
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Mapping

from ...rules.base import oldest_first
from .notation import _revealed, seat_text
from .play import apply, is_over, legal_actions, to_move
from .state import (
    CLUBS, DECK, DIAMONDS, HARDCORE, HEARTS, PROGRAM, RESHUFFLE_SEEDS, SPADES, SUIT_OF, Dealt, Favor, Fizzled,
    GameOver, Penalty, PowerUsed, Programmed, Reshuffled, Shifted, State, Swapped, Unplayed, program_choices,
)

#: Rule id (game.yaml) -> what is counted each time it applies.
RULE_EVENTS: Mapping[str, str] = {
    "swap-movement": "a die moved by Swap Movement (and decayed one pip)",
    "power-hearts": "hearts adding two pips",
    "power-diamonds": "diamonds taking pips off",
    "power-spades": "spades turning a die over",
    "power-clubs": "clubs holding a die",
    "removal": "a die brought to zero and removed",
    "targeting": "a card shifting right to the next column with dice",
    "fizzles": "a card that fizzled",
    "column-4-access": "an Initiative card discarded unplayed by the loser",
    "reshuffle": "the discard pile shuffled into a new deck",
    "elimination": "a game won by clearing a grid",
    "timer-scoring": "a game ended by the deck timer",
    "hardcore": "a Hardcore penalty pip (the FAQ's reading)",
    "hardcore-rule-text": "a Hardcore penalty pip (the rule text's reading)",
    "solo-mode": "an Adversary Favor pip (solo)",
}
_POWER_RULES = {HEARTS: "power-hearts", DIAMONDS: "power-diamonds", SPADES: "power-spades", CLUBS: "power-clubs"}


def observed(state: State, action: Any, seat: int) -> Hashable:
    """The opponent's programming is seen as "a program": its cards are face down."""
    if action[0] == "program" and to_move(state) != seat:
        return ("program",)
    return action  # type: ignore[no-any-return]


def seat_name(players: int, seat: int) -> str:
    return seat_text(seat)


# --- dealing the unseen cards again ------------------------------------------------------


def determinise(state: State, seat: int, rng: random.Random) -> State:
    """The game as it would stand had the unseen cards fallen otherwise: the opponent's
    unrevealed cards and the deck's order drawn again from every card the seat has not
    seen, the reshuffle seeds drawn anew; this hand's deal and program events rewritten
    to match."""
    seeds = tuple(rng.randrange(1 << 30) for _ in range(RESHUFFLE_SEEDS))
    if state.players == 1 or not state.hands:
        order = sorted(state.deck)
        rng.shuffle(order)
        return state._replace(deck=tuple(order), seeds=seeds)
    other = 1 - seat
    programmed = other < len(state.programs)
    known = {i: c for i, c in enumerate(state.programs[other]) if _revealed(state, other, i)} if programmed else {}
    seen = set(state.discard) | set(state.hands[seat]) | set(known.values())
    if state.reveal >= 0:
        seen.add(state.reveal)
    pool = [c for c in DECK if c not in seen]
    rng.shuffle(pool)
    hidden = pool[:4 - len(known)]
    deck = tuple(pool[4 - len(known):])
    if programmed:
        fill = iter(hidden)
        program = tuple(known[i] if i in known else next(fill) for i in range(4))
        hand = tuple(sorted(program))
        programs = tuple(program if s == other else p for s, p in enumerate(state.programs))
    else:
        hand, programs, program = tuple(hidden), state.programs, ()
    hands = tuple(hand if s == other else h for s, h in enumerate(state.hands))
    pending = program_choices(hands[state.seat]) if state.phase == PROGRAM else state.pending
    events = _rewrite(state.events, other, hands, program)
    return state._replace(deck=deck, seeds=seeds, hands=hands, programs=programs, pending=pending,
                          history=[events])


def _rewrite(events: Any, other: int, hands: tuple[tuple[int, ...], ...], program: tuple[int, ...]) -> Any:
    """The events with this hand's deal, and the opponent's program, replaced."""
    newest: list[Any] = []
    while events is not None:
        event, events = events
        if type(event) is Programmed and event.seat == other and program:
            event = event._replace(cards=program)
        elif type(event) is Dealt:
            newest.append(event._replace(hands=hands))
            break
        newest.append(event)
    for event in reversed(newest):
        events = (event, events)
    return events


# --- a sensible quick player -----------------------------------------------------------


def grid_value(grid: tuple[int, ...]) -> float:
    """Dice removed count most, then fewer pips, then dice further right (Movement's
    way off the grid) and a light Column 4 (the clock's tie-break)."""
    removed = grid.count(0)
    pips = sum(grid)
    return 10 * removed - pips - 0.5 * sum(grid[12:16])


def heuristic(state: State, seat: int, rng: random.Random) -> Any:
    """Program the order whose hand leaves one's grid best (tried on a deal of the
    unseen cards, opponent programming the first way listed); resolve each choice by
    the grid it leaves."""
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    if state.phase != PROGRAM:
        return max(actions, key=lambda a: grid_value(apply(state, a).grids[seat]))
    world = determinise(state, seat, rng)
    return max(actions, key=lambda a: _after_hand(apply(world, a), seat, state.hand_no))


def _after_hand(state: State, seat: int, hand_no: int) -> float:
    """One's grid value once this hand is resolved, choosing greedily."""
    while not is_over(state) and state.hand_no == hand_no:
        options = legal_actions(state)
        mover = to_move(state)
        if mover == seat and state.phase != PROGRAM and len(options) > 1:
            state = max((apply(state, a) for a in options), key=lambda s: grid_value(s.grids[seat]))
        else:
            state = apply(state, options[0])
    return grid_value(state.grids[seat])


# --- which rules fired -----------------------------------------------------------------


#: The events that count a rule each time they happen.
_COUNTED = {Swapped: "swap-movement", Shifted: "targeting", Fizzled: "fizzles", Unplayed: "column-4-access",
            Reshuffled: "reshuffle", Favor: "solo-mode"}


def rule_counts(state: State) -> dict[str, int]:
    """Counts of :data:`RULE_EVENTS` from the game's named events: a die brought to zero
    counts a removal too, and a Hardcore penalty counts under the reading in force."""
    counts = dict.fromkeys(RULE_EVENTS, 0)
    penalty = "hardcore" if state.flags & HARDCORE else "hardcore-rule-text"
    events: list[Any] = oldest_first(state.events)
    for event in events:
        kind = type(event)
        key = _COUNTED.get(kind)
        if kind is PowerUsed:
            key = _POWER_RULES[SUIT_OF[event.card]]
        elif kind is Penalty:
            key = penalty
        elif kind is GameOver:
            key = "elimination" if event.why == "elimination" else "timer-scoring"
        if key:
            counts[key] += 1
        if kind in (PowerUsed, Swapped) and event.after == 0:
            counts["removal"] += 1
    return counts
