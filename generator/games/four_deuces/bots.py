"""The Four Deuces for the designer's lab: a sensible quick player, dealing the unseen
cards again for a search, and which rules fired (see ``generator.rules.bots``).

What a seat knows: its own hand and reserve, every card played, given or returned, every
roll and the track. It never sees the opponent's hand or reserve, the cards removed
unseen, or the chance of rounds still to come. Cards are suits only, so a deal is a
handful of counts: the deals made here are every split of the unseen cards between the
opponent's hand, reserve and the removed cards under which the round replays to exactly
what the seat saw (a follow off suit means no card of the led suit in hand, a card
returned to Al Capone in his own suit means no other suit, and so on), each drawn as
often as a shuffle would deal it.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import product
from math import comb
from typing import Any, Hashable, Mapping, Sequence

from ...rules.base import oldest_first
from ...rules.cards import NoConsistentDeal
from .play import _allowed, act, events, legal_actions, trick_winner
from .state import (
    _ROUND, BY_FIFTH, BY_FOUR, BY_STUCK, PLAY, Chance, SEATS, CardGiven, Climbed, DiceTraded, Level, Numbers, RoundChance, RoundWon,
    SameSuit, State, Tie, TrackWins, deal_cards, draw_chance, game_from_chance,
)

#: Rule id (game.yaml) -> what is counted each time it applies.
RULE_EVENTS: Mapping[str, str] = {
    "resolve-same-suit": "a trick of two cards of one suit (the bigger die wins)",
    "resolve-different-suits": "a suit token climbing the track",
    "equal-dice-different-suits": "different suits with equal dice: the track does not move",
    "resolve-track-wins": "a trick decided by the track",
    "fifth-trick-loses": "a round lost by taking a fifth trick",
    "exactly-four-wins": "a round won on exactly four tricks",
    "resolve-different-value": "a round lost by a follower with no different die",
    "al-capone": "Al Capone used",
    "bugs-moran": "Bugs Moran used",
    "round-tie-reroll": "equal pip totals rerolled",
}


def observed(state: State, action: Any, seat: int) -> Hashable:
    """Every move of The Four Deuces is made in the open."""
    return action  # type: ignore[no-any-return]


def seat_name(players: int, seat: int) -> str:
    return SEATS[seat]


# --- dealing the unseen cards again ------------------------------------------------------


def _variants(state: State) -> list[str]:
    return (["lead-player-leads"] if state.lead_leads else []) + ([] if state.keep_track else ["reshuffle-track"])


def _own_cards(numbers: Numbers, deck: Sequence[int], seat: int) -> tuple[list[int], list[int]]:
    """The seat's dealt hand and reserve (rule ``setup-deal``: North's hand, South's
    hand, North's reserve, South's reserve, then the removed cards)."""
    hand, reserve = numbers.hand, numbers.reserve
    top = 2 * hand
    return list(deck[seat * hand:(seat + 1) * hand]), list(deck[top + seat * reserve:top + (seat + 1) * reserve])


def _deck(numbers: Numbers, seat: int, mine: tuple[list[int], list[int]],
          theirs: tuple[list[int], list[int]], removed: list[int]) -> tuple[int, ...]:
    hands = [mine[0], theirs[0]] if seat == 0 else [theirs[0], mine[0]]
    reserves = [mine[1], theirs[1]] if seat == 0 else [theirs[1], mine[1]]
    return tuple(sorted(hands[0]) + sorted(hands[1]) + sorted(reserves[0]) + sorted(reserves[1]) + sorted(removed))


def _splits(numbers: Numbers, left: list[int]) -> list[tuple[tuple[list[int], list[int]], list[int], int]]:
    """Every way to split the unseen cards (``left``: count per suit) into the
    opponent's hand and reserve and the removed cards, with how many deals give it."""
    places = numbers.track_places
    out = []
    for hand in product(*(range(n + 1) for n in left)):
        if sum(hand) != numbers.hand:
            continue
        rest = [n - h for n, h in zip(left, hand)]
        for reserve in product(*(range(n + 1) for n in rest)):
            if sum(reserve) != numbers.reserve:
                continue
            weight = 1
            for s in range(places):
                weight *= comb(left[s], hand[s]) * comb(rest[s], reserve[s])
            cards = ([s for s in range(places) for _ in range(hand[s])], [s for s in range(places) for _ in range(reserve[s])])
            removed = [s for s in range(places) for _ in range(rest[s] - reserve[s])]
            out.append((cards, removed, weight))
    return out


