"""What the Multisuit tests share: the engine built from the shipped content, and a
valid deck of our own so whole deals do not depend on the shipped deck's design."""

from __future__ import annotations

from generator.games import find_game
from generator.games.multisuit.engine import MultisuitEngine
from generator.games.multisuit.examples import example_state, outcomes
from generator.games.multisuit.notation import parse_card
from generator.games.multisuit.state import table_for
from generator.rules.base import play_lines

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


def invented_table(position: dict, numbers=NUMBERS):  # type: ignore[no-untyped-def]
    """A deck of exactly the cards ``position`` names, topped up to 36 with blank
    stand-ins (no rank in any suit: they never win nor bind anyone), so a rules test
    can play any card it likes. Worked examples use the printed deck instead."""
    named = []
    for cards in (position.get("hands") or {}).values():
        for card in cards:
            try:
                named.append(parse_card(numbers, str(card)))
            except ValueError:
                pass  # unreadable: example_state says so
    deck = tuple((n + 1, ranks) for n, ranks in enumerate(named + [(None, None, None)] * (36 - len(named))))
    return table_for(numbers, deck, TABLE.make_up)


def run(position: dict, play: list[str], variants: tuple[str, ...] = ()) -> dict:
    """A worked example's outcomes from a position of invented cards (``invented_table``),
    its moves played without the check of positions (which has tests of its own); with
    ``playable``, the cards the legal moves name, in order."""
    table = invented_table(position)
    state, named = example_state(table, position, variants)
    state = play_lines(state, play, GAME.parse_action, GAME.apply)
    out = outcomes(state, named, 0)
    out["playable"] = list(dict.fromkeys(move.split()[2] for move in out["legal"]))
    return out
