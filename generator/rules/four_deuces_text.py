"""The Four Deuces in words: action notation (both ways), the event log, the state
picture for `pipworks play`, and the reason an action is refused.

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
from typing import Any, Hashable

from . import four_deuces as fd
from .base import IllegalAction

_ORDINAL = ("1st", "2nd", "3rd", "4th")
_SUIT_NAMES = {name.lower(): i for i, name in enumerate(fd.SUITS)}
_SUIT_NAMES.update({name[0].lower(): i for i, name in enumerate(fd.SUITS)})
_SEAT = r"(?P<seat>north|south)"
_PATTERNS = (
    (fd.CHOOSE, re.compile(_SEAT + r" chooses (?P<who>al capone|bugs moran)$")),
    (fd.PLAY, re.compile(_SEAT + r" plays (?P<suit>\w+) (?P<pip>\d)$")),
    (fd.GIVE, re.compile(_SEAT + r" uses al capone,? giving (?P<suit>\w+)$")),
    (fd.RETURN, re.compile(_SEAT + r" returns (?P<suit>\w+)$")),
    (fd.SWAP, re.compile(_SEAT + r" uses bugs moran,? trading (?P<mine>\d) for (?P<theirs>\d)$")),
    (fd.STUCK, re.compile(_SEAT + r" cannot place$")),
)


def suit_name(suit: int) -> str:
    return fd.SUITS[suit]


def seat_name(seat: int) -> str:
    return fd.SEATS[seat]


def cards_text(counts: tuple[int, ...]) -> list[str]:
    """A hand as suit names, one per card, in suit order: what a player would list."""
    return [fd.SUITS[s] for s in range(4) for _ in range(counts[s])]


def action_text(state: Any, action: Hashable) -> str:
    """How an action reads, with the name of the player who takes it."""
    who = fd.SEATS[state.turn] if state.turn is not None else "Nobody"
    kind = action[0]  # type: ignore[index]
    if kind == fd.PLAY:
        return f"{who} plays {fd.SUITS[action[1]]} {action[2]}"  # type: ignore[index]
    if kind == fd.GIVE:
        return f"{who} uses Al Capone, giving {fd.SUITS[action[1]]}"  # type: ignore[index]
    if kind == fd.RETURN:
        return f"{who} returns {fd.SUITS[action[1]]}"  # type: ignore[index]
    if kind == fd.SWAP:
        return f"{who} uses Bugs Moran, trading {action[1]} for {action[2]}"  # type: ignore[index]
    if kind == fd.CHOOSE:
        return f"{who} chooses {fd.CHARACTERS[action[1]]}"  # type: ignore[index]
    if kind == fd.STUCK:
        return f"{who} cannot place"
    return repr(action)


def _suit(text: str, line: str) -> int:
    try:
        return _SUIT_NAMES[text.lower()]
    except KeyError:
        raise IllegalAction(f"{line!r}: no suit {text!r}; the suits are {', '.join(fd.SUITS)}") from None


def parse_action(state: Any, text: str) -> Hashable:
    """The action named by ``text`` (inverse of action_text); IllegalAction saying why
    when it names nothing, names the wrong player, or is not legal now."""
    line = " ".join(text.strip().split())
    low = line.lower()
    for kind, pattern in _PATTERNS:
        m = pattern.match(low)
        if m:
            break
    else:
        raise IllegalAction(
            f"{line!r} is not a move of The Four Deuces; write e.g. 'North plays Murder 5', "
            "'North uses Al Capone, giving Murder', 'South returns Gambling', "
            "'North uses Bugs Moran, trading 2 for 6', 'North chooses Al Capone' or 'South cannot place'"
        )
    seat = fd.SEATS.index(m["seat"].capitalize())
    action: tuple
    if kind == fd.PLAY:
        action = (fd.PLAY, _suit(m["suit"], line), int(m["pip"]))
    elif kind in (fd.GIVE, fd.RETURN):
        action = (kind, _suit(m["suit"], line))
    elif kind == fd.SWAP:
        action = (fd.SWAP, int(m["mine"]), int(m["theirs"]))
    elif kind == fd.CHOOSE:
        action = (fd.CHOOSE, 0 if m["who"] == "al capone" else 1)
    else:
        action = (fd.STUCK,)
    if state.turn != seat:
        now = "the game is over" if state.turn is None else f"it is {fd.SEATS[state.turn]}'s turn"
        raise IllegalAction(f"{line!r}: {now}, not {fd.SEATS[seat]}'s")
    why = fd.why_illegal(state, action)
    if why:
        raise IllegalAction(f"{line!r}: {why}")
    return action


def explain_illegal(state: Any, action: Any) -> str:
    """Why ``action`` is refused in ``state`` (it is known not to be legal)."""
    if not isinstance(action, tuple) or not action or action[0] not in (
        fd.CHOOSE, fd.PLAY, fd.GIVE, fd.RETURN, fd.SWAP, fd.STUCK
    ):
        return f"{action!r} is not an action of The Four Deuces"
    seat = state.turn
    who = fd.SEATS[seat]
    kind = action[0]
    if state.phase == fd.PHASE_CHOOSE:
        return f"{who} must first choose a character (Al Capone or Bugs Moran)"
    if kind == fd.CHOOSE:
        return "the characters are already chosen; they are kept all game"
    if state.capone is not None and kind != fd.RETURN:
        return f"{who} must first return a card for Al Capone's {fd.SUITS[state.capone]}"
    if kind == fd.RETURN:
        if state.capone is None:
            return "nobody has used Al Capone, so there is nothing to return"
        return (f"{who} must return a card of a suit other than {fd.SUITS[state.capone]} "
                "while holding one, and only cards from hand")
    if kind == fd.PLAY:
        return _why_play(state, seat, action)
    if kind == fd.STUCK:
        return f"{who} can still play a card with a die, so cannot concede the round"
    return _why_ability(state, seat, action)


def _why_play(state: Any, seat: int, action: tuple) -> str:
    who = fd.SEATS[seat]
    suit, pip = action[1], action[2]
    if not (isinstance(suit, int) and 0 <= suit < 4) or not state.hands[seat][suit]:
        name = fd.SUITS[suit] if isinstance(suit, int) and 0 <= suit < 4 else repr(suit)
        in_reserve = isinstance(suit, int) and 0 <= suit < 4 and state.reserves[seat][suit]
        extra = " (the reserve joins the hand only after trick 4)" if in_reserve else ""
        return f"{who} holds no {name} card in hand{extra}"
    if pip not in state.dice[seat]:
        return f"{who} has no unused die showing {pip} (unused: {' '.join(map(str, state.dice[seat])) or 'none'})"
    led = state.led
    if led is not None and state.hands[seat][led[0]] and suit != led[0]:
        return f"{who} holds {fd.SUITS[led[0]]} and must follow suit"
    if led is not None and suit == led[0] and pip == led[1]:
        return f"in a same-suit trick the dice must differ: {who} may not place a {pip} on the led {pip}"
    return "not a legal play now"


def _why_ability(state: Any, seat: int, action: tuple) -> str:
    who = fd.SEATS[seat]
    want = fd.AL_CAPONE if action[0] == fd.GIVE else fd.BUGS_MORAN
    if state.characters[seat] != want:
        return f"{who} is {fd.CHARACTERS[state.characters[seat]]}, not {fd.CHARACTERS[want]}"
    if state.used[seat]:
        return f"{who} has already used {fd.CHARACTERS[want]} this round (once per round)"
    other = 1 - seat
    if want == fd.AL_CAPONE:
        if not any(state.hands[other]) or not any(state.hands[seat]):
            return "Al Capone needs a card in both hands"
        return f"{who} holds no {fd.SUITS[action[1]]} card to give" if 0 <= action[1] < 4 else "no such suit"
    if not state.dice[other]:
        return f"{fd.SEATS[other]} has no unused die for Bugs Moran to take"
    return f"Bugs Moran trades one of {who}'s unused dice for one of {fd.SEATS[other]}'s: check both numbers"


# --- the log -----------------------------------------------------------------------


def _dice(d: tuple[int, ...]) -> str:
    return " ".join(map(str, d))


def event_lines(events: list[tuple]) -> list[str]:
    """Readable lines for event records; each trick's line says who won it and why."""
    out: list[str] = []
    rnd = 0
    why = ""
    for ev in events:
        kind = ev[0]
        if kind == "round":
            rnd = ev[1] + 1
            out.append(f"Round {rnd} begins.")
        elif kind == "track":
            out.append("Suit Power Track, top first: " + ", ".join(fd.SUITS[s] for s in ev[1]) + ".")
        elif kind == "track-kept":
            out.append("The track keeps its order, top first: " + ", ".join(fd.SUITS[s] for s in ev[1]) + ".")
        elif kind == "roll":
            out.append(f"North rolls {_dice(ev[1])} ({sum(ev[1])} pips); South rolls {_dice(ev[2])} ({sum(ev[2])} pips).")
        elif kind == "tie":
            out.append(f"Both totals are {ev[1]}: both players reroll all their dice.")
        elif kind == "lead":
            seat, totals = ev[1], ev[2]
            out.append(f"{fd.SEATS[seat]} has the lower pip total ({totals[seat]} against {totals[1 - seat]}) and is the lead player.")
        elif kind == "choose":
            seat, c = ev[1], ev[2]
            out.append(f"{fd.SEATS[seat]} chooses {fd.CHARACTERS[c]}; {fd.SEATS[1 - seat]} takes {fd.CHARACTERS[1 - c]}.")
        elif kind == "play":
            out.append(f"{fd.SEATS[ev[1]]} plays {fd.SUITS[ev[2]]} {ev[3]}.")
        elif kind == "same":
            why = f"same suit, the {ev[3]} beats the {ev[4]}"
        elif kind == "climb":
            suit, frm, to, hi, lo = ev[1:]
            move = (f"{fd.SUITS[suit]} climbs from {_ORDINAL[frm]} to {_ORDINAL[to]}" if frm != to
                    else f"{fd.SUITS[suit]} is already on top and stays")
            out.append(f"The {hi} beats the {lo}: {move}.")
        elif kind == "level":
            out.append(f"Both dice show {ev[1]}: no token moves.")
        elif kind == "track-wins":
            why = f"{fd.SUITS[ev[2]]} ({_ORDINAL[ev[4]]}) stands above {fd.SUITS[ev[3]]} ({_ORDINAL[ev[5]]}) on the track"
        elif kind == "trick":
            n, winner, won = ev[1], ev[2], ev[3]
            out.append(f"{fd.SEATS[winner]} wins trick {n}: {why}. Tricks: North {won[0]}, South {won[1]}.")
        elif kind == "reserve":
            out.append("Both reserves join the hands for tricks 5 to 7.")
        elif kind == "give":
            out.append(f"{fd.SEATS[ev[1]]} uses Al Capone and gives {fd.SUITS[ev[2]]} to {fd.SEATS[1 - ev[1]]}.")
        elif kind == "return":
            out.append(f"{fd.SEATS[ev[1]]} returns {fd.SUITS[ev[2]]}.")
        elif kind == "swap":
            seat, mine, theirs = ev[1:]
            out.append(f"{fd.SEATS[seat]} uses Bugs Moran: {fd.SEATS[seat]}'s {mine} goes to {fd.SEATS[1 - seat]}, "
                       f"whose {theirs} comes back.")
        elif kind == "stuck":
            out.append(f"{fd.SEATS[ev[1]]} must follow suit and has no die other than {ev[2]}: cannot place.")
        elif kind == "round-won":
            winner, how, tricks, won = ev[1:]
            loser = fd.SEATS[1 - winner]
            reason = {fd.BY_FIFTH: f"{loser} took a fifth trick", fd.BY_FOUR: f"{fd.SEATS[winner]} has exactly four tricks",
                      fd.BY_STUCK: f"{loser} could not place a different die"}[how]
            out.append(f"{fd.SEATS[winner]} wins round {rnd} ({reason}; tricks {tricks[0]}–{tricks[1]}). "
                       f"Rounds: North {won[0]}, South {won[1]}.")
        elif kind == "game-won":
            won = ev[2]
            out.append(f"{fd.SEATS[ev[1]]} wins the game, {won[ev[1]]} rounds to {won[1 - ev[1]]}.")
    return out


