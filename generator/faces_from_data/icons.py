"""Icons a layout can place in a box or inline in text (``:hearts:``), drawn as vectors.

The standard suit symbols (``generator.components.suits``), the six die faces
(``die-1`` … ``die-6``) and a few plain marks. An icon is drawn in a square of ``size``
mm centred on a point, so the same icon sits in a box or on a line of text. A layout
adds its own (``icons:``, read by ``generator.faces_from_data.assets``): they are passed
in as ``own`` and drawn the same way.
"""

from __future__ import annotations

import math
import re
from typing import Any, Mapping

from ..components.pieces import _PIPS  # the same pips as every die Pipworks prints
from ..components.suits import SUITS, suit_symbol
from ..scene import Circle, Item, Path, Rect, Style

MARKS = ("star", "circle", "square", "pip")
ICONS: tuple[str, ...] = (*SUITS, *(f"die-{n}" for n in range(1, 7)), *MARKS)
#: ``:name:`` in text: an icon inline.
INLINE = re.compile(r":([a-z][a-z0-9]*(?:-[a-z0-9]+)*):")


def is_icon(name: str, own: Mapping[str, Any] | None = None) -> bool:
    return name in ICONS or (own is not None and name in own)


def known_icons(own: Mapping[str, Any] | None = None) -> str:
    """Every icon's name, the layout's own first, for a message about an unknown one."""
    return ", ".join([*sorted(own or ()), *ICONS])


def _star(cx: float, cy: float, size: float, colour: str) -> Path:
    outer, inner = size / 2, size / 2 * 0.4
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((round(cx + r * math.cos(angle), 4), round(cy + r * math.sin(angle) + size * 0.05, 4)))
    commands = (("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",))
    return Path(commands, Style(fill=colour, stroke=None))


def _die(value: int, cx: float, cy: float, size: float, colour: str) -> list[Item]:
    side = size * 0.9
    x, y = cx - side / 2, cy - side / 2
    body = Rect(round(x, 4), round(y, 4), round(side, 4), round(side, 4),
                Style(fill="#ffffff", stroke=colour, stroke_width=max(0.15, side * 0.06)), radius=round(side * 0.16, 4))
    pips = [Circle(round(x + fx * side, 4), round(y + fy * side, 4), round(side * 0.09, 4), Style(fill=colour, stroke=None))
            for fx, fy in _PIPS[value]]
    return [body, *pips]


def icon_items(name: str, cx: float, cy: float, size: float, colour: str,
               own: Mapping[str, Any] | None = None, bw: bool = False) -> list[Item]:
    """Icon ``name`` in a ``size`` mm square centred on (cx, cy), in ``colour``; ``own``
    are the layout's icons (their own colours, greys in the ``bw`` build)."""
    if own is not None and name in own:
        return list(own[name].items(cx, cy, size, colour, bw))
    if name in SUITS:
        return [suit_symbol(name, cx, cy, size, colour, stroke=None)]
    if name.startswith("die-"):
        return _die(int(name[4:]), cx, cy, size, colour)
    if name == "star":
        return [_star(cx, cy, size, colour)]
    if name == "circle":
        return [Circle(round(cx, 4), round(cy, 4), round(size * 0.45, 4), Style(fill=colour, stroke=None))]
    if name == "pip":
        return [Circle(round(cx, 4), round(cy, 4), round(size * 0.2, 4), Style(fill=colour, stroke=None))]
    if name == "square":
        s = size * 0.8
        return [Rect(round(cx - s / 2, 4), round(cy - s / 2, 4), round(s, 4), round(s, 4), Style(fill=colour, stroke=None))]
    raise ValueError(f"no icon {name!r}; icons: {known_icons(own)}")
