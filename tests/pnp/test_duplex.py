"""Whole-file printing: print any kit double-sided from page 1 and every card back lands
behind its own front; everything else gets a blank reverse. Read from the PDFs."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from generator.components.base import Component, Face
from generator.layout.paper import PAPERS
from generator.pnp.assemble import lint_components, pnp_document
from generator.pnp.options import PnpOptions
from generator.render.pdf import render_document
from generator.scene import Rect, Scene, Style, Text
from tests.pnp.fixtures import BLEED, CARD, FakeGame, card_scene
from tests.pnp.kits import GAMES, kit
from tests.pnp.pdfprobe import clip_rects_mm, page_text, texts

BACKS = ("duplex-long", "duplex-short", "fold", "none")


def _mirrored(clips, paper, flip: str):  # type: ignore[no-untyped-def]
    if flip == "long":
        return sorted((round(paper.width - x - w, 2), round(y, 2), round(w, 2), round(h, 2)) for x, y, w, h in clips)
    return sorted((round(x, 2), round(paper.height - y - h, 2), round(w, 2), round(h, 2)) for x, y, w, h in clips)


def _rounded(clips):  # type: ignore[no-untyped-def]
    return sorted(tuple(round(v, 2) for v in clip) for clip in clips)


@pytest.mark.parametrize("backs", BACKS)
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("slug", GAMES)
def test_printed_double_sided_from_page_1_every_back_lands_behind_its_own_front(slug, paper, backs):
    """Pages pair p1|p2, p3|p4 …: an odd page is the front of a sheet, the next page its
    reverse. A reverse is either the card backs, each in the cell mirrored across the
    flip edge from its front, or carries no art at all."""
    reader = kit(slug, paper, backs=backs)
    flip = "short" if backs == "duplex-short" else "long"
    assert len(reader.pages) % 2 == 0
    backed = 0
    for front in range(0, len(reader.pages), 2):
        assert "(backs" not in page_text(reader, front), f"page {front + 1} is a back on a front side"
        reverse = clip_rects_mm(reader, front + 1)
        if "(backs" in page_text(reader, front + 1):
            backed += 1
            assert _rounded(reverse) == _mirrored(clip_rects_mm(reader, front), PAPERS[paper], flip), \
                f"backs on page {front + 2} are not behind the fronts of page {front + 1}"
        else:
            assert reverse == [], f"page {front + 2} prints art on the back of page {front + 1}"
    assert (backed > 0) == (slug == "four-deuces" and backs in ("duplex-long", "duplex-short"))


def _numbered_back(number: int) -> Scene:
    w, h = CARD
    items = (Rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, Style(fill="#a02020", stroke=None)),
             Text(w / 2, h / 2, f"BACK{number}", 6.0, anchor="middle", bold=True, fill="#ffffff", name="back"))
    return Scene(f"back {number}", w, h, items)


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
@pytest.mark.parametrize("paper", list(PAPERS))
def test_each_back_is_the_back_of_the_card_it_lands_behind(paper, backs):
    """Cards whose backs are all different: the back drawn behind each front is that
    card's own back (found by the numbers printed on both, read from the PDF)."""
    faces = tuple(Face(card_scene(n), _numbered_back(n)) for n in range(1, 12))
    deck = Component("cards", "Cards", "card", faces, CARD, bleed=BLEED)
    document = pnp_document(FakeGame(), lint_components([deck]), PnpOptions(paper=paper, backs=backs))
    reader = PdfReader(io.BytesIO(render_document(document)))
    page = PAPERS[paper]
    flip = "short" if backs == "duplex-short" else "long"
    seen = set()
    for index in range(1, len(reader.pages), 2):
        for text, x, y, _ in texts(reader, index):
            match = re.fullmatch(r"BACK(\d+)", text)
            if not match:
                continue
            # the point of the front page behind this point of the back page
            fx, fy = (page.width - x, y) if flip == "long" else (x, page.height - y)
            [clip] = [c for c in clip_rects_mm(reader, index - 1) if c[0] <= fx <= c[0] + c[2] and c[1] <= fy <= c[1] + c[3]]
            numbers = {t for t, tx, ty, _ in texts(reader, index - 1)
                       if t.isdigit() and clip[0] <= tx <= clip[0] + clip[2] and clip[1] <= ty <= clip[1] + clip[3]}
            assert numbers == {match.group(1)}
            seen.add(int(match.group(1)))
    assert seen == set(range(1, 12))


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("slug", GAMES)
def test_the_cover_lists_the_pages_for_each_way_of_printing_and_no_command_line(slug, paper):
    reader = kit(slug, paper)
    cover = page_text(reader, 0) + (page_text(reader, 1) if "Continued" in
                                              page_text(reader, 1) else "")
    total = len(reader.pages)
    assert f"print the whole file, pages 1-{total}" in cover
    single = re.search(r"Single-sided: print pages ([\d, -]+)\.", cover.replace("\n", " "))
    assert single, cover
    listed = _pages(single.group(1))
    printed = {n for n in range(1, total + 1) if "(blank)" not in page_text(reader, n - 1)}
    assert listed == printed - {n for n in printed if "Duplex check" in page_text(reader, n - 1)}
    cards = re.search(r"Only the cards: pages ([\d, -]+) double-sided", cover.replace("\n", " "))
    if cards:
        for n in _pages(cards.group(1)):
            text = page_text(reader, n - 1)
            assert "card" in text.lower() or "(blank)" in text or "Marker" in text or "Player aid" in text
    assert "--" not in cover and "pipworks" not in cover.lower().replace("print-and-play by pipworks", "")


def _pages(listing: str) -> set[int]:
    found: set[int] = set()
    for part in listing.replace(" ", "").strip(",").split(","):
        lo, _, hi = part.partition("-")
        found.update(range(int(lo), int(hi or lo) + 1))
    return found


def test_the_cover_names_sleeve_inserts_only_where_there_are_some_and_counts_decks_in_cards():
    multisuit = kit("multisuit", "a4").pages[0].extract_text()
    zero_grid = kit("zero-grid", "a4").pages[0].extract_text()
    assert "Sleeve inserts" in multisuit and "Sleeve inserts" not in zero_grid
    assert "Standard 52-card deck: 52 cards" in zero_grid and "52 × Standard" not in zero_grid
