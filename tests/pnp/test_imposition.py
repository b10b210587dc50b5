"""Imposition as data: what fits, where each card is, how backs line up."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from generator.components.base import CARD_SIZES
from generator.layout.imposition import BANDS_EDGE, gutter_for, impose, label_bands
from generator.layout.paper import PAPERS, PRINTER_MARGIN


@pytest.mark.parametrize("paper", PAPERS.values(), ids=list(PAPERS))
@pytest.mark.parametrize("size", CARD_SIZES.values(), ids=list(CARD_SIZES))
def test_eight_or_more_cards_fit_every_paper_with_room_for_every_crop_mark(paper, size):
    """Shared cut lines keep 8 or 9 cards on a sheet, and every trim stays far enough in
    from the paper edge for its crop marks to reach 5 mm into the printed area; the
    two margins that carry the label and ruler keep room for them as well."""
    imp = impose(paper, *size, bleed=3.0)
    assert imp.per_page >= 8
    block = imp.block
    margins = {"top": block.y, "bottom": paper.height - block.bottom, "left": block.x,
               "right": paper.width - block.right}
    assert min(margins.values()) >= PRINTER_MARGIN + 5.0
    banded = ("top", "bottom") if imp.bands == "tb" else ("left", "right")
    assert all(margins[side] >= BANDS_EDGE - 1e-9 for side in banded)


def test_poker_cards_turn_to_fit_eight_where_nine_would_leave_no_room_for_marks():
    """3 × 3 poker cards leave 9.75 mm (A4) and 6.35 mm (Letter) margins: too thin for a
    mark a home printer prints. Turned 2 × 4 they sit well inside."""
    a4 = impose(PAPERS["a4"], *CARD_SIZES["poker"])
    letter = impose(PAPERS["letter"], *CARD_SIZES["poker"])
    assert (a4.cols, a4.rows, a4.turned) == (2, 4, True) and (letter.cols, letter.rows, letter.turned) == (2, 4, True)
    assert (round(a4.x0, 2), round(a4.y0, 2)) == (16.1, 21.5)
    assert (round(letter.x0, 2), round(letter.y0, 2)) == (19.05, 12.7)


def test_cards_that_fit_three_by_three_with_their_marks_stay_upright():
    bridge = impose(PAPERS["a4"], *CARD_SIZES["bridge"])
    quick = impose(PAPERS["letter"], *CARD_SIZES["quick-insert"])
    assert (bridge.cols, bridge.rows, bridge.turned) == (3, 3, False)
    assert (quick.cols, quick.rows, quick.turned) == (3, 3, False)


def test_cards_share_cut_lines():
    imp = impose(PAPERS["a4"], 63.0, 88.0)
    assert imp.slot(0).right == pytest.approx(imp.slot(1).x)
    assert imp.slot(0).bottom == pytest.approx(imp.slot(imp.cols).y)


def test_bleed_only_on_the_edges_no_card_shares():
    imp = impose(PAPERS["a4"], *CARD_SIZES["bridge"], bleed=3.0)
    centre = imp.art_clip(4)
    assert centre == imp.slot(4)
    corner = imp.art_clip(0)
    assert (corner.x, corner.y) == pytest.approx((imp.slot(0).x - 3, imp.slot(0).y - 3))
    assert corner.right == pytest.approx(imp.slot(0).right)
    # A sheet holding four cards: the fourth has no right-hand neighbour, so it bleeds there.
    four = imp.holding(4)
    assert four.art_clip(3).right == pytest.approx(four.slot(3).right + 3)
    assert four.art_clip(0).bottom == pytest.approx(four.slot(0).bottom)  # card 3 lies below card 0


def test_round_pieces_keep_a_gutter_of_twice_the_bleed_and_bleed_all_round():
    imp = impose(PAPERS["a4"], 26.0, 26.0, bleed=3.0, gutter=gutter_for(3.0))
    assert imp.slot(1).x - imp.slot(0).right >= 2 * 3.0
    for i in range(imp.per_page):
        assert imp.art_clip(i) == imp.slot(i).inset(-3.0)
    four = imp.holding(4)
    assert (four.cols, four.rows) == (4, 1)
    block = four.block
    assert block.x == pytest.approx(PAPERS["a4"].width - block.right)  # centred
    assert block.y == pytest.approx(PAPERS["a4"].height - block.bottom)


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


def test_label_bands_sit_in_the_margins_the_imposition_kept():
    a4 = impose(PAPERS["a4"], *CARD_SIZES["poker"], bleed=3.0)
    bands = label_bands(a4.paper, a4.block, marked=True, sides=a4.bands)
    assert not bands.rotated and bands.text.y == PRINTER_MARGIN and bands.text.h >= 5.5 - 1e-9
    # The band stops short of the part of each crop mark that must stay whole.
    assert a4.block.y - bands.text.bottom >= 5.5
    letter = impose(PAPERS["letter"], *CARD_SIZES["insert"], bleed=3.0)
    bands = label_bands(letter.paper, letter.block, marked=True, sides=letter.bands)
    assert bands.rotated and bands.text.x == PRINTER_MARGIN and bands.text.w >= 5.5 - 1e-9
