"""Pictures of the table after setup: the printed components, placed as the setup rules
say, with the seats labelled.

Each game's ``diagrams.setup_table`` lays its table out with this vocabulary: a
component's printed face drawn small (:func:`miniature`, the very scene the print files
draw, turned to face its owner), card piles, dice, seat labels and captions. A
miniature keeps the shapes of its face but not its fine print: text that would be
smaller than :data:`MIN_TEXT` at the picture's scale is left out (:func:`legible`), so
every word in the picture reads, in the rulebook, on the quick reference and on a
phone. Labels are set at :data:`LABEL` size, never shrunk below :data:`MIN_TEXT`.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

from ..scene import Circle, Group, Item, Rect, Scene, Style, Text
from . import pieces
from . import typeset as ts
from .diagrams import card_back
from .palette import WHITE, Palette

Shape = TypeVar("Shape", Rect, Circle)

#: Width of every setup picture (mm): drawn at most this wide, its labels stay at least
#: 8 pt on a half-page quick reference and about 10 px on a phone.
WIDTH = 120.0
#: Size of labels and the smallest text a picture keeps (mm).
LABEL = 4.0
MIN_TEXT = 2.8


def legible(items: Sequence[Item], scale: float, min_text: float = MIN_TEXT) -> tuple[Item, ...]:
    """``items`` without the text that would print smaller than ``min_text`` mm when
    drawn at ``scale`` (groups scale their children too)."""
    kept: list[Item] = []
    for item in items:
        if isinstance(item, Text):
            if item.size * scale >= min_text - 1e-9:
                kept.append(item)
        elif isinstance(item, Group):
            kept.append(Group(legible(item.children, scale * item.scale, min_text), item.dx, item.dy, item.rotate,
                              item.scale))
        else:
            kept.append(item)
    return tuple(kept)


def miniature(scene: Scene, x: float, y: float, width: float, turn: int = 0,
              frame: bool = True) -> tuple[Group, float, float]:
    """``scene`` drawn ``width`` mm wide (before turning) with its top-left corner at
    (x, y) once turned ``turn`` degrees clockwise (0, 90, 180 or 270: a piece faces the
    player who sits on that side). Returns the group and the width and height it covers."""
    scale = width / scene.width
    w, h = scene.width * scale, scene.height * scale
    edge = Rect(0, 0, scene.width, scene.height, Style(fill=WHITE, stroke="#9aa0ad", stroke_width=0.3 / scale))
    children = ((edge,) if frame else ()) + legible(scene.items, scale)
    dx, dy = {0: (x, y), 90: (x + h, y), 180: (x + w, y + h), 270: (x, y + w)}[turn]
    covers = (w, h) if turn in (0, 180) else (h, w)
    return Group(children, dx, dy, float(turn), scale), covers[0], covers[1]


def label(x: float, y: float, text: str, name: str, max_width: float, pal: Palette, anchor: str = "middle",
          bold: bool = True, size: float = LABEL) -> Text:
    """A label of the picture: ``size`` mm, shrunk to fit ``max_width`` but never below
    :data:`MIN_TEXT` (a longer label is a content problem, caught by the tests)."""
    shown = ts.printable(text)
    fitted = ts.fit_size(shown, max_width, size, bold, floor=MIN_TEXT)
    return Text(x, y, shown, fitted, anchor, bold, pal.text, max_width, name)


def pile(x: float, y: float, pal: Palette, w: float = 9.0, h: float = 12.5, depth: int = 3) -> list[Item]:
    """A face-down pile of cards, its top card at (x, y)."""
    items: list[Item] = []
    for n in range(depth - 1, -1, -1):
        items += card_back(x + n * 0.7, y + n * 0.7, pal, w, h)
    return items


def fan(x: float, y: float, count: int, pal: Palette, w: float = 7.0, h: float = 10.0,
        step: float = 2.2) -> tuple[list[Item], float]:
    """A player's hand: ``count`` cards face down, overlapping left to right. Returns the
    items and the width the hand covers."""
    items: list[Item] = []
    for n in range(count):
        items += card_back(x + n * step, y, pal, w, h)
    return items, w + step * max(0, count - 1)


def dice(x: float, y: float, values: Sequence[int], pal: Palette, size: float = 5.0, gap: float = 1.0) -> tuple[list[Item], float]:
    """Dice in a row from (x, y), showing ``values``. Returns the items and the width."""
    items: list[Item] = []
    for n, value in enumerate(values):
        items += pieces.die_face(x + n * (size + gap), y, size, int(value), pal)
    return items, len(values) * (size + gap) - gap


def table(width: float, height: float, pal: Palette) -> Rect:
    """The table top everything lies on."""
    return Rect(0, 0, width, height, Style(fill=None if pal.bw else "#f6f4ef", stroke=pal.line, stroke_width=0.4),
                radius=3.0)


def picture(slug: str, title: str, items: list[Item], height: float, description: str) -> Scene:
    """The finished setup picture of a game: ``description`` says in words what it
    shows (the text a screen reader reads, written into the SVG as its description)."""
    return Scene(name=f"{slug} setup", width=WIDTH, height=round(height, 2), items=tuple(items),
                 title=ts.printable(f"{title}: the table after setup. {description}"))


def spots(scene: Scene, kind: type[Shape], size: float) -> list[Shape]:
    """The top-level shapes of ``scene`` of ``kind`` (Rect: width ``size``; Circle:
    radius ``size``) in drawing order: where a board's slots and places are."""
    found: list[Shape] = []
    for item in scene.items:
        if isinstance(item, kind) and abs(getattr(item, "w", getattr(item, "r", -1.0)) - size) < 1e-6:
            found.append(item)
    return found
