"""Dice Lanes for the designer's lab: a sensible quick player, dealing the unseen cards
again for a search, and which rules fired (see ``generator.rules.bots``).

What a seat knows: its own cards (dealt, drawn, programmed), every resolved card (turned
up, then discarded), the dice, and how many cards the opponent holds. It never sees the
opponent's hand, the opponent's cards programmed but not yet resolved, the order of the
draw pile or the rolls to come. An opponent's card that resolved in a hand was in their
hand when they programmed it: it came from their deal or an earlier refill. The deals
made here keep to that, round by round, and redraw every future shuffle and roll.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Mapping

from ...rules.base import Events, oldest_first
from .notation import PLAYER_NAMES
from .play import legal_actions, to_move
from .state import (
    DECREASE, FLIP, INCREASE, PROGRAM, AllClaimed, Claimed, Dealt, Drawn, HandBegun, NothingToSwap, PoolEmpty,
    PowerUsed, Programmed, Refilled, Rerolled, ShortOfCards, State, Swapped,
)

#: Rule id (game.yaml) -> what is counted each time it applies.
RULE_EVENTS: Mapping[str, str] = {
    "draw": "a die drawn one slot toward its player (the card's rank matched its pips)",
    "suit-hearts": "a die increased (hearts)",
    "suit-diamonds": "a die decreased (diamonds)",
    "suit-spades": "a die flipped (spades)",
    "suit-clubs": "two dice swapped (clubs), or a swap with no other die",
    "claim-check": "a die claimed from a Draw 2",
    "program-short": "a round ended because a player held too few cards to program",
    "round-end": "a round ended because every die was claimed",
    "no-rerolls": "a Center die rolled again between rounds",
    "dice-pool-exhausted": "a lane left empty because the pool ran out of dice",
}
_RESOLVED = (PowerUsed, Swapped, NothingToSwap, Drawn)


def _events(state: State) -> list[Any]:
    """The game's events, oldest first (each a named record of ``state``)."""
    return oldest_first(state.events)


# --- what the seat sees of a move --------------------------------------------------------


def observed(state: State, action: Any, seat: int) -> Hashable:
    """The opponent's programming is seen as "a card to lane n", not the card."""
    if action[0] == "program" and to_move(state) != seat:
        return ("program", action[1])
    return action  # type: ignore[no-any-return]


def seat_name(players: int, seat: int) -> str:
    return PLAYER_NAMES[seat]


# --- dealing the unseen cards again ------------------------------------------------------


