"""Cards and tokens imposed n-up: fronts with their duplex backs, and print-and-fold.

Every function returns sheets (``pnp.draft.Sheet``): a front page and what prints on
its reverse. Nothing here draws marks; the labelling step does, around the pieces each
draft lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..components.base import Component
from ..layout.boxes import Box
from ..layout.imposition import BANDS_EDGE, MARKS_EDGE, Imposition, back_rotation, gutter_for, impose
from ..layout.paper import Paper
from ..layout.sheet import Placement, place
from ..scene import Scene
from .draft import Draft, Piece, Sheet

FaceSlot = tuple[Scene, Scene | None]
FLIPS = {"duplex-long": "long", "duplex-short": "short"}
#: Pieces cut one by one (tokens) get crop marks this long past their bleed, not lines
#: across the whole sheet: scissors follow a mark, they do not need one edge to edge.
LOOSE_MARK = 8.0


def expand(component: Component) -> list[FaceSlot]:
    """Every physical piece to print: each face repeated ``copies`` times, in order."""
    return [(face.front, face.back) for face in component.faces for _ in range(face.copies)]


def _chunks(items: list[FaceSlot], size: int, names: list[str]) -> Iterator[tuple[list[FaceSlot], tuple[str, ...]]]:
    """Pieces a sheet at a time, with the names of the components on that sheet."""
    for start in range(0, len(items), size):
        yield items[start:start + size], tuple(dict.fromkeys(names[start:start + size]))


def imposition_for(component: Component, paper: Paper) -> Imposition:
    """Cards butt and share cut lines; tokens (round or odd shapes) keep a gutter."""
    w, h = component.trim
    gutter = gutter_for(component.bleed) if component.kind == "token" else 0.0
    return impose(paper, w, h, component.bleed, gutter)


def _has_backs(component: Component) -> bool:
    return any(face.back is not None for face in component.faces)


def _front(imp: Imposition, chunk: list[FaceSlot], label: str, names: tuple[str, ...]) -> Draft:
    layers = tuple(Placement((place(front, imp.slot(k).x, imp.slot(k).y, imp.rotate),), imp.art_clip(k))
                   for k, (front, _) in enumerate(chunk))
    return Draft(layers, label, imp.block.inset(-imp.bleed), imp.pieces(), imp.bands, names,
                 mark_reach=LOOSE_MARK if imp.gutter else None)


def _back(imp: Imposition, chunk: list[FaceSlot], label: str, names: tuple[str, ...], flip: str,
          offset: tuple[float, float]) -> Draft:
    """The reverse of ``_front``: each back in the cell behind its front, turned to stand
    upright after the flip, everything moved by the back offset."""
    dx, dy = offset
    behind = imp.backs(flip)
    turn = back_rotation(imp.rotate, flip)
    layers = []
    for k, (_, back) in enumerate(chunk):
        if back is None:
            continue
        j = imp.back_index(k, flip)
        slot = behind.slot(j).moved(dx, dy)
        layers.append(Placement((place(back, slot.x, slot.y, turn),), behind.art_clip(j).moved(dx, dy)))
    return Draft(tuple(layers), label, behind.block.inset(-imp.bleed), (), imp.bands, names)


def card_sheets(component: Component, paper: Paper, backs: str, offset: tuple[float, float],
                names: list[str] | None = None) -> list[Sheet]:
    """Sheets for one card or token component, honouring the backs mode.

    Components without backs always print fronts only (their reverse stays blank).
    Duplex puts each back page on the reverse of its front page, cells mirrored for the
    flip; fold uses ``fold_sheets``. ``names`` gives each piece's component name when
    several components share sheets.
    """
    pieces = expand(component)
    names = names or [component.name] * len(pieces)
    if _has_backs(component) and backs == "fold":
        return fold_sheets(component, paper, names)
    imp = imposition_for(component, paper)
    flip = FLIPS.get(backs) if _has_backs(component) else None
    cards = component.kind == "card"
    sheets = []
    for chunk, on_sheet in _chunks(pieces, imp.per_page, names):
        grid = imp.holding(len(chunk))
        title = ", ".join(on_sheet)
        if flip is None:
            sheets.append(Sheet(_front(grid, chunk, title, on_sheet), cards=cards))
            continue
        front = _front(grid, chunk, f"{title} (fronts)", on_sheet)
        back = _back(grid, chunk, f"{title} (backs, {flip}-edge flip)", on_sheet, flip, offset)
        sheets.append(Sheet(front, back, cards=cards))
    return sheets


@dataclass(frozen=True)
class FoldPlan:
    """Fronts in a block above the fold line, their backs mirrored below it."""

    upper: Imposition
    gap: float  # between a trim and the fold line

    @property
    def fold(self) -> float:
        return self.upper.paper.height / 2

    def lower(self) -> Imposition:
        up = self.upper
        return Imposition(up.paper, up.piece_w, up.piece_h, up.cols, up.rows, up.x0, self.fold + self.gap, up.bleed,
                          turned=up.turned, bands=up.bands, cells=up.backs("short").cells)

    def holding(self, count: int) -> "FoldPlan":
        up = self.upper
        cols = min(up.cols, count)
        rows = -(-count // cols)
        return FoldPlan(Imposition(up.paper, up.piece_w, up.piece_h, cols, rows, (up.paper.width - cols * up.piece_w) / 2,
                                   self.fold - self.gap - rows * up.piece_h, up.bleed, turned=up.turned,
                                   bands=up.bands, cells=tuple(range(count))), self.gap)


def fold_plan(component: Component, paper: Paper) -> FoldPlan:
    """The most cards a page takes folded in half across its middle (turned 90° when
    that fits more), with room for crop marks and the label bands, the cards as close
    to the fold as their bleed allows (at least 2 mm: the fold is never exact)."""
    w, h = component.trim
    fold = paper.height / 2
    least_gap = min(2.0, component.bleed) if component.bleed else 2.0
    best: tuple[int, int, int, Imposition, float] | None = None
    for turned in (False, True):
        pw, ph = (h, w) if turned else (w, h)
        for order, bands in enumerate(("tb", "lr")):
            side, top = (BANDS_EDGE, MARKS_EDGE) if bands == "lr" else (MARKS_EDGE, BANDS_EDGE)
            cols = int((paper.width - 2 * side + 1e-9) // pw)
            rows = int((fold - top - least_gap + 1e-9) // ph)
            if cols < 1 or rows < 1:
                continue
            gap = min(max(component.bleed, 2.0), fold - top - rows * ph)
            upper = Imposition(paper, pw, ph, cols, rows, (paper.width - cols * pw) / 2, fold - gap - rows * ph,
                               component.bleed, turned=turned, bands=bands)
            key = (-cols * rows, int(turned), order)
            if best is None or key < best[:3]:
                best = (*key, upper, gap)
    if best is None:
        raise ValueError(f"a {w:g} × {h:g} mm card does not fit half a {paper.label} page")
    return FoldPlan(best[3], best[4])


def _clip_at(box: Box, fold: float, above: bool) -> Box:
    """``box`` cut at the fold line: art never crosses the fold onto the other half."""
    if above and box.bottom > fold:
        return Box(box.x, box.y, box.w, fold - box.y)
    if not above and box.y < fold:
        return Box(box.x, fold, box.w, box.bottom - fold)
    return box


def fold_sheets(component: Component, paper: Paper, names: list[str] | None = None) -> list[Sheet]:
    """Print-and-fold: fronts above a fold line across the page, each back mirrored
    below it and turned so that folding the sheet puts it behind its own front."""
    plan = fold_plan(component, paper)
    pieces = expand(component)
    sheets = []
    for chunk, on_sheet in _chunks(pieces, plan.upper.per_page, names or [component.name] * len(pieces)):
        sheet = plan.holding(len(chunk))
        up, low = sheet.upper, sheet.lower()
        turn = back_rotation(up.rotate, "short")
        layers: list[Placement] = []
        marked: list[Piece] = []
        for k, (front, back) in enumerate(chunk):
            slot = up.slot(k)
            clip = _clip_at(up.art_clip(k), sheet.fold, True)
            layers.append(Placement((place(front, slot.x, slot.y, up.rotate),), clip))
            marked.append((slot, clip))
            if back is not None:
                j = up.back_index(k, "short")
                back_slot = low.slot(j)
                back_clip = _clip_at(low.art_clip(j), sheet.fold, False)
                layers.append(Placement((place(back, back_slot.x, back_slot.y, turn),), back_clip))
                marked.append((back_slot, back_clip))
        top, bottom = up.block.inset(-up.bleed), low.block.inset(-up.bleed)
        content = Box(top.x, top.y, top.w, bottom.bottom - top.y)
        title = ", ".join(on_sheet)
        draft = Draft(tuple(layers), f"{title} (print and fold)", content, tuple(marked), up.bands, on_sheet,
                      fold=sheet.fold)
        sheets.append(Sheet(draft, cards=component.kind == "card"))
    return sheets
