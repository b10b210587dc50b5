"""Zero Grid in words: cards, grid cells and seats, action notation, the log and the board.

Notation (round-trips through :func:`parse_action`):

- programming: ``P1 programs 7♥ 2♠ K♦, initiative A♣`` (Columns 1, 2, 3, then the
  Initiative card);
- a resolution choice: ``P1 7♥: hearts`` (the suit power, any suit name or ``power``
  also reads) or ``P1 7♥: swap with column 4`` (Movement and its swap target).

Only real choices are written; a step with one legal outcome plays itself. Seats read
P1, P2; cells ``C2R1`` (column 2, top row).
"""

from __future__ import annotations

import re
from typing import Sequence

from ...rules.base import IllegalAction, card_count, oldest_first
from .state import (
    CLUBS, DIAMONDS, HEARTS, OVER, POWER, PROGRAM, RANK_OF, RESOLVE, SPADES, SUIT_OF, SUITS, SWAPS, Action, Dealt,
    Favor, Fizzled, GameOver, Penalty, PowerUsed, Programmed, Reshuffled, Revealed, Shifted, State, Swapped,
    Unplayed, card_of, column_4_pips, removed,
)

SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
SUIT_LETTERS = {"s": SPADES, "h": HEARTS, "d": DIAMONDS, "c": CLUBS, "♠": SPADES, "♥": HEARTS, "♦": DIAMONDS,
                "♣": CLUBS}
RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K",
              14: "A"}
RANK_WORDS = {"t": 10, "j": 11, "q": 12, "k": 13, "a": 14, "jack": 11, "queen": 12, "king": 13, "ace": 14}

_CARD = re.compile(r"^\s*(10|[2-9]|[tjqka]|jack|queen|king|ace)\s*(?:of\s+)?([cdhs♣♦♥♠]|clubs|diamonds|hearts|spades)\s*$", re.I)
_SEAT = re.compile(r"\s*[Pp](?:layer\s*)?(\d)\s*")
_PROGRAM = re.compile(r"^\s*(\S+)\s+programs?\s+(.+?)\s*,?\s+initiative\s*:?\s*(\S+)\s*$", re.I)
_RESOLVE = re.compile(r"^\s*(\S+)\s+(\S+?)\s*:\s*(.+?)\s*$")
_SWAP = re.compile(r"^(?:swap|move)\D*([1-4])$", re.I)
#: Why a card fizzled, in words.
FIZZLE_WHY = {"empty": "no column from here to the right holds a die", "spent": "the column is spent",
        "none": "no die there can take it"}


# --- cards, cells, seats ------------------------------------------------------------------

def card_text(card: int) -> str:
    """``7♥``, ``10♦``, ``A♠``."""
    return RANK_NAMES[RANK_OF[card]] + SUIT_SYMBOLS[SUIT_OF[card]]


def suit_name(card: int) -> str:
    return SUITS[SUIT_OF[card]]


def parse_card(text: str) -> int:
    """The card ``text`` names: ``7♥``, ``10d``, ``TD``, ``Q of spades``..."""
    match = _CARD.match(str(text))
    if not match:
        raise IllegalAction(f"{text!r} is not a card (write it like 7♥, 10♦, K♠ or 7H)")
    rank_word, suit_word = match[1].lower(), match[2].lower()
    rank = RANK_WORDS[rank_word] if rank_word in RANK_WORDS else int(rank_word)
    suit = SUIT_LETTERS[suit_word[0]] if suit_word[0] in SUIT_LETTERS else SUITS.index(suit_word)
    return card_of(rank, suit)


def cell_text(cell: int) -> str:
    """``C2R1``: column 2, top row."""
    return f"C{cell // 4 + 1}R{cell % 4 + 1}"


def grid_from_columns(columns: object, who: str = "grid") -> tuple[int, ...]:
    """A grid from four columns of four pips read top to bottom (0 or '-' for empty)."""
    if not isinstance(columns, (list, tuple)) or len(columns) != 4:
        raise ValueError(f"{who}: give four columns of four pips, top to bottom")
    cells: list[int] = []
    for index, column in enumerate(columns):
        if not isinstance(column, (list, tuple)) or len(column) != 4:
            raise ValueError(f"{who}: column {index + 1} must list four pips (0 or '-' for an empty space)")
        for pip in column:
            value = 0 if pip in ("-", None) else pip
            if not isinstance(value, int) or not 0 <= value <= 6:
                raise ValueError(f"{who}: column {index + 1} has {pip!r}; a pip is 1–6, or 0 / '-' for empty")
            cells.append(value)
    return tuple(cells)


def grid_columns(grid: Sequence[int]) -> list[list[int]]:
    """Four columns of four pips, top to bottom (0 = empty space)."""
    return [list(grid[c * 4:c * 4 + 4]) for c in range(4)]


def seat_text(seat: int) -> str:
    return f"P{seat + 1}"


