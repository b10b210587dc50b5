"""From drafts to finished pages: page label, scale checks, crop marks and fold line.

The label and the ruler go first, in the margins the imposition kept for them; then
the crop marks, which leave a gap wherever a label or the ruler sits on their path.
A sheet's reverse that carries nothing still gets a page, so that a whole file printed
double-sided keeps every front and back together; it says it is left blank (printers
that skip empty pages would otherwise undo the pairing).
"""

from __future__ import annotations

from ..layout.boxes import Box
from ..layout.imposition import label_bands
from ..layout.paper import PRINTER_MARGIN, Paper
from ..layout.sheet import Page, Placement
from ..scene import Item, Text
from .draft import Draft, Sheet
from .marks import crop_marks, crossings, fold_line, furniture_boxes, page_label, scale_block


def _trims(draft: Draft) -> Box:
    """The box around every marked piece's trim (what marks must keep their reach to)."""
    xs = [t.x for t, _ in draft.pieces] + [t.right for t, _ in draft.pieces]
    ys = [t.y for t, _ in draft.pieces] + [t.bottom for t, _ in draft.pieces]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _fold_room(paper: Paper, draft: Draft, keep_clear: list[Box]) -> list[Box]:
    """Margin room beside the art on the fold line, clear of the label and ruler."""
    y = draft.fold or 0.0
    left, right = PRINTER_MARGIN, paper.width - PRINTER_MARGIN
    for box in keep_clear:
        if box.y - 1.0 <= y <= box.bottom + 1.0:
            if box.right < draft.content.x:
                left = max(left, box.right + 1.0)
            elif box.x > draft.content.right:
                right = min(right, box.x - 1.0)
    content = draft.content
    return [Box(left, y - 3.0, content.x - 1.0 - left, 3.0), Box(content.right + 1.0, y - 3.0, right - content.right - 1.0, 3.0)]


def label_page(draft: Draft, paper: Paper, title: str, number: int, total: int, version: str) -> Page:
    """``draft`` with its label, scale checks, crop marks and fold line added."""
    layers = list(draft.layers)
    if not draft.labelled:
        return Page(paper.width, paper.height, tuple(layers))
    marked = bool(draft.pieces)
    bands = label_bands(paper, _trims(draft) if marked else draft.content, marked, draft.bands)
    parts = (f"{title}: {draft.component}", f"page {number} of {total} · {paper.label} · v{version}",
             "print at 100% / actual size")
    # Said shorter where the full words would sit across a cut line (the cover and the
    # scale checks say "print at 100%" too).
    shorter = ((draft.component, title), (f"page {number} of {total}",), ("100%", ""))
    label = page_label(bands.text, bands.rotated, parts,
                       # marks cut to a reach past the art (pieces cut one by one) never get this far
                       crossings(draft.pieces, bands.text, bands.rotated) if marked and draft.mark_reach is None else (),
                       shorter)
    scale, scale_box = scale_block(bands.scale, bands.rotated)
    keep_clear = furniture_boxes(label, scale_box)
    if marked:
        layers.append(Placement(crop_marks(draft.pieces, paper, keep_clear, draft.mark_reach)))
    if draft.fold is not None:
        layers.append(Placement(fold_line(draft.fold, paper, keep_clear, _fold_room(paper, draft, keep_clear))))
    layers.append(Placement((label,)))
    layers.append(Placement((scale,)))
    return Page(paper.width, paper.height, tuple(layers))


def _behind(box: Box, paper: Paper, flip: str) -> Box:
    """Where ``box`` on a front lands on its back page: a long-edge flip mirrors the
    sheet left to right, a short-edge flip top to bottom."""
    if flip == "short":
        return Box(box.x, paper.height - box.bottom, box.w, box.h)
    return Box(paper.width - box.right, box.y, box.w, box.h)


def occupied(front: Draft) -> list[Box]:
    """What a front keeps once cut: every clipped layer is a piece's art (bleed
    included), a board, a tile or a sheet; unclipped layers are the page's own marks."""
    return [layer.clip for layer in front.layers if layer.clip is not None]


def blank_back(paper: Paper, front_number: int, front: Draft | None = None, flip: str = "long") -> Draft:
    """The reverse of a sheet that prints on one side only. Behind pieces it carries no
    ink: the label and the scale checks go in the margins round the pieces' mirrored
    extent, and the notice that the page stays blank goes in the middle only when no
    piece lies there (the label names the page a blank back either way, so printers
    that skip empty pages still keep the pairing)."""
    name = f"back of page {front_number} (blank)"
    behind = [_behind(box, paper, flip) for box in occupied(front)] if front is not None else []
    if behind:
        x, y = min(b.x for b in behind), min(b.y for b in behind)
        extent = Box(x, y, max(b.right for b in behind) - x, max(b.bottom for b in behind) - y)
        return Draft((), name, extent, bands=front.bands if front is not None else None)
    cx, cy = paper.width / 2, paper.height / 2
    note: tuple[Item, ...] = (Text(cx, cy, f"This page is the back of page {front_number}: it stays blank.", 2.6,
                                   anchor="middle", fill="#808080", name="blank note"),)
    return Draft((Placement(note),), name, Box(cx - 60, cy - 5, 120, 10))


def sheet_pages(sheets: list[Sheet], paper: Paper, title: str, version: str, flip: str = "long") -> list[Page]:
    """Two pages a sheet, front then back, numbered through the whole file; ``flip`` is
    the duplex flip the kit asks for, which decides where a blank back's label may go."""
    total = 2 * len(sheets)
    pages = []
    for n, sheet in enumerate(sheets):
        front = 2 * n + 1
        back = sheet.back or blank_back(paper, front, sheet.front, flip)
        pages.append(label_page(sheet.front, paper, title, front, total, version))
        pages.append(label_page(back, paper, title, front + 1, total, version))
    return pages
