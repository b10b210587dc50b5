"""The Four Deuces content says everything its rule source says, in structured form."""

from __future__ import annotations

from generator.content.reference import reference_lines
import re
from pathlib import Path

import pytest

from generator.content.checks import rule_ids
from generator.content.project import load_project

from .helpers import json_text, section

ROOT = Path(__file__).resolve().parents[2]
RULINGS = Path("/work/shared/RULINGS.md")


@pytest.fixture(scope="module")
def game():
    return load_project(ROOT, only=["four-deuces"]).games["four-deuces"]


@pytest.fixture(scope="module")
def content(game):
    return game.content


@pytest.fixture(scope="module")
def text(content) -> str:
    """All prose of the game, lower-cased, so a term can be looked for anywhere."""
    return json_text(content)


def test_real_title_and_no_designer_invented(content):
    assert content.title == "The Four Deuces"
    assert content.working_title is False
    assert content.designer is None  # the source names none
    assert (content.players.min, content.players.max) == (2, 2)


def test_four_suits(content):
    assert content.suit_names == ("bootlegging", "gambling", "prostitution", "murder")
    assert [s.symbol for s in content.suits] == ["bottle", "chip", "lips", "dagger"]  # drawn by the game's package


def test_components_and_counts(content):
    comps = {c.id: c for c in content.components}
    assert comps["suit-cards"].count == 16 and comps["suit-cards"].per_suit == 4
    assert comps["dice"].count == 14 and comps["dice"].per_player == 7
    assert comps["suit-tokens"].count == 4
    assert comps["suit-power-board"].count == 1
    assert comps["character-cards"].count == 2
    printed = {c.id for c in content.components if c.printed}
    assert printed == {
        "suit-power-board", "suit-tokens", "suit-cards", "character-cards",
        "card-backs", "quick-reference", "score-sheet",
    }


def test_deal_adds_up(content):
    (deal,) = content.deals
    assert (deal.players, deal.deck, deal.hand, deal.reserve, deal.set_aside) == (2, 16, 4, 3, 2)


def test_data_tables_for_the_renderer(content):
    d = content.data
    assert set(d) == {
        "track_places", "characters", "dice_per_player", "tricks_per_round",
        "hand", "reserve", "removed", "rounds_to_win",
    }
    assert (d["track_places"], d["dice_per_player"], d["tricks_per_round"]) == (4, 7, 7)
    assert (d["hand"], d["reserve"], d["removed"], d["rounds_to_win"]) == (4, 3, 2, 2)
    assert [c["name"] for c in d["characters"]] == ["Al Capone", "Bugs Moran"]
    assert all(len(c["ability"]) > 40 for c in d["characters"])


@pytest.mark.parametrize(
    "ident, terms",
    [
        ("setup-track", ["random", "four"]),
        ("setup-dice", ["seven dice", "lowest to"]),
        ("setup-deal", ["sixteen", "four"]),
        ("setup-reserve", ["three", "face down", "look"]),
        ("setup-remove", ["two cards", "unseen"]),
        ("setup-characters", ["one of the two", "whole game"]),
        ("round-lead", ["pips", "smaller sum", "lead player"]),
        ("round-tie-reroll", ["same", "roll all their dice again"]),
        ("trick-count", ["seven tricks"]),
        ("trick-hand-then-reserve", ["one to four", "three reserve", "five to seven"]),
        ("trick-lead", ["any card", "one of"]),
        ("trick-follow", ["led suit", "any card"]),
        ("resolve-same-suit", ["bigger die"]),
        ("resolve-different-value", ["same number", "follower loses the round"]),
        ("resolve-different-suits", ["climbs one place", "already at the top", "same number"]),
        ("resolve-track-wins", ["higher on the track"]),
        ("resolve-cleanup", ["trick pile", "rest of the round"]),
        ("character-timing", ["once in each round", "before you play"]),
        ("al-capone", ["different suit", "same suit", "spent"]),
        ("bugs-moran", ["unused dice"]),
        ("fifth-trick-loses", ["fifth trick", "loses"]),
        ("exactly-four-wins", ["seven tricks", "exactly four"]),
        ("victory", ["best of three", "two rounds"]),
    ],
)
def test_each_rule_of_the_source_is_there(content, ident, terms):
    sec = section(content, ident)
    body = (sec.title + " " + sec.text + " " + " ".join(sec.items)).lower()
    for term in terms:
        assert term in body, f"{ident} should mention {term!r}"


@pytest.mark.parametrize(
    "term",
    [
        "bootlegging", "gambling", "prostitution", "murder", "suit power",
        "al capone", "bugs moran", "reserve", "fifth", "exactly four", "best of three",
    ],
)
def test_key_terms_appear(text, term):
    assert term in text


def test_every_ruling_is_a_clarification(content):
    rulings = RULINGS.read_text(encoding="utf-8")
    part = rulings.split("## The Four Deuces")[1].split("\n## ")[0]
    numbered = re.findall(r"^\d+\. \*(.+?)\*", part, flags=re.M)
    assert len(numbered) == 5
    from_rulings = [c for c in content.clarifications if c.origin == "RULINGS.md"]
    assert len(from_rulings) == len(numbered)
    by_id = {c.id: c for c in content.clarifications}
    assert by_id["who-leads-next"].variant == "lead-player-leads"
    assert "winner" in by_id["who-leads-next"].ruling.lower()
    assert "picks first" in by_id["character-choice"].ruling
    assert by_id["between-rounds"].variant == "reshuffle-track"
    assert "no token moves" in by_id["equal-dice-different-suits"].ruling.lower()
    assert "opponent chooses" in by_id["al-capone-empty-hand"].ruling.lower()


def test_our_gaps_are_marked_ours(content):
    ours = {c.id for c in content.clarifications if c.origin == "ours"}
    assert {"nobody-on-four", "which-dice", "ability-as-follower", "ability-escape", "play-time"} <= ours


def test_variants_name_engine_variants(content):
    assert {v.id for v in content.variants} == {"lead-player-leads", "reshuffle-track"}


def test_references_resolve(game):
    ids = rule_ids(game)
    c = game.content
    for ref in [q.rule for q in reference_lines(c)] + [g.rule for g in c.glossary] + [k.rule for k in c.clarifications]:
        assert ref in ids
    assert len(c.glossary) >= 10 and len(reference_lines(c)) >= 8
