"""Shared helpers for the layout tests: load a game, walk a scene's items."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from generator.components.base import Component, FaceOptions
from generator.content.loader import parse_game
from generator.content.schema import GameContent
from generator.games import SHIPPED, find_spec
from generator.scene import Group, Item, Scene, Text

ROOT = Path(__file__).resolve().parents[2]
GAMES: tuple[str, ...] = tuple(spec.slug for spec in SHIPPED if spec.faces is not None)


def game(slug: str) -> GameContent:
    """The shipped content of ``slug``."""
    return parse_game(ROOT / "content" / slug).content


def layout(content: GameContent, options: FaceOptions = FaceOptions(), root: Path = ROOT) -> list[Component]:
    """The game's printed components, as the PnP build gets them."""
    spec = find_spec(content.slug)
    assert spec is not None and spec.faces is not None
    return list(spec.faces(content, options, root))


def scenes(component: Component) -> Iterator[Scene]:
    """Every face drawn for ``component``: fronts and backs."""
    for face in component.faces:
        yield face.front
        if face.back is not None:
            yield face.back


def walk(items: tuple[Item, ...]) -> Iterator[Item]:
    """Every item, groups opened (their children in their own coordinates)."""
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from walk(item.children)


def texts(scene: Scene) -> list[Text]:
    return [item for item in walk(scene.items) if isinstance(item, Text)]


def by_id(components: list[Component], component_id: str) -> Component:
    matches = [c for c in components if c.id == component_id]
    assert matches, f"no component {component_id!r} in {[c.id for c in components]}"
    return matches[0]
