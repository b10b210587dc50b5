"""Pip Trick's package has the one shape every game shares (docs: redesign contract).

The same module names as every game, imports inside the package pointing one way down
``state → play → notation → examples → engine`` (faces and diagrams beside them), and
nothing imported from the pipelines above the games. Function-local imports count.
"""

from __future__ import annotations

import ast
from pathlib import Path

import generator.games.pip_trick as package

FOLDER = Path(package.__file__).parent
MODULES = {"__init__", "state", "play", "notation", "examples", "engine", "faces", "diagrams", "bots"}
#: module -> the modules of the game it may import
MAY_IMPORT = {
    "__init__": {"engine", "faces", "diagrams", "state", "bots"},  # only inside the spec's lazy callables
    "state": set(),
    "play": {"state"},
    "notation": {"state", "play"},
    "examples": {"state", "play", "notation"},
    "engine": {"state", "play", "notation", "examples"},
    "faces": {"state"},
    "diagrams": {"state", "notation"},
    "bots": {"state", "play", "notation", "examples"},
}
NEVER = ("generator.docs", "generator.pnp", "generator.verify", "generator.build", "generator.cli", "generator.render")


def imports(module: str, top_level_only: bool = False) -> set[str]:
    """Absolute names of every module ``module`` imports, anywhere in its code (or only
    at import time, outside functions and ``if TYPE_CHECKING:``)."""
    tree = ast.parse((FOLDER / f"{module}.py").read_text(encoding="utf-8"))
    here = "generator.games.pip_trick".split(".")
    if module != "__init__":
        here.append(module)
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = here[:len(here) - node.level] if node.level else []
            name = ".".join(base + ([node.module] if node.module else []))
            found.add(name)
            if node.module is None:  # "from . import state"
                found |= {f"{name}.{alias.name}" for alias in node.names}
    return found


def test_the_package_has_exactly_the_shared_modules() -> None:
    assert {p.stem for p in FOLDER.glob("*.py")} == MODULES


def test_imports_inside_the_game_point_down_the_table() -> None:
    prefix = "generator.games.pip_trick."
    for module in MODULES:
        inside = {name[len(prefix):].split(".")[0] for name in imports(module) if name.startswith(prefix)}
        assert inside <= MAY_IMPORT[module], f"{module} imports {sorted(inside - MAY_IMPORT[module])}"


def test_reading_the_spec_imports_nothing_of_the_game() -> None:
    """``__init__`` imports its parts only when the registry calls for them."""
    assert not [name for name in imports("__init__", top_level_only=True) if name.startswith("generator.games.pip_trick")]


def test_the_game_never_imports_the_pipelines() -> None:
    for module in MODULES:
        bad = sorted(name for name in imports(module) if name.startswith(NEVER))
        assert not bad, f"{module} imports {bad}"


def test_the_old_modules_are_gone() -> None:
    root = FOLDER.parents[2]
    old = [root / "generator" / "rules" / f"pip_trick{suffix}.py" for suffix in ("", "_state", "_rules", "_text", "_examples")]
    old += [root / "generator" / "components" / name for name in ("pip_trick.py", "diagram_pip_trick.py")]
    assert not [str(p) for p in old if p.exists()]
