"""Multisuit's cards as data: the deck, its notation, and fast lookup tables.

A card is one entry of the deck: ``(id, (spades, diamonds, clubs))`` with each rank an
int 4..14 (J=11, Q=12, K=13, A=14) or ``None`` for the hyphen. Inside the engine a card
is its index in the deck (0..35) and a hand is a bitmask of indexes, so following suit
is a couple of ``&`` operations. :class:`Table` holds everything derived from one deck
and is shared, never copied, by every state that plays with that deck.

The notation writes a card as its three ranks with the suit symbols, always in the
order spades, diamonds, clubs: ``A♠K♦10♣``, ``6♠-♦4♣``. Letters work when typing:
``As Kd 10c`` or ``AsKd10c``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Sequence

from .base import SetupError

#: Seats clockwise; partners sit opposite (North-South against East-West).
SEATS: tuple[str, ...] = ("North", "East", "South", "West")
TEAMS: tuple[str, ...] = ("North-South", "East-West")
#: The three suits in marker order; a card's ranks always follow this order.
SUITS: tuple[str, ...] = ("spades", "diamonds", "clubs")
SYMBOLS: tuple[str, ...] = ("♠", "♦", "♣")
#: Ranks low to high, as the faces show them.
RANKS: tuple[str, ...] = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_VALUE: dict[str, int] = {label: value for value, label in enumerate(RANKS, start=4)}
RANK_LABEL: dict[int, str] = {value: label for label, value in RANK_VALUE.items()}
HYPHEN = "-"
#: What each suit holds of the top ranks (rank value -> count), per the deck's make-up.
TOP_RANKS: dict[int, int] = {14: 2, 13: 4, 12: 1, 11: 4}
DECK_SIZE = 36
HAND_SIZE = 9

Ranks = tuple[int | None, int | None, int | None]
DeckCard = tuple[Any, Ranks]

_SUIT_CHARS = {"♠": 0, "s": 0, "♦": 1, "d": 1, "♣": 2, "c": 2, "♥": -1}
_CARD_PART = re.compile(r"\s*(10|[4-9]|[JQKA]|-)\s*([♠♦♣sdc])", re.IGNORECASE)
_SUIT_WORDS = {"spades": 0, "spade": 0, "♠": 0, "s": 0, "diamonds": 1, "diamond": 1, "♦": 1, "d": 1,
               "clubs": 2, "club": 2, "♣": 2, "c": 2}


def rank_label(rank: int | None) -> str:
    """``14`` -> ``A``; ``None`` -> ``-`` (the hyphen printed for a missing rank)."""
    return HYPHEN if not rank else RANK_LABEL[rank]


def card_text(ranks: Sequence[int | None]) -> str:
    """``(14, 13, None)`` -> ``A♠K♦-♣``."""
    return "".join(rank_label(r) + sym for r, sym in zip(ranks, SYMBOLS))


def parse_card(text: str) -> Ranks:
    """``A♠K♦-♣`` (or ``As Kd -c``) -> ``(14, 13, None)``; ValueError says what is wrong."""
    ranks: list[int | None] = [None, None, None]
    seen: list[int] = []
    pos = 0
    body = text.strip()
    while pos < len(body):
        match = _CARD_PART.match(body, pos)
        if not match:
            raise ValueError(f"cannot read card {text!r}: write its three ranks like A♠K♦10♣ (- for no rank)")
        suit = _SUIT_CHARS[match.group(2).lower() if match.group(2) in "sdcSDC" else match.group(2)]
        label = match.group(1).upper()
        ranks[suit] = None if label == HYPHEN else RANK_VALUE[label]
        seen.append(suit)
        pos = match.end()
    if sorted(seen) != [0, 1, 2]:
        raise ValueError(f"card {text!r} must name each of ♠ ♦ ♣ exactly once (- for no rank)")
    return ranks[0], ranks[1], ranks[2]


def parse_suit(text: str) -> int:
    """``diamonds`` / ``♦`` / ``d`` -> 1."""
    try:
        return _SUIT_WORDS[text.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown suit {text!r}; the markers are spades, diamonds and clubs") from None


def _read_rank(cell: str, where: str) -> int | None:
    cell = cell.strip().upper()
    if cell == HYPHEN:
        return None
    if cell not in RANK_VALUE:
        raise SetupError(f"{where}: rank {cell!r} is not one of {', '.join(RANKS)} or -")
    return RANK_VALUE[cell]


def read_deck_csv(path: Path) -> tuple[DeckCard, ...]:
    """The deck in ``path`` (header ``id,spades,diamonds,clubs``), read with no other
    Pipworks module so the rules stay independent of the deck designer's tools."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not lines or [h.strip() for h in lines[0].split(",")] != ["id", *SUITS]:
        raise SetupError(f"{path}: the first line must be 'id,spades,diamonds,clubs'")
    deck: list[DeckCard] = []
    for number, line in enumerate(lines[1:], start=2):
        cells = line.split(",")
        if len(cells) != 4:
            raise SetupError(f"{path}:{number}: expected 4 fields, found {len(cells)}")
        ident: Any = cells[0].strip()
        ident = int(ident) if ident.isdigit() else ident
        ranks = tuple(_read_rank(c, f"{path}:{number}") for c in cells[1:])
        deck.append((ident, ranks))  # type: ignore[arg-type]
    return tuple(deck)


