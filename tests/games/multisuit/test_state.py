"""The package has the shape every game package has (issue 12), and follows the shared
conventions: one module per part with imports pointing one way, verb-tuple actions,
NamedTuple events and state, a card = its row in deck.csv."""

from __future__ import annotations

import ast
import csv
import random
from pathlib import Path

import generator.games.multisuit as package
from generator.games.multisuit import state as state_module
from generator.games.multisuit.notation import card_text

from tests.games.multisuit.helpers import GAME

ROOT = Path(__file__).resolve().parents[3]
FOLDER = Path(package.__file__).parent
NAME = package.__name__
#: module -> the modules of the game it may import (imports point down this table)
MAY_IMPORT = {
    "state": set(),
    "play": {"state"},
    "notation": {"state", "play"},
    "examples": {"state", "play", "notation"},
    "engine": {"state", "play", "notation", "examples"},
    "faces": {"state"},
    "diagrams": {"state", "notation"},
    "bots": {"state", "play", "notation", "examples"},
}
#: what a game module may import from the rest of Pipworks
OUTSIDE = ("generator.rules.base", "generator.rules.bots", "generator.rules.cards", "generator.rules.chance", "generator.content", "generator.components", "generator.scene", "generator.layout")


def imported(path: Path, module: str) -> set[str]:
    """Every module ``path`` imports, function-local imports included, made absolute."""
    found: set[str] = set()
    package_parts = module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package_parts[: len(package_parts) - node.level + 1] if node.level else []
            if node.module:
                found.add(".".join([*base, node.module]))
            else:
                found |= {".".join([*base, alias.name]) for alias in node.names}
    return found


def test_the_package_has_exactly_the_modules_of_every_game() -> None:
    assert {p.stem for p in FOLDER.glob("*.py")} == {"__init__", *MAY_IMPORT}


def test_imports_point_down_the_table_and_outside_only_at_shared_parts() -> None:
    for name, allowed in MAY_IMPORT.items():
        for target in imported(FOLDER / f"{name}.py", f"{NAME}.{name}"):
            if target.startswith(NAME + ".") or target == NAME:
                assert target.removeprefix(NAME + ".") in allowed, f"{name} imports {target}"
            elif target.startswith("generator"):
                assert target.startswith(OUTSIDE), f"{name} imports {target}"


def test_nothing_imports_the_old_modules() -> None:
    """The engine, faces and drawings that lived in rules/, components/ and deck/io.py
    are gone: no import anywhere names them."""
    old = ("generator.rules.multisuit", "generator.components.multisuit", "generator.components.diagram_multisuit",
           "generator.deck.io", "generator.deck.rules")
    for folder in ("generator", "tests", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            stale = [m for m in imported(path, module) if m.startswith(old)]
            assert not stale, f"{path} imports {stale}"


def test_state_events_and_actions_follow_the_conventions() -> None:
    events = [value for value in vars(state_module).values()
              if isinstance(value, type) and issubclass(value, tuple) and value.__module__ == state_module.__name__]
    assert all(hasattr(e, "_fields") for e in events) and state_module.State in events
    state = GAME.new_game(seed=4, variants=["one-game"])
    rng = random.Random(4)
    seen = set()
    while not GAME.is_over(state):
        actions = GAME.legal_actions(state)
        for action in actions:
            assert type(action) is tuple and action[0] in ("give", "lead", "play")
            assert all(type(item) is int for item in action[1:])
        seen.add(actions[0][0])
        before = state
        state = GAME.apply(state, rng.choice(actions))
        assert type(state) is state_module.State and before is not state
        assert state.events is not None and type(state.events[0]) in events
    assert seen == {"give", "lead", "play"}


def test_a_card_is_its_row_in_the_deck_file() -> None:
    with (ROOT / "content" / "multisuit" / "deck.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [card_text(GAME.table, c) for c in range(len(rows))] == [
        "".join(row[suit] + symbol for suit, symbol in zip(("spades", "diamonds", "clubs"), "♠♦♣")) for row in rows]
    assert GAME.table.ids == tuple(int(row["id"]) for row in rows)
