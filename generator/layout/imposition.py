"""Sheet imposition as data: where each card's trim lies on a page, and where to cut.

Cards are butted in a grid with shared cut lines (one cut separates two cards), which is
what lets 3 × 3 poker cards fit both A4 and US Letter. Art bleeds only past the outer
edges of the block; inner edges are clipped at the shared cut line. The block is centred
so that a duplex back page lines up with its front under either flip.
"""

from __future__ import annotations

from dataclasses import dataclass

from .boxes import Box
from .paper import PRINTER_MARGIN, Paper


@dataclass(frozen=True)
class Imposition:
    paper: Paper
    card_w: float
    card_h: float
    cols: int
    rows: int
    x0: float  # page position of the block's top-left trim corner (mm)
    y0: float
    bleed: float  # art beyond the block's outer trim (mm)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def block(self) -> Box:
        return Box(self.x0, self.y0, self.cols * self.card_w, self.rows * self.card_h)

    def slot(self, index: int) -> Box:
        """Trim box of slot ``index`` (row-major from the top-left) on the page."""
        row, col = divmod(index, self.cols)
        return Box(self.x0 + col * self.card_w, self.y0 + row * self.card_h, self.card_w, self.card_h)

    def art_clip(self, index: int) -> Box:
        """Where slot ``index``'s art may paint: its trim, plus bleed on outer edges only."""
        row, col = divmod(index, self.cols)
        b = self.bleed
        return self.slot(index).grow(
            left=b if col == 0 else 0.0,
            right=b if col == self.cols - 1 else 0.0,
            top=b if row == 0 else 0.0,
            bottom=b if row == self.rows - 1 else 0.0,
        )

    def cut_xs(self) -> tuple[float, ...]:
        return tuple(self.x0 + i * self.card_w for i in range(self.cols + 1))

    def cut_ys(self) -> tuple[float, ...]:
        return tuple(self.y0 + i * self.card_h for i in range(self.rows + 1))

    def back_index(self, index: int, flip: str) -> int:
        """Slot on the back page behind front slot ``index``.

        Long-edge flip keeps rows and reverses columns; short-edge flip reverses rows.
        """
        row, col = divmod(index, self.cols)
        if flip == "long":
            return row * self.cols + (self.cols - 1 - col)
        if flip == "short":
            return (self.rows - 1 - row) * self.cols + col
        raise ValueError(f"unknown flip {flip!r}: long or short")


def impose(paper: Paper, card_w: float, card_h: float, bleed: float = 0.0,
           margin: float = PRINTER_MARGIN, max_cols: int = 3, max_rows: int = 3) -> Imposition:
    """As many whole cards as fit inside the printer margin (at most 3 × 3), centred.

    Raises ValueError when not even one card fits (such a piece is a board).
    """
    usable_w = paper.width - 2 * margin
    usable_h = paper.height - 2 * margin
    cols = min(max_cols, int((usable_w + 1e-9) // card_w))
    rows = min(max_rows, int((usable_h + 1e-9) // card_h))
    if cols < 1 or rows < 1:
        raise ValueError(f"a {card_w:g} × {card_h:g} mm piece does not fit {paper.label} inside the {margin:g} mm margin")
    x0 = (paper.width - cols * card_w) / 2
    y0 = (paper.height - rows * card_h) / 2
    return Imposition(paper, card_w, card_h, cols, rows, x0, y0, bleed)


@dataclass(frozen=True)
class Bands:
    """Margin strips for page labels (text) and the scale checks (ruler, inch square).

    ``rotated`` is True when the strips are the left/right margins (text runs upwards).
    """

    text: Box
    scale: Box
    rotated: bool


def label_bands(paper: Paper, content: Box, margin: float = PRINTER_MARGIN) -> Bands:
    """The two widest opposite margins around ``content`` (a page's art, bleed included)."""
    top, bottom = content.y - margin, paper.height - content.bottom - margin
    left, right = content.x - margin, paper.width - content.right - margin
    if min(top, bottom) >= min(left, right):
        return Bands(Box(content.x, margin, content.w, top), Box(content.x, content.bottom, content.w, bottom), False)
    return Bands(Box(margin, content.y, left, content.h), Box(content.right, content.y, right, content.h), True)
