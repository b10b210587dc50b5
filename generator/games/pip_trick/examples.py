"""Worked examples for Pip Trick: a position in rules terms, moves in notation, outcomes.

A position names only what matters; everything else has a neutral default:

``players``  3 or 4 (default 4; seats North, East, South[, West] clockwise)
``round``    1-4 (default 1, or the round whose trump is ``trump``; the content's rounds)
``trump``    the round's trump suit (checked against the round if both are given)
``leader``   who leads the first trick shown (default: the dealer's left, or North)
``dealer``   who dealt this round (default: the player to the leader's right)
``hands``    cards in hand by player; a player not listed holds exactly the cards the
             moves show them playing (so their other cards cannot matter)
``dice``     four pips by player, die 1 to die 4 (default: the starting dice)
``used``     die numbers already used in the current cycle, by player (default none)
``locked``   locked die numbers by player (default: dice 1 to round-1)

The numbers of the game (start dice, trump order, rounds) are the content's: every
function here takes the engine's :class:`~.state.Numbers`.

Later rounds, if an example plays into them, are dealt from a fixed shuffle (seed 0).

A position is checked before it is played (:func:`check_position`): dice showing 1 to
6, as many locked dice as the round has ended, no cycle left with every active die used,
no card in two hands, hands of equal size no larger than the deal, the dealer's left
leading a round's first trick, and the starting dice, none used, at the game's first trick.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from ...rules.base import Impossible, ImpossiblePosition, SetupError, implements, play_lines, refuse_impossible, winner_of
from .notation import SEATS, action_text, card_text, log, parse_action, parse_card
from .play import apply, legal_actions, to_move, trump
from .state import (
    AVAILABLE, DECK, DICE, DOWN, LOCK, LOCKED, OVER, PLAY, SUITS, USED, Numbers, State, card_bits, check_variants,
    hand_size, locked_pips, new_game, result, start_dice,
)

_PLAYED = re.compile(r"^\s*(\w+)\s+(?:plays|leads)\s+(\S+)", re.IGNORECASE)
KNOWN_KEYS = {"players", "round", "trump", "leader", "dealer", "hands", "dice", "used", "locked"}


def position_state(numbers: Numbers, position: Mapping[str, Any], play: Sequence[str],
                   variants: Sequence[str]) -> State:
    """The state a worked example starts from (SetupError names what is wrong)."""
    unknown = sorted(set(position) - KNOWN_KEYS)
    if unknown:
        raise SetupError(f"unknown position field(s) {', '.join(unknown)}; known: {', '.join(sorted(KNOWN_KEYS))}")
    n = int(position.get("players", 4))
    if n not in SEATS:
        raise SetupError(f"Pip Trick is for 3 or 4 players, not {n}")
    names = SEATS[n]
    rnd = _round(numbers, position)
    leader, dealer = _leader_and_dealer(position, names)
    base = new_game(numbers, n, variants, seed=0)
    dice, status = _dice(numbers, position, names, rnd, start_dice(numbers, check_variants(variants)))
    hands = _hands(position, play, names)
    state = base._replace(round=rnd, dealer=dealer, leader=leader, hands=hands, set_aside=0,
                          dice=dice, status=status, history=None, start=None)
    return state._replace(start=state)


def _round(numbers: Numbers, position: Mapping[str, Any]) -> int:
    rnd = position.get("round")
    suit = position.get("trump")
    order = numbers.trump_order
    if suit is not None and suit not in SUITS:
        raise SetupError(f"trump {suit!r} is not a suit; suits: {', '.join(SUITS)}")
    if suit is not None and suit not in order:
        raise SetupError(f"{suit} is never trump; trump order: {', '.join(order)}")
    if rnd is None:
        return order.index(suit) if suit is not None else 0
    if not 1 <= int(rnd) <= numbers.rounds:
        raise ImpossiblePosition([Impossible(f"there is no round {rnd}: a game has {numbers.rounds}", "rounds-and-trump",
                                             ("round",))])
    if suit is not None and order[int(rnd) - 1] != suit:
        raise ImpossiblePosition([Impossible(f"round {rnd} has {order[int(rnd) - 1]} as trump, not {suit}",
                                             "trump-order", ("trump",))])
    return int(rnd) - 1


def _seat(names: Sequence[str], name: Any, field: str) -> int:
    for seat, known in enumerate(names):
        if str(name).lower() == known.lower():
            return seat
    raise SetupError(f"{field}: {name!r} is not a player here; players are {', '.join(names)}")


def _leader_and_dealer(position: Mapping[str, Any], names: Sequence[str]) -> tuple[int, int]:
    n = len(names)
    dealer = _seat(names, position["dealer"], "dealer") if "dealer" in position else None
    if "leader" in position:
        leader = _seat(names, position["leader"], "leader")
    else:
        leader = (dealer + 1) % n if dealer is not None else 0
    return leader, (leader - 1) % n if dealer is None else dealer


def _by_player(position: Mapping[str, Any], key: str, names: Sequence[str]) -> dict[int, Any]:
    given = position.get(key) or {}
    if not isinstance(given, Mapping):
        raise SetupError(f"{key} must be given by player, e.g. {key}: {{North: ...}}")
    return {_seat(names, name, key): value for name, value in given.items()}


@implements("active-dice-by-round")
def _dice(numbers: Numbers, position: Mapping[str, Any], names: Sequence[str], rnd: int,
          default: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Every seat's pips and die status; a round's locked dice are as many as the rule
    ``active-dice-by-round`` leaves out of play."""
    pips = _by_player(position, "dice", names)
    used = _by_player(position, "used", names)
    locked = _by_player(position, "locked", names)
    dice: list[int] = []
    status: list[int] = []
    for seat, name in enumerate(names):
        row = list(pips.get(seat, default))
        if len(row) != DICE or not all(isinstance(v, int) for v in row):
            raise SetupError(f"dice: {name} needs four pips, got {row}")
        lock = _die_numbers(locked.get(seat, list(range(1, rnd + 1))), f"locked: {name}")
        use = _die_numbers(used.get(seat, []), f"used: {name}")
        if use & lock:
            raise ImpossiblePosition([Impossible(f"{name}'s die {min(use & lock) + 1} is both locked and used; a "
                                                 "locked die is out of play", "locked-dice", ("used", name))])
        dice += row
        status += [LOCKED if d in lock else USED if d in use else AVAILABLE for d in range(DICE)]
    return tuple(dice), tuple(status)


