"""Dice Lanes content: every term and number of the rule source is in the structured content.

The source (shared/seeds/001_fcdc7134ae966e48.txt) is the authority; these tests read the
loaded, validated content (not the raw file) so a rule that went missing or a number that
changed is caught before it reaches a printed board or a rulebook.
"""

from __future__ import annotations

from generator.content.reference import reference_lines
import re
from pathlib import Path

import pytest

from generator.content.checks import rule_ids
from generator.content.project import load_project

from .helpers import section

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT.parent / "shared" / "RULINGS.md"


@pytest.fixture(scope="module")
def game():
    return load_project(ROOT, only=["dice-lanes"]).games["dice-lanes"]


@pytest.fixture(scope="module")
def content(game):
    return game.content


def all_text(content) -> str:
    """Every prose string of the game, lower-cased, for term checks."""
    parts: list[str] = [content.overview, content.tagline]
    for s in content.all_sections():
        parts += [s.title, s.text, *s.items]
    for v in content.variants:
        parts += [v.name, v.text, *v.items]
    parts += [q.text for q in reference_lines(content)]
    parts += [f"{c.question} {c.ruling}" for c in content.clarifications]
    parts += [f"{g.term} {g.definition}" for g in content.glossary]
    parts += [f"{c.name} {c.description}" for c in content.components]
    return " ".join(parts).lower()


def section_text(content, ident) -> str:
    s = section(content, ident)
    return " ".join([s.title, s.text, *s.items]).lower()


def test_title_is_a_working_title_and_no_designer_is_invented(content) -> None:
    assert content.title == "Dice Lanes" and content.working_title
    assert content.designer is None  # the source names none
    assert (content.players.min, content.players.max) == (2, 2)


def test_the_five_lane_positions_in_order(content) -> None:
    """The board data lists the slots from Player 1's end to Player 2's."""
    assert content.data["slots"] == ["P1 Draw 2", "P1 Draw 1", "Center", "P2 Draw 1", "P2 Draw 2"]
    assert content.data["lanes"] == 3
    items = [i.lower() for i in section(content, "board").items]
    assert [("player 1" in i, "player 2" in i) for i in items] == [(1, 0), (1, 0), (0, 0), (0, 1), (0, 1)]
    assert ["draw 2" in i for i in items] == [True, False, False, False, True]
    assert "center" in items[2]


def test_24_card_deck_of_ace_to_six(content) -> None:
    deck = next(c for c in content.components if c.id == "game-deck")
    assert deck.count == 24 and deck.per_suit == 6 and not deck.printed
    assert content.suits == ["hearts", "diamonds", "spades", "clubs"]
    assert content.data["deck_ranks"] == ["A", "2", "3", "4", "5", "6"]
    assert "24" in section_text(content, "setup-deck") and "28" in section_text(content, "setup-deck")
    assert "shuffle" in section_text(content, "setup-deck")


def test_dice_counts_and_rounds_for_both_games(content) -> None:
    dice = {c.id: c.count for c in content.components}
    assert dice["dice"] == 9 and dice["dice"] + dice["extra-dice"] == 12
    assert content.data["dice"] == {"standard": 9, "extended": 12}
    assert content.data["rounds"] == {"standard": 3, "extended": 4}
    assert "3 rounds" in section_text(content, "game-length")
    extended = next(v for v in content.variants if v.id == "extended-game")
    assert "4 rounds" in extended.text and "12 dice" in extended.text


def test_setup_rolls_three_dice_into_the_centers_and_deals_four(content) -> None:
    dice_text = section_text(content, "setup-dice")
    assert "3 dice" in dice_text and "center" in dice_text and "roll" in dice_text
    assert "4 cards" in section_text(content, "setup-deal")
    assert content.data["hand_size"] == 4
    deal = content.deals[0]
    assert (deal.players, deal.deck, deal.hand, deal.draw_pile) == (2, 24, 4, True)
    assert "random" in section_text(content, "setup-start-player")


def test_program_counts_one_card_per_active_lane(content) -> None:
    text = section_text(content, "program")
    for n in ("3 cards each while 3 dice", "2 each with 2 dice", "1 each with 1 die", "any order"):
        assert n in text
    assert "round is over" in section_text(content, "program-short")


def test_resolve_order_lists_both_starts(content) -> None:
    items = section(content, "resolve-order").items
    assert "P1 lane 1, P2 lane 3, P1 lane 2, P2 lane 2, P1 lane 3, P2 lane 1" in items[0]
    assert "P2 lane 3, P1 lane 1, P2 lane 2, P1 lane 2, P2 lane 1, P1 lane 3" in items[1]
    assert "skipped" in section_text(content, "resolve-order")


