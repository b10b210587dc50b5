"""Zero Grid worked examples: every one replays through the engine as printed, and
together they cover every rule section with an effect and every clarification."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.content.project import load_project
from generator.games import find_game
from generator.verify.run import normalise

GAME = find_game("zero-grid")
ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = yaml.safe_load((ROOT / "content" / "zero-grid" / "examples.yaml").read_text(encoding="utf-8"))["examples"]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example_plays_as_printed(example: dict) -> None:
    actual = normalise(GAME.run_example(example.get("position") or {}, example["play"], example.get("variants") or []))
    for key, expected in example["expect"].items():
        assert key in actual, f"{example['id']}: the engine reports no {key!r}"
        assert normalise(expected) == actual[key], f"{example['id']}: {key}"


def test_examples_cover_every_rule_and_clarification() -> None:
    game = load_project(ROOT, only=["zero-grid"]).games["zero-grid"].content
    effect = {s.id for s in game.all_sections() if s.effect}
    shown = {r for e in EXAMPLES for r in e.get("rules") or []}
    clarified = {c for e in EXAMPLES for c in e.get("clarifies") or []}
    assert effect - shown == set(), "rule sections with an effect but no example"
    assert {c.id for c in game.clarifications} - clarified == set(), "clarifications without an example"
    assert len(EXAMPLES) >= 10 and len({e["id"] for e in EXAMPLES}) == len(EXAMPLES)


def test_a_wrong_expectation_is_caught() -> None:
    """The check bites: one changed pip makes the example fail."""
    example = next(e for e in EXAMPLES if e["id"] == "hearts-skips-a-six")
    actual = normalise(GAME.run_example(example["position"], example["play"], []))
    wrong = normalise(example["expect"]["grid"])
    wrong["P1"][0][3] = 5
    assert actual["grid"] != wrong
