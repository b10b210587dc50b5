"""Multisuit: the reference rules engine (seed 002; content in content/multisuit/).

Four players in two partnerships (North-South against East-West; seats run clockwise,
so "the player on the left" is the next seat). A deal is: 9 cards each, a simultaneous
exchange of three cards with partner, then nine tricks. Whoever leads lays a card on a
marker and so picks the trick's suit; the others must match or beat the best so far if
they can, else follow with a card ranked in that suit, else play anything. The highest
rank in the trick's suit wins, ties going to the later card. The team with more tricks
scores one point per trick over four.

Modes: one deal (the default, the unit a designer simulates), ``game`` (deals until a
team has 5 points) and ``rubber`` (games until a team has won two).

State is a NamedTuple of ints and tuples; hands are bitmasks over card indexes (see
``multisuit_cards``). Chance is data: every deal's shuffled order is drawn from the seed
in ``new_game`` and stored in ``State.orders``, and ``setup`` can replace the deck, the
orders, the first hands and the first dealer.
"""

from __future__ import annotations

from typing import Any, Hashable, Mapping, Sequence

from .base import IllegalAction, Result, engine, oldest_first
from .multisuit_cards import (
    DECK_SIZE,
    RANKS,
    SEATS,
    SUITS,
    TEAMS,
    Follow,
    Give,
    Lead,
    Table,
    card_text,
    cards_of,
    check_deck,
    chunk_actions,
    dedupe_twins,
    rank_label,
    shipped_deck,
)
from .multisuit_setup import checked_table, deal_hands, game_mode, new_game, seat_index, start_deal
from .multisuit_state import (
    BOOK,
    EXCHANGE,
    EXCHANGE_SIZE,
    GAMES_TO_WIN,
    MARKERS,
    MAX_DEALS,
    OVER,
    PHASES,
    TARGET_POINTS,
    TRICKS,
    TRICKS_PER_DEAL,
    VARIANTS,
    State,
    next_seat,
    partner,
    team_of,
)
from .multisuit_text import describe, event_text, parse_action_text

# --- what may be played -------------------------------------------------------------


def allowed_follows(table: Table, hand: int, suit: int, best: int) -> int:
    """The cards a non-leader may play, as a mask: those matching or beating the best
    so far if any; else those with a rank in the trick's suit if any; else any card."""
    mask = hand & table.at_least[suit][best]
    if mask:
        return mask
    mask = hand & table.in_suit[suit]
    return mask or hand


def legal_actions(state: State) -> list[Any]:
    phase = state.phase
    if phase == OVER:
        return []
    table = state.table
    hand = state.hands[state.to_move]
    if phase == EXCHANGE:
        chunks = table.give_chunks
    elif state.trick:
        hand = allowed_follows(table, hand, state.suit, state.best)
        chunks = table.follow_chunks
    else:
        chunks = table.lead_chunks
    if table.has_twins:
        hand = dedupe_twins(table, hand)
    return chunk_actions(chunks, hand)


def why_illegal(state: State, action: Any) -> str | None:
    """None when ``action`` is legal now, else the reason in the game's words."""
    if state.phase == OVER:
        return "the game is over"
    table, seat = state.table, state.to_move
    who = SEATS[seat]
    kind = type(action)
    if kind not in (Give, Lead, Follow):
        return f"{action!r} is not a Multisuit action (give a card, lead a card on a marker, or play a card)"
    card = action.card
    if not isinstance(card, int) or not 0 <= card < table.size:
        return f"there is no card number {card!r} in the deck"
    hand = state.hands[seat]
    text = table.text[card]
    if state.phase == EXCHANGE:
        if kind is not Give:
            return f"{who} must first choose three cards for the exchange"
        if state.given[seat] >> card & 1:
            return f"{who} has already set {text} aside for the exchange"
        return None if hand >> card & 1 else f"{who} does not hold {text}"
    if kind is Give:
        return "the exchange is over; cards received cannot be passed on"
    if not hand >> card & 1:
        return f"{who} does not hold {text}"
    if not state.trick:
        if kind is not Lead:
            return f"{who} leads this trick: choose a marker (e.g. '{who} leads {text} on {SUITS[0]}')"
        if action.suit not in (0, 1, 2):
            return f"there is no marker number {action.suit!r}"
        if not table.rank[action.suit][card]:
            return f"the lead card must have a rank in the trick's suit, and {text} has none in {SUITS[action.suit]}"
        return None
    if kind is Lead:
        return f"{who} does not lead this trick; {SEATS[state.leader]} led it"
    return follow_problem(state, card)


