"""Worked examples for Multisuit: a position in rules terms -> a state -> outcomes.

A position names only what matters (every key optional):

``dealer``
    the dealer's seat (default West, so North is on the dealer's left and leads first).
``phase``
    ``exchange`` (the cards were just dealt) or ``tricks`` (the default: the exchange is
    done and the next trick is about to be led).
``hands``
    ``{North: [A♠J♦J♣, ...], ...}``, cards of the game's deck (``deck.csv``). Every
    named hand has 9 cards in the exchange, or 9 minus the tricks already played. A
    seat not named holds cards nobody named, in the deck file's order.
``leader``
    who leads the next trick (default: the player on the dealer's left).
``tricks``
    tricks already taken this deal, ``{North-South: 4, East-West: 4}`` (default none);
    the teams' piles hold the cards left over.
``points`` / ``games``
    the score before this deal (points of the current game; games of the rubber).
``deck``
    instead of ``hands``: all 36 cards of the deck in the order they lie after the
    shuffle, top card first, dealt one at a time from the dealer's left; the exchange is
    next.

Every card is a card of the deck, in one place only, so a player holding the printed
deck can set the position up; :func:`check_position` says what else a real deal needs
(hand sizes that fit the tricks played, the right leader, scores short of a win, no
score before a single deal and no game won before the one game).
``run_example`` returns every outcome listed in ``OUTCOMES``.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...content.deck import SUITS
from ...rules.base import (
    Impossible, ImpossiblePosition, SetupError, implements, oldest_first, play_lines, refuse_impossible,
)
from .notation import PHASES, SEATS, action_text, card_text, log, parse_action, parse_card, rank_label, seat_index
from .play import apply, legal_actions
from .state import (
    EXCHANGE,
    OVER,
    TEAMS,
    TRICKS,
    DealScored,
    Exchanged,
    GameWon,
    State,
    Table,
    TrickWon,
    cards_of,
    check_deck,
    game_mode,
    new_game,
    next_seat,
    team_of,
)

_POINTS = State._fields.index("points")
_GAMES = State._fields.index("games")
POSITION_KEYS = {"dealer", "phase", "hands", "leader", "tricks", "points", "games", "deck"}
#: Every outcome an example may ``expect``.
OUTCOMES = (
    "phase", "to_move", "dealer", "legal", "trick", "trick_suit", "best_so_far", "trick_winner", "winning_card",
    "won_on_tie", "trick_winners", "tricks", "deal_tricks", "deal_winner", "deal_points", "score", "games",
    "game_winner", "game_over", "winner", "hands", "set_aside", "received", "log",
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


@implements("the-deck")
def deck_card(table: Table, free: list[int], text: Any, where: tuple[Any, ...]) -> int:
    """The card of the deck ``text`` names, taken out of ``free`` (the cards not yet
    placed); ImpossiblePosition when the deck has no such card, or none left."""
    try:
        ranks = parse_card(table.numbers, str(text))
    except ValueError as exc:
        raise SetupError(f"{'.'.join(map(str, where))}: {exc}") from None
    strength = table.numbers.strength
    same = tuple(strength[r] if r else 0 for r in ranks)
    for card in free:
        if table.same[card] == same:
            free.remove(card)
            return card
    copies = table.same.count(same)
    reason = (f"{text} is not a card of the deck (deck.csv)" if not copies
              else f"{text} is named more often than the deck has it ({copies})")
    raise ImpossiblePosition([Impossible(reason, "the-deck", where)])


class _Deck:
    """The cards of ``table``'s deck as an example takes them: by their text, each card
    once, what is left over in the deck file's order."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.free = list(range(table.size))

    def take(self, text: Any, where: tuple[Any, ...]) -> int:
        return deck_card(self.table, self.free, text, where)

    def rest(self, n: int) -> int:
        """A hand mask of the first ``n`` cards nobody named."""
        taken, self.free = self.free[:n], self.free[n:]
        return sum(1 << c for c in taken)


