"""What each engine calls an impossible position, held against play itself.

``check_position`` must never call a state impossible that legal play reaches (or it
would refuse honest worked examples), and every reason it gives must cite a rule id that
the game's content has (so the message points a reader at a real rule).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content.checks import rule_ids
from generator.games import SHIPPED, find_game, shipped_game
from generator.rules.base import COMMON_OUTCOMES, Impossible

SLUGS = [spec.slug for spec in SHIPPED]
#: every variant each engine plays, alone (and none)
VARIANTS = {slug: [(), *((v,) for v in find_game(slug).variants)] for slug in SLUGS}


def states_of_a_random_game(slug: str, variants: tuple[str, ...], seed: int, players: int | None = None):
    engine = find_game(slug)
    state = engine.new_game(players=players, variants=variants, seed=seed)
    rng = random.Random(seed)
    yield state
    while not engine.is_over(state):
        state = engine.apply(state, rng.choice(engine.legal_actions(state)))
        yield state


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000), pick=st.integers(min_value=0, max_value=20))
def test_every_state_that_play_reaches_is_a_possible_position(slug: str, seed: int, pick: int) -> None:
    engine = find_game(slug)
    variants = VARIANTS[slug][pick % len(VARIANTS[slug])]
    players = None
    if "solo-mode" in variants:
        players = 1
    elif slug == "pip-trick":
        players = (3, 4)[seed % 2]
    for state in states_of_a_random_game(slug, variants, seed, players):
        problems = engine.check_position(state)
        assert problems == [], f"{slug} {variants} seed {seed}: legal play reached an 'impossible' state: {problems}"


def cited_rules(module_source: str) -> set[str]:
    """The rule ids a module's ``Impossible(reason, rule, ...)`` calls can give: string
    constants in the rule argument, or in what a variable passed there was set to."""
    import ast

    tree = ast.parse(module_source)
    assigned = {target.id: node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                for target in node.targets if isinstance(target, ast.Name)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Impossible" and len(node.args) > 1:
            rule = node.args[1]
            if isinstance(rule, ast.Name):
                rule = assigned[rule.id]
            found |= {c.value for c in ast.walk(rule) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return found


def test_the_reasons_cite_rules_the_content_has() -> None:
    """Every rule id a check can give is one of the game's rule, variant or clarification
    ids (read from the checks' code, so a reason added later is covered too)."""
    import inspect

    for slug in SLUGS:
        module = inspect.getmodule(find_game(slug).check_position)
        cited = cited_rules(inspect.getsource(module))
        known = set(rule_ids(shipped_game(slug)))
        assert len(cited) >= 3, slug
        assert cited <= known, f"{slug}: check reasons cite unknown rules {sorted(cited - known)}"


def test_an_impossible_reason_names_a_rule_and_a_place() -> None:
    problem = Impossible("South has a die showing 7; a die shows 1 to 6", "setup-dice", ("dice", "South"))
    assert problem.rule == "setup-dice" and problem.where == ("dice", "South")


@pytest.mark.parametrize("slug", SLUGS)
def test_every_engine_reports_the_shared_outcomes(slug: str) -> None:
    """to_move, legal, game_over, winner and score mean the same in every game, so an
    author (and the rulebook's wording of outcomes) learns them once."""
    from pathlib import Path

    from generator.verify.examples import content_examples

    engine = find_game(slug)
    over_seen = False
    for example in content_examples(Path(__file__).resolve().parents[2], [slug]):
        legal = example.play[:-1] if "refused" in example.data["expect"] else example.play
        out = engine.run_example(example.data["position"], legal, example.variants)
        assert set(COMMON_OUTCOMES) <= set(out), f"{slug}: missing {set(COMMON_OUTCOMES) - set(out)}"
        assert isinstance(out["game_over"], bool)
        assert isinstance(out["legal"], list) and all(isinstance(m, str) for m in out["legal"])
        assert isinstance(out["score"], dict) and all(isinstance(v, int) for v in out["score"].values())
        if out["game_over"]:
            over_seen = True
            assert out["to_move"] is None and out["legal"] == []
            assert isinstance(out["winner"], str) or (isinstance(out["winner"], list) and len(out["winner"]) > 1)
        else:
            assert out["winner"] is None and isinstance(out["to_move"], str)
    assert over_seen, f"{slug}: some example should end the game"
