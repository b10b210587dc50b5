"""Boards on their own pages, tiles with glue zones, print-and-fold geometry."""

from __future__ import annotations

import pytest

from generator.layout.boxes import Box
from generator.layout.lint import transform_box, group_matrix, IDENTITY
from generator.layout.paper import PAPERS, PRINTER_MARGIN
from generator.pnp.boards import OVERLAP, board_pages
from generator.pnp.options import PnpOptions
from generator.pnp.sheets import fold_plan, fold_sheets
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


def _matrix(group: Group):
    return group_matrix(IDENTITY, group)


def _apply(m, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@pytest.mark.parametrize("paper", PAPERS.values(), ids=list(PAPERS))
def test_print_and_fold_puts_each_back_behind_its_own_front_over_the_fold(paper):
    """Folding the sheet mirrors it across the fold line; turning a card over mirrors it
    across its own upright axis. Each point of a back must land on the point of its
    front that turning the card over would show it behind."""
    [sheet] = fold_sheets(deck(4, backs=True), paper)
    draft = sheet.front
    fold = paper.height / 2
    placed = [layer for layer in draft.layers if layer.clip is not None]
    fronts, backs = placed[0::2], placed[1::2]
    assert len(fronts) == len(backs) == 4 and sheet.back is None
    w, h = CARD
    for front, back in zip(fronts, backs):
        f, b = _matrix(front.items[0]), _matrix(back.items[0])
        for u, v in ((0.0, 0.0), (w, 0.0), (10.0, 70.0), (w / 2, h)):
            bx, by = _apply(b, u, v)
            fx, fy = _apply(f, w - u, v)
            assert (bx, 2 * fold - by) == pytest.approx((fx, fy))
        assert front.clip.bottom <= fold + 1e-9 <= back.clip.y + 1e-9  # no art crosses the fold
        f_box = _placed_box(front.items[0], w, h)
        assert fold - f_box.bottom >= 2.0  # the fold is never exact: 2 mm to spare


@pytest.mark.parametrize("paper", PAPERS.values(), ids=list(PAPERS))
def test_print_and_fold_fits_four_cards_a_page_turned_across_it(paper):
    plan = fold_plan(deck(1, backs=True), paper)
    assert plan.upper.per_page == 4 and plan.upper.turned


def test_face_options_carry_the_players_choices():
    face = PnpOptions(size="bridge", bleed=2.0, ink="bw").face_options()
    assert face.card_size == (57.15, 88.9) and face.bleed == 2.0 and face.ink == "bw"


@pytest.mark.parametrize("bad", [dict(size="tarot"), dict(ink="sepia"), dict(backs="glue"), dict(bleed=9.0)])
def test_impossible_options_are_refused(bad):
    with pytest.raises(ValueError):
        PnpOptions(**bad)


def test_the_back_offset_moves_every_back_and_nothing_else():
    from generator.pnp.sheets import card_sheets, imposition_for

    plain = card_sheets(deck(8, backs=True), PAPERS["a4"], "duplex-long", (0.0, 0.0))
    shifted = card_sheets(deck(8, backs=True), PAPERS["a4"], "duplex-long", (0.5, -1.0))
    assert plain[0].front == shifted[0].front  # the front page is untouched
    for before, after in zip(plain[0].back.layers, shifted[0].back.layers):
        assert after.clip == before.clip.moved(0.5, -1.0)
    # long-edge flip: the back of front cell 0 (top-left) sits top-right
    imp = imposition_for(deck(8, backs=True), PAPERS["a4"])
    first_back = _placed_box(plain[0].back.layers[0].items[0], *CARD)
    far = imp.slot(imp.cols - 1)
    assert (first_back.x, first_back.y) == pytest.approx((far.x, far.y))


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
