"""Multisuit's rules of play as pure functions: ``to_move``, ``legal_actions``, ``apply``.

Whoever leads lays a card on a marker and so picks the trick's suit; the others must
match or beat the best so far if they can, else follow with a card ranked in that suit,
else play anything. The highest rank in the trick's suit wins, ties going to the later
card. The team with more tricks scores one point per trick over four.

``apply`` never mutates: it copies the state's fields into a list, edits them by index
and builds the next State. What the rules refuse is named by a :class:`Refusal` (the
rule broken and what it concerns); ``notation`` words it for players.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...content.deck import SUITS
from ...rules.base import Events, IllegalAction, implements
from .state import (
    EXCHANGE,
    EXCHANGE_SIZE,
    OVER,
    TRICKS,
    Action,
    DealScored,
    Exchanged,
    GameWon,
    Led,
    Numbers,
    Played,
    RubberWon,
    SetAside,
    State,
    Table,
    TrickWon,
    cards_of,
    chunk_actions,
    next_seat,
    start_deal,
    team_of,
)

_PHASE = State._fields.index("phase")
_TO_MOVE = State._fields.index("to_move")
_HANDS = State._fields.index("hands")
_GIVEN = State._fields.index("given")
_LEADER = State._fields.index("leader")
_SUIT = State._fields.index("suit")
_TRICK = State._fields.index("trick")
_BEST = State._fields.index("best")
_BEST_SEAT = State._fields.index("best_seat")
_TRICKS = State._fields.index("tricks")
_WON = State._fields.index("won")
_POINTS = State._fields.index("points")
_GAMES = State._fields.index("games")
_EVENTS = State._fields.index("events")

# --- what may be played -------------------------------------------------------------


@implements("follow", "ranks-on-a-card", "must-beat-or-equal", "equal-counts-as-beating", "must-follow", "free-play")
def allowed_follows(table: Table, hand: int, suit: int, best: int) -> int:
    """The cards a non-leader may play, as a mask: those matching or beating the best
    so far if any (an equal rank counts); else those with a rank in the trick's suit
    if any (a hyphen is no rank); else any card."""
    mask = hand & table.at_least[suit][best]
    if mask:
        return mask
    mask = hand & table.in_suit[suit]
    return mask or hand


def dedupe_twins(table: Table, mask: int) -> int:
    """``mask`` keeping one card of each set of identical cards (the lowest number)."""
    if not table.has_twins:
        return mask
    seen: set[tuple[int, ...]] = set()
    out = 0
    for c in cards_of(mask):
        if table.same[c] not in seen:
            seen.add(table.same[c])
            out |= 1 << c
    return out


@implements("place-the-markers", "lead-is-free", "always-a-lead")
def legal_actions(state: State) -> list[Action]:
    """Every decision open to the player to move. The leader may lay any card on any
    marker in whose suit it has a rank (no follow restriction applies to a lead, and
    every card has a rank somewhere); the others follow by ``allowed_follows``."""
    phase = state.phase
    if phase == OVER:
        return []
    table = state.table
    hand = state.hands[state.to_move]
    if phase == EXCHANGE:
        chunks = table.give_chunks
    elif state.trick:
        hand = allowed_follows(table, hand, state.suit, state.best)
        chunks = table.play_chunks
    else:
        chunks = table.lead_chunks
    if table.has_twins:
        hand = dedupe_twins(table, hand)
    return chunk_actions(chunks, hand)


class Refusal(NamedTuple):
    """Why the rules refuse an action: ``reason`` (a key of REASONS), and the seat,
    card and suit it concerns (-1 where none); ``notation`` words it for players."""

    reason: str
    seat: int = -1
    card: Any = -1
    suit: Any = -1
    action: Any = None


#: Each refusal in the rules' words, without names (``notation.refusal_text`` names
#: the seat and the cards).
REASONS: dict[str, str] = {
    "over": "the game is over",
    "not-an-action": "not a Multisuit action (give a card, lead a card on a marker, or play a card)",
    "no-such-card": "there is no such card number in the deck",
    "exchange-first": "the player to move must first choose three cards for the exchange",
    "already-aside": "that card is already set aside for the exchange",
    "not-held": "the player to move does not hold that card",
    "exchange-over": "the exchange is over; cards received cannot be passed on",
    "must-lead": "the player to move leads this trick: choose a card and a marker",
    "no-such-marker": "there is no such marker",
    "lead-needs-rank": "the lead card must have a rank in the trick's suit",
    "not-leader": "the player to move does not lead this trick",
    "must-beat-or-equal": "a card that matches or beats the best so far must be played [must-beat-or-equal]",
    "must-follow": "a card with a rank in the trick's suit must be played [must-follow]",
}


#: The rule (id in game.yaml) behind each refusal; None: the action names no move.
REFUSED_BY: dict[str, str | None] = {
    "over": "play-a-deal", "not-an-action": None, "no-such-card": None, "exchange-first": "exchange",
    "already-aside": "exchange", "not-held": "play-a-trick", "exchange-over": "exchange-is-simultaneous",
    "must-lead": "lead", "no-such-marker": "place-the-markers", "lead-needs-rank": "lead",
    "not-leader": "order-of-play", "must-beat-or-equal": "must-beat-or-equal", "must-follow": "must-follow",
}


def refusal(state: State, action: Any) -> Refusal | None:
    """None when ``action`` is legal now, else which rule refuses it."""
    if state.phase == OVER:
        return Refusal("over")
    table, seat = state.table, state.to_move
    if type(action) is not tuple or len(action) not in (2, 3) or action[0] not in ("give", "lead", "play") \
            or (len(action) == 3) != (action[0] == "lead"):
        return Refusal("not-an-action", seat, action=action)
    verb, card = action[0], action[1]
    if type(card) is not int or not 0 <= card < table.size:
        return Refusal("no-such-card", seat, card)
    hand = state.hands[seat]
    if state.phase == EXCHANGE:
        if verb != "give":
            return Refusal("exchange-first", seat, card)
        if state.given[seat] >> card & 1:
            return Refusal("already-aside", seat, card)
        return None if hand >> card & 1 else Refusal("not-held", seat, card)
    if verb == "give":
        return Refusal("exchange-over", seat, card)
    if not hand >> card & 1:
        return Refusal("not-held", seat, card)
    if not state.trick:
        if verb != "lead":
            return Refusal("must-lead", seat, card)
        suit = action[2]
        if type(suit) is not int or not 0 <= suit < len(SUITS):
            return Refusal("no-such-marker", seat, card, suit)
        return None if table.rank[suit][card] else Refusal("lead-needs-rank", seat, card, suit)
    if verb == "lead":
        return Refusal("not-leader", seat, card)
    return follow_refusal(state, card)


def follow_refusal(state: State, card: int) -> Refusal | None:
    """Which follow restriction ``card`` breaks, if any."""
    table, seat, suit, best = state.table, state.to_move, state.suit, state.best
    hand = state.hands[seat]
    rank = table.rank[suit][card]
    beaters = hand & table.at_least[suit][best]
    if beaters and rank < best:
        return Refusal("must-beat-or-equal", seat, card, suit)
    if not beaters and hand & table.in_suit[suit] and not rank:
        return Refusal("must-follow", seat, card, suit)
    return None


# --- playing ------------------------------------------------------------------------


@implements("play-a-trick")
def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises IllegalAction saying which rule forbids it."""
    try:
        verb, card = action[0], action[1]
    except (TypeError, IndexError, KeyError):
        verb = card = None
    phase = state.phase
    if phase == TRICKS:
        table = state.table
        if verb == "play":
            if state.trick and type(card) is int and 0 <= card < table.size and len(action) == 2 and (
                    allowed_follows(table, state.hands[state.to_move], state.suit, state.best) >> card & 1):
                return play_follow(state, card)
        elif verb == "lead" and not state.trick and len(action) == 3:
            suit = action[2]
            if type(card) is int and 0 <= card < table.size and state.hands[state.to_move] >> card & 1 \
                    and type(suit) is int and 0 <= suit < len(SUITS) and table.rank[suit][card]:
                return play_lead(state, card, suit)
    elif phase == EXCHANGE and verb == "give" and len(action) == 2:
        if type(card) is int and 0 <= card < state.table.size and state.hands[state.to_move] >> card & 1:
            return give_card(state, card)
    why = refusal(state, action)
    raise IllegalAction(f"{action!r}: {REASONS[why.reason] if why else 'not legal now'}",
                        REFUSED_BY[why.reason] if why else None)


