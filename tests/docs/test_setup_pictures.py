"""Pictures of the table after setup (issue 18) and drawings that read at any size
(issue 13): built from the printed components' own scenes, seats labelled, shown on the
site (with a description) and in the printed rulebook; no drawing text under 2.8 mm;
Dice Lanes drawn with Player 1 at the bottom, as the printed board."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import pytest
from pypdf import PdfReader

from generator.components.base import FaceOptions
from generator.components.diagrams import MIN_TEXT
from generator.components.palette import palette
from generator.components.tabletop import legible
from generator.content.project import load_project
from generator.games import find_spec
from generator.scene import Group, Item, Scene, Text

from .test_quick_reference import text_sizes

ROOT = Path(__file__).resolve().parents[2]
SLUGS = sorted(p.name for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file())
PROJECT = load_project(ROOT)


def texts(items: tuple[Item, ...], scale: float = 1.0) -> Iterator[tuple[Text, float]]:
    """Every text of ``items`` with the scale it is drawn at."""
    for item in items:
        if isinstance(item, Text):
            yield item, scale
        elif isinstance(item, Group):
            yield from texts(item.children, scale * item.scale)


def setup_picture(slug: str) -> tuple[Scene, list]:
    content = PROJECT.games[slug].content
    spec = find_spec(slug)
    assert spec is not None and spec.faces is not None and spec.setup is not None
    components = list(spec.faces(content, FaceOptions(), ROOT))
    return spec.setup(content, components, palette(slug, "colour")), components


@pytest.mark.parametrize("slug", SLUGS)
def test_the_setup_picture_is_made_of_the_printed_pieces(slug: str) -> None:
    """Each miniature on the table is a printed face (its shapes, without the fine
    print), and the seats are labelled."""
    scene, components = setup_picture(slug)
    faces = [face.front for c in components for face in c.faces]
    groups = [item for item in scene.items if isinstance(item, Group)]
    assert groups, "no printed component on the table"

    def is_face(group: Group) -> bool:
        for face in faces:
            kept = legible(face.items, group.scale)
            if kept and tuple(group.children[len(group.children) - len(kept):]) == kept:
                return True
        return False

    assert all(is_face(group) for group in groups), "a miniature that is not a printed face"
    seats = [t.text for t, _ in texts(scene.items) if t.name.startswith("seat")]
    assert len(seats) >= 2, seats


@pytest.mark.parametrize("slug", SLUGS)
def test_every_word_of_the_setup_picture_reads(slug: str) -> None:
    """No text under 2.8 mm at the picture's size, nothing outside the picture, and a
    description for screen readers."""
    scene, _ = setup_picture(slug)
    small = [(t.text, round(t.size * s, 2)) for t, s in texts(scene.items) if t.size * s < 2.8 - 1e-6]
    assert not small
    assert len(scene.title) > 120, "the picture says in words what it shows"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_setup_picture_is_on_the_site_and_in_the_rulebook(built_project: Path, slug: str) -> None:
    site = built_project / "output" / "site" / slug
    assert (site / "img" / "setup.svg").is_file()
    for page in ("index.html", "quick-reference.html"):
        html = (site / page).read_text(encoding="utf-8")
        found = re.search(r'<img alt="([^"]+)"[^>]*src="img/setup.svg"', html)
        assert found and "after setup" in found.group(1), f"{slug} {page}: no setup picture with a description"
    scene, _ = setup_picture(slug)
    labels = [t.text for t, _ in texts(scene.items) if t.name.startswith("seat")]
    for suffix in ("", "-letter"):
        book = PdfReader(built_project / "output" / slug / f"{slug}-rulebook{suffix}.pdf")
        setup_page = next(p.extract_text() or "" for p in book.pages[2:] if "Setup" in (p.extract_text() or ""))
        assert all(label.split(" ·")[0].split(":")[0] in setup_page for label in labels), (slug, labels)


@pytest.mark.parametrize("slug", SLUGS)
def test_no_drawing_text_under_2_8_mm_in_the_printed_rulebook(built_project: Path, slug: str) -> None:
    """Measured in the PDF: after the title page (which shows a printed component at its
    own size), no text under 2.8 mm: not in drawings, not anywhere."""
    path = built_project / "output" / slug / f"{slug}-rulebook.pdf"
    reader = PdfReader(path)
    assert len(reader.pages) > 3
    title_page = {t for _, t in text_sizes_of_page(path, 0)}
    floor = 2.8 * 72 / 25.4 - 0.01  # 2.8 mm in points
    small = [(round(s, 2), t) for s, t in text_sizes(path) if s < floor and t not in title_page]
    assert not small, small[:8]


def text_sizes_of_page(path: Path, index: int) -> list[tuple[float, str]]:
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_page(PdfReader(path).pages[index])
    one = path.parent / f".page-{index}.pdf"
    with one.open("wb") as f:
        writer.write(f)
    try:
        return text_sizes(one)
    finally:
        one.unlink()


def test_every_example_drawing_sets_text_of_at_least_2_8_mm(built_project: Path) -> None:
    """The shared drawing vocabulary never sets text under its minimum."""
    drawn = sorted((built_project / "output").glob("*/examples/*.svg"))
    assert len(drawn) >= 40
    sizes = [float(m) for svg in drawn for m in re.findall(r'font-size="([\d.]+)"', svg.read_text())]
    assert sizes and min(sizes) >= MIN_TEXT - 1e-6


def test_dice_lanes_drawings_stand_like_the_printed_board() -> None:
    """Lanes side by side, lane 1 on the left; Player 2's end above Player 1's."""
    from tests.components.test_diagrams import diagram, indexes  # the shipped examples, drawn

    scene = diagram(indexes("dice-lanes")[0])
    named = {t.name: t for t, _ in texts(scene.items)}
    p1 = next(t for n, t in named.items() if n.endswith("P1 end"))
    p2 = next(t for n, t in named.items() if n.endswith("P2 end"))
    assert p2.y < p1.y, "Player 1 sits at the bottom"
    first = p1.name.split()[0]  # the board before the moves (or the position)
    lanes = sorted((t for n, t in named.items() if n.startswith(first) and re.search(r"lane \d name$", n)),
                   key=lambda t: t.text)
    assert [t.x for t in lanes] == sorted(t.x for t in lanes) and lanes[0].text == "Lane 1"
    assert len({round(t.y, 2) for t in lanes}) == 1, "the lane numbers stand in one row above the lanes"
