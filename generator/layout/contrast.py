"""Whether each text of a face can be read against what lies under it, from the scene.

The contrast of two colours is WCAG 2's ratio of their relative luminances, (L1 +
0.05) / (L2 + 0.05): 21:1 black on white, 1:1 white on white. Body text needs 4.5:1,
large text (14 pt and up, as the issue asks; WCAG says 18 pt, or 14 pt bold) 3:1.

What lies under a text is worked out from the scene, not from pixels: the filled
shapes drawn before it, in paint order, composited over white paper at points spread
over the text's box (group moves, turns and scales applied). A text half on a band and
half on the paper is judged by its worse half. Pictures are not read (their pixels
are not in the scene): a point over a picture is not judged here (the pixel test of
``tests/pnp/test_ink_contrast.py`` measures the print itself).

:func:`readable` makes each text that falls short follow what it sits on: its colour
becomes ink or white, whichever reads, so the ink-saving build, which drops fills,
does not leave white titles on white paper. Texts that read already are left as they
are (a colour build stays byte-identical).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from ..scene import Circle, Group, Image, Item, Path, Rect, Scene, Text, frozen
from .lint import IDENTITY, Matrix, group_matrix
from .text import extent
from .units import pt

BODY_RATIO = 4.5
LARGE_RATIO = 3.0
#: Text this size and up is "large" (points).
LARGE_PT = 14.0
PAPER = (1.0, 1.0, 1.0)
INK = "#1a1a1a"
WHITE = "#ffffff"
BLACK = "#000000"
#: Points sampled across a text's box, across and down.
_ACROSS, _DOWN = 7, 3

RGB = tuple[float, float, float]


def rgb(colour: str) -> RGB:
    """``#rrggbb`` (or ``#rgb``) as three channels from 0 to 1."""
    text = colour.lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    return int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255


def luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 to 21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def needed(size_pt: float) -> float:
    """The ratio a text of ``size_pt`` points needs."""
    return LARGE_RATIO if size_pt >= LARGE_PT - 1e-9 else BODY_RATIO


@frozen
class Reading:
    """One text as printed: its worst contrast against what lies under it."""

    text: Text
    ratio: float
    needed: float
    under: str  # the colour under it where it reads worst, #rrggbb
    at: tuple[float, float]  # where, mm on the face

    @property
    def low(self) -> bool:
        return self.ratio < self.needed - 1e-9

    def message(self) -> str:
        return (f"{self.text.fill} text on {self.under} (at {self.at[0]:.1f}, {self.at[1]:.1f} mm) has a contrast "
                f"of {self.ratio:.2f}:1; text of {pt(self.text.size):.1f} pt needs {self.needed:g}:1")


@frozen
class _Shape:
    kind: str  # "polygon", "circle" or "picture"
    points: tuple[tuple[float, float], ...]
    radius: float
    colour: RGB
    opacity: float


def readings(scene: Scene) -> list[Reading]:
    """Every text of ``scene`` with its worst contrast, in paint order."""
    found: list[Reading] = []
    shapes: list[_Shape] = []
    for item, matrix in _painted(scene.items, IDENTITY):
        if isinstance(item, Text):
            reading = _reading(item, matrix, shapes)
            if reading is not None:
                found.append(reading)
        else:
            shape = _shape(item, matrix)
            if shape is not None:
                shapes.append(shape)
    return found


def readable(scene: Scene) -> Scene:
    """``scene`` with every text that reads too faintly against what lies under it set
    in ink, white or black, whichever reads best (the others left as they are)."""
    shapes: list[_Shape] = []

    def walk(items: tuple[Item, ...], matrix: Matrix) -> tuple[Item, ...]:
        out: list[Item] = []
        for item in items:
            if isinstance(item, Group):
                children = walk(item.children, group_matrix(matrix, item))
                out.append(item if children == item.children else replace(item, children=children))
                continue
            if isinstance(item, Text):
                reading = _reading(item, matrix, shapes)
                if reading is not None and reading.low:
                    item = replace(item, fill=_best(item, matrix, shapes))
            else:
                shape = _shape(item, matrix)
                if shape is not None:
                    shapes.append(shape)
            out.append(item)
        return tuple(out)

    items = walk(scene.items, IDENTITY)
    return scene if items == scene.items else replace(scene, items=items)


