"""SVG backend: one face as a standalone SVG, sized in millimetres.

The only module importing svgwrite (archived upstream, so it stays replaceable here).
Numbers are written rounded to 1/1000 mm and ids are counters, so the same scene always
gives the same bytes. Text names the shipped font family (see ``fonts.SVG_FAMILY``).
"""

from __future__ import annotations

from typing import Any

from ..layout.boxes import Box
from ..scene import Circle, Group, Image, Item, Line, Path, Rect, Scene, Style, Text
from ..layout.fonts import SVG_FAMILY, svg_family


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(style: Style) -> dict[str, str]:
    attrs = {"fill": style.fill or "none", "stroke": "none"}
    if style.stroke is not None and style.stroke_width > 0:
        attrs["stroke"] = style.stroke
        attrs["stroke-width"] = _n(style.stroke_width)
        if style.dash:
            attrs["stroke-dasharray"] = " ".join(_n(d) for d in style.dash)
    if style.opacity < 1.0:
        attrs["opacity"] = _n(style.opacity)
    return attrs


def _d(commands: tuple[tuple, ...]) -> str:
    parts = []
    for command in commands:
        parts.append(" ".join([command[0], *(_n(v) for v in command[1:])]))
    return " ".join(parts)


_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


_MIME = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}


def data_uri(image: Image) -> str:
    """The picture inside the SVG itself: a face's SVG stands alone (a browser shows an
    SVG loaded as an image only with the pictures it carries)."""
    import base64

    return f"data:{_MIME[image.format]};base64,{base64.b64encode(image.data).decode('ascii')}"


def _element(dwg: Any, item: Item) -> Any:
    if isinstance(item, Rect):
        extra = {"rx": _n(item.radius), "ry": _n(item.radius)} if item.radius > 0 else {}
        return dwg.rect(insert=(_n(item.x), _n(item.y)), size=(_n(item.w), _n(item.h)), **extra, **_paint(item.style))
    if isinstance(item, Circle):
        return dwg.circle(center=(_n(item.cx), _n(item.cy)), r=_n(item.r), **_paint(item.style))
    if isinstance(item, Line):
        return dwg.line(start=(_n(item.x1), _n(item.y1)), end=(_n(item.x2), _n(item.y2)), **_paint(item.style))
    if isinstance(item, Path):
        return dwg.path(d=_d(item.commands), **_paint(item.style))
    if isinstance(item, Text):
        attrs = {"font-size": _n(item.size), "fill": item.fill, "text-anchor": _ANCHOR.get(item.anchor, "start")}
        if item.bold:
            attrs["font-weight"] = "bold"
        if item.italic:
            attrs["font-style"] = "italic"
        if item.font:  # a designer's font: its own family, measured with its own metrics
            attrs["font-family"] = svg_family(item.font)
        return dwg.text(item.text, insert=(_n(item.x), _n(item.y)), **attrs)
    if isinstance(item, Image):
        return dwg.image(href=data_uri(item), insert=(_n(item.x), _n(item.y)), size=(_n(item.w), _n(item.h)),
                         preserveAspectRatio="none")
    if isinstance(item, Group):
        transform = f"translate({_n(item.dx)} {_n(item.dy)})"
        if item.rotate:
            transform += f" rotate({_n(item.rotate)})"
        if item.scale != 1.0:
            transform += f" scale({_n(item.scale)})"
        group = dwg.g(transform=transform)
        for child in item.children:
            group.add(_element(dwg, child))
        return group
    raise TypeError(f"cannot draw {type(item).__name__}")


def render_scene(scene: Scene, bleed: float = 0.0) -> str:
    """``scene`` as SVG text; the view shows the trim plus ``bleed`` mm all round."""
    import svgwrite

    view = Box(0.0, 0.0, scene.width, scene.height).inset(-bleed)
    dwg = svgwrite.Drawing(size=(f"{_n(view.w)}mm", f"{_n(view.h)}mm"), profile="full", debug=False)
    dwg.viewbox(view.x, view.y, view.w, view.h)
    if scene.title:
        dwg.set_desc(title=scene.title)
    root = dwg.g(**{"font-family": SVG_FAMILY})
    for item in scene.items:
        root.add(_element(dwg, item))
    dwg.add(root)
    return dwg.tostring()