def _die_numbers(given: Any, field: str) -> set[int]:
    listed = list(given) if isinstance(given, (list, tuple)) else [given]
    if not all(isinstance(d, int) and 1 <= d <= DICE for d in listed):
        raise SetupError(f"{field}: dice are numbered 1 to 4, got {given}")
    return {d - 1 for d in listed}


def _hands(position: Mapping[str, Any], play: Sequence[str], names: Sequence[str]) -> tuple[int, ...]:
    given = _by_player(position, "hands", names)
    cards: dict[int, list[int]] = {}
    for seat, listed in given.items():
        cards[seat] = [_card(c, f"hands: {names[seat]}") for c in listed]
    for line in play:
        match = _PLAYED.match(line)
        if match:
            seat = _seat(names, match[1], "play")
            if seat not in given:
                cards.setdefault(seat, []).append(_card(match[2], f"play {line!r}"))
    everything = [c for row in cards.values() for c in row]
    if len(everything) != len(set(everything)):
        twice = sorted({card_text(c) for c in everything if everything.count(c) > 1})
        raise ImpossiblePosition([Impossible(f"{', '.join(twice)} in two places at once; the deck has each card once",
                                             "deal", ("hands",))])
    return tuple(card_bits(cards.get(s, [])) for s in range(len(names)))


def _card(text: Any, field: str) -> int:
    try:
        return parse_card(str(text))
    except ValueError as exc:
        raise SetupError(f"{field}: {exc}") from None


def run_example(numbers: Numbers, position: Mapping[str, Any], play: Sequence[str],
                variants: Sequence[str]) -> dict[str, Any]:
    """Set up ``position``, check it, play each move and report every observable outcome
    by name."""
    state = position_state(numbers, position, play, variants)
    refuse_impossible(check_position(state))
    return outcomes(play_lines(state, play, parse_action, apply))


def check_position(s: State) -> list[Impossible]:
    """Why ``s`` could not arise in a game played by the rules (empty: it could)."""
    if s.phase == OVER:
        return []
    return [*_check_dice(s), *_check_hands(s), *_check_first_trick(s)]


def _check_first_trick(s: State) -> list[Impossible]:
    """Until the game's first trick is over no die has changed: at the first trick of
    round 1 (every hand as dealt, but for cards on the table) each player's dice show
    the starting pips, and none is used."""
    played = {(s.leader + n) % s.players for n in range(len(s.trick))}
    if s.round or s.phase != PLAY or any(bin(h).count("1") + (seat in played) != hand_size(s.players)
                                         for seat, h in enumerate(s.hands)):
        return []
    starts = {tuple(sorted(s.numbers.start_dice)), tuple(sorted(s.numbers.easier_start_dice))}
    problems = []
    for seat, name in enumerate(SEATS[s.players]):
        row = s.dice[DICE * seat:DICE * seat + DICE]
        if tuple(sorted(row)) not in starts:
            given = " ".join(map(str, s.numbers.start_dice))
            problems.append(Impossible(f"{name}'s dice show {' '.join(map(str, row))} at the first trick of the game, "
                                       f"but every player starts with {given} and no die changes before the first "
                                       "trick is over", "give-dice", ("dice", name)))
        used = [d + 1 for d in range(DICE) if s.status[DICE * seat + d] == USED]
        if used:
            problems.append(Impossible(f"{name} has used die {', '.join(map(str, used))} at the first trick of the "
                                       "game, but no die is used before the first trick is over", "used-dice",
                                       ("used", name)))
    return problems