def give_card(state: State, card: int) -> State:
    """Exchange: set one card aside face down; once every player has three aside, all
    of them go to the partners at the same moment."""
    f = list(state)
    seat, bit = state.to_move, 1 << card
    hands, given = list(state.hands), list(state.given)
    hands[seat] ^= bit
    given[seat] |= bit
    f[_HANDS], f[_GIVEN] = tuple(hands), tuple(given)
    f[_EVENTS] = (SetAside(seat, card), state.events)
    to_move = seat if given[seat].bit_count() < EXCHANGE_SIZE else next_seat(seat)
    if to_move == state.leader and to_move != seat:
        return exchange(tuple.__new__(State, f))
    f[_TO_MOVE] = to_move
    return tuple.__new__(State, f)


@implements("exchange", "exchange-is-simultaneous", "first-lead")
def exchange(state: State) -> State:
    """Every player's three cards go to their partner together, so no received card
    can be passed on; then the player on the dealer's left leads the first trick."""
    h, g = state.hands, state.given
    first = next_seat(state.dealer)
    f = list(state)
    f[_PHASE], f[_TO_MOVE], f[_LEADER] = TRICKS, first, first
    f[_HANDS] = (h[0] | g[2], h[1] | g[3], h[2] | g[0], h[3] | g[1])
    f[_GIVEN] = (0, 0, 0, 0)
    f[_EVENTS] = (Exchanged(g), state.events)
    return tuple.__new__(State, f)


