"""PDF backend: draws pages of scene items straight onto a reportlab canvas.

The canvas is flipped once per page so user space is millimetres with y downwards, the
same as the scene; only text is flipped back locally so it reads upright. Drawing goes
directly to the canvas (no intermediate Drawing objects), which keeps a 36-card deck
well under a tenth of a second. ``invariant=1`` makes the bytes depend only on the
content (no dates or random ids), so two builds give identical files.
"""

from __future__ import annotations

import contextlib
import io
from functools import lru_cache
from typing import Any, Iterator

from ..layout.boxes import Box
from ..layout.sheet import Document, Page
from ..layout.units import pt
from ..scene import Circle, Group, Image, Item, Line, Path, Rect, Style, Text
from ..layout import fonts

_FILL_NON_ZERO = 1  # reportlab.pdfgen.canvas.FILL_NON_ZERO, SVG's default fill rule


@lru_cache(maxsize=256)
def _rgb(colour: str) -> tuple[float, float, float]:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(ch * 2 for ch in value)
    return int(value[0:2], 16) / 255.0, int(value[2:4], 16) / 255.0, int(value[4:6], 16) / 255.0


def _pt_box(box: Box, page_h: float) -> tuple[float, float, float, float]:
    return (round(pt(box.x), 3), round(pt(page_h - box.bottom), 3), round(pt(box.right), 3), round(pt(page_h - box.y), 3))


class _Pen:
    """What the PDF graphics state already holds, so unchanged colours, widths and dashes
    are not written again for every shape. Mirrors the PDF's q/Q save stack."""

    __slots__ = ("fill", "stroke", "width", "dash", "stack")

    def __init__(self) -> None:
        self.fill: str | None = None
        self.stroke: str | None = None
        self.width: float | None = None
        self.dash: tuple[float, ...] | None = None
        self.stack: list[tuple[Any, ...]] = []

    def save(self, c: Any) -> None:
        c.saveState()
        self.stack.append((self.fill, self.stroke, self.width, self.dash))

    def restore(self, c: Any) -> None:
        c.restoreState()
        self.fill, self.stroke, self.width, self.dash = self.stack.pop()

    def set_fill(self, c: Any, colour: str) -> None:
        if colour != self.fill:
            c.setFillColorRGB(*_rgb(colour))
            self.fill = colour


def _style(c: Any, pen: _Pen, style: Style) -> tuple[int, int]:
    """Set paint state for ``style``; returns (stroke, fill) flags for the draw call."""
    fill = style.fill is not None
    stroke = style.stroke is not None and style.stroke_width > 0
    if fill:
        pen.set_fill(c, style.fill)  # type: ignore[arg-type]
    if stroke:
        if style.stroke != pen.stroke:
            c.setStrokeColorRGB(*_rgb(style.stroke))  # type: ignore[arg-type]
            pen.stroke = style.stroke
        if style.stroke_width != pen.width:
            c.setLineWidth(style.stroke_width)
            pen.width = style.stroke_width
        if style.dash != pen.dash:
            c.setDash(list(style.dash) if style.dash else [])
            pen.dash = style.dash
    if style.opacity < 1.0:
        c.setFillAlpha(style.opacity)
        c.setStrokeAlpha(style.opacity)
    return int(stroke), int(fill)


def _shape(c: Any, pen: _Pen, item: Rect | Circle | Line | Path) -> None:
    style = item.style
    plain = style.opacity >= 1.0
    if not plain:
        pen.save(c)
    stroke, fill = _style(c, pen, style)
    if stroke or fill:
        if isinstance(item, Rect):
            if item.radius > 0:
                c.roundRect(item.x, item.y, item.w, item.h, item.radius, stroke=stroke, fill=fill)
            else:
                c.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
        elif isinstance(item, Circle):
            c.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
        elif isinstance(item, Line):
            if stroke:
                c.line(item.x1, item.y1, item.x2, item.y2)
        else:
            c.drawPath(_path(c, item), stroke=stroke, fill=fill, fillMode=_FILL_NON_ZERO)
    if not plain:
        pen.restore(c)


