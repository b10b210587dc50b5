"""Pip Trick's notation, log and table picture: how the engine talks to people.

Moves read as a player would say them and round-trip through ``parse_action``::

    North plays A♠            East plays 7♣ face down
    South raises die 2        West lowers die 1        North flips die 4
    East swaps die 1 with die 3   (an available die for a used one, clubs)
    South takes no die action     (clubs only)
    North locks die 2

Dice are numbered 1-4 as they sit on the player mat. Cards are rank then suit symbol
(2-10, J, Q, K, A and ♥ ♦ ♠ ♣); the parser also takes T for 10 and the letters H D S C.
"""

from __future__ import annotations

import re
from typing import Sequence

from ...rules.base import IllegalAction, card_count, oldest_first
from .play import apply, illegal_reason, legal_actions, rule_named, to_move, trump
from .state import (
    CHANGE, DECK, DICE, DOWN, LOCK, LOCKED, OVER, PLAY, RANKS, SUITS, USED, Action, CardPlayed, ClubsPassed,
    DiceSwapped, DieChanged, DieLocked, Event, GameOver, NewCycle, NoDieAction, RoundEnded, RoundStarted, State,
    TrickRanked, locked_pips, result,
)

#: seat names by player count, clockwise (the engine only knows seats 0..n-1)
SEATS = {4: ("North", "East", "South", "West"), 3: ("North", "East", "South")}
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SYMBOLS = "♥♦♠♣"
_SUIT_IN = {"♥": 0, "♦": 1, "♠": 2, "♣": 3, "h": 0, "d": 1, "s": 2, "c": 3}
_RANK_IN = {r.lower(): i for i, r in enumerate(RANK_TEXT)} | {"t": 8}
PLACES = ("1st", "2nd", "3rd", "4th")
VERBS = {"raise": "raises", "lower": "lowers", "flip": "flips"}
_VERB_IN = {v: k for k, v in VERBS.items()}
POWER_OF = {"raise": "hearts", "lower": "diamonds", "flip": "spades"}


