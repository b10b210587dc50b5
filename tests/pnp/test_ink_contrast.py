"""``--ink bw`` that still reads (issue 22): text follows the fill it sits on, and the
bw build fails on text that does not stand out from what lies under it, naming the
card and the box. Checked on the scene, and on the print itself: every face of every
shipped game and of every template's deck rendered with pdftoppm and measured."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image

from generator.components.base import Component, Face
from generator.layout.contrast import (BODY_RATIO, LARGE_RATIO, luminance, needed, ratio, readable, readings, rgb)
from generator.layout.lint import IDENTITY, LayoutError, group_matrix, transform_box
from generator.layout.sheet import Document, Page, Placement
from generator.layout.text import extent
from generator.layout.units import pt
from generator.pnp.assemble import lint_components, load_components
from generator.pnp.options import PnpOptions
from generator.render.pdf import render_document
from generator.scaffold import TEMPLATES, make_project
from generator.scene import Group, Item, Rect, Scene, Style, Text
from generator.verify.project import validated_project
from tests.conftest import ROOT

WHITE, INK = "#ffffff", "#1a1a1a"


def title_on_band(fill: str | None, rotate: float = 0.0) -> Scene:
    band = Rect(5, 30, 53, 20, Style(fill=fill, stroke=None if fill else INK))
    title = Text(10, 44, "The Game", 6.0, fill=WHITE, name="box title")
    items: tuple[Item, ...] = (band, title)
    if rotate:
        items = (Group((Group(items, dx=-31.5, dy=-40),), dx=31.5, dy=40, rotate=rotate),)
    return Scene("deck back", 63, 88, items)


def test_wcag_ratios() -> None:
    assert ratio(rgb("#000000"), rgb("#ffffff")) == pytest.approx(21.0)
    assert ratio(rgb(WHITE), rgb(WHITE)) == pytest.approx(1.0)
    assert ratio(rgb("#767676"), rgb(WHITE)) == pytest.approx(4.54, abs=0.01)  # the classic grey that just passes
    assert luminance(rgb("#808080")) == pytest.approx(0.2159, abs=1e-3)
    assert needed(13.9) == BODY_RATIO and needed(14.0) == LARGE_RATIO


def test_white_on_its_band_reads_and_white_on_the_paper_does_not() -> None:
    [on_band] = readings(title_on_band("#2d3e6b"))
    [on_paper] = readings(title_on_band(None))
    assert not on_band.low and on_band.ratio > 10
    assert on_paper.low and on_paper.ratio == pytest.approx(1.0) and on_paper.under == WHITE


@pytest.mark.parametrize("rotate", [0.0, 180.0, 90.0])
def test_text_follows_the_fill_it_sits_on(rotate: float) -> None:
    coloured = title_on_band("#2d3e6b", rotate)
    assert readable(coloured) is coloured  # reads already: left exactly as it is
    fixed = readable(title_on_band(None, rotate))
    [reading] = readings(fixed)
    assert reading.text.fill == INK and not reading.low


def test_half_on_a_dark_band_and_half_on_the_paper_fails_either_ink_naming_card_and_box() -> None:
    band = Rect(0, 0, 31.5, 88, Style(fill="#000000", stroke=None))
    title = Text(10, 44, "Straddles the edge", 4.0, fill="#808080", name="box title")
    scene = Scene("Early Bird", 63, 88, (band, title))
    component = Component(id="card", name="card", kind="card", faces=(Face(front=scene),), trim=(63.0, 88.0))
    for ink in ("colour", "bw"):  # grey over black and white reads on neither ground
        with pytest.raises(LayoutError) as caught:
            lint_components([component], ink)
        [problem] = caught.value.problems
        assert str(problem).startswith("card [Early Bird]: text 'box title': ")
        assert "contrast of" in problem.message and "needs 4.5:1" in problem.message


# -- the print itself, measured -----------------------------------------------------

DPI = 300
MARGIN = 4.0  # mm of paper around each face on its page


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The shipped games and one project per template."""
    made = []
    for template in TEMPLATES:
        root = tmp_path_factory.mktemp(template) / f"my-{template}"
        make_project(root, template)
        made.append(root)
    return [ROOT, *made]


