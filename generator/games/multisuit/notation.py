"""How Multisuit reads to people: cards, moves, log lines and the table picture.

A card is written as its three ranks with the suit symbols, always in the order
spades, diamonds, clubs: ``A♠K♦10♣``, ``6♠-♦4♣`` (a hyphen where it has no rank).
Letters work when typing: ``As Kd 10c`` or ``AsKd10c``. Moves read
``North gives A♠K♦10♣``, ``North leads A♠K♦10♣ on diamonds``, ``East plays 6♠-♦4♣``.
Seats are North, East, South, West (0..3) here and only here.

Every log line names the rule at work: which card beat the best so far, which tie
went to the later card, what a deal scored. With a ``viewer`` seat, a line says only
what that seat may know then.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping, Sequence

from ...content.deck import RANK_VALUES, SUITS
from ...rules.base import IllegalAction, SetupError, card_count, implements, oldest_first
from .play import REASONS, REFUSED_BY, Refusal, refusal
from .state import (
    GIVE,
    LEAD,
    OVER,
    PLAY,
    TEAMS,
    Action,
    DealScored,
    Dealt,
    Event,
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
)

#: Seats clockwise; partners sit opposite (North-South against East-West).
SEATS: tuple[str, ...] = ("North", "East", "South", "West")
#: The suit symbols in the deck's suit order.
SYMBOLS: tuple[str, ...] = tuple({"spades": "♠", "diamonds": "♦", "clubs": "♣"}[suit] for suit in SUITS)
HYPHEN = "-"
PHASES: tuple[str, ...] = ("exchange", "tricks", "over")

_SUIT_CHARS = {"♠": 0, "s": 0, "♦": 1, "d": 1, "♣": 2, "c": 2}
_SUIT_WORDS = {"spades": 0, "spade": 0, "♠": 0, "s": 0, "diamonds": 1, "diamond": 1, "♦": 1, "d": 1,
               "clubs": 2, "club": 2, "♣": 2, "c": 2}
_ACTION = re.compile(r"^\s*(\w+)\s+(gives|leads|plays)\s+(.+?)(?:\s+on\s+(?:the\s+)?(\S+?)(?:\s+marker)?)?\s*$", re.IGNORECASE)

# --- cards ------------------------------------------------------------------------------


@implements("suits-and-ranks")
def rank_label(numbers: Numbers, rank: int) -> str:
    """A strength as the faces print it: the ranks low to high as content lists them
    (``4`` .. ``A``); 0 -> ``-`` (the hyphen printed for a missing rank)."""
    return numbers.ranks[rank - 1] if rank else HYPHEN


def ranks_text(numbers: Numbers, ranks: Sequence[int]) -> str:
    """Strengths in the deck's suit order -> ``A♠K♦-♣``."""
    return "".join(rank_label(numbers, r) + symbol for r, symbol in zip(ranks, SYMBOLS))


@lru_cache(maxsize=16)
def card_texts(table: Table) -> tuple[str, ...]:
    """The text of every card of ``table``'s deck, by card number."""
    return tuple(ranks_text(table.numbers, same) for same in table.same)


def card_text(table: Table, card: int) -> str:
    return card_texts(table)[card]


@lru_cache(maxsize=4)
def _card_part(ranks: tuple[str, ...]) -> re.Pattern[str]:
    labels = "|".join(re.escape(label) for label in sorted(ranks, key=len, reverse=True))
    return re.compile(rf"\s*({labels}|-)\s*([♠♦♣sdc])", re.IGNORECASE)


@implements("suits-and-ranks")
def parse_card(numbers: Numbers, text: str) -> tuple[int | None, ...]:
    """``A♠K♦-♣`` (or ``As Kd -c``) -> the card's rank values as a deck file holds them
    (``(14, 13, None)``), for the ranks content lists; ValueError says what is wrong."""
    ranks: list[int | None] = [None, None, None]
    seen: list[int] = []
    labels = {label.upper(): label for label in numbers.ranks}
    pattern = _card_part(numbers.ranks)
    pos = 0
    body = text.strip()
    while pos < len(body):
        match = pattern.match(body, pos)
        if not match:
            raise ValueError(f"cannot read card {text!r}: write its three ranks like A♠K♦10♣ (- for no rank)")
        suit = _SUIT_CHARS[match.group(2).lower() if match.group(2) in "sdcSDC" else match.group(2)]
        label = match.group(1).upper()
        ranks[suit] = None if label == HYPHEN else RANK_VALUES[labels[label]]
        seen.append(suit)
        pos = match.end()
    if sorted(seen) != [0, 1, 2]:
        raise ValueError(f"card {text!r} must name each of ♠ ♦ ♣ exactly once (- for no rank)")
    return tuple(ranks)


