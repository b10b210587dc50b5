"""The SVG backend: standalone, sized in mm with the bleed, deterministic, and drawing the
same picture as the PDF backend (both rasterised and compared pixel by pixel)."""

from __future__ import annotations

import io
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter

from generator.components.base import Component, Face
from generator.layout.sheet import Document
from generator.pnp.assemble import load_components, lint_components, pod_document
from generator.pnp.options import PnpOptions
from generator.render.pdf import render_document
from generator.render.svg import render_scene
from tests.pnp.fixtures import BLEED, FakeGame, card_scene, deck
from tests.pnp.pdfprobe import rasterise

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]


def test_svg_is_sized_in_mm_with_its_bleed_and_names_the_shipped_font():
    tree = ET.fromstring(render_scene(card_scene(7), BLEED))
    assert tree.get("width") == "69mm" and tree.get("height") == "94mm"
    assert [float(v) for v in tree.get("viewBox").replace(",", " ").split()] == [-3, -3, 69, 94]
    assert "Bitstream Vera Sans" in tree.find(f"{SVG}g").get("font-family")
    assert [t.text for t in tree.iter(f"{SVG}text")] == ["7", "7", "Fixture card"]


def test_same_scene_same_bytes():
    assert render_scene(card_scene(3), BLEED) == render_scene(card_scene(3), BLEED)


def _svg_png(svg: str, dpi: int) -> Image.Image:
    png = subprocess.run(["rsvg-convert", "-d", str(dpi), "-p", str(dpi), "-b", "white"], input=svg.encode(),
                         check=True, capture_output=True).stdout
    return Image.open(io.BytesIO(png)).convert("L")


#: Text edges anti-alias differently in poppler and librsvg; a blur of 1.5 px at 150 dpi
#: (a quarter of a millimetre) removes that noise but keeps any real misplacement.
BLUR = 1.5
MAX_MEAN = 4.0
MAX_OFF = 0.002


def _difference(component: Component, tmp_path: Path, dpi: int = 150, svg_shift: float = 0.0) -> tuple[float, float]:
    """(mean absolute grey difference, share of pixels off by more than a quarter)."""
    face = component.faces[0]
    pdf = tmp_path / "face.pdf"
    single = Component(component.id, component.name, "card", (Face(face.front),), component.trim, component.bleed)
    document = pod_document(FakeGame(), [single], PnpOptions(bleed=component.bleed))
    assert isinstance(document, Document)
    pdf.write_bytes(render_document(document))
    from_pdf = rasterise(pdf, 2, dpi)  # page 1 is the card's back
    svg_scene = face.front
    if svg_shift:
        from dataclasses import replace

        from generator.scene import Group

        svg_scene = replace(svg_scene, items=(Group(svg_scene.items, dx=svg_shift, dy=svg_shift),))
    from_svg = _svg_png(render_scene(svg_scene, component.bleed), dpi)
    w, h = min(from_pdf.width, from_svg.width), min(from_pdf.height, from_svg.height)
    assert abs(from_pdf.width - from_svg.width) <= 1 and abs(from_pdf.height - from_svg.height) <= 1
    blur = ImageFilter.GaussianBlur(BLUR)
    diff = ImageChops.difference(from_pdf.crop((0, 0, w, h)).filter(blur), from_svg.crop((0, 0, w, h)).filter(blur))
    histogram = diff.histogram()
    total = w * h
    mean = sum(value * count for value, count in enumerate(histogram)) / total
    off = sum(histogram[64:]) / total
    return mean, off


@pytest.mark.pdftoppm
@pytest.mark.rsvg
def test_svg_and_pdf_of_a_card_agree_when_rasterised(tmp_path):
    mean, off = _difference(deck(1), tmp_path)
    assert mean < MAX_MEAN and off < MAX_OFF, (mean, off)


@pytest.mark.pdftoppm
@pytest.mark.rsvg
def test_the_comparison_catches_a_fifth_of_a_millimetre_shift(tmp_path):
    mean, off = _difference(deck(1), tmp_path, svg_shift=0.2)
    assert mean >= MAX_MEAN or off >= MAX_OFF, (mean, off)


@pytest.mark.pdftoppm
@pytest.mark.rsvg
@pytest.mark.parametrize("slug", ["multisuit", "four-deuces", "zero-grid", "pip-trick", "dice-lanes"])
def test_svg_and_pdf_of_real_faces_agree(tmp_path, slug):
    from generator.content.project import load_project

    game = load_project(ROOT, only=[slug]).games[slug].content
    components = lint_components(load_components(game, PnpOptions(), ROOT))
    for component in components:  # the first face of every component
        mean, off = _difference(component, tmp_path)
        assert mean < MAX_MEAN and off < MAX_OFF, (component.id, mean, off)
