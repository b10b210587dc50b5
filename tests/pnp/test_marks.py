"""Cut guides a home printer prints, measured from the PDFs: every crop mark reaches 5 mm
into the area 6 mm or more from the paper's edge, crosses bleed as a white line up to
the trim, never runs through the page label or ruler, and round pieces get marks of
their own, gutters and full bleed."""

from __future__ import annotations

import re

import pytest

from generator.components.base import CARD_SIZES
from generator.layout.paper import PAPERS, PRINTER_MARGIN
from tests.pnp.kits import GAMES, kit
from tests.pnp.pdfprobe import clip_rects_mm, page_text, stroked_lines, texts

BLACK = (0.0, 0.0, 0.0)
WHITE = (1.0, 1.0, 1.0)
#: What a mark must reach into the printed area (the issue's figure).
REACH = 5.0


def _where(clips, x: float, y: float, step: float = 0.05) -> str:  # type: ignore[no-untyped-def]
    """'inside' the pieces' art (a cut shared by two pieces counts as inside), on its
    'edge', or 'outside' it: judged by the points a hair away on every side."""
    def covered(px: float, py: float) -> bool:
        return any(cx <= px <= cx + w and cy <= py <= cy + h for cx, cy, w, h in clips)

    around = [covered(x + dx, y + dy) for dx in (-step, step) for dy in (-step, step)]
    return "inside" if all(around) else "edge" if any(around) else "outside"


def _chains(segments):  # type: ignore[no-untyped-def]
    """Black axis-parallel segments (full weight or hairline) joined end to end along the same line."""
    from tests.pnp.pdfprobe import chains

    return chains(segments, lambda rgb, width: rgb == BLACK and (abs(width - 0.2) < 1e-3 or abs(width - 0.12) < 1e-3))


def _point(axis: str, at: float, along: float) -> tuple[float, float]:
    return (at, along) if axis == "x" else (along, at)


def crop_mark_reaches(reader, index: int, paper) -> list[float]:  # type: ignore[no-untyped-def]
    """For every crop mark on the page (a black line from a piece's art out to bare paper,
    or from the edge of its bleed in), how far it reaches into the area 6 mm or more from
    the paper edge: the whole mark, the white-backed part across the bleed included."""
    clips = clip_rects_mm(reader, index)
    reaches = []
    for (axis, at), lo, hi in _chains(stroked_lines(reader, index)):
        length = paper.height if axis == "x" else paper.width
        ends = {_where(clips, *_point(axis, at, v)) for v in (lo, hi)}
        if ends <= {"outside"} or ends == {"inside"}:
            continue  # the ruler, the label, or a line of the art itself
        reaches.append(max(0.0, min(hi, length - PRINTER_MARGIN) - max(lo, PRINTER_MARGIN)))
    return reaches


def _cut_pages(reader):  # type: ignore[no-untyped-def]
    """Front pages with pieces to cut out (score sheets are printed, not cut)."""
    return [i for i in range(0, len(reader.pages), 2)
            if clip_rects_mm(reader, i) and not re.search(r"Score (sheet|pad)", page_text(reader, i))]


@pytest.mark.parametrize("size", list(CARD_SIZES))
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("slug", GAMES)
def test_every_crop_mark_reaches_5_mm_into_what_a_home_printer_prints(slug, paper, size):
    reader = kit(slug, paper, size=size)
    pages = _cut_pages(reader)
    assert pages
    for index in pages:
        reaches = crop_mark_reaches(reader, index, PAPERS[paper])
        assert reaches, f"page {index + 1} has art but no crop marks"
        assert min(reaches) >= REACH, f"page {index + 1}: a mark reaches only {min(reaches):.2f} mm"


@pytest.mark.parametrize("backs", ["fold", "duplex-short", "none"])
@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_other_ways_of_printing_cards_keep_the_reach_too(paper, backs):
    reader = kit("four-deuces", paper, backs=backs)
    for index in _cut_pages(reader):
        assert min(crop_mark_reaches(reader, index, PAPERS[paper])) >= REACH


