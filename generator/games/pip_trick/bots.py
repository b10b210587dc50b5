"""Pip Trick for the designer's lab: a sensible quick player, dealing the unseen cards
again for a search, and which rules fired (see ``generator.rules.bots``).

What a seat knows: its own hand, every face-up card, its own face-down cards and all
dice. Another player's face-down card is never turned up, but it says something: that
player held no card of a suit still missing from the trick (rule ``no-legal-suit``), so
every card they held then, the face-down one included, is of a suit already shown. The
deals made here keep to that, round by round.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Mapping, Sequence

from ...rules.base import Events, oldest_first
from ...rules.cards import bits, fill_slots
from .notation import SEATS, events
from .play import apply, legal_actions, to_move, trump
from .state import (
    ALL_CARDS, AVAILABLE, CHANGE, CLUBS, DECK, DIAMONDS, DICE, DOWN, HEARTS, LOCK, PASS, RANKS, SUIT_BITS,
    CardPlayed, ClubsPassed, DiceSwapped, DieChanged, NewCycle, NoDieAction, RoundStarted, State, card_bits, deal,
    hand_size, result,
)

#: Rule id (game.yaml) -> what is counted each time it applies.
RULE_EVENTS: Mapping[str, str] = {
    "no-legal-suit": "a card played face down (no suit missing from the trick in hand)",
    "face-down-in-the-middle": "a face-down card in a middle place, so no die action",
    "hearts-increase": "a die raised with hearts",
    "diamonds-decrease": "a die lowered with diamonds",
    "spades-flip": "a die flipped with spades",
    "clubs-swap": "an available die swapped for a used one with clubs",
    "clubs-may-pass": "clubs in the middle taking no die action",
    "change-at-the-limit": "a raise on a 6 or a lower on a 1 that leaves the die as it is",
    "middle-die-exempt": "a middle place with no die its suit may change (variant middle-die-exempt)",
    "new-cycle": "a player's dice all used, so all available again",
    "ties": "a game whose winner was found by the tie-break (6s, then 5s...)",
}

_ALL_SUITS = 0b1111


# --- what the seat sees of a move --------------------------------------------------------


def observed(state: State, action: Any, seat: int) -> Hashable:
    """Another player's face-down card is seen only as "a face-down card"."""
    if action[0] == "down" and to_move(state) != seat:
        return ("down",)
    return action  # type: ignore[no-any-return]


def seat_name(players: int, seat: int) -> str:
    return SEATS[players][seat]


# --- dealing the unseen cards again ------------------------------------------------------


class _Round:
    """What the seat saw of one round: its own dealt cards, the other players' face-up
    cards, and the slots of cards it never saw with the suits each may be of."""

    def __init__(self) -> None:
        self.mine = 0  # the seat's own cards this round (mask)
        self.seen: dict[int, int] = {}  # other seat -> its face-up cards (mask)
        self.slots: list[tuple[int, int]] = []  # (seat, allowed suits) of each face-down card, in play order
        self.allowed: dict[int, int] = {}  # other seat -> the suits its cards may still be of
        self.shown = 0  # suits shown face up in the trick being played