def _best(item: Text, matrix: Matrix, shapes: list[_Shape]) -> str:
    scored = []
    for colour in (INK, WHITE, BLACK):
        reading = _reading(replace(item, fill=colour), matrix, shapes)
        scored.append((reading.ratio if reading is not None else 21.0, colour))
    good = [colour for score, colour in scored if score >= needed(pt(item.size * _scale(matrix))) - 1e-9]
    return good[0] if good else max(scored)[1]


def _painted(items: tuple[Item, ...], matrix: Matrix) -> Iterator[tuple[Item, Matrix]]:
    for item in items:
        if isinstance(item, Group):
            yield from _painted(item.children, group_matrix(matrix, item))
        else:
            yield item, matrix


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _scale(m: Matrix) -> float:
    a, b, c, d, _, _ = m
    return float(abs(a * d - b * c) ** 0.5)


def _shape(item: Item, matrix: Matrix) -> _Shape | None:
    if isinstance(item, Image):
        corners = ((item.x, item.y), (item.x + item.w, item.y), (item.x + item.w, item.y + item.h), (item.x, item.y + item.h))
        return _Shape("picture", tuple(_apply(matrix, x, y) for x, y in corners), 0.0, PAPER, 1.0)
    style = getattr(item, "style", None)
    if style is None or not style.fill or style.opacity <= 0:
        return None
    colour = rgb(style.fill)
    if isinstance(item, Rect):
        corners = ((item.x, item.y), (item.x + item.w, item.y), (item.x + item.w, item.y + item.h), (item.x, item.y + item.h))
        return _Shape("polygon", tuple(_apply(matrix, x, y) for x, y in corners), 0.0, colour, style.opacity)
    if isinstance(item, Circle):
        return _Shape("circle", (_apply(matrix, item.cx, item.cy),), item.r * _scale(matrix), colour, style.opacity)
    if isinstance(item, Path):
        points = tuple(_apply(matrix, command[-2], command[-1]) for command in item.commands if len(command) >= 3)
        return _Shape("polygon", points, 0.0, colour, style.opacity) if len(points) >= 3 else None
    return None


def _inside(shape: _Shape, x: float, y: float) -> bool:
    if shape.kind == "circle":
        cx, cy = shape.points[0]
        return (x - cx) ** 2 + (y - cy) ** 2 <= shape.radius ** 2
    inside = False  # even-odd, as a path with holes (a ring) is filled
    points = shape.points
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _under(shapes: list[_Shape], x: float, y: float) -> RGB | None:
    """The colour the paper shows at (x, y) before the text is printed (None: a picture)."""
    colour = PAPER
    for shape in shapes:
        if not _inside(shape, x, y):
            continue
        if shape.kind == "picture":
            return None
        a = shape.opacity
        colour = (colour[0] * (1 - a) + shape.colour[0] * a, colour[1] * (1 - a) + shape.colour[1] * a,
                  colour[2] * (1 - a) + shape.colour[2] * a)
    return colour


def _reading(item: Text, matrix: Matrix, shapes: list[_Shape]) -> Reading | None:
    if not item.text.strip():
        return None
    box = extent(item)
    ink = rgb(item.fill)
    worst: tuple[float, RGB, tuple[float, float]] | None = None
    for i in range(_ACROSS):
        for j in range(_DOWN):
            local = (box.x + box.w * (i + 0.5) / _ACROSS, box.y + box.h * (j + 0.5) / _DOWN)
            x, y = _apply(matrix, *local)
            under = _under(shapes, x, y)
            if under is None:
                continue
            score = ratio(ink, under)
            if worst is None or score < worst[0]:
                worst = (score, under, (x, y))
    if worst is None:
        return None
    score, under, at = worst
    hex_under = "#" + "".join(f"{round(c * 255):02x}" for c in under)
    return Reading(item, score, needed(pt(item.size * _scale(matrix))), hex_under, (round(at[0], 2), round(at[1], 2)))