@pytest.mark.parametrize("paper", list(PAPERS))
def test_where_a_mark_crosses_the_bleed_it_is_white_up_to_the_trim(paper):
    """The Four Deuces backs and cards are coloured to their bleed: each mark's black core
    runs on across it at full weight with a white line under it, so the cut line shows
    on dark art (issue 26: a hairline there was too thin to line a trimmer up against)."""
    reader = kit("four-deuces", paper)
    index = next(i for i in range(len(reader.pages)) if "Suit cards (fronts)" in page_text(reader, i))
    segments = stroked_lines(reader, index)
    whites = [s for s in segments if s[4] == WHITE]
    cores = [s for s in segments if s[4] == BLACK and any(
        all(abs(s[i] - w[i]) < 1e-3 for i in range(4)) for w in whites)]
    assert whites and len(whites) == len(cores)
    assert all(abs(c[5] - 0.2) < 1e-3 for c in cores)  # full weight, as over bare paper
    for white in whites:
        assert any(abs(white[0] - c[0]) < 1e-3 and abs(white[1] - c[1]) < 1e-3 and abs(white[2] - c[2]) < 1e-3
                   and abs(white[3] - c[3]) < 1e-3 for c in cores)
        assert abs(white[0] - white[2]) + abs(white[1] - white[3]) == pytest.approx(3.0, abs=1e-3)  # the bleed
        assert white[5] > 0.3  # a white line wide enough to see, its black core on top


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("slug", GAMES)
def test_no_mark_runs_through_the_page_label_or_the_ruler(slug, paper):
    reader = kit(slug, paper)
    for index in range(len(reader.pages)):
        words = [(t, x, y, size) for t, x, y, size in texts(reader, index) if t in ("1 in", "100 mm")
                 or t.startswith("page ")]
        marks = [s for s in stroked_lines(reader, index) if s[4] == BLACK and abs(s[5] - 0.2) < 1e-3]
        for text, x, y, size in words:
            height = size / 72 * 25.4
            for x1, y1, x2, y2, *_ in marks:
                vertical = abs(x1 - x2) < 1e-3
                if vertical and (y - height < max(y1, y2) and min(y1, y2) < y):
                    assert not (x - 0.2 < x1 < x + 1.5), f"page {index + 1}: a mark runs through {text!r}"


def _token_page(slug: str, paper: str) -> int:
    reader = kit(slug, paper)
    name = {"four-deuces": "Suit tokens", "zero-grid": "First-player marker"}[slug]
    return next(i for i in range(len(reader.pages)) if f": {name}" in page_text(reader, i))


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("slug", ["four-deuces", "zero-grid"])
def test_round_pieces_get_gutters_full_bleed_their_own_marks_and_sit_centred(slug, paper):
    reader = kit(slug, paper)
    index = _token_page(slug, paper)
    clips = sorted(clip_rects_mm(reader, index))
    page = PAPERS[paper]
    bleed = 3.0
    for (x, y, w, h), (x2, *_rest) in zip(clips, clips[1:]):
        assert x2 - (x + w) >= 0  # bleeds never overlap: the trims are ≥ 2 × bleed apart
    for x, y, w, h in clips:
        assert w == pytest.approx(h)  # a square bleed box: full bleed on every side
    left, right = clips[0][0], clips[-1][0] + clips[-1][2]
    top, bottom = min(c[1] for c in clips), max(c[1] + c[3] for c in clips)
    assert left == pytest.approx(page.width - right, abs=0.01) and top == pytest.approx(page.height - bottom, abs=0.01)
    reaches = crop_mark_reaches(reader, index, page)
    marks_per_piece = len(reaches) / len(clips)
    assert marks_per_piece <= 8 and min(reaches) >= REACH
    for (axis, at), lo, hi in _chains(stroked_lines(reader, index)):
        near = [c for c in clips if (c[0] - 0.01 <= at <= c[0] + c[2] + 0.01 if axis == "x" else
                                      c[1] - 0.01 <= at <= c[1] + c[3] + 0.01)]
        if not near:
            continue  # the ruler
        assert hi - lo <= max(c[2] for c in near) + 2 * 8.0 + bleed, "a mark runs far past its piece"


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("slug", GAMES)
def test_no_mark_crosses_the_ruler_or_the_inch_square(slug, paper):
    """The page's scale checks stay whole: a crop mark through the 1 in square (or the
    ruler) would read as part of it. Checked on the page model: the marks layer against
    the box around the ruler and inch mark."""
    from generator.layout.bounds import leaf_boxes
    from generator.pnp.assemble import pnp_document
    from generator.pnp.options import PnpOptions
    from generator.scene import Line
    from tests.pnp.kits import _components

    game, components = _components(slug, "insert", "duplex-long")
    document = pnp_document(game, components, PnpOptions(paper=paper))
    for number, page in enumerate(document.pages, start=1):
        scale = list(leaf_boxes(page.layers[-1].items))
        left, top = min(b.x for b in scale), min(b.y for b in scale)
        right, bottom = max(b.right for b in scale), max(b.bottom for b in scale)
        lines = [item for layer in page.layers[:-2] if layer.clip is None for item in layer.items
                 if isinstance(item, Line)]
        for line in lines:
            crosses = (min(line.x1, line.x2) < right and max(line.x1, line.x2) > left
                       and min(line.y1, line.y2) < bottom and max(line.y1, line.y2) > top)
            assert not crosses, f"page {number}: a line crosses the ruler or inch square: {line}"