class _Knowledge:
    """Everything ``seat`` saw of a game, read once per state and seat: the rounds,
    where in the history the other players' face-down cards are, and which of them lie
    in each trick (other seat -> number of the face-down card, counted over the game)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        self.rounds = [_Round()]
        self.hidden: list[int] = []
        self.tricks: list[dict[int, int]] = []
        replay = state.start if state.start is not None else state
        for index, action in enumerate(oldest_first(state.history)):
            if action[0] == "down" and to_move(replay) != seat:
                self.hidden.append(index)
            found: list[Any] = []
            replay = apply(replay, action, found)
            for event in found:
                self._see(event)
        self.rounds[-1].mine |= state.hands[seat]

    def _see(self, event: Any) -> None:
        if isinstance(event, RoundStarted):
            self.rounds.append(_Round())
            return
        if not isinstance(event, CardPlayed):
            return
        now = self.rounds[-1]
        if event.lead:
            now.shown = 0
            self.tricks.append({})
        if event.seat == self.seat:
            now.mine |= 1 << event.card
        elif event.down:
            allowed = now.allowed.get(event.seat, _ALL_SUITS) & now.shown
            now.allowed[event.seat] = allowed
            now.slots.append((event.seat, allowed))
            self.tricks[-1][event.seat] = len(self.hidden) - 1
        else:
            now.seen[event.seat] = now.seen.get(event.seat, 0) | 1 << event.card
        if not event.down:
            now.shown |= 1 << (event.card // RANKS)


_LAST: list[_Knowledge] = []


def knowledge(state: State, seat: int) -> _Knowledge:
    """What ``seat`` saw of ``state``'s game (the last answer is kept: a search asks
    for the same state and seat on every playout)."""
    if not (_LAST and _LAST[0].state is state and _LAST[0].seat == seat):
        _LAST[:] = [_Knowledge(state, seat)]
    return _LAST[0]


def _suit_mask(suits: int) -> int:
    return sum(SUIT_BITS[s] for s in range(4) if suits >> s & 1)


def _deal_round(state: State, seat: int, record: _Round, current: bool,
                rng: random.Random) -> tuple[list[int], list[int]]:
    """Each seat's dealt cards for one round (masks) and the face-down cards the other
    players played (in play order), drawn at random among the deals that agree with
    ``record``."""
    n = state.players
    pool = ALL_CARDS ^ record.mine ^ sum(record.seen.values())
    allowed = [_suit_mask(suits) for _, suits in record.slots]
    holders = [who for who, _ in record.slots]
    if current:
        for other in range(n):
            if other != seat:
                count = state.hands[other].bit_count()
                allowed += [_suit_mask(record.allowed.get(other, _ALL_SUITS))] * count
                holders += [other] * count
    cards = fill_slots(allowed, pool, rng)
    dealt = [record.seen.get(other, 0) for other in range(n)]
    dealt[seat] = record.mine
    for who, card in zip(holders, cards):
        dealt[who] |= 1 << card
    return dealt, cards[:len(record.slots)]


def _deck(players: int, dealer: int, hands: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """A deck order that deals ``hands`` (rule ``deal``), the cards left over after it."""
    queues = [bits(hand) for hand in hands]
    order = [queues[(dealer + 1 + i) % players][i // players] for i in range(hand_size(players) * players)]
    rest = bits(ALL_CARDS ^ sum(hands))
    rng.shuffle(rest)
    return tuple(order + rest)


def determinise(state: State, seat: int, rng: random.Random) -> State:
    """The game as it would stand after a new deal that agrees with everything ``seat``
    saw: its own hands, every face-up card, the suits each face-down card allows. The
    other players' hands and face-down cards are chosen again, later rounds' decks
    shuffled anew; the history and the starting deal are rewritten to match, so the
    result replays from its own start exactly as this game did."""
    seen = knowledge(state, seat)
    n = state.players
    first = state.start if state.start is not None else state
    decks: list[tuple[int, ...]] = []
    downs: list[int] = []
    dealt: list[int] = []
    for number, record in enumerate(seen.rounds):
        dealt, played_down = _deal_round(state, seat, record, number == len(seen.rounds) - 1, rng)
        decks.append(_deck(n, (first.dealer + number) % n, dealt, rng))
        downs += played_down
    while len(decks) < state.numbers.rounds:
        decks.append(tuple(rng.sample(range(DECK), DECK)))
    actions = oldest_first(state.history)
    for index, card in zip(seen.hidden, downs):
        actions[index] = ("down", card)
    history: Events = None
    for action in actions:
        history = (action, history)
    now = seen.rounds[-1]
    played = card_bits(downs[len(downs) - len(now.slots):])
    hands = tuple(state.hands[other] if other == seat else dealt[other] & ~now.seen.get(other, 0) & ~played
                  for other in range(n))
    tricks = seen.tricks
    in_play = tricks[-1] if state.trick else {}
    done = tricks[-2 if state.trick else -1] if len(tricks) > (1 if state.trick else 0) else {}
    start = None
    if state.start is not None:
        deal0 = deal(decks[0], n, first.dealer)
        start = first._replace(decks=tuple(decks), hands=deal0[0], set_aside=deal0[1])
    return state._replace(
        decks=tuple(decks), hands=hands, set_aside=ALL_CARDS ^ sum(dealt), history=history, start=start,
        trick=tuple(downs[in_play[(state.leader + i) % n]] + DOWN if code >= DOWN and (state.leader + i) % n in in_play
                    else code for i, code in enumerate(state.trick)),
        last=tuple((who, downs[done[who]] + DOWN) if code >= DOWN and who in done else (who, code)
                   for who, code in state.last))


# --- a sensible quick player -----------------------------------------------------------


def heuristic(state: State, seat: int, rng: random.Random) -> Any:
    """Lock the best die; change dice for the better; play for a middle place with a
    suit that helps one's dice and away from it with one that hurts."""
    actions = legal_actions(state)
    if state.phase == LOCK:
        return max(actions, key=lambda a: state.dice[DICE * seat + a[1]])
    if state.phase == CHANGE:
        return _best_change(state, seat, actions)
    if actions[0][0] == "down":
        return min(actions, key=lambda a: (a[1] % RANKS, a[1]))  # throw the lowest card
    return max(actions, key=lambda a: (_play_value(state, seat, a[1]), -a[1]))


