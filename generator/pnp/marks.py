"""Marks printed around the art: crop marks, page labels, scale checks, glue and fold.

All return scene items in page millimetres. Labels and scale checks are laid out along
a band (a margin strip) in band coordinates — u along the strip, v across it — and then
turned to the page, so the same code serves top/bottom and left/right margins.
"""

from __future__ import annotations

from ..components import typeset as ts
from ..layout import text as metrics
from ..layout.boxes import Box
from ..layout.imposition import Imposition
from ..layout.units import MM_PER_INCH
from ..scene import Group, Item, Line, Rect, Style, Text

MARK = Style(stroke="#000000", stroke_width=0.15)
GUIDE = Style(stroke="#808080", stroke_width=0.15, dash=(1.0, 1.0))
LABEL_SIZE = 2.4  # mm em: about 7 pt, readable but quiet
RULER_LENGTH = 100.0


def crop_marks(imp: Imposition) -> tuple[Item, ...]:
    """Lines along every cut, from the block's edge out to the page edge on both sides.

    They stop at the trim so they never print on the art, and reach the paper's edge so
    they survive the first cuts of a paper trimmer.
    """
    block, page = imp.block, imp.paper
    lines: list[Item] = []
    for x in imp.cut_xs():
        lines.append(Line(x, 0.0, x, block.y - imp.bleed, MARK))
        lines.append(Line(x, block.bottom + imp.bleed, x, page.height, MARK))
    for y in imp.cut_ys():
        lines.append(Line(0.0, y, block.x - imp.bleed, y, MARK))
        lines.append(Line(block.right + imp.bleed, y, page.width, y, MARK))
    return tuple(lines)


def _to_page(band: Box, rotated: bool, items: tuple[Item, ...]) -> Group:
    """Band coordinates to page: u runs left→right (or bottom→top when rotated)."""
    if rotated:
        return Group(children=items, dx=band.x, dy=band.bottom, rotate=270.0)
    return Group(children=items, dx=band.x, dy=band.y)


def _band_length(band: Box, rotated: bool) -> tuple[float, float]:
    return (band.h, band.w) if rotated else (band.w, band.h)


def page_label(band: Box, rotated: bool, parts: tuple[str, ...], cells: tuple[float, ...] = ()) -> Group:
    """The label's parts centred one per cell along the band (cells are band-u cut
    positions, e.g. the crop marks, so text never sits on a cut line)."""
    length, thickness = _band_length(band, rotated)
    edges = cells if len(cells) == len(parts) + 1 else tuple(length * i / len(parts) for i in range(len(parts) + 1))
    size = min(LABEL_SIZE, thickness * 0.55)
    baseline = thickness / 2 + metrics.ascent(size) / 2 - metrics.descent(size) / 2
    items: list[Item] = []
    for part, left, right in zip(parts, edges, edges[1:]):
        fitted = ts.fit_size(part, (right - left) - 2.0, size, floor=0.0)
        items.append(Text((left + right) / 2, baseline, part, fitted, anchor="middle", fill="#333333", name="page label"))
    return _to_page(band, rotated, tuple(items))


def scale_checks(band: Box, rotated: bool) -> Group:
    """A 100 mm ruler and an inch check: a 1 in square where the margin is deep enough,
    otherwise a 1 in bar (3 × 3 card sheets leave no margin an inch deep)."""
    length, thickness = _band_length(band, rotated)
    tick = min(3.0, thickness * 0.45)
    numbers = thickness >= 5.0
    size = min(LABEL_SIZE * 0.8, thickness * 0.3)
    x0 = max(2.0, (length - RULER_LENGTH - 45.0) / 2)
    v0 = (thickness - tick - (size + 0.5 if numbers else 0.0)) / 2
    items: list[Item] = [Line(x0, v0, x0 + RULER_LENGTH, v0, MARK)]
    for mm in range(int(RULER_LENGTH) + 1):
        h = tick if mm % 10 == 0 else tick * (0.7 if mm % 5 == 0 else 0.4)
        items.append(Line(x0 + mm, v0, x0 + mm, v0 + h, MARK))
        if numbers and mm % 10 == 0:
            items.append(Text(x0 + mm, v0 + tick + size, str(mm // 10), size, anchor="middle", name="ruler"))
    caption = "100 mm" if numbers else "100 mm ruler"
    items.append(Text(x0 + RULER_LENGTH + 2.0, v0 + tick, caption, size, name="ruler"))
    inch_x = x0 + RULER_LENGTH + 4.0 + ts.text_width(caption, size)
    if thickness >= MM_PER_INCH + 2.0:
        top = (thickness - MM_PER_INCH) / 2
        items.append(Rect(inch_x, top, MM_PER_INCH, MM_PER_INCH, MARK))
        items.append(Text(inch_x + MM_PER_INCH / 2, top + MM_PER_INCH / 2 + size / 3, "1 in", size, anchor="middle", name="inch"))
    else:
        items.append(Line(inch_x, v0, inch_x + MM_PER_INCH, v0, MARK))
        items.append(Line(inch_x, v0, inch_x, v0 + tick, MARK))
        items.append(Line(inch_x + MM_PER_INCH, v0, inch_x + MM_PER_INCH, v0 + tick, MARK))
        items.append(Text(inch_x + MM_PER_INCH + 1.5, v0 + tick, "1 in", size, name="inch"))
    return _to_page(band, rotated, tuple(items))


def fold_line(y: float, width: float) -> tuple[Item, ...]:
    return (Line(0.0, y, width, y, GUIDE),
            Text(width / 2, y - 0.8, "fold here", 2.0, anchor="middle", fill="#808080", name="fold"))


def glue_zone(box: Box, note: str) -> tuple[Item, ...]:
    """A strip another tile will cover: shaded, edged and named."""
    items: list[Item] = [Rect(box.x, box.y, box.w, box.h, Style(fill="#c8c8c8", stroke="#606060", stroke_width=0.2,
                                                                dash=(2.0, 1.0), opacity=0.6))]
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    size = min(2.8, max(1.5, min(box.w, box.h) * 0.35))
    text = Text(0.0, size / 3, note, size, anchor="middle", fill="#303030", name="glue")
    if box.h > box.w:
        items.append(Group(children=(text,), dx=cx, dy=cy, rotate=270.0))
    else:
        items.append(Group(children=(text,), dx=cx, dy=cy))
    return tuple(items)
