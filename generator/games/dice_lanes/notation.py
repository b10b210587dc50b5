"""Dice Lanes in words: card and move notation, the readable log and the state picture.

Notation (python-chess habit: it round-trips and is what logs, errors and worked
examples use). Cards read ``A♥ 2♦ 6♠ 3♣`` (letters ``AH 2D 6S 3C`` are accepted too).
Moves read::

    P1 programs 5♥ to lane 2
    P2 resolves 4♠ in lane 1: draw
    P1 resolves 5♥ in lane 2: increase          (also: decrease, flip)
    P2 resolves 3♣ in lane 3: swap with lane 1
    P1 resolves 3♣ in lane 2: swap (no other die)

The leading player name may be left out; when given it must be the player to move.
Seats are named P1 and P2 here only; the rules speak of seats 0 and 1.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from ...rules.base import IllegalAction, card_count, SetupError, oldest_first
from .play import apply, legal_actions, to_move
from .state import (
    POWERS, PROGRAM, RESOLVE, Action, AllClaimed, Claimed, Dealt, Drawn, GameOver, HandBegun, Kept, NewDie,
    NothingToSwap, Numbers, PoolEmpty, PowerUsed, Programmed, Refilled, Rerolled, Setup, ShortOfCards, StartPassed,
    State, Swapped, PHASE_NAMES,
)

PLAYER_NAMES: tuple[str, str] = ("P1", "P2")
#: How each suit of the content reads: its symbol and the letter accepted in its place.
SUIT_SYMBOLS: dict[str, str] = {"hearts": "♥", "diamonds": "♦", "spades": "♠", "clubs": "♣"}
SUIT_LETTERS: dict[str, str] = {"hearts": "H", "diamonds": "D", "spades": "S", "clubs": "C"}
_OUTLINE_SYMBOLS: dict[str, str] = {"hearts": "♡", "diamonds": "♢", "spades": "♤", "clubs": "♧"}


def who(seat: int) -> str:
    return PLAYER_NAMES[seat]


def card_text(numbers: Numbers, card: int) -> str:
    """``5♥``: rank then suit symbol."""
    return numbers.deck_ranks[card % numbers.ranks] + SUIT_SYMBOLS[numbers.suits[card // numbers.ranks]]


def cards_text(numbers: Numbers, cards: Sequence[int]) -> str:
    return " ".join(card_text(numbers, c) for c in cards) or "none"


def parse_card(numbers: Numbers, name: Any) -> int:
    """The card int for ``"5♥"``, ``"AH"``, ``"1♣"`` (or an int of the deck); SetupError otherwise."""
    if isinstance(name, int) and not isinstance(name, bool) and 0 <= name < len(numbers.deck):
        return name
    token = str(name).strip()
    rank_mark, suit_mark = token[:-1].upper(), token[-1:]
    ranks = {rank.upper(): n for n, rank in enumerate(numbers.deck_ranks)}
    ranks.setdefault("1", 0)  # an ace is worth 1
    for suit, name_of_suit in enumerate(numbers.suits):
        marks = (SUIT_SYMBOLS[name_of_suit], _OUTLINE_SYMBOLS[name_of_suit], SUIT_LETTERS[name_of_suit],
                 SUIT_LETTERS[name_of_suit].lower())
        if suit_mark in marks and rank_mark in ranks:
            return suit * numbers.ranks + ranks[rank_mark]
    example = ", ".join(card_text(numbers, c) for c in (0, len(numbers.deck) // 2 + 2, len(numbers.deck) - 1))
    raise SetupError(f"{name!r} is not a card of the game deck (write e.g. {example}, or with letters AH, 5D)")


def slot_text(numbers: Numbers, slot: int) -> str:
    """The name of a slot: ``P1 Draw 2`` … ``Center`` … ``P2 Draw 2`` (rule board)."""
    return numbers.slot_names[slot]


def die_text(numbers: Numbers, pip: int, slot: int) -> str:
    """``4 in Center`` / ``empty``: how a lane reads in logs and examples."""
    return f"{pip} in {numbers.slot_names[slot]}" if pip else "empty"


def parse_pip(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise SetupError(f"{what}: {value!r} is not a die value 1–6")
    return value


def parse_die(numbers: Numbers, text: Any, lane: int, any_pips: bool = False) -> tuple[int, int]:
    """``"4 in Center"`` -> (4, 0); ``"empty"`` -> (0, 0). With ``any_pips`` a number
    outside 1–6 is read as written (a worked example's position, checked later)."""
    words = " ".join(str(text).split())
    if words.lower() == "empty":
        return 0, 0
    by_name = {name.lower(): slot for slot, name in numbers.slot_names.items()}
    pip_text, _, slot_name = words.partition(" in ")
    if not pip_text.isdigit() or slot_name.lower() not in by_name:
        raise SetupError(f"lane {lane + 1}: {text!r} should read like '4 in Center', '2 in P2 Draw 1' or 'empty'")
    pip = int(pip_text) if any_pips else parse_pip(int(pip_text), f"lane {lane + 1}")
    return pip, by_name[slot_name.lower()]


# --- moves ---------------------------------------------------------------------------
def action_text(state: State, action: Action) -> str:
    """The notation of ``action`` for the player to move in ``state``."""
    verb, lane, card = action[0], action[1], action[2]
    seat = to_move(state)
    name = who(seat) if seat is not None else "?"
    numbers = state.numbers
    if verb == "program":
        return f"{name} programs {card_text(numbers, card)} to lane {lane + 1}"
    head = f"{name} resolves {card_text(numbers, card)} in lane {lane + 1}: "
    if verb == "swap":
        return head + (f"swap with lane {action[3] + 1}" if len(action) == 4 else "swap (no other die)")
    return head + verb


_PROGRAM_RE = re.compile(r"^(?:(p[12])\s+)?programs?\s+(\S+)\s+(?:to|on)\s+lane\s+(\d)$", re.I)
_RESOLVE_RE = re.compile(
    r"^(?:(p[12])\s+)?resolves?\s+(\S+)\s+in\s+lane\s+(\d)\s*:\s*"
    r"(draw|increase|decrease|flip|swap\s+with\s+lane\s+(\d)|swap(?:\s*\(no other die\))?)$",
    re.I,
)


def parse_action(state: State, notation: str) -> Action:
    """The legal action ``notation`` names; IllegalAction saying why when there is none."""
    line = " ".join(notation.split())
    seat = to_move(state)
    if seat is None:
        raise IllegalAction(f"{line!r}: the game is over", "game-length")
    legal = legal_actions(state)
    numbers = state.numbers
    word, other = "program", None
    if match := _PROGRAM_RE.match(line):
        player, card_name, lane_no = match.group(1), match.group(2), match.group(3)
    elif match := _RESOLVE_RE.match(line):
        player, card_name, lane_no, word, other = match.groups()
        word = "swap" if word.lower().startswith("swap") else word.lower()
    else:
        raise IllegalAction(f"{line!r} is not Dice Lanes notation; e.g. {action_text(state, legal[0])!r}")
    if player and player.upper() != who(seat):
        raise IllegalAction(f"{line!r}: it is {who(seat)}'s turn, not {player.upper()}'s", "resolve-order")
    try:
        card = parse_card(numbers, card_name)
    except SetupError as exc:
        raise IllegalAction(f"{line!r}: {exc}") from None
    lane = int(lane_no) - 1
    if lane not in numbers.lane_range:
        raise IllegalAction(f"{line!r}: there is no lane {lane_no}; the lanes are 1 to {numbers.lanes}")
    action: Action = (word, lane, card, int(other) - 1) if word == "swap" and other else (word, lane, card)
    if action in legal:
        return action
    power = POWERS[numbers.power_of[card]]
    if word == "swap" and power != "swap":
        raise IllegalAction(f"{line!r}: only a {_swap_suit(numbers)} card swaps dice", "suit-powers")
    if state.phase == RESOLVE and word != "program":
        due_seat, due_lane = state.order[state.step]
        due = state.program[numbers.lanes * due_seat + due_lane]
        if (lane, card) != (due_lane, due):
            raise IllegalAction(f"{line!r}: {who(due_seat)} must now resolve {card_text(numbers, due)} "
                                f"in lane {due_lane + 1}", "resolve-order")
        if word in POWERS and word != power:
            raise IllegalAction(f"{line!r}: {card_text(numbers, card)} can {power}, not {word}", "suit-powers")
    apply(state, action)  # raises IllegalAction with the rules' precise reason
    raise IllegalAction(f"{line!r} is not legal now; legal: {legal_summary(state)}")


def _swap_suit(numbers: Numbers) -> str:
    """The suit whose power is Swap, as players call it (``Clubs``)."""
    return " or ".join(suit.capitalize() for suit in numbers.suits if numbers.suit_effects[suit].name.lower() == "swap")


def legal_summary(state: State) -> str:
    actions = legal_actions(state)
    shown = "; ".join(action_text(state, a) for a in actions[:6])
    return shown + ("; …" if len(actions) > 6 else "") if actions else "none (the game is over)"


# --- the log -----------------------------------------------------------------------------
def _lanes_text(numbers: Numbers, pips: Sequence[int], slots: Sequence[int]) -> str:
    return ", ".join(f"lane {lane + 1} {die_text(numbers, pips[lane], slots[lane])}" for lane in range(len(pips)))


def _seen(viewer: int | None, seat: int) -> bool:
    """Whether ``viewer`` may see ``seat``'s hidden cards (None: a designer sees all)."""
    return viewer is None or viewer == seat


def _hand_text(numbers: Numbers, hand: Sequence[int], seat: int, viewer: int | None) -> str:
    return cards_text(numbers, hand) if _seen(viewer, seat) else card_count(len(hand))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def event_text(numbers: Numbers, event: tuple, viewer: int | None = None) -> str:
    """One log line for one engine event, as ``viewer`` may know it (None: everything).
    Dealt hands and programmed cards are private until a card resolves face up."""
    kind = type(event)
    card = card_text
    if kind is Dealt:
        e: Any = event
        return (f"Round {e.round}: {who(e.start)} is the Start Player. Dealt P1 {_hand_text(numbers, e.hands[0], 0, viewer)}, "
                f"P2 {_hand_text(numbers, e.hands[1], 1, viewer)}. Dice: {_lanes_text(numbers, e.pips, e.slots)}.")
    if kind is HandBegun:
        e = event
        return f"Round {e.round}, hand {e.hand}: {who(e.start)} starts."
    if kind is Programmed:
        e = event
        shown = card(numbers, e.card) if _seen(viewer, e.seat) else "a card"
        return f"{who(e.seat)} programs {shown} to lane {e.lane + 1} (face down)."
    if kind is PowerUsed:
        e = event
        head = f"{who(e.seat)} resolves {card(numbers, e.card)} in lane {e.lane + 1}: {e.power.capitalize()}"
        if e.old == e.new:
            return f"{head}; the die already shows {e.old} and stays a {e.new}."
        return f"{head}, the die goes from {e.old} to {e.new}."
    if kind is Swapped:
        e = event
        a, b = slot_text(numbers, e.slot), slot_text(numbers, e.other_slot)
        return (f"{who(e.seat)} resolves {card(numbers, e.card)} in lane {e.lane + 1}: Swap with lane {e.other + 1}; "
                f"the {e.pip} moves from lane {e.lane + 1} {a} to lane {e.other + 1} {b}, "
                f"the {e.other_pip} from lane {e.other + 1} {b} to lane {e.lane + 1} {a}.")
    if kind is NothingToSwap:
        e = event
        return (f"{who(e.seat)} resolves {card(numbers, e.card)} in lane {e.lane + 1}: Swap, but no other die is "
                "active; nothing happens.")
    if kind is Drawn:
        e = event
        return (f"{who(e.seat)} resolves {card(numbers, e.card)} in lane {e.lane + 1}: Draw (rank "
                f"{numbers.rank_of[e.card]} matches the {e.pip}); the die moves from {slot_text(numbers, e.old_slot)} "
                f"to {slot_text(numbers, e.new_slot)}.")
    if kind is Claimed:
        e = event
        return (f"{who(e.seat)} claims the {e.pip} from lane {e.lane + 1} "
                f"({slot_text(numbers, numbers.draw_2[e.seat])}).")
    if kind is Refilled:
        e = event
        if e.each == 0:
            return f"Refill: nobody draws; {_plural(e.left, 'card')} left in the draw pile."
        return f"Refill: {who(e.start)} first, each player draws {e.each}; {e.left} left in the draw pile."
    if kind is StartPassed:
        return f"{who(event[0])} becomes the Start Player."
    if kind is AllClaimed:
        return f"Round {event[0]} ends: every die has been claimed."
    if kind is ShortOfCards:
        e = event
        return f"Round {e.round} ends: {who(e.seat)} holds {_plural(e.held, 'card')} for {_plural(e.lanes, 'active lane')}."
    if kind is Kept:
        e = event
        return f"Lane {e.lane + 1}: the {e.pip} stays in {slot_text(numbers, e.slot)} for the next round."
    if kind is Rerolled:
        e = event
        return f"Lane {e.lane + 1}: the {e.old} in the Center is rolled again and shows {e.new}."
    if kind is NewDie:
        e = event
        return f"Lane {e.lane + 1}: a new die from the pool is rolled, {e.pip}, and placed in the Center."
    if kind is PoolEmpty:
        return f"Lane {event[0] + 1} stays empty: the dice pool is used up."
    if kind is GameOver:
        return game_over_text(event[0])
    return repr(event)


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def game_over_text(claimed: Sequence[Sequence[int]]) -> str:
    """Who won and why: dice first, then pips, else a shared victory (rule scoring)."""
    counts, pips = [len(c) for c in claimed], [sum(c) for c in claimed]
    if counts[0] != counts[1]:
        best = 0 if counts[0] > counts[1] else 1
        return f"Game over: {who(best)} wins with {_dice(counts[best])} to {counts[1 - best]}."
    if pips[0] != pips[1]:
        best = 0 if pips[0] > pips[1] else 1
        return (f"Game over: both players have {_dice(counts[0])}; {who(best)} wins on pips, "
                f"{pips[best]} to {pips[1 - best]}.")
    return f"Game over: a shared victory, {_dice(counts[0])} and {pips[0]} pips each."


def log(state: State, viewer: int | None = None) -> list[str]:
    """The game so far, one line per event, as ``viewer`` may know it (None: everything)."""
    return [event_text(state.numbers, e, viewer) for e in oldest_first(state.events)]


# --- the picture -------------------------------------------------------------------------
def describe(state: State, viewer: int | None = None) -> str:
    """The board, hands, programmed lanes and scores as text, for `pipworks play`.
    With a ``viewer`` seat, the other player's hand is a count and their programmed
    cards stay face down until they resolve."""
    numbers = state.numbers
    lanes, names = numbers.lanes, numbers.slot_names
    seat = to_move(state)
    phase = PHASE_NAMES[state.phase]
    head = f"Round {state.round} of {state.rounds}, hand {state.hand}, {phase}"
    head += f": {who(seat)} to move (Start Player {who(state.start)})" if seat is not None else ""
    width = 11
    rows = [head, "        " + "".join(names[s].center(width) for s in names)]
    for lane in range(lanes):
        cells = [(f"[{state.pips[lane]}]" if state.pips[lane] and state.slots[lane] == s else ".").center(width)
                 for s in names]
        marks = [who(p) for p in (0, 1) if state.program[lanes * p + lane] >= 0]
        rows.append(f"lane {lane + 1}  " + "".join(cells) + (f"  programmed: {', '.join(marks)}" if marks else ""))
    for p in (0, 1):
        hand = _hand_text(numbers, state.hands[p], p, viewer)
        claimed = state.claimed[p]
        rows.append(f"{who(p)} hand: {hand:<16} claimed: {' '.join(map(str, claimed)) or '-'} "
                    f"({_dice(len(claimed))}, {sum(claimed)} pips)")
        waiting = [f"{card_text(numbers, state.program[lanes * p + lane])} in lane {lane + 1}"
                   for lane in range(lanes) if state.program[lanes * p + lane] >= 0]
        if waiting and _seen(viewer, p):
            rows.append(f"{who(p)} programmed, face down: {', '.join(waiting)}")
    rows.append(f"Draw pile: {card_count(len(state.pile))}. Dice pool: {state.pool}.")
    if state.phase == RESOLVE:
        p, lane = state.order[state.step]
        card = card_text(numbers, state.program[lanes * p + lane]) if _seen(viewer, p) else "face-down card"
        rows.append(f"Next to resolve: {who(p)}'s {card} in lane {lane + 1}.")
    elif state.phase == PROGRAM and seat is not None:
        rows.append(f"{who(seat)}: program one card to each active lane.")
    return "\n".join(rows)


# --- setup overrides -----------------------------------------------------------------------
def player_seat(name: Any) -> int:
    """Seat 0/1 for ``"P1"``/``"P2"`` (or 1/2); SetupError otherwise."""
    key = str(name).strip().upper()
    if key in ("P1", "1"):
        return 0
    if key in ("P2", "2"):
        return 1
    raise SetupError(f"{name!r} is not a player: write P1 or P2")


def parse_deck(numbers: Numbers, cards: Sequence[Any], what: str) -> tuple[int, ...]:
    deck = tuple(parse_card(numbers, c) for c in cards)
    if sorted(deck) != list(numbers.deck):
        ranks = numbers.deck_ranks
        raise SetupError(f"{what} must hold each of the {len(numbers.deck)} cards {ranks[0]}–{ranks[-1]} of the "
                         f"{_count_word(len(numbers.suits))} suits exactly once")
    return deck


def _count_word(n: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six")[n] if n < 7 else str(n)


def read_setup(numbers: Numbers, setup: Mapping[str, Any]) -> Setup:
    """The chance a ``setup`` mapping fixes, in players' terms: ``start_player`` (P1 or
    P2, 1 or 2), ``decks`` (each round's deck, top card first, cards as "5♥" or ints),
    ``deck`` (round 1's deck only), ``dice`` (the first rolls, one per lane), ``rolls``
    (the rolls after those: rerolls and new dice at round ends, in lane order)."""
    known = {"start_player", "deck", "decks", "dice", "rolls"}
    unknown = sorted(set(setup) - known)
    if unknown:
        raise SetupError(f"unknown setup key {unknown[0]!r}; known: {', '.join(sorted(known))}")
    start = player_seat(setup["start_player"]) if "start_player" in setup else None
    decks = tuple(parse_deck(numbers, d, f"deck of round {i + 1}") for i, d in enumerate(setup.get("decks") or ()))
    if "deck" in setup:
        decks = (parse_deck(numbers, setup["deck"], "deck"),) + decks[1:]
    dice = None
    if "dice" in setup:
        if len(setup["dice"]) != numbers.lanes:
            raise SetupError(f"dice: give the {numbers.lanes} first rolls, one per lane")
        dice = tuple(parse_pip(v, "dice") for v in setup["dice"])
    rolls = tuple(parse_pip(v, "rolls") for v in setup["rolls"]) if "rolls" in setup else None
    return Setup(start, decks, dice, rolls)