def card_text(card: int) -> str:
    """7♣, 10♥, A♠: rank then suit symbol."""
    return RANK_TEXT[card % RANKS] + SYMBOLS[card // RANKS]


def parse_card(text: str) -> int:
    """The card number named by ``text`` (A♠, 10h, TD...); ValueError when unreadable."""
    t = text.strip()
    if len(t) < 2 or t[-1].lower() not in _SUIT_IN or t[:-1].lower() not in _RANK_IN:
        raise ValueError(f"{text!r} is not a card (write rank then suit, e.g. A♠, 10♥, 7♣)")
    return _SUIT_IN[t[-1].lower()] * RANKS + _RANK_IN[t[:-1].lower()]


def seat_name(state: State, seat: int) -> str:
    return SEATS[state.players][seat]


def seat_of(state: State, name: str) -> int:
    names = SEATS[state.players]
    for seat, known in enumerate(names):
        if known.lower() == name.lower():
            return seat
    raise IllegalAction(f"{name!r} is not at this table; the players are {', '.join(names)}")


def action_text(state: State, action: Action) -> str:
    """How the player to move would say ``action``."""
    seat = to_move(state)
    who = seat_name(state, seat if seat is not None else 0)
    kind = action[0]
    if kind == "play":
        return f"{who} plays {card_text(action[1])}"  # type: ignore[index]
    if kind == "down":
        return f"{who} plays {card_text(action[1])} face down"  # type: ignore[index]
    if kind in VERBS:
        return f"{who} {VERBS[kind]} die {action[1] + 1}"  # type: ignore[index]
    if kind == "swap":
        return f"{who} swaps die {action[1] + 1} with die {action[2] + 1}"  # type: ignore[index]
    if kind == "pass":
        return f"{who} takes no die action"
    if kind == "lock":
        return f"{who} locks die {action[1] + 1}"  # type: ignore[index]
    raise IllegalAction(f"{action!r} is not a Pip Trick action")


_MOVE = re.compile(
    r"^(?P<who>\w+)\s+(?:"
    r"(?:plays|leads)\s+(?P<card>\S+)(?P<down>\s+face\s+down)?"
    r"|(?P<verb>raises|lowers|flips|locks)\s+die\s+(?P<die>\d)"
    r"|swaps\s+die\s+(?P<a>\d)\s+with\s+die\s+(?P<u>\d)"
    r"|(?P<none>takes\s+no\s+die\s+action)"
    r")\s*(?:\(.*\))?\s*$",
    re.IGNORECASE,
)


def parse_action(state: State, text: str) -> Action:
    """The action ``text`` names, checked against the rules; IllegalAction says why not."""
    match = _MOVE.match(text.strip())
    if not match:
        raise IllegalAction(f"cannot read {text!r}; moves look like 'North plays A♠', 'East raises die 2', "
                            "'South swaps die 1 with die 3', 'West takes no die action', 'North locks die 4'")
    seat = seat_of(state, match["who"])
    mover = to_move(state)
    if mover is None:
        raise IllegalAction(f"{text!r}: the game is over", "end-of-game")
    if seat != mover:
        raise IllegalAction(f"{text!r}: it is {seat_name(state, mover)}'s turn, not {seat_name(state, seat)}'s",
                            "playing-a-trick")
    action = _action_of(match)
    why = illegal_reason(state, action)
    if why:
        options = ", ".join(action_text(state, a) for a in legal_actions(state))
        raise IllegalAction(f"{text!r}: {why}; legal now: {options}", rule_named(why))
    return action


def _action_of(match: re.Match[str]) -> Action:
    if match["card"]:
        try:
            card = parse_card(match["card"])
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        return ("down" if match["down"] else "play", card)
    if match["verb"]:
        die = int(match["die"]) - 1
        if not 0 <= die < DICE:
            raise IllegalAction(f"dice are numbered 1 to 4, not {die + 1}")
        verb = match["verb"].lower()
        return ("lock", die) if verb == "locks" else (_VERB_IN[verb], die)
    if match["a"]:
        return ("swap", int(match["a"]) - 1, int(match["u"]) - 1)
    return ("pass",)


# --- the log ------------------------------------------------------------------------


def history(state: State) -> list[Action]:
    """The actions taken so far, oldest first."""
    return oldest_first(state.history)


def events(state: State) -> list[Event]:
    """Replay the game from its start, collecting every event (oldest first)."""
    found: list[Event] = []
    replay = state.start if state.start is not None else state
    for action in history(state):
        replay = apply(replay, action, found)
    return found


def log(state: State, viewer: int | None = None) -> list[str]:
    """Readable events: every card, each trick's ranking and why, every die change,
    cycle, lock and round, and the final score. With a ``viewer`` seat, another
    player's face-down card stays unnamed: it is never turned up."""
    start = state.start if state.start is not None else state
    lines = [_round_line(start, start.round, start.dealer)]
    replay = start
    for action in history(state):
        found: list[Event] = []
        nxt = apply(replay, action, found)
        lines += [final_line(nxt) if type(event) is GameOver else _event_line(replay, event, viewer) for event in found]
        replay = nxt
    return lines


def _round_line(s: State, rnd: int, dealer: int) -> str:
    names = SEATS[s.players]
    return (f"Round {rnd + 1}: {SUITS[s.numbers.trumps[rnd]]} are trump; {names[dealer]} deals, "
            f"{names[(dealer + 1) % s.players]} leads")


def _event_line(s: State, event: Event, viewer: int | None = None) -> str:
    """One log line for ``event``, as ``viewer`` may know it (None: everything)."""
    name = SEATS[s.players]
    if isinstance(event, CardPlayed):
        if event.down:
            what = f"{card_text(event.card)} face down" if viewer in (None, event.seat) else "a face-down card"
            return f"{name[event.seat]} plays {what} (no suit missing from the trick in hand)"
        return f"{name[event.seat]} {'leads' if event.lead else 'plays'} {card_text(event.card)}"
    if isinstance(event, TrickRanked):
        return _trick_line(s, event.ranking, event.trump)
    if isinstance(event, NoDieAction):
        if event.reason == "face-down":
            why = "a face-down card changes no die"
        elif event.reason == "no-used-die":
            why = "clubs but no used die to swap with"
        else:
            why = f"no available die that {SUITS[event.card // RANKS]} can change"
        return f"{name[event.seat]} ({PLACES[event.place]}) takes no die action: {why}"
    if isinstance(event, DieChanged):
        before, after, die = event.before, event.after, event.die + 1
        what = f"from {before} to {after}" if before != after else f"but it stays at {before}"
        return (f"{name[event.seat]} ({PLACES[event.place]}) {VERBS[event.verb]} die {die} with "
                f"{POWER_OF[event.verb]} {what}; die {die} is used")
    if isinstance(event, NewCycle):
        return f"{name[event.seat]} has used every active die: all are available again (new cycle)"
    if isinstance(event, DiceSwapped):
        a, u = event.available + 1, event.used + 1
        return (f"{name[event.seat]} ({PLACES[event.place]}) swaps available die {a} ({event.available_pips}) "
                f"with used die {u} ({event.used_pips}) using clubs: die {u} is available again")
    if isinstance(event, ClubsPassed):
        return f"{name[event.seat]} ({PLACES[event.place]}) takes no die action with clubs"
    if isinstance(event, RoundEnded):
        return f"Round {event.round + 1} is over: each player locks one active die"
    if isinstance(event, DieLocked):
        return f"{name[event.seat]} locks die {event.die + 1} showing {event.pips}"
    if isinstance(event, RoundStarted):
        return _round_line(s, event.round, event.dealer)
    raise ValueError(f"unknown event {event!r}")


def _trick_line(s: State, ranking: Sequence[tuple[int, int]], trump_suit: int) -> str:
    name = SEATS[s.players]
    order = ", ".join(f"{PLACES[i]} {name[seat]} " + ("face down" if code >= DOWN else card_text(code))
                      for i, (seat, code) in enumerate(ranking))
    seat, code = ranking[0]
    return f"{name[seat]} wins the trick with {card_text(code)} ({win_reason(ranking, trump_suit)}); {order}"


def win_reason(ranking: Sequence[tuple[int, int]], trump_suit: int) -> str:
    """Why first place won: trump, the only face-up card, a later equal rank, or rank."""
    code = ranking[0][1]
    if code // RANKS == trump_suit:
        return "trump"
    up = [c for _, c in ranking[1:] if c < DOWN]
    if not up:
        return "the only face-up card"
    if any(c % RANKS == code % RANKS for c in up):
        return "same rank, played later"
    return "highest rank"


def final_line(state: State) -> str:
    res = result(state)
    names = SEATS[state.players]
    totals = ", ".join(f"{names[s]} {int(res.scores[s])}" for s in range(state.players))
    winners = " and ".join(names[s] for s in res.winners)
    verb = "share the victory" if len(res.winners) > 1 else "wins"
    return f"Final totals: {totals}; {winners} {verb}"


# --- the table picture --------------------------------------------------------------


def describe(state: State, viewer: int | None = None) -> str:
    """A multi-line picture for `pipworks play`: round, trump, trick, hands and dice.
    With a ``viewer`` seat, other hands show only how many cards they hold and other
    players' face-down cards in the trick stay unnamed."""
    names = SEATS[state.players]
    lines = [f"Round {state.round + 1} of {state.numbers.rounds} — trump {SUITS[trump(state)]} — dealer {names[state.dealer]}"]
    if state.trick:
        played = ", ".join(f"{names[(state.leader + i) % state.players]} " + _trick_card(state, i, c, viewer)
                           for i, c in enumerate(state.trick))
        lines.append(f"Trick so far: {played}")
    for seat in range(state.players):
        hand = " ".join(card_text(c) for c in range(DECK) if state.hands[seat] >> c & 1)
        if viewer not in (None, seat):
            hand = card_count(state.hands[seat].bit_count())
        dice = " ".join(_die_text(state, seat, d) for d in range(DICE))
        lines.append(f"{names[seat]:>5}: dice {dice} | tricks {state.tricks[seat]} | {hand}")
    lines.append("Dice: [n] available, (n) used, <n> locked")
    if state.phase == OVER:
        lines.append(final_line(state))
    else:
        mover = to_move(state)
        doing = {PLAY: "to play a card", CHANGE: "to change a die", LOCK: "to lock a die"}[state.phase]
        lines.append(f"{names[mover]} {doing}")  # type: ignore[index]
    return "\n".join(lines)


def _trick_card(state: State, i: int, code: int, viewer: int | None) -> str:
    """The ``i``-th card of the trick as ``viewer`` sees it: a face-down card is named
    only to the player who played it (and to a designer, viewer None)."""
    if code < DOWN:
        return card_text(code)
    if viewer in (None, (state.leader + i) % state.players):
        return card_text(code - DOWN) + " (face down)"
    return "a face-down card"


def _die_text(state: State, seat: int, d: int) -> str:
    pips = state.dice[DICE * seat + d]
    status = state.status[DICE * seat + d]
    return f"<{pips}>" if status == LOCKED else f"({pips})" if status == USED else f"[{pips}]"

