"""Reading and writing a Multisuit deck file (``deck.csv``): the one reader of that format.

The rules engine, the printed faces and the deck tool (``pipworks deck``) all read a
deck through this module, so the deck's composition is content with one source. The file is one row per card: ``id,spades,diamonds,clubs``, each rank written as a
designer writes it on a face (``4``..``10``, ``J``, ``Q``, ``K``, ``A``) or ``-`` where
the card has no rank in that suit. Ranks are held as ints 4..14 so that comparisons in
checks, engines and charts are plain arithmetic; ``None`` is a missing rank.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Iterable, Sequence
from ..scene import frozen

#: The suits of the deck in column order; every Card.ranks tuple follows this order.
SUITS: tuple[str, ...] = ("spades", "diamonds", "clubs")
HEADER: tuple[str, ...] = ("id", *SUITS)
MISSING = "-"

#: Face label -> rank value, lowest first (4 < 5 < ... < 10 < J < Q < K < A).
RANK_VALUES: dict[str, int] = {str(n): n for n in range(4, 11)} | {"J": 11, "Q": 12, "K": 13, "A": 14}
RANK_LABELS: dict[int, str] = {value: label for label, value in RANK_VALUES.items()}
#: Singular and plural names used in messages ("diamonds has 3 kings, needs 4").
RANK_NAMES: dict[int, tuple[str, str]] = {11: ("jack", "jacks"), 12: ("queen", "queens"), 13: ("king", "kings"), 14: ("ace", "aces")}

Rank = int | None


@frozen
class Card:
    """One playing card: its id and its rank in each suit of ``SUITS`` (None = ``-``)."""

    id: int
    ranks: tuple[Rank, ...]

    def rank(self, suit: str) -> Rank:
        """The card's rank in ``suit`` (None when the face shows a hyphen)."""
        return self.ranks[SUITS.index(suit)]

    def label(self, suit: str) -> str:
        """What the face shows next to ``suit``'s symbol: ``Q``, ``7`` or ``-``."""
        return rank_label(self.rank(suit))

    @property
    def suits(self) -> tuple[str, ...]:
        """The suits this card has a rank in (so it may lead or follow in them)."""
        return tuple(s for s, r in zip(SUITS, self.ranks) if r is not None)

    @property
    def present(self) -> tuple[int, ...]:
        """The ranks the card has, in suit order, without the missing ones."""
        return tuple(r for r in self.ranks if r is not None)

    def __str__(self) -> str:
        return f"{self.id}:" + ",".join(rank_label(r) for r in self.ranks)


def rank_label(rank: Rank) -> str:
    return MISSING if rank is None else RANK_LABELS[rank]


def rank_name(rank: int, count: int) -> str:
    """``(13, 3)`` -> ``kings``; lower ranks are named by their number (``7s``)."""
    if rank in RANK_NAMES:
        return RANK_NAMES[rank][0 if count == 1 else 1]
    return f"{rank}" if count == 1 else f"{rank}s"


class DeckFormatError(Exception):
    """The file is not a deck at all; ``problems`` lists (line, message), every one."""

    def __init__(self, path: Path | None, problems: Sequence[tuple[int | None, str]]):
        self.path = path
        self.problems = list(problems)
        where = f"{path}: " if path else ""
        super().__init__(where + "; ".join(f"line {ln}: {msg}" if ln else msg for ln, msg in self.problems))


@frozen
class DeckFile:
    """A parsed deck plus the line each card came from (for messages that point there)."""

    cards: tuple[Card, ...]
    lines: dict[int, int]


def parse_deck(text: str, path: Path | None = None) -> DeckFile:
    """Parse deck CSV text; raise DeckFormatError listing every malformed row."""
    # Spreadsheet programs start a UTF-8 CSV with a byte-order mark; it is not data.
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    problems: list[tuple[int | None, str]] = []
    if not rows or tuple(c.strip() for c in rows[0]) != HEADER:
        # repr-like: an invisible character in the header shows as an escape.
        got = ",".join(rows[0]).encode("ascii", "backslashreplace").decode() if rows else "an empty file"
        raise DeckFormatError(path, [(1, f"header must be {','.join(HEADER)}, got {got}")])
    cards: list[Card] = []
    lines: dict[int, int] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        card = _parse_row(row, line, problems)
        if card is None:
            continue
        if card.id in lines:
            problems.append((line, f"card id {card.id} is used twice (first at line {lines[card.id]})"))
            continue
        cards.append(card)
        lines[card.id] = line
    if problems:
        raise DeckFormatError(path, problems)
    return DeckFile(tuple(cards), lines)


def _parse_row(row: list[str], line: int, problems: list[tuple[int | None, str]]) -> Card | None:
    cells = [cell.strip() for cell in row]
    if len(cells) != len(HEADER):
        problems.append((line, f"expected {len(HEADER)} columns ({','.join(HEADER)}), got {len(cells)}"))
        return None
    if not cells[0].isdigit():
        problems.append((line, f"card id must be a whole number, got {cells[0]!r}"))
        return None
    ranks: list[Rank] = []
    for suit, cell in zip(SUITS, cells[1:]):
        if cell == MISSING:
            ranks.append(None)
        elif cell.upper() in RANK_VALUES:
            ranks.append(RANK_VALUES[cell.upper()])
        else:
            problems.append((line, f"{suit} rank {cell!r} is not one of 4..10, J, Q, K, A or -"))
            return None
    return Card(int(cells[0]), tuple(ranks))


def read_deck_file(path: Path) -> DeckFile:
    """Read ``path`` keeping each card's line; raises DeckFormatError."""
    from .errors import ContentInvalid
    from .loader import read_text

    try:
        text = read_text(path)
    except ContentInvalid as exc:
        raise DeckFormatError(path, [(e.line, e.message) for e in exc.errors]) from None
    return parse_deck(text, path)


def read_deck(path: Path) -> tuple[Card, ...]:
    """The cards of the deck file at ``path``, in file order."""
    return read_deck_file(path).cards


def format_deck(cards: Iterable[Card]) -> str:
    """The CSV text of ``cards``: same cards -> same bytes (Unix newlines)."""
    out = [",".join(HEADER)]
    out += [",".join([str(card.id), *(rank_label(r) for r in card.ranks)]) for card in cards]
    return "\n".join(out) + "\n"


def write_deck(path: Path, cards: Iterable[Card]) -> Path:
    """Write ``cards`` to ``path`` atomically (a failed write leaves the old file)."""
    from ..atomic import write_text

    write_text(path, format_deck(cards))
    return path
