"""Boards on their own pages, tiles with glue zones, print-and-fold geometry."""

from __future__ import annotations

import pytest

from generator.layout.boxes import Box
from generator.layout.lint import transform_box, group_matrix, IDENTITY
from generator.layout.paper import PAPERS, PRINTER_MARGIN
from generator.pnp.boards import OVERLAP, board_pages
from generator.pnp.options import PnpOptions
from generator.pnp.sheets import fold_pages
from generator.scene import Group, Rect, Text
from tests.pnp.fixtures import BLEED, CARD, deck, board


def _placed_box(group: Group, w: float, h: float) -> Box:
    return transform_box(group_matrix(IDENTITY, group), Box(0, 0, w, h))


@pytest.mark.parametrize("paper", PAPERS.values(), ids=list(PAPERS))
def test_a_board_that_fits_gets_one_page_centred_inside_the_margin(paper):
    [draft] = board_pages(board(180, 250), paper)
    art = draft.layers[0].items[0]
    box = _placed_box(art, 180, 250)
    assert box.w == pytest.approx(180) and box.h == pytest.approx(250)
    assert box.x >= PRINTER_MARGIN and box.y >= PRINTER_MARGIN
    assert box.x == pytest.approx(paper.width - box.right)


def test_a_wide_board_is_turned_rather_than_split():
    [draft] = board_pages(board(250, 180), PAPERS["a4"])
    box = _placed_box(draft.layers[0].items[0], 250, 180)
    assert (box.w, box.h) == pytest.approx((180, 250))


def test_a_board_too_big_for_the_paper_is_tiled_with_glue_zones_covering_every_seam():
    drafts = board_pages(board(400, 300, "Big Board"), PAPERS["a4"])
    assert len(drafts) == 4
    names = [d.component for d in drafts]
    assert all("tile" in n for n in names) and len(set(names)) == 4
    windows = [d.content for d in drafts]
    # every tile's window fits inside the printer margin
    for window in windows:
        assert window.x >= PRINTER_MARGIN and window.right <= PAPERS["a4"].width - PRINTER_MARGIN
    glued = [d for d in drafts if len(d.layers) > 1]
    assert len(glued) == 3  # every tile but the last has a neighbour to glue under
    for draft in glued:
        zones = [i for i in draft.layers[1].items if isinstance(i, Rect)]
        assert zones and all(min(z.w, z.h) == pytest.approx(OVERLAP) for z in zones)
        notes = [t.text for g in draft.layers[1].items if isinstance(g, Group) for t in g.children if isinstance(t, Text)]
        assert all(n.startswith("glue: tile ") for n in notes)


def test_tiles_together_show_the_whole_board():
    """The windows, mapped back into board coordinates, cover the board with no gap."""
    drafts = board_pages(board(400, 300, "Big Board"), PAPERS["a4"])
    covered = []
    for draft in drafts:
        art = draft.layers[0].items[0]
        clip = draft.layers[0].clip
        placed = _placed_box(art, 400, 300)  # the board, turned if need be, on this page
        covered.append(Box(clip.x - placed.x, clip.y - placed.y, clip.w, clip.h))
    xs = sorted({round(c.x, 6) for c in covered})
    ys = sorted({round(c.y, 6) for c in covered})
    width = max(c.right for c in covered) - min(c.x for c in covered)
    height = max(c.bottom for c in covered) - min(c.y for c in covered)
    assert min(width, height) >= 300 - 1e-6 and max(width, height) >= 400 - 1e-6
    for lo, hi in zip(xs, xs[1:]):
        left = next(c for c in covered if round(c.x, 6) == lo)
        assert left.right - hi == pytest.approx(OVERLAP)
    for lo, hi in zip(ys, ys[1:]):
        top = next(c for c in covered if round(c.y, 6) == lo)
        assert top.bottom - hi == pytest.approx(OVERLAP)


@pytest.mark.parametrize("paper", PAPERS.values(), ids=list(PAPERS))
def test_print_and_fold_puts_each_back_under_its_front_turned_over_the_fold(paper):
    [draft] = fold_pages(deck(3, backs=True), paper)
    fold = paper.height / 2
    placed = [layer for layer in draft.layers if layer.clip is not None]
    fronts, backs = placed[0::2], placed[1::2]
    assert len(fronts) == len(backs) == 3
    for front, back in zip(fronts, backs):
        f = _placed_box(front.items[0], *CARD)
        b = _placed_box(back.items[0], *CARD)
        assert back.items[0].rotate == 180.0
        assert f.x == pytest.approx(b.x)  # same column
        assert fold - f.bottom == pytest.approx(b.y - fold)  # mirror images across the fold
        assert fold - f.bottom >= BLEED  # bleed never crosses the fold


def test_face_options_carry_the_players_choices():
    face = PnpOptions(size="bridge", bleed=2.0, ink="bw").face_options()
    assert face.card_size == (57.15, 88.9) and face.bleed == 2.0 and face.ink == "bw"


@pytest.mark.parametrize("bad", [dict(size="tarot"), dict(ink="sepia"), dict(backs="glue"), dict(bleed=9.0)])
def test_impossible_options_are_refused(bad):
    with pytest.raises(ValueError):
        PnpOptions(**bad)


def test_the_back_offset_moves_every_back_and_nothing_else():
    from generator.layout.imposition import impose
    from generator.pnp.sheets import card_pages

    plain = card_pages(deck(9, backs=True), PAPERS["a4"], "duplex-long", (0.0, 0.0))
    shifted = card_pages(deck(9, backs=True), PAPERS["a4"], "duplex-long", (0.5, -1.0))
    assert plain[0] == shifted[0]  # the front page is untouched
    imp = impose(PAPERS["a4"], *CARD, bleed=BLEED)
    for before, after in zip(plain[1].layers, shifted[1].layers):
        assert after.clip == before.clip.moved(0.5, -1.0)
    # long-edge flip: the back of front slot 0 (top-left) sits top-right
    first_back = _placed_box(plain[1].layers[0].items[0], *CARD)
    assert (first_back.x, first_back.y) == pytest.approx((imp.slot(2).x, imp.slot(2).y))


def test_pod_puts_each_back_before_its_front():
    from generator.pnp.assemble import pod_document
    from tests.pnp.fixtures import FakeGame

    document = pod_document(FakeGame(), [deck(2, backs=True)], PnpOptions())
    names = [page.layers[0].items[0].children[0] for page in document.pages]
    assert len(document.pages) == 4
    backs = [isinstance(item, Rect) and item.style.fill == "#a02020" for item in names]
    assert backs == [True, False, True, False]


def test_lengths_are_written_with_their_units():
    from generator.layout.units import length, pt

    assert length("3mm") == 3.0 and length("0.125in") == pytest.approx(3.175) and length(2) == 2.0
    assert length("9pt") == pytest.approx(3.175) and pt(25.4) == pytest.approx(72.0)
    with pytest.raises(ValueError):
        length("three")