def _hands(deck: _Deck, position: Mapping[str, Any], size: int) -> dict[int, int]:
    """The named hands as masks (their cards taken from ``deck``)."""
    raw = position.get("hands") or {}
    if not isinstance(raw, Mapping):
        raise SetupError("hands must map seats to lists of cards, e.g. {North: [A♠J♦J♣, ...]}")
    hands: dict[int, int] = {}
    for seat, cards in raw.items():
        index = seat_index(seat)
        cards = list(cards or [])
        if len(cards) != size:
            raise ImpossiblePosition([Impossible(
                f"{SEATS[index]} holds {len(cards)} cards, but at this point of the deal every hand has {size}",
                "shuffle-and-deal", ("hands", seat))])
        hands[index] = sum(1 << deck.take(card, ("hands", seat, n)) for n, card in enumerate(cards))
    return hands


def example_state(table: Table, position: Mapping[str, Any], variants: Sequence[str]) -> tuple[State, set[int]]:
    """The state a position describes, with ``table``'s deck and numbers, and the seats
    it names (whose hands matter)."""
    unknown = set(position) - POSITION_KEYS
    if unknown:
        raise SetupError(f"unknown position field(s) {sorted(unknown)}; known: {', '.join(sorted(POSITION_KEYS))}")
    game_mode(variants)  # unknown or clashing variants are refused before anything else
    if "deck" in position:
        return _dealt_state(table, position, variants)
    numbers = table.numbers
    phase = str(position.get("phase", "tricks"))
    if phase not in ("exchange", "tricks"):
        raise SetupError(f"phase must be 'exchange' or 'tricks', not {phase!r}")
    tricks = _team_counts(position.get("tricks"), "tricks")
    played = sum(tricks)
    if played >= numbers.tricks_per_deal or (phase == "exchange" and played):
        raise ImpossiblePosition([Impossible(f"{played} tricks taken: a deal has {numbers.tricks_per_deal}, and none is "
                                             "played before the exchange", "play-a-deal", ("tricks",))])
    size = numbers.hand_size - played
    deck = _Deck(table)
    named = _hands(deck, position, size)
    hands = tuple(named[seat] if seat in named else deck.rest(size) for seat in range(4))
    won = (deck.rest(4 * tricks[0]), deck.rest(4 * tricks[1]))
    dealer = seat_index(position.get("dealer", "West"))
    leader = seat_index(position["leader"]) if "leader" in position else next_seat(dealer)
    start = new_game(table, chosen=variants, setup={"dealer": dealer})
    state = start._replace(phase=EXCHANGE if phase == "exchange" else TRICKS, to_move=leader, leader=leader,
                           hands=hands, tricks=tricks, won=won, points=_team_counts(position.get("points"), "points"),
                           games=_team_counts(position.get("games"), "games"), events=None)
    return state, set(named)


def _dealt_state(table: Table, position: Mapping[str, Any], variants: Sequence[str]) -> tuple[State, set[int]]:
    """A fresh deal of the position's deck order, by the position's dealer."""
    clash = set(position) & {"hands", "tricks", "leader", "phase"}
    if clash:
        raise SetupError(f"a position with a deck starts a fresh deal; drop {sorted(clash)}")
    check_deck(table.numbers, table.make_up, table.deck)  # the deck dealt is one the rules describe
    deck = _Deck(table)
    order = [deck.take(text, ("deck", n)) for n, text in enumerate(position["deck"] or [])]
    if deck.free:
        missing = " ".join(card_text(table, c) for c in deck.free)
        raise ImpossiblePosition([Impossible(f"the deck has {table.size} cards; missing: {missing}", "the-deck",
                                             ("deck",))])
    state = new_game(table, chosen=variants, setup={
        "dealer": seat_index(position.get("dealer", "West")), "deck_order": [table.ids[c] for c in order]})
    f = list(state)
    f[_POINTS] = _team_counts(position.get("points"), "points")
    f[_GAMES] = _team_counts(position.get("games"), "games")
    return tuple.__new__(State, f), {0, 1, 2, 3}


def check_position(state: State) -> list[Impossible]:
    """Why ``state`` could not arise in a deal played by the rules (empty: it could)."""
    if state.phase == OVER:
        return []
    return [*_check_cards(state), *_check_lead(state), *_check_score(state)]


