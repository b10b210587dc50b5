"""Text measured with the real metrics of its font: widths and extents.

Sizes are font sizes in mm (the em), like ``generator.scene.Text.size``. This is the
measuring below every layout (the safe-zone lint uses it); fitting and wrapping text,
the one API layouts place text with, is ``generator.components.typeset``. ``font`` is
"" for the shipped font, or a designer's face file (see ``generator.layout.fonts``).
"""

from __future__ import annotations

from functools import lru_cache

from .fonts import face_name, on_change, ttfont
from ..scene import Text
from .boxes import Box


@lru_cache(maxsize=16384)
def _unit_width(text: str, bold: bool, italic: bool, font: str) -> float:
    """Width of ``text`` at a 1 mm size; widths scale linearly (no kerning in the PDF).
    Keyed by the face as text names it (the face is looked up only when not cached: a
    layout measures the same words thousands of times); forgotten when a designer's
    font file changes (``fonts.on_change``)."""
    return float(ttfont(face_name(font, bold, italic)).stringWidth(text, 1.0))


def width(text: str, size: float, bold: bool = False, italic: bool = False, font: str = "") -> float:
    """Advance width of ``text`` in mm at font size ``size`` mm."""
    return _unit_width(text, bold, italic, font) * size


@lru_cache(maxsize=64)
def _vertical(bold: bool, italic: bool, font: str) -> tuple[float, float]:
    found = ttfont(face_name(font, bold, italic)).face
    return found.ascent / 1000.0, -found.descent / 1000.0


def ascent(size: float, bold: bool = False, italic: bool = False, font: str = "") -> float:
    return _vertical(bold, italic, font)[0] * size


def descent(size: float, bold: bool = False, italic: bool = False, font: str = "") -> float:
    """Depth below the baseline (positive mm)."""
    return _vertical(bold, italic, font)[1] * size


on_change(_unit_width.cache_clear)
on_change(_vertical.cache_clear)


def extent(item: Text, scale: float = 1.0) -> Box:
    """The box ``item`` covers in its own coordinates, at ``scale`` × its size.

    Scaling keeps the anchor point (x on the baseline) fixed, as a shrunk text would.
    """
    size = item.size * scale
    style = (item.bold, item.italic, item.font)
    w = width(item.text, size, *style)
    left = {"start": item.x, "middle": item.x - w / 2, "end": item.x - w}.get(item.anchor, item.x)
    top = item.y - ascent(size, *style)
    return Box(left, top, w, ascent(size, *style) + descent(size, *style))


def missing_glyphs(text: str, bold: bool = False, italic: bool = False, font: str = "") -> list[str]:
    """Characters of ``text`` the font has no glyph for (they would print as boxes)."""
    cmap = ttfont(face_name(font, bold, italic)).face.charToGlyph
    return sorted({ch for ch in text if ord(ch) not in cmap and ch not in "\n\t"})