class _Round:
    """One round's deck as ``seat`` saw it: who got each deck position and from which
    hand on they held it, the seat's own cards, and the opponent's resolved cards."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.owner: list[tuple[int, int]] = []  # deck position -> (seat, first hand it could be played in)
        self.resolved: list[tuple[int, int]] = []  # the opponent's resolved (card, hand), in play order
        self.hand = 0


def _rounds(state: State, seat: int) -> list[_Round]:
    """The game's rounds from its events (all of which the seat may read: a dealt or
    programmed card of the opponent is read only once it has resolved face up)."""
    rounds: list[_Round] = []
    for event in _events(state):
        kind = type(event)
        if kind is Dealt:
            now = _Round(event.round)
            rounds.append(now)
            size = len(event.hands[0])
            now.owner = [(event.start if i % 2 == 0 else 1 - event.start, 1) for i in range(2 * size)]
        elif kind is HandBegun:
            rounds[-1].hand = event.hand
        elif kind is Refilled:
            now = rounds[-1]
            now.owner += [(event.start if i % 2 == 0 else 1 - event.start, now.hand + 1) for i in range(2 * event.each)]
        elif kind in _RESOLVED and event.seat != seat:
            rounds[-1].resolved.append((event.card, rounds[-1].hand))
    return rounds


def _deal(state: State, seat: int, record: _Round, rng: random.Random) -> list[int]:
    """A deck order for one round that agrees with what ``seat`` saw: its own cards where
    they were, the opponent's resolved cards somewhere they could have come from, and
    every other card anywhere else."""
    deck = state.decks[record.number - 1]
    order = [deck[i] if who == seat else -1 for i, (who, _) in enumerate(record.owner)]
    order += [-1] * (len(deck) - len(order))
    theirs = [i for i, (who, _) in enumerate(record.owner) if who != seat]
    for card, hand in sorted(record.resolved, key=lambda pair: pair[1]):
        free = [i for i in theirs if order[i] < 0 and record.owner[i][1] <= hand]
        order[rng.choice(free)] = card
    unseen = sorted(set(state.numbers.deck) - set(order))
    rng.shuffle(unseen)
    fill = iter(unseen)
    return [card if card >= 0 else next(fill) for card in order]


def determinise(state: State, seat: int, rng: random.Random) -> State:
    """The game as it would stand had the unseen cards been dealt otherwise: the
    opponent's hand and unresolved program, the draw pile, later rounds' decks and every
    roll still to come are drawn again; the deal events are rewritten to match."""
    rounds = _rounds(state, seat)
    other = 1 - seat
    decks = [tuple(_deal(state, seat, record, rng)) for record in rounds]
    deck = state.numbers.deck
    decks += [tuple(rng.sample(deck, len(deck))) for _ in range(len(state.decks) - len(decks))]
    rolls = state.rolls[:state.next_roll] + tuple(rng.randint(1, 6) for _ in state.rolls[state.next_roll:])
    current = rounds[-1]
    now = decks[len(rounds) - 1]
    lanes = state.tables.lanes
    waiting = [lane for lane in range(lanes) if state.program[other * lanes + lane] >= 0]
    resolved = {card for card, _ in current.resolved}
    held = [now[i] for i, (who, _) in enumerate(current.owner) if who == other and now[i] not in resolved]
    programmed = rng.sample(held, len(waiting))
    hand = tuple(card for card in held if card not in programmed)
    program = list(state.program)
    for lane, card in zip(waiting, programmed):
        program[other * lanes + lane] = card
    hands = (state.hands[0], hand) if other == 1 else (hand, state.hands[1])
    events = _rewrite(state, seat, decks, dict(zip(waiting, programmed)))
    return state._replace(decks=tuple(decks), rolls=rolls, hands=hands, program=tuple(program),
                          pile=now[len(current.owner):], events=events)


def _rewrite(state: State, seat: int, decks: list[tuple[int, ...]], waiting: dict[int, int]) -> Any:
    """The events with each deal read from the new decks, and the opponent's cards
    programmed this hand and not yet resolved replaced."""
    other = 1 - seat
    events = _events(state)
    hand_begun = max(i for i, e in enumerate(events) if type(e) is HandBegun)
    out: Events = None
    for index, event in enumerate(events):
        if type(event) is Dealt:
            dealt = decks[event.round - 1][:2 * len(event.hands[0])]
            hands: list[tuple[int, ...]] = [(), ()]
            hands[event.start], hands[1 - event.start] = dealt[0::2], dealt[1::2]
            event = event._replace(hands=(hands[0], hands[1]))
        elif type(event) is Programmed and index > hand_begun and event.seat == other and event.lane in waiting:
            event = event._replace(card=waiting[event.lane])
        out = (event, out)
    return out


# --- a sensible quick player -----------------------------------------------------------


def heuristic(state: State, seat: int, rng: random.Random) -> Any:
    """Draw whenever a card allows it; program a card matching a die's pips where that
    die is nearest one's own end; otherwise bend a die toward a rank one holds."""
    actions = legal_actions(state)
    if state.phase == PROGRAM:
        return max(actions, key=lambda a: (_program_value(state, seat, a[1], a[2]), -a[2], -a[1]))
    for action in actions:
        if action[0] == "draw":
            return action
    return max(actions, key=lambda a: _resolve_value(state, seat, a))


def _closeness(state: State, seat: int, lane: int) -> int:
    """How near the lane's die is to ``seat``'s end (0 at the far end)."""
    depth = state.numbers.depth
    slot = state.slots[lane]
    return depth + (slot if seat == 1 else -slot)


def _program_value(state: State, seat: int, lane: int, card: int) -> float:
    tables = state.tables
    rank = tables.rank_of[card]
    pip = state.pips[lane]
    near = _closeness(state, seat, lane)
    if rank == pip and state.slots[lane] != tables.draw_2[seat]:
        return 10 + near
    after = _after_power(tables.power_of[card], pip)
    holds = any(tables.rank_of[c] == after for c in state.hands[seat] if c != card)
    return (2 if holds else 0) + 0.1 * near - 0.01 * rank


def _after_power(power: int, pip: int) -> int:
    if power == INCREASE:
        return pip + 1 if pip < 6 else 6
    if power == DECREASE:
        return pip - 1 if pip > 1 else 1
    if power == FLIP:
        return 7 - pip
    return pip


def _resolve_value(state: State, seat: int, action: Any) -> float:
    """A swap brings the die nearest one's end into the lane with one's best chance."""
    if action[0] != "swap" or len(action) < 4:
        return 0.0
    return _closeness(state, seat, action[1]) - _closeness(state, seat, action[3]) + 0.0


# --- which rules fired -----------------------------------------------------------------


#: The events that count a rule each time they happen (Swap with no other die included).
_COUNTED = {Drawn: "draw", Swapped: "suit-clubs", NothingToSwap: "suit-clubs", Claimed: "claim-check",
            ShortOfCards: "program-short", AllClaimed: "round-end", Rerolled: "no-rerolls",
            PoolEmpty: "dice-pool-exhausted"}
_POWERS = {"increase": "suit-hearts", "decrease": "suit-diamonds", "flip": "suit-spades"}


def rule_counts(state: State) -> dict[str, int]:
    """Counts of :data:`RULE_EVENTS` from the game's named events."""
    counts = dict.fromkeys(RULE_EVENTS, 0)
    for event in _events(state):
        key = _POWERS[event.power] if type(event) is PowerUsed else _COUNTED.get(type(event))
        if key:
            counts[key] += 1
    return counts
