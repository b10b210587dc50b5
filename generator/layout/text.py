"""Text measured with the real metrics of the shipped font: widths and extents.

Sizes are font sizes in mm (the em), like ``generator.scene.Text.size``. This is the
measuring below every layout (the safe-zone lint uses it); fitting and wrapping text,
the one API layouts place text with, is ``generator.components.typeset``.
"""

from __future__ import annotations

from functools import lru_cache

from .fonts import font_name, ttfont
from ..scene import Text
from .boxes import Box


@lru_cache(maxsize=16384)
def _unit_width(text: str, bold: bool) -> float:
    """Width of ``text`` at a 1 mm size; widths scale linearly (no kerning in the PDF)."""
    return float(ttfont(font_name(bold)).stringWidth(text, 1.0))


def width(text: str, size: float, bold: bool = False) -> float:
    """Advance width of ``text`` in mm at font size ``size`` mm."""
    return _unit_width(text, bold) * size


@lru_cache(maxsize=2)
def _vertical(bold: bool) -> tuple[float, float]:
    face = ttfont(font_name(bold)).face
    return face.ascent / 1000.0, -face.descent / 1000.0


def ascent(size: float, bold: bool = False) -> float:
    return _vertical(bold)[0] * size


def descent(size: float, bold: bool = False) -> float:
    """Depth below the baseline (positive mm)."""
    return _vertical(bold)[1] * size


def extent(item: Text, scale: float = 1.0) -> Box:
    """The box ``item`` covers in its own coordinates, at ``scale`` × its size.

    Scaling keeps the anchor point (x on the baseline) fixed, as a shrunk text would.
    """
    size = item.size * scale
    w = width(item.text, size, item.bold)
    left = {"start": item.x, "middle": item.x - w / 2, "end": item.x - w}.get(item.anchor, item.x)
    top = item.y - ascent(size, item.bold)
    return Box(left, top, w, ascent(size, item.bold) + descent(size, item.bold))


def missing_glyphs(text: str, bold: bool = False) -> list[str]:
    """Characters of ``text`` the shipped font has no glyph for (they would print as boxes)."""
    cmap = ttfont(font_name(bold)).face.charToGlyph
    return sorted({ch for ch in text if ord(ch) not in cmap and ch not in "\n\t"})
