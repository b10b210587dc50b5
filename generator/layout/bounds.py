"""Where drawn items lie once their groups are applied: one box per leaf item.

Page furniture (labels, rulers) must not be crossed by crop marks or fold lines; the
marks ask for these boxes and leave a gap where one sits on their path.
"""

from __future__ import annotations

from typing import Iterator

from ..scene import Circle, Group, Image, Item, Line, Path, Rect, Text
from .boxes import Box
from .lint import IDENTITY, Matrix, group_matrix, transform_box
from .text import extent


def _own_box(item: Item) -> Box | None:
    if isinstance(item, Text):
        return extent(item)
    if isinstance(item, (Rect, Image)):
        return Box(item.x, item.y, item.w, item.h)
    if isinstance(item, Circle):
        return Box(item.cx - item.r, item.cy - item.r, 2 * item.r, 2 * item.r)
    if isinstance(item, Line):
        return Box(min(item.x1, item.x2), min(item.y1, item.y2), abs(item.x2 - item.x1), abs(item.y2 - item.y1))
    if isinstance(item, Path):
        xs = [c[i] for c in item.commands for i in range(1, len(c), 2)]
        ys = [c[i] for c in item.commands for i in range(2, len(c), 2)]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)) if xs else None
    return None


def leaf_boxes(items: tuple[Item, ...], matrix: Matrix = IDENTITY, text: bool = True) -> Iterator[Box]:
    """The page box of every leaf item under ``matrix`` (groups opened); shapes only
    when ``text`` is False."""
    for item in items:
        if isinstance(item, Group):
            yield from leaf_boxes(item.children, group_matrix(matrix, item), text)
        elif text or not isinstance(item, Text):
            box = _own_box(item)
            if box is not None:
                yield transform_box(matrix, box)