def _check_dice(s: State) -> list[Impossible]:
    """Pips 1 to 6; one die locked per round ended; never every active die used."""
    names = SEATS[s.players]
    problems = []
    for seat, name in enumerate(names):
        row = s.dice[DICE * seat:DICE * seat + DICE]
        status = s.status[DICE * seat:DICE * seat + DICE]
        problems += [Impossible(f"{name}'s die {d + 1} shows {pip}; a die shows 1 to 6", "give-dice", ("dice", name))
                     for d, pip in enumerate(row) if not 1 <= pip <= 6]
        locked = status.count(LOCKED)
        want = s.round + (1 if s.phase == LOCK and seat not in s.pending else 0)
        if locked != want:
            problems.append(Impossible(f"{name} has {locked} locked dice in round {s.round + 1}; one die is locked at "
                                       "the end of each round", "active-dice-by-round", ("locked", name)))
        if s.phase != LOCK and status.count(USED) + locked == DICE:
            problems.append(Impossible(f"every active die of {name} is used; a new cycle begins at once",
                                       "cycle-resets-at-once", ("used", name)))
    return problems


def _check_hands(s: State) -> list[Impossible]:
    """No card twice; hands no larger than the deal, equal but for the cards already
    played to this trick; a round's first trick led by the dealer's left."""
    names = SEATS[s.players]
    deal = hand_size(s.players)
    played = {(s.leader + n) % s.players for n in range(len(s.trick))} if s.phase == PLAY else set()
    sizes = [bin(h).count("1") + (seat in played) for seat, h in enumerate(s.hands)]
    seen, twice = 0, 0
    for h in s.hands:
        twice |= seen & h
        seen |= h
    problems = []
    if twice:
        cards = " ".join(card_text(c) for c in range(DECK) if twice >> c & 1)
        problems.append(Impossible(f"{cards} in two hands at once; the deck has each card once", "deal", ("hands",)))
    if len(set(sizes)) > 1 or sizes[0] > deal:
        shown = ", ".join(f"{names[seat]} {n}" for seat, n in enumerate(sizes))
        problems.append(Impossible(f"hands of {shown} cards; everyone is dealt {deal} and plays one card a trick",
                                   "deal", ("hands",)))
    if s.phase == PLAY and not s.trick and sizes[0] == deal and s.leader != (s.dealer + 1) % s.players:
        problems.append(Impossible(f"{names[s.leader]} leads the round's first trick, but the dealer's left, "
                                   f"{names[(s.dealer + 1) % s.players]}, leads it", "choose-dealer", ("leader",)))
    return problems


def outcomes(s: State) -> dict[str, Any]:
    """Everything a worked example may expect, as plain data keyed by rules terms."""
    names = SEATS[s.players]
    mover = to_move(s)
    res = result(s)
    by = lambda f: {names[seat]: f(seat) for seat in range(s.players)}  # noqa: E731
    ranking = [names[seat] for seat, _ in s.last]
    places = [f"{names[seat]} " + ("face down" if code >= DOWN else card_text(code)) for seat, code in s.last]
    middle = ranking[1:-1]  # the places between first and last
    return {
        "round": s.round + 1,
        "trump": SUITS[trump(s)],
        "dealer": names[s.dealer],
        "leader": names[s.leader],
        "to_move": names[mover] if mover is not None else None,
        "legal": [action_text(s, a) for a in legal_actions(s)],
        "trick_winner": ranking[0] if ranking else None,
        "ranking": ranking,
        "places": places,
        "middle": middle,
        "face_down": [names[seat] for seat, code in s.last if code >= DOWN],
        "tricks_won": by(lambda seat: s.tricks[seat]),
        "hands": by(lambda seat: [card_text(c) for c in range(DECK) if s.hands[seat] >> c & 1]),
        "hand_sizes": by(lambda seat: bin(s.hands[seat]).count("1")),
        "set_aside": bin(s.set_aside).count("1"),
        "dice": by(lambda seat: list(s.dice[DICE * seat:DICE * seat + DICE])),
        "available": by(lambda seat: _numbers(s, seat, AVAILABLE)),
        "used": by(lambda seat: _numbers(s, seat, USED)),
        "locked": by(lambda seat: _numbers(s, seat, LOCKED)),
        "active_dice": by(lambda seat: DICE - len(_numbers(s, seat, LOCKED))),
        "scoring_dice": by(lambda seat: locked_pips(s, seat)),
        "score": by(lambda seat: sum(locked_pips(s, seat))),
        "game_over": s.phase == OVER,
        "winner": winner_of(names, res) if s.phase == OVER else None,
        "final_ranking": [[names[seat] for seat in group] for group in res.ranking] if s.phase == OVER else [],
        "log": log(s),
        "phase": ("play a card", "change a die", "lock a die", "over")[s.phase],
    }


def _numbers(s: State, seat: int, status: int) -> list[int]:
    return [d + 1 for d in range(DICE) if s.status[DICE * seat + d] == status]