@implements("lead")
def play_lead(state: State, card: int, suit: int) -> State:
    """Lead: the card goes on the chosen marker; the marker's suit is the trick's."""
    seat = state.to_move
    hands = list(state.hands)
    hands[seat] ^= 1 << card
    f = list(state)
    f[_TO_MOVE], f[_HANDS], f[_LEADER], f[_SUIT] = next_seat(seat), tuple(hands), seat, suit
    f[_TRICK], f[_BEST], f[_BEST_SEAT] = ((seat, card),), state.table.rank[suit][card], seat
    f[_EVENTS] = (Led(seat, card, suit), state.events)
    return tuple.__new__(State, f)


@implements("best-so-far", "tie-to-later-card", "hyphen-cannot-win")
def play_follow(state: State, card: int) -> State:
    """A non-leader's card: an equal or higher rank in the trick's suit takes over the
    trick (ties go to the later card; a hyphen is no rank and never does); the fourth
    card ends the trick."""
    f = list(state)
    seat, suit, best = state.to_move, state.suit, state.best
    rank = state.table.rank[suit][card]
    hands = list(state.hands)
    hands[seat] ^= 1 << card
    f[_HANDS] = tuple(hands)
    f[_EVENTS] = (Played(seat, card, rank, best, suit), state.events)
    if rank >= best:
        f[_BEST], f[_BEST_SEAT] = rank, seat
    trick = f[_TRICK] = state.trick + ((seat, card),)
    if len(trick) < 4:
        f[_TO_MOVE] = (seat + 1) & 3
        return tuple.__new__(State, f)
    return gather_trick(tuple.__new__(State, f))


@implements("trick-winner")
def trick_winner(state: State) -> tuple[int, bool]:
    """(winner, won on a tie): the highest rank in the trick's suit, the later card of
    equal highest ranks. The running best so far already is that card."""
    rank, suit, best = state.table.rank, state.suit, state.best
    tie = sum(1 for _, c in state.trick if rank[suit][c] == best) > 1
    return state.best_seat, tie


@implements("gather-the-trick")
def gather_trick(state: State) -> State:
    """The winner's team takes the four cards face down; the winner leads next."""
    winner, tie = trick_winner(state)
    team = team_of(winner)
    cards = 0
    for _, c in state.trick:
        cards |= 1 << c
    tricks, won = list(state.tricks), list(state.won)
    tricks[team] += 1
    won[team] |= cards
    f = list(state)
    f[_TRICKS], f[_WON] = (tricks[0], tricks[1]), (won[0], won[1])
    f[_EVENTS] = (TrickWon(winner, state.suit, state.best, tie, state.trick), state.events)
    if tricks[0] + tricks[1] == state.table.tricks_per_deal:
        return end_deal(tuple.__new__(State, f))
    f[_TO_MOVE], f[_LEADER], f[_SUIT], f[_TRICK], f[_BEST], f[_BEST_SEAT] = winner, winner, -1, (), 0, -1
    return tuple.__new__(State, f)


@implements("deal-points", "only-winners-score")
def deal_points(numbers: Numbers, tricks: tuple[int, int]) -> tuple[int, int]:
    """Only the team with more tricks scores: one point per trick over four."""
    ns, ew = tricks
    return (ns - numbers.book, 0) if ns > ew else (0, ew - numbers.book)


@implements("play-a-rubber", "game-to-five", "game-ends-after-deal", "rubber-winner", "dealer-rotation",
            "dealer-after-a-game")
def end_deal(state: State) -> State:
    """Score the deal; then the game ends at the target points (both teams restart
    from zero), the rubber at its number of games; otherwise the deal passes clockwise,
    across games too."""
    numbers = state.table.numbers
    scored = deal_points(numbers, state.tricks)
    team = 0 if scored[0] else 1
    points = (state.points[0] + scored[0], state.points[1] + scored[1])
    events: Events = (DealScored(team, scored[team], state.tricks, points), state.events)
    games = state.games
    f = list(state)
    if state.mode == "deal":
        f[_PHASE], f[_POINTS], f[_TRICK], f[_EVENTS] = OVER, points, (), events
        return tuple.__new__(State, f)
    if points[team] >= numbers.target_points:
        games = (games[0] + 1, games[1]) if team == 0 else (games[0], games[1] + 1)
        events = (GameWon(team, points, games), events)
        if state.mode == "game" or games[team] >= numbers.rubber_games.win:
            if state.mode == "rubber":
                events = (RubberWon(team, games), events)
            f[_PHASE], f[_POINTS], f[_GAMES], f[_TRICK], f[_EVENTS] = OVER, points, games, (), events
            return tuple.__new__(State, f)
        points = (0, 0)
    f[_POINTS], f[_GAMES], f[_EVENTS] = points, games, events
    return start_deal(tuple.__new__(State, f), next_seat(state.dealer), state.deal_no + 1)


# --- reading the state --------------------------------------------------------------


def to_move(state: State) -> int | None:
    return None if state.phase == OVER else state.to_move


def is_over(state: State) -> bool:
    return state.phase == OVER
