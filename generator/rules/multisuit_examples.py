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

from .base import IllegalAction, SetupError
from .multisuit import action_text, apply, events, legal_actions, log, parse_action
from .multisuit_setup import game_mode, new_game, seat_index
from .multisuit_state import EXCHANGE, MAX_DEALS, OVER, PHASES, TRICKS, TRICKS_PER_DEAL, State, next_seat
from .multisuit_cards import HAND_SIZE, SEATS, SUITS, TEAMS, cards_of, parse_card, rank_label, table_for

STAND_IN = (None, None, None)
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
    counts = tuple(int(value.get(team, 0)) for team in TEAMS)
    if min(counts) < 0:
        raise SetupError(f"{what} cannot be negative")
    return counts  # type: ignore[return-value]


def _hands(position: Mapping[str, Any], size: int) -> dict[int, list[tuple]]:
    raw = position.get("hands") or {}
    if not isinstance(raw, Mapping):
        raise SetupError("hands must map seats to lists of cards, e.g. {North: [A♠K♦10♣, ...]}")
    hands: dict[int, list[tuple]] = {}
    for seat, cards in raw.items():
        index = seat_index(seat)
        try:
            hands[index] = [parse_card(str(c)) for c in cards or []]
        except ValueError as exc:
            raise SetupError(f"hands: {seat}: {exc}") from None
        if len(hands[index]) != size:
            raise SetupError(f"hands: {SEATS[index]} holds {len(hands[index])} cards, but at this point of the deal "
                             f"every hand has {size}")
    return hands


def example_state(position: Mapping[str, Any], variants: Sequence[str]) -> tuple[State, set[int]]:
    """The state a position describes, and the seats it names (whose hands matter)."""
    unknown = set(position) - POSITION_KEYS
    if unknown:
        raise SetupError(f"unknown position field(s) {sorted(unknown)}; known: {', '.join(sorted(POSITION_KEYS))}")
    mode = game_mode(variants)
    if "deck" in position:
        return _dealt_state(position, mode)
    phase = str(position.get("phase", "tricks"))
    if phase not in ("exchange", "tricks"):
        raise SetupError(f"phase must be 'exchange' or 'tricks', not {phase!r}")
    tricks = _team_counts(position.get("tricks"), "tricks")
    played = sum(tricks)
    if played >= TRICKS_PER_DEAL or (phase == "exchange" and played):
        raise SetupError("tricks already taken must be fewer than 9, and none before the exchange")
    size = HAND_SIZE - played
    hands = _hands(position, size)
    dealer = seat_index(position.get("dealer", "West"))
    deck: list[tuple] = []
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
    table = table_for(tuple(deck))
    rng = random.Random(0)
    orders = ((),) + tuple(tuple(rng.sample(range(len(deck)), len(deck))) for _ in range(MAX_DEALS[mode] - 1))
    leader = seat_index(position["leader"]) if "leader" in position else next_seat(dealer)
    if "leader" in position and phase == "exchange":
        raise SetupError("leader: the first lead after the exchange is always the dealer's left")
    state = State(table, mode, EXCHANGE if phase == "exchange" else TRICKS, leader if phase == "tricks" else next_seat(dealer),
                  dealer, tuple(masks), (0, 0, 0, 0), leader, -1, (), 0, -1, tricks, tuple(won),  # type: ignore[arg-type]
                  _team_counts(position.get("points"), "points"), _team_counts(position.get("games"), "games"),
                  0, orders, None)
    return state, set(hands)