def _path(c: Any, item: Path) -> Any:
    p = c.beginPath()
    for command in item.commands:
        op = command[0]
        if op == "M":
            p.moveTo(command[1], command[2])
        elif op == "L":
            p.lineTo(command[1], command[2])
        elif op == "C":
            p.curveTo(*command[1:7])
        elif op == "Z":
            p.close()
        else:
            raise ValueError(f"unknown path command {op!r}")
    return p


def _text(c: Any, pen: _Pen, item: Text) -> None:
    """One text object, placed by its text matrix (flipped back upright): no q/Q or cm."""
    name = fonts.face_name(item.font, item.bold, item.italic)
    if item.italic or item.font:
        fonts.ttfont(name)  # registered when first used (register_all knows the two usual faces)
    x = item.x
    if item.anchor in ("middle", "end"):
        width = fonts.ttfont(name).stringWidth(item.text, item.size)
        x -= width / 2 if item.anchor == "middle" else width
    text = c.beginText()
    text.setTextTransform(1, 0, 0, -1, x, item.y)
    text.setFont(name, item.size)
    if item.fill != pen.fill:  # the fill colour outlives the text object (it is graphics state)
        text.setFillColorRGB(*_rgb(item.fill))
        pen.fill = item.fill
    text.textOut(item.text)
    c.drawText(text)


def _image(c: Any, pen: _Pen, item: Image) -> None:
    """A designer's picture, flipped upright in its box. Bitmaps go in as image objects
    and SVG art as a form of vector paths; reportlab writes each distinct picture once
    however many cards show it."""
    pen.save(c)
    c.translate(item.x, item.y + item.h)
    c.scale(1, -1)
    if item.format == "svg":
        name = _svg_form(c, item.data)
        width, height = _svg_size(item.data)
        c.scale(item.w / width, item.h / height)
        c.doForm(name)
    else:
        c.drawImage(_bitmap(item.data), 0, 0, item.w, item.h, mask="auto")
    pen.restore(c)


def _bitmap(data: bytes) -> Any:
    from reportlab.lib.utils import ImageReader

    return ImageReader(io.BytesIO(data))


@lru_cache(maxsize=64)
def _svg_drawing(data: bytes) -> Any:
    """The SVG read by svglib as a reportlab drawing (cached: one card's art is read
    once per process however many faces show it)."""
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(io.BytesIO(data))
    if drawing is None:
        raise ValueError("not an SVG picture svglib can read")
    return drawing


def _svg_size(data: bytes) -> tuple[float, float]:
    drawing = _svg_drawing(data)
    return float(drawing.width) or 1.0, float(drawing.height) or 1.0


def _svg_form(c: Any, data: bytes) -> str:
    """The name of a PDF form holding the SVG's paths at its own size, made once per
    document."""
    import hashlib

    from reportlab.graphics import renderPDF

    name = "svg" + hashlib.sha256(data).hexdigest()[:16]
    made = c.__dict__.setdefault("_pipworks_forms", set())
    if name not in made:
        width, height = _svg_size(data)
        c.beginForm(name, lowerx=0, lowery=0, upperx=width, uppery=height)
        renderPDF.draw(_svg_drawing(data), c, 0, 0)
        c.endForm()
        made.add(name)
    return name


def draw_items(c: Any, items: tuple[Item, ...], pen: _Pen | None = None) -> None:
    """Draw scene items on a canvas whose user space is mm with y downwards."""
    pen = pen or _Pen()
    for item in items:
        if isinstance(item, Text):
            _text(c, pen, item)
        elif isinstance(item, Image):
            _image(c, pen, item)
        elif isinstance(item, Group):
            pen.save(c)
            c.translate(item.dx, item.dy)
            if item.rotate:
                c.rotate(item.rotate)
            if item.scale != 1.0:
                c.scale(item.scale, item.scale)
            draw_items(c, item.children, pen)
            pen.restore(c)
        else:
            _shape(c, pen, item)


def _clip(c: Any, box: Box) -> None:
    p = c.beginPath()
    p.rect(box.x, box.y, box.w, box.h)
    c.clipPath(p, stroke=0, fill=0)