def follow_problem(state: State, card: int) -> str | None:
    """Which follow restriction ``card`` breaks, if any (rule ids in brackets)."""
    table, seat, suit, best = state.table, state.to_move, state.suit, state.best
    hand = state.hands[seat]
    rank = table.rank[suit][card]
    who, text, name = SEATS[seat], table.text[card], SUITS[suit]
    beaters = hand & table.at_least[suit][best]
    if beaters and rank < best:
        cards = ", ".join(table.text[c] for c in cards_of(beaters))
        return (f"{who} holds a card that matches or beats the best so far ({rank_label(best)} in {name}): "
                f"{cards}; one of them must be played [must-beat-or-equal]")
    followers = hand & table.in_suit[suit]
    if not beaters and followers and not rank:
        cards = ", ".join(table.text[c] for c in cards_of(followers))
        return f"{who} has cards with a rank in {name} ({cards}) and must play one of them, not {text} [must-follow]"
    return None


# --- playing ------------------------------------------------------------------------


def apply(state: State, action: Any) -> State:
    """The state after ``action``; raises IllegalAction saying which rule forbids it."""
    kind = type(action)
    phase = state.phase
    if phase == TRICKS and kind is Follow:
        card = action.card
        if state.trick and type(card) is int and 0 <= card < state.table.size and (
                allowed_follows(state.table, state.hands[state.to_move], state.suit, state.best) >> card & 1):
            return play_follow(state, card)
    elif phase == TRICKS and kind is Lead:
        if why_illegal(state, action) is None:
            return play_lead(state, action.card, action.suit)
    elif phase == EXCHANGE and kind is Give:
        if why_illegal(state, action) is None:
            return give_card(state, action.card)
    raise IllegalAction(why_illegal(state, action) or f"{action!r} is not legal now")


def give_card(state: State, card: int) -> State:
    """Exchange: set one card aside face down; once every player has three aside, all
    of them go to the partners at the same moment."""
    seat, bit = state.to_move, 1 << card
    hands, given = list(state.hands), list(state.given)
    hands[seat] ^= bit
    given[seat] |= bit
    events = (("give", seat, card), state.events)
    to_move = seat if given[seat].bit_count() < EXCHANGE_SIZE else next_seat(seat)
    if to_move == state.leader and to_move != seat:
        return exchange(state._replace(hands=tuple(hands), given=tuple(given), events=events))
    return state._replace(to_move=to_move, hands=tuple(hands), given=tuple(given), events=events)


def exchange(state: State) -> State:
    """Every player's three cards go to their partner together, so no received card
    can be passed on; then the player on the dealer's left leads the first trick."""
    h, g = state.hands, state.given
    hands = (h[0] | g[2], h[1] | g[3], h[2] | g[0], h[3] | g[1])
    first = next_seat(state.dealer)
    return state._replace(phase=TRICKS, to_move=first, leader=first, hands=hands, given=(0, 0, 0, 0),
                          events=(("exchange", g), state.events))


def play_lead(state: State, card: int, suit: int) -> State:
    """Lead: the card goes on the chosen marker; the marker's suit is the trick's."""
    seat = state.to_move
    hands = list(state.hands)
    hands[seat] ^= 1 << card
    return state._replace(
        to_move=next_seat(seat), hands=tuple(hands), leader=seat, suit=suit, trick=((seat, card),),
        best=state.table.rank[suit][card], best_seat=seat, events=(("lead", seat, card, suit), state.events),
    )


def play_follow(state: State, card: int) -> State:
    """A non-leader's card; an equal or higher rank takes over the trick (ties go to
    the later card); the fourth card ends the trick."""
    seat, suit, best = state.to_move, state.suit, state.best
    rank = state.table.rank[suit][card]
    hands = list(state.hands)
    hands[seat] ^= 1 << card
    events = (("play", seat, card, rank, best, suit), state.events)
    best_seat = state.best_seat
    if rank >= best:
        best, best_seat = rank, seat
    trick = state.trick + ((seat, card),)
    if len(trick) < 4:  # the hot path: build the next state directly
        return State(state.table, state.mode, state.phase, (seat + 1) & 3, state.dealer, tuple(hands),  # type: ignore[arg-type]
                     state.given, state.leader, suit, trick, best, best_seat, state.tricks, state.won,
                     state.points, state.games, state.deal_no, state.orders, events)
    return gather_trick(state._replace(hands=tuple(hands), trick=trick, best=best, best_seat=best_seat, events=events))


