"""The Four Deuces package has the shape every game has (issue 12): the same modules,
imports that point one way, a NamedTuple state, plain verb-tuple actions, named events,
and an engine class that satisfies the protocol."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from generator.games import find_game
from generator.games.four_deuces import engine as engine_module
from generator.games.four_deuces.play import events
from generator.games.four_deuces.state import STUCK_ACTION, State

PACKAGE = Path(engine_module.__file__).parent
#: module -> the modules of the game it may import (the contract's table, downwards).
MAY_IMPORT = {
    "__init__": set(),
    "state": set(),
    "play": {"state"},
    "notation": {"state", "play"},
    "examples": {"state", "play", "notation"},
    "engine": {"state", "play", "notation", "examples"},
    "faces": {"state"},
    "diagrams": {"state", "notation"},
    "bots": {"state", "play", "notation", "examples"},
}
OUTSIDE_ALLOWED = ("generator.rules.base", "generator.rules.bots", "generator.rules.cards", "generator.rules.chance", "generator.content", "generator.components", "generator.scene",
                   "generator.layout", "generator.games.spec", "generator.faces_from_data")
OUTSIDE_FORBIDDEN = ("generator.docs", "generator.pnp", "generator.verify", "generator.build", "generator.cli",
                     "generator.render")
ENGINE = find_game("four-deuces")


def imports(module: str) -> list[tuple[str, bool]]:
    """Absolute names a module imports, each with whether it is under TYPE_CHECKING only
    (function-local imports included)."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and getattr(block.test, "id", None) == "TYPE_CHECKING" for node in ast.walk(block)}
    package = "generator.games.four_deuces".split(".")
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            if node.module:
                names = [f"{base}.{node.module}" if base else node.module]
            else:
                names = [f"{base}.{alias.name}" for alias in node.names]
            found += [(n, id(node) in typing_only) for n in names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, id(node) in typing_only) for alias in node.names]
    return found


def within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def test_the_package_has_exactly_the_modules_of_every_game() -> None:
    assert {p.stem for p in PACKAGE.glob("*.py")} == set(MAY_IMPORT)


def test_imports_point_down_the_table_with_no_cycle() -> None:
    for module, allowed in MAY_IMPORT.items():
        for name, typing_only in imports(module):
            if name.startswith("generator.games.four_deuces"):
                inner = name.removeprefix("generator.games.four_deuces").lstrip(".").split(".")[0]
                if module == "__init__":
                    assert typing_only or inner in {"state", "engine", "faces", "diagrams", "bots"}, (module, name)
                else:
                    assert inner in allowed, f"{module} imports {inner}"
            elif name.startswith("generator."):
                assert not within(name, OUTSIDE_FORBIDDEN), f"{module} imports {name}"
                assert within(name, OUTSIDE_ALLOWED), f"{module} imports {name}"


def test_the_spec_module_imports_nothing_heavy_at_import_time() -> None:
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    top = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert {(n.module, n.level) for n in top if isinstance(n, ast.ImportFrom)} <= {
        ("__future__", 0), ("pathlib", 0), ("typing", 0), ("spec", 2)}


def test_the_engine_is_an_ordinary_class_with_every_protocol_member() -> None:
    members = ("slug", "title", "player_counts", "team_size", "variants", "rule_map", "new_game", "to_move",
               "legal_actions", "apply", "is_over", "result", "log", "describe", "action_text", "parse_action",
               "run_example")
    for name in members:
        assert hasattr(type(ENGINE), name), name
    assert (ENGINE.slug, ENGINE.player_counts, ENGINE.team_size) == ("four-deuces", (2,), 1)
    source = (PACKAGE / "engine.py").read_text(encoding="utf-8")
    assert "type: ignore" not in source and "@engine" not in source
    assert "def make(game: LoadedGame) -> Game[State, Action]:" in source


def test_states_actions_and_events_have_the_shared_shape() -> None:
    """State: a NamedTuple. Actions: tuples of a verb and ints. Events: NamedTuples."""
    kinds = set()
    for seed in range(20):
        state = ENGINE.new_game(seed=seed)
        rng = random.Random(seed)
        while not ENGINE.is_over(state):
            assert type(state) is State and isinstance(state, tuple) and hasattr(State, "_fields")
            for action in ENGINE.legal_actions(state):
                assert type(action) is tuple and isinstance(action[0], str)
                assert all(type(item) is int for item in action[1:]), action
                kinds.add(action[0])
            state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state)))
        for event in events(state):
            assert isinstance(event, tuple) and hasattr(type(event), "_fields"), event
    assert {"choose", "play", "give", "return", "swap"} <= kinds <= {"choose", "play", "give", "return", "swap", "stuck"}
    assert STUCK_ACTION == ("stuck",)


def test_the_log_is_rebuilt_from_the_actions_the_same_every_time() -> None:
    """Events are not kept while playing: the log replays the actions, and a replay from
    any later state gives the same lines as far as they go."""
    state = ENGINE.new_game(seed=5)
    rng = random.Random(5)
    logs = [ENGINE.log(state)]
    while not ENGINE.is_over(state):
        state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state)))
        logs.append(ENGINE.log(state))
    for shorter, longer in zip(logs, logs[1:]):
        assert longer[:len(shorter)] == shorter and len(longer) > len(shorter)
    assert logs[0][0] == "Round 1 begins." and "wins the game" in logs[-1][-1]