def parse_seat(text: str, players: int) -> int:
    match = _SEAT.fullmatch(str(text))
    if not match or not 1 <= int(match[1]) <= players:
        names = ", ".join(seat_text(s) for s in range(players))
        raise IllegalAction(f"{text!r} is not a player here; players are {names}")
    return int(match[1]) - 1


# --- actions ------------------------------------------------------------------------------

def action_text(state: State, action: Action) -> str:
    """How ``action`` of the seat to move reads in ``state`` (the notation above)."""
    who = seat_text(state.seat)
    if action[0] == "program" and len(action) == 5:
        c1, c2, c3, init = (card_text(c) for c in action[1:])
        return f"{who} programs {c1} {c2} {c3}, initiative {init}"
    if state.phase != RESOLVE or not state.ctx:
        return repr(action)
    card = state.ctx[0]
    if action == POWER:
        return f"{who} {card_text(card)}: {suit_name(card)}"
    return f"{who} {card_text(card)}: swap with column {action[1] + 1}"


def expected(state: State) -> str:
    """What the seat to move must do now, in words."""
    if state.phase == OVER:
        return "the game is over"
    if state.phase == PROGRAM:
        return f"{seat_text(state.seat)} must program their four cards"
    return f"{seat_text(state.seat)} must choose Movement or suit power for Column {state.step + 1}"


def parse_action(state: State, text: str) -> Action:
    """The legal action ``text`` names; IllegalAction saying why when it names none."""
    if state.phase == OVER:
        raise IllegalAction(f"{text!r}: the game is over", "end-of-game")
    legal = state.pending
    action = _read(state, str(text))
    for candidate in legal:
        if candidate == action:
            return candidate
    shown = "; ".join(action_text(state, a) for a in legal[:3]) + (" ..." if len(legal) > 3 else "")
    raise IllegalAction(f"{text!r} is not legal now ({expected(state)}); legal: {shown}",
                        "deal-and-program" if state.phase == PROGRAM else "action-choice")


def _read(state: State, text: str) -> Action | None:
    """The action ``text`` names (None: a seat other than the one to move)."""
    match = _PROGRAM.match(text)
    if match:
        seat = parse_seat(match[1], state.players)
        cards = [parse_card(c) for c in re.split(r"[\s,]+", match[2].strip()) if c]
        if len(cards) != 3:
            raise IllegalAction(f"{text!r}: name three cards for Columns 1–3, then the initiative card")
        return ("program", *cards, parse_card(match[3])) if seat == state.seat else None
    match = _RESOLVE.match(text)
    if not match:
        raise IllegalAction(f"{text!r} is not Zero Grid notation (e.g. 'P1 programs 7♥ 2♠ K♦, initiative A♣', "
                            "'P1 7♥: hearts', 'P1 7♥: swap with column 4')")
    seat = parse_seat(match[1], state.players)
    card = parse_card(match[2])
    if state.phase != RESOLVE or not state.ctx or card != state.ctx[0] or seat != state.seat:
        raise IllegalAction(f"{text!r}: that card is not the one being resolved now", "action-resolution")
    how = match[3].lower()
    swap = _SWAP.match(how)
    if swap:
        return SWAPS[int(swap[1]) - 1]
    if how in ("power", "suit power", *SUITS):
        if how in SUITS and how != suit_name(card):
            raise IllegalAction(f"{text!r}: {card_text(card)} has the {suit_name(card)} power, not {how}", "suit-powers")
        return POWER
    raise IllegalAction(f"{text!r}: say the suit power ('{suit_name(card)}') or 'swap with column N'")


# --- the log ------------------------------------------------------------------------------

def change_text(before: int, after: int) -> str:
    return f"{before}→{after}" + (" (removed)" if after == 0 else "")


def event_text(event: tuple[object, ...]) -> str:
    """One event as a sentence."""
    match event:
        case Dealt(hand):
            return f"Hand {hand}: four cards are dealt to each player."
        case Reshuffled(number, cards):
            return f"The deck ran out: the discard pile ({card_count(cards)}) is shuffled into a new deck (reshuffle {number})."
        case Programmed(seat):  # face down: each card shows itself when it resolves
            return f"{seat_text(seat)} programs Columns 1–3 and an Initiative card, face down."
        case Revealed():
            return _initiative_text(event)
        case GameOver(why):
            return "Game over: " + ("a grid is cleared." if why == "elimination" else "the deck timer has run out.")
        case Shifted(seat, card, column, to):
            return f"{seat_text(seat)} {card_text(card)}: Column {column + 1} is empty, the card shifts to Column {to + 1}."
        case Fizzled(seat, card, column, why):
            return f"{seat_text(seat)} {card_text(card)} on Column {column + 1} fizzles: {FIZZLE_WHY[why]}."
        case PowerUsed(seat, card, cell, before, after):
            head = f"{seat_text(seat)} {card_text(card)} {suit_name(card)}: the die at {cell_text(cell)}"
            return f"{head} holds at {before}." if before == after else f"{head} goes {change_text(before, after)}."
        case Swapped(seat, card, cell, other, before, partner, after):
            return (f"{seat_text(seat)} {card_text(card)} swap: the {before} at {cell_text(cell)} trades places with "
                    f"the {partner} at {cell_text(other)}, then decays {change_text(before, after)}.")
        case Unplayed(seat, card):
            return f"{seat_text(seat)} lost Initiative and discards {card_text(card)} without resolving it."
        case Penalty(seat, cell, before, after):
            return f"Hardcore penalty: {seat_text(seat)}'s die at {cell_text(cell)} goes {before}→{after}."
        case Favor(seat, cell, before, after):
            return f"Adversary Favor: {seat_text(seat)}'s die at {cell_text(cell)} goes {before}→{after}."
    return repr(event)