def trick_winner(state: State) -> tuple[int, bool]:
    """(winner, won on a tie): the highest rank in the trick's suit, the later card of
    equal highest ranks. The running best so far already is that card."""
    table, suit, best = state.table, state.suit, state.best
    tie = sum(1 for _, c in state.trick if table.rank[suit][c] == best) > 1
    return state.best_seat, tie


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
    events = (("trick", winner, state.suit, state.best, tie, state.trick), state.events)
    state = state._replace(tricks=(tricks[0], tricks[1]), won=(won[0], won[1]), events=events)
    if tricks[0] + tricks[1] == TRICKS_PER_DEAL:
        return end_deal(state)
    return state._replace(to_move=winner, leader=winner, suit=-1, trick=(), best=0, best_seat=-1)


def deal_points(tricks: tuple[int, int]) -> tuple[int, int]:
    """Only the team with more tricks scores: one point per trick over four."""
    ns, ew = tricks
    return (ns - BOOK, 0) if ns > ew else (0, ew - BOOK)


def end_deal(state: State) -> State:
    """Score the deal, then: the game ends at 5 points, the rubber at two games;
    otherwise the deal passes clockwise."""
    scored = deal_points(state.tricks)
    team = 0 if scored[0] else 1
    points = (state.points[0] + scored[0], state.points[1] + scored[1])
    events: Any = (("score", team, scored[team], state.tricks, points), state.events)
    games = state.games
    if state.mode == "deal":
        return state._replace(phase=OVER, points=points, trick=(), events=events)
    if points[team] >= TARGET_POINTS:
        games = (games[0] + 1, games[1]) if team == 0 else (games[0], games[1] + 1)
        events = (("game", team, points, games), events)
        if state.mode == "game" or games[team] >= GAMES_TO_WIN:
            if state.mode == "rubber":
                events = (("rubber", team, games), events)
            return state._replace(phase=OVER, points=points, games=games, trick=(), events=events)
        points = (0, 0)
    state = state._replace(points=points, games=games, events=events)
    return start_deal(state, next_seat(state.dealer), state.deal_no + 1)


# --- reading the state --------------------------------------------------------------


def to_move(state: State) -> int | None:
    return None if state.phase == OVER else state.to_move


def is_over(state: State) -> bool:
    return state.phase == OVER


def standing(state: State) -> tuple[int, int]:
    """What each team has in the mode's own currency: deal points, game points or games."""
    return state.games if state.mode == "rubber" else state.points


def result(state: State) -> Result:
    """Scores per seat (deal points, game points or games won, by mode), teams ranked."""
    ns, ew = standing(state)
    if state.mode == "deal" and state.phase != OVER:
        ns, ew = state.tricks
    scores = (float(ns), float(ew), float(ns), float(ew))
    if ns == ew:
        ranking: tuple[tuple[int, ...], ...] = ((0, 1, 2, 3),)
    else:
        ranking = ((0, 2), (1, 3)) if ns > ew else ((1, 3), (0, 2))
    details = {"tricks": {TEAMS[0]: state.tricks[0], TEAMS[1]: state.tricks[1]},
               "points": {TEAMS[0]: state.points[0], TEAMS[1]: state.points[1]},
               "games": {TEAMS[0]: state.games[0], TEAMS[1]: state.games[1]},
               "deals": state.deal_no + 1, "mode": state.mode}
    return Result(scores, ranking, details)


def events(state: State) -> list[tuple]:
    """The events so far, oldest first."""
    return oldest_first(state.events)


def log(state: State, viewer: int | None = None) -> list[str]:
    """Readable events so far; with a ``viewer`` seat, only what that seat may know."""
    table = state.table
    return [event_text(table, e, viewer) for e in events(state)]


def action_text(state: State, action: Any) -> str:
    """``North gives A♠K♦10♣`` / ``North leads A♠K♦10♣ on diamonds`` / ``East plays 6♠-♦4♣``."""
    kind = type(action)
    if kind not in (Give, Lead, Follow) or not 0 <= action.card < state.table.size:
        raise IllegalAction(f"{action!r} is not a Multisuit action")
    who, text = SEATS[state.to_move], state.table.text[action.card]
    if kind is Give:
        return f"{who} gives {text}"
    if kind is Lead:
        return f"{who} leads {text} on {SUITS[action.suit]}"
    return f"{who} plays {text}"