def _check_cards(state: State) -> list[Impossible]:
    """Every card of the deck in exactly one place; hands as large as the tricks
    played (and the cards already on the table or set aside) leave them."""
    table = state.table
    problems = []
    places = [*state.hands, *state.given, *state.won, sum(1 << c for _, c in state.trick)]
    seen = 0
    for mask in places:
        if seen & mask:
            twice = " ".join(card_text(table, c) for c in cards_of(seen & mask))
            problems.append(Impossible(f"{twice} in two places at once", "the-deck", ("hands",)))
        seen |= mask
    if seen != table.full:
        missing = " ".join(card_text(table, c) for c in cards_of(table.full & ~seen))
        problems.append(Impossible(f"cards nowhere: {missing}", "the-deck", ("hands",)))
    played = sum(state.tricks)
    if any(won.bit_count() != 4 * n for won, n in zip(state.won, state.tricks)):
        problems.append(Impossible("each trick taken puts four cards on its team's pile", "gather-the-trick", ("tricks",)))
    in_trick = {seat for seat, _ in state.trick}
    for seat, name in enumerate(SEATS):
        want = state.table.numbers.hand_size - played - (seat in in_trick)
        have = state.hands[seat].bit_count() + state.given[seat].bit_count()
        if have != want:
            problems.append(Impossible(f"{name} holds {have} cards; after {played} tricks a hand has {want}",
                                       "shuffle-and-deal", ("hands", name)))
    return problems


def _check_lead(state: State) -> list[Impossible]:
    """The dealer's left leads the first trick; the winner of a trick leads the next."""
    leader, first = SEATS[state.leader], SEATS[next_seat(state.dealer)]
    if state.phase == EXCHANGE or not sum(state.tricks):
        if state.leader != next_seat(state.dealer):
            return [Impossible(f"{leader} leads the first trick, but {first}, on the dealer's left, leads it",
                               "first-lead", ("leader",))]
        return []
    if not state.tricks[team_of(state.leader)]:
        return [Impossible(f"{leader} leads, but {TEAMS[team_of(state.leader)]} have won no trick; the winner of a "
                           "trick leads the next", "gather-the-trick", ("leader",))]
    return []


def _check_score(state: State) -> list[Impossible]:
    """Scores short of what ends a game or the rubber (that would be over); and none
    from before a session that has no before: a single deal starts with no points, one
    game with no game won."""
    numbers = state.table.numbers
    if state.mode == "deal" and any((*state.points, *state.games)):
        return [Impossible(f"{_score_text(state)} scored before the deal, but the single-deal variant plays one deal "
                           "from no score", "single-deal", ("points" if any(state.points) else "games",))]
    if state.mode == "game" and any(state.games):
        return [Impossible(f"{max(state.games)} game(s) already won, but the one-game variant ends when the first "
                           "game is won", "one-game", ("games",))]
    problems = []
    if state.mode != "deal" and max(state.points) >= numbers.target_points:
        problems.append(Impossible(f"{max(state.points)} points: a game ends at {numbers.target_points}", "game-to-five",
                                   ("points",)))
    if max(state.games) >= numbers.rubber_games.win:
        problems.append(Impossible(f"{max(state.games)} games won: the rubber ends at {numbers.rubber_games.win}",
                                   "rubber-winner", ("games",)))
    return problems


def _score_text(state: State) -> str:
    """``points 7–3`` and/or ``games 1–0``: the score a position names."""
    shown = [f"{what} {pair[0]}–{pair[1]}" for what, pair in (("points", state.points), ("games", state.games))
             if any(pair)]
    return " and ".join(shown)


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
    gives = [e for e in new if isinstance(e, Exchanged)]
    over = state.phase == OVER
    actions = legal_actions(state)
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
        "score": _by_team(state.points),
        "games": _by_team(state.games),
        "game_winner": TEAMS[games[-1].team] if games else None,
        "game_over": over,
        "winner": winner,
        "hands": {SEATS[s]: _cards(state, state.hands[s]) for s in sorted(named)},
        "set_aside": {SEATS[s]: _cards(state, state.given[s]) for s in sorted(named)},
        "received": {SEATS[s]: _cards(state, gives[-1].given[(s + 2) & 3]) for s in sorted(named)} if gives else None,
        "log": log(state)[start:],
    }


def run_example(table: Table, position: Mapping[str, Any], play: Sequence[str], variants: Sequence[str]) -> dict[str, Any]:
    """Set up ``position`` with ``table``'s deck and numbers, check it, play each line
    of ``play`` in notation, report OUTCOMES."""
    state, named = example_state(table, position or {}, variants)
    refuse_impossible(check_position(state))
    return outcomes(play_lines(state, play, parse_action, apply), named, 0)
