"""Press-ready kits (issue 26): nothing prints behind a piece, crop marks a trimmer can
use, covers that name only files written, distinct font subset tags, decks counted as a
shop counts them, and a preflight that knows each shop."""

from __future__ import annotations

from functools import lru_cache

import pytest

from generator.components.base import CARD_SIZES
from generator.layout.bounds import leaf_boxes
from generator.layout.boxes import Box
from generator.layout.paper import PAPERS
from generator.layout.sheet import Page
from generator.pnp.assemble import pnp_document
from generator.pnp.options import BACKS, PnpOptions
from tests.pnp.kits import GAMES, _components

#: Half the widest line the back pages draw: a line's box has no width of its own.
STROKE = 0.3


def _flip(backs: str) -> str:
    return "short" if backs == "duplex-short" else "long"


def _mirrored(box: Box, page: Page, flip: str) -> Box:
    """Where ``box`` on a back page lies on the sheet's front once the sheet is turned."""
    if flip == "short":
        return Box(box.x, page.height - box.y - box.h, box.w, box.h)
    return Box(page.width - box.x - box.w, box.y, box.w, box.h)


def _pieces(front: Page) -> list[Box]:
    """A front's pieces (cards, tokens, boards, tiles, sheets): its clipped art, bleed included."""
    return [layer.clip for layer in front.layers if layer.clip is not None]


def _loose_ink(back: Page) -> list[Box]:
    """Everything a back page prints that is not a piece's own back: labels, rulers, notes."""
    return [box.inset(-STROKE) for layer in back.layers if layer.clip is None for box in leaf_boxes(layer.items)]


def _overlaps(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


@lru_cache(maxsize=None)
def _document(slug: str, paper: str, size: str, backs: str):  # type: ignore[no-untyped-def]
    game, components = _components(slug, size, backs)
    return pnp_document(game, components, PnpOptions(paper=paper, size=size, backs=backs))


def ink_behind_pieces(slug: str, paper: str, size: str, backs: str) -> list[str]:
    pages = _document(slug, paper, size, backs).pages
    found = []
    for n in range(0, len(pages), 2):
        front, back = pages[n], pages[n + 1]
        pieces = _pieces(front)
        for ink in _loose_ink(back):
            seen = _mirrored(ink, back, _flip(backs))
            found += [f"page {n + 2}: ink at {ink} lies behind a piece at {p}" for p in pieces if _overlaps(seen, p)]
    return found


@pytest.mark.parametrize("backs", BACKS)
@pytest.mark.parametrize("size", list(CARD_SIZES))
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("slug", GAMES)
def test_no_back_page_prints_behind_a_piece(slug, paper, size, backs):
    """Every sheet's back, turned as the kit says (long or short edge), overlaid on its
    front: labels, rulers, the inch square and notes miss every piece, bleed included."""
    assert ink_behind_pieces(slug, paper, size, backs) == []


def test_the_overlay_finds_ink_behind_a_piece():
    """The check itself: a back that still carried its notice in the middle of the page
    (as before issue 26) is caught behind Four Deuces' tokens."""
    from generator.pnp import pages as module

    game, components = _components("four-deuces", "insert", "duplex-long")
    real = module.blank_back
    try:
        module.blank_back = lambda paper, number, front=None, flip="long": real(paper, number)  # type: ignore[assignment]
        _document.cache_clear()
        assert ink_behind_pieces("four-deuces", "a4", "insert", "duplex-long")
    finally:
        module.blank_back = real
        _document.cache_clear()


@pytest.mark.parametrize("slug, paper, backs", [("four-deuces", "a4", "duplex-long"), ("four-deuces", "letter", "duplex-short"),
                                                ("zero-grid", "letter", "duplex-long"), ("pip-trick", "a4", "fold")])
def test_printed_backs_leave_every_piece_white(tmp_path, slug, paper, backs):
    """The same overlay on pixels: poppler renders each blank back, it is turned as the
    sheet turns, and inside every piece's art on the front (clip rectangles read from the
    PDF) it is paper white."""
    from PIL import ImageOps

    from generator.render.pdf import render_document
    from tests.pnp.pdfprobe import clip_rects_mm, page_text, rasterise

    pdf = tmp_path / "kit.pdf"
    pdf.write_bytes(render_document(_document(slug, paper, "insert", backs)))
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    dpi = 50
    px = dpi / 25.4
    checked = 0
    for back in range(1, len(reader.pages), 2):
        pieces = clip_rects_mm(reader, back - 1)
        if "(blank)" not in page_text(reader, back) or not pieces:
            continue
        image = rasterise(pdf, back + 1, dpi)
        turned = ImageOps.mirror(image) if _flip(backs) == "long" else ImageOps.flip(image)
        for x, y, w, h in pieces:
            box = (int(x * px) + 1, int(y * px) + 1, int((x + w) * px) - 1, int((y + h) * px) - 1)
            darkest = turned.crop(box).getextrema()[0]
            assert darkest >= 250, f"page {back + 1}: ink (grey {darkest}) behind the piece at {x:.1f}, {y:.1f} mm"
        checked += 1
    assert checked, "no blank back behind pieces in this kit"
