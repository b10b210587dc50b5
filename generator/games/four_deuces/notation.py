"""The Four Deuces in words: action notation (both ways), the event log, the state
picture for `pipworks play`.

Notation, one line per decision, seat name first (case does not matter when parsing;
a suit may be given by its initial):

* ``North chooses Al Capone``
* ``North plays Murder 5`` – a card of that suit with an unused 5 on it
* ``North uses Al Capone, giving Murder`` and then ``South returns Gambling``
* ``North uses Bugs Moran, trading 2 for 6`` – North's 2 for South's 6
* ``South cannot place`` – the follower concedes the round (see ruling ability-escape)
"""

from __future__ import annotations

import re

from ...rules.base import IllegalAction, card_count
from .play import events, refusal
from .state import (
    BY_FIFTH, BY_FOUR, BY_STUCK, CHARACTERS, CHOOSE, GIVE, PLAY, RETURN, SEATS, STUCK, SUITS, SWAP,
    Action, CannotPlace, CardGiven, CardPlayed, CardReturned, CharacterChosen, Climbed, DiceTraded, GameWon,
    LeadPlayer, Level, ReserveJoins, Rolled, RoundBegins, RoundWon, SameSuit, State, Tie, TrackKept, TrackPlaced,
    TrackWins, TrickWon,
)

_ORDINAL = ("1st", "2nd", "3rd", "4th")
_SUIT_NAMES = {name.lower(): i for i, name in enumerate(SUITS)}
_SUIT_NAMES.update({name[0].lower(): i for i, name in enumerate(SUITS)})
_SEAT = r"(?P<seat>north|south)"
_PATTERNS = (
    (CHOOSE, re.compile(_SEAT + r" chooses (?P<who>al capone|bugs moran)$")),
    (PLAY, re.compile(_SEAT + r" plays (?P<suit>\w+) (?P<pip>\d)$")),
    (GIVE, re.compile(_SEAT + r" uses al capone,? giving (?P<suit>\w+)$")),
    (RETURN, re.compile(_SEAT + r" returns (?P<suit>\w+)$")),
    (SWAP, re.compile(_SEAT + r" uses bugs moran,? trading (?P<mine>\d) for (?P<theirs>\d)$")),
    (STUCK, re.compile(_SEAT + r" cannot place$")),
)


def suit_name(suit: int) -> str:
    return SUITS[suit]


def seat_name(seat: int) -> str:
    return SEATS[seat]


def cards_text(counts: tuple[int, ...]) -> list[str]:
    """A hand as suit names, one per card, in suit order: what a player would list."""
    return [SUITS[s] for s, n in enumerate(counts) for _ in range(n)]


def action_text(state: State, action: Action) -> str:
    """How an action reads, with the name of the player who takes it."""
    who = SEATS[state.turn] if state.turn is not None else "Nobody"
    kind = action[0]
    if kind == PLAY:
        return f"{who} plays {SUITS[action[1]]} {action[2]}"
    if kind == GIVE:
        return f"{who} uses Al Capone, giving {SUITS[action[1]]}"
    if kind == RETURN:
        return f"{who} returns {SUITS[action[1]]}"
    if kind == SWAP:
        return f"{who} uses Bugs Moran, trading {action[1]} for {action[2]}"
    if kind == CHOOSE:
        return f"{who} chooses {CHARACTERS[action[1]]}"
    if kind == STUCK:
        return f"{who} cannot place"
    return repr(action)


def _suit(text: str, line: str) -> int:
    try:
        return _SUIT_NAMES[text.lower()]
    except KeyError:
        raise IllegalAction(f"{line!r}: no suit {text!r}; the suits are {', '.join(SUITS)}") from None


