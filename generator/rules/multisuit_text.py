"""How Multisuit reads to people: log lines, the table picture, and action notation.

Kept apart from the rules so ``multisuit.py`` holds only what the rules say. Every line
names the rule at work: which card beat the best so far, which tie went to the later
card, what a deal scored.
"""

from __future__ import annotations

import re
from typing import Any

from .multisuit_cards import SEATS, SUITS, TEAMS, Table, card_text, cards_of, parse_card, parse_suit, rank_label

PHASE_NAMES = ("exchange", "tricks", "over")
_ACTION = re.compile(r"^\s*(\w+)\s+(gives|leads|plays)\s+(.+?)(?:\s+on\s+(?:the\s+)?(\S+?)(?:\s+marker)?)?\s*$", re.IGNORECASE)


def _play_text(table: Table, seat: int, card: int, rank: int, best: int, suit: int) -> str:
    who, text = SEATS[seat], table.text[card]
    name = SUITS[suit]
    if rank > best:
        return f"{who} plays {text}: {rank_label(rank)} beats the best so far ({rank_label(best)} in {name})."
    if rank == best:
        return f"{who} plays {text}: {rank_label(rank)} equals the best so far and, played later, takes the trick over."
    if rank:
        return f"{who} plays {text}: cannot match {rank_label(best)}, so follows {name} with {rank_label(rank)}."
    return f"{who} plays {text}: has no rank in {name}, so may play any card."


def event_text(table: Table, event: tuple[Any, ...], viewer: int | None = None) -> str:
    """One log line for one event tuple (see ``multisuit.State.events``), as ``viewer``
    may know it (None: everything). Exchange cards are secret: a player knows the three
    they gave, and learns the three their partner gave at the exchange."""
    kind = event[0]
    if kind == "deal":
        return f"Deal {event[1] + 1}: {SEATS[event[2]]} deals 9 cards to each player."
    if kind == "give":
        card = table.text[event[2]] if viewer in (None, event[1]) else "a card"
        return f"{SEATS[event[1]]} sets {card} face down for {SEATS[(event[1] + 2) & 3]}."
    if kind == "exchange":
        line = "Exchange: all four players hand their three cards to their partners at the same moment"
        if viewer is None:
            return line + "."
        got = " ".join(table.text[c] for c in cards_of(event[1][(viewer + 2) & 3]))
        return f"{line}; {SEATS[viewer]} receives {got}."
    if kind == "lead":
        seat, card, suit = event[1:]
        rank = table.rank[suit][card]
        return f"{SEATS[seat]} leads {table.text[card]} on the {SUITS[suit]} marker (best so far: {rank_label(rank)})."
    if kind == "play":
        seat, card, rank, best, suit = event[1:]
        return _play_text(table, seat, card, rank, best, suit)
    if kind == "trick":
        winner, suit, best, tie, trick = event[1:]
        card = next(c for s, c in trick if s == winner)
        why = "; equal ranks go to the later card" if tie else ""
        return (f"{SEATS[winner]} wins the trick with {table.text[card]}, the highest rank in {SUITS[suit]} "
                f"({rank_label(best)}){why}.")
    if kind == "score":
        team, scored, tricks, points = event[1:]
        return (f"Deal over: {TEAMS[0]} took {tricks[0]} tricks, {TEAMS[1]} {tricks[1]}; {TEAMS[team]} score "
                f"{scored} point{'s' if scored != 1 else ''} (points {points[0]}–{points[1]}).")
    if kind == "game":
        team, points, games = event[1:]
        return (f"{TEAMS[team]} reach {points[team]} points and win the game (games {games[0]}–{games[1]}); "
                "points return to zero.")
    if kind == "rubber":
        team, games = event[1:]
        return f"{TEAMS[team]} win the rubber, {max(games)} games to {min(games)}."
    return repr(event)


def describe(state: Any, viewer: int | None = None) -> str:
    """A picture of the table for `pipworks play`: scores, the trick, every hand. With a
    ``viewer`` seat, other hands (the partner's too) and the cards they set aside show
    only as counts."""
    table = state.table
    lines = [
        f"Deal {state.deal_no + 1} ({state.mode}), dealer {SEATS[state.dealer]}, phase: {PHASE_NAMES[state.phase]}",
        f"Tricks  {TEAMS[0]} {state.tricks[0]} – {state.tricks[1]} {TEAMS[1]}",
        f"Points  {TEAMS[0]} {state.points[0]} – {state.points[1]} {TEAMS[1]}   "
        f"Games {state.games[0]} – {state.games[1]}",
    ]
    if state.trick:
        played = ", ".join(f"{SEATS[s]} {table.text[c]}" for s, c in state.trick)
        lines.append(f"Trick in {SUITS[state.suit]}: {played}  (best so far {rank_label(state.best)})")
    for seat, name in enumerate(SEATS):
        mark = "→" if seat == state.to_move and state.phase != 2 else " "
        hand = " ".join(table.text[c] for c in cards_of(state.hands[seat]))
        aside = state.given[seat]
        extra = f"   aside: {' '.join(table.text[c] for c in cards_of(aside))}" if aside else ""
        if viewer not in (None, seat):
            hand = f"{state.hands[seat].bit_count()} cards"
            extra = f"   aside: {aside.bit_count()} cards face down" if aside else ""
        lines.append(f"{mark} {name:<5} {hand}{extra}")
    return "\n".join(lines)


def parse_action_text(text: str, seats: tuple[str, ...]) -> tuple[int, str, tuple, int | None]:
    """``North leads A♠K♦10♣ on diamonds`` -> (seat, verb, ranks, suit or None).

    Raises IllegalAction (from the rules base) when the words cannot be read."""
    from .base import IllegalAction

    match = _ACTION.match(text)
    if not match:
        raise IllegalAction(f"cannot read {text!r}: write e.g. 'North gives A♠K♦10♣', "
                            "'North leads A♠K♦10♣ on diamonds' or 'East plays 6♠-♦4♣'")
    who, verb, card, suit = match.groups()
    names = [s.lower() for s in seats]
    if who.lower() not in names:
        raise IllegalAction(f"cannot read {text!r}: no seat {who!r} (seats are {', '.join(seats)})")
    try:
        ranks = parse_card(card)
        marker = parse_suit(suit) if suit else None
    except ValueError as exc:
        raise IllegalAction(f"cannot read {text!r}: {exc}") from None
    if marker is not None and verb.lower() != "leads":
        raise IllegalAction(f"cannot read {text!r}: only a lead goes on a marker")
    return names.index(who.lower()), verb.lower(), ranks, marker


__all__ = ["event_text", "describe", "parse_action_text", "card_text"]
