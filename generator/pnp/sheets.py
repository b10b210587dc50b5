"""Cards and tokens imposed n-up: fronts, duplex backs, print-and-fold, and calibration.

Every function returns page drafts (``pnp.draft.Draft``); nothing here draws.
"""

from __future__ import annotations

from typing import Iterator

from ..components.base import Component
from ..layout.boxes import Box
from ..layout.imposition import Imposition, impose
from ..layout.paper import Paper
from ..layout.sheet import Placement, place
from ..scene import Item, Line, Scene, Text
from .draft import Draft
from .marks import MARK, crop_marks, fold_line

FaceSlot = tuple[Scene, Scene | None]


def expand(component: Component) -> list[FaceSlot]:
    """Every physical piece to print: each face repeated ``copies`` times, in order."""
    return [(face.front, face.back) for face in component.faces for _ in range(face.copies)]


def _chunks(items: list[FaceSlot], size: int, names: list[str]) -> Iterator[tuple[list[FaceSlot], str]]:
    """Pieces a sheet at a time, with the names of the components on that sheet."""
    for start in range(0, len(items), size):
        on_sheet = dict.fromkeys(names[start:start + size])
        yield items[start:start + size], ", ".join(on_sheet)


def imposition_for(component: Component, paper: Paper) -> Imposition:
    w, h = component.trim
    limit = 3 if component.kind == "card" else 99
    return impose(paper, w, h, component.bleed, max_cols=limit, max_rows=limit)


def _front_page(imp: Imposition, chunk: list[FaceSlot], name: str) -> Draft:
    layers = [Placement((place(front, imp.slot(i).x, imp.slot(i).y),), imp.art_clip(i)) for i, (front, _) in enumerate(chunk)]
    layers.append(Placement(crop_marks(imp)))
    return Draft(tuple(layers), name, imp.block.inset(-imp.bleed), imp.cut_xs(), imp.cut_ys())


def _back_page(imp: Imposition, chunk: list[FaceSlot], name: str, flip: str, offset: tuple[float, float]) -> Draft:
    dx, dy = offset
    layers = []
    for i, (_, back) in enumerate(chunk):
        if back is None:
            continue
        j = imp.back_index(i, flip)
        slot = imp.slot(j).moved(dx, dy)
        layers.append(Placement((place(back, slot.x, slot.y),), imp.art_clip(j).moved(dx, dy)))
    return Draft(tuple(layers), name, imp.block.inset(-imp.bleed), imp.cut_xs(), imp.cut_ys())


def sheet_plan(component: Component, paper: Paper, backs: str) -> tuple[int, int]:
    """(pieces per sheet, pages per sheet) that ``card_pages`` will use."""
    has_backs = any(face.back is not None for face in component.faces)
    imp = imposition_for(component, paper)
    if has_backs and backs == "fold":
        return imp.cols, 1
    return imp.per_page, 2 if has_backs and backs in ("duplex-long", "duplex-short") else 1


def card_pages(component: Component, paper: Paper, backs: str, offset: tuple[float, float],
               names: list[str] | None = None) -> list[Draft]:
    """Sheets for one card or token component, honouring the backs mode.

    Components without backs always print fronts only. Duplex puts each back page right
    after its front page, slots mirrored for the flip; fold uses ``fold_pages``.
    ``names`` gives each piece's component name when several components share sheets.
    """
    pieces = expand(component)
    names = names or [component.name] * len(pieces)
    has_backs = any(back is not None for _, back in pieces)
    if has_backs and backs == "fold":
        return fold_pages(component, paper, names)
    imp = imposition_for(component, paper)
    drafts: list[Draft] = []
    duplex = has_backs and backs in ("duplex-long", "duplex-short")
    for chunk, name in _chunks(pieces, imp.per_page, names):
        drafts.append(_front_page(imp, chunk, f"{name} (fronts)" if duplex else name))
        if duplex:
            flip = "long" if backs == "duplex-long" else "short"
            drafts.append(_back_page(imp, chunk, f"{name} (backs, {flip}-edge flip)", flip, offset))
    return drafts


