"""The architecture, checked by reading the code: imports point one way, no import
cycles, every game package has the same shape, and no wiring hides in strings.

Every ``import`` of every module under ``generator/`` counts, including imports inside
functions and under ``TYPE_CHECKING``: a lazy import is still a dependency. The layer
order (top to bottom) is :data:`LAYERS`; a module may import its own layer or any
layer below, never one above, and never so that modules import each other in a circle.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "generator"

#: The modules every game package holds, no more, no fewer (see /work/notes/redesign.md).
GAME_MODULES = frozenset({"__init__", "state", "play", "notation", "examples", "engine", "faces", "diagrams", "bots"})

#: The layers, top to bottom. Each entry names modules (a package stands for all its
#: modules) or, with ``<game>``, that module of every game package under generator/games/.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("cli", ("generator.cli", "generator.entry", "generator.__main__")),
    ("build", ("generator.build",)),
    ("pipelines", ("generator.docs", "generator.pnp", "generator.verify", "generator.simulate",
                   "generator.target", "generator.templating", "generator.lab", "generator.scaffold")),
    ("games registry", ("generator.games", "generator.games.spec", "generator.games.<game>")),
    ("game faces and diagrams, render", ("generator.games.<game>.faces", "generator.games.<game>.diagrams",
                                         "generator.render")),
    ("game engine", ("generator.games.<game>.engine",)),
    ("game bots", ("generator.games.<game>.bots",)),
    ("game examples", ("generator.games.<game>.examples",)),
    ("game notation", ("generator.games.<game>.notation",)),
    ("game play", ("generator.games.<game>.play",)),
    ("game state", ("generator.games.<game>.state",)),
    ("rules protocol, components vocabulary, deck tools, faces from data",
     ("generator.rules", "generator.components", "generator.deck", "generator.faces_from_data")),
    ("content, layout", ("generator.content", "generator.layout")),
    ("scene, file and process helpers", ("generator.scene", "generator.atomic", "generator.workers", "generator.trust",
                                         "generator")),
)

#: A "module:function" reference hidden in a string (what the registry replaced).
WIRING_STRING = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+:[A-Za-z_]\w*")


# -- reading the code ----------------------------------------------------------------


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@lru_cache(maxsize=1)
def modules() -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py")) if "__pycache__" not in p.parts}


def _resolve(importer: str, path: Path, level: int, name: str | None) -> str:
    """The absolute name of a ``from ... import`` source."""
    if level == 0:
        return name or ""
    package = importer.split(".") if path.name == "__init__.py" else importer.split(".")[:-1]
    base = package[: len(package) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def _known(name: str) -> bool:
    """Is ``name`` a module of ours?"""
    if not name.startswith("generator"):
        return False
    where = ROOT / Path(*name.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def imports_of(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """(module of ours imported, line) for every import statement of the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _known(alias.name):
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(name, path, node.level, node.module)
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                if _known(sub):  # ``from . import fonts``: the submodule itself
                    yield sub, node.lineno
                elif _known(source):
                    yield source, node.lineno


@lru_cache(maxsize=1)
def graph() -> dict[str, dict[str, int]]:
    """Module -> {module it imports: first line}."""
    edges: dict[str, dict[str, int]] = {}
    for name, path in modules().items():
        targets: dict[str, int] = {}
        for target, line in imports_of(name, path):
            if target != name:
                targets.setdefault(target, line)
        edges[name] = targets
    return edges


def game_packages() -> list[Path]:
    return sorted(p.parent for p in (PACKAGE / "games").glob("*/__init__.py"))


def _matches(entry: str, module: str) -> bool:
    if entry == "generator":  # the package's own __init__ (its version), not everything
        return module == "generator"
    if "<game>" in entry:
        pattern, parts = entry.split("."), module.split(".")
        games = {p.name for p in game_packages()}
        return len(parts) == len(pattern) and parts[2] in games and all(
            p == q for p, q in zip(pattern, parts) if p != "<game>")
    return module == entry or module.startswith(entry + ".")


def layer_of(module: str) -> tuple[int, str]:
    """(index from the top, layer name) of ``module``, by its most specific entry."""
    best: tuple[int, int, str] | None = None  # (specificity, index, layer name)
    for index, (layer, entries) in enumerate(LAYERS):
        for entry in entries:
            if _matches(entry, module) and (best is None or entry.count(".") > best[0]):
                best = (entry.count("."), index, layer)
    assert best is not None, f"{module} is in no layer: add it to LAYERS"
    return best[1], best[2]


# -- the checks ----------------------------------------------------------------------


def test_the_checks_read_real_imports() -> None:
    """The reader sees module-level, function-local and relative imports."""
    edges = graph()
    assert "generator.docs.pages" in edges["generator.build"]
    assert "generator.target" in edges["generator.docs.pages"]  # a module-level relative import
    assert "generator.layout.text" in edges["generator.components.typeset"]  # from ..layout import text
    assert "generator.games" in edges["generator.verify.run"]  # a function-local import
    assert len(game_packages()) >= 5


def test_no_import_cycles() -> None:
    """No module reaches itself through imports (function-local ones included)."""
    edges = graph()
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for target in edges.get(node, {}):
            if state.get(target) == 1:
                cycles.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_imports_point_down_the_layers() -> None:
    """cli -> build -> pipelines -> registry -> faces/diagrams/render -> game engines ->
    rules/components/deck -> content/layout -> scene: never upwards."""
    wrong = []
    for importer, targets in sorted(graph().items()):
        mine, my_layer = layer_of(importer)
        for target, line in sorted(targets.items()):
            theirs, their_layer = layer_of(target)
            if theirs < mine:
                rel = modules()[importer].relative_to(ROOT)
                wrong.append(f"{rel}:{line}: {importer} ({my_layer}) imports {target} ({their_layer}), a layer above")
    assert not wrong, "\n".join(wrong)


def test_every_module_has_a_layer() -> None:
    for name in modules():
        layer_of(name)


def test_every_game_package_has_the_same_modules() -> None:
    """A game is one folder with the same module names as every other game."""
    shapes = {package.name: frozenset(p.stem for p in package.glob("*.py")) for package in game_packages()}
    wrong = {game: sorted(shape ^ GAME_MODULES) for game, shape in shapes.items() if shape != GAME_MODULES}
    assert not wrong, f"game packages whose modules differ from {sorted(GAME_MODULES)} (extra or missing): {wrong}"


def test_no_module_function_strings() -> None:
    """Wiring is by reference: no "pkg.module:function" string anywhere in generator/."""
    found = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and WIRING_STRING.fullmatch(node.value.strip()):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("bad", ["generator.docs.pages:build_site", "my_game.spec:SPEC"])
def test_the_string_check_knows_a_wiring_string(bad: str) -> None:
    assert WIRING_STRING.fullmatch(bad)