def parse_suit(text: str) -> int:
    """``diamonds`` / ``♦`` / ``d`` -> 1."""
    try:
        return _SUIT_WORDS[text.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown suit {text!r}; the markers are spades, diamonds and clubs") from None


def seat_index(value: Any) -> int:
    """A seat given as 0..3 or by name (``North``, ``N``...)."""
    if isinstance(value, int) and 0 <= value < 4:
        return value
    for index, name in enumerate(SEATS):
        if str(value).strip().lower() in (name.lower(), name[0].lower()):
            return index
    raise SetupError(f"unknown seat {value!r}; seats are {', '.join(SEATS)}")


def setup_seats(setup: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """``setup`` for ``new_game`` with seats given by name read as seat numbers."""
    if not setup or not ({"dealer", "hands"} & set(setup)):
        return setup
    out = dict(setup)
    if "dealer" in out:
        out["dealer"] = seat_index(out["dealer"])
    if "hands" in out:
        out["hands"] = {seat_index(seat): ids for seat, ids in out["hands"].items()}
    return out


# --- the log ------------------------------------------------------------------------------


def _play_text(table: Table, event: Played) -> str:
    numbers = table.numbers
    who, text = SEATS[event.seat], card_text(table, event.card)
    rank, best, name = rank_label(numbers, event.rank), rank_label(numbers, event.best), SUITS[event.suit]
    if event.rank > event.best:
        return f"{who} plays {text}: {rank} beats the best so far ({best} in {name})."
    if event.rank == event.best:
        return f"{who} plays {text}: {rank} equals the best so far and, played later, takes the trick over."
    if event.rank:
        return f"{who} plays {text}: cannot match {best}, so follows {name} with {rank}."
    return f"{who} plays {text}: has no rank in {name}, so may play any card."


def event_text(table: Table, event: Event | tuple[Any, ...], viewer: int | None = None) -> str:
    """One log line for one event, as ``viewer`` may know it (None: everything).
    Exchange cards are secret: a player knows the three they gave, and learns the three
    their partner gave at the exchange."""
    numbers = table.numbers
    if isinstance(event, Played):
        return _play_text(table, event)
    if isinstance(event, Led):
        rank = rank_label(numbers, table.rank[event.suit][event.card])
        return (f"{SEATS[event.seat]} leads {card_text(table, event.card)} on the {SUITS[event.suit]} marker "
                f"(best so far: {rank}).")
    if isinstance(event, TrickWon):
        card = next(c for s, c in event.trick if s == event.seat)
        why = "; equal ranks go to the later card" if event.tie else ""
        return (f"{SEATS[event.seat]} wins the trick with {card_text(table, card)}, the highest rank in "
                f"{SUITS[event.suit]} ({rank_label(numbers, event.rank)}){why}.")
    if isinstance(event, Dealt):
        return f"Deal {event.deal + 1}: {SEATS[event.dealer]} deals {numbers.hand_size} cards to each player."
    if isinstance(event, SetAside):
        shown = card_text(table, event.card) if viewer in (None, event.seat) else "a card"
        return f"{SEATS[event.seat]} sets {shown} face down for {SEATS[(event.seat + 2) & 3]}."
    if isinstance(event, Exchanged):
        line = "Exchange: all four players hand their three cards to their partners at the same moment"
        if viewer is None:
            return line + "."
        got = " ".join(card_text(table, c) for c in cards_of(event.given[(viewer + 2) & 3]))
        return f"{line}; {SEATS[viewer]} receives {got}."
    if isinstance(event, DealScored):
        tricks, points = event.tricks, event.points
        return (f"Deal over: {TEAMS[0]} took {tricks[0]} tricks, {TEAMS[1]} {tricks[1]}; {TEAMS[event.team]} score "
                f"{event.scored} point{'s' if event.scored != 1 else ''} (points {points[0]}–{points[1]}).")
    if isinstance(event, GameWon):
        return (f"{TEAMS[event.team]} reach {event.points[event.team]} points and win the game "
                f"(games {event.games[0]}–{event.games[1]}); points return to zero.")
    if isinstance(event, RubberWon):
        return f"{TEAMS[event.team]} win the rubber, {max(event.games)} games to {min(event.games)}."
    return repr(event)


def log(state: State, viewer: int | None = None) -> list[str]:
    """Readable events so far; with a ``viewer`` seat, only what that seat may know."""
    table = state.table
    return [event_text(table, e, viewer) for e in oldest_first(state.events)]


def describe(state: State, viewer: int | None = None) -> str:
    """A picture of the table for `pipworks play`: scores, the trick, every hand. With a
    ``viewer`` seat, other hands (the partner's too) and the cards they set aside show
    only as counts."""
    table = state.table
    text = card_texts(table)
    lines = [
        f"Deal {state.deal_no + 1} ({state.mode}), dealer {SEATS[state.dealer]}, phase: {PHASES[state.phase]}",
        f"Tricks  {TEAMS[0]} {state.tricks[0]} – {state.tricks[1]} {TEAMS[1]}",
        f"Points  {TEAMS[0]} {state.points[0]} – {state.points[1]} {TEAMS[1]}   "
        f"Games {state.games[0]} – {state.games[1]}",
    ]
    if state.trick:
        played = ", ".join(f"{SEATS[s]} {text[c]}" for s, c in state.trick)
        lines.append(f"Trick in {SUITS[state.suit]}: {played}  (best so far {rank_label(table.numbers, state.best)})")
    for seat, name in enumerate(SEATS):
        mark = "→" if seat == state.to_move and state.phase != OVER else " "
        hand = " ".join(text[c] for c in cards_of(state.hands[seat]))
        aside = state.given[seat]
        extra = f"   aside: {' '.join(text[c] for c in cards_of(aside))}" if aside else ""
        if viewer not in (None, seat):
            hand = card_count(state.hands[seat].bit_count())
            extra = f"   aside: {card_count(aside.bit_count())} face down" if aside else ""
        lines.append(f"{mark} {name:<5} {hand}{extra}")
    return "\n".join(lines)


# --- moves ----------------------------------------------------------------------------------


def action_text(state: State, action: Action) -> str:
    """``North gives A♠K♦10♣`` / ``North leads A♠K♦10♣ on diamonds`` / ``East plays 6♠-♦4♣``."""
    table = state.table
    ok = type(action) is tuple and len(action) in (2, 3) and type(action[1]) is int and 0 <= action[1] < table.size
    if not ok or action not in (GIVE[action[1]], PLAY[action[1]], *(lead[action[1]] for lead in LEAD)):
        raise IllegalAction(f"{action!r} is not a Multisuit action")
    who, text = SEATS[state.to_move], card_text(table, action[1])
    if action[0] == "give":
        return f"{who} gives {text}"
    if action[0] == "lead":
        return f"{who} leads {text} on {SUITS[action[2]]}"
    return f"{who} plays {text}"


def refusal_text(state: State, why: Refusal) -> str:
    """A refusal in the game's words, naming the seat and the cards."""
    table, reason = state.table, why.reason
    who = SEATS[why.seat] if why.seat >= 0 else ""
    text = card_text(table, why.card) if type(why.card) is int and 0 <= why.card < table.size else ""
    if reason == "not-an-action":
        return f"{why.action!r} is not a Multisuit action (give a card, lead a card on a marker, or play a card)"
    if reason == "no-such-card":
        return f"there is no card number {why.card!r} in the deck"
    if reason == "exchange-first":
        return f"{who} must first choose three cards for the exchange"
    if reason == "already-aside":
        return f"{who} has already set {text} aside for the exchange"
    if reason == "not-held":
        return f"{who} does not hold {text}"
    if reason == "must-lead":
        return f"{who} leads this trick: choose a marker (e.g. '{who} leads {text} on {SUITS[0]}')"
    if reason == "no-such-marker":
        return f"there is no marker number {why.suit!r}"
    if reason == "lead-needs-rank":
        return f"the lead card must have a rank in the trick's suit, and {text} has none in {SUITS[why.suit]}"
    if reason == "not-leader":
        return f"{who} does not lead this trick; {SEATS[state.leader]} led it"
    hand, name = state.hands[why.seat], SUITS[state.suit] if state.suit >= 0 else ""
    if reason == "must-beat-or-equal":
        cards = ", ".join(card_text(table, c) for c in cards_of(hand & table.at_least[state.suit][state.best]))
        return (f"{who} holds a card that matches or beats the best so far "
                f"({rank_label(table.numbers, state.best)} in {name}): {cards}; one of them must be played "
                "[must-beat-or-equal]")
    if reason == "must-follow":
        cards = ", ".join(card_text(table, c) for c in cards_of(hand & table.in_suit[state.suit]))
        return f"{who} has cards with a rank in {name} ({cards}) and must play one of them, not {text} [must-follow]"
    return REASONS[reason]


def why_illegal(state: State, action: Any) -> str | None:
    """None when ``action`` is legal now, else the reason in the game's words."""
    why = refusal(state, action)
    return None if why is None else refusal_text(state, why)


def parse_action_text(numbers: Numbers, text: str) -> tuple[int, str, tuple[int | None, ...], int | None]:
    """``North leads A♠K♦10♣ on diamonds`` -> (seat, verb, rank values, suit or None).
    Raises IllegalAction when the words cannot be read."""
    match = _ACTION.match(text)
    if not match:
        raise IllegalAction(f"cannot read {text!r}: write e.g. 'North gives A♠K♦10♣', "
                            "'North leads A♠K♦10♣ on diamonds' or 'East plays 6♠-♦4♣'")
    who, verb, card, suit = match.groups()
    names = [s.lower() for s in SEATS]
    if who.lower() not in names:
        raise IllegalAction(f"cannot read {text!r}: no seat {who!r} (seats are {', '.join(SEATS)})")
    try:
        ranks = parse_card(numbers, card)
        marker = parse_suit(suit) if suit else None
    except ValueError as exc:
        raise IllegalAction(f"cannot read {text!r}: {exc}") from None
    if marker is not None and verb.lower() != "leads":
        raise IllegalAction(f"cannot read {text!r}: only a lead goes on a marker")
    return names.index(who.lower()), verb.lower(), ranks, marker


def parse_action(state: State, text: str) -> Action:
    """The action ``text`` names (the inverse of ``action_text``); IllegalAction says
    why when it names nobody's turn, a card not held, or a move the rules forbid."""
    if state.phase == OVER:
        raise IllegalAction(f"{text!r}: the game is over", REFUSED_BY["over"])
    table = state.table
    numbers = table.numbers
    seat, verb, ranks, suit = parse_action_text(numbers, text)
    if seat != state.to_move:
        raise IllegalAction(f"{text!r}: it is {SEATS[state.to_move]}'s turn, not {SEATS[seat]}'s", "order-of-play")
    same = tuple(numbers.strength[r] if r else 0 for r in ranks)
    wanted = ranks_text(numbers, same)
    held = [c for c in cards_of(state.hands[seat]) if table.same[c] == same]
    if not held:
        holds = " ".join(card_text(table, c) for c in cards_of(state.hands[seat]))
        raise IllegalAction(f"{text!r}: {SEATS[seat]} does not hold {wanted} (holds {holds})", REFUSED_BY["not-held"])
    card = held[0]
    if verb == "gives":
        action = GIVE[card]
    elif verb == "leads":
        if suit is None:
            raise IllegalAction(f"{text!r}: say which marker, e.g. '{SEATS[seat]} leads {wanted} on spades'",
                                REFUSED_BY["must-lead"])
        action = LEAD[suit][card]
    else:
        action = PLAY[card]
    why = refusal(state, action)
    if why is not None:
        raise IllegalAction(f"{text!r}: {refusal_text(state, why)}", REFUSED_BY[why.reason])
    return action