def _available(state: State, seat: int) -> list[int]:
    base = DICE * seat
    return [state.dice[base + d] for d in range(DICE) if state.status[base + d] == AVAILABLE]


def suit_gain(state: State, seat: int, suit: int) -> float:
    """Pips the seat's best use of ``suit`` in the middle would add to its dice."""
    pips = _available(state, seat)
    if not pips or suit == CLUBS:
        return 0.0
    if suit == HEARTS:
        return 1.0 if min(pips) < 6 else 0.0
    if suit == DIAMONDS:
        return 0.0 if min(pips) == 1 else -1.0
    return float(max(7 - 2 * p for p in pips))


def _play_value(state: State, seat: int, card: int) -> float:
    """The suit's gain times the chance the card finishes in a middle place."""
    gain = suit_gain(state, seat, card // RANKS)
    return gain * _middle_chance(state, card)


def _strength(card: int, trump_suit: int) -> int:
    return (card // RANKS == trump_suit) * RANKS + card % RANKS


def _middle_chance(state: State, card: int) -> float:
    """The chance ``card`` ends neither first nor last: exact for the last card of a
    trick, else with each card still to come beating it as often as an unseen card would."""
    trump_suit = trump(state)
    mine = _strength(card, trump_suit)
    above = sum(1 for code in state.trick if code < DOWN and _strength(code, trump_suit) >= mine)
    to_come = state.players - len(state.trick) - 1
    beat = 1 - mine / (2 * RANKS)
    chance = 0.0
    for k in range(to_come + 1):
        place = above + k + 1
        if 1 < place < state.players:
            chance += _binomial(to_come, k) * beat ** k * (1 - beat) ** (to_come - k)
    return chance


def _binomial(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def _best_change(state: State, seat: int, actions: Sequence[Any]) -> Any:
    """Raise the highest die below 6, lower a 1 (else the lowest die), flip the lowest
    die; clubs take no die action."""
    base = DICE * seat
    pips = state.dice
    kind = actions[0][0]
    if kind == "raise":
        return max(actions, key=lambda a: (pips[base + a[1]] < 6, pips[base + a[1]]))
    if kind in ("lower", "flip"):
        return min(actions, key=lambda a: pips[base + a[1]])
    # clubs: make a low used die available again (a flip may find it) when the die set
    # aside in its place is higher; otherwise take no die action
    swaps = [a for a in actions if a[0] == "swap" and pips[base + a[2]] < pips[base + a[1]]]
    if swaps:
        return max(swaps, key=lambda a: (pips[base + a[1]] - pips[base + a[2]], -a[1], -a[2]))
    return PASS


# --- which rules fired -----------------------------------------------------------------


def rule_counts(state: State) -> dict[str, int]:
    """Counts of :data:`RULE_EVENTS` from the game's named events."""
    counts = dict.fromkeys(RULE_EVENTS, 0)
    for event in events(state):
        if isinstance(event, CardPlayed) and event.down:
            counts["no-legal-suit"] += 1
        elif isinstance(event, NoDieAction):
            key = {"face-down": "face-down-in-the-middle", "exempt": "middle-die-exempt"}.get(event.reason)
            if key:
                counts[key] += 1
        elif isinstance(event, DieChanged):
            counts[{"raise": "hearts-increase", "lower": "diamonds-decrease", "flip": "spades-flip"}[event.verb]] += 1
            counts["change-at-the-limit"] += event.before == event.after
        elif isinstance(event, DiceSwapped):
            counts["clubs-swap"] += 1
        elif isinstance(event, ClubsPassed):
            counts["clubs-may-pass"] += 1
        elif isinstance(event, NewCycle):
            counts["new-cycle"] += 1
    if to_move(state) is None:
        counts["ties"] = int(bool(result(state).details.get("tie_break_used")))
    return counts

