"""SVG icons read into the scene's paths: the same picture as the file itself (rasterised
by rsvg-convert, both ways), refusals with the element named, and no other failure on
any input."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from generator.faces_from_data.svg_icons import MAX_ELEMENTS, MAX_SEGMENTS, IconProblem, parse_svg_icon, path_commands
from generator.render.svg import render_scene
from generator.scene import Scene

SHAPES = {
    "arcs": '<path d="M10 50 A 40 40 0 0 1 90 50 a 20 30 15 1 0 -40 20 Z"/>',
    "curves": '<path d="M10 80 C 20 10, 40 10, 50 50 S 80 90, 90 20 Q 60 60 40 90 T 10 80 z"/>',
    "relative lines": '<path d="m10 10 h30 v20 l20 20 H90 V90 h-80 z"/>',
    "transformed group": ('<g transform="translate(50 50) rotate(30) scale(1.5 0.8)">'
                          '<rect x="-20" y="-20" width="40" height="40" rx="8"/></g>'),
    "skew and matrix": ('<g transform="skewX(20)"><ellipse cx="40" cy="50" rx="25" ry="15"/></g>'
                        '<polygon transform="matrix(1 0 0 1 5 -5)" points="60,10 90,40 70,60"/>'),
    "strokes": ('<polyline points="10,90 30,60 50,80 70,40" fill="none" stroke="black" stroke-width="6"/>'
                '<line x1="10" y1="10" x2="90" y2="30" stroke="black" stroke-width="4"/>'
                '<circle cx="70" cy="75" r="12" fill="none" stroke="#000" stroke-width="3"/>'),
    "style attribute": '<path style="fill:#000000;stroke:none" d="M20,20L80,20L50,80Z"/>',
}


def _raster(svg: str, tmp: Path, name: str) -> bytes:
    from PIL import Image

    source, target = tmp / f"{name}.svg", tmp / f"{name}.png"
    source.write_text(svg, encoding="utf-8")
    subprocess.run(["rsvg-convert", "-w", "200", "-h", "200", "-b", "white", str(source), "-o", str(target)], check=True)
    return Image.open(target).convert("L").tobytes()


@pytest.mark.rsvg
@pytest.mark.parametrize("case", sorted(SHAPES))
def test_an_icon_is_drawn_as_the_file_draws_itself(case: str, tmp_path: Path) -> None:
    """Our paths (every curve a cubic, every transform applied to the points) cover the
    same pixels as the original file, rasterised by the same program."""
    original = f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">{SHAPES[case]}</svg>'
    icon = parse_svg_icon(original.encode())
    ours = render_scene(Scene("icon", 100.0, 100.0, tuple(icon.items(50.0, 50.0, 100.0, "#000000", False))))
    a, b = _raster(original, tmp_path, "original"), _raster(ours, tmp_path, "ours")
    inked = sum(1 for v in a if v < 128)
    differ = sum(1 for x, y in zip(a, b) if (x < 128) != (y < 128))
    assert inked > 500 and differ / inked < 0.005, (case, inked, differ)


def test_an_arc_bends_the_way_its_sweep_flag_says() -> None:
    """From (0, 0) to (20, 0) about (10, 0): sweep 1 goes through the top (y is down)."""
    (move, *curves) = path_commands("M0 0 A 10 10 0 0 1 20 0", "<path>")
    assert move == ("M", 0.0, 0.0) and len(curves) == 2
    mid = curves[0][5:7]
    assert abs(mid[0] - 10) < 1e-9 and abs(mid[1] + 10) < 1e-9
    assert curves[-1][5:7] == (20.0, 0.0)


def test_current_colour_takes_the_boxs_colour_and_bw_prints_greys() -> None:
    icon = parse_svg_icon(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                          b'<rect width="10" height="5" fill="currentColor"/><rect y="5" width="10" height="5" '
                          b'fill="#ff0000"/><circle cx="5" cy="5" r="1" fill="white"/></svg>')
    fills = [item.style.fill for item in icon.items(0, 0, 10, "#0b5cad", False)]  # type: ignore[union-attr]
    assert fills == ["#0b5cad", "#ff0000", "#ffffff"]
    assert [item.style.fill for item in icon.items(0, 0, 10, "#1a1a1a", True)] == ["#1a1a1a", "#4c4c4c", "#ffffff"]  # type: ignore[union-attr]


@pytest.mark.parametrize("svg, said", [
    ('<svg xmlns="http://www.w3.org/2000/svg"><text>A</text></svg>', "<text> (line 1) is not supported"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><use href="#a"/></svg>', "<use> (line 1) has href="),
    ('<svg xmlns="http://www.w3.org/2000/svg"><defs/></svg>', "<defs> (line 1) is not supported"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><foreignObject/></svg>', "<foreignObject> (line 1) is not supported"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L 5"/></svg>', "L command with too few numbers"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L5 5" transform="spin(3)"/></svg>', "transform spin(3)"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><rect width="3" height="3" fill="teal-ish"/></svg>', "colour 'teal-ish'"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><title>only words</title></svg>', "it draws nothing"),
    ('<html/>', "not an SVG file"),
    ('<svg xmlns="http://www.w3.org/2000/svg">' + "<g>" * 40 + "</g>" * 40 + "</svg>", "nest more than 32 deep"),
])
def test_what_an_icon_may_not_hold_is_refused_by_name(svg: str, said: str) -> None:
    with pytest.raises(IconProblem, match=None) as caught:
        parse_svg_icon(svg.encode())
    assert said in str(caught.value), str(caught.value)


def test_editors_own_elements_are_skipped() -> None:
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/'
           b'sodipodi-0.dtd" viewBox="0 0 10 10"><sodipodi:namedview/><metadata><x/></metadata>'
           b'<path d="M0 0H10V10Z"/></svg>')
    assert len(parse_svg_icon(svg).shapes) == 1


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="MmLlHhVvCcSsQqTtAaZz0123456789.,-+eE ", max_size=80))
def test_any_path_data_is_read_or_refused_by_name(d: str) -> None:
    try:
        commands = list(path_commands(d, "<path>"))
    except IconProblem as exc:
        assert "<path>" in str(exc)
        return
    assert all(c[0] in ("M", "L", "C", "Z") and len(c) in (1, 3, 7) for c in commands)


@pytest.mark.parametrize("count, refused", [(MAX_ELEMENTS - 1, False), (MAX_ELEMENTS, True)])
def test_an_icon_has_at_most_so_many_elements(count: int, refused: bool) -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg">' + '<circle r="1"/>' * count + "</svg>"  # + the <svg> itself
    if refused:
        with pytest.raises(IconProblem, match="more than 10,000 elements"):
            parse_svg_icon(svg.encode())
    else:
        assert len(parse_svg_icon(svg.encode()).shapes) == count


@pytest.mark.parametrize("count, refused", [(MAX_SEGMENTS - 1, False), (MAX_SEGMENTS, True)])
def test_an_icon_draws_at_most_so_many_segments(count: int, refused: bool) -> None:
    svg = f'<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0{" l1 1" * count}"/></svg>'  # + its M
    if refused:
        with pytest.raises(IconProblem, match="more than 100,000 path segments"):
            parse_svg_icon(svg.encode())
    else:
        assert len(parse_svg_icon(svg.encode()).shapes[0].commands) == MAX_SEGMENTS