class _Knowledge:
    """For each round the seat has seen: the decks under which it replays as seen, and
    how likely each is."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        numbers = state.numbers
        start = state.start if state.start is not None else state
        rounds = _actions_by_round(start, oldest_first(state.history))
        public = [self._public_chance(state, number) for number in range(len(rounds))]
        placeholder = tuple(public) + state.chance[len(public):]
        f = list(game_from_chance(numbers, _variants(state), placeholder))
        self.options: list[tuple[list[tuple[int, ...]], list[int]]] = []
        for number, (actions, seen) in enumerate(rounds):
            mine = _own_cards(numbers, state.chance[number].deck, seat)
            left = [numbers.per_suit - mine[0].count(s) - mine[1].count(s) for s in range(numbers.track_places)]
            decks, weights, after = [], [], None
            for theirs, removed, weight in _splits(numbers, left):
                deck = _deck(numbers, seat, mine, theirs, removed)
                g = list(f)
                deal_cards(g, deck, numbers)
                if _replays(g, actions, seen):
                    decks.append(deck)
                    weights.append(weight)
                    after = g
            self.options.append((decks, weights))
            if after is not None:
                f = after

    def _public_chance(self, state: State, number: int) -> RoundChance:
        """What the seat saw of a round's chance: its rolls and (when placed) its track;
        the deck is only a placeholder."""
        chance = state.chance[number]
        return RoundChance(chance.track, chance.rolls, tuple(sorted(chance.deck)))


def _replays(f: list[Any], actions: list[Any], seen: list[tuple]) -> bool:
    """Whether ``actions`` are legal from the fields ``f`` and cause exactly ``seen``."""
    found: list[tuple] = []
    for action in actions:
        if not _allowed(f, action):
            return False
        act(f, action, found)
        if found != seen[:len(found)]:
            return False
    return found == seen


def _actions_by_round(start: State, actions: list[Any]) -> list[tuple[list[Any], list[tuple]]]:
    """The actions of each round and the events they caused (all of them public)."""
    f = list(start)
    rounds: list[tuple[list[Any], list[tuple]]] = [([], [])]
    number = f[_ROUND]
    for action in actions:
        found: list[tuple] = []
        act(f, action, found)
        rounds[-1][0].append(action)
        rounds[-1][1].extend(found)
        now = f[_ROUND]
        if now != number:
            number = now
            rounds.append(([], []))
    return rounds


_LAST: list[_Knowledge] = []


def knowledge(state: State, seat: int) -> _Knowledge:
    """What ``seat`` saw of ``state``'s game (kept for the next call: a search asks for
    the same state and seat on every playout)."""
    if not (_LAST and _LAST[0].state is state and _LAST[0].seat == seat):
        _LAST[:] = [_Knowledge(state, seat)]
    return _LAST[0]


def determinise(state: State, seat: int, rng: random.Random) -> State:
    """The game replayed from a deal the seat cannot tell from the real one, round by
    round, with the chance of later rounds drawn anew."""
    seen = knowledge(state, seat)
    numbers = state.numbers
    fresh = draw_chance(rng, numbers)
    chance: list[Chance] = []
    for number, (decks, weights) in enumerate(seen.options):
        if not decks:
            raise NoConsistentDeal(f"no deal of round {number + 1} agrees with what seat {seat} saw")
        public = state.chance[number]
        track = public.track if number == 0 or not state.keep_track else fresh[number].track
        chance.append(RoundChance(track, public.rolls, rng.choices(decks, weights)[0]))
    chance += fresh[len(chance):]
    world = game_from_chance(numbers, _variants(state), tuple(chance))
    start = world
    for action in oldest_first(state.history):
        f = list(world)
        act(f, action, None)
        world = tuple.__new__(State, f)
    if state.history is None:
        return world
    return world._replace(history=state.history, start=start)


# --- a sensible quick player -----------------------------------------------------------


def heuristic(state: State, seat: int, rng: random.Random) -> Any:
    """Win a trick when winning it leaves better chances of ending on exactly the
    winning number (the opponent forced onto a fifth trick counts too), else lose it.
    Following, the outcome is certain: win with the smallest die that wins, lose with
    the biggest die that loses (small dice are for losing later). Leading, a big die on
    the top suit to win, the smallest die on the bottom suit to lose. Abilities are left
    unused."""
    actions = legal_actions(state)
    plays = [a for a in actions if a[0] == PLAY]
    if not plays:
        return actions[0]
    numbers = state.numbers
    mine, theirs = state.tricks_won[seat], state.tricks_won[1 - seat]
    left = numbers.tricks_per_round - state.trick - 1
    want = _chances(numbers, mine + 1, theirs, left) >= _chances(numbers, mine, theirs + 1, left)
    track = state.track
    if state.led is None:
        if want:
            return max(plays, key=lambda a: (a[2], -track.index(a[1])))
        return min(plays, key=lambda a: (a[2], -track.index(a[1])))
    wins = {action: trick_winner(list(state), (action[1], action[2]), None) == seat for action in plays}
    good = [a for a in plays if wins[a] == want] or plays
    if want:
        return min(good, key=lambda a: (a[2], a[1]))
    return max(good, key=lambda a: (a[2], a[1]))


@lru_cache(maxsize=None)
def _chances(numbers: Numbers, mine: int, theirs: int, left: int) -> float:
    """The chance of winning the round from these trick counts with ``left`` tricks to
    play, were each trick a coin toss."""
    if mine == numbers.fifth:
        return 0.0
    if theirs == numbers.fifth:
        return 1.0
    if not left:
        return 1.0 if mine == numbers.exactly else 0.0
    return (_chances(numbers, mine + 1, theirs, left - 1) + _chances(numbers, mine, theirs + 1, left - 1)) / 2


# --- which rules fired -----------------------------------------------------------------


def rule_counts(state: State) -> dict[str, int]:
    """Counts of :data:`RULE_EVENTS` from the game's named events."""
    counts = dict.fromkeys(RULE_EVENTS, 0)
    ended = {BY_FIFTH: "fifth-trick-loses", BY_FOUR: "exactly-four-wins", BY_STUCK: "resolve-different-value"}
    kinds = {SameSuit: "resolve-same-suit", Climbed: "resolve-different-suits", Level: "equal-dice-different-suits",
             TrackWins: "resolve-track-wins", CardGiven: "al-capone", DiceTraded: "bugs-moran", Tie: "round-tie-reroll"}
    for event in events(state):
        key = kinds.get(type(event))
        if key:
            counts[key] += 1
        elif type(event) is RoundWon:
            counts[ended[event.how]] += 1
    return counts

