"""Every Dice Lanes worked example comes out as written, and together they cover every
rule section with an effect, the extended game and every clarification."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from generator.content.loader import parse_game
from generator.games import find_game
from generator.verify.examples import from_yaml
from generator.verify.run import normalise, run_all

ROOT = Path(__file__).resolve().parents[3]
GAME = find_game("dice-lanes")
FOLDER = ROOT / "content" / "dice-lanes"
EXAMPLES = from_yaml(FOLDER / "examples.yaml", "dice-lanes")

#: The tricky cases the rulebook must show (issue 6 and the Dice Lanes brief).
TRICKY = [
    "pull-back-from-the-opponents-draw-2", "no-draw-past-your-draw-2", "swap-across-slots",
    "resolve-order-player-1-starts", "resolve-order-player-2-starts", "empty-lane-skipped",
    "cards-stay-with-their-lanes", "claiming-dice", "round-ends-short-of-cards",
    "final-check-rerolls-and-new-dice", "refill-leaves-one-card", "hearts-on-six", "tie-broken-by-pips",
]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example_plays_out_as_written(example) -> None:
    """The engine agrees with every expected outcome of the example."""
    outcome = run_all([example])
    assert not outcome.unreadable and not outcome.mismatches, [m.render(ROOT) for m in outcome.mismatches]


def test_examples_cover_every_rule_variant_and_clarification() -> None:
    """Every effect section, the variant and every clarification has an example."""
    game = parse_game(FOLDER).content
    assert game.files.examples == "examples.yaml"
    assert len(EXAMPLES) >= 10 and len({e.id for e in EXAMPLES}) == len(EXAMPLES)
    shown = {rule for e in EXAMPLES for rule in e.rules}
    wanted = {s.id for s in game.all_sections() if s.effect} | {v.id for v in game.variants}
    assert not wanted - shown, f"rule sections without an example: {sorted(wanted - shown)}"
    assert shown <= wanted, f"examples name unknown rules: {sorted(shown - wanted)}"
    clarified = {c for e in EXAMPLES for c in e.clarifies}
    assert clarified == {c.id for c in game.clarifications}
    assert {v for e in EXAMPLES for v in e.variants} == set(GAME.variants)


def test_the_tricky_cases_come_first_and_are_all_there() -> None:
    ids = [e.id for e in EXAMPLES]
    assert set(TRICKY) <= set(ids)
    assert ids[:3] == ["pull-back-from-the-opponents-draw-2", "swap-across-slots", "cards-stay-with-their-lanes"]


def test_a_wrong_expectation_is_caught_with_file_and_line() -> None:
    """The check bites: a changed claim is reported at the line of the expected value."""
    example = next(e for e in EXAMPLES if e.id == "claiming-dice")
    wrong = replace(example, data={**example.data, "expect": {**example.data["expect"], "claimed": {"P1": [5], "P2": [5]}}})
    outcome = run_all([wrong])
    assert len(outcome.mismatches) == 1
    message = outcome.mismatches[0].render(ROOT)
    line = example.line_of("expect", "claimed")
    assert message.startswith(f"content/dice-lanes/examples.yaml:{line}: example claiming-dice: expected claimed = ")
    assert 'engine says {"P1": [2], "P2": [5]}' in message
    assert "claimed:" in (FOLDER / "examples.yaml").read_text(encoding="utf-8").splitlines()[line - 1]


def test_all_examples_verify_quickly() -> None:
    start = time.perf_counter()
    outcome = run_all(EXAMPLES)
    assert not outcome.mismatches and not outcome.unreadable
    assert time.perf_counter() - start < 0.5
