"""What the Multisuit tests share: the engine built from the shipped content, and a
valid deck of our own so whole deals do not depend on the shipped deck's design."""

from __future__ import annotations

from generator.games import find_game
from generator.games.multisuit.engine import MultisuitEngine

ENGINE = find_game("multisuit")
assert isinstance(ENGINE, MultisuitEngine)
GAME: MultisuitEngine = ENGINE
NUMBERS = GAME.numbers
TABLE = GAME.table

NS, EW = "North-South", "East-West"

# id, spades, diamonds, clubs: 2 A, 4 K, 1 Q, 4 J in every suit; hyphens on low cards.
TEST_DECK_ROWS = """
1 K J A|2 J K A|3 A 10 K|4 K K J|5 J A Q|6 J A J|7 A 9 J|8 K Q 9|9 Q 9 K|10 K J 9|11 9 K J|12 9 J K
13 10 9 K|14 J J 9|15 7 K 8|16 10 8 6|17 8 8 8|18 7 7 10|19 5 6 7|20 6 7 4|21 5 5 7|22 5 6 5|23 4 6 5
24 5 5 4|25 5 4 4|26 4 4 5|27 7 - 8|28 - 8 7|29 8 - 6|30 6 7 -|31 6 5 -|32 - 5 6|33 4 5 -|34 - 4 5
35 8 - -|36 - - 5
"""
VALUES = {"J": 11, "Q": 12, "K": 13, "A": 14, "-": None}


def _deck() -> tuple:
    cards = []
    for row in TEST_DECK_ROWS.replace("\n", "|").split("|"):
        if row.strip():
            ident, *ranks = row.split()
            cards.append((int(ident), tuple(VALUES[r] if r in VALUES else int(r) for r in ranks)))
    return tuple(cards)


#: (id, rank values) pairs as a deck file holds them (4..14, None for the hyphen).
TEST_DECK = _deck()


def run(position: dict, play: list[str], variants: tuple[str, ...] = ()) -> dict:
    return dict(GAME.run_example(position, play, variants))