def shipped_deck_path() -> Path:
    import generator

    return Path(generator.__file__).resolve().parents[1] / "content" / "multisuit" / "deck.csv"


@lru_cache(maxsize=1)
def shipped_deck() -> tuple[DeckCard, ...]:
    """Pipworks' own deck, read once, when a game first needs it."""
    path = shipped_deck_path()
    if not path.is_file():
        raise SetupError(f"no Multisuit deck at {path}; pass setup={{'deck': ...}} to new_game")
    return read_deck_csv(path)


def normalise_deck(cards: Iterable[Any]) -> tuple[DeckCard, ...]:
    """Accept ``(id, ranks)`` pairs or objects with ``.id`` and ``.ranks`` (the deck
    module's Card), giving plain hashable pairs."""
    out: list[DeckCard] = []
    for card in cards:
        ident, ranks = (card.id, card.ranks) if hasattr(card, "ranks") else card
        ranks = tuple(None if r in (None, 0) else int(r) for r in ranks)
        if len(ranks) != 3:
            raise SetupError(f"card {ident!r} must have a rank (or None) for each of spades, diamonds, clubs")
        out.append((ident, ranks))  # type: ignore[arg-type]
    return tuple(out)


def check_deck(deck: Sequence[DeckCard]) -> None:
    """Refuse a deck the rules do not describe: 36 cards, unique ids, ranks 4..A, at
    least one rank per card, and in each suit 2 aces, 4 kings, 1 queen and 4 jacks."""
    problems: list[str] = []
    if len(deck) != DECK_SIZE:
        problems.append(f"the deck has {len(deck)} cards, the rules need {DECK_SIZE}")
    ids = [ident for ident, _ in deck]
    if len(set(ids)) != len(ids):
        problems.append("card ids repeat")
    for ident, ranks in deck:
        if all(r is None for r in ranks):
            problems.append(f"card {ident!r} has no rank in any suit")
        bad = [r for r in ranks if r is not None and r not in RANK_LABEL]
        if bad:
            problems.append(f"card {ident!r} has ranks outside 4..A: {bad}")
    for s, suit in enumerate(SUITS):
        for rank, need in TOP_RANKS.items():
            have = sum(1 for _, ranks in deck if ranks[s] == rank)
            if have != need:
                problems.append(f"{suit} has {have} × {RANK_LABEL[rank]}, the rules need {need}")
    if problems:
        raise SetupError("not a Multisuit deck: " + "; ".join(problems))


@dataclass(frozen=True)
class Give:
    """Set a card aside for the exchange (it goes to your partner)."""

    card: int


@dataclass(frozen=True)
class Lead:
    """Lead a card onto the marker of ``suit`` (0 spades, 1 diamonds, 2 clubs)."""

    card: int
    suit: int