def test_card_actions_draw_and_the_draw_slot_2_limit(content) -> None:
    actions = section_text(content, "card-actions")
    assert "never does both" in actions and "discarded" in actions
    draw = section_text(content, "draw")
    assert "equals the pips" in draw and "one slot toward" in draw and "no further than your draw 2" in draw


@pytest.mark.parametrize(
    "suit, ident, words",
    [
        ("hearts", "suit-hearts", ["add 1 pip", "stays a 6"]),
        ("diamonds", "suit-diamonds", ["take 1 pip", "stays a 1"]),
        ("spades", "suit-spades", ["opposite side"]),
        ("clubs", "suit-clubs", ["swap places", "keep the pips", "only active one", "does nothing"]),
    ],
)
def test_each_suit_power(content, suit, ident, words) -> None:
    text = section_text(content, ident)
    for word in words:
        assert word in text, f"{ident}: {word!r} missing"
    assert content.data["suit_effects"][suit]["name"].lower() in text


def test_claim_refill_and_round_end(content) -> None:
    claim = section_text(content, "claim-check")
    assert "draw 2 is claimed" in claim and "stay in play" in claim
    refill = section_text(content, "refill")
    assert "4 cards" in refill and "same number" in refill and "fewer than 2" in refill
    assert "start passes to the opponent" in section_text(content, "next-start-player")
    assert "3 dice is claimed" in section_text(content, "round-end")
    final = section_text(content, "final-claim")
    for phrase in ("draw 2 is claimed", "draw 1 stays", "rolled again", "fresh die from the pool"):
        assert phrase in final
    assert "all 24 cards" in section_text(content, "next-round")


def test_scoring_dice_first_then_pips_then_shared(content) -> None:
    text = section_text(content, "scoring")
    assert "more claimed dice wins" in text and "higher total wins" in text and "share the victory" in text
    assert "number of dice always counts before the pips" in text


def test_key_terms_of_the_source_appear(content) -> None:
    text = all_text(content)
    for term in ("start player", "draw pile", "dice pool", "scoring area", "claim check", "active lane",
                 "increase", "decrease", "flip", "swap", "match", "hand", "round"):
        assert term in text, term


def dice_lanes_rulings() -> list[str]:
    """The titles (italic openers) of the Dice Lanes part of RULINGS.md."""
    part = RULINGS.read_text(encoding="utf-8").split("## Dice Lanes", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\d+\.\s+\*([^*]+)\*", part, flags=re.M)


#: RULINGS.md entry title -> the clarification that restates it.
RULING_CLARIFICATION = {
    "Seating and lanes:": "seating-and-lanes",
    "Resolve order:": "resolve-order-exact",
    "Draw from the opponent's side:": "draw-from-opponent-side",
    "Clubs swap": "clubs-whole-position",
    "Dice pool exhausted:": "dice-pool-exhausted",
    "New round:": "new-round-reshuffle",
    "Cards follow lanes, not dice:": "cards-follow-lanes",
}


def test_every_ruling_is_a_clarification(content) -> None:
    titles = dice_lanes_rulings()
    assert titles, "the Dice Lanes part of RULINGS.md was not found"
    assert sorted(titles) == sorted(RULING_CLARIFICATION), "RULINGS.md changed: map each entry to a clarification"
    clar = {c.id: c for c in content.clarifications}
    for title, ident in RULING_CLARIFICATION.items():
        assert ident in clar, f"ruling {title!r} has no clarification {ident!r}"
        assert clar[ident].origin == "RULINGS.md"
    ours = [c for c in content.clarifications if c.origin == "ours"]
    assert len(ours) >= 5 and any(c.id == "play-time-estimate" for c in ours)


def test_quickref_glossary_and_clarification_refs_resolve(game, content) -> None:
    ids = rule_ids(game)
    refs = [q.rule for q in reference_lines(content)] + [g.rule for g in content.glossary]
    refs += [c.rule for c in content.clarifications] + [v.rule for v in content.variants]
    assert all(r in ids for r in refs if r), [r for r in refs if r and r not in ids]
    assert all(q.rule for q in reference_lines(content)), "every quick-reference line points at its rule"
    assert {q.suit for q in reference_lines(content) if q.suit} == set(content.suits)


def test_printed_components_are_the_board_quickref_and_score_pad(content) -> None:
    printed = {c.id for c in content.components if c.printed}
    assert printed == {"lane-board", "quick-reference", "score-pad"}
    assert next(c for c in content.components if c.id == "score-pad").optional