def bw_faces(root: Path) -> list[Scene]:
    """Every distinct face every game of ``root`` prints in the bw build."""
    project = validated_project(root, printing=True)
    faces: dict[Scene, None] = {}
    for game in project.games.values():
        for component in lint_components(load_components(game.content, PnpOptions(ink="bw"), root), "bw"):
            for face in component.faces:
                faces.update({scene: None for scene in (face.front, face.back) if scene is not None})
    return list(faces)


def texts(items: tuple[Item, ...], matrix: tuple[float, ...] = IDENTITY) -> list[tuple[Text, tuple[float, ...]]]:
    found = []
    for item in items:
        if isinstance(item, Group):
            found.extend(texts(item.children, group_matrix(matrix, item)))  # type: ignore[arg-type]
        elif isinstance(item, Text) and item.text.strip():
            found.append((item, matrix))
    return found


def measured(png: Image.Image, box: tuple[float, float, float, float]) -> float:
    """The contrast around a text as printed: between the commonest colour in its box
    (what it sits on) and the pixel that stands out from it most (the glyphs' cores)."""
    px = DPI / 25.4
    x, y, w, h = box
    crop = png.crop((int((x + MARGIN) * px), int((y + MARGIN) * px), int((x + w + MARGIN) * px) + 1,
                     int((y + h + MARGIN) * px) + 1))
    colours = crop.getcolors(maxcolors=1 << 20) or []
    ground = max(colours)[1]
    under = tuple(c / 255 for c in ground[:3])
    return max(ratio(under, tuple(c / 255 for c in colour[:3])) for _, colour in colours)  # type: ignore[arg-type]


@pytest.mark.pdftoppm
def test_bw_prints_of_every_shipped_game_and_template_read(projects: list[Path], tmp_path: Path) -> None:
    checked = 0
    for root in projects:
        scenes = bw_faces(root)
        pages = tuple(Page(s.width + 2 * MARGIN, s.height + 2 * MARGIN,
                           (Placement((Group(s.items, dx=MARGIN, dy=MARGIN),)),)) for s in scenes)
        pdf = tmp_path / f"{root.name}.pdf"
        pdf.write_bytes(render_document(Document("faces", "test", pages)))
        subprocess.run(["pdftoppm", "-r", str(DPI), "-png", str(pdf), str(tmp_path / root.name)], check=True)
        pngs = sorted(tmp_path.glob(f"{root.name}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        assert len(pngs) == len(scenes)
        low = []
        for scene, png_path in zip(scenes, pngs):
            with Image.open(png_path) as image:
                png = image.convert("RGB")
            for text, matrix in texts(scene.items):
                where = transform_box(matrix, extent(text))  # type: ignore[arg-type]
                if pt(text.size) < 5:  # too few pixels for a glyph's core at this resolution
                    continue
                found = measured(png, (where.x, where.y, where.w, where.h))
                checked += 1
                if found < BODY_RATIO:
                    low.append(f"{root.name}: {scene.name}: {text.name or text.text!r}: {found:.2f}:1")
        assert not low, "\n".join(low[:20])
    assert checked > 500


def test_a_bw_preview_shows_the_face_as_the_bw_build_prints_it() -> None:
    from generator.pnp.preview import fitted_scene, pick_face

    component = Component(id="card", name="card", kind="card", faces=(Face(front=title_on_band(None)),), trim=(63.0, 88.0))
    pick = pick_face([component], "1", False)
    assert [t.fill for t, _ in texts(fitted_scene(pick, "colour")[0].items)] == [WHITE]
    scene, problems = fitted_scene(pick, "bw")
    assert [t.fill for t, _ in texts(scene.items)] == [INK] and problems == []