def read_action(text: str) -> tuple[int, Action]:
    """The seat and action a line of notation names, whatever the state (IllegalAction
    when it names no move of the game)."""
    line = " ".join(text.strip().split())
    for kind, pattern in _PATTERNS:
        m = pattern.match(line.lower())
        if m:
            break
    else:
        raise IllegalAction(
            f"{line!r} is not a move of The Four Deuces; write e.g. 'North plays Murder 5', "
            "'North uses Al Capone, giving Murder', 'South returns Gambling', "
            "'North uses Bugs Moran, trading 2 for 6', 'North chooses Al Capone' or 'South cannot place'"
        )
    seat = SEATS.index(m["seat"].capitalize())
    action: Action
    if kind == PLAY:
        action = (PLAY, _suit(m["suit"], line), int(m["pip"]))
    elif kind in (GIVE, RETURN):
        action = (kind, _suit(m["suit"], line))
    elif kind == SWAP:
        action = (SWAP, int(m["mine"]), int(m["theirs"]))
    elif kind == CHOOSE:
        action = (CHOOSE, 0 if m["who"] == "al capone" else 1)
    else:
        action = (STUCK,)
    return seat, action


def parse_action(state: State, text: str) -> Action:
    """The action named by ``text`` (inverse of action_text); IllegalAction saying why
    when it names nothing, names the wrong player, or is not legal now."""
    line = " ".join(text.strip().split())
    seat, action = read_action(line)
    if state.turn != seat:
        now = "the game is over" if state.turn is None else f"it is {SEATS[state.turn]}'s turn"
        raise IllegalAction(f"{line!r}: {now}, not {SEATS[seat]}'s", "victory" if state.turn is None else None)
    why = refusal(state, action)
    if why:
        raise IllegalAction(f"{line!r}: {why[0]}", why[1])
    return action


def card_play(text: str) -> tuple[int, int, int] | None:
    """(seat, suit, pip) when a line of notation plays a card, else None."""
    try:
        seat, action = read_action(text)
    except IllegalAction:
        return None
    return (seat, action[1], action[2]) if action[0] == PLAY else None


# --- the log ---------------------------------------------------------------------------


def _dice(d: tuple[int, ...]) -> str:
    return " ".join(map(str, d))


def event_lines(events: list[tuple]) -> list[str]:
    """Readable lines for event records; each trick's line says who won it and why."""
    out: list[str] = []
    rnd = 0
    why = ""
    for ev in events:
        if isinstance(ev, RoundBegins):
            rnd = ev.number + 1
            out.append(f"Round {rnd} begins.")
        elif isinstance(ev, TrackPlaced):
            out.append("Suit Power Track, top first: " + ", ".join(SUITS[s] for s in ev.order) + ".")
        elif isinstance(ev, TrackKept):
            out.append("The track keeps its order, top first: " + ", ".join(SUITS[s] for s in ev.order) + ".")
        elif isinstance(ev, Rolled):
            out.append(f"North rolls {_dice(ev.north)} ({sum(ev.north)} pips); "
                       f"South rolls {_dice(ev.south)} ({sum(ev.south)} pips).")
        elif isinstance(ev, Tie):
            out.append(f"Both totals are {ev.total}: both players reroll all their dice.")
        elif isinstance(ev, LeadPlayer):
            seat, totals = ev.seat, ev.totals
            out.append(f"{SEATS[seat]} has the lower pip total ({totals[seat]} against {totals[1 - seat]}) "
                       "and is the lead player.")
        elif isinstance(ev, CharacterChosen):
            seat, c = ev.seat, ev.character
            out.append(f"{SEATS[seat]} chooses {CHARACTERS[c]}; {SEATS[1 - seat]} takes {CHARACTERS[1 - c]}.")
        elif isinstance(ev, CardPlayed):
            out.append(f"{SEATS[ev.seat]} plays {SUITS[ev.suit]} {ev.pip}.")
        elif isinstance(ev, SameSuit):
            why = f"same suit, the {ev.high} beats the {ev.low}"
        elif isinstance(ev, Climbed):
            move = (f"{SUITS[ev.suit]} climbs from {_ORDINAL[ev.before]} to {_ORDINAL[ev.after]}"
                    if ev.before != ev.after else f"{SUITS[ev.suit]} is already on top and stays")
            out.append(f"The {ev.high} beats the {ev.low}: {move}.")
        elif isinstance(ev, Level):
            out.append(f"Both dice show {ev.pip}: no token moves.")
        elif isinstance(ev, TrackWins):
            why = (f"{SUITS[ev.high]} ({_ORDINAL[ev.high_place]}) stands above "
                   f"{SUITS[ev.low]} ({_ORDINAL[ev.low_place]}) on the track")
        elif isinstance(ev, TrickWon):
            won = ev.tricks_won
            out.append(f"{SEATS[ev.winner]} wins trick {ev.number}: {why}. Tricks: North {won[0]}, South {won[1]}.")
        elif isinstance(ev, ReserveJoins):
            out.append(f"Both reserves join the hands for tricks {ev.first} to {ev.last}.")
        elif isinstance(ev, CardGiven):
            out.append(f"{SEATS[ev.seat]} uses Al Capone and gives {SUITS[ev.suit]} to {SEATS[1 - ev.seat]}.")
        elif isinstance(ev, CardReturned):
            out.append(f"{SEATS[ev.seat]} returns {SUITS[ev.suit]}.")
        elif isinstance(ev, DiceTraded):
            seat = ev.seat
            out.append(f"{SEATS[seat]} uses Bugs Moran: {SEATS[seat]}'s {ev.mine} goes to {SEATS[1 - seat]}, "
                       f"whose {ev.theirs} comes back.")
        elif isinstance(ev, CannotPlace):
            out.append(f"{SEATS[ev.seat]} must follow suit and has no die other than {ev.pip}: cannot place.")
        elif isinstance(ev, RoundWon):
            winner, tricks, won = ev.winner, ev.tricks_won, ev.rounds_won
            loser = SEATS[1 - winner]
            reason = {BY_FIFTH: f"{loser} took a fifth trick", BY_FOUR: f"{SEATS[winner]} has exactly four tricks",
                      BY_STUCK: f"{loser} could not place a different die"}[ev.how]
            out.append(f"{SEATS[winner]} wins round {rnd} ({reason}; tricks {tricks[0]}–{tricks[1]}). "
                       f"Rounds: North {won[0]}, South {won[1]}.")
        elif isinstance(ev, GameWon):
            won = ev.rounds_won
            out.append(f"{SEATS[ev.winner]} wins the game, {won[ev.winner]} rounds to {won[1 - ev.winner]}.")
    return out


