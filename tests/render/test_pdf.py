"""The PDF backend: exact page sizes, cards where the imposition says, fonts embedded,
same bytes every time. Geometry is read back from the file, not from our own data."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from pypdf import PdfReader

from generator.layout.imposition import impose
from generator.layout.paper import PAPERS
from generator.pnp.assemble import lint_components, pnp_document, pod_document
from generator.pnp.options import PnpOptions
from generator.render.pdf import render_document
from tests.pnp.fixtures import BLEED, CARD, FakeGame, board, deck
from tests.pnp.pdfprobe import clip_rects_mm, edge, rasterise

SIZES_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("kits")
    components = lint_components([deck(12), board(180, 250)])
    paths = {}
    for paper in PAPERS:
        path = folder / f"{paper}.pdf"
        path.write_bytes(render_document(pnp_document(FakeGame(), components, PnpOptions(paper=paper))))
        paths[paper] = path
    path = folder / "pod.pdf"
    path.write_bytes(render_document(pod_document(FakeGame(), components, PnpOptions())))
    paths["pod"] = path
    return paths


@pytest.mark.parametrize("paper", PAPERS)
def test_every_page_is_exactly_the_paper_size(kits, paper):
    reader = PdfReader(kits[paper])
    for page in reader.pages:
        assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == SIZES_PT[paper]


@pytest.mark.parametrize("paper", PAPERS)
def test_cards_are_clipped_to_the_imposition_slots(kits, paper):
    reader = PdfReader(kits[paper])
    imp = impose(PAPERS[paper], *CARD, bleed=BLEED)
    clips = clip_rects_mm(reader, 2)  # page 3: the first card sheet, after the cover and its blank back
    assert len(clips) == imp.per_page == 8
    for index, (x, y, w, h) in enumerate(clips):
        want = imp.art_clip(index)
        assert (x, y, w, h) == pytest.approx((want.x, want.y, want.w, want.h), abs=0.1)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.pdftoppm
def test_measured_on_the_printed_page_each_card_lies_within_0_1_mm(kits, paper):
    """Rasterise at 508 dpi (0.05 mm a pixel) and find each card's white panel, which the
    fixture draws 4 mm inside the trim; the trim follows to within 0.1 mm. The cards lie
    turned on the sheet, so the scan lines are chosen clear of the turned card's text."""
    dpi = 508
    px_per_mm = dpi / 25.4
    image = rasterise(kits[paper], 3, dpi)
    imp = impose(PAPERS[paper], *CARD, bleed=BLEED)
    assert imp.turned
    width, height = image.size
    pixels = image.load()
    for index in range(imp.per_page):
        slot = imp.slot(index)
        row_y = int((slot.y + 14.0) * px_per_mm)  # the card's x = 14 mm: between its rank and the spade
        col_x = int((slot.x + 63.0) * px_per_mm)  # the card's y = 25 mm: below its rank
        row = [pixels[x, row_y] for x in range(width)]
        col = [pixels[col_x, y] for y in range(height)]
        centre_x = int((slot.x + slot.w / 2) * px_per_mm)
        centre_y = int((slot.y + slot.h / 2) * px_per_mm)
        left = edge(row, centre_x, -1, 160) / px_per_mm - 4.0
        right = edge(row, centre_x, +1, 160) / px_per_mm + 4.0
        top = edge(col, centre_y, -1, 160) / px_per_mm - 4.0
        # A pixel's value covers the pixel's area: its centre is at index + 0.5.
        assert left + 0.5 / px_per_mm == pytest.approx(slot.x, abs=0.1)
        assert right + 0.5 / px_per_mm == pytest.approx(slot.right, abs=0.1)
        assert top + 0.5 / px_per_mm == pytest.approx(slot.y, abs=0.1)


def test_every_font_is_embedded(kits):
    for path in kits.values():
        reader = PdfReader(path)
        for page in reader.pages:
            fonts = page["/Resources"].get("/Font", {})
            for ref in fonts.values():
                font = ref.get_object()
                descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
                assert "/FontFile2" in descendant["/FontDescriptor"], f"{path.name}: {font['/BaseFont']} not embedded"


def test_same_document_gives_the_same_bytes():
    components = lint_components([deck(12, backs=True)])
    first = render_document(pnp_document(FakeGame(), components, PnpOptions()))
    again = render_document(pnp_document(FakeGame(), lint_components([deck(12, backs=True)]), PnpOptions()))
    assert first == again


def test_pod_pages_carry_trim_and_bleed_boxes(kits):
    reader = PdfReader(kits["pod"])
    assert len(reader.pages) == 2 * 12  # a back before every card; the board is not a card
    for page in reader.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        b = BLEED * 72 / 25.4
        assert (w, h) == pytest.approx(((CARD[0] + 2 * BLEED) * 72 / 25.4, (CARD[1] + 2 * BLEED) * 72 / 25.4), abs=0.01)
        trim = [float(v) for v in page.trimbox]
        bleed = [float(v) for v in page.bleedbox]
        assert trim == pytest.approx([b, b, w - b, h - b], abs=0.01)
        assert bleed == pytest.approx([0, 0, w, h], abs=0.01)


def test_sheet_pages_carry_no_trim_box(kits):
    page = PdfReader(kits["a4"]).pages[1]
    assert [float(v) for v in page.trimbox] == [float(v) for v in page.mediabox]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.one_of(st.floats(-1e5, 1e5, allow_nan=False), st.integers(-10_000, 10_000)), min_size=1, max_size=6))
def test_the_memoised_number_formatter_writes_exactly_what_reportlab_writes(values):
    from reportlab.lib import rl_accel
    from reportlab.pdfgen import canvas

    from generator.render.pdf import fast_reportlab

    expected = rl_accel.fp_str(*values)
    with fast_reportlab():
        assert canvas.fp_str(*values) == expected
        assert canvas.fp_str(values) == expected
    assert canvas.fp_str is rl_accel.fp_str  # restored afterwards
