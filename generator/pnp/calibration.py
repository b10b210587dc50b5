"""The duplex check: one sheet that shows, in millimetres, how far a printer puts the
back of a page off its front.

A duplex offset is a millimetre or two; a scale of millimetre ticks that small cannot
be read. So the back magnifies it: a slanted line climbs ``MAGNIFY`` mm for every
millimetre it moves sideways. The front has one upright line; seen against the light,
it crosses the slanted line higher or lower as the back sits left or right, and the
back numbers every millimetre of offset ``MAGNIFY`` mm apart beside the slanted line.
A second slanted line, nearly level, does the same for the up-and-down offset against
a level line on the front. The back is never shifted by the back offset itself, so the
reading is the whole correction, not an increment: a back printed ``e`` mm off reads
``-e``, the offset that puts it right.
"""

from __future__ import annotations

from ..components import typeset as ts
from ..layout.boxes import Box
from ..layout.paper import Paper
from ..layout.sheet import Placement
from ..scene import Item, Line, Style, Text
from .draft import Draft, Sheet

#: Millimetres along a slanted line per millimetre of offset: the scale's magnification.
MAGNIFY = 5.0
#: The largest offset the scales read, either way (home printers drift up to ~3 mm).
RANGE = 8
LINE = Style(stroke="#000000", stroke_width=0.35)
SCALE = Style(stroke="#000000", stroke_width=0.2)
NUMBER = ts.REFERENCE
WORDS = 2.6


def _text(x: float, y: float, text: str, size: float = WORDS, anchor: str = "middle", bold: bool = False) -> Text:
    return Text(x, y, text, size, anchor=anchor, bold=bold, name="calibration")


def _sideways(cx: float, cy: float) -> list[Item]:
    """The X scale: a steep line through (cx, cy) and a numbered tick for every half
    millimetre of offset, level with where the front's upright line would cross."""
    reach = RANGE + 0.5
    items: list[Item] = [Line(cx - reach, cy - MAGNIFY * reach, cx + reach, cy + MAGNIFY * reach, SCALE)]
    for half in range(-2 * RANGE, 2 * RANGE + 1):
        v = half / 2
        x, y = cx + v, cy + MAGNIFY * v
        whole = half % 2 == 0
        items.append(Line(x - (3.0 if whole else 1.5), y, x + (3.0 if whole else 1.5), y, SCALE))
        if whole:
            items.append(_text(x + 4.2, y + NUMBER * 0.36, f"{v:g}", NUMBER, anchor="start"))
    return items


def _up_down(cx: float, cy: float) -> list[Item]:
    """The Y scale: a shallow line through (cx, cy), numbered below every millimetre."""
    reach = RANGE + 0.5
    items: list[Item] = [Line(cx - MAGNIFY * reach, cy - reach, cx + MAGNIFY * reach, cy + reach, SCALE)]
    for half in range(-2 * RANGE, 2 * RANGE + 1):
        v = half / 2
        x, y = cx + MAGNIFY * v, cy + v
        whole = half % 2 == 0
        items.append(Line(x, y - (3.0 if whole else 1.5), x, y + (3.0 if whole else 1.5), SCALE))
        if whole:
            items.append(_text(x, y + 4.0 + NUMBER * 0.75, f"{v:g}", NUMBER))
    return items


def calibration_sheet(paper: Paper, flip: str) -> Sheet:
    """Front: an upright line above the page centre and a level line through it. Back:
    the two magnifying scales where those lines fall after a ``flip``-edge flip."""
    cx, cy = paper.width / 2, paper.height / 2
    high = cy - 55.0  # the upright line's middle on the front
    front: list[Item] = [
        Line(cx, high - 45.0, cx, high + 45.0, LINE), Line(cx - 48.0, cy, cx + 48.0, cy, LINE),
        _text(cx, 30.0, "Duplex check: front", 4.0, bold=True),
        _text(cx, 36.0, "Print this sheet on both sides (this page and the next), as you will print the cards."),
        _text(cx, cy + 20.0, "Hold the sheet up to a light, the back facing you, and read the back's two scales."),
    ]
    # Where the front's upright line lands on the back: the same height after a
    # long-edge flip, mirrored top to bottom after a short-edge one.
    steep = high if flip == "long" else paper.height - high
    back: list[Item] = [
        _text(cx, 30.0, "Duplex check: back", 4.0, bold=True),
        _text(cx, 36.0, "Hold the sheet up to a light, this side facing you: the front's lines show through.",),
        *_sideways(cx, steep),
        _text(cx + 16.0, steep - 8.0, "X, sideways: read the number level", anchor="start"),
        _text(cx + 16.0, steep - 4.5, "with where the upright line crosses", anchor="start"),
        _text(cx + 16.0, steep - 1.0, "the slanted one.", anchor="start"),
        *_up_down(cx, cy),
        _text(cx, cy + 18.0, "Y, up and down: read the number below where the level line crosses the slanted one."),
        _text(cx, cy + 30.0, "Both 0: your printer puts each back where it belongs. Other numbers are the back offset"),
        _text(cx, cy + 34.0, "(X, Y, in mm) that puts the backs right: a kit made with that offset prints them there."),
    ]
    page = Box(20.0, 24.0, paper.width - 40.0, paper.height - 48.0)
    return Sheet(Draft((Placement(tuple(front)),), "Duplex check (front)", page),
                 Draft((Placement(tuple(back)),), "Duplex check (back)", page), calibration=True)
