"""Shared deck fixtures: the shipped files and a hand-made textbook deck with margin.

The textbook deck meets every property with room to spare (rank correlation near 0.9,
no mixed card, one same-rank card), so each test can break exactly one property and
expect exactly that failure, whatever deck the project ships.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.deck import Card, parse_deck
from generator.content.deck_rules import DeckRules, load_rules

ROOT = Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "content" / "multisuit"
SHIPPED_DECK = GAME_DIR / "deck.csv"
SHIPPED_RULES = GAME_DIR / "deck-rules.yaml"

TEXTBOOK = """\
id,spades,diamonds,clubs
1,A,K,A
2,A,A,K
3,K,A,K
4,K,K,A
5,K,J,J
6,K,K,J
7,Q,J,J
8,J,K,Q
9,J,Q,K
10,J,J,J
11,J,J,K
12,10,10,9
13,10,9,10
14,9,10,10
15,9,9,10
16,10,9,9
17,8,8,7
18,8,7,8
19,7,8,8
20,8,7,7
21,7,8,6
22,6,7,8
23,7,6,5
24,6,5,7
25,5,6,6
26,6,4,5
27,4,5,4
28,5,4,6
29,8,6,-
30,-,7,6
31,7,-,5
32,5,5,-
33,4,-,4
34,-,4,5
35,6,-,-
36,-,-,4
"""


@pytest.fixture(scope="session")
def rules() -> DeckRules:
    return load_rules(SHIPPED_RULES)


@pytest.fixture
def textbook() -> list[Card]:
    return list(parse_deck(TEXTBOOK).cards)


@pytest.fixture(scope="session")
def shipped_deck() -> Path:
    return SHIPPED_DECK


@pytest.fixture(scope="session")
def shipped_rules() -> Path:
    return SHIPPED_RULES


@pytest.fixture
def textbook_text() -> str:
    return TEXTBOOK


@pytest.fixture(scope="session")
def textbook_deck() -> tuple[Card, ...]:
    """The textbook deck, immutable, for property tests that run many inputs."""
    return parse_deck(TEXTBOOK).cards
