"""Multisuit for the designer's lab: a sensible quick player, dealing the unseen cards
again for a search, and which rules fired (see ``generator.rules.bots``).

What a seat knows: its own hand, the three cards it passed (its partner holds them
until they are played), the three it received, and every card played. A follow that
does not match or beat the best so far says the player had no card that could
(``must-beat-or-equal``), and one with no rank in the trick's suit that they had no
card ranked in it (``must-follow``): the deals made here keep to both, and choose again
which cards the opponents passed each other.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Mapping

from ...rules.base import Events, oldest_first
from ...rules.cards import bits, fill_slots
from .notation import SEATS as NAMES
from .play import legal_actions, to_move
from .state import (
    EXCHANGE, EXCHANGE_SIZE, SEATS, DealScored, Dealt, Exchanged, GameWon, Led, Played, SetAside, State, TrickWon, partner,
)

#: Rule id (game.yaml) -> what is counted each time it applies.
RULE_EVENTS: Mapping[str, str] = {
    "must-beat-or-equal": "a follow that matched or beat the best so far",
    "must-follow": "a follow in the trick's suit that could not match or beat it",
    "free-play": "a follow with no rank in the trick's suit (no such card in hand)",
    "tie-to-later-card": "a trick won by the later of two equal ranks",
    "deal-points": "a deal scored",
    "game-to-five": "a game won",
}


def _events(state: State) -> list[Any]:
    """The game's events, oldest first (each a named record of ``state``)."""
    return oldest_first(state.events)


# --- what the seat sees of a move --------------------------------------------------------


def observed(state: State, action: Any, seat: int) -> Hashable:
    """Another player's card set aside for the exchange is seen only as "a card"."""
    if action[0] == "give" and to_move(state) != seat:
        return ("give",)
    return action  # type: ignore[no-any-return]


def seat_name(players: int, seat: int) -> str:
    return NAMES[seat]


# --- dealing the unseen cards again ------------------------------------------------------


class _Deal:
    """One deal as ``seat`` saw it."""

    def __init__(self, dealer: int) -> None:
        self.dealer = dealer
        self.gave: list[int] = []  # the seat's cards set aside, in order
        self.asides = [0, 0, 0, 0]  # how many cards each seat has set aside
        self.received = 0  # the partner's passed cards (mask), once exchanged
        self.exchanged = False
        self.played = [0, 0, 0, 0]  # cards each seat has played (mask)
        self.limits = [-1, -1, -1, -1]  # cards each seat may still hold, from its follows (mask)


def _deals(state: State, seat: int) -> list[_Deal]:
    """The session's deals from its events (an opponent's card is read only once played)."""
    table = state.table
    deals: list[_Deal] = []
    for event in _events(state):
        kind = type(event)
        if kind is Dealt:
            deals.append(_Deal(event.dealer))
            continue
        now = deals[-1]
        if kind is SetAside:
            now.asides[event.seat] += 1
            if event.seat == seat:
                now.gave.append(event.card)
        elif kind is Exchanged:
            now.exchanged = True
            now.received = event.given[partner(seat)]
        elif kind is Led:
            now.played[event.seat] |= 1 << event.card
        elif kind is Played:
            now.played[event.seat] |= 1 << event.card
            if event.rank < event.best:  # it could not match or beat the best so far
                now.limits[event.seat] &= ~table.at_least[event.suit][event.best]
            if not event.rank:  # nor follow the trick's suit
                now.limits[event.seat] &= ~table.in_suit[event.suit]
    return deals


def _holdings(state: State, seat: int, record: _Deal, current: bool, rng: random.Random) -> list[int]:
    """What each seat holds or has played in this deal (after the exchange, if it has
    happened), the unseen cards dealt at random among those that agree with ``record``."""
    mate = partner(seat)
    gave = sum(1 << c for c in record.gave)
    holds = list(record.played)
    holds[seat] |= state.hands[seat] | state.given[seat] if current else 0
    holds[mate] |= gave if record.exchanged else 0
    slots: list[int] = []
    owners: list[int] = []
    for other in range(4):
        if other != seat and current:
            count = (state.hands[other] | state.given[other]).bit_count() - (holds[other] & ~record.played[other]).bit_count()
            slots += [record.limits[other]] * count
            owners += [other] * count
    pool = state.table.full & ~sum(holds)
    if not record.exchanged:
        pool &= ~gave
    for other, card in zip(owners, fill_slots(slots, pool, rng)):
        holds[other] |= 1 << card
    return holds


def _deal_again(state: State, seat: int, record: _Deal, current: bool,
                rng: random.Random) -> tuple[list[int], list[list[int]]]:
    """Each seat's dealt hand (mask) and the cards it set aside (in order), at random
    among the deals that agree with ``record``."""
    holds = _holdings(state, seat, record, current, rng)
    mate = partner(seat)
    asides: list[list[int]] = [[] for _ in range(SEATS)]
    asides[seat] = list(record.gave)
    if not record.exchanged:
        holds[seat] |= sum(1 << c for c in record.gave)
        for other in range(4):
            if other != seat:
                asides[other] = rng.sample(bits(holds[other]), record.asides[other])
        return holds, asides
    # After the exchange each seat holds its partner's three cards: give them back.
    asides[mate] = rng.sample(bits(record.received), len(bits(record.received)))
    first, second = (seat + 1) & 3, (seat + 3) & 3
    asides[second] = rng.sample(bits(holds[first]), EXCHANGE_SIZE)  # what the first opponent received
    asides[first] = rng.sample(bits(holds[second]), EXCHANGE_SIZE)
    dealt = [0, 0, 0, 0]
    for who in range(4):
        got = sum(1 << c for c in asides[partner(who)])
        dealt[who] = (holds[who] & ~got) | sum(1 << c for c in asides[who])
    return dealt, asides