def log(state: State, viewer: int | None = None) -> list[str]:
    """The same for every ``viewer``: the log names no card still in a hand or reserve
    (plays are face up, and both players see an Al Capone gift and its return)."""
    return event_lines(events(state))


def describe(state: State, viewer: int | None = None) -> str:
    """A picture of the table for a player at the terminal. With a ``viewer`` seat, the
    opponent's hand and reserve are only counts; a player may look at their own reserve."""
    tricks = state.numbers.tricks_per_round
    lines = [f"Round {state.round + 1}, trick {min(state.trick + 1, tricks)} of {tricks} · "
             f"rounds won: North {state.rounds_won[0]}, South {state.rounds_won[1]}"]
    lines.append("Suit Power Track (top first): " + ", ".join(SUITS[s] for s in state.track))
    for seat in (0, 1):
        char = "no character yet" if state.characters is None else CHARACTERS[state.characters[seat]]
        spent = " (used this round)" if state.used[seat] else ""
        hand = ", ".join(cards_text(state.hands[seat])) or "empty"
        reserve = card_count(sum(state.reserves[seat]))
        if viewer not in (None, seat):
            hand = card_count(sum(state.hands[seat]))
        elif any(state.reserves[seat]):
            reserve += " (" + ", ".join(cards_text(state.reserves[seat])) + ")"
        lines.append(f"{SEATS[seat]} — {char}{spent}; tricks {state.tricks_won[seat]}")
        lines.append(f"  hand: {hand}; reserve: {reserve}; unused dice: {_dice(state.dice[seat]) or 'none'}")
    if state.led is not None:
        lines.append(f"On the table: {SEATS[state.leader]} led {SUITS[state.led[0]]} {state.led[1]}")
    turn = state.turn
    if state.capone is not None and turn is not None:
        lines.append(f"Al Capone gave {SUITS[state.capone]}: {SEATS[turn]} must return a card")
    lines.append("Game over." if turn is None else f"To move: {SEATS[turn]}")
    return "\n".join(lines)
