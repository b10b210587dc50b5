"""Worked examples for Multisuit: a position in rules terms -> a state -> outcomes.

A position names only what matters (every key optional):

``dealer``
    the dealer's seat (default West, so North is on the dealer's left and leads first).
``phase``
    ``exchange`` (the cards were just dealt) or ``tricks`` (the default: the exchange is
    done and the next trick is about to be led).
``hands``
    ``{North: [A♠K♦10♣, ...], ...}``. Every named hand has 9 cards in the exchange, or
    9 minus the tricks already played. A seat not named holds blank stand-in cards
    (no rank in any suit), which never win and never restrict anyone.
``leader``
    who leads the next trick (default: the player on the dealer's left).
``tricks``
    tricks already taken this deal, ``{North-South: 4, East-West: 4}`` (default none);
    their cards are stand-ins in the teams' piles.
``points`` / ``games``
    the score before this deal, for the ``game`` and ``rubber`` variants.
``deck``
    instead of ``hands``: all 36 cards in the order they lie after the shuffle, top
    card first. The deck is checked against the rules and dealt one card at a time from
    the dealer's left; the exchange is next.

The cards named make up the deck of the example, topped up with stand-ins to 36, so an
example is free to show any card a designer wants. ``run_example`` returns every
outcome listed in ``OUTCOMES``.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ...content.deck import SUITS
from ...rules.base import IllegalAction, SetupError, oldest_first
from .notation import PHASES, SEATS, action_text, card_text, log, parse_action, parse_card, rank_label, seat_index
from .play import apply, legal_actions
from .state import (
    EXCHANGE,
    OVER,
    TEAMS,
    TRICKS,
    DealScored,
    DeckCard,
    Exchanged,
    GameWon,
    RubberWon,
    State,
    Table,
    TrickWon,
    cards_of,
    deals_at_most,
    game_mode,
    new_game,
    next_seat,
    table_for,
)

_POINTS = State._fields.index("points")
_GAMES = State._fields.index("games")
STAND_IN: tuple[int | None, ...] = (None, None, None)
POSITION_KEYS = {"dealer", "phase", "hands", "leader", "tricks", "points", "games", "deck"}
#: Every outcome an example may ``expect``.
OUTCOMES = (
    "phase", "to_move", "dealer", "playable", "legal", "trick", "trick_suit", "best_so_far",
    "trick_winner", "winning_card", "won_on_tie", "trick_winners", "tricks", "deal_tricks",
    "deal_winner", "deal_points", "points", "games", "game_winner", "rubber_winner", "winner",
    "hands", "set_aside", "received", "log",
)


def _team_counts(value: Any, what: str) -> tuple[int, int]:
    if value is None:
        return 0, 0
    if not isinstance(value, Mapping) or set(value) - set(TEAMS):
        raise SetupError(f"{what} must be given per team: {{{TEAMS[0]}: n, {TEAMS[1]}: n}}")
    ns, ew = (int(value.get(team, 0)) for team in TEAMS)
    if min(ns, ew) < 0:
        raise SetupError(f"{what} cannot be negative")
    return ns, ew


def _hands(table: Table, position: Mapping[str, Any], size: int) -> dict[int, list[tuple[int | None, ...]]]:
    raw = position.get("hands") or {}
    if not isinstance(raw, Mapping):
        raise SetupError("hands must map seats to lists of cards, e.g. {North: [A♠K♦10♣, ...]}")
    hands: dict[int, list[tuple[int | None, ...]]] = {}
    for seat, cards in raw.items():
        index = seat_index(seat)
        try:
            hands[index] = [parse_card(table.numbers, str(c)) for c in cards or []]
        except ValueError as exc:
            raise SetupError(f"hands: {seat}: {exc}") from None
        if len(hands[index]) != size:
            raise SetupError(f"hands: {SEATS[index]} holds {len(hands[index])} cards, but at this point of the deal "
                             f"every hand has {size}")
    return hands


def example_state(table: Table, position: Mapping[str, Any], variants: Sequence[str]) -> tuple[State, set[int]]:
    """The state a position describes (with ``table``'s numbers), and the seats it names
    (whose hands matter)."""
    unknown = set(position) - POSITION_KEYS
    if unknown:
        raise SetupError(f"unknown position field(s) {sorted(unknown)}; known: {', '.join(sorted(POSITION_KEYS))}")
    mode = game_mode(variants)
    if "deck" in position:
        return _dealt_state(table, position, mode)
    numbers = table.numbers
    phase = str(position.get("phase", "tricks"))
    if phase not in ("exchange", "tricks"):
        raise SetupError(f"phase must be 'exchange' or 'tricks', not {phase!r}")
    tricks = _team_counts(position.get("tricks"), "tricks")
    played = sum(tricks)
    if played >= numbers.tricks_per_deal or (phase == "exchange" and played):
        raise SetupError(f"tricks already taken must be fewer than {numbers.tricks_per_deal}, "
                         "and none before the exchange")
    size = numbers.hand_size - played
    hands = _hands(table, position, size)
    dealer = seat_index(position.get("dealer", "West"))
    deck: list[DeckCard] = []
    masks = [0, 0, 0, 0]
    for seat in range(4):
        for ranks in hands.get(seat, [STAND_IN] * size):
            masks[seat] |= 1 << len(deck)
            deck.append((f"card-{len(deck) + 1}", ranks))
    won = [0, 0]
    for team in (0, 1):
        for _ in range(4 * tricks[team]):
            won[team] |= 1 << len(deck)
            deck.append((f"card-{len(deck) + 1}", STAND_IN))
    example = table_for(numbers, tuple(deck), table.make_up)
    rng = random.Random(0)
    orders = ((),) + tuple(tuple(rng.sample(range(len(deck)), len(deck)))
                           for _ in range(deals_at_most(numbers, mode) - 1))
    leader = seat_index(position["leader"]) if "leader" in position else next_seat(dealer)
    if "leader" in position and phase == "exchange":
        raise SetupError("leader: the first lead after the exchange is always the dealer's left")
    state = State(example, mode, EXCHANGE if phase == "exchange" else TRICKS,
                  leader if phase == "tricks" else next_seat(dealer), dealer, tuple(masks), (0, 0, 0, 0), leader,
                  -1, (), 0, -1, tricks, (won[0], won[1]), _team_counts(position.get("points"), "points"),
                  _team_counts(position.get("games"), "games"), 0, orders, None)
    return state, set(hands)


def _dealt_state(table: Table, position: Mapping[str, Any], mode: str) -> tuple[State, set[int]]:
    """A fresh deal of the position's deck, in its order, by the position's dealer."""
    clash = set(position) & {"hands", "tricks", "leader", "phase"}
    if clash:
        raise SetupError(f"a position with a deck starts a fresh deal; drop {sorted(clash)}")
    try:
        deck = tuple((f"card-{i + 1}", parse_card(table.numbers, str(text)))
                     for i, text in enumerate(position["deck"] or []))
    except ValueError as exc:
        raise SetupError(f"deck: {exc}") from None
    state = new_game(table, chosen=[mode] if mode != "deal" else [], setup={
        "deck": deck, "dealer": seat_index(position.get("dealer", "West")),
        "deck_order": [ident for ident, _ in deck]})
    f = list(state)
    f[_POINTS] = _team_counts(position.get("points"), "points")
    f[_GAMES] = _team_counts(position.get("games"), "games")
    return tuple.__new__(State, f), {0, 1, 2, 3}


def _cards(state: State, mask: int) -> list[str]:
    return [card_text(state.table, c) for c in cards_of(mask)]


def _by_team(pair: Sequence[int]) -> dict[str, int]:
    return {TEAMS[0]: pair[0], TEAMS[1]: pair[1]}


def outcomes(state: State, named: set[int], start: int) -> dict[str, Any]:
    """Everything observable after the example's play, by rules term."""
    table = state.table
    happened = oldest_first(state.events)
    new = happened[start:]
    tricks = [e for e in new if isinstance(e, TrickWon)]
    scores = [e for e in happened if isinstance(e, DealScored)]
    games = [e for e in new if isinstance(e, GameWon)]
    rubber = [e for e in new if isinstance(e, RubberWon)]
    gives = [e for e in new if isinstance(e, Exchanged)]
    over = state.phase == OVER
    actions = legal_actions(state)
    playable: list[str] = []
    for action in actions:
        text = card_text(table, action[1])
        if text not in playable:
            playable.append(text)
    last = tricks[-1] if tricks else None
    suit = state.suit if state.trick else (last.suit if last else None)
    winner = None
    if over:
        ns, ew = state.games if state.mode == "rubber" else state.points
        winner = TEAMS[0] if ns > ew else TEAMS[1]
    score = scores[-1] if scores else None
    return {
        "phase": PHASES[state.phase],
        "to_move": None if over else SEATS[state.to_move],
        "dealer": SEATS[state.dealer],
        "playable": playable,
        "legal": [action_text(state, a) for a in actions],
        "trick": [f"{SEATS[s]} {card_text(table, c)}" for s, c in state.trick],
        "trick_suit": SUITS[suit] if suit is not None else None,
        "best_so_far": rank_label(table.numbers, state.best) if state.trick else None,
        "trick_winner": SEATS[last.seat] if last else None,
        "winning_card": next(card_text(table, c) for s, c in last.trick if s == last.seat) if last else None,
        "won_on_tie": bool(last.tie) if last else None,
        "trick_winners": [SEATS[e.seat] for e in tricks],
        "tricks": _by_team(state.tricks),
        "deal_tricks": _by_team(score.tricks) if score else None,
        "deal_winner": TEAMS[score.team] if score else None,
        "deal_points": _by_team((score.scored, 0) if score.team == 0 else (0, score.scored)) if score else None,
        "points": _by_team(state.points),
        "games": _by_team(state.games),
        "game_winner": TEAMS[games[-1].team] if games else None,
        "rubber_winner": TEAMS[rubber[-1].team] if rubber else None,
        "winner": winner,
        "hands": {SEATS[s]: _cards(state, state.hands[s]) for s in sorted(named)},
        "set_aside": {SEATS[s]: _cards(state, state.given[s]) for s in sorted(named)},
        "received": {SEATS[s]: _cards(state, gives[-1].given[(s + 2) & 3]) for s in sorted(named)} if gives else None,
        "log": log(state)[start:],
    }


def run_example(table: Table, position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> dict[str, Any]:
    """Set up ``position`` (with ``table``'s numbers), play each line of ``play`` in
    notation, report OUTCOMES."""
    state, named = example_state(table, position or {}, variants)
    for number, line in enumerate(play, start=1):
        try:
            state = apply(state, parse_action(state, line))
        except IllegalAction as exc:
            raise IllegalAction(f"move {number}: {exc}") from None
    return outcomes(state, named, 0)
