"""Reading and writing deck files: round trips, and every malformed row named by line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from generator.content.deck import Card, DeckFormatError, format_deck, parse_deck, read_deck, write_deck

ranks = st.one_of(st.none(), st.integers(min_value=4, max_value=14))
cards = st.lists(st.tuples(ranks, ranks, ranks), max_size=40).map(
    lambda rows: tuple(Card(i + 1, row) for i, row in enumerate(rows)))


@settings(max_examples=60, deadline=None)
@given(cards)
def test_written_deck_reads_back_the_same(deck: tuple[Card, ...]) -> None:
    assert parse_deck(format_deck(deck)).cards == deck


def test_read_and_write_a_file(tmp_path: Path, textbook_text: str) -> None:
    source = tmp_path / "deck.csv"
    source.write_text(textbook_text)
    deck = read_deck(source)
    assert deck[0] == Card(1, (14, 13, 14))
    assert deck[0].label("diamonds") == "K" and deck[-1].label("spades") == "-"
    assert deck[-1].suits == ("clubs",)
    copy = write_deck(tmp_path / "copy.csv", deck)
    assert copy.read_text() == textbook_text


def test_lines_point_at_rows(textbook_text: str) -> None:
    deck = parse_deck(textbook_text)
    assert deck.lines[1] == 2 and deck.lines[36] == 37


def test_bad_header_is_named() -> None:
    with pytest.raises(DeckFormatError) as err:
        parse_deck("id,hearts,diamonds,clubs\n1,4,5,6\n")
    assert err.value.problems == [(1, "header must be id,spades,diamonds,clubs, got id,hearts,diamonds,clubs")]


def test_every_bad_row_is_named_with_its_line() -> None:
    text = "id,spades,diamonds,clubs\n1,4,5,6\n2,B,5,6\nx,4,5,6\n1,7,7,8\n4,5,6\n"
    with pytest.raises(DeckFormatError) as err:
        parse_deck(text)
    assert err.value.problems == [
        (3, "spades rank 'B' is not one of 4..10, J, Q, K, A or -"),
        (4, "card id must be a whole number, got 'x'"),
        (5, "card id 1 is used twice (first at line 2)"),
        (6, "expected 4 columns (id,spades,diamonds,clubs), got 3"),
    ]
