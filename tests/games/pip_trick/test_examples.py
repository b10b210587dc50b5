"""Every worked example of Pip Trick comes out of the engine exactly as printed."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.content.project import load_project
from generator.games import find_game

ROOT = Path(__file__).resolve().parents[3]
GAME = find_game("pip-trick")
EXAMPLES = yaml.safe_load((ROOT / "content" / "pip-trick" / "examples.yaml").read_text(encoding="utf-8"))["examples"]


def plain(value):
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example_agrees_with_the_engine(example) -> None:
    actual = plain(GAME.run_example(example["position"], example["play"], example.get("variants") or []))
    for key, expected in example["expect"].items():
        assert key in actual, f"the engine reports no {key!r}"
        assert actual[key] == plain(expected), f"{example['id']}: {key}"


def test_examples_cover_every_rule_with_an_effect_and_every_clarification() -> None:
    content = load_project(ROOT, only=["pip-trick"]).games["pip-trick"].content
    effect = {s.id for s in content.all_sections() if s.effect}
    shown = {r for e in EXAMPLES for r in e.get("rules") or []}
    assert sorted(effect - shown) == []
    variants = {v.id for v in content.variants}
    assert sorted(variants - shown) == []
    every = {s.id for s in content.all_sections()}
    assert sorted(shown - every - variants) == [], "an example names a rule that does not exist"
    clarified = {c for e in EXAMPLES for c in e.get("clarifies") or []}
    assert sorted({c.id for c in content.clarifications} - clarified) == []
    assert len(EXAMPLES) >= 10 and len({e["id"] for e in EXAMPLES}) == len(EXAMPLES)
    assert {v for e in EXAMPLES for v in e.get("variants") or []} == set(GAME.variants)
