"""Every Multisuit worked example comes out of the engine exactly as printed.

Also: every rule section with an effect and every clarification has an example, and a
changed expectation is caught (so the check bites).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.content.loader import parse_game
from generator.games.multisuit.examples import OUTCOMES
from generator.rules.base import UNORDERED_OUTCOMES
from generator.verify.examples import move_text
from generator.verify.run import agrees, normalise

from tests.games.multisuit.helpers import GAME

ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "content" / "multisuit"
EXAMPLES = yaml.safe_load((FOLDER / "examples.yaml").read_text(encoding="utf-8"))["examples"]
CONTENT = parse_game(FOLDER).content


def replay(example: dict) -> dict:
    """The engine's outcomes for the example (before its last move when that move is
    expected to be refused)."""
    play = [move_text(move) for move in example["play"]]
    if "refused" in example["expect"]:
        play = play[:-1]
    return normalise(GAME.run_example(example["position"], play, example.get("variants") or []))


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example_agrees_with_the_engine(example: dict) -> None:
    actual = replay(example)
    assert set(actual) == set(OUTCOMES)
    for key, expected in example["expect"].items():
        if key != "refused":
            assert agrees(normalise(expected), actual[key], key in UNORDERED_OUTCOMES), f"{example['id']}: {key}"


def test_at_least_ten_examples_with_unique_ids() -> None:
    ids = [e["id"] for e in EXAMPLES]
    assert len(ids) >= 10 and len(set(ids)) == len(ids)


def test_every_rule_with_an_effect_has_an_example() -> None:
    shown = {r for e in EXAMPLES for r in e.get("rules") or []}
    missing = [i for i in (s.id for s in CONTENT.all_sections() if s.effect) if i not in shown]
    assert not missing


def test_every_clarification_has_an_example() -> None:
    shown = {c for e in EXAMPLES for c in e.get("clarifies") or []}
    missing = [c.id for c in CONTENT.clarifications if c.id not in shown]
    assert not missing


def test_variants_used_are_engine_variants() -> None:
    used = {v for e in EXAMPLES for v in e.get("variants") or []}
    assert used <= set(GAME.variants) and used == {"one-game"}


@pytest.mark.parametrize("example", EXAMPLES[:5], ids=[e["id"] for e in EXAMPLES[:5]])
def test_a_changed_expectation_is_caught(example: dict) -> None:
    actual = replay(example)
    key, expected = next((k, v) for k, v in example["expect"].items() if k != "refused")
    wrong = [expected, "something else"] if not isinstance(expected, str) else expected + "?"
    assert actual[key] != normalise(wrong)
