"""Zero Grid cards, grid cells and their notation (design: David McDougal).

A card is a small int ``(rank - 2) * 4 + suit`` with suits numbered by their Initiative
strength (Clubs 0, Diamonds 1, Hearts 2, Spades 3), so comparing two cards as ints is
exactly the Initiative comparison: rank first (ace high, two low), then suit order
Spades, Hearts, Diamonds, Clubs. Face cards (J, Q, K, A) are the ints 36..51.

A grid is a tuple of 16 pips indexed ``column * 4 + row`` (columns and rows counted from
0 here, from 1 in text: ``C2R1`` is column 2, top row); 0 is an empty space.
"""

from __future__ import annotations

import re

from .base import IllegalAction

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
#: Suit names by suit number; also the Initiative order from weakest to strongest.
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
SUIT_LETTERS = {"c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES, "♣": CLUBS, "♦": DIAMONDS, "♥": HEARTS, "♠": SPADES}
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_WORDS = {"t": 10, "j": 11, "q": 12, "k": 13, "a": 14, "jack": 11, "queen": 12, "king": 13, "ace": 14}
#: First face card: Jack of Clubs. Cards from here on may only use their suit power.
FIRST_FACE = (11 - 2) * 4
DECK: tuple[int, ...] = tuple(range(52))

_CARD = re.compile(r"^\s*(10|[2-9]|[tjqka]|jack|queen|king|ace)\s*(?:of\s+)?([cdhs♣♦♥♠]|clubs|diamonds|hearts|spades)\s*$", re.I)


def make_card(rank: int, suit: int) -> int:
    """The card of ``rank`` (2..14, ace 14) and ``suit`` (CLUBS..SPADES)."""
    return (rank - 2) * 4 + suit


def rank_of(card: int) -> int:
    return card // 4 + 2


def suit_of(card: int) -> int:
    return card & 3


def is_face(card: int) -> bool:
    """J, Q, K and A must use their suit power (no Movement)."""
    return card >= FIRST_FACE


def card_text(card: int) -> str:
    """``7♥``, ``10♦``, ``A♠``."""
    return RANK_NAMES[card >> 2] + SUIT_SYMBOLS[card & 3]


def parse_card(text: str) -> int:
    """The card ``text`` names: ``7♥``, ``10d``, ``TD``, ``Q of spades``..."""
    match = _CARD.match(str(text))
    if not match:
        raise IllegalAction(f"{text!r} is not a card (write it like 7♥, 10♦, K♠ or 7H)")
    rank_word, suit_word = match[1].lower(), match[2].lower()
    rank = RANK_WORDS[rank_word] if rank_word in RANK_WORDS else int(rank_word)
    suit = SUIT_LETTERS[suit_word[0]] if suit_word[0] in SUIT_LETTERS else SUIT_NAMES.index(suit_word)
    return make_card(rank, suit)


def cell_text(cell: int) -> str:
    """``C2R1``: column 2, top row."""
    return f"C{cell // 4 + 1}R{cell % 4 + 1}"


def seat_text(seat: int) -> str:
    return f"P{seat + 1}"


def parse_seat(text: str, players: int) -> int:
    match = re.fullmatch(r"\s*[Pp](?:layer\s*)?(\d)\s*", str(text))
    if not match or not 1 <= int(match[1]) <= players:
        names = ", ".join(seat_text(s) for s in range(players))
        raise IllegalAction(f"{text!r} is not a player here; players are {names}")
    return int(match[1]) - 1


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


def grid_columns(grid: tuple[int, ...]) -> list[list[int]]:
    """Four columns of four pips, top to bottom (0 = empty space)."""
    return [list(grid[c * 4:c * 4 + 4]) for c in range(4)]