def log(state: Any, viewer: int | None = None) -> list[str]:
    """The same for every ``viewer``: the log names no card still in a hand or reserve
    (plays are face up, and both players see an Al Capone gift and its return)."""
    return event_lines(fd.events_of(state))


def describe(state: Any, viewer: int | None = None) -> str:
    """A picture of the table for a player at the terminal. With a ``viewer`` seat, the
    opponent's hand and reserve are only counts; a player may look at their own reserve."""
    lines = [f"Round {state.round + 1}, trick {min(state.trick + 1, fd.TRICKS_PER_ROUND)} of 7 · "
             f"rounds won: North {state.rounds_won[0]}, South {state.rounds_won[1]}"]
    lines.append("Suit Power Track (top first): " + ", ".join(fd.SUITS[s] for s in state.track))
    for seat in (0, 1):
        char = "no character yet" if state.characters is None else fd.CHARACTERS[state.characters[seat]]
        spent = " (used this round)" if state.used[seat] else ""
        hand = ", ".join(cards_text(state.hands[seat])) or "empty"
        reserve = f"{sum(state.reserves[seat])} cards"
        if viewer not in (None, seat):
            hand = f"{sum(state.hands[seat])} cards"
        elif any(state.reserves[seat]):
            reserve += " (" + ", ".join(cards_text(state.reserves[seat])) + ")"
        lines.append(f"{fd.SEATS[seat]} — {char}{spent}; tricks {state.tricks_won[seat]}")
        lines.append(f"  hand: {hand}; reserve: {reserve}; unused dice: {_dice(state.dice[seat]) or 'none'}")
    if state.led is not None:
        lines.append(f"On the table: {fd.SEATS[state.leader]} led {fd.SUITS[state.led[0]]} {state.led[1]}")
    if state.capone is not None:
        lines.append(f"Al Capone gave {fd.SUITS[state.capone]}: {fd.SEATS[state.turn]} must return a card")
    lines.append("Game over." if state.turn is None else f"To move: {fd.SEATS[state.turn]}")
    return "\n".join(lines)
