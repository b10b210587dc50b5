"""Marks printed around the art: crop marks, page labels, scale checks, glue and fold.

All return scene items in page millimetres. Labels and scale checks are laid out along
a band (a margin strip) in band coordinates — u along the strip, v across it — and then
turned to the page, so the same code serves top/bottom and left/right margins.

Crop marks are worked out from the pieces on the page, not from a grid: each cut line
of an occupied piece is drawn wherever it runs over bare paper, out to the page edge,
and where it crosses bleed (art that will be cut away) it continues as a white line
with a black core, visible on dark art and on pale, up to the trim. Page furniture
gets a gap in any mark that would run through it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

from ..components import typeset as ts
from ..layout import text as metrics
from ..layout.bounds import leaf_boxes
from ..layout.lint import IDENTITY, Matrix, group_matrix
from ..layout.boxes import Box
from ..layout.paper import Paper
from ..layout.units import MM_PER_INCH
from ..scene import Group, Item, Line, Rect, Style, Text

MARK = Style(stroke="#000000", stroke_width=0.2)
TICK_HALO = Style(stroke="#ffffff", stroke_width=0.5)
#: Full weight across the bleed too: a trimmer lines up against the whole mark, and on
#: Letter the bleed is most of what lies beyond the printer margin.
TICK_CORE = Style(stroke="#000000", stroke_width=0.2)
GUIDE = Style(stroke="#808080", stroke_width=0.2, dash=(1.5, 1.0))
LABEL_SIZE = 2.4  # mm em: about 7 pt, readable but quiet
#: Ruler numbers and captions: 6.2 pt, the smallest type anything printed carries.
SCALE_TEXT = ts.CAPTION
RULER_LENGTH = 100.0
#: Space kept between a mark and page furniture it passes.
CLEARANCE = 0.5
_EPS = 1e-6

Interval = tuple[float, float]
Piece = tuple[Box, Box]  # (trim, art) on the page


def _union(spans: Iterable[Interval]) -> list[Interval]:
    merged: list[Interval] = []
    for lo, hi in sorted(spans):
        if merged and lo <= merged[-1][1] + _EPS:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged


def _minus(spans: list[Interval], holes: list[Interval]) -> list[Interval]:
    out: list[Interval] = []
    for lo, hi in spans:
        for h_lo, h_hi in holes:
            if h_hi <= lo or h_lo >= hi:
                continue
            if h_lo > lo:
                out.append((lo, h_lo))
            lo = max(lo, h_hi)
            if lo >= hi:
                break
        if lo < hi:
            out.append((lo, hi))
    return [(lo, hi) for lo, hi in out if hi - lo > 0.05]


def _across(box: Box, at: float, vertical: bool, grow: float = 0.0) -> Interval | None:
    """The stretch of a line (x = ``at`` when vertical, else y = ``at``) inside ``box``."""
    lo, hi, a, b = (box.x, box.right, box.y, box.bottom) if vertical else (box.y, box.bottom, box.x, box.right)
    if lo - grow - _EPS <= at <= hi + grow + _EPS:
        return a - grow, b + grow
    return None


def _line(at: float, lo: float, hi: float, vertical: bool, style: Style) -> Line:
    return Line(at, lo, at, hi, style) if vertical else Line(lo, at, hi, at, style)


def _near(free: list[Interval], art: list[Interval], reach: float | None) -> list[Interval]:
    """The parts of ``free`` within ``reach`` of the art (all of it when None)."""
    if reach is None:
        return free
    ends = [v for lo, hi in art for v in (lo, hi)]
    kept = []
    for lo, hi in free:
        if any(abs(lo - e) < _EPS for e in ends):
            kept.append((lo, min(hi, lo + reach)))
        if any(abs(hi - e) < _EPS for e in ends):
            kept.append((max(lo, hi - reach), hi))
    return _union(kept)


def _along(at: float, vertical: bool, length: float, pieces: Sequence[Piece], keep_clear: Sequence[Box],
           reach: float | None) -> tuple[list[Item], list[Item]]:
    """(white halos, black lines) of the cut line at ``at``."""
    art = _union(s for _, a in pieces if (s := _across(a, at, vertical)) is not None)
    trim = _union(s for t, _ in pieces if (s := _across(t, at, vertical)) is not None)
    gaps = _union(s for box in keep_clear if (s := _across(box, at, vertical, CLEARANCE)) is not None)
    paper = _minus(_near(_minus([(0.0, length)], art), art, reach), gaps)
    ticks = _minus(art, trim)
    halos: list[Item] = [_line(at, lo, hi, vertical, TICK_HALO) for lo, hi in ticks]
    lines: list[Item] = [_line(at, lo, hi, vertical, MARK) for lo, hi in paper]
    lines += [_line(at, lo, hi, vertical, TICK_CORE) for lo, hi in ticks]
    return halos, lines


def crop_marks(pieces: Sequence[Piece], paper: Paper, keep_clear: Sequence[Box] = (),
               reach: float | None = None) -> tuple[Item, ...]:
    """Every cut line of ``pieces``, from its trim out to the page edge (or ``reach`` mm
    past the art, for pieces cut one by one): black over bare paper, white with a black
    core across bleed, broken only around ``keep_clear``."""
    halos: list[Item] = []
    lines: list[Item] = []
    for vertical, length, edges in ((True, paper.height, ("x", "right")), (False, paper.width, ("y", "bottom"))):
        positions = sorted({round(getattr(t, e), 6) for t, _ in pieces for e in edges})
        for at in positions:
            h, ln = _along(at, vertical, length, pieces, keep_clear, reach)
            halos += h
            lines += ln
    return tuple(halos + lines)


def _to_page(band: Box, rotated: bool, items: tuple[Item, ...]) -> Group:
    """Band coordinates to page: u runs left→right (or bottom→top when rotated)."""
    if rotated:
        return Group(children=items, dx=band.x, dy=band.bottom, rotate=270.0)
    return Group(children=items, dx=band.x, dy=band.y)


def _band_length(band: Box, rotated: bool) -> tuple[float, float]:
    return (band.h, band.w) if rotated else (band.w, band.h)


def page_label(band: Box, rotated: bool, parts: tuple[str, str, str], avoid: Sequence[float] = (),
               shorter: tuple[tuple[str, ...], ...] = ((), (), ())) -> Group:
    """The label's three parts along the band's outer edge: the first at its start, the
    second in the middle, the last at its end, all shrunk alike if they would run into
    each other. A part that would sit across a cut line (``avoid``: where the marks cross
    the band, along it) steps aside to the nearest place clear of them, or, where no
    place is long enough, is said shorter (``shorter``: each part's shorter wordings, an
    empty one leaving it off), so the label never breaks a mark a trimmer lines up
    against; only a part with no wording that fits stays where it would have been."""
    length, thickness = _band_length(band, rotated)
    size = min(LABEL_SIZE, thickness * 0.7)
    room = length - 8.0  # two 4 mm spaces between the parts
    natural = sum(ts.text_width(p, size) for p in parts)
    if natural > room:
        size = max(ts.CAPTION, size * room / natural * 0.999)
    baseline = min(thickness / 2 + metrics.ascent(size) / 2 - metrics.descent(size) / 2, metrics.ascent(size) + 0.3)
    taken: list[Interval] = []
    items = []
    for index, wordings in enumerate(zip(parts, shorter)):
        part, alternatives = wordings[0], wordings[1]
        for text in (part, *alternatives):
            if not text:
                break  # left off: no wording of it fits between the cut lines
            width = ts.text_width(text, size)
            start = (0.0, (length - width) / 2, length - width)[index]
            u = _clear_of(start, width, length, avoid, taken)
            if u is not None or text == (alternatives or (part,))[-1]:
                u = start if u is None else u
                taken.append((u, u + width))
                items.append(Text(u, baseline, text, size, anchor="start", fill="#333333", name="page label"))
                break
    return _to_page(band, rotated, tuple(items))


def _clear_of(start: float, width: float, length: float, avoid: Sequence[float],
              taken: list[Interval]) -> float | None:
    """The place nearest ``start`` (within 0..length) for a run of ``width`` that keeps
    CLEARANCE and a little more from every point of ``avoid`` and off every interval of
    ``taken``; None when nothing clear fits."""
    pad = CLEARANCE + 0.5

    def clear(u: float) -> bool:
        if u < -_EPS or u + width > length + _EPS:
            return False
        if any(u - pad < a < u + width + pad for a in avoid):
            return False
        return all(u + width + 1.0 <= lo or u >= hi + 1.0 for lo, hi in taken)

    if clear(start):
        return start
    candidates = [start, 0.0, length - width]
    candidates += [c for a in avoid for c in (a + pad, a - pad - width)]
    candidates += [c for lo, hi in taken for c in (hi + 1.0, lo - 1.0 - width)]
    fits = [c for c in candidates if clear(c)]
    return min(fits, key=lambda c: (abs(c - start), c)) if fits else None


def crossings(pieces: Sequence[Piece], band: Box, rotated: bool) -> list[float]:
    """Where the cut lines of ``pieces`` cross ``band``, measured along it as the band's
    own items are (left to right, or bottom to top when rotated)."""
    if rotated:  # a side band: the horizontal cut lines cross it
        ys = {t.y for t, _ in pieces} | {t.bottom for t, _ in pieces}
        return sorted(band.bottom - y for y in ys if band.y - _EPS <= y <= band.bottom + _EPS)
    xs = {t.x for t, _ in pieces} | {t.right for t, _ in pieces}
    return sorted(x - band.x for x in xs if band.x - _EPS <= x <= band.right + _EPS)


def scale_checks(band: Box, rotated: bool) -> Group:
    """A 100 mm ruler numbered every centimetre and an inch check: a 1 in square where the
    margin is deep enough, otherwise a 1 in bar. Both keep to the band's outer edge (the
    page edge side, ``v`` = thickness), leaving the rest of a deep margin to the marks."""
    length, thickness = _band_length(band, rotated)
    size = SCALE_TEXT
    numbers = thickness >= 4.5
    tick = min(3.0, thickness - (0.4 + metrics.ascent(size) if numbers else 0.2))
    x0 = max(0.0, (length - RULER_LENGTH - 45.0) / 2)
    height = tick + (0.4 + metrics.ascent(size) if numbers else 0.0)
    v0 = max((thickness - height) / 2, thickness - height - 0.3)
    items: list[Item] = [Line(x0, v0, x0 + RULER_LENGTH, v0, MARK)]
    for mm in range(int(RULER_LENGTH) + 1):
        h = tick if mm % 10 == 0 else tick * (0.7 if mm % 5 == 0 else 0.4)
        items.append(Line(x0 + mm, v0, x0 + mm, v0 + h, MARK))
        if numbers and mm % 10 == 0:
            items.append(Text(x0 + mm, v0 + tick + 0.4 + metrics.ascent(size), str(mm // 10), size, anchor="middle",
                              name="ruler"))
    caption = "100 mm" if numbers else "100 mm ruler"
    items.append(Text(x0 + RULER_LENGTH + 2.0, v0 + tick, caption, size, name="ruler"))
    inch_x = x0 + RULER_LENGTH + 4.0 + ts.text_width(caption, size)
    if thickness >= MM_PER_INCH + 2.0:
        top = thickness - MM_PER_INCH - 0.3
        items.append(Rect(inch_x, top, MM_PER_INCH, MM_PER_INCH, MARK))
        items.append(Text(inch_x + MM_PER_INCH / 2, top + MM_PER_INCH / 2 + size / 3, "1 in", size, anchor="middle",
                          name="inch"))
    else:
        items.append(Line(inch_x, v0, inch_x + MM_PER_INCH, v0, MARK))
        items.append(Line(inch_x, v0, inch_x, v0 + tick, MARK))
        items.append(Line(inch_x + MM_PER_INCH, v0, inch_x + MM_PER_INCH, v0 + tick, MARK))
        items.append(Text(inch_x + MM_PER_INCH + 1.5, v0 + tick, "1 in", size, name="inch"))
    return _to_page(band, rotated, tuple(items))


@lru_cache(maxsize=64)
def scale_block(band: Box, rotated: bool) -> tuple[Group, Box]:
    """``scale_checks`` and the one box around all of it (pages of a kit share a few bands)."""
    scale = scale_checks(band, rotated)
    ruler = list(leaf_boxes((scale,)))
    x, y = min(b.x for b in ruler), min(b.y for b in ruler)
    return scale, Box(x, y, max(b.right for b in ruler) - x, max(b.bottom for b in ruler) - y)


def furniture_boxes(label: Group, scale: Box) -> list[Box]:
    """What marks must leave a gap for: each part of the label, and the scale checks as
    one block (a mark through a ruler would read as one of its ticks)."""
    return list(leaf_boxes(label.children, _matrix(label))) + [scale]


def _matrix(group: Group) -> Matrix:
    return group_matrix(IDENTITY, group)


def fold_line(y: float, paper: Paper, keep_clear: Sequence[Box] = (), labels: Sequence[Box] = ()) -> tuple[Item, ...]:
    """A dashed fold line across the page at ``y``, broken around ``keep_clear``, with
    "fold" written in each box of ``labels`` (margin room beside the art)."""
    gaps = _union(s for box in keep_clear if (s := _across(box, y, False, CLEARANCE)) is not None)
    items: list[Item] = [Line(lo, y, hi, y, GUIDE) for lo, hi in _minus([(0.0, paper.width)], gaps)]
    for room in labels:
        if ts.text_width("fold", ts.CAPTION) <= room.w:
            items.append(Text(room.x + room.w / 2, y - 0.8, "fold", ts.CAPTION, anchor="middle", fill="#606060",
                              name="fold"))
    return tuple(items)


def glue_zone(box: Box, note: str) -> tuple[Item, ...]:
    """A strip another tile will cover: shaded, edged and named."""
    items: list[Item] = [Rect(box.x, box.y, box.w, box.h, Style(fill="#c8c8c8", stroke="#606060", stroke_width=0.2,
                                                                dash=(2.0, 1.0), opacity=0.6))]
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    size = min(2.8, max(ts.CAPTION, min(box.w, box.h) * 0.35))
    text = Text(0.0, size / 3, note, size, anchor="middle", fill="#303030", name="glue")
    if box.h > box.w:
        items.append(Group(children=(text,), dx=cx, dy=cy, rotate=270.0))
    else:
        items.append(Group(children=(text,), dx=cx, dy=cy))
    return tuple(items)
