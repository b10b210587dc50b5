"""The safe-zone lint and the glyph check, on texts whose extents the tests know."""

from __future__ import annotations

import pytest

from generator.layout import text as metrics
from generator.layout.boxes import Box
from generator.layout.lint import MIN_SCALE, LayoutError, lint_scene
from generator.pnp.assemble import lint_components
from generator.scene import Group, Scene, Text
from tests.pnp.fixtures import deck

SAFE = Box(0, 0, 63, 88).inset(3.0)


def _texts(scene):
    out = []
    for item in scene.items:
        out.extend(_texts(Scene("", 0, 0, item.children)) if isinstance(item, Group) else [item] if isinstance(item, Text) else [])
    return out


def test_text_inside_the_safe_zone_is_left_alone():
    scene = Scene("card", 63, 88, (Text(5, 10, "Seven", 4.0, name="rank"),))
    fitted, problems = lint_scene(scene, "Cards", SAFE)
    assert problems == [] and fitted == scene


def test_slightly_too_wide_text_is_shrunk_until_it_fits():
    text = "A long line of rules text"
    size = 4.0
    natural = metrics.width(text, size)
    start = 60 - natural * 0.85  # ends 15 % of its width past the safe edge at x = 60
    scene = Scene("card", 63, 88, (Text(start, 40, text, size, name="rule"),))
    fitted, problems = lint_scene(scene, "Cards", SAFE)
    assert problems == []
    [shrunk] = _texts(fitted)
    assert MIN_SCALE * size <= shrunk.size < size
    extent = metrics.extent(shrunk)
    assert extent.right <= 60 + 1e-6
    assert extent.right > 60 - 0.5  # shrunk no more than needed


def test_text_that_cannot_fit_fails_naming_component_and_text():
    scene = Scene("card", 63, 88, (Text(20, 40, "Far too long to fit on any card at all", 5.0, name="ability"),))
    with pytest.raises(LayoutError) as caught:
        lint_components_of(scene)
    message = str(caught.value)
    assert "Cards" in message and "ability" in message and "safe zone" in message


def test_text_turned_180_degrees_is_checked_where_it_lands():
    # Drawn at the bottom-right corner, turned: its extent lies left of and above x, y.
    inside = Group((Text(0, 0, "10", 5.0, name="turned rank"),), dx=59, dy=80, rotate=180)
    assert lint_scene(Scene("card", 63, 88, (inside,)), "Cards", SAFE)[1] == []
    outside = Group((Text(0, 0, "10", 5.0, name="turned rank"),), dx=59, dy=90, rotate=180)
    _, problems = lint_scene(Scene("card", 63, 88, (outside,)), "Cards", SAFE)
    assert [p.text for p in problems] == ["turned rank"]


def test_max_width_is_honoured_too():
    scene = Scene("card", 63, 88, (Text(10, 40, "Wide text", 4.0, max_width=metrics.width("Wide text", 4.0) * 0.9, name="t"),))
    fitted, problems = lint_scene(scene, "Cards", SAFE)
    assert problems == [] and _texts(fitted)[0].size < 4.0


def test_a_character_missing_from_the_font_fails_the_build():
    scene = Scene("card", 63, 88, (Text(5, 10, "Hearts → Spades", 3.0, name="track"),))
    _, problems = lint_scene(scene, "Player mat", SAFE)
    assert len(problems) == 1
    assert "U+2192" in str(problems[0]) and "track" in str(problems[0]) and "Player mat" in str(problems[0])


def test_the_fixture_deck_passes():
    assert len(lint_components([deck(9)])[0].faces) == 9


def lint_components_of(scene: Scene):
    from dataclasses import replace

    from generator.components.base import Face

    component = replace(deck(1), faces=(Face(scene),))
    return lint_components([component])