def parse_action(state: State, text: str) -> Hashable:
    """The action ``text`` names (the inverse of ``action_text``); IllegalAction says
    why when it names nobody's turn, a card not held, or a move the rules forbid."""
    if state.phase == OVER:
        raise IllegalAction(f"{text!r}: the game is over")
    seat, verb, ranks, suit = parse_action_text(text, SEATS)
    if seat != state.to_move:
        raise IllegalAction(f"{text!r}: it is {SEATS[state.to_move]}'s turn, not {SEATS[seat]}'s")
    table = state.table
    wanted = card_text(ranks)
    held = [c for c in cards_of(state.hands[seat]) if table.text[c] == wanted]
    if not held:
        holds = " ".join(table.text[c] for c in cards_of(state.hands[seat]))
        raise IllegalAction(f"{text!r}: {SEATS[seat]} does not hold {wanted} (holds {holds})")
    card = held[0]
    if verb == "gives":
        action: Any = table.give[card]
    elif verb == "leads":
        if suit is None:
            raise IllegalAction(f"{text!r}: say which marker, e.g. '{SEATS[seat]} leads {wanted} on spades'")
        action = table.lead[suit][card]
    else:
        action = table.follow[card]
    problem = why_illegal(state, action)
    if problem is not None:
        raise IllegalAction(f"{text!r}: {problem}")
    return action


def run_example(position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> Mapping[str, Any]:
    from .multisuit_examples import run_example as run

    return run(position, play, variants)


#: Rule, variant and clarification ids of content/multisuit/game.yaml -> the code
#: that implements them (checked by tests/rules/test_conformance.py).
RULE_MAP: dict[str, str] = {
    "place-the-markers": "MARKERS",
    "partnerships": "team_of",
    "the-deck": "check_deck",
    "suits-and-ranks": "RANKS",
    "ranks-on-a-card": "allowed_follows",
    "deck-make-up": "check_deck",
    "play-a-trick": "apply",
    "lead": "play_lead",
    "order-of-play": "next_seat",
    "follow": "allowed_follows",
    "best-so-far": "play_follow",
    "must-beat-or-equal": "allowed_follows",
    "must-follow": "allowed_follows",
    "free-play": "allowed_follows",
    "trick-winner": "trick_winner",
    "tie-to-later-card": "play_follow",
    "gather-the-trick": "gather_trick",
    "play-a-deal": "start_deal",
    "shuffle-and-deal": "deal_hands",
    "exchange": "exchange",
    "first-lead": "exchange",
    "deal-points": "deal_points",
    "play-a-rubber": "end_deal",
    "dealer-rotation": "end_deal",
    "game-to-five": "TARGET_POINTS",
    "rubber-winner": "GAMES_TO_WIN",
    "rubber": "VARIANTS",
    "one-game": "VARIANTS",
    "deck-not-in-source": "shipped_deck",
    "exchange-is-simultaneous": "exchange",
    "only-winners-score": "deal_points",
    "first-dealer": "new_game",
    "dealing-order": "deal_hands",
    "hyphen-cannot-win": "play_follow",
    "lead-is-free": "why_illegal",
    "always-a-lead": "check_deck",
    "equal-counts-as-beating": "allowed_follows",
    "game-ends-after-deal": "end_deal",
    "dealer-after-a-game": "end_deal",
    "play-time-estimate": "MAX_DEALS",
}


@engine
class MultisuitGame:
    """The module's functions behind the protocol in ``generator.rules.base``."""

    slug = "multisuit"
    title = "Multisuit"
    player_counts = (4,)
    #: partners win together: a first place of two seats is a team win, not a tie.
    team_size = 2
    variants = VARIANTS
    rule_map = RULE_MAP


GAME = MultisuitGame()

#: Re-exported so the rule map and callers find every rule's code on this module.
__all__ = [
    "GAME", "State", "SEATS", "TEAMS", "DECK_SIZE", "RANKS", "MARKERS", "MAX_DEALS", "PHASES", "VARIANTS",
    "new_game", "apply", "legal_actions", "check_deck", "checked_table", "deal_hands", "game_mode", "partner",
    "seat_index", "shipped_deck", "team_of", "deal_points", "events",
]
