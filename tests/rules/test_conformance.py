"""One conformance test over every engine (the OpenSpiel random_sim_test habit).

Whatever the game, the protocol promises the same things: seeded determinism, a legal
action whenever the game is not over, illegal actions refused, inputs never mutated,
results that rank every seat, and a rule map that covers every rule section.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from generator.games import all_specs, find_game
from generator.rules.base import IllegalAction, Result

ROOT = Path(__file__).resolve().parents[2]
SLUGS = sorted(slug for slug, spec in all_specs().items() if spec.engine is not None)
MAX_DECISIONS = 20_000


def play_random(engine, players: int | None, seed: int, variants=()):
    state = engine.new_game(players=players, variants=variants, seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while not engine.is_over(state):
        actions = engine.legal_actions(state)
        assert actions, f"{engine.slug}: no legal action while the game is not over\n{engine.describe(state)}"
        state = engine.apply(state, rng.choice(actions))
        decisions += 1
        assert decisions < MAX_DECISIONS, f"{engine.slug}: game did not end within {MAX_DECISIONS} decisions"
    return state, decisions


@pytest.mark.parametrize("slug", SLUGS)
def test_random_games_end_with_a_full_ranking(slug: str) -> None:
    engine = find_game(slug)
    for players in engine.player_counts:
        for seed in range(20):
            state, _ = play_random(engine, players, seed)
            result = engine.result(state)
            assert isinstance(result, Result)
            ranked = sorted(seat for group in result.ranking for seat in group)
            assert ranked == list(range(players)), f"{slug}: ranking must place every seat once: {result.ranking}"
            assert len(result.scores) == players


@pytest.mark.parametrize("slug", SLUGS)
def test_same_seed_same_game(slug: str) -> None:
    engine = find_game(slug)
    a, _ = play_random(engine, None, 7)
    b, _ = play_random(engine, None, 7)
    assert list(engine.log(a)) == list(engine.log(b))
    assert engine.result(a) == engine.result(b)


@pytest.mark.parametrize("slug", SLUGS)
def test_apply_never_mutates_and_refuses_illegal_actions(slug: str) -> None:
    engine = find_game(slug)
    state = engine.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if engine.is_over(state):
            break
        before = repr(state)
        actions = engine.legal_actions(state)
        nxt = engine.apply(state, rng.choice(actions))
        assert repr(state) == before, f"{slug}: apply mutated its input"
        with pytest.raises(IllegalAction):
            engine.apply(state, ("no-such-action", 999))
        state = nxt


@pytest.mark.parametrize("slug", SLUGS)
def test_notation_round_trips(slug: str) -> None:
    engine = find_game(slug)
    state = engine.new_game(seed=11)
    rng = random.Random(11)
    for _ in range(80):
        if engine.is_over(state):
            break
        actions = engine.legal_actions(state)
        for action in actions:
            assert engine.parse_action(state, engine.action_text(state, action)) == action
        state = engine.apply(state, rng.choice(actions))


def _wanted_ids(slug: str) -> list[str]:
    """Every rule section with an effect, every variant and every clarification id."""
    content = yaml.safe_load((ROOT / "content" / slug / "game.yaml").read_text())

    def ids(sections):
        for s in sections or []:
            if s.get("effect", True):
                yield s["id"]
            yield from ids(s.get("sections"))

    wanted = list(ids(content["setup"])) + list(ids(content["rules"]))
    wanted += [v["id"] for v in content.get("variants") or []]
    wanted += [c["id"] for c in content.get("clarifications") or []]
    return wanted


@pytest.mark.parametrize("slug", SLUGS)
def test_every_rule_section_maps_to_engine_code(slug: str) -> None:
    """Traceability: each rule id with an effect names real engine functions."""
    engine = find_game(slug)
    wanted = _wanted_ids(slug)
    missing = [i for i in wanted if i not in engine.rule_map]
    assert not missing, f"{slug}: rule ids with no engine mapping: {missing}"
    unknown = sorted(set(engine.rule_map) - set(wanted))
    assert not unknown, f"{slug}: @implements names ids the content lacks: {unknown}"
    for rule_id, functions in engine.rule_map.items():
        assert functions and all(callable(f) for f in functions), rule_id
    for name in engine.variants:
        play_random(engine, None, 1, variants=(name,))


def _called_during(engine, run) -> set:
    """Code objects of every Python function called while ``run()`` plays."""
    import sys

    called: set = set()

    def profile(frame, event, arg):
        if event == "call":
            called.add(frame.f_code)

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return called


@pytest.mark.parametrize("slug", SLUGS)
def test_every_rule_reaches_code_that_runs_when_it_applies(slug: str) -> None:
    """Each rule id's functions are really called: in random games of every player count
    (with the rule's variant when the id is a variant) or in the worked examples that
    cite the rule."""
    engine = find_game(slug)
    from generator.verify.examples import content_examples

    examples = content_examples(ROOT, [slug])

    def games(variants=()):
        for players in engine.player_counts:
            for seed in range(6):
                play_random(engine, players, seed, variants)

    def replay(rule_id):
        for example in examples:
            if rule_id in example.rules or rule_id in example.clarifies or rule_id in example.variants:
                try:
                    engine.run_example(example.data.get("position") or {}, [str(m) for m in example.data.get("play") or []],
                                       example.variants)
                except Exception:
                    pass

    base = _called_during(engine, games)
    unreached = []
    for rule_id, functions in engine.rule_map.items():
        codes = {f.__code__ for f in functions if hasattr(f, "__code__")}
        if codes & base:
            continue
        extra = _called_during(engine, lambda: (games((rule_id,)) if rule_id in engine.variants else None, replay(rule_id)))
        if not codes & extra:
            unreached.append(rule_id)
    assert not unreached, f"{slug}: rules whose functions never ran when the rule applied: {unreached}"