def fold_pages(component: Component, paper: Paper, names: list[str] | None = None) -> list[Draft]:
    """Print-and-fold: a row of fronts above a fold line, their backs below it turned
    180° so that folding the sheet puts each back behind its own front."""
    w, h = component.trim
    bleed = component.bleed
    gap = max(bleed, 2.0)
    fold = paper.height / 2
    top = fold - gap - h
    half = Paper(paper.key, paper.label, paper.width, top + h)  # cards stay clear of the fold
    row = impose(half, w, h, bleed, max_cols=3 if component.kind == "card" else 99, max_rows=1)
    row = Imposition(paper, w, h, row.cols, 1, row.x0, top, bleed)
    drafts = []
    pieces = expand(component)
    for chunk, name in _chunks(pieces, row.cols, names or [component.name] * len(pieces)):
        layers: list[Placement] = []
        for i, (front, back) in enumerate(chunk):
            slot = row.slot(i)
            layers.append(Placement((place(front, slot.x, slot.y),), row.art_clip(i)))
            if back is not None:
                back_slot = Box(slot.x, fold + gap, w, h)
                clip = row.art_clip(i).moved(0.0, back_slot.y - slot.y)
                layers.append(Placement((place(back, back_slot.x, back_slot.y, rotate=180),), clip))
        lower = Imposition(paper, w, h, row.cols, 1, row.x0, fold + gap, bleed)
        marks = _fold_crop_marks(row, lower) + fold_line(fold, paper.width)
        layers.append(Placement(marks))
        content = Box(row.x0 - bleed, top - bleed, row.cols * w + 2 * bleed, 2 * (h + gap + bleed))
        ys = row.cut_ys() + lower.cut_ys()
        drafts.append(Draft(tuple(layers), f"{name} (print and fold)", content, row.cut_xs(), ys))
    return drafts


def _fold_crop_marks(upper: Imposition, lower: Imposition) -> tuple[Item, ...]:
    """Cut lines of both rows: verticals run above the fronts and below the backs only."""
    page = upper.paper
    b = upper.bleed
    items: list[Item] = []
    for x in upper.cut_xs():
        items.append(Line(x, 0.0, x, upper.y0 - b, MARK))
        items.append(Line(x, lower.block.bottom + b, x, page.height, MARK))
    for imp in (upper, lower):
        for y in imp.cut_ys():
            items.append(Line(0.0, y, imp.x0 - b, y, MARK))
            items.append(Line(imp.block.right + b, y, page.width, y, MARK))
    return tuple(items)


_CAL_STEP = 0.5
_CAL_RANGE = 5.0


def calibration_pages(paper: Paper, flip: str) -> list[Draft]:
    """A duplex check: the front carries a cross through the page centre; the back
    carries offset scales there. Print both sides, hold to the light, read the scale
    where the cross falls: that number is the back offset to use."""
    cx, cy = paper.width / 2, paper.height / 2
    size = 3.0
    front: list[Item] = [
        Line(cx, cy - 40, cx, cy + 40, MARK), Line(cx - 40, cy, cx + 40, cy, MARK),
        Text(cx, cy - 50, "Duplex calibration: front", 4.0, anchor="middle", bold=True, name="calibration"),
        Text(cx, cy - 44, "Print this page and the next on one sheet, both sides.", size, anchor="middle", name="calibration"),
        Text(cx, cy + 48, "Hold the sheet to a light: where the cross meets the back's scales,", size, anchor="middle", name="calibration"),
        Text(cx, cy + 53, f"read the offsets and pass them as --back-offset X,Y ({flip}-edge flip).", size, anchor="middle", name="calibration"),
    ]
    # The back is never shifted by the offset itself: the reading is then the whole
    # correction, not an increment. The tick for an offset v sits v mm from the centre.
    back: list[Item] = [Text(cx, cy - 50, "Duplex calibration: back (offset scales, mm)", 4.0, anchor="middle",
                             bold=True, name="calibration")]
    steps = int(_CAL_RANGE / _CAL_STEP)
    for k in range(-steps, steps + 1):
        value = k * _CAL_STEP
        long_tick = k % 2 == 0
        length = 4.0 if long_tick else 2.0
        x, y = cx + value, cy + value
        back.append(Line(x, cy + 6, x, cy + 6 + length, MARK))
        back.append(Line(cx + 6, y, cx + 6 + length, y, MARK))
        if k % 4 == 0:  # every 2 mm: numbers 1 mm apart would run together
            back.append(Text(x, cy + 13, f"{value:g}", 1.8, anchor="middle", name="calibration"))
            back.append(Text(cx + 11, y + 0.65, f"{value:g}", 1.8, name="calibration"))
    back.append(Text(cx, cy + 20, "X offset: read where the front's vertical line falls", 2.6, anchor="middle", name="calibration"))
    back.append(Text(cx + 20, cy - 8, "Y offset: where the horizontal line falls", 2.6, name="calibration"))
    page = Box(20.0, 20.0, paper.width - 40.0, paper.height - 40.0)
    return [Draft((Placement(tuple(front)),), "Duplex calibration (front)", page),
            Draft((Placement(tuple(back)),), "Duplex calibration (back)", page)]

