"""Sheet imposition as data: where each piece's trim lies on a page, and where its art may paint.

Cards are butted in a grid with shared cut lines (one cut separates two cards). Round
and odd-shaped pieces get a gutter instead (``gutter`` ≥ twice the bleed), so each has
its full bleed and neighbours never paint over each other. Either way the block is
centred, so a duplex back page lines up with its front under either flip.

Home printers lose the outer ~6 mm of a sheet (PRINT.md). Every crop mark must still
reach ``MARK_REACH`` mm into the printed area, so a trimmer has something to line up
against: the chooser only accepts grids whose trim lies at least ``MARKS_EDGE`` from the
paper edge, and ``BANDS_EDGE`` on the two sides that also carry the page label and the
scale checks. It turns the pieces 90° when that fits more of them.
"""

from __future__ import annotations

import math
from dataclasses import replace

from .boxes import Box
from .paper import PRINTER_MARGIN, Paper
from ..scene import frozen

#: How far every crop mark reaches inside the printable area (5 mm asked, half a mm spare).
MARK_REACH = 5.5
#: Depth of a margin strip holding the page label or the ruler, and its clearance to marks.
BAND = 5.5
BAND_GAP = 0.5
#: A trim this far from the paper edge leaves room for its crop marks ...
MARKS_EDGE = PRINTER_MARGIN + MARK_REACH
#: ... and this far, for the marks and a label band beside them.
BANDS_EDGE = PRINTER_MARGIN + BAND + BAND_GAP + MARK_REACH
#: Paper left free between two pieces' bleeds when they do not share cut lines: room for
#: a crop mark of full reach between them.
GUTTER_PAPER = MARK_REACH + 0.5


def gutter_for(bleed: float) -> float:
    """The gap between the trims of pieces that are cut one by one (round tokens)."""
    return 2 * bleed + GUTTER_PAPER


@frozen
class Imposition:
    """A grid of pieces on one page. ``piece_w`` × ``piece_h`` is a piece's trim as it lies
    on the page (turned pieces: their height across). ``cells`` are the occupied cells,
    row-major from the top-left; the others stay empty."""

    paper: Paper
    piece_w: float
    piece_h: float
    cols: int
    rows: int
    x0: float  # page position of the block's top-left trim corner (mm)
    y0: float
    bleed: float  # art beyond each exposed trim edge (mm)
    gutter: float = 0.0  # 0: pieces butt and share their cut lines
    turned: bool = False  # pieces turned 90° clockwise on the page
    bands: str = "tb"  # margins kept for the page label and scale: top/bottom or left/right
    cells: tuple[int, ...] | None = None  # None: every cell

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def occupied(self) -> tuple[int, ...]:
        return tuple(range(self.per_page)) if self.cells is None else self.cells

    @property
    def rotate(self) -> int:
        """How far a piece's own artwork is turned on the page (degrees clockwise)."""
        return 90 if self.turned else 0

    @property
    def block(self) -> Box:
        g = self.gutter
        return Box(self.x0, self.y0, self.cols * (self.piece_w + g) - g, self.rows * (self.piece_h + g) - g)

    def slot(self, index: int) -> Box:
        """Trim box of cell ``index`` on the page."""
        row, col = divmod(index, self.cols)
        g = self.gutter
        return Box(self.x0 + col * (self.piece_w + g), self.y0 + row * (self.piece_h + g), self.piece_w, self.piece_h)

    def _neighbour(self, index: int, d_row: int, d_col: int) -> bool:
        row, col = divmod(index, self.cols)
        row, col = row + d_row, col + d_col
        return 0 <= row < self.rows and 0 <= col < self.cols and row * self.cols + col in self.occupied

    def art_clip(self, index: int) -> Box:
        """Where cell ``index``'s art may paint: its trim, plus the bleed on every edge that
        no occupied neighbour shares (all four when pieces are cut one by one)."""
        b = self.bleed
        if self.gutter > 0:
            return self.slot(index).inset(-b)
        return self.slot(index).grow(
            left=0.0 if self._neighbour(index, 0, -1) else b,
            right=0.0 if self._neighbour(index, 0, 1) else b,
            top=0.0 if self._neighbour(index, -1, 0) else b,
            bottom=0.0 if self._neighbour(index, 1, 0) else b,
        )

    def pieces(self) -> tuple[tuple[Box, Box], ...]:
        """(trim, art) of every occupied cell: what the crop marks are drawn around."""
        return tuple((self.slot(i), self.art_clip(i)) for i in self.occupied)

    def back_index(self, index: int, flip: str) -> int:
        """Cell on the back page behind front cell ``index``.

        Long-edge flip keeps rows and reverses columns; short-edge flip reverses rows.
        """
        row, col = divmod(index, self.cols)
        if flip == "long":
            return row * self.cols + (self.cols - 1 - col)
        if flip == "short":
            return (self.rows - 1 - row) * self.cols + col
        raise ValueError(f"unknown flip {flip!r}: long or short")

    def backs(self, flip: str) -> "Imposition":
        """The same grid seen from the back page: every occupied cell mirrored."""
        return replace(self, cells=tuple(self.back_index(i, flip) for i in self.occupied))

    def holding(self, count: int) -> "Imposition":
        """The grid for a sheet of only ``count`` pieces: as few rows (and, for a single
        row, columns) as they need, centred again, cells filled from the top-left."""
        cols = min(self.cols, count)
        rows = math.ceil(count / cols)
        smaller = replace(self, cols=cols, rows=rows, cells=tuple(range(count)))
        block = smaller.block
        x0, y0 = (self.paper.width - block.w) / 2, (self.paper.height - block.h) / 2
        # A smaller block may leave room for the label across the top after all.
        bands = "tb" if y0 >= BANDS_EDGE - 1e-9 and x0 >= MARKS_EDGE - 1e-9 else self.bands
        return replace(smaller, x0=x0, y0=y0, bands=bands)