def _initiative_text(event: Revealed) -> str:
    cards, reveal, winner = event
    if len(cards) == 1:
        mine, theirs = card_text(cards[0]), card_text(reveal)
        if winner == 0:
            return f"Initiative: P1's {mine} beats the deck's {theirs}; P1 resolves Column 4."
        return f"Initiative: the deck's {theirs} beats P1's {mine}; P1 loses Initiative."
    win, lose = cards[winner], cards[1 - winner]
    why = ("higher rank" if RANK_OF[win] != RANK_OF[lose]
           else f"same rank, {suit_name(win)} outrank {suit_name(lose)}")
    return (f"Initiative: {seat_text(winner)}'s {card_text(win)} beats {seat_text(1 - winner)}'s {card_text(lose)} "
            f"({why}); {seat_text(winner)} resolves Column 4.")


def log(state: State, viewer: int | None = None) -> list[str]:
    """Readable events so far, oldest first. The same for every ``viewer``: the log never
    names a dealt or programmed card before it is revealed (Initiative) or resolves."""
    return [event_text(e) for e in oldest_first(state.events)]


# --- the board ----------------------------------------------------------------------------

def describe(state: State, viewer: int | None = None) -> str:
    """The grids (used dice starred, spent columns marked x), the cards and what happens
    next. ``viewer=None`` shows every hand and program; a seat sees its own cards and,
    of another's program, only the cards revealed so far."""
    lines = [f"Zero Grid — hand {state.hand_no}, deck {len(state.deck)}, discard {len(state.discard)}, "
             f"reshuffles {state.reshuffles}"]
    for seat, grid in enumerate(state.grids):
        spent = state.spent[seat] if state.spent else 0
        head = "  ".join(f"C{c + 1}{'x' if (spent >> c) & 1 else ' '}" for c in range(4))
        lines.append(f"{seat_text(seat)}: removed {removed(grid)}, Column 4 pips {column_4_pips(grid)}")
        lines.append("      " + head)
        for row in range(4):
            cells = []
            for col in range(4):
                cell = col * 4 + row
                pip = grid[cell]
                mark = "*" if state.used and (state.used[seat] >> cell) & 1 else " "
                cells.append(f" {pip if pip else '.'}{mark} ")
            lines.append(f"  R{row + 1}  " + " ".join(cells))
        lines += _cards_lines(state, seat, viewer)
    if state.phase == OVER:
        lines.append(f"Game over ({state.end}).")
    elif state.phase == PROGRAM:
        lines.append(f"{seat_text(state.seat)} to program Columns 1–3 and Initiative.")
    else:
        card, power_cell, move_cell = state.ctx
        grid = state.grids[state.seat]
        options = [f"Movement would move the {grid[move_cell]} at {cell_text(move_cell)}"]
        if power_cell >= 0:
            options.insert(0, f"{suit_name(card).title()} would act on the {grid[power_cell]} at {cell_text(power_cell)}")
        lines.append(f"{seat_text(state.seat)} to resolve {card_text(card)} (programmed to Column {state.step + 1}): "
                     + "; ".join(options) + ".")
    return "\n".join(lines)


def _revealed(state: State, seat: int, index: int) -> bool:
    """Whether card ``index`` (Columns 1–3, then Initiative) of ``seat``'s program is face
    up: Initiative cards from the reveal on, column cards once they start to resolve
    (players resolve in seat order, each from Column 1)."""
    if state.phase != RESOLVE:
        return False
    return index == 3 or seat < state.seat or (seat == state.seat and index <= state.step)


def _cards_lines(state: State, seat: int, viewer: int | None) -> list[str]:
    """``seat``'s hand or program as ``viewer`` may see it (None: a designer sees all)."""
    seen = viewer is None or viewer == seat
    if state.phase == OVER or not state.hands:
        return []
    if seat >= len(state.programs):
        hand = " ".join(card_text(c) for c in state.hands[seat]) if seen else card_count(len(state.hands[seat]))
        return [f"  hand: {hand}"]
    program = [card_text(c) if seen or _revealed(state, seat, i) else "a face-down card"
               for i, c in enumerate(state.programs[seat])]
    return [f"  programmed: C1 {program[0]}, C2 {program[1]}, C3 {program[2]}, initiative {program[3]}"]
