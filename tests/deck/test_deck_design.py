"""The design search: valid decks, the same file for the same seed, and a guarded write.

Speed is measured by ``tests/deck/benchmark_design.py`` (not a timed test, which would
flake on a busy machine).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import random

import pytest
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from generator.cli import app
from generator.deck.checks import check_deck
from generator.deck.design import Design, balance, design_deck, mutate, to_cards, violation
from generator.content.deck import Card
from generator.deck.score import Scorer
from generator.content.deck import read_deck
from generator.content.deck_rules import DeckRules

runner = CliRunner()


@pytest.fixture
def project(tmp_path: Path, shipped_deck: Path) -> Path:
    folder = tmp_path / "proj" / "content" / "multisuit"
    folder.mkdir(parents=True)
    for name in ("deck.csv", "deck-rules.yaml"):
        shutil.copy(shipped_deck.parent / name, folder / name)
    return tmp_path / "proj"


def design(project: Path, *args: str):
    return runner.invoke(app, ["--project", str(project), "deck", "design", *args])


def test_search_meets_every_property(rules: DeckRules) -> None:
    found = design_deck(rules, seed=11)
    assert isinstance(found, Design)
    assert check_deck(found.cards, rules) == []
    assert [c.id for c in found.cards] == list(range(1, 37))


def test_same_seed_same_file_and_never_the_shipped_deck(project: Path) -> None:
    shipped = project / "content" / "multisuit" / "deck.csv"
    before = shipped.read_bytes()
    first, second = project / "a.csv", project / "b.csv"
    for out in (first, second):
        result = design(project, "--seed", "7", "--out", str(out))
        assert result.exit_code == 0, result.output
    assert first.read_bytes() == second.read_bytes()
    assert shipped.read_bytes() == before
    assert "meets every property" in first.with_suffix(".md").read_text()
    assert "| figure | candidate | shipped |" in result.output


def test_shipped_deck_is_what_its_seed_designs(rules: DeckRules, shipped_deck: Path) -> None:
    """deck.csv is reproducible. If the search or the rules change on purpose, refresh it
    with ``pipworks deck design --seed N --write`` and record N as shipped_seed."""
    assert rules.shipped_seed is not None
    assert design_deck(rules, rules.shipped_seed).cards == read_deck(shipped_deck)


def test_different_seeds_propose_different_decks(rules: DeckRules) -> None:
    assert design_deck(rules, seed=1, steps=4000).cards != design_deck(rules, seed=2, steps=4000).cards


def test_refuses_to_overwrite_shipped_deck_without_write(project: Path) -> None:
    shipped = project / "content" / "multisuit" / "deck.csv"
    before = shipped.read_bytes()
    result = design(project, "--seed", "3", "--steps", "3000", "--out", str(shipped))
    assert result.exit_code == 1
    assert "refusing to overwrite the shipped deck" in result.output
    assert shipped.read_bytes() == before


def test_write_replaces_shipped_deck_with_a_valid_one(project: Path, rules: DeckRules) -> None:
    shipped = project / "content" / "multisuit" / "deck.csv"
    result = design(project, "--seed", "3", "--steps", "3000", "--write")
    assert result.exit_code == 0, result.output
    candidate = project / "output" / "deck" / "candidate-seed-3.csv"
    assert shipped.read_bytes() == candidate.read_bytes()
    assert check_deck(read_deck(shipped), rules) == []


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6), moves=st.integers(min_value=0, max_value=60))
def test_fast_score_equals_the_stated_figures(textbook_deck: tuple[Card, ...], rules: DeckRules, seed: int, moves: int) -> None:
    """The search's one-pass score gives the same violation and balance as the
    card-by-card definitions, on decks knocked about by the search's own moves."""
    rng = random.Random(seed)
    columns = [list(column) for column in zip(*(c.ranks for c in textbook_deck))]
    for _ in range(moves):
        mutate(columns, rng, rules)
    cards = to_cards(columns)
    fast_v, fast_b = Scorer(rules)(columns)
    assert fast_v == pytest.approx(violation(cards, rules))
    assert fast_b == pytest.approx(balance(cards, rules))
    assert (fast_v == 0) == (check_deck(cards, rules) == [])


def test_variant_thresholds_give_a_deck_that_meets_them(project: Path, shipped_rules: Path) -> None:
    from generator.content.deck_rules import load_rules

    variant = project / "strict.yaml"
    variant.write_text(shipped_rules.read_text().replace("min_rank_correlation: 0.75", "min_rank_correlation: 0.8"))
    out = project / "strict.csv"
    result = design(project, "--seed", "4", "--rules", str(variant), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert check_deck(read_deck(out), load_rules(variant)) == []
    assert "| tend to (correlation) |" in result.output
