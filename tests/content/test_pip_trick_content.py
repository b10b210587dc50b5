"""Pip Trick's content says everything its rule source says, and its references hold."""

from __future__ import annotations

from generator.content.reference import reference_lines
from dataclasses import asdict
from pathlib import Path
from typing import Any, Iterator

import pytest

from generator.content.project import load_project
from generator.content.schema import GameContent

ROOT = Path(__file__).resolve().parents[2]

#: The product's rulings for this game (shared/RULINGS.md, "Pip Trick (seed 000)"):
#: its short title there -> our clarification id, the rule it explains, and the engine
#: variant for the other reading (if RULINGS names one).
RULINGS = {
    "Whose dice?": ("whose-dice", "the-middle", None),
    "Hearts on a 6, Diamonds on a 1.": ("change-at-the-limit", "hearts-increase", "middle-die-exempt"),
    '"You may instead take no die action"': ("clubs-may-pass", "clubs-swap", None),
    "Face-down card in a middle place": ("face-down-in-the-middle", "face-down-cards", None),
    "3 players:": ("three-player-leftover", "deal", None),
    "Locking:": ("locking-order", "lock-a-die", None),
}


@pytest.fixture(scope="module")
def game() -> GameContent:
    return load_project(ROOT, only=["pip-trick"]).games["pip-trick"].content


def strings(value: Any) -> Iterator[str]:
    """Every string and number in the content, as text, so key terms can be searched."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)
    elif value is not None:
        yield str(value)


@pytest.fixture(scope="module")
def text(game: GameContent) -> str:
    return "\n".join(strings(asdict(game))).lower()


def section_ids(game: GameContent) -> set[str]:
    return {s.id for s in game.all_sections()}


def test_title_is_a_working_title_and_players_are_three_or_four(game: GameContent) -> None:
    assert game.title == "Pip Trick" and game.working_title
    assert (game.players.min, game.players.max) == (3, 4)
    assert game.designer is None  # the source names no designer


def test_trump_rotates_through_the_four_suits_in_the_source_order(game: GameContent) -> None:
    assert game.data["trump_order"] == ["hearts", "diamonds", "spades", "clubs"]
    assert game.data["rounds"] == 4


def test_dice_start_at_2_3_4_5_and_the_easier_start_at_four_4s(game: GameContent) -> None:
    assert game.data["start_dice"] == [2, 3, 4, 5]
    assert game.data["easier_start_dice"] == [4, 4, 4, 4]
    easier = [v for v in game.variants if v.id == "easier-start"]
    assert easier and "4" in easier[0].text


def test_deals_give_13_cards_to_four_players_and_17_to_three(game: GameContent) -> None:
    deals = {d.players: (d.hand, d.set_aside, d.deck) for d in game.deals}
    assert deals == {4: (13, 0, 52), 3: (17, 1, 52)}


def test_active_dice_shrink_4_3_2_1_and_ties_break_by_sixes_then_fives(game: GameContent) -> None:
    assert game.data["active_dice_by_round"] == [4, 3, 2, 1]
    assert game.data["tie_break_order"] == [6, 5, 4, 3, 2, 1]


def test_each_suit_power_is_named_with_its_limit(game: GameContent) -> None:
    powers = game.data["suit_powers"]
    assert [powers[s]["name"] for s in game.data["trump_order"]] == ["Increase", "Decrease", "Flip", "Swap"]
    assert "6" in powers["hearts"]["effect"] and "1" in powers["diamonds"]["effect"]


@pytest.mark.parametrize(
    "term",
    [
        "52", "four dice", "2, 3, 4 and 5", "dealer's left", "13 cards", "17", "face down",
        "hearts in round 1", "diamonds in round 2", "spades in round 3", "clubs in round 4",
        "aces are the highest", "twos the lowest", "played later is better", "second and third place",
        "only the player in second place", "up by one pip", "above 6", "down by one pip", "below 1",
        "1 becomes 6", "2 becomes 5", "3 becomes 4", "do nothing", "used area", "new cycle",
        "now locked", "clockwise", "round 2 with three", "round 4 with a single die", "highest total",
        "6s", "then 5s", "share the victory", "all four dice showing 4",
    ],
)
def test_key_terms_of_the_source_appear(text: str, term: str) -> None:
    assert term.lower() in text


def test_printed_components_are_mat_quick_reference_and_score_sheet(game: GameContent) -> None:
    printed = {c.id for c in game.components if c.printed}
    assert printed == {"player-mat", "quick-reference", "score-sheet"}
    counts = {c.id: c.count for c in game.components}
    assert counts["deck"] == 52 and counts["dice"] == 16


def test_every_ruling_is_a_clarification_with_its_rule_and_variant(game: GameContent) -> None:
    by_id = {c.id: c for c in game.clarifications}
    for title, (ident, rule, variant) in RULINGS.items():
        assert ident in by_id, f"RULINGS entry {title!r} has no clarification {ident!r}"
        clar = by_id[ident]
        assert (clar.origin, clar.rule, clar.variant) == ("RULINGS.md", rule, variant), title
    assert sum(c.origin == "RULINGS.md" for c in game.clarifications) == len(RULINGS)


def test_ruling_variants_are_engine_variants(game: GameContent) -> None:
    engines = {v.id for v in game.variants}
    assert {c.variant for c in game.clarifications if c.variant} <= engines
    assert engines == {"easier-start", "middle-die-exempt"}


def test_gaps_we_found_are_marked_ours(game: GameContent) -> None:
    ours = {c.id for c in game.clarifications if c.origin == "ours"}
    assert {"fresh-deal-each-round", "first-lead-each-round", "play-time-estimate"} <= ours


def test_quickref_glossary_and_clarification_refs_resolve(game: GameContent) -> None:
    ids = section_ids(game) | {c.id for c in game.clarifications}  # a ruling's line names its ruling
    refs = [q.rule for q in reference_lines(game)] + [g.rule for g in game.glossary] + [c.rule for c in game.clarifications]
    assert None not in refs[: len(reference_lines(game))], "every quick-reference line names its rule"
    assert [r for r in refs if r is not None and r not in ids] == []
