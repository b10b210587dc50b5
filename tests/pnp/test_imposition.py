"""Imposition as data: what fits, where each card is, how backs line up."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from generator.components.base import CARD_SIZES
from generator.layout.imposition import impose, label_bands
from generator.layout.paper import PAPERS, PRINTER_MARGIN


@pytest.mark.parametrize("paper", PAPERS.values(), ids=list(PAPERS))
@pytest.mark.parametrize("size", CARD_SIZES.values(), ids=list(CARD_SIZES))
def test_nine_cards_fit_every_paper_inside_the_printer_margin(paper, size):
    imp = impose(paper, *size, bleed=3.0)
    assert (imp.cols, imp.rows) == (3, 3)
    block = imp.block
    assert block.x >= PRINTER_MARGIN and block.y >= PRINTER_MARGIN
    assert paper.width - block.right >= PRINTER_MARGIN and paper.height - block.bottom >= PRINTER_MARGIN


def test_poker_cards_sit_where_print_md_says():
    a4 = impose(PAPERS["a4"], *CARD_SIZES["poker"])
    letter = impose(PAPERS["letter"], *CARD_SIZES["poker"])
    assert (round(a4.x0, 2), round(a4.y0, 2)) == (9.75, 15.15)
    assert (round(letter.x0, 2), round(letter.y0, 2)) == (12.7, 6.35)


def test_cards_share_cut_lines():
    imp = impose(PAPERS["a4"], 63.0, 88.0)
    assert imp.slot(0).right == pytest.approx(imp.slot(1).x)
    assert imp.slot(0).bottom == pytest.approx(imp.slot(3).y)
    assert len(imp.cut_xs()) == 4 and len(imp.cut_ys()) == 4


def test_bleed_only_on_the_outer_edges_of_the_block():
    imp = impose(PAPERS["a4"], 63.0, 88.0, bleed=3.0)
    centre = imp.art_clip(4)
    assert centre == imp.slot(4)
    corner = imp.art_clip(0)
    assert (corner.x, corner.y) == pytest.approx((imp.slot(0).x - 3, imp.slot(0).y - 3))
    assert corner.right == pytest.approx(imp.slot(0).right)


def test_a_piece_too_large_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        impose(PAPERS["a4"], 250.0, 300.0)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(list(PAPERS.values())), st.floats(20, 90), st.floats(20, 130), st.integers(0, 80),
       st.sampled_from(["long", "short"]))
def test_back_slots_mirror_the_flip_and_land_behind_their_fronts(paper, w, h, index, flip):
    imp = impose(paper, w, h, max_cols=99, max_rows=99)
    index %= imp.per_page
    back = imp.back_index(index, flip)
    assert imp.back_index(back, flip) == index  # flipping twice is the identity
    front, behind = imp.slot(index), imp.slot(back)
    if flip == "long":  # the sheet turns about its vertical axis: x mirrors, y stays
        assert behind.y == pytest.approx(front.y)
        assert behind.x == pytest.approx(paper.width - front.right)
    else:
        assert behind.x == pytest.approx(front.x)
        assert behind.y == pytest.approx(paper.height - front.bottom)


def test_label_bands_use_the_deeper_margins():
    a4 = impose(PAPERS["a4"], *CARD_SIZES["poker"], bleed=3.0)
    bands = label_bands(a4.paper, a4.block.inset(-3.0))
    assert not bands.rotated and bands.text.h > 5
    letter = impose(PAPERS["letter"], *CARD_SIZES["poker"], bleed=3.0)
    bands = label_bands(letter.paper, letter.block.inset(-3.0))
    assert bands.rotated and bands.text.w > 3