@dataclass(frozen=True)
class Follow:
    """Play a card to a trick someone else led."""

    card: int


Action = Give | Lead | Follow


class Table:
    """Everything derived from one deck, built once and shared by reference.

    ``rank[s][c]`` is card c's rank in suit s (0 = hyphen); ``in_suit[s]`` the mask of
    cards with a rank in s; ``at_least[s][r]`` the mask of cards whose rank in s is r or
    higher, which is exactly the "match or beat the best so far" set. Actions are made
    once here so ``legal_actions`` only picks them out instead of building them.
    """

    def __init__(self, deck: tuple[DeckCard, ...]):
        self.deck = deck
        self.size = len(deck)
        self.full = (1 << self.size) - 1
        self.ids = tuple(ident for ident, _ in deck)
        self.rank = tuple(tuple(ranks[s] or 0 for _, ranks in deck) for s in range(3))
        self.text = tuple(card_text(ranks) for _, ranks in deck)
        self.in_suit = tuple(sum(1 << c for c in range(self.size) if self.rank[s][c]) for s in range(3))
        self.at_least = tuple(
            tuple(sum(1 << c for c in range(self.size) if self.rank[s][c] >= max(r, 1)) for r in range(16))
            for s in range(3)
        )
        self.give = tuple(Give(c) for c in range(self.size))
        self.follow = tuple(Follow(c) for c in range(self.size))
        self.lead = tuple(tuple(Lead(c, s) for c in range(self.size)) for s in range(3))
        #: cards with the same three ranks are the same card in play; only the first
        #: of such twins is offered, so every action's text names exactly one action.
        first: dict[str, int] = {}
        for c, text in enumerate(self.text):
            first.setdefault(text, c)
        self.has_twins = len(first) != self.size
        self.by_text = first
        self.index = {ident: c for c, ident in enumerate(self.ids)}
        if self.size > CHUNK * CHUNKS:
            raise SetupError(f"a deck of {self.size} cards is too large (at most {CHUNK * CHUNKS})")
        self.give_chunks = _chunked([(g,) for g in self.give])
        self.follow_chunks = _chunked([(f,) for f in self.follow])
        self.lead_chunks = _chunked([tuple(self.lead[s][c] for s in range(3) if self.rank[s][c]) for c in range(self.size)])


#: Hands are read CHUNK cards at a time: every subset of a chunk has its actions ready,
#: so listing a hand's actions is four lookups instead of a loop over its cards.
CHUNK, CHUNKS = 9, 4


def _chunked(per_card: list[tuple]) -> tuple[tuple[tuple, ...], ...]:
    """For each chunk of CHUNK cards, subset mask -> the actions of those cards in order."""
    chunks = []
    for k in range(CHUNKS):
        subsets: list[tuple] = [()]
        for mask in range(1, 1 << CHUNK):
            low = mask & -mask
            card = k * CHUNK + low.bit_length() - 1
            mine = per_card[card] if card < len(per_card) else ()
            subsets.append(mine + subsets[mask ^ low])
        chunks.append(tuple(subsets))
    return tuple(chunks)


def chunk_actions(chunks: tuple[tuple[tuple, ...], ...], mask: int) -> list:
    """The actions of every card in ``mask``, lowest card first."""
    c0, c1, c2, c3 = chunks
    return [*c0[mask & 511], *c1[mask >> 9 & 511], *c2[mask >> 18 & 511], *c3[mask >> 27]]


@lru_cache(maxsize=8)
def table_for(deck: tuple[DeckCard, ...]) -> Table:
    return Table(deck)


def cards_of(mask: int) -> list[int]:
    """Card indexes in a hand mask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def dedupe_twins(table: Table, mask: int) -> int:
    """``mask`` keeping one card of each set of identical cards (the lowest index)."""
    if not table.has_twins:
        return mask
    seen: set[str] = set()
    out = 0
    for c in cards_of(mask):
        if table.text[c] not in seen:
            seen.add(table.text[c])
            out |= 1 << c
    return out