def _page(c: Any, page: Page) -> None:
    c.setPageSize((pt(page.width), pt(page.height)))
    c.setTrimBox(_pt_box(page.trim, page.height) if page.trim else None)
    c.setBleedBox(_pt_box(page.bleed, page.height) if page.bleed else None)
    c.saveState()
    c.translate(0, pt(page.height))
    c.scale(pt(1), -pt(1))
    c.setLineCap(0)
    c.setLineJoin(0)
    pen = _Pen()  # a new page starts from the PDF's default graphics state
    for layer in page.layers:
        if layer.clip is not None:
            pen.save(c)
            _clip(c, layer.clip)
            draw_items(c, layer.items, pen)
            pen.restore(c)
        else:
            draw_items(c, layer.items, pen)
    c.restoreState()
    c.showPage()


@lru_cache(maxsize=1 << 16)
def _format_number(value: float) -> str:
    from reportlab.lib import rl_accel

    return rl_accel.fp_str(value)  # type: ignore[no-any-return]


@lru_cache(maxsize=1 << 16)
def _text_width(font: Any, text: str, size: float, encoding: str) -> float:
    from reportlab.lib import rl_accel

    return rl_accel.instanceStringWidthTTF(font, text, size, encoding)  # type: ignore[no-any-return]


def _memo_width(font: Any, text: str, size: float, encoding: str = "utf8") -> float:
    return _text_width(font, text, size, encoding)


#: reportlab modules that bound ``fp_str`` (its number formatter) at import time.
_FP_STR_USERS = ("reportlab.pdfgen.canvas", "reportlab.pdfgen.pathobject", "reportlab.pdfgen.textobject",
                 "reportlab.pdfbase.pdfdoc")


@contextlib.contextmanager
def fast_reportlab() -> Iterator[None]:
    """Three speed-ups, scoped to our own rendering so no other PDF in the process changes.

    * Without its optional C accelerator, reportlab formats every number in pure Python
      (most of the time of a deck). Coordinates repeat a lot, so we memoise its own
      formatter: byte-for-byte the same output, several times faster.
    * Streams are written binary (Flate only) instead of ASCII85 on top: 20 % smaller
      files and no pure-Python base-85 pass. Both are plain PDF.
    * Line breaking measures every word of a paragraph in pure Python again on every
      pass and every paper; a word's width in a font at a size never changes, so the
      embedded fonts' widths are memoised too (the same sum, the same float).
    """
    import sys

    from reportlab import rl_config
    from reportlab.lib import rl_accel
    from reportlab.pdfbase.ttfonts import TTFont

    one = _format_number

    def fp_str(*values: Any) -> str:
        numbers = values[0] if len(values) == 1 and isinstance(values[0], (list, tuple)) else values
        return " ".join(map(one, numbers))

    saved = {name: sys.modules[name].fp_str for name in _FP_STR_USERS}  # type: ignore[attr-defined]
    use_a85 = rl_config.useA85
    width = TTFont.stringWidth
    try:
        for name in _FP_STR_USERS:
            sys.modules[name].fp_str = fp_str  # type: ignore[attr-defined]
        rl_config.useA85 = 0
        TTFont.stringWidth = _memo_width  # type: ignore[method-assign]
        yield
    finally:
        TTFont.stringWidth = width  # type: ignore[method-assign]
        for name, function in saved.items():
            sys.modules[name].fp_str = function  # type: ignore[attr-defined]
        rl_config.useA85 = use_a85


def render_document(doc: Document) -> bytes:
    """The whole document as PDF bytes: same document, same bytes."""
    import reportlab.pdfbase.pdfdoc  # noqa: F401  (loaded before fast_reportlab patches it)
    from reportlab.pdfgen.canvas import Canvas

    fonts.register_all()
    with fast_reportlab():
        return _render(Canvas, doc)


def _render(Canvas: Any, doc: Document) -> bytes:
    buffer = io.BytesIO()
    first = doc.pages[0] if doc.pages else Page(210.0, 297.0, ())
    c = Canvas(buffer, pagesize=(pt(first.width), pt(first.height)), invariant=1, pageCompression=1,
               initialFontName=fonts.REGULAR, initialFontSize=10)
    c.setTitle(doc.title)
    c.setAuthor(doc.author)
    c.setSubject(doc.subject)
    c.setCreator("Pipworks")
    c.setProducer("Pipworks (reportlab)")
    for page in doc.pages:
        _page(c, page)
    c.save()
    return buffer.getvalue()