def back_rotation(front: int, flip: str) -> int:
    """How far to turn a back so it stands upright behind a front turned ``front`` degrees:
    a long-edge flip mirrors the sheet left to right, a short-edge flip (and a fold
    across the page) top to bottom."""
    if flip == "long":
        return -front % 360
    return (180 - front) % 360


def _fit(room: float, piece: float, gutter: float, limit: int) -> int:
    return max(0, min(limit, int((room + gutter + 1e-9) // (piece + gutter))))


def _grids(paper: Paper, w: float, h: float, gutter: float, max_cols: int, max_rows: int,
           edges: tuple[float, float]) -> list[tuple[int, int, int, str, int, int]]:
    """(-count, turned, band side order, …) candidates for every orientation and band side."""
    found = []
    for turned in (False, True) if w != h else (False,):
        pw, ph = (h, w) if turned else (w, h)
        for order, bands in enumerate(("tb", "lr")):
            side_x, side_y = (edges[1], edges[0]) if bands == "lr" else (edges[0], edges[1])
            cols = _fit(paper.width - 2 * side_x, pw, gutter, max_cols)
            rows = _fit(paper.height - 2 * side_y, ph, gutter, max_rows)
            if cols and rows:
                found.append((-cols * rows, int(turned), order, bands, cols, rows))
    return sorted(found)


def impose(paper: Paper, piece_w: float, piece_h: float, bleed: float = 0.0, gutter: float = 0.0,
           max_cols: int = 99, max_rows: int = 99, turn: bool = True) -> Imposition:
    """As many whole pieces as fit with room for full crop marks and the page's label
    bands, turned 90° when that fits more, centred.

    When nothing fits that way (a piece nearly as big as the paper) the margins fall back
    to the printer's 6 mm; raises ValueError when not even one piece fits (it is a board).
    """
    sizes = (piece_w, piece_h)
    for edges in ((MARKS_EDGE, BANDS_EDGE), (PRINTER_MARGIN, PRINTER_MARGIN)):
        grids = _grids(paper, *sizes, gutter, max_cols, max_rows, edges)
        grids = [g for g in grids if turn or not g[1]]
        if grids:
            _, turned, _, bands, cols, rows = grids[0]
            pw, ph = (piece_h, piece_w) if turned else (piece_w, piece_h)
            block_w, block_h = cols * (pw + gutter) - gutter, rows * (ph + gutter) - gutter
            return Imposition(paper, pw, ph, cols, rows, (paper.width - block_w) / 2, (paper.height - block_h) / 2,
                              bleed, gutter, bool(turned), bands)
    raise ValueError(f"a {piece_w:g} × {piece_h:g} mm piece does not fit {paper.label} inside the "
                     f"{PRINTER_MARGIN:g} mm margin")


@frozen
class Bands:
    """Margin strips for page labels (text) and the scale checks (ruler, inch mark).

    ``rotated`` is True when the strips are the left/right margins (text runs upwards).
    """

    text: Box
    scale: Box
    rotated: bool


def _depths(paper: Paper, content: Box, keep: float) -> dict[str, float]:
    """How deep a band may be in each margin: from the printer margin to ``keep`` mm short
    of the content (the part of a crop mark that must stay clear, for marked pages)."""
    m = PRINTER_MARGIN
    return {"top": content.y - m - keep, "bottom": paper.height - content.bottom - m - keep,
            "left": content.x - m - keep, "right": paper.width - content.right - m - keep}


def label_bands(paper: Paper, content: Box, marked: bool = False, sides: str | None = None) -> Bands:
    """The two opposite margins around ``content`` (a page's trims, or its art) that take
    the page label and the scale checks: ``sides`` ("tb" or "lr") when the imposition
    kept them, else the deeper pair. Each band runs the printable length of its side
    and stops short of the content; on a page with crop marks it also keeps clear of
    the part of every mark that must stay whole."""
    m = PRINTER_MARGIN
    depth = _depths(paper, content, MARK_REACH + BAND_GAP if marked else 1.0)
    if sides is None:
        sides = "tb" if min(depth["top"], depth["bottom"]) >= min(depth["left"], depth["right"]) else "lr"
    if sides == "tb":
        return Bands(Box(m, m, paper.width - 2 * m, max(depth["top"], 0.0)),
                     Box(m, paper.height - m - max(depth["bottom"], 0.0), paper.width - 2 * m, max(depth["bottom"], 0.0)),
                     False)
    return Bands(Box(m, m, max(depth["left"], 0.0), paper.height - 2 * m),
                 Box(paper.width - m - max(depth["right"], 0.0), m, max(depth["right"], 0.0), paper.height - 2 * m), True)
