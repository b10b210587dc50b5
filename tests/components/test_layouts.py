"""What every game's layouts promise a player: every printed piece is there, text sits
inside the safe zone at its designed size on every card size and ink, the b/w build
fills nothing to the edge, and the same content always gives the same layout."""

from __future__ import annotations

from dataclasses import replace
import pytest

from generator.components.typeset import printable

from generator.components.base import CARD_SIZES, FaceOptions
from generator.layout.boxes import Box
from generator.layout.lint import IDENTITY, group_matrix, lint_scene, transform_box
from generator.scene import Circle, Group, Item, Path, Rect, Scene, Text

from .helpers import GAMES, by_id, game, layout, scenes, texts

#: Printed content components drawn as the backs of others, not as pieces of their own.
BACKS = {"card-backs"}


@pytest.mark.parametrize("slug", GAMES)
def test_every_printed_component_is_laid_out(slug: str) -> None:
    content = game(slug)
    printed = {c.id for c in content.components if c.printed} - BACKS
    laid_out = {c.id for c in layout(content)}
    assert printed <= laid_out, f"not laid out: {sorted(printed - laid_out)}"
    assert "quick-reference" in laid_out


@pytest.mark.parametrize("slug", GAMES)
def test_counts_follow_the_content(slug: str) -> None:
    """A component printed n times in the content comes out n times (copies × faces)."""
    content = game(slug)
    components = {c.id: c for c in layout(content)}
    for wanted in content.components:
        if not wanted.printed or wanted.id in BACKS or wanted.id == "playing-cards":
            continue
        component = components[wanted.id]
        made = sum(face.copies for face in component.faces)
        if component.id == "quick-reference" or component.id == "player-aid":
            # a long reference continues on more cards; each set is printed `count` times
            assert {face.copies for face in component.faces} == {wanted.count}
        else:
            assert made == wanted.count, f"{wanted.id}: {made} made, content says {wanted.count}"


@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("ink", ["colour", "bw"])
@pytest.mark.parametrize("slug", GAMES)
def test_text_inside_safe_zone_at_designed_size(slug: str, ink: str, size: str) -> None:
    """The build's lint would shrink or reject text crossing the safe zone; our layouts
    must need neither, at any card size, so nothing is ever printed smaller than designed."""
    options = FaceOptions(card_size=CARD_SIZES[size], ink=ink)
    for component in layout(game(slug), options):
        w, h = component.trim
        safe = Box(0.0, 0.0, w, h).inset(component.safe)
        for scene in scenes(component):
            fitted, problems = lint_scene(scene, component.name, safe)
            assert problems == []
            assert fitted == scene, f"{component.id} [{scene.name}]: some text had to be shrunk"


@pytest.mark.parametrize("slug", GAMES)
def test_every_text_has_a_name_and_a_width(slug: str) -> None:
    for component in layout(game(slug)):
        for scene in scenes(component):
            for text in texts(scene):
                assert text.name and text.max_width and text.max_width > 0, (scene.name, text)
                assert text.text.strip(), (scene.name, text.name)


@pytest.mark.parametrize("slug", GAMES)
def test_cards_scale_to_the_chosen_size(slug: str) -> None:
    for name, (w, h) in CARD_SIZES.items():
        for component in layout(game(slug), FaceOptions(card_size=(w, h))):
            if component.kind == "card":
                assert component.trim == (w, h)
                assert all(s.width == w and s.height == h for s in scenes(component))


def _extent(item: Item) -> Box | None:
    if isinstance(item, Rect):
        return Box(item.x, item.y, item.w, item.h)
    if isinstance(item, Circle):
        return Box(item.cx - item.r, item.cy - item.r, 2 * item.r, 2 * item.r)
    if isinstance(item, Path):
        xs = [c[i] for c in item.commands for i in range(1, len(c), 2)]
        ys = [c[i] for c in item.commands for i in range(2, len(c), 2)]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return None


def _filled_boxes(items: tuple[Item, ...], matrix=IDENTITY):  # type: ignore[no-untyped-def]
    for item in items:
        if isinstance(item, Group):
            yield from _filled_boxes(item.children, group_matrix(matrix, item))
        elif not isinstance(item, Text) and item.style.fill is not None:
            box = _extent(item)
            if box is not None:
                yield item, transform_box(matrix, box)


@pytest.mark.parametrize("slug", GAMES)
def test_bw_fills_nothing_to_the_edge(slug: str) -> None:
    """Ink-saving build: no fill reaches the trim, and nothing needs a bleed."""
    for component in layout(game(slug), FaceOptions(ink="bw")):
        w, h = component.trim
        inside = Box(0.0, 0.0, w, h).inset(0.5)
        assert component.bleed == 0.0
        for scene in scenes(component):
            for item, box in _filled_boxes(scene.items):
                assert inside.contains(box, tolerance=1e-6), f"{scene.name}: {item}"


@pytest.mark.parametrize("slug", GAMES)
def test_colour_edges_run_into_the_bleed(slug: str) -> None:
    """A coloured card edge must reach -bleed..trim+bleed, or a slightly-off cut shows white."""
    bleed = 3.0
    for component in layout(game(slug), FaceOptions(bleed=bleed)):
        if component.kind != "card":
            continue
        assert component.bleed == bleed
        for scene in scenes(component):
            boxes = [box for _, box in _filled_boxes(scene.items)]
            full = Box(-bleed, -bleed, scene.width + 2 * bleed, scene.height + 2 * bleed)
            assert any(box.contains(full, tolerance=1e-6) for box in boxes), scene.name


@pytest.mark.parametrize("slug", GAMES)
def test_same_content_same_layout(slug: str) -> None:
    content = game(slug)
    assert layout(content) == layout(content)


@pytest.mark.parametrize("slug", GAMES)
def test_quick_reference_comes_from_the_content(slug: str) -> None:
    """Change a quick-reference line and the card changes with it."""
    content = game(slug)
    line = "Zebras may never lead a trick on Tuesdays."
    first = next(s for s in content.all_sections() if isinstance(s.reference, str) and s not in content.setup)

    def edit(sections):  # type: ignore[no-untyped-def]
        return [replace(s, reference=line) if s is first else replace(s, sections=edit(s.sections)) for s in sections]

    changed = replace(content, rules=edit(content.rules))

    def words(c):  # type: ignore[no-untyped-def]
        component = by_id(layout(c), "quick-reference")
        return " ".join(t.text for s in scenes(component) for t in texts(s))

    before, after = words(content), words(changed)
    assert "Zebras" not in before and "Zebras may never lead" in after and "Tuesdays." in after
    first_words = printable(str(first.reference)).split()[:3]
    assert " ".join(first_words) in before


@pytest.mark.parametrize("slug", GAMES)
def test_boards_fit_a_home_printer_page(slug: str) -> None:
    """Boards and sheets fit inside the printable area of both A4 and Letter (6 mm margins),
    so nobody has to glue a board together."""
    for component in layout(game(slug)):
        if component.kind in ("board", "sheet"):
            w, h = component.trim
            assert w <= 215.9 - 12 and h <= 279.4 - 12, component.id


def test_scene_is_a_plain_frozen_value() -> None:
    component = layout(game("zero-grid"))[0]
    scene = component.faces[0].front
    assert isinstance(scene, Scene)
    with pytest.raises(Exception):
        scene.width = 1.0  # type: ignore[misc]
