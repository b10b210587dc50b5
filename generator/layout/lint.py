"""Checks on every face before it is drawn: missing glyphs, the safe-zone lint and the
type-size lint.

The safe-zone lint knows each text's extent from the font metrics, through any group
transforms. A text that crosses the safe zone (or its own ``max_width``) is shrunk, down
to ``MIN_SCALE`` of its size; if that is not enough the build fails naming the component
and the text. The lint returns a new scene with the shrunk texts: scenes stay frozen.
The type-size lint (``small_print``) then fails every text printed below the piece's
minimum size, so shrinking can never make print unreadable.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..scene import Group, Item, Scene, Text
from .boxes import Box
from .text import extent, missing_glyphs
from .units import pt
from ..scene import frozen

#: Text may shrink to this fraction of its designed size to fit; less would be unreadable.
MIN_SCALE = 0.7
_STEPS = 12

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as in SVG/PDF
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@frozen
class Problem:
    component: str
    text: str
    message: str

    def __str__(self) -> str:
        return f"{self.component}: text {self.text!r}: {self.message}"


class LayoutError(Exception):
    """Faces that cannot be printed as laid out; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def group_matrix(parent: Matrix, group: Group) -> Matrix:
    """``parent`` · translate(dx, dy) · rotate(clockwise, y down) · scale."""
    rad = math.radians(group.rotate)
    cos, sin = math.cos(rad) * group.scale, math.sin(rad) * group.scale
    local: Matrix = (cos, sin, -sin, cos, group.dx, group.dy)
    return multiply(parent, local)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def transform_box(m: Matrix, box: Box) -> Box:
    a, b, c, d, e, f = m
    xs, ys = [], []
    for x, y in ((box.x, box.y), (box.right, box.y), (box.x, box.bottom), (box.right, box.bottom)):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _label(item: Text) -> str:
    return item.name or item.text


def _fits(item: Text, matrix: Matrix, safe: Box, scale: float) -> bool:
    local = extent(item, scale)
    if item.max_width is not None and local.w > item.max_width + 1e-6:
        return False
    return safe.contains(transform_box(matrix, local), tolerance=1e-6)


def _fit_text(item: Text, matrix: Matrix, safe: Box, component: str, problems: list[Problem]) -> Text:
    if _fits(item, matrix, safe, 1.0):
        return item
    if not _fits(item, matrix, safe, MIN_SCALE):
        where = transform_box(matrix, extent(item, MIN_SCALE))
        problems.append(Problem(component, _label(item),
                                f"crosses the safe zone even at {MIN_SCALE:.0%} size "
                                f"(extent x {where.x:.1f}..{where.right:.1f}, y {where.y:.1f}..{where.bottom:.1f} mm; "
                                f"safe zone x {safe.x:.1f}..{safe.right:.1f}, y {safe.y:.1f}..{safe.bottom:.1f} mm)"))
        return item
    low, high = MIN_SCALE, 1.0  # fits at low, not at high
    for _ in range(_STEPS):
        mid = (low + high) / 2
        low, high = (mid, high) if _fits(item, matrix, safe, mid) else (low, mid)
    return replace(item, size=round(item.size * low, 4))


def _walk(items: tuple[Item, ...], matrix: Matrix, safe: Box, component: str, problems: list[Problem]) -> tuple[Item, ...]:
    out: list[Item] = []
    for item in items:
        if isinstance(item, Text):
            for ch in missing_glyphs(item.text, item.bold, item.italic, item.font):
                problems.append(Problem(component, _label(item), f"character {ch!r} (U+{ord(ch):04X}) is not in the shipped font"))
            out.append(_fit_text(item, matrix, safe, component, problems))
        elif isinstance(item, Group):
            children = _walk(item.children, group_matrix(matrix, item), safe, component, problems)
            out.append(item if children == item.children else replace(item, children=children))
        else:
            out.append(item)
    return tuple(out)


def lint_scene(scene: Scene, component: str, safe: Box) -> tuple[Scene, list[Problem]]:
    """The scene with over-wide texts shrunk, and every problem that shrinking cannot fix."""
    problems: list[Problem] = []
    items = _walk(scene.items, IDENTITY, safe, component, problems)
    return (scene if items == scene.items else replace(scene, items=items)), problems


def _scale(matrix: Matrix) -> float:
    a, b, c, d, _, _ = matrix
    return math.sqrt(abs(a * d - b * c))


def _sizes(items: tuple[Item, ...], matrix: Matrix) -> list[tuple[Text, float]]:
    found: list[tuple[Text, float]] = []
    for item in items:
        if isinstance(item, Text):
            found.append((item, pt(item.size * _scale(matrix))))
        elif isinstance(item, Group):
            found.extend(_sizes(item.children, group_matrix(matrix, item)))
    return found


def small_print(scene: Scene, component: str, min_pt: float) -> list[Problem]:
    """Every text of ``scene`` set smaller than ``min_pt`` points (group scales applied),
    as problems naming it: the type-size lint. Run it after ``lint_scene``, which may
    have shrunk texts to fit."""
    return [Problem(component, _label(item), f"is set at {size:.1f} pt; this piece needs at least {min_pt:g} pt")
            for item, size in _sizes(scene.items, IDENTITY) if size < min_pt - 1e-6]
