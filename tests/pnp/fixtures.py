"""A small stand-in game for the PnP tests: cards with coloured bleed, backs, a board.

The real layouts live in ``generator.components``; these fixtures let the imposition and
backends be tested on pieces whose geometry the tests know exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.components.base import Component, Face
from generator.scene import Group, Path, Rect, Scene, Style, Text

CARD = (63.0, 88.0)
BLEED = 3.0


@dataclass(frozen=True)
class FakeComponentInfo:
    name: str
    count: int
    printed: bool = False
    per_player: int | None = None


@dataclass(frozen=True)
class FakeGame:
    slug: str = "fixture"
    title: str = "Fixture Game"
    designer: str | None = "A. Designer"
    tagline: str = "A stand-in game for tests."
    components: tuple = field(default_factory=lambda: (FakeComponentInfo("six-sided dice", 4),))


def card_scene(number: int, w: float = CARD[0], h: float = CARD[1], bleed: float = BLEED) -> Scene:
    """A card with a blue full-bleed background, a white panel and its number as text."""
    spade = Path((("M", 0, -3), ("C", 3, 0, 3, 2, 0, 2), ("C", -3, 2, -3, 0, 0, -3), ("Z",)), Style(fill="#000000", stroke=None))
    items = (
        Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill="#2060c0", stroke=None)),
        Rect(4, 4, w - 8, h - 8, Style(fill="#ffffff", stroke=None), radius=2),
        Text(6, 12, str(number), 6.0, bold=True, name="rank"),
        Group((Text(0, 0, str(number), 6.0, bold=True, name="rank"),), dx=w - 6, dy=h - 12, rotate=180),
        Group((spade,), dx=w / 2, dy=h / 2, scale=3.0),
        Text(w / 2, h - 20, "Fixture card", 3.5, anchor="middle", name="caption"),
    )
    return Scene(f"card-{number:02d}", w, h, items)


def back_scene(w: float = CARD[0], h: float = CARD[1], bleed: float = BLEED) -> Scene:
    items = (Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill="#a02020", stroke=None)),
             Text(w / 2, h / 2, "BACK", 8.0, anchor="middle", bold=True, fill="#ffffff", name="back"))
    return Scene("back", w, h, items)


def deck(count: int = 12, backs: bool = False, size: tuple[float, float] = CARD) -> Component:
    w, h = size
    faces = tuple(Face(card_scene(i + 1, w, h), back_scene(w, h) if backs else None) for i in range(count))
    return Component("cards", "Cards", "card", faces, size, bleed=BLEED, assembly="Cut on the crop marks.")


def board(w: float, h: float, name: str = "Board") -> Component:
    items = (Rect(0, 0, w, h, Style(fill="#f0e0b0", stroke="#000000", stroke_width=0.5)),
             Text(w / 2, 20, name, 8.0, anchor="middle", bold=True, name="title"),
             Rect(10, 30, 20, 20, Style(stroke="#000000")))
    return Component(name.lower().replace(" ", "-"), name, "board", (Face(Scene(name, w, h, items)),), (w, h))