def _order(dealer: int, dealt: list[int]) -> tuple[int, ...]:
    """A deck order that deals ``dealt`` (rule ``shuffle-and-deal``, from the dealer's left)."""
    queues = [bits(hand) for hand in dealt]
    size = len(queues[0])
    return tuple(queues[(dealer + 1 + i) & 3][i // SEATS] for i in range(size * SEATS))


def determinise(state: State, seat: int, rng: random.Random) -> State:
    """The session as it would stand had the unseen cards been dealt otherwise: the
    other hands (within what their follows showed), the cards set aside and passed
    between the opponents, and later deals' shuffles are drawn again; the deal orders
    and the exchange events are rewritten to match."""
    records = _deals(state, seat)
    orders: list[tuple[int, ...]] = []
    asides: list[list[list[int]]] = []
    dealt: list[int] = []
    for number, record in enumerate(records):
        dealt, set_aside = _deal_again(state, seat, record, number == len(records) - 1, rng)
        orders.append(_order(record.dealer, dealt))
        asides.append(set_aside)
    size = state.table.size
    orders += [tuple(rng.sample(range(size), size)) for _ in range(len(state.orders) - len(orders))]
    hands, given = state.hands, state.given
    now, last = records[-1], asides[-1]
    if state.phase == EXCHANGE:
        given = tuple(sum(1 << c for c in last[s]) for s in range(SEATS))
        hands = tuple(dealt[s] & ~given[s] for s in range(SEATS))
    else:
        hands = tuple(state.hands[s] if s == seat else _still_held(dealt[s], last, s, now) for s in range(SEATS))
    return state._replace(orders=tuple(orders), hands=hands, given=given, events=_rewrite(state, seat, asides))


def _still_held(dealt: int, asides: list[list[int]], who: int, record: _Deal) -> int:
    got = sum(1 << c for c in asides[partner(who)])
    gave = sum(1 << c for c in asides[who])
    return (dealt & ~gave | got) & ~record.played[who]


def _rewrite(state: State, seat: int, asides: list[list[list[int]]]) -> Any:
    """The events with the other players' set-aside cards and the exchange replaced."""
    out: Events = None
    deal = -1
    turn = [0, 0, 0, 0]
    for event in _events(state):
        kind = type(event)
        if kind is Dealt:
            deal, turn = deal + 1, [0, 0, 0, 0]
        elif kind is SetAside and event.seat != seat:
            event = event._replace(card=asides[deal][event.seat][turn[event.seat]])
            turn[event.seat] += 1
        elif kind is Exchanged:
            event = Exchanged(tuple(sum(1 << c for c in asides[deal][s]) for s in range(SEATS)))
        out = (event, out)
    return out


# --- a sensible quick player -----------------------------------------------------------


def heuristic(state: State, seat: int, rng: random.Random) -> Any:
    """Pass the weakest cards; lead the strongest card in its best suit; follow with the
    cheapest card that takes the trick when the opponents hold it, else the cheapest."""
    actions = legal_actions(state)
    table = state.table
    if state.phase == EXCHANGE:
        return min(actions, key=lambda a: (_worth(table, a[1]), a[1]))
    if not state.trick:
        return max(actions, key=lambda a: (table.rank[a[2]][a[1]], -_worth(table, a[1]), -a[1]))
    suit, best = state.suit, state.best
    if state.best_seat == partner(seat):
        return min(actions, key=lambda a: (table.rank[suit][a[1]], _worth(table, a[1]), a[1]))
    beaters = [a for a in actions if table.rank[suit][a[1]] >= best]
    if beaters:
        return min(beaters, key=lambda a: (table.rank[suit][a[1]], _worth(table, a[1]), a[1]))
    return min(actions, key=lambda a: (_worth(table, a[1]), a[1]))


def _worth(table: Any, card: int) -> int:
    """How good a card is to keep: its best rank, then its other ranks."""
    ranks = sorted((table.rank[s][card] for s in range(len(table.rank))), reverse=True)
    return ranks[0] * 100 + sum(ranks[1:])


# --- which rules fired -----------------------------------------------------------------


def rule_counts(state: State) -> dict[str, int]:
    """Counts of :data:`RULE_EVENTS` from the game's named events."""
    counts = dict.fromkeys(RULE_EVENTS, 0)
    for event in _events(state):
        kind = type(event)
        if kind is Played:
            key = "must-beat-or-equal" if event.rank >= event.best else "must-follow" if event.rank else "free-play"
            counts[key] += 1
        elif kind is TrickWon:
            counts["tie-to-later-card"] += event.tie
        elif kind is DealScored:
            counts["deal-points"] += 1
        elif kind is GameWon:
            counts["game-to-five"] += 1
    return counts
