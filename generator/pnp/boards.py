"""Boards and sheets on pages of their own; split into glued tiles only when too big.

A board that fits the printable area (turned 90° if that helps) gets one page per face
with crop marks at its trim. A larger one is cut into the fewest tiles that overlap by
``OVERLAP`` mm: each tile's overlap strip is shaded "glue" where the next tile lies on top.
"""

from __future__ import annotations

import math
import string

from ..components.base import Component
from ..layout.boxes import Box
from ..layout.paper import PRINTER_MARGIN, Paper
from ..layout.sheet import Placement, place
from ..scene import Item, Rect, Scene
from .draft import Draft
from .marks import MARK, glue_zone
from .sheets import expand

OVERLAP = 10.0
#: room kept on each side for the page label and the scale checks.
BAND = 6.0


def _usable(paper: Paper) -> tuple[float, float]:
    edge = PRINTER_MARGIN + BAND
    return paper.width - 2 * edge, paper.height - 2 * edge


def board_pages(component: Component, paper: Paper) -> list[Draft]:
    drafts: list[Draft] = []
    for front, _ in expand(component):
        drafts.extend(_board_face(component, front, paper))
    return drafts


def _board_face(component: Component, scene: Scene, paper: Paper) -> list[Draft]:
    w, h = component.trim
    b = component.bleed
    uw, uh = _usable(paper)
    for rotate, (bw, bh) in ((0, (w, h)), (90, (h, w))):
        if bw + 2 * b <= uw + 1e-6 and bh + 2 * b <= uh + 1e-6:
            trim = Box((paper.width - bw) / 2, (paper.height - bh) / 2, bw, bh)
            art = trim.inset(-b)
            layers = (Placement((place(scene, trim.x, trim.y, rotate),), art),)
            marked = ((trim, art),) if component.kind != "sheet" else ()
            return [Draft(layers, component.name, art, marked, names=(component.name,))]
    return _tiles(component, scene, paper)


def _grid(extent: float, usable: float) -> tuple[int, float]:
    """How many tiles across ``extent`` and each tile's window length."""
    if extent <= usable:
        return 1, extent
    count = math.ceil((extent - OVERLAP) / (usable - OVERLAP))
    return count, (extent + (count - 1) * OVERLAP) / count


def _tiles(component: Component, scene: Scene, paper: Paper) -> list[Draft]:
    w, h = component.trim
    b = component.bleed
    uw, uh = _usable(paper)
    options = []
    for rotate, (bw, bh) in ((0, (w, h)), (90, (h, w))):
        nx, win_w = _grid(bw + 2 * b, uw)
        ny, win_h = _grid(bh + 2 * b, uh)
        options.append((nx * ny, rotate, bw, bh, nx, ny, win_w, win_h))
    _, rotate, bw, bh, nx, ny, win_w, win_h = min(options)
    px, py = (paper.width - win_w) / 2, (paper.height - win_h) / 2
    drafts = []
    for row in range(ny):
        for col in range(nx):
            sx, sy = col * (win_w - OVERLAP), row * (win_h - OVERLAP)  # window start in extent coords
            x0, y0 = px - sx + b, py - sy + b  # where the board's trim corner lands on this page
            window = Box(px, py, win_w, win_h)
            art = (place(scene, x0, y0, rotate), Rect(x0, y0, bw, bh, MARK))
            layers = [Placement(art, window)]
            marks: list[Item] = []
            name = _tile_name(row, col)
            if col < nx - 1:
                strip = Box(window.right - OVERLAP, window.y, OVERLAP, window.h)
                marks.extend(glue_zone(strip, f"glue: tile {_tile_name(row, col + 1)} goes on top"))
            if row < ny - 1:
                strip = Box(window.x, window.bottom - OVERLAP, window.w, OVERLAP)
                marks.extend(glue_zone(strip, f"glue: tile {_tile_name(row + 1, col)} goes on top"))
            if marks:
                layers.append(Placement(tuple(marks)))
            label = f"{component.name} (tile {name} of {_tile_name(ny - 1, nx - 1)})"
            drafts.append(Draft(tuple(layers), label, window, names=(component.name,)))
    return drafts


def _tile_name(row: int, col: int) -> str:
    return f"{string.ascii_uppercase[col]}{row + 1}"
