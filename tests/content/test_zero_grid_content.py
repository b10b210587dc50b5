"""Zero Grid content: the source's key terms and numbers are all in the structured
content, every ruling is a clarification, and every reference resolves."""

from __future__ import annotations

from generator.content.reference import reference_lines
import re
from pathlib import Path

import pytest

from generator.content.checks import rule_ids
from generator.content.project import load_project

from .helpers import json_text, section

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return load_project(ROOT, only=["zero-grid"]).games["zero-grid"]


def test_setup_columns_are_the_source_pattern(game) -> None:
    """setup-grid: the four columns, top to bottom, in the data and in the setup text."""
    assert game.content.data["setup_grid"] == [[3, 6, 4, 5], [4, 5, 3, 6], [5, 4, 6, 3], [6, 3, 5, 4]]
    items = " ".join(section(game.content, "setup-grid").items)
    for column in ("3, 6, 4, 5", "4, 5, 3, 6", "5, 4, 6, 3", "6, 3, 5, 4"):
        assert column in items


def test_scoring_chart_bands_and_titles(game) -> None:
    chart = game.content.data["scoring_chart"]
    assert [(b["min"], b["max"]) for b in chart] == [(0, 4), (5, 8), (9, 12), (13, 15), (16, 16)]
    assert [b["title"] for b in chart] == ["Did you read the rules!", "Diamond Cutter", "Swaptastic", "Die Slayer", "Zero Hero"]


def test_components_dice_deck_and_printed_parts(game) -> None:
    comps = {c.id: c for c in game.content.components}
    assert comps["dice"].count == 32 and comps["dice"].per_player == 16
    assert comps["playing-cards"].count == 52
    printed = {c.id for c in game.content.components if c.printed}
    assert {"player-grid", "first-player-marker", "player-aid", "scoring-chart", "quick-reference"} <= printed


def test_game_facts(game) -> None:
    c = game.content
    assert (c.players.min, c.players.max) == (1, 2)
    assert (c.play_time.min, c.play_time.max) == (20, 30)
    assert c.ages == 10
    assert c.designer == "David McDougal" and c.working_title
    assert all(d.hand == 4 for d in c.deals) and {d.players for d in c.deals} == {1, 2}


def test_initiative_order_and_suit_powers(game) -> None:
    data = game.content.data
    assert data["initiative_suit_order"] == ["spades", "hearts", "diamonds", "clubs"]
    assert set(data["suit_powers"]) == {"hearts", "diamonds", "spades", "clubs"}
    hearts = section(game.content, "power-hearts").text.lower()
    assert "two" in hearts and "six" in hearts
    assert "two" in section(game.content, "power-diamonds").text.lower()
    assert "one pip" in " ".join(section(game.content, "swap-movement").items).lower()
    quickref = {q.rule: q.text for q in reference_lines(game.content)}
    assert "+2" in quickref["power-hearts"] and "-2" in quickref["power-diamonds"]
    assert "1 pip" in quickref["swap-movement"]
    aid = " ".join(data["player_aid"])
    assert "+2" in aid and "-2" in aid


@pytest.mark.parametrize("term", [
    "initiative", "column 4", "dynamic shift", "spent", "fizzle", "swap movement", "pip decay", "removal",
    "resolvable", "hearts", "diamonds", "spades", "clubs", "face card", "adversary favor", "elimination",
    "second reshuffle", "sixteen", "ace", "topmost", "zero hero", "1↔6",
])
def test_key_terms_appear(game, term: str) -> None:
    assert term in json_text(game.content)


def test_every_variant_of_the_source(game) -> None:
    names = {v.id for v in game.content.variants}
    assert names == {"solo-mode", "easier", "hardcore", "hardcore-rule-text", "favor-at-reveal"}


#: RULINGS.md's Zero Grid part, entry by entry -> the clarification restating it.
RULINGS = {
    "Hand size": "zg-hand-size", "Action choice": "zg-action-choice", "Equal highest pips": "zg-equal-pips",
    "Swap target": "zg-swap-target", "Decay to zero": "zg-decay-removal", "Hearts on a 6": "zg-hearts-on-six",
    "Clubs as suit power": "zg-clubs-hold", "Hardcore penalty": "zg-hardcore-penalty",
    "Two-player timer": "zg-two-player-timer", "Solo timer": "zg-solo-timer",
    "Adversary Favor timing (solo)": "zg-favor-timing",
}


def test_every_ruling_is_a_clarification(game) -> None:
    """Each Zero Grid entry of RULINGS.md has a clarification with origin RULINGS.md."""
    clar = {c.id: c for c in game.content.clarifications}
    for topic, ident in RULINGS.items():
        assert ident in clar and clar[ident].origin == "RULINGS.md", topic
    assert clar["zg-hardcore-penalty"].variant == "hardcore-rule-text"
    assert clar["zg-favor-timing"].variant == "favor-at-reveal"
    assert sum(c.origin == "RULINGS.md" for c in clar.values()) == len(RULINGS)
    rulings = ROOT.parent / "shared" / "RULINGS.md"
    if rulings.is_file():  # the shared workspace copy, when this checkout sits beside it
        text = rulings.read_text(encoding="utf-8")
        part = text[text.index("## Zero Grid"):]
        assert sorted(re.findall(r"^\d+\. \*([^*:]+):?\*", part, re.M)) == sorted(RULINGS)


def test_glossary_resolvable_die_includes_the_clubs_hold(game) -> None:
    """zg-clubs-hold: Clubs holds a die unchanged, yet that die is resolvable for Clubs (the
    hold activates it), so the glossary may not define resolvable as "can change"."""
    term = next(g for g in game.content.glossary if g.term == "Resolvable die")
    assert "clubs" in term.definition.lower() and "unchanged" in term.definition.lower()


def test_references_resolve(game) -> None:
    ids = rule_ids(game)
    refs = [q.rule for q in reference_lines(game.content)] + [g.rule for g in game.content.glossary]
    refs += [c.rule for c in game.content.clarifications]
    assert refs and all(r in ids for r in refs if r)
    assert all(q.rule for q in reference_lines(game.content))
