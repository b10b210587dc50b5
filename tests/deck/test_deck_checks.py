"""Deck checks: the shipped deck has every property; each broken property is named.

Each test starts from a deck with margin (see conftest), breaks one property, and
expects that rule, and only that rule, to fail with a message a designer can act on.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from generator.deck.checks import check_deck
from generator.content.deck import RANK_VALUES, Card, read_deck
from generator.content.deck_rules import DeckRules


def with_ranks(cards: list[Card], card_id: int, **ranks: str) -> list[Card]:
    """``cards`` with card ``card_id`` given new ranks (suit=label, "-" for none)."""
    out = []
    for card in cards:
        if card.id == card_id:
            new = list(card.ranks)
            for suit, label in ranks.items():
                new[("spades", "diamonds", "clubs").index(suit)] = None if label == "-" else RANK_VALUES[label]
            card = Card(card.id, tuple(new))
        out.append(card)
    return out


def failures(cards: list[Card], rules: DeckRules) -> tuple[set[str], list[str]]:
    problems = check_deck(cards, rules)
    return {p.rule for p in problems}, [p.message for p in problems]


def test_shipped_deck_has_every_property(shipped_deck: Path, rules: DeckRules) -> None:
    cards = read_deck(shipped_deck)
    assert len(cards) == 36
    assert check_deck(cards, rules) == []


def test_textbook_deck_has_every_property(textbook: list[Card], rules: DeckRules) -> None:
    assert check_deck(textbook, rules) == []


def test_wrong_deck_size(textbook: list[Card], rules: DeckRules) -> None:
    rule, messages = failures(textbook + [Card(37, (5, 4, 6))], rules)
    assert rule == {"deck_size"}
    assert messages == ["the deck has 37 cards, needs 36"]


def test_missing_king_named_by_suit(textbook: list[Card], rules: DeckRules) -> None:
    rule, messages = failures(with_ranks(textbook, 1, diamonds="10"), rules)
    assert rule == {"per_suit"}
    assert messages == ["diamonds has 3 kings, needs 4"]


def test_extra_ace_and_missing_queen(textbook: list[Card], rules: DeckRules) -> None:
    rule, messages = failures(with_ranks(textbook, 7, spades="A"), rules)
    assert rule == {"per_suit"}
    assert set(messages) == {"spades has 3 aces, needs 2", "spades has 0 queens, needs 1"}


def test_lower_rank_missing_from_a_suit(textbook: list[Card], rules: DeckRules) -> None:
    cards = with_ranks(with_ranks(textbook, 27, spades="5"), 33, spades="5")
    rule, messages = failures(cards, rules)
    assert rule == {"several"}
    assert messages == ["spades has 0 4s, needs at least 1"]


def test_too_few_lower_ranked_cards(textbook: list[Card], rules: DeckRules) -> None:
    strict = replace(rules, words=replace(rules.words, several=replace(rules.words.several, min_lower_cards=22)))
    rule, messages = failures(textbook, strict)
    assert rule == {"several"}
    assert messages == ["diamonds has 21 cards ranked 4–10, needs at least 22"]


def test_not_most_cards_complete(textbook: list[Card], rules: DeckRules) -> None:
    cards = textbook
    for card_id in (17, 18, 19, 20, 21):
        cards = with_ranks(cards, card_id, clubs="-")
    rule, messages = failures(cards, rules)
    assert rule == {"most"}
    assert messages == ["only 23 of 36 cards have a rank in every suit, needs at least 24"]


def test_too_few_cards_lack_a_suit(textbook: list[Card], rules: DeckRules) -> None:
    cards = textbook
    for card_id, ranks in {29: {"clubs": "6"}, 30: {"spades": "6"}, 31: {"diamonds": "5"},
                           32: {"clubs": "5"}, 33: {"diamonds": "5"}, 36: {"spades": "5", "diamonds": "6"}}.items():
        cards = with_ranks(cards, card_id, **ranks)
    rule, messages = failures(cards, rules)
    assert rule == {"some"}
    assert messages == ["only 2 cards lack a rank in some suit, needs at least 3"]


def test_no_card_lacks_two_suits(textbook: list[Card], rules: DeckRules) -> None:
    cards = with_ranks(with_ranks(textbook, 35, clubs="4"), 36, spades="4")
    rule, messages = failures(cards, rules)
    assert rule == {"some"}
    assert messages == ["no card lacks exactly two suits, needs at least one"]


def test_blank_card(textbook: list[Card], rules: DeckRules) -> None:
    rule, messages = failures(with_ranks(textbook, 36, clubs="-"), rules)
    assert rule == {"none_blank"}
    assert messages == ["card 36 has no rank in any suit"]


def test_incomplete_card_with_a_high_rank(textbook: list[Card], rules: DeckRules) -> None:
    rule, messages = failures(with_ranks(textbook, 29, spades="9"), rules)
    assert rule == {"remaining_low"}
    assert messages == ["card 29 lacks clubs but has a 9 in spades (only 4–8 allowed)"]


def test_incomplete_card_with_a_queen(textbook: list[Card], rules: DeckRules) -> None:
    # Swap the spades queen onto a card lacking clubs: counts still hold, the rule does not.
    cards = with_ranks(with_ranks(textbook, 7, spades="8"), 29, spades="Q")
    rule, messages = failures(cards, rules)
    assert "card 29 lacks clubs but has a Q in spades (only 4–8 allowed)" in messages
    assert "remaining_low" in rule and "per_suit" not in rule


def test_suits_that_do_not_correlate(textbook: list[Card], rules: DeckRules) -> None:
    # Deal the clubs of the complete cards back in reverse: high cards get low clubs.
    complete = [c for c in textbook if None not in c.ranks]
    clubs = [c.ranks[2] for c in complete][::-1]
    swapped = {c.id: Card(c.id, (c.ranks[0], c.ranks[1], club)) for c, club in zip(complete, clubs)}
    cards = [swapped.get(c.id, c) for c in textbook]
    rule, messages = failures(cards, rules)
    assert "tend_to" in rule
    assert any(m.startswith("spades and clubs ranks correlate at -") and m.endswith("needs at least 0.75") for m in messages)


def test_weak_correlation_alone(textbook: list[Card], rules: DeckRules) -> None:
    strict = replace(rules, words=replace(rules.words, tend_to=replace(rules.words.tend_to, min_rank_correlation=0.99)))
    rule, messages = failures(textbook, strict)
    assert rule == {"tend_to"}
    assert len(messages) == 3 and all("needs at least 0.99" in m for m in messages)


def test_too_many_mixed_cards(textbook: list[Card], rules: DeckRules) -> None:
    # Trade two clubs jacks for two low clubs: four cards now mix high and low ranks.
    cards = with_ranks(with_ranks(textbook, 5, clubs="7"), 17, clubs="J")
    cards = with_ranks(with_ranks(cards, 7, clubs="8"), 18, clubs="J")
    rule, messages = failures(cards, rules)
    assert rule == {"tend_to"}
    assert messages == ["4 cards mix a high and a low rank (cards 5, 7, 17, 18), at most 2 allowed"]


def test_too_many_same_rank_cards(textbook: list[Card], rules: DeckRules) -> None:
    cards = with_ranks(textbook, 17, clubs="8")
    cards = with_ranks(cards, 20, spades="7")
    cards = with_ranks(cards, 25, spades="6")
    rule, messages = failures(cards, rules)
    assert rule == {"few"}
    assert messages == ["4 cards show the same rank in every suit (cards 10, 17, 20, 25), at most 3 allowed"]