def _dealt_state(position: Mapping[str, Any], mode: str) -> tuple[State, set[int]]:
    """A fresh deal of the position's deck, in its order, by the position's dealer."""
    clash = set(position) & {"hands", "tricks", "leader", "phase"}
    if clash:
        raise SetupError(f"a position with a deck starts a fresh deal; drop {sorted(clash)}")
    try:
        deck = tuple((f"card-{i + 1}", parse_card(str(text))) for i, text in enumerate(position["deck"] or []))
    except ValueError as exc:
        raise SetupError(f"deck: {exc}") from None
    state = new_game(variants=[mode] if mode != "deal" else [], setup={
        "deck": deck, "dealer": position.get("dealer", "West"), "deck_order": [ident for ident, _ in deck]})
    state = state._replace(points=_team_counts(position.get("points"), "points"),
                           games=_team_counts(position.get("games"), "games"))
    return state, {0, 1, 2, 3}


def _cards(state: State, mask: int) -> list[str]:
    return [state.table.text[c] for c in cards_of(mask)]


def _by_team(pair: Sequence[int]) -> dict[str, int]:
    return {TEAMS[0]: pair[0], TEAMS[1]: pair[1]}


def outcomes(state: State, named: set[int], start: int) -> dict[str, Any]:
    """Everything observable after the example's play, by rules term."""
    table = state.table
    happened = events(state)
    new = happened[start:]
    tricks = [e for e in new if e[0] == "trick"]
    scores = [e for e in happened if e[0] == "score"]
    games = [e for e in new if e[0] == "game"]
    rubber = [e for e in new if e[0] == "rubber"]
    gives = [e for e in new if e[0] == "exchange"]
    over = state.phase == OVER
    actions = legal_actions(state)
    playable: list[str] = []
    for action in actions:
        text = table.text[action.card]
        if text not in playable:
            playable.append(text)
    last = tricks[-1] if tricks else None
    suit = state.suit if state.trick else (last[2] if last else None)
    winner = None
    if over:
        ns, ew = state.games if state.mode == "rubber" else state.points
        winner = TEAMS[0] if ns > ew else TEAMS[1]
    return {
        "phase": PHASES[state.phase],
        "to_move": None if over else SEATS[state.to_move],
        "dealer": SEATS[state.dealer],
        "playable": playable,
        "legal": [action_text(state, a) for a in actions],
        "trick": [f"{SEATS[s]} {table.text[c]}" for s, c in state.trick],
        "trick_suit": SUITS[suit] if suit is not None else None,
        "best_so_far": rank_label(state.best) if state.trick else None,
        "trick_winner": SEATS[last[1]] if last else None,
        "winning_card": next(table.text[c] for s, c in last[5] if s == last[1]) if last else None,
        "won_on_tie": bool(last[4]) if last else None,
        "trick_winners": [SEATS[e[1]] for e in tricks],
        "tricks": _by_team(state.tricks),
        "deal_tricks": _by_team(scores[-1][3]) if scores else None,
        "deal_winner": TEAMS[scores[-1][1]] if scores else None,
        "deal_points": _by_team((scores[-1][2], 0) if scores[-1][1] == 0 else (0, scores[-1][2])) if scores else None,
        "points": _by_team(state.points),
        "games": _by_team(state.games),
        "game_winner": TEAMS[games[-1][1]] if games else None,
        "rubber_winner": TEAMS[rubber[-1][1]] if rubber else None,
        "winner": winner,
        "hands": {SEATS[s]: _cards(state, state.hands[s]) for s in sorted(named)},
        "set_aside": {SEATS[s]: _cards(state, state.given[s]) for s in sorted(named)},
        "received": {SEATS[s]: _cards(state, gives[-1][1][(s + 2) & 3]) for s in sorted(named)} if gives else None,
        "log": log(state)[start:],
    }


def run_example(position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> dict[str, Any]:
    """Set up ``position``, play each line of ``play`` in notation, report OUTCOMES."""
    state, named = example_state(position or {}, variants)
    for number, line in enumerate(play, start=1):
        try:
            state = apply(state, parse_action(state, line))
        except IllegalAction as exc:
            raise IllegalAction(f"move {number}: {exc}") from None
    return outcomes(state, named, 0)


__all__ = ["run_example", "example_state", "outcomes", "OUTCOMES"]
