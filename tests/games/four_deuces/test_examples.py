"""Every worked example of The Four Deuces comes out as printed, and together they
cover every rule section with an effect and every clarification."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.loader import parse_game
from generator.games import find_game
from generator.verify.examples import from_yaml
from generator.verify.run import normalise

GAME = find_game("four-deuces")
ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "content" / "four-deuces"
EXAMPLES = from_yaml(FOLDER / "examples.yaml", "four-deuces")


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example_plays_out_as_written(example):
    """The engine agrees with every expected outcome of the example."""
    data = example.data
    actual = normalise(GAME.run_example(data["position"], [str(m) for m in data["play"]], example.variants))
    for key, expected in data["expect"].items():
        assert key in actual, f"{example.id}: the engine reports no {key!r}"
        assert normalise(expected) == actual[key], f"{example.id}: {key}"


def test_examples_cover_every_rule_and_clarification():
    """At least ten examples; every effect section and clarification has one."""
    game = parse_game(FOLDER).content
    assert len(EXAMPLES) >= 10
    shown = {rule for e in EXAMPLES for rule in e.rules}
    wanted = {s.id for s in game.all_sections() if s.effect} | {v.id for v in game.variants}
    assert not wanted - shown, f"rule sections and variants without an example: {sorted(wanted - shown)}"
    assert shown <= wanted, f"examples name unknown rules: {sorted(shown - wanted)}"
    clarified = {c for e in EXAMPLES for c in e.clarifies}
    every = {c.id for c in game.clarifications}
    assert clarified == every, f"clarifications without an example: {sorted(every - clarified)}"
    engine_variants = {v for e in EXAMPLES for v in e.variants}
    assert engine_variants == set(GAME.variants)


def test_a_wrong_expectation_is_caught():
    """The check bites: a changed trick winner no longer matches the engine."""
    example = next(e for e in EXAMPLES if e.id == "token-climbs-then-wins")
    actual = GAME.run_example(example.data["position"], example.data["play"], ())
    assert actual["trick_winner"] == "South" and actual["trick_winner"] != "North"
