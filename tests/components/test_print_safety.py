"""Art that forgives a 1 mm cut and small print a player can read, on every printed
piece of every game, at every card size and in both inks."""

from __future__ import annotations

import io
import subprocess
from dataclasses import replace

import pytest
from PIL import Image, ImageChops, ImageFilter

from generator.components.base import CARD_SIZES, Component, Face, FaceOptions
from generator.components.palette import SUIT_COLOURS
from generator.layout.bounds import leaf_boxes
from generator.layout.lint import LayoutError, small_print
from generator.layout.units import pt
from generator.pnp.assemble import lint_components, pod_document
from generator.pnp.options import PnpOptions
from generator.render.pdf import render_document
from generator.scene import Group, Path as ScenePath, Rect, Text
from tests.pnp.fixtures import FakeGame, deck

from .helpers import GAMES, game, layout, scenes, walk

#: A frame along the trim must be at least this wide to hide a 1 mm cutting error.
FRAME = 4.0


def frame_edges(component: Component, scene) -> list[str]:  # type: ignore[no-untyped-def]
    """Edges of shapes that run along the trim (over half its length) closer than FRAME
    mm inside it without bleeding off: the frames a wobbly cut would show up."""
    w, h = component.trim
    found = []
    for box in leaf_boxes(scene.items, text=False):
        if box.w > w / 2:
            for edge, gap in (("top", box.y), ("bottom", h - box.bottom)):
                if 1e-6 < gap < FRAME:
                    found.append(f"{scene.name}: a {edge} edge {gap:.1f} mm inside the trim")
        if box.h > h / 2:
            for edge, gap in (("left", box.x), ("right", w - box.right)):
                if 1e-6 < gap < FRAME:
                    found.append(f"{scene.name}: a {edge} edge {gap:.1f} mm inside the trim")
    return found


@pytest.mark.parametrize("ink", ["colour", "bw"])
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("slug", GAMES)
def test_nothing_runs_along_the_trim_thinner_than_4_mm(slug, size, ink):
    """Art bleeds off the edge, or keeps a frame of at least 4 mm, or the edge is white:
    no 2 mm band that a 1 mm cutting error would change by half."""
    for component in layout(game(slug), FaceOptions(card_size=CARD_SIZES[size], ink=ink)):
        for scene in scenes(component):
            assert frame_edges(component, scene) == []


def test_the_frame_check_finds_the_old_2_mm_card_edge():
    """The check itself: a white panel 2.2 mm inside a coloured card is what it catches."""
    component = deck(1)
    old = replace(component.faces[0].front, items=(Rect(2.2, 2.2, 63 - 4.4, 88 - 4.4),))
    assert len(frame_edges(component, old)) == 4


def _backs(slug: str) -> list:  # type: ignore[type-arg]
    found = []
    components = layout(game(slug))
    for component in components:
        for face in component.faces:
            if face.back is not None and face.back not in found:
                found.append(face.back)
    return found


def _png(pdf: bytes, page: int) -> Image.Image:
    # 254 dpi is 10 pixels a millimetre: a card with bleed is a whole number of pixels,
    # so turning the image 180° moves nothing by a fraction of a pixel.
    out = subprocess.run(["pdftoppm", "-f", str(page), "-l", str(page), "-r", "254", "-png", "-gray", "-"],
                         input=pdf, capture_output=True, check=True).stdout
    return Image.open(io.BytesIO(out)).convert("L")


def _turn_difference(document, pdf: bytes, number: int) -> float:  # type: ignore[no-untyped-def]
    """Share of a page's pixels that change by more than a quarter when it is turned 180°."""
    page = document.pages[number - 1]
    # pdftoppm rounds the page up to whole pixels: keep exactly the page's own 10 px/mm
    image = _png(pdf, number).crop((0, 0, round(page.width * 10), round(page.height * 10)))
    blur = ImageFilter.GaussianBlur(1.0)  # anti-aliasing is not quite symmetric
    diff = ImageChops.difference(image.filter(blur), image.rotate(180).filter(blur))
    return sum(diff.histogram()[64:]) / (image.width * image.height)


@pytest.mark.pdftoppm
@pytest.mark.parametrize("slug", GAMES)
def test_every_back_looks_the_same_turned_180_degrees(slug):
    """A duplex back may land either way up: printed and turned, a back matches itself
    (the game's own backs, and the plain back print-on-demand files give other cards)."""
    content = game(slug)
    document = pod_document(content, lint_components(layout(content)), PnpOptions())
    pdf = render_document(document)
    checked = 0
    for number in range(1, len(document.pages) + 1, 2):  # every back page (back, front, back …)
        if number > 1 and document.pages[number - 1] == document.pages[number - 3]:
            continue
        off = _turn_difference(document, pdf, number)
        assert off < 0.002, f"{slug} back on POD page {number}: {off:.2%} of it changes when turned"
        checked += 1
    assert checked >= 1


@pytest.mark.pdftoppm
def test_the_turning_check_sees_a_back_that_reads_one_way_up():
    document = pod_document(FakeGame(), [deck(1, backs=True)], PnpOptions())
    assert _turn_difference(document, render_document(document), 1) > 0.002


@pytest.mark.parametrize("ink", ["colour", "bw"])
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("slug", GAMES)
def test_no_text_under_6_pt_and_none_under_7_pt_on_quick_references(slug, size, ink):
    for component in layout(game(slug), FaceOptions(card_size=CARD_SIZES[size], ink=ink)):
        reference = component.id in ("quick-reference", "player-aid")
        assert component.min_text_pt == (7.0 if reference else 6.0)
        for scene in scenes(component):
            assert small_print(scene, component.name, component.min_text_pt) == []


def test_text_below_the_minimum_fails_the_build_naming_it():
    component = deck(1)
    tiny = Text(10, 40, "Footnote", 1.9, name="tiny footnote")  # 5.4 pt
    front = replace(component.faces[0].front, items=component.faces[0].front.items + (Group((tiny,), scale=1.0),))
    with pytest.raises(LayoutError) as caught:
        lint_components([replace(component, faces=(Face(front),))])
    message = str(caught.value)
    assert "tiny footnote" in message and "5.4 pt" in message and "6 pt" in message and "Cards" in message
    # A group that scales text down counts too: 2.2 mm (6.2 pt) at half size is 3.1 pt.
    halved = replace(front, items=(Group((replace(tiny, size=2.2),), scale=0.5),))
    assert [p.text for p in small_print(halved, "Cards", 6.0)] == ["tiny footnote"]
    assert pt(2.2) == pytest.approx(6.236, abs=1e-3)


@pytest.mark.parametrize("slug", ["pip-trick", "dice-lanes", "zero-grid"])
def test_quick_reference_lines_keep_the_suit_symbol_and_name(slug):
    """"Raise one available die by 1" — which suit? The line says: the suit's symbol and
    its name, bold, in the suit's colour."""
    content = game(slug)
    component = next(c for c in layout(content) if c.id == "quick-reference")
    items = [item for s in scenes(component) for item in walk(s.items)]
    words = [t for t in items if isinstance(t, Text)]
    symbols = [p for p in items if isinstance(p, ScenePath)]
    for line in content.quickref:
        if not line.suit:
            continue
        name = [t for t in words if t.bold and t.text.rstrip(":").lower() == line.suit and t.fill == SUIT_COLOURS[line.suit]]
        assert name, f"{slug}: no suit name for {line.text!r}"
        assert any(p.style.fill == SUIT_COLOURS[line.suit] for p in symbols)
